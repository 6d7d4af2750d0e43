"""A plain tree-walking evaluator: slow, obvious, and the reference the
compiled code is tested against. Also used to pin down which expression
failed when the fast path reports a problem."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from .errors import EvaluationError
from .nodes import Binary, Call, Name, Neg, Node, Num, Ref


def _sgn(x: float) -> float:
    return 1.0 if x > 0 else (-1.0 if x < 0 else 0.0)


SCALAR_FUNCTIONS: dict[str, Callable[..., float]] = {
    "sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin,
    "acos": math.acos, "atan": math.atan, "atan2": math.atan2, "sinh": math.sinh,
    "cosh": math.cosh, "tanh": math.tanh, "exp": math.exp, "log": math.log,
    "sqrt": math.sqrt, "abs": abs, "sgn": _sgn,
    "floor": lambda x: float(math.floor(x)), "ceil": lambda x: float(math.ceil(x)),
    "min": min, "max": max,
}


def power(a: float, b: float) -> float:
    """``a^b`` on real numbers: refuses what has no real value."""
    if b.is_integer() and abs(b) <= 64:
        if a == 0 and b < 0:
            raise ZeroDivisionError("0 raised to a negative power")
        return a ** int(b)
    return math.pow(a, b)


def evaluate(node: Node, env: Mapping[str, float]) -> float:
    """Value of ``node`` with names looked up in ``env`` (``Obj`` refs too, as ``"Obj[id,_a]"``)."""
    try:
        value = _eval(node, env)
    except (ValueError, ZeroDivisionError, OverflowError) as exc:
        raise EvaluationError(str(exc) or type(exc).__name__) from None
    if not math.isfinite(value):
        raise EvaluationError("the result is not a finite number")
    return value


def _eval(node: Node, env: Mapping[str, float]) -> float:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Name):
        return float(env[node.id])
    if isinstance(node, Ref):
        return float(env[f"Obj[{node.obj},{node.attr}]"])
    if isinstance(node, Neg):
        return -_eval(node.operand, env)
    if isinstance(node, Binary):
        a = _eval(node.left, env)
        b = _eval(node.right, env)
        op = node.op
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":
            return a / b
        return power(a, b)
    if isinstance(node, Call):
        return float(SCALAR_FUNCTIONS[node.func](*(_eval(a, env) for a in node.args)))
    raise TypeError(node)
