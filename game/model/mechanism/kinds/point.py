"""``<POINT>id|x|y|vx|vy|fixed</POINT>``: a point, where it starts and how fast (SPEC §7.5).

A free point's x, y are two of the mechanism's coordinates, ``P_x`` and ``P_y``, and its vx, vy
their velocities (left out: at rest); a fixed one (``fixed`` 1) stays where it is written.
Each free point is drawn as a pin, between the bars and the balls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from ....expr import Expression, Location
from ....messages import msg
from ...poses import JointPose, Pose
from ..elements import FLAG, IDENT, NUMBER, Cell, Kind, Rows, empty
from ..terms import Place


@dataclass(frozen=True)
class Point(Kind):
    """A point, where it starts and how fast."""

    tag: ClassVar[str] = "POINT"
    cells: ClassVar[tuple[Cell, ...]] = (Cell("id", IDENT), Cell("x", NUMBER), Cell("y", NUMBER),
                                         Cell("vx", NUMBER, optional=True), Cell("vy", NUMBER, optional=True),
                                         Cell("fixed", FLAG))
    required: ClassVar[int] = 3
    what: ClassVar[str] = "mechanism.what_point"
    #: where the pins go among the elements' poses (:attr:`~.terms.Terms.pose_rank`)
    pose_rank: ClassVar[int] = 3

    id: str
    x: Expression
    y: Expression
    vx: Expression | None
    vy: Expression | None
    fixed: bool
    location: Location

    @classmethod
    def read(cls, rows: Rows, ident: str, given: Mapping[str, tuple[str, Location]], location: Location) -> None:
        x = rows.expression(given["x"], optional=False)
        y = rows.expression(given["y"], optional=False)
        vx = rows.expression(given["vx"], optional=True) if "vx" in given else None
        vy = rows.expression(given["vy"], optional=True) if "vy" in given else None
        if any(c in given and v is None and not empty(given[c][0]) for c, v in (("vx", vx), ("vy", vy))):
            return
        fixed = False
        if "fixed" in given:
            text, loc = given["fixed"]
            if text not in ("0", "1", ""):
                rows.problem(msg("mechanism.fixed_flag", text=text), loc)
                return
            fixed = text == "1"
        if x is not None and y is not None:
            rows.add(cls(ident, x, y, vx, vy, fixed, location))

    @staticmethod
    def pins(free: Iterable[str], grabbed: set[str], at: Place, speed: Place) -> list[Pose]:
        """A pin on every free point (``grabbed``: those being dragged)."""
        return [JointPose(pid, *at(pid), *speed(pid), pid in grabbed) for pid in free]
