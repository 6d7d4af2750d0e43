"""The cells of a ``chaosmap`` in machine code: the model's generated step and the ``--until``
condition in one numba loop (issue 33).

Each cell is stepped by the model's own ``advance`` (one step of dt a call, as the batch path
takes it) until its condition holds, its motion fails or the time runs out, and leaves the loop by
itself: no NumPy call per step over every column, no compacting of the columns. The condition
is generated from its trees as the model's code is (:func:`~game.expr.compile_trees`, never
``eval``) and compiled with the model's source by the background compiler of
:mod:`game.physics.lagrange.compiled`, ``prange`` over the cells.

The NumPy loop (:func:`.chaosmap_copies.first_times`) stays the reference and the fallback (no
numba, ``CENM_COMPILE=0``): the same steps, the same checks in the same order, so the first times
are its own, cell by cell, to the last bit; so is the cell and side a condition without a value
is said at.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

import numpy as np

from ...expr import CompiledFunction
from ...physics import BatchPath
from ...physics.lagrange.compiled import Kernel, start_kernel
from ...physics.steppers import PIVOT_MIN
from .chaosmap_copies import UntilError

#: the kernel's name in the module, and the types numba compiles it for: the cells' start states
#: (2n × m: q… then p…), steps, substeps a step, δ, the least pivot, whether a cell leaves when its
#: condition holds; out: each cell's time, steps taken, and which side had no value (1 left, 2 right)
KERNEL = "chaosmap_cells"
SIGNATURE = "(float64[:, ::1], int64, int64, float64, float64, boolean, float64[::1], int64[::1], int64[::1])"
#: the condition's function in the module
CONDITION = "until"

#: the comparisons a condition may make, as the kernel's text writes them
OPERATORS = (">", "<", ">=", "<=")


def kernel_text(n: int, op: str, velocities: bool) -> str:
    """The loop over the cells of a model of ``n`` coordinates whose condition compares its two
    sides by ``op``; ``velocities``: the condition reads q̇ (then rhs gives it after each step)."""
    if op not in OPERATORS:
        raise ValueError(f"not a comparison: {op!r}")
    q = [f"q{k}" for k in range(n)]
    p = [f"p{k}" for k in range(n)]
    state = ", ".join(q + p)
    loads = "\n".join(f"        {name} = Y[{k}, i]" for k, name in enumerate(q + p))
    unpack = "\n".join(f"                {name} = r[{k + 1}]" for k, name in enumerate(q + p))
    finite = " and ".join(f"math.isfinite({name})" for name in q + p)
    if velocities:
        qdot = ", ".join(f"v[{k}]" for k in range(n))
        velocity = f"            v = rhs(t, {state})\n"
    else:
        qdot, velocity = ", ".join(["0.0"] * n), ""
    return f'''

def {KERNEL}(Y, steps, substeps, delta, pivot_min, stop, times, taken, wrong):
    for i in prange(Y.shape[1]):
{loads}
        t = 0.0
        times[i] = math.nan
        taken[i] = steps
        wrong[i] = 0
        for step in range(steps + 1):
            if step > 0:
                r = advance(t, {state}, 0.0, 0.0, delta, substeps)
                t = t + substeps * delta
{unpack}
                if not (r[{2 * n + 3}] > pivot_min and math.isfinite(r[{2 * n + 1}] + r[{2 * n + 2}]) and {finite}):
                    times[i] = -1.0
                    taken[i] = step
                    break
{velocity}            sides = {CONDITION}(t, {", ".join(q)}, {qdot})
            left = sides[0]
            right = sides[1]
            bad = (0 if math.isfinite(left) else 1) + (0 if math.isfinite(right) else 2)
            if bad > 0:
                wrong[i] = bad
                times[i] = t
                taken[i] = step
                break
            if stop and left {op} right:
                times[i] = t
                taken[i] = step
                break
'''


def start(system: BatchPath, condition: CompiledFunction, op: str, velocities: bool) -> Kernel | None:
    """The kernel of ``system`` (a batch path) and ``condition`` (``until(t, q…, q̇…)`` → (left, right)),
    compiling in the background; None when the model has no native code (compiling off, numba missing)."""
    native = getattr(system.code, "native", None)  # (the generated code's numba build: its source and functions)
    if native is None:
        return None
    source = f"{native.source}\n\n{condition.source}"
    return start_kernel(source, (*native.functions, CONDITION), kernel_text(system.n, op, velocities), KERNEL,
                        SIGNATURE, parallel=True)


def first_times(kernel: Callable, system: BatchPath, columns: list[np.ndarray], steps: int,
                places: np.ndarray, starts: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, int]:
    """First times of the cells starting at ``columns`` (q…, p…), the condition asked at the start and
    after every step (NaN = never, −1 = the motion failed), and the state-substeps taken. ``places``
    are the cells' places in ``starts`` (their x and y); a condition without a value raises
    :class:`UntilError` where the NumPy loop says it: at the first step any cell meets one, the left
    side before the right, the first such cell."""
    m = len(places)
    times, taken, wrong = np.empty(m), np.empty(m, dtype=np.int64), np.zeros(m, dtype=np.int64)
    if m:
        Y = np.ascontiguousarray(np.array(columns, dtype=float).reshape(len(columns), m))
        kernel(Y, steps, system.substeps, system.delta, PIVOT_MIN, True, times, taken, wrong)
    if wrong.any():
        first = taken[wrong > 0].min()
        at = (wrong > 0) & (taken == first)
        side = 1 if np.any(wrong[at] & 1) else 2
        k = int(np.flatnonzero(at & ((wrong & side) > 0))[0])
        cell = places[k]
        raise UntilError(float(starts[0][cell]), float(starts[1][cell]), float(times[k]),
                         "left" if side == 1 else "right")
    return times, int(taken.sum()) * system.substeps


@contextlib.contextmanager
def one_thread() -> Iterator[None]:
    """numba's parallel loops on this thread alone for a while (a timing of one process's rate)."""
    import numba

    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(threads)


def seconds_per_cell(kernel: Callable, system: BatchPath, columns: list[np.ndarray], steps: int,
                     budget: float) -> float:
    """Wall seconds one cell may take on one thread run to the end (its condition asked, never leaving):
    the cells ``columns`` timed for one step, then twice as many each time, until ``budget`` seconds."""
    m = len(columns[0])
    Y = np.ascontiguousarray(np.array(columns, dtype=float).reshape(len(columns), m))
    times, taken, wrong = np.empty(m), np.empty(m, dtype=np.int64), np.zeros(m, dtype=np.int64)
    with one_thread():
        kernel(np.ascontiguousarray(Y[:, :1]), 1, system.substeps, system.delta, PIVOT_MIN, False, times, taken, wrong)  # (warm: not timed)
        done, k, began = 0, 1, time.perf_counter()
        while True:
            kernel(Y, k, system.substeps, system.delta, PIVOT_MIN, False, times, taken, wrong)
            done += k
            elapsed = time.perf_counter() - began
            if elapsed >= budget or done >= steps:
                break
            k = min(2 * k, steps - done)
    return steps * max(elapsed, 1e-9) / (done * m)
