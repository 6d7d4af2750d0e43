"""The words of the controls (game/app/session/controls.py, game/ui/bars.py): each control's tooltip,
and the word beside its icon."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    # the tooltips of the command table's controls (game/app/session/controls.py)
    "control.menu": ("Models menu (M)", "Menú de modelos (M)"),
    "control.docs": ("Documentation (F1)", "Documentación (F1)"),
    "control.animate": ("Animate (Space)", "Animar (Espacio)"),
    "control.pause": ("Pause (Space)", "Pausar (Espacio)"),
    "control.eraser": ("Eraser: clears the trails (E)", "Borrador: borra los rastros (E)"),
    "control.reset": (
        "Reset: back to the last conditions set (R)",
        "Reinicio: vuelve a las últimas condiciones dadas (R)"),
    "control.parameters": ("Parameters (P)", "Parámetros (P)"),
    "control.conditions": ("Conditions: coordinates and velocities (C)", "Condiciones: coordenadas y velocidades (C)"),
    "control.vectors": ("Show / hide velocity vectors (V)", "Mostrar / ocultar vectores de velocidad (V)"),
    "control.energy": ("Show / hide energy panel (N)", "Mostrar / ocultar panel de energías (N)"),
    "control.values": ("Show / hide values panel (T)", "Mostrar / ocultar valores del sistema (T)"),
    "control.edit": (
        "Graphic edit mode: x positions / v velocities (X)",
        "Modo de edición gráfica: x posiciones / v velocidades (X)"),
    "control.reactions": (
        "Show / hide the reactions of a mechanism's bars and sliders, or a model's constraint forces (F)",
        "Mostrar / ocultar reacciones de barras y correderas de un mecanismo, o fuerzas de ligadura (F)"),
    "control.speed": ("Speed {label} ({key})", "Velocidad {label} ({key})"),
    "control.zoom_in": (
        "Zoom in (+ or the mouse wheel; drag with the right button to move the view)",
        "Acercar (+ o la rueda del ratón; arrastre con el botón derecho para mover la vista)"),
    "control.zoom_out": ("Zoom out (−)", "Alejar (−)"),
    "control.fit": (
        "Fit: show every body and trail (Home or 0)",
        "Encuadrar: mostrar todos los cuerpos y rastros (Inicio o 0)"),
    "control.plots": (
        "Show / hide plots: energy, phase space, Poincaré… (G)",
        "Mostrar / ocultar gráficas: energía, espacio de fases, Poincaré… (G)"),
    "control.ensemble": (
        "Chaos: 50 copies from barely different conditions, their spread and the Lyapunov exponent (K)",
        "Caos: 50 copias con condiciones apenas distintas, su dispersión y el exponente de Lyapunov (K)"),
    "control.action": (
        "The action: the path of the last seconds between its ends, drag its points and see S rise; Relax brings it "
        "back to the true one (A)",
        "La acción: la trayectoria de los últimos segundos entre sus extremos; arrastre sus puntos y vea subir S; "
        "Relajar la devuelve a la verdadera (A)"),
    "control.measure": (
        "Measuring tools: a stopwatch, a period timer, a ruler and a protractor to drag onto the scene (H)",
        "Herramientas de medida: cronómetro, medidor de periodo, regla y transportador para arrastrar a la escena (H)"),
    "control.build": (
        "Build a mechanism: points, bars, springs, masses; press again to run it (B)",
        "Construir un mecanismo: puntos, barras, muelles, masas; púlselo otra vez para moverlo (B)"),
    "control.modes": (
        "Equilibria and normal modes: rest the model at one, start a mode, see where linear stops being true (Q)",
        "Equilibrios y modos normales: el modelo en reposo en uno, un modo en marcha, dónde deja de valer lo "
        "lineal (Q)"),
    "control.export_csv": (
        "Save the run as CSV in Documents, folder Cuerpos en Movimiento (W)",
        "Guardar la corrida como CSV en Documentos, carpeta Cuerpos en Movimiento (W)"),
    "control.export_png": (
        "Save the view as PNG in Pictures, folder Cuerpos en Movimiento (S)",
        "Guardar la vista como PNG en Imágenes, carpeta Cuerpos en Movimiento (S)"),
    "control.export_plots": (
        "Save the plots as PNG in Pictures, folder Cuerpos en Movimiento (I)",
        "Guardar las gráficas como PNG en Imágenes, carpeta Cuerpos en Movimiento (I)"),
    "control.save": (
        "Save as model: the present parameters and conditions, in My models (O)",
        "Guardar como modelo: los parámetros y condiciones de ahora, en Mis modelos (O)"),
    "control.language": ("Cambiar a español (L)", "Switch to English (L)"),
    # the words beside the bottom bar's icons, where the bar has room (game/ui/barlabels.py), and the
    # language button's: the language it switches to
    "label.animate": ("Animate", "Animar"),
    "label.pause": ("Pause", "Pausa"),
    "label.eraser": ("Erase", "Borrar"),
    "label.reset": ("Reset", "Reiniciar"),
    "label.parameters": ("Parameters", "Parámetros"),
    "label.conditions": ("Conditions", "Condiciones"),
    "label.vectors": ("Vectors", "Vectores"),
    "label.energy": ("Energy", "Energía"),
    "label.values": ("Values", "Valores"),
    "label.edit": ("Edit x/v", "Editar x/v"),
    "label.reactions": ("Reactions", "Reacciones"),
    "label.plots": ("Plots", "Gráficas"),
    "label.ensemble": ("Chaos", "Caos"),
    "label.modes": ("Modes", "Modos"),
    "label.language": ("ES", "EN"),
}
