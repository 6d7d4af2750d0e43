"""Where each drawn body is at one instant, in model units (y up, angles from
the downward vertical). The rendering layer turns these into pixels; nothing
here knows about pixels or pygame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


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


Pose = BallPose | BarPose | BlockPose | SpringPose


class VelocityPoint(NamedTuple):
    """A point whose velocity gets an arrow: body id, position, velocity (model units)."""

    id: str
    x: float
    y: float
    vx: float
    vy: float
