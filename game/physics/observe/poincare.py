"""A Poincaré section (SPEC §7.4): the state strobed once every drive period, as dots.

For a driven model the motion is looked at only at t = k·T (T the drive's period): a
periodic motion shows as a few points, a chaotic one as a fractal cloud. The strobe
instants rarely fall on the grid of dt, so the state at k·T is integrated from the step
before it with RK4 substeps that end exactly there — the same generated code, never an
interpolation — and the section does not depend on dt beyond the integration error.
"""

from __future__ import annotations

import math

import numpy as np

from ...expr.codegen import ARITHMETIC_ERRORS
from ..state import BatchPath, State
from .records import History
from .watched import Watched

#: strobes kept (a plot of hundreds of points is enough to see chaos)
SECTION_POINTS = 20_000


class PoincareSection:
    """A step observer that records (t, q, q̇) at every multiple of ``period`` seconds."""

    def __init__(self, coordinates: tuple[str, ...], velocities: tuple[str, ...], period: float,
                 capacity: int = SECTION_POINTS):
        if not period > 0:
            raise ValueError(f"a Poincaré section needs a positive period, not {period}")
        self.period = period
        #: one row per strobe: t, the coordinates, the velocities
        self.history = History(("t", *coordinates, *velocities), capacity)
        self._previous: State | None = None

    def on_break(self, sim: Watched) -> None:
        """The motion starts again: strobes go on from here, at the next multiple of the period
        (the points so far stay; where a run starts is no strobe, or a drag would leave a dot
        at every mouse motion)."""
        self._previous = sim.state

    def on_step(self, sim: Watched) -> None:
        before, now = self._previous, sim.state
        self._previous = now
        if before is None:
            return
        T = self.period
        k = math.floor(before.t / T + 1e-9) + 1
        while k * T <= now.t + 1e-9 * T:
            strobe = k * T
            on_grid = abs(now.t - strobe) <= 1e-9 * T
            # a model whose steps are more than the generated loop (contacts) is strobed at the end of
            # the step the instant falls in: up to dt late
            batch = None if on_grid else sim.system.batch()
            state = now if batch is None else self._integrate(batch, before, strobe)
            if state is not None:
                self._record(sim, state)
            k += 1

    @staticmethod
    def _integrate(system: BatchPath, start: State, t_end: float) -> State | None:
        """The state at ``t_end`` (inside the step after ``start``), by RK4 substeps no longer
        than the model's that end exactly there."""
        h = t_end - start.t
        substeps = max(1, math.ceil(h / system.delta - 1e-9))
        try:
            out = system.code.advance.scalar(start.t, *start.q.tolist(), *start.p.tolist(), 0.0, 0.0,
                                             h / substeps, substeps)
        except ARITHMETIC_ERRORS:
            return None
        n = system.n
        y = out[1:1 + 2 * n]
        if not all(math.isfinite(v) for v in y):
            return None
        return State(t_end, np.array(y[:n]), np.array(y[n:]))

    def _record(self, sim: Watched, state: State) -> None:
        qdot = sim.system.velocities(state)
        self.history.append((state.t, *state.q.tolist(), *qdot.tolist()))
