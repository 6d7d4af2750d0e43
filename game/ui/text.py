"""The interface's words in Spanish (CenM's language) and English."""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Message
from ..messages import language as messages_language

TEXTS: dict[str, dict[str, str]] = {
    "es": {
        "menu": "Menú de modelos (M)",
        "docs": "Documentación (F1)",
        "animate": "Animar (Espacio)",
        "pause": "Pausar (Espacio)",
        "eraser": "Borrador: borra los rastros (E)",
        "reset": "Reinicio: vuelve a las últimas condiciones dadas (R)",
        "parameters": "Parámetros (P)",
        "conditions": "Condiciones: coordenadas y velocidades (C)",
        "vectors": "Mostrar / ocultar vectores de velocidad (V)",
        "energy": "Mostrar / ocultar panel de energías (N)",
        "values": "Mostrar / ocultar valores del sistema (T)",
        "edit": "Modo de edición gráfica: x posiciones / v velocidades (X)",
        "reactions": "Mostrar / ocultar reacciones de barras y correderas de un mecanismo (F)",
        "speed": "Velocidad {label} ({key})",
        "zoom_in": "Acercar (+ o la rueda del ratón; arrastre con el botón derecho para mover la vista)",
        "zoom_out": "Alejar (−)",
        "fit": "Encuadrar: mostrar todos los cuerpos y rastros (Inicio o 0)",
        "accept": "Aceptar",
        "cancel": "Cancelar",
        "name": "Nombre",
        "value": "Valor",
        "description": "Descripción",
        "parameters_title": "Parámetros",
        "conditions_title": "Condiciones",
        "energy_title": "Energías",
        "values_title": "Valores",
        "edit_hint": "Pulse un valor, escriba, Enter y luego Aceptar.",
        "pending": "Enter registrado; pulse Aceptar para aplicar.",
        "stopped": "La simulación se detuvo: {reason}",
        "cannot_load": "No se pudo abrir el modelo: {reason}",
        "refused_field": "Rechazado ({name}): {reason}",
        "time": "t = {t}",
        "plots": "Mostrar / ocultar gráficas: energía, espacio de fases, Poincaré… (G)",
        "ensemble": "Caos: 50 copias con condiciones apenas distintas, su dispersión y el exponente de Lyapunov (K)",
        "export_csv": "Guardar la corrida como CSV en Documentos, carpeta Cuerpos en Movimiento (W)",
        "export_png": "Guardar la vista como PNG en Imágenes, carpeta Cuerpos en Movimiento (S)",
        "export_plots": "Guardar las gráficas como PNG en Imágenes, carpeta Cuerpos en Movimiento (I)",
        "file_run": "corrida", "file_view": "vista", "file_plot": "grafica", "file_plots": "graficas",
        "saved": "Guardado en {path}",
        "not_saved": "No se pudo guardar: {reason}",
        "plot_kind_energy": "Energía contra t",
        "plot_kind_phase": "Espacio de fases",
        "plot_kind_xy": "Variable contra variable",
        "plot_kind_poincare": "Sección de Poincaré",
        "plot_kind_spread": "Dispersión del conjunto",
        # the same, where the dock is narrow (a small window): the menu shows them whole
        "plot_kind_short_energy": "Energía",
        "plot_kind_short_phase": "Fases",
        "plot_kind_short_xy": "x contra y",
        "plot_kind_short_poincare": "Poincaré",
        "plot_kind_short_spread": "Dispersión",
        "plot_clear": "Borrar esta gráfica",
        "plot_save": "Guardar esta gráfica como PNG",
        "plot_close": "Quitar esta gráfica",
        "plot_add": "Añadir una gráfica",
        "plot_x": "eje horizontal",
        "plot_y": "eje vertical",
        "lyapunov": "Lyapunov: λ = {value} 1/s",
        "no_browser": "No se encontró un navegador para abrir el manual. Está en {path}",
        "manual_opening": "Se pidió al navegador abrir el manual; si no aparece, está en {path}",
        "manual_kiosk": "En modo quiosco el manual no se abre aquí. Está en {path}",
        "dt_description": "paso de tiempo de la animación (datos del sistema)",
        "n_description": "subpasos de Runge–Kutta por paso (datos del sistema)",
        "dt_range": "dt debe estar entre {low} y {high}",
        "n_range": "N debe ser un número entero entre 1 y {high}",
        "rate_too_high": "N/dt = {rate} subpasos por segundo simulado: el máximo es {high}",
        "coarse_banner": "La energía no se conserva: DE = {de} ({share} de la energía). El paso es demasiado "
                         "grueso para estas condiciones: pulse D para duplicar N (ahora {n}), o cambie dt y N "
                         "en Parámetros.",
        "coarse_line": "¡Paso grueso! Pulse D",
        "negative_size": "{body} {id} tiene {size} negativa ({value}): se dibuja invertida. Revise los parámetros.",
        "kind_Bar": "La barra", "kind_C": "El círculo", "kind_Blk": "El bloque", "kind_Spr": "El resorte",
        "size_length": "longitud", "size_radius": "radio", "size_width": "anchura", "size_height": "altura",
        "size_thickness": "anchura",
        "setting_unknown": "{where}: '{key}' no es un ajuste (los ajustes son: {known}); se ignora",
        "setting_refused": "{where}: {key} = {value}: {rule}; se usa {default}",
        "settings_more": "… y {count} claves desconocidas más en {path}",
        "rule_between": "debe ser un número entre {low} y {high}",
        "rule_int_between": "debe ser un entero entre {low} y {high}",
        "rule_bool": "debe ser true o false",
        "rule_one_of": "debe ser uno de: {choices}",
        "default_attract": "el recorrido del programa",
        "still_there": "¿Sigues ahí?\nToca la pantalla para seguir jugando · {seconds}",
        "touch_to_play": "Toca para jugar",
        # a kiosk's panels: − and + instead of a field to type in (game/ui/steppers.py)
        "step_hint": "Pulse − o + para cambiar un valor, y luego Aceptar.",
        "step_pending": "Cambiado; pulse Aceptar para aplicar.",
        "step_limit": "{name} va de {low} a {high}.",
        # the first-run hint (game/ui/hint.py): what the icons do, once
        "hint_desktop": "Espacio: animar · arrastre un cuerpo con el ratón · P / C: parámetros / condiciones · "
                        "deje el puntero sobre un botón para ver qué hace · F1: manual",
        "hint_kiosk": "Toca Animar para que se mueva · arrastra un cuerpo con el dedo · en Parámetros y "
                      "Condiciones, cambia los valores con − y +",
        "hint_close": "Entendido",
        # the bottom bar's words under its icons, where the bar has room (game/ui/barlabels.py)
        "label_animate": "Animar", "label_pause": "Pausa", "label_eraser": "Borrar", "label_reset": "Reiniciar",
        "label_parameters": "Parámetros", "label_conditions": "Condiciones", "label_vectors": "Vectores",
        "label_energy": "Energía", "label_values": "Valores", "label_edit": "Editar x/v",
        "label_reactions": "Reacciones", "label_plots": "Gráficas", "label_ensemble": "Caos",
        "save": "Guardar como modelo: los parámetros y condiciones de ahora, en Mis modelos (O)",
        "language": "Switch to English (L)",
        "language_label": "EN",
        "save_title": "Guardar como modelo",
        "save_hint": "Nombre del nuevo modelo (aparecerá en el menú, en Mis modelos):",
        "save_where": "Se escribirá el archivo:",
        "save_exists": "Ya hay un modelo «{name}». Pulse Aceptar otra vez para reemplazarlo.",
        "model_saved": "Modelo guardado en {path} (en el menú, en Mis modelos)",
        "save_unreadable": "No se guardó el modelo: así escrito no se podría volver a abrir (línea {line}, "
                           "columna {column}: {reason}). Los valores en pantalla siguen como estaban.",
        "save_bad_name": "Use letras, cifras, espacios, - y _ (hasta 60).",
        "save_failed": "No se pudo guardar: {reason}",
        "save_mechanism": "Los mecanismos todavía no se pueden guardar desde la ventana.",
        "cannot_reload": "El archivo cambió pero no se puede abrir; sigue el modelo anterior. {reason}",
        "mine": "Mis modelos",
        "reactions_title": "Reacciones (F)",
        "reaction_tension": "la barra tira (tracción)",
        "reaction_compression": "la barra empuja (compresión)",
        "reaction_normal": "la guía de la corredera",
        "motor_drives": "'{body}' no se puede arrastrar: lo mueve el motor '{motor}', que impone la dirección "
                        "de {p1} a {p2} en cada instante. Para empezar en otra posición, cambie el ángulo del motor en "
                        "Parámetros.",
        "motors_drive": "'{body}' no se puede arrastrar: lo mueven los motores {motors}. Para empezar en otra "
                        "posición, cambie sus ángulos en Parámetros.",
    },
    "en": {
        "menu": "Models menu (M)",
        "docs": "Documentation (F1)",
        "animate": "Animate (Space)",
        "pause": "Pause (Space)",
        "eraser": "Eraser: clears the trails (E)",
        "reset": "Reset: back to the last conditions set (R)",
        "parameters": "Parameters (P)",
        "conditions": "Conditions: coordinates and velocities (C)",
        "vectors": "Show / hide velocity vectors (V)",
        "energy": "Show / hide energy panel (N)",
        "values": "Show / hide values panel (T)",
        "edit": "Graphic edit mode: x positions / v velocities (X)",
        "reactions": "Show / hide the reactions of a mechanism's bars and sliders (F)",
        "speed": "Speed {label} ({key})",
        "zoom_in": "Zoom in (+ or the mouse wheel; drag with the right button to move the view)",
        "zoom_out": "Zoom out (−)",
        "fit": "Fit: show every body and trail (Home or 0)",
        "accept": "Accept",
        "cancel": "Cancel",
        "name": "Name",
        "value": "Value",
        "description": "Description",
        "parameters_title": "Parameters",
        "conditions_title": "Conditions",
        "energy_title": "Energies",
        "values_title": "Values",
        "edit_hint": "Click a value, type, press Enter, then Accept.",
        "pending": "Enter registered; press Accept to apply.",
        "stopped": "The simulation stopped: {reason}",
        "cannot_load": "Cannot open the model: {reason}",
        "refused_field": "Refused ({name}): {reason}",
        "time": "t = {t}",
        "plots": "Show / hide plots: energy, phase space, Poincaré… (G)",
        "ensemble": "Chaos: 50 copies from barely different conditions, their spread and the Lyapunov exponent (K)",
        "export_csv": "Save the run as CSV in Documents, folder Cuerpos en Movimiento (W)",
        "export_png": "Save the view as PNG in Pictures, folder Cuerpos en Movimiento (S)",
        "export_plots": "Save the plots as PNG in Pictures, folder Cuerpos en Movimiento (I)",
        "file_run": "run", "file_view": "view", "file_plot": "plot", "file_plots": "plots",
        "saved": "Saved to {path}",
        "not_saved": "Could not save: {reason}",
        "plot_kind_energy": "Energy against t",
        "plot_kind_phase": "Phase space",
        "plot_kind_xy": "Variable against variable",
        "plot_kind_poincare": "Poincaré section",
        "plot_kind_spread": "Spread of the ensemble",
        "plot_kind_short_energy": "Energy",
        "plot_kind_short_phase": "Phase",
        "plot_kind_short_xy": "x against y",
        "plot_kind_short_poincare": "Poincaré",
        "plot_kind_short_spread": "Spread",
        "plot_clear": "Clear this plot",
        "plot_save": "Save this plot as PNG",
        "plot_close": "Remove this plot",
        "plot_add": "Add a plot",
        "plot_x": "horizontal axis",
        "plot_y": "vertical axis",
        "lyapunov": "Lyapunov: λ = {value} 1/s",
        "no_browser": "No browser was found to open the manual. It is at {path}",
        "manual_opening": "The browser was asked to open the manual; if it does not appear, it is at {path}",
        "manual_kiosk": "In kiosk mode the manual does not open here. It is at {path}",
        "dt_description": "time step of the animation (system data)",
        "n_description": "Runge–Kutta substeps per step (system data)",
        "dt_range": "dt must be between {low} and {high}",
        "n_range": "N must be a whole number from 1 to {high}",
        "rate_too_high": "N/dt = {rate} substeps per simulated second: at most {high}",
        "coarse_banner": "Energy is not conserved: DE = {de} ({share} of the energy). The step is too coarse "
                         "for these conditions: press D to double N (now {n}), or change dt and N in Parameters.",
        "coarse_line": "Step too coarse: press D",
        "negative_size": "{body} {id} has a negative {size} ({value}): it is drawn inside out. Check the parameters.",
        "kind_Bar": "The bar", "kind_C": "The circle", "kind_Blk": "The block", "kind_Spr": "The spring",
        "size_length": "length", "size_radius": "radius", "size_width": "width", "size_height": "height",
        "size_thickness": "width",
        "setting_unknown": "{where}: '{key}' is not a setting (the settings are: {known}); ignored",
        "setting_refused": "{where}: {key} = {value}: {rule}; using {default}",
        "settings_more": "… and {count} more unknown keys in {path}",
        "rule_between": "must be a number from {low} to {high}",
        "rule_int_between": "must be a whole number from {low} to {high}",
        "rule_bool": "must be true or false",
        "rule_one_of": "must be one of: {choices}",
        "default_attract": "the program's own loop",
        "still_there": "Still there?\nTouch the screen to keep playing · {seconds}",
        "touch_to_play": "Touch to play",
        "step_hint": "Press − or + to change a value, then Accept.",
        "step_pending": "Changed; press Accept to apply.",
        "step_limit": "{name} goes from {low} to {high}.",
        "hint_desktop": "Space: animate · drag a body with the mouse · P / C: parameters / conditions · "
                        "rest the pointer on a button to see what it does · F1: manual",
        "hint_kiosk": "Touch Animate to set it moving · drag a body with your finger · in Parameters and "
                      "Conditions, change the values with − and +",
        "hint_close": "Got it",
        "label_animate": "Animate", "label_pause": "Pause", "label_eraser": "Erase", "label_reset": "Reset",
        "label_parameters": "Parameters", "label_conditions": "Conditions", "label_vectors": "Vectors",
        "label_energy": "Energy", "label_values": "Values", "label_edit": "Edit x/v",
        "label_reactions": "Reactions", "label_plots": "Plots", "label_ensemble": "Chaos",
        "save": "Save as model: the present parameters and conditions, in My models (O)",
        "language": "Cambiar a español (L)",
        "language_label": "ES",
        "save_title": "Save as model",
        "save_hint": "Name of the new model (it will be in the menu, under My models):",
        "save_where": "The file written will be:",
        "save_exists": "There is a model “{name}” already. Press Accept again to replace it.",
        "model_saved": "Model saved to {path} (in the menu, under My models)",
        "save_unreadable": "The model was not saved: written out it could not be opened again (line {line}, "
                           "column {column}: {reason}). The values on screen are as they were.",
        "save_bad_name": "Use letters, digits, spaces, - and _ (up to 60).",
        "save_failed": "Could not save: {reason}",
        "save_mechanism": "Mechanisms cannot be saved from the window yet.",
        "cannot_reload": "The file changed but cannot be opened; the previous model goes on. {reason}",
        "mine": "My models",
        "reactions_title": "Reactions (F)",
        "reaction_tension": "the bar pulls (tension)",
        "reaction_compression": "the bar pushes (compression)",
        "reaction_normal": "the slider's guide",
        "motor_drives": "'{body}' cannot be dragged: the motor '{motor}' moves it, setting the direction from {p1} "
                        "to {p2} at every instant. To start elsewhere, change the motor's angle in Parameters.",
        "motors_drive": "'{body}' cannot be dragged: the motors {motors} move it. To start elsewhere, change their "
                        "angles in Parameters.",
    },
}


class Texts:
    def __init__(self, language: str = "es"):
        self.language = language if language in TEXTS else "es"

    def __call__(self, key_: str, **values: object) -> str:
        text = TEXTS[self.language].get(key_) or TEXTS["es"][key_]
        return text.format(**values) if values else text


@dataclass(frozen=True)
class Words:
    """Words of the interface kept unwritten: a key of :data:`TEXTS` and its values, so what
    was said (the banner) can be said again in the other language. A value may itself be
    :class:`Words` or a catalogue :class:`~game.messages.Message`, written in the same language;
    anything else (an error) is written with ``str``, which follows the language of messages."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key_: str, /, **values: object) -> Words:
        return cls(key_, tuple(values.items()))

    def text(self, language: str) -> str:
        return Texts(language)(self.key, **{k: said(v, language) for k, v in self.params})

    def __str__(self) -> str:
        return self.text(messages_language())


def said(words: object, language: str) -> str:
    """``words`` written out in ``language``: :class:`Words`, catalogue messages and anything with
    a ``text(language)`` of its own (the first line of an error, in the banner) in it, other
    things as ``str`` writes them (a plain string as it is)."""
    if isinstance(words, (Words, Message)):
        return words.text(language)
    write = getattr(words, "text", None)
    return str(write(language)) if callable(write) else str(words)
