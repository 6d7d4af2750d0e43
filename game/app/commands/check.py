"""The headless command ``check`` (SPEC §6). No window, no pygame.

``check`` refuses everything the other commands would refuse: besides reading
and validating a file it builds the model as ``simulate`` and the window do
(derivatives, generated code, the initial state, every drawn body at t = 0).

Messages come from :mod:`game.messages`, in the language the command line chose.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ...expr import SourceError
from ...messages import msg
from ...model import ModelFileError, read_catalog
from ...physics import Simulation
from ..files import paths
from ..files.opening import model_problems
from .equations import print_equations
from .usage import UsageError, find_model


def check(files: Sequence[str], out: TextIO | None = None, show_code: bool = False, equations: bool = False) -> int:
    """Validate model files (or models.xml and all it lists); 0 only if all are valid.
    With ``show_code``, each valid model's generated code is printed too; with ``equations``, its
    equations of motion (:mod:`.equations`)."""
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
        if equations and model is not None and not found:
            print_equations(target.name, model, out)
        if model is not None and not found and model.constraints:  # what the constraints leave free
            system = Simulation(model).system
            print(f"{target.name}: " + msg("constraint.freedom", n=system.n, rows=system.m, rank=system.rank,
                                           free=system.n - system.rank).text(), file=out)
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
