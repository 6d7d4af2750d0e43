"""What the rows of a ``<MECHANISM>`` block are made of (SPEC §7.5): cells, what each holds,
:class:`Kind`, the base of every kind of row, which puts it in :data:`KINDS` by its tag, and
:class:`Element`, a row between points.

A kind is a subclass, one module of :mod:`.kinds`, that says its tag, its cells, the checks only
it makes, the words it is named by and what it adds to the engine (:class:`~.terms.Terms`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from ...expr import EvaluationError, Expression, ExpressionError, Location, SourceError, evaluate
from ...messages import Message, msg
from .terms import Terms

#: What a cell holds: a name of its own, a point's name, a 0/1 flag, or an expression of the
#: parameters, of the parameters and t (a motor's angle), or of the motion too (q, q̇, t: a force).
IDENT, POINT, FLAG, NUMBER, OF_TIME, OF_MOTION = "id", "point", "flag", "number", "of time", "of motion"


@dataclass(frozen=True)
class Cell:
    """A cell of a row: its name in the file's layout, what it holds, whether it may be left empty
    ('' or left out at the end of a row: its default applies), whether it may be negative, and the
    catalogue key that names it as the subject of a message ("the mass of BAR b …")."""

    name: str
    holds: str
    optional: bool = False
    non_negative: bool = False
    word: str = ""


def ident() -> Cell:
    return Cell("id", IDENT)


def point(name: str) -> Cell:
    return Cell(name, POINT)


def number(name: str, word: str, *, optional: bool = False) -> Cell:
    """A number of the parameters that is never negative (a mass, a length …)."""
    return Cell(name, NUMBER, optional, True, word)


class Rows(Protocol):
    """What reading a row needs from the reader (:class:`~.rows.MechanismRows`)."""

    def problem(self, message: str | Message, location: Location) -> None: ...

    def expression(self, cell: tuple[str, Location], *, optional: bool) -> Expression | None: ...

    def name(self, cell: tuple[str, Location], what: str) -> str | None: ...

    def add(self, row: object) -> None: ...


def empty(text: str) -> bool:
    """A cell left empty: its default applies."""
    return text.strip() in ("", "''")


#: every kind of row but GRAVITY, by its tag: each kind's class puts itself here when it is defined
KINDS: dict[str, type[Kind]] = {}


class Kind:
    """A kind of row: its tag, its cells in file order and how many must be written. A subclass
    that says its tag is a kind of row of the block (:data:`KINDS`)."""

    tag: ClassVar[str]
    cells: ClassVar[tuple[Cell, ...]]
    required: ClassVar[int]
    #: the catalogue key of its cells' layout, when the manual names them in Spanish
    layout_key: ClassVar[str | None] = None
    #: what the name of its id names, for read.bad_name
    what: ClassVar[str] = "mechanism.what_element"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "tag" not in cls.__dict__:
            return  # a base of kinds, not a kind
        known = KINDS.get(cls.tag)
        if known is not None and known.__module__ != cls.__module__:
            raise TypeError(f"{cls.__module__}.{cls.__name__} and {known.__module__}.{known.__name__} "
                            f"are both the row {cls.tag}")
        KINDS[cls.tag] = cls

    @classmethod
    def read(cls, rows: Rows, ident: str, given: Mapping[str, tuple[str, Location]], location: Location) -> None:
        """Read the row's cells (``given`` by name) and add it, or say what is wrong."""
        raise NotImplementedError


@dataclass(frozen=True)
class Element(Kind, Terms):
    """A row between points: a bar, a point mass, a slider, a spring, a driver or a force.

    ``points`` are the point ids in the row's order (BAR: P1, P2; SLIDER: P, A, B …);
    ``values`` the expression cells by name (None for an empty optional cell).
    """

    #: a constraint: its reaction is a column λ_ID (SPEC §7.5), and its points set the mechanism's size
    constrains: ClassVar[bool] = False
    #: what it adds to Ep, as the Values panel writes it (gravity on masses is the mechanism's)
    energy: ClassVar[str | None] = None

    id: str  # FORCE rows have none: "" (they are numbered in messages)
    points: tuple[str, ...]
    values: tuple[tuple[str, Expression | None], ...]
    location: Location
    #: where each point name is written, for messages about it
    point_locations: tuple[Location, ...]

    @classmethod
    def read(cls, rows: Rows, ident: str, given: Mapping[str, tuple[str, Location]], location: Location) -> None:
        """Read the row's cells (``given`` by name) and add the element, or say what is wrong."""
        points: list[str] = []
        where: list[Location] = []
        values: list[tuple[str, Expression | None]] = []
        ok = True
        for cell in cls.cells:
            if cell.holds == IDENT:
                continue
            text = given.get(cell.name)
            if cell.holds == POINT:
                assert text is not None  # point cells are always required
                pid = rows.name(text, "mechanism.what_point")
                ok = ok and pid is not None
                points.append(pid or "")
                where.append(text[1])
            else:
                expr = None
                if text is not None:
                    expr = rows.expression(text, optional=cell.optional)
                    ok = ok and (expr is not None or (cell.optional and empty(text[0])))
                values.append((cell.name, expr))
        if ok:
            rows.add(cls(ident, tuple(points), tuple(values), location, tuple(where)))

    def value(self, name: str) -> Expression | None:
        for k, v in self.values:
            if k == name:
                return v
        raise KeyError(name)

    @property
    def label(self) -> str:
        return f"{self.tag} {self.id}" if self.id else self.tag

    @property
    def cited(self) -> str:
        """The row as a failure in the run names it (a FORCE by its point)."""
        return self.label

    def cell(self, name: str) -> Cell:
        return next(c for c in self.cells if c.name == name)

    def word(self, name: str) -> Message:
        """An expression cell as the subject of a message: "the mass", "la masa"."""
        return msg(self.cell(name).word)

    # -- the checks only a kind makes (none by default) -------------------------------------------

    def joins(self, free: set[str]) -> SourceError | None:
        """What is wrong with the points it joins, when they repeat or are all fixed."""
        return None

    def degenerate(self, distance: Callable[[str, str], float], tiny: Callable[..., float]) -> SourceError | None:
        """What is wrong with it where the file puts its points (a bar of length 0 …): points
        ``distance`` apart count as one place when they are no more than ``tiny`` of them."""
        return None


def element_number(e: Element, name: str, parameters: Mapping[str, float], default: float) -> float:
    """The value of an expression cell of parameters (``default`` when left empty)."""
    expr = e.value(name)
    if expr is None:
        return default
    try:
        return evaluate(expr.tree, parameters)
    except EvaluationError as exc:
        raise ExpressionError(msg("mechanism.cell_value", cell=e.word(name), element=e.label, reason=exc.reason),
                              expr.location) from None


def coordinate_names(pid: str) -> tuple[str, str]:
    return f"{pid}_x", f"{pid}_y"


def velocity_names(pid: str) -> tuple[str, str]:
    return f"{pid}_vx", f"{pid}_vy"


def reaction_name(eid: str) -> str:
    """The CSV column of an element's reaction (SPEC §7.5)."""
    return f"λ_{eid}"
