"""The headless command ``modes`` (SPEC §7.6): a model's equilibria, their stability and their
normal modes, as a table on standard output and, with ``--csv``, one row per (equilibrium,
mode); and ``bench --modes``, the time each shipped model and a 20-link chain take.

Messages come from :mod:`game.messages`, in the language the command line chose.
"""

from __future__ import annotations

import builtins
import csv
import math
import re
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

import numpy as np

from ...expr import EvaluationError, Expression, ExpressionError, Location, check_names, evaluate, parse
from ...messages import counted, msg
from ...model import load_model, parameter_values, read_catalog
from ...physics.equilibrium import Analysis, Equilibrium, EquilibriumError, Mode, analyse
from ..files import paths
from ..files.writing import writing
from .bench import pendulum_chain_text
from .usage import UsageError, check_output, model_named, parse_settings, write_failed

#: the goals of ``bench --modes`` (seconds): each shipped model, and the 20-link chain
SHIPPED_GOAL, CHAIN_GOAL = 0.5, 2.0


def modes(model_name: str, settings: Sequence[str], period: str | None, csv_path: str | None,
          out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print the table (and write the CSV): 0 when equilibria were found, 1 when the model has
    none to give (the message says why), 2 when the model or the command line is wrong.

    ``period`` is an expression of the parameters, as ``periodo=`` is (``2*pi/W`` follows ``--set W=…``)."""
    out, err = out or sys.stdout, err or sys.stderr
    period_tree = None
    if period is not None:
        try:
            period_tree = parse(period, Location("--period", 1, 1))
        except ExpressionError as exc:
            raise UsageError(str(exc)) from None
    if csv_path:
        check_output(csv_path, "--csv")
    found = model_named(model_name, err)
    if found is None:
        return 2
    path, model = found
    p_over, c_over = parse_settings(model, settings)
    try:
        parameters = parameter_values(model, p_over)
        analysis = analyse(model, parameters, given_period(period_tree, parameters), c_over)
    except ExpressionError as exc:
        print(msg("cmd.error", reason=str(exc)), file=err)
        return 2
    except EquilibriumError as exc:
        print(msg("cmd.error", reason=exc.message), file=err)
        return 1
    for line in table(path.name, analysis):
        print(line, file=out)
    if csv_path:
        try:
            with writing(csv_path) as sink:
                write_csv(sink, analysis)
        except OSError as exc:
            print(write_failed(csv_path, exc), file=err)
            return 2
    return 0


def given_period(tree: Expression | None, parameters: Mapping[str, float]) -> float | None:
    """The value of ``--period`` with these parameters: a positive number of seconds."""
    if tree is None:
        return None
    check_names(tree, parameters, msg("where.period"))  # an unknown name: said with a suggestion
    try:
        value = evaluate(tree.tree, parameters)
    except (EvaluationError, KeyError):
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise UsageError(msg("modes.period_value", value=tree.text))
    return value


# -- the table -----------------------------------------------------------------------------------


def _g(x: float) -> str:
    return f"{x:.10g}"


def _named(names: Sequence[str], values: np.ndarray) -> str:
    return ", ".join(f"{c} = {_g(float(v))}" for c, v in zip(names, values))


def table(label: str, analysis: Analysis) -> list[str]:
    """The lines ``modes`` prints."""
    count = counted(len(analysis.equilibria), "modes.count_one", "modes.count_many")
    lines = [msg("modes.title", model=label, count=count, starts=analysis.starts).text()]
    if analysis.time == "steady":
        lines.append(msg("modes.steady").text())
    elif analysis.time == "periodic":
        lines.append(msg("modes.driven", period=_g(analysis.period or 0.0)).text())
    names = analysis.coordinates
    for k, e in enumerate(analysis.equilibria, 1):
        lines.append("")
        lines.append(msg("modes.equilibrium", index=k, kind=msg(f"modes.kind.{e.kind}"), ep=_g(e.potential)).text())
        lines.append("  " + msg("modes.at", where=_named(names, e.q)).text())
        if e.family.shape[1]:
            lines.append("  " + msg("modes.family", directions=_directions(names, e.family)).text())
        if e.reactions:
            lines.append("  " + msg("modes.reactions", values=_named(analysis.reaction_ids, np.array(e.reactions))).text())
        for j, mode in enumerate(e.modes, 1):
            lines.append("  " + _mode_line(j, mode, analysis.time == "periodic"))
            lines.append("    " + msg("modes.shape", values=_named(names, mode.shape)).text())
    return lines


def _directions(names: Sequence[str], flat: np.ndarray) -> str:
    if flat.shape[1] > 3:
        return str(flat.shape[1])
    return "; ".join(f"({_named(names, v / np.max(np.abs(v)))})" for v in flat.T)


def _mode_line(index: int, mode: Mode, driven: bool) -> str:
    z = mode.eigenvalue
    if driven:
        mu = f"{_g(z.real)} {'+' if z.imag >= 0 else '−'} {_g(abs(z.imag))}i"
        if mode.rate > 0 and not mode.oscillates:
            return msg("modes.floquet_growth", index=index, mu=mu, size=_g(abs(z)), rate=_g(mode.rate)).text()
        if mode.rate < 0 and not mode.oscillates:
            return msg("modes.floquet_decay", index=index, mu=mu, size=_g(abs(z)), rate=_g(mode.rate)).text()
        return msg("modes.floquet", index=index, mu=mu, size=_g(abs(z)), omega=_g(mode.rate)).text()
    if mode.oscillates and abs(z.real) > 0:
        return msg("modes.damped", index=index, re=_g(z.real), im=_g(z.imag), omega=_g(mode.rate),
                   period=_g(mode.period or 0.0)).text()
    if mode.oscillates:
        return msg("modes.oscillation", index=index, omega=_g(mode.rate), period=_g(mode.period or 0.0)).text()
    if mode.rate > 0:
        return msg("modes.growth", index=index, rate=_g(mode.rate)).text()
    if mode.rate < 0:
        return msg("modes.decay", index=index, rate=_g(mode.rate)).text()
    return msg("modes.neutral", index=index).text()


# -- the CSV -------------------------------------------------------------------------------------


def csv_header(coordinates: Sequence[str], reaction_ids: Sequence[str] = ()) -> list[str]:
    """SPEC §7.6's columns; a mechanism's reactions at rest after them, as ``λ_ID`` (as simulate names them)."""
    return ["equilibrium", "kind", "Ep", *coordinates, "mode", "omega", "period", *(f"v_{c}" for c in coordinates),
            *(f"λ_{r}" for r in reaction_ids)]


def csv_rows(analysis: Analysis) -> list[list[str]]:
    rows = []
    for k, e in enumerate(analysis.equilibria, 1):
        rows.extend(_rows_of(k, e))
    return rows


def _rows_of(index: int, e: Equilibrium) -> list[list[str]]:
    where = [repr(float(x)) for x in e.q]
    return [[str(index), e.kind, repr(float(e.potential)), *where, str(j), repr(float(mode.rate)),
             "" if mode.period is None else repr(float(mode.period)), *(repr(float(v)) for v in mode.shape),
             *(repr(float(r)) for r in e.reactions)]
            for j, mode in enumerate(e.modes, 1)]


def write_csv(sink: TextIO, analysis: Analysis) -> None:
    writer = csv.writer(sink, lineterminator="\n")
    writer.writerow(csv_header(analysis.coordinates, analysis.reaction_ids))
    writer.writerows(csv_rows(analysis))


# -- bench --modes -------------------------------------------------------------------------------


def bench_modes(out: TextIO | None = None, chain: int = 20) -> int:
    """Print how long ``modes`` takes (its analysis, the model already read) for each shipped
    model and for a ``chain``-link pendulum chain; 1 if a goal is missed."""

    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    catalog = read_catalog(paths.CATALOG, paths.MODELS)
    print(f"Equilibria and modes (seconds; goals: {SHIPPED_GOAL:g} s per shipped model, "
          f"{CHAIN_GOAL:g} s for the {chain}-link chain)")
    print(f"{'model':<26}{'nQ':>3}{'seconds':>10}  result")
    missed = 0
    for entry in catalog.entries:
        model = load_model(entry.path)
        missed += _bench_row(print, entry.stem, model, SHIPPED_GOAL)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"cadena{chain}.dat"
        path.write_text(pendulum_chain_text(chain), encoding="utf-8")
        missed += _bench_row(print, f"chain of {chain} links", load_model(path), CHAIN_GOAL)
    return 1 if missed else 0


def _bench_row(print, label: str, model, goal: float) -> int:
    start = time.perf_counter()
    try:
        analysis = analyse(model, parameter_values(model))
        count = len(analysis.equilibria)
        result = f"{count} {'equilibrium' if count == 1 else 'equilibria'}"
    except EquilibriumError as exc:
        result = re.split(r"[:;(]", str(exc))[0].strip()
    elapsed = time.perf_counter() - start
    late = elapsed > goal
    print(f"{label:<26}{model.n:>3}{elapsed:>10.3f}  {result}{'   OVER THE GOAL' if late else ''}")
    return int(late)
