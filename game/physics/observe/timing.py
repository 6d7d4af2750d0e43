"""Timing the motion (issue 36): a stopwatch that runs on model time, and a period timer that finds
the instants a quantity of the motion crosses a level, inside the step.

Both are observers of the simulation's steps (:mod:`.records`), so they read the model's own clock:
a stopwatch is right at ½× and at 4×, and a period does not depend on the frame rate. A crossing is
located on the cubic Hermite interpolant of q and q̇ between the ends of the step (the dense output
of the step), whose error is O(dt⁴): with dt = 0.01 the instant is found to ~1e-10 s, far below
what RK4 itself leaves in the motion.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable

import numpy as np

from .watched import Watched

#: what a period timer watches: a number of (t, q, q̇) that crosses 0 (a coordinate minus its level,
#: a body's signed distance to a line)
Signal = Callable[[float, np.ndarray, np.ndarray], float]

#: periods a timer keeps for its mean
KEPT = 5


def hermite(t0: float, q0: np.ndarray, v0: np.ndarray, t1: float, q1: np.ndarray, v1: np.ndarray,
            t: float) -> tuple[np.ndarray, np.ndarray]:
    """q and q̇ at ``t`` within the step from t0 to t1: the cubic through both ends with their slopes."""
    h = t1 - t0
    s = (t - t0) / h
    s2, s3 = s * s, s * s * s
    q = (2 * s3 - 3 * s2 + 1) * q0 + (s3 - 2 * s2 + s) * h * v0 + (3 * s2 - 2 * s3) * q1 + (s3 - s2) * h * v1
    v = ((6 * s2 - 6 * s) * (q0 - q1) / h + (3 * s2 - 4 * s + 1) * v0 + (3 * s2 - 2 * s) * v1)
    return q, v


def root(f: Callable[[float], float], a: float, b: float, fa: float, fb: float) -> float:
    """Where ``f`` is 0 between a and b, given fa < 0 ≤ fb (regula falsi, Illinois' way, which
    keeps the bracket and converges fast on a smooth f)."""
    if fb == 0.0:
        return b
    side = 0
    for _ in range(100):
        c = b - fb * (b - a) / (fb - fa)
        if not a < c < b:
            c = 0.5 * (a + b)
        fc = f(c)
        if fc == 0.0 or b - a <= 1e-13 * max(1.0, abs(b)):
            return c
        if fc < 0.0:
            a, fa = c, fc
            if side == -1:
                fb *= 0.5
            side = -1
        else:
            b, fb = c, fc
            if side == 1:
                fa *= 0.5
            side = 1
    return 0.5 * (a + b)


class Stopwatch:
    """Start, stop and reset, on the model's time: it adds the time of every step taken while it runs."""

    def __init__(self) -> None:
        self.running = False
        #: model seconds it has counted
        self.elapsed = 0.0
        self._last: float | None = None

    def start(self, t: float) -> None:
        self.running, self._last = True, t

    def stop(self) -> None:
        self.running = False

    def reset(self) -> None:
        """Back to 0 (and stopped)."""
        self.running, self.elapsed = False, 0.0

    def on_step(self, sim: Watched) -> None:
        if self.running and self._last is not None:
            self.elapsed += sim.t - self._last
        self._last = sim.t

    def on_break(self, sim: Watched) -> None:
        # the clock of the model starts again (Reset: t = 0): what was counted stays
        self._last = sim.t


class PeriodTimer:
    """The time between successive crossings of a signal through 0 the same way (upwards): the last
    period and the mean of the last :data:`KEPT`. A break of the motion (a drag, Reset, new
    parameters) starts it again."""

    def __init__(self, signal: Signal, kept: int = KEPT, cut: float = math.inf):
        self.signal = signal
        #: a signal that wraps (an angle kept within ±π) jumps by about 2π at its cut: a rise of
        #: ``cut`` or more within one step is that jump, not a crossing
        self.cut = cut
        #: the periods measured, oldest first (the last ``kept``)
        self.periods: deque[float] = deque(maxlen=kept)
        #: the instant of the last upward crossing, or None
        self.crossed: float | None = None
        self._last: tuple[float, np.ndarray, np.ndarray, float] | None = None

    def restart(self) -> None:
        """Nothing measured (the motion jumped, or the line moved)."""
        self.periods.clear()
        self.crossed = None
        self._last = None

    @property
    def period(self) -> float | None:
        """The last period measured, or None."""
        return self.periods[-1] if self.periods else None

    @property
    def mean(self) -> float | None:
        return sum(self.periods) / len(self.periods) if self.periods else None

    def _sample(self, sim: Watched) -> tuple[float, np.ndarray, np.ndarray, float]:
        t, q, v = sim.t, np.array(sim.q, dtype=float), np.array(sim.qdot, dtype=float)
        return t, q, v, float(self.signal(t, q, v))

    def on_step(self, sim: Watched) -> None:
        now = self._sample(sim)
        last, self._last = self._last, now
        if last is None or not (last[3] < 0.0 <= now[3]) or now[3] - last[3] >= self.cut:
            return
        t0, q0, v0, s0 = last
        t1, q1, v1, s1 = now

        def along(t: float) -> float:
            q, v = hermite(t0, q0, v0, t1, q1, v1, t)
            return float(self.signal(t, q, v))

        t = root(along, t0, t1, s0, s1)
        if self.crossed is not None:
            self.periods.append(t - self.crossed)
        self.crossed = t

    def on_break(self, sim: Watched) -> None:
        self.restart()
        self._last = self._sample(sim)
