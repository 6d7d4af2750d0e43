"""The headless commands: ``check`` and ``simulate`` (SPEC §6). No window, no pygame.

``check`` refuses everything the other commands would refuse: besides reading
and validating a file it builds the model as ``simulate`` and the window do
(derivatives, generated code, the initial state, every drawn body at t = 0).
``simulate`` says how many RK4 substeps a request means and refuses one that
would run for more than :data:`MAX_RUN_SECONDS`.

Messages come from :mod:`game.messages`, in the language the command line chose.
"""

from __future__ import annotations

import contextlib
import csv
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from typing import TextIO

from ..expr import EvaluationError, ExpressionError, Location, SourceError, algebra, canonical_name, evaluate, parse
from ..messages import Count, Message, counted, msg, number, text, thousands
from ..model import ModelFile, ModelFileError, load_model, read_catalog
from ..model.values import condition_values, parameter_values
from ..physics import Simulation, SimulationError
from . import paths
from .readout import negative_size

#: simulate refuses a run estimated to take longer than this (wall seconds).
MAX_RUN_SECONDS = 3600.0
#: ... and more substeps than this whatever the speed.
MAX_SUBSTEPS = 10**10
#: simulate says how long a run will take when it means more substeps than this, or when it will
#: take longer than :data:`SAY_SECONDS` (a mechanism's substep costs a hundred times a pendulum's)
SAY_SUBSTEPS = 100_000
SAY_SECONDS = 10.0


class UsageError(Exception):
    """A command line that cannot be carried out; the message says why."""

    def __init__(self, reason: str | Message):
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return text(self.reason)


def check_output(path: str | Path, option: str) -> None:
    """Refuse at once an output file that could not be written (before any work is done):
    its folder must exist and be writable, and the path must not be a folder itself."""
    out = Path(path)
    folder = out.parent
    if not folder.is_dir():
        raise UsageError(msg("cmd.output_no_folder", option=option, path=str(path), folder=str(folder)))
    if out.is_dir():
        raise UsageError(msg("cmd.output_is_folder", option=option, path=str(path)))
    if not os.access(folder, os.W_OK | os.X_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise UsageError(msg("cmd.output_not_writable", option=option, path=str(path), folder=str(folder)))
    if os.stat(folder).st_dev in _kernel_filesystems():
        raise UsageError(msg("cmd.output_kernel", option=option, path=str(path), folder=str(folder)))


def _kernel_filesystems() -> set[int]:
    """The devices of /proc and /sys: their files are the kernel's settings and views, not
    files (root may write them, and what is written there changes the system)."""
    found = set()
    for place in ("/proc", "/sys"):
        with contextlib.suppress(OSError):
            found.add(os.stat(place).st_dev)
    return found


def write_failed(path: str | Path, exc: OSError) -> Message:
    """Why ``path`` could not be written, in one line."""
    return msg("cmd.error", reason=msg("cmd.cannot_write", path=str(path), reason=exc.strerror or str(exc)))


def find_model(name: str) -> Path:
    """A model by catalog name (file, stem or title) or by path to a .dat file."""
    candidate = Path(name)
    if candidate.suffix == ".dat" and candidate.is_file():
        return candidate
    try:
        catalog = read_catalog(paths.CATALOG, paths.MODELS)
    except ModelFileError as exc:
        raise UsageError(msg("cmd.catalog_unreadable", problems=str(exc))) from None
    entry = catalog.find(name)
    if entry is None:
        known = ", ".join(e.stem for e in catalog.entries)
        raise UsageError(msg("cmd.no_model", name=name, catalog=paths.CATALOG.name, known=known))
    return entry.path


# -- building a model as the other commands do ---------------------------------------------


def _start_location(model: ModelFile, exc: SimulationError) -> Location:
    """Where in the file the expression a failed start names is written."""
    if exc.location is not None:  # the engine knows (a mechanism's FORCE or DRIVER row)
        return exc.location
    if model.kinetic is None or model.potential is None:  # a mechanism: its block
        return model.block_location("MECHANISM")
    expression = exc.expression
    label = expression.arguments.get("label", "") if isinstance(expression, Message) else (expression or "")
    label = str(label).split(" = ")[0]
    if label == "Ek":
        return model.kinetic.location
    if label == "Ep":
        return model.potential.location
    if label.startswith(("T[", "TMATRIX")):
        for e in model.tmatrix:
            if label == f"T[{e.i},{e.j}]" or label == f"T[{e.j},{e.i}]":
                return e.value.location
        return model.block_location("TMATRIX")
    if label.startswith("Q["):
        for f in model.forces:
            if label == f"Q[{f.coordinate}]":
                return f.value.location
    if label.startswith("∂L/∂"):
        # the derivative of Ek − Ep failed: blame Ep if its own derivative fails there
        coordinate = label[len("∂L/∂"):]
        try:
            params = parameter_values(model)
            env = {**params, **condition_values(model, params), "t": exc.t, **exc.values}
            evaluate(algebra.diff(model.potential.tree, coordinate), env)
        except (EvaluationError, ExpressionError, KeyError):
            return model.potential.location
        return model.kinetic.location
    return Location(model.path, 1, 1)


def build(model: ModelFile, simulation: Simulation | None = None) -> list[SourceError]:
    """What goes wrong when the model is built and started as ``simulate`` and the window do."""
    try:
        sim = simulation or Simulation(model)
        kinematics = sim.system.kinematics()
    except ModelFileError as exc:  # a mechanism that cannot be assembled
        return list(exc.problems)
    except SimulationError as exc:
        where = _start_location(model, exc)
        reason: str | Message = msg("cmd.cannot_start", reason=str(exc))
        return [SourceError(reason, where)]
    except ExpressionError as exc:
        return [exc]
    except (RecursionError, MemoryError, SyntaxError) as exc:  # a safety net: the code generator's limits
        return [SourceError(msg("check.too_big_to_run", reason=msg("sim.too_big", reason=type(exc).__name__)),
                            Location(model.path, 1, 1))]
    problems: list[SourceError] = []
    try:
        poses = kinematics.poses(sim.t, sim.q.tolist(), sim.qdot.tolist())
    except (EvaluationError, ArithmeticError, ValueError) as exc:
        return [SourceError(msg("check.graphic_value", field="GRAPHICS", name=model.path,
                                reason=EvaluationError.of(exc).reason), model.block_location("GRAPHICS"))]
    rows = {g.id: g for g in model.graphics}
    for pose in poses:
        for f in fields(pose):
            value = getattr(pose, f.name)
            if isinstance(value, float) and not math.isfinite(value):
                g = rows[pose.id]
                problems.append(SourceError(
                    msg("check.graphic_value", field=f.name, name=pose.id, reason=msg("eval.not_finite")), g.location))
                break
    return problems


def model_problems(path: Path) -> tuple[ModelFile | None, list[SourceError]]:
    """The model in ``path`` and everything that keeps it from running (read, check, build)."""
    try:
        model = load_model(path)
    except ModelFileError as exc:
        return None, list(exc.problems)
    return model, build(model)


# -- check ------------------------------------------------------------------------------------


def check(files: Sequence[str], out: TextIO | None = None, show_code: bool = False) -> int:
    """Validate model files (or models.xml and all it lists); 0 only if all are valid.
    With ``show_code``, each valid model's generated code is printed too."""
    out = out or sys.stdout
    problems: list[SourceError] = []
    warnings: list[SourceError] = []
    targets: list[Path] = []
    if not files:
        files = [str(paths.CATALOG)]
    for f in files:
        p = Path(f)
        if p.suffix.lower() == ".xml":
            try:
                catalog = read_catalog(p)
                targets.extend(e.path for e in catalog.entries)
                warnings.extend(catalog.warnings)
            except ModelFileError as exc:
                problems.extend(exc.problems)
        else:
            if not p.exists() and not p.suffix:  # a model of the menu by name, as simulate takes it
                with contextlib.suppress(UsageError):  # not one: said below as a file that cannot be read
                    p = find_model(f)
            targets.append(p)
    checked = 0
    seen: set[Path] = set()
    for target in targets:
        if target in seen:
            continue
        seen.add(target)
        checked += 1
        model, found = model_problems(target)
        problems.extend(found)
        if show_code and model is not None and not found:
            system = Simulation(model).system
            print(system.source, file=out)
    for warning in warnings:
        print(warning, file=out)
    for problem in problems:
        print(problem, file=out)
    bad_files = len({p.location.file for p in problems})
    plural = lambda k: "s" * (k != 1)
    if problems:
        print(msg("cmd.problems", count=len(problems), s=plural(len(problems)), files=bad_files, fs=plural(bad_files)),
              file=out)
        return 1
    summary = msg("cmd.one_valid" if checked == 1 else "cmd.all_valid", count=checked).text()
    if warnings:
        summary += f" ({msg('cmd.warnings', count=len(warnings), s=plural(len(warnings)))})"
    print(summary, file=out)
    return 0


# -- simulate ---------------------------------------------------------------------------------


def parse_settings(model: ModelFile, settings: Sequence[str]):
    """``NAME=EXPR`` pairs split into parameter and condition overrides."""
    params = {p.name for p in model.parameters}
    conds = {c.name for c in model.conditions}
    p_over, c_over = {}, {}
    for item in settings:
        if "=" not in item:
            raise UsageError(msg("cmd.set_syntax", item=item))
        name, expression = (s.strip() for s in item.split("=", 1))
        name = canonical_name(name)
        try:
            expr = parse(expression, Location(f"--set {name}", 1, 1))
        except ExpressionError as exc:
            raise UsageError(str(exc)) from None
        if name in params:
            p_over[name] = expr
        elif name in conds:
            c_over[name] = expr
        else:
            raise UsageError(msg("cmd.set_unknown", name=name, parameters=", ".join(sorted(params)),
                                 conditions=", ".join(c.name for c in model.conditions)))
    return p_over, c_over


def how_many(count: int) -> Count | str:
    """A count as people read it: 1,000,000 with separators (1 000 000 in Spanish); beyond a
    thousand million millions, 1.2e+300 (``--seconds 1e300`` means a count of 300 digits)."""
    return thousands(count) if count < 10**15 else f"{count:.3g}"


def run_cost(sim: Simulation, substeps: int) -> tuple[Message | None, Message | None]:
    """What a run of ``substeps`` substeps will cost: (an estimate of its wall time to say, or
    None when it is quick; why it is refused, or None)."""
    if substeps > MAX_SUBSTEPS:
        return None, msg("cmd.too_many_substeps", substeps=how_many(substeps), limit=thousands(MAX_SUBSTEPS))
    rate = _substep_rate(sim, substeps) if substeps else None
    estimate = substeps / rate if rate else 0.0
    if not rate or not (substeps > SAY_SUBSTEPS or estimate >= min(SAY_SECONDS, MAX_RUN_SECONDS)):
        return None, None
    said = msg("cmd.estimate", time=duration(estimate), rate=thousands(rate))
    if estimate > MAX_RUN_SECONDS:
        return said, msg("cmd.too_long", time=duration(estimate), limit=duration(MAX_RUN_SECONDS))
    return said, None


def duration(seconds: float) -> Message:
    """A wall time as people read it: seconds, minutes or hours."""
    if seconds < 120:
        return msg("unit.seconds", value=seconds)
    if seconds < 7200:
        return msg("unit.minutes", value=seconds / 60)
    return msg("unit.hours", value=seconds / 3600)


def _substep_rate(sim: Simulation, most: int, budget: float = 0.05) -> float | None:
    """RK4 substeps per wall second of this model, measured from its state (which is kept): one
    substep, then twice as many each time, until ``budget`` seconds or ``most`` substeps. In
    substeps, not steps of dt: a step of a mechanism of 30 points with N = 10,000 takes a minute.
    None if the motion fails meanwhile (the run will say why)."""
    system, state = sim.system, sim.state
    done, k, start = 0, 1, time.perf_counter()
    try:
        while True:
            state = system.substeps_from(state, k)
            done += k
            elapsed = time.perf_counter() - start
            if elapsed >= budget or done >= most:
                return done / max(elapsed, 1e-9)
            k = min(2 * k, most - done)
    except SimulationError:
        return None
    finally:
        sim.resume()  # what the measuring steps left in the system (impacts, a mechanism's rows)


class CsvRows:
    """The CSV of ``simulate``: a header of names, then one row per step, written as an
    observer of the simulation (the same seam trails and plots use)."""

    def __init__(self, sink: TextIO, names: Sequence[str]):
        self.writer = csv.writer(sink, lineterminator="\n")
        self.writer.writerow(names)

    def on_step(self, sim: Simulation) -> None:
        self.writer.writerow([repr(float(v)) for v in sim.sample()])

    def on_break(self, sim: Simulation) -> None:
        self.on_step(sim)  # the row at the conditions the run starts from


def drawn_inside_out(model: ModelFile, sim: Simulation) -> list[str]:
    """What the window's banner warns of at the start of a run: bodies whose size (a bar's
    length, a ball's radius …) is negative with these parameters, so they would be drawn inside
    out; said on standard error, the run and its CSV go on as they are."""
    try:
        # (a mechanism's bars join its points: no sizes of their own)
        found = sim.system.kinematics().negative_sizes(sim.t, sim.q, sim.qdot)
    except (ArithmeticError, ValueError, ExpressionError):  # what cannot be drawn is check's to say
        return []
    return [str(negative_size(*size)) for size in found]


def simulate(model_name: str, seconds: float, csv_path: str | None, settings: Sequence[str],
             derivatives: str, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    if not (math.isfinite(seconds) and seconds >= 0):
        raise UsageError(msg("cmd.seconds", value=seconds))
    if csv_path:
        check_output(csv_path, "--csv")  # before the model is built and run
    path = find_model(model_name)
    try:
        model = load_model(path)
    except ModelFileError as exc:
        print(exc, file=err)
        return 2
    p_over, c_over = parse_settings(model, settings)
    try:
        sim = Simulation(model, derivatives, p_over, c_over)
    except SimulationError as exc:  # at the initial state: said as check says it, with its place
        print(SourceError(msg("cmd.cannot_start", reason=str(exc)), _start_location(model, exc)), file=err)
        return 2
    except ModelFileError as exc:  # a mechanism that cannot be assembled
        print(exc, file=err)
        return 2
    except ExpressionError as exc:
        print(msg("cmd.error", reason=str(exc)), file=err)
        return 2
    except (RecursionError, MemoryError, SyntaxError) as exc:  # a safety net: the code generator's limits
        print(msg("cmd.error", reason=msg("sim.too_big", reason=type(exc).__name__)), file=err)
        return 2
    dt, n = model.general.dt, model.general.n_substeps
    steps = round(seconds / dt)
    substeps = steps * n
    plan = msg("cmd.plan", model=path.name, seconds=number(seconds), steps=counted(steps, "count.step", "count.steps",
                                                                                  how_many(steps)),
               dt=number(dt), n=n, substeps=counted(substeps, "count.substep", "count.substeps", how_many(substeps))).text()
    estimate, refusal = run_cost(sim, substeps)
    if estimate is not None:
        plan += " " + estimate.text()
    if refusal is not None:
        print(f"{plan}\n{msg('cmd.error', reason=refusal)}", file=err)
        return 2
    print(plan, file=err)
    for warning in drawn_inside_out(model, sim):
        print(msg("cmd.warning", reason=warning), file=err)
    try:
        with contextlib.ExitStack() as stack:
            sink = stack.enter_context(open(csv_path, "w", newline="", encoding="utf-8")) if csv_path else out
            sim.observers.append(CsvRows(sink, sim.sample_names()))
            try:
                sim.announce_break()  # the row at t = 0 (a mechanism's reactions are computed for it)
                sim.step(steps)
            except SimulationError as exc:
                print(msg("cmd.stopped", reason=str(exc)), file=err)
                if exc.expression:  # with its place in the file when the engine knows it (a mechanism's row)
                    written = f"{exc.location}: {text(exc.expression)}" if exc.location else exc.expression
                    print(msg("cmd.in_expression", expression=written), file=err)
                return 1
    except BrokenPipeError:
        raise  # the reader of standard output went away: the command line stops quietly
    except OSError as exc:  # the file could not be written after all (a full disk, a folder removed)
        print(write_failed(csv_path or "-", exc), file=err)
        return 2
    return 0

