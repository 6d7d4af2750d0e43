"""What every kind of a mechanism's rows adds to the engine (SPEC §7.5): :class:`Terms`, nothing
unless a kind says otherwise, which :class:`~.elements.Element` extends; what the kinds ask of
the engine, :class:`Engine`; and :class:`Gauss`, the arrays of one Gibbs–Appell evaluation
that each kind adds its part to.

The engine (:mod:`game.physics.mechanism`) asks each element in the order the file writes the
elements, so the trees and the matrices are summed in that order whatever the kinds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Protocol

import numpy as np

from ...expr import Node
from ..poses import Pose

#: where a point is, and how fast it moves: (x, y) of a point's id
Place = Callable[[str], tuple[float, float]]
#: a force an element exerts on a point, as an arrow: (element id, kind, x, y, fx, fy)
Reaction = tuple[str, str, float, float, float, float]
#: a box (x0, y0, x1, y1)
Box = tuple[float, float, float, float]


class Engine(Protocol):
    """What the kinds ask of the mechanism the engine builds (its
    :class:`game.physics.mechanism.Assembly`): the numbers of the parameters, which points are
    free (where in q) and where the fixed ones are, and the points as trees or numbers."""

    @property
    def parameters(self) -> Mapping[str, float]: ...

    @property
    def coordinates(self) -> Sequence[str]: ...

    @property
    def index(self) -> Mapping[str, int]: ...

    @property
    def fixed(self) -> Mapping[str, tuple[float, float]]: ...

    @property
    def n(self) -> int: ...

    @property
    def rank(self) -> int: ...

    def point(self, pid: str) -> tuple[Node, Node]:
        """The coordinates of a point as trees: names for a free point, numbers for a fixed one."""
        ...

    def length(self, p1: str, p2: str) -> float:
        """The distance between two points where the file puts them."""
        ...

    def where(self, pid: str, q: Sequence[float] | np.ndarray) -> tuple[float, float]:
        """Where point ``pid`` is at coordinates ``q``."""
        ...

    def rate(self, tree: Node) -> Node:
        """The rate of a tree of (t, q) along the motion: of (t, q, q̇)."""
        ...


@dataclass
class Drawing:
    """What the poses of a mechanism need besides the elements: its typical length, the number
    each element is drawn with (a bar's width, a ball's radius, a spring's rest length), the
    points that can be grabbed and the pairs of points bars join."""

    system: Engine
    size: float
    numbers: dict[str, float] = field(default_factory=dict)
    #: the bodies grabbed by a point of theirs (a ball by its point), by their ids
    handles: dict[str, str] = field(default_factory=dict)
    bar_ends: list[set[str]] = field(default_factory=list)


@dataclass
class Gauss:
    """One evaluation of the Gibbs function S = ½·q̈ᵀ·H·q̈ − Qᵀ·q̈ (+ terms without q̈) at (t, q, q̇),
    and the rows (C, b) of the admissible accelerations C·q̈ = b, as the kinds add to them."""

    index: Mapping[str, int]
    geometry: Mapping[str, tuple[float, float]]
    gravity: float
    t: float
    q: np.ndarray
    v: np.ndarray
    #: the parameters, coordinates and velocities by name (and t), for expressions of the motion
    names: Callable[[], dict[str, float]]
    H: np.ndarray
    Q: np.ndarray
    rows: list[tuple[np.ndarray, float]] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.Q)

    @cached_property
    def env(self) -> dict[str, float]:
        return self.names()

    def r(self, pid: str) -> np.ndarray:
        i = self.index.get(pid)
        return self.q[i:i + 2] if i is not None else np.array(self.geometry[pid], dtype=float)

    def rdot(self, pid: str) -> np.ndarray:
        i = self.index.get(pid)
        return self.v[i:i + 2] if i is not None else np.zeros(2)

    def put(self, vector: np.ndarray, pid: str, value: Any) -> None:
        if pid in self.index:
            vector[self.index[pid]:self.index[pid] + 2] += value


class Terms:
    """What an element adds to the engine: by default nothing. Each kind (:mod:`.kinds`) says
    what it adds, in the methods it overrides."""

    #: its constraint turns as a function of t: a motor (its angle set at every instant)
    drives: ClassVar[bool] = False
    #: where its poses go among the others': lower first (within a kind, in the file's order)
    pose_rank: ClassVar[int] = 0
    #: a point mass leaves a trail
    trails: ClassVar[bool] = False
    #: fixed points it joins get a support mark
    holds: ClassVar[bool] = False
    #: its points are drawn (a box round the motion must hold them)
    drawn: ClassVar[bool] = False

    # -- the system: M, Φ, Ep, Q, reactions -------------------------------------------------

    def mass(self, s: Engine, add: Callable[[str, str, float], None]) -> None:
        """Its part of the constant mass matrix: ``add(p1, p2, value)`` on the 2×2 block of two points."""

    def constraint(self, s: Engine) -> Node | None:
        """Its constraint Φ = 0, scaled so that its multiplier is a force (None: it constrains nothing)."""
        return None

    def potential(self, s: Engine, gravity: float) -> Node | None:
        """Its part of Ep (None: nothing)."""
        return None

    def forces(self, s: Engine, Q: list[Node]) -> None:
        """Its non-conservative generalized forces, added to ``Q`` (by coordinate)."""

    def does_work(self, parameters: Mapping[str, float]) -> bool:
        """It can change the energy (a force, a damper, a motor)."""
        return False

    def reaction(self, s: Engine, q: np.ndarray) -> float:
        """Its reaction is its multiplier times this (a slider's across its line as it is now, a
        motor's torque)."""
        return 1.0

    def arrows(self, s: Engine, q: np.ndarray, lam: float) -> list[Reaction]:
        """The forces it exerts on its points, with multiplier ``lam``."""
        return []

    # -- the kinematics: poses, bounds, grabbing ------------------------------------------------

    def reach(self, s: Engine) -> float | None:
        """A length it spans where the file puts it (the mechanism's typical size is the longest)."""
        return None

    def prepare(self, d: Drawing) -> None:
        """The number it is drawn with (``d.numbers[id]``), and whether it can be grabbed."""

    def margin(self, d: Drawing) -> float:
        """How far its drawing reaches beyond its points."""
        return 0.0

    def rigid(self, s: Engine) -> tuple[str, str, float] | None:
        """Two points it keeps at a fixed distance, and that distance."""
        return None

    def confine(self, s: Engine, boxes: dict[str, Box]) -> None:
        """Narrow the boxes its points cannot leave."""

    def grips(self) -> tuple[str, ...]:
        """The points it is grabbed by, when it is grabbed (none: it is not drawn as a body)."""
        return ()

    def poses(self, d: Drawing, at: Place, speed: Place) -> list[Pose]:
        return []

    # -- Gibbs–Appell: an independent check of the accelerations ------------------------------

    def appell_numbers(self, parameters: Mapping[str, float], geometry: Mapping[str, tuple[float, float]]) -> Any:
        """Its numbers, once (masses, lengths, a motor's compiled angle)."""
        return None

    def appell(self, numbers: Any, g: Gauss) -> None:
        """Its part of H and Q, and its rows of the admissible accelerations, at ``g``'s (t, q, q̇)."""


def distance_of(p1: str, p2: str, geometry: Mapping[str, tuple[float, float]]) -> float:
    """The distance between two points where the file puts them."""
    (x1, y1), (x2, y2) = geometry[p1], geometry[p2]
    return math.hypot(x2 - x1, y2 - y1)


def cross(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


EYE = np.eye(2)

__all__ = ["EYE", "Box", "Drawing", "Engine", "Gauss", "Place", "Reaction", "Terms", "cross", "distance_of"]
