"""What values a tree can take when its names range over intervals (interval arithmetic).

Used to know, from a model's drawing expressions alone, that a body can never leave a
region whatever its coordinates and the time become: ``l·sin(a)`` stays within ±l for
every angle ``a``, while ``x`` or ``r·sin(a)`` (``r`` free) can be anywhere. The answer
is always safe (the true range is inside it) and may be wider; anything not worked out
here is "anywhere", ``(-inf, inf)``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from .evaluate import SCALAR_FUNCTIONS, power
from .nodes import Binary, Call, Name, Neg, Node, Num, postorder

INF = math.inf
ANYWHERE = (-INF, INF)

Interval = tuple[float, float]

#: functions that never decrease: the range is the values at the ends (within the domain)
_RISING = {"exp": (-INF, INF), "sinh": (-INF, INF), "tanh": (-INF, INF), "atan": (-INF, INF),
           "sqrt": (0.0, INF), "log": (0.0, INF), "asin": (-1.0, 1.0), "floor": (-INF, INF),
           "ceil": (-INF, INF), "sgn": (-INF, INF)}


def value_range(node: Node, ranges: Mapping[str, Interval]) -> Interval:
    """``(lo, hi)`` with ``lo <= value <= hi`` for every value of the names within ``ranges``
    (a name not in ``ranges`` may be anything)."""
    return value_ranges([node], ranges)[0]


def value_ranges(roots: Sequence[Node], ranges: Mapping[str, Interval]) -> list[Interval]:
    """:func:`value_range` of each of ``roots``, a subtree they share worked out once."""
    values: dict[int, Interval] = {}
    for n in postorder(*roots):
        try:
            v = _one(n, [values[id(c)] for c in n._kids], ranges)
        except (ArithmeticError, ValueError):
            v = ANYWHERE
        if not (v[0] <= v[1]):  # a NaN from inf − inf and the like: nothing known
            v = ANYWHERE
        elif v[0] != v[1]:
            # the ends are rounded as any value is: a couple of units in the last place outwards
            # keep a value computed at a point inside (a floor() above must not miss it)
            v = (_out(v[0], -INF), _out(v[1], INF))
        values[id(n)] = v
    return [values[id(r)] for r in roots]


def _out(x: float, way: float) -> float:
    return math.nextafter(math.nextafter(x, way), way)


def _one(n: Node, kids: list[Interval], ranges: Mapping[str, Interval]) -> Interval:
    if isinstance(n, Num):
        return (n.value, n.value)
    if isinstance(n, Name):
        return ranges.get(n.id, ANYWHERE)
    if isinstance(n, Neg):
        lo, hi = kids[0]
        return (-hi, -lo)
    if isinstance(n, Binary):
        return _binary(n.op, *kids)
    if isinstance(n, Call):
        return _call(n.func, kids)
    return ANYWHERE  # Obj[...] refs: resolved before this is asked, else unknown


def _times(a: float, b: float) -> float:
    # 0·∞ is 0 here: a factor that is exactly 0 makes the product 0 however large the other
    return 0.0 if (a == 0.0 and math.isinf(b)) or (b == 0.0 and math.isinf(a)) else a * b


def _binary(op: str, a: Interval, b: Interval) -> Interval:
    if op == "+":
        return (a[0] + b[0], a[1] + b[1])
    if op == "-":
        return (a[0] - b[1], a[1] - b[0])
    if op == "*":
        ends = [_times(x, y) for x in a for y in b]
        return (min(ends), max(ends))
    if op == "/":
        if b[0] <= 0.0 <= b[1]:
            return ANYWHERE
        ends = [x / y for x in a for y in b]  # ∞/∞ is NaN: nothing known
        return ANYWHERE if any(math.isnan(e) for e in ends) else (min(ends), max(ends))
    # a^b: a whole constant power (x², x³ …), or both ends constant
    if b[0] == b[1] and float(b[0]).is_integer() and b[0] >= 0:
        k = int(b[0])
        ends = [power(a[0], b[0]), power(a[1], b[0])]
        lo, hi = min(ends), max(ends)
        if k % 2 == 0 and a[0] < 0.0 < a[1]:
            lo = 0.0
        return (lo, hi)
    if a[0] == a[1] and b[0] == b[1]:
        v = power(a[0], b[0])
        return (v, v)
    return ANYWHERE


def _call(func: str, args: list[Interval]) -> Interval:
    if func == "atan2" and any(lo == 0.0 for lo, _ in args):
        return (-math.pi, math.pi)  # a zero here may be −0 (0·−x): atan2 tells them apart
    if all(lo == hi for lo, hi in args) and all(math.isfinite(lo) for lo, _ in args):
        v = float(SCALAR_FUNCTIONS[func](*(lo for lo, _ in args)))
        return (v, v)
    if func in ("sin", "cos"):
        return (-1.0, 1.0)
    if func == "atan2":
        return (-math.pi, math.pi)
    if func == "acos":
        return (0.0, math.pi)
    if func in ("abs", "cosh"):
        lo, hi = args[0]
        near = 0.0 if lo <= 0.0 <= hi else min(abs(lo), abs(hi))
        far = max(abs(lo), abs(hi))
        return (near, far) if func == "abs" else (_safe("cosh", near), _safe("cosh", far))
    if func in ("min", "max"):
        pick = min if func == "min" else max
        return (pick(lo for lo, _ in args), pick(hi for _, hi in args))
    if func in _RISING:
        lo, hi = args[0]
        d0, d1 = _RISING[func]
        lo, hi = max(lo, d0), min(hi, d1)
        if lo > hi:
            return ANYWHERE
        return (_safe(func, lo), _safe(func, hi))
    return ANYWHERE  # tan and the like


def _safe(func: str, x: float) -> float:
    """``func`` at an end of an interval (±∞ and the 0 of log included)."""
    if func == "log" and x == 0.0:
        return -INF
    if func == "exp" and x == -INF:
        return 0.0
    try:
        return float(SCALAR_FUNCTIONS[func](x))
    except (OverflowError, ValueError):  # past the largest float: as far as it goes that way
        return INF if func == "cosh" else math.copysign(INF, x)
