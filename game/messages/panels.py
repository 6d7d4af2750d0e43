"""The words of the panels and dialogs: Parameters and Conditions (game/app/session/edits.py, game/ui/panels.py,
game/ui/steppers.py, game/ui/sliders.py), the live panels' titles, and Save as model."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "edit.impossible": (
        "with these values the model cannot move ({reason})",
        "con estos valores el modelo no puede moverse ({reason})"),
    # a mass or a length typed 0 or less, which leaves the kinetic energy without a solution
    "edit.must_be_positive": (
        "{names} must be > 0 (with {values} a body has no mass or size to move with)",
        "{names} debe ser > 0 (con {values} un cuerpo no tiene masa ni tamaño con que moverse)"),
    "edit.must_be_positive_many": (
        "{names} must be > 0 (with {values} a body has no mass or size to move with)",
        "{names} deben ser > 0 (con {values} un cuerpo no tiene masa ni tamaño con que moverse)"),
    # the Parameters and Conditions panels, and the live panels' titles
    "panel.accept": ("Accept", "Aceptar"),
    "panel.cancel": ("Cancel", "Cancelar"),
    "panel.name": ("Name", "Nombre"),
    "panel.value": ("Value", "Valor"),
    "panel.description": ("Description", "Descripción"),
    "panel.title.parameters": ("Parameters", "Parámetros"),
    "panel.title.conditions": ("Conditions", "Condiciones"),
    "panel.title.energy": ("Energies", "Energías"),
    "panel.title.values": ("Values", "Valores"),
    "panel.title.modes": ("Equilibria and modes", "Equilibrios y modos"),
    "panel.edit_hint": (
        "Click a value, type, press Enter, then Accept.",
        "Pulse un valor, escriba, Enter y luego Aceptar."),
    "panel.pending": ("Enter registered; press Accept to apply.", "Enter registrado; pulse Aceptar para aplicar."),
    # a values panel longer than its dock: what the wheel brings into sight
    "panel.lines_above": ("… {count} above", "… {count} arriba"),
    "panel.lines_below": ("… {count} more: scroll with the wheel", "… {count} más: desplace con la rueda"),
    "panel.refused": ("Refused ({name}): {reason}", "Rechazado ({name}): {reason}"),
    "panel.dt": ("time step of the animation (system data)", "paso de tiempo de la animación (datos del sistema)"),
    "panel.n": (
        "Runge–Kutta substeps per step (system data)",
        "subpasos de Runge–Kutta por paso (datos del sistema)"),
    "panel.dt_range": ("dt must be between {low} and {high}", "dt debe estar entre {low} y {high}"),
    "panel.n_range": ("N must be a whole number from 1 to {high}", "N debe ser un número entero entre 1 y {high}"),
    "panel.rate_too_high": (
        "N/dt = {rate} substeps per simulated second: at most {high}",
        "N/dt = {rate} subpasos por segundo simulado: el máximo es {high}"),
    "panel.coarse": ("Step too coarse: press D", "¡Paso grueso! Pulse D"),
    # the desktop's panels, docked: a slider beside each number (game/ui/sliders.py)
    "panel.slide_hint": (
        "Type a value and Enter, or move its slider; then Accept.",
        "Escriba un valor y Enter, o mueva su deslizador; luego Aceptar."),
    "panel.slide_pending": (
        "The scene shows the new value; Accept applies it, Cancel leaves the model as it was.",
        "La escena muestra el valor nuevo; Aceptar lo aplica, Cancelar deja el modelo como estaba."),
    # a kiosk's panels: − and + instead of a field to type in (game/ui/steppers.py)
    "panel.step_hint": (
        "Press − or + to change a value, then Accept.",
        "Pulse − o + para cambiar un valor, y luego Aceptar."),
    "panel.step_pending": ("The scene shows the new value; press Accept to apply it.",
                           "La escena muestra el valor nuevo; pulse Aceptar para aplicarlo."),
    "panel.step_limit": ("{name} goes from {low} to {high}.", "{name} va de {low} a {high}."),
    # the Save as model dialog
    "save.title": ("Save as model", "Guardar como modelo"),
    "save.hint": (
        "Name of the new model (it will be in the menu, under My models):",
        "Nombre del nuevo modelo (aparecerá en el menú, en Mis modelos):"),
    "save.where": ("The file written will be:", "Se escribirá el archivo:"),
    "save.exists": (
        "There is a model “{name}” already. Press Accept again to replace it.",
        "Ya hay un modelo «{name}». Pulse Aceptar otra vez para reemplazarlo."),
    "save.bad_name": (
        "Use letters, digits, spaces, - and _ (up to 60).",
        "Use letras, cifras, espacios, - y _ (hasta 60)."),
    "save.failed": ("Could not save: {reason}", "No se pudo guardar: {reason}"),
    "save.mechanism": (
        "Mechanisms cannot be saved from the window yet.",
        "Los mecanismos todavía no se pueden guardar desde la ventana."),
}
