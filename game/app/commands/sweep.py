"""``python main.py sweep``: a grid over parameters and conditions, a summary of the motion per cell.

Each ``--over NAME=LO:HI:N`` sweeps a parameter or a condition over N values from LO to HI
(both included); the cells are every combination (the first ``--over`` varies fastest). A
cell is one run of the model as ``simulate --set NAME=VALUE …`` would make it, for
``--seconds``, and its summary is: the first time the ``--until`` condition holds (empty =
never), the largest |DE| (the energy balance's error), the largest Lyapunov exponent (two
trajectories, renormalised every step: :class:`~game.physics.observe.ensemble.Lyapunov`, the
window's own), the time reached and the final coordinates and velocities, and why the motion
stopped if it did. One CSV row per cell; a picture of one column as colours (one or two
``--over``).

The cells run on dask.distributed (:mod:`.cluster`), in chunks of a few cells. Each finished
cell is added at once to a cache next to the output (``OUT.csv.cells``, one JSON line per
cell after a line that fingerprints the sweep): a run interrupted and started again with the
same command computes only the cells that are missing. The cache goes once the outputs are
written.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import json
import math
import operator
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

import numpy as np

from ... import __version__
from ...expr import TIME, ExpressionError, Location, algebra, canonical_name, check_names, compile_trees, parse
from ...expr.parser import suggestion
from ...messages import Message, counted, msg, text, thousands
from ...model import ModelFile, ModelFileError, load_model
from ...physics import Simulation, SimulationError
from ...physics.observe.ensemble import Lyapunov
from ...physics.state import written_time
from .chaosmap import ProgressBar, check_run_numbers, parse_until
from .chaosmap_picture import NEVER, PALETTE, write_png
from .cluster import ClusterError, cells_on, compute, cores, workers
from .usage import UsageError, check_output, find_model, parse_settings, write_failed

#: the most cells a sweep may have (a CSV of some hundreds of MB)
MAX_CELLS = 1_000_000
#: the most values one --over may take
MAX_VALUES = 10_000
#: state-substeps (cells × steps × N) a sweep may mean: days on two cores
MAX_STATE_SUBSTEPS = 10**11
#: a sweep of fewer state-substeps runs in this process when --jobs is not given (a second or
#: two: about what starting the workers costs)
HERE_STATE_SUBSTEPS = 200_000
#: chunks per worker: enough that the workers end together and progress moves, few enough that
#: a task's cost (milliseconds) stays small
CHUNKS_PER_WORKER = 8
#: the most cells in a chunk (what a dead worker's chunk makes the others run again)
MOST_IN_CHUNK = 64

_COMPARE = {">": operator.gt, "<": operator.lt, ">=": operator.ge, "<=": operator.le}


@dataclass(frozen=True)
class Over:
    """One swept parameter or condition and its values."""

    name: str
    values: tuple[float, ...]


@dataclass(frozen=True)
class SweepJob:
    """Everything a worker needs, as plain data (it goes to other processes)."""

    model: ModelFile
    settings: tuple[str, ...]
    overs: tuple[Over, ...]
    seconds: float
    until: str | None

    @property
    def steps(self) -> int:
        return round(self.seconds / self.model.general.dt)

    @property
    def cells(self) -> int:
        return math.prod(len(o.values) for o in self.overs)

    def cell(self, index: int) -> tuple[float, ...]:
        """The swept values of cell ``index`` (the first --over varies fastest)."""
        values = []
        for over in self.overs:
            index, k = divmod(index, len(over.values))
            values.append(over.values[k])
        return tuple(values)

    def columns(self) -> list[str]:
        names = [*self.model.coordinates, *self.model.velocities]
        return [*(o.name for o in self.overs), *(["until"] if self.until else []), "DE_max", "lyapunov", "t_end",
                *(f"{n}_end" for n in names), "stopped"]


# -- the work, in a worker ---------------------------------------------------------------------

class FirstTime:
    """A step observer: the first time the --until condition holds (NaN until it does); a value
    that is not a finite number is remembered as a reason, never counted as holding or not."""

    def __init__(self, job: SweepJob, parameters: dict[str, float]):
        assert job.until is not None
        model = job.model
        until = parse_until(job.until, model, parameters)
        self.condition = compile_trees([until.left, until.right], (TIME, *model.coordinates, *model.velocities),
                                       "until")
        self.compare = _COMPARE[until.op]
        self.first = math.nan
        self.failed: Message | None = None

    def on_break(self, sim: Simulation) -> None:
        self.first, self.failed = math.nan, None
        self.on_step(sim)

    def on_step(self, sim: Simulation) -> None:
        if not math.isnan(self.first) or self.failed is not None:
            return
        with np.errstate(all="ignore"):
            left, right = (float(v) for v in self.condition(sim.t, *sim.q.tolist(), *sim.qdot.tolist()))
        for side, value in (("left", left), ("right", right)):
            if not math.isfinite(value):
                self.failed = msg("sweep.until_failed", side=msg(f"chaosmap.{side}"), t=f"{sim.t:g}")
                return
        if self.compare(left, right):
            self.first = sim.t


class Cells:
    """A job's cells, run one by one in a worker."""

    def __init__(self, job: SweepJob):
        self.job = job

    def run(self, indices: Sequence[int]) -> list[tuple]:
        return [self.cell(i) for i in indices]

    def cell(self, index: int) -> tuple:
        """The row of cell ``index``: what :meth:`SweepJob.columns` names (the reason it stopped
        as a :class:`Message`, written in the command's language where the CSV is)."""
        job = self.job
        values = job.cell(index)
        width = len(job.columns()) - len(values) - 1
        settings = [*job.settings, *(f"{o.name}={v!r}" for o, v in zip(job.overs, values))]
        try:
            sim = Simulation(job.model, "exact", *parse_settings(job.model, settings))
            until = FirstTime(job, dict(sim.parameters)) if job.until else None
        except SimulationError as exc:
            return (*values, *([math.nan] * width), exc.said)
        except (ExpressionError, ModelFileError, UsageError) as exc:
            return (*values, *([math.nan] * width), str(exc))
        lyapunov = Lyapunov()  # a new one per cell: its random direction never depends on the cells before
        sim.observers += [lyapunov, *([until] if until else [])]
        sim.announce_break()
        stopped: Message | str = ""
        try:
            sim.step(job.steps)
        except SimulationError as exc:
            stopped = exc.said
        if until is not None and until.failed is not None and not stopped:
            stopped = until.failed
        first = [until.first] if until else []
        return (*values, *first, sim.de, lyapunov.estimate, written_time(sim.t, sim.model.general.dt), *sim.q.tolist(), *sim.qdot.tolist(), stopped)


def _prepare(job: SweepJob) -> Cells:
    return Cells(job)


def _chunk(cells: Cells, indices: Sequence[int]) -> list[tuple]:
    return cells.run(indices)


# -- reading the command line ---------------------------------------------------------------------

def parse_over(text_: str, model: ModelFile, parameters: dict[str, float]) -> Over:
    """``NAME=LO:HI:N``: N values from LO to HI (expressions of the parameters and pi), both ends in."""
    name, _, span = text_.partition("=")
    name = canonical_name(name.strip())
    names = [*parameters, *model.coordinates, *model.velocities]
    if name not in names:
        raise UsageError(msg("sweep.unknown", name=name, names=", ".join(names), hint=suggestion(name, names)))
    parts = span.split(":")
    if len(parts) != 3:
        raise UsageError(msg("sweep.syntax", over=text_))
    try:
        count = int(parts[2])
    except ValueError:
        raise UsageError(msg("sweep.count", over=text_, limit=MAX_VALUES)) from None
    if not 1 <= count <= MAX_VALUES:
        raise UsageError(msg("sweep.count", over=text_, limit=MAX_VALUES))
    ends = []
    offset = len(name) + 1
    for part in parts[:2]:
        try:
            expr = parse(part, Location("--over", 1, offset + 1))
            check_names(expr, parameters, msg("where.range"))
            ends.append(algebra.constant_value(algebra.bind(expr.tree, parameters)))
        except ExpressionError as exc:
            raise UsageError(str(exc)) from None
        offset += len(part) + 1
    lo, hi = ends
    if lo is None or hi is None or not (math.isfinite(lo) and math.isfinite(hi)) or (count > 1 and lo == hi):
        raise UsageError(msg("sweep.range", over=text_))
    # lo + (hi − lo)·k/(N − 1), the ends exactly as given
    values = [lo] if count == 1 else [lo + (hi - lo) * k / (count - 1) for k in range(count - 1)] + [hi]
    return Over(name, tuple(float(v) for v in values))


def make_sweep(model_name: str, overs: Sequence[str], seconds: float, until: str | None,
               settings: Sequence[str] = (), dt: float | None = None, substeps: int | None = None) -> SweepJob:
    check_run_numbers(seconds, dt, substeps)
    try:
        model = load_model(find_model(model_name))
    except ModelFileError as exc:
        raise UsageError(str(exc)) from None
    if dt is not None or substeps is not None:
        model = replace(model, general=replace(model.general, dt=dt or model.general.dt,
                                               n_substeps=substeps or model.general.n_substeps))
    g = model.general
    if round(seconds / g.dt) < 1:
        raise UsageError(msg("chaosmap.less_than_a_step", seconds=f"{seconds:g}", dt=f"{g.dt:g}"))
    p_over, c_over = parse_settings(model, settings)
    try:
        sim = Simulation(model, "exact", p_over, c_over)
    except (ExpressionError, SimulationError, ModelFileError) as exc:
        raise UsageError(str(exc)) from None
    parameters = dict(sim.parameters)
    swept = tuple(parse_over(o, model, parameters) for o in overs)
    names = [o.name for o in swept]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice:
        raise UsageError(msg("sweep.twice", name=twice))
    job = SweepJob(model, tuple(settings), swept, float(seconds), until)
    if job.cells > MAX_CELLS:
        raise UsageError(msg("sweep.too_many_cells", cells=thousands(job.cells), limit=thousands(MAX_CELLS)))
    if job.cells * job.steps * g.n_substeps > MAX_STATE_SUBSTEPS:
        raise UsageError(msg("chaosmap.too_much_work", work=thousands(job.cells * job.steps * g.n_substeps),
                             limit=thousands(MAX_STATE_SUBSTEPS)))
    if until is not None:
        parse_until(until, model, parameters)  # said now, not in every cell
    return job


# -- the cache of finished cells -------------------------------------------------------------------

def fingerprint(job: SweepJob) -> str:
    """What makes two sweeps the same: the model's text, the program's version and every option."""
    g = job.model.general
    try:
        source = Path(job.model.path).read_text(encoding="utf-8")
    except OSError:
        source = job.model.path
    said = json.dumps([__version__, source, list(job.settings), [[o.name, list(o.values)] for o in job.overs],
                       job.seconds, job.until, g.dt, g.n_substeps])
    return hashlib.sha256(said.encode()).hexdigest()


def read_cache(path: Path, job: SweepJob) -> dict[int, list]:
    """The cells a run of the same sweep finished (none if the file is of another sweep or unreadable);
    a last line cut short by a killed run is left out."""
    found: dict[int, list] = {}
    width = len(job.columns())
    with contextlib.suppress(OSError, UnicodeDecodeError):
        lines = path.read_text(encoding="utf-8").splitlines()
        if not lines or lines[0] != json.dumps({"sweep": fingerprint(job)}):
            return {}
        for line in lines[1:]:
            try:
                index, *row = json.loads(line)
            except (ValueError, TypeError):
                continue
            if isinstance(index, int) and 0 <= index < job.cells and len(row) == width:
                found[index] = row
    return found


# -- the command ----------------------------------------------------------------------------------

def chunks_of(todo: Sequence[int], places: int) -> list[list[int]]:
    size = max(1, min(MOST_IN_CHUNK, -(-len(todo) // (places * CHUNKS_PER_WORKER))))
    return [list(todo[k:k + size]) for k in range(0, len(todo), size)]


def picture(job: SweepJob, rows: list[list], column: str, min_size: int = 256) -> np.ndarray:
    """One column as colours (palette from its least to its greatest value; no value = white):
    the first --over across, the second up."""
    k = job.columns().index(column)
    values = np.array([v if isinstance(v, float) else math.nan for v in (r[k] for r in rows)], float)
    shape = (len(job.overs[1].values) if len(job.overs) > 1 else 1, len(job.overs[0].values))
    values = values.reshape(shape)
    finite = np.isfinite(values)
    lo, hi = (float(values[finite].min()), float(values[finite].max())) if finite.any() else (0.0, 1.0)
    u = np.zeros(shape)
    if hi > lo:
        u[finite] = (values[finite] - lo) / (hi - lo)
    u = u * (len(PALETTE) - 1)
    i = np.minimum(u.astype(int), len(PALETTE) - 2)
    f = (u - i)[..., None]
    rgb = PALETTE[i] * (1 - f) + PALETTE[i + 1] * f
    rgb[~finite] = NEVER
    rgb = np.round(rgb).astype(np.uint8)[::-1]
    scale = max(1, -(-min_size // max(shape)))
    return np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)


def sweep_command(model_name: str, overs: Sequence[str], seconds: float, until: str | None = None,
                  csv_path: str | None = None, png: str | None = None, colour: str | None = None,
                  settings: Sequence[str] = (), dt: float | None = None, substeps: int | None = None,
                  processes: int | None = None, scheduler: str | None = None,
                  out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    if not png and not csv_path:
        raise UsageError(msg("sweep.no_output"))
    for path, option in ((csv_path, "--csv"), (png, "--png")):
        if path:
            check_output(path, option)
    if csv_path and png and Path(csv_path).resolve() == Path(png).resolve():
        raise UsageError(msg("chaosmap.same_output", path=csv_path))
    job = make_sweep(model_name, overs, seconds, until, settings, dt, substeps)
    columns = job.columns()
    if png:
        if len(job.overs) > 2:
            raise UsageError(msg("sweep.png_axes", count=len(job.overs)))
        colour = colour or ("until" if until else "lyapunov")
        if colour not in columns[len(job.overs):-1]:
            raise UsageError(msg("sweep.colour", column=colour, columns=", ".join(columns[len(job.overs):-1])))
    cache = Path(f"{csv_path or png}.cells")
    rows = read_cache(cache, job)
    todo = [i for i in range(job.cells) if i not in rows]
    g = job.model.general
    print(msg("sweep.plan", model=Path(job.model.path).stem, cells=counted(job.cells, "count.cell", "count.cells"),
              over=" × ".join(f"{o.name} ∈ [{o.values[0]:.6g}, {o.values[-1]:.6g}] ({len(o.values)})" for o in job.overs),
              seconds=f"{seconds:g}", dt=f"{g.dt:g}",
              substeps=counted(g.n_substeps, "count.substep", "count.substeps")), file=out)
    if rows:
        print(msg("sweep.reusing", done=len(rows), path=cache), file=out)
    if processes is None and scheduler is None and len(todo) * job.steps * g.n_substeps < HERE_STATE_SUBSTEPS:
        processes = 1  # quicker here than the time to start the workers
    began = time.perf_counter()
    try:
        with cache.open("a" if rows else "w", encoding="utf-8") as kept:
            if not rows:
                kept.write(json.dumps({"sweep": fingerprint(job)}) + "\n")
                kept.flush()
            with cells_on(max(1, processes or cores()), scheduler) as client:
                chunks = chunks_of(todo, workers(client, processes or cores()))
                bar = ProgressBar(err, len(todo))

                def done(index: int, finished: list[tuple]) -> None:
                    for cell, row in zip(chunks[index], finished):
                        rows[cell] = [text(v) if isinstance(v, Message) else v for v in row]
                        kept.write(json.dumps([cell, *rows[cell]]) + "\n")
                    kept.flush()  # a run killed now keeps these cells
                    bar.advance(len(finished))

                compute(_prepare, _chunk, job, chunks, client, done)
                bar.show(bar.total, final=True)
                used = workers(client, processes or 1)
    except ClusterError as exc:
        print(msg("cmd.error", reason=str(exc)), file=err)
        return 1
    except OSError as exc:  # the cache cannot be written: the outputs could not be either
        print(write_failed(cache, exc), file=err)
        return 2
    wall = time.perf_counter() - began
    ordered = [rows[i] for i in range(job.cells)]
    stopped = sum(1 for r in ordered if r[-1])
    print(msg("sweep.done", computed=len(todo), reused=job.cells - len(todo), stopped=stopped, wall=f"{wall:.2f}",
              processes=counted(used, "count.process", "count.processes")), file=out)
    code = 0
    for path, write, said in ((csv_path, lambda p: write_rows(p, columns, ordered), "chaosmap.csv"),
                              (png, lambda p: write_png(p, picture(job, ordered, str(colour))), "chaosmap.png")):
        if not path:
            continue
        try:
            write(path)
        except OSError as exc:
            print(write_failed(path, exc), file=err)
            code = 2
            continue
        print(msg(said, path=Path(path).resolve()), file=out)
    if code == 0:
        cache.unlink(missing_ok=True)  # everything is in the outputs now
    return code


def write_rows(path: str | Path, columns: list[str], rows: list[list]) -> None:
    """One row per cell, named columns; numbers as Python writes them exactly, no value = empty."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([(repr(float(v)) if math.isfinite(v) else "") if isinstance(v, (int, float)) else v
                             for v in row])

