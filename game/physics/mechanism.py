"""A mechanism that moves: natural coordinates, constraints and multipliers
(SPEC §7.5; seed 003 for the coordinates and the mass matrix, seed 004 §14 for
reactions as multipliers).

The coordinates q are the x, y of the free points. Then:

- the mass matrix M is constant: a bar of mass m and inertia I (about its
  midpoint) between points i, j adds a = m/4 + I/L² on the ii and jj 2×2 blocks
  and b = m/4 − I/L² on ij and ji; a point mass adds m on its block;
- the constraints Φ(q, t) = 0 are one per bar (its length), slider (its point on
  a line through two points) and driver (a direction imposed as a function of
  t), written as expression trees and differentiated exactly: the Jacobian Φq,
  Φt, and γ = −(Φq·q̇)q·q̇ − 2·Φqt·q̇ − Φtt;
- the generalized forces Q are −∂Ep/∂q (gravity and springs), dampers along the
  springs and the applied FORCE rows;
- each RK4 stage solves [[M, Φqᵀ], [Φq, 0]]·[q̈; λ] = [Q; γ]. When some
  constraints are redundant (a parallelogram with a third crank) that matrix is
  singular: their number r of independent ones (the rank of Φq) is found once,
  by an SVD where the mechanism is assembled, and after every step a
  rank-revealing factorisation of Φq (Gram–Schmidt with pivoting) chooses r rows
  that span it best there; the stages solve the KKT system of those rows, which
  gives the same accelerations (on the constraints the other rows follow from
  them). The multipliers shown are those of least norm over all the rows (an SVD
  least-squares solve): the load shared among constraints that could carry it;
- after each step of dt the positions are pulled back onto Φ = 0 and the
  velocities onto Φq·q̇ + Φt = 0, by least squares in the mass metric
  (Gauss–Newton for positions, one projection for velocities); a configuration
  where the rows in use stop being independent is singular, and reported;
- at the start (the file's points, typed conditions) positions are assembled by
  Gauss–Newton from the guess, and when a far guess stalls it, by Levenberg–Marquardt
  or by continuation from the positions the mechanism was built at (``assemble_from``).

Constraints are scaled so that multipliers are forces: a bar's λ is the force
along it (> 0 pulls its ends together: tension), a slider's the force across
its line, a driver's the force across its direction (times the distance
between its points, the motor's torque).

Cost per RK4 stage: the generated code of Φq, γ and Q grows linearly with the
number of elements, and one dense solve of size n + r (n = 2 × free points)
grows as (n + r)³ — tens of microseconds for a four-bar, a few hundred for
30 points (``python main.py bench`` measures it). Per step of dt: a Cholesky
and a solve of size r for the projections, and with redundant constraints the
pivoted Gram–Schmidt (r·m·n). A mechanism's state carries the velocities q̇
where a Lagrangian model's carries the momenta.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..expr import TIME, EvaluationError, ExpressionError, Name, Node, SourceError, algebra, compile_trees, evaluate
from ..expr.codegen import ARITHMETIC_ERRORS
from ..messages import Message, msg, number
from ..model import ModelFile, ModelFileError, condition_values
from ..model.mechanism import Element, Mechanism, cell_word, check_numbers, element_number, point_positions, size
from .steppers import ConstrainedRK4, Projected
from .system import SimulationError, State, StepTimes

A = algebra

#: singular values of Φq below this fraction of the largest count as zero (the nominal rank)
RANK_TOLERANCE = 1e-9
#: a configuration whose smallest needed singular value of Φq falls below this fraction of
#: the largest is singular (a dead point: the constraints no longer fix the accelerations)
SINGULAR = 1e-9
#: positions count as assembled when every |Φ| is below this times the size of the mechanism
ASSEMBLED = 1e-12
#: Gauss–Newton iterations to assemble positions from scratch (after a step one or two do)
ASSEMBLY_ITERATIONS = 60
#: Levenberg–Marquardt iterations when Gauss–Newton cannot assemble a far guess
DAMPED_ITERATIONS = 500
#: moves from the assembled positions to a far guess when even that fails
CONTINUATION_STEPS = 50
#: a step that fails to meet the constraints ran into a dead point when, where it started, the
#: smallest needed singular value of Φq was below this fraction of the largest (a step away from
#: one it is a few hundredths; a mechanism far from any has fractions near 1)
NEAR_DEAD_POINT = 0.1
#: the reasons a failed step gives when the constraints no longer fix or meet the motion
_SINGULAR = ("mechanism.singular", "mechanism.singular_unmet", "mechanism.singular_accelerations")
#: the mass metric of projections gets this fraction of the mean mass on every coordinate,
#: so that a massless point (a joint between massless bars) still has a defined nearest place
METRIC_FLOOR = 1e-6


@dataclass(frozen=True)
class Constraint:
    """One scalar constraint Φ(q, t) = 0 of an element."""

    element: Element
    phi: Node


class MechanismSystem(StepTimes):
    """A mechanism file with numbers for its parameters, ready to move.

    Offers what :class:`~game.physics.system.System` offers to a simulation:
    ``state``, ``step``, ``velocities``, ``energies``, ``n``, ``dt``, ``substeps``,
    ``delta``, ``does_work``; and its own: ``reactions`` (one per bar, slider and
    driver, by ``reaction_ids``), ``reaction_forces`` (the arrows), ``accelerations``.
    """

    def __init__(self, model: ModelFile, parameters: Mapping[str, float]):
        assert model.mechanism is not None
        self.model = model
        self.mechanism: Mechanism = model.mechanism
        self.parameters = dict(parameters)
        self.coordinates = model.coordinates
        self.velocities_names = model.velocities
        #: the number of coordinates (2 × free points)
        self.n = len(self.coordinates)
        mech = self.mechanism
        # what check says of the file's numbers, with these parameters (typed in the panel or given
        # to simulate --set): no bar of length 0, no negative mass, gravity and motors with values
        problems: list[SourceError] = []
        check_numbers(mech, self.parameters, problems)
        if problems:
            raise ModelFileError(problems)
        #: where each point is in the file: the geometry (lengths, lines, rest lengths)
        self.geometry = point_positions(mech, parameters)
        #: index of each free point's x in q (its y follows)
        self.index = {p.id: 2 * k for k, p in enumerate(mech.free_points)}
        self.fixed = {p.id: self.geometry[p.id] for p in mech.points if p.fixed}
        n = self.n
        self.size = size(mech, self.geometry)
        self.gravity = self._gravity()
        try:
            self._build(n)
        except (OverflowError, ValueError):
            # numbers a file may write (up to 1e300) whose squares or products are not finite:
            # L² of a bar 1e200 long, m·g, the metric of such masses; nothing can be computed
            raise ModelFileError([SourceError(msg("mechanism.numbers_too_large"), mech.location)]) from None
        self.rank = self.m
        self.redundant = False
        self._reference: np.ndarray | None = None
        #: every stage checked for NaN (replaying a failed step)
        self._checked = False
        #: each driver's dθ/dt and d²θ/dt², by its id (see :meth:`_rates`)
        self._angle_rates: dict[str, tuple[Node, Node]] = {}
        self._start_checks()
        self.stepper = Projected(ConstrainedRK4(), MechanismSystem.project)
        self._multipliers_cache: tuple[State | None, np.ndarray] = (None, np.zeros(0))

    # -- building -----------------------------------------------------------------------------

    def _build(self, n: int) -> None:
        """The mass matrix, the constraints and their generated code, the mass metric (raises
        OverflowError or ValueError when a number in them is not finite)."""
        self.mass = self._mass_matrix()
        if not np.all(np.isfinite(self.mass)):
            raise OverflowError("mass matrix")
        self.constraints = self._constraints()
        #: the number of scalar constraints
        self.m = len(self.constraints)
        self.reaction_ids = tuple(c.element.id for c in self.constraints)
        self.drivers = [k for k, c in enumerate(self.constraints) if c.element.kind == "DRIVER"]
        self._compile()
        self._use_rows(np.arange(self.m))
        mean_mass = float(np.trace(self.mass)) / n if n else 0.0
        metric = self.mass + METRIC_FLOOR * (mean_mass if mean_mass > 0 else 1.0) * np.eye(n)
        # projections in the mass metric W = L·Lᵀ: with x = Lᵀ·Δq they are plain least squares
        # (W is fixed and well conditioned by its floor, so its factor is taken once)
        self._metric_factor = np.linalg.cholesky(metric)
        self._metric_factor_inv = np.linalg.solve(self._metric_factor, np.eye(n)).T

    @property
    def does_work(self) -> bool:
        """Forces, dampers or drivers can change E: then W and E − W − E₀ are worth showing."""
        m = self.mechanism
        damped = any(element_number(e, "damping", self.parameters, 0.0) > 0 for e in m.of_kind("SPRING"))
        return bool(m.of_kind("FORCE") or m.of_kind("DRIVER")) or damped

    def _gravity(self) -> float:
        """The GRAVITY row's value (0 without one); ExpressionError, at the row, if it has none."""
        g = self.mechanism.gravity
        if g is None:
            return 0.0
        try:
            return evaluate(g.tree, self.parameters)
        except EvaluationError as exc:
            raise ExpressionError(msg("mechanism.gravity_value", reason=exc.reason), g.location) from None

    def _angle(self, e: Element, t: float, q: np.ndarray) -> float:
        """A driver's angle at t; SimulationError, naming the row and where it is written, if it has none."""
        angle = e.value("angle")
        assert angle is not None
        try:
            return evaluate(angle.tree, {**self.parameters, TIME: t})
        except EvaluationError as exc:
            raise SimulationError(msg("mechanism.cell_value", cell=cell_word("angle"), element=e.label,
                                      reason=exc.reason), t, self._named(q), _written(e, "angle"),
                                  angle.location) from None

    def point(self, pid: str) -> tuple[Node, Node]:
        """The coordinates of a point as trees: names for a free point, numbers for a fixed one."""
        if pid in self.index:
            x, y = self.coordinates[self.index[pid]], self.coordinates[self.index[pid] + 1]
            return Name(x), Name(y)
        fx, fy = self.fixed[pid]
        return A.num(fx), A.num(fy)

    def length(self, p1: str, p2: str) -> float:
        """The distance between two points where the file puts them."""
        (x1, y1), (x2, y2) = self.geometry[p1], self.geometry[p2]
        return math.hypot(x2 - x1, y2 - y1)

    def _mass_matrix(self) -> np.ndarray:
        n = self.n
        M = np.zeros((n, n))

        def add(p1: str, p2: str, value: float) -> None:
            if p1 in self.index and p2 in self.index:
                i, j = self.index[p1], self.index[p2]
                M[i, j] += value
                M[i + 1, j + 1] += value

        for e in self.mechanism.elements:
            if e.kind == "BAR":
                p1, p2 = e.points
                L = self.length(p1, p2)
                mass = element_number(e, "mass", self.parameters, 0.0)
                inertia = element_number(e, "inertia", self.parameters, mass * L * L / 12)
                a, b = mass / 4 + inertia / L**2, mass / 4 - inertia / L**2
                add(p1, p1, a)
                add(p2, p2, a)
                add(p1, p2, b)
                add(p2, p1, b)
            elif e.kind == "MASS":
                add(e.points[0], e.points[0], element_number(e, "mass", self.parameters, 0.0))
        return M

    def _constraints(self) -> list[Constraint]:
        out = []
        for e in self.mechanism.elements:
            if e.kind not in ("BAR", "SLIDER", "DRIVER") or not set(e.points) & set(self.index):
                continue  # a bar between fixed points is drawn (the frame), but constrains nothing
            if e.kind == "BAR":
                (x1, y1), (x2, y2) = (self.point(p) for p in e.points)
                L = self.length(*e.points)
                dx, dy = A.sub(x2, x1), A.sub(y2, y1)
                # (d² − L²)/(2L): its gradient is the unit vector along the bar, so λ is a force
                phi = A.div(A.sub(A.add(A.pow_(dx, A.TWO), A.pow_(dy, A.TWO)), A.num(L * L)), A.num(2 * L))
            elif e.kind == "SLIDER":
                (xp, yp), (xa, ya), (xb, yb) = (self.point(p) for p in e.points)
                L0 = self.length(e.points[1], e.points[2])
                # cross(P − A, B − A)/|AB|₀: the distance of P from the line while |AB| keeps its length
                cross = A.sub(A.mul(A.sub(xp, xa), A.sub(yb, ya)), A.mul(A.sub(yp, ya), A.sub(xb, xa)))
                phi = A.div(cross, A.num(L0))
            else:
                (x1, y1), (x2, y2) = (self.point(p) for p in e.points)
                angle = e.value("angle")
                assert angle is not None
                theta = A.bind(angle.tree, self.parameters)
                # the direction P1→P2 is (cos θ, sin θ): its cross product with P2 − P1 is zero
                phi = A.sub(A.mul(A.sub(x2, x1), A.call("sin", theta)), A.mul(A.sub(y2, y1), A.call("cos", theta)))
            out.append(Constraint(e, phi))
        return out

    def _potential(self) -> Node:
        """Ep: gravity on every mass (a bar's at its midpoint) and the springs."""
        ep: Node = A.ZERO
        g = self.gravity
        for e in self.mechanism.elements:
            if e.kind == "BAR" and g:
                mass = element_number(e, "mass", self.parameters, 0.0)
                (_, y1), (_, y2) = (self.point(p) for p in e.points)
                ep = A.add(ep, A.mul(A.num(mass * g / 2), A.add(y1, y2)))
            elif e.kind == "MASS" and g:
                mass = element_number(e, "mass", self.parameters, 0.0)
                ep = A.add(ep, A.mul(A.num(mass * g), self.point(e.points[0])[1]))
            elif e.kind == "SPRING":
                k = element_number(e, "k", self.parameters, 0.0)
                rest = element_number(e, "length", self.parameters, self.length(*e.points))
                ep = A.add(ep, A.mul(A.num(k / 2), A.pow_(A.sub(self._distance(e), A.num(rest)), A.TWO)))
        return ep

    def _distance(self, e: Element) -> Node:
        (x1, y1), (x2, y2) = (self.point(p) for p in e.points[:2])
        return A.call("sqrt", A.add(A.pow_(A.sub(x2, x1), A.TWO), A.pow_(A.sub(y2, y1), A.TWO)))

    def _rate(self, tree: Node) -> Node:
        """d/dt of a tree of t and q, along q̇."""
        total = A.diff(tree, TIME)
        for c, v in zip(self.coordinates, self.velocities_names):
            total = A.add(total, A.mul(A.diff(tree, c), Name(v)))
        return total

    def _forces(self) -> tuple[list[Node], Node]:
        """The non-conservative generalized forces (dampers, FORCE rows) and their power."""
        Q: list[Node] = [A.ZERO] * self.n
        for e in self.mechanism.elements:
            if e.kind == "SPRING":
                c = element_number(e, "damping", self.parameters, 0.0)
                if c:
                    d = self._distance(e)
                    rate = self._rate(d)
                    for i, name in enumerate(self.coordinates):
                        Q[i] = A.sub(Q[i], A.mul(A.mul(A.num(c), rate), A.diff(d, name)))
            elif e.kind == "FORCE":
                pid = e.points[0]
                i = self.index[pid]
                for k, cell in enumerate(("Fx", "Fy")):
                    expr = e.value(cell)
                    assert expr is not None
                    Q[i + k] = A.add(Q[i + k], A.bind(expr.tree, self.parameters))
        power: Node = A.ZERO
        for q_i, v in zip(Q, self.velocities_names):
            power = A.add(power, A.mul(q_i, Name(v)))
        return Q, power

    def _compile(self) -> None:
        """Generated code; ValueError if a constant in it is not finite (codegen.literal)."""
        coords, vels = self.coordinates, self.velocities_names
        phis = [c.phi for c in self.constraints]
        #: Φq's entries that are not identically zero: (row, column) and their trees
        entries = [(r, k, A.diff(phi, c)) for r, phi in enumerate(phis) for k, c in enumerate(coords)]
        entries = [e for e in entries if not A.is_zero(e[2])]
        self._rows = np.array([r for r, _, _ in entries], dtype=int)
        self._cols = np.array([k for _, k, _ in entries], dtype=int)
        jac = [t for _, _, t in entries]
        phi_t = [A.diff(phi, TIME) for phi in phis]
        rates = [self._rate(phi) for phi in phis]
        gamma = [A.neg(self._rate(r)) for r in rates]  # −(Φq·q̇)q·q̇ − 2·Φqt·q̇ − Φtt, as q̈ = 0
        potential = self._potential()
        Q_nc, power = self._forces()
        Q = [A.sub(f, A.diff(potential, c)) for f, c in zip(Q_nc, coords)]
        args_q = (TIME, *coords)
        args = (TIME, *coords, *vels)
        label = Path(self.model.path).stem
        self._n_jac = len(jac)
        #: (Φq entries, γ, Q, power of forces and dampers, Φt) at (t, q, q̇)
        # two outputs at least, so the generated function always returns a tuple
        self._dynamics = compile_trees([*jac, *gamma, *Q, power, *phi_t, A.ZERO],
                                       args, f"mechanism_{_identifier(label)}")
        #: (Φ, Φq entries, Φt) at (t, q)
        self._dynamics_code = self._dynamics.scalar
        self._geometry = compile_trees([*phis, *jac, *phi_t] or [A.ZERO], args_q, "constraints")
        self._potential_fn = compile_trees([potential], args_q, "potential")
        #: the generated code of a stage (shown by ``check --show-code``)
        self.source = self._dynamics.source

    # -- checks when built -----------------------------------------------------------------------

    def _start_checks(self) -> None:
        """Assemble the file's points, find the rank of Φq there (redundant constraints), and
        refuse a mechanism that cannot move or has a motion without mass."""
        values = condition_values(self.model, self.parameters)
        q = np.array([values[c] for c in self.coordinates])
        for k in self.drivers:  # every motor's angle where the motion starts, or the row that has none
            e = self.constraints[k].element
            angle = e.value("angle")
            assert angle is not None
            try:
                evaluate(angle.tree, {**self.parameters, TIME: 0.0})
            except EvaluationError as exc:
                raise ModelFileError([SourceError(msg("mechanism.cell_value_at", cell=cell_word("angle"),
                                                      element=e.label, t="0", reason=exc.reason),
                                                  angle.location)]) from None
        try:
            q = self.assemble_from(q, 0.0)
        except SimulationError as exc:
            try:
                worst = self._worst_constraint(q, 0.0)
            except SimulationError:
                worst = None
            reason = (msg("mechanism.cannot_assemble_at", reason=exc.why, element=worst.element.label) if worst
                      else msg("mechanism.cannot_assemble", reason=exc.why))
            raise ModelFileError([SourceError(
                reason, worst.element.location if worst else self.mechanism.location)]) from None
        #: the file's points assembled: where continuation toward a far guess starts
        self._reference = q
        self.rank = self._rank_at(q)
        self.redundant = self.rank < self.m
        freedom = self.n - self.rank
        if self.redundant and freedom:
            # a rank lost for good (a redundant bar) or only here (bars lined up at the start)?
            # a little way along a motion the constraints allow, a lost rank comes back
            motion = self.motions(q, 0.0)[:, 0]
            try:
                ahead = self.assemble(q + 1e-3 * self.size * motion / float(np.max(np.abs(motion))), 0.0)
                dead = self._rank_at(ahead) > self.rank
            except SimulationError:
                dead = True  # not even a small motion is possible there
            if dead:
                raise ModelFileError([SourceError(msg("mechanism.dead_start"), self.mechanism.location)])
        if freedom == 0 and not self.drivers:
            raise ModelFileError([SourceError(
                msg("mechanism.cannot_move", n=self.n, rank=self.rank), self.mechanism.location)])
        if freedom:
            N = self.motions(q, 0.0)
            # N is orthonormal in the metric M + floor: a motion with mass has NᵀMN ≈ 1, one without 0
            eig, vec = np.linalg.eigh(N.T @ self.mass @ N)
            if eig[0] <= 1e-6:
                motion = N @ vec[:, 0]
                moving = [pid for pid, i in self.index.items() if np.hypot(*motion[i:i + 2]) > 1e-6]
                raise ModelFileError([SourceError(
                    msg("mechanism.massless", points=", ".join(moving)),
                    self.mechanism.point(moving[0]).location if moving else self.mechanism.location)])
        for k in self.drivers:
            self._driver_direction(k, q, 0.0)

    def _rank_at(self, q: np.ndarray) -> int:
        if not self.m:
            return 0
        s = np.linalg.svd(self.jacobian(q, 0.0), compute_uv=False)
        return int(np.sum(s > RANK_TOLERANCE * s[0])) if s[0] > 0 else 0

    def _worst_constraint(self, q: np.ndarray, t: float) -> Constraint | None:
        if not self.m:
            return None
        phi = self.constraint_values(q, t)
        return self.constraints[int(np.argmax(np.abs(phi)))]

    def _driver_direction(self, k: int, q: np.ndarray, t: float) -> None:
        c = self.constraints[k]
        p1, p2 = (self.where(pid, q) for pid in c.element.points)
        theta = self._angle(c.element, t, q)
        if (p2[0] - p1[0]) * math.cos(theta) + (p2[1] - p1[1]) * math.sin(theta) < 0:
            raise ModelFileError([SourceError(
                msg("mechanism.driver_opposite", element=c.element.label, p1=c.element.points[0],
                    p2=c.element.points[1], angle=number(math.degrees(theta))),
                c.element.location)])

    # -- positions and velocities on the constraints ------------------------------------------

    def where(self, pid: str, q: Sequence[float] | np.ndarray) -> tuple[float, float]:
        """Where point ``pid`` is at coordinates ``q``."""
        if pid in self.index:
            i = self.index[pid]
            return float(q[i]), float(q[i + 1])
        return self.fixed[pid]

    def _geometry_at(self, q: np.ndarray, t: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Φ, Φq and Φt at (q, t)."""
        m = self.m
        try:
            out = self._geometry(t, *q.tolist())
        except EvaluationError as exc:
            raise self._failure(msg("mechanism.constraints_value", reason=exc.reason), t, q) from None
        if not isinstance(out, tuple):
            out = (out,)
        values = np.array(out, dtype=float)
        J = np.zeros((m, self.n))
        J[self._rows, self._cols] = values[m:m + self._n_jac]
        return values[:m], J, values[m + self._n_jac:]

    def constraint_values(self, q: np.ndarray, t: float) -> np.ndarray:
        return self._geometry_at(np.asarray(q, dtype=float), t)[0]

    def jacobian(self, q: np.ndarray, t: float) -> np.ndarray:
        return self._geometry_at(np.asarray(q, dtype=float), t)[1]

    def _least_squares(self, J: np.ndarray, rhs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The Δq of least mass-metric norm with J·Δq = rhs (least squares if none), and the
        singular values of J in that metric.

        Only the mechanism's rank of singular directions count: off the constraints, the rows of
        redundant constraints stop being exactly dependent, and their nearly zero singular values
        would throw a Gauss–Newton step far away."""
        scaled = J @ self._metric_factor_inv
        U, s, Vt = np.linalg.svd(scaled, full_matrices=False)
        keep = int(np.sum(s > RANK_TOLERANCE * s[0])) if len(s) and s[0] > 0 else 0
        keep = min(keep, self.rank)
        x = Vt[:keep].T @ ((U[:, :keep].T @ rhs) / s[:keep])
        return self._metric_factor_inv @ x, s

    def assemble(self, q: np.ndarray, t: float, iterations: int = ASSEMBLY_ITERATIONS) -> np.ndarray:
        """The positions nearest ``q`` (mass metric, Gauss–Newton) where Φ(q, t) = 0."""
        q = self._turn_drivers(np.array(q, dtype=float), t)
        if not self.m:
            return q
        tolerance = ASSEMBLED * self.size
        for _ in range(iterations):
            phi, J, _ = self._geometry_at(q, t)
            worst = float(np.max(np.abs(phi)))
            if not math.isfinite(worst):
                break
            if worst <= tolerance:
                return q
            step, _ = self._least_squares(J, -phi)
            # a step longer than the mechanism is a jump to another branch: shorten it
            length = float(np.max(np.abs(step)))
            if length > 0.25 * self.size:
                step *= 0.25 * self.size / length
            q = q + step
        raise SimulationError(msg("mechanism.unmet"), t, self._named(q))

    def assemble_from(self, guess: np.ndarray, t: float) -> np.ndarray:
        """Positions where Φ(q, t) = 0 from a guess that may be far from any (a typed condition, the
        file's points).

        Gauss–Newton as :meth:`assemble` does first: from a near guess it lands on the nearest
        valid positions. From a far one it can stall where Φq is nearly singular (a crank typed
        five times its length away); then two ways that do not: Levenberg–Marquardt from the
        guess (damped steps that must lower ‖Φ‖), and continuation from the positions the
        mechanism was built at, moved toward the guess a little at a time; of those that
        assemble, the one nearer the guess in the mass metric. A result whose drivers point
        against their angles (the other root of the same direction) is a last resort: Gauss–
        Newton's, if the others find none (the start checks then say which driver). Raises
        Gauss–Newton's SimulationError when nothing assembles it."""
        guess = np.array(guess, dtype=float)
        against: np.ndarray | None = None
        try:
            q = self.assemble(guess, t)
            if self._drivers_agree(q, t):
                return q
            against = q
        except SimulationError as exc:
            failure = exc
        found = [q for q in (self._damped_assembly(guess, t), self._continued_assembly(guess, t))
                 if q is not None and self._drivers_agree(q, t)]
        if not found:
            if against is not None:
                return against
            raise failure
        distance = [float(np.sum((self._metric_factor.T @ (q - guess)) ** 2)) for q in found]
        return found[int(np.argmin(distance))]

    def _drivers_agree(self, q: np.ndarray, t: float) -> bool:
        """Does P1→P2 of every driver point along its angle at t (not against it)?"""
        for k in self.drivers:
            e = self.constraints[k].element
            theta = self._angle(e, t, q)
            (x1, y1), (x2, y2) = (self.where(pid, q) for pid in e.points)
            if (x2 - x1) * math.cos(theta) + (y2 - y1) * math.sin(theta) < 0:
                return False
        return True

    def _damped_assembly(self, guess: np.ndarray, t: float) -> np.ndarray | None:
        """Levenberg–Marquardt on ½‖Φ‖² in the mass metric from ``guess`` (drivers turned): a step
        is taken only if it lowers ‖Φ‖ and is not longer than a quarter of the mechanism (else the
        damping grows, turning the step toward steepest descent and shortening it); None when the
        damping runs away (a minimum of ‖Φ‖ that is not 0) or the iterations run out."""
        q = self._turn_drivers(guess.copy(), t)
        if not self.m:
            return q
        tolerance = ASSEMBLED * self.size
        inv = self._metric_factor_inv

        def residual(x: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
            try:
                phi, J, _ = self._geometry_at(x, t)
            except SimulationError:
                return None
            return (phi, J) if np.all(np.isfinite(phi)) and np.all(np.isfinite(J)) else None

        now = residual(q)
        if now is None:
            return None
        phi, J = now
        cost = float(phi @ phi)
        scale: float | None = None
        damping = 0.0
        for _ in range(DAMPED_ITERATIONS):
            if float(np.max(np.abs(phi))) <= tolerance:
                return q
            scaled = J @ inv
            normal = scaled.T @ scaled
            if scale is None:
                scale = max(float(np.max(np.diag(normal))), 1e-300)
                damping = 1e-3 * scale
            gradient = scaled.T @ phi
            step = inv @ np.linalg.solve(normal + damping * np.eye(self.n), -gradient)
            if not np.all(np.isfinite(step)) or float(np.max(np.abs(step))) > 0.25 * self.size:
                accepted = False
            else:
                trial = q + step
                after = residual(trial)
                accepted = after is not None and float(after[0] @ after[0]) < cost
            if accepted:
                assert after is not None
                q, (phi, J) = trial, after
                cost = float(phi @ phi)
                damping = max(damping / 3, 1e-15 * scale)
            else:
                damping *= 4
                if damping > 1e12 * scale:
                    return None  # ‖Φ‖ has a minimum here that is not 0
        return None

    def _continued_assembly(self, guess: np.ndarray, t: float) -> np.ndarray | None:
        """From the positions the mechanism was built at (assembled), toward ``guess`` in
        CONTINUATION_STEPS equal moves, each followed by Gauss–Newton from where the last
        one ended: every move starts near the constraints, so no Newton step is asked to come
        from far. None if there are no such positions yet or a move cannot be assembled."""
        if self._reference is None:
            return None
        start = self._reference
        try:
            q = self.assemble(start, t)
            delta = (guess - start) / CONTINUATION_STEPS
            for _ in range(CONTINUATION_STEPS):
                q = self.assemble(q + delta, t, iterations=20)
        except SimulationError:
            return None
        return q

    def _turn_drivers(self, q: np.ndarray, t: float) -> np.ndarray:
        """A better first guess: each driver's free end turned to its angle at t."""
        for k in self.drivers:
            e = self.constraints[k].element
            p1, p2 = e.points
            theta = self._angle(e, t, q)
            (x1, y1), (x2, y2) = self.where(p1, q), self.where(p2, q)
            r = math.hypot(x2 - x1, y2 - y1)
            if p2 in self.index:
                i = self.index[p2]
                q[i:i + 2] = (x1 + r * math.cos(theta), y1 + r * math.sin(theta))
            elif p1 in self.index:
                i = self.index[p1]
                q[i:i + 2] = (x2 - r * math.cos(theta), y2 - r * math.sin(theta))
        return q

    def admissible_velocities(self, q: np.ndarray, v: np.ndarray, t: float) -> np.ndarray:
        """The velocities nearest ``v`` (mass metric) that the constraints allow: Φq·q̇ + Φt = 0.
        Raises SimulationError at a singular configuration (a dead point)."""
        v = np.array(v, dtype=float)
        if not self.m:
            return v
        _, J, phi_t = self._geometry_at(q, t)
        step, s = self._least_squares(J, -(J @ v + phi_t))
        if self.rank and s[self.rank - 1] <= SINGULAR * s[0]:
            raise SimulationError(msg("mechanism.singular"), t, self._named(q))
        return v + step

    def motions(self, q: np.ndarray, t: float) -> np.ndarray:
        """A basis of the admissible motions δq (Φq·δq = 0), orthonormal in the mass metric."""
        inv = self._metric_factor_inv
        if not self.m:
            return inv
        _, _, Vt = np.linalg.svd(self.jacobian(q, t) @ inv)
        return inv @ Vt[self.rank:].T

    def project(self, state: State) -> State:
        """The state pulled back onto the constraints after a step: Gauss–Newton for the positions
        (one iteration, two at most: a step leaves them ~1e-12 off) and one projection of the
        velocities, both in the mass metric with the rows in use (independent ones)."""
        t = state.t
        q = np.array(state.q)
        tolerance = ASSEMBLED * self.size
        for _ in range(4):
            phi, J, _ = self._geometry_at(q, t)
            if float(np.max(np.abs(phi), initial=0.0)) <= tolerance:
                break
            q = q + self._correction(J, -phi, t, q)
        else:
            raise SimulationError(msg("mechanism.singular_unmet"), t, self._named(q))
        self._select_rows(q, t)
        v = np.array(state.p)
        if self.m:
            _, J, phi_t = self._geometry_at(q, t)
            v = v + self._correction(J, -(J @ v + phi_t), t, q)
        return State(t, q, v, state.work, state.support_work, state.losses)

    def _correction(self, J: np.ndarray, rhs: np.ndarray, t: float, q: np.ndarray) -> np.ndarray:
        """The Δq of least mass-metric norm with J_S·Δq = rhs_S for the rows S in use, by the normal
        equations (regular: the rows are independent); a configuration where they nearly are not
        is singular."""
        scaled = J[self._active] @ self._metric_factor_inv
        G = scaled @ scaled.T
        try:
            diagonal = np.diag(np.linalg.cholesky(G))
        except np.linalg.LinAlgError:
            diagonal = np.zeros(1)
        if not diagonal.min() > SINGULAR * max(float(diagonal.max()), 1e-300):
            raise SimulationError(msg("mechanism.singular"), t, self._named(q))
        return self._metric_factor_inv @ (scaled.T @ np.linalg.solve(G, rhs[self._active]))

    def _named(self, q, v=None) -> dict[str, float]:
        out = dict(zip(self.coordinates, (float(x) for x in q)))
        if v is not None:
            out.update(zip(self.velocities_names, (float(x) for x in v)))
        return out

    # -- what a simulation asks -------------------------------------------------------------------

    def state(self, q, qdot, t: float = 0.0) -> State:
        """The state nearest (q, q̇) that the constraints allow: positions assembled, velocities projected."""
        q = self.assemble_from(np.asarray(q, dtype=float), t)
        v = self.admissible_velocities(q, np.asarray(qdot, dtype=float), t)
        self._select_rows(q, t)
        if not np.all(np.isfinite(v)):
            raise SimulationError(msg("mechanism.velocities_not_finite"), t, self._named(q))
        # forces, drivers and constraints must have values here: a FORCE of log(0) would stop the
        # first step, so it is refused now (and check, which builds the state, names its row)
        self._dynamics_values(t, np.concatenate([q, v]), checked=True)
        return State(t, q, v)

    def velocities(self, state: State) -> np.ndarray:
        return np.array(state.p)

    def energies(self, state: State) -> tuple[float, float]:
        v = state.p
        ek = 0.5 * float(v @ self.mass @ v)
        try:
            ep = float(self._potential_fn(state.t, *state.q.tolist()))
        except EvaluationError as exc:  # springs or heights out of range: a state far out
            raise SimulationError(msg("mechanism.energy_value", reason=exc.reason), state.t,
                                  self._named(state.q, v)) from None
        return ek, ep

    def step(self, state: State, steps: int = 1) -> State:
        """Advance ``steps`` steps of dt (N RK4 substeps each, then a projection); on failure
        raises :class:`SimulationError` and changes nothing."""
        current = state
        for _ in range(steps):
            try:
                current = self.stepper.advance(self, current, self.substeps)
            except SimulationError as exc:
                why = exc.why
                if isinstance(why, Message) and why.key in _SINGULAR and not self._near_dead_point(current):
                    why = msg("mechanism.ran_away")  # the step blew up far from any dead point
                # the values of the last good state: where it stopped, not the wreck after it
                raise SimulationError(why, current.t, self._named(current.q, current.p),
                                      exc.expression, exc.location) from None
        return current

    def substeps_from(self, state: State, substeps: int) -> State:
        """Advance ``substeps`` RK4 substeps (then a projection each N of them, and at the end): to
        measure the cost of one."""
        return self.stepper.advance(self, state, substeps)

    def resume(self, state: State) -> None:
        """Go on from ``state`` after steps from elsewhere: the redundant constraints' rows in use
        chosen again there, as after the step that led to it."""
        self._select_rows(np.asarray(state.q, dtype=float), state.t)
        self._multipliers_cache = (None, np.zeros(0))

    def _near_dead_point(self, state: State) -> bool:
        """Were the rows in use nearly dependent at ``state`` (the last good one before a step
        that could not meet the constraints)? Then the step ran into a dead point; if they were
        well apart, the motion ran away within the step (a force growing without bound, a
        stiff spring or a fast driver for the step dt/N), which is not a dead point. One SVD,
        only when a step has failed."""
        if not self.rank:
            return False
        try:
            J = self.jacobian(state.q, state.t)
        except SimulationError:
            return False
        s = np.linalg.svd(J @ self._metric_factor_inv, compute_uv=False)
        return bool(s[self.rank - 1] < NEAR_DEAD_POINT * s[0])

    # -- the dynamics -------------------------------------------------------------------------------

    def pack(self, state: State) -> np.ndarray:
        return np.concatenate([state.q, state.p, [state.work, state.support_work]])

    def unpack(self, t: float, y: np.ndarray, before: State, substeps: int) -> State:
        n = self.n
        if not math.isfinite(float(y.sum())):
            if self._checked:
                raise SimulationError(msg("sim.diverged"), t, self._named(y[:n]))
            raise self.failure(before, substeps)
        return State(t, y[:n].copy(), y[n:2 * n].copy(), float(y[2 * n]), float(y[2 * n + 1]), before.losses)

    def _use_rows(self, active: np.ndarray) -> None:
        """Solve the stages with these rows of Φq: all of them, or an independent set of them
        when some are redundant. Places where the stage function's values go in [[M, J_Sᵀ], [J_S, 0]]
        and in [Q; γ_S]."""
        n, m, k = self.n, self.m, self._n_jac
        self._active = active
        size = n + len(active)
        position = np.full(m, -1)
        position[active] = np.arange(len(active))
        entries = np.nonzero(np.isin(self._rows, active))[0]
        rows, cols = n + position[self._rows[entries]], self._cols[entries]
        self._kkt = np.zeros((size, size))
        self._kkt[:n, :n] = self.mass
        self._kkt_flat = np.concatenate([rows * size + cols, cols * size + rows])
        self._jacobian_twice = np.concatenate([entries, entries])
        self._rhs_source = np.concatenate([np.arange(k + m, k + m + n), k + active])
        self._phi_t_source = k + m + n + 1 + active

    def _select_rows(self, q: np.ndarray, t: float) -> None:
        """With redundant constraints, the ``rank`` rows of Φq that best span it here (Gram–Schmidt
        with pivoting: each time the row with most left outside the span of those chosen). On the
        constraints the others follow from them, so the KKT matrix of the chosen ones is regular
        and gives the same accelerations. Chosen again after every step, as the mechanism moves."""
        if not self.redundant:
            return
        rest = self.jacobian(q, t)
        scale = float(np.max(np.einsum("ij,ij->i", rest, rest)))
        chosen: list[int] = []
        for _ in range(self.rank):
            left = np.einsum("ij,ij->i", rest, rest)
            left[chosen] = -1.0
            i = int(np.argmax(left))
            if not left[i] > (SINGULAR**2) * scale:
                raise SimulationError(msg("mechanism.singular"), t, self._named(q))
            unit = rest[i] / math.sqrt(left[i])
            rest = rest - np.outer(rest @ unit, unit)
            chosen.append(i)
        self._use_rows(np.array(sorted(chosen)))

    def _stage(self, t: float, y: np.ndarray, checked: bool) -> tuple[np.ndarray, np.ndarray, float, float]:
        """q̈, the multipliers of the rows in use, the power of forces and dampers and that of the
        drivers, at y = (q, q̇, …).

        The fast path checks nothing: a singular KKT matrix gives NaN, which the end of the
        substeps notices; ``checked`` says what went wrong (the replay of a failed step)."""
        n = self.n
        values = self._dynamics_values(t, y, checked)
        K = self._kkt
        K.reshape(-1)[self._kkt_flat] = values[self._jacobian_twice]  # Φq and Φqᵀ, in one indexing
        solution = _solve_linear(K, values[self._rhs_source])
        acc, lam = solution[:n], solution[n:]
        if checked and not np.all(np.isfinite(solution)):
            raise SimulationError(msg("mechanism.singular_accelerations"), t, self._named(y[:n], y[n:2 * n]))
        # the power of the constraints −λᵀ·Φq·q̇ = λᵀ·Φt: only drivers depend on t
        driver_power = float(lam @ values[self._phi_t_source]) if self.drivers else 0.0
        return acc, lam, float(values[self._n_jac + self.m + n]), driver_power

    def _dynamics_values(self, t: float, y: np.ndarray, checked: bool) -> np.ndarray:
        """The generated code's values at y = (q, q̇, …): Φq's entries, γ, Q, powers, Φt. Checked,
        a value that is not a finite number is refused too; either way the failure names the
        row whose expression has no value there when one has none."""
        n = self.n
        try:
            out = self._dynamics_code(t, *y[:2 * n].tolist())
        except ARITHMETIC_ERRORS as exc:
            raise self._failure(msg("mechanism.stage_value", reason=EvaluationError.of(exc).reason),
                                t, y[:n], y[n:2 * n]) from None
        values = np.array(out, dtype=float)
        if checked and not np.all(np.isfinite(values)):
            raise self._failure(msg("mechanism.stage_not_finite"), t, y[:n], y[n:2 * n])
        return values

    def _failure(self, fallback: Message, t: float, q: np.ndarray, v: np.ndarray | None = None) -> SimulationError:
        """What failed at (t, q, q̇): the first driver angle or FORCE expression that has no value
        there (its row, cell and place in the file), else ``fallback`` (sums of finite terms
        that overflow, a state already out of range)."""
        env = {**self.parameters, TIME: t, **self._named(q, v)}
        for e in self.mechanism.elements:
            for cell in _EXPRESSION_CELLS.get(e.kind, ()):
                expr = e.value(cell)
                if expr is None or (v is None and e.kind == "FORCE"):
                    continue
                # a motor's constraint uses its angle and the angle's first two rates (Φt, γ)
                trees = [expr.tree, *self._rates(e)] if e.kind == "DRIVER" else [expr.tree]
                for k, tree in enumerate(trees):
                    try:
                        evaluate(tree, env)
                    except EvaluationError as exc:
                        word = cell_word(cell) if k == 0 else msg("mechanism.the_angle_rate")
                        return SimulationError(msg("mechanism.cell_value", cell=word, element=_label(e),
                                                   reason=exc.reason), t, self._named(q, v), _written(e, cell),
                                               expr.location)
        return SimulationError(fallback, t, self._named(q, v))

    def _rates(self, e: Element) -> tuple[Node, Node]:
        """dθ/dt and d²θ/dt² of a driver's angle (differentiated once, when a failure asks)."""
        rates = self._angle_rates.get(e.id)
        if rates is None:
            angle = e.value("angle")
            assert angle is not None
            first = A.diff(angle.tree, TIME)
            rates = self._angle_rates[e.id] = (first, A.diff(first, TIME))
        return rates

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        """dy/dt for y = (q, q̇, W of forces and dampers, W of the drivers)."""
        n = self.n
        acc, _, power, driver_power = self._stage(t, y, self._checked)
        dy = np.empty(2 * n + 2)
        dy[:n] = y[n:2 * n]
        dy[n:2 * n] = acc
        dy[2 * n] = power
        dy[2 * n + 1] = driver_power
        return dy

    def accelerations(self, t: float, q, v) -> tuple[np.ndarray, np.ndarray]:
        """q̈ and the multipliers λ of every constraint at (t, q, q̇). With redundant constraints λ is
        not unique (the structure is statically indeterminate): this is the λ of least norm, which
        shares the load among the constraints that could carry it."""
        q, v = np.asarray(q, dtype=float), np.asarray(v, dtype=float)
        self._select_rows(q, t)
        acc, lam, _, _ = self._stage(t, np.concatenate([q, v, [0.0, 0.0]]), checked=True)
        if not self.redundant:
            return acc, lam
        J = self.jacobian(q, t)
        force = J[self._active].T @ lam
        full, *_ = np.linalg.lstsq(J.T, force, rcond=RANK_TOLERANCE)
        return acc, full

    def failure(self, before: State, substeps: int) -> SimulationError:
        """What went wrong in ``substeps`` substeps from ``before``: they are replayed with every
        stage checked, and the first bad one says why."""
        self._checked = True
        try:
            ConstrainedRK4().advance(self, before, substeps)
        except SimulationError as exc:
            return exc
        finally:
            self._checked = False
        return SimulationError(msg("sim.diverged"), before.t, self._named(before.q))  # pragma: no cover

    # -- reactions ------------------------------------------------------------------------------------

    def multipliers(self, state: State) -> np.ndarray:
        """λ at ``state`` (asked every frame by the Values panel and the arrows: kept for the last state)."""
        cached, values = self._multipliers_cache
        if cached is not state:
            values = self.accelerations(state.t, state.q, state.p)[1]
            self._multipliers_cache = (state, values)
        return values

    def reactions(self, state: State) -> np.ndarray:
        """The reaction of each bar (axial force, > 0 tension), slider (force across its line, > 0 to
        the left of A→B) and driver (the motor's torque, > 0 counter-clockwise), by ``reaction_ids``."""
        out = self.multipliers(state).copy()
        for k, c in enumerate(self.constraints):
            e = c.element
            if e.kind == "SLIDER":
                (xa, ya), (xb, yb) = self.where(e.points[1], state.q), self.where(e.points[2], state.q)
                out[k] *= math.hypot(xb - xa, yb - ya) / self.length(e.points[1], e.points[2])
            elif e.kind == "DRIVER":
                (x1, y1), (x2, y2) = (self.where(p, state.q) for p in e.points)
                out[k] *= math.hypot(x2 - x1, y2 - y1)
        return out

    def reaction_forces(self, state: State) -> list[tuple[str, str, float, float, float, float]]:
        """The forces the bars and sliders exert on their points: (element id, kind, x, y, fx, fy),
        kind "tension", "compression" or "normal". A driver's torque is not an arrow."""
        lam = self.multipliers(state)
        out = []
        for k, c in enumerate(self.constraints):
            e = c.element
            if e.kind == "BAR":
                (x1, y1), (x2, y2) = (self.where(p, state.q) for p in e.points)
                L = math.hypot(x2 - x1, y2 - y1)
                ux, uy = (x2 - x1) / L, (y2 - y1) / L
                kind = "tension" if lam[k] >= 0 else "compression"
                out.append((e.id, kind, x1, y1, lam[k] * ux, lam[k] * uy))
                out.append((e.id, kind, x2, y2, -lam[k] * ux, -lam[k] * uy))
            elif e.kind == "SLIDER":
                # the force on P is −λ·∂Φ/∂P, across the line A→B (to its left for λ > 0)
                (xp, yp), (xa, ya), (xb, yb) = (self.where(p, state.q) for p in e.points)
                L0 = self.length(e.points[1], e.points[2])
                out.append((e.id, "normal", xp, yp, -lam[k] * (yb - ya) / L0, lam[k] * (xb - xa) / L0))
        return out


try:  # LAPACK's gesv without numpy.linalg.solve's checks (a few µs per stage): NaN when singular
    from numpy.linalg import _umath_linalg

    def _solve_linear(K: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return _umath_linalg.solve1(K, rhs)
except (ImportError, AttributeError):  # pragma: no cover - another numpy
    def _solve_linear(K: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        try:
            return np.linalg.solve(K, rhs)
        except np.linalg.LinAlgError:
            return np.full(len(rhs), np.nan)


#: the cells of each row that are expressions of t (and, for forces, of the motion)
_EXPRESSION_CELLS = {"DRIVER": ("angle",), "FORCE": ("Fx", "Fy")}


def _label(e: Element) -> str:
    """A row as messages name it: ``DRIVER motor``, and a FORCE by its point, ``FORCE P``."""
    return f"{e.kind} {e.points[0]}" if e.kind == "FORCE" else e.label


def _written(e: Element, cell: str) -> str:
    """A cell as it is written in the file, for the line under a failure: ``FORCE P Fx = 'log(t)'``."""
    expr = e.value(cell)
    return f"{_label(e)} {cell} = {expr.text if expr is not None else ''}"


def _identifier(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text) or "model"
