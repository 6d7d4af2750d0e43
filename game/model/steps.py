"""Round steps: 1, 2 or 5 times a power of ten, the one home of the builder's grid, the ruler's
ticks, the plots' axes and the kiosk's − and + (no pygame: the session and the drawing both use it)."""

from __future__ import annotations

import math

#: the round mantissas, and the next decade's 1
MANTISSAS = (1, 2, 5, 10)


def _candidates(size: float) -> list[float]:
    power = 10.0 ** math.floor(math.log10(size))
    return [m * power for m in MANTISSAS]


def step_at_least(least: float) -> float:
    """The smallest round step at least ``least`` (1 for a ``least`` that is not a positive number)."""
    if not (math.isfinite(least) and least > 0):
        return 1.0
    return next(step for step in _candidates(least) if step >= least * (1 - 1e-12))


def step_at_most(size: float) -> float:
    """The largest round step not above ``size`` (> 0)."""
    return max(step for step in _candidates(size)[:3] if step <= size * (1 + 1e-9))


def step_nearest(size: float) -> float:
    """The round step closest to ``size`` (> 0), on a logarithmic scale."""
    return min(_candidates(size), key=lambda step: abs(math.log(step / size)))
