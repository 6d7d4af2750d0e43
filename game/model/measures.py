"""Named measures of a model (SPEC §7.4): ``<MEASURES><M>name|'expr'|description</M></MEASURES>``.

A measure is an expression of t, the coordinates, the velocities and the
parameters that a teacher wants to watch: a linear or angular momentum, a
bob's height. It changes nothing in the motion; it is shown in the Values
panel, written as a CSV column after ``DE`` and offered in the plots.

Here: the row as data, how a row is read, and what is checked of it. The
numbers are computed by :mod:`game.physics.observe.measures`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ..expr import RESERVED, Expression, ExpressionError, Location, SourceError, check_names
from ..messages import Message, msg

#: Names a measure may not take: the other columns of a sample (CSV of ``simulate``, the history).
SAMPLE_NAMES = frozenset({"t", "Ek", "Ep", "E", "DE", "W", "Eloss"})


@dataclass(frozen=True)
class Measure:
    """One ``<M>`` row: ``name|'expr'|description``."""

    name: str
    value: Expression
    description: str
    location: Location


class _Cell(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def location(self) -> Location: ...


Cell = TypeVar("Cell", bound=_Cell)


def read_measure(cells: Sequence[Cell], row: Location, name: Callable[[Cell, str], str | None],
                 expression: Callable[[Cell], Expression | None],
                 problem: Callable[[Message, Location], None]) -> Measure | None:
    """A measure from the cells of an ``<M>`` row, or None (the problems told to ``problem``).
    ``name`` and ``expression`` read a cell as the reader reads names and expressions."""
    if len(cells) not in (2, 3):
        problem(msg("read.measure_cells", found=len(cells)), row)
        return None
    ident = name(cells[0], "measure")
    value = expression(cells[1])
    if ident is None or value is None:
        return None
    return Measure(ident, value, cells[2].text if len(cells) == 3 else "", cells[0].location)


def check_measures(measures: Sequence[Measure], taken: Collection[str], known: Collection[str],
                   reactions: Mapping[str, str] | None = None) -> list[SourceError]:
    """Problems of the measures: a name already used (by a parameter, a condition, a column
    of the sample, a mechanism's reaction column in ``reactions`` (λ_ID → its row) or another
    measure) and expressions reading names other than ``known`` (t, coordinates, velocities,
    parameters)."""
    reactions = reactions or {}
    problems: list[SourceError] = []
    seen: dict[str, Location] = {}
    for m in measures:
        if m.name in RESERVED or m.name in SAMPLE_NAMES:
            problems.append(SourceError(msg("check.measure_name", name=m.name), m.location))
        elif m.name in reactions:
            problems.append(SourceError(msg("check.measure_reaction", name=m.name, element=reactions[m.name]),
                                        m.location))
        elif m.name in taken:
            problems.append(SourceError(msg("check.measure_taken", name=m.name), m.location))
        elif m.name in seen:
            problems.append(SourceError(msg("check.measure_twice", name=m.name, line=seen[m.name].line), m.location))
        seen.setdefault(m.name, m.location)
        try:
            check_names(m.value, known, msg("where.measure"))
        except ExpressionError as exc:
            problems.append(exc)
    return problems
