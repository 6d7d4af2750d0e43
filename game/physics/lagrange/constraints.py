"""Constraints of a Lagrangian model with multipliers (SPEC §7.8; seed 004 §3, §14).

Every row, holonomic (phi(q, t) = 0) or a velocity row, is used in its velocity form
g = A(q, t)·q̇ + b(q, t) = 0 (for phi: A = ∂phi/∂q, b = ∂phi/∂t). Its force on the coordinates
is Aᵀ·λ, so ṗ = ∂L/∂q + Q + Aᵀ·λ, and the multipliers come from the rows held at acceleration
level, ġ = A·q̈ + c = 0 with c = ∂g/∂q·q̇ + ∂g/∂t:

    q̈ = q̈₀ + T⁻¹Aᵀλ,   (A·T⁻¹·Aᵀ)·λ = −(A·q̈₀ + c),

q̈₀ being the motion without them. All of that is written into the model's generated ``rhs``
(:func:`emit_constraint_forces`, with T's factors already made and the LDLᵀ of A·T⁻¹·Aᵀ), so a
constrained model still runs the fused RK4 loop; after each step of dt the positions are pulled
back onto phi = 0 and the velocities onto A·q̇ + b = 0 (:class:`RowNumbers`, the steppers'
:class:`~game.physics.steppers.Projected`), as a mechanism's are. Redundant rows are allowed: the
motion uses an independent set of them, chosen where the motion starts, and the multipliers shown
are those of least norm over all the rows. A row whose gradient vanishes where it holds (25.29:
x² + y² = 0) cannot carry a force and is refused.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ...expr import TIME, Block, EvaluationError, Name, Node, SourceError, algebra, compile_trees, evaluate, names_in
from ...expr.codegen import ARITHMETIC_ERRORS, compile_source, literal
from ...messages import Message, msg, number
from ...model import ModelFile, ModelFileError
from ...model.constraints import ConstraintRow
from ..numerics import damped_least_squares, damped_solve_rows, damped_solve_rows_many
from ..state import SimulationError
from .emit import (
    Names,
    dot,
    factor,
    forces,
    free_accelerations,
    internal,
    lagrange_terms,
    let,
    mass_matrix,
    pivots,
    rate,
    solve,
    support_power,
    velocities,
)
from .mechanics import Mechanics

A = algebra

_serial = itertools.count(1)

#: positions count as on the constraints when every |phi| is below this (times max(1, |q|))
ON_CONSTRAINTS = 1e-12
#: a row whose Newton distance |phi|/|∇phi| stays above this where |phi| is met is singular
SINGULAR_DISTANCE = 1e-7
#: singular values of A below this fraction of the largest count as zero (redundant rows)
RANK_TOLERANCE = 1e-9
#: velocities within this (relative) of A·q̇ + b = 0 after a step are left as they are
KEPT = 1e-14
#: damping of the projections' normal equations: exact but for redundant rows
PROJECTION_DAMPING = 1e-14
#: copies tested on arrays count as kept this far inside the limits (a round-off walk that drifts
#: up to them takes many steps, so few copies sit in the band between, asked one by one)
SURE = 0.999


@dataclass(frozen=True)
class BoundRows:
    """The rows with the parameters' numbers, as trees: what the generated code and the
    projections are made of."""

    rows: tuple[ConstraintRow, ...]
    #: phi of each holonomic row (None for a velocity row)
    phi: tuple[Node | None, ...]
    #: A[j][k] = ∂g_j/∂q̇_k, trees of t and q
    A: tuple[tuple[Node, ...], ...]
    #: b_j = g_j at q̇ = 0
    b: tuple[Node, ...]
    #: c_j = ∂g_j/∂q·q̇ + ∂g_j/∂t: what A·q̈ misses of ġ
    c: tuple[Node, ...]
    time_dependent: bool

    @property
    def m(self) -> int:
        return len(self.rows)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.rows)

    @property
    def does_work(self) -> bool:
        """The rows' forces can do work: a row that depends on t or has a b (a moving guide, a
        velocity imposed)."""
        return self.time_dependent or any(not A.is_zero(b) for b in self.b)


#: a model's constraints as the generated code uses them: the bound rows and the independent
#: ones the motion uses
Rows = tuple[BoundRows, Sequence[int]]


def bind_constraints(model: ModelFile, parameters: Mapping[str, float], mech: Mechanics) -> BoundRows | None:
    """The model's CONSTRAINTS rows bound to ``parameters`` (None without any)."""
    if not model.constraints:
        return None
    coords, vels = mech.coordinates, mech.velocities
    phis: list[Node | None] = []
    As, bs, cs = [], [], []
    timed = False
    for row in model.constraints:
        tree = A.bind(row.value.tree, parameters)
        timed = timed or TIME in _names(tree)
        phis.append(tree if row.holonomic else None)
        g = rate(tree, coords, vels) if row.holonomic else tree
        As.append(tuple(A.diff(g, v) for v in vels))
        bs.append(A.substitute(g, dict.fromkeys(vels, A.ZERO)))
        cs.append(rate(g, coords, vels))
    return BoundRows(tuple(model.constraints), tuple(phis), tuple(As), tuple(bs), tuple(cs), timed)


def _names(tree: Node) -> set[str]:
    return set(names_in(tree))


# -- the generated code ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Compliance:
    """What the generated code has made of the rows in use: T's factors, the rows' A, T⁻¹Aᵀ and
    the LDLᵀ of A·T⁻¹·Aᵀ, written into ``block``; with them, the constrained compliance
    W = T⁻¹ − T⁻¹Aᵀ(A·T⁻¹·Aᵀ)⁻¹A·T⁻¹ (a push W·f moves the coordinates along the rows only:
    A·W = 0) and the force T·W·f a generalized force f becomes with the rows' reactions."""

    block: Block
    L: list[list[Node]]
    D: list[Node]
    rowsA: list[list[Node]]
    spread: list[list[Node]]
    LG: list[list[Node]]
    DG: list[Node]
    #: A·T⁻¹·Aᵀ's diagonal (its pivots are measured against it)
    diagonal: list[Node]

    @classmethod
    def of(cls, block: Block, rows: BoundRows, active: Sequence[int], L: list[list[Node]], D: list[Node]
           ) -> Compliance:
        n = len(D)
        rowsA = [[let(block, f"A{j}_{k}", rows.A[j][k]) for k in range(n)] for j in active]
        spread = [solve(block, L, D, list(a), f"y{j}") for j, a in enumerate(rowsA)]  # T⁻¹Aⱼᵀ
        m = len(active)
        G: list[list[Node]] = [[A.ZERO] * m for _ in range(m)]
        for j in range(m):
            for k in range(j + 1):
                G[j][k] = let(block, f"G{j}_{k}", dot(rowsA[j], spread[k]))
        LG, DG = factor(block, G, "G")
        return cls(block, L, D, rowsA, spread, LG, DG, [G[j][j] for j in range(m)])

    def _reaction(self, x: Sequence[Node], tag: str) -> list[Node]:
        """μ = (A·T⁻¹·Aᵀ)⁻¹·A·x: the rows' share of a push x = T⁻¹f."""
        s = [let(self.block, f"{tag}a{j}", dot(a, x)) for j, a in enumerate(self.rowsA)]
        return solve(self.block, self.LG, self.DG, s, f"{tag}g")

    def solve(self, f: Sequence[Node], tag: str) -> list[Node]:
        """W·f."""
        x = solve(self.block, self.L, self.D, list(f), tag)
        if all(A.is_zero(v) for v in f):
            return x
        mu = self._reaction(x, tag)
        return [let(self.block, f"{tag}w{i}", A.sub(x[i], dot([s[i] for s in self.spread], mu)))
                for i in range(len(x))]

    def react(self, f: Sequence[Node], tag: str) -> list[Node]:
        """T·W·f = f − Aᵀ·μ: the force f with the rows' reactions to it."""
        mu = self._reaction(solve(self.block, self.L, self.D, list(f), tag), tag)
        return [A.sub(f[i], dot([a[i] for a in self.rowsA], mu)) for i in range(len(f))]


def emit_constraint_forces(block: Block, mech: Mechanics, rows: BoundRows, active: Sequence[int],
                           L: list[list[Node]], D: list[Node]
                           ) -> tuple[list[Node], list[Node], list[Node], Node, Compliance]:
    """Into ``block``, after the free ṗ (dp0…): the multipliers of the ``active`` rows, ṗ with
    their forces (dp0… again), q̈ and the power of the rows' forces. Returns (λ, q̈, the pivots of
    A·T⁻¹·Aᵀ relative to its diagonal, that power, the compliance with the rows)."""
    n = mech.n
    v = [Name(name) for name in mech.velocities]
    acc0 = free_accelerations(block, mech, L, D, "f", [_written(block, f"dp{i}") for i in range(n)])
    W = Compliance.of(block, rows, active, L, D)
    rowsA, spread, LG, DG = W.rowsA, W.spread, W.LG, W.DG
    m = len(active)
    r = [let(block, f"gr{j}", A.neg(A.add(dot(rowsA[j], acc0), rows.c[active[j]]))) for j in range(m)]
    lam = solve(block, LG, DG, r, "l")
    lam = [let(block, f"lam{j}", x) for j, x in enumerate(lam)]
    acc = []
    for i in range(n):
        force: Node = A.ZERO
        extra: Node = A.ZERO
        for j in range(m):
            force = A.add(force, A.mul(rowsA[j][i], lam[j]))
            extra = A.add(extra, A.mul(spread[j][i], lam[j]))
        block.assign(f"dp{i}", A.add(_written(block, f"dp{i}"), force))
        acc.append(A.add(acc0[i], extra))
    power: Node = A.ZERO
    for j in range(m):
        power = A.add(power, A.mul(lam[j], dot(rowsA[j], v)))
    pivots = [A.div(DG[j], A.call("abs", W.diagonal[j])) for j in range(m)]
    return lam, acc, pivots, power, W


#: push(f, tag) → W·f written into a block (T⁻¹·f, or along the constraints)
Solver = Callable[[Sequence[Node], str], list[Node]]


@dataclass(frozen=True)
class Motion:
    """What :func:`emit_motion` wrote: T and its factors, the multipliers of the rows in use, q̈
    (empty when not asked for and nothing needed it), and how a push f becomes W·f."""

    T: list[list[Node]]
    L: list[list[Node]]
    D: list[Node]
    lam: list[Node]
    acc: list[Node]
    push: Solver


def emit_motion(block: Block, mech: Mechanics, names: Names, derivatives: str, rows: Rows | None,
                accelerations: bool = True) -> Motion:
    """Into ``block``, once for every generated function that needs it (rhs, motion, the contacts'
    dynamics, rest and group functions): T's factors, q̇ (v0…), ṗ (dp0…, with the rows' forces),
    the powers (wdot, wsdot) and the pivot; q̈ too where the rows or moving supports need it, or
    when ``accelerations`` asks for it."""
    T = mass_matrix(block, mech)
    L, D = factor(block, T)
    velocities(block, mech, names, L, D)
    forces(block, mech, lagrange_terms(block, mech, names, derivatives))
    if rows is not None:
        bound, active = rows
        lam, acc, more, power, W = emit_constraint_forces(block, mech, bound, active, L, D)
        support_power(block, mech, L, D)
        if not mech.time_dependent and bound.does_work:
            block.assign("wsdot", power)  # the rows' forces do the work moving supports would
        pivots(block, T, D, more)
        return Motion(T, L, D, lam, acc, W.solve)
    qdd = support_power(block, mech, L, D)
    pivots(block, T, D)
    if qdd is None and accelerations:
        qdd = free_accelerations(block, mech, L, D, "a")

    def push(f: Sequence[Node], tag: str) -> list[Node]:
        return solve(block, L, D, list(f), tag)
    return Motion(T, L, D, [], qdd or [], push)


def _written(block: Block, name: str) -> Node:
    """The value last written to ``name`` in ``block`` when that is a number (a free ṗ that is
    constant: an Atwood's weights), else the variable: with numbers, the multipliers and the
    forces they make are worked out once, here, by the same float operations the generated code
    would make in every call (the algebra folds two numbers as Python does), not per substep."""
    for target, node in reversed(block.outputs):
        if target == name:
            if node is not None and A.constant_value(node) is not None:
                return node
            break
    return internal(block, name)


# -- the rows in numbers ---------------------------------------------------------------------------


class RowNumbers:
    """The rows at (t, q): phi of the holonomic ones, A and b of all; positions and velocities
    put on them (at the start, and after every step), the rank, and the independent rows."""

    def __init__(self, rows: BoundRows, mech: Mechanics):
        self.rows = rows
        self.n = mech.n
        self.coordinates = tuple(mech.coordinates)
        self.holonomic = [j for j, p in enumerate(rows.phi) if p is not None]
        trees = [rows.phi[j] for j in self.holonomic] + [a for row in rows.A for a in row] + list(rows.b)
        self._code = compile_trees([t for t in trees if t is not None] + [A.ZERO], (TIME, *self.coordinates), "constraints")
        self._kept = kept_function(rows, mech, self.holonomic)
        #: the rows the motion uses (all, or an independent set of them)
        self.active: list[int] = list(range(rows.m))
        self.rank = rows.m

    def at(self, t: float, q: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """phi (holonomic rows), A (m × n) and b at (t, q); SimulationError naming a row without a value."""
        try:
            out = np.array(self._code.scalar(t, *q.tolist()), dtype=float)
        except ARITHMETIC_ERRORS as exc:
            raise self._which(t, q, EvaluationError.of(exc).reason) from None
        h, m, n = len(self.holonomic), self.rows.m, self.n
        phi, rest = out[:h], out[h:]
        return phi, rest[:m * n].reshape(m, n), rest[m * n:m * n + m]

    def _which(self, t: float, q: np.ndarray, reason: str | Message) -> SimulationError:
        """The first row with no value at (t, q), where it is written."""
        env = {TIME: t, **dict(zip(self.coordinates, q.tolist()))}
        for j, row in enumerate(self.rows.rows):
            trees = [self.rows.phi[j], *self.rows.A[j], self.rows.b[j]]
            for tree in trees:
                try:
                    if tree is not None:
                        evaluate(tree, env)
                except EvaluationError as exc:
                    return SimulationError(msg("constraint.value", name=row.id, reason=exc.reason), t, self.named(q),
                                           location=row.location)
        first = self.rows.rows[0]
        return SimulationError(msg("constraint.value", name=first.id, reason=reason), t, self.named(q),
                               location=first.location)

    def named(self, q: np.ndarray) -> dict[str, float]:
        return dict(zip(self.coordinates, (float(x) for x in q)))

    def size(self, q: np.ndarray) -> float:
        return max(1.0, float(np.max(np.abs(q), initial=0.0)))

    def assemble(self, q: np.ndarray, t: float, iterations: int = 200) -> np.ndarray:
        """The positions nearest ``q`` where every holonomic row holds (damped least squares)."""
        if not self.holonomic:
            return q

        def residual(x: np.ndarray) -> np.ndarray | None:
            try:
                phi = self.at(t, x)[0]
            except SimulationError:
                return None
            return -phi if np.all(np.isfinite(phi)) else None

        def step(x: np.ndarray, r: np.ndarray, damping: float) -> np.ndarray | None:
            J = self.at(t, x)[1][self.holonomic]
            dx = damped_solve_rows(J, r, damping, 1e-300)
            return dx if np.all(np.isfinite(dx)) else None

        small = (ON_CONSTRAINTS * self.size(q)) ** 2
        return damped_least_squares(np.array(q, dtype=float), residual, step, lambda x, dx: x + dx,
                                    iterations=iterations, small=small, least_damping=PROJECTION_DAMPING)

    def velocities(self, q: np.ndarray, qdot: np.ndarray, t: float) -> np.ndarray:
        """The velocities nearest ``qdot`` with A·q̇ + b = 0."""
        _, Amat, b = self.at(t, q)
        r = -(Amat @ qdot + b)
        return qdot + damped_solve_rows(Amat, r, PROJECTION_DAMPING, 1e-300)

    def start(self, q: np.ndarray, qdot: np.ndarray, t: float) -> tuple[np.ndarray, np.ndarray]:
        """(q, q̇) on the constraints nearest those given; SimulationError at the row that cannot
        be met (no such positions, velocities the rows contradict, a value that is not finite)."""
        q = self.assemble(np.asarray(q, dtype=float), t)
        phi, Amat, b = self.at(t, q)
        for j, value in zip(self.holonomic, phi):
            row = self.rows.rows[j]
            if not math.isfinite(value) or not np.all(np.isfinite(Amat[j])):
                raise SimulationError(msg("constraint.not_finite", name=row.id), t, self.named(q), location=row.location)
            if abs(value) > ON_CONSTRAINTS * 1e3 * self.size(q):
                raise SimulationError(msg("constraint.unmet", name=row.id, value=number(abs(value))), t, self.named(q),
                                      location=row.location)
        if not np.all(np.isfinite(b)) or not np.all(np.isfinite(Amat)):
            j = next(k for k in range(self.rows.m) if not (np.all(np.isfinite(Amat[k])) and math.isfinite(b[k])))
            row = self.rows.rows[j]
            raise SimulationError(msg("constraint.not_finite", name=row.id), t, self.named(q), location=row.location)
        v = self.velocities(q, np.asarray(qdot, dtype=float), t)
        left = Amat @ v + b
        scale = max(1.0, float(np.max(np.abs(Amat), initial=0.0)) * max(1.0, float(np.max(np.abs(v), initial=0.0))))
        worst = int(np.argmax(np.abs(left))) if len(left) else 0
        if len(left) and abs(left[worst]) > 1e-9 * scale:
            row = self.rows.rows[worst]
            raise SimulationError(msg("constraint.conflict", name=row.id, value=number(float(left[worst]))), t, self.named(q),
                                  location=row.location)
        return q, v

    def choose_rows(self, q: np.ndarray, t: float) -> None:
        """Where the motion starts: refuse a singular row, find the rank and an independent set of
        rows (pivoted Gram–Schmidt, as a mechanism chooses its rows) for the motion."""
        phi, Amat, _ = self.at(t, q)
        norms = np.sqrt(np.einsum("ij,ij->i", Amat, Amat))
        singular = [j for j, value in zip(self.holonomic, phi)
                    if norms[j] == 0.0 or abs(value) / norms[j] > SINGULAR_DISTANCE * self.size(q)]
        regular = [j for j in range(self.rows.m) if j not in singular]
        rank = _rank(Amat[regular]) if regular else 0
        if singular:
            row = self.rows.rows[singular[0]]
            raise ModelFileError([SourceError(msg("constraint.singular", name=row.id, rank=rank, rows=self.rows.m),
                                              row.location)])
        self.rank = rank
        rest = Amat.copy()
        chosen: list[int] = []
        for _ in range(rank):
            left = np.einsum("ij,ij->i", rest, rest)
            left[chosen] = -1.0
            i = int(np.argmax(left))
            unit = rest[i] / math.sqrt(left[i])
            rest = rest - np.outer(rest @ unit, unit)
            chosen.append(i)
        self.active = sorted(chosen)

    def kept(self, t: float, q: Sequence[float], p: Sequence[float]) -> bool:
        """The step left (q, p) where :meth:`project` would leave them (see :func:`kept_function`:
        one generated call instead of the rows' values and sums in Python, ~5 times cheaper);
        False where a value fails (project says where)."""
        try:
            return self._kept(t, *q, *p) > 0.0
        except ARITHMETIC_ERRORS:
            return False

    def at_many(self, t: float, Q: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`at` for copies one per row of ``Q``: phi (c × h), A (c × m × n) and b (c × m),
        NaN or inf where a value fails."""
        count, n, m, h = len(Q), self.n, self.rows.m, len(self.holonomic)
        values = np.empty((h + m * n + m + 1, count))
        with np.errstate(all="ignore"):
            for j, column in enumerate(self._code.array(t, *Q.T)):
                values[j] = column
        values = values.T
        return values[:, :h], values[:, h:h + m * n].reshape(count, m, n), values[:, h + m * n:h + m * n + m]

    def surely_kept(self, t: float, Q: np.ndarray, V: np.ndarray) -> np.ndarray:
        """For copies one per row of ``Q`` (q…) and ``V`` (q̇…): those :meth:`kept` would pass,
        tested on arrays (:func:`kept_function`'s tests, their limits :data:`SURE` of the way, so
        that a last bit numpy's sin or exp rounds otherwise than math's decides nothing); the
        others may need :meth:`project` (:meth:`project_many`)."""
        phi, Amat, b = self.at_many(t, Q)
        with np.errstate(all="ignore"):
            terms = Amat * V[:, None, :]
            error = np.abs(terms.sum(axis=2) + b) + kept_rounding(self.n) * (np.abs(terms).sum(axis=2) + np.abs(b))
            # a value that is not a finite number fails a test (NaN) or makes the scale infinite
            scale = np.abs(Amat).max(axis=(1, 2)) * np.maximum(1.0, np.abs(V).max(axis=1))
            ok = (error <= (SURE * KEPT) * np.maximum(1.0, scale)[:, None]).all(axis=1) & (scale < np.inf)
            if self.holonomic:
                ok &= (np.abs(phi) <= (SURE * ON_CONSTRAINTS) * self.sizes(Q)[:, None]).all(axis=1)
        return ok

    def sizes(self, Q: np.ndarray) -> np.ndarray:
        """:meth:`size` of each row of ``Q``."""
        return np.maximum(1.0, np.abs(Q).max(axis=1, initial=0.0))

    def project_many(self, t: float, Q: np.ndarray, V: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`project` for copies one per row of ``Q`` and ``V``, on arrays (the same steps, each
        copy's own matrices solved as a stack): (Q, V, which copies moved). A copy whose numbers
        fail comes back with them (NaN), for :meth:`project` to say where."""
        Q, V = np.array(Q, dtype=float), np.array(V, dtype=float)
        moved = np.zeros(len(Q), dtype=bool)
        with np.errstate(all="ignore"):
            phi, Amat, b = self.at_many(t, Q)
            if self.holonomic:
                tolerance = ON_CONSTRAINTS * self.sizes(Q)
                for _ in range(4):
                    off = ~(np.abs(phi) <= tolerance[:, None]).all(axis=1)
                    if not off.any():
                        break
                    Q[off] += damped_solve_rows_many(Amat[off][:, self.holonomic], -phi[off], PROJECTION_DAMPING, 1e-300)
                    moved |= off
                    phi, Amat, b = self.at_many(t, Q)
            r = -(np.einsum("cmn,cn->cm", Amat, V) + b)
            scale = np.maximum(1.0, np.abs(Amat).max(axis=(1, 2)) * np.maximum(1.0, np.abs(V).max(axis=1)))
            moved |= ~(np.abs(r).max(axis=1) <= KEPT * scale)
            if moved.any():
                V[moved] += damped_solve_rows_many(Amat[moved], r[moved], PROJECTION_DAMPING, 1e-300)
        return Q, V, moved

    def project(self, q: np.ndarray, qdot: np.ndarray, t: float) -> tuple[np.ndarray, np.ndarray] | None:
        """After a step: positions back onto phi = 0 (Gauss–Newton, one or two iterations), the
        velocities onto A·q̇ + b = 0; None when the step left both within round-off of them (RK4
        keeps them to ~1e-15 a step, so most steps need nothing: a projection is ~10 times a
        substep's cost)."""
        phi, Amat, b = self.at(t, q)
        moved = False
        if self.holonomic:
            tolerance = ON_CONSTRAINTS * self.size(q)
            for _ in range(4):
                if float(np.max(np.abs(phi))) <= tolerance:
                    break
                q = q + damped_solve_rows(Amat[self.holonomic], -phi, PROJECTION_DAMPING, 1e-300)
                phi, Amat, b = self.at(t, q)
                moved = True
        r = -(Amat @ qdot + b)
        scale = max(1.0, float(np.max(np.abs(Amat))) * float(np.max(np.abs(qdot), initial=1.0)))
        if not moved and float(np.max(np.abs(r))) <= KEPT * scale:
            return None
        return q, qdot + damped_solve_rows(Amat, r, PROJECTION_DAMPING, 1e-300)

    def multipliers(self, t: float, q: np.ndarray, active: np.ndarray) -> np.ndarray:
        """Every row's multiplier from those of the active rows: the same force Aᵀλ, least norm
        over all the rows when some are redundant."""
        if len(self.active) == self.rows.m:
            return active
        Amat = self.at(t, q)[1]
        force = Amat[self.active].T @ active
        full, *_ = np.linalg.lstsq(Amat.T, force, rcond=RANK_TOLERANCE)
        return full


def kept_rounding(n: int) -> float:
    """How far two ways of summing n terms and b may differ, per unit of Σ|terms|."""
    return 2 * (n + 1) * 2.0 ** -53 * 1.01


def kept_function(rows: BoundRows, mech: Mechanics, holonomic: Sequence[int]):
    """kept(t, q…, p…) → 1.0 when the state is where :meth:`RowNumbers.project` would leave it,
    else 0.0, decided in generated code (most steps need no projection: RK4 keeps the rows to
    ~1e-15 a step): q̇ from p as rhs solves for it, every |phi| within round-off of 0, and
    |A·q̇ + b| below the kept fraction by more than the two ways of summing can differ
    (2·(n + 1)·u·Σ|terms|), so no decision differs from project's. A value that is not a finite
    number says 0.0 (not kept): project then finds out."""
    n, m = mech.n, rows.m
    names = Names.of(n)
    block = Block(names.variables(mech), prefix="k")
    L, D = factor(block, mass_matrix(block, mech))
    velocities(block, mech, names, L, D)
    values = []
    for k, j in enumerate(holonomic):
        block.assign(f"ph{k}", rows.phi[j] or A.ZERO)
        values.append(f"ph{k}")
    for j in range(m):
        for k in range(n):
            block.assign(f"a{j}_{k}", rows.A[j][k])
        block.assign(f"b{j}", rows.b[j])
        values += [*(f"a{j}_{k}" for k in range(n)), f"b{j}"]
    lines = ["total = " + " + ".join(values), "if not (total - total == 0.0):", "    return 0.0"]
    if holonomic:
        lines.append("size = 1.0")
        for q in names.qs:
            lines += [f"if f_abs({q}) > size:", f"    size = f_abs({q})"]
    for k in range(len(holonomic)):
        lines += [f"if not (f_abs(ph{k}) <= {literal(ON_CONSTRAINTS)}*size):", "    return 0.0"]
    lines.append("big = 0.0")
    for j in range(m):
        for k in range(n):
            lines += [f"if f_abs(a{j}_{k}) > big:", f"    big = f_abs(a{j}_{k})"]
    lines.append("speed = 1.0")
    for v in names.vs:
        lines += [f"if f_abs({v}) > speed:", f"    speed = f_abs({v})"]
    lines += ["scale = big*speed", "if scale < 1.0:", "    scale = 1.0", f"limit = {literal(KEPT)}*scale"]
    rounding = literal(kept_rounding(n))
    for j in range(m):
        terms = [f"a{j}_{k}*{v}" for k, v in enumerate(names.vs)]
        lines += [f"s{j} = " + " + ".join(terms),
                  f"e{j} = f_abs(s{j} + b{j}) + {rounding}*(" + " + ".join(f"f_abs({t})" for t in terms) + f" + f_abs(b{j}))",
                  f"if not (e{j} <= limit):", "    return 0.0"]
    for line in lines:
        block.raw(line)
    source = "\n".join([f"def kept(t, {', '.join(names.state)}):", *(f"    {ln}" for ln in block.lines()),
                        "    return 1.0"]) + "\n"
    scalar, _ = compile_source(source, "kept", filename=f"<cenm-generated {next(_serial)}: constraints kept>")
    return scalar


def _rank(M: np.ndarray) -> int:
    s = np.linalg.svd(M, compute_uv=False)
    return int(np.sum(s > RANK_TOLERANCE * s[0])) if len(s) and s[0] > 0 else 0
