"""Symbolic algebra on expression trees: building with light simplification,
substituting, and differentiating exactly.

The simplifications are the safe ones only (x+0, x·1, x·0, constant folding
where the result is a finite number), so a derivative stays as accurate as the
expression it came from.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from .errors import EvaluationError
from .evaluate import evaluate
from .nodes import Binary, Call, Name, Neg, Node, Num, Ref, names_in, postorder_where

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


def rebuild(node: Node, leaf: Callable[[Node], Node], *, names: Collection[str] | None = None,
            memo: dict[Node, Node] | None = None) -> Node:
    """The same tree with each Name/Ref leaf replaced by ``leaf(leaf_node)``,
    re-simplified on the way up (each distinct node once, without recursion).

    With ``names``, ``leaf`` may only change those names: a subtree that reads none of
    them (and is not a constant to fold) is kept as it is, unvisited. ``memo`` carries
    results from one call to the next (trees that share subtrees, rebuilt alike)."""
    memo = {} if memo is None else memo
    skip = set(names) if names is not None else None

    def keep(n: Node) -> bool:
        if n in memo:
            return False
        if skip is None:
            return True
        found = names_in(n)
        # a constant subtree is visited too: it folds
        return not found.isdisjoint(skip) or (not found and not isinstance(n, Num))

    for n in postorder_where(node, keep):
        kids = [memo.get(c, c) for c in n._kids]
        if isinstance(n, (Name, Ref)):
            r = leaf(n)
        elif isinstance(n, Num):
            r = n
        elif isinstance(n, Neg):
            r = neg(kids[0])
        elif isinstance(n, Binary):
            r = _BUILD[n.op](kids[0], kids[1])
        elif isinstance(n, Call):
            r = call(n.func, *kids)
        else:
            raise TypeError(type(n))
        memo[n] = r
    return memo.get(node, node)



_BUILD = {"+": add, "-": sub, "*": mul, "/": div, "^": pow_}


def substitute(node: Node, values: Mapping[str, Node], memo: dict[Node, Node] | None = None) -> Node:
    """Replace names by trees (names not in ``values`` stay)."""
    return rebuild(node, lambda n: values.get(n.id, n) if isinstance(n, Name) else n, names=values, memo=memo)


def bind(node: Node, values: Mapping[str, float], memo: dict[Node, Node] | None = None) -> Node:
    """Replace names by numbers and fold what becomes constant. ``memo``: as for :func:`rebuild`."""

    def leaf(n: Node) -> Node:
        if isinstance(n, Name) and n.id in values:
            return num(values[n.id])
        return n

    return rebuild(node, leaf, names=values, memo=memo)


def diff(node: Node, var: str) -> Node:
    """∂node/∂var, exactly. ``Obj`` references must have been resolved first.

    Each distinct node is differentiated once, bottom-up, without recursion."""
    memo: dict[int, Node] = {}
    for n in postorder_where(node, lambda n: var in names_in(n)):
        memo[id(n)] = _d(n, var, memo)
    return memo.get(id(node), ZERO)


def _d(n: Node, var: str, memo: dict[int, Node]) -> Node:
    """∂n/∂var, the derivatives of n's children being in ``memo``."""
    if isinstance(n, Num):
        return ZERO
    if isinstance(n, Name):
        return ONE if n.id == var else ZERO
    if isinstance(n, Ref):
        raise ValueError("resolve Obj[...] references before differentiating")
    if isinstance(n, Neg):
        return neg(memo.get(id(n.operand), ZERO))
    if isinstance(n, Binary):
        a, b = n.left, n.right
        da, db = memo.get(id(a), ZERO), memo.get(id(b), ZERO)
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
        return _d_call(n, [memo.get(id(a), ZERO) for a in n.args])
    raise TypeError(type(n))


def _d_call(n: Call, ds: list[Node]) -> Node:
    """∂n/∂var from the derivatives ``ds`` of its arguments."""
    f = n.func
    if f in ("sgn", "floor", "ceil"):
        return ZERO  # piecewise constant
    if f in ("min", "max"):
        # min(a1, …, ak) = min(a1, min(a2, …, ak)): from the last pair back, without recursion
        rest, d_rest = n.args[-1], ds[-1]
        for k in range(len(n.args) - 2, -1, -1):
            a, da = n.args[k], ds[k]
            here = call(f, a, *n.args[k + 1:]) if k + 2 < len(n.args) else call(f, a, rest)
            d_here: Node
            if _is(da, 0) and _is(d_rest, 0):
                d_here = ZERO
            else:
                # weight 1 on the chosen argument (½ each on a tie)
                s = call("sgn", sub(rest, a) if f == "min" else sub(a, rest))
                wa = div(add(ONE, s), TWO)
                wb = div(sub(ONE, s), TWO)
                d_here = add(mul(wa, da), mul(wb, d_rest))
            rest, d_rest = here, d_here
        return d_rest
    if f == "atan2":
        y, x = n.args
        dy, dx = ds
        return div(sub(mul(x, dy), mul(y, dx)), add(pow_(x, TWO), pow_(y, TWO)))
    (u,) = n.args
    (du,) = ds
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
