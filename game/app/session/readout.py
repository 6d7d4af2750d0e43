"""What the live panels say of the motion, as text (no pygame): numbers rounded against the
scale of their kind (round-off shows as 0, never 1e-17 or −0), ``name = value`` lines, the energy
expressions wrapped to the panel, the lines of each panel (:class:`Readout`); and the warning about
a body drawn inside out, as the banner and ``simulate`` say it."""

from __future__ import annotations

import math
from collections.abc import Iterable

from ...expr.parser import unquote
from ...messages import Message, language, msg
from ...model.angles import angle_coordinates, wrapped
from .onscreen import OnScreen

#: values within this fraction of their scale are round-off, and shown as 0
ROUND_OFF = 1e-12

#: characters per line of the expressions in the energy panel
ENERGY_COLUMNS = 56


def number(value: float, scale: float = 0.0) -> str:
    """Six significant digits, as CenM shows them; 0 for a value within round-off of ``scale``
    (Ep = −1.8e-15 of a double pendulum lying horizontal is cos(π/2)'s round-off, not energy),
    and never "-0"."""
    if value == 0 or abs(value) <= ROUND_OFF * scale:
        return "0"
    return f"{value:.6g}"


def value_lines(values: Iterable[tuple[str, float]]) -> list[str]:
    """``name = value`` for values of one kind (the coordinates, the velocities, the reactions):
    0 for those within round-off of the largest of them, or of 1 if all are smaller (A_y =
    −6.1e-17 of a bar lying horizontal is cos(π/2)'s round-off, beside its length)."""
    values = list(values)
    scale = max([1.0, *(abs(v) for _, v in values if math.isfinite(v))])
    return [f"{name} = {number(v, scale)}" for name, v in values]


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


def legible(expression: str) -> str:
    """An expression as the panel shows it: ½ as 1/2, since a font's ½ at the panel's size is a
    few pixels that read as ⅓."""
    return expression.replace("½", "1/2")


def energy_lines(model, width: int) -> list[str]:
    """The Ek and Ep expressions as written (but legible), wrapped to the panel; for a mechanism,
    what its energies are made of (its mass matrix, gravity, springs)."""
    if model.mechanism is not None:
        return mechanism_energy_lines(model.mechanism, width)
    out = []
    for name, expr in (("Ek", model.kinetic), ("Ep", model.potential)):
        out += wrap_expression(legible(f"{name} = {unquote(expr.text)[0].strip()}"), width)
    return out


def mechanism_energy_lines(mechanism, width: int) -> list[str]:
    parts = mechanism.energies
    return [*wrap_expression(legible("Ek = ½·q̇·M·q̇"), width),
            *wrap_expression(legible(f"Ep = {' + '.join(parts) or '0'}"), width)]


def negative_size(kind: str, gid: str, what: str, value: float) -> Message:
    """The warning about a body drawn inside out (one of ``Kinematics.negative_sizes``), as the
    window's banner and ``simulate`` say it."""
    return msg("banner.negative_size", body=msg(f"banner.body.{kind}"), id=gid, size=msg(f"banner.size.{what}"),
               value=number(value))


class Readout:
    """The lines of the live panels of the model on screen."""

    def __init__(self, session: OnScreen):
        self.session = session

    def lines(self, panel: str, columns: int = ENERGY_COLUMNS) -> list[str]:
        """The lines of a live panel: "energy" (the Ek and Ep expressions as written, then their
        values, E, DE, W when forces or supports do work, Eloss when contacts take energy, and the
        balance E − W − E₀ + Eloss; energies within round-off of the run's energy scale show as 0; a
        warning when the step is too coarse) or "values" (q and q̇, then the reactions λ_ID (a mechanism's, or the constraint rows'),
        the model's measures, and λ while the chaos control is on)."""
        sim, model = self.session.sim, self.session.model
        if panel == "values":  # each kind of value rounded on its own scale; angles without their turns
            turns = angle_coordinates(model)
            coordinates = [(k, wrapped(v) if k in turns else v) for k, v in zip(model.coordinates, sim.q)]
            measures = [line for m in zip(sim.measures.names, sim.measures.of(sim)) for line in value_lines([m])]
            chaos = [f"{k} = {v}" for k, v in self.session.plots.readout(language())]
            return [*value_lines(coordinates), *value_lines(zip(model.velocities, sim.qdot)),
                    *value_lines(sim.reactions().items()), *measures, *chaos]
        ek, ep = sim.energies
        scale = sim.energy_scale
        lines = [*energy_lines(model, columns), f"Ek = {number(ek, scale)}", f"Ep = {number(ep, scale)}",
                 f"E = {'T₂ − T₀ + Ep' if sim.system.jacobi else 'Ek + Ep'} = {number(sim.energy, scale)}",
                 f"DE = {number(sim.de, scale)}"]
        if sim.does_work:
            lines.append(f"W = {number(sim.work, scale)}")
        if sim.has_contacts:
            lines.append(f"Eloss = {number(sim.losses, scale)}")
        if sim.does_work or sim.has_contacts:
            terms = "E" + " − W" * sim.does_work + " − E₀" + " + Eloss" * sim.has_contacts
            lines.append(f"{terms} = {number(sim.balance, scale)}")
        if sim.too_coarse:
            lines.append(msg("panel.coarse").text())
        return lines

    def expression_lines(self, panel: str, columns: int = ENERGY_COLUMNS) -> int:
        """How many of a live panel's first lines are expressions (shown in the expression font)."""
        return len(energy_lines(self.session.model, columns)) if panel == "energy" else len(self.lines(panel))
