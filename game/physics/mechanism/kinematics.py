"""Where a mechanism's elements are, and editing by dragging its points (SPEC §5, §7.5).

Poses come from the elements: a bar between its points, a ball for each point
mass (with a trail), a zigzag for each spring, a guide and a block for each
slider, a pin for each free point, support marks under the fixed points that
hold something.

In *x* mode the grabbed point follows the mouse and the position problem moves
the rest: damped Gauss–Newton steps along the motions the constraints allow
(the null space of Φq, in the mass metric, so what moves least is what is
heaviest), each followed by a return onto Φ = 0. In *v* mode the velocities are
the admissible ones whose grabbed point's velocity is closest to the arrow drawn,
and among those the nearest to the present ones.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...expr import EvaluationError
from ...model.mechanism import Element, Point
from ...model.mechanism.terms import Drawing, Reaction
from ...model.poses import ForceArrow, Pose
from ..numerics import damped_least_squares, damped_solve
from ..state import Box, KinematicsDefaults, SimulationError, State, Vector
from .assembly import Assembly

#: forces(state) → the forces bars and sliders exert on their points: (element id, kind, x, y, fx, fy)
ReactionForces = Callable[[State], list[Reaction]]


@dataclass(frozen=True)
class PointHandle:
    """A point that can be dragged: a free point, or the point under a point mass."""

    id: str
    point: str
    #: the point's two coordinates in q (what its arrow shows in v mode)
    own: tuple[int, ...]


class MechanismKinematics(KinematicsDefaults):
    """Poses of a mechanism's elements and its drag solvers, with bound parameters: of the
    system's :class:`~.assembly.Assembly`, and ``reaction_forces`` for the arrows of its reactions."""

    def __init__(self, system: Assembly, reaction_forces: ReactionForces):
        self.system = system
        self.reaction_forces = reaction_forces
        mech = system.mechanism
        self.elements = mech.elements
        lengths = [x for e in mech.elements if (x := e.reach(system)) is not None]
        #: a length typical of the mechanism (its longest bar or spring), for default sizes
        self.size = max(lengths, default=system.size)
        #: what can be dragged: every free point, and the ball of a point mass on one — nothing when
        #: motors leave no freedom (a drag could only restart the motion)
        self.handles: dict[str, PointHandle] = {}
        free = system.n > system.rank
        for p in mech.free_points if free else ():
            i = system.index[p.id]
            self.handles[p.id] = PointHandle(p.id, p.id, (i, i + 1))
        #: what the poses are drawn with (widths, radii, rest lengths)
        self._drawing = Drawing(system, self.size)
        for e in mech.elements:
            e.prepare(self._drawing)
        for gid, pid in self._drawing.handles.items():  # a ball grabbed is its point grabbed
            i = system.index[pid]
            self.handles[gid] = PointHandle(gid, pid, (i, i + 1))
        #: how far the drawings reach beyond their points (a bar's half width, a ball's radius)
        self.margin = max([0.0, *(e.margin(self._drawing) for e in mech.elements)])
        #: point masses leave trails
        self.trail_ids = [e.id for e in mech.elements if e.trails]
        held = {p for e in mech.elements if e.holds for p in e.points}
        #: fixed points that hold a bar or a spring get a support mark
        self.fixed_pivots = [system.fixed[p.id] for p in mech.points if p.fixed and p.id in held]
        self._free_ids = [p.id for p in mech.free_points]
        self._bounds: tuple[Box | None] | None = None

    # -- where things are --------------------------------------------------------------------

    def motion_bounds(self) -> Box | None:
        """A box ``(x0, y0, x1, y1)`` no drawn body ever leaves (see :meth:`GraphicsKinematics.motion_bounds`):
        the bars keep their lengths, so a point is never farther from a fixed point than the bars
        between them add up to, and stays in the square around every such disc (a crank's pin
        within its length of the pivot, a coupler's point within both sides' reach). None when a
        drawn point hangs from no fixed point through bars (a slider's block runs along its
        line as far as the motion takes it)."""
        if self._bounds is None:
            self._bounds = (self._work_out_bounds(),)
        return self._bounds[0]

    def _work_out_bounds(self) -> Box | None:
        s = self.system
        bars: dict[str, list[tuple[str, float]]] = {}
        for e in self.elements:
            joined = e.rigid(s)
            if joined is not None:
                p1, p2, length = joined
                bars.setdefault(p1, []).append((p2, length))
                bars.setdefault(p2, []).append((p1, length))
        drawn = {pid for e in self.elements if e.drawn for pid in e.points}
        drawn |= set(self._free_ids)
        boxes = {pid: (x, y, x, y) for pid, (x, y) in s.fixed.items() if pid in drawn}
        for (fx, fy), far in ((s.fixed[pid], distances(pid, bars)) for pid in s.fixed):
            for pid, d in far.items():
                if pid in s.fixed:
                    continue
                x0, y0, x1, y1 = boxes.get(pid, (-math.inf, -math.inf, math.inf, math.inf))
                boxes[pid] = (max(x0, fx - d), max(y0, fy - d), min(x1, fx + d), min(y1, fy + d))
        for e in self.elements:
            e.confine(s, boxes)
        if not drawn <= set(boxes):
            return None
        pad = self.margin
        return (min(b[0] for b in boxes.values()) - pad, min(b[1] for b in boxes.values()) - pad,
                max(b[2] for b in boxes.values()) + pad, max(b[3] for b in boxes.values()) + pad)

    def poses(self, t: float, q: Vector, qdot: Vector) -> list[Pose]:
        s = self.system
        q = np.asarray(q, dtype=float)
        v = np.asarray(qdot, dtype=float)

        def at(pid: str) -> tuple[float, float]:
            return s.where(pid, q)

        def speed(pid: str) -> tuple[float, float]:
            return s.where(pid, v) if pid in s.index else (0.0, 0.0)

        # by kind (sliders under springs under bars, then pins, then balls), each in the file's order
        drawn: list[tuple[int, list[Pose]]] = [
            (e.pose_rank, e.poses(self._drawing, at, speed)) for e in self.elements]
        drawn.append((Point.pose_rank, Point.pins(self._free_ids, set(self.handles), at, speed)))
        return [pose for _, poses in sorted(drawn, key=lambda kind: kind[0]) for pose in poses]

    def handle_point(self, gid: str, t: float, q: Vector) -> np.ndarray:
        return np.array(self.system.where(self.handles[gid].point, q), dtype=float)

    def own_velocity(self, gid: str, t: float, q: Vector, qdot: Vector) -> np.ndarray:
        """The velocity of the grabbed point (what its arrow shows in v mode)."""
        i = self.handles[gid].own[0]
        return np.asarray(qdot, dtype=float)[i:i + 2].copy()

    def reaction_arrows(self, state: State, length_per_force: float) -> list[ForceArrow]:
        """The forces bars and sliders exert on their points, as arrows ``length_per_force`` long
        per unit of force."""
        return [ForceArrow(eid, x, y, fx * length_per_force, fy * length_per_force, kind)
                for eid, kind, x, y, fx, fy in self.reaction_forces(state)]

    def held_by_motors(self, gid: str, t: float, q: Vector) -> tuple[Element, ...]:
        """The motors (DRIVER rows) that leave body ``gid`` no motion of its own: every motion the
        constraints allow keeps its points still, so no drag can move it (a crank and all a
        motor turns: the motor sets the angle at every instant). Empty when it can move, or
        when there is no motor (then it is not the motor that holds it)."""
        s = self.system
        points = [pid for pid in self._points_of(gid) if pid in s.index]
        if not s.drivers or not points:
            return ()
        basis = s.motions(np.asarray(q, dtype=float), t)
        if basis.shape[1]:
            rows = basis[[s.index[pid] + k for pid in points for k in (0, 1)]]
            if float(np.max(np.abs(rows))) > 1e-9 * float(np.max(np.abs(basis))):
                return ()
        return tuple(s.constraints[k].element for k in s.drivers)

    def _points_of(self, gid: str) -> tuple[str, ...]:
        """The points a drawn body is grabbed by: a pin, a point mass's point, a bar's two ends, the
        end of a spring that is drawn as its handle."""
        if gid in self._free_ids:
            return (gid,)
        for e in self.elements:
            if e.id == gid and e.grips():
                return e.grips()
        return ()

    # -- x mode ----------------------------------------------------------------------------------

    def drag_position(self, gid: str, target: Vector, t: float, q: Vector, iterations: int = 60) -> np.ndarray:
        """The q on the constraints, near ``q``, that puts the grabbed point closest to ``target``."""
        s = self.system
        i = self.handles[gid].own[0]
        goal = np.asarray(target, dtype=float)

        def residual(x: np.ndarray) -> np.ndarray:
            return goal - x[i:i + 2]

        def step(x: np.ndarray, r: np.ndarray, damping: float) -> np.ndarray | None:
            """Along the motions the constraints allow."""
            try:
                basis = s.motions(x, t)
            except (EvaluationError, ArithmeticError):
                return None
            if basis.shape[1] == 0:
                return None  # nothing can move (a driven mechanism)
            return basis @ damped_solve(basis[i:i + 2], r, damping, 1e-300)

        def move(x: np.ndarray, dx: np.ndarray) -> np.ndarray | None:
            """The step, then back onto the constraints."""
            try:
                return s.assemble(x + dx, t, iterations=20)
            except SimulationError:
                return None

        # a step no longer than 0.2 of the mechanism keeps the linkage on its branch (a longer one,
        # e.g. towards a place out of reach, is turned by more damping towards the directions that
        # move the point most, instead of shortened while it goes the wrong way)
        return damped_least_squares(np.array(q, dtype=float), residual, step, move, iterations=iterations,
                                    small=(1e-12 * self.size) ** 2, least_damping=1e-12, longest=0.2 * self.size)

    # -- v mode ----------------------------------------------------------------------------------

    def drag_velocity(self, gid: str, velocity: Vector, t: float, q: Vector, qdot: Vector) -> np.ndarray:
        """Admissible velocities whose grabbed point moves as close to ``velocity`` as the
        constraints allow; the rest as near the present ones as they can stay."""
        s = self.system
        i = self.handles[gid].own[0]
        q = np.asarray(q, dtype=float)
        base = s.admissible_velocities(q, np.asarray(qdot, dtype=float), t)
        basis = s.motions(q, t)
        if basis.shape[1] == 0:
            return base
        z = damped_solve(basis[i:i + 2], np.asarray(velocity, dtype=float) - base[i:i + 2], 1e-12, 1e-300)
        return base + basis @ z



def distances(start: str, bars: dict[str, list[tuple[str, float]]]) -> dict[str, float]:
    """The shortest sum of bar lengths from ``start`` to each point it reaches through bars (Dijkstra)."""
    best = {start: 0.0}
    queue = [(0.0, start)]
    while queue:
        d, pid = heapq.heappop(queue)
        if d > best[pid]:
            continue
        for other, length in bars.get(pid, ()):
            if d + length < best.get(other, math.inf):
                best[other] = d + length
                heapq.heappush(queue, (d + length, other))
    return best

