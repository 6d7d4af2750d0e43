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

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..expr import EvaluationError
from ..model.mechanism import Element, element_number
from ..model.poses import BallPose, BarPose, ForceArrow, JointPose, Pose, RailPose, SpringPose
from .mechanism import MechanismSystem
from .system import SimulationError, State

Vector = Sequence[float] | np.ndarray


@dataclass(frozen=True)
class PointHandle:
    """A point that can be dragged: a free point, or the point under a point mass."""

    id: str
    point: str
    #: the point's two coordinates in q (what its arrow shows in v mode)
    own: tuple[int, ...]


class MechanismKinematics:
    """Poses of a mechanism's elements and its drag solvers, with bound parameters."""

    def __init__(self, system: MechanismSystem):
        self.system = system
        mech = system.mechanism
        params = system.parameters
        self.elements = mech.elements
        lengths = [system.length(*e.points[:2]) for e in mech.elements if e.kind in ("BAR", "SPRING")]
        #: a length typical of the mechanism (its longest bar or spring), for default sizes
        self.size = max(lengths, default=system.size)
        #: what can be dragged: every free point, and the ball of a point mass on one — nothing when
        #: motors leave no freedom (a drag could only restart the motion)
        self.handles: dict[str, PointHandle] = {}
        free = system.n > system.rank
        for p in mech.free_points if free else ():
            i = system.index[p.id]
            self.handles[p.id] = PointHandle(p.id, p.id, (i, i + 1))
        self._widths: dict[str, float] = {}
        self._radii: dict[str, float] = {}
        self._rest: dict[str, float] = {}
        for e in mech.elements:
            if e.kind == "BAR":
                self._widths[e.id] = element_number(e, "width", params, 0.0)
            elif e.kind == "MASS":
                self._radii[e.id] = element_number(e, "radius", params, 0.04 * self.size)
                if e.points[0] in system.index and free:
                    i = system.index[e.points[0]]
                    self.handles[e.id] = PointHandle(e.id, e.points[0], (i, i + 1))
            elif e.kind == "SPRING":
                self._rest[e.id] = element_number(e, "length", params, system.length(*e.points))
        #: point masses leave trails
        self.trail_ids = [e.id for e in mech.elements if e.kind == "MASS"]
        held = {p for e in mech.elements if e.kind in ("BAR", "SPRING", "DRIVER") for p in e.points}
        #: fixed points that hold a bar or a spring get a support mark
        self.fixed_pivots = [system.fixed[p.id] for p in mech.points if p.fixed and p.id in held]
        self._free_ids = [p.id for p in mech.free_points]
        self._bar_ends = [set(e.points) for e in mech.elements if e.kind == "BAR"]

    # -- where things are --------------------------------------------------------------------

    def motion_bounds(self) -> None:
        """No box is known that the points never leave: they are coordinates of their own, held
        by the bars only through the equations (see :meth:`Kinematics.motion_bounds`)."""
        return None

    def poses(self, t: float, q: Vector, qdot: Vector) -> list[Pose]:
        s = self.system
        q = np.asarray(q, dtype=float)
        v = np.asarray(qdot, dtype=float)

        def at(pid: str) -> tuple[float, float]:
            return s.where(pid, q)

        def speed(pid: str) -> tuple[float, float]:
            return s.where(pid, v) if pid in s.index else (0.0, 0.0)

        out: list[Pose] = []
        for e in self.elements:
            if e.kind == "SLIDER":
                p, a, b = e.points
                fixed = a in s.fixed and b in s.fixed
                out.append(RailPose(e.id, *at(a), *at(b), *at(p), fixed, {a, b} in self._bar_ends))
        for e in self.elements:
            if e.kind == "SPRING":
                out.append(SpringPose(e.id, *at(e.points[0]), *at(e.points[1]), 0.08 * self.size, self._rest[e.id]))
        for e in self.elements:
            if e.kind == "BAR":
                p1, p2 = e.points
                ground = p1 in s.fixed and p2 in s.fixed
                out.append(BarPose(e.id, *at(p1), *at(p2), self._widths[e.id], *speed(p1), *speed(p2), False, ground))
        for pid in self._free_ids:
            out.append(JointPose(pid, *at(pid), *speed(pid), pid in self.handles))
        for e in self.elements:
            if e.kind == "MASS":
                pid = e.points[0]
                out.append(BallPose(e.id, *at(pid), self._radii[e.id], *speed(pid), e.id in self.handles, True))
        return out

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
                for eid, kind, x, y, fx, fy in self.system.reaction_forces(state)]

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
            if e.id == gid and e.kind in ("MASS", "BAR", "SPRING"):
                return e.points[-1:] if e.kind == "SPRING" else e.points
        return ()

    # -- x mode ----------------------------------------------------------------------------------

    def drag_position(self, gid: str, target: Vector, t: float, q: Vector, iterations: int = 60) -> np.ndarray:
        """The q on the constraints, near ``q``, that puts the grabbed point closest to ``target``."""
        s = self.system
        i = self.handles[gid].own[0]
        goal = np.asarray(target, dtype=float)
        q = np.array(q, dtype=float)
        residual = goal - q[i:i + 2]
        cost = float(residual @ residual)
        damping = 1e-3
        longest = 0.2 * self.size  # a step no longer than this keeps the linkage on its branch
        for _ in range(iterations):
            if cost < (1e-12 * self.size) ** 2:
                break
            try:
                basis = s.motions(q, t)
            except (EvaluationError, ArithmeticError):
                break
            if basis.shape[1] == 0:
                break  # nothing can move (a driven mechanism)
            B = basis[i:i + 2]
            BtB = B.T @ B
            scale = max(float(np.trace(BtB)), 1e-300)
            z = np.linalg.solve(BtB + damping * scale * np.eye(len(BtB)), B.T @ residual)
            step = basis @ z
            if float(np.max(np.abs(step))) > longest:
                # too long a step (its linear picture is not to be trusted so far, e.g. towards a
                # place out of reach): more damping turns it towards the directions that move
                # the point most, instead of shortening a step that goes the wrong way
                damping *= 4
                continue
            try:
                trial = s.assemble(q + step, t, iterations=20)
            except SimulationError:
                trial = None
            new_residual = goal - trial[i:i + 2] if trial is not None else residual
            new_cost = float(new_residual @ new_residual)
            if trial is not None and new_cost < cost:
                q, residual, cost = trial, new_residual, new_cost
                damping = max(damping / 10, 1e-12)
            else:
                damping *= 10
                if damping > 1e6:
                    break
        return q

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
        B = basis[i:i + 2]
        BtB = B.T @ B
        reg = 1e-12 * max(float(np.trace(BtB)), 1e-300)
        z = np.linalg.solve(BtB + reg * np.eye(len(BtB)), B.T @ (np.asarray(velocity, dtype=float) - base[i:i + 2]))
        return base + basis @ z

