"""``python main.py bench``: how fast the engine is, measured, not asserted.

For each shipped model: RK4 substeps per second for one state and for a batch
of 1,000 states (a model with contacts: over a run of simulated seconds from its
conditions, impacts and resting contacts included; batches do not take contacts).
Then the engine against a hand-written NumPy RK4 of the exact equations of motion
of the double and triple pendulums (written below as a person would write them),
on the same states, with a check that both compute the same motion.

``bench --load``: how long an N-link pendulum chain (written by
:func:`pendulum_chain_text`, as a teacher would write it) takes to load — read, check,
derive and generate its code —, how fast it then runs against the clock, and the size of that code.

``bench --contacts`` measures how the cost of a step grows with the number of
contacts: boxes of 2 to 28 balls (4·k + k·(k − 1)/2 contacts each), the pairs of balls the
broad phase checks, and the ratio to the same balls in pymunk.

``bench --pile``: the same boxes with gravity and inelastic frictionless balls, once they
lie still in a pile on the floor (many contacts resting at once): simulated seconds per
second of wall time and of processor time, and how many event instants had to be located.
"""

from __future__ import annotations

import builtins
import itertools
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from ...model import load_model, read_catalog, read_model
from ...physics import Simulation, build_system
from ...physics.lagrange import numeric
from ..files import paths

BATCH = 1000


def _timed(fn: Callable[..., object], budget: float) -> tuple[float, int]:
    """Seconds per call of ``fn``, repeating for about ``budget`` seconds."""
    fn()  # warm up
    calls, start = 0, time.perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return elapsed / calls, calls


# -- the hand-written reference: equations of motion in (θ, ω), classic RK4 ------------------

def double_pendulum_rhs(y, g, m1, m2, l1, l2):
    """θ̈ of the double pendulum in closed form (textbook form); y = (θ1, θ2, ω1, ω2)."""
    th1, th2, w1, w2 = y
    d = th1 - th2
    den = 2 * m1 + m2 - m2 * np.cos(2 * d)
    a1 = (-g * (2 * m1 + m2) * np.sin(th1) - m2 * g * np.sin(th1 - 2 * th2)
          - 2 * np.sin(d) * m2 * (w2 ** 2 * l2 + w1 ** 2 * l1 * np.cos(d))) / (l1 * den)
    a2 = (2 * np.sin(d) * (w1 ** 2 * l1 * (m1 + m2) + g * (m1 + m2) * np.cos(th1)
                           + w2 ** 2 * l2 * m2 * np.cos(d))) / (l2 * den)
    return np.array([w1, w2, a1, a2])


def triple_pendulum_rhs(y, g, m, l):
    """θ̈ of the triple pendulum: M(θ)·θ̈ = −C(θ, ω) − G(θ), solved with NumPy."""
    th, w = y[:3], y[3:]
    mu = np.array([m[0] + m[1] + m[2], m[1] + m[2], m[2]])  # mass below each joint
    big = mu[np.maximum.outer(np.arange(3), np.arange(3))]
    d = th[:, None] - th[None, :]
    if th.ndim == 1:
        M = big * np.outer(l, l) * np.cos(d)
        C = (big * np.outer(l, l) * np.sin(d)) @ (w ** 2)
        G = mu * g * l * np.sin(th)
        return np.concatenate([w, np.linalg.solve(M, -C - G)])
    # batch: th, w have shape (3, k)
    ll = np.outer(l, l)[:, :, None]
    M = (big[:, :, None] * ll * np.cos(d)).transpose(2, 0, 1)
    S = (big[:, :, None] * ll * np.sin(d)).transpose(2, 0, 1)
    C = np.einsum("kij,jk->ki", S, w ** 2)
    G = (mu[:, None] * g * l[:, None] * np.sin(th)).T
    acc = np.linalg.solve(M, (-C - G)[:, :, None])[:, :, 0].T
    return np.concatenate([w, acc])


def rk4(f, y, h, steps):
    for _ in range(steps):
        k1 = f(y)
        k2 = f(y + h / 2 * k1)
        k3 = f(y + h / 2 * k2)
        k4 = f(y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def _hand_written(stem: str, params: dict[str, float]):
    if stem == "pendulo_doble":
        g, m1, m2, l1, l2 = (params[k] for k in ("g", "M", "m", "L", "l"))
        return lambda y: double_pendulum_rhs(y, g, m1, m2, l1, l2)
    g = params["g"]
    m = np.array([params["m1"], params["m2"], params["m3"]])
    l = np.array([params["l1"], params["l2"], params["l3"]])
    return lambda y: triple_pendulum_rhs(y, g, m, l)


# -- contacts ------------------------------------------------------------------------------


def _run_seconds(quick: bool) -> float:
    return 2.0 if quick else 10.0


def _run(sim: Simulation, seconds: float, cpu: bool = False) -> tuple[float, int]:
    """Substeps per second of wall time (or of this process's processor time, which other programs
    on the cores do not take, if ``cpu``) over ``seconds`` of simulated time, and the impacts."""
    steps = round(seconds / sim.model.general.dt)
    impacts = 0
    clock = time.process_time if cpu else time.perf_counter
    start = clock()
    for _ in range(steps):
        sim.step()
        impacts += len(sim.impacts)
    elapsed = clock() - start
    return steps * sim.model.general.n_substeps / elapsed, impacts


def _native(sim: Simulation) -> str:
    """Wait for the model's native code (the window switches to it when it is ready: that is what runs);
    the seconds it took, or — when the compiled path is off."""
    start = time.perf_counter()
    return f"{time.perf_counter() - start:.1f}" if sim.system.wait_copies(600.0) else "—"


#: runs of each box in ``bench --contacts`` (the fastest counts; one with --quick)
CONTACT_RUNS = 3


def bench_contacts(quick: bool = False, out: TextIO | None = None) -> int:
    """How a step's cost grows with the number of contacts: boxes of k balls (gas, e = 1), the
    pairs the broad phase checks, and the same box in pymunk (if installed) for scale."""
    from ...model import read_model
    from .ballbox import ball_box, contacts_in_box, pymunk_rate

    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    seconds, sizes = (1.0, (2, 5, 10)) if quick else (5.0, (2, 5, 7, 10, 16, 20, 28))
    print(f"Cost of contacts: a box of k balls, {seconds:g} simulated seconds each (dt = 0.02, N = 10);")
    print("pairs/window: pairs of balls the broad phase checks in a window of substeps (— : every contact")
    print("checked, fewer than 21 pairs); × pymunk: µs per substep against the same balls in pymunk's fixed steps")
    print("(times are this process's processor time, other programs on the cores do not take it; each box, and")
    print(f"pymunk's, is run {CONTACT_RUNS} times after one another and its fastest run counts: the machine's speed varies)")
    print("native s: seconds until its native code was ready (compiled, or read from the disk cache), — if off")
    print(f"{'balls':>6}{'contacts':>10}{'load s':>9}{'substeps/s':>13}{'µs/substep':>12}{'impacts/s':>11}"
          f"{'µs/substep/contact':>20}{'pairs/window':>14}{'× pymunk':>10}{'native s':>10}")
    with tempfile.TemporaryDirectory() as folder:
        for k in sizes:
            path = Path(folder) / f"caja{k}.dat"
            path.write_text(ball_box(k), encoding="utf-8")
            start = time.perf_counter()
            sim = Simulation(read_model(path))
            load = time.perf_counter() - start
            native = _native(sim)
            runs = [_run(sim, seconds, cpu=True) for _ in range(1 if quick else CONTACT_RUNS)]
            rate, impacts = max(rate for rate, _ in runs), sum(count for _, count in runs) / len(runs)
            contacts = contacts_in_box(k)
            phase: Any = getattr(getattr(sim.system, "stepper", None), "broad", None)
            pairs = f"{phase.checked / max(phase.windows, 1):.1f}" if phase is not None else "—"
            references = [pymunk_rate(k, seconds) for _ in range(1 if quick else CONTACT_RUNS)]
            reference = max((r for r in references if r is not None), default=None)
            ratio = f"{reference / rate:.1f}" if reference else "—"
            print(f"{k:>6}{contacts:>10}{load:>9.2f}{rate:>13,.0f}{1e6 / rate:>12.1f}{impacts / seconds:>11.1f}"
                  f"{1e6 / rate / contacts:>20.2f}{pairs:>14}{ratio:>10}{native:>10}")
    return 0


#: balls in the piles ``bench --pile`` measures (the first two with --quick)
PILES = (5, 10, 16, 20)
#: half the width of their box: 15.5 balls across, so that no row lies wedged wall to wall
PILE_HALF_WIDTH = 1.55


def bench_pile(quick: bool = False, out: TextIO | None = None) -> int:
    """A pile of frictionless balls at rest: a box of k balls with g = 9.81 and e = 0 run until
    they lie still, then timed."""
    from .ballbox import ball_box, contacts_in_box

    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    settle, seconds = (8.0, 1.0) if quick else (8.0, 4.0)
    print(f"A pile of frictionless balls at rest in a box {2 * PILE_HALF_WIDTH:g} wide (g = 9.81, e = 0, mu = 0, r = 0.1;"
          f" dt = 0.02, N = 10): {settle:g} s to")
    print(f"settle, then {seconds:g} simulated seconds timed (× real time: simulated seconds per second of the")
    print("clock, and per second of this process's processor time, which other programs on the cores do not take);")
    print("settling: the first seconds, the balls falling and landing, per second of processor time")
    print(f"load average before: {', '.join(f'{v:.2f}' for v in os.getloadavg())}")
    print(f"{'balls':>6}{'contacts':>10}{'resting':>9}{'× real time':>13}{'× per cpu s':>13}{'cpu µs/substep':>16}"
          f"{'events':>8}{'impacts':>9}{'max speed':>11}{'moved':>10}{'settling × cpu s':>18}")
    with tempfile.TemporaryDirectory() as folder:
        for k in PILES[:2] if quick else PILES:
            path = Path(folder) / f"pila{k}.dat"
            path.write_text(ball_box(k, g=9.81, e=0.0, half_width=PILE_HALF_WIDTH), encoding="utf-8")
            sim = Simulation(read_model(path))
            _native(sim)
            falling = time.process_time()
            sim.step(round(settle / sim.model.general.dt))
            falling = settle / (time.process_time() - falling)
            stepper: Any = getattr(sim.system, "stepper", None)  # a model with contacts: its ContactRK4
            located, q0 = getattr(stepper, "located", 0), sim.q.copy()
            steps, impacts = round(seconds / sim.model.general.dt), 0
            start, cpu = time.perf_counter(), time.process_time()
            for _ in range(steps):
                sim.step()
                impacts += len(sim.impacts)
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu
            resting = len(stepper._rest(sim.system, sim.state)[0]) if hasattr(stepper, "_rest") else 0
            substeps = steps * sim.model.general.n_substeps
            print(f"{k:>6}{contacts_in_box(k):>10}{resting:>9}{seconds / wall:>13.2f}{seconds / cpu:>13.2f}"
                  f"{1e6 * cpu / substeps:>16.0f}{getattr(stepper, 'located', 0) - located:>8}{impacts:>9}"
                  f"{float(np.max(np.abs(sim.qdot))):>11.1e}{float(np.max(np.abs(sim.q - q0))):>10.1e}{falling:>18.2f}")
    return 0


# -- the command ---------------------------------------------------------------------------

def bench_engine(quick: bool = False, models: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Print the engine's speed for the shipped models (or just ``models``, by stem)."""
    budget = 0.15 if quick else 1.0
    catalog = read_catalog(paths.CATALOG, paths.MODELS)

    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    print(f"Engine speed (RK4 substeps per second; batch = {BATCH} states advanced together;")
    print(f"with contacts: a run of {_run_seconds(quick):g} simulated seconds from the conditions, impacts included)")
    print(f"{'model':<26}{'nQ':>3}{'1 state':>14}{'batch':>12}{'states×substeps/s':>20}")
    rows = {}
    mechanisms = []
    for entry in catalog.entries:
        if models is not None and entry.stem not in models:
            continue
        model = load_model(entry.path)
        if model.mechanism is not None:
            mechanisms.append((entry.stem, model))
            continue
        sim = Simulation(model)
        system, n_sub = sim.system, model.general.n_substeps
        if model.contacts:
            rate, impacts = _run(sim, _run_seconds(quick))
            print(f"{entry.stem:<26}{model.n:>3}{rate:>14,.0f}{'—':>12}{'—':>20}"
                  f"   {len(model.contacts)} contacts, {impacts} impacts")
            continue
        state = sim.state
        per_step, _ = _timed(lambda system=system, state=state: system.step(state, 1), budget)
        single = n_sub / per_step
        rng = np.random.default_rng(0)
        base = np.concatenate([state.q, state.p])
        Y = base + rng.normal(0, 1e-3, (BATCH, base.size))
        per_batch_step, _ = _timed(lambda system=system, Y=Y: system.step_batch(0.0, Y, 1), budget)
        batch = n_sub / per_batch_step
        rows[entry.stem] = (sim, per_step / n_sub, per_batch_step / n_sub)
        print(f"{entry.stem:<26}{model.n:>3}{single:>14,.0f}{batch:>12,.0f}{batch * BATCH:>20,.0f}")

    if mechanisms:
        bench_mechanisms(mechanisms, budget, print, scaling=models is None or "cadena" in models)
    if not rows:
        return 0
    print()
    print("Against a hand-written NumPy RK4 of the exact equations of motion (time per substep;")
    print("ratio = engine / hand-written: below 1 the generic engine is faster)")
    print(f"{'model':<16}{'states':>7}{'engine µs':>12}{'hand µs':>12}{'ratio':>8}{'same motion (max |Δθ| after 1 s)':>36}")
    for stem in ("pendulo_doble", "pendulo_triple"):
        if stem not in rows:
            continue
        sim, engine_single, engine_batch = rows[stem]
        f = _hand_written(stem, sim.parameters)
        n = sim.model.n
        delta = sim.model.general.dt / sim.model.general.n_substeps
        y0 = np.concatenate([sim.q, sim.qdot])
        per_sub, _ = _timed(lambda f=f, y0=y0, delta=delta: rk4(f, y0, delta, 20), budget)
        hand_single = per_sub / 20
        # same physics: integrate 1 s both ways
        steps_1s = round(1.0 / delta)
        y_hand = rk4(f, y0, delta, steps_1s)
        after = build_system(sim.model, sim.parameters).step(sim.state, round(1.0 / sim.model.general.dt))
        diff = float(np.max(np.abs(y_hand[:n] - after.q)))
        print(f"{stem:<16}{1:>7}{engine_single * 1e6:>12.2f}{hand_single * 1e6:>12.2f}"
              f"{engine_single / hand_single:>8.2f}{diff:>36.1e}")
        rng = np.random.default_rng(0)
        Yb = (y0[:, None] + rng.normal(0, 1e-3, (2 * n, BATCH)))
        per_sub_b, _ = _timed(lambda f=f, Yb=Yb, delta=delta: rk4(f, Yb, delta, 5), budget)
        hand_batch = per_sub_b / 5
        print(f"{stem:<16}{BATCH:>7}{engine_batch * 1e6:>12.2f}{hand_batch * 1e6:>12.2f}"
              f"{engine_batch / hand_batch:>8.2f}{'':>36}")
    return 0


# -- the chaos map against a hand-written one ------------------------------------------------------

def hand_written_flip_times(a1: np.ndarray, a2: np.ndarray, seconds: float, dt: float,
                            g: float = 9.81) -> tuple[np.ndarray, int]:
    """The double pendulum (unit masses and lengths) released at rest from (a1, a2), by classic
    RK4 in (θ, ω) written out by hand over NumPy arrays, as a person would for speed: the
    first time |θ2| > π per cell (NaN = never), cells leaving the batch once they flip.
    Returns the times and the state-substeps taken."""
    th1, th2 = a1.astype(float).ravel(), a2.astype(float).ravel()
    w1, w2 = np.zeros_like(th1), np.zeros_like(th2)
    times = np.full(th1.size, np.nan)
    active = np.arange(th1.size)
    work, t = 0, 0.0
    h, half, sixth = dt, dt / 2, dt / 6

    def f(th1, th2, w1, w2):
        d = th1 - th2
        s, c = np.sin(d), np.cos(d)
        den = 3.0 - np.cos(2 * d)  # 2·m1 + m2 − m2·cos 2d with m1 = m2 = 1
        a1 = (-3.0 * g * np.sin(th1) - g * np.sin(th1 - 2 * th2) - 2 * s * (w2 * w2 + w1 * w1 * c)) / den
        a2 = 2 * s * (2.0 * w1 * w1 + 2.0 * g * np.cos(th1) + w2 * w2 * c) / den
        return w1, w2, a1, a2

    for step in range(round(seconds / dt)):
        if not len(active):
            break
        k1 = f(th1, th2, w1, w2)
        k2 = f(th1 + half * k1[0], th2 + half * k1[1], w1 + half * k1[2], w2 + half * k1[3])
        k3 = f(th1 + half * k2[0], th2 + half * k2[1], w1 + half * k2[2], w2 + half * k2[3])
        k4 = f(th1 + h * k3[0], th2 + h * k3[1], w1 + h * k3[2], w2 + h * k3[3])
        th1 = th1 + sixth * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
        th2 = th2 + sixth * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
        w1 = w1 + sixth * (k1[2] + 2 * k2[2] + 2 * k3[2] + k4[2])
        w2 = w2 + sixth * (k1[3] + 2 * k2[3] + 2 * k3[3] + k4[3])
        t = (step + 1) * dt
        work += len(active)
        flipped = np.abs(th2) > np.pi
        if flipped.any():
            times[active[flipped]] = t
            keep = ~flipped
            th1, th2, w1, w2, active = th1[keep], th2[keep], w1[keep], w2[keep], active[keep]
    return times, work


def bench_chaosmap(quick: bool = False, out: TextIO | None = None) -> int:
    """The chaos map of the double pendulum (SPEC §7.4) at 256² (and 512²) × 20 s, dt 0.01, one
    substep: wall time and state-substeps per second, on every core and on one, next to the
    engine's plain batch rate and a hand-written batch RK4 of the same system."""
    from .chaosmap import make_job, run

    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    grids = (64,) if quick else (256, 512)
    seconds, dt = (5.0, 0.01) if quick else (20.0, 0.01)
    print(f"Chaos map of the double pendulum: abs(a2) > pi, a1, a2 ∈ [−π, π], {seconds:g} s, dt {dt:g}, 1 substep")
    print(f"load average before: {', '.join(f'{v:.2f}' for v in os.getloadavg())} (other programs share the cores)")
    print("(processes > 1: a local dask cluster; 'start s' is the time to start it, not in 'wall s')")
    print(f"{'grid':>6}{'processes':>11}{'start s':>9}{'wall s':>9}{'cpu s':>8}{'state-substeps':>17}{'per second':>14}"
          f"{'per cpu s':>14}{'flipped':>9}{'cells/s':>11}")
    first = None
    for grid in grids:
        job = make_job("pendulo_doble", "a1", "a2", grid, seconds, "abs(a2) > pi", dt=dt, substeps=1)
        for processes in ((None, 1) if grid == grids[0] else (None,)):
            r = run(job, processes, None)
            flipped = float(np.mean(r.times >= 0))
            print(f"{grid:>6}{r.processes:>11}{r.start:>9.2f}{r.wall:>9.2f}{r.cpu:>8.2f}{r.work:>17,}"
                  f"{r.work / r.wall:>14,.0f}{r.work / r.cpu:>14,.0f}{flipped:>9.1%}{grid * grid / r.wall:>11,.0f}")
            if processes == 1:
                first = (job, r)
    assert first is not None
    job, engine = first
    # the hand-written map on one core, over the same cells
    a1, a2 = np.meshgrid(job.x.centres(job.grid), job.y.centres(job.grid))
    start, cpu = time.perf_counter(), time.process_time()
    hand_times, hand_work = hand_written_flip_times(a1, a2, seconds, dt)
    hand_wall, hand_cpu = time.perf_counter() - start, time.process_time() - cpu
    hand_rate, engine_rate = hand_work / hand_cpu, engine.work / engine.cpu
    engine_steps, hand_steps = np.round(engine.times.ravel() / dt), np.round(hand_times / dt)
    either = ~np.isnan(engine_steps) | ~np.isnan(hand_steps)
    same = np.mean(engine_steps[either] == hand_steps[either])
    print(f"{job.grid:>6}{'hand, 1':>11}{'':>9}{hand_wall:>9.2f}{hand_cpu:>8.2f}{hand_work:>17,}{hand_work / hand_wall:>14,.0f}"
          f"{hand_rate:>14,.0f}{np.mean(~np.isnan(hand_times)):>9.1%}")
    print(f"one core, per processor second: engine / hand-written rate = {engine_rate / hand_rate:.2f} "
          f"(of the cells that flip, {same:.1%} flip at the same step in both; chaotic ones part with round-off)")
    # the engine's plain batch rate: one batch of half the map, no condition, nobody leaving
    sysm = Simulation(make_job("pendulo_doble", "a1", "a2", 4, seconds, "abs(a2) > pi", dt=dt, substeps=1).model).system.batch()
    assert sysm is not None
    cols = [np.asarray(c, dtype=float) for c in (a1.ravel(), a2.ravel(), np.zeros(a1.size), np.zeros(a1.size))]
    steps = 50
    start = time.process_time()
    for _ in range(steps):
        _, cols, _, _ = sysm.step_columns(0.0, cols, 1)
    batch = a1.size * steps / (time.process_time() - start)
    print(f"engine, one batch of {a1.size:,} states, no condition: {batch:,.0f} state-substeps per processor second")
    return 0


# -- mechanisms --------------------------------------------------------------------------------

def bench_mechanisms(mechanisms, budget: float, print: Callable[..., None], scaling: bool = True) -> None:
    """Mechanisms step one state at a time (a KKT solve per RK4 stage, a projection per step):
    time per substep for the shipped ones, then how it grows with the number of points."""
    print()
    print("Mechanisms (constrained RK4: one KKT solve per stage with the rank r of the m constraints,")
    print("chosen after each step when some are redundant; positions and velocities projected after each step)")
    print(f"{'model':<26}{'points':>7}{'n':>4}{'m':>4}{'r':>4}{'µs/substep':>12}{'substeps/s':>12}")
    for stem, model in mechanisms:
        _mechanism_row(stem, model, budget, print)
    if not scaling:
        return
    print()
    print("How the cost grows: chains of k massive bars hanging from a fixed point (k free points), and")
    print("trusses of k cranks carrying a triangulated beam (k free points, k − 2 redundant constraints)")
    for k in (2, 4, 8, 16, 30):  # 30: the most free points a mechanism may have (LIMITS)
        _mechanism_row(f"cadena k={k}", read_model(f"cadena{k}.dat", chain_text(k)), budget, print)
    for k in (3, 6, 12, 24):
        _mechanism_row(f"celosía k={k}", read_model(f"celosia{k}.dat", truss_text(k)), budget, print)


def _mechanism_row(label: str, model, budget: float, print: Callable[..., None]) -> None:
    sim = Simulation(model)
    system = sim.system
    n_sub = model.general.n_substeps
    per_step, _ = _timed(lambda: system.step(sim.state, 1), budget)
    free = len(model.mechanism.free_points)
    print(f"{label:<26}{free:>7}{system.n:>4}{system.m:>4}{system.rank:>4}"
          f"{per_step / n_sub * 1e6:>12.1f}{n_sub / per_step:>12,.0f}")


def chain_text(k: int) -> str:
    """A chain of ``k`` uniform bars hanging from a fixed point, started horizontal."""
    points = "\n".join(f"<POINT>P{i}|{i}|0|0|0|{int(i == 0)}</POINT>" for i in range(k + 1))
    bars = "\n".join(f"<BAR>b{i}|P{i}|P{i + 1}|1</BAR>" for i in range(k))
    return f"<GENERAL>\ndt=0.01\nN=5\n</GENERAL>\n<MECHANISM>\n<GRAVITY>'9.81'</GRAVITY>\n{points}\n{bars}\n</MECHANISM>\n"


def truss_text(k: int) -> str:
    """``k`` equal cranks on pivots in a zigzag, carrying a beam triangulated between their ends:
    one degree of freedom, 3k − 3 constraints of rank 2k − 1."""
    rows = []
    for i in range(k):
        y = 0.5 * (i % 2)
        rows.append(f"<POINT>O{i}|{i}|{y}|0|0|1</POINT>")
        rows.append(f"<POINT>C{i}|{i}|{y} + 0.4|-2|0|0</POINT>")
        rows.append(f"<BAR>m{i}|O{i}|C{i}|1</BAR>")
    rows += [f"<BAR>a{i}|C{i}|C{i + 1}|1</BAR>" for i in range(k - 1)]
    rows += [f"<BAR>d{i}|C{i}|C{i + 2}|1</BAR>" for i in range(k - 2)]
    body = "\n".join(rows)
    return f"<GENERAL>\ndt=0.01\nN=5\n</GENERAL>\n<MECHANISM>\n<GRAVITY>'9.81'</GRAVITY>\n{body}\n</MECHANISM>\n"


# -- loading cost: N-link chains ----------------------------------------------------------------

#: Chains measured by ``bench --load`` (the last ones are left out with --quick).
CHAINS = (5, 10, 20, 30, 40)


def pendulum_chain_text(n: int, length: float = 1.5, dt: float = 0.02, substeps: int = 10) -> str:
    """A model file of an n-link pendulum chain: equal point masses m at the joints, links
    of length ``length``/n, angles aₖ from the downward vertical, written as a teacher writes
    the triple pendulum (Mₖ = mₖ + … + mₙ, the mass below joint k)."""
    l = length / n
    rows = ["<P>g|9.81|aceleración de la gravedad</P>"]
    rows += [f"<P>m{k}|1|masa {k}</P>" for k in range(1, n + 1)]
    rows += [f"<P>l{k}|{l!r}|longitud {k}</P>" for k in range(1, n + 1)]
    rows += [f"<P>M{k}|{'+'.join(f'm{j}' for j in range(k, n + 1))}|masa bajo la articulación {k}</P>"
             for k in range(1, n + 1)]
    cis = [f"<CI>a{k}|{0.2 + 0.3 * k / n:.3f}|ángulo {k}</CI>" for k in range(1, n + 1)]
    cis += [f"<CI>va{k}|0|velocidad angular {k}</CI>" for k in range(1, n + 1)]
    tm, ek = [], []
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            value = f"M{i}·l{i}²" if i == j else f"M{max(i, j)}·l{i}·l{j}·cos(a{i}-a{j})"
            tm.append(f"<T>{i - 1},{j - 1}|'{value}'</T>")
        ek.append(f"½·M{i}·l{i}²·va{i}²")
        ek += [f"M{j}·l{i}·l{j}·cos(a{i}-a{j})·va{i}·va{j}" for j in range(i + 1, n + 1)]
    ep = "-g·(" + " + ".join(f"M{k}·l{k}·cos(a{k})" for k in range(1, n + 1)) + ")"
    graphics = ["<G>Bar|b1|0.02|'l1'|'0'|'0'|'a1'|'0'|'0'|'va1'|1|-1</G>"]
    for k in range(2, n + 1):
        p = f"b{k - 1}"
        graphics.append(f"<G>Bar|b{k}|0.02|'l{k}'|Obj[{p},_xf]|Obj[{p},_yf]|'a{k}'|"
                        f"Obj[{p},_vxf]|Obj[{p},_vyf]|'va{k}'|1|{p}</G>")
    graphics += [f"<G>C|C{k}|0.03|Obj[b{k},_xf]|Obj[b{k},_yf]|Obj[b{k},_vxf]|Obj[b{k},_vyf]|1|b{k}|{int(k == n)}</G>"
                 for k in range(1, n + 1)]
    nl = "\n"
    return (f"<GENERAL>{nl}escala={round(200 / length)}{nl}Ox=0{nl}Oy=-150{nl}dt={dt}{nl}N={substeps}{nl}nQ={n}{nl}"
            f"</GENERAL>{nl}<PARAMETERS>{nl}{nl.join(rows)}{nl}</PARAMETERS>{nl}<CIs>{nl}{nl.join(cis)}{nl}</CIs>{nl}"
            f"<TMATRIX>{nl}{nl.join(tm)}{nl}</TMATRIX>{nl}<ENERGIES>{nl}<Ek>{' + '.join(ek)}</Ek>{nl}<Ep>{ep}</Ep>{nl}"
            f"</ENERGIES>{nl}<GRAPHICS>{nl}{nl.join(graphics)}{nl}</GRAPHICS>{nl}")


def load_chain(path: Path) -> tuple[Simulation, dict[str, float]]:
    """Load a chain as the window does, timing each phase (seconds)."""
    times = {}
    start = time.perf_counter()
    model = load_model(path)
    times["read + check"] = time.perf_counter() - start
    mark = time.perf_counter()
    sim = Simulation(model)
    times["engine"] = time.perf_counter() - mark
    mark = time.perf_counter()
    sim.system.kinematics()
    times["drawing"] = time.perf_counter() - mark
    times["total"] = time.perf_counter() - start
    return sim, times


def real_time_factor(sim: Simulation, budget: float) -> float:
    """Simulated seconds per wall second, one state, stepping as the window does."""
    state, steps, start = sim.state, 0, time.perf_counter()
    while time.perf_counter() - start < budget:
        state = sim.system.step(state, 1)
        steps += 1
    return steps * sim.model.general.dt / (time.perf_counter() - start)


def bench_look(models: Sequence[str] | None = None, out: TextIO | None = None, after: float = 0.0) -> int:
    """The automatic framing's look ahead (:mod:`game.app.session.looking`) of each model of the menu:
    how far it sees and the processor time it takes, the best of three. Its work is counted,
    not timed (:data:`~game.app.session.looking.LOOK_AHEAD_WORK`, about 0.15 s): what this prints shows
    whether the costs it is counted by still hold on this machine. ``models``: only these stems;
    ``after``: looked at from the state each reaches after this many seconds of its motion (a
    ladder come to rest on its wall and floor), not the one it opens in."""

    from ..files.settings import Settings
    from ..session import looking
    from ..session.session import Session

    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    catalog = read_catalog(paths.CATALOG, paths.MODELS)
    print(f"The framing's look ahead: {looking.LOOK_AHEAD:g} s of motion or {looking.LOOK_AHEAD_WORK:,} µs of "
          "counted work, whichever is less")
    print(f"load average before: {', '.join(f'{v:.2f}' for v in os.getloadavg())} (other programs share the cores)")
    if after > 0:
        print(f"from the state after {after:g} s of each model's motion")
    print(f"{'model':<28}{'counted µs/substep':>19}{'seen s':>8}{'cpu ms':>8}{'measured µs/substep':>20}")
    worst = 0.0
    for entry in catalog.entries:
        if models and entry.stem not in models:
            continue
        session = Session(catalog, Settings())
        session.open(entry.stem)
        sim, g = session.sim, session.sim.model.general
        if after > 0:
            sim.step(math.ceil(after / g.dt - 1e-9))
        best = math.inf
        for _ in range(3):
            looking._seen.clear()  # looked at anew each time, not taken from what was kept
            start = time.process_time()
            session.framer.look_ahead()
            best = min(best, time.process_time() - start)
        wanted = math.ceil(looking.LOOK_AHEAD / g.dt - 1e-9)
        steps = min(wanted, max(1, looking.LOOK_AHEAD_WORK // (looking.substep_cost(sim) * g.n_substeps)))
        worst = max(worst, best)
        print(f"{entry.stem:<28}{looking.substep_cost(sim):>19}{steps * g.dt:>8.2f}{best * 1000:>8.1f}"
              f"{best / (steps * g.n_substeps) * 1e6:>20.1f}")
    print(f"the longest look took {worst * 1000:.0f} ms of processor time")
    return 0


def bench_load(quick: bool = False, out: TextIO | None = None) -> int:
    """Print the load time and speed of N-link chains (5, 10, 20; 30 and 40 without ``quick``)."""
    chains = CHAINS[:3] if quick else CHAINS

    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    print("Loading an N-link pendulum chain (seconds), and how fast it then runs "
          f"(from {numeric.BIG_MODEL} links the mass matrix and forces in numbers)")
    print(f"{'N':>4}{'file kB':>9}{'read+check':>12}{'engine':>9}{'drawing':>9}{'total':>8}"
          f"{'substeps/s':>12}{'× real time':>13}{'path':>10}{'code kB':>9}")
    measured = []
    with tempfile.TemporaryDirectory() as folder:
        for n in chains:
            path = Path(folder) / f"cadena{n}.dat"
            path.write_text(pendulum_chain_text(n), encoding="utf-8")
            sim, times = load_chain(path)
            factor = real_time_factor(sim, 0.1 if quick else 1.0)
            rate = factor / sim.model.general.dt * sim.model.general.n_substeps
            code = getattr(sim.system, "code", None)
            kind = "numeric" if code is not None and code.cost is not None else "generated"
            measured.append((n, times["total"], rate))
            print(f"{n:>4}{path.stat().st_size / 1000:>9.1f}{times['read + check']:>12.2f}{times['engine']:>9.2f}"
                  f"{times['drawing']:>9.2f}{times['total']:>8.2f}{rate:>12,.0f}{factor:>13.1f}{kind:>10}"
                  f"{len(code.source) / 1000 if code is not None else 0:>9.1f}")
    for (n0, load0, rate0), (n1, load1, rate1) in itertools.pairwise(measured):
        grow = math.log(n1 / n0)
        print(f"N {n0} → {n1}: load grows as N^{math.log(load1 / load0) / grow:.2f}, "
              f"a substep's cost as N^{math.log(rate0 / rate1) / grow:.2f}")
    return 0
