"""The headless commands: ``check`` and ``simulate`` (SPEC §6). No window, no pygame."""

from __future__ import annotations

import contextlib
import csv
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..expr import ExpressionError, Location, SourceError, canonical_name, parse
from ..model import ModelFile, ModelFileError, load_model, read_catalog
from ..physics import Simulation, SimulationError
from ..physics.mechanism import MechanismSystem
from . import paths


class UsageError(Exception):
    """A command line that cannot be carried out; the message says why."""


def find_model(name: str) -> Path:
    """A model by catalog name (file, stem or title) or by path to a .dat file."""
    candidate = Path(name)
    if candidate.suffix == ".dat" and candidate.is_file():
        return candidate
    try:
        catalog = read_catalog(paths.CATALOG, paths.MODELS)
    except ModelFileError as exc:
        raise UsageError(f"cannot read the catalog:\n{exc}") from None
    entry = catalog.find(name)
    if entry is None:
        known = ", ".join(e.stem for e in catalog.entries)
        raise UsageError(f"no model '{name}' in {paths.CATALOG.name} (known: {known}) and no file of that name")
    return entry.path


def check(files: Sequence[str], out: TextIO | None = None, show_code: bool = False) -> int:
    """Validate model files (or models.xml and all it lists); 0 only if all are valid.
    With ``show_code``, each valid model's generated code is printed too."""
    out = out or sys.stdout
    problems: list[SourceError] = []
    targets: list[Path] = []
    if not files:
        files = [str(paths.CATALOG)]
    for f in files:
        p = Path(f)
        if p.suffix.lower() == ".xml":
            try:
                catalog = read_catalog(p)
                targets.extend(e.path for e in catalog.entries)
            except ModelFileError as exc:
                problems.extend(exc.problems)
        else:
            targets.append(p)
    checked = 0
    for target in targets:
        checked += 1
        try:
            model = load_model(target)
            if model.mechanism is not None:
                Simulation(model)  # a mechanism is assembled: one that cannot be is reported here
        except ModelFileError as exc:
            problems.extend(exc.problems)
            continue
        except SimulationError as exc:
            problems.append(SourceError(str(exc), Location(str(target))))
            continue
        if show_code:
            system = Simulation(model).system
            print(system.source if isinstance(system, MechanismSystem) else system.code.source, file=out)
    for problem in problems:
        print(problem, file=out)
    bad_files = len({p.location.file for p in problems})
    if problems:
        print(f"{len(problems)} problem{'s' * (len(problems) != 1)} in {bad_files} file{'s' * (bad_files != 1)}", file=out)
        return 1
    print(f"{checked} model{'s' * (checked != 1)} checked: all valid", file=out)
    return 0


def parse_settings(model: ModelFile, settings: Sequence[str]):
    """``NAME=EXPR`` pairs split into parameter and condition overrides."""
    params = {p.name for p in model.parameters}
    conds = {c.name for c in model.conditions}
    p_over, c_over = {}, {}
    for item in settings:
        if "=" not in item:
            raise UsageError(f"--set expects NAME=EXPR, not '{item}'")
        name, text = (s.strip() for s in item.split("=", 1))
        name = canonical_name(name)
        try:
            expr = parse(text, Location(f"--set {name}", 1, 1))
        except ExpressionError as exc:
            raise UsageError(str(exc)) from None
        if name in params:
            p_over[name] = expr
        elif name in conds:
            c_over[name] = expr
        else:
            raise UsageError(f"--set {name}: not a parameter or condition of this model "
                             f"(parameters: {', '.join(sorted(params))}; conditions: {', '.join(c.name for c in model.conditions)})")
    return p_over, c_over


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


def simulate(model_name: str, seconds: float, csv_path: str | None, settings: Sequence[str],
             derivatives: str, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    path = find_model(model_name)
    try:
        model = load_model(path)
    except ModelFileError as exc:
        print(exc, file=err)
        return 2
    p_over, c_over = parse_settings(model, settings)
    try:
        sim = Simulation(model, derivatives, p_over, c_over)
    except (ExpressionError, SimulationError, ModelFileError) as exc:
        print(f"error: {exc}", file=err)
        return 2
    steps = round(seconds / model.general.dt)
    with contextlib.ExitStack() as stack:
        sink = stack.enter_context(open(csv_path, "w", newline="", encoding="utf-8")) if csv_path else out
        sim.observers.append(CsvRows(sink, sim.sample_names()))
        sim.announce_break()
        try:
            sim.step(steps)
        except SimulationError as exc:
            print(f"error: the simulation stopped: {exc}", file=err)
            if exc.expression:
                print(f"  in {exc.expression}", file=err)
            return 1
    return 0
