"""− and + for a kiosk's Parameters and Conditions panels (no keyboard there): what each value
steps by and how far it goes. No pygame here.

Each value steps from the model file's own value by a round step (1, 2 or 5 times a power of
ten, about a tenth of the value), within limits that keep the model's sense:

- a parameter keeps its sign and its order of magnitude: from one step to ten times the file's
  value (a mass, a length, g never reach 0 nor turn negative); a parameter that is 0 in the file
  (a friction, a gravity switched off) goes from 0 to 1 in tenths;
- a condition (an angle, a position, a velocity, which may well change sign) goes either way,
  twice its value or twenty steps, whichever is more.

What the model itself refuses (a mechanism that cannot be assembled, a value that breaks an
expression) is refused by the same checks as a typed value (:mod:`game.app.session.edits`): the panel
asks them at every press.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...model.types import ModelFile
from ...model.values import condition_values, parameter_values
from .readout import number

#: a value with no size of its own (0 in the file) steps by this
UNIT_STEP = 0.1
#: a value farther from 1 than this (a parameter of 1e308, a subnormal 5e-324) is not stepped:
#: ten times it overflows, a tenth of it underflows; − and + say it is at the end of its range
FARTHEST = 1e300


def round_step(size: float) -> float:
    """The largest of 1, 2, 5 times a power of ten not above ``size`` (> 0)."""
    power = 10.0 ** math.floor(math.log10(size))
    return max(m * power for m in (1, 2, 5) if m * power <= size * (1 + 1e-9))


@dataclass(frozen=True)
class Stepper:
    """One value's − and +: its step and the least and greatest it may take."""

    step: float
    low: float
    high: float

    def moved(self, value: float, direction: int) -> float:
        """The next value on the grid of steps from ``value`` up (``direction`` > 0) or down,
        within the limits (``value`` itself when it is already at the limit, or when the next
        one is not a number: never an error in the frame)."""
        if self.low == self.high:  # a value that is not stepped
            return value
        try:
            k = value / self.step
            k = math.floor(k + 1e-9) + 1 if direction > 0 else math.ceil(k - 1e-9) - 1
            new = min(max(k * self.step, self.low), self.high)
            digits = max(0, 1 - math.floor(math.log10(self.step)))
            new = round(new, digits)
        except (ArithmeticError, ValueError):
            return value
        return new if math.isfinite(new) else value

    def text(self, value: float) -> str:
        """How the value is shown and passed on as typed text: round-off of the step's size is 0
        (a velocity left at −9e-110 by a mechanism's assembly is shown, and sent on, as 0)."""
        return number(value, self.step)


def _fixed(value: float) -> Stepper:
    """A value − and + leave where it is."""
    return Stepper(UNIT_STEP, value, value)


def for_parameter(value: float) -> Stepper:
    if value == 0:
        return Stepper(UNIT_STEP, 0.0, 1.0)
    if not 1 / FARTHEST <= abs(value) <= FARTHEST:
        return _fixed(value)
    step = round_step(abs(value) / 10)
    far = math.ceil(10 * abs(value) / step) * step
    return Stepper(step, step, far) if value > 0 else Stepper(step, -far, -step)


def for_condition(value: float) -> Stepper:
    if not abs(value) <= FARTHEST:
        return _fixed(value)
    step = round_step(max(abs(value), 1.0) / 10)
    reach = max(2 * abs(value), 20 * step)
    return Stepper(step, value - reach, value + reach)


def parameter_steppers(model: ModelFile) -> dict[str, Stepper]:
    """The parameters a visitor may step, by name: not those made of other parameters
    (``mgl = m·g·l`` follows ``m``, ``g`` and ``l``; a number for it would cut the link)."""
    values = parameter_values(model)
    return {p.name: for_parameter(values[p.name]) for p in model.parameters
            if not {name for name, _ in p.value.name_offsets} & set(values)}


def condition_steppers(model: ModelFile) -> dict[str, Stepper]:
    values = condition_values(model, parameter_values(model))
    return {c.name: for_condition(values[c.name]) for c in model.conditions}


