"""The stepper of models with contacts (SPEC §7.3): free flight, impacts and resting contacts.

While no contact rests, substeps run in the generated fused loop
(``advance_events``; in a model with many round bodies, ``advance_broad``, which checks only
the pairs that can meet: :mod:`.broad`), which returns at the start of a substep in which a gap
goes below 0 — or in which a gap's rate says the substep may have gone through a
thin obstacle and out. That substep is then covered in Python: the instant is
located (regula falsi, Illinois variant, re-integrating the substep from its
start, to ``tolerance`` seconds), the contacts act there (impulses,
:meth:`Contacts.resolve`) and the substep is finished; several events in one
substep are taken in time order, and whole steps stay on the grid of δ.

While some contact rests (a ball on the floor, a block sliding to a stop), the
substeps are RK4 in Python with the contact forces in the right-hand side
(:meth:`Contacts.forces`): still fourth order while nothing changes, with events
for the other gaps, for a sliding contact whose slip reaches 0 (it sticks there,
so a block stops where it should and does not chatter) and, for a contact resting
alone, where its normal force reaches 0 (it lets go there: a ball leaves a
platform that falls away faster than g at the right instant). With several
resting contacts a release happens inside the substep's stages instead (the
normal forces are clamped at 0), accurate to the substep. The contacts that
rest are found again after every substep, from the state alone (touching, no
normal speed, pressed), so a new state set by the user needs nothing else.
"""

from __future__ import annotations

import functools
import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ....expr import EvaluationError
from ....expr.codegen import ARITHMETIC_ERRORS
from ....messages import Message, msg
from ...numerics import all_finite
from ...state import Impact, State
from ...steppers import PIVOT_MIN, GeneratedSystem, single_substep, substeps_to_event, unpack
from .broad import BroadPhase, Unfocused
from .contacts import Contacts
from .emit import GAP_ROUNDOFF, LOCATED, PASS_THROUGH
from .native import FAILED, NEXT_EVENT, NONE
from .resting import needed
from .terms import Mode

#: still substeps remembered at most (a resting body's few substep lengths; an ensemble's resting copies)
STILL_KEPT = 256
#: a resting substep lies still (:func:`lies_still`) if no coordinate moved more than this, relative…
STILL_MOVE = 1e-12
#: …and no speed at its end is above this, relative, per second (tens of units in the last place)
STILL_SPEED = 1e-14

#: what a failed evaluation inside a contact substep can raise
FAILURES = (*ARITHMETIC_ERRORS, ArithmeticError, np.linalg.LinAlgError)


@dataclass
class ContactRK4:
    """RK4 substeps with impacts and resting contacts (see the module docstring)."""

    contacts: Contacts
    #: how closely the instant of an event is located, in seconds
    tolerance: float = 1e-12
    #: events in one substep beyond this mean the contacts are not making progress
    max_events_per_substep: int = 64
    #: the impacts so far, newest last (bounded); observers read and clear it
    log: deque[Impact] = field(default_factory=lambda: deque(maxlen=512))
    #: how many event instants have been located so far (impacts, releases, stops, grazes)
    located: int = 0
    #: free flight checks only the pairs of round bodies that can meet (:mod:`.broad`), if the model has many
    broad: BroadPhase | None = field(init=False, default=None)
    #: substeps with resting contacts that gave back the state they started from (q, p, work and
    #: losses to the last bit, or moved by no more than round-off, :func:`lies_still`: then they give
    #: back their start; no event, the forces their LCP starts from unchanged), where nothing depends
    #: on t: a body lying still. Their (q, p, modes, length, those forces), so that the same substep
    #: is not worked out again (it gives the same)
    still: dict[tuple, None] = field(init=False, default_factory=dict)
    #: states (q…, p… as bytes) whose whole step gave back the very state, where nothing depends on t:
    #: lying still, their next step does too and is not taken (the motion's, or an ensemble copy's)
    lying: dict[bytes, None] = field(init=False, default_factory=dict)
    #: the last substep worked out gave back its state (so the next one is worth looking up)
    _was_still: bool = field(init=False, default=False)
    #: where the last step ended, and the contacts resting there (found again unless it lies still: at
    #: the start of a step they are found as for a state the user set, which takes a pile's creep out again)
    _still_end: State | None = field(init=False, default=None)
    _still_modes: tuple[Mode, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        code = getattr(self.contacts.code, "broad", None)
        self.broad = BroadPhase(code) if code is not None else None

    def advance(self, system: GeneratedSystem, state: State, substeps: int) -> State:
        delta = system.delta
        start_bytes = state.q.tobytes() + state.p.tobytes() if self.contacts.timeless else None
        if start_bytes is not None and start_bytes in self.lying:  # lying still: the step gives it back
            return at_time(state, state.t + substeps * delta) if substeps > 0 else state
        located = self.located
        if self._was_still and state is self._still_end:  # lying still since the last step: its contacts rest
            modes, current = self._still_modes, state
        else:
            modes, current = self._rest(system, state)
        remaining = substeps
        while remaining > 0:
            if not modes:
                self._was_still = False
                out = self._free_flight(system, current, delta, remaining)
                done, hit = int(out[-2]), int(out[-1])
                current = unpack(system, current, out[:-2], remaining)
                remaining -= done
                if not hit:
                    break
            # the end of this substep on the grid of δ from the start (not t + δ + δ… rounded)
            t_end = state.t + (substeps - remaining + 1) * delta
            # (looked up, and kept, only once the substep before gave back its state: a sliding block pays nothing)
            hidden = self.contacts.hidden(modes, current.t, current.q.tolist()) if self._was_still else None
            known = None if hidden is None else (current.q.tobytes(), current.p.tobytes(), modes, t_end - current.t,
                                                 hidden)
            if known is not None and known in self.still:
                current = at_time(current, t_end)
            else:
                start, events = current, self.located
                current, after = self._substep(system, current, t_end - current.t, modes, t_end)
                still = bool(modes) and self.contacts.timeless and after == modes and self.located == events
                if still and not same_state(start, current):
                    still = lies_still(system, start, current)
                    if still:  # round-off is no motion: what lies still stays where it lies
                        current = at_time(start, current.t)
                self._was_still = still
                if known is not None and self._was_still \
                        and self.contacts.hidden(modes, current.t, current.q.tolist()) == hidden:
                    remember(self.still, known)
                modes = after
            remaining -= 1
        self._still_end, self._still_modes = current, modes
        if start_bytes is not None and self.located == located and same_state(state, current):
            remember(self.lying, start_bytes)
        if self.contacts.moving:
            lost = self.contacts.lost(current.t, current.q.tolist())
            if lost is not None:
                k, key, values = lost
                name = self.contacts.items[k].id
                raise system.failure(current, msg("sim.gap_lost", reason=msg(key, name=name, **values)), 0)
        return current

    def _free_flight(self, system: GeneratedSystem, state: State, delta: float, substeps: int) -> tuple:
        """The loop of free flight (what ``substeps_to_event`` returns). In native code a gap without a
        value is NaN and the loop goes on; where it ends with such a gap (the contacts that touch there,
        which the next step asks for anyway, cannot be found), the plain loop takes those substeps
        again and stops where the gap fails, as a run without native code does."""
        def run(plain: bool = False) -> tuple:
            if self.broad is not None:
                return self.broad.advance(system, state, delta, substeps, plain)
            return substeps_to_event(system, state, delta, substeps, plain)

        out = run()
        native = system.code.native
        if native is not None and native.single:
            try:
                self.contacts.touching(out[0], out[1:1 + system.n])
            except FAILURES:
                return run(plain=True)
        return out

    # -- one substep, with whatever happens in it ----------------------------------------------------

    def _substep(self, system: GeneratedSystem, start: State, length: float, modes: tuple[Mode, ...], t_end: float
                 ) -> tuple[State, tuple[Mode, ...]]:
        left = length
        current = start
        for _ in range(self.max_events_per_substep):
            found = self._native_event(system, current, left) if not modes else None
            if found is not None:
                end, h = found
            else:
                if self.broad is not None:  # in free flight, the gaps of pairs out of reach are not computed
                    self.broad.focus(system, current, modes)
                try:
                    end, h = self._next_event(system, current, left, modes)
                except Unfocused:  # a point went further than the focus allows: again, with every gap
                    assert self.broad is not None
                    self.broad.unfocus()
                    end, h = self._next_event(system, current, left, modes)
                if self.broad is not None:
                    self.broad.unfocus()
            if h is None:
                end = at_time(end, t_end)
                modes, end = self._rest(system, end, modes)
                return end, modes
            self.located += 1
            at = self._move(system, current, h, modes) if h > 0 else current
            at = self._respond(system, at, modes)
            modes, at = self._rest(system, at, modes)
            current = at
            left -= h
        raise system.failure(start, msg("sim.contact_events", count=self.max_events_per_substep), 1)

    def _native_event(self, system: GeneratedSystem, current: State, left: float) -> tuple[State, float | None] | None:
        """:meth:`_next_event` in free flight by native code (:mod:`.native`, the same answer), once that is
        ready; None until then, or where its numbers fail (the Python path then says why). With an
        event, the state given back is ``current`` (the caller moves to the event, not to the end)."""
        native = system.code.native
        search = None if native is None else native.extra.get(NEXT_EVENT)
        if search is None:
            return None
        try:
            h = search(current.t, np.concatenate([current.q, current.p]), current.work, current.support_work, left,
                       self.tolerance)
        except ARITHMETIC_ERRORS:
            return None
        if h == FAILED:
            return None
        if h != NONE:  # the state at the event is what comes next: the substep's end is not needed
            return current, h
        return self._move(system, current, left, ()), None

    def _next_event(self, system: GeneratedSystem, current: State, left: float, modes: tuple[Mode, ...]
                    ) -> tuple[State, float | None]:
        """The state after ``left`` from ``current``, and where in it the first event is (None: none)."""
        end = self._move(system, current, left, modes)
        watch = self._events(system, current, modes)
        crossing = self._crossing(system, current, end, left, modes, watch)
        if crossing is None:
            return end, None
        releases = [len(self.contacts)] if len(modes) == 1 else []
        return end, locate(functools.partial(self._values, system, current, modes=modes), watch, crossing, self.tolerance,
                           releases)

    def _move(self, system: GeneratedSystem, start: State, h: float, modes: tuple[Mode, ...]) -> State:
        """One RK4 substep of length h: the generated one while nothing rests, else with contact forces."""
        if not modes:
            return single_substep(system, start, h)
        return self._constrained(system, start, h, modes)

    def _constrained(self, system: GeneratedSystem, start: State, h: float, modes: tuple[Mode, ...]) -> State:
        """One RK4 substep with the resting contacts' forces in the right-hand side (plain
        floats: the systems that rest are small, and NumPy's overhead would dominate)."""
        forces = self.contacts.forces

        def f(t: float, q: list[float], p: list[float]):
            push = forces(modes, t, q, p)
            if not push.pivot > PIVOT_MIN:
                raise ArithmeticError(msg("sim.singular").text())
            pdot = [a + b for a, b in zip(push.momentum_rate, push.force)]
            return push.velocity, pdot, push.work_power, push.support_power, -push.power

        def shifted(y: list[float], k: Sequence[float], c: float) -> list[float]:
            return [a + c * b for a, b in zip(y, k)]

        t, q, p = start.t, start.q.tolist(), start.p.tolist()
        half = 0.5 * h
        try:
            k1 = f(t, q, p)
            k2 = f(t + half, shifted(q, k1[0], half), shifted(p, k1[1], half))
            k3 = f(t + half, shifted(q, k2[0], half), shifted(p, k2[1], half))
            k4 = f(t + h, shifted(q, k3[0], h), shifted(p, k3[1], h))
        except FAILURES as exc:
            raise system.failure(start, _reason(exc), 1) from None
        sixth = h / 6.0

        def combined(y: Sequence[float], i: int) -> list[float]:
            return [a + sixth * (b1 + 2.0 * b2 + 2.0 * b3 + b4)
                    for a, b1, b2, b3, b4 in zip(y, k1[i], k2[i], k3[i], k4[i])]

        def total(x: float, i: int) -> float:
            return x + sixth * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i])

        q_new, p_new = combined(q, 0), combined(p, 1)
        if not all_finite(q_new + p_new):
            raise system.failure(start, None, 1)
        return State(t + h, np.array(q_new), np.array(p_new), total(start.work, 2), total(start.support_work, 3),
                     total(start.losses, 4))

    # -- events ----------------------------------------------------------------------------------------

    def _events(self, system: GeneratedSystem, state: State, modes: tuple[Mode, ...]) -> list[float]:
        """The event functions at ``state``: each contact's gap (+ round-off; +inf for a resting
        one), then slip·sign for each sliding one (it sticks where that reaches 0), then, for a
        contact resting alone, the normal force it needs (it lets go where that reaches 0)."""
        gaps: Sequence[float] | None = self.broad.gaps(state.t, state.q.tolist()) \
            if self.broad is not None and not modes else None
        if gaps is None:
            gaps = self.contacts.gaps(state.t, state.q.tolist())
        values = [g + GAP_ROUNDOFF for g in gaps]
        for m in modes:
            values[m.contact] = math.inf
        if not modes:
            return values
        ql, pl = state.q.tolist(), state.p.tolist()
        if len(modes) == 1:
            mode = modes[0]
            r = self.contacts.rest(mode.contact, state.t, ql, pl)
            values.append(needed(self.contacts.items[mode.contact], mode, r))
            if mode.sliding:
                values.append(mode.sliding * r.slip)
            return values
        sliding = [m for m in modes if m.sliding]
        if sliding:
            motion = self.contacts.motion(state.t, ql, pl)
            values += [m.sliding * self.contacts.terms(m.contact, state.t, ql, motion).slip for m in sliding]
        return values

    def _values(self, system: GeneratedSystem, start: State, h: float, *, modes: tuple[Mode, ...]) -> list[float]:
        """The event functions after h from ``start``."""
        return self._events(system, self._move(system, start, h, modes) if h > 0 else start, modes)

    def _crossing(self, system: GeneratedSystem, start: State, end: State, length: float, modes: tuple[Mode, ...],
                  watch: list[float]) -> float | None:
        """An h at which some watched event function is below 0 (the first event is in [0, h]), or None."""
        if lowest_watched(self._events(system, end, modes), watch) < 0:
            return length
        if modes:
            return None
        return self._passed_through(system, start, end, length, watch)

    def _passed_through(self, system: GeneratedSystem, start: State, end: State, length: float,
                        watch: list[float]) -> float | None:
        """A gap ≥ 0 at both ends of the substep may still have dipped below 0 inside it: a body
        that crossed a thin obstacle and came out. A gap whose rate at the start (followed
        forward) or at the end (followed back) would take it below 0 within the substep is
        followed by conservative advancement from that end to see."""
        for h, state, direction in ((0.0, start, 1.0), (length, end, -1.0)):
            gaps = self._events(system, state, ())
            for k, r in enumerate(self._rates(system, state)):
                g, rate = gaps[k], direction * r
                if watch[k] >= 0 and g >= 0 and g + length * rate < -PASS_THROUGH:
                    dip = self._dip(system, start, length, watch, k, h, direction, g, rate)
                    if dip is not None:
                        return dip
        return None

    def _dip(self, system: GeneratedSystem, start: State, length: float, watch: list[float], k: int, h: float,
             direction: float, g: float, rate: float) -> float | None:
        """An h at which gap k is below 0, followed from h in ``direction`` (+1 forward, −1 back)
        by Newton steps aimed just below 0 (short of it where the gap is convex in time, so a
        thin obstacle is not stepped over), or None if the gap turns away or the far end is reached."""
        for _ in range(60):
            h += direction * (g + PASS_THROUGH) / -rate
            if not 0.0 < h < length:
                return None
            at = self._move(system, start, h, ())
            values = self._events(system, at, ())
            if lowest_watched(values, watch) < 0:
                return h
            g, rate = values[k], direction * self._rates(system, at)[k]
            if rate >= 0:
                return None
        return None

    def _rates(self, system: GeneratedSystem, state: State) -> list[float]:
        """The rate of change of each contact's gap at ``state``."""
        q = state.q.tolist()
        v = system.code.rhs.scalar(state.t, *q, *state.p.tolist())[: system.n]
        if self.broad is not None:
            rates = self.broad.rates(state.t, q, v, self.contacts.rate)
            if rates is not None:
                return rates
        return list(self.contacts.rates(state.t, *q, *v))

    # -- acting --------------------------------------------------------------------------------------

    def _respond(self, system: GeneratedSystem, at: State, resting: tuple[Mode, ...]) -> State:
        try:
            p, struck, by_contact = self.contacts.resolve(at.t, at.q, at.p, resting)
        except FAILURES as exc:
            raise system.failure(at, _reason(exc), 1) from None
        if not struck:
            return at
        new = State(at.t, at.q, p, at.work, at.support_work, at.losses)
        # (each state's q̇, then its energies: the system remembers the q̇ of the last state it was asked)
        before = system.velocities(at)
        energy = sum(system.energies(at))
        after = system.velocities(new)
        loss = energy - sum(system.energies(new))
        new = State(at.t, at.q, p, at.work, at.support_work, at.losses + loss)
        self.log.append(Impact(at.t, tuple(struck), at.q, before, after, loss, tuple(by_contact)))
        return new

    def _rest(self, system: GeneratedSystem, state: State, resting: tuple[Mode, ...] = ()) -> tuple[tuple[Mode, ...], State]:
        """The contacts that rest at ``state`` (``resting``: those that rested until now), and
        the state with their drift taken out; a touching contact that approaches (a projection
        or a release pushed it) gets its impulse first."""
        for _ in range(8):
            try:
                found = self.contacts.resting(state.t, state.q, state.p, resting)
            except FAILURES as exc:
                raise system.failure(state, _reason(exc), 1) from None
            if found is not None:
                break
            state = self._respond(system, state, resting)
        else:
            raise system.failure(state, msg("sim.contacts_approach"), 1)
        modes, q, p = found
        if q is state.q and p is state.p:
            return modes, state
        # the normal speed taken out is energy lost (round-off sized); a position put back on the
        # constraint is integration error and shows in DE, as it should (no speed taken out: none lost)
        loss = 0.0
        if not np.array_equal(p, state.p):
            loss = system.energies(State(state.t, q, state.p))[0] - system.energies(State(state.t, q, p))[0]
        return modes, State(state.t, q, p, state.work, state.support_work, state.losses + loss)



def _reason(exc: BaseException) -> str | Message | None:
    """What a failed evaluation says (Python's arithmetic errors in the user's words)."""
    if isinstance(exc, ARITHMETIC_ERRORS):
        return EvaluationError.of(exc).reason
    return str(exc) or None


def locate(values: Callable[[float], list[float]], watch: list[float], length: float, tolerance: float,
       past: Sequence[int] = ()) -> float:
    """The largest h in [0, length] with every watched event function still ≥ 0 (those ≥ 0
    at the start), to ``tolerance`` seconds or to where the function that crosses is within
    :data:`LOCATED` of 0 (for two bodies that part or meet from rest a gap is quadratic in
    time and its round-off would stall the bracket long before 1e-12 s: they are located in
    space instead). Regula falsi with the Illinois modification on the function that crosses
    (the lowest of all is flat wherever some other contact just touches), then bisection if
    it stalls; if another one crossed before, again on that one. For the functions in
    ``past`` (a normal force that lets go), the h just after the crossing instead."""
    watched = [i for i, w in enumerate(watch) if w >= 0]
    hi, at_hi = length, values(length)
    for _ in range(len(watched) + 1):
        k = min(watched, key=lambda i: at_hi[i])
        lo, after = _root(functools.partial(_component, values, k), hi, watch[k], at_hi[k], tolerance)
        at_lo = values(lo) if lo > 0 else watch
        if all(at_lo[i] >= 0 for i in watched):
            return after if k in past else lo
        hi, at_hi = lo, at_lo  # another one crossed first
    return 0.0


def _root(f: Callable[[float], float], hi: float, f_lo: float, f_hi: float, tolerance: float) -> tuple[float, float]:
    """(lo, hi) around the crossing of f in [0, hi], given f(0) ≥ 0 > f(hi): f(lo) ≥ 0 > f(hi)."""
    lo = 0.0
    side = 0
    for iteration in range(200):
        if hi - lo <= tolerance or f_lo <= LOCATED:
            break
        h = hi - f_hi * (hi - lo) / (f_hi - f_lo) if f_hi != f_lo else 0.5 * (lo + hi)
        if iteration >= 40 or not lo < h < hi:
            h = 0.5 * (lo + hi)
        value = f(h)
        if value >= 0:
            lo, f_lo = h, value
            if side == 1:
                f_hi *= 0.5
            side = 1
        else:
            hi, f_hi = h, value
            if side == -1:
                f_lo *= 0.5
            side = -1
    return lo, hi


def _component(values: Callable[[float], list[float]], k: int, h: float) -> float:
    return values(h)[k]


def lowest_watched(values: Sequence[float], watch: Sequence[float]) -> float:
    """The lowest of ``values`` among the event functions that were ≥ 0 at the start."""
    return min((v for v, w in zip(values, watch) if w >= 0), default=math.inf)


def remember(kept: dict, key: object) -> None:
    """Add ``key`` to a memory of still states, the one found longest ago going past :data:`STILL_KEPT`."""
    if len(kept) >= STILL_KEPT:
        del kept[next(iter(kept))]
    kept[key] = None


def lies_still(system: GeneratedSystem, start: State, end: State) -> bool:
    """A substep from ``start`` to ``end`` that moved nothing beyond round-off: no coordinate by more
    than :data:`STILL_MOVE` times max(1, |q|) (the creep of a statically indeterminate pile, whose
    speed settling takes back after every substep), no speed at its end above :data:`STILL_SPEED`
    times that per second (a body that starts to move from rest at all is not still), work and losses
    changed by no more than :data:`STILL_MOVE` times their size."""
    q = start.q.tolist()  # (floats: a sliding block, which fails here, pays little for asking)
    scale = max(1.0, max(q, default=0.0), -min(q, default=0.0))
    move = STILL_MOVE * scale
    if not all(abs(a - b) <= move for a, b in zip(end.q.tolist(), q)):
        return False
    size = STILL_MOVE * (1.0 + abs(start.work) + abs(start.support_work) + abs(start.losses))
    if not (abs(end.work - start.work) <= size and abs(end.support_work - start.support_work) <= size
            and abs(end.losses - start.losses) <= size):
        return False
    return float(np.abs(system.velocities(end)).max(initial=0.0)) <= STILL_SPEED * scale


def same_state(a: State, b: State) -> bool:
    """The same q, p, work and losses, to the last bit (t aside)."""
    return (a.work == b.work and a.support_work == b.support_work and a.losses == b.losses
            and a.q.tobytes() == b.q.tobytes() and a.p.tobytes() == b.p.tobytes())


def at_time(state: State, t: float) -> State:
    """The same state stamped with ``t`` (the end of a substep on the grid, not t + h rounded)."""
    if state.t == t:
        return state
    return State(t, state.q, state.p, state.work, state.support_work, state.losses)
