"""Big models (issue 33): the mass matrix and the forces evaluated in numbers and solved by NumPy.

The generated module of :mod:`.codegen` writes T's LDLᵀ factorisation out term by term: n³/6
products for n coordinates, so its source and a substep's cost grow as n³ (a 40-link chain:
609 kB, below real time). Past :data:`BIG_MODEL` coordinates this path is taken instead. Each
sum the motion needs (T's entries, b, ∂L/∂qᵢ + Qᵢ, the energies) is cut into its terms, and the
terms are grouped by their shape, the tree with its names and numbers left out: all the
``c·cos(aᵢ − aⱼ)`` of a chain's T are one group. Code is generated per shape, not per term, and
run on NumPy arrays of every term of the group at once (the names gathered from the state, the
numbers kept as arrays); the terms are then summed into their entries. T·q̇ = p − b is solved
with ``numpy.linalg.solve``, its Cholesky factor giving the pivots the generated path gives
(Dⱼ = Lⱼⱼ²). The code is as long as the number of shapes, the work grows as the number of
terms: n² for a chain, both to load and per substep.

Models with contacts, events, constraints, anything depending on t, or CenM's numeric
derivatives keep the generated path (:func:`fits`), whatever their size.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np

from ...expr import TIME, Block, Name, Node, algebra
from ...expr.codegen import compile_source
from ...expr.nodes import Binary, Call, Neg, Num, names_in, reduce
from .codegen import Compiled, GeneratedDynamics
from .mechanics import Mechanics

A = algebra

#: coordinates from which a model of energies moves by this path. Measured on the bench's chains
#: (CPU time, plain path): this path loads faster from 10 links on (0.15 s against 0.30 at 20), and a
#: substep costs the same at 18 (231 µs against 236; at 14: 204 against 126; at 24: 269 against 471)
BIG_MODEL = 18

_serial = itertools.count(1)


def wanted(n: int, derivatives: str, events: Sequence[Node], contacts: bool, constraints: bool) -> bool:
    """This path would serve a model of ``n`` coordinates: big enough, and nothing it does not take
    (but t, known once its trees are built: :func:`fits`)."""
    return n >= BIG_MODEL and derivatives == "exact" and not events and not contacts and not constraints


def fits(mech: Mechanics, derivatives: str, events: Sequence[Node], contacts: bool, constraints: bool) -> bool:
    """This path serves the model."""
    return wanted(mech.n, derivatives, events, contacts, constraints) and not mech.time_dependent


def by_terms(tree: Node, names: Sequence[str]) -> tuple[Node, ...]:
    """∂tree/∂x for each name x, term by term, each term by the names it reads: as many derivatives
    as a term has names (a chain's L: n² terms, two angles each), not one walk of the whole tree
    per name (n³). The same sums in another order: equal to :func:`.mechanics.exact`'s but for
    rounding."""
    out: dict[str, list[Node]] = {x: [] for x in names}
    for c, term in terms_of(tree):
        for x in names_in(term) & out.keys():
            d = A.diff(term, x)
            if not A.is_zero(d):
                out[x].append(d if c == 1.0 else A.neg(d) if c == -1.0 else A.mul(A.num(c), d))
    sums = []
    for x in names:
        total: Node = A.ZERO
        for d in out[x]:
            total = A.add(total, d)
        sums.append(total)
    return tuple(sums)


# -- sums of terms, grouped by shape ------------------------------------------------------------


def terms_of(tree: Node) -> list[tuple[float, Node]]:
    """``tree`` as Σ c·term: its sums, differences and negations opened, and a sum times or over a
    number (−g·(M₁·l₁·cos a₁ + …), a chain's Ep) opened with the number as the terms' factor."""
    out: list[tuple[float, Node]] = []
    stack: list[tuple[Node, float]] = [(tree, 1.0)]
    while stack:
        node, c = stack.pop()
        if isinstance(node, Binary) and node.op in "+-":
            stack.append((node.right, c if node.op == "+" else -c))
            stack.append((node.left, c))
        elif isinstance(node, Neg):
            stack.append((node.operand, -c))
        elif isinstance(node, Binary) and node.op in "*/" and _number(node.right) and _sum(node.left):
            k = _number(node.right)
            stack.append((node.left, c * k if node.op == "*" else c / k))  # type: ignore[operator]
        elif isinstance(node, Binary) and node.op == "*" and _number(node.left) is not None and _sum(node.right):
            stack.append((node.right, c * _number(node.left)))  # type: ignore[operator]
        elif not A.is_zero(node):
            out.append((c, node))
    return out


def _number(node: Node) -> float | None:
    """The number a tree is: a number, or a number negated (−2 as a file writes it)."""
    if isinstance(node, Neg) and isinstance(node.operand, Num):
        return -node.operand.value
    return node.value if isinstance(node, Num) else None


def _sum(node: Node) -> bool:
    return isinstance(node, Neg) or (isinstance(node, Binary) and node.op in "+-")


def shape(term: Node) -> tuple[tuple, list[Node]]:
    """The term's shape (its operations, a slot for each name and number) and what fills its slots,
    in order. An exponent that is a number stays in the shape: x² is computed as x·x."""

    def combine(n: Node, kids: list[tuple[tuple, list[Node]]]) -> tuple[tuple, list[Node]]:
        if isinstance(n, Name):
            return ("name",), [n]
        if isinstance(n, Num):
            return ("num",), [n]
        if isinstance(n, Binary) and n.op == "^" and isinstance(n.right, Num):
            return ("^", kids[0][0], n.right.value), kids[0][1]
        head = n.op if isinstance(n, Binary) else n.func if isinstance(n, Call) else "neg"
        return (head, *(k for k, _ in kids)), [leaf for _, leaves in kids for leaf in leaves]

    return reduce(term, combine)


def _tree(key: tuple, slots: list[Node]) -> Node:
    """The tree of a shape with ``slots`` (names of the group's arrays, or numbers) in place."""
    place = iter(slots)

    def build(k: tuple) -> Node:
        head = k[0]
        if head in ("name", "num"):
            return next(place)
        if head == "^":
            return A.pow_(build(k[1]), A.num(k[2]))
        if head == "neg":
            return A.neg(build(k[1]))
        args = [build(sub) for sub in k[1:]]
        if head in ("+", "-", "*", "/"):
            return Binary(head, args[0], args[1])
        return Call(head, tuple(args))

    return build(key)


def _varies(members: list[tuple[int, float, list[Node]]]) -> bool:
    """The group's value differs from term to term (some slot holds a name, or numbers that differ)."""
    first = members[0][2]
    return any(isinstance(leaf, Name) or any(m[2][s] is not leaf for m in members) for s, leaf in enumerate(first))


class TermSums:
    """Several sums of terms of the variables ``names``, all evaluated at once on arrays:
    ``sums(x)`` with x one value per name (or one row of m values) gives one value (or row) per sum."""

    def __init__(self, trees: Sequence[Node], names: Sequence[str]):
        self.count = len(trees)
        where = {name: k for k, name in enumerate(names)}
        groups: dict[tuple, list[tuple[int, float, list[Node]]]] = {}
        for out, tree in enumerate(trees):
            for sign, term in terms_of(tree):
                key, leaves = shape(term)
                groups.setdefault(key, []).append((out, sign, leaves))
        block = Block({}, prefix="c")
        self.inputs: list[np.ndarray] = []  # per slot given as an array: indices into x, or numbers
        lines: list[str] = []
        targets, factors, results = [], [], []
        for g, (key, members) in enumerate(groups.items()):
            slots: list[Node] = []
            for s, column in enumerate(zip(*(m[2] for m in members))):
                if all(leaf is column[0] for leaf in column) and isinstance(column[0], Num):
                    slots.append(column[0])  # the same number in every term: a literal
                    continue
                ident, k = f"g{g}s{s}", len(self.inputs)
                block.variables["@" + ident] = ident
                slots.append(Name("@" + ident))
                if isinstance(column[0], Name):  # names: gathered from x
                    self.inputs.append(np.array([where[leaf.id] for leaf in column], dtype=np.intp))
                    lines.append(f"{ident} = x[K[{k}]]")
                else:  # numbers: one per term
                    self.inputs.append(np.array([leaf.value for leaf in column]))
                    lines.append(f"{ident} = K[{k}] if x.ndim == 1 else K[{k}][:, None]")
            block.assign(f"y{g}", _tree(key, slots))
            results.append(f"y{g}")
            targets += [m[0] for m in members]
            factors += [m[1] for m in members]
        body = lines + block.lines()
        self.source = "\n".join(["def terms(x, K):", *(f"    {ln}" for ln in body),
                                 f"    return ({', '.join(results)}{',' if len(results) == 1 else ''})"]) + "\n"
        _, self._terms = compile_source(self.source, "terms", filename=f"<cenm-terms {next(_serial)}>")
        self.sizes = [len(m) for m in groups.values()]
        order = np.argsort(np.array(targets, dtype=np.intp), kind="stable")
        self._order = order
        self._factors = np.array(factors)[order]
        sorted_targets = np.array(targets, dtype=np.intp)[order]
        self._filled, self._starts = np.unique(sorted_targets, return_index=True)
        self.terms = len(targets)
        self._targets = np.array(targets, dtype=np.intp)
        self._factor = np.array(factors)
        #: the groups whose values come one per term (they read a name or numbers per term)
        self._gathered = [_varies(m) for m in groups.values()]
        self._all_vary = all(self._gathered)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        if not self.terms:
            return np.zeros((self.count, *x.shape[1:]))
        parts = self._terms(x, self.inputs)
        if x.ndim == 1:  # one state: summed by bincount, in the terms' own order
            values = np.concatenate(parts if self._all_vary else
                                    [v if g else np.full(size, v) for v, g, size in zip(parts, self._gathered, self.sizes)])
            return np.bincount(self._targets, weights=values * self._factor, minlength=self.count)
        rows = x.shape[1:]
        values = np.concatenate([np.broadcast_to(v, (size, *rows)) for v, size in zip(parts, self.sizes)])
        values = values[self._order] * self._factors[:, None]
        out = np.zeros((self.count, *rows))
        out[self._filled] = np.add.reduceat(values, self._starts, axis=0)
        return out


# -- the motion in numbers --------------------------------------------------------------------


class BigDynamics:
    """A model's rates, steps, momenta and energies on arrays: one state is a column of n values
    (or of n rows of m values, a batch); T and the sums are :class:`TermSums` of (t, q…, q̇…)."""

    def __init__(self, mech: Mechanics):
        n = self.n = mech.n
        self.mech = mech
        self.names = [TIME, *mech.coordinates, *mech.velocities]
        lower = [(i, j) for i in range(n) for j in range(i + 1) if not A.is_zero(mech.T[i][j])]
        #: which entry each place of T holds, both triangles (len(lower): a place that is zero)
        self._place = np.full((n, n), len(lower), dtype=np.intp)
        for k, (i, j) in enumerate(lower):
            self._place[i, j] = self._place[j, i] = k
        self.entries = TermSums([mech.T[i][j] for i, j in lower], self.names)
        self.shift = TermSums(mech.b, self.names) if mech.has_momentum_shift else None
        power: Node = A.ZERO
        for force, velocity in zip(mech.forces, mech.velocities):
            power = A.add(power, A.mul(force, Name(velocity)))
        self.forces = TermSums([*(A.add(d, f) for d, f in zip(mech.dL_dq, mech.forces)), power], self.names)
        self.energy = TermSums([mech.kinetic, mech.potential], self.names)
        self.excess = None if mech.jacobi is None else TermSums([mech.jacobi], self.names)
        self._drift: TermSums | None = None

    @property
    def sums(self) -> list[TermSums]:
        return [s for s in (self.entries, self.shift, self.forces, self.energy, self.excess) if s is not None]

    def point(self, t: float, q: np.ndarray, v: np.ndarray | None = None) -> np.ndarray:
        """x = (t, q…, q̇…) as the sums read it (q̇ zero until known)."""
        n = self.n
        x = np.zeros((2 * n + 1, *q.shape[1:]))
        x[0] = t
        x[1:n + 1] = q
        if v is not None:
            x[n + 1:] = v
        return x

    def matrix(self, x: np.ndarray) -> np.ndarray:
        """T at x: (n, n), or (m, n, n) for a batch."""
        e = self.entries(x)
        held = np.concatenate([e, np.zeros((1, *e.shape[1:]))])[self._place]
        return held if e.ndim == 1 else held.transpose(2, 0, 1)

    def solve(self, T: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray | float]:
        """(T⁻¹r, the smallest pivot Dⱼ/|Tⱼⱼ| of T's LDLᵀ): the pivot is ≤ 0 or NaN where T is not
        positive definite, and the velocities then NaN (the step that reached it is refused)."""
        try:
            chol = np.linalg.cholesky(T)
        except np.linalg.LinAlgError:  # some T not positive definite: each state alone
            if T.ndim == 2:
                return np.full(self.n, np.nan), -1.0
            rows = [self.solve(Tk, r[:, k]) for k, Tk in enumerate(T)]
            return np.column_stack([v for v, _ in rows]), np.array([p for _, p in rows])
        if T.ndim == 2:  # (ndarray's own methods: a substep's stages call this 4 times, each call counts)
            d = chol.diagonal()
            return np.linalg.solve(T, r), float((d * d / abs(T.diagonal())).min())
        pivot = np.min(np.diagonal(chol, axis1=-2, axis2=-1) ** 2 / np.abs(np.diagonal(T, axis1=-2, axis2=-1)), axis=-1)
        return np.linalg.solve(T, r.T[:, :, None])[:, :, 0].T, pivot

    def rates(self, t: float, q: np.ndarray, p: np.ndarray):
        """(q̇, ṗ, pivot, power of the forces) at (t, q, p)."""
        n = self.n
        x = self.point(t, q)
        T = self.matrix(x)
        r = p if self.shift is None else p - self.shift(x)
        v, pivot = self.solve(T, r)
        x[n + 1:] = v
        f = self.forces(x)
        return v, f[:n], pivot, f[n]

    def advance(self, t: float, q: np.ndarray, p: np.ndarray, w, ws: float, delta: float, steps: int):
        """``steps`` classic RK4 substeps of δ (as the generated loop: the same stages, the worst pivot)."""
        n = self.n
        y = np.concatenate([q, p])
        half, sixth, t0 = 0.5 * delta, delta / 6.0, t
        worst: np.ndarray | float = 1.0

        def stage(ts: float, ys: np.ndarray):
            v, dp, pivot, wdot = self.rates(ts, ys[:n], ys[n:])
            return np.concatenate([v, dp]), pivot, wdot

        with np.errstate(all="ignore"):
            for step in range(steps):
                k1, piv1, w1 = stage(t, y)
                k2, piv2, w2 = stage(t + half, y + half * k1)
                k3, piv3, w3 = stage(t + half, y + half * k2)
                k4, piv4, w4 = stage(t + delta, y + delta * k3)
                y = y + sixth * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
                worst = np.minimum(np.minimum(np.minimum(worst, piv1), np.minimum(piv2, piv3)), piv4)
                w = w + sixth * (w1 + 2.0 * w2 + 2.0 * w3 + w4)
                t = t0 + (step + 1) * delta
        return t, y, w, ws, worst

    def momenta(self, t: float, q: np.ndarray, v: np.ndarray) -> np.ndarray:
        """p = T·q̇ + b."""
        x = self.point(t, q, v)
        T = self.matrix(x)
        p = T @ v if T.ndim == 2 else np.einsum("mij,jm->im", T, v)
        return p if self.shift is None else p + self.shift(x)

    def accelerations(self, t: float, q: np.ndarray, p: np.ndarray) -> np.ndarray:
        """q̈ = T⁻¹(ṗ − ∂P/∂q·q̇) (P = ∂Ek/∂q̇), the drift's sums made when first asked."""
        if self._drift is None:
            self._drift = TermSums(self.mech.momentum_drift, self.names)
        v, dp, _, _ = self.rates(t, q, p)
        x = self.point(t, q, v)
        return self.solve(self.matrix(x), dp - self._drift(x))[0]


# -- the functions the engine calls -------------------------------------------------------------


def _columns(values: Sequence) -> np.ndarray:
    """Arguments of a generated function (floats, or arrays over states) as rows of one array."""
    return np.array(np.broadcast_arrays(*values), dtype=float)


def _scalar(fn):
    """The float version: the array one on one state, its results as Python floats."""
    def scalar(*args):
        return tuple(float(v) for v in fn(*args))
    return scalar


def generate_big(mech: Mechanics, label: str = "model") -> GeneratedDynamics:
    """The model's functions with the signatures of :class:`GeneratedDynamics` (see :mod:`.codegen`)."""
    big = BigDynamics(mech)
    n = mech.n

    def rhs(t, *y):
        Y = _columns(y)
        v, dp, pivot, wdot = big.rates(t, Y[:n], Y[n:])
        return (*v, *dp, pivot, wdot, 0.0 * wdot)

    def advance(t, *args):
        Y = _columns(args[:2 * n])
        w, ws, delta, steps = args[2 * n:]
        t, Y, w, ws, worst = big.advance(t, Y[:n], Y[n:], w, ws, delta, steps)
        return (t, *Y, w, ws, worst)

    def momenta(t, *args):
        Y = _columns(args)
        return tuple(big.momenta(t, Y[:n], Y[n:]))

    def energies(t, *args):
        Y = _columns(args)
        return tuple(big.energy(big.point(t, Y[:n], Y[n:])))

    def jacobi(t, *args):
        assert big.excess is not None
        Y = _columns(args)
        return tuple(big.excess(big.point(t, Y[:n], Y[n:])))

    def motion(t, *y):
        Y = _columns(y)
        return tuple(big.accelerations(t, Y[:n], Y[n:]))

    def compiled(fn) -> Compiled:
        return Compiled(_scalar(fn), fn)

    header = [f"# Terms of {label!r} by shape, summed and solved by game/physics/lagrange/numeric.py "
              f"({n} coordinates, {sum(s.terms for s in big.sums)} terms)"]
    source = "\n".join([*header, *(s.source for s in big.sums)])
    return GeneratedDynamics(
        source=source, filename=f"<cenm-terms: {label}>", n=n, rhs=compiled(rhs), advance=compiled(advance),
        momenta=compiled(momenta), energies=compiled(energies),
        jacobi=None if big.excess is None else compiled(jacobi), motion=compiled(motion),
        cost=big_cost(big))


#: a big model's substep in µs: four stages of NumPy calls (Cholesky, solve, the sums) and the work
#: per term of T and of the forces (a chain of 20 links: 230 µs, of 40: 320 to 420, on the bench's machine)
STAGES_COST = 100
TERM_COST = 0.1


def big_cost(big: BigDynamics) -> int:
    """µs a substep takes here (see :meth:`System.substep_cost`): the terms T and the forces sum."""
    terms = big.entries.terms + big.forces.terms + (0 if big.shift is None else big.shift.terms)
    return math.ceil(STAGES_COST + TERM_COST * terms)
