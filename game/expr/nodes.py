"""The expression tree: the only operations a model file can ask for.

Nodes are immutable and *interned* (hash-consed): building a node equal to one
that already exists returns that very object. So equal subtrees are the same
object, ``==`` is ``is``, a node's hash is computed once from its children's,
and a tree with shared subtrees is a DAG whose size is what it takes in memory,
never the size it would have written out. The code generator uses that to
compute a shared subexpression once; every algorithm over trees here and in
:mod:`.algebra`, :mod:`.evaluate` and :mod:`.codegen` visits each distinct node
once and without recursion, so neither a long sum (a left-deep tree thousands
of levels deep) nor subtrees shared at every level cost more than their size.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

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

class _KeyedRef(weakref.ref):
    """A weak reference that knows its key in the table of live nodes."""

    __slots__ = ("key",)
    key: tuple

    def __new__(cls, node, callback, key):
        self = super().__new__(cls, node, callback)
        self.key = key
        return self

    def __init__(self, node, callback, key):
        super().__init__(node, callback)  # type: ignore[call-arg]


#: Every node alive, by (type, fields) → a weak reference to it: what makes equal nodes one
#: object. An entry goes when its node is no longer used. Children are keyed by ``id``:
#: equal children are one object, an entry lives no longer than its node, and the node
#: keeps its children alive, so an ``id`` in a key always means the same child.
_LIVE: dict[tuple, _KeyedRef] = {}


def _forget(ref: _KeyedRef) -> None:
    if _LIVE.get(ref.key) is ref:
        del _LIVE[ref.key]


def compact_interned() -> None:
    """Rebuild :data:`_LIVE` at the size of the nodes alive now. A dict never shrinks when entries
    go: loading a model (its derivatives: tens of thousands of nodes for a while) left the table
    at the size of that moment, up to 0.6 MB more than a kiosk's seven thousand nodes need, until
    some later insertion happened to resize it."""
    alive = dict(_LIVE)
    _LIVE.clear()  # frees the table
    _LIVE.update(alive)


class _Node:
    """Common behaviour of the node types: interned, immutable, hashed once."""

    __slots__ = ("__weakref__", "_hash", "_kids", "_names")
    _fields: tuple[str, ...] = ()
    _hash: int
    #: the children, in order
    _kids: tuple[Node, ...]
    #: the variable names under this node, found once when first asked (None until then)
    _names: frozenset[str] | None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} nodes are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} nodes are immutable")

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return (type(self), tuple(getattr(self, f) for f in self._fields))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self) -> str:
        node: Node = self  # type: ignore[assignment]
        text = to_text(node) if size(node, limit=40) < 40 else to_text_short(node)
        return f"<{type(self).__name__} {text}>"


_N = TypeVar("_N", bound=_Node)


_set = object.__setattr__


def _intern(cls: type[_N], key: tuple, values: tuple, kids: tuple = ()) -> _N:
    ref = _LIVE.get(key)
    node = ref() if ref is not None else None
    if node is None:
        node = object.__new__(cls)
        for name, value in zip(cls._fields, values):
            _set(node, name, value)
        _set(node, "_hash", hash(key))
        _set(node, "_kids", kids)
        _set(node, "_names", None)
        _LIVE[key] = _KeyedRef(node, _forget, key)
    return node


class Num(_Node):
    __slots__ = ("value",)
    _fields = ("value",)
    __match_args__ = ("value",)
    value: float

    def __new__(cls, value: float) -> Num:
        value = float(value)
        # 0.0 and -0.0 are different numbers here (atan2 tells them apart)
        return _intern(cls, (cls, value, math.copysign(1.0, value)), (value,))


class Name(_Node):
    __slots__ = ("id",)
    _fields = ("id",)
    __match_args__ = ("id",)
    id: str

    def __new__(cls, id: str) -> Name:
        return _intern(cls, (cls, id), (id,))


class Ref(_Node):
    """``Obj[obj,_attr]``: an attribute of another graphic object."""

    __slots__ = ("attr", "obj")
    _fields = ("obj", "attr")
    __match_args__ = ("obj", "attr")
    obj: str
    attr: str

    def __new__(cls, obj: str, attr: str) -> Ref:
        return _intern(cls, (cls, obj, attr), (obj, attr))


class Neg(_Node):
    __slots__ = ("operand",)
    _fields = ("operand",)
    __match_args__ = ("operand",)
    operand: Node

    def __new__(cls, operand: Node) -> Neg:
        return _intern(cls, (cls, id(operand)), (operand,), (operand,))


class Binary(_Node):
    __slots__ = ("left", "op", "right")
    _fields = ("op", "left", "right")
    __match_args__ = ("op", "left", "right")
    op: str  # one of + - * / ^
    left: Node
    right: Node

    def __new__(cls, op: str, left: Node, right: Node) -> Binary:
        return _intern(cls, (cls, op, id(left), id(right)), (op, left, right), (left, right))


class Call(_Node):
    __slots__ = ("args", "func")
    _fields = ("func", "args")
    __match_args__ = ("func", "args")
    func: str
    args: tuple[Node, ...]

    def __new__(cls, func: str, args: tuple[Node, ...]) -> Call:
        args = tuple(args)
        return _intern(cls, (cls, func, *map(id, args)), (func, args), args)


Node = Num | Name | Ref | Neg | Binary | Call

BINARY_OPS = ("+", "-", "*", "/", "^")

_T = TypeVar("_T")


def children(node: Node) -> tuple[Node, ...]:
    return node._kids


def postorder(*roots: Node) -> list[Node]:
    """Every distinct node under ``roots``, each once, children before their parents.

    Iterative: a tree thousands of levels deep needs no recursion, and a subtree
    shared by many parents (a DAG) is listed once.
    """
    return _postorder(roots, None)


def postorder_where(root: Node, keep: Callable[[Node], bool]) -> list[Node]:
    """Like :func:`postorder`, but a node for which ``keep`` is false is neither listed nor
    entered (a subtree that cannot matter is skipped whole)."""
    return _postorder((root,), keep) if keep(root) else []


def _postorder(roots: tuple[Node, ...], keep: Callable[[Node], bool] | None) -> list[Node]:
    order: list[Node] = []
    done: set[int] = set()
    stack: list[tuple[Node, bool]] = [(r, False) for r in reversed(roots)]
    while stack:
        n, expanded = stack.pop()
        if expanded:
            order.append(n)
            continue
        if id(n) in done:
            continue
        done.add(id(n))
        stack.append((n, True))
        for c in reversed(n._kids):
            if id(c) not in done and (keep is None or keep(c)):
                stack.append((c, False))
    return order


def reduce(node: Node, combine: Callable[[Node, list[Any]], _T]) -> _T:
    """``combine(n, [value of each child])`` for every distinct node, bottom-up; the root's value."""
    values: dict[int, Any] = {}
    for n in postorder(node):
        values[id(n)] = combine(n, [values[id(c)] for c in n._kids])
    return values[id(node)]


def walk(node: Node) -> Iterator[Node]:
    """Every distinct node of the tree, each once (parents after their children)."""
    return iter(postorder(node))


def size(node: Node, limit: int | None = None) -> int:
    """How many distinct nodes ``node`` has (counting stops at ``limit``)."""
    seen: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        if limit is not None and len(seen) >= limit:
            break
        stack.extend(children(n))
    return len(seen)


_NO_NAMES: frozenset[str] = frozenset()


def names_in(node: Node) -> frozenset[str]:
    """The variable names a tree reads (constants such as ``pi`` are not names).

    Found once per node and kept on it: asking again, or asking about a subtree of a
    tree already asked about, costs nothing."""
    if node._names is not None:
        return node._names
    for n in postorder_where(node, lambda n: n._names is None):
        if isinstance(n, Name):
            names = frozenset((n.id,))
        elif not n._kids:
            names = _NO_NAMES
        else:
            sets = [c._names for c in n._kids]
            names = max(sets, key=len)  # type: ignore[arg-type]
            for other in sets:
                if not other <= names:  # type: ignore[operator]
                    names = names | other  # type: ignore[operator]
        _set(n, "_names", names)
    return node._names  # type: ignore[return-value]


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 4}


def _number_text(v: float) -> str:
    return repr(int(v)) if v.is_integer() and abs(v) < 1e15 else repr(v)


def to_text(node: Node) -> str:
    """Readable text for a tree, parenthesised only where needed.

    Meant for small trees (messages, tests): a tree with shared subtrees is
    written out in full."""
    # Each node's text at its own precedence, and that precedence; a parent adds
    # parentheses around a child's text where the child binds less tightly.
    def combine(n: Node, kids: list[tuple[str, int]]) -> tuple[str, int]:
        if isinstance(n, Num):
            s = _number_text(n.value)
            return (s, 5) if n.value >= 0 else (s, 3)
        if isinstance(n, Name):
            return n.id, 5
        if isinstance(n, Ref):
            return f"Obj[{n.obj},{n.attr}]", 5
        if isinstance(n, Neg):
            (s, p), = kids
            return "-" + (s if p > 3 else f"({s})"), 3
        if isinstance(n, Binary):
            (a, pa), (b, pb) = kids
            p = _PRECEDENCE[n.op]
            if n.op == "^":
                return f"{a if pa > p else f'({a})'}^{b if pb >= p else f'({b})'}", p
            return f"{a if pa >= p else f'({a})'}{n.op}{b if pb > p else f'({b})'}", p
        if isinstance(n, Call):
            return f"{n.func}({', '.join(s for s, _ in kids)})", 5
        raise TypeError(type(n))

    return reduce(node, combine)[0]


def to_text_short(node: Node, limit: int = 60) -> str:
    """The start of ``to_text`` for a big tree: its outermost operation and an ellipsis."""
    if isinstance(node, Binary):
        return f"… {node.op} …"
    if isinstance(node, Call):
        return f"{node.func}(…)"
    if isinstance(node, Neg):
        return "-(…)"
    return to_text(node)[:limit]
