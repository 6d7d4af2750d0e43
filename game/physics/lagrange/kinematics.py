"""Where the bodies are, and editing by dragging them — for any model file,
with no per-model code (SPEC §5).

Every drawn point is a function of the coordinates (its expressions). In *x*
mode a drag asks for the q that puts the grabbed point under the mouse: a few
damped least-squares (Levenberg–Marquardt) steps on the coordinates the point
depends on, from the current q. In *v* mode a drag asks for the velocities of
the object's *own* coordinates (those its parent's anchor does not depend on)
whose point velocity J·q̇ is closest to the arrow drawn: so the arrow of a bob
hanging from a bar stays perpendicular to the bar, as in CenM.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from ...expr import TIME, Node, algebra, compile_trees, names_in
from ...expr.codegen import ARITHMETIC_ERRORS
from ...expr.intervals import value_ranges
from ...model import GraphicsResolver, ModelFile
from ...model.poses import GRAPHIC_POSES, BallPose, BarPose, BlockPose, ForceArrow, Pose, PoseArrays, SpringPose
from ..numerics import damped_least_squares, damped_solve, damped_solve_rows
from ..state import Box, KinematicsDefaults, SimulationError, State, Vector
from .arrows import drawn_points, row_arrows
from .constraints import RANK_TOLERANCE, RowNumbers

#: a constrained model's largest force is drawn this many pixels long at the model's own zoom
FORCE_PX = 60.0
#: (q̇, each constraint row's id and its force Aᵀλ on the coordinates) at a state
RowForces = Callable[[State], tuple[np.ndarray, list[tuple[str, np.ndarray]]]]

A = algebra

#: Per kind: the fields computed each frame, in order.
_POSE_FIELDS = {
    "C": ("radius", "x", "y", "vx", "vy"),
    "Bar": ("width", "x", "y", "_xf", "_yf", "vx", "vy", "_vxf", "_vyf"),
    "Blk": ("width", "height", "x", "y", "angle", "vx", "vy"),
    "Spr": ("thickness", "x1", "y1", "x2", "y2", "length"),
}


#: Per kind: the fields that are sizes. A negative one is accepted by the equations but draws
#: the body turned inside out (a bar pointing the other way): worth a warning.
SIZE_FIELDS = {"C": ("radius",), "Bar": ("length", "width"), "Blk": ("width", "height"), "Spr": ("thickness",)}


@dataclass(frozen=True)
class Handle:
    """The point of a draggable object that follows the mouse, as trees of q and t."""

    id: str
    x: Node
    y: Node
    #: coordinates the point depends on (x mode solves for these)
    coordinates: tuple[int, ...]
    #: coordinates that belong to this object rather than to its parent (v mode)
    own: tuple[int, ...]


class GraphicsKinematics(KinematicsDefaults):
    """Poses of every graphic object of the GRAPHICS block and drag solvers, for one model with
    bound parameters (a :class:`~game.physics.state.Kinematics`)."""

    def __init__(self, model: ModelFile, parameters: Mapping[str, float], rows: RowNumbers | None = None,
                 row_forces: RowForces | None = None):
        self.model = model
        #: the model's constraints: drags move along them (x mode) and keep to them (v mode)
        self.rows = rows
        self._row_forces = row_forces
        if row_forces is not None:  # the reaction arrows' scale: see Showing.reaction_arrows
            self.size = 4 * FORCE_PX / model.general.escala
        self.coordinates = model.coordinates
        self.velocities = model.velocities
        resolver = GraphicsResolver(model.graphics, model.coordinates, model.velocities)
        self.graphics = model.graphics
        self._resolver = resolver

        bound: dict[Node, Node] = {}  # shared: each object's tree contains those it hangs from

        def tree(gid: str, name: str) -> Node:
            raw = resolver.attribute(gid, name) if name.startswith("_") else resolver.field(gid, name)
            return A.bind(raw, parameters, memo=bound)

        trees: list[Node] = []
        self._layout: list[tuple[str, int]] = []  # (id, start index) per object
        for g in model.graphics:
            self._layout.append((g.id, len(trees)))
            trees.extend(tree(g.id, f) for f in _POSE_FIELDS[g.kind])
        args = (TIME, *self.coordinates, *self.velocities)
        self._poses = compile_trees(trees, args, "poses")
        self._n_trees = len(trees)
        self._trees = trees
        self._bounds: tuple[Box | None] | None = None  # worked out when first asked
        self._size_names = [(g.kind, g.id, f) for g in model.graphics for f in SIZE_FIELDS[g.kind]]
        self._sizes = compile_trees([tree(gid, f) for _, gid, f in self._size_names] or [A.ZERO], args)

        # blocks riding a fixed horizontal rail: y and angle constant, x moving
        coords = set(self.coordinates) | {TIME}
        self.rails = {
            g.id for g in model.graphics if g.kind == "Blk"
            and not names_in(tree(g.id, "y")) & coords and not names_in(tree(g.id, "angle")) & coords
            and names_in(tree(g.id, "x")) & coords
        }
        # a bar that swings about a pivot that never moves hangs from a support mark
        self.fixed_pivots: list[tuple[float, float]] = []
        for g in model.graphics:
            if g.kind == "Bar":
                x, y, a = tree(g.id, "x"), tree(g.id, "y"), tree(g.id, "angle")
                cx, cy = A.constant_value(x), A.constant_value(y)
                if cx is not None and cy is not None and names_in(a) & coords:
                    self.fixed_pivots.append((cx, cy))

        #: balls that leave a trail
        self.trail_ids = [g.id for g in model.graphics if g.kind == "C" and g.trail]
        self.handles: dict[str, Handle] = {}
        self._jacobians = {}
        index = {c: i for i, c in enumerate(self.coordinates)}
        for g in model.graphics:
            if not g.draggable:
                continue
            if g.kind == "Bar":
                hx, hy = tree(g.id, "_xf"), tree(g.id, "_yf")
            elif g.kind == "Spr":
                hx, hy = tree(g.id, "x2"), tree(g.id, "y2")
            else:
                hx, hy = tree(g.id, "x"), tree(g.id, "y")
            deps = tuple(sorted(index[c] for c in (names_in(hx) | names_in(hy)) if c in index))
            if not deps:
                continue  # a point that no coordinate moves cannot be dragged
            if (names_in(hx) | names_in(hy)) & set(self.velocities):
                continue  # nor one drawn where a velocity puts it: no position of q can follow the mouse
            # what the object hangs from: a bar turns about its own pivot; anything else
            # moves with its parent's anchor point
            if g.kind == "Bar":
                ax, ay = tree(g.id, "x"), tree(g.id, "y")
            elif g.parent is not None and g.parent in resolver.objects:
                parent = resolver.objects[g.parent]
                ax, ay = (tree(parent.id, "x1"), tree(parent.id, "y1")) if parent.kind == "Spr" else (
                    tree(parent.id, "x"), tree(parent.id, "y"))
            else:
                ax = ay = A.ZERO
            anchor = {index[c] for c in names_in(ax) | names_in(ay) if c in index}
            own = tuple(i for i in deps if i not in anchor) or deps
            self.handles[g.id] = Handle(g.id, hx, hy, deps, own)
            point = compile_trees([hx, hy], (TIME, *self.coordinates))
            jac = compile_trees(
                [A.diff(t, self.coordinates[i]) for t in (hx, hy) for i in deps], (TIME, *self.coordinates))
            self._jacobians[g.id] = (point, jac)

    # -- where things are --------------------------------------------------------------

    def motion_bounds(self) -> Box | None:
        """A box ``(x0, y0, x1, y1)`` no body ever leaves, whatever the coordinates, velocities
        and time become, read from the drawing expressions alone (a pendulum's bob stays within
        its length of the pivot); None when some body could go anywhere (a free planet, a
        spring's end: ``r·sin(a)`` with ``r`` free)."""
        if self._bounds is None:
            self._bounds = (self._work_out_bounds(),)
        return self._bounds[0]

    def _work_out_bounds(self) -> Box | None:
        ranges = value_ranges(self._trees, {})
        xs: list[float] = []
        ys: list[float] = []
        for g, (_, start) in zip(self.graphics, self._layout):
            r = dict(zip(_POSE_FIELDS[g.kind], ranges[start:start + len(_POSE_FIELDS[g.kind])]))
            most = {name: max(abs(lo), abs(hi)) for name, (lo, hi) in r.items()}
            if g.kind == "C":
                ends, size = [("x", "y")], most["radius"]
            elif g.kind == "Bar":
                ends, size = [("x", "y"), ("_xf", "_yf")], most["width"] / 2
            elif g.kind == "Blk":  # turned any way: within the circle through its corners
                ends, size = [("x", "y")], math.hypot(most["width"], most["height"]) / 2
            else:
                ends, size = [("x1", "y1"), ("x2", "y2")], most["thickness"] / 2
            for x, y in ends:
                xs.extend((r[x][0] - size, r[x][1] + size))
                ys.extend((r[y][0] - size, r[y][1] + size))
        box = (min(xs), min(ys), max(xs), max(ys)) if xs else None
        return box if box is not None and all(math.isfinite(v) for v in box) else None

    def poses(self, t: float, q: Vector, qdot: Vector) -> list[Pose]:
        values = self._poses(t, *q, *qdot)
        if self._n_trees == 1:
            values = (values,)
        return self._build([float(x) for x in values])

    def poses_many(self, t: float, Q: np.ndarray, QD: np.ndarray) -> list[PoseArrays]:
        """The bodies at many states at once (an ensemble's copies): ``Q``, ``QD`` have one
        state per row. The expressions run once over arrays, not once per state."""
        m = len(Q)
        if not m:
            return []
        values = self._poses(np.full(m, t), *(np.ascontiguousarray(c) for c in Q.T),
                             *(np.ascontiguousarray(c) for c in QD.T))
        if self._n_trees == 1:
            values = (values,)
        out = []
        for g, (gid, start) in zip(self.graphics, self._layout):
            names = _POSE_FIELDS[g.kind]
            fields = {name.lstrip("_"): _column(v, m) for name, v in zip(names, values[start:start + len(names)])}
            out.append(PoseArrays(gid, GRAPHIC_POSES[g.kind], fields))
        return out

    def _build(self, values: list[float]) -> list[Pose]:
        out: list[Pose] = []
        for g, (gid, start) in zip(self.graphics, self._layout):
            v = values[start:start + len(_POSE_FIELDS[g.kind])]
            if g.kind == "C":
                r, x, y, vx, vy = v
                out.append(BallPose(gid, x, y, r, vx, vy, g.draggable, g.trail))
            elif g.kind == "Bar":
                w, x, y, xf, yf, vx, vy, vxf, vyf = v
                out.append(BarPose(gid, x, y, xf, yf, w, vx, vy, vxf, vyf, g.draggable))
            elif g.kind == "Blk":
                w, h, x, y, a, vx, vy = v
                out.append(BlockPose(gid, x, y, w, h, a, vx, vy, g.draggable, rail=gid in self.rails))
            else:
                th, x1, y1, x2, y2, length = v
                out.append(SpringPose(gid, x1, y1, x2, y2, th, length))
        return out

    def negative_sizes(self, t: float, q: Vector, qdot: Vector) -> list[tuple[str, str, str, float]]:
        """``(kind, id, field, value)`` of every size (length, radius, width …) that is negative now."""
        values = self._sizes(t, *q, *qdot)
        values = values if isinstance(values, tuple) else (values,)
        return [(kind, gid, f, float(v)) for (kind, gid, f), v in zip(self._size_names, values) if v < 0]

    def handle_point(self, gid: str, t: float, q: Vector) -> np.ndarray:
        point, _ = self._jacobians[gid]
        return np.array(point(t, *q), dtype=float)

    def jacobian(self, gid: str, t: float, q: Vector) -> np.ndarray:
        """∂(handle point)/∂q over the coordinates it depends on: shape (2, k)."""
        _, jac = self._jacobians[gid]
        k = len(self.handles[gid].coordinates)
        vals = jac(t, *q)
        vals = (vals,) if not isinstance(vals, tuple) else vals
        return np.array(vals, dtype=float).reshape(2, k)

    # -- x mode ----------------------------------------------------------------------------

    def drag_position(self, gid: str, target: Vector, t: float, q: Vector,
                      iterations: int = 30) -> np.ndarray:
        """The q, near ``q``, that puts the handle of ``gid`` closest to ``target``: damped least
        squares on the coordinates the handle depends on (along the constraints, when the model
        has holonomic ones)."""
        if self.rows is not None and self.rows.holonomic:
            return self._drag_on_rows(gid, target, t, q, iterations)
        columns = list(self.handles[gid].coordinates)
        goal = np.asarray(target, dtype=float)

        def residual(x: np.ndarray) -> np.ndarray | None:
            try:
                return goal - self.handle_point(gid, t, x)
            except ARITHMETIC_ERRORS:
                return None

        def step(x: np.ndarray, r: np.ndarray, damping: float) -> np.ndarray:
            return damped_solve_rows(self.jacobian(gid, t, x), r, damping, 1e-12)

        def move(x: np.ndarray, dx: np.ndarray) -> np.ndarray:
            trial = x.copy()
            trial[columns] += dx
            return trial

        return damped_least_squares(np.array(q, dtype=float), residual, step, move, iterations=iterations,
                                    small=1e-24, least_damping=1e-9)

    def _full_jacobian(self, gid: str, t: float, q: Vector) -> np.ndarray:
        """∂(handle point)/∂q over every coordinate: shape (2, n)."""
        J = np.zeros((2, len(self.coordinates)))
        J[:, list(self.handles[gid].coordinates)] = self.jacobian(gid, t, q)
        return J

    def _drag_on_rows(self, gid: str, target: Vector, t: float, q: Vector, iterations: int) -> np.ndarray:
        """x mode with holonomic constraints: steps along the motions they allow, each put back
        on them, so the grabbed body follows the mouse as far as the constraints let it (the
        Atwood's other mass goes up as much as the one dragged goes down)."""
        rows = self.rows
        assert rows is not None
        goal = np.asarray(target, dtype=float)

        def residual(x: np.ndarray) -> np.ndarray | None:
            try:
                return goal - self.handle_point(gid, t, x)
            except ARITHMETIC_ERRORS:
                return None

        def step(x: np.ndarray, r: np.ndarray, damping: float) -> np.ndarray | None:
            try:
                N = allowed_motions(rows.at(t, x)[1][rows.holonomic])
            except SimulationError:
                return None
            if N.shape[1] == 0:
                return None
            return N @ damped_solve(self._full_jacobian(gid, t, x) @ N, r, damping, 1e-300)

        def move(x: np.ndarray, dx: np.ndarray) -> np.ndarray | None:
            try:
                return rows.assemble(x + dx, t, iterations=20)
            except SimulationError:
                return None

        return damped_least_squares(np.array(q, dtype=float), residual, step, move, iterations=iterations,
                                    small=1e-24, least_damping=1e-9)

    # -- v mode ----------------------------------------------------------------------------

    def own_velocity(self, gid: str, t: float, q: Vector, qdot: Vector) -> np.ndarray:
        """The handle's velocity due to the object's own coordinates (what v mode shows)."""
        h = self.handles[gid]
        J = self.jacobian(gid, t, q)
        cols = [h.coordinates.index(i) for i in h.own]
        return J[:, cols] @ np.asarray(qdot, dtype=float)[list(h.own)]

    def drag_velocity(self, gid: str, velocity: Vector, t: float, q: Vector,
                      qdot: Vector) -> np.ndarray:
        """q̇ with the object's own velocities set so its arrow is closest to ``velocity``."""
        if self.rows is not None:
            return self._velocity_on_rows(gid, velocity, t, q, qdot)
        h = self.handles[gid]
        J = self.jacobian(gid, t, q)
        cols = [h.coordinates.index(i) for i in h.own]
        # damped least squares: exact when reachable, smallest velocity otherwise
        own = damped_solve(J[:, cols], np.asarray(velocity, dtype=float), 1e-12, 1e-12)
        out = np.array(qdot, dtype=float)
        out[list(h.own)] = own
        return out

    def _velocity_on_rows(self, gid: str, velocity: Vector, t: float, q: Vector, qdot: Vector) -> np.ndarray:
        """v mode with constraints: q̇ changed only along the velocities every row allows (q̇ meets
        them already), the least change that puts the arrow's tip where it is dragged (the
        rolling disc turns as its centre is pushed)."""
        assert self.rows is not None
        h = self.handles[gid]
        own = np.zeros((2, len(self.coordinates)))
        own[:, list(h.own)] = self.jacobian(gid, t, q)[:, [h.coordinates.index(i) for i in h.own]]
        qdot = np.array(qdot, dtype=float)
        N = allowed_motions(self.rows.at(t, np.asarray(q, dtype=float))[1])
        if N.shape[1] == 0:
            return qdot
        z = damped_solve(own @ N, np.asarray(velocity, dtype=float) - own @ qdot, 1e-12, 1e-300)
        return qdot + N @ z

    # -- the constraints' forces ---------------------------------------------------------

    def reaction_arrows(self, state: State, length_per_force: float) -> list[ForceArrow]:
        """Each constraint row's force Aᵀλ on the bodies it acts on (:mod:`.arrows`)."""
        if self._row_forces is None:
            return []
        qdot, forces = self._row_forces(state)
        points = drawn_points(lambda q: self.poses(state.t, q, qdot), np.array(state.q, dtype=float))
        return row_arrows(forces, points, length_per_force)


def allowed_motions(rows: np.ndarray) -> np.ndarray:
    """A basis (n × k, orthonormal columns) of the motions the rows allow: A·dq = 0."""
    n = rows.shape[1]
    if rows.shape[0] == 0:
        return np.eye(n)
    _, s, Vt = np.linalg.svd(rows)
    rank = int(np.sum(s > RANK_TOLERANCE * s[0])) if len(s) and s[0] > 0 else 0
    return Vt[rank:].T


def _column(value, m: int) -> np.ndarray:
    """One pose field for m states: an expression that reads no coordinate gives one number."""
    if isinstance(value, np.ndarray) and value.shape == (m,) and value.dtype == float:
        return value
    return np.broadcast_to(np.asarray(value, dtype=float), (m,))
