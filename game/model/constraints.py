"""Constraints of a Lagrangian model: the ``<CONSTRAINTS>`` block (SPEC §7.8).

``<C>id|'phi'|description</C>`` says phi(q, t) = 0 (holonomic); ``<V>id|'a·q̇ + b'|description</V>``
says a combination of the velocities linear in them vanishes (a knife edge, rolling without
slipping). The motion carries a multiplier λ_id per row, the force the constraint exerts along
its gradient (∂phi/∂q, or a).

Here: the row as data, how it is read, and what is checked of it (names, velocities only in
``<V>`` rows and linearly, ids, the λ_id columns free). What the rows mean to the motion is
:mod:`game.physics.lagrange.constraints`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..expr import RESERVED, TIME, Expression, ExpressionError, Location, SourceError, check_names
from ..messages import Message, msg
from .contacts import nonlinear_velocity
from .measures import SAMPLE_NAMES, Cell
from .mechanism.elements import reaction_name  # a row's multiplier is its column as a reaction's: λ_ID

#: the row tags of the block: holonomic, and velocity rows
HOLONOMIC, VELOCITY = "C", "V"


@dataclass(frozen=True)
class ConstraintRow:
    """One row: its id, its kind (``C`` or ``V``), phi or a·q̇ + b, and its description."""

    id: str
    kind: str
    value: Expression
    description: str
    location: Location
    #: the description in other languages: (language, text)
    translations: tuple[tuple[str, str], ...] = ()

    @property
    def holonomic(self) -> bool:
        return self.kind == HOLONOMIC


def read_constraint(tag: str, cells: Sequence[Cell], row: Location, name: Callable[[Cell, str], str | None],
                    expression: Callable[[Cell], Expression | None],
                    translations: Callable[[Message], tuple[tuple[str, str], ...] | None],
                    problem: Callable[[Message, Location], None]) -> ConstraintRow | None:
    """A row from the cells of a ``<C>`` or ``<V>`` row, or None (the problems told to ``problem``).
    After the description, the description in other languages (``en: text``), read as the other
    rows' are: ``translations(row)`` (the reader's, which says a wrong cell is wrong in ``row``)."""
    shape = msg("constraint.cells", tag=tag, found=len(cells))
    if len(cells) < 2:
        problem(shape, row)
        return None
    others = translations(shape)
    if others is None:
        return None
    ident = name(cells[0], "constraint")
    value = expression(cells[1])
    if ident is None or value is None:
        return None
    return ConstraintRow(ident, tag, value, cells[2].text if len(cells) >= 3 else "", cells[0].location, others)


def constraint_problems(rows: Sequence[ConstraintRow], parameters: Collection[str], coordinates: Sequence[str],
                        velocities: Sequence[str], taken: Collection[str]) -> list[SourceError]:
    """Names each row may use (a ``<C>`` row: t, coordinates, parameters; a ``<V>`` row the
    velocities too, linearly), ids given once, and λ_id not a name already ``taken``."""
    problems: list[SourceError] = []
    seen: dict[str, Location] = {}
    with_coords = {*parameters, *coordinates, TIME}
    for c in rows:
        if c.id in seen:
            problems.append(SourceError(msg("check.defined_twice", name=c.id, line=seen[c.id].line), c.location))
        seen.setdefault(c.id, c.location)
        if c.id in RESERVED or reaction_name(c.id) in taken or reaction_name(c.id) in SAMPLE_NAMES:
            problems.append(SourceError(msg("constraint.name", name=reaction_name(c.id)), c.location))
        known = with_coords if c.holonomic else with_coords | set(velocities)
        try:
            check_names(c.value, known, msg("constraint.where_holonomic" if c.holonomic else "constraint.where_velocity"))
        except ExpressionError as exc:
            problems.append(exc)
            continue
        if not c.holonomic:
            found = nonlinear_velocity(c.value, velocities, "constraint.not_linear")
            if found is not None:
                problems.append(found)
    return problems
