"""What a value typed in the Parameters or Conditions panel means.

``check`` says why a typed text is refused (or None), without changing anything;
``accept`` applies the changes to the simulation, all or nothing. No pygame here:
the panels only show rows and pass text along.

The Parameters panel ends with the system data of CenM's panel (seed 000, §2.1):
``dt``, the time between frames of the animation, and ``N``, the RK4 substeps in
each; within the ceilings ``check`` applies to a model file's GENERAL block (``LIMITS``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ...expr import EvaluationError, ExpressionError, check_names, evaluate, parse
from ...expr.parser import unquote
from ...messages import Message, language, msg, thousands
from ...model import ModelFileError, parameter_values
from ...model.reader import LIMITS
from ...physics import Kinematics, Simulation, SimulationError, build_system
from .readout import number

#: what building the motion from typed values may raise: each is a refusal, never a crash (a
#: mechanism's points that cannot be assembled, a mass matrix no longer positive definite, a
#: division by a length typed as 0 …)
REFUSED = (ExpressionError, EvaluationError, SimulationError, ModelFileError, ArithmeticError, np.linalg.LinAlgError)


def refusal(exc: Exception) -> str:
    if isinstance(exc, ModelFileError):
        return str(exc.problems[0].message) if exc.problems else str(exc)
    if isinstance(exc, (ArithmeticError, np.linalg.LinAlgError)) and not isinstance(exc, (EvaluationError,
                                                                                          SimulationError)):
        detail = EvaluationError.of(exc).message if isinstance(exc, ArithmeticError) else str(exc)
        return msg("edit.impossible", reason=detail).text()
    return getattr(exc, "message", None) or str(exc)


def _number(text: str) -> float:
    """A typed number (an expression of numbers alone: ``1/50`` will do)."""
    e = parse(text)
    check_names(e, (), msg("where.system_data"))
    return evaluate(e.tree, {})


@dataclass(frozen=True)
class Row:
    """One row of the Parameters or Conditions panel."""

    name: str
    value: str  # as shown (an expression or a number)
    description: str


@dataclass
class ParameterEdits:
    sim: Simulation
    #: texts accepted with Enter but not yet applied, so later rows may use them
    pending: dict[str, str] = field(default_factory=dict)

    @property
    def system_names(self) -> tuple[str, str]:
        """The rows of dt and N ("dt", "N"; prefixed if the model has parameters of those names)."""
        taken = {p.name for p in self.sim.model.parameters}
        return ("dt", "N") if not {"dt", "N"} & taken else ("GENERAL.dt", "GENERAL.N")

    def rows(self) -> list[Row]:
        overrides = self.sim.parameter_overrides
        g = self.sim.model.general
        dt, n = self.system_names
        return [*(Row(p.name, unquote(overrides[p.name].text if p.name in overrides else p.value.text)[0].strip(),
                      p.description_in(language())) for p in self.sim.model.parameters),
                Row(dt, number(g.dt), msg("panel.dt").text()),
                Row(n, str(g.n_substeps), msg("panel.n").text())]

    def check(self, name: str, text: str) -> str | None:
        try:
            changes = {**self.pending, name: text}
            model, system = self._split(changes)
            parameter_values(self.sim.model, {**self.sim.parameter_overrides,
                                              **{k: parse(v) for k, v in model.items()}})
            self._step(system)
        except (ExpressionError, EvaluationError) as exc:
            return refusal(exc)
        except ValueError as exc:
            return str(exc)
        self.pending[name] = text
        return None

    def accept(self, changes: dict[str, str]) -> str | None:
        try:
            model, system = self._split(changes)
            step = self._step(system)
            if model:
                self.sim.set_parameters({k: parse(v) for k, v in model.items()})
            if system:
                self.sim.set_step(*step)
        except SimulationError as exc:
            return self._not_positive(model, exc) or refusal(exc)
        except REFUSED as exc:
            return refusal(exc)
        except ValueError as exc:
            return str(exc)
        return None

    def _not_positive(self, changes: dict[str, str], exc: SimulationError) -> str | None:
        """A kinetic energy that cannot be solved after values typed 0 or less (a mass, a length):
        said by those parameters ("m must be > 0"), as a student would; ``check`` still gives the
        engine's reason. None when no typed value is 0 or less."""
        if not (isinstance(exc.why, Message) and exc.why.key == "sim.singular"):
            return None
        try:
            values = parameter_values(self.sim.model, {**self.sim.parameter_overrides,
                                                       **{k: parse(v) for k, v in changes.items()}})
        except REFUSED:
            return None
        low = [k for k in changes if values.get(k, 1.0) <= 0]
        if not low:
            return None
        return msg("edit.must_be_positive" if len(low) == 1 else "edit.must_be_positive_many",
                   names=", ".join(low), values=", ".join(f"{k} = {number(values[k])}" for k in low)).text()

    def preview_values(self, changes: dict[str, str]) -> dict[str, float]:
        """Every parameter's value with these texts (a slider's live preview; nothing changes)."""
        model, _ = self._split(changes)
        sim = self.sim
        return parameter_values(sim.model, {**sim.parameter_overrides, **{k: parse(v) for k, v in model.items()}})

    def preview(self, values: dict[str, float]) -> tuple[Kinematics, np.ndarray, np.ndarray]:
        """The bodies' kinematics with these parameters and where they are now, without changing
        the simulation. Raises one of :data:`REFUSED` as :meth:`accept` would."""
        sim = self.sim
        system = build_system(sim.model, values, sim.derivatives)
        state = system.state(sim.q, sim.qdot, sim.t)
        return system.kinematics(), state.q, system.velocities(state)

    def _split(self, changes: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
        """The model's parameters, and the system data (by "dt", "N")."""
        names = dict(zip(self.system_names, ("dt", "N")))
        return ({k: v for k, v in changes.items() if k not in names},
                {names[k]: v for k, v in changes.items() if k in names})

    def _step(self, system: dict[str, str]) -> tuple[float, int]:
        """dt and N after ``system``'s texts (numbers), checked against the ceilings."""
        g = self.sim.model.general
        dt, n = float(g.dt), float(g.n_substeps)
        if "dt" in system:
            dt = _number(system["dt"])
            low, high = LIMITS.dt
            if not (math.isfinite(dt) and low <= dt <= high):
                raise ValueError(msg("panel.dt_range", low=number(low), high=number(high)).text())
        if "N" in system:
            n = _number(system["N"])
            if not (math.isfinite(n) and n == int(n) and 1 <= n <= LIMITS.substeps):
                raise ValueError(msg("panel.n_range", high=thousands(LIMITS.substeps)).text())
        if n / dt > LIMITS.rate:
            raise ValueError(msg("panel.rate_too_high", rate=number(n / dt), high=thousands(LIMITS.rate)).text())
        return dt, int(n)


@dataclass
class ConditionEdits:
    sim: Simulation

    def rows(self) -> list[Row]:
        values = self.sim.values()
        return [Row(c.name, number(values[c.name]), c.description_in(language()))
                for c in self.sim.model.conditions]

    def value_of(self, text: str) -> float:
        e = parse(text)
        check_names(e, self.sim.parameters, msg("where.condition"))
        return evaluate(e.tree, self.sim.parameters)

    def check(self, name: str, text: str) -> str | None:
        try:
            self.value_of(text)
        except (ExpressionError, EvaluationError) as exc:
            return refusal(exc)
        return None

    def preview_values(self, changes: dict[str, str]) -> dict[str, float]:
        """Every condition's value with these texts (a slider's live preview; nothing changes)."""
        return {**self.sim.values(), **{k: self.value_of(v) for k, v in changes.items()}}

    def preview(self, values: dict[str, float]) -> tuple[np.ndarray, np.ndarray]:
        """Where these conditions put the bodies (a mechanism's assembled), without changing the
        simulation."""
        sim, model = self.sim, self.sim.model
        state = sim.system.state([values[c] for c in model.coordinates], [values[v] for v in model.velocities], sim.t)
        return state.q, sim.system.velocities(state)

    def accept(self, changes: dict[str, str]) -> str | None:
        sim, model = self.sim, self.sim.model
        current = sim.values()
        try:
            current.update({k: self.value_of(v) for k, v in changes.items()})
            sim.set_conditions([current[c] for c in model.coordinates], [current[v] for v in model.velocities])
        except REFUSED as exc:
            return refusal(exc)
        return None
