"""− and + for a kiosk's Parameters and Conditions panels (no keyboard there): what each value
steps by and how far it goes. No pygame here.

Each value steps from the model file's own value by a round step (1, 2 or 5 times a power of
ten, about a tenth of the value), within limits that keep the model's sense:

- a parameter keeps its sign and its order of magnitude: from one step to ten times the file's
  value (a mass, a length, g never reach 0 nor turn negative); a parameter that is 0 in the file
  (a friction, a gravity switched off) goes from 0 to 1 in tenths;
- a condition (an angle, a position, a velocity, which may well change sign) goes either way,
  twice its value or twenty steps, whichever is more;
- an angle (:mod:`game.model.angles`) is shown in degrees, wrapped to one turn (a1 = −16.78 rad
  after the attract loop shows as 118.6°), and steps by 5° within −180°…180°;
  its rate in °/s;
- a row with ``range: LO:HI`` (SPEC §4) steps within it, a hundredth of it at a time, and its
  ``unit:`` is shown beside the number.

What the model itself refuses (a mechanism that cannot be assembled, a value that breaks an
expression) is refused by the same checks as a typed value (:mod:`game.app.session.edits`): the panel
asks them at every press.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from ...model.angles import angle_coordinates, wrapped
from ...model.steps import step_at_most
from ...model.types import ModelFile
from ...model.values import condition_values, parameter_values, range_values
from .readout import number

#: a value with no size of its own (0 in the file) steps by this
UNIT_STEP = 0.1
#: a value farther from 1 than this (a parameter of 1e308, a subnormal 5e-324) is not stepped:
#: ten times it overflows, a tenth of it underflows; − and + say it is at the end of its range
FARTHEST = 1e300
#: degrees in a radian: an angle is shown, and stepped, in degrees
DEGREES = 180 / math.pi
#: an angle's step and reach, in degrees
ANGLE_STEP, HALF_TURN = 5.0, 180.0
#: a rate of turn (°/s) smaller than this steps as if it were this large
LEAST_RATE = 50.0
#: a slider whose ends are both > 0 and more than this many times apart is logarithmic
DECADE = 10.0
#: a logarithmic slider's values lie on a grid of about this fraction of the value (1, 2 or 5 times a
#: power of ten): two figures, as fine at 0.1 kg as at 100 kg
LOG_GRID = 1 / 50


@dataclass(frozen=True)
class Stepper:
    """One value's − and +: its step and the least and greatest it may take."""

    step: float
    low: float
    high: float
    #: what is shown for one unit of the value (:data:`DEGREES` for an angle); ``step``, ``low``
    #: and ``high`` are in what is shown
    scale: float = 1.0
    #: written after the number ("kg", "°")
    unit: str = ""

    def moved(self, value: float, direction: int, steps: int = 1) -> float:
        """The value ``steps`` steps on the grid of steps from ``value`` up (``direction`` > 0)
        or down, within the limits (``value`` itself when it is already at the limit, or when the
        next one is not a number: never an error in the frame)."""
        if self.low == self.high:  # a value that is not stepped
            return value
        try:
            k = value * self.scale / self.step
            k = math.floor(k + 1e-9) + steps if direction > 0 else math.ceil(k - 1e-9) - steps
            new = min(max(k * self.step, self.low), self.high)
            digits = max(0, 1 - math.floor(math.log10(self.step)))
            new = round(new, digits) / self.scale if self.scale != 1 else round(new, digits)
        except (ArithmeticError, ValueError):
            return value
        return new if math.isfinite(new) else value

    @property
    def logarithmic(self) -> bool:
        """A slider over this span is logarithmic: its ends are > 0 and more than a decade apart (a
        mass from 0.1 to 10 kg has 1 kg in the middle and 0.1 kg a thumb's width from it, not a
        pixel); linear otherwise (an angle, a span holding 0 or negative values)."""
        return self.low > 0 and self.high > DECADE * self.low

    def position(self, value: float) -> float:
        """Where ``value`` sits along a slider: its logarithm (a value at or below 0, which a
        logarithmic span never holds, at its low end), or itself."""
        return math.log10(max(value, self.low)) if self.logarithmic else value

    def at(self, position: float) -> float:
        """The value at a slider's ``position`` (:meth:`position`'s inverse)."""
        return 10.0 ** position if self.logarithmic else position

    def snapped(self, value: float) -> float:
        """The nearest value on a slider's grid: its steps, or, logarithmic, steps of about
        :data:`LOG_GRID` of the value."""
        step = step_at_most(value * LOG_GRID) if self.logarithmic and value > 0 else self.step
        return round(value / step) * step

    def text(self, value: float) -> str:
        """How the value is passed on as typed text: round-off of the step's size is 0 (a velocity
        left at −9e-110 by a mechanism's assembly is sent on as 0); an angle in radians, every digit
        (6 would turn 95° into 94.9999°)."""
        return number(value, self.step) if self.scale == 1 else repr(value)

    def shown(self, value: float) -> str:
        """How the value is shown: in degrees for an angle, with its unit."""
        figure = number(value * self.scale, self.step)
        return figure if not self.unit else figure + self.unit if self.unit.startswith("°") else f"{figure} {self.unit}"


def _fixed(value: float) -> Stepper:
    """A value − and + leave where it is."""
    return Stepper(UNIT_STEP, value, value)


def for_parameter(value: float) -> Stepper:
    if value == 0:
        return Stepper(UNIT_STEP, 0.0, 1.0)
    if not 1 / FARTHEST <= abs(value) <= FARTHEST:
        return _fixed(value)
    step = step_at_most(abs(value) / 10)
    far = math.ceil(10 * abs(value) / step) * step
    return Stepper(step, step, far) if value > 0 else Stepper(step, -far, -step)


def for_condition(value: float, least: float = 1.0) -> Stepper:
    if not abs(value) <= FARTHEST:
        return _fixed(value)
    step = step_at_most(max(abs(value), least) / 10)
    reach = max(2 * abs(value), 20 * step)
    return Stepper(step, value - reach, value + reach)


def within(low: float, high: float) -> Stepper:
    """A value with a ``range:`` of its own: a hundredth of it at a time."""
    return Stepper(step_at_most((high - low) / 100), low, high)


def _dressed(s: Stepper, scale: float, unit: str) -> Stepper:
    return Stepper(s.step, s.low, s.high, scale, unit)


def parameter_steppers(model: ModelFile) -> dict[str, Stepper]:
    """The parameters a visitor may step, by name: not those made of other parameters
    (``mgl = m·g·l`` follows ``m``, ``g`` and ``l``; a number for it would cut the link)."""
    values = parameter_values(model)
    ranges = range_values(model, values)
    return {p.name: _dressed(within(*ranges[p.name]) if p.name in ranges else for_parameter(values[p.name]), 1.0,
                             p.unit)
            for p in model.parameters if not {name for name, _ in p.value.name_offsets} & set(values)}


def turning(model: ModelFile, degrees: bool = True) -> dict[str, str]:
    """The conditions that turn, and their units: the angles ("°") and their rates ("°/s"), or in
    radians ("rad", "rad/s") where the angles are not shown in degrees (the desktop, as CenM)."""
    angle, rate = ("°", "°/s") if degrees else ("rad", "rad/s")
    angles = angle_coordinates(model)
    rates = {v: rate for q, v in zip(model.coordinates, model.velocities, strict=True) if q in angles}
    return {**dict.fromkeys(angles, angle), **rates}


def condition_steppers(model: ModelFile, degrees: bool = True) -> dict[str, Stepper]:
    """Each condition's steps and reach; ``degrees``: its angles shown and stepped in degrees (a
    kiosk's), else in radians by the same 5° (a desktop slider's)."""
    parameters = parameter_values(model)
    values, ranges, turns = condition_values(model, parameters), range_values(model, parameters), turning(model)
    units = turning(model, degrees)
    out = {}
    for c in model.conditions:
        turn = c.name in turns
        unit = units[c.name] if turn else c.unit
        scale = DEGREES if turn else 1.0  # the steps are made in degrees, then dressed in what is shown
        if c.name in ranges:
            s = within(*(end * scale for end in ranges[c.name]))
        elif turns.get(c.name) == "°":
            s = Stepper(ANGLE_STEP, -HALF_TURN, HALF_TURN)
        else:
            s = for_condition(values[c.name] * scale, LEAST_RATE if turn else 1.0)
        out[c.name] = _dressed(s, scale, unit) if degrees or not turn else _radians(s, unit)
    return out


def _radians(s: Stepper, unit: str) -> Stepper:
    """A stepper made in degrees, in radians (the number shown is the value itself)."""
    return Stepper(s.step / DEGREES, s.low / DEGREES, s.high / DEGREES, 1.0, unit)


def spanning(s: Stepper, value: float) -> Stepper:
    """A slider's span for ``value``: ``s``'s, or, when the value lies outside it (typed beyond
    the range; an angle wound round several turns), the turn of an angle the value is in, or the
    span stretched to the value (the slider shows where the value is, never clamps it)."""
    if s.low <= value <= s.high:
        return s
    if s.unit == "rad" and math.isclose(s.high - s.low, 2 * math.pi):
        turns = round((value - (s.low + s.high) / 2) / (2 * math.pi)) * 2 * math.pi
        return Stepper(s.step, s.low + turns, s.high + turns, s.scale, s.unit)
    return Stepper(s.step, min(s.low, value), max(s.high, value), s.scale, s.unit)


def shown_values(model: ModelFile, values: Mapping[str, float]) -> dict[str, float]:
    """The values a kiosk's panel starts from: each angle wrapped to one turn (the state keeps
    counting turns; what a visitor steps is the direction the body points in)."""
    angles = angle_coordinates(model)
    return {name: wrapped(v) if name in angles else v for name, v in values.items()}


