"""The cells of a ``chaosmap`` of a mechanism or a model with contacts: copies of the motion stepped
together by :meth:`~game.physics.state.MotionSystem.step_copies` (issue 33).

A Lagrangian model whose steps are the generated loop alone goes through its batch path (the
columns of :meth:`BatchPath.step_columns`, :mod:`.chaosmap`). The other kinds step their copies
as one batch in their own way: a mechanism's KKT systems as a stack, a model with contacts in a
batch while nothing happens to a copy and on its own through an impact or a rest. Each cell
starts where a single run from its conditions starts (:meth:`MotionSystem.state`: a mechanism's
points assembled onto its bars), so its first time is that run's, to the step.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ...physics import SimulationError
from ...physics.state import MotionSystem

#: copies stepped to time one step when estimating a map (a model with contacts may step them one
#: by one: a few milliseconds each)
SAMPLE_CELLS = 64


class UntilError(Exception):
    """The --until condition has no finite value at a cell (``log`` of a negative number, a
    division by zero): said, never counted as holding or not. Plain numbers, so it crosses
    from a worker process."""

    def __init__(self, x: float, y: float, t: float, side: str):
        super().__init__(x, y, t, side)
        self.x, self.y, self.t, self.side = x, y, t, side


class Copies:
    """A job's cells stepped through ``step_copies`` of its system."""

    def __init__(self, motion: MotionSystem):
        self.motion = motion
        # the machine code of the copies' step (a mechanism's kernel, a model's generated loop): a map
        # would rather wait than run slowly
        motion.wait_copies(60.0)

    def velocities(self, t: float, cols: list[np.ndarray]) -> list[np.ndarray]:
        """q̇ of states given as columns (q…, then p… or q̇… as the system's states carry them)."""
        n = self.motion.n
        if self.motion.has_momenta:  # a Lagrangian model with contacts: q̇ = M⁻¹·p by its generated code
            return list(self.motion.code.rhs.array(t, *cols)[:n])  # type: ignore[attr-defined]
        return list(cols[n:])

    def starts(self, start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The states of the copies (one per row of q…, q̇… ``start``) as the system's single runs
        start, and which could start (an impossible assembly, a crossed contact: no)."""
        motion, n = self.motion, self.motion.n
        Y = np.zeros_like(start)
        ok = np.zeros(len(start), dtype=bool)
        for k, row in enumerate(start):
            try:
                state = motion.state(row[:n], row[n:], 0.0)
            except SimulationError:
                continue
            Y[k] = np.concatenate((state.q, state.p))
            ok[k] = bool(np.all(np.isfinite(Y[k])))
        return Y, ok

    def step(self, t: float, columns: list[np.ndarray], work: np.ndarray
             ) -> tuple[float, list[np.ndarray], np.ndarray, np.ndarray]:
        """One step of dt of the copies given as columns (what :func:`first_times` steps)."""
        with np.errstate(all="ignore"):
            t, Y, work, good = self.motion.step_copies(t, np.column_stack(columns), work)
            good = good & np.all(np.isfinite(Y), axis=1)
        return t, list(Y.T), work, good

    def run(self, worker: Any, start: np.ndarray, starts: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, int]:
        """First times of cells starting at the rows of ``start`` (NaN = never, −1 = the motion failed
        or could not start), and the state-substeps taken; ``worker`` (a chaosmap ``MapWorker``)
        asks the --until condition."""
        Y, ok = self.starts(start)
        return first_times(worker.holds, self.step, list(Y.T), ok, starts, worker.job.steps, self.motion.substeps)


#: holds(t, columns, good, places, starts) → where the --until condition holds (see chaosmap's MapWorker)
Holds = Callable[[float, list[np.ndarray], np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray]], np.ndarray]
#: step(t, columns, work) → (t, columns, work, good): one step of dt of the cells still running
Step = Callable[[float, list[np.ndarray], np.ndarray], tuple[float, list[np.ndarray], np.ndarray, np.ndarray]]


def first_times(holds: Holds, step: Step, columns: list[np.ndarray], ok: np.ndarray,
                starts: tuple[np.ndarray, np.ndarray], steps: int, substeps: int) -> tuple[np.ndarray, int]:
    """The NumPy loop of a map's cells, whatever steps them (the batch path's columns, a mechanism's or
    contacts' copies): the first time each cell's condition holds, asked at the start and after
    every step (NaN = never, −1 = the motion failed, or could not start where ``ok`` is False), and
    the state-substeps taken. A cell leaves the columns as soon as it is done."""
    cells = len(ok)
    times = np.full(cells, np.nan)
    times[~ok] = -1.0
    held = holds(0.0, columns, ok, np.arange(cells), starts)
    times[held] = 0.0
    keep = ok & ~held
    active = np.flatnonzero(keep)
    columns = [c[keep] for c in columns]
    work = np.zeros(len(active))
    t, taken = 0.0, 0
    for _ in range(steps):
        if not len(active):
            break
        t, columns, work, good = step(t, columns, work)
        taken += len(active) * substeps
        held = holds(t, columns, good, active, starts)
        gone = held | ~good
        if gone.any():
            times[active[held]] = t
            times[active[~good]] = -1.0
            stay = ~gone
            columns, work, active = [c[stay] for c in columns], work[stay], active[stay]
    return times, taken


def seconds_per_cell(copies: Copies, worker: Any, start: np.ndarray, steps: int, budget: float) -> float:
    """Wall seconds one cell of the map may take run to the end, from steps of a few copies of the
    model's own start timed until ``budget`` seconds (the --until condition asked after each)."""
    motion = copies.motion
    Y, ok = copies.starts(np.tile(start, (SAMPLE_CELLS, 1)))
    if not ok.any():
        return 0.0
    Y = Y[ok]
    work = np.zeros(len(Y))
    places = np.arange(len(Y))
    zeros = (np.zeros(len(Y)), np.zeros(len(Y)))
    with np.errstate(all="ignore"):  # the first step sets the batch up (a mechanism's stacks): not timed
        t, Y, work, _ = motion.step_copies(0.0, Y, work)
    done, began = 0, time.perf_counter()
    while done < steps:
        with np.errstate(all="ignore"):
            t, Y, work, good = motion.step_copies(t, Y, work)
        with contextlib.suppress(UntilError):  # a condition without a value here: the run says so
            worker.holds(t, list(Y.T), good, places, zeros)
        done += 1
        if time.perf_counter() - began >= budget:
            break
    return steps * (time.perf_counter() - began) / (done * len(Y))
