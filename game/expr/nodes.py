"""The expression tree: the only operations a model file can ask for.

Nodes are frozen and hashable, so equal subtrees compare equal; the code
generator uses that to compute a shared subexpression once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Functions of the language and how many arguments each takes (None: two or more).
FUNCTIONS: dict[str, int | None] = {
    "sin": 1, "cos": 1, "tan": 1, "asin": 1, "acos": 1, "atan": 1, "atan2": 2,
    "sinh": 1, "cosh": 1, "tanh": 1, "exp": 1, "log": 1, "sqrt": 1, "abs": 1,
    "sgn": 1, "floor": 1, "ceil": 1, "min": None, "max": None,
}

#: Named constants. ``π`` is read as ``pi``.
CONSTANTS: dict[str, float] = {"pi": math.pi, "π": math.pi}

#: The simulated time.
TIME = "t"

#: Words a model may not use as the name of a parameter or a coordinate.
RESERVED = frozenset(FUNCTIONS) | frozenset(CONSTANTS) | {TIME, "Obj"}


@dataclass(frozen=True)
class Num:
    value: float


@dataclass(frozen=True)
class Name:
    id: str


@dataclass(frozen=True)
class Ref:
    """``Obj[obj,_attr]``: an attribute of another graphic object."""

    obj: str
    attr: str


@dataclass(frozen=True)
class Neg:
    operand: Node


@dataclass(frozen=True)
class Binary:
    op: str  # one of + - * / ^
    left: Node
    right: Node


@dataclass(frozen=True)
class Call:
    func: str
    args: tuple[Node, ...]


Node = Num | Name | Ref | Neg | Binary | Call

BINARY_OPS = ("+", "-", "*", "/", "^")


def walk(node: Node):
    """Every node of the tree, parents before children."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, Neg):
            stack.append(n.operand)
        elif isinstance(n, Binary):
            stack.append(n.right)
            stack.append(n.left)
        elif isinstance(n, Call):
            stack.extend(reversed(n.args))


def names_in(node: Node) -> frozenset[str]:
    """The variable names a tree reads (constants such as ``pi`` are not names)."""
    return frozenset(n.id for n in walk(node) if isinstance(n, Name))


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 4}


def to_text(node: Node) -> str:
    """Readable text for a tree, parenthesised only where needed."""

    def go(n: Node, parent_prec: int, right_side: bool = False) -> str:
        if isinstance(n, Num):
            v = n.value
            s = repr(int(v)) if v.is_integer() and abs(v) < 1e15 else repr(v)
            return s
        if isinstance(n, Name):
            return n.id
        if isinstance(n, Ref):
            return f"Obj[{n.obj},{n.attr}]"
        if isinstance(n, Neg):
            s = "-" + go(n.operand, 3)
            return f"({s})" if parent_prec >= 3 else s
        if isinstance(n, Binary):
            p = _PRECEDENCE[n.op]
            if n.op == "^":
                s = f"{go(n.left, p + 1)}^{go(n.right, p)}"
            else:
                s = f"{go(n.left, p)}{n.op}{go(n.right, p, True)}"
            needs = p < parent_prec or (right_side and p == parent_prec and n.op in "+-*/")
            return f"({s})" if needs else s
        if isinstance(n, Call):
            return f"{n.func}({', '.join(go(a, 0) for a in n.args)})"
        raise TypeError(n)

    return go(node, 0)
