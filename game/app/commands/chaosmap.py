"""``python main.py chaosmap``: how long until something happens, over a grid of starts (SPEC §7.4).

N×N copies of a model start from the conditions of its file with two of them, ``--x`` and
``--y``, swept over a grid; each runs until its ``--until`` condition first holds (for the
double pendulum ``abs(a2) > pi``: the lower arm flips) or ``--seconds`` pass. The result is
a grid of first times, written as CSV (``x,y,time``; an empty time = never) and as a
picture (log-time colours, never = white).

How it is fast: with numba, each cell runs in one compiled loop of the model's generated step and
the condition (:mod:`.chaosmap_kernel`), until the condition holds or time runs out, ``prange``
over the cells on every core of this process. Without it (``CENM_COMPILE=0``, no numba) and for
mechanisms and contacts, the NumPy loop (:func:`.chaosmap_copies.first_times`, the reference):
the copies advance together (the batch path's columns, or ``step_copies``) and a cell whose
condition holds leaves the batch at once. With ``--jobs`` or ``--scheduler`` (and by default for
a long NumPy map) row blocks of the grid are tasks of a dask.distributed cluster
(:mod:`.cluster`). The condition is an expression of the model's language with one comparison
(``>``, ``<``, ``>=``, ``<=``, ``≥``, ``≤``): its two sides are parsed into trees and compiled,
never evaluated as Python.

Headless: no pygame (the files are written by :mod:`.chaosmap_picture`).
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
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
from . import chaosmap_kernel as cells_kernel
from .chaosmap_copies import SAMPLE_CELLS, Copies, UntilError, first_times, seconds_per_cell
from .chaosmap_picture import picture, write_csv, write_png
from .cluster import ClusterError, cells_on, compute, cores, workers
from .simulate import MAX_RUN_SECONDS, SAY_SECONDS, duration, how_many
from .usage import UsageError, check_output, find_model, parse_settings, write_failed

#: comparison operators of --until, longest first so ">=" is not read as ">"
COMPARISONS = (">=", "<=", "≥", "≤", ">", "<")

#: cells per batch a worker advances together: big enough that NumPy's per-call cost is
#: small against the arithmetic, small enough to stay in the processor's cache and to give
#: the progress bar something to show
BLOCK_CELLS = 8192

#: a map that takes less than this on one core runs in this process when --jobs is not given:
#: starting a local cluster's worker processes takes about as long
CLUSTER_START_SECONDS = 2.0

#: the largest --grid: 2048² = 4.2 million cells, a CSV of about 200 MB
MAX_GRID = 2048
#: state-substeps (cells × steps × N) a map may mean whatever the speed: hours on two cores
#: at the batch path's best rate; the estimate from a measured rate (:func:`map_seconds`)
#: refuses most long maps before this does
MAX_STATE_SUBSTEPS = 10**12



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
    for end, part in zip(ends, span.split(":")):
        if end is None or not math.isfinite(end):  # (-10^400 is −inf: not a number to sweep from)
            raise UsageError(msg("chaosmap.range_not_finite", option=option, name=name, span=span, end=part.strip()))
    assert lo is not None and hi is not None
    if not lo < hi:
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

_COMPARE = {">": np.greater, "<": np.less, ">=": np.greater_equal, "<=": np.less_equal}


class MapWorker:
    """A job's system and condition, built once per process."""

    def __init__(self, job: Job):
        self.job = job
        # the system a simulation of this model makes (so whatever it adds to the model comes along)
        motion = Simulation(job.model, "exact", job.overrides, job.condition_overrides).system
        #: the batch path of a Lagrangian model whose steps are the generated loop alone; else None,
        #: and its copies step together in their own way (a mechanism's, contacts': :mod:`.chaosmap_copies`)
        self.system: BatchPath | None = motion.batch()
        if self.system is not None:  # each worker process its own native code (from the disk cache), not the plain path
            self.system.wait_compiled(60.0)
        self.copies = Copies(motion) if self.system is None else None
        model = job.model
        self.condition = compile_trees([job.until.left, job.until.right], (TIME, *model.coordinates,
                                                                            *model.velocities), "until")
        self.compare = _COMPARE[job.until.op]
        #: the batch path's steps and the condition in one compiled loop (None: the NumPy loop)
        self.kernel: Callable | None = None
        if self.system is not None and (native := cells_kernel.start(
                self.system, self.condition, job.until.op, job.until.uses_velocities)) is not None:
            self.kernel = native.fn if native.wait(60.0) else None

    def threads(self) -> int:
        """How many threads its cells run on: numba's (the compiled loop is parallel), else 1."""
        if self.kernel is None:
            return 1
        import numba

        return int(numba.get_num_threads())

    def holds(self, t: float, cols: list[np.ndarray], good: np.ndarray, cells: np.ndarray,
              starts: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        """Where the condition holds, for states given as columns (q…, p…); ``good`` marks the
        states that are finite, ``cells`` their places in ``starts`` (the x and y of each cell).
        Raises :class:`UntilError` where a good state gives the condition no finite value."""
        n, m = len(self.job.model.coordinates), len(cols[0])
        with np.errstate(all="ignore"):
            qdot: list[np.ndarray] | list[float]
            if self.job.until.uses_velocities and self.copies is not None:
                qdot = self.copies.velocities(t, cols)
            elif self.job.until.uses_velocities:
                assert self.system is not None
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

    def run(self, rows: np.ndarray) -> tuple[np.ndarray, int, float]:
        """First times of the cells of grid ``rows`` (row-major, NaN = never, −1 = the motion
        failed or could not start), the state-substeps taken and the processor seconds used."""
        cpu = time.process_time()
        job, system = self.job, self.system
        xs, ys = job.x.centres(job.grid), job.y.centres(job.grid)[rows]
        X, Yg = np.meshgrid(xs, ys)
        cells = X.size
        start = np.tile(np.array(job.q + job.qdot), (cells, 1))
        start[:, job.x.index] = X.ravel()
        start[:, job.y.index] = Yg.ravel()
        if self.copies is not None:
            times, taken = self.copies.run(self, start, (X.ravel(), Yg.ravel()))
            return times, taken, time.process_time() - cpu
        assert system is not None
        n = system.n
        given = [np.ascontiguousarray(start[:, k]) for k in range(2 * n)]
        with np.errstate(all="ignore"):
            p = system.code.momenta.array(0.0, *given)
            cols = [*given[:n], *(np.broadcast_to(np.asarray(v, dtype=float), (cells,)).copy() for v in p)]
            pivot = system.code.rhs.array(0.0, *cols)[2 * n]
        ok = np.broadcast_to(np.asarray(pivot) > PIVOT_MIN, (cells,)).copy()
        for c in cols:
            ok &= np.isfinite(c)
        starts = (X.ravel(), Yg.ravel())
        if self.kernel is None:
            times, work = first_times(self.holds, self._step, cols, ok, starts, job.steps, system.substeps)
            return times, work, time.process_time() - cpu
        times = np.full(cells, -1.0)  # (a cell that could not start stays so)
        active = np.flatnonzero(ok)
        times[active], work = cells_kernel.first_times(self.kernel, system, [c[active] for c in cols], job.steps,
                                                       active, starts)
        return times, work, time.process_time() - cpu

    def _step(self, t: float, cols: list[np.ndarray], work: np.ndarray
              ) -> tuple[float, list[np.ndarray], np.ndarray, np.ndarray]:
        assert self.system is not None
        t, cols, _, good = self.system.step_columns(t, cols, 1)
        return t, cols, work, good


def _prepare(job: Job) -> MapWorker:
    return MapWorker(job)


def _rows(worker: MapWorker, rows: np.ndarray) -> tuple[np.ndarray, int, float]:
    return worker.run(rows)


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
    #: wall seconds to start the cluster (or reach it), before the cells (not in ``wall``)
    start: float = 0.0
    #: threads each process ran the cells on (numba's parallel loop in this process; else 1)
    threads: int = 1


def row_blocks(grid: int, processes: int, cells: int = BLOCK_CELLS) -> list[np.ndarray]:
    """The grid's rows dealt into blocks of at most ``cells`` cells, as many blocks as processes
    or a multiple of it. Rows are dealt in turn (block b gets rows b, b+B, b+2B …): cells that
    finish early lie in patches, so every block gets its share of quick and slow ones and
    the processes end together, while each batch stays large enough for NumPy to be efficient."""
    count = max(processes, -(-grid * grid // cells))
    count = min(grid, -(-count // processes) * processes)
    return [np.arange(b, grid, count) for b in range(count)]


def run(job: Job, processes: int | None = None, err: TextIO | None = None, scheduler: str | None = None) -> Result:
    """Compute the map, with a progress bar on ``err``: in this process for one process, else on
    a local dask cluster of ``processes`` workers (default: the cores, never more) or the one at
    ``scheduler`` (as many as it has)."""
    processes = pool_size(processes) if scheduler is None else max(1, processes or cores())
    times = np.full((job.grid, job.grid), np.nan)
    begun = time.perf_counter()
    with cells_on(processes, scheduler) as client:
        start = time.perf_counter()
        processes = workers(client, processes)
        blocks = row_blocks(job.grid, processes)
        processes = min(processes, len(blocks))
        bar = ProgressBar(err, len(blocks) * job.steps)
        totals = [0, 0.0]

        def done(index: int, result: tuple[np.ndarray, int, float]) -> None:
            block, w, c = result
            rows = blocks[index]
            times[rows] = block.reshape(len(rows), job.grid)
            totals[0] += w
            totals[1] += c
            bar.advance(job.steps)

        made: list[MapWorker] = []  # in this process: the worker, which says on how many threads it ran

        def prepare(job: Job) -> MapWorker:
            made.append(_prepare(job))
            return made[-1]

        compute(_prepare if client is not None else prepare, _rows, job, blocks, client, done)
        bar.show(bar.total, final=True)
        wall = time.perf_counter() - start
    return Result(job.x.centres(job.grid), job.y.centres(job.grid), times, wall, int(totals[0]), processes,
                  float(totals[1]), start - begun, made[0].threads() if made else 1)


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


# -- the command ----------------------------------------------------------------------------------

def map_seconds(job: Job, processes: int | None = None, budget: float = 0.05,
                worker: MapWorker | None = None) -> tuple[float, int]:
    """How long the map could take, every cell run to the end (cells that leave early only
    make it quicker), and on how many processes: the state-substeps of one block of cells are
    timed, one substep then twice as many each time, until ``budget`` seconds. In substeps, not
    steps: one step of N = 10,000 is ten thousand of them. The ``--until`` condition, asked after
    every step of every cell, is timed too (a long one costs more than the motion); processes
    beyond the cores work in turns and are not counted (nor started: :func:`pool_size`). The
    compiled loop (:mod:`.chaosmap_kernel`) is timed on one thread for a few cells, whole steps."""
    processes = pool_size(processes)
    blocks = row_blocks(job.grid, processes)
    processes = min(processes, len(blocks))
    worker = worker or MapWorker(job)
    system = worker.system
    start = np.array(job.q + job.qdot)
    if worker.copies is not None:  # a mechanism's or contacts' copies: a few of them stepped
        return job.grid * job.grid * seconds_per_cell(worker.copies, worker, start, job.steps, budget) / processes, \
            processes
    assert system is not None
    cells = SAMPLE_CELLS if worker.kernel is not None else len(blocks[0]) * job.grid
    with np.errstate(all="ignore"):
        given = [np.full(cells, v) for v in start]
        n = system.n
        momenta = system.code.momenta.array(0.0, *given)
        cols = [*given[:n], *(np.broadcast_to(np.asarray(v, dtype=float), (cells,)).copy() for v in momenta)]
        if worker.kernel is not None:
            per_cell = cells_kernel.seconds_per_cell(worker.kernel, system, cols, job.steps, budget)
            return job.grid * job.grid * per_cell / processes, processes
        asked = _until_seconds(worker, [c.copy() for c in cols], budget / 2)
        done, k, began = 0, 1, time.perf_counter()
        total = job.steps * job.model.general.n_substeps
        while True:
            system.code.advance.array(0.0, *cols, 0.0, 0.0, system.delta, k)
            done += k
            elapsed = time.perf_counter() - began
            if elapsed >= budget or done >= total:
                break
            k = min(2 * k, total - done)
    per_cell = total * max(elapsed, 1e-9) / (done * cells) + job.steps * asked / cells
    return job.grid * job.grid * per_cell / processes, processes


def default_jobs(worker: MapWorker, estimate: float, used: int) -> int | None:
    """Where a map runs without --jobs or --scheduler: in this process when its cells run in the
    compiled loop (its parallel loop takes every core: a local cluster would only add its start and
    a process per core) or when the work is quicker than starting workers; else None (every core)."""
    return 1 if worker.kernel is not None or estimate * used < CLUSTER_START_SECONDS else None


def pool_size(processes: int | None) -> int:
    """How many processes a map runs on: ``--jobs`` (the cores without it), never more than the
    cores (more would only take turns on them)."""
    cores = os.cpu_count() or 1
    return max(1, min(processes or cores, cores))


def _until_seconds(worker: MapWorker, cols: list[np.ndarray], budget: float) -> float:
    """Wall seconds one asking of the ``--until`` condition takes for the columns ``cols`` (0 if
    it fails there: the run says so)."""
    cells = len(cols[0])
    good, places = np.ones(cells, dtype=bool), np.arange(cells)
    starts = (np.zeros(cells), np.zeros(cells))
    try:
        worker.holds(0.0, cols, good, places, starts)  # (its first asking sets NumPy up: not timed)
    except UntilError:
        return 0.0
    times, began = 0, time.perf_counter()
    while True:
        worker.holds(0.0, cols, good, places, starts)
        times += 1
        elapsed = time.perf_counter() - began
        if elapsed >= budget or times >= 8:
            return elapsed / times


def check_run_numbers(seconds: float, dt: float | None, substeps: int | None) -> None:
    """The seconds, --dt and --substeps of a map or a sweep, refused before any work as a model
    file's own dt and N are."""
    if not (math.isfinite(seconds) and seconds > 0):
        raise UsageError(msg("chaosmap.seconds", value=seconds))
    low, high = LIMITS.dt
    if dt is not None and not low <= dt <= high:
        raise UsageError(msg("chaosmap.dt", value=dt, low=f"{low:g}", high=f"{high:g}"))
    if substeps is not None and not 1 <= substeps <= LIMITS.substeps:
        raise UsageError(msg("chaosmap.substeps", value=substeps, limit=thousands(LIMITS.substeps)))


def make_job(model_name: str, x: str, y: str, grid: int, seconds: float, until: str,
             settings: Sequence[str] = (), dt: float | None = None, substeps: int | None = None) -> Job:
    # what the numbers alone say is refused before the model is read (as a model file's own dt and N are)
    if not 1 <= grid <= MAX_GRID:
        raise UsageError(msg("chaosmap.grid", grid=grid, limit=MAX_GRID))
    check_run_numbers(seconds, dt, substeps)
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
    if (batch := sim.system.batch()) is not None:
        batch.wait_compiled(60.0)  # native code (2 s to compile, less from the cache), then on disk for the workers
    params = dict(sim.parameters)
    ax, ay = parse_axis(x, model, params, "--x"), parse_axis(y, model, params, "--y")
    if ax.name == ay.name:
        raise UsageError(msg("chaosmap.same_axis", name=ax.name))
    return Job(model, p_over, c_over, params, tuple(sim.q.tolist()), tuple(sim.qdot.tolist()), ax, ay, grid, seconds,
               parse_until(until, model, params))


def chaosmap_command(model_name: str, x: str, y: str, grid: int, seconds: float, until: str,
                     png: str | None = None, csv_path: str | None = None, settings: Sequence[str] = (),
                     dt: float | None = None, substeps: int | None = None, processes: int | None = None,
                     out: TextIO | None = None, err: TextIO | None = None, scheduler: str | None = None) -> int:
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
    worker = MapWorker(job)
    estimate, used = map_seconds(job, processes, worker=worker)
    if estimate > MAX_RUN_SECONDS and scheduler is None:  # a cluster elsewhere: its size is not known here
        print(plan, file=out)
        raise UsageError(msg("chaosmap.too_long", time=duration(estimate),
                             processes=counted(used, "count.process", "count.processes"),
                             limit=duration(MAX_RUN_SECONDS)))
    if estimate >= SAY_SECONDS:
        plan += " " + msg("chaosmap.estimate", time=duration(estimate)).text()
    print(plan, file=out)
    if processes is None and scheduler is None:
        processes = default_jobs(worker, estimate, used)
    try:
        result = run(job, processes, err, scheduler)
    except ClusterError as exc:
        print(msg("cmd.error", reason=str(exc)), file=err)
        return 1
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
              processes=counted(result.processes, "count.process", "count.processes").text() + (
                  msg("chaosmap.threads", count=result.threads).text() if result.threads > 1 else ""),
              work=thousands(result.work),
              rate=thousands(result.work / result.wall), nominal=thousands(nominal / result.wall),
              cpu=f"{result.cpu:.2f}", per_cpu=thousands(result.work / max(result.cpu, 1e-9))), file=out)
    code = 0
    for path, write, said in ((csv_path, lambda p: write_csv(p, result), "chaosmap.csv"),
                              (png, lambda p: write_png(p, picture(result.times, seconds, g.dt)), "chaosmap.png")):
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
