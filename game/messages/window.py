"""The window's words over and around the scene: the banner, the clock, the models menu, the
names of exported files, the legend of reaction arrows, a kiosk's invitations and the first-run hint."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    # the window's title (the window manager's list of windows)
    "window.title": ("Cuerpos en Movimiento", "Cuerpos en Movimiento"),
    "window.title_kiosk": ("Cuerpos en Movimiento — kiosk", "Cuerpos en Movimiento — quiosco"),
    # the banner over the scene
    "banner.stopped": ("The simulation stopped: {reason}", "La simulación se detuvo: {reason}"),
    "banner.cannot_load": ("Cannot open the model: {reason}", "No se pudo abrir el modelo: {reason}"),
    "banner.cannot_reload": (
        "The file changed but cannot be opened; the previous model goes on. {reason}",
        "El archivo cambió pero no se puede abrir; sigue el modelo anterior. {reason}"),
    "banner.saved": ("Saved to {path}", "Guardado en {path}"),
    "banner.saved_readings": ("Saved to {path}, the tools' readings to {readings}",
                              "Guardado en {path}, las lecturas de las herramientas en {readings}"),
    "banner.not_saved": ("Could not save: {reason}", "No se pudo guardar: {reason}"),
    "banner.model_saved": (
        "Model saved to {path} (in the menu, under My models)",
        "Modelo guardado en {path} (en el menú, en Mis modelos)"),
    "banner.save_unreadable": (
        "The model was not saved: written out it could not be opened again (line {line}, column {column}: "
        "{reason}). The values on screen are as they were.",
        "No se guardó el modelo: así escrito no se podría volver a abrir (línea {line}, columna {column}: "
        "{reason}). Los valores en pantalla siguen como estaban."),
    "banner.no_plots": (
        "There is no plot to save: open one first with G (the plots button).",
        "No hay gráfica que guardar: abra una primero con G (el botón de gráficas)."),
    "banner.no_browser": (
        "No browser opened the manual. It is at {path}",
        "No se abrió ningún navegador con el manual. Está en {path}"),
    "banner.manual_opening": (
        "The browser was asked to open the manual; if it does not appear, it is at {path}",
        "Se pidió al navegador abrir el manual; si no aparece, está en {path}"),
    "banner.manual_kiosk": (
        "In kiosk mode the manual does not open here. It is at {path}",
        "En modo quiosco el manual no se abre aquí. Está en {path}"),
    "banner.coarse": (
        "Energy is not conserved: DE = {de} ({share} of the energy). The step is too coarse for these "
        "conditions: press D to double N (now {n}), or change dt and N in Parameters.",
        "La energía no se conserva: DE = {de} ({share} de la energía). El paso es demasiado grueso para "
        "estas condiciones: pulse D para duplicar N (ahora {n}), o cambie dt y N en Parámetros."),
    "banner.negative_size": (
        "{body} {id} has a negative {size} ({value}): it is drawn inside out. Check the parameters.",
        "{body} {id} tiene {size} negativa ({value}): se dibuja invertida. Revise los parámetros."),
    # a body drawn inside out (banner.negative_size): which body, which size
    "banner.body.Bar": ("The bar", "La barra"),
    "banner.body.C": ("The circle", "El círculo"),
    "banner.body.Blk": ("The block", "El bloque"),
    "banner.body.Spr": ("The spring", "El resorte"),
    "banner.size.length": ("length", "longitud"),
    "banner.size.radius": ("radius", "radio"),
    "banner.size.width": ("width", "anchura"),
    "banner.size.height": ("height", "altura"),
    "banner.size.thickness": ("width", "anchura"),
    "banner.motor_drives": (
        "'{body}' cannot be dragged: the motor '{motor}' moves it, setting the direction from {p1} to {p2} "
        "at every instant. To start elsewhere, change the motor's angle in Parameters.",
        "'{body}' no se puede arrastrar: lo mueve el motor '{motor}', que impone la dirección de {p1} a {p2} "
        "en cada instante. Para empezar en otra posición, cambie el ángulo del motor en Parámetros."),
    "banner.motors_drive": (
        "'{body}' cannot be dragged: the motors {motors} move it. To start elsewhere, change their angles in "
        "Parameters.",
        "'{body}' no se puede arrastrar: lo mueven los motores {motors}. Para empezar en otra posición, "
        "cambie sus ángulos en Parámetros."),
    # the clock of the bottom bar
    "bar.clock": ("t = {t}", "t = {t}"),
    # the models menu
    "menu.mine": ("My models", "Mis modelos"),
    "menu.exercises": ("Exercises", "Ejercicios"),
    # the links between the menu's pages
    "menu.more.exercises": ("Exercises »", "Ejercicios »"),
    "menu.back": ("« Models", "« Modelos"),
    # what an exported file holds, in its name (cenm-double-pendulum-run-….csv)
    "export.run": ("run", "corrida"),
    "export.view": ("view", "vista"),
    "export.plot": ("plot", "grafica"),
    "export.plots": ("plots", "graficas"),
    "export.readings": ("readings", "lecturas"),
    # the legend of a mechanism's reaction arrows
    "reaction.title": ("Reactions (F)", "Reacciones (F)"),
    "reaction.tension": ("the bar pulls (tension)", "la barra tira (tracción)"),
    "reaction.compression": ("the bar pushes (compression)", "la barra empuja (compresión)"),
    "reaction.normal": ("the slider's guide", "la guía de la corredera"),
    "reaction.constraint": ("a constraint's force (λ)", "fuerza de una ligadura (λ)"),
    # a kiosk's words over the scene
    "kiosk.still_there": (
        "Still there?\nTouch the screen to keep playing · {seconds}",
        "¿Sigues ahí?\nToca la pantalla para seguir jugando · {seconds}"),
    "kiosk.touch_to_play": ("Touch to play", "Toca para jugar"),
    # the first-run hint (game/ui/hint.py): what the icons do, once
    "hint.desktop": (
        "Space: animate · drag a body with the mouse · P / C: parameters / conditions · rest the pointer on "
        "a button to see what it does · F1: manual",
        "Espacio: animar · arrastre un cuerpo con el ratón · P / C: parámetros / condiciones · deje el "
        "puntero sobre un botón para ver qué hace · F1: manual"),
    "hint.kiosk": (
        "Drag a body with your finger · the first button at the bottom pauses and starts the motion · in "
        "Parameters and Conditions, change the values with − and +",
        "Arrastra un cuerpo con el dedo · el primer botón de abajo detiene y pone en marcha el movimiento · "
        "en Parámetros y Condiciones, cambia los valores con − y +"),
    "hint.close": ("Got it", "Entendido"),
}
