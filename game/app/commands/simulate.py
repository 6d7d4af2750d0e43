"""The headless command ``simulate`` (SPEC §6). No window, no pygame.

``simulate`` says how many RK4 substeps a request means and refuses one that
would run for more than :data:`MAX_RUN_SECONDS`.

Messages come from :mod:`game.messages`, in the language the command line chose.
"""

from __future__ import annotations

import contextlib
import csv
import math
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from ...expr import ExpressionError, SourceError
from ...messages import Count, Message, counted, msg, number, text, thousands
from ...model import ModelFile, ModelFileError
from ...physics import Simulation, SimulationError
from ...physics.state import written_time
from ..files.opening import start_location
from ..files.writing import writing
from ..session.readout import negative_size
from .usage import UsageError, check_output, model_named, parse_settings, write_failed

#: simulate refuses a run estimated to take longer than this (wall seconds).
MAX_RUN_SECONDS = 3600.0
#: ... and more substeps than this whatever the speed.
MAX_SUBSTEPS = 10**10
#: simulate says how long a run will take when it means more substeps than this, or when it will
#: take longer than :data:`SAY_SECONDS` (a mechanism's substep costs a hundred times a pendulum's)
SAY_SUBSTEPS = 100_000
SAY_SECONDS = 10.0
#: a run is estimated again from its own pace once it has run this long (wall seconds): the first
#: substeps, timed before it starts, may be the cheap ones (a cradle's balls before they touch)
PACE_AFTER = 10.0


class Pace:
    """The estimate kept true while a run goes: after :data:`PACE_AFTER` seconds, the pace so
    far says how long the rest will take; past the bound (or past it already) the run stops."""

    def __init__(self, steps: int, bound: float | None = None, after: float | None = None):
        self.steps = steps
        self.bound = MAX_RUN_SECONDS if bound is None else bound
        self.after = PACE_AFTER if after is None else after
        self.start = time.perf_counter()

    def verdict(self, done: int) -> Message | None:
        """Why the run must stop after ``done`` of its steps (its projected or spent wall time
        past the bound), or None."""
        spent = time.perf_counter() - self.start
        if spent < min(self.after, self.bound) or done >= self.steps:
            return None
        projected = spent * self.steps / max(done, 1)
        if projected <= self.bound:
            return None
        return msg("cmd.pace_too_long", spent=duration(spent), done=thousands(done), steps=thousands(self.steps),
                   time=duration(projected), limit=duration(self.bound))


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

    def __init__(self, sink: TextIO, names: Sequence[str], accelerations: bool = False):
        self.writer = csv.writer(sink, lineterminator="\n")
        self.accelerations = accelerations
        self.writer.writerow(names)

    def on_step(self, sim: Simulation) -> None:
        t, *rest = sim.sample()  # t from the count of steps: the sum of k steps of dt drifts
        row = [float(v) for v in rest]
        if self.accelerations:  # q̈ (and a mechanism's Appell function), the last columns (SPEC §7.8)
            row += sim.system.accelerations_of(sim.state).tolist()
            appell = sim.system.appell(sim.state)
            if appell is not None:
                row.append(appell)
        self.writer.writerow([repr(written_time(t, sim.model.general.dt)), *(repr(float(v)) for v in row)])

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
             derivatives: str, out: TextIO | None = None, err: TextIO | None = None, action: bool = False,
             accelerations: bool = False) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    if not (math.isfinite(seconds) and seconds >= 0):
        raise UsageError(msg("cmd.seconds", value=seconds))
    if csv_path:
        check_output(csv_path, "--csv")  # before the model is built and run
    found = model_named(model_name, err)
    if found is None:
        return 2
    path, model = found
    p_over, c_over = parse_settings(model, settings)
    try:
        sim = Simulation(model, derivatives, p_over, c_over, action=action)
    except NotImplementedError as exc:  # --action on a model whose steps have no stages to replay
        why = exc.args[0] if exc.args and isinstance(exc.args[0], Message) else None
        print(msg("cmd.error", reason=why or msg("action.run_unsupported", model=path.name)), file=err)
        return 2
    except SimulationError as exc:  # at the initial state: said as check says it, with its place
        print(SourceError(msg("cmd.cannot_start", reason=str(exc)), start_location(model, exc)), file=err)
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
            sink = stack.enter_context(writing(csv_path)) if csv_path else out
            names = list(sim.sample_names())
            if accelerations:
                names += [f"a_{c}" for c in model.coordinates] + ["Appell"] * (model.mechanism is not None)
            sim.observers.append(CsvRows(sink, names, accelerations))
            try:
                sim.announce_break()  # the row at t = 0 (a mechanism's reactions are computed for it)
                pace = Pace(steps)
                for done in range(1, steps + 1):
                    sim.step(1)  # (one step at a time: the observers hear of each one anyway)
                    stop = pace.verdict(done)
                    if stop is not None:
                        print(msg("cmd.error", reason=stop), file=err)
                        return 1
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

