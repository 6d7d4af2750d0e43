"""One generated function per model: everything a substep needs, computed once.

``rhs(t, q…, p…)`` evaluates T(q, t) and b(q, t), solves T·q̇ = p − b by an
unrolled LDLᵀ factorisation (no inverse, no NumPy call per substep, and the
pivots tell at once whether T is positive definite), then ∂L/∂q at that q̇
(exactly, or by CenM's central differences) plus the generalized forces.
``advance(t, q…, p…, w, δ, steps)`` runs classic RK4 substeps over it.

The same source is compiled for Python floats and for NumPy arrays, so a
batch of thousands of states runs through the very same code element-wise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..expr import TIME, Block, Name, Node, algebra
from ..expr.codegen import compile_source, literal
from .mechanics import Mechanics

A = algebra

#: CenM's step for numeric derivatives of L (manual eq. 3.2.2).
EPSILON = 1e-6


@dataclass(frozen=True)
class GeneratedDynamics:
    source: str
    n: int
    #: rhs(t, q…, p…) → (q̇…, ṗ…, pivot, Ẇ of the forces, Ẇ of the moving supports)
    rhs_scalar: Callable
    rhs_array: Callable
    #: advance(t, q…, p…, w, ws, δ, steps) → (t, q…, p…, w, ws, worst pivot)
    advance_scalar: Callable
    advance_array: Callable
    #: momenta(t, q…, q̇…) → p…
    momenta_scalar: Callable
    momenta_array: Callable
    #: energies(t, q…, q̇…) → (Ek, Ep)
    energies_scalar: Callable
    energies_array: Callable


def _let(block: Block, name: str, tree: Node) -> Node:
    """Give a computed value a name, unless it is already a constant or a name."""
    if isinstance(tree, Name) or A.constant_value(tree) is not None:
        return tree
    return _internal(block, name, tree)


def _internal(block: Block, name: str, tree: Node | None = None) -> Name:
    """A generated variable. Its tree name starts with '@', which no model name can,
    so it never collides with a parameter or coordinate of the model."""
    block.variables["@" + name] = name
    if tree is not None:
        block.assign(name, tree)
    return Name("@" + name)


def _factor(block: Block, T: list[list[Node]]) -> tuple[list[list[Node]], list[Node]]:
    """Emit the LDLᵀ factors of symmetric T (only its lower triangle is read).

    The pivots D are all positive if and only if T is positive definite.
    """
    n = len(T)
    L: list[list[Node]] = [[A.ZERO] * n for _ in range(n)]
    D: list[Node] = []
    for j in range(n):
        d = T[j][j]
        for k in range(j):
            d = A.sub(d, A.mul(A.mul(L[j][k], L[j][k]), D[k]))
        D.append(_let(block, f"D{j}", d))
        for i in range(j + 1, n):
            s = T[i][j]
            for k in range(j):
                s = A.sub(s, A.mul(A.mul(L[i][k], L[j][k]), D[k]))
            L[i][j] = _let(block, f"L{i}_{j}", A.div(s, D[j]))
    return L, D


def _solve(block: Block, L: list[list[Node]], D: list[Node], r: list[Node], tag: str) -> list[Node]:
    """Emit x = T⁻¹r from the factors (forward, diagonal, backward substitution)."""
    n = len(r)
    z: list[Node] = []
    for i in range(n):
        s = r[i]
        for k in range(i):
            s = A.sub(s, A.mul(L[i][k], z[k]))
        z.append(_let(block, f"{tag}z{i}", s))
    x: list[Node] = [A.ZERO] * n
    for i in reversed(range(n)):
        s = A.div(z[i], D[i])
        for k in range(i + 1, n):
            s = A.sub(s, A.mul(L[k][i], x[k]))
        x[i] = _let(block, f"{tag}x{i}", s)
    return x


def _support_power(block: Block, mech: Mechanics, L, D) -> Node:
    """Power the moving supports put in: dE/dt − Q·q̇ along the motion.

    E = Ek + Ep depends on t, q and q̇, so dE/dt needs q̈. With the momentum
    P(q, q̇, t) = ∂Ek/∂q̇ = p: ṗ = ∂P/∂q̇·q̈ + (∂P/∂q·q̇ + ∂P/∂t) and ∂P/∂q̇ = T, so
    q̈ = T⁻¹(ṗ − ∂P/∂q·q̇ − ∂P/∂t), solved with the factors already made.
    """
    v = [Name(name) for name in mech.velocities]
    energy = A.add(mech.kinetic, mech.potential)
    rhs = []
    for i, vel in enumerate(mech.velocities):
        P = A.diff(mech.kinetic, vel)
        drift = A.diff(P, TIME)
        for k, q in enumerate(mech.coordinates):
            drift = A.add(drift, A.mul(A.diff(P, q), v[k]))
        rhs.append(A.sub(_internal(block, f"dp{i}"), drift))
    qdd = _solve(block, L, D, rhs, "a")
    dE = A.diff(energy, TIME)
    for k, q in enumerate(mech.coordinates):
        dE = A.add(dE, A.mul(A.diff(energy, q), v[k]))
        dE = A.add(dE, A.mul(A.diff(energy, mech.velocities[k]), qdd[k]))
        dE = A.sub(dE, A.mul(mech.forces[k], v[k]))
    return dE


def generate(mech: Mechanics, derivatives: str = "exact") -> GeneratedDynamics:
    if derivatives not in ("exact", "numeric"):
        raise ValueError("derivatives must be 'exact' or 'numeric'")
    n = mech.n
    qs = [f"q{i}" for i in range(n)]
    ps = [f"p{i}" for i in range(n)]
    vs = [f"v{i}" for i in range(n)]
    variables = {TIME: "t", **dict(zip(mech.coordinates, qs)), **dict(zip(mech.velocities, vs))}

    # -- rhs -------------------------------------------------------------------------
    block = Block(variables, prefix="c")
    T: list[list[Node]] = [[A.ZERO] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            T[i][j] = _let(block, f"T{i}_{j}", mech.T[i][j])
    momentum = [_internal(block, ps[i]) for i in range(n)]
    r = [_let(block, f"r{i}", A.sub(momentum[i], mech.b[i])) for i in range(n)]
    L, D = _factor(block, T)
    x = _solve(block, L, D, r, "")
    for i in range(n):
        block.assign(vs[i], x[i])
    if derivatives == "exact":
        dp = list(mech.dL_dq)
    else:
        dp = []
        for i, q in enumerate(mech.coordinates):
            plus = A.substitute(mech.lagrangian, {q: _internal(block, f"qp{i}")})
            minus = A.substitute(mech.lagrangian, {q: _internal(block, f"qm{i}")})
            block.raw(f"qp{i} = {qs[i]} + {literal(EPSILON)}")
            block.raw(f"qm{i} = {qs[i]} - {literal(EPSILON)}")
            dp.append(A.div(A.sub(plus, minus), A.num(2 * EPSILON)))
    for i in range(n):
        block.assign(f"dp{i}", A.add(dp[i], mech.forces[i]))
    power: Node = A.ZERO
    for i in range(n):
        power = A.add(power, A.mul(mech.forces[i], Name(mech.velocities[i])))
    block.assign("wdot", power)
    block.assign("wsdot", _support_power(block, mech, L, D) if mech.time_dependent else A.ZERO)
    # Pivot of T relative to its diagonal: ≤ 0 when T is not positive definite.
    pivots = [A.div(D[j], A.call("abs", T[j][j])) for j in range(n)]
    block.assign("pivot", pivots[0] if n == 1 else A.call("min", *pivots))
    lines = [f"def rhs(t, {', '.join(qs + ps)}):"]
    lines += [f"    {ln}" for ln in block.lines()]
    lines.append(f"    return ({', '.join(vs + [f'dp{i}' for i in range(n)])}, pivot, wdot, wsdot)")

    # -- advance (RK4, SPEC §3) ---------------------------------------------------------
    state = qs + ps
    def stage(k: int, h: str | None, prev: int | None) -> list[str]:
        if prev is None:
            args = ["t"] + state
        else:
            args = [f"t + {h}"] + [f"{s} + {h}*k{prev}_{s}" for s in state]
        outs = [f"k{k}_{s}" for s in state] + [f"piv{k}", f"w{k}", f"ws{k}"]
        return [f"        {', '.join(outs)} = rhs({', '.join(args)})"]
    body = [
        "def advance(t, " + ", ".join(state) + ", w, ws, delta, steps):",
        "    half = 0.5*delta",
        "    sixth = delta/6.0",
        "    t0 = t",
        "    worst = 1.0",
        "    for step in range(steps):",
    ]
    body += stage(1, None, None) + stage(2, "half", 1) + stage(3, "half", 2) + stage(4, "delta", 3)
    for s in state:
        body.append(f"        {s} = {s} + sixth*(k1_{s} + 2.0*k2_{s} + 2.0*k3_{s} + k4_{s})")
    body.append("        w = w + sixth*(w1 + 2.0*w2 + 2.0*w3 + w4)")
    body.append("        ws = ws + sixth*(ws1 + 2.0*ws2 + 2.0*ws3 + ws4)")
    body.append("        worst = f_min(worst, piv1, piv2, piv3, piv4)")
    body.append("        t = t0 + (step + 1)*delta")
    body.append(f"    return (t, {', '.join(state)}, w, ws, worst)")

    # -- momenta and energies -----------------------------------------------------------
    mblock = Block(variables, prefix="m")
    for i in range(n):
        p_i = mech.b[i]
        for j in range(n):
            Tij = mech.T[i][j] if j <= i else mech.T[j][i]
            p_i = A.add(p_i, A.mul(Tij, Name(mech.velocities[j])))
        mblock.assign(ps[i], p_i)
    momenta = [f"def momenta(t, {', '.join(qs + vs)}):"]
    momenta += [f"    {ln}" for ln in mblock.lines()]
    momenta.append(f"    return ({', '.join(ps)},)")
    eblock = Block(variables, prefix="e")
    eblock.assign("ek", mech.kinetic)
    eblock.assign("ep", mech.potential)
    energies = [f"def energies(t, {', '.join(qs + vs)}):"]
    energies += [f"    {ln}" for ln in eblock.lines()]
    energies.append("    return (ek, ep)")

    source = "\n".join(lines + [""] + body + [""] + momenta + [""] + energies) + "\n"
    scalar, array = compile_source(source, ("rhs", "advance", "momenta", "energies"))
    fns = {name: (scalar[name], array[name]) for name in scalar}
    return GeneratedDynamics(
        source=source, n=n,
        rhs_scalar=fns["rhs"][0], rhs_array=fns["rhs"][1],
        advance_scalar=fns["advance"][0], advance_array=fns["advance"][1],
        momenta_scalar=fns["momenta"][0], momenta_array=fns["momenta"][1],
        energies_scalar=fns["energies"][0], energies_array=fns["energies"][1],
    )
