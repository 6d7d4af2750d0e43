"""Where each drawn body is at one instant, in model units (y up, angles from
the downward vertical). The rendering layer turns these into pixels; nothing
here knows about pixels or pygame."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np


@dataclass(frozen=True)
class BallPose:
    id: str
    x: float
    y: float
    radius: float
    vx: float
    vy: float
    draggable: bool
    trail: bool


@dataclass(frozen=True)
class BarPose:
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


@dataclass(frozen=True)
class BlockPose:
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


@dataclass(frozen=True)
class SpringPose:
    """A spring between (x1, y1) and (x2, y2), drawn with a fixed number of coils."""

    id: str
    x1: float
    y1: float
    x2: float
    y2: float
    thickness: float
    rest_length: float


@dataclass(frozen=True)
class JointPose:
    """A point of a mechanism: a pin that can be grabbed (its velocity gets an arrow)."""

    id: str
    x: float
    y: float
    vx: float
    vy: float
    draggable: bool


@dataclass(frozen=True)
class RailPose:
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


Pose = BallPose | BarPose | BlockPose | SpringPose | JointPose | RailPose


class ForceArrow(NamedTuple):
    """A reaction drawn as an arrow from (x, y) by (dx, dy), model units (the force times a
    scale); ``kind`` is "tension", "compression" or "normal"."""

    id: str
    x: float
    y: float
    dx: float
    dy: float
    kind: str


class ForceLegend(NamedTuple):
    """What the reaction arrows are: ``length_per_force`` model units of arrow per unit of force
    (``unit``, "N"), a title, and the words for each kind of arrow drawn (kind, words)."""

    length_per_force: float
    title: str
    unit: str
    kinds: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class PoseArrays:
    """One body at many states at once (the copies of an ensemble): its kind ("C", "Bar",
    "Blk", "Spr") and each field (x, y, radius, xf, yf, width, height, angle, x1 … as in
    the poses above) as an array with one entry per state."""

    id: str
    kind: str
    fields: Mapping[str, np.ndarray]


class VelocityPoint(NamedTuple):
    """A point whose velocity gets an arrow: body id, position, velocity (model units)."""

    id: str
    x: float
    y: float
    vx: float
    vy: float


#: the fields of each kind of pose that a drawing of many copies needs
_STACKED = {BallPose: ("C", ("x", "y", "radius")), BarPose: ("Bar", ("x", "y", "xf", "yf", "width")),
            BlockPose: ("Blk", ("x", "y", "width", "height", "angle")),
            SpringPose: ("Spr", ("x1", "y1", "x2", "y2"))}


def stack_poses(copies: list[list[Pose]]) -> list[PoseArrays]:
    """The poses of many copies (each a list of the same bodies) as one :class:`PoseArrays` per
    body: balls, bars, blocks and springs."""
    if not copies:
        return []
    out = []
    for k, first in enumerate(copies[0]):
        if type(first) not in _STACKED:
            continue  # pins and guides: the ghosts are the moving bodies
        kind, names = _STACKED[type(first)]
        out.append(PoseArrays(first.id, kind, {
            name: np.array([getattr(poses[k], name) for poses in copies], dtype=float) for name in names}))
    return out
