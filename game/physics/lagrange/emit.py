"""Writing the source of generated functions, piece by piece (see :mod:`.codegen`): the names
of the generated variables, the mass matrix's LDLᵀ factorisation and solves, the velocities,
the Lagrange terms, the forces, the power of moving supports, the pivots, and a function that
holds a block of them. The model's own module (:mod:`.codegen`) and the contacts' functions
(:mod:`.contacts.emit`) are both written with these.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...expr import TIME, Block, Name, Node, algebra, names_in
from ...expr.codegen import literal
from .mechanics import Mechanics

A = algebra

#: CenM's step for numeric derivatives of L (manual eq. 3.2.2).
EPSILON = 1e-6


@dataclass(frozen=True)
class Names:
    """Generated identifiers: q0…, p0…, v0… for the model's coordinates, momenta, velocities."""

    qs: tuple[str, ...]
    ps: tuple[str, ...]
    vs: tuple[str, ...]

    @classmethod
    def of(cls, n: int) -> Names:
        return cls(tuple(f"q{i}" for i in range(n)), tuple(f"p{i}" for i in range(n)), tuple(f"v{i}" for i in range(n)))

    def variables(self, mech: Mechanics) -> dict[str, str]:
        return {TIME: "t", **dict(zip(mech.coordinates, self.qs)), **dict(zip(mech.velocities, self.vs))}

    @property
    def state(self) -> list[str]:
        return [*self.qs, *self.ps]


def let(block: Block, name: str, tree: Node) -> Node:
    """Give a computed value a name, unless it is already a constant or a name."""
    if isinstance(tree, Name) or A.constant_value(tree) is not None:
        return tree
    return internal(block, name, tree)


def internal(block: Block, name: str, tree: Node | None = None) -> Name:
    """A generated variable. Its tree name starts with '@', which no model name can,
    so it never collides with a parameter or coordinate of the model."""
    block.variables["@" + name] = name
    if tree is not None:
        block.assign(name, tree)
    return Name("@" + name)


def rate(tree: Node, coordinates: Sequence[str], velocities: Sequence[str]) -> Node:
    """d(tree)/dt with q̈ = 0: ∂tree/∂t + Σₖ ∂tree/∂qₖ·q̇ₖ (a gap's rate, a rate's drift, a row's c)."""
    present = names_in(tree)
    out = A.diff(tree, TIME) if TIME in present else A.ZERO
    for q, v in zip(coordinates, velocities):
        if q in present:
            out = A.add(out, A.mul(A.diff(tree, q), Name(v)))
    return out


def dot(a: Sequence[Node], b: Sequence[Node]) -> Node:
    """Σ aᵢ·bᵢ as a tree."""
    out: Node = A.ZERO
    for x, y in zip(a, b):
        out = A.add(out, A.mul(x, y))
    return out


# -- the pieces of rhs -------------------------------------------------------------------------


def mass_matrix(block: Block, mech: Mechanics) -> list[list[Node]]:
    """T's lower triangle, each entry named once (T is symmetric: the upper one is never read)."""
    n = mech.n
    T: list[list[Node]] = [[A.ZERO] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            T[i][j] = let(block, f"T{i}_{j}", mech.T[i][j])
    return T


def factor(block: Block, T: list[list[Node]], tag: str = "") -> tuple[list[list[Node]], list[Node]]:
    """Emit the LDLᵀ factors of symmetric T (only its lower triangle is read), named after ``tag``.

    The pivots D are all positive if and only if T is positive definite.
    """
    n = len(T)
    L: list[list[Node]] = [[A.ZERO] * n for _ in range(n)]
    D: list[Node] = []
    for j in range(n):
        d = T[j][j]
        for k in range(j):
            d = A.sub(d, A.mul(A.mul(L[j][k], L[j][k]), D[k]))
        D.append(let(block, f"{tag}D{j}", d))
        for i in range(j + 1, n):
            s = T[i][j]
            for k in range(j):
                s = A.sub(s, A.mul(A.mul(L[i][k], L[j][k]), D[k]))
            L[i][j] = let(block, f"{tag}L{i}_{j}", A.div(s, D[j]))
    return L, D


def solve(block: Block, L: list[list[Node]], D: list[Node], r: list[Node], tag: str) -> list[Node]:
    """Emit x = T⁻¹r from the factors (forward, diagonal, backward substitution)."""
    n = len(r)
    z: list[Node] = []
    for i in range(n):
        s = r[i]
        for k in range(i):
            s = A.sub(s, A.mul(L[i][k], z[k]))
        z.append(let(block, f"{tag}z{i}", s))
    x: list[Node] = [A.ZERO] * n
    for i in reversed(range(n)):
        s = A.div(z[i], D[i])
        for k in range(i + 1, n):
            s = A.sub(s, A.mul(L[k][i], x[k]))
        x[i] = let(block, f"{tag}x{i}", s)
    return x


def velocities(block: Block, mech: Mechanics, names: Names, L: list[list[Node]], D: list[Node]) -> None:
    """q̇ = T⁻¹(p − b), into v0…; b is the momentum moving supports give (zero for most models)."""
    momentum = [internal(block, p) for p in names.ps]
    r = [let(block, f"r{i}", A.sub(momentum[i], mech.b[i])) for i in range(mech.n)]
    for v, x in zip(names.vs, solve(block, L, D, r, "")):
        block.assign(v, x)


def lagrange_terms(block: Block, mech: Mechanics, names: Names, derivatives: str) -> list[Node]:
    """∂L/∂qᵢ at fixed q̇: exactly, or by CenM's central differences (L(qᵢ+ε) − L(qᵢ−ε))/2ε."""
    if derivatives == "exact":
        return list(mech.dL_dq)
    out: list[Node] = []
    for i, q in enumerate(mech.coordinates):
        plus = A.substitute(mech.lagrangian, {q: internal(block, f"qp{i}")})
        minus = A.substitute(mech.lagrangian, {q: internal(block, f"qm{i}")})
        block.raw(f"qp{i} = {names.qs[i]} + {literal(EPSILON)}")
        block.raw(f"qm{i} = {names.qs[i]} - {literal(EPSILON)}")
        out.append(A.div(A.sub(plus, minus), A.num(2 * EPSILON)))
    return out


def forces(block: Block, mech: Mechanics, lagrange: list[Node]) -> None:
    """ṗᵢ = ∂L/∂qᵢ + Qᵢ into dp0…, and the power of the forces Σ Qᵢ·q̇ᵢ into wdot."""
    power: Node = A.ZERO
    for i in range(mech.n):
        block.assign(f"dp{i}", A.add(lagrange[i], mech.forces[i]))
        power = A.add(power, A.mul(mech.forces[i], Name(mech.velocities[i])))
    block.assign("wdot", power)


def free_accelerations(block: Block, mech: Mechanics, L: list[list[Node]], D: list[Node], tag: str,
                       rates: Sequence[Node] | None = None) -> list[Node]:
    """q̈₀ = T⁻¹(ṗ − ∂P/∂q·q̇ − ∂P/∂t) (P = ∂Ek/∂q̇ = p), solved with the factors already made: the
    motion without the constraints' forces. ``rates``: ṗ, when not the variables dp0… as written."""
    dp = rates if rates is not None else [internal(block, f"dp{i}") for i in range(mech.n)]
    return solve(block, L, D, [A.sub(r, drift) for r, drift in zip(dp, mech.momentum_drift)], tag)


def support_power(block: Block, mech: Mechanics, L: list[list[Node]], D: list[Node]) -> list[Node] | None:
    """Power the moving supports put in, dE/dt − Q·q̇ along the motion, into wsdot; returns the q̈
    that took (None when nothing moves a support: wsdot = 0).

    E = Ek + Ep depends on t, q and q̇, so dE/dt needs q̈: ṗ = T·q̈ + (∂P/∂q·q̇ + ∂P/∂t), solved
    for q̈ with the factors already made (:func:`free_accelerations`, from ṗ as last written).
    """
    if not mech.time_dependent:
        block.assign("wsdot", A.ZERO)
        return None
    v = [Name(name) for name in mech.velocities]
    energy = A.add(mech.kinetic, mech.potential)
    qdd = free_accelerations(block, mech, L, D, "a")
    dE = A.diff(energy, TIME)
    for k, q in enumerate(mech.coordinates):
        dE = A.add(dE, A.mul(A.diff(energy, q), v[k]))
        dE = A.add(dE, A.mul(A.diff(energy, mech.velocities[k]), qdd[k]))
        dE = A.sub(dE, A.mul(mech.forces[k], v[k]))
    block.assign("wsdot", dE)
    return qdd


def pivots(block: Block, T: list[list[Node]], D: list[Node], more: Sequence[Node] = ()) -> None:
    """The smallest pivot of T relative to its diagonal, into pivot: ≤ 0 when T is not
    positive definite, tiny when it is nearly singular (``more``: those of the constraints' A·T⁻¹·Aᵀ)."""
    pivots = [A.div(D[j], A.call("abs", T[j][j])) for j in range(len(D))] + list(more)
    known = [A.constant_value(p) for p in pivots]
    if len(pivots) > 1 and all(v is not None and math.isfinite(v) for v in known):
        # all numbers (constant masses, an Atwood's rope): their min now, not at every substep
        block.assign("pivot", A.num(min(v for v in known if v is not None)))
    else:
        block.assign("pivot", pivots[0] if len(pivots) == 1 else A.call("lowest", *pivots))


def function(name: str, args: Sequence[str], block: Block, result: Sequence[str]) -> list[str]:
    returned = ", ".join(result) + ("," if len(result) == 1 else "")
    return [f"def {name}({', '.join(args)}):", *(f"    {ln}" for ln in block.lines()), f"    return ({returned})"]
