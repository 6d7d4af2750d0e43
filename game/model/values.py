"""Numbers from a model's PARAMETERS and CIs blocks, with the user's changes.

A parameter's value may use the parameters before it (``mgl = m·g·l``), so when
a user changes ``m`` every later abbreviation follows. A condition's value may
use the parameters.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..expr import EvaluationError, Expression, ExpressionError, check_names, evaluate
from ..messages import msg, number
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


def period_value(model: ModelFile, parameters: Mapping[str, float]) -> float | None:
    """``periodo=`` of GENERAL (SPEC §7.6) with these parameters: a positive number of seconds,
    None when the file states none; ExpressionError at the setting otherwise."""
    period = model.general.period
    if period is None:
        return None
    check_names(period, parameters, msg("where.period"))
    try:
        value = evaluate(period.tree, parameters)
    except EvaluationError as exc:
        raise ExpressionError(msg("check.period_value", reason=exc.reason), period.location) from None
    if not value > 0:
        raise ExpressionError(msg("check.period_positive", value=number(value)), period.location)
    return value


def range_values(model: ModelFile, parameters: Mapping[str, float]) -> dict[str, tuple[float, float]]:
    """The ``range: LO:HI`` of each parameter and condition that gives one, with these parameters
    (LO < HI, both finite); ExpressionError at the range otherwise."""
    out = {}
    for d in (*model.parameters, *model.conditions):
        if d.range is None:
            continue
        ends = []
        for end in d.range:
            check_names(end, parameters, msg("where.range"))
            try:
                ends.append(evaluate(end.tree, parameters))
            except EvaluationError as exc:
                raise ExpressionError(msg("check.range_value", name=d.name, reason=exc.reason), end.location) from None
        low, high = ends
        if not low < high:
            raise ExpressionError(msg("check.range_order", name=d.name, low=number(low), high=number(high)),
                                  d.range[0].location)
        out[d.name] = (low, high)
    return out
