"""How a :class:`~game.physics.lagrange.system.System` moves forward: the steppers (SPEC §8).

A stepper advances a state by a number of RK4 substeps of δ = dt/N. The
window, ``simulate``, ensembles and ``chaosmap`` all go through
``System.step``, which asks the model's stepper:

- :class:`RK4` — the generated, fused loop: all substeps in one call of
  generated code. Most models use it.
- :class:`EventRK4` — the same substeps, but the generated loop returns at
  the start of any substep in which an event function (a contact's gap) goes
  from ≥ 0 to < 0. The instant is then located by bisection with
  re-integration of that substep, a ``respond`` hook acts there (an impulse),
  and the rest of the substep is finished, so whole steps stay on the grid of
  δ and the trajectory still depends only on dt and N.
- :class:`Projected` — any stepper, then a ``project`` hook after each step
  of dt (constraints pulled back onto their manifold).
- :class:`~game.physics.lagrange.contacts.stepper.ContactRK4` — models with contacts:
  the fused loop while nothing rests, impacts located and resolved inside
  substeps, resting contacts as forces in the right-hand side.
- :class:`ConstrainedRK4` — classic RK4 substeps on (q, q̇) whose accelerations
  come from a system with constraints (a mechanism: one KKT solve per stage);
  mechanisms use it inside :class:`Projected`.

Every stepper leaves the state it started from untouched when it fails:
``System.step`` raises :class:`~game.physics.state.SimulationError`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ..expr import EvaluationError
from ..expr.codegen import ARITHMETIC_ERRORS
from ..messages import Message, msg
from .numerics import all_finite
from .state import BatchCode, Compiled, SimulationError, State

#: Pivots of T relative to its diagonal below this mean "singular".
PIVOT_MIN = 1e-12


class Switched(Compiled, Protocol):
    """A generated function whose ``scalar`` switches to native code when that is ready."""

    @property
    def plain(self) -> Callable[..., Any]:
        """its Python version, whatever ``scalar`` is now"""
        ...


class GeneratedCode(BatchCode, Protocol):
    """The generated functions the steppers call (see
    :class:`~game.physics.lagrange.codegen.GeneratedDynamics`)."""

    @property
    def advance_events(self) -> Switched | None:
        """advance_events(t, q…, p…, w, ws, δ, steps) → (t, q…, p…, w, ws, worst, substeps done, hit)"""
        ...

    @property
    def gaps(self) -> Compiled | None:
        """gaps(t, q…) → the event functions"""
        ...

    @property
    def native(self) -> Any:
        """its native code (:class:`~game.physics.lagrange.compiled.Native`), None when the compiled path is off"""
        ...


class GeneratedSystem(Protocol):
    """What the steppers of generated code (:class:`RK4`, :class:`EventRK4`, and the contacts'
    :class:`~game.physics.lagrange.contacts.stepper.ContactRK4`) ask of the system they advance: its
    substeps, its generated code, its velocities and energies, and what went wrong in substeps
    that failed (a :class:`~game.physics.state.MotionSystem` with generated code: a Lagrangian
    :class:`~game.physics.lagrange.system.System`)."""

    @property
    def n(self) -> int: ...

    @property
    def delta(self) -> float: ...

    @property
    def code(self) -> GeneratedCode: ...

    def velocities(self, state: State) -> np.ndarray: ...

    def energies(self, state: State) -> tuple[float, float]: ...

    def failure(self, start: State, fallback: str | Message | None, substeps: int) -> SimulationError:
        """What went wrong in ``substeps`` substeps that failed from ``start``."""
        ...


class Stepper(Protocol):
    def advance(self, system: GeneratedSystem, state: State, substeps: int) -> State:
        """``substeps`` RK4 substeps of δ from ``state``; raises SimulationError on failure."""
        ...


def made_state(t: float, q: np.ndarray, p: np.ndarray, work: float, support_work: float, losses: float) -> State:
    """The State ``State(...)`` makes, for q and p that are read-only already (the generated loop's
    result, once a step): without the frozen dataclass's __init__, a quarter of its cost (1 µs of
    a double pendulum's 6 µs a step of dt)."""
    state = object.__new__(State)
    state.__dict__.update(t=t, q=q, p=p, work=work, support_work=support_work, losses=losses)
    return state


def unpack(system: GeneratedSystem, state: State, out: tuple, substeps: int) -> State:
    """A State from the tuple generated code returns, (t, q…, p…, w, ws, worst), after
    ``substeps`` substeps from ``state``; a failure if it is not a good one. Called once a step
    (the window's and ``simulate``'s), so it is kept lean: one sum says the values are finite
    (:func:`~.numerics.all_finite`), and q and p are the two halves of one read-only array."""
    n = system.n
    values = out[1:3 + 2 * n]  # q…, p…, w, ws
    if not out[3 + 2 * n] > PIVOT_MIN or not all_finite(values):
        raise system.failure(state, None, substeps)
    y = np.array(values[:2 * n])
    y.setflags(write=False)
    return made_state(out[0], y[:n], y[n:], values[2 * n], values[2 * n + 1], state.losses)


class RK4:
    """All substeps in one call of the generated loop (the fast path)."""

    def advance(self, system: GeneratedSystem, state: State, substeps: int) -> State:
        try:
            out = system.code.advance.scalar(
                state.t, *state.q.tolist(), *state.p.tolist(), state.work, state.support_work,
                system.delta, substeps)
        except ARITHMETIC_ERRORS as exc:
            raise system.failure(state, EvaluationError.of(exc).reason, substeps) from None
        return unpack(system, state, out, substeps)


def single_substep(system: GeneratedSystem, start: State, h: float) -> State:
    """One RK4 substep of length h from ``start``, events or not (the generated loop)."""
    try:
        out = system.code.advance.scalar(
            start.t, *start.q.tolist(), *start.p.tolist(), start.work, start.support_work, h, 1)
    except ARITHMETIC_ERRORS as exc:
        raise system.failure(start, EvaluationError.of(exc).reason, 1) from None
    return unpack(system, start, out, 1)


def substeps_to_event(system: GeneratedSystem, state: State, delta: float, substeps: int, plain: bool = False) -> tuple:
    """The generated ``advance_events``: substeps of δ until one in which an event fires (see
    :class:`~game.physics.lagrange.codegen.GeneratedDynamics`); its Python version if ``plain``."""
    assert system.code.advance_events is not None
    loop = system.code.advance_events.plain if plain else system.code.advance_events.scalar
    try:
        return loop(
            state.t, *state.q.tolist(), *state.p.tolist(), state.work, state.support_work, delta, substeps)
    except ARITHMETIC_ERRORS as exc:
        raise system.failure(state, EvaluationError.of(exc).reason, substeps) from None


#: respond(system, state at the event, indices of the event functions at or below zero) → new state
Response = Callable[[GeneratedSystem, State, list[int]], State]


@dataclass
class EventRK4:
    """RK4 substeps that stop where an event function crosses zero (see the module docstring).

    ``respond`` gets the state at the located instant (every event function ≥ 0 there,
    within ``tolerance`` seconds of the crossing) and returns the state to go on from.
    """

    respond: Response
    #: how closely the instant of an event is located, in seconds
    tolerance: float = 1e-12
    #: events in one substep beyond this mean the response is not making progress
    max_events_per_substep: int = 64
    #: instants of the events handled so far (t, indices), newest last; read and cleared by observers
    log: list[tuple[float, list[int]]] = field(default_factory=list)

    def advance(self, system: GeneratedSystem, state: State, substeps: int) -> State:
        code = system.code
        assert code.advance_events is not None and code.gaps is not None, "generated without events"
        delta = system.delta
        current = state
        remaining = substeps
        while remaining > 0:
            out = self._call(system, current, delta, remaining)
            done, hit = int(out[-2]), int(out[-1])
            current = unpack(system, current, out[:-2], remaining)
            remaining -= done
            if not hit:
                break
            current = self._finish_substep(system, current, delta)
            remaining -= 1
        return current

    # -- one substep with events in it ------------------------------------------------------

    def _finish_substep(self, system: GeneratedSystem, start: State, delta: float) -> State:
        """Cover one substep of length δ from ``start``, stopping at each event inside it."""
        left = delta
        current = start
        for _ in range(self.max_events_per_substep):
            out = self._call(system, current, left, 1)
            if not int(out[-1]):
                return unpack(system, current, out[:-2], 1)
            h = self._locate(system, current, left)
            at = self._single(system, current, h) if h > 0 else current
            hits = [k for k, g in enumerate(self._gaps(system, at)) if g <= self._gap_slack(system, at)]
            self.log.append((at.t, hits))
            current = self.respond(system, at, hits)
            left -= h
            if left <= 0:
                return current
        raise system.failure(start, msg("sim.too_many_impacts", limit=self.max_events_per_substep), 1)

    def _locate(self, system: GeneratedSystem, start: State, length: float) -> float:
        """The largest h in [0, length] at which every event function is still ≥ 0, to ``tolerance``."""
        lo, hi = 0.0, length
        while hi - lo > self.tolerance:
            mid = 0.5 * (lo + hi)
            if min(self._gaps(system, self._single(system, start, mid))) >= 0.0:
                lo = mid
            else:
                hi = mid
        return lo

    @staticmethod
    def _single(system: GeneratedSystem, start: State, h: float) -> State:
        return single_substep(system, start, h)

    @staticmethod
    def _call(system: GeneratedSystem, state: State, delta: float, substeps: int) -> tuple:
        return substeps_to_event(system, state, delta, substeps)

    @staticmethod
    def _gaps(system: GeneratedSystem, state: State) -> tuple[float, ...]:
        assert system.code.gaps is not None
        return system.code.gaps.scalar(state.t, *state.q.tolist())

    @staticmethod
    def _gap_slack(system: GeneratedSystem, state: State) -> float:
        """How far above zero a gap may be and still count as touching at a located event."""
        return 1e-9 * max(1.0, float(np.max(np.abs(state.q))))


#: project(system, state) → the state pulled back onto the constraints
Projection = Callable[[Any, "State"], "State"]


@dataclass
class Projected:
    """Any stepper, then ``project`` after each whole step of dt (N substeps)."""

    inner: Any  # a stepper of the same system
    project: Projection

    def advance(self, system: Any, state: State, substeps: int) -> State:
        per_step = system.substeps
        current = state
        while substeps > 0:
            k = min(per_step, substeps)
            current = self.project(system, self.inner.advance(system, current, k))
            substeps -= k
        return current


class ConstrainedSystem(Protocol):
    """What :class:`ConstrainedRK4` needs of a system: y = (q, q̇, work integrals) and dy/dt."""

    @property
    def delta(self) -> float: ...

    def pack(self, state: State) -> np.ndarray: ...

    def unpack(self, t: float, y: np.ndarray, before: State, substeps: int) -> State: ...

    def derivative(self, t: float, y: np.ndarray) -> np.ndarray: ...


class ConstrainedRK4:
    """Classic RK4 substeps of δ on the system's y = (q, q̇, …), its derivative solving for the
    accelerations at every stage (SPEC §3's RK4, with q̈ from the constrained dynamics). A failing
    stage raises SimulationError; the state given is untouched."""

    def advance(self, system: ConstrainedSystem, state: State, substeps: int) -> State:
        h = system.delta
        f = system.derivative
        y = system.pack(state)
        t0 = state.t
        with np.errstate(all="ignore"):  # a singular stage gives NaN; unpack finds out why
            for i in range(substeps):
                t = t0 + i * h
                k1 = f(t, y)
                k2 = f(t + h / 2, y + (h / 2) * k1)
                k3 = f(t + h / 2, y + (h / 2) * k2)
                k4 = f(t + h, y + h * k3)
                y = y + (h / 6) * (k1 + 2 * (k2 + k3) + k4)
        return system.unpack(t0 + substeps * h, y, state, substeps)
