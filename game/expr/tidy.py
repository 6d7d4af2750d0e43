"""Tidying a tree for people to read (the equations ``check --equations`` prints): products
multiplied out into a sum of terms, each a number times powers of factors (names, function calls
with tidied arguments, sums that divide), like terms added, numbers multiplied, factors that
cancel cancelled. The result has the value of the tree it came from (to round-off: the sums
are taken in another order). Nothing here differentiates: :mod:`.algebra` does.

A term's factors keep the order in which the tree first names them (m·g·l·sin(a), as the model
wrote it), and the terms the order they first appear in. A tree whose sum would grow past
:data:`MOST_TERMS` terms is left as it is.
"""

from __future__ import annotations

from . import algebra as A
from .nodes import Binary, Call, Name, Neg, Node, Num, Ref, postorder, to_text

#: multiplying out stops (the tree stays as written) past this many terms
MOST_TERMS = 300
#: integer powers of a sum up to this are multiplied out
EXPANDED_POWER = 4

#: a product of factors: (factor, exponent), each factor once, by first appearance
Monomial = tuple[tuple[Node, int], ...]
#: a sum of terms: monomial → its number
Poly = dict[Monomial, float]


class _TooBig(Exception):
    pass


def tidy_terms(tree: Node) -> list[Node]:
    """The tree as a list of terms whose sum it is (a term may be a negation): multiplied out, or
    with its sums kept as factors, or as written, whichever reads shortest ((M+m)·L² stays so,
    2·(y-1)/2 becomes y-1, terms that cancel go)."""
    candidates = [split_terms(tree)]
    for expand in (False, True):
        order: dict[Node, int] = {}
        try:
            poly = _poly(tree, order, expand)
        except _TooBig:
            continue
        candidates.append([_term(m, c, order) for m, c in poly.items()] or [A.ZERO])
    return min(candidates, key=_length)


def split_terms(tree: Node) -> list[Node]:
    """The terms of a sum as written (a subtracted one negated)."""
    out: list[Node] = []
    stack: list[tuple[Node, bool]] = [(tree, False)]
    while stack:
        n, negated = stack.pop()
        if isinstance(n, Binary) and n.op in "+-":
            stack.append((n.right, negated != (n.op == "-")))
            stack.append((n.left, negated))
        elif isinstance(n, Neg) and isinstance(n.operand, Binary) and n.operand.op in "+-":
            stack.append((n.operand, not negated))
        else:
            out.append(A.neg(n) if negated else n)
    return out


def _length(terms: list[Node]) -> int:
    return sum(len(to_text(t)) + 3 for t in terms)


def tidy(tree: Node) -> Node:
    """The tree tidied, or as written when that is shorter."""
    terms = tidy_terms(tree)
    out = terms[0]
    for t in terms[1:]:
        out = A.add(out, t)
    return out


def _poly(tree: Node, order: dict[Node, int], expand: bool) -> Poly:
    values: dict[int, Poly] = {}
    for n in postorder(tree):
        kids = [values[id(k)] for k in n._kids]
        if isinstance(n, Num):
            p: Poly = {(): n.value} if n.value != 0 else {}
        elif isinstance(n, (Name, Ref)):
            p = _atom(n, 1, order)
        elif isinstance(n, Neg):
            p = {m: -c for m, c in kids[0].items()}
        elif isinstance(n, Binary):
            p = _binary(n, kids[0], kids[1], order, expand)
        elif isinstance(n, Call):
            args = tuple(_tree(k, order) for k in kids)
            p = _atom(A.call(n.func, *args), 1, order)
        else:  # pragma: no cover - Node has no other kind
            raise TypeError(type(n))
        if len(p) > MOST_TERMS:
            raise _TooBig
        values[id(n)] = p
    return values[id(tree)]


def _atom(node: Node, power: int, order: dict[Node, int]) -> Poly:
    if isinstance(node, Num):
        return {(): node.value ** power} if node.value != 0 else {}
    order.setdefault(node, len(order))
    return {((node, power),): 1.0}


def _binary(n: Binary, a: Poly, b: Poly, order: dict[Node, int], expand: bool) -> Poly:
    if n.op == "+":
        return _add(a, b, 1.0)
    if n.op == "-":
        return _add(a, b, -1.0)
    if n.op == "*":
        if expand:
            return _mul(a, b)
        return _mul(_factor(a, order), _factor(b, order))
    if n.op == "/":
        if not b:
            raise _TooBig  # a division by zero stays as written
        if len(b) == 1:
            ((m, c),) = b.items()
            return _mul(a if expand else _factor(a, order), {tuple((f, -e) for f, e in m): 1.0 / c})
        return _mul(a, _atom(_tree(b, order), -1, order))
    # a power: an integer one of a term, or of a small sum, is multiplied out
    if len(b) <= 1 and all(not m for m in b):
        k = b.get((), 0.0)
        if k.is_integer() and abs(k) <= 64:
            k_int = int(k)
            if len(a) == 1:
                ((m, c),) = a.items()
                return {tuple((f, e * k_int) for f, e in m): c ** k_int} if k_int else {(): 1.0}
            if expand and 0 <= k_int <= EXPANDED_POWER and len(a) ** k_int <= MOST_TERMS:
                out: Poly = {(): 1.0}
                for _ in range(k_int):
                    out = _mul(out, a)
                return out
            return _atom(_tree(a, order), k_int, order)
    return _atom(A.pow_(_tree(a, order), _tree(b, order)), 1, order)


def _factor(p: Poly, order: dict[Node, int]) -> Poly:
    """A sum as one factor (kept whole in a product), led by a positive term (−M−m as −(M+m));
    a term or a number as it is."""
    if len(p) <= 1:
        return p
    if next(iter(p.values())) < 0:
        return {m: -c for m, c in _atom(_tree({m: -c for m, c in p.items()}, order), 1, order).items()}
    return _atom(_tree(p, order), 1, order)


def _add(a: Poly, b: Poly, sign: float) -> Poly:
    out = dict(a)
    for m, c in b.items():
        total = out.get(m, 0.0) + sign * c
        if total == 0.0:
            out.pop(m, None)
        else:
            out[m] = total
    return out


def _mul(a: Poly, b: Poly) -> Poly:
    if len(a) * len(b) > MOST_TERMS * 4:
        raise _TooBig
    out: Poly = {}
    for ma, ca in a.items():
        for mb, cb in b.items():
            powers = dict(ma)
            for f, e in mb:
                powers[f] = powers.get(f, 0) + e
            m = tuple((f, e) for f, e in powers.items() if e != 0)
            key = tuple(sorted(m, key=lambda fe: id(fe[0])))  # one key whatever the order
            total = out.get(key, 0.0) + ca * cb
            if total == 0.0:
                out.pop(key, None)
            else:
                out[key] = total
    return out


def _tree(p: Poly, order: dict[Node, int]) -> Node:
    out: Node = A.ZERO
    for m, c in p.items():
        term = _term(m, c, order)
        if isinstance(term, Num) and term.value < 0 and not A.is_zero(out):
            out = A.sub(out, A.num(-term.value))  # y-1, not y+-1
        else:
            out = A.add(out, term)
    return out


def _term(m: Monomial, c: float, order: dict[Node, int]) -> Node:
    factors = sorted(m, key=lambda fe: order[fe[0]])
    top: Node = A.num(abs(c)) if abs(c) != 1.0 else A.ONE
    bottom: Node = A.ONE
    for f, e in factors:
        if e > 0:
            top = A.mul(top, A.pow_(f, A.num(e)))
        else:
            bottom = A.mul(bottom, A.pow_(f, A.num(-e)))
    term = A.div(top, bottom)
    return A.neg(term) if c < 0 else term
