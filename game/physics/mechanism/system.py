"""A mechanism that moves: natural coordinates, constraints and multipliers
(SPEC §7.5; seed 003 for the coordinates and the mass matrix, seed 004 §14 for
reactions as multipliers).

The coordinates q are the x, y of the free points. Then (each element's part written by
its kind, :mod:`game.model.mechanism.kinds`, and summed here in the file's order):

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
- after each step of dt the positions and velocities are pulled back onto the
  constraints, and at the start positions are assembled from a guess: that is
  :mod:`.assembly`'s (:class:`~.assembly.Assembly`, which this system extends).

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
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from ...expr import TIME, EvaluationError, ExpressionError, Name, Node, SourceError, algebra, compile_trees, evaluate
from ...expr.codegen import ARITHMETIC_ERRORS
from ...messages import Message, msg, number
from ...model import ModelFile, ModelFileError, condition_values
from ..numerics import solve_linear
from ..state import MotionDefaults, SimulationError, State
from ..steppers import ConstrainedRK4, Projected
from .assembly import ASSEMBLED, METRIC_FLOOR, RANK_TOLERANCE, SINGULAR, Assembly
from .copies import WELL_CONDITIONED, MechanismCopies
from .kinematics import MechanismKinematics
from .native import STEPS, STEPS_FUNCTIONS, STEPS_SIGNATURE, steps_text

A = algebra

#: a step that fails to meet the constraints ran into a dead point when, where it started, the
#: smallest needed singular value of Φq was below this fraction of the largest (a step away from
#: one it is a few hundredths; a mechanism far from any has fractions near 1)
NEAR_DEAD_POINT = 0.1
#: the reasons a failed step gives when the constraints no longer fix or meet the motion
_SINGULAR = ("mechanism.singular", "mechanism.singular_unmet", "mechanism.singular_accelerations")


class MechanismSystem(Assembly, MotionDefaults):
    """A mechanism file with numbers for its parameters, ready to move (its positions and
    velocities on the constraints are :class:`~.assembly.Assembly`'s).

    A :class:`~game.physics.state.MotionSystem`, with ``reactions`` (one per bar, slider and
    driver, by ``reaction_ids``); and its own: ``reaction_forces`` (the arrows), ``accelerations``.
    """

    def __init__(self, model: ModelFile, parameters: Mapping[str, float]):
        super().__init__(model, parameters)
        mech = self.mechanism
        n = self.n
        self.gravity = self._gravity()
        try:
            self._build(n)
        except (OverflowError, ValueError):
            # numbers a file may write (up to 1e300) whose squares or products are not finite:
            # L² of a bar 1e200 long, m·g, the metric of such masses; nothing can be computed
            raise ModelFileError([SourceError(msg("mechanism.numbers_too_large"), mech.location)]) from None
        self.rank = self.m
        self.redundant = False
        self._reference = None
        #: every stage checked for NaN (replaying a failed step)
        self._checked = False
        self._start_checks()
        #: how steps are taken (a mechanism with contacts has its own: :mod:`..mechanism_contacts`)
        self.stepper: Any = Projected(ConstrainedRK4(), MechanismSystem.project)
        #: q̈ and λ at the last state asked (a CSV row asks for λ, q̈ and Appell's S: one solve)
        self._accelerations_cache: tuple[State | None, np.ndarray, np.ndarray] = (None, np.zeros(0), np.zeros(0))
        self._reactions_cache: tuple[State | None, np.ndarray] = (None, np.zeros(0))
        #: the batch step of copies of the motion, made when first asked
        self._copies: MechanismCopies | None = None
        #: start_kernel(source, functions, kernel, name, signature) → a job whose ``fn`` is the compiled
        #: kernel once ready: numba's background compiler, given by :mod:`game.physics.systems`; None: arrays only
        self.compile_kernel: Callable[..., Any] | None = None
        #: the window's steps in machine code (:meth:`step_live`): the compile job, False for none, None not asked yet
        self._live: Any = None
        self._live_inverse = np.zeros((0, 0))
        #: the KKT matrix of the last stage (:mod:`..mechanism_contacts` solves its resting forces' with it)
        self._stage_kkt = np.zeros((0, 0))

    # -- building -----------------------------------------------------------------------------

    def _build(self, n: int) -> None:
        """The mass matrix, the constraints and their generated code, the mass metric (raises
        OverflowError or ValueError when a number in them is not finite)."""
        self.mass = self._mass_matrix()
        if not np.all(np.isfinite(self.mass)):
            raise OverflowError("mass matrix")
        self.constraints = self.constraint_rows()
        #: the number of scalar constraints
        self.m = len(self.constraints)
        self.reaction_ids = tuple(c.element.id for c in self.constraints)
        self.drivers = [k for k, c in enumerate(self.constraints) if c.element.drives]
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
        return any(e.does_work(self.parameters) for e in self.mechanism.elements)

    def _gravity(self) -> float:
        """The GRAVITY row's value (0 without one); ExpressionError, at the row, if it has none."""
        g = self.mechanism.gravity
        if g is None:
            return 0.0
        try:
            return evaluate(g.tree, self.parameters)
        except EvaluationError as exc:
            raise ExpressionError(msg("mechanism.gravity_value", reason=exc.reason), g.location) from None

    def _mass_matrix(self) -> np.ndarray:
        n = self.n
        M = np.zeros((n, n))

        def add(p1: str, p2: str, value: float) -> None:
            if p1 in self.index and p2 in self.index:
                i, j = self.index[p1], self.index[p2]
                M[i, j] += value
                M[i + 1, j + 1] += value

        for e in self.mechanism.elements:
            e.mass(self, add)
        return M

    def _potential(self) -> Node:
        """Ep: gravity on every mass (a bar's at its midpoint) and the springs."""
        ep: Node = A.ZERO
        for e in self.mechanism.elements:
            term = e.potential(self, self.gravity)
            if term is not None:
                ep = A.add(ep, term)
        return ep

    def _forces(self) -> tuple[list[Node], Node]:
        """The non-conservative generalized forces (dampers, FORCE rows) and their power."""
        Q: list[Node] = [A.ZERO] * self.n
        for e in self.mechanism.elements:
            e.forces(self, Q)
        power: Node = A.ZERO
        for q_i, v in zip(Q, self.velocities_names):
            power = A.add(power, A.mul(q_i, Name(v)))
        return Q, power

    def generalized_forces(self, potential: Node | None = None) -> tuple[list[Node], Node]:
        """Q of M·q̈ + Φqᵀλ = Q by coordinate (forces, dampers and −∂Ep/∂q), and the power of the
        forces and dampers: what the generated code and ``check --equations`` both use."""
        potential = self._potential() if potential is None else potential
        Q_nc, power = self._forces()
        return [A.sub(f, A.diff(potential, c)) for f, c in zip(Q_nc, self.coordinates)], power

    def _compile(self) -> None:
        """Generated code; ValueError if a constant in it is not finite (codegen.literal)."""
        coords, vels = self.coordinates, self.velocities_names
        phis = [c.phi for c in self.constraints]
        #: Φq's entries that are not identically zero: (row, column) and their trees
        entries = self.jacobian_entries(phis)
        self._rows = np.array([r for r, _, _ in entries], dtype=int)
        self._cols = np.array([k for _, k, _ in entries], dtype=int)
        jac = [t for _, _, t in entries]
        phi_t = [A.diff(phi, TIME) for phi in phis]
        rates = [self.rate(phi) for phi in phis]
        gamma = [A.neg(self.rate(r)) for r in rates]  # −(Φq·q̇)q·q̇ − 2·Φqt·q̇ − Φtt, as q̈ = 0
        potential = self._potential()
        Q, power = self.generalized_forces(potential)
        args_q = (TIME, *coords)
        args = (TIME, *coords, *vels)
        label = Path(self.model.path).stem
        self._n_jac = len(jac)
        #: (Φq entries, γ, Q, power of forces and dampers, Φt) at (t, q, q̇)
        # two outputs at least, so the generated function always returns a tuple
        #: the name of the generated stage function in its source
        self.dynamics_name = f"mechanism_{_identifier(label)}"
        self._dynamics = compile_trees([*jac, *gamma, *Q, power, *phi_t, A.ZERO], args, self.dynamics_name)
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
                raise ModelFileError([SourceError(msg("mechanism.cell_value_at", cell=e.word("angle"),
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

    def _driver_direction(self, k: int, q: np.ndarray, t: float) -> None:
        c = self.constraints[k]
        p1, p2 = (self.where(pid, q) for pid in c.element.points)
        theta = self._angle(c.element, t, q)
        if (p2[0] - p1[0]) * math.cos(theta) + (p2[1] - p1[1]) * math.sin(theta) < 0:
            raise ModelFileError([SourceError(
                msg("mechanism.driver_opposite", element=c.element.label, p1=c.element.points[0],
                    p2=c.element.points[1], angle=number(math.degrees(theta))),
                c.element.location)])

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

    def step_live(self, state: State, steps: int = 1) -> State:
        """The window's steps: once their machine code is compiled (:func:`.native.steps_text`,
        asked for here the first time), whole steps in it, substeps and projection; until then,
        and for a step it cannot take, the plain step (which then says why). Its stages go through
        M⁻¹ and a Cholesky factor where the plain ones solve the KKT system by LU: the same motion
        to ~1e-14 over a second, not bit for bit, so ``simulate`` keeps :meth:`step`."""
        kernel = self._live_kernel()
        if kernel is None:
            return self.step(state, steps)
        n, current = self.n, state
        while steps > 0:
            y = np.concatenate((current.q, current.p, (current.work, current.support_work)))
            # the rows in use as 1s, chosen again by the kernel after each step when some are redundant
            done = kernel(current.t, self.delta, self.substeps, steps, y, self._active_mask, self._live_inverse,
                          self._rows, self._cols, self._metric_factor_inv, ASSEMBLED * self.size, self.rank, SINGULAR)
            if done:
                t = current.t
                for _ in range(done):
                    t += self.substeps * self.delta  # as the plain steps count it
                current = State(t, y[:n], y[n:2 * n], float(y[2 * n]), float(y[2 * n + 1]), current.losses)
                if self.redundant and not np.array_equal(np.flatnonzero(self._active_mask), self._active):
                    self._use_rows(np.flatnonzero(self._active_mask))
            steps -= done
            if steps:  # a step the kernel could not take: the plain one takes it, or says why
                current = self.step(current)
                steps -= 1
        return current

    def wait_live(self, timeout: float) -> bool:
        """Wait (at most ``timeout`` seconds) for the machine code of :meth:`step_live`, asking for it
        if nobody has: True when it is there (a bench would rather wait than time the plain steps)."""
        self._live_kernel()
        return bool(self._live) and bool(self._live.wait(timeout))

    def _live_kernel(self) -> Callable[..., int] | None:
        if self._live is None:
            inverse = self._copies_inverse()
            if self.compile_kernel is None or not self.copies_together or not self.m or inverse is None:
                self._live = False
            else:
                self._live_inverse = inverse
                source = f"{self._dynamics.source}\n\n{self._geometry.source}"
                self._live = self.compile_kernel(
                    source, (self.dynamics_name, "constraints", *STEPS_FUNCTIONS),
                    steps_text(self.dynamics_name, self.n, self.m, self._n_jac, self._dynamics.n_outputs),
                    STEPS, STEPS_SIGNATURE) or False
        return self._live.fn if self._live else None

    def _copies_inverse(self) -> np.ndarray | None:
        """M⁻¹ when M is far from singular (the copies' and the window's machine code go through it)."""
        return np.linalg.inv(self.mass) if self.n and np.linalg.cond(self.mass) < WELL_CONDITIONED else None

    @property
    def copies_together(self) -> bool:
        return True

    def wait_copies(self, timeout: float) -> bool:
        if not self.copies_together:  # one by one: no kernel to wait for
            return False
        if self._copies is None:  # the kernel starts compiling with the copies' batch
            self._copies = MechanismCopies(self)
        native = self._copies.native
        return native is not None and bool(native.wait(timeout))

    def step_copies(self, t: float, Y: np.ndarray, work: np.ndarray) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
        """All copies in one batch (:mod:`.copies`): the generated code on arrays, the KKT systems as a stack."""
        if self._copies is None:
            self._copies = MechanismCopies(self)
        return self._copies.step(t, np.array(Y, dtype=float), work)

    def substeps_from(self, state: State, substeps: int) -> State:
        """Advance ``substeps`` RK4 substeps (then a projection each N of them, and at the end): to
        measure the cost of one."""
        return self.stepper.advance(self, state, substeps)

    def kinematics(self) -> MechanismKinematics:
        """The poses of the elements, and drags of the points."""
        return MechanismKinematics(self, self.reaction_forces)

    def substep_cost(self, state: State) -> int:
        """About 5 to 10 µs per coordinate and constraint row (Jansen's linkage, 44 of them: 216;
        the parallelogram, 12 and redundant: 116)."""
        return 10 * (2 + self.n + self.m)

    def resume(self, state: State) -> None:
        """Go on from ``state`` after steps from elsewhere: the redundant constraints' rows in use
        chosen again there, as after the step that led to it."""
        self._select_rows(np.asarray(state.q, dtype=float), state.t)
        self._accelerations_cache = (None, np.zeros(0), np.zeros(0))

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

    def _stage(self, t: float, y: np.ndarray, checked: bool) -> tuple[np.ndarray, np.ndarray, float, float]:
        """q̈, the multipliers of the rows in use, the power of forces and dampers and that of the
        drivers, at y = (q, q̇, …).

        The fast path checks nothing: a singular KKT matrix gives NaN, which the end of the
        substeps notices; ``checked`` says what went wrong (the replay of a failed step)."""
        n = self.n
        values = self._dynamics_values(t, y, checked)
        # the KKT matrix (M, Φq and Φqᵀ of the rows in use) and [Q; γ] gathered from the values
        self._stage_kkt = K = values[self._kkt_take]
        solution = solve_linear(K, values[self._rhs_source])
        lam = solution[n:]
        if checked and not np.all(np.isfinite(solution)):
            raise SimulationError(msg("mechanism.singular_accelerations"), t, self._named(y[:n], y[n:2 * n]))
        # the power of the constraints −λᵀ·Φq·q̇ = λᵀ·Φt: only drivers depend on t
        driver_power = float(lam @ values[self._phi_t_source]) if self.drivers else 0.0
        return solution[:n], lam, float(values[self._n_jac + self.m + n]), driver_power

    def _dynamics_values(self, t: float, y: np.ndarray, checked: bool) -> np.ndarray:
        """The generated code's values at y = (q, q̇, …): Φq's entries, γ, Q, powers, Φt (then the
        stage's constants, :meth:`_use_rows`). Checked, a value that is not a finite number is
        refused too; either way the failure names the row whose expression has no value there
        when one has none."""
        n = self.n
        try:
            out = self._dynamics_code(t, *y[:2 * n].tolist())
        except ARITHMETIC_ERRORS as exc:
            raise self._failure(msg("mechanism.stage_value", reason=EvaluationError.of(exc).reason),
                                t, y[:n], y[n:2 * n]) from None
        values = np.array(out + self._stage_constants, dtype=float)
        if checked and not np.all(np.isfinite(values)):
            raise self._failure(msg("mechanism.stage_not_finite"), t, y[:n], y[n:2 * n])
        return values

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        """dy/dt for y = (q, q̇, W of forces and dampers, W of the drivers)."""
        n = self.n
        if self._checked:
            acc, _, power, driver_power = self._stage(t, y, True)
            return np.concatenate((y[n:2 * n], acc, (power, driver_power)))
        # _stage's arithmetic unchecked, inlined: a few µs of calls less in each of the 4 stages
        values = self._dynamics_values(t, y, False)
        self._stage_kkt = K = values[self._kkt_take]  # what resting contacts' compliance solves with
        solution = solve_linear(K, values[self._rhs_source])
        if self.drivers:
            tail = (values[self._n_jac + self.m + n], float(solution[n:] @ values[self._phi_t_source]))
            return np.concatenate((y[n:2 * n], solution[:n], tail))
        return np.concatenate((y[n:2 * n], solution[:n], values[self._power_and_zero]))

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

    def accelerations_of(self, state: State) -> np.ndarray:
        """q̈ at ``state``."""
        return self._accelerations_at(state)[0].copy()

    def _accelerations_at(self, state: State) -> tuple[np.ndarray, np.ndarray]:
        cached, acc, lam = self._accelerations_cache
        if cached is not state:
            acc, lam = self.accelerations(state.t, state.q, state.p)
            self._accelerations_cache = (state, acc, lam)
        return acc, lam

    def appell(self, state: State) -> float:
        """The Appell function S = ½·Σ m·a² at ``state``: ½·q̈ᵀ·M·q̈ in natural coordinates (M constant,
        a bar's rotation included), at the accelerations of the motion (seed 002)."""
        acc = self.accelerations_of(state)
        return 0.5 * float(acc @ self.mass @ acc)

    # -- reactions ------------------------------------------------------------------------------------

    def multipliers(self, state: State) -> np.ndarray:
        """λ at ``state`` (asked every frame by the Values panel and the arrows: kept for the last state)."""
        return self._accelerations_at(state)[1]

    def reactions(self, state: State) -> np.ndarray:
        """The reaction of each bar (axial force, > 0 tension), slider (force across its line, > 0 to
        the left of A→B) and driver (the motor's torque, > 0 counter-clockwise), by ``reaction_ids``."""
        cached, out = self._reactions_cache
        if cached is not state or self._accelerations_cache[0] is not state:  # each reaction's CSV column asks
            out = self.multipliers(state).copy()
            for k, c in enumerate(self.constraints):
                out[k] *= c.element.reaction(self, state.q)
            self._reactions_cache = (state, out)
        return out.copy()

    def reaction_forces(self, state: State) -> list[tuple[str, str, float, float, float, float]]:
        """The forces the bars and sliders exert on their points: (element id, kind, x, y, fx, fy),
        kind "tension", "compression" or "normal". A driver's torque is not an arrow."""
        lam = self.multipliers(state)
        out = []
        for k, c in enumerate(self.constraints):
            out.extend(c.element.arrows(self, state.q, lam[k]))
        return out

    # -- at rest (:mod:`game.physics.equilibrium.constrained`) --------------------------------------

    def rest_trees(self) -> tuple[Node, list[Node], list[Node]]:
        """Ep, the other generalized forces (dampers and FORCE rows, trees of t, q and q̇) and each
        constraint's Φ_i (of t and q), as the trees the motion is generated from: what an
        equilibrium and its modes need, differentiated exactly by whoever asks."""
        forces, _ = self._forces()
        return self._potential(), forces, [c.phi for c in self.constraints]


def _identifier(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text) or "model"
