"""One running simulation: the user's parameters and conditions, the current
state, and the energy bookkeeping shown in the energy panel.

This is what the window and the ``simulate`` command drive. Conditions the
user sets (typed or dragged) are remembered so Reset can return to them.
Observers (trails, the history, the CSV of ``simulate``) hear of every step
and of every break (see :mod:`game.physics.records`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np

from ..expr import Expression
from ..model import ModelFile, condition_values, parameter_values
from ..model.mechanism import reaction_name
from .mechanism import MechanismSystem
from .records import StepObserver
from .system import System


def _reaction(k: int) -> Callable[[Simulation], float]:
    """The column of the ``k``-th reaction."""
    return lambda sim: float(sim.reaction_values()[k])


class Simulation:
    def __init__(self, model: ModelFile, derivatives: str = "exact",
                 parameters: Mapping[str, Expression] | None = None,
                 conditions: Mapping[str, Expression] | None = None):
        self.model = model
        self.derivatives = derivatives
        #: Parameter values the user changed, as expressions (file values otherwise).
        self.parameter_overrides: dict[str, Expression] = dict(parameters or {})
        self.parameters = parameter_values(model, self.parameter_overrides)
        self.system = self._system(self.parameters)
        #: told of every step and break, in order
        self.observers: list[StepObserver] = []
        #: columns of a sample after DE, by name, in order: W when forces or moving supports do work
        #: (contacts add their energy lost, measures their values)
        self.columns: list[tuple[str, Callable[[Simulation], float]]] = []
        for k, eid in enumerate(self.reaction_ids):  # a mechanism's reactions (SPEC §7.5)
            self.columns.append((reaction_name(eid), _reaction(k)))
        if self.does_work:
            self.columns.append(("W", lambda sim: sim.work))
        values = condition_values(model, self.parameters, conditions)
        self.set_conditions([values[c] for c in model.coordinates], [values[v] for v in model.velocities])

    def _system(self, parameters: Mapping[str, float]) -> System | MechanismSystem:
        """The model's system: a Lagrangian one (generated code), or a mechanism's."""
        if self.model.mechanism is not None:
            return MechanismSystem(self.model, parameters)
        return System(self.model, parameters, self.derivatives)

    # -- what the user sets ---------------------------------------------------------

    def set_conditions(self, q, qdot) -> None:
        """New conditions set by the user (typed or dragged): Reset comes back to them."""
        self._start(q, qdot)
        self.user_q = np.array(q, dtype=float)
        self.user_qdot = np.array(qdot, dtype=float)

    def _start(self, q, qdot) -> None:
        """The motion starts again here: t = 0, the energy reference and DE too."""
        self.state = self.system.state(q, qdot, 0.0)
        ek, ep = self.system.energies(self.state)
        self.e0 = ek + ep
        self.de = 0.0
        self.announce_break()

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

    # -- time ----------------------------------------------------------------------------

    def step(self, steps: int = 1) -> None:
        """Advance whole steps of dt; on failure raises and keeps the last good state.
        Observers hear of each step (without observers, all steps run in one call)."""
        if not self.observers:
            self.state = self.system.step(self.state, steps)
            self.de = max(self.de, abs(self.energy - self.work - self.e0))
            return
        for _ in range(steps):
            self.state = self.system.step(self.state, 1)
            self.de = max(self.de, abs(self.energy - self.work - self.e0))
            for observer in self.observers:
                observer.on_step(self)

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
        ek, ep = self.energies
        return ek + ep

    @property
    def does_work(self) -> bool:
        """Forces or moving supports (drivers, dampers) can change E: then W and E − W − E₀ are worth showing."""
        return self.system.does_work

    @property
    def reaction_ids(self) -> tuple[str, ...]:
        """The elements whose reaction is known (a mechanism's bars, sliders and drivers)."""
        system = self.system
        return system.reaction_ids if isinstance(system, MechanismSystem) else ()

    def reaction_values(self) -> np.ndarray:
        """Each reaction now, in the order of :attr:`reaction_ids` (see MechanismSystem.reactions)."""
        system = self.system
        return system.reactions(self.state) if isinstance(system, MechanismSystem) else np.zeros(0)

    def reactions(self) -> dict[str, float]:
        """The reactions now by column name (λ_ID), empty for a Lagrangian model."""
        return {reaction_name(eid): float(v) for eid, v in zip(self.reaction_ids, self.reaction_values())}

    @property
    def work(self) -> float:
        """Work done on the system since the conditions were set: by the generalized
        forces and by supports that move. E − W − E₀ stays 0 up to integration error."""
        return self.state.work + self.state.support_work

    def sample_names(self) -> tuple[str, ...]:
        """What :meth:`sample` gives, by name: one row of the CSV of ``simulate`` and of the history."""
        return ("t", *self.model.coordinates, *self.model.velocities, "Ek", "Ep", "E", "DE",
                *(name for name, _ in self.columns))

    def sample(self) -> tuple[float, ...]:
        """t, q, q̇, Ek, Ep, E, DE, then the extra :attr:`columns`, now."""
        qdot = self.qdot
        ek, ep = self.system.energies(self.state)
        row = (self.t, *self.state.q.tolist(), *qdot.tolist(), ek, ep, ek + ep, self.de)
        return row + tuple(value(self) for _, value in self.columns)

    def values(self) -> dict[str, float]:
        """Coordinates then velocities, by the model's names."""
        return {**dict(zip(self.model.coordinates, self.q.tolist())),
                **dict(zip(self.model.velocities, self.qdot.tolist()))}
