"""One running simulation: the user's parameters and conditions, the current
state, and the energy bookkeeping shown in the energy panel.

This is what the window and the ``simulate`` command drive. Conditions the
user sets (typed or dragged) are remembered so Reset can return to them.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..expr import Expression
from ..model import ModelFile, condition_values, parameter_values
from .system import System


class Simulation:
    def __init__(self, model: ModelFile, derivatives: str = "exact",
                 parameters: Mapping[str, Expression] | None = None,
                 conditions: Mapping[str, Expression] | None = None):
        self.model = model
        self.derivatives = derivatives
        #: Parameter values the user changed, as expressions (file values otherwise).
        self.parameter_overrides: dict[str, Expression] = dict(parameters or {})
        self.parameters = parameter_values(model, self.parameter_overrides)
        self.system = System(model, self.parameters, derivatives)
        values = condition_values(model, self.parameters, conditions)
        self.set_conditions([values[c] for c in model.coordinates], [values[v] for v in model.velocities])

    # -- what the user sets ---------------------------------------------------------

    def set_conditions(self, q, qdot) -> None:
        """New conditions: t = 0, energy reference and DE start again here."""
        self.state = self.system.state(q, qdot, 0.0)
        self.user_q = np.array(q, dtype=float)
        self.user_qdot = np.array(qdot, dtype=float)
        ek, ep = self.system.energies(self.state)
        self.e0 = ek + ep
        self.de = 0.0

    def set_parameters(self, overrides: Mapping[str, Expression]) -> None:
        """Change parameters (validated first: on error nothing changes); keeps q and q̇."""
        merged = {**self.parameter_overrides, **overrides}
        params = parameter_values(self.model, merged)
        system = System(self.model, params, self.derivatives)
        q, qdot = self.q, self.qdot
        system.state(q, qdot, 0.0)  # raises before anything changes if the state is impossible
        self.parameter_overrides, self.parameters, self.system = merged, params, system
        self.set_conditions(q, qdot)

    def reset(self) -> None:
        """Back to the last conditions the user set."""
        self.set_conditions(self.user_q, self.user_qdot)

    # -- time ----------------------------------------------------------------------------

    def step(self, steps: int = 1) -> None:
        """Advance whole steps of dt; on failure raises and keeps the last good state."""
        state = self.system.step(self.state, steps)
        self.state = state
        self.de = max(self.de, abs(self.energy - self.work - self.e0))

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
        """Forces or moving supports can change E: then W and E − W − E₀ are worth showing."""
        return bool(self.model.forces) or self.system.mechanics.time_dependent

    @property
    def work(self) -> float:
        """Work done on the system since the conditions were set: by the generalized
        forces and by supports that move. E − W − E₀ stays 0 up to integration error."""
        return self.state.work + self.state.support_work

    def values(self) -> dict[str, float]:
        """Coordinates then velocities, by the model's names."""
        return {**dict(zip(self.model.coordinates, self.q.tolist())),
                **dict(zip(self.model.velocities, self.qdot.tolist()))}
