"""What every kind of system shares: states, steps of dt, failures as data, and the two
protocols the rest of the program asks of a model ready to move (:class:`MotionSystem`) and
of its bodies (:class:`Kinematics`).

A model moves as one of two kinds of system: a Lagrangian one (the model's energies, generated
RK4 code: :mod:`game.physics.lagrange`) or a mechanism in natural coordinates
(:mod:`game.physics.mechanism`). A simulation, the window and the commands never ask which:
they ask the protocol, and what one kind has not (reactions, impacts, contacts, the batch
path) has an empty default in :class:`MotionDefaults`, which both kinds extend.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from ..expr import Location
from ..messages import Message, msg, text
from ..model import ModelFile
from ..model.mechanism import Element
from ..model.poses import ForceArrow, Pose, PoseArrays, stack_poses

#: A region of the model plane, ``(x0, y0, x1, y1)`` in model units.
Box = tuple[float, float, float, float]

#: Coordinates or velocities: a list or an array of floats.
Vector = Sequence[float] | np.ndarray


class SimulationError(ArithmeticError):
    """The engine refused a step; the state before it is still good.

    ``values`` holds every coordinate and velocity at ``t``; the text lists only the first
    :data:`SHOWN_VALUES` of them (a chain of 30 points has 120). ``location``, when known, is
    where in the model file the failing expression is written."""

    def __init__(self, reason: str | Message, t: float, values: Mapping[str, float],
                 expression: str | Message | None = None, location: Location | None = None):
        #: why, as a catalogue message (``reason`` is its text in the current language)
        self.why = reason
        self.t = t
        self.values = dict(values)
        self.expression = expression
        self.location = location
        super().__init__(str(self))

    @property
    def said(self) -> Message:
        """The whole sentence as a catalogue message: written in any language when it is shown
        (the window's banner says it in the interface's language)."""
        shown = [f"{k}={v:.6g}" for k, v in list(self.values.items())[:SHOWN_VALUES]]
        if len(self.values) > SHOWN_VALUES:
            shown.append("…")
        return msg("sim.at", reason=self.why, t=f"{self.t:.6g}", where=", ".join(shown))

    def __str__(self) -> str:
        return self.said.text()

    @property
    def reason(self) -> str:
        return text(self.why)


#: a SimulationError's text lists this many of the values at its state, then "…"
SHOWN_VALUES = 8


@dataclass(frozen=True, eq=False)
class State:
    """Coordinates q and momenta p at time t; ``work`` is that of the generalized
    forces since the conditions were set."""

    t: float
    q: np.ndarray
    p: np.ndarray
    #: work of the generalized forces (FORCES block)
    work: float = 0.0
    #: work done by supports that move with time (expressions of t)
    support_work: float = 0.0
    #: kinetic energy lost in contacts (impacts, friction) since the conditions were set
    losses: float = 0.0

    def __post_init__(self):
        for a in (self.q, self.p):
            a.setflags(write=False)


@dataclass(frozen=True)
class Impact:
    """Impulses at one instant: which contacts, the velocities before and after, energy lost,
    and what each contact did by itself.

    ``by_contact[i]`` is (the change of q̇ the impulses of ``contacts[i]`` made, the part of
    it its normal impulses made — that points away from where the bodies touched): in a
    Newton's cradle the balls inside the row end as they began, but each contact along it
    passed the whole impulse on."""

    t: float
    contacts: tuple[int, ...]
    q: np.ndarray
    before: np.ndarray
    after: np.ndarray
    loss: float
    by_contact: tuple[tuple[np.ndarray, np.ndarray], ...]


class StepTimes:
    """A model's step of dt, made of N RK4 substeps of δ = dt/N (SPEC §3)."""

    model: ModelFile

    @property
    def dt(self) -> float:
        return self.model.general.dt

    @property
    def substeps(self) -> int:
        return self.model.general.n_substeps

    @property
    def delta(self) -> float:
        """The length of one RK4 substep, dt/N."""
        return self.dt / self.substeps


def written_time(t: float, dt: float) -> float:
    """``t`` as a file writes it: the whole number of steps k it is, times dt, to 15 figures, so
    5056 steps of 0.01 read 50.56 and not the 50.560000000002304 that adding dt 5056 times gives;
    a time off the grid of steps (none the engine makes today) as it is."""
    k = round(t / dt)
    return float(f"{k * dt:.15g}") if abs(t - k * dt) <= 1e-6 * dt else t


# -- a model ready to move ---------------------------------------------------------------------


class Compiled(Protocol):
    """One generated function, for floats (``scalar``) and for arrays (``array``)."""

    @property
    def scalar(self) -> Callable[..., Any]: ...

    @property
    def array(self) -> Callable[..., Any]: ...


class BatchCode(Protocol):
    """The generated functions the batch path calls directly (see
    :class:`~game.physics.lagrange.codegen.GeneratedDynamics`)."""

    @property
    def rhs(self) -> Compiled:
        """rhs(t, q…, p…) → (q̇…, ṗ…, pivot, Ẇ of the forces, Ẇ of the moving supports)"""
        ...

    @property
    def advance(self) -> Compiled:
        """advance(t, q…, p…, w, ws, δ, steps) → (t, q…, p…, w, ws, worst pivot)"""
        ...

    @property
    def momenta(self) -> Compiled:
        """momenta(t, q…, q̇…) → p…"""
        ...

    @property
    def energies(self) -> Compiled:
        """energies(t, q…, q̇…) → (Ek, Ep)"""
        ...


class BatchPath(Protocol):
    """Many states at once, or one without a State made: a system whose steps are the generated
    RK4 loop alone (no events, contacts or projections), so the loop run over arrays, or called
    directly, takes the very steps the system's stepper takes."""

    @property
    def n(self) -> int: ...

    @property
    def delta(self) -> float: ...

    @property
    def substeps(self) -> int: ...

    @property
    def code(self) -> BatchCode: ...

    def step_batch(self, t: float, Y: np.ndarray, steps: int = 1, work: np.ndarray | float | None = None
                   ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
        """Advance states given one per row, (q…, p…): (t, Y, work, ok)."""
        ...

    def step_columns(self, t: float, columns: list[np.ndarray], steps: int = 1, work: np.ndarray | float = 0.0
                     ) -> tuple[float, list[np.ndarray], Any, np.ndarray]:
        """Advance states given as columns (one array per coordinate, then per momentum)."""
        ...

    def energies_batch(self, t: float, Y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(Ek, Ep) of states given one per row."""
        ...

    def wait_compiled(self, timeout: float | None = None) -> bool:
        """Wait (up to ``timeout`` s) for the native code compiled in the background: True when the
        batch runs on it (a long batch command would rather wait a second than run slowly)."""
        ...


class MotionSystem(Protocol):
    """What a simulation, the window and the commands ask of a model ready to move, whatever its
    kind (a Lagrangian :class:`~game.physics.lagrange.system.System` or a
    :class:`~game.physics.mechanism.system.MechanismSystem`)."""

    @property
    def model(self) -> ModelFile: ...

    @property
    def parameters(self) -> Mapping[str, float]: ...

    @property
    def n(self) -> int:
        """The number of coordinates."""
        ...

    @property
    def dt(self) -> float: ...

    @property
    def substeps(self) -> int: ...

    @property
    def delta(self) -> float: ...

    @property
    def does_work(self) -> bool:
        """Forces, dampers, drivers or moving supports can change E: then W and E − W − E₀ are
        worth showing."""
        ...

    @property
    def m(self) -> int:
        """The scalar constraints (a mechanism's bars, sliders and drivers; 0 for a Lagrangian model)."""
        ...

    @property
    def rank(self) -> int:
        """How many of the constraints are independent."""
        ...

    @property
    def reaction_ids(self) -> tuple[str, ...]:
        """The elements whose reaction is known, in the order of :meth:`reactions`."""
        ...

    @property
    def has_momenta(self) -> bool:
        """The state carries the momenta ∂L/∂q̇ (a plot can show them): not a mechanism's, which
        carries the velocities."""
        ...

    @property
    def source(self) -> str:
        """The generated code of a substep (what ``check --show-code`` prints)."""
        ...

    def state(self, q: Vector, qdot: Vector, t: float = 0.0) -> State:
        """The state with coordinates ``q`` and velocities ``qdot`` (SimulationError if it is not one)."""
        ...

    def step(self, state: State, steps: int = 1) -> State:
        """Advance ``steps`` steps of dt; raises SimulationError and changes nothing if one fails."""
        ...

    def step_live(self, state: State, steps: int = 1) -> State:
        """:meth:`step` as the window's clock takes it: the same, or (a mechanism's) machine code of another round-off."""

    def substeps_from(self, state: State, substeps: int) -> State:
        """Advance ``substeps`` RK4 substeps (not whole steps of dt): to measure the cost of one."""
        ...

    def velocities(self, state: State) -> np.ndarray: ...

    def energies(self, state: State) -> tuple[float, float]:
        """(Ek, Ep) at ``state``."""
        ...

    def momenta(self, *columns: Any) -> Any:
        """p… at (t, q…, q̇…), each a float or an array (only where :attr:`has_momenta`)."""
        ...

    def accelerations_of(self, state: State) -> np.ndarray:
        """q̈ at ``state`` (``simulate --accelerations``)."""
        ...

    def appell(self, state: State) -> float | None:
        """The Appell function S = ½·Σ m·a² at ``state`` (a mechanism's; None for a Lagrangian model)."""
        ...

    def energy(self, state: State) -> float:
        """E at ``state``: Ek + Ep, or the Jacobi integral h = T₂ − T₀ + Ep where that is what
        the motion keeps (SPEC §7.8)."""
        ...

    @property
    def jacobi(self) -> bool:
        """E is the Jacobi integral h, not Ek + Ep."""
        ...

    def reactions(self, state: State) -> np.ndarray:
        """Each reaction at ``state``, in the order of :attr:`reaction_ids`."""
        ...

    def take_impacts(self) -> list[Impact]:
        """The impacts since this was last asked (oldest first), and forget them."""
        ...

    def resume(self, state: State) -> None:
        """Go on from ``state`` after steps taken from elsewhere."""
        ...

    def resting(self, state: State) -> int:
        """How many contacts rest at ``state``."""
        ...

    def stop_at(self, t: float, start: Vector, goal: Vector) -> np.ndarray:
        """The coordinates nearest ``goal`` on the way from ``start`` that cross no contact (a
        body dragged into a wall stops at the wall)."""
        ...

    def diagnose(self, state: State) -> SimulationError | None:
        """Which expression has no value at ``state``, said as a failed step says it (the
        expression and where it is written), or None when none is found."""
        ...

    def kinematics(self) -> Kinematics:
        """The model's bodies for this system: their poses and drags."""
        ...

    def batch(self) -> BatchPath | None:
        """The batch path, or None when the steps need more than the generated loop."""
        ...

    def stages(self) -> BatchPath | None:
        """The generated loop whose RK4 stages make each step (to replay them: the action of a
        run), or None when steps are more than that loop (and a projection back onto holonomic rows)."""
        ...

    @property
    def copies_together(self) -> bool:
        """Copies of the motion step as one batch, for little more than one step costs (the window
        runs fifty of them; else ten, so they keep up with the clock)."""
        ...

    def wait_copies(self, timeout: float) -> bool:
        """Wait (at most ``timeout`` seconds) for the machine code the copies step on, asking for it
        if nobody has yet: True when it is there (a map or a bench would rather wait than time the
        plain path)."""
        ...

    def step_copies(self, t: float, Y: np.ndarray, work: np.ndarray) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
        """One step of dt for copies of the motion, one state per row (q…, then p… or q̇… as the
        state carries them), each with its work: (t, Y, work, ok), ok marking the copies whose
        step could be taken. Each copy's numbers are those of its own run (to round-off)."""
        ...

    def substep_cost(self, state: State) -> int:
        """Microseconds one substep from ``state`` may take at most, with its share of drawing
        the poses of a step, as timed for the shipped models (``bench --look``): how far the
        window's framing may look ahead (see :mod:`game.app.session.looking`)."""
        ...

    def retime(self, model: ModelFile) -> None:
        """The same equations with the step of ``model`` (new dt and N, nothing compiled again)."""
        ...


def step_one_by_one(system: Any, t: float, Y: np.ndarray, work: np.ndarray
                    ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """:meth:`MotionSystem.step_copies` by the system's own step (a MotionSystem's), a copy at a time:
    what a copy with an impact inside the step takes."""
    n = system.n
    Y, work = np.array(Y, dtype=float), np.array(work, dtype=float)
    ok = np.ones(len(Y), dtype=bool)
    t_end = t + system.dt
    for k in range(len(Y)):
        try:
            new = system.step(State(t, Y[k, :n].copy(), Y[k, n:].copy(), float(work[k])), 1)
        except SimulationError:
            ok[k] = False
            continue
        t_end = new.t
        Y[k] = np.concatenate((new.q, new.p))
        work[k] = new.work + new.support_work
    system.take_impacts()  # the copies' impacts are not the motion's (its flashes and sounds)
    return t_end, Y, work, ok


class MotionDefaults(StepTimes):
    """What a kind of system has not: no reactions, no impacts, no contacts, no batch path,
    nothing to diagnose, nothing to choose again on resuming."""

    model: ModelFile
    m = 0
    rank = 0
    reaction_ids: tuple[str, ...] = ()
    has_momenta = False

    @property
    def jacobi(self) -> bool:
        return False

    def momenta(self, *columns: Any) -> Any:
        raise TypeError("this system's state carries no momenta")

    def energies(self, state: State) -> tuple[float, float]:
        raise NotImplementedError

    def energy(self, state: State) -> float:
        return sum(self.energies(state))

    def appell(self, state: State) -> float | None:
        return None

    def reactions(self, state: State) -> np.ndarray:
        return np.zeros(0)

    def take_impacts(self) -> list[Impact]:
        return []

    def resume(self, state: State) -> None:
        return None

    def resting(self, state: State) -> int:
        return 0

    def stop_at(self, t: float, start: Vector, goal: Vector) -> np.ndarray:
        return np.asarray(goal)

    def diagnose(self, state: State) -> SimulationError | None:
        return None

    def batch(self) -> BatchPath | None:
        return None

    def stages(self) -> BatchPath | None:
        return self.batch()

    @property
    def copies_together(self) -> bool:
        return False

    def wait_copies(self, timeout: float) -> bool:
        return False

    def step_copies(self, t: float, Y: np.ndarray, work: np.ndarray) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
        return step_one_by_one(self, t, Y, work)

    def retime(self, model: ModelFile) -> None:
        self.model = model


# -- the bodies of a model --------------------------------------------------------------------


class DragHandle(Protocol):
    """A body that can be dragged."""

    @property
    def id(self) -> str: ...

    @property
    def own(self) -> tuple[int, ...]:
        """The coordinates that belong to the body itself (its arrow in v mode shows their velocities)."""
        ...


class Kinematics(Protocol):
    """Where a model's bodies are at a state, and editing by dragging them: the GRAPHICS block's
    (:class:`~game.physics.lagrange.kinematics.GraphicsKinematics`) or a mechanism's elements'
    (:class:`~game.physics.mechanism.kinematics.MechanismKinematics`)."""

    @property
    def handles(self) -> Mapping[str, DragHandle]:
        """What can be dragged, by body id."""
        ...

    @property
    def trail_ids(self) -> Sequence[str]:
        """The bodies that leave a trail."""
        ...

    @property
    def fixed_pivots(self) -> Sequence[tuple[float, float]]:
        """Points that never move and hold something: each gets a support mark."""
        ...

    @property
    def size(self) -> float:
        """A length typical of the model's bodies (the reaction arrows' scale)."""
        ...

    def motion_bounds(self) -> Box | None:
        """A box no body ever leaves, whatever the motion, or None."""
        ...

    def poses(self, t: float, q: Vector, qdot: Vector) -> list[Pose]: ...

    def poses_many(self, t: float, Q: np.ndarray, QD: np.ndarray) -> list[PoseArrays]:
        """The bodies at many states (one per row of ``Q``, ``QD``), as arrays over the states."""
        ...

    def handle_point(self, gid: str, t: float, q: Vector) -> np.ndarray:
        """Where the point of body ``gid`` that follows the mouse is."""
        ...

    def own_velocity(self, gid: str, t: float, q: Vector, qdot: Vector) -> np.ndarray:
        """The velocity its arrow shows in v mode."""
        ...

    def drag_position(self, gid: str, target: Vector, t: float, q: Vector) -> np.ndarray:
        """The q, near ``q``, that puts the handle of ``gid`` closest to ``target``."""
        ...

    def drag_velocity(self, gid: str, velocity: Vector, t: float, q: Vector, qdot: Vector) -> np.ndarray:
        """q̇ with the velocity of ``gid``'s handle as close to ``velocity`` as it can be."""
        ...

    def negative_sizes(self, t: float, q: Vector, qdot: Vector) -> list[tuple[str, str, str, float]]:
        """``(kind, id, field, value)`` of every size that is negative now (drawn inside out)."""
        ...

    def reaction_arrows(self, state: State, length_per_force: float) -> list[ForceArrow]:
        """The reactions on the bodies as arrows, ``length_per_force`` long per unit of force."""
        ...

    def held_by_motors(self, gid: str, t: float, q: Vector) -> tuple[Element, ...]:
        """The motors that leave body ``gid`` no motion of its own (no drag can move it)."""
        ...


class KinematicsDefaults:
    """What a kind of bodies has not: sizes of their own, reactions, motors; and poses of many
    states one state at a time."""

    #: a mechanism's reaction arrows are scaled by its size; bodies without reactions need none
    size = 1.0

    def poses(self, t: float, q: Vector, qdot: Vector) -> list[Pose]:
        raise NotImplementedError

    def poses_many(self, t: float, Q: np.ndarray, QD: np.ndarray) -> list[PoseArrays]:
        return stack_poses([self.poses(t, qk, vk) for qk, vk in zip(Q, QD)])

    def negative_sizes(self, t: float, q: Vector, qdot: Vector) -> list[tuple[str, str, str, float]]:
        return []

    def reaction_arrows(self, state: State, length_per_force: float) -> list[ForceArrow]:
        return []

    def held_by_motors(self, gid: str, t: float, q: Vector) -> tuple[Element, ...]:
        return ()
