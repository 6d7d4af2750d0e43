"""The words of the measuring tools (game/app/session/measuring.py, game/app/window/measuretray.py):
the tray, each tool's name and readout, its buttons, the CSV of the readings."""

#: key → (English, Spanish)
WORDS: dict[str, tuple[str, str]] = {
    "measure.tray": ("Measure: drag a tool onto the scene", "Medir: arrastre una herramienta a la escena"),
    "measure.tray.clear": ("Clear", "Quitar"),
    "measure.tray.clear.tip": ("Take every tool off the scene", "Quitar todas las herramientas de la escena"),
    "measure.tray.stopwatch": ("Stopwatch", "Cronómetro"),
    "measure.tray.period": ("Period", "Periodo"),
    "measure.tray.ruler": ("Ruler", "Regla"),
    "measure.tray.protractor": ("Protractor", "Transportador"),
    "measure.tip.stopwatch": (
        "A stopwatch on the model's time (right at ½× and 4×): drag it onto the scene",
        "Un cronómetro con el tiempo del modelo (exacto a ½× y 4×): arrástrelo a la escena"),
    "measure.tip.period": (
        "Period timer: drop it on a body (or anywhere, for a coordinate); it times its crossings of the equilibrium",
        "Medidor de periodo: suéltelo sobre un cuerpo (o en otro sitio, para una coordenada); "
        "cronometra sus pasos por el equilibrio"),
    "measure.tip.ruler": (
        "Ruler: drag its two ends; they snap to the bodies' points",
        "Regla: arrastre sus dos extremos; se pegan a los puntos de los cuerpos"),
    "measure.tip.protractor": (
        "Protractor: drop it on the pivot of a bar; it reads the bar's angle from the vertical",
        "Transportador: suéltelo en el pivote de una barra; lee el ángulo de la barra con la vertical"),
    "measure.stopwatch": ("Stopwatch {number}", "Cronómetro {number}"),
    "measure.period": ("Period {number}", "Periodo {number}"),
    "measure.ruler": ("Ruler {number}", "Regla {number}"),
    "measure.protractor": ("Protractor {number}", "Transportador {number}"),
    "measure.stopwatch.reads": ("time {t} s", "tiempo {t} s"),
    "measure.ruler.reads": ("length {length}", "longitud {length}"),
    "measure.protractor.reads": ("angle {degrees}° ({radians} rad)", "ángulo {degrees}° ({radians} rad)"),
    "measure.protractor.gone": ("its bar is gone", "su barra ya no está"),
    "measure.protractor.where": (
        "Drop the protractor on the pivot or the end of a bar",
        "Suelte el transportador en el pivote o el extremo de una barra"),
    "measure.period.waiting": ("waiting for two crossings…", "esperando dos pasos…"),
    "measure.period.reads": ("T = {period} s · mean of {n}: {mean} s", "T = {period} s · media de {n}: {mean} s"),
    "measure.start": ("Start", "Iniciar"),
    "measure.stop": ("Stop", "Parar"),
    "measure.reset": ("Zero", "Cero"),
    "measure.next": ("Next", "Otra"),
    # the CSV of the readings, written beside the run's (W)
    "measure.csv.tool": ("tool", "herramienta"),
    "measure.csv.of": ("of", "de"),
    "measure.csv.quantity": ("quantity", "magnitud"),
    "measure.csv.value": ("value", "valor"),
    "measure.csv.unit": ("unit", "unidad"),
}
