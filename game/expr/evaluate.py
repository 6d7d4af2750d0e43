"""A plain tree-walking evaluator: slow, obvious, and the reference the
compiled code is tested against. Also used to pin down which expression
failed when the fast path reports a problem.

Arithmetic follows IEEE 754 as the compiled code does: a value too large to
represent becomes ±infinity and goes on (``atan2(1, x²)`` for a huge x is 0, as
its true value rounds to), and only the *final* value must be a finite number.
The compiled code cannot afford a check after every multiplication, and its
NumPy version (batches of states) cannot raise for one element, so this is the
only semantics both can share. What has no value at all — a square root or
logarithm outside its domain, a division by zero — is an error in both.
NaN goes through ``sgn``, ``floor`` and ``ceil`` as through NumPy's versions
of them; ``min`` and ``max`` are Python's (the first argument is kept unless a
later one is smaller, or larger), and the NumPy versions used on arrays follow
that same rule (see :mod:`.codegen`) — the engine calls ``min`` on every
substep, so it stays the fast built-in one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from ..messages import msg
from .errors import EvaluationError
from .nodes import Binary, Call, Name, Neg, Node, Num, Ref, postorder, postorder_where

INF = math.inf


def _sgn(x: float) -> float:
    return 1.0 if x > 0 else (-1.0 if x < 0 else (0.0 if x == 0 else math.nan))


def _floor(x: float) -> float:
    # the sign of a zero result kept, as IEEE floor does (atan2 tells -0.0 from 0.0)
    return math.copysign(float(math.floor(x)), x) if math.isfinite(x) else x


def _ceil(x: float) -> float:
    return math.copysign(float(math.ceil(x)), x) if math.isfinite(x) else x


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return INF


def _sinh(x: float) -> float:
    try:
        return math.sinh(x)
    except OverflowError:
        return math.copysign(INF, x)


def _cosh(x: float) -> float:
    try:
        return math.cosh(x)
    except OverflowError:
        return INF


SCALAR_FUNCTIONS: dict[str, Callable[..., float]] = {
    "sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin,
    "acos": math.acos, "atan": math.atan, "atan2": math.atan2, "sinh": _sinh,
    "cosh": _cosh, "tanh": math.tanh, "exp": _exp, "log": math.log,
    "sqrt": math.sqrt, "abs": abs, "sgn": _sgn, "floor": _floor, "ceil": _ceil,
    "min": min, "max": max,
}


def power(a: float, b: float) -> float:
    """``a^b`` on real numbers: refuses what has no real value; too large is ±infinity.

    Squares, cubes and fourth powers are products, ``a^0.5`` is ``sqrt(a)``:
    exactly what the compiled code computes for them."""
    if b == 2.0:
        return a * a
    if b == 3.0:
        return a * a * a
    if b == 4.0:
        return a * a * a * a
    if b == 0.5:
        return math.sqrt(a)
    if b.is_integer() and abs(b) <= 64:
        if a == 0 and b < 0:
            raise ZeroDivisionError("0 raised to a negative power")
        try:
            return a ** int(b)
        except OverflowError:
            return INF if a > 0 or int(b) % 2 == 0 else -INF
    try:
        return math.pow(a, b)
    except OverflowError:
        # a negative base gets here only with a whole (odd or even) power
        return -INF if a < 0 and b % 2 == 1 else INF


class Evaluator:
    """Values of many trees at one point, each shared subtree computed once for all of them
    (the fields of a chain of objects each contain the one above: evaluated one by one
    they would cost the square of the chain)."""

    def __init__(self, env: Mapping[str, float]):
        self.env = env
        self._values: dict[Node, float] = {}

    def __call__(self, node: Node) -> float:
        """Like :func:`evaluate`, for ``node`` at this point."""
        try:
            value = _eval(node, self.env, self._values)
        except (ValueError, ZeroDivisionError, OverflowError) as exc:
            raise EvaluationError.of(exc) from None
        if not math.isfinite(value):
            raise EvaluationError(msg("eval.not_finite"))
        return value


def evaluate(node: Node, env: Mapping[str, float]) -> float:
    """Value of ``node`` with names looked up in ``env`` (``Obj`` refs too, as ``"Obj[id,_a]"``)."""
    try:
        value = _eval(node, env)
    except (ValueError, ZeroDivisionError, OverflowError) as exc:
        raise EvaluationError.of(exc) from None
    if not math.isfinite(value):
        raise EvaluationError(msg("eval.not_finite"))
    return value


def _eval(root: Node, env: Mapping[str, float], known: dict[Node, float] | None = None) -> float:
    if isinstance(root, Num):
        return root.value
    if isinstance(root, Name):
        return float(env[root.id])
    values: dict[int, float] = {}
    if known is None:
        order = postorder(root)
    else:
        if root in known:
            return known[root]
        order = postorder_where(root, lambda n: n not in known)
        # what the subtrees already known are worth
        values.update((id(c), known[c]) for n in order for c in n._kids if c in known)
    for node in order:
        if isinstance(node, Num):
            v = node.value
        elif isinstance(node, Name):
            v = float(env[node.id])
        elif isinstance(node, Ref):
            v = float(env[f"Obj[{node.obj},{node.attr}]"])
        elif isinstance(node, Neg):
            v = -values[id(node.operand)]
        elif isinstance(node, Binary):
            a = values[id(node.left)]
            b = values[id(node.right)]
            op = node.op
            if op == "+":
                v = a + b
            elif op == "-":
                v = a - b
            elif op == "*":
                v = a * b
            elif op == "/":
                v = a / b
            else:
                v = power(a, b)
        elif isinstance(node, Call):
            v = float(SCALAR_FUNCTIONS[node.func](*(values[id(a)] for a in node.args)))
        else:
            raise TypeError(type(node))
        values[id(node)] = v
        if known is not None:
            known[node] = v
    return values[id(root)]
