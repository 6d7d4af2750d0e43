"""The interface's words in Spanish (CenM's language) and English."""

from __future__ import annotations

from dataclasses import dataclass

from ..expr.parser import unquote


def number(value: float) -> str:
    """Six significant digits, as CenM shows them."""
    return f"{value:.6g}"


@dataclass(frozen=True)
class Row:
    """One row of the Parameters or Conditions panel."""

    name: str
    value: str  # as shown (an expression or a number)
    description: str


def wrap_expression(text: str, width: int) -> list[str]:
    """Split a long expression so each line fits ``width`` characters, preferably before
    a + or − outside parentheses, else after a product sign; never inside a name."""
    lines: list[str] = []
    rest = text
    while len(rest) > width:
        cut, depth = -1, 0
        for i, ch in enumerate(rest[:width]):
            depth += (ch == "(") - (ch == ")")
            if ch in "+-−" and i > 4 and depth <= 0:
                cut = i
        if cut < 0:
            cut = max((i + 1 for i, ch in enumerate(rest[:width]) if ch in "·*/ " and i > 4), default=width)
        lines.append(rest[:cut].rstrip())
        rest = "   " + rest[cut:].lstrip()
    lines.append(rest)
    return lines
def energy_lines(model, width: int) -> list[str]:
    """The Ek and Ep expressions as written, wrapped to the panel; for a mechanism, what its
    energies are made of (its mass matrix, gravity, springs)."""
    if model.mechanism is not None:
        return mechanism_energy_lines(model.mechanism, width)
    out = []
    for name, expr in (("Ek", model.kinetic), ("Ep", model.potential)):
        out += wrap_expression(f"{name} = {unquote(expr.text)[0].strip()}", width)
    return out


def mechanism_energy_lines(mechanism, width: int) -> list[str]:
    parts = []
    if mechanism.gravity is not None:
        parts.append("Σ m·g·y")
    if mechanism.of_kind("SPRING"):
        parts.append("Σ ½·k·(d − L)²")
    return [*wrap_expression("Ek = ½·q̇·M·q̇", width), *wrap_expression(f"Ep = {' + '.join(parts) or '0'}", width)]




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
        "refused": "Rechazado: {reason}",
        "time": "t = {t}",
        "still_there": "¿Sigues ahí?\nToca la pantalla para seguir jugando · {seconds}",
        "touch_to_play": "Toca para jugar",
        "save": "Guardar como modelo: los parámetros y condiciones de ahora, en Mis modelos (G)",
        "language": "Switch to English (L)",
        "language_label": "EN",
        "save_title": "Guardar como modelo",
        "save_hint": "Nombre del nuevo modelo (aparecerá en el menú, en Mis modelos):",
        "save_button": "Guardar",
        "save_exists": "Ya hay un modelo «{name}». Pulse Guardar otra vez para reemplazarlo.",
        "save_bad_name": "Use letras, cifras, espacios, - y _ (hasta 60).",
        "save_failed": "No se pudo guardar: {reason}",
        "save_mechanism": "Los mecanismos todavía no se pueden guardar desde la ventana.",
        "cannot_reload": "El archivo cambió pero no se puede abrir; sigue el modelo anterior. {reason}",
        "mine": "Mis modelos",
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
        "refused": "Refused: {reason}",
        "time": "t = {t}",
        "still_there": "Still there?\nTouch the screen to keep playing · {seconds}",
        "touch_to_play": "Touch to play",
        "save": "Save as model: the present parameters and conditions, in My models (G)",
        "language": "Cambiar a español (L)",
        "language_label": "ES",
        "save_title": "Save as model",
        "save_hint": "Name of the new model (it will be in the menu, under My models):",
        "save_button": "Save",
        "save_exists": "There is a model “{name}” already. Press Save again to replace it.",
        "save_bad_name": "Use letters, digits, spaces, - and _ (up to 60).",
        "save_failed": "Could not save: {reason}",
        "save_mechanism": "Mechanisms cannot be saved from the window yet.",
        "cannot_reload": "The file changed but cannot be opened; the previous model goes on. {reason}",
        "mine": "My models",
    },
}


class Texts:
    def __init__(self, language: str = "es"):
        self.language = language if language in TEXTS else "es"

    def __call__(self, key_: str, **values: object) -> str:
        text = TEXTS[self.language].get(key_) or TEXTS["es"][key_]
        return text.format(**values) if values else text
