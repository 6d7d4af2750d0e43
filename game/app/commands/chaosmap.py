"""``python main.py chaosmap``: how long until something happens, over a grid of starts (SPEC §7.4).

N×N copies of a model start from the conditions of its file with two of them, ``--x`` and
``--y``, swept over a grid; each runs until its ``--until`` condition first holds (for the
double pendulum ``abs(a2) > pi``: the lower arm flips) or ``--seconds`` pass. The result is
a grid of first times, written as CSV (``x,y,time``; an empty time = never) and as a
picture (log-time colours, never = white).

How it is fast: the copies advance together through the engine's batch path
(:meth:`System.step_batch`, the model's generated code compiled for arrays); a cell whose
condition holds leaves the batch at once, so the work shrinks as cells finish; row blocks
of the grid are shared among processes, one per core. The condition is an expression of
the model's language with one comparison (``>``, ``<``, ``>=``, ``<=``, ``≥``, ``≤``): its
two sides are parsed into trees and compiled, never evaluated as Python.

Headless: no pygame (the PNG is written by :func:`write_png`, a few lines over zlib).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

import numpy as np

from ...expr import (
    TIME,
    Expression,
    ExpressionError,
    Location,
    Node,
    algebra,
    canonical_name,
    check_names,
    compile_trees,
    names_in,
    parse,
)
from ...expr.parser import suggestion
from ...messages import counted, msg, thousands
from ...model import ModelFile, ModelFileError, load_model
from ...model.reader import LIMITS
from ...physics import BatchPath, Simulation, SimulationError
from ...physics.observe.series import angular_coordinates
from ...physics.steppers import PIVOT_MIN
from .simulate import MAX_RUN_SECONDS, SAY_SECONDS, duration, how_many
from .usage import UsageError, check_output, find_model, parse_settings, write_failed

#: comparison operators of --until, longest first so ">=" is not read as ">"
COMPARISONS = (">=", "<=", "≥", "≤", ">", "<")

#: cells per batch a worker advances together: big enough that NumPy's per-call cost is
#: small against the arithmetic, small enough to stay in the processor's cache and to give
#: the progress bar something to show
BLOCK_CELLS = 8192

#: the largest --grid: 2048² = 4.2 million cells, a CSV of about 200 MB
MAX_GRID = 2048
#: state-substeps (cells × steps × N) a map may mean whatever the speed: hours on two cores
#: at the batch path's best rate; the estimate from a measured rate (:func:`map_seconds`)
#: refuses most long maps before this does
MAX_STATE_SUBSTEPS = 10**12

#: colours of the picture, fast to slow (log time): the viridis scale's anchors
PALETTE = np.array([(68, 1, 84), (72, 40, 120), (62, 74, 137), (49, 104, 142), (38, 130, 142),
                    (31, 158, 137), (53, 183, 121), (110, 206, 88), (181, 222, 43), (253, 231, 37)], float)
NEVER = (255, 255, 255)
FAILED = (200, 200, 200)


@dataclass(frozen=True)
class Axis:
    """One swept condition: its name, its index among the coordinates then velocities, its range."""

    name: str
    index: int
    lo: float
    hi: float

    def centres(self, n: int) -> np.ndarray:
        """The centre of each of ``n`` equal cells of [lo, hi]. Written as mid + k·half/n with
        k = 2i+1−n an exact integer, so a range symmetric about 0 gives exactly symmetric
        values (x[n−1−i] = −x[i]) and symmetric motions stay symmetric to the last bit."""
        mid, half = (self.lo + self.hi) / 2, (self.hi - self.lo) / 2
        k = 2 * np.arange(n) + 1 - n
        return mid + k * half / n


@dataclass(frozen=True)
class Until:
    """``LEFT op RIGHT`` as trees of t, the coordinates and the velocities (parameters bound)."""

    text: str
    left: Node
    op: str
    right: Node
    #: the condition reads velocities (then q̇ is computed for each check)
    uses_velocities: bool


@dataclass(frozen=True)
class Job:
    """Everything a worker needs, as plain data (it may be sent to another process)."""

    model: ModelFile
    #: the parameters and conditions changed with --set (expressions)
    overrides: dict[str, Expression]
    condition_overrides: dict[str, Expression]
    #: every parameter's value
    parameters: dict[str, float]
    q: tuple[float, ...]
    qdot: tuple[float, ...]
    x: Axis
    y: Axis
    grid: int
    seconds: float
    until: Until

    @property
    def steps(self) -> int:
        return round(self.seconds / self.model.general.dt)


# -- reading the command line ---------------------------------------------------------------

def parse_axis(text: str, model: ModelFile, parameters: dict[str, float], option: str) -> Axis:
    """``NAME`` or ``NAME=LO:HI`` (LO, HI expressions of the parameters and pi). Without a
    range an angle sweeps −π:π; anything else needs one."""
    name, _, span = text.partition("=")
    name = canonical_name(name.strip())
    names = [*model.coordinates, *model.velocities]
    if name not in names:
        raise UsageError(msg("chaosmap.not_a_condition", option=option, name=name, names=", ".join(names),
                             hint=suggestion(name, names)))
    if not span:
        if name not in angular_coordinates(model):
            raise UsageError(msg("chaosmap.range_needed", option=option, name=name))
        return Axis(name, names.index(name), -math.pi, math.pi)
    if span.count(":") != 1:
        raise UsageError(msg("chaosmap.range_syntax", option=option, name=name, span=span))
    ends = []
    offset = len(name) + 1
    for part in span.split(":"):
        try:
            expr = parse(part, Location(option, 1, offset + 1))
            check_names(expr, parameters, msg("where.range"))
            ends.append(algebra.constant_value(algebra.bind(expr.tree, parameters)))
        except ExpressionError as exc:
            raise UsageError(str(exc)) from None
        offset += len(part) + 1
    lo, hi = ends
    if lo is None or hi is None or not (math.isfinite(lo) and math.isfinite(hi)) or not lo < hi:
        raise UsageError(msg("chaosmap.range_order", option=option, name=name, span=span))
    return Axis(name, names.index(name), lo, hi)


def parse_until(text: str, model: ModelFile, parameters: dict[str, float]) -> Until:
    """The ``--until`` condition: one comparison between two expressions of t, the coordinates,
    the velocities, the parameters and the model's measures."""
    depth, found = 0, None
    i = 0
    while i < len(text):
        ch = text[i]
        depth += (ch == "(") - (ch == ")")
        if depth == 0:
            op = next((o for o in COMPARISONS if text.startswith(o, i)), None)
            if op is not None:
                if found is not None:
                    raise UsageError(msg("chaosmap.one_comparison", op=op, column=i + 1))
                found = (i, op)
                i += len(op)
                continue
        i += 1
    if found is None:
        raise UsageError(msg("chaosmap.no_comparison"))
    at, op = found
    measures = {m.name: m.value.tree for m in model.measures}
    known = [*parameters, *model.coordinates, *model.velocities, TIME, *measures]
    sides = []
    for part, start in ((text[:at], 0), (text[at + len(op):], at + len(op))):
        if not part.strip():
            raise UsageError(msg("chaosmap.nothing_left" if start == 0 else "chaosmap.nothing_right", op=op))
        try:
            expr = parse(part, Location("--until", 1, start + 1))
            check_names(expr, known, msg("where.until"))
        except ExpressionError as exc:
            raise UsageError(str(exc)) from None
        sides.append(algebra.bind(algebra.substitute(expr.tree, measures), parameters))
    reads = names_in(sides[0]) | names_in(sides[1])
    return Until(text, sides[0], {"≥": ">=", "≤": "<="}.get(op, op), sides[1],
                 bool(reads & set(model.velocities)))


# -- the work ---------------------------------------------------------------------------------

class UntilError(Exception):
    """The --until condition has no finite value at a cell (``log`` of a negative number, a
    division by zero): said, never counted as holding or not. Plain numbers, so it crosses
    from a worker process."""

    def __init__(self, x: float, y: float, t: float, side: str):
        super().__init__(x, y, t, side)
        self.x, self.y, self.t, self.side = x, y, t, side


_COMPARE = {">": np.greater, "<": np.less, ">=": np.greater_equal, "<=": np.less_equal}


class _Worker:
    """A job's system and condition, built once per process."""

    def __init__(self, job: Job):
        self.job = job
        # the system a simulation of this model makes (so whatever it adds to the model comes along)
        system = Simulation(job.model, "exact", job.overrides, job.condition_overrides).system.batch()
        assert system is not None  # make_job refuses the others
        self.system: BatchPath = system
        model = job.model
        self.condition = compile_trees([job.until.left, job.until.right], (TIME, *model.coordinates,
                                                                            *model.velocities), "until")
        self.compare = _COMPARE[job.until.op]

    def holds(self, t: float, cols: list[np.ndarray], good: np.ndarray, cells: np.ndarray,
              starts: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """Where the condition holds, for states given as columns (q…, p…); ``good`` marks the
        states that are finite, ``cells`` their places in ``starts`` (the x and y of each cell).
        Raises :class:`UntilError` where a good state gives the condition no finite value."""
        n, m = self.system.n, len(cols[0])
        with np.errstate(all="ignore"):
            if self.job.until.uses_velocities:
                qdot = list(self.system.code.rhs.array(t, *cols)[:n])
            else:
                qdot = [0.0] * n  # not read: no need to solve for them
            left, right = (np.broadcast_to(side, (m,)) for side in self.condition(t, *cols[:n], *qdot))
            for side, values in (("left", left), ("right", right)):
                wrong = np.flatnonzero(good & ~np.isfinite(values))
                if len(wrong):
                    cell = cells[wrong[0]]
                    raise UntilError(float(starts[0][cell]), float(starts[1][cell]), t, side)
            return self.compare(left, right) & good

    def run(self, rows: np.ndarray, progress=None) -> tuple[np.ndarray, int, float]:
        """First times of the cells of grid ``rows`` (row-major, NaN = never, −1 = the motion
        failed or could not start), the state-substeps taken and the processor seconds used."""
        cpu = time.process_time()
        job, system = self.job, self.system
        n = system.n
        xs, ys = job.x.centres(job.grid), job.y.centres(job.grid)[rows]
        X, Yg = np.meshgrid(xs, ys)
        cells = X.size
        start = np.tile(np.array(job.q + job.qdot), (cells, 1))
        start[:, job.x.index] = X.ravel()
        start[:, job.y.index] = Yg.ravel()
        given = [np.ascontiguousarray(start[:, k]) for k in range(2 * n)]
        with np.errstate(all="ignore"):
            p = system.code.momenta.array(0.0, *given)
            cols = [*given[:n], *(np.broadcast_to(np.asarray(v, dtype=float), (cells,)).copy() for v in p)]
            pivot = system.code.rhs.array(0.0, *cols)[2 * n]
        times = np.full(cells, np.nan)
        ok = np.broadcast_to(np.asarray(pivot) > PIVOT_MIN, (cells,)).copy()
        for c in cols:
            ok &= np.isfinite(c)
        times[~ok] = -1.0
        starts = (X.ravel(), Yg.ravel())
        held = self.holds(0.0, cols, ok, np.arange(cells), starts)
        times[held] = 0.0
        keep = ok & ~held
        active = np.flatnonzero(keep)
        cols = [c[keep] for c in cols]
        t, work, steps = 0.0, 0, job.steps
        reported = 0
        for step in range(steps):
            if not len(active):
                break
            t, cols, _, good = system.step_columns(t, cols, 1)
            work += len(active) * system.substeps
            held = self.holds(t, cols, good, active, starts)
            gone = held | ~good
            if gone.any():
                times[active[held]] = t
                times[active[~good]] = -1.0
                stay = ~gone
                cols, active = [c[stay] for c in cols], active[stay]
            if progress is not None and step - reported >= 20:
                progress(step - reported)
                reported = step
        if progress is not None:
            progress(steps - reported)
        return times, work, time.process_time() - cpu


_worker: _Worker | None = None
_counter = None


def _init(job: Job, counter) -> None:
    global _worker, _counter
    _worker, _counter = _Worker(job), counter


def _block(rows: np.ndarray) -> tuple[np.ndarray, int, float]:
    assert _worker is not None

    counter = _counter
    assert counter is not None

    def progress(k: int) -> None:
        with counter.get_lock():
            counter.value += k

    return _worker.run(rows, progress)


@dataclass(frozen=True)
class Result:
    xs: np.ndarray
    ys: np.ndarray
    #: first time per cell, shape (len(ys), len(xs)): NaN = never, −1 = failed
    times: np.ndarray
    wall: float
    #: state-substeps taken (cells leave the batch, so fewer than cells × steps × N)
    work: int
    processes: int
    #: processor seconds the work took, summed over the processes (other programs' load aside)
    cpu: float = 0.0


def row_blocks(grid: int, processes: int, cells: int = BLOCK_CELLS) -> list[np.ndarray]:
    """The grid's rows dealt into blocks of at most ``cells`` cells, as many blocks as processes
    or a multiple of it. Rows are dealt in turn (block b gets rows b, b+B, b+2B …): cells that
    finish early lie in patches, so every block gets its share of quick and slow ones and
    the processes end together, while each batch stays large enough for NumPy to be efficient."""
    count = max(processes, -(-grid * grid // cells))
    count = min(grid, -(-count // processes) * processes)
    return [np.arange(b, grid, count) for b in range(count)]


def run(job: Job, processes: int | None = None, err: TextIO | None = None) -> Result:
    """Compute the map, with a progress bar on ``err``; ``processes`` defaults to the cores."""
    processes = max(1, processes or os.cpu_count() or 1)
    blocks = row_blocks(job.grid, processes)
    processes = min(processes, len(blocks))
    total = len(blocks) * job.steps
    times = np.full((job.grid, job.grid), np.nan)
    work, cpu = 0, 0.0
    bar = ProgressBar(err, total)
    start = time.perf_counter()
    if processes == 1:
        worker = _Worker(job)
        for rows in blocks:
            block, w, c = worker.run(rows, bar.advance)
            times[rows] = block.reshape(len(rows), job.grid)
            work, cpu = work + w, cpu + c
    else:
        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        counter = ctx.Value("q", 0)
        with ctx.Pool(processes, initializer=_init, initargs=(job, counter)) as pool:
            pending = [pool.apply_async(_block, (rows,)) for rows in blocks]
            while not all(p.ready() for p in pending):
                time.sleep(0.1)
                bar.show(counter.value)
                for p in pending:
                    if p.ready() and not p.successful():
                        p.get()  # a worker's UntilError: the others are stopped as the pool closes
            for rows, p in zip(blocks, pending):
                block, w, c = p.get()
                times[rows] = block.reshape(len(rows), job.grid)
                work, cpu = work + w, cpu + c
    bar.show(total, final=True)
    return Result(job.x.centres(job.grid), job.y.centres(job.grid), times, time.perf_counter() - start, work,
                  processes, cpu)


class ProgressBar:
    """``[#######.......]  48%  3.1 s`` on one terminal line, redrawn at most 10 times a second."""

    def __init__(self, out: TextIO | None, total: int, width: int = 40):
        self.out, self.total, self.width = out, max(1, total), width
        self.done = 0
        self.start = time.perf_counter()
        self.last = -1.0

    def advance(self, k: int) -> None:
        self.show(self.done + k)

    def show(self, done: int, final: bool = False) -> None:
        self.done = done
        now = time.perf_counter()
        if self.out is None or (not final and (now - self.last < 0.1 or not self.out.isatty())):
            return  # redrawn in place on a terminal; elsewhere (a log, a pipe) only the last line
        self.last = now
        frac = min(1.0, done / self.total)
        filled = round(frac * self.width)
        line = f"\r[{'#' * filled}{'.' * (self.width - filled)}] {frac:4.0%}  {now - self.start:.1f} s"
        self.out.write(line + ("\n" if final else ""))
        self.out.flush()


# -- writing ------------------------------------------------------------------------------------

def write_csv(path: str | Path, result: Result) -> None:
    """``x,y,time``, one row per cell (x fastest); an empty time = never (or the motion failed)."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write("x,y,time\n")
        for j, y in enumerate(result.ys):
            for i, x in enumerate(result.xs):
                t = result.times[j, i]
                f.write(f"{float(x)!r},{float(y)!r},{'' if not t >= 0 else repr(float(t))}\n")


def colours(times: np.ndarray, seconds: float, first: float) -> np.ndarray:
    """RGB per cell: the palette along log(time) from ``first`` to ``seconds``; never = white,
    failed = grey."""
    rgb = np.empty((*times.shape, 3))
    done = times >= 0
    u = np.zeros(times.shape)
    with np.errstate(all="ignore"):
        u[done] = np.log(np.maximum(times[done], first) / first) / math.log(max(seconds / first, 1 + 1e-9))
    u = np.clip(u, 0, 1) * (len(PALETTE) - 1)
    k = np.minimum(u.astype(int), len(PALETTE) - 2)
    f = (u - k)[..., None]
    rgb[:] = PALETTE[k] * (1 - f) + PALETTE[k + 1] * f
    rgb[np.isnan(times)] = NEVER
    rgb[times < 0] = FAILED
    return np.round(rgb).astype(np.uint8)


def write_png(path: str | Path, rgb: np.ndarray) -> None:
    """An 8-bit RGB PNG of ``rgb`` (rows top to bottom), with no library but zlib."""
    h, w, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[r].tobytes() for r in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    header = w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes((8, 2, 0, 0, 0))
    Path(path).write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6))
                           + chunk(b"IEND", b""))


def first_time(times: np.ndarray, dt: float) -> float:
    """Where the colour scale starts: the earliest time in the map (at least one step), so
    the colours spread over the times that occur."""
    done = times[times > 0]
    return max(dt, float(done.min())) if done.size else dt


def picture(result: Result, seconds: float, dt: float, min_size: int = 256) -> np.ndarray:
    """The map as RGB rows, y up (the top row is the largest y), enlarged to at least ``min_size``;
    colours from the earliest time in the map (violet) to ``seconds`` (yellow)."""
    rgb = colours(result.times, seconds, first_time(result.times, dt))[::-1]
    scale = max(1, -(-min_size // rgb.shape[0]))
    return np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)


# -- the command ----------------------------------------------------------------------------------

def map_seconds(job: Job, processes: int | None = None, budget: float = 0.05) -> tuple[float, int]:
    """How long the map could take, every cell run to the end (cells that leave early only
    make it quicker), and on how many processes: the state-substeps of one block of cells are
    timed, one substep then twice as many each time, until ``budget`` seconds. In substeps, not
    steps: one step of N = 10,000 is ten thousand of them."""
    processes = max(1, processes or os.cpu_count() or 1)
    blocks = row_blocks(job.grid, processes)
    processes = min(processes, len(blocks))
    system = Simulation(job.model, "exact", job.overrides, job.condition_overrides).system.batch()
    assert system is not None  # make_job refuses the others
    cells = len(blocks[0]) * job.grid
    start = np.array(job.q + job.qdot)
    with np.errstate(all="ignore"):
        given = [np.full(cells, v) for v in start]
        n = system.n
        momenta = system.code.momenta.array(0.0, *given)
        cols = [*given[:n], *(np.broadcast_to(np.asarray(v, dtype=float), (cells,)).copy() for v in momenta)]
        done, k, began = 0, 1, time.perf_counter()
        total = job.steps * job.model.general.n_substeps
        while True:
            system.code.advance.array(0.0, *cols, 0.0, 0.0, system.delta, k)
            done += k
            elapsed = time.perf_counter() - began
            if elapsed >= budget or done >= total:
                break
            k = min(2 * k, total - done)
    rate = done * cells / max(elapsed, 1e-9) * processes
    return job.grid * job.grid * total / rate, processes


def make_job(model_name: str, x: str, y: str, grid: int, seconds: float, until: str,
             settings: Sequence[str] = (), dt: float | None = None, substeps: int | None = None) -> Job:
    # what the numbers alone say is refused before the model is read (as a model file's own dt and N are)
    if not 1 <= grid <= MAX_GRID:
        raise UsageError(msg("chaosmap.grid", grid=grid, limit=MAX_GRID))
    if not (math.isfinite(seconds) and seconds > 0):
        raise UsageError(msg("chaosmap.seconds", value=seconds))
    low, high = LIMITS.dt
    if dt is not None and not low <= dt <= high:
        raise UsageError(msg("chaosmap.dt", value=dt, low=f"{low:g}", high=f"{high:g}"))
    if substeps is not None and not 1 <= substeps <= LIMITS.substeps:
        raise UsageError(msg("chaosmap.substeps", value=substeps, limit=thousands(LIMITS.substeps)))
    path = find_model(model_name)
    try:
        model = load_model(path)
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    if dt is not None or substeps is not None:
        model = replace(model, general=replace(model.general, dt=dt or model.general.dt,
                                               n_substeps=substeps or model.general.n_substeps))
    g = model.general
    steps = round(seconds / g.dt)
    if steps < 1:  # only the start would be looked at
        raise UsageError(msg("chaosmap.less_than_a_step", seconds=f"{seconds:g}", dt=f"{g.dt:g}"))
    state_substeps = grid * grid * steps * g.n_substeps
    if state_substeps > MAX_STATE_SUBSTEPS:
        raise UsageError(msg("chaosmap.too_much_work", work=how_many(state_substeps),
                             limit=how_many(MAX_STATE_SUBSTEPS)))
    p_over, c_over = parse_settings(model, settings)
    try:
        sim = Simulation(model, "exact", p_over, c_over)
    except (ExpressionError, SimulationError) as exc:
        raise UsageError(str(exc)) from None
    if model.mechanism is not None:
        raise UsageError(msg("chaosmap.mechanism"))
    if (batch := sim.system.batch()) is None:
        raise UsageError(msg("chaosmap.events"))
    batch.wait_compiled(60.0)  # native code (2 s to compile, less from the cache) before the pool forks
    params = dict(sim.parameters)
    ax, ay = parse_axis(x, model, params, "--x"), parse_axis(y, model, params, "--y")
    if ax.name == ay.name:
        raise UsageError(msg("chaosmap.same_axis", name=ax.name))
    return Job(model, p_over, c_over, params, tuple(sim.q.tolist()), tuple(sim.qdot.tolist()), ax, ay, grid, seconds,
               parse_until(until, model, params))


def chaosmap_command(model_name: str, x: str, y: str, grid: int, seconds: float, until: str,
                     png: str | None = None, csv_path: str | None = None, settings: Sequence[str] = (),
                     dt: float | None = None, substeps: int | None = None, processes: int | None = None,
                     out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    if not png and not csv_path:  # the whole grid run, and nowhere to put it
        raise UsageError(msg("chaosmap.no_output"))
    for path, option in ((csv_path, "--csv"), (png, "--png")):
        if path:
            check_output(path, option)  # before the run, not after it
    if csv_path and png and Path(csv_path).resolve() == Path(png).resolve():
        raise UsageError(msg("chaosmap.same_output", path=csv_path))
    job = make_job(model_name, x, y, grid, seconds, until, settings, dt, substeps)
    g = job.model.general
    plan = msg("chaosmap.plan", model=Path(job.model.path).stem, grid=grid, x=job.x.name, x0=f"{job.x.lo:.6g}",
               x1=f"{job.x.hi:.6g}", y=job.y.name, y0=f"{job.y.lo:.6g}", y1=f"{job.y.hi:.6g}", seconds=f"{seconds:g}",
               dt=f"{g.dt:g}", substeps=counted(g.n_substeps, "count.substep", "count.substeps"), until=until).text()
    estimate, used = map_seconds(job, processes)
    if estimate > MAX_RUN_SECONDS:
        print(plan, file=out)
        raise UsageError(msg("chaosmap.too_long", time=duration(estimate),
                             processes=counted(used, "count.process", "count.processes"),
                             limit=duration(MAX_RUN_SECONDS)))
    if estimate >= SAY_SECONDS:
        plan += " " + msg("chaosmap.estimate", time=duration(estimate)).text()
    print(plan, file=out)
    try:
        result = run(job, processes, err)
    except UntilError as exc:
        print(msg("cmd.error", reason=msg("chaosmap.until_failed", until=until, side=msg(f"chaosmap.{exc.side}"),
                                          x=job.x.name, x0=f"{exc.x:.6g}", y=job.y.name, y0=f"{exc.y:.6g}",
                                          t=f"{exc.t:g}", reason=msg("eval.not_finite"))), file=err)
        return 1
    times = result.times
    done, failed = int(np.sum(times >= 0)), int(np.sum(times < 0))
    cells = times.size
    nominal = cells * job.steps * g.n_substeps
    reached = msg("chaosmap.reached_one" if done == 1 else "chaosmap.reached", done=done,
                  cells=counted(cells, "count.cell", "count.cells"), share=f"{done / cells:.1%}")
    lost = msg("chaosmap.failed_one" if failed == 1 else "chaosmap.failed", failed=failed) if failed else ""
    print(f"{reached}{lost}", file=out)
    print(msg("chaosmap.timing", wall=f"{result.wall:.2f}",
              processes=counted(result.processes, "count.process", "count.processes"), work=thousands(result.work),
              rate=thousands(result.work / result.wall), nominal=thousands(nominal / result.wall),
              cpu=f"{result.cpu:.2f}", per_cpu=thousands(result.work / max(result.cpu, 1e-9))), file=out)
    code = 0
    for path, write, said in ((csv_path, lambda p: write_csv(p, result), "chaosmap.csv"),
                              (png, lambda p: write_png(p, picture(result, seconds, g.dt)), "chaosmap.png")):
        if not path:
            continue
        try:  # a disk that filled up or a folder removed during the run: the other file is still written
            write(path)
        except OSError as exc:
            print(write_failed(path, exc), file=err)
            code = 2
            continue
        print(msg(said, path=Path(path).resolve()), file=out)
    return code
