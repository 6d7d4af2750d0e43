"""Checks of a ``<MECHANISM>`` block that need no motion (SPEC §7.5): unknown points, repeated
ids, names in expressions, rows whose points repeat (each kind's :meth:`~.elements.Element.joins`),
and at the file's positions a bar of zero length, a slider on two coincident points (each kind's
:meth:`~.elements.Element.degenerate`), negative masses. Whether the points can be assembled, and
whether every motion they allow has mass, is found when the engine builds the mechanism
(:mod:`game.physics.mechanism`)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from ...expr import (
    TIME,
    EvaluationError,
    Expression,
    ExpressionError,
    Location,
    SourceError,
    check_names,
    evaluate,
    suggestion,
)
from ...messages import Message, msg, number
from .block import Mechanism
from .elements import OF_MOTION, OF_TIME, coordinate_names, reaction_name, velocity_names


def check_names_of(mech: Mechanism, parameters: Sequence[str], coordinates: Sequence[str],
                   velocities: Sequence[str], problems: list[SourceError]) -> None:
    """Unknown points, repeated ids, rows whose points repeat, names in expressions."""
    _names(mech, parameters, coordinates, velocities, problems)


def _names(mech: Mechanism, parameters: Sequence[str], coordinates: Sequence[str], velocities: Sequence[str],
           problems: list[SourceError]) -> None:
    def names_ok(expr: Expression | None, known: Sequence[str], what: Message) -> None:
        if expr is None:
            return
        try:
            check_names(expr, known, what)
        except ExpressionError as exc:
            problems.append(exc)

    params = list(parameters)
    motion = params + list(coordinates) + list(velocities) + [TIME]
    names_ok(mech.gravity, params, msg("mechanism.where_gravity"))
    ids: dict[str, Location] = {}
    for p in mech.points:
        if p.id in ids:  # one message, of the point (validation does not name its P_x … P_vy again)
            problems.append(SourceError(msg("check.point_twice", name=p.id, line=ids[p.id].line), p.location))
        ids.setdefault(p.id, p.location)
        if p.fixed:  # free points are conditions, checked with the others
            for value in (p.x, p.y, p.vx, p.vy):
                names_ok(value, params, msg("mechanism.where_point"))
    if not mech.free_points:
        problems.append(SourceError(msg("mechanism.no_free_point"), mech.location))
    points = {p.id for p in mech.points}
    free = {p.id for p in mech.free_points}
    for e in mech.elements:
        if e.id:
            if e.id in ids:
                problems.append(SourceError(msg("check.defined_twice", name=e.id, line=ids[e.id].line), e.location))
            ids.setdefault(e.id, e.location)
        for pid, loc in zip(e.points, e.point_locations):
            if pid not in points:
                problems.append(SourceError(
                    msg("mechanism.unknown_point", point=pid, element=e.label, hint=suggestion(pid, points)), loc))
        for name, expr in e.values:
            holds = e.cell(name).holds
            if holds == OF_MOTION:
                names_ok(expr, motion, msg("where.force"))
            elif holds == OF_TIME:
                names_ok(expr, params + [TIME], msg("mechanism.where_driver"))
            else:
                names_ok(expr, params, msg("mechanism.where_cell", cell=e.word(name), kind=e.tag))
        if all(pid in points for pid in e.points):
            wrong = e.joins(free)
            if wrong is not None:
                problems.append(wrong)
    _reaction_columns(mech, problems)


def reaction_columns(mech: Mechanism) -> dict[str, str]:
    """The reaction columns of ``simulate`` and the Values panel, each with its row ("BAR b")."""
    return {reaction_name(e.id): e.label for e in mech.elements if e.constrains}


def _reaction_columns(mech: Mechanism, problems: list[SourceError]) -> None:
    """A reaction column named like a coordinate or velocity (point 'λ' and BAR 'x': both λ_x)
    would be two columns of one name in the CSV."""
    owners = {name: p.id for p in mech.free_points for name in (*coordinate_names(p.id), *velocity_names(p.id))}
    for e in mech.elements:
        column = reaction_name(e.id)
        if e.constrains and column in owners:
            problems.append(SourceError(
                msg("mechanism.reaction_column_taken", element=e.label, column=column, point=owners[column]),
                e.location))


def point_positions(mech: Mechanism, parameters: Mapping[str, float]) -> dict[str, tuple[float, float]]:
    """Where each point is, as written in the file (the geometry: lengths of bars and
    springs, lines of sliders). Raises ExpressionError if a value cannot be computed."""
    out = {}
    for p in mech.points:
        xy = []
        for expr in (p.x, p.y):
            try:
                xy.append(evaluate(expr.tree, parameters))
            except EvaluationError as exc:
                raise ExpressionError(msg("mechanism.position_value", point=p.id, reason=exc.reason),
                                      expr.location) from None
        out[p.id] = (xy[0], xy[1])
    return out


def extent(where: Mapping[str, tuple[float, float]], points: Iterable[str]) -> float:
    """The largest |x| or |y| of ``points`` (at least 1): the scale of their round-off."""
    return max([1.0, *(abs(v) for pid in points for v in where[pid])])


def size(mech: Mechanism, where: Mapping[str, tuple[float, float]]) -> float:
    """The size of the mechanism, the scale of its tolerances: the extent of the points its bars,
    sliders and drivers join. A point that no constraint holds (a free mass, a point no row uses)
    does not count: far away, it would make every tolerance so coarse that bars look 0 long."""
    return extent(where, {pid for e in mech.elements if e.constrains for pid in e.points})


def check_numbers(mech: Mechanism, params: Mapping[str, float], problems: list[SourceError]) -> None:
    """Zero-length bars, coincident slider points, negative masses: at the file's positions."""
    try:
        where = point_positions(mech, params)
    except ExpressionError as exc:
        problems.append(exc)
        return
    for p in where:
        if not all(math.isfinite(v) for v in where[p]):
            problems.append(SourceError(msg("mechanism.position_not_finite", point=p), mech.point(p).location))
            return

    def distance(a: str, b: str) -> float:
        (xa, ya), (xb, yb) = where[a], where[b]
        return math.hypot(xb - xa, yb - ya)

    def tiny(*points: str) -> float:
        """Two of these points closer than this start at one place: round-off of their own
        coordinates (a point far away that the row does not join must not count)."""
        return 1e-9 * extent(where, points)

    if mech.gravity is not None:
        try:
            evaluate(mech.gravity.tree, params)
        except EvaluationError as exc:
            problems.append(SourceError(msg("mechanism.gravity_value", reason=exc.reason), mech.gravity.location))
    for e in mech.elements:
        for name, expr in e.values:
            if e.cell(name).holds == OF_TIME and expr is not None:
                # a motor's angle where the motion starts (later ones fail in the run)
                try:
                    evaluate(expr.tree, {**params, TIME: 0.0})
                except EvaluationError as exc:
                    problems.append(SourceError(msg("mechanism.cell_value_at", cell=e.word(name), element=e.label,
                                                    t="0", reason=exc.reason), expr.location))
        for name, expr in e.values:
            if e.cell(name).non_negative and expr is not None:
                try:
                    v = evaluate(expr.tree, params)
                except EvaluationError as exc:
                    problems.append(SourceError(
                        msg("mechanism.cell_value", cell=e.word(name), element=e.label, reason=exc.reason),
                        expr.location))
                    continue
                if not math.isfinite(v) or v < 0:
                    problems.append(SourceError(
                        msg("mechanism.negative", cell=e.word(name), element=e.label, value=number(v)),
                        expr.location))
        wrong = e.degenerate(distance, tiny)
        if wrong is not None:
            problems.append(wrong)
