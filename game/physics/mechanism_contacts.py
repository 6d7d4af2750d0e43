"""A mechanism with contacts (SPEC §7.8, §7.3): a ``<MECHANISM>`` file whose ``<CONTACTS>`` rows write
their gaps and slips with the points' coordinates (``P_y - r``, ``P_vx``).

The contacts act on the constrained system, so the bars keep their lengths through an impact:
a generalized force F moves the mechanism by Δq̈ = W·F with W the constrained compliance, the
solution of the KKT system [[M, Φqᵀ], [Φq, 0]]·[Δq̈; Δλ] = [F; 0] (W = M⁻¹ − M⁻¹Φqᵀ(ΦqM⁻¹Φqᵀ)⁻¹ΦqM⁻¹
where M is regular; the KKT form also when a point has no mass). With W·Jᵀ in the place of a
Lagrangian model's T⁻¹·Jᵀ the impulses and the resting forces are the very problems the
Lagrangian contacts solve, and they are solved by the same code: the impulses of one instant
by :func:`~game.physics.lagrange.contacts.impacts.simultaneous`, the forces of resting contacts by
:func:`~game.physics.lagrange.contacts.resting.resting_forces` (this room sits above both kinds of
system for that). Δq̇ = W·Jᵀ·Pn satisfies Φq·Δq̇ = 0: an impulse never stretches a bar.

The stepper (:class:`MechanismContactRK4`) runs the mechanism's RK4 substeps in Python with the
resting contacts' forces in the right-hand side; a gap that crosses 0 inside a substep (or a
sliding contact whose slip reaches 0) is located by regula falsi to ``tolerance`` seconds, the
contacts act there and the substep is finished. After each step of dt the bars are projected as
in every mechanism, and the touching contacts put back on their gaps. The kinetic energy lost
in impulses and sliding friction is kept in ``State.losses``: E − W − E₀ + losses stays at
integration error. The bar reactions λ count the resting contacts' forces.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..expr import TIME, EvaluationError, algebra, compile_trees
from ..expr.codegen import ARITHMETIC_ERRORS
from ..messages import msg, number
from ..model import ModelFile, ModelFileError
from .lagrange.contacts.contacts import INELASTIC_ROUNDS, REST_SUBSTEPS, RESTITUTION_ROUNDS
from .lagrange.contacts.emit import GAP_ROUNDOFF
from .lagrange.contacts.impacts import ImpactRow, simultaneous
from .lagrange.contacts.resting import resting_forces
from .lagrange.contacts.stepper import FAILURES, at_time, locate, lowest_watched
from .lagrange.contacts.terms import TOUCH, BoundContact, Mode, bind_contacts
from .mechanism import MechanismSystem
from .state import Impact, SimulationError, State, step_one_by_one

A = algebra


@dataclass
class ContactTerms:
    """The contacts asked for at one state: per row gap, rate, its drift c (gap¨ with q̈ = 0), slip,
    its drift d, the directions J = ∂gap/∂q and S = ∂slip/∂q̇, and the compliance W·Jᵀ, W·Sᵀ."""

    rows: list[int]
    gap: np.ndarray
    rate: np.ndarray
    c: np.ndarray
    slip: np.ndarray
    d: np.ndarray
    J: np.ndarray
    S: np.ndarray
    WJ: np.ndarray
    WS: np.ndarray


class ContactMechanism(MechanismSystem):
    """A :class:`MechanismSystem` with the contacts of its file (see the module docstring)."""

    def __init__(self, model: ModelFile, parameters: Mapping[str, float]):
        super().__init__(model, parameters)
        try:
            self.items: tuple[BoundContact, ...] = bind_contacts(model, parameters)
        except Exception as exc:  # e or mu out of range: check says where (ExpressionError)
            raise ModelFileError([exc]) from None  # type: ignore[list-item]
        coords, vels = self.coordinates, self.velocities_names
        trees = []
        for item in self.items:
            rate = self.rate(item.gap)
            trees += [item.gap, rate, self.rate(rate), item.slip, self.rate(item.slip)]
            trees += [A.diff(item.gap, c) for c in coords]
            trees += [A.diff(item.slip, v) for v in vels]
        self._terms_code = compile_trees([*trees, A.ZERO], (TIME, *coords, *vels), "contact_terms").scalar
        self._gaps_code = compile_trees([*(i.gap for i in self.items), A.ZERO], (TIME, *coords), "gaps").scalar
        self.stepper = self.contact_stepper = MechanismContactRK4(self)
        #: the resting contacts whose forces the right-hand side adds (set by the stepper)
        self.modes: tuple[Mode, ...] = ()
        #: the last resting forces, by their modes: where the next solve starts
        self._warm: dict[tuple, np.ndarray] = {}
        #: inside a stage with resting contacts: its KKT matrix, for their compliance
        self._resting_kkt: np.ndarray | None = None
        #: the last contact terms worked out, and what they were asked for (rows, t, q, q̇): a substep
        #: at rest asks for the same ones up to three times (the approach, the resting modes, their forces)
        self._terms_cache: tuple[tuple, ContactTerms | None] = ((), None)

    # -- numbers --------------------------------------------------------------------------------

    def gaps(self, t: float, q: Sequence[float] | np.ndarray) -> list[float]:
        return list(self._gaps_code(t, *np.asarray(q, dtype=float).tolist())[:-1])

    def slack(self, q: np.ndarray) -> float:
        """How far above 0 a gap may be and still touch."""
        return TOUCH * max(1.0, float(np.max(np.abs(q), initial=0.0)))

    def terms(self, rows: Sequence[int], t: float, q: np.ndarray, v: np.ndarray) -> ContactTerms:
        key = (tuple(rows), t, q.tobytes(), v.tobytes(), self._active.tobytes(), self._resting_kkt is None)
        cached, terms = self._terms_cache
        if terms is None or cached != key:
            terms = self._work_out_terms(rows, t, q, v)
            self._terms_cache = (key, terms)
        return terms

    def _work_out_terms(self, rows: Sequence[int], t: float, q: np.ndarray, v: np.ndarray) -> ContactTerms:
        n = self.n
        out = np.array(self._terms_code(t, *q.tolist(), *v.tolist())[:-1], dtype=float)
        block = out.reshape(len(self.items), 5 + 2 * n)[list(rows)]
        J, S = block[:, 5:5 + n], block[:, 5 + n:]
        W = self.compliance(t, q, np.vstack([J, S]))
        k = len(rows)
        return ContactTerms(list(rows), block[:, 0], block[:, 1], block[:, 2], block[:, 3], block[:, 4],
                            J, S, W[:k], W[k:])

    def compliance(self, t: float, q: np.ndarray, forces: np.ndarray) -> np.ndarray:
        """W·F for each row F of ``forces``: how it accelerates the mechanism with its bars kept."""
        return self._kkt_solve(t, q, forces)[0]

    def _kkt_solve(self, t: float, q: np.ndarray, forces: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(Δq̈, Δλ of the rows in use) for each row of ``forces``: inside a stage with the KKT matrix it
        was just solved with (the same numbers: Φq's entries from the same trees), else built here."""
        n = self.n
        K = self._resting_kkt
        if K is None:
            J = self.jacobian(q, t)[self._active]
            r = len(J)
            K = np.zeros((n + r, n + r))
            K[:n, :n] = self.mass
            K[:n, n:] = J.T
            K[n:, :n] = J
        rhs = np.zeros((len(K), len(forces)))
        rhs[:n] = forces.T
        out = np.linalg.solve(K, rhs)
        return out[:n].T, out[n:].T

    # -- resting forces -------------------------------------------------------------------------

    def contact_forces(self, modes: Sequence[Mode], t: float, q: np.ndarray, v: np.ndarray,
                       acc: np.ndarray) -> tuple[np.ndarray, np.ndarray, ContactTerms, np.ndarray]:
        """The generalized force of the resting ``modes`` (friction sliding against its slip with
        mu_k, sticking inside the cone of mu_s) given the free accelerations ``acc``, the
        unknowns f (normal forces first), the terms and the change of q̈ that force makes: the
        LCP of :func:`resting_forces`."""
        b = self.terms([m.contact for m in modes], t, q, v)
        items = [self.items[m.contact] for m in modes]
        slide = np.array([m.sliding * it.kinetic if it.rubs else 0.0 for m, it in zip(modes, items)])
        directions, pushes = b.J - slide[:, None] * b.S, b.WJ - slide[:, None] * b.WS
        kinds = [(i, 0, it.friction) for i, it in enumerate(items)]
        R, drift = b.J, b.c
        sticking = [i for i, (m, it) in enumerate(zip(modes, items)) if it.rubs and not m.sliding and b.S[i].any()]
        if sticking:
            R = np.vstack([b.J, b.S[sticking]])
            directions = np.vstack([directions, b.S[sticking]])
            pushes = np.vstack([pushes, b.WS[sticking]])
            drift = np.concatenate([b.c, b.d[sticking]])
            kinds += [(i, 1, items[i].friction) for i in sticking]
        G = R @ pushes.T
        # the forces of the same resting contacts a moment ago are where the solve starts (solved
        # exactly on the same rows at once when that still holds: no sweeps)
        key = (tuple(modes), tuple(sticking))
        f = resting_forces(G, R @ acc + drift, kinds, self._warm.get(key))
        self._warm = {key: f}
        return directions.T @ f, f, b, pushes.T @ f

    def _with_contacts(self, t: float, y: np.ndarray, acc: np.ndarray) -> tuple[np.ndarray, float]:
        """q̈ (``acc`` without contacts) with the resting contacts' forces and their power (≤ 0:
        what friction takes)."""
        n = self.n
        q, v = y[:n], y[n:2 * n]
        force, _, _, change = self.contact_forces(self.modes, t, q, v, acc)
        return acc + change, float(force @ v)

    # -- the motion -----------------------------------------------------------------------------

    def pack(self, state: State) -> np.ndarray:
        return np.concatenate([super().pack(state), [state.losses]])

    def unpack(self, t: float, y: np.ndarray, before: State, substeps: int) -> State:
        s = super().unpack(t, y[:-1], before, substeps)
        return State(s.t, s.q, s.p, s.work, s.support_work, float(y[-1]))

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray:
        n = self.n
        base = super().derivative(t, y[:-1])
        if not self.modes:
            return np.concatenate([base, [0.0]])
        self._resting_kkt = self._stage_kkt  # at this stage's (t, q)
        try:
            acc, power = self._with_contacts(t, y, base[n:2 * n])
        finally:
            self._resting_kkt = None
        base[n:2 * n] = acc
        return np.concatenate([base, [-power]])

    @property
    def copies_together(self) -> bool:
        return False

    def step_copies(self, t: float, Y: np.ndarray, work: np.ndarray) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
        """A copy at a time: the contacts' impacts and resting need each copy's own instants."""
        return step_one_by_one(self, t, Y, work)

    def state(self, q, qdot, t: float = 0.0) -> State:
        s = super().state(q, qdot, t)
        try:
            gaps = self.gaps(t, s.q)
        except ARITHMETIC_ERRORS as exc:
            raise SimulationError(msg("sim.contact_gap", reason=EvaluationError.of(exc).reason), t,
                                  self._named(s.q, s.p)) from None
        for item, gap in zip(self.items, gaps):
            if not gap >= -self.slack(s.q):
                raise SimulationError(msg("sim.contact_crossed", name=item.id, gap=number(gap)), t,
                                      self._named(s.q, s.p))
        return s

    def accelerations(self, t: float, q, v) -> tuple[np.ndarray, np.ndarray]:
        """q̈ and λ with the forces of the contacts that rest at (t, q, q̇): a bar pressed on the
        floor carries the floor's push in its reaction."""
        acc, lam = super().accelerations(t, q, v)
        q, v = np.asarray(q, dtype=float), np.asarray(v, dtype=float)
        try:
            modes = self.contact_stepper.resting_modes(State(t, q, v))
        except FAILURES:
            return acc, lam
        if not modes:
            return acc, lam
        force, _, _, _ = self.contact_forces(modes, t, q, v, acc)
        dacc, dlam = self._kkt_solve(t, q, force[None, :])
        if self.redundant:
            J = self.jacobian(q, t)
            full, *_ = np.linalg.lstsq(J.T, J[self._active].T @ dlam[0], rcond=1e-9)
            return acc + dacc[0], lam + full
        return acc + dacc[0], lam + dlam[0]

    def stop_at(self, t: float, start, goal) -> np.ndarray:
        """A point dragged into the floor stops at it: the furthest coordinates on the way from
        ``start`` to ``goal`` that cross no contact (the assembly that follows keeps the bars)."""
        here, target = np.asarray(start, dtype=float), np.asarray(goal, dtype=float)
        floor = [min(0.0, g) for g in self.gaps(t, here)]

        def admissible(q: np.ndarray) -> bool:
            # judged where the bars put it (a point between two assembled ones has shorter bars)
            try:
                q = self.assemble(q, t)
            except SimulationError:
                return False
            return all(g >= f for g, f in zip(self.gaps(t, q), floor))

        if admissible(target):
            return target
        lo, hi = 0.0, 1.0
        for _ in range(50):
            mid = 0.5 * (lo + hi)
            lo, hi = (mid, hi) if admissible(here + mid * (target - here)) else (lo, mid)
        return self.assemble(here + lo * (target - here), t)

    def take_impacts(self) -> list[Impact]:
        out = list(self.contact_stepper.log)
        self.contact_stepper.log.clear()
        return out

    def resting(self, state: State) -> int:
        try:
            return len(self.contact_stepper.resting_modes(state))
        except FAILURES:
            return 0

    def substep_cost(self, state: State) -> int:
        """A substep in Python with its gaps watched: the mechanism's cost and about 10 µs more
        (the falling bar: 47); while contacts rest, each stage also solves their forces, about
        300 µs more per resting contact (the bar lying on the floor, 2: 700)."""
        return super().substep_cost(state) + 10 + 300 * self.resting(state)


@dataclass
class MechanismContactRK4:
    """RK4 substeps of a mechanism with impacts and resting contacts (see the module docstring)."""

    system: ContactMechanism
    #: how closely the instant of an event is located, in seconds
    tolerance: float = 1e-12
    #: events in one substep beyond this mean the contacts are not making progress
    max_events_per_substep: int = 64
    #: the impacts so far, newest last (bounded); observers read and clear it
    log: deque[Impact] = field(default_factory=lambda: deque(maxlen=512))

    def advance(self, system: ContactMechanism, state: State, substeps: int) -> State:
        per_step = system.substeps
        current, done = state, 0
        try:
            while done < substeps:
                k = min(per_step, substeps - done)
                for i in range(k):
                    current = self._substep(current, state.t + (done + i + 1) * system.delta)
                current = self._rest(system.project(current))[1]
                done += k
        except FAILURES as exc:
            if isinstance(exc, SimulationError):
                raise
            raise SimulationError(msg("sim.diverged"), current.t, system._named(current.q, current.p)) from None
        finally:
            system.modes = ()
        return current

    # -- one substep ------------------------------------------------------------------------------

    def _substep(self, start: State, t_end: float) -> State:
        current = start
        for _ in range(self.max_events_per_substep):
            modes, current = self._rest(current)
            h = t_end - current.t
            if h <= 0:
                return at_time(current, t_end)
            watch = self._events(current, modes)
            end = self._move(current, h, modes)
            if lowest_watched(self._events(end, modes), watch) >= 0:
                return at_time(end, t_end)
            h = self._locate(current, modes, watch, h)
            current = self._respond(self._move(current, h, modes) if h > 0 else current)
        raise SimulationError(msg("sim.contact_events", count=self.max_events_per_substep), start.t,
                              self.system._named(start.q, start.p))

    def _move(self, start: State, h: float, modes: tuple[Mode, ...]) -> State:
        """One RK4 substep of length h with the forces of the resting ``modes``."""
        s = self.system
        s.modes = modes
        f = s.derivative
        y, t = s.pack(start), start.t
        k1 = f(t, y)
        k2 = f(t + h / 2, y + (h / 2) * k1)
        k3 = f(t + h / 2, y + (h / 2) * k2)
        k4 = f(t + h, y + h * k3)
        return s.unpack(t + h, y + (h / 6) * (k1 + 2 * (k2 + k3) + k4), start, 1)

    def _events(self, state: State, modes: tuple[Mode, ...]) -> list[float]:
        """Each free contact's gap (+ round-off; +inf for a resting one), then slip·sign of each
        sliding one (it sticks where that reaches 0)."""
        s = self.system
        values = [g + GAP_ROUNDOFF for g in s.gaps(state.t, state.q)]
        for m in modes:
            values[m.contact] = math.inf
        sliding = [m for m in modes if m.sliding]
        if sliding:
            b = s.terms([m.contact for m in sliding], state.t, state.q, state.p)
            values += [m.sliding * x for m, x in zip(sliding, b.slip)]
        return values

    def _locate(self, start: State, modes: tuple[Mode, ...], watch: list[float], length: float) -> float:
        """The largest h in [0, length] with every watched event function still ≥ 0 (the Lagrangian
        contacts' own search, on this system's motion)."""
        return locate(lambda h: self._events(self._move(start, h, modes), modes), watch, length, self.tolerance)

    # -- acting -----------------------------------------------------------------------------------

    def _touching(self, state: State) -> list[int]:
        slack = self.system.slack(state.q)
        return [k for k, g in enumerate(self.system.gaps(state.t, state.q)) if g <= slack]

    def _free_acc(self, state: State) -> np.ndarray:
        s = self.system
        s.modes = ()
        y = np.concatenate([state.q, state.p, [0.0, 0.0]])
        return s._stage(state.t, y, True)[0]

    def _respond(self, at: State) -> State:
        """The impulses of the touching contacts that approach (as a Lagrangian model's contacts
        give them, with W·Jᵀ for T⁻¹·Jᵀ: the bars kept), logged as an :class:`Impact`."""
        s = self.system
        touching = self._touching(at)
        if not touching:
            return at
        v = np.array(at.p)
        b = s.terms(touching, at.t, at.q, v)
        acc = self._free_acc(at)
        size = max(1.0, math.sqrt(float(v @ v)))
        rows: dict[int, ImpactRow] = {}
        for i, k in enumerate(touching):
            item = self.system.items[k]
            rubs = item.rubs and bool(b.S[i].any())
            rows[k] = ImpactRow(
                b.J[i], b.WJ[i], float(b.rate[i] - b.J[i] @ v), item.restitution,
                REST_SUBSTEPS * s.delta * max(0.0, -(float(b.J[i] @ acc) + b.c[i])),
                TOUCH * math.sqrt(float(b.J[i] @ b.J[i])) * size,
                b.S[i] if rubs else None, b.WS[i] if rubs else None,
                float(b.slip[i] - b.S[i] @ v) if rubs else 0.0, item.friction, item.kinetic)
        before = v.copy()
        struck: list[int] = []
        own: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        for rounds, inelastic in ((RESTITUTION_ROUNDS, False), (INELASTIC_ROUNDS, True)):
            for _ in range(rounds):
                acting = [k for k in touching if rows[k].approaches(v)]
                if not acting:
                    break
                if inelastic:
                    acting = [k for k in touching if rows[k].a > 0]
                for k, impulse in zip(acting, simultaneous([rows[k] for k in acting], v, inelastic)):
                    if not (impulse.normal > 0 or np.any(impulse.dv)):
                        continue
                    v = v + impulse.dv
                    if k not in struck:
                        struck.append(k)
                        own[k] = (np.zeros(s.n), np.zeros(s.n))
                    own[k][0][:] += impulse.dv
                    own[k][1][:] += impulse.normal * rows[k].WJ
            else:
                continue
            break
        if not struck:
            return at
        new = State(at.t, at.q, v, at.work, at.support_work, at.losses)
        loss = s.energies(at)[0] - s.energies(new)[0]
        self.log.append(Impact(at.t, tuple(struck), at.q, before, v, loss, tuple(own[k] for k in struck)))
        return State(at.t, at.q, v, at.work, at.support_work, at.losses + loss)

    def resting_modes(self, state: State) -> tuple[Mode, ...]:
        """The contacts that rest at ``state``: touching, no normal speed to speak of, pressed."""
        s = self.system
        touching = self._touching(state)
        if not touching:
            return ()
        v = np.array(state.p)
        b = s.terms(touching, state.t, state.q, v)
        acc = self._free_acc(state)
        pressing = b.J @ acc + b.c
        size = max(1.0, math.sqrt(float(v @ v)))
        tolerance = TOUCH * np.sqrt(np.einsum("ij,ij->i", b.J, b.J)) * size
        slow = REST_SUBSTEPS * s.delta * np.maximum(0.0, -pressing)
        rows = [i for i in range(len(touching)) if abs(b.rate[i]) <= max(tolerance[i], slow[i])]
        if not rows or bool((pressing[rows] >= -TOUCH).all()):
            return ()
        candidates = []
        for i in rows:
            k = touching[i]
            slipping = abs(b.slip[i]) > TOUCH * math.sqrt(float(b.S[i] @ b.S[i])) * size
            sliding = (1 if b.slip[i] > 0 else -1) if slipping and s.items[k].rubs else 0
            candidates.append(Mode(k, sliding))
        _, f, terms, _ = s.contact_forces(tuple(candidates), state.t, state.q, v, acc)
        stiffness = np.einsum("ij,ij->i", terms.J, terms.WJ)
        scale = 1.0 + float(np.max(np.abs(pressing)))
        return tuple(m for j, m in enumerate(candidates) if f[j] * stiffness[j] > TOUCH * scale)

    def _rest(self, state: State) -> tuple[tuple[Mode, ...], State]:
        """The resting contacts at ``state`` (an approach is struck first) and the state with the
        touching contacts put back: gaps ≥ 0, no normal speed at the resting ones (along W·Jᵀ,
        so the bars are kept)."""
        s = self.system
        for _ in range(8):
            touching = self._touching(state)
            if not touching:
                return (), state
            b = s.terms(touching, state.t, state.q, state.p)
            size = max(1.0, math.sqrt(float(state.p @ state.p)))
            tolerance = TOUCH * np.sqrt(np.einsum("ij,ij->i", b.J, b.J)) * size
            if not np.any(b.rate < -tolerance):
                break
            struck = self._respond(state)
            if struck is state:
                break
            state = struck
        modes = self.resting_modes(state)
        return modes, self._settle(state, b, [touching.index(m.contact) for m in modes])

    def _settle(self, state: State, b: ContactTerms, resting: list[int]) -> State:
        q, v = np.array(state.q), np.array(state.p)
        g = b.gap.copy()
        rates = b.rate[resting]
        if not (g < -1e-15).any() and not (np.abs(rates) > 1e-15).any():
            return state
        coupling = b.J @ b.WJ.T
        for _ in range(50):
            low = [i for i in range(len(g)) if g[i] < -1e-15 and coupling[i, i] > 0]
            if not low:
                break
            for i in low:
                step = -g[i] / coupling[i, i]
                q += step * b.WJ[i]
                g += step * coupling[:, i]
        if resting:
            C = coupling[np.ix_(resting, resting)]
            push, *_ = np.linalg.lstsq(C, -rates, rcond=1e-12)
            v += b.WJ[resting].T @ push
        settled = State(state.t, q, v, state.work, state.support_work, state.losses)
        loss = self.system.energies(State(state.t, q, state.p))[0] - self.system.energies(settled)[0]
        return State(state.t, q, v, state.work, state.support_work, state.losses + loss)

