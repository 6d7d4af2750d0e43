"""Sensitivity to initial conditions, seen (SPEC §7.4): an ensemble of copies of the motion
and the largest Lyapunov exponent.

:class:`Ensemble` runs K copies started from the present conditions perturbed by a tiny
amount, all at once through the engine's batch path (:meth:`System.step_batch`, the same
generated code compiled for arrays; a mechanism's or a model with contacts' own batch,
:meth:`~game.physics.state.MotionSystem.step_copies`), and records their spread against time. For a regular
motion the spread grows slowly (linearly); for a chaotic one exponentially, a straight
line on a log scale whose slope is the Lyapunov exponent, until it fills the energy shell.

:class:`Lyapunov` estimates that exponent by the two-trajectory method (Benettin et al.):
a shadow state starts ``separation`` away from the motion; after every step of dt the
distance d between them in phase space (q, p) is measured, ln(d/d₀) is added up and the
shadow is pulled back to distance d₀ along the same direction. The sum over the time
elapsed is the estimate; it converges as 1/t.

Both are step observers: they follow every step of the simulation and start again from
the present state at every break (a drag, a reset, new parameters).
"""

from __future__ import annotations

import math

import numpy as np

from ...expr.codegen import ARITHMETIC_ERRORS
from ..state import BatchPath, SimulationError, State
from ..steppers import PIVOT_MIN
from .records import History
from .watched import Watched

#: copies in an ensemble unless told otherwise
COPIES = 50
#: how far each copy starts from the conditions: each coordinate and velocity moves by this
#: times a standard normal number (model units: radians, metres …)
PERTURBATION = 1e-6
#: spread samples kept (one per step)
SPREAD_POINTS = 20_000


class Ensemble:
    """K perturbed copies of a simulation's motion, advanced as one batch."""

    def __init__(self, copies: int = COPIES, size: float = PERTURBATION, seed: int = 0,
                 capacity: int = SPREAD_POINTS):
        self.copies = copies
        self.size = size
        self.rng = np.random.default_rng(seed)
        #: t and the spread of the copies' coordinates (RMS distance from their mean), per step
        self.spread = History(("t", "spread"), capacity)
        self.t = 0.0
        #: one state per row, (q…, p…), shape (K, 2n)
        self.Y = np.zeros((0, 0))
        self.work = np.zeros(0)
        #: the copies still moving (a copy whose arithmetic fails drops out)
        self.alive = np.zeros(0, dtype=bool)
        #: the perturbed conditions each copy started from: coordinates and velocities, (K, n) each
        self.start_q = np.zeros((0, 0))
        self.start_qdot = np.zeros((0, 0))

    def on_break(self, sim: Watched) -> None:
        """Perturbed copies of the present state (their momenta computed as a single run's are)."""
        q, qdot = sim.q, sim.qdot
        k, n = self.copies, len(q)
        self.start_q = q + self.size * self.rng.standard_normal((k, n))
        self.start_qdot = qdot + self.size * self.rng.standard_normal((k, n))
        rows, alive = [], []
        for qk, vk in zip(self.start_q, self.start_qdot):
            try:
                s = sim.system.state(qk, vk, sim.t)
            except SimulationError:  # a perturbed state the model cannot be in
                rows.append(np.full(2 * n, np.nan))
                alive.append(False)
                continue
            rows.append(np.concatenate((s.q, s.p)))
            alive.append(True)
        self.t = sim.t
        self.Y = np.array(rows)
        self.work = np.zeros(k)
        self.alive = np.array(alive)
        self.spread.restart((self.t, self.spread_now(n)))

    def on_step(self, sim: Watched) -> None:
        if not self.alive.any():
            return
        batch = sim.system.batch()
        if batch is None:
            self._step_copies(sim)
            return
        self._step_together(sim, batch)

    def _step_together(self, sim: Watched, system: BatchPath) -> None:
        """The copies still moving, as one batch through the array-compiled loop."""
        alive = self.alive
        # all copies moving, as almost always: whole arrays, not picked out and put back (a frame's cost)
        everyone = slice(None) if alive.all() else alive
        # work is tracked only where something does work (otherwise it is 0.0, not an array: cheaper)
        work = self.work[everyone] if sim.does_work else 0.0
        t, Y, work, ok = system.step_batch(self.t, self.Y[everyone], 1, work)
        self.t = t
        self.Y[everyone] = Y
        self.work[everyone] = work
        self.alive[everyone] = ok
        self.spread.append((t, self.spread_now(len(sim.state.q))))

    def _step_copies(self, sim: Watched) -> None:
        """Any other model steps its copies as its kind can: a mechanism as one batch of KKT
        solves, a model with contacts in one batch while no copy strikes or rests (those take the
        step on their own), see :meth:`~game.physics.state.MotionSystem.step_copies`."""
        alive = self.alive
        _, Y, work, ok = sim.system.step_copies(self.t, self.Y[alive], self.work[alive])
        self.t = sim.t
        self.Y[alive] = Y
        self.work[alive] = work
        self.alive[alive] = ok
        self.spread.append((self.t, self.spread_now(len(sim.state.q))))

    def spread_now(self, n: int) -> float:
        """RMS distance of the copies' coordinates from their mean (NaN with fewer than 2)."""
        Q = self.Y[self.alive, :n]
        m = len(Q)
        if m < 2:
            return math.nan
        D = Q - np.add.reduce(Q, axis=0) / m  # (ufuncs and einsum: np.mean's and np.sum's wrappers cost more, each frame)
        return math.sqrt(float(np.einsum("ij,ij->", D, D)) / m)

    def coordinates(self, n: int) -> np.ndarray:
        """The coordinates of the copies still moving, one row per copy (to draw them)."""
        return self.Y[self.alive, :n].copy()


class Lyapunov:
    """The largest Lyapunov exponent of the motion by two-trajectory renormalisation.

    The shadow is kept as a plain list (q…, p…) and advanced by the generated RK4 loop
    directly: per step it costs one step of the model and a few float operations, so the
    estimate is cheap enough to run beside the animation and for hundreds of seconds.
    """

    def __init__(self, separation: float = 1e-8, seed: int = 0):
        self.separation = separation
        self.rng = np.random.default_rng(seed)
        #: the shadow state (q…, p…) at the simulation's time, or None before the first break
        self.shadow: list[float] | None = None
        self.t0 = 0.0
        self.t = 0.0
        self.sum = 0.0

    @property
    def elapsed(self) -> float:
        return self.t - self.t0

    @property
    def estimate(self) -> float:
        """The exponent so far, in 1/s (NaN before the first step)."""
        return self.sum / self.elapsed if self.elapsed > 0 else math.nan

    def on_break(self, sim: Watched) -> None:
        self.t0 = self.t = sim.t
        self.sum = 0.0
        self.shadow = self._near(sim.state, self.rng.standard_normal(2 * len(sim.state.q)).tolist())

    def _near(self, state: State, direction: list[float]) -> list[float]:
        """The point ``separation`` away from ``state`` along ``direction`` in (q, p)."""
        scale = self.separation / math.sqrt(sum(d * d for d in direction))
        return [y + scale * d for y, d in zip((*state.q.tolist(), *state.p.tolist()), direction)]

    def on_step(self, sim: Watched) -> None:
        if self.shadow is None:
            return
        main = sim.state
        batch = sim.system.batch()
        n2 = 2 * len(main.q)
        if batch is None:  # contacts, events, a mechanism: through the system's stepper
            self._step_through(sim)
            return
        self._step_loop(sim, batch, n2)

    def _step_loop(self, sim: Watched, system: BatchPath, n2: int) -> None:
        """The shadow's step by the generated loop directly (no State made, no checks but the loop's)."""
        main = sim.state
        assert self.shadow is not None
        try:
            out = system.code.advance.scalar(self.t, *self.shadow, 0.0, 0.0, system.delta, system.substeps)
            moved = out[1:1 + n2]
            ok = out[-1] > PIVOT_MIN
        except ARITHMETIC_ERRORS:
            ok = False
        self.t = main.t
        apart = [a - b for a, b in zip(moved, (*main.q.tolist(), *main.p.tolist()))] if ok else []
        d = math.sqrt(sum(x * x for x in apart)) if ok else math.nan
        if not (d > 0 and math.isfinite(d)):  # the shadow cannot go on: start it again beside the motion
            self.shadow = self._near(main, self.rng.standard_normal(n2).tolist())
            return
        self.sum += math.log(d / self.separation)
        self.shadow = self._near(main, apart)

    def _step_through(self, sim: Watched) -> None:
        main = sim.state
        n = len(main.q)
        assert self.shadow is not None
        before = State(self.t, np.array(self.shadow[:n]), np.array(self.shadow[n:]))
        self.t = main.t
        system = sim.system
        # a mechanism with redundant constraints steps with the rows of Φq chosen where the state is:
        # the shadow's own rows, and the motion's back afterwards (or its next step takes the shadow's)
        own_rows = system.rank < system.m
        try:
            if own_rows:
                system.resume(before)
            moved = system.step(before, 1)
        except SimulationError:
            moved = None
        finally:
            if own_rows:
                system.resume(main)
        apart = [] if moved is None else (np.concatenate((moved.q - main.q, moved.p - main.p))).tolist()
        d = math.sqrt(sum(x * x for x in apart)) if apart else math.nan
        if not (d > 0 and math.isfinite(d)):
            self.shadow = self._near(main, self.rng.standard_normal(2 * n).tolist())
            return
        self.sum += math.log(d / self.separation)
        self.shadow = self._near(main, apart)
