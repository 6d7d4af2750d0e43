"""One running simulation: the user's parameters and conditions, the current
state, and the energy bookkeeping shown in the energy panel.

This is what the window and the ``simulate`` command drive. Conditions the
user sets (typed or dragged) are remembered so Reset can return to them.
Observers (trails, the history, the CSV of ``simulate``) hear of every step
and of every break (see :mod:`game.physics.observe.records`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Mapping
from dataclasses import replace
from typing import NoReturn, Protocol

import numpy as np

from ..expr import Expression
from ..expr.codegen import ARITHMETIC_ERRORS
from ..expr.errors import EvaluationError
from ..messages import Message, msg
from ..model import ModelFile, condition_values, parameter_values
from ..model.mechanism import reaction_name
from .numerics import all_finite
from .observe.action import RunAction
from .observe.measures import Measures
from .state import Impact, MotionSystem, SimulationError, State
from .systems import build_system

#: DE beyond this fraction of the run's energy scale means the step is too coarse for the
#: conditions (RK4 at a sensible step keeps it orders of magnitude below)
COARSE = 1e-3


class StepObserver(Protocol):
    """What watches the motion (see :mod:`game.physics.observe.records`): told of every step and break."""

    def on_step(self, sim: Simulation) -> None:
        """The simulation took one step of dt; its state is the new one."""
        ...

    def on_break(self, sim: Simulation) -> None:
        """The motion jumped (new conditions, a reset, new parameters): what follows does not
        continue what came before. The state is the new starting point."""
        ...


def _reaction(k: int) -> Callable[[Simulation], float]:
    """The column of the ``k``-th reaction."""
    return lambda sim: float(sim.reaction_values()[k])


class Simulation:
    def __init__(self, model: ModelFile, derivatives: str = "exact",
                 parameters: Mapping[str, Expression] | None = None,
                 conditions: Mapping[str, Expression] | None = None, action: bool = False):
        self.model = model
        self.derivatives = derivatives
        #: Parameter values the user changed, as expressions (file values otherwise).
        self.parameter_overrides: dict[str, Expression] = dict(parameters or {})
        self.parameters = parameter_values(model, self.parameter_overrides)
        self.system = self._system(self.parameters)
        #: stepped to the window's clock (:meth:`~.state.MotionSystem.step_live`): a mechanism may take
        #: its machine code's steps, whose round-off is not the plain ones'; ``simulate`` never is
        self.live = False
        #: told of every step and break, in order
        self.observers: list[StepObserver] = []
        #: columns of a sample after DE, by name, in order: W when forces or moving supports do work
        #: (contacts add their energy lost, measures their values)
        self.columns: list[tuple[str, Callable[[Simulation], float]]] = []
        if action:  # S = ∫ L dt (SPEC §7.7), first after DE
            self._action_column()
        for k, eid in enumerate(self.reaction_ids):  # a mechanism's reactions (SPEC §7.5)
            self.columns.append((reaction_name(eid), _reaction(k)))
        if self.does_work:
            self.columns.append(("W", lambda sim: sim.work))
        if self.has_contacts:
            self.columns.append(("Eloss", lambda sim: sim.losses))
        #: the model's named measures (SPEC §7.4), compiled once; their values are columns too
        self.measures = Measures(model)
        #: the last sample and the state it is of
        self._sampled: tuple[State, tuple[float, ...]] | None = None
        self.columns += self.measures.columns()
        values = condition_values(model, self.parameters, conditions)
        self.set_conditions([values[c] for c in model.coordinates], [values[v] for v in model.velocities])

    def _action_column(self) -> None:
        """The column S, the action of the run since it last started (``simulate --action``);
        NotImplementedError for a system whose steps are more than the generated RK4 loop."""
        if self.system.stages() is None:
            velocity_rows = [row.id for row in self.model.constraints if not row.holonomic]
            if velocity_rows and not self.model.contacts:  # why, in the user's words
                raise NotImplementedError(msg("action.nonholonomic", names=", ".join(velocity_rows)))
            raise NotImplementedError("the action of a run needs plain RK4 steps (no contacts, no mechanism)")
        action = RunAction()
        self.observers.append(action)
        self.columns.append(("S", action.value))

    def _system(self, parameters: Mapping[str, float]) -> MotionSystem:
        """The model's system: a Lagrangian one (generated code), or a mechanism's."""
        return build_system(self.model, parameters, self.derivatives)

    # -- what the user sets ---------------------------------------------------------

    def set_conditions(self, q, qdot) -> None:
        """New conditions set by the user (typed or dragged): Reset comes back to them."""
        self._start(q, qdot)
        self.user_q = np.array(q, dtype=float)
        self.user_qdot = np.array(qdot, dtype=float)

    def _start(self, q, qdot) -> None:
        """The motion starts again here: t = 0, the energy reference and DE too (and the
        energy lost in contacts)."""
        self.state = self.system.state(q, qdot, 0.0)
        self._new_impacts()  # those of the motion left behind
        #: the impacts of the last step (contacts), oldest first: observers read them in on_step
        self.impacts: list[Impact] = []
        ek, _ = self.system.energies(self.state)
        self.e0 = self.system.energy(self.state)
        self.de = 0.0
        #: the largest kinetic energy since the motion started here (see :attr:`energy_scale`)
        self.ek_max = abs(ek)
        self.ep_sensitivity = self._sensitivity(np.asarray(q, dtype=float), np.asarray(qdot, dtype=float))
        self.announce_break()

    def _sensitivity(self, q: np.ndarray, qdot: np.ndarray) -> float:
        """Σ |∂Ep/∂qᵢ|·max(|qᵢ|, 1): how much Ep changes when the coordinates change by their own
        size. An energy scale that does not vanish where Ep happens to be ~0 (both bars of a
        double pendulum horizontal: Ep = −1.8e-15, the round-off of cos(π/2))."""
        p = self.state.p
        total = 0.0
        for i in range(len(q)):
            size = max(abs(float(q[i])), 1.0)
            h = 1e-6 * size
            up, down = q.copy(), q.copy()
            up[i] += h
            down[i] -= h
            try:  # Ep depends on q alone: the momenta of the state will do
                slope = (self.system.energies(State(0.0, up, p))[1] - self.system.energies(State(0.0, down, p))[1]) / (2 * h)
            except (ArithmeticError, ValueError):  # outside the domain of Ep there: no slope
                continue
            if math.isfinite(slope):
                total += abs(slope) * size
        return total

    def announce_break(self) -> None:
        """Tell the observers the motion starts again from the present state (what they
        record of it may also have changed, e.g. the poses after new parameters)."""
        for observer in self.observers:
            observer.on_break(self)

    def set_parameters(self, overrides: Mapping[str, Expression]) -> None:
        """Change parameters (validated first: on error nothing changes). The motion goes on
        from the present q and q̇; Reset still returns to the conditions the user last set."""
        merged = {**self.parameter_overrides, **overrides}
        params = parameter_values(self.model, merged)
        system = self._system(params)
        q, qdot = self.q, self.qdot
        system.state(q, qdot, 0.0)  # raises before anything changes if the state is impossible
        system.state(self.user_q, self.user_qdot, 0.0)  # and Reset must still be possible
        self.parameter_overrides, self.parameters, self.system = merged, params, system
        self._start(q, qdot)

    def reset(self) -> None:
        """Back to the last conditions the user set."""
        self.set_conditions(self.user_q, self.user_qdot)

    def set_step(self, dt: float, substeps: int) -> None:
        """New system data (the manual's "datos del sistema"): steps of ``dt`` made of ``substeps``
        RK4 substeps. The equations are the same (nothing is compiled again); the motion goes on
        from the present state, with the energy reference and DE starting here, as after new
        parameters."""
        self.model = replace(self.model, general=replace(self.model.general, dt=float(dt), n_substeps=int(substeps)))
        self.system.retime(self.model)
        self._start(self.q, self.qdot)

    # -- time ----------------------------------------------------------------------------

    def resume(self) -> None:
        """The system ready to go on from the present state after steps taken aside (``simulate``
        measuring its speed): impacts of those steps forgotten, a mechanism's rows in use chosen
        again here."""
        self._new_impacts()
        self.system.resume(self.state)

    def step(self, steps: int = 1) -> None:
        """Advance whole steps of dt; on failure raises and keeps the last good state.
        Observers hear of each step (without observers, all steps run in one call)."""
        if not self.observers:
            self._advance(steps)
            return
        for _ in range(steps):
            self._advance(1)

    def _advance(self, steps: int) -> None:
        """``steps`` steps, then the observers hear of the new state. Every value of the motion a
        sample shows (t, q, q̇, the energies, DE, W, Eloss, reactions) must be a finite number: a
        state where one is not (a friction that makes energy) is not kept, and the motion stops
        before it."""
        before, accounts = self.state, (self.de, self.ek_max)
        self.state = (self.system.step_live if self.live else self.system.step)(self.state, steps)
        try:
            self._account()
        except ARITHMETIC_ERRORS as exc:
            # the steps use only the derivatives of the energies: Ek or Ep itself may have left
            # its domain where its derivative has not (sqrt(floor(x)) below 0)
            self._energy_failed(before, accounts, exc)
        wrong: tuple[str, float] | None = None
        try:
            row = self.sample()
            motion = len(row) - len(self.measures)  # a measure reads NaN where it has no value: it is
            if not all_finite(row[:motion]):  # not the motion, which goes on
                wrong = next(((name, value) for name, value in zip(self.sample_names()[:motion], row[:motion])
                              if not math.isfinite(value)), None)
            if wrong is None:
                for observer in self.observers:
                    observer.on_step(self)
        except SimulationError:
            raise
        except (EvaluationError, *ARITHMETIC_ERRORS) as exc:
            # a body or a measure cannot be computed at the new state (a graphic field
            # out of its domain): the motion stops before it, as for a failed step
            self._stop_before(before, accounts, msg("sim.cannot_show", reason=EvaluationError.of(exc).reason))
        if wrong is not None:
            name, value = wrong
            self._stop_before(before, accounts, msg("sim.not_finite", name=name, value=repr(float(value))))

    def _energy_failed(self, before: State, accounts: tuple[float, float], exc: Exception) -> NoReturn:
        """The energies cannot be computed at the new state: which expression, and why."""
        failed = self.state
        found = self.system.diagnose(failed)  # said as a failed step says it: the expression and its place
        if found is None:
            self._stop_before(before, accounts, msg("sim.cannot_compute", label="Ek, Ep",
                                                    reason=EvaluationError.of(exc).reason))
        label = str(found.expression or "").split(" = ")[0]
        written = {"Ek": self.model.kinetic, "Ep": self.model.potential}.get(label)
        if found.location is None and written is not None:
            found.location = written.location  # file:line:col of the energy in the model
        self.state, (self.de, self.ek_max), self.impacts = before, accounts, []  # as before the step
        raise found from None

    def _stop_before(self, before: State, accounts: tuple[float, float], reason: Message) -> NoReturn:
        """Back to the state ``before`` the steps (the last good one), and why the motion stops."""
        failed = self.state
        values = {**dict(zip(self.model.coordinates, failed.q.tolist())),
                  **dict(zip(self.model.velocities, self.system.velocities(failed).tolist()))}
        self.state, (self.de, self.ek_max), self.impacts = before, accounts, []  # as before the step
        raise SimulationError(reason, failed.t, values) from None

    def ahead(self, steps: int) -> Generator[State, None, None]:
        """The states of the next ``steps`` steps, one by one, without moving this simulation
        (to see where the motion goes). The observers hear nothing and the impacts of those steps
        are forgotten; it ends early at a step that fails."""
        state = self.state
        try:
            for _ in range(steps):
                try:
                    state = self.system.step(state, 1)
                except SimulationError:
                    return
                yield state
        finally:
            self._new_impacts()  # not the run's impacts (a real step takes its own as it is made)

    def _account(self) -> None:
        ek, ep = self.energies
        energy = self.system.energy(self.state) if self.system.jacobi else ek + ep
        self.de = max(self.de, abs(energy - self.work - self.e0 + self.state.losses))
        self.ek_max = max(self.ek_max, abs(ek))
        self.impacts = self._new_impacts()

    def _new_impacts(self) -> list[Impact]:
        return self.system.take_impacts()

    # -- what is shown --------------------------------------------------------------------

    @property
    def t(self) -> float:
        return self.state.t

    @property
    def q(self) -> np.ndarray:
        return np.array(self.state.q)

    @property
    def qdot(self) -> np.ndarray:
        return self.system.velocities(self.state)

    @property
    def energies(self) -> tuple[float, float]:
        return self.system.energies(self.state)

    @property
    def energy(self) -> float:
        """E: Ek + Ep, or the Jacobi integral h = T₂ − T₀ + Ep where the motion keeps that instead (SPEC §7.8)."""
        return self.system.energy(self.state)

    @property
    def energy_scale(self) -> float:
        """The size of the energies of this run: the largest of |E₀|, the largest kinetic
        energy since it started (E₀ can be ~0: a pendulum let go from the horizontal) and
        how much Ep changes with the coordinates where it started."""
        return max(abs(self.e0), self.ek_max, self.ep_sensitivity)

    @property
    def too_coarse(self) -> bool:
        """DE exceeds :data:`COARSE` of the energy scale: the step of dt/N is too coarse for
        these conditions (a finer N, or a smaller dt, is needed)."""
        return self.de > COARSE * self.energy_scale

    @property
    def does_work(self) -> bool:
        """Forces or moving supports (drivers, dampers) can change E: then W and E − W − E₀ are worth showing."""
        return self.system.does_work

    @property
    def reaction_ids(self) -> tuple[str, ...]:
        """The elements whose reaction is known (a mechanism's bars, sliders and drivers)."""
        return self.system.reaction_ids

    def reaction_values(self) -> np.ndarray:
        """Each reaction now, in the order of :attr:`reaction_ids` (see MechanismSystem.reactions)."""
        return self.system.reactions(self.state)

    def reactions(self) -> dict[str, float]:
        """The reactions now by column name (λ_ID), empty for a Lagrangian model."""
        return {reaction_name(eid): float(v) for eid, v in zip(self.reaction_ids, self.reaction_values())}

    @property
    def work(self) -> float:
        """Work done on the system since the conditions were set: by the generalized
        forces and by supports that move. E − W − E₀ stays 0 up to integration error."""
        return self.state.work + self.state.support_work

    @property
    def has_contacts(self) -> bool:
        return bool(self.model.contacts)

    @property
    def resting(self) -> int:
        """How many contacts rest at the present state (0 without contacts, or when one is about
        to strike: the next step finds out): while any rests, a substep also solves for their
        forces, several times slower (see :meth:`System.substep_cost`)."""
        return self.system.resting(self.state)

    @property
    def losses(self) -> float:
        """Kinetic energy lost in contacts (impacts, sliding friction) since the conditions were set."""
        return self.state.losses

    @property
    def balance(self) -> float:
        """E − W − E₀ + losses: 0 up to integration error (DE is its largest size so far)."""
        return self.energy - self.work - self.e0 + self.state.losses

    def sample_names(self) -> tuple[str, ...]:
        """What :meth:`sample` gives, by name: one row of the CSV of ``simulate`` and of the history."""
        return ("t", *self.model.coordinates, *self.model.velocities, "Ek", "Ep", "E", "DE",
                *(name for name, _ in self.columns))

    def sample(self) -> tuple[float, ...]:
        """t, q, q̇, Ek, Ep, E, DE, then the extra :attr:`columns`, now (computed once per state:
        a step checks it, then the history and the CSV write it)."""
        if self._sampled is not None and self._sampled[0] is self.state:
            return self._sampled[1]
        qdot = self.qdot
        ek, ep = self.system.energies(self.state)
        energy = self.system.energy(self.state) if self.system.jacobi else ek + ep
        row = (self.t, *self.state.q.tolist(), *qdot.tolist(), ek, ep, energy, self.de)
        row += tuple(value(self) for _, value in self.columns)
        self._sampled = (self.state, row)
        return row

    def values(self) -> dict[str, float]:
        """Coordinates then velocities, by the model's names."""
        return {**dict(zip(self.model.coordinates, self.q.tolist())),
                **dict(zip(self.model.velocities, self.qdot.tolist()))}
