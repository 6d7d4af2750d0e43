"""``python main.py bench --compiled``: the engine on its native code against numba at its best.

Three ratios of issue 33, in one run, on the double pendulum:

- one state: the engine's steps (``System.step``, one step of dt = N substeps a call, as the window and
  ``simulate`` take them) against numba's compile of the generated source called directly for many
  substeps at once (the most the engine's own code can do), both in processor time (one thread: the
  figure other programs on the machine leave alone);
- a batch of 10,000 states: the engine's batch path (``step_columns``) against a hand-written numba
  loop over the states (the textbook equations in (θ, ω), classic RK4, ``prange``);
- the chaos map 256² × 20 s (``chaosmap`` as the command runs it without ``--jobs``: every core)
  against a hand-written numba map (each cell run until it flips, ``prange`` over the cells).

A ratio is the engine's rate over the other's: ≥ 1 means the engine is as fast. Measured, not asserted.
"""

from __future__ import annotations

import builtins
import math
import os
import sys
import time
from collections.abc import Callable
from typing import TextIO

import numpy as np

from ...model import load_model
from ...physics import Simulation

G = 9.81


def _hand_written() -> tuple[Callable, Callable]:
    """The double pendulum (unit masses and lengths) by hand, compiled by numba: a batch of states
    advanced by RK4 substeps, and the chaos map's first flip times."""
    from numba import njit, prange

    @njit(inline="always")
    def f(th1, th2, w1, w2, g):
        d = th1 - th2
        s, c = math.sin(d), math.cos(d)
        den = 3.0 - math.cos(2.0 * d)
        a1 = (-3.0 * g * math.sin(th1) - g * math.sin(th1 - 2.0 * th2) - 2.0 * s * (w2 * w2 + w1 * w1 * c)) / den
        a2 = 2.0 * s * (2.0 * w1 * w1 + 2.0 * g * math.cos(th1) + w2 * w2 * c) / den
        return w1, w2, a1, a2

    @njit(inline="always")
    def rk4(y0, y1, y2, y3, h, g):
        half, sixth = 0.5 * h, h / 6.0
        k1 = f(y0, y1, y2, y3, g)
        k2 = f(y0 + half * k1[0], y1 + half * k1[1], y2 + half * k1[2], y3 + half * k1[3], g)
        k3 = f(y0 + half * k2[0], y1 + half * k2[1], y2 + half * k2[2], y3 + half * k2[3], g)
        k4 = f(y0 + h * k3[0], y1 + h * k3[1], y2 + h * k3[2], y3 + h * k3[3], g)
        return (y0 + sixth * (k1[0] + 2.0 * k2[0] + 2.0 * k3[0] + k4[0]),
                y1 + sixth * (k1[1] + 2.0 * k2[1] + 2.0 * k3[1] + k4[1]),
                y2 + sixth * (k1[2] + 2.0 * k2[2] + 2.0 * k3[2] + k4[2]),
                y3 + sixth * (k1[3] + 2.0 * k2[3] + 2.0 * k3[3] + k4[3]))

    @njit(parallel=True)
    def batch(Y, h, substeps, g):
        out = np.empty_like(Y)
        for i in prange(Y.shape[1]):
            y0, y1, y2, y3 = Y[0, i], Y[1, i], Y[2, i], Y[3, i]
            for _ in range(substeps):
                y0, y1, y2, y3 = rk4(y0, y1, y2, y3, h, g)
            out[0, i], out[1, i], out[2, i], out[3, i] = y0, y1, y2, y3
        return out

    @njit(parallel=True)
    def flips(a1, a2, h, steps, g):
        times = np.full(a1.size, np.nan)
        for i in prange(a1.size):
            y0, y1, y2, y3 = a1[i], a2[i], 0.0, 0.0
            for step in range(steps):
                y0, y1, y2, y3 = rk4(y0, y1, y2, y3, h, g)
                if abs(y1) > math.pi:
                    times[i] = (step + 1) * h
                    break
        return times

    return batch, flips


def best_of(fn: Callable[[], object], repeats: int = 3, clock: Callable[[], float] = time.perf_counter) -> float:
    """The shortest of a few timings of ``fn`` (seconds): the one least disturbed by other programs.
    One thread's work is timed by ``time.process_time`` (the processor time it took: waiting for a
    core that other programs hold is not counted), threads' by the wall clock."""
    best = math.inf
    for _ in range(repeats):
        start = clock()
        fn()
        best = min(best, clock() - start)
    return best


def bench_compiled(quick: bool = False, out: TextIO | None = None) -> int:
    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    try:
        batch_by_hand, flips_by_hand = _hand_written()
    except ImportError:
        print("numba is not installed: nothing to compare (the engine runs its plain path)")
        return 1
    from .chaosmap import MapWorker, default_jobs, make_job, map_seconds, run
    from .usage import find_model

    sim = Simulation(load_model(find_model("pendulo_doble")))
    system = sim.system.batch()
    assert system is not None
    began = time.perf_counter()
    if not system.wait_compiled(120):
        print("the native code is not there (CENM_COMPILE=0, or numba failed: see the log); the plain path only")
    print(f"double pendulum, dt = {system.delta * system.substeps:g} s, N = {system.substeps}; native code ready "
          f"after {time.perf_counter() - began:.2f} s; {os.cpu_count()} cores, load average "
          f"{', '.join(f'{v:.2f}' for v in os.getloadavg())}")
    ratios = []

    # -- one state ---------------------------------------------------------------------------
    state = sim.state
    steps = 200 if quick else 2000
    advance = system.code.advance.scalar
    args = (state.t, *state.q.tolist(), *state.p.tolist(), 0.0, 0.0, system.delta)
    many = steps * system.substeps
    direct = many / best_of(lambda: advance(*args, many), clock=time.process_time)
    for per_call in (1, 10):

        def steps_of(k: int = per_call) -> None:
            for _ in range(steps // k):
                sim.system.step(state, k)

        engine = steps * system.substeps / best_of(steps_of, 5, time.process_time)
        ratios.append((f"one state, {per_call} step{'s' if per_call > 1 else ''} of dt a call: engine / numba of the "
                       "generated source", engine, direct, 0.8))

    # -- a batch -------------------------------------------------------------------------------
    m = 2000 if quick else 10_000
    rng = np.random.default_rng(1)
    angles = rng.uniform(-2.0, 2.0, size=(2, m))
    q = [np.ascontiguousarray(a) for a in angles]
    zeros = [np.zeros(m), np.zeros(m)]
    batch_steps = 5 if quick else 20
    engine_batch = m * batch_steps * system.substeps / best_of(lambda: system.step_columns(0.0, [*q, *zeros], batch_steps))
    Y = np.ascontiguousarray(np.vstack([*q, *zeros]))
    batch_by_hand(Y, system.delta, 1, G)  # compiled before it is timed
    hand_batch = m * batch_steps * system.substeps / best_of(
        lambda: batch_by_hand(Y, system.delta, batch_steps * system.substeps, G))
    ratios.append((f"batch of {m:,}: engine / hand-written numba prange", engine_batch, hand_batch, 1.0))

    # -- the chaos map -------------------------------------------------------------------------
    grid, seconds, dt = (64, 5.0, 0.01) if quick else (256, 20.0, 0.01)
    job = make_job("pendulo_doble", "a1", "a2", grid, seconds, "abs(a2) > pi", dt=dt, substeps=1)
    worker = MapWorker(job)  # where the command runs it without --jobs: this process, its compiled loop
    result = run(job, default_jobs(worker, *map_seconds(job, worker=worker)), None)
    a1, a2 = np.meshgrid(job.x.centres(grid), job.y.centres(grid))
    a1, a2 = np.ascontiguousarray(a1.ravel()), np.ascontiguousarray(a2.ravel())
    flips_by_hand(a1[:4], a2[:4], dt, 2, G)  # compiled before it is timed
    started = time.perf_counter()
    hand_times = flips_by_hand(a1, a2, dt, round(seconds / dt), G)
    hand_wall = time.perf_counter() - started
    same = np.mean(np.isnan(hand_times) == np.isnan(result.times.ravel()))
    ratios.append((f"chaosmap {grid}² × {seconds:g} s: engine / hand-written numba map (maps per hour)",
                   3600 / result.wall, 3600 / hand_wall, 1.0))

    print(f"{'':<92}{'engine':>14}{'other':>14}{'ratio':>8}{'goal':>7}")
    for label, ours, theirs, goal in ratios:
        print(f"{label:<92}{ours:>14,.0f}{theirs:>14,.0f}{ours / theirs:>8.2f}{'≥ ' + format(goal, 'g'):>7}")
    print(f"(rates in substeps or state-substeps per second, of processor time for one state; the chaos map took {result.wall:.2f} s, the hand-written "
          f"one {hand_wall:.2f} s, and they agree on which cells flip in {same:.1%} of them)")
    return 0

