"""What contacts do at one instant (SPEC §7.3): impulses at impacts, forces while resting.

A contact k of a model says gap_k(q, t) ≥ 0. With J = ∂gap/∂q, S = ∂slip/∂q̇ and
W = T⁻¹ (never formed: the generated code solves with T's factors), in generalized
coordinates:

- **Impact** (:meth:`Contacts.resolve`): the touching contacts that approach get
  generalized impulses Δp = Jᵀ·Pn + Sᵀ·Pt, all of them together (one complementarity
  problem, :mod:`.impacts`: a symmetric hit gives a symmetric result, whatever the order
  of the rows), and again while any contact still approaches (a Newton's cradle passes
  the impulse ball to ball, so as many balls leave as came in). Each one reverses the
  normal rate J·q̇ with factor e; friction sticks if |Pt| ≤ mu_s·Pn allows it, else
  slides with |Pt| = mu_k·Pn; kinetic energy never rises (friction is reduced if it
  would). An approach slower than what the free normal acceleration builds in
  :data:`REST_SUBSTEPS` substeps is inelastic: no Zeno sequence of ever smaller
  bounces.
- **Resting** (:meth:`Contacts.resting`, :meth:`Contacts.forces`): a contact that
  touches with no normal speed and needs a pushing force becomes a one-sided
  constraint: normal force λ ≥ 0 keeping gap¨ = 0, Coulomb friction sticking inside
  the cone of mu_s or sliding against the slip with mu_k, released when λ would pull. While some rest,
  a touching contact with no normal speed that nothing presses (two balls side by
  side on the floor under a pile) rests with them, at λ = 0 until something does:
  left free, the round-off in its normal speed would cross its gap, an event in
  every substep. One resting contact is solved in closed form; several make a small
  linear complementarity problem, solved exactly on the rows that held a moment ago
  if that is consistent, else by projected Gauss–Seidel and then exactly on the set
  it finds (:mod:`.resting`). Their terms come as a :class:`~.terms.Batch`, from one call of a function
  generated for that set of contacts once the set has been asked for
  :data:`GROUP_AFTER` times (a pile at rest asks for the same one at every stage).

The kinetic energy lost (impacts, sliding friction) is kept in ``State.losses`` so
that E − W − E₀ + losses stays at integration error.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Literal

import numpy as np

from ....expr import TIME, names_in
from ....expr.codegen import ARITHMETIC_ERRORS
from ....model.contacts import gap_resolution
from .emit import GROUP_MATRICES, KEPT_GROUPS
from .impacts import ImpactRow, simultaneous, struck_alone
from .native import TOUCHING
from .resting import Plan, gap_back, resting_forces, settle, stick
from .terms import TOUCH, Batch, BoundContact, Mode, Motion, Push, Rest, Terms, dot, tolerance

#: an impact slower than the free normal acceleration builds in this many substeps is inelastic
REST_SUBSTEPS = 4
#: rounds of simultaneous impulses with restitution (each one a wave along a chain) before the
#: rest is made inelastic
RESTITUTION_ROUNDS = 200
#: then rounds of inelastic impulses on every touching contact at most (one is enough but for round-off)
INELASTIC_ROUNDS = 20
#: a set of contacts asked for together this many times (about 30 substeps: a pile settling,
#: not a passing bounce, whose set would cost more to compile than it saves) gets its own
#: generated function
GROUP_AFTER = 150


class _Lazy:
    """``make(k)`` for each k, made the first time it is asked for."""

    def __init__(self, make: Callable[[int], Callable], count: int):
        self.make = make
        self.made: list[Callable | None] = [None] * count

    def ready(self, k: int) -> bool:
        return self.made[k] is not None

    def __getitem__(self, k: int) -> Callable:
        made = self.made[k]
        if made is None:
            made = self.made[k] = self.make(k)
        return made


class Contacts:
    """A system's contacts: their coefficients and generated terms, and what they do."""

    def __init__(self, contacts: Sequence[BoundContact], code, delta: float):
        self.items = tuple(contacts)
        self.code = code
        self.delta = delta
        self.n = code.n
        assert code.dynamics is not None and code.solve is not None and code.gap_rates is not None \
            and code.resting is not None, "generated without contacts"
        self._terms = [c.scalar for c in code.contact_terms]
        self._dynamics = code.dynamics.scalar
        self._solve = code.solve.scalar
        #: react(t, q…, f…) → f with the constraints' reactions (None without CONSTRAINTS)
        self._react = None if code.react is None else code.react.scalar
        self._momenta = code.momenta.scalar
        self._rest = _Lazy(code.resting.resting, len(contacts))
        self._last_rest: tuple[tuple[float, ...], Rest] | None = None
        self._last_batch: tuple[tuple, Batch] | None = None
        self._last_push: tuple[tuple, Push] | None = None
        self._plans: dict[tuple, Plan] = {}
        self._last_gaps: tuple[tuple, tuple[float, ...]] | None = None
        self._last_touching: tuple[tuple, list[int]] | None = None
        #: how often each set of contacts has been asked for together (compiled at GROUP_AFTER)
        self._asked: dict[tuple[int, ...], int] = {}
        self._groups: dict[tuple[int, ...], tuple[Callable, dict[str, tuple[np.ndarray, np.ndarray]]]] = {}
        self._code_of_groups = code.resting
        #: nothing depends on t itself: the motion from one q and p is the same at any t
        self.timeless = code.resting.timeless
        self._warm: dict[tuple, np.ndarray] = {}
        #: gap_rates(t, q…, q̇…) → each contact's dgap/dt
        self.rates = code.gap_rates.scalar
        #: the contacts whose gap depends on t: check saw the others' slope at the start, these
        #: may lose theirs later (a factor that underflows), and are watched as the run goes
        self.moving = tuple(k for k, c in enumerate(self.items) if TIME in names_in(c.gap))

    def hidden(self, modes: Sequence[Mode], t: float, q: Sequence[float]) -> tuple:
        """What a resting substep's numbers depend on besides q and p: the forces its LCP starts from,
        and for its sets of contacts whether their generated function is made, or how often they were
        asked for toward it (the numbers change, by round-off, when it is made)."""
        sets = (tuple(m.contact for m in modes), tuple(self.touching(t, q)))
        return (tuple((key, f.tobytes()) for key, f in self._warm.items()),
                tuple((c, c in self._groups, self._asked.get(c, 0)) for c in sets))

    def __len__(self) -> int:
        return len(self.items)

    # -- evaluating ------------------------------------------------------------------------------

    def motion(self, t: float, q: Sequence[float], p: Sequence[float]) -> Motion:
        return Motion(self._dynamics(t, *q, *p), self.n)

    def terms(self, k: int, t: float, q: Sequence[float], motion: Motion) -> Terms:
        v = motion.velocity
        out = self._terms[k](t, *q, *v)
        n = self.n
        return Terms(out, self._solve(t, *q, *out[5:]), v, n)

    def rate(self, k: int, t: float, q: Sequence[float], v: Sequence[float]) -> float:
        """Contact k's gap rate (the same number as ``gap_rates``: the same tree)."""
        return self._terms[k](t, *q, *v)[1]

    def gaps(self, t: float, q: Sequence[float]) -> tuple[float, ...]:
        # the last one is remembered: a substep's end is asked for by the events and the modes
        key = (*q,) if self.timeless else (t, *q)
        if self._last_gaps is not None and self._last_gaps[0] == key:
            return self._last_gaps[1]
        gaps = self.code.gaps.scalar(t, *q)
        self._last_gaps = (key, gaps)
        return gaps

    def lost(self, t: float, q: Sequence[float]) -> tuple[int, str, dict[str, str]] | None:
        """A contact of :attr:`moving` whose gap can no longer be followed at (t, q) (its slope
        too small, or lost to round-off: :func:`~game.model.contacts.gap_resolution`): its index
        and why, or None."""
        names = [str(i) for i in range(len(q))]
        env = dict(zip(names, q))
        step = {n: 1e-6 * max(1.0, abs(env[n])) for n in names}

        def gap(k: int) -> Callable[[dict[str, float]], float]:
            return lambda at: self.code.gaps.scalar(t, *(at[n] for n in names))[k]

        def rate(k: int, n: str) -> Callable[[dict[str, float]], float]:  # a central difference
            return lambda at: (gap(k)({**at, n: at[n] + step[n]}) - gap(k)({**at, n: at[n] - step[n]})) / (2 * step[n])

        for k in self.moving:
            try:
                why = gap_resolution(gap(k), [rate(k, n) for n in names], names, env)
            except (*ARITHMETIC_ERRORS, ArithmeticError):
                continue  # a gap that cannot be computed: the step itself says so
            if why is not None:
                return k, *why
        return None

    def batch(self, contacts: tuple[int, ...], t: float, q: Sequence[float], p: Sequence[float]) -> Batch:
        """The terms of ``contacts`` together at one state (the last one is remembered: the end of
        a substep is where the next one's first stage starts)."""
        key = (contacts, *q, *p) if self.timeless else (contacts, t, *q, *p)
        if self._last_batch is not None and self._last_batch[0] == key:
            return self._last_batch[1]
        group = self._groups.get(contacts)
        if group is None:
            if len(self._asked) >= KEPT_GROUPS * 64:  # a long run through many sets: start counting again
                self._asked.clear()
            asked = self._asked[contacts] = self._asked.get(contacts, 0) + 1
            if asked >= GROUP_AFTER and len(contacts) > 1:
                if len(self._groups) >= KEPT_GROUPS:  # the set made longest ago goes
                    del self._groups[next(iter(self._groups))]
                layout = self._code_of_groups.group(contacts, frozenset(k for k in contacts if self.items[k].rubs))
                group = self._groups[contacts] = (layout.function, {
                    name: (np.array(layout.rows[name], dtype=np.intp), np.array(layout.columns[name], dtype=np.intp))
                    for name in GROUP_MATRICES})
        b = self._grouped(group, contacts, t, q, p) if group is not None else self._one_by_one(contacts, t, q, p)
        self._last_batch = (key, b)
        return b

    def _grouped(self, group: tuple[Callable, dict[str, tuple[np.ndarray, np.ndarray]]], contacts: tuple[int, ...],
                 t: float, q: Sequence[float], p: Sequence[float]) -> Batch:
        function, places = group
        n, m = self.n, len(contacts)
        out = np.array(function(t, *q, *p), dtype=float)
        start = 3 * n + 3
        fields = out[start:start + 5 * m].reshape(m, 5).T
        at = start + 5 * m
        matrices = []
        for name in GROUP_MATRICES:
            rows, columns = places[name]
            M = np.zeros((m, n))
            M[rows, columns] = out[at:at + len(rows)]
            at += len(rows)
            matrices.append(M)
        return Batch(out[:start].tolist(), n, fields, *matrices)

    def _one_by_one(self, contacts: tuple[int, ...], t: float, q: Sequence[float], p: Sequence[float]) -> Batch:
        n = self.n
        out = self._dynamics(t, *q, *p)
        v = out[:n]
        rows = [self._terms[k](t, *q, *v) for k in contacts]
        solved = np.array([self._solve(t, *q, *row[5:]) for row in rows]).reshape(len(contacts), 2 * n)
        terms = np.array(rows).reshape(len(contacts), 5 + 2 * n)
        # the generated rows are gap, rate, c, slip, d; a batch keeps gap, rate, slip, c, d
        fields = terms[:, [0, 1, 3, 2, 4]].T
        return Batch(out, n, fields, terms[:, 5:5 + n], terms[:, 5 + n:], solved[:, :n], solved[:, n:])

    @staticmethod
    def slack(q: Sequence[float] | np.ndarray) -> float:
        """How far above 0 a gap may be and still touch."""
        values = q.tolist() if isinstance(q, np.ndarray) else q  # (the largest |x| without a loop over them)
        return TOUCH * max(1.0, max(values, default=0.0), -min(values, default=0.0))

    def touching(self, t: float, q: Sequence[float]) -> list[int]:
        """The contacts whose gap is within :meth:`slack` of 0: in native code once that is ready
        (:mod:`.native`, the same gaps), else from the generated ``gaps`` (which say why a gap
        without a value fails). The last answer is remembered: the stepper asks at the end of free
        flight and again where the next step starts."""
        key = (*q,) if self.timeless else (t, *q)
        if self._last_touching is not None and self._last_touching[0] == key:
            return list(self._last_touching[1])
        found = None
        kernel = None if self.code.native is None else self.code.native.extra.get(TOUCHING)
        if kernel is not None:
            try:
                found = kernel(t, np.array(q, dtype=float)).tolist()
            except ARITHMETIC_ERRORS:
                found = None
            if found and found[0] < 0:  # a gap without a value
                found = None
        if found is None:
            slack = self.slack(q)
            found = [k for k, g in enumerate(self.gaps(t, q)) if g <= slack]
        self._last_touching = (key, found)
        return list(found)

    def _accelerations(self, resting: Sequence[Mode], t: float, q: Sequence[float], p: Sequence[float],
                       motion: Motion) -> np.ndarray:
        """q̈ with the forces of the ``resting`` contacts."""
        acceleration = np.array(motion.acceleration)
        if resting:
            push = self.forces(resting, t, q, p)
            acceleration += self._solve(t, *q, *push.force, *([0.0] * self.n))[: self.n]
        return acceleration

    def resting_speed(self, terms: Terms, acceleration: Sequence[float] | np.ndarray) -> float:
        """A normal speed below which the contact rests: the speed the acceleration that presses
        it (without contact forces) builds in :data:`REST_SUBSTEPS` substeps."""
        return REST_SUBSTEPS * self.delta * max(0.0, -(dot(terms.J, list(acceleration)) + terms.c))

    @staticmethod
    def speed_tolerance(terms: Terms) -> float:
        """A normal speed below this is none."""
        return tolerance(terms.J, terms.velocity)

    # -- positions the user asks for ----------------------------------------------------------------

    def stop_at(self, t: float, start: Sequence[float] | np.ndarray, goal: Sequence[float] | np.ndarray
                ) -> np.ndarray:
        """The coordinates nearest ``goal`` on the way from ``start`` (where no contact is
        crossed) that cross none: a body dragged into a wall stops at the wall, and slides
        along it if the drag goes on sideways."""
        here, target = np.array(start, dtype=float), np.array(goal, dtype=float)
        # no gap below 0, or below where it already was (a resting contact, at −round-off)
        floor = [min(0.0, g) for g in self.gaps(t, here.tolist())]
        for _ in range(4):
            if self._admissible(t, target, floor):
                return target
            here = self._last_admissible(t, here, target, floor)
            # what is left of the way, without its part into the contacts that block it
            rest = target - here
            for k in self.touching(t, here.tolist()):
                J = np.array(self._terms[k](t, *here.tolist(), *([0.0] * self.n))[5:5 + self.n])
                into = float(J @ rest)
                if into < 0 and float(J @ J) > 0:
                    rest -= into / float(J @ J) * J
            if not np.any(rest):
                break
            target = here + rest
        return here

    def _admissible(self, t: float, q: np.ndarray, floor: Sequence[float]) -> bool:
        return all(g >= f for g, f in zip(self.gaps(t, q.tolist()), floor))

    def _last_admissible(self, t: float, start: np.ndarray, goal: np.ndarray, floor: Sequence[float]) -> np.ndarray:
        """The furthest point of the segment start → goal before a contact is crossed."""
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = 0.5 * (lo + hi)
            if self._admissible(t, start + mid * (goal - start), floor):
                lo = mid
            else:
                hi = mid
        return start + lo * (goal - start)

    # -- impacts -----------------------------------------------------------------------------------

    def resolve(self, t: float, q: np.ndarray, p: np.ndarray, resting: Sequence[Mode] = ()
                ) -> tuple[np.ndarray, list[int], list[tuple[np.ndarray, np.ndarray]]]:
        """Momenta after the impulses of the touching contacts that approach, which contacts
        got one (empty: nothing approaches), and for each of those (in the same order) the
        change of q̇ its own impulses made and the part of it its normal impulses made.
        ``resting`` are the contacts resting until now: how hard an approach is pressed (so
        whether it is slow enough to be inelastic) counts their forces (a ball landing on a
        ball that lies on the floor is pressed by its whole weight)."""
        ql, pl = q.tolist(), p.tolist()
        touching = self.touching(t, ql)
        if not touching:
            return p, [], []
        motion = self.motion(t, ql, pl)
        if len(touching) == 1 and not resting and self._react is None and not self.items[touching[0]].rubs:
            k = touching[0]  # a ball striking a ball or a wall: almost every impact of a box of balls
            tk = self.terms(k, t, ql, motion)
            alone = struck_alone(tk.J, tk.WJ, motion.velocity, tk.rate, self.resting_speed(tk, motion.acceleration),
                                 self.items[k].restitution)
            if alone == 0.0:
                return p, [], []
            if alone is not None:
                dv = alone * np.array(tk.WJ)
                return p + alone * np.array(tk.J), [k], [(dv, dv.copy())]
        acceleration = self._accelerations(resting, t, ql, pl, motion)
        rows = {k: self._impact_row(k, self.terms(k, t, ql, motion), motion, acceleration) for k in touching}
        v = np.array(motion.velocity)
        p = p.copy()
        struck: list[int] = []
        own: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # each contact's Δq̇ and its normal part
        for rounds, inelastic in ((RESTITUTION_ROUNDS, False), (INELASTIC_ROUNDS, True)):
            for _ in range(rounds):
                # with restitution, the contacts that approach now, together; then (only if that
                # does not settle) all touching ones together, inelastic: a projection that ends it
                acting = [k for k in touching if rows[k].approaches(v)]
                if not acting:
                    return self._momenta_of(t, ql, p, v), struck, [own[k] for k in struck]
                if inelastic:
                    acting = [k for k in touching if rows[k].a > 0]
                for k, impulse in zip(acting, simultaneous([rows[k] for k in acting], v, inelastic)):
                    if not (impulse.normal > 0 or np.any(impulse.dp)):
                        continue
                    v += impulse.dv
                    p += impulse.dp
                    if k not in struck:
                        struck.append(k)
                        own[k] = (np.zeros(self.n), np.zeros(self.n))
                    own[k][0][:] += impulse.dv
                    own[k][1][:] += impulse.normal * rows[k].WJ
        return self._momenta_of(t, ql, p, v), struck, [own[k] for k in struck]

    def _momenta_of(self, t: float, q: list[float], p: np.ndarray, v: np.ndarray) -> np.ndarray:
        """The momenta after impulses: ``p`` (each impulse added Jᵀ·P), or with constraints
        those of the velocities ``v`` (W·Jᵀ·P moved them along the rows: the rows' own impulses
        are in T·v)."""
        if self._react is None:
            return p
        return np.array(self._momenta(t, *q, *v.tolist()), dtype=float)

    def _impact_row(self, k: int, terms: Terms, motion: Motion, acceleration: np.ndarray) -> ImpactRow:
        item = self.items[k]
        v = motion.velocity
        J = np.array(terms.J)
        rubs = item.rubs and any(terms.S)
        return ImpactRow(
            J, np.array(terms.WJ), terms.rate - dot(terms.J, v), item.restitution,
            REST_SUBSTEPS * self.delta * max(0.0, -(float(J @ acceleration) + terms.c)), self.speed_tolerance(terms),
            np.array(terms.S) if rubs else None, np.array(terms.WS) if rubs else None,
            terms.slip - dot(terms.S, v) if rubs else 0.0, item.friction, item.kinetic)

    # -- resting contacts ---------------------------------------------------------------------------

    def resting(self, t: float, q: np.ndarray, p: np.ndarray, before: Sequence[Mode] = ()
                ) -> tuple[tuple[Mode, ...], np.ndarray, np.ndarray] | None:
        """The contacts that rest now (touching, no normal speed to speak of, pressed) with their
        friction modes, and q, p with the drift of the touching contacts taken out: a gap below
        0 pushed back to 0 (whatever it does next: else the round-off left where it crossed
        would have it cross again at once), a resting contact's normal speed set to 0.
        None if a touching contact approaches: that is an impact to resolve first. A contact
        resting ``before`` goes on resting while it is pressed at all (a new one must be pressed
        more than round-off), so a pile does not flicker between resting and not."""
        ql, pl = q.tolist(), p.tolist()
        touching = self.touching(t, ql)
        if not touching:
            return (), q, p
        if len(touching) == 1 and self._rest.ready(touching[0]):
            found = self._resting_alone(touching[0], t, q, p)
            if found is not None:
                return found
        if len(touching) == 1 and not before:
            parted = self._parting_alone(touching[0], t, q, p)
            if parted is not False:
                return parted
        b = self.batch(tuple(touching), t, ql, pl)
        # a normal speed below this is none (see speed_tolerance)
        tolerance = TOUCH * np.sqrt(np.einsum("ij,ij->i", b.J, b.J)) * max(1.0, math.sqrt(float(b.v @ b.v)))
        if np.any(b.rate < -tolerance):
            return None
        pressing = b.J @ b.acceleration + b.c  # each one's normal acceleration without contact forces
        resting_speed = REST_SUBSTEPS * self.delta * np.maximum(0.0, -pressing)
        rows: list[int] = []  # of the candidates, in b
        parting = (b.rate > np.maximum(tolerance, resting_speed)).tolist()
        for i, k in enumerate(touching):
            # no normal speed: none at all, or parting slower than the pressing acceleration takes
            # back in a few substeps (what sequential impulses leave between stacked bodies; the
            # pressing may come through other contacts: a ball pushed sideways by one on top)
            if parting[i]:
                rate = b.rate[i]
                others = [m for m in before if m.contact != k]
                if not others:
                    continue
                acceleration = self._accelerations(others, t, ql, pl, b.motion())
                if rate > REST_SUBSTEPS * self.delta * max(0.0, -(float(b.J[i] @ acceleration) + b.c[i])):
                    continue
            rows.append(i)
        if not rows or bool((pressing[rows] >= -TOUCH).all()):
            # nothing presses (a Newton's cradle at rest): no force is the answer, without an LCP
            return (), *settle(b, (), q, p, functools.partial(self._reacted, t))
        speed = max(1.0, math.sqrt(float(b.v @ b.v)))
        # a slip below its tolerance is none (as _sliding says): sticking, else sliding with its sign
        slipping = (np.abs(b.slip) > TOUCH * np.sqrt(np.einsum("ij,ij->i", b.S, b.S)) * speed).tolist()
        candidates = [Mode(touching[i], (1 if b.slip[i] > 0 else -1) if slipping[i] else 0)
                      if self.items[touching[i]].rubs else Mode(touching[i]) for i in rows]
        if len(candidates) == 1:
            # rest<k> if it has been made already (a contact that only touches need not make it)
            k = candidates[0].contact
            r = self.rest(k, t, ql, pl) if self._rest.ready(k) else Rest.of(b.terms(rows[0]), b.motion())
            push = self._one(candidates[0], r)
        else:
            push = self._several(candidates, b, tuple(rows))
        # a force that could not move anything visibly (the round-off left between the balls of
        # a Newton's cradle) is no force: those contacts stay free, on the fast path; if they
        # drift into each other, that is an event
        scale = 1.0 + max(map(abs, push.free))
        was = {m.contact for m in before}
        active = [j for j, m in enumerate(candidates)
                  if push.normal[j] * push.stiffness[j] > (0.0 if m.contact in was else TOUCH * scale)]
        if active:
            pressed = set(active)
            grazing = (np.abs(b.rate) <= tolerance).tolist()
            # a grazing pair (touching, no normal speed, not pressed: two balls side by side on
            # the floor under a pile) rests too, with no force until something presses it: else
            # the round-off in its normal speed takes its gap below 0 in every substep, an event
            # each time (one-sided: the forces keep it from closing, and it leaves when it parts)
            active = [j for j, i in enumerate(rows) if j in pressed or grazing[i]]
        modes = tuple(candidates[j] for j in active)
        q, p = settle(b, [rows[j] for j in active], q, p, functools.partial(self._reacted, t))
        return modes, q, p

    def _parting_alone(self, k: int, t: float, q: np.ndarray, p: np.ndarray
                       ) -> tuple[tuple[Mode, ...], np.ndarray, np.ndarray] | Literal[False] | None:
        """:meth:`resting` for one touching contact ``k`` that did not rest, from its own terms in
        floats: None if it approaches, no modes (its gap put back) if it parts faster than pressing
        would take back (a ball just struck: after every impact), else False (the general path decides)."""
        ql = q.tolist()
        motion = self.motion(t, ql, p.tolist())
        terms = self.terms(k, t, ql, motion)
        speed = self.speed_tolerance(terms)
        if terms.rate < -speed:
            return None
        if terms.rate > max(speed, self.resting_speed(terms, motion.acceleration)):
            return (), *gap_back(terms.gap, terms.J, terms.WJ, q, p)
        return False

    def _resting_alone(self, k: int, t: float, q: np.ndarray, p: np.ndarray
                       ) -> tuple[tuple[Mode, ...], np.ndarray, np.ndarray] | None:
        """:meth:`resting` for one touching contact that has rested before, from one call of its
        ``rest<k>``; None when there is more to do than that call can tell (drift to take out,
        a speed to look at closer)."""
        r = self.rest(k, t, q.tolist(), p.tolist())
        if r.gap < 0 or abs(r.rate) > tolerance(r.J, r.velocity):
            return None
        mode = Mode(k, self._sliding(k, r.slip, r.S, r.velocity))
        if self._one(mode, r).normal[0] * r.gnn <= TOUCH * (1.0 + abs(r.an)):
            return None
        if r.rate != 0.0:
            return None
        return (mode,), q, p

    def _sliding(self, k: int, slip: float, S: Sequence[float], v: Sequence[float]) -> int:
        if not self.items[k].rubs:
            return 0
        return 0 if abs(slip) <= tolerance(S, v) else (1 if slip > 0 else -1)

    def _reacted(self, t: float, q: np.ndarray, force: np.ndarray) -> np.ndarray:
        """A change of momenta Jᵀ·push, with the constraints' reactions to it when there are some
        (so that it moves q̇ by W·Jᵀ·push, along the rows, as the coupling J·W·Jᵀ counts it)."""
        if self._react is None:
            return force
        return np.array(self._react(t, *q.tolist(), *force.tolist()), dtype=float)

    def forces(self, modes: Sequence[Mode], t: float, q: Sequence[float], p: Sequence[float], reacted: bool = True
               ) -> Push:
        """What the resting ``modes`` do at one state (see :class:`~.terms.Push`); with
        constraints, their force with the rows' reactions to it (so the rows hold) if ``reacted``."""
        if len(modes) == 1:
            push = self._one(modes[0], self.rest(modes[0].contact, t, q, p))
        else:
            push = self._several(modes, self.batch(tuple(m.contact for m in modes), t, q, p), tuple(range(len(modes))))
        if self._react is None or not reacted:
            return push
        return push._replace(force=list(self._react(t, *q, *push.force)))

    def rest(self, k: int, t: float, q: Sequence[float], p: Sequence[float]) -> Rest:
        """Contact k resting alone at one state: one call of its generated ``rest<k>`` (the
        last one is remembered: a substep's end is asked for by the events and the modes)."""
        key = (k, *q, *p) if self.timeless else (k, t, *q, *p)
        if self._last_rest is not None and self._last_rest[0] == key:
            return self._last_rest[1]
        r = Rest(self._rest[k](t, *q, *p), self.n)
        self._last_rest = (key, r)
        return r

    def _one(self, mode: Mode, r: Rest) -> Push:
        """One resting contact, in closed form."""
        item = self.items[mode.contact]
        lam = phi = 0.0
        if r.gnn > 0:
            lam = max(0.0, -r.an / r.gnn)
            if item.rubs and lam > 0:
                if mode.sliding:
                    edge = r.gnn - mode.sliding * item.kinetic * r.gns
                    if edge > 0:
                        lam = max(0.0, -r.an / edge)
                        phi = -mode.sliding * item.kinetic * lam
                else:
                    lam, phi = stick(r.an, r.at, r.gnn, r.gns, r.gss, item.friction, item.kinetic)
        if phi:
            force = [lam * j + phi * s for j, s in zip(r.J, r.S)]
        else:
            force = [lam * j for j in r.J]
        return Push(r.velocity, r.momentum_rate, r.pivot, r.work_power, r.support_power, force,
                    lam * r.jv + phi * r.sv, [lam], [r.gnn], [r.an])

    def _several(self, modes: Sequence[Mode], b: Batch, rows: tuple[int, ...]) -> Push:
        """Several resting contacts (``rows`` of ``b``, one per mode): an LCP (see
        :func:`~.resting.resting_forces`). The last one is remembered: the end of a substep is where
        the modes are found and where the next substep's first stage starts."""
        key = (tuple(modes), rows, b)
        if self._last_push is not None and self._last_push[0] == key:
            return self._last_push[1]
        push = self._solved(modes, b, rows)
        self._last_push = (key, push)
        return push

    def _solved(self, modes: Sequence[Mode], b: Batch, rows: tuple[int, ...]) -> Push:
        plan = self._plans.get((tuple(modes), rows))
        if plan is None:
            if len(self._plans) > 64:
                self._plans.clear()
            plan = self._plans[(tuple(modes), rows)] = Plan(modes, rows, self.items)
        index = plan.index
        J, WJ = (b.J, b.WJ) if plan.every_row(len(b.gap)) else (b.J[index], b.WJ[index])
        directions, pushes = J, WJ  # what each unknown pushes along, and T⁻¹ times that
        if plan.slide is not None:
            directions = J - plan.slide[:, None] * b.S[index]
            pushes = WJ - plan.slide[:, None] * b.WS[index]
        kinds = plan.kinds
        # sticking rows for the contacts with friction that do not slide
        sticking = [i for i in plan.may_stick if b.S[rows[i]].any()]
        R, drift = J, b.c[index]  # constraint rows: normal J, then sticking S
        if sticking:
            stick = index[sticking]
            R = np.vstack([J, b.S[stick]])
            directions = np.vstack([directions, b.S[stick]])
            pushes = np.vstack([pushes, b.WS[stick]])
            drift = np.concatenate([drift, b.d[stick]])
            kinds = kinds + [(i, 1, plan.kinds[i][2]) for i in sticking]
        G = R @ pushes.T
        a_free = R @ b.acceleration + drift
        # the forces of the same resting contacts a moment ago are where the solve starts
        key = (plan.key, tuple(sticking))
        f = resting_forces(G, a_free, kinds, self._warm.get(key), None if sticking else plan.rows)
        self._warm = {key: f}
        force = directions.T @ f
        count = len(modes)
        return Push(b.velocity, b.momentum_rate, b.pivot, b.work_power, b.support_power,
                    force.tolist(), float(force @ b.v), f[:count].tolist(),
                    np.diag(G)[:count].tolist(), a_free[:count].tolist())
