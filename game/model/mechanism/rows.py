"""Reading the rows of a ``<MECHANISM>`` block (SPEC §7.5), called by the reader for each row:
the cells counted against the kind's layout, the id and point names, then the kind reads its
own cells (:mod:`.kinds`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...expr import Expression, ExpressionError, Location, canonical_name, parse
from ...messages import Message, msg
from .block import Mechanism
from .elements import IDENT, POINT, Element, empty
from .kinds import KINDS
from .kinds.point import Point

#: The rows of ``<MECHANISM>`` and their cells, in file order. Cells after the
#: ``required`` count may be left out (their defaults apply).
ROWS: dict[str, tuple[tuple[str, ...], int]] = {
    "GRAVITY": (("g",), 1),
    **{tag: (tuple(c.name for c in kind.cells), kind.required) for tag, kind in KINDS.items()},
}

#: Cells that name a point.
POINT_CELLS = tuple(dict.fromkeys(c.name for kind in KINDS.values() for c in kind.cells if c.holds == POINT))

_IDENT = re.compile(r"^[^\W\d]\w*$")


def layout(tag: str) -> str | Message:
    """The cells of a row, as messages show them: id|P1|P2|mass|inertia|width."""
    key = KINDS[tag].layout_key if tag in KINDS else None
    return msg(key) if key else "|".join(ROWS[tag][0])


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
            self.gravity = self.expression(given["g"], optional=False)
            return
        kind = KINDS[tag]
        ident = ""
        has_id = any(c.holds == IDENT for c in kind.cells)
        if has_id:
            ident = self.name(given["id"], kind.what) or ""
            if not ident:
                return
        kind.read(self, ident, given, given["id"][1] if has_id else tag_location)

    def add(self, row: object) -> None:
        """A row read: a point, or an element."""
        if isinstance(row, Point):
            self.points.append(row)
            self.free += not row.fixed
        else:
            assert isinstance(row, Element)
            self.elements.append(row)

    def expression(self, cell: tuple[str, Location], *, optional: bool) -> Expression | None:
        text, location = cell
        if optional and empty(text):
            return None
        try:
            return parse(text, location)
        except ExpressionError as exc:
            self.problem(exc.reason, exc.location)
            return None

    def name(self, cell: tuple[str, Location], what: str) -> str | None:
        """The name in a cell, canonical; None, and a problem, when it is not a name (``what``: the
        catalogue key of what it names)."""
        text, location = cell
        if not _IDENT.match(text):
            shown: str | Message = text[:40] or msg("read.empty")
            self.problem(msg("read.bad_name", text=shown, what=msg(what)), location)
            return None
        return canonical_name(text)

    def finish(self, location: Location) -> Mechanism:
        return Mechanism(self.gravity, tuple(self.points), tuple(self.elements), location)

