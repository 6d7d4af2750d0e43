"""Where each drawn body is at one instant, in model units (y up, angles from
the downward vertical). The rendering layer turns these into pixels; nothing
here knows about pixels or pygame.

Each kind of pose knows itself: the room it takes (for framing), whether a point
is on it (for grabbing it), the points that show it moving, where its velocity
arrow starts and what a drawing of many copies of it needs. A new kind of body
is one class here (a :class:`Pose`) and its look (``LOOKS`` in game/render/scene.py)."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

import numpy as np

#: a point with no size of its own is grabbed within this many slacks of it (with the window's
#: slack of 6 pixels: 12 pixels around a mechanism's pin, 10 around a spring's free end)
PIN_REACH = 2.0
SPRING_END_REACH = 5 / 3


@dataclass(frozen=True)
class Pose(ABC):
    """A body at one instant (model units). Each kind says what framing, picking, the lead-in and the
    velocity arrows ask of it (the abstract methods), and what its copies need (``stacked``)."""

    id: str
    #: the fields a drawing of many copies of it needs (an ensemble's ghosts); none: it has no ghost
    stacked: ClassVar[tuple[str, ...]] = ()
    #: where the velocity arrows of several bodies would start at one point (a bob on a bar's end,
    #: a pin under a bob), only the highest rank's is drawn; None: its arrow is always drawn
    arrow_rank: ClassVar[int | None] = None

    @abstractmethod
    def extent_points(self) -> tuple[tuple[float, float, float], ...]:
        """Points ``(x, y, r)`` whose squares of half-side ``r`` hold the whole body."""

    @abstractmethod
    def size(self) -> float:
        """How big the body looks: what a fit must show of it at least (0: no size of its own)."""

    @abstractmethod
    def hit(self, x: float, y: float, slack: float) -> bool:
        """Whether the point (x, y) is on the body, or within ``slack`` of it."""

    @abstractmethod
    def anchors(self) -> tuple[tuple[float, float], ...]:
        """The points that show the body moving."""

    @abstractmethod
    def velocity_point(self) -> VelocityPoint | None:
        """The point whose velocity the body's arrow shows (None: it has no arrow)."""


@dataclass(frozen=True)
class BallPose(Pose):
    id: str
    x: float
    y: float
    radius: float
    vx: float
    vy: float
    draggable: bool
    trail: bool

    stacked = ("x", "y", "radius")
    arrow_rank = 2  # a bob carries the arrow of the pin or the bar's end under it

    def extent_points(self) -> tuple[tuple[float, float, float], ...]:
        return ((self.x, self.y, abs(self.radius)),)

    def size(self) -> float:
        return 2 * abs(self.radius)

    def hit(self, x: float, y: float, slack: float) -> bool:
        return math.hypot(x - self.x, y - self.y) <= self.radius + slack

    def anchors(self) -> tuple[tuple[float, float], ...]:
        return ((self.x, self.y),)

    def velocity_point(self) -> VelocityPoint:
        return VelocityPoint(self.id, self.x, self.y, self.vx, self.vy)


@dataclass(frozen=True)
class BarPose(Pose):
    """A bar from its pivot (x, y) to its free end (xf, yf)."""

    id: str
    x: float
    y: float
    xf: float
    yf: float
    width: float
    vx: float  # velocity of the pivot
    vy: float
    vxf: float  # velocity of the free end
    vyf: float
    draggable: bool
    #: a mechanism's frame: a bar between two fixed points (drawn as the ground, not as a body)
    ground: bool = False

    stacked = ("x", "y", "xf", "yf", "width")
    # its free end's arrow (its pivot moves with its parent, whose own arrow shows that velocity),
    # unless a bob or a pin sits there
    arrow_rank = 0

    def extent_points(self) -> tuple[tuple[float, float, float], ...]:
        return ((self.x, self.y, abs(self.width) / 2), (self.xf, self.yf, abs(self.width) / 2))

    def size(self) -> float:
        return abs(self.width)

    def hit(self, x: float, y: float, slack: float) -> bool:
        """Within ``slack`` of the capsule around the segment from the pivot to the free end."""
        dx, dy = self.xf - self.x, self.yf - self.y
        along = ((x - self.x) * dx + (y - self.y) * dy) / max(dx * dx + dy * dy, 1e-300)
        s = min(max(along, 0.0), 1.0)  # the nearest point of the segment
        return math.hypot(x - self.x - s * dx, y - self.y - s * dy) <= self.width / 2 + slack

    def anchors(self) -> tuple[tuple[float, float], ...]:
        return ((self.x, self.y), (self.xf, self.yf))

    def velocity_point(self) -> VelocityPoint:
        return VelocityPoint(self.id, self.xf, self.yf, self.vxf, self.vyf)


@dataclass(frozen=True)
class BlockPose(Pose):
    """A rectangle centred at (x, y), turned by ``angle``."""

    id: str
    x: float
    y: float
    width: float
    height: float
    angle: float
    vx: float
    vy: float
    draggable: bool
    #: it slides on a fixed horizontal rail (y and angle never change): draw the rail
    rail: bool = False

    stacked = ("x", "y", "width", "height", "angle")

    def extent_points(self) -> tuple[tuple[float, float, float], ...]:
        # the box around the turned rectangle (a long floor is not a disc as wide as it is long)
        c, s = abs(math.cos(self.angle)), abs(math.sin(self.angle))
        w, h = abs(self.width), abs(self.height)
        return tuple((self.x + dx * (w * c + h * s) / 2, self.y + dy * (w * s + h * c) / 2, 0.0)
                     for dx, dy in ((1, 1), (-1, -1)))

    def size(self) -> float:
        return min(abs(self.width), abs(self.height))  # its thickness, as a bar's (a floor is long, not big)

    def hit(self, x: float, y: float, slack: float) -> bool:
        dx, dy = x - self.x, y - self.y
        c, s = math.cos(self.angle), math.sin(self.angle)
        u, v = c * dx + s * dy, -s * dx + c * dy  # in the block's own axes
        return abs(u) <= self.width / 2 + slack and abs(v) <= self.height / 2 + slack

    def anchors(self) -> tuple[tuple[float, float], ...]:
        return ((self.x, self.y),)

    def velocity_point(self) -> VelocityPoint:
        return VelocityPoint(self.id, self.x, self.y, self.vx, self.vy)


@dataclass(frozen=True)
class SpringPose(Pose):
    """A spring between (x1, y1) and (x2, y2), drawn with a fixed number of coils."""

    id: str
    x1: float
    y1: float
    x2: float
    y2: float
    thickness: float
    rest_length: float

    stacked = ("x1", "y1", "x2", "y2")

    def extent_points(self) -> tuple[tuple[float, float, float], ...]:
        return ((self.x1, self.y1, abs(self.thickness) / 2), (self.x2, self.y2, abs(self.thickness) / 2))

    def size(self) -> float:
        return abs(self.thickness)

    def hit(self, x: float, y: float, slack: float) -> bool:
        """Near its free end (x2, y2), the one a drag moves."""
        return math.hypot(x - self.x2, y - self.y2) <= SPRING_END_REACH * slack

    def anchors(self) -> tuple[tuple[float, float], ...]:
        return ((self.x1, self.y1), (self.x2, self.y2))

    def velocity_point(self) -> None:
        return None  # its ends are the bodies it joins


@dataclass(frozen=True)
class JointPose(Pose):
    """A point of a mechanism: a pin that can be grabbed (its velocity gets an arrow)."""

    id: str
    x: float
    y: float
    vx: float
    vy: float
    draggable: bool

    arrow_rank = 1  # a mechanism's point, unless a mass sits on it

    # a pin shows where the bars it joins are: they take the room and show the motion
    def extent_points(self) -> tuple[tuple[float, float, float], ...]:
        return ()

    def size(self) -> float:
        return 0.0

    def hit(self, x: float, y: float, slack: float) -> bool:
        return math.hypot(x - self.x, y - self.y) <= PIN_REACH * slack

    def anchors(self) -> tuple[tuple[float, float], ...]:
        return ()

    def velocity_point(self) -> VelocityPoint:
        return VelocityPoint(self.id, self.x, self.y, self.vx, self.vy)


@dataclass(frozen=True)
class RailPose(Pose):
    """A slider: the straight guide through (x1, y1) and (x2, y2), and the block at (x, y) that
    runs on it. A ``fixed`` guide (both points fixed) is drawn across the whole view; a guide
    that is a bar (a collar on a bar) is not drawn again."""

    id: str
    x1: float
    y1: float
    x2: float
    y2: float
    x: float
    y: float
    fixed: bool
    on_bar: bool = False

    # a guide is drawn across the view and its block is moved by the point it carries (a pin)
    def extent_points(self) -> tuple[tuple[float, float, float], ...]:
        return ()

    def size(self) -> float:
        return 0.0

    def hit(self, x: float, y: float, slack: float) -> bool:
        return False

    def anchors(self) -> tuple[tuple[float, float], ...]:
        return ()

    def velocity_point(self) -> None:
        return None


class ForceArrow(NamedTuple):
    """A reaction drawn as an arrow from (x, y) by (dx, dy), model units (the force times a
    scale); ``kind`` is "tension", "compression" or "normal" (a mechanism's), or "constraint" (a
    CONSTRAINTS row's)."""

    id: str
    x: float
    y: float
    dx: float
    dy: float
    kind: str


class ForceLegend(NamedTuple):
    """What the reaction arrows are: ``length_per_force`` model units of arrow per unit of force
    (``unit``, "N"), a title, and the words for each kind of arrow drawn (kind, words); ``folded``:
    the student folded it to its title (it covered what they wanted to see)."""

    length_per_force: float
    title: str
    unit: str
    kinds: tuple[tuple[str, str], ...]
    folded: bool = False


#: the pose of each kind of object of a model file's GRAPHICS block
GRAPHIC_POSES: dict[str, type[Pose]] = {"C": BallPose, "Bar": BarPose, "Blk": BlockPose, "Spr": SpringPose}


@dataclass(frozen=True)
class PoseArrays:
    """One body at many states at once (the copies of an ensemble): its kind of pose (BallPose …)
    and each field (x, y, radius, xf, yf, width, height, angle, x1 … as in the poses above) as an
    array with one entry per state."""

    id: str
    kind: type[Pose]
    fields: Mapping[str, np.ndarray]


class VelocityPoint(NamedTuple):
    """A point whose velocity gets an arrow: body id, position, velocity (model units)."""

    id: str
    x: float
    y: float
    vx: float
    vy: float


def stack_poses(copies: list[list[Pose]]) -> list[PoseArrays]:
    """The poses of many copies (each a list of the same bodies) as one :class:`PoseArrays` per
    body that a drawing of many copies shows (:attr:`Pose.stacked`: balls, bars, blocks and springs)."""
    if not copies:
        return []
    out = []
    for k, first in enumerate(copies[0]):
        if not first.stacked:
            continue  # pins and guides: the ghosts are the moving bodies
        out.append(PoseArrays(first.id, type(first), {
            name: np.array([getattr(poses[k], name) for poses in copies], dtype=float) for name in first.stacked}))
    return out
