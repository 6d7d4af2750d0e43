"""What a value typed in the Parameters or Conditions panel means.

``check`` says why a typed text is refused (or None), without changing anything;
``accept`` applies the changes to the simulation, all or nothing. No pygame here:
the panels only show rows and pass text along.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..expr import EvaluationError, ExpressionError, check_names, evaluate, parse
from ..expr.parser import unquote
from ..messages import msg
from ..model import ModelFileError, parameter_values
from ..physics import Simulation, SimulationError
from ..ui.text import Row, number

#: what building the motion from typed values may raise: each is a refusal, never a crash (a
#: mechanism's points that cannot be assembled, a mass matrix no longer positive definite, a
#: division by a length typed as 0 …)
REFUSED = (ExpressionError, EvaluationError, SimulationError, ModelFileError, ArithmeticError, np.linalg.LinAlgError)


def _reason(exc: Exception) -> str:
    if isinstance(exc, ModelFileError):
        return str(exc.problems[0].message) if exc.problems else str(exc)
    if isinstance(exc, (ArithmeticError, np.linalg.LinAlgError)) and not isinstance(exc, EvaluationError):
        detail = EvaluationError.of(exc).message if isinstance(exc, ArithmeticError) else str(exc)
        return msg("edit.impossible", reason=detail).text()
    return getattr(exc, "message", None) or str(exc)


@dataclass
class ParameterEdits:
    sim: Simulation
    #: the language of the descriptions shown
    language: str = "es"
    #: texts accepted with Enter but not yet applied, so later rows may use them
    pending: dict[str, str] = field(default_factory=dict)

    def rows(self) -> list[Row]:
        overrides = self.sim.parameter_overrides
        return [Row(p.name, unquote(overrides[p.name].text if p.name in overrides else p.value.text)[0].strip(),
                    p.description_in(self.language)) for p in self.sim.model.parameters]

    def check(self, name: str, text: str) -> str | None:
        try:
            changes = {**self.pending, name: text}
            parameter_values(self.sim.model, {**self.sim.parameter_overrides,
                                              **{k: parse(v) for k, v in changes.items()}})
        except (ExpressionError, EvaluationError) as exc:
            return _reason(exc)
        self.pending[name] = text
        return None

    def accept(self, changes: dict[str, str]) -> str | None:
        try:
            self.sim.set_parameters({k: parse(v) for k, v in changes.items()})
        except REFUSED as exc:
            return _reason(exc)
        return None


@dataclass
class ConditionEdits:
    sim: Simulation
    language: str = "es"

    def rows(self) -> list[Row]:
        values = self.sim.values()
        return [Row(c.name, number(values[c.name]), c.description_in(self.language))
                for c in self.sim.model.conditions]

    def value_of(self, text: str) -> float:
        e = parse(text)
        check_names(e, self.sim.parameters, "(a condition may use the parameters)")
        return evaluate(e.tree, self.sim.parameters)

    def check(self, name: str, text: str) -> str | None:
        try:
            self.value_of(text)
        except (ExpressionError, EvaluationError) as exc:
            return _reason(exc)
        return None

    def accept(self, changes: dict[str, str]) -> str | None:
        sim, model = self.sim, self.sim.model
        current = sim.values()
        try:
            current.update({k: self.value_of(v) for k, v in changes.items()})
            sim.set_conditions([current[c] for c in model.coordinates], [current[v] for v in model.velocities])
        except REFUSED as exc:
            return _reason(exc)
        return None
