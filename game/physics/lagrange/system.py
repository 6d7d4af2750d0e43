"""A Lagrangian model ready to move: states, steps of ``dt``, energies, and failures as data.

A step is N RK4 substeps of δ = dt/N (SPEC §3). If anything goes wrong inside a
step — T singular or not positive definite, an expression with no value, a
NaN or an infinity — the step is refused as a whole, the state it started from
is untouched, and :class:`SimulationError` says which expression failed and at
which t, q, q̇.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ...expr import TIME, EvaluationError, ExpressionError, Node, SourceError, evaluate
from ...expr.codegen import ARITHMETIC_ERRORS
from ...messages import Message, msg, number
from ...model import ModelFile, ModelFileError, condition_values, parameter_values
from ..state import BatchPath, Impact, MotionDefaults, SimulationError, State, Vector, step_one_by_one
from ..steppers import PIVOT_MIN, RK4, EventRK4, Projected, Response, Stepper
from . import numeric
from .codegen import Compiled, GeneratedDynamics, Rows, generate, motion_function
from .compiled import step_batch, step_rows
from .constraints import RANK_TOLERANCE, RowNumbers, bind_constraints
from .contacts.contacts import Contacts
from .contacts.stepper import FAILURES, ContactRK4
from .contacts.terms import BoundContact, bind_contacts
from .copies import step_contact_copies, step_projected_copies
from .kinematics import GraphicsKinematics
from .mechanics import Mechanics, build_mechanics, exact

#: equations kept by what makes them (see :meth:`System._derived`): the models of a kiosk's show,
#: each with the parameters of its file only
KEPT_SYSTEMS = 32
_derived: OrderedDict[tuple[object, ...], tuple[ModelFile, Mechanics, GeneratedDynamics, tuple[BoundContact, ...],
                                                RowNumbers | None]] = OrderedDict()


#: microseconds a substep takes per character of the generated right-hand side's source (a chain
#: of 10 to 60 links: 3.1 to 3.3 ns; counted at 4). Every shipped model stays below its kind's
#: figure of :meth:`System.substep_cost` by it (the triple pendulum: 5 µs of 8).
RHS_COST = 0.004

@dataclass(eq=False)
class System(MotionDefaults):
    """A model file with numbers for its parameters, compiled for speed (a
    :class:`~game.physics.state.MotionSystem`)."""

    model: ModelFile
    parameters: Mapping[str, float]
    derivatives: str = "exact"
    mechanics: Mechanics = field(init=False)
    code: GeneratedDynamics = field(init=False)
    #: event functions of t and q (e.g. the gaps of contacts) with their response: with
    #: them, steps stop where one crosses zero from above and ``respond`` acts there
    events: tuple[Node, ...] = ()
    respond: Response | None = None
    #: how steps are taken (SPEC §8): the fused RK4 loop unless the model needs more
    stepper: Stepper = field(init=False)
    #: the model's contacts (its CONTACTS block), with their numbers and what they do
    contacts: Contacts | None = field(init=False, default=None)
    #: the model's constraints (its CONSTRAINTS block) in numbers: projections, rank, rows in use
    rows: RowNumbers | None = field(init=False, default=None)

    def __post_init__(self):
        self.mechanics, self.code, bound, self.rows = self._derived()
        self._motion: Compiled | None = None
        self._reactions: tuple[State, np.ndarray] | None = None
        # q̇ and (Ek, Ep) of the last state asked about (a step's accounting, its sample and an
        # impact's log ask again at the same state; states are read-only)
        self._last_velocities: tuple[State, np.ndarray] | None = None
        self._last_energies: tuple[State, tuple[float, float]] | None = None
        if bound:
            self.contacts = Contacts(bound, self.code, self.delta)
            self.stepper = ContactRK4(self.contacts)
        elif self.events:
            if self.respond is None:
                raise ValueError("event functions need a response")
            self.stepper = EventRK4(self.respond)
        else:
            self.stepper = RK4()
        if self.rows is not None:  # (a contact's impulses and resting forces keep the rows too)
            self.stepper = Projected(self.stepper, System._project)

    def _derived(self) -> tuple[Mechanics, GeneratedDynamics, tuple[BoundContact, ...], RowNumbers | None]:
        """The equations, their generated code and the bound contacts: made of the model, the
        parameters' values and the derivatives alone, so kept for the same ones (a model opened
        again, or reset), for the parameters of the model's file only: other values are a
        visitor's, typed in a panel, and each makes them anew (a box of ten balls is 2 MB of code
        and trees). Kept, each would stay where it was made, among what was made with it: a
        kiosk's memory kept 8 MB more after an hour of visitors at that box.)"""
        key = (id(self.model), tuple(self.parameters.items()), self.derivatives)
        if not self.events and key in _derived:
            _derived.move_to_end(key)
            return _derived[key][1:]
        bound = bind_contacts(self.model, self.parameters)
        if bound and self.events:
            raise ValueError("a model with contacts takes no other event functions")
        big = numeric.wanted(self.model.n, self.derivatives, self.events, bool(bound), bool(self.model.constraints))
        mechanics = build_mechanics(self.model, self.parameters, numeric.by_terms if big else exact)
        if big and mechanics.time_dependent:  # moving supports: the generated code, with its own trees
            big, mechanics = False, build_mechanics(self.model, self.parameters)
        rows, numbers = self._constraints(mechanics)
        label = Path(self.model.path).name
        if big:
            code = numeric.generate_big(mechanics, label)
        else:
            code = generate(mechanics, self.derivatives, self.events, label=label,
                            contacts=[(c.gap, c.slip) for c in bound], rows=rows)
        if not self.events and self._own_parameters():
            _derived[key] = (self.model, mechanics, code, bound, numbers)  # the model kept: its id stays its own
            while len(_derived) > KEPT_SYSTEMS:
                _derived.popitem(last=False)
        return mechanics, code, bound, numbers

    def _constraints(self, mechanics: Mechanics) -> tuple[Rows | None, RowNumbers | None]:
        """The CONSTRAINTS rows bound, and in numbers: the rows the motion uses are chosen where the
        file's conditions put it on them (a singular row is refused there, with its place)."""
        bound = bind_constraints(self.model, self.parameters, mechanics)
        if bound is None:
            return None, None
        numbers = RowNumbers(bound, mechanics)
        values = condition_values(self.model, self.parameters)
        q, _ = self._on_rows(numbers, [values[c] for c in self.model.coordinates],
                             [values[v] for v in self.model.velocities], 0.0)
        numbers.choose_rows(q, 0.0)
        return (bound, tuple(numbers.active)), numbers

    @staticmethod
    def _on_rows(numbers: RowNumbers, q, qdot, t: float) -> tuple[np.ndarray, np.ndarray]:
        """(q, q̇) put on the constraints; a start they cannot meet is a problem of the file's row."""
        try:
            return numbers.start(np.asarray(q, dtype=float), np.asarray(qdot, dtype=float), t)
        except SimulationError as exc:
            if exc.location is None:
                raise
            raise ModelFileError([SourceError(exc.why, exc.location)]) from None

    def _own_parameters(self) -> bool:
        """The parameters are those of the model's file."""
        try:
            return parameter_values(self.model) == dict(self.parameters)
        except ExpressionError:  # (a file whose own values fail is not run: not kept either)
            return False

    @property
    def n(self) -> int:
        return self.mechanics.n

    @property
    def does_work(self) -> bool:
        """Forces, moving supports or constraints that move can change E."""
        return (bool(self.model.forces) or self.mechanics.time_dependent
                or (self.rows is not None and self.rows.rows.does_work))

    # -- constraints ------------------------------------------------------------------------

    @property
    def m(self) -> int:  # type: ignore[override]
        """The constraint rows (0 without a CONSTRAINTS block)."""
        return 0 if self.rows is None else self.rows.rows.m

    @property
    def rank(self) -> int:  # type: ignore[override]
        return 0 if self.rows is None else self.rows.rank

    @property
    def reaction_ids(self) -> tuple[str, ...]:  # type: ignore[override]
        """The constraint rows, whose multipliers are columns λ_ID."""
        return () if self.rows is None else self.rows.rows.ids

    def _project(self, state: State) -> State:
        """After a step of dt: back onto the constraints (positions, then velocities)."""
        assert self.rows is not None
        try:
            if self.rows.kept(state.t, state.q.tolist(), state.p.tolist()):
                return state
            projected = self.rows.project(np.array(state.q), self.velocities(state), state.t)
            if projected is None:
                return state
            q, qdot = projected
            p = np.array(self.code.momenta.scalar(state.t, *q.tolist(), *qdot.tolist()), dtype=float)
        except (*ARITHMETIC_ERRORS, np.linalg.LinAlgError):
            raise SimulationError(msg("sim.diverged"), state.t, self._values(state.t, state.q, None)) from None
        if not (np.all(np.isfinite(q)) and np.all(np.isfinite(p))):
            raise SimulationError(msg("sim.diverged"), state.t, self._values(state.t, state.q, None))
        return State(state.t, q, p, state.work, state.support_work, state.losses)

    def motion(self, state: State) -> tuple[np.ndarray, np.ndarray]:
        """(q̈, λ) at ``state``: the accelerations and every constraint row's multiplier (compiled
        when first asked; a constrained model asks every frame)."""
        if self._motion is None and self.code.motion is not None:
            self._motion = self.code.motion
        if self._motion is None:
            active = None if self.rows is None else (self.rows.rows, tuple(self.rows.active))
            self._motion = motion_function(self.mechanics, self.derivatives, active, Path(self.model.path).name)
        out = np.array(self._motion.scalar(state.t, *state.q.tolist(), *state.p.tolist()), dtype=float)
        n = self.n
        lam = out[n:]
        if self.rows is not None:
            lam = self.rows.multipliers(state.t, state.q, lam)
        return out[:n], lam

    def accelerations(self, state: State) -> np.ndarray:
        """q̈ at ``state``."""
        return self.motion(state)[0]

    accelerations_of = accelerations

    def reactions(self, state: State) -> np.ndarray:
        """Each constraint row's multiplier λ at ``state`` (the force along its gradient), by ``reaction_ids``."""
        if self.rows is None:
            return np.zeros(0)
        cached = self._reactions
        if cached is None or cached[0] is not state:
            self._reactions = cached = (state, self.motion(state)[1] + self._resting_share(state))
        return cached[1]

    def _resting_share(self, state: State) -> np.ndarray | float:
        """What the resting contacts add to the rows' multipliers at ``state`` (0 when nothing
        rests): their force's share taken by the rows, as multipliers of least norm (a bead
        resting on the floor at the foot of its wire: the wire no longer holds it up)."""
        assert self.rows is not None
        contacts, react = self.contacts, self.code.react
        if contacts is None or react is None:
            return 0.0
        try:
            found = contacts.resting(state.t, state.q, state.p, ())  # as a step starting here finds them
            if not found or not found[0]:
                return 0.0
            q = state.q.tolist()
            force = np.array(contacts.forces(found[0], state.t, q, state.p.tolist(), reacted=False).force)
            # T·W·f − f = −Aᵀ·μ: the share of the contacts' force f the rows take
            share = np.array(react.scalar(state.t, *q, *force.tolist()), dtype=float) - force
        except FAILURES:
            return 0.0
        return np.linalg.lstsq(self.rows.at(state.t, state.q)[1].T, share, rcond=RANK_TOLERANCE)[0]

    @property
    def source(self) -> str:
        return self.code.source

    #: the state carries the momenta p = ∂L/∂q̇
    has_momenta = True

    def momenta(self, *columns):
        """p… at (t, q…, q̇…), arrays (a plot's rows)."""
        return self.code.momenta.array(*columns)

    def kinematics(self) -> GraphicsKinematics:
        """The bodies of the model's GRAPHICS block."""
        if self.rows is None:
            return GraphicsKinematics(self.model, self.parameters)
        return GraphicsKinematics(self.model, self.parameters, self.rows, self.row_forces)

    def row_forces(self, state: State) -> tuple[np.ndarray, list[tuple[str, np.ndarray]]]:
        """(q̇, each constraint row's id and its force Aⱼᵀ·λⱼ on the coordinates) at ``state``."""
        assert self.rows is not None
        A = self.rows.at(state.t, state.q)[1]
        return self.velocities(state), [(rid, A[j] * lam) for j, (rid, lam) in
                                        enumerate(zip(self.rows.rows.ids, self.reactions(state)))]

    def batch(self) -> BatchPath | None:
        """This system itself when its steps are the generated RK4 loop alone (no events, contacts
        or constraints' projections)."""
        return self if isinstance(self.stepper, RK4) else None

    def stages(self) -> BatchPath | None:
        """This system when a step is the generated RK4 loop, or that loop and a projection back
        onto holonomic rows only (S = ∫L dt along the constrained motion: the rows' forces do no
        work on it, and L needs no λ·phi where phi = 0). Velocity rows have no action whose
        stationary paths are their motions (seed 004 §14): None."""
        if isinstance(self.stepper, RK4):
            return self
        if self._projected_loop() and self.rows is not None and all(p is not None for p in self.rows.rows.phi):
            return self
        return None

    def retime(self, model: ModelFile) -> None:
        self.model = model
        if self.contacts is not None:
            self.contacts.delta = self.delta  # what counts as a resting speed goes with the substep

    def substep_cost(self, state: State) -> int:
        """Up to 8 µs for a model of energies (the three bodies; a pendulum takes 2 to 4). With
        contacts, while nothing rests, up to 70 (the box of balls, 59 to 66; the ball, 5); while a
        contact rests, each substep also solves for the contact forces, checking every contact:
        about 35 and 12 per contact (the ladder on its wall and floor, 8 contacts: 120 to 130, where
        70 let a look take 0.3 s; the block on its rough floor, 2: 47; the ball, 3: 46). A large
        model costs what its own right-hand side costs (:data:`RHS_COST`), if that is more: a
        60-link chain's substep takes 4.6 ms, not 8 µs."""
        own = math.ceil(RHS_COST * self.code.rhs_size) if self.code.cost is None else self.code.cost
        if self.contacts is None:
            return max(8, own)
        return max(70, 35 + 12 * len(self.contacts) if self.resting(state) else 70, own)

    def resting(self, state: State) -> int:
        """How many contacts rest at ``state`` (0 without contacts, or when one is about to strike:
        the next step finds out): while any rests, a substep also solves for their forces, several
        times slower (see :meth:`substep_cost`)."""
        contacts = self.contacts
        if contacts is None:
            return 0
        try:
            found = contacts.resting(state.t, state.q, state.p, ())
        except FAILURES:
            return 0
        return 0 if found is None else len(found[0])

    def stop_at(self, t: float, start: Vector, goal: Vector) -> np.ndarray:
        """A body dragged into a wall stops at the wall (see :meth:`Contacts.stop_at`)."""
        return np.asarray(goal) if self.contacts is None else self.contacts.stop_at(t, start, goal)

    def diagnose(self, state: State) -> SimulationError | None:
        """What a failed step would say at ``state``: the first piece of the dynamics that has no value."""
        return self._check_point(state.t, [*state.q.tolist(), *state.p.tolist()])

    # -- single state ----------------------------------------------------------------

    def state(self, q, qdot, t: float = 0.0) -> State:
        """The state with coordinates ``q`` and velocities ``qdot`` (p = T·q̇ + b)."""
        q = np.asarray(q, dtype=float)
        qdot = np.asarray(qdot, dtype=float)
        if self.rows is not None:  # the nearest state the constraints allow (as a mechanism's)
            q, qdot = self.rows.start(q, qdot, t)
        try:
            p = self.code.momenta.scalar(t, *q.tolist(), *qdot.tolist())
        except ARITHMETIC_ERRORS as exc:
            raise self._diagnose_at(t, q, qdot, EvaluationError.of(exc).reason) from None
        p = np.array(p, dtype=float)
        y = [*q.tolist(), *p.tolist()]
        try:
            rates = self.code.rhs.scalar(t, *y)
            pivot = rates[2 * self.n]
            # a ṗ that is infinite here (Ep = a^9^9^9) would stop the first step: refuse it now
            finite = all(math.isfinite(v) for v in rates)
        except ARITHMETIC_ERRORS:
            pivot, finite = float("nan"), False
        if not np.all(np.isfinite(p)) or not pivot > PIVOT_MIN or not finite:
            raise self._check_point(t, y) or self._diagnose_at(t, q, qdot, msg("sim.momenta"))
        if self.contacts is not None:
            self._outside_contacts(t, q, qdot)
        return State(t, q.copy(), p)

    def _outside_contacts(self, t: float, q: np.ndarray, qdot: np.ndarray) -> None:
        """A state with a contact crossed (a ball inside the floor) is refused."""
        assert self.contacts is not None
        try:
            gaps = self.contacts.gaps(t, q.tolist())
        except ARITHMETIC_ERRORS as exc:
            raise self._diagnose_at(t, q, qdot, msg("sim.contact_gap", reason=EvaluationError.of(exc).reason)) from None
        for item, gap in zip(self.contacts.items, gaps):
            if not gap >= -self.contacts.slack(q):
                raise SimulationError(msg("sim.contact_crossed", name=item.id, gap=number(gap)), t,
                                      self._values(t, q, qdot))

    def velocities(self, state: State) -> np.ndarray:
        """q̇ = T⁻¹(p − b) at ``state``."""
        last = self._last_velocities
        if last is not None and last[0] is state:
            return last[1].copy()
        out = self.code.rhs.scalar(state.t, *state.q.tolist(), *state.p.tolist())
        qdot = np.array(out[: self.n])
        self._last_velocities = (state, qdot.copy())
        return qdot

    def energies(self, state: State) -> tuple[float, float]:
        """(Ek, Ep) at ``state``."""
        last = self._last_energies
        if last is not None and last[0] is state:
            return last[1]
        qdot = self.velocities(state)
        ek, ep = self.code.energies.scalar(state.t, *state.q.tolist(), *qdot.tolist())
        self._last_energies = (state, (ek, ep))
        return ek, ep

    def energy(self, state: State) -> float:
        """E: Ek + Ep, or the Jacobi integral h = T₂ − T₀ + Ep when that is what the motion keeps
        (Ek with terms linear in, or free of, the velocities and nothing depending on t)."""
        ek, ep = self.energies(state)
        if self.code.jacobi is None:
            return ek + ep
        (excess,) = self.code.jacobi.scalar(state.t, *state.q.tolist(), *self.velocities(state).tolist())
        return ek + ep - excess

    @property
    def jacobi(self) -> bool:
        """E is the Jacobi integral h = T₂ − T₀ + Ep (see :meth:`energy`)."""
        return self.code.jacobi is not None

    def take_impacts(self) -> list[Impact]:
        """The impacts since this was last asked (oldest first), and forget them."""
        stepper = self.stepper.inner if isinstance(self.stepper, Projected) else self.stepper
        if not isinstance(stepper, ContactRK4) or not stepper.log:
            return []
        out = list(stepper.log)
        stepper.log.clear()
        return out

    def step(self, state: State, steps: int = 1) -> State:
        """Advance ``steps`` steps of dt. Raises :class:`SimulationError` and changes nothing
        if any substep fails."""
        return self.stepper.advance(self, state, self.substeps * steps)

    step_live = step  # the compiled loop's results are the plain one's, bit for bit: the window's are step's

    @property
    def copies_together(self) -> bool:
        """The batch path, or the generated loop and a projection per copy (a model with contacts
        steps its copies in a batch too, but on arrays that costs about what their own steps do)."""
        return self.batch() is not None or self._projected_loop()

    def _projected_loop(self) -> bool:
        """Steps are the generated loop (the rows' forces in its rhs) and a projection onto the rows."""
        return isinstance(self.stepper, Projected) and isinstance(self.stepper.inner, RK4)

    def step_copies(self, t: float, Y: np.ndarray, work: np.ndarray) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
        """The batch path when the steps are the generated loop alone, or it and each copy's own
        projection onto the constraints; with contacts (none moving) the copies in one batch while
        nothing happens to them (:mod:`.copies`); else one by one."""
        if self.batch() is not None:
            return self.step_batch(t, Y, 1, work)
        if self._projected_loop():
            return step_projected_copies(self, t, Y, work)
        if isinstance(self.stepper, ContactRK4) and self.contacts is not None and not self.contacts.moving:
            return step_contact_copies(self, t, Y, work)
        return step_one_by_one(self, t, Y, work)

    def substeps_from(self, state: State, substeps: int) -> State:
        """Advance ``substeps`` RK4 substeps (not whole steps of dt): to measure the cost of one."""
        return self.stepper.advance(self, state, substeps)

    # -- many states at once ------------------------------------------------------------

    def step_batch(self, t: float, Y: np.ndarray, steps: int = 1, work: np.ndarray | float | None = None):
        """Advance a batch: ``Y`` has one state per row, (q…, p…), shape (m, 2n).

        Returns (t, Y, work, ok) where ``work`` is that of the forces and moving
        supports, and ``ok`` marks the rows that stayed valid (rows that failed hold
        whatever the arithmetic produced and should be discarded).

        Contacts are not followed here (impacts need each state's own instants): a model
        with contacts is refused with ValueError.
        """
        if self.contacts is not None:
            raise ValueError("a batch of states cannot be advanced with contacts (impacts happen at each "
                             "state's own instants); step the states one by one")
        Y = np.asarray(Y, dtype=float)
        w = np.zeros(Y.shape[0]) if work is None else work
        rows = step_rows(self.code.native, t, Y, w, self.delta, self.substeps * steps)
        if rows is not None:
            return rows
        cols = [np.ascontiguousarray(Y[:, k]) for k in range(Y.shape[1])]
        t_new, cols, w_new, ok = self.step_columns(t, cols, steps, w if isinstance(w, float) else np.asarray(w))
        return t_new, np.column_stack(cols), np.broadcast_to(w_new, (Y.shape[0],)).copy(), ok

    def step_columns(self, t: float, columns: list[np.ndarray], steps: int = 1, work: np.ndarray | float = 0.0):
        """The batch path on columns: ``columns`` holds one array per coordinate then per momentum
        (each of the m states' values). Returns (t, columns, work, ok) as :meth:`step_batch`;
        a ``work`` of 0.0 (not an array) is not tracked per state when nothing does work."""
        m = len(columns[0])
        w = work if isinstance(work, float) else np.asarray(work, dtype=float)
        with np.errstate(all="ignore"):
            out = step_batch(self.code.native, t, columns, w, self.delta, self.substeps * steps)
            if out is None:  # the native code not ready (or off): the same source on arrays
                out = self.code.advance.array(t, *columns, w, 0.0, self.delta, self.substeps * steps)
            new = [np.broadcast_to(c, (m,)) for c in out[1:-3]]
            w_new = out[-3] + out[-2]
            ok = np.broadcast_to(np.asarray(out[-1]) > PIVOT_MIN, (m,)) & np.broadcast_to(np.isfinite(w_new), (m,))
            for c in new:
                ok = ok & np.isfinite(c)
        return float(out[0]), new, w_new, ok

    def wait_copies(self, timeout: float) -> bool:
        return self.wait_compiled(timeout)  # the copies step on the generated loop (projected or not)

    def wait_compiled(self, timeout: float | None = None) -> bool:
        native = self.code.native
        return native is not None and native.wait(timeout)

    def energies_batch(self, t: float, Y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n = self.n
        cols = [np.ascontiguousarray(Y[:, k]) for k in range(2 * n)]
        with np.errstate(all="ignore"):
            qdot = self.code.rhs.array(t, *cols)[:n]
            ek, ep = self.code.energies.array(t, *cols[:n], *qdot)
        m = Y.shape[0]
        return np.broadcast_to(ek, (m,)).copy(), np.broadcast_to(ep, (m,)).copy()

    # -- what went wrong ------------------------------------------------------------------

    def _values(self, t: float, q, qdot) -> dict[str, float]:
        vals = dict(zip(self.mechanics.coordinates, (float(x) for x in q)))
        if qdot is not None:
            vals.update(zip(self.mechanics.velocities, (float(x) for x in qdot)))
        return vals

    def failure(self, start: State, fallback: str | Message | None, substeps: int) -> SimulationError:
        """What went wrong in ``substeps`` substeps that failed from ``start``: they are
        replayed one RK4 stage at a time to find the first bad evaluation."""
        n = self.n
        delta = self.delta
        t, y = start.t, [*start.q.tolist(), *start.p.tolist()]
        for _ in range(substeps):
            k_prev = None
            for c, h in ((0.0, 0.0), (0.5, 0.5), (0.5, 0.5), (1.0, 1.0)):
                ys = y if k_prev is None else [a + h * delta * k for a, k in zip(y, k_prev)]
                ts = t + c * delta
                error = self._check_point(ts, ys)
                if error is not None:
                    return error
                k_prev = list(self.code.rhs.scalar(ts, *ys)[: 2 * n])
            try:
                out = self.code.advance.scalar(t, *y, 0.0, 0.0, delta, 1)
            except ARITHMETIC_ERRORS:  # pragma: no cover - the stage checks above find it first
                break
            t, y = out[0], list(out[1:-3])
        return SimulationError(fallback or msg("sim.diverged"), t,
                               self._values(t, y[:n], None))

    def _check_point(self, t: float, y: list[float]) -> SimulationError | None:
        """Evaluate each piece of the dynamics at one point with the plain evaluator."""
        n = self.n
        mech = self.mechanics
        q, p = y[:n], y[n:]
        if not all(math.isfinite(v) for v in y):
            return SimulationError(msg("sim.diverged"), t, self._values(t, q, None))
        env = {TIME: t, **dict(zip(mech.coordinates, q))}

        def value(tree, label: str | Message, env=env):
            try:
                return evaluate(tree, env), None
            except EvaluationError as exc:
                src = mech.sources.get(label) if isinstance(label, str) else None
                return None, SimulationError(
                    msg("sim.cannot_compute", label=label, reason=exc.reason), t, self._values(t, q, env_vel(env)),
                    expression=f"{label} = {src}" if src else label)

        def env_vel(e):
            return [e[v] for v in mech.velocities] if mech.velocities[0] in e else None

        T = np.zeros((n, n))
        for i in range(n):
            for j in range(i + 1):
                v, err = value(mech.T[i][j], f"T[{i},{j}]")
                if err:
                    return err
                T[i, j] = T[j, i] = v
        b = np.zeros(n)
        for i in range(n):
            v, err = value(mech.b[i], "Ek")
            if err:
                return err
            b[i] = v
        eig = np.linalg.eigvalsh(T) if np.all(np.isfinite(T)) else np.array([np.nan])
        if not np.all(eig > PIVOT_MIN * max(np.abs(np.diag(T)).max(), 1e-300)):
            return SimulationError(msg("sim.singular"), t, self._values(t, q, None), expression="TMATRIX")
        qdot = np.linalg.solve(T, np.asarray(p) - b)
        full = {**env, **dict(zip(mech.velocities, qdot.tolist()))}
        for label, tree in [("Ek", mech.kinetic), ("Ep", mech.potential),
                            *((f"∂L/∂{c}", d) for c, d in zip(mech.coordinates, mech.dL_dq)),
                            *((f"Q[{c}]", f) for c, f in zip(mech.coordinates, mech.forces))]:
            _, err = value(tree, label, full)
            if err:
                if label.startswith("∂L/∂"):
                    err.expression = msg("sim.from_lagrangian", label=label)
                return err
        for item in self.contacts.items if self.contacts is not None else ():
            _, err = value(item.gap, msg("sim.gap_of", name=item.id))
            if err:
                return err
        return None

    def _diagnose_at(self, t: float, q, qdot, fallback: str | Message) -> SimulationError:
        return SimulationError(msg("sim.state", reason=fallback), t, self._values(t, q, qdot))

