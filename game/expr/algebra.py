"""Symbolic algebra on expression trees: building with light simplification,
substituting, and differentiating exactly.

The simplifications are the safe ones only (x+0, x·1, x·0, constant folding
where the result is a finite number), so a derivative stays as accurate as the
expression it came from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .errors import EvaluationError
from .evaluate import evaluate
from .nodes import Binary, Call, Name, Neg, Node, Num, Ref

ZERO = Num(0.0)
ONE = Num(1.0)
TWO = Num(2.0)


def num(value: float) -> Num:
    return Num(float(value))


def _is(node: Node, value: float) -> bool:
    return isinstance(node, Num) and node.value == value


def _fold(node: Node) -> Node:
    """Replace an all-constant tree with its value, when that value is finite."""
    try:
        return Num(evaluate(node, {}))
    except (EvaluationError, KeyError):
        return node


def neg(a: Node) -> Node:
    if isinstance(a, Num):
        return Num(-a.value)
    if isinstance(a, Neg):
        return a.operand
    return Neg(a)


def add(a: Node, b: Node) -> Node:
    if _is(a, 0):
        return b
    if _is(b, 0):
        return a
    if isinstance(a, Num) and isinstance(b, Num):
        return _fold(Binary("+", a, b))
    if isinstance(b, Neg):
        return sub(a, b.operand)
    return Binary("+", a, b)


def sub(a: Node, b: Node) -> Node:
    if _is(b, 0):
        return a
    if _is(a, 0):
        return neg(b)
    if isinstance(a, Num) and isinstance(b, Num):
        return _fold(Binary("-", a, b))
    if isinstance(b, Neg):
        return add(a, b.operand)
    if a == b:
        return ZERO
    return Binary("-", a, b)


def mul(a: Node, b: Node) -> Node:
    if _is(a, 0) or _is(b, 0):
        return ZERO
    if _is(a, 1):
        return b
    if _is(b, 1):
        return a
    if _is(a, -1):
        return neg(b)
    if _is(b, -1):
        return neg(a)
    if isinstance(a, Num) and isinstance(b, Num):
        return _fold(Binary("*", a, b))
    if isinstance(a, Neg):
        return neg(mul(a.operand, b))
    if isinstance(b, Neg):
        return neg(mul(a, b.operand))
    return Binary("*", a, b)


def div(a: Node, b: Node) -> Node:
    if _is(a, 0) and not _is(b, 0):
        return ZERO
    if _is(b, 1):
        return a
    if isinstance(a, Num) and isinstance(b, Num):
        return _fold(Binary("/", a, b))
    if isinstance(a, Neg):
        return neg(div(a.operand, b))
    if isinstance(b, Neg):
        return neg(div(a, b.operand))
    return Binary("/", a, b)


def pow_(a: Node, b: Node) -> Node:
    if _is(b, 0):
        return ONE
    if _is(b, 1):
        return a
    if isinstance(a, Num) and isinstance(b, Num):
        return _fold(Binary("^", a, b))
    return Binary("^", a, b)


def call(func: str, *args: Node) -> Node:
    node = Call(func, tuple(args))
    if all(isinstance(a, Num) for a in args):
        return _fold(node)
    return node


def rebuild(node: Node, leaf: Callable[[Node], Node]) -> Node:
    """The same tree with each Name/Ref leaf replaced by ``leaf(leaf_node)``,
    re-simplified on the way up."""
    memo: dict[Node, Node] = {}

    def go(n: Node) -> Node:
        if n in memo:
            return memo[n]
        if isinstance(n, (Name, Ref)):
            r = leaf(n)
        elif isinstance(n, Num):
            r = n
        elif isinstance(n, Neg):
            r = neg(go(n.operand))
        elif isinstance(n, Binary):
            r = _BUILD[n.op](go(n.left), go(n.right))
        elif isinstance(n, Call):
            r = call(n.func, *(go(a) for a in n.args))
        else:
            raise TypeError(n)
        memo[n] = r
        return r

    return go(node)


_BUILD = {"+": add, "-": sub, "*": mul, "/": div, "^": pow_}


def substitute(node: Node, values: Mapping[str, Node]) -> Node:
    """Replace names by trees (names not in ``values`` stay)."""
    return rebuild(node, lambda n: values.get(n.id, n) if isinstance(n, Name) else n)


def bind(node: Node, values: Mapping[str, float]) -> Node:
    """Replace names by numbers and fold what becomes constant."""
    return substitute(node, {k: num(v) for k, v in values.items()})


def diff(node: Node, var: str) -> Node:
    """∂node/∂var, exactly. ``Obj`` references must have been resolved first."""
    memo: dict[Node, Node] = {}

    def d(n: Node) -> Node:
        if n in memo:
            return memo[n]
        r = _d(n)
        memo[n] = r
        return r

    def _d(n: Node) -> Node:
        if isinstance(n, Num):
            return ZERO
        if isinstance(n, Name):
            return ONE if n.id == var else ZERO
        if isinstance(n, Ref):
            raise ValueError("resolve Obj[...] references before differentiating")
        if isinstance(n, Neg):
            return neg(d(n.operand))
        if isinstance(n, Binary):
            a, b = n.left, n.right
            da, db = d(a), d(b)
            if n.op == "+":
                return add(da, db)
            if n.op == "-":
                return sub(da, db)
            if n.op == "*":
                return add(mul(da, b), mul(a, db))
            if n.op == "/":
                # (a/b)' = a'/b − a·b'/b²
                return sub(div(da, b), div(mul(a, db), pow_(b, TWO)))
            # power
            if _is(db, 0):
                if _is(da, 0):
                    return ZERO
                if isinstance(b, Num):
                    return mul(mul(b, pow_(a, num(b.value - 1))), da)
                return mul(mul(b, pow_(a, sub(b, ONE))), da)
            if _is(da, 0):
                return mul(mul(n, call("log", a)), db)
            return mul(n, add(mul(db, call("log", a)), div(mul(b, da), a)))
        if isinstance(n, Call):
            return _d_call(n, d)
        raise TypeError(n)

    return d(node)


def _d_call(n: Call, d: Callable[[Node], Node]) -> Node:
    f = n.func
    if f in ("sgn", "floor", "ceil"):
        return ZERO  # piecewise constant
    if f in ("min", "max"):
        a = n.args[0]
        b = call(f, *n.args[1:]) if len(n.args) > 2 else n.args[1]
        da, db = d(a), d(b)
        if _is(da, 0) and _is(db, 0):
            return ZERO
        # weight 1 on the chosen argument (½ each on a tie)
        s = call("sgn", sub(b, a) if f == "min" else sub(a, b))
        wa = div(add(ONE, s), TWO)
        wb = div(sub(ONE, s), TWO)
        return add(mul(wa, da), mul(wb, db))
    if f == "atan2":
        y, x = n.args
        dy, dx = d(y), d(x)
        return div(sub(mul(x, dy), mul(y, dx)), add(pow_(x, TWO), pow_(y, TWO)))
    (u,) = n.args
    du = d(u)
    if _is(du, 0):
        return ZERO
    if f == "sin":
        outer = call("cos", u)
    elif f == "cos":
        outer = neg(call("sin", u))
    elif f == "tan":
        outer = add(ONE, pow_(n, TWO))
    elif f == "asin":
        outer = div(ONE, call("sqrt", sub(ONE, pow_(u, TWO))))
    elif f == "acos":
        outer = neg(div(ONE, call("sqrt", sub(ONE, pow_(u, TWO)))))
    elif f == "atan":
        outer = div(ONE, add(ONE, pow_(u, TWO)))
    elif f == "sinh":
        outer = call("cosh", u)
    elif f == "cosh":
        outer = call("sinh", u)
    elif f == "tanh":
        outer = sub(ONE, pow_(n, TWO))
    elif f == "exp":
        outer = n
    elif f == "log":
        return div(du, u)
    elif f == "sqrt":
        return div(du, mul(TWO, n))
    elif f == "abs":
        outer = call("sgn", u)
    else:  # pragma: no cover - FUNCTIONS and this table are kept together
        raise ValueError(f"no derivative for {f}")
    return mul(outer, du)


def constant_value(node: Node) -> float | None:
    """The number a tree is, if it is just a number."""
    return node.value if isinstance(node, Num) else None


def is_zero(node: Node) -> bool:
    return _is(node, 0)
