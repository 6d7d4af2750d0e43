"""A broad phase for contacts between round bodies (issue 33): only the pairs that can meet are checked.

A box of k balls has k·(k − 1)/2 contacts between balls, and the fused loop of free flight
(``advance_events``) evaluated every gap and its rate in every substep: the cost grew as k². Here
a contact whose gap reads ``sqrt((a₁ − b₁)² + (a₂ − b₂)²[ + (a₃ − b₃)²]) − c`` (c a number: two
circles or spheres, a and b their centres, any trees of q and t) is a *pair of points*. The other
contacts (walls, floors, anything else) are checked every substep as before.

Before a run of substeps (a *window*), every pair's distance (at once, on arrays) finds the pairs
whose gap is within twice a margin m of 0: only those are checked in the loop (:func:`emit_loop`), by
the same arithmetic as their gap's generated code. The margin covers the window's motion
(m ≥ 2·(fastest point's speed)·δ·substeps), and the loop checks it: if any point moves more than
m/2 from where the window started (in any direction: m/(2·√dim) per coordinate), the loop returns
at the start of that substep, which is safe, and a new window starts there (with twice the margin
if not even one substep was done). So every pair left out keeps its gap above m while it is left
out: none is missed that checking every pair would find. Impacts and resting contacts are
handled as before, with every contact (the stepper's Python path); the substeps there that
locate an event in free flight compute only the gaps within reach of a few substeps
(:meth:`BroadPhase.focus`, in models with :data:`FOCUS_MIN` pairs or more), and do their work
again with every gap where a point goes further or faster than that allows.

Points are keyed by their trees, so two balls that share a centre tree share a point. Only
models with at least :data:`BROAD_MIN` such pairs use it (a Newton's cradle or a billiard table
keeps the plain loop). The loop switches to native code when that is ready (:mod:`..compiled`): it
takes the window's pairs and points as arrays then, and the windows follow one another there too
(:func:`windows_kernel`), so free flight makes no call from Python per window."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ....expr import Binary, Block, Call, Node, Num, algebra
from ...state import State
from ..emit import Names, function, rate
from .emit import GAP_ROUNDOFF, PASS_THROUGH

A = algebra

#: the fewest pairs of round bodies for which a model gets a broad phase (7 balls; below that, the
#: plain loop that checks every gap costs no more: bench --contacts)
BROAD_MIN = 21
#: the margin is at least this fraction of the largest pair distance c (bodies at rest still move
#: by round-off, and a window must last)
MARGIN_FLOOR = 1e-3
#: the fewest pairs for which the substeps that locate events compute only the gaps within reach
FOCUS_MIN = 100
#: the margin of those: the motion of this many substeps at the fastest point's speed
FOCUS_SUBSTEPS = 4
#: substeps in one window at most (its margin grows with its length; each window costs a sort)
WINDOW = 16


@dataclass(frozen=True)
class Spheres:
    """The contacts that are pairs of round bodies: their points and pairs."""

    #: each point's coordinates (dim trees of t and q)
    points: tuple[tuple[Node, ...], ...]
    #: (contact index, point a, point b, c): gap = |a − b| − c
    pairs: tuple[tuple[int, int, int, float], ...]
    dim: int
    #: how many contacts the model has (pairs and others)
    total: int

    @property
    def contacts(self) -> frozenset[int]:
        return frozenset(k for k, _, _, _ in self.pairs)


def _squares(node: Node) -> list[tuple[Node, Node]] | None:
    """(a, b) of each (a − b)² of a left-nested sum of them, in order; None if it is not one."""
    if isinstance(node, Binary) and node.op == "^" and node.right is Num(2.0):
        inner = node.left
        if isinstance(inner, Binary) and inner.op == "-":
            return [(inner.left, inner.right)]
        return None
    if isinstance(node, Binary) and node.op == "+":
        left, right = _squares(node.left), _squares(node.right)
        if left is None or right is None or len(right) != 1:
            return None
        return left + right
    return None


def _pair(gap: Node) -> tuple[tuple[Node, ...], tuple[Node, ...], float] | None:
    """(a, b, c) of a gap |a − b| − c, or None."""
    if not (isinstance(gap, Binary) and gap.op == "-" and isinstance(gap.right, Num)):
        return None
    root = gap.left
    if not (isinstance(root, Call) and root.func == "sqrt" and len(root.args) == 1):
        return None
    squares = _squares(root.args[0])
    if squares is None or len(squares) not in (2, 3):
        return None
    return tuple(a for a, _ in squares), tuple(b for _, b in squares), gap.right.value


def spheres_of(gaps: Sequence[Node]) -> Spheres | None:
    """The gaps that are pairs of round bodies (of the commonest dimension), or None if fewer
    than :data:`BROAD_MIN`."""
    found = [(k, p) for k, p in ((k, _pair(g)) for k, g in enumerate(gaps)) if p is not None]
    if not found:
        return None
    dims = [len(p[0]) for _, p in found]
    dim = max(set(dims), key=dims.count)
    points: dict[tuple[Node, ...], int] = {}
    pairs = []
    for k, (a, b, c) in found:
        if len(a) != dim or not c > 0:
            continue
        ia, ib = points.setdefault(a, len(points)), points.setdefault(b, len(points))
        if ia != ib:
            pairs.append((k, ia, ib, c))
    if len(pairs) < BROAD_MIN:
        return None
    return Spheres(tuple(points), tuple(pairs), dim, len(gaps))


# -- generated code ------------------------------------------------------------------------------


def point_trees(spheres: Spheres, coordinates: Sequence[str], velocities: Sequence[str]
                ) -> tuple[list[Node], list[Node]]:
    """The points' coordinates, flat, and their rates (trees of t, q and q̇)."""
    flat = [x for point in spheres.points for x in point]
    return flat, [rate(x, coordinates, velocities) for x in flat]


def emit(spheres: Spheres, variables: dict[str, str], names: Names, coordinates: Sequence[str],
         velocities: Sequence[str], gaps: Sequence[Node], rates: Sequence[Node]) -> list[list[str]]:
    """The functions of the broad phase: ``points``, ``point_rates``, ``plain_gaps`` and
    ``plain_rates`` (the contacts that are not pairs: ``gaps`` and ``rates`` of every contact are
    given), the pairs' helpers and ``advance_broad``."""
    flat, flat_rates = point_trees(spheres, coordinates, velocities)
    paired = spheres.contacts
    plain = [k for k in range(len(gaps)) if k not in paired]
    parts = []
    for label, args, trees in (("points", ["t", *names.qs], flat),
                               ("point_rates", ["t", *names.qs, *names.vs], flat_rates),
                               ("plain_gaps", ["t", *names.qs], [gaps[k] for k in plain]),
                               ("plain_rates", ["t", *names.qs, *names.vs], [rates[k] for k in plain])):
        block = Block(variables, prefix="b")
        outs = [f"out{i}" for i in range(len(trees))]
        for out, tree in zip(outs, trees):
            block.assign(out, tree)
        parts.append(function(label, args, block, outs))
    parts += [helpers(spheres.dim), emit_loop(names.qs, names.ps, len(plain))]
    return parts


#: the functions :func:`emit` writes
FUNCTIONS = ("advance_broad", "points", "point_rates", "plain_gaps", "plain_rates", "pair_gaps", "moved")
#: the helpers ``advance_broad`` calls besides those (compiled with it as native code)
HELPERS = ("pair_rates", "pair_came_out", "pair_crossed")


def helpers(dim: int) -> list[str]:
    """Plain functions the loop calls for the pairs it checks (``near``: NA, NB, NC with NA[i] and
    NB[i] the offsets of pair i's two points in the flat tuple of coordinates and NC[i] its c): their
    gaps by the same arithmetic as their generated gap, their rates, and the checks of the loop.
    The same source runs on tuples (Python) and on arrays (numba)."""
    axes = range(dim)
    square = " + ".join(f"(P[a + {i}] - P[b + {i}])*(P[a + {i}] - P[b + {i}])" for i in axes)
    dot = " + ".join(f"(P[a + {i}] - P[b + {i}])*(V[a + {i}] - V[b + {i}])" for i in axes)
    floor = repr(-GAP_ROUNDOFF)
    through = repr(-PASS_THROUGH)
    return [
        "def pair_gaps(P, NA, NB, NC):",
        "    out = []",
        "    i = 0",
        "    for c in NC:",
        "        a = NA[i]",
        "        b = NB[i]",
        f"        out.append(f_sqrt({square}) - c)",
        "        i += 1",
        "    return out",
        "",
        "def pair_rates(P, V, NA, NB, NC):",
        "    out = []",
        "    i = 0",
        "    for c in NC:",
        "        a = NA[i]",
        "        b = NB[i]",
        f"        out.append(({dot})/f_sqrt({square}))",
        "        i += 1",
        "    return out",
        "",
        "def pair_came_out(G, R, delta):",
        "    i = 0",
        "    for g in G:",
        f"        if g >= 0.0 and g - delta*R[i] < {through}:",
        "            return 1",
        "        i += 1",
        "    return 0",
        "",
        "def pair_crossed(G, E, R, delta):",
        "    i = 0",
        "    for e in E:",
        "        g = G[i]",
        f"        if (e < {floor} and g >= {floor}) or (g >= 0.0 and g + delta*R[i] < {through}):",
        "            return 1",
        "        i += 1",
        "    return 0",
        "",
        "def moved(P, hold, limit):",
        "    i = 0",
        "    for x in P:",
        "        if f_abs(x - hold[i]) > limit:",
        "            return 1",
        "        i += 1",
        "    return 0",
    ]


def emit_loop(qs: Sequence[str], ps: Sequence[str], plain: int) -> list[str]:
    """``advance_broad(t, q…, p…, w, ws, δ, steps, t0, first, NA, NB, NC, hold, limit)``: the fused loop
    of ``advance_events`` (see :func:`~..codegen._rk4_function`, same checks in the same order) with
    the ``plain`` gaps (``plain_gaps``, ``plain_rates``) checked every substep and, of the pairs, only
    the near ones (NA, NB, NC: see :func:`helpers`). Substep ends are t0 + (first + step + 1)·δ (the grid of the window's whole run). Returns
    (t, q…, p…, w, ws, worst, substeps done, hit): hit 1 at the start of the substep where an
    event fired (or the one before, for a gap that came out), 2 at the start of a substep after
    which some point was more than ``limit`` (per coordinate) from ``hold``."""
    state = [*qs, *ps]
    q_args = ", ".join(qs)
    gs = [f"g{k}" for k in range(plain)]
    rs = [f"r{k}" for k in range(plain)]
    es = [f"e{k}" for k in range(plain)]

    def unpacked(names: Sequence[str]) -> str:
        return f"{', '.join(names)}," if names else "_"

    def stage(k: int, h: str | None, prev: int | None) -> str:
        args = ["t"] + state if prev is None else [f"t + {h}"] + [f"{s} + {h}*k{prev}_{s}" for s in state]
        outs = [f"k{k}_{s}" for s in state] + [f"piv{k}", f"w{k}", f"ws{k}"]
        return f"        {', '.join(outs)} = rhs({', '.join(args)})"

    def plain_check(condition: Callable[[int], str]) -> str:
        return "".join(f" or {condition(k)}" for k in range(plain))

    came_out = "pair_came_out(G, R, delta)" + plain_check(
        lambda k: f"(g{k} >= 0.0 and g{k} - delta*r{k} < {-PASS_THROUGH!r})")
    floor = repr(-GAP_ROUNDOFF)
    crossed = "pair_crossed(G, E, R, delta)" + plain_check(
        lambda k: f"(e{k} < {floor} and g{k} >= {floor}) or (g{k} >= 0.0 and g{k} + delta*r{k} < {-PASS_THROUGH!r})")
    kept = ["pt", *(f"p_{s}" for s in state), "pw", "pws"]
    vs = [f"k1_{q}" for q in qs]
    body = [
        f"def advance_broad(t, {', '.join(state)}, w, ws, delta, steps, t0, first, NA, NB, NC, hold, limit):",
        "    half = 0.5*delta", "    sixth = delta/6.0", "    worst = 1.0",
        f"    {unpacked(gs)} = plain_gaps(t, {q_args})",
        f"    P = points(t, {q_args})",
        "    G = pair_gaps(P, NA, NB, NC)",
        f"    {', '.join(kept)}, = t, {', '.join(state)}, w, ws,",  # on every path, as numba wants
        "    for step in range(steps):",
        stage(1, None, None),
        f"        {unpacked(rs)} = plain_rates(t, {q_args}, {', '.join(vs)})",
        f"        R = pair_rates(P, point_rates(t, {q_args}, {', '.join(vs)}), NA, NB, NC)",
        f"        if step and ({came_out}):",
        f"            return ({', '.join(kept)}, worst, step - 1, 1)",
        stage(2, "half", 1), stage(3, "half", 2), stage(4, "delta", 3),
    ]
    body += [f"        n_{s} = {s} + sixth*(k1_{s} + 2.0*k2_{s} + 2.0*k3_{s} + k4_{s})" for s in state]
    body += [
        "        worst = f_lowest(worst, piv1, piv2, piv3, piv4)",
        "        t_end = t0 + (first + step + 1)*delta",
        f"        Q = points(t_end, {', '.join(f'n_{q}' for q in qs)})",
        "        if moved(Q, hold, limit):",
        f"            return (t, {', '.join(state)}, w, ws, worst, step, 2)",
        f"        {unpacked(es)} = plain_gaps(t_end, {', '.join(f'n_{q}' for q in qs)})",
        "        E = pair_gaps(Q, NA, NB, NC)",
        f"        if {crossed}:",
        f"            return (t, {', '.join(state)}, w, ws, worst, step, 1)",
        f"        {', '.join(kept)}, = t, {', '.join(state)}, w, ws,",
    ]
    if plain:
        body.append(f"        {', '.join(gs)}, = {', '.join(es)},")
    body += [
        "        G = E",
        "        P = Q",
        f"        {', '.join(state)}, = {', '.join(f'n_{s}' for s in state)},",
        "        w = w + sixth*(w1 + 2.0*w2 + 2.0*w3 + w4)",
        "        ws = ws + sixth*(ws1 + 2.0*ws2 + 2.0*ws3 + ws4)",
        "        t = t_end",
        # the last substep's end rates (the loop checked every other one at the next start)
        "    if steps:",
        f"        {', '.join(vs)}, = rhs(t, {', '.join(state)})[:{len(qs)}]",
        f"        {unpacked(rs)} = plain_rates(t, {q_args}, {', '.join(vs)})",
        f"        R = pair_rates(P, point_rates(t, {q_args}, {', '.join(vs)}), NA, NB, NC)",
        f"        if {came_out}:",
        f"            return ({', '.join(kept)}, worst, steps - 1, 1)",
        f"    return (t, {', '.join(state)}, w, ws, worst, steps, 0)",
    ]
    return body


#: the native function that runs the windows one after another (:func:`windows_kernel`), and its types
WINDOWS = "advance_windows"
WINDOWS_SIGNATURE = ("(float64, float64[::1], float64, float64, float64, int64, int64[::1], int64[::1], "
                     "float64[::1], float64)")


def windows_kernel(spheres: Spheres, n: int) -> str:
    """``advance_windows(t, Y, w, ws, δ, substeps, A, B, C, floor)``: :meth:`BroadPhase.advance` in native
    code (Y: q…, p…; A, B, C: every pair's points and c; floor: the least margin), so that starting a
    window costs no call from Python: the same windows (the near pairs found the same way; one found or
    left out at the edge of 2·margin changes nothing, as a pair left out cannot reach 0 in its window),
    each through ``advance_broad``. Returns (t, Y, w, ws, worst, substeps done, hit, windows, pairs checked)."""
    dim, size = spheres.dim, len(spheres.points) * spheres.dim
    qs = ", ".join(f"y[{k}]" for k in range(n))
    state = ", ".join(f"y[{k}]" for k in range(2 * n))
    vs = ", ".join(f"r[{k}]" for k in range(n))

    def square(x: str, a: str, b: str) -> str:
        return " + ".join(f"({x}[{a} + {i}] - {x}[{b} + {i}])*({x}[{a} + {i}] - {x}[{b} + {i}])" for i in range(dim))

    copy = "\n".join(f"        hold[{i}] = P[{i}]\n        speeds[{i}] = S[{i}]" for i in range(size))
    stores = "\n".join(f"        y[{k}] = out[{k + 1}]" for k in range(2 * n))
    speed = " + ".join(f"speeds[{dim}*i + {j}]*speeds[{dim}*i + {j}]" for j in range(dim))
    return f'''

def {WINDOWS}(t, Y, w, ws, delta, substeps, A, B, C, floor):
    y = Y.copy()
    t0 = t
    done = 0
    hit = 0
    widen = 1.0
    worst = 1.0
    windows = 0
    checked = 0
    m = C.shape[0]
    NA = np.empty(m, dtype=np.int64)
    NB = np.empty(m, dtype=np.int64)
    NC = np.empty(m)
    hold = np.empty({size})
    speeds = np.empty({size})
    while True:
        steps = min({WINDOW}, substeps - done)
        r = rhs(t, {state})
        P = points(t, {qs})
        S = point_rates(t, {qs}, {vs})
{copy}
        fastest = 0.0
        for i in range({len(spheres.points)}):
            s = math.sqrt({speed})
            if s > fastest:
                fastest = s
        margin = widen*max(2.0*fastest*delta*steps, floor)
        count = 0
        for i in range(m):
            a = {dim}*A[i]
            b = {dim}*B[i]
            if math.sqrt({square("hold", "a", "b")}) - C[i] <= 2.0*margin:
                NA[count] = a
                NB[count] = b
                NC[count] = C[i]
                count += 1
        windows += 1
        checked += count
        out = advance_broad(t, {state}, w, ws, delta, steps, t0, done, NA[:count].copy(), NB[:count].copy(),
                            NC[:count].copy(), hold, 0.5*margin/math.sqrt({float(dim)!r}))
        t = out[0]
{stores}
        w = out[{2 * n + 1}]
        ws = out[{2 * n + 2}]
        if out[{2 * n + 3}] < worst:
            worst = out[{2 * n + 3}]
        step = out[{2 * n + 4}]
        hit = out[{2 * n + 5}]
        done += step
        if hit == 1 or done >= substeps:
            return t, y, w, ws, worst, done, hit, windows, checked
        widen = 2.0*widen if hit == 2 and step == 0 else 1.0
'''


# -- at run time ---------------------------------------------------------------------------------


class Unfocused(Exception):
    """A point went further than the focus of :meth:`BroadPhase.focus` allows."""


@dataclass(frozen=True)
class BroadCode:
    """What a model with a broad phase gets generated: its spheres and functions (scalar versions)."""

    spheres: Spheres
    #: advance_broad(...) (see :func:`emit_loop`), whose scalar version becomes native code when that is
    #: ready (it then takes the window's pairs and points as arrays)
    advance: Any
    #: points(t, q…) → the points' coordinates, flat
    points: Callable
    #: point_rates(t, q…, q̇…) → their rates, flat
    point_rates: Callable
    #: plain_gaps(t, q…), plain_rates(t, q…, q̇…): the gaps and rates of the contacts that are not pairs
    plain_gaps: Callable
    plain_rates: Callable
    #: pair_gaps(P, NA, NB, NC), moved(P, hold, limit): see :func:`helpers`
    pair_gaps: Callable
    moved: Callable

    @property
    def plain(self) -> Callable:
        """The loop in Python (:attr:`advance`'s scalar before it switched): it takes tuples."""
        return self.advance.plain


class BroadPhase:
    """The windows of the broad phase of one system (see the module docstring)."""

    def __init__(self, code: BroadCode):
        self.code = code
        spheres = code.spheres
        self.dim = spheres.dim
        self.count = len(spheres.points)
        pairs = spheres.pairs
        # (int64: the type native code takes them in)
        self.a = np.array([a for _, a, _, _ in pairs], dtype=np.int64)
        self.b = np.array([b for _, _, b, _ in pairs], dtype=np.int64)
        self.c = np.array([c for _, _, _, c in pairs])
        self.floor = MARGIN_FLOOR * float(self.c.max())
        self.pairs = spheres.pairs
        paired = spheres.contacts
        #: the contacts that are not pairs, in order (as plain_gaps returns them)
        self.plain = [k for k in range(spheres.total) if k not in paired]
        self._rows: list[int] = []
        self._focus: tuple[tuple, tuple, float, list[int]] | None = None
        self._fastest = 0.0
        self._still: tuple[float, ...] = ()
        #: windows made and pairs checked in them (for the bench and the tests)
        self.windows = 0
        self.checked = 0

    def near(self, positions: Sequence[float], margin: float) -> list[int]:
        """The pairs (rows of :attr:`Spheres.pairs`) whose gap is at most 2·``margin`` with the points
        at ``positions`` (flat, as ``points`` returns them): every pair's distance at once on arrays
        (a few hundred pairs cost less so than sorting and sweeping them in Python)."""
        points = np.asarray(positions, dtype=float).reshape(self.count, self.dim)
        d = points[self.a] - points[self.b]
        distance = np.sqrt(np.einsum("ij,ij->i", d, d))
        return np.flatnonzero(distance - self.c <= 2.0 * margin).tolist()

    # -- the substeps that locate events (the stepper's Python path) ---------------------------------

    def focus(self, system, state: State, modes: Sequence = ()) -> None:
        """From ``state`` on, in free flight (no ``modes`` resting), the gaps of the pairs out of
        reach are +inf instead of computed, until :meth:`unfocus`; where :meth:`gaps` or
        :meth:`rates` finds a point gone further than the margin of :data:`FOCUS_SUBSTEPS`
        substeps allows, they raise :class:`Unfocused` (the stepper does that part again with
        every gap, so every number it used is the one every gap gives). Only for a model with
        :data:`FOCUS_MIN` pairs or more (else computing every gap costs less than choosing)."""
        self._focus = None
        if modes or len(self.pairs) < FOCUS_MIN:
            return
        near, hold, limit = self.window(system, state, FOCUS_SUBSTEPS, 1.0, count=False)
        self._focus = (near, hold, limit, [self.pairs[i][0] for i in self._rows])
        # a pair out of reach has a gap above the margin m (2·limit·√dim) wherever the focus holds; its
        # rate then cannot take it below 0 within a substep δ while no point's velocity has a
        # component above m/(2·√dim·δ) (what rates checks)
        self._fastest = limit / system.delta
        self._still = (0.0,) * len(hold)

    def unfocus(self) -> None:
        self._focus = None

    def _points(self, t: float, q: Sequence[float]) -> tuple | None:
        """The points at (t, q) if there is a focus (None if there is none); Unfocused if it does
        not hold there."""
        if self._focus is None:
            return None
        points = self.code.points(t, *q)
        if self.code.moved(points, self._focus[1], self._focus[2]):
            raise Unfocused
        return points

    def gaps(self, t: float, q: Sequence[float]) -> list[float] | None:
        """Every contact's gap at (t, q), +inf for the pairs out of reach (the same numbers as the
        generated ``gaps`` for the others), or None if there is no focus."""
        points = self._points(t, q)
        if points is None:
            return None
        near, _, _, contacts = self._focus  # type: ignore[misc]
        out = [math.inf] * self.code.spheres.total
        for k, g in zip(self.plain, self.code.plain_gaps(t, *q)):
            out[k] = g
        for k, g in zip(contacts, self.code.pair_gaps(points, *near)):
            out[k] = g
        return out

    def rates(self, t: float, q: Sequence[float], v: Sequence[float], rate: Callable[[int, float, Sequence[float], Sequence[float]], float]
              ) -> list[float] | None:
        """Every contact's gap rate at (t, q, q̇), 0 for the pairs out of reach (``rate(k, t, q, q̇)``:
        contact k's, from its generated terms), or None if there is no focus."""
        if self._points(t, q) is None:
            return None
        if self.code.moved(self.code.point_rates(t, *q, *v), self._still, self._fastest):
            raise Unfocused
        out = [0.0] * self.code.spheres.total
        for k, r in zip(self.plain, self.code.plain_rates(t, *q, *v)):
            out[k] = r
        for k in self._focus[3]:  # type: ignore[index]
            out[k] = rate(k, t, q, v)
        return out

    def window(self, system, state: State, substeps: int, widen: float, count: bool = True
               ) -> tuple[tuple, tuple, float]:
        """(near, hold, limit) for a window of ``substeps`` from ``state``."""
        q = state.q.tolist()
        v = system.code.rhs.scalar(state.t, *q, *state.p.tolist())[: system.n]
        hold = self.code.points(state.t, *q)
        speeds = self.code.point_rates(state.t, *q, *v)
        dim = self.dim
        fastest = max(math.hypot(*speeds[i:i + dim]) for i in range(0, len(speeds), dim))
        margin = widen * max(2.0 * fastest * system.delta * substeps, self.floor)
        pairs = self.pairs
        rows = self._rows = self.near(hold, margin)
        near = (tuple(dim * pairs[i][1] for i in rows), tuple(dim * pairs[i][2] for i in rows),
                tuple(pairs[i][3] for i in rows))
        if count:
            self.windows += 1
            self.checked += len(rows)
        return near, tuple(hold), 0.5 * margin / math.sqrt(self.dim)

    def advance(self, system, state: State, delta: float, substeps: int, plain: bool = False) -> tuple:
        """What ``substeps_to_event`` returns (t, q…, p…, w, ws, worst, substeps done, hit), checking
        only the near pairs: windows one after another until the substeps are done or an event fires
        (in native code, :func:`windows_kernel`, once that is ready; in Python if ``plain``)."""
        native = None if plain else system.code.native
        windows = None if native is None else native.extra.get(WINDOWS)
        if windows is not None:
            t, end, w, ws, worst, done, hit, made, checked = windows(
                state.t, np.concatenate([state.q, state.p]), state.work, state.support_work, delta, substeps, self.a,
                self.b, self.c, self.floor)
            self.windows += made
            self.checked += checked
            return (t, *end.tolist(), w, ws, worst, done, hit)
        n = system.n
        t0, done, widen, worst = state.t, 0, 1.0, 1.0
        t, y, w, ws = state.t, [*state.q.tolist(), *state.p.tolist()], state.work, state.support_work
        while True:
            current = State(t, np.array(y[:n]), np.array(y[n:]), w, ws, state.losses)
            steps = min(WINDOW, substeps - done)
            near, hold, limit = self.window(system, current, steps, widen)
            loop = self.code.plain if plain else self.code.advance.scalar
            if loop is not self.code.plain:  # native code: the pairs and points as arrays of their types
                near = (np.array(near[0], dtype=np.int64), np.array(near[1], dtype=np.int64),
                        np.array(near[2], dtype=float))
                hold = np.array(hold, dtype=float)  # type: ignore[assignment]
            out = loop(t, *y, w, ws, delta, steps, t0, done, *near, hold, limit)
            t, y, w, ws = out[0], list(out[1:1 + 2 * n]), out[1 + 2 * n], out[2 + 2 * n]
            worst = min(worst, out[3 + 2 * n])
            step, hit = int(out[-2]), int(out[-1])
            done += step
            if hit == 1 or done >= substeps:
                return (t, *y, w, ws, worst, done, hit)
            # a point went further than the window allowed: a new window there, wider if none was done
            widen = 2.0 * widen if hit == 2 and step == 0 else 1.0
