"""Mechanisms in natural coordinates (SPEC §7.5, seed 003): the ``<MECHANISM>`` block.

A mechanism is written as points, and elements between them: bars, point masses,
sliders, springs, drivers (motors) and applied forces. Its coordinates are the
x, y of every free point, named ``P_x``, ``P_y`` (velocities ``P_vx``, ``P_vy``).

This module holds the rows as frozen data, reads them (called by the reader for
each row of the block), and checks what can be checked without moving anything:
unknown points, repeated ids, names in expressions, a bar of zero length, a
slider on two coincident points, negative masses. Whether the points can be
assembled, and whether every motion they allow has mass, is found when the
engine builds the mechanism (:mod:`game.physics.mechanism`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..expr import (
    TIME,
    EvaluationError,
    Expression,
    ExpressionError,
    Location,
    SourceError,
    canonical_name,
    check_names,
    evaluate,
    parse,
    suggestion,
)
from ..messages import Message, msg, number

#: The rows of ``<MECHANISM>`` and their cells, in file order. Cells after the
#: ``required`` count may be left out (their defaults below apply).
ROWS: dict[str, tuple[tuple[str, ...], int]] = {
    "GRAVITY": (("g",), 1),
    "POINT": (("id", "x", "y", "vx", "vy", "fixed"), 3),
    "BAR": (("id", "P1", "P2", "mass", "inertia", "width"), 3),
    "MASS": (("id", "P", "mass", "radius"), 3),
    "SLIDER": (("id", "P", "A", "B"), 4),
    "SPRING": (("id", "P1", "P2", "k", "length", "damping"), 4),
    "DRIVER": (("id", "P1", "P2", "angle"), 4),
    "FORCE": (("P", "Fx", "Fy"), 3),
}

#: Cells that name a point.
POINT_CELLS = ("P", "P1", "P2", "A", "B")

#: Rows whose cells the manual names in Spanish: their layout in messages comes from the catalogue.
_LAYOUTS = {"BAR": "mechanism.layout_bar", "MASS": "mechanism.layout_mass",
            "SPRING": "mechanism.layout_spring", "DRIVER": "mechanism.layout_driver"}
#: Expression cells of parameters, as the subject of a message ("the mass of BAR b ...").
_CELL_WORDS = {"mass": "mechanism.the_mass", "inertia": "mechanism.the_inertia", "width": "mechanism.the_width",
               "radius": "mechanism.the_radius", "k": "mechanism.the_k", "length": "mechanism.the_length",
               "damping": "mechanism.the_damping", "angle": "mechanism.the_angle", "Fx": "mechanism.the_fx",
               "Fy": "mechanism.the_fy"}


def layout(tag: str) -> str | Message:
    """The cells of a row, as messages show them: id|P1|P2|mass|inertia|width."""
    return msg(_LAYOUTS[tag]) if tag in _LAYOUTS else "|".join(ROWS[tag][0])


def cell_word(name: str) -> Message:
    """An expression cell of parameters as the subject of a message: "the mass", "la masa"."""
    return msg(_CELL_WORDS[name])

_IDENT = re.compile(r"^[^\W\d]\w*$")


@dataclass(frozen=True)
class Point:
    """``<POINT>id|x|y|vx|vy|fixed</POINT>``: a point, where it starts and how fast."""

    id: str
    x: Expression
    y: Expression
    vx: Expression | None
    vy: Expression | None
    fixed: bool
    location: Location


@dataclass(frozen=True)
class Element:
    """A row between points: BAR, MASS, SLIDER, SPRING, DRIVER or FORCE.

    ``points`` are the point ids in the row's order (BAR: P1, P2; SLIDER: P, A, B …);
    ``values`` the expression cells by name (None for an empty optional cell).
    """

    kind: str
    id: str  # FORCE rows have none: "" (they are numbered in messages)
    points: tuple[str, ...]
    values: tuple[tuple[str, Expression | None], ...]
    location: Location
    #: where each point name is written, for messages about it
    point_locations: tuple[Location, ...]

    def value(self, name: str) -> Expression | None:
        for k, v in self.values:
            if k == name:
                return v
        raise KeyError(name)

    @property
    def label(self) -> str:
        return f"{self.kind} {self.id}" if self.id else self.kind


@dataclass(frozen=True)
class Mechanism:
    gravity: Expression | None
    points: tuple[Point, ...]
    elements: tuple[Element, ...]
    location: Location

    @property
    def free_points(self) -> tuple[Point, ...]:
        return tuple(p for p in self.points if not p.fixed)

    def of_kind(self, kind: str) -> tuple[Element, ...]:
        return tuple(e for e in self.elements if e.kind == kind)

    def point(self, pid: str) -> Point:
        for p in self.points:
            if p.id == pid:
                return p
        raise KeyError(pid)


def coordinate_names(pid: str) -> tuple[str, str]:
    return f"{pid}_x", f"{pid}_y"


def velocity_names(pid: str) -> tuple[str, str]:
    return f"{pid}_vx", f"{pid}_vy"


def reaction_name(eid: str) -> str:
    """The CSV column of an element's reaction (SPEC §7.5)."""
    return f"λ_{eid}"


# -- reading ------------------------------------------------------------------------------


class MechanismRows:
    """Collects the rows of a ``<MECHANISM>`` block as the reader meets them.

    ``problem(message, location)`` is the reader's way of recording a problem.
    """

    def __init__(self, problem: Callable[[str | Message, Location], None]):
        self.problem = problem
        self.gravity: Expression | None = None
        self.gravity_seen: Location | None = None
        self.points: list[Point] = []
        self.elements: list[Element] = []
        #: rows met so far (read or not), and free points read: the reader bounds both
        self.rows = 0
        self.free = 0

    def row(self, tag: str, cells: Sequence[tuple[str, Location]], tag_location: Location) -> None:
        self.rows += 1
        names, required = ROWS[tag]
        if not required <= len(cells) <= len(names):
            if required == len(names):
                self.problem(msg("mechanism.row_cells", tag=tag, count=required, layout=layout(tag),
                                 found=len(cells)), tag_location)
            else:
                self.problem(msg("mechanism.row_cells_range", tag=tag, low=required, high=len(names),
                                 layout=layout(tag), found=len(cells)), tag_location)
            return
        given = dict(zip(names, cells))
        if tag == "GRAVITY":
            if self.gravity_seen is not None:
                self.problem(msg("mechanism.second_gravity", line=self.gravity_seen.line), tag_location)
                return
            self.gravity_seen = tag_location
            self.gravity = self._expression(given["g"], optional=False)
            return
        ident = ""
        if "id" in given:
            ident = self._name(given["id"], "point" if tag == "POINT" else "element") or ""
            if not ident:
                return
        location = given["id"][1] if "id" in given else tag_location
        if tag == "POINT":
            self._point(ident, given, location)
            return
        points: list[str] = []
        where: list[Location] = []
        values: list[tuple[str, Expression | None]] = []
        ok = True
        for name in names:
            if name == "id":
                continue
            cell = given.get(name)
            if name in POINT_CELLS:
                assert cell is not None  # point cells are always required
                pid = self._name(cell, "point")
                ok = ok and pid is not None
                points.append(pid or "")
                where.append(cell[1])
            else:
                expr = None
                if cell is not None:
                    optional = name in _OPTIONAL_CELLS.get(tag, ())
                    expr = self._expression(cell, optional=optional)
                    ok = ok and (expr is not None or (optional and _empty(cell[0])))
                values.append((name, expr))
        if ok:
            self.elements.append(Element(tag, ident, tuple(points), tuple(values), location, tuple(where)))

    def _point(self, ident: str, given: Mapping[str, tuple[str, Location]], location: Location) -> None:
        x = self._expression(given["x"], optional=False)
        y = self._expression(given["y"], optional=False)
        vx = self._expression(given["vx"], optional=True) if "vx" in given else None
        vy = self._expression(given["vy"], optional=True) if "vy" in given else None
        if any(c in given and v is None and not _empty(given[c][0]) for c, v in (("vx", vx), ("vy", vy))):
            return
        fixed = False
        if "fixed" in given:
            text, loc = given["fixed"]
            if text not in ("0", "1", ""):
                self.problem(msg("mechanism.fixed_flag", text=text), loc)
                return
            fixed = text == "1"
        if x is not None and y is not None:
            self.points.append(Point(ident, x, y, vx, vy, fixed, location))
            self.free += not fixed

    def _expression(self, cell: tuple[str, Location], *, optional: bool) -> Expression | None:
        text, location = cell
        if optional and _empty(text):
            return None
        try:
            return parse(text, location)
        except ExpressionError as exc:
            self.problem(exc.reason, exc.location)
            return None

    def _name(self, cell: tuple[str, Location], what: str) -> str | None:
        text, location = cell
        if not _IDENT.match(text):
            shown: str | Message = text[:40] or msg("read.empty")
            self.problem(msg("read.bad_name", text=shown, what=msg(_WHAT[what])), location)
            return None
        return canonical_name(text)

    def finish(self, location: Location) -> Mechanism:
        return Mechanism(self.gravity, tuple(self.points), tuple(self.elements), location)


#: Cells that may be empty or '' (or left out at the end of a row): their defaults are a
#: massless bar, a uniform rod (m·L²/12), a drawing width, a rest length equal to the
#: starting distance, no damping, a point at rest.
_OPTIONAL_CELLS = {
    "POINT": ("vx", "vy"),
    "BAR": ("mass", "inertia", "width"),
    "MASS": ("radius",),
    "SPRING": ("length", "damping"),
}


#: What a name names, for read.bad_name.
_WHAT = {"point": "mechanism.what_point", "element": "mechanism.what_element"}


def _empty(text: str) -> bool:
    return text.strip() in ("", "''")


# -- checking -------------------------------------------------------------------------------

#: What each expression cell may use besides the parameters.
_WITH_TIME = {("DRIVER", "angle")}
_WITH_MOTION = {("FORCE", "Fx"), ("FORCE", "Fy")}
#: Cells that must not be negative.
_NON_NEGATIVE = {("BAR", "mass"), ("BAR", "inertia"), ("BAR", "width"), ("MASS", "mass"), ("MASS", "radius"),
                 ("SPRING", "k"), ("SPRING", "length"), ("SPRING", "damping")}


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
            if (e.kind, name) in _WITH_MOTION:
                names_ok(expr, motion, msg("where.force"))
            elif (e.kind, name) in _WITH_TIME:
                names_ok(expr, params + [TIME], msg("mechanism.where_driver"))
            else:
                names_ok(expr, params, msg("mechanism.where_cell", cell=cell_word(name), kind=e.kind))
        if all(pid in points for pid in e.points):
            _same_points(e, free, problems)
    _reaction_columns(mech, problems)


#: Rows that are constraints: each has a reaction, written as a column λ_ID (SPEC §7.5).
CONSTRAINT_ROWS = ("BAR", "SLIDER", "DRIVER")


def reaction_columns(mech: Mechanism) -> dict[str, str]:
    """The reaction columns of ``simulate`` and the Values panel, each with its row ("BAR b")."""
    return {reaction_name(e.id): e.label for e in mech.elements if e.kind in CONSTRAINT_ROWS}


def _reaction_columns(mech: Mechanism, problems: list[SourceError]) -> None:
    """A reaction column named like a coordinate or velocity (point 'λ' and BAR 'x': both λ_x)
    would be two columns of one name in the CSV."""
    owners = {name: p.id for p in mech.free_points for name in (*coordinate_names(p.id), *velocity_names(p.id))}
    for e in mech.elements:
        column = reaction_name(e.id)
        if e.kind in CONSTRAINT_ROWS and column in owners:
            problems.append(SourceError(
                msg("mechanism.reaction_column_taken", element=e.label, column=column, point=owners[column]),
                e.location))


def _same_points(e: Element, free: set[str], problems: list[SourceError]) -> None:
    """Rows whose points repeat, or that join only fixed points, mean nothing."""
    if e.kind in ("BAR", "SPRING", "DRIVER") and e.points[0] == e.points[1]:
        problems.append(SourceError(msg("mechanism.joins_itself", element=e.label, point=e.points[0]),
                                    e.point_locations[1]))
    elif e.kind == "SLIDER" and e.points[1] == e.points[2]:
        problems.append(SourceError(
            msg("mechanism.slider_same_points", element=e.label, a=e.points[1], b=e.points[2]),
            e.point_locations[2]))
    elif e.kind == "SLIDER" and e.points[0] in e.points[1:]:
        problems.append(SourceError(msg("mechanism.slider_own_line", element=e.label, point=e.points[0]),
                                    e.point_locations[0]))
    elif e.kind == "DRIVER" and not free & set(e.points):
        problems.append(SourceError(msg("mechanism.driver_fixed", element=e.label), e.point_locations[0]))
    elif e.kind == "FORCE" and e.points[0] not in free:
        problems.append(SourceError(msg("mechanism.force_on_fixed", point=e.points[0]), e.point_locations[0]))


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
    return extent(where, {pid for e in mech.elements if e.kind in CONSTRAINT_ROWS for pid in e.points})


def element_number(e: Element, name: str, parameters: Mapping[str, float], default: float) -> float:
    """The value of an expression cell of parameters (``default`` when left empty)."""
    expr = e.value(name)
    if expr is None:
        return default
    try:
        return evaluate(expr.tree, parameters)
    except EvaluationError as exc:
        raise ExpressionError(msg("mechanism.cell_value", cell=cell_word(name), element=e.label, reason=exc.reason),
                              expr.location) from None


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
        angle = e.value("angle") if e.kind == "DRIVER" else None
        if angle is not None:  # the motor's angle where the motion starts (later ones fail in the run)
            try:
                evaluate(angle.tree, {**params, TIME: 0.0})
            except EvaluationError as exc:
                problems.append(SourceError(msg("mechanism.cell_value_at", cell=cell_word("angle"), element=e.label,
                                                t="0", reason=exc.reason), angle.location))
        for name, expr in e.values:
            if (e.kind, name) in _NON_NEGATIVE and expr is not None:
                try:
                    v = evaluate(expr.tree, params)
                except EvaluationError as exc:
                    problems.append(SourceError(
                        msg("mechanism.cell_value", cell=cell_word(name), element=e.label, reason=exc.reason),
                        expr.location))
                    continue
                if not math.isfinite(v) or v < 0:
                    problems.append(SourceError(
                        msg("mechanism.negative", cell=cell_word(name), element=e.label, value=number(v)),
                        expr.location))
        if e.kind == "BAR" and distance(*e.points) <= tiny(*e.points):
            problems.append(SourceError(
                msg("mechanism.zero_length", element=e.label, p1=e.points[0], p2=e.points[1]), e.location))
        elif e.kind == "SLIDER" and distance(e.points[1], e.points[2]) <= tiny(e.points[1], e.points[2]):
            problems.append(SourceError(
                msg("mechanism.slider_no_line", element=e.label, a=e.points[1], b=e.points[2]), e.location))
        elif e.kind == "DRIVER" and distance(*e.points) <= tiny(*e.points):
            problems.append(SourceError(
                msg("mechanism.driver_no_direction", element=e.label, p1=e.points[0], p2=e.points[1]), e.location))
