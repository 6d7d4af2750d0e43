"""A mechanism's positions and velocities on its constraints (SPEC §7.5): the geometry that
:class:`~game.physics.mechanism.system.MechanismSystem` moves on.

- the constraints Φ(q, t) = 0 (one per bar, slider and driver, as the system builds them):
  Φ, Φq and Φt at (q, t) from generated code;
- after each step of dt the positions are pulled back onto Φ = 0 and the velocities onto
  Φq·q̇ + Φt = 0, by least squares in the mass metric (Gauss–Newton for positions, one
  projection for velocities) with the rows of Φq in use (an independent set of them when
  some are redundant, chosen again after every step); a configuration where those rows stop
  being independent is singular, and reported;
- at the start (the file's points, typed conditions) positions are assembled by Gauss–Newton
  from the guess, and when a far guess stalls it, by Levenberg–Marquardt or by continuation
  from the positions the mechanism was built at (:meth:`Assembly.assemble_from`);
- the admissible velocities nearest given ones, and a basis of the admissible motions (what
  a drag moves along).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ...expr import TIME, EvaluationError, Name, Node, SourceError, algebra, evaluate, names_in
from ...expr.codegen import CompiledFunction
from ...messages import Message, msg
from ...model import ModelFile, ModelFileError
from ...model.mechanism import OF_MOTION, OF_TIME, Element, Mechanism, check_numbers, point_positions, size
from ..numerics import cholesky_diagonal, solve_linear
from ..state import SimulationError, State

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
#: the mass metric of projections gets this fraction of the mean mass on every coordinate,
#: so that a massless point (a joint between massless bars) still has a defined nearest place
METRIC_FLOOR = 1e-6


@dataclass(frozen=True)
class Constraint:
    """One scalar constraint Φ(q, t) = 0 of an element."""

    element: Element
    phi: Node


class Assembly:
    """A mechanism file's points with numbers for its parameters, and its constraints: where the
    points are, positions and velocities put on the constraints. What the system builds from the
    elements (:meth:`MechanismSystem._build`: the constraints, their generated code, the mass
    metric; then the rank of Φq where the file puts the points) is declared below."""

    #: the scalar constraints, their number m, the rank r of Φq (r < m: some are redundant) and
    #: which of them are drivers
    constraints: list[Constraint]
    m: int
    rank: int
    redundant: bool
    drivers: list[int]
    #: the constant mass matrix, and the factor L of the mass metric W = L·Lᵀ (and L⁻ᵀ)
    mass: np.ndarray
    _metric_factor: np.ndarray
    _metric_factor_inv: np.ndarray
    #: the file's points assembled: where continuation toward a far guess starts
    _reference: np.ndarray | None
    #: (Φ, Φq's nonzero entries, Φt) at (t, q), and where those entries go in Φq
    _geometry: CompiledFunction
    #: a stage's values at (t, q, q̇): Φq's entries, γ, Q, the power of forces and dampers, Φt
    _dynamics: CompiledFunction
    _rows: np.ndarray
    _cols: np.ndarray
    _n_jac: int

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
        self.size = size(mech, self.geometry)
        #: each driver's dθ/dt and d²θ/dt², by its id (see :meth:`_rates`)
        self._angle_rates: dict[str, tuple[Node, Node]] = {}

    # -- the geometry ------------------------------------------------------------------------------

    def _angle(self, e: Element, t: float, q: np.ndarray) -> float:
        """A driver's angle at t; SimulationError, naming the row and where it is written, if it has none."""
        angle = e.value("angle")
        assert angle is not None
        try:
            return evaluate(angle.tree, {**self.parameters, TIME: t})
        except EvaluationError as exc:
            raise SimulationError(msg("mechanism.cell_value", cell=e.word("angle"), element=e.label,
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

    # -- the constraints and Φq (the system's generated code and the builder's count of freedom) --

    def constraint_rows(self) -> list[Constraint]:
        """One scalar constraint per bar, slider and driver that moves a free point, in file order."""
        out = []
        for e in self.mechanism.elements:
            if not e.constrains or not set(e.points) & set(self.index):
                continue  # a bar between fixed points is drawn (the frame), but constrains nothing
            phi = e.constraint(self)
            assert phi is not None
            out.append(Constraint(e, phi))
        return out

    def jacobian_entries(self, phis: Sequence[Node]) -> list[tuple[int, int, Node]]:
        """Φq's entries that are not identically zero: (row, column, tree), row by row. Only the
        coordinates a constraint reads are differentiated (the rest give 0): a drawing of 500
        elements is counted in a blink, not in 250 000 derivatives."""
        entries = []
        for r, phi in enumerate(phis):
            read = names_in(phi)
            for k, c in enumerate(self.coordinates):
                if c in read:
                    d = A.diff(phi, c)
                    if not A.is_zero(d):
                        entries.append((r, k, d))
        return entries

    def freedom(self) -> tuple[int, int]:
        """The degrees of freedom where the file puts the points: n − rank Φq without the drivers
        and with them (a motor takes one). Φq from the same constraints and entries as the system's
        generated code, evaluated here without compiling (a drawing being built changes each click)."""
        rows = self.constraint_rows()
        point = dict(zip(self.coordinates, self._file_coordinates()))
        values = {**self.parameters, **point, TIME: 0.0}
        J = np.zeros((len(rows), self.n))
        for r, k, tree in self.jacobian_entries([c.phi for c in rows]):
            J[r, k] = evaluate(tree, values)
        driven = np.array([c.element.drives for c in rows], dtype=bool)

        def rank(M: np.ndarray) -> int:
            if not M.size:
                return 0
            s = np.linalg.svd(M, compute_uv=False)
            return int(np.sum(s > RANK_TOLERANCE * s[0])) if s[0] > 0 else 0

        return self.n - rank(J[~driven]), self.n - rank(J)

    def _file_coordinates(self) -> list[float]:
        out: list[float] = []
        for p in self.mechanism.free_points:
            out.extend(self.geometry[p.id])
        return out

    # -- positions and velocities on the constraints -----------------------------------------------

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

    # -- after a step ------------------------------------------------------------------------------

    def project(self, state: State) -> State:
        """The state pulled back onto the constraints after a step: Gauss–Newton for the positions
        (one iteration, two at most: a step leaves them ~1e-12 off) and one projection of the
        velocities, both in the mass metric with the rows in use (independent ones)."""
        t = state.t
        q = np.array(state.q)
        tolerance = ASSEMBLED * self.size
        for _ in range(4):
            phi, J, phi_t = self._geometry_at(q, t)
            if float(np.max(np.abs(phi), initial=0.0)) <= tolerance:
                break  # Φq and Φt at the positions the velocities are projected at
            q = q + self._correction(J, -phi, t, q)
        else:
            raise SimulationError(msg("mechanism.singular_unmet"), t, self._named(q))
        self._select_rows(q, t)
        v = np.array(state.p)
        if self.m:
            v = v + self._correction(J, -(J @ v + phi_t), t, q)
        return State(t, q, v, state.work, state.support_work, state.losses)

    def _correction(self, J: np.ndarray, rhs: np.ndarray, t: float, q: np.ndarray) -> np.ndarray:
        """The Δq of least mass-metric norm with J_S·Δq = rhs_S for the rows S in use, by the normal
        equations (regular: the rows are independent); a configuration where they nearly are not
        is singular."""
        if not self._all_rows:
            J, rhs = J[self._active], rhs[self._active]
        scaled = J @ self._metric_factor_inv
        G = scaled @ scaled.T
        diagonal = cholesky_diagonal(G)
        if not diagonal.min() > SINGULAR * max(float(diagonal.max()), 1e-300):
            raise SimulationError(msg("mechanism.singular"), t, self._named(q))
        return self._metric_factor_inv @ (scaled.T @ solve_linear(G, rhs))

    # -- the rows of Φq ----------------------------------------------------------------------------

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

    def _use_rows(self, active: np.ndarray) -> None:
        """Solve the stages with these rows of Φq: all of them, or an independent set of them
        when some are redundant. Where the stage's values go in [[M, J_Sᵀ], [J_S, 0]] and in
        [Q; γ_S]: the KKT matrix is one gather from the generated values followed by the mass
        matrix's nonzero entries and a 0 (:meth:`_stage_constants`), not a fill of a kept matrix."""
        n, m, k = self.n, self.m, self._n_jac
        self._active = active
        #: the same rows as 1s among m (what the window's machine code reads and chooses again)
        self._active_mask = np.zeros(m)
        self._active_mask[active] = 1.0
        #: all rows in use (no redundant constraints): Φq as it comes, no rows to pick
        self._all_rows = len(active) == m
        size = n + len(active)
        position = np.full(m, -1)
        position[active] = np.arange(len(active))
        entries = np.nonzero(np.isin(self._rows, active))[0]
        rows, cols = n + position[self._rows[entries]], self._cols[entries]
        outputs = self._dynamics.n_outputs
        mass_at = np.flatnonzero(self.mass)
        # M's distinct nonzero entries (a few: its 2×2 blocks repeat them) and a 0, after the
        # generated values in a stage's vector
        distinct, which = np.unique(self.mass.flat[mass_at], return_inverse=True)
        self._stage_constants = (*(float(x) for x in distinct), 0.0)
        zero = outputs + len(distinct)
        take = np.full(size * size, zero)
        take[(mass_at // n) * size + mass_at % n] = outputs + which
        take[np.concatenate([rows * size + cols, cols * size + rows])] = np.concatenate([entries, entries])
        self._kkt_take = take.reshape(size, size)
        self._rhs_source = np.concatenate([np.arange(k + m, k + m + n), k + active])
        self._phi_t_source = k + m + n + 1 + active
        #: the power of forces and dampers and the constants' 0: the end of dy/dt without drivers
        self._power_and_zero = np.array([k + m + n, zero])

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

    # -- what failed -------------------------------------------------------------------------------

    def _failure(self, fallback: Message, t: float, q: np.ndarray, v: np.ndarray | None = None) -> SimulationError:
        """What failed at (t, q, q̇): the first driver angle or FORCE expression that has no value
        there (its row, cell and place in the file), else ``fallback`` (sums of finite terms
        that overflow, a state already out of range)."""
        env = {**self.parameters, TIME: t, **self._named(q, v)}
        for e in self.mechanism.elements:
            for cell, expr in e.values:
                holds = e.cell(cell).holds
                if expr is None or holds not in (OF_TIME, OF_MOTION) or (v is None and holds == OF_MOTION):
                    continue
                # a motor's constraint uses its angle and the angle's first two rates (Φt, γ)
                trees = [expr.tree, *self._rates(e)] if holds == OF_TIME else [expr.tree]
                for k, tree in enumerate(trees):
                    try:
                        evaluate(tree, env)
                    except EvaluationError as exc:
                        word = e.word(cell) if k == 0 else msg("mechanism.the_angle_rate")
                        return SimulationError(msg("mechanism.cell_value", cell=word, element=e.cited,
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

    def rate(self, tree: Node) -> Node:
        """d/dt of a tree of t and q, along q̇."""
        total = A.diff(tree, TIME)
        for c, v in zip(self.coordinates, self.velocities_names):
            total = A.add(total, A.mul(A.diff(tree, c), Name(v)))
        return total

    def _named(self, q, v=None) -> dict[str, float]:
        out = dict(zip(self.coordinates, (float(x) for x in q)))
        if v is not None:
            out.update(zip(self.velocities_names, (float(x) for x in v)))
        return out


def _written(e: Element, cell: str) -> str:
    """A cell as it is written in the file, for the line under a failure: ``FORCE P Fx = 'log(t)'``."""
    expr = e.value(cell)
    return f"{e.cited} {cell} = {expr.text if expr is not None else ''}"
