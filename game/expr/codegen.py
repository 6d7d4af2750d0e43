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
from collections import Counter, deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .errors import EvaluationError
from .evaluate import SCALAR_FUNCTIONS, power
from .nodes import Binary, Call, Name, Neg, Node, Num, Ref


def _np_min(*args):
    out = args[0]
    for a in args[1:]:
        out = np.minimum(out, a)
    return out


def _np_max(*args):
    out = args[0]
    for a in args[1:]:
        out = np.maximum(out, a)
    return out


def _np_pow(a, b):
    return np.power(np.asarray(a, dtype=float), b)


#: What each language function is called in generated code, for floats and for arrays.
SCALAR_NAMESPACE: dict[str, object] = {f"f_{k}": v for k, v in SCALAR_FUNCTIONS.items()}
SCALAR_NAMESPACE["f_pow"] = power
ARRAY_NAMESPACE: dict[str, object] = {
    "f_sin": np.sin, "f_cos": np.cos, "f_tan": np.tan, "f_asin": np.arcsin,
    "f_acos": np.arccos, "f_atan": np.arctan, "f_atan2": np.arctan2,
    "f_sinh": np.sinh, "f_cosh": np.cosh, "f_tanh": np.tanh, "f_exp": np.exp,
    "f_log": np.log, "f_sqrt": np.sqrt, "f_abs": np.abs, "f_sgn": np.sign,
    "f_floor": np.floor, "f_ceil": np.ceil, "f_min": _np_min, "f_max": _np_max,
    "f_pow": _np_pow,
}

#: Errors Python raises for arithmetic with no real answer.
ARITHMETIC_ERRORS = (ValueError, ZeroDivisionError, OverflowError)


def literal(value: float) -> str:
    if not math.isfinite(value):
        raise ValueError(f"cannot write {value!r} as a literal")
    return repr(float(value))


class Block:
    """Straight-line code computing several trees, each shared subtree once.

    ``variables`` maps each name (or ``Obj[...]`` text) the trees may read to the
    Python identifier holding its value.
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
        uses: Counter[Node] = Counter()

        def count(n: Node) -> None:
            if isinstance(n, (Num, Name, Ref)):
                return
            uses[n] += 1
            if uses[n] > 1:
                return  # its children are counted once, with it
            if isinstance(n, Neg):
                count(n.operand)
            elif isinstance(n, Binary):
                count(n.left)
                count(n.right)
            elif isinstance(n, Call):
                for a in n.args:
                    count(a)

        for _, node in self.outputs:
            if node is not None:
                count(node)

        named: dict[Node, str] = {}
        out: list[str] = []

        def emit(n: Node) -> str:
            if isinstance(n, Num):
                return literal(n.value) if n.value >= 0 else f"({literal(n.value)})"
            if isinstance(n, Name):
                return self.variables[n.id]
            if isinstance(n, Ref):
                return self.variables[f"Obj[{n.obj},{n.attr}]"]
            if n in named:
                return named[n]
            text = self._expression(n, emit)
            if uses[n] > 1:
                ident = f"{self.prefix}{len(named)}"
                out.append(f"{ident} = {text}")
                named[n] = ident
                return ident
            return text

        for target, node in self.outputs:
            out.append(target if node is None else f"{target} = {emit(node)}")
        return out

    @staticmethod
    def _expression(n: Node, emit: Callable[[Node], str]) -> str:
        if isinstance(n, Neg):
            return f"(-{emit(n.operand)})"
        if isinstance(n, Binary):
            a = emit(n.left)
            if n.op == "^":
                b = n.right
                if isinstance(b, Num) and b.value.is_integer() and 1 <= b.value <= 4 and a.isidentifier():
                    return "(" + "*".join([a] * int(b.value)) + ")"
                if isinstance(b, Num) and b.value.is_integer() and abs(b.value) <= 64:
                    return f"({a}**{int(b.value)})"
                if isinstance(b, Num) and b.value == 0.5:
                    return f"f_sqrt({a})"
                return f"f_pow({a}, {emit(b)})"
            return f"({a} {n.op} {emit(n.right)})"
        if isinstance(n, Call):
            return f"f_{n.func}({', '.join(emit(a) for a in n.args)})"
        raise TypeError(n)


#: The newest generated sources kept for tracebacks (a kiosk rebuilds models for days).
_KEPT_SOURCES = 64
_kept: deque[str] = deque()


def _remember_source(filename: str, source: str) -> None:
    if filename not in linecache.cache:
        _kept.append(filename)
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    while len(_kept) > _KEPT_SOURCES:
        linecache.cache.pop(_kept.popleft(), None)


def compile_source(source: str, names: str | tuple[str, ...], filename: str = "<cenm-generated>"):
    """Compile generated source (never user text) for floats and for arrays.

    Returns the function called ``names`` in each version, or with a tuple of names,
    a dict of them for each version. The source is registered with :mod:`linecache`
    under ``filename``, so a traceback through generated code shows its lines.
    """
    code = compile(source, filename, "exec")
    _remember_source(filename, source)
    out = []
    for namespace in (SCALAR_NAMESPACE, ARRAY_NAMESPACE):
        scope: dict[str, object] = {"__builtins__": {}, "range": range, **namespace}
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
            raise EvaluationError(str(exc) or type(exc).__name__) from None


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
