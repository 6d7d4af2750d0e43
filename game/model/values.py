"""Numbers from a model's PARAMETERS and CIs blocks, with the user's changes.

A parameter's value may use the parameters before it (``mgl = m·g·l``), so when
a user changes ``m`` every later abbreviation follows. A condition's value may
use the parameters.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..expr import EvaluationError, Expression, ExpressionError, check_names, evaluate
from ..messages import msg
from .types import Definition, ModelFile


def _value(d: Definition, expr: Expression, known: Mapping[str, float], what: str) -> float:
    check_names(expr, known, msg(f"where.{what}"))
    try:
        return evaluate(expr.tree, known)
    except EvaluationError as exc:
        raise ExpressionError(msg("check.value", name=d.name, reason=exc.reason), expr.location) from None


def parameter_values(model: ModelFile, overrides: Mapping[str, Expression] | None = None) -> dict[str, float]:
    """Each parameter's number, in file order; ``overrides`` replace values by name."""
    overrides = overrides or {}
    values: dict[str, float] = {}
    for p in model.parameters:
        values[p.name] = _value(p, overrides.get(p.name, p.value), values, "parameter")
    return values


def condition_values(
    model: ModelFile, parameters: Mapping[str, float], overrides: Mapping[str, Expression] | None = None
) -> dict[str, float]:
    """Each coordinate's and velocity's number, in CIs order."""
    overrides = overrides or {}
    return {c.name: _value(c, overrides.get(c.name, c.value), parameters, "condition") for c in model.conditions}
