"""Turning expression trees into fast Python functions.

The trees are translated into Python source made only of generated
identifiers (``v0``, ``c3``), float literals written with ``repr`` and the
arithmetic operators; the model's own names and text never appear in it. The
source is compiled with an empty ``__builtins__`` and a namespace holding just
the allowed functions. This is code *generation* from a checked tree, the way
SymPy's ``lambdify`` and PyDy work — not ``eval`` of anything a user wrote.

Each function is compiled twice from the same source: once with ``math``
functions (fast on Python floats) and once with NumPy ufuncs (the same code then
runs element-wise on arrays, e.g. on a batch of thousands of states). Repeated
subtrees are computed once (common-subexpression elimination).
"""

from __future__ import annotations

import linecache
import math
import weakref
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .errors import EvaluationError
from .evaluate import SCALAR_FUNCTIONS, power
from .nodes import Binary, Call, Name, Neg, Node, Num, Ref, children, postorder, postorder_where


def _np_min(*args):
    """Element-wise min(...) by Python's rule: the first argument is kept unless a later one
    is smaller (so of 0.0 and -0.0 the first, and a NaN only when it comes first)."""
    out = np.asarray(args[0], dtype=float)
    for a in args[1:]:
        out = np.where(a < out, a, out)
    return out


def _np_max(*args):
    """Element-wise max(...) by Python's rule (see _np_min)."""
    out = np.asarray(args[0], dtype=float)
    for a in args[1:]:
        out = np.where(a > out, a, out)
    return out


def _np_lowest(*args):
    """The smallest of the engine's pivots, element-wise (a NaN among them gives NaN: a
    failed row then reads as failed). Not a language function: only generated code calls it."""
    out = np.minimum(args[0], args[1]) if len(args) > 1 else np.asarray(args[0], dtype=float)
    for a in args[2:]:
        out = np.minimum(out, a)
    return out


def _np_pow(a, b):
    return np.power(np.asarray(a, dtype=float), b)


#: What each language function is called in generated code, for floats and for arrays.
SCALAR_NAMESPACE: dict[str, object] = {f"f_{k}": v for k, v in SCALAR_FUNCTIONS.items()}
SCALAR_NAMESPACE["f_pow"] = power
#: the engine's own minimum of pivots (not in the language: no model text can call it)
SCALAR_NAMESPACE["f_lowest"] = min
ARRAY_NAMESPACE: dict[str, object] = {
    "f_sin": np.sin, "f_cos": np.cos, "f_tan": np.tan, "f_asin": np.arcsin,
    "f_acos": np.arccos, "f_atan": np.arctan, "f_atan2": np.arctan2,
    "f_sinh": np.sinh, "f_cosh": np.cosh, "f_tanh": np.tanh, "f_exp": np.exp,
    "f_log": np.log, "f_sqrt": np.sqrt, "f_abs": np.abs, "f_sgn": np.sign,
    "f_floor": np.floor, "f_ceil": np.ceil, "f_min": _np_min, "f_max": _np_max,
    "f_pow": _np_pow, "f_lowest": _np_lowest,
}

#: Errors Python raises for arithmetic with no real answer.
ARITHMETIC_ERRORS = (ValueError, ZeroDivisionError, OverflowError)


def literal(value: float) -> str:
    if not math.isfinite(value):
        raise ValueError(f"cannot write {value!r} as a literal")
    return repr(float(value))


#: Deepest nesting of one generated expression: deeper ones are split into assignments.
#: (Python refuses more than 200 nested parentheses, and each level is compiled recursively.)
MAX_NESTING = 24


class Block:
    """Straight-line code computing several trees, each shared subtree once.

    ``variables`` maps each name (or ``Obj[...]`` text) the trees may read to the
    Python identifier holding its value.

    No generated expression nests deeper than :data:`MAX_NESTING`: a long sum or
    product (one tree level per term) is cut into assignments of a few dozen
    terms each. Nodes are visited once each, without recursion.
    """

    def __init__(self, variables: Mapping[str, str], prefix: str = "c"):
        self.variables = dict(variables)
        self.prefix = prefix
        self.outputs: list[tuple[str, Node | None]] = []

    def assign(self, target: str, node: Node) -> None:
        self.outputs.append((target, node))

    def raw(self, line: str) -> None:
        """A line of generated code kept in its place among the assignments."""
        self.outputs.append((line, None))

    def lines(self) -> list[str]:
        roots = [node for _, node in self.outputs if node is not None]
        # how many times each inner node is read: by each distinct parent, and as an output
        uses: Counter[int] = Counter()
        for n in postorder(*roots):
            for c in children(n):
                uses[id(c)] += 1
        for r in roots:
            uses[id(r)] += 1

        #: text and nesting depth of each node done so far (a named node: its identifier, 0)
        done: dict[int, tuple[str, int]] = {}
        out: list[str] = []
        count = 0

        def name(text: str) -> str:
            nonlocal count
            ident = f"{self.prefix}{count}"
            count += 1
            out.append(f"{ident} = {text}")
            return ident

        def leaf(n: Node) -> str | None:
            if isinstance(n, Num):
                return literal(n.value) if n.value >= 0 or math.isnan(n.value) else f"({literal(n.value)})"
            if isinstance(n, Name):
                return self.variables[n.id]
            if isinstance(n, Ref):
                return self.variables[f"Obj[{n.obj},{n.attr}]"]
            return None

        for target, root in self.outputs:
            if root is None:
                out.append(target)
                continue
            for n in postorder_where(root, lambda n: id(n) not in done):
                text = leaf(n)
                if text is not None:
                    done[id(n)] = (text, 0)
                    continue
                text, depth = self._expression(n, [done[id(c)] for c in children(n)], name)
                if uses[id(n)] > 1 or depth > MAX_NESTING:
                    text, depth = name(text), 0
                done[id(n)] = (text, depth)
            out.append(f"{target} = {done[id(root)][0]}")
        return out

    @staticmethod
    def _expression(n: Node, kids: list[tuple[str, int]], name: Callable[[str], str]) -> tuple[str, int]:
        """Python text for ``n`` from its children's texts, and its nesting depth."""
        depth = 1 + max(d for _, d in kids)
        if isinstance(n, Neg):
            return f"(-{kids[0][0]})", depth
        if isinstance(n, Binary):
            a = kids[0][0]
            if n.op == "^":
                b = n.right
                if isinstance(b, Num) and b.value in (2.0, 3.0, 4.0):
                    # a product, as evaluate.power computes it; the base named once
                    if not a.isidentifier():
                        a = name(a)
                    return "(" + "*".join([a] * int(b.value)) + ")", 1
                if isinstance(b, Num) and b.value == 0.5:
                    return f"f_sqrt({a})", depth
                return f"f_pow({a}, {kids[1][0]})", depth
            return f"({a} {n.op} {kids[1][0]})", depth
        if isinstance(n, Call):
            return f"f_{n.func}({', '.join(t for t, _ in kids)})", depth
        raise TypeError(type(n))


class _Source:
    """A generated source's lines stay in linecache while code compiled from it can still run:
    each namespace that code runs in holds this, so the lines go with the last of its functions.

    (Keeping the newest 64 sources instead, whatever they were, held a kiosk's memory hostage to
    the models last compiled: a box of ten balls is 6,500 lines, 0.5 MB as lines, for each
    parameter typed in its panel; a day's soak kept 7 MB more after an hour of them.)"""

    __slots__ = ("__weakref__",)


def _remember_source(filename: str, source: str) -> _Source:
    entry = (len(source), None, source.splitlines(keepends=True), filename)
    linecache.cache[filename] = entry
    kept = _Source()
    weakref.finalize(kept, _forget_source, filename, entry)
    return kept


def _forget_source(filename: str, entry: tuple) -> None:
    if linecache.cache.get(filename) is entry:  # not a newer source under the same name
        del linecache.cache[filename]


def compile_source(source: str, names: str | tuple[str, ...], filename: str = "<cenm-generated>"):
    """Compile generated source (never user text) for floats and for arrays.

    Returns the function called ``names`` in each version, or with a tuple of names,
    a dict of them for each version. The source is registered with :mod:`linecache`
    under ``filename``, so a traceback through generated code shows its lines.
    """
    code = compile(source, filename, "exec")
    kept = _remember_source(filename, source)
    out = []
    for namespace in (SCALAR_NAMESPACE, ARRAY_NAMESPACE):
        scope: dict[str, object] = {"__builtins__": {}, "range": range, **namespace, "__cenm_source__": kept}
        exec(code, scope)  # generated from a checked tree, see module docstring
        out.append(scope[names] if isinstance(names, str) else {k: scope[k] for k in names})
    return out[0], out[1]


@dataclass(frozen=True)
class CompiledFunction:
    """Trees compiled into one function of positional arguments.

    Call with floats (errors become :class:`EvaluationError`) or with arrays
    (values without a real answer come back as NaN/inf, element by element).
    """

    args: tuple[str, ...]
    source: str
    scalar: Callable
    array: Callable
    n_outputs: int

    def __call__(self, *values):
        if any(isinstance(v, np.ndarray) for v in values):
            with np.errstate(all="ignore"):
                return self.array(*values)
        try:
            return self.scalar(*values)
        except ARITHMETIC_ERRORS as exc:
            raise EvaluationError.of(exc) from None


def compile_trees(trees: Sequence[Node], args: Sequence[str], name: str = "fn") -> CompiledFunction:
    """One function ``f(*args)`` returning the value of each tree (a tuple if several)."""
    variables = {a: f"v{i}" for i, a in enumerate(args)}
    block = Block(variables)
    targets = [f"r{i}" for i in range(len(trees))]
    for target, tree in zip(targets, trees):
        block.assign(target, tree)
    body = block.lines()
    result = targets[0] if len(trees) == 1 else "(" + ", ".join(targets) + (",)" if len(trees) == 1 else ")")
    source = "\n".join(
        [f"def {name}({', '.join(variables.values())}):"]
        + [f"    {line}" for line in body]
        + [f"    return {result}"]
    ) + "\n"
    scalar, array = compile_source(source, name)
    return CompiledFunction(tuple(args), source, scalar, array, len(trees))
