"""A Lagrangian model's equations of motion as trees, with its parameters by name (``check
--equations``). The trees are the engine's own (:class:`.mechanics.Mechanics` and the bound
constraint rows, built with no numbers bound), so what is printed is what moves:

- Lagrange's equation per coordinate, d/dt(∂L/∂q̇ᵢ) − ∂L/∂qᵢ = Qᵢ + Σₖ λₖ·Aₖᵢ, written out as
  Σⱼ Tᵢⱼ·aⱼ + (∂Pᵢ/∂t + Σₖ ∂Pᵢ/∂qₖ·q̇ₖ − ∂L/∂qᵢ) = Qᵢ + Σₖ Aₖᵢ·λₖ;
- each constraint row at acceleration level, Σᵢ Aₖᵢ·aᵢ + cₖ = 0;
- with a velocity row, the Gibbs–Appell form (seed 002): S = ½·aᵀ·T·a + G·a (G: Lagrange's
  velocity terms of Ek, S up to terms without accelerations, so that ∂S/∂aᵢ = d/dt(∂Ek/∂q̇ᵢ) −
  ∂Ek/∂qᵢ), the rows solved for as many accelerations as they fix, and ∂S/∂aᵢ = Qᵢ for the others,
  without multipliers: S and Q with the fixed accelerations put in (Q along the motions allowed).
"""

from __future__ import annotations

from ...expr import TIME, Name, Node, algebra
from ...model import ModelFile, condition_values, parameter_values
from ..equations import Appell, Balance, Equations, acceleration_name, appell_form, row_tree
from .constraints import BoundRows, bind_constraints
from .mechanics import Mechanics, build_mechanics

A = algebra


def lagrange_equations(model: ModelFile) -> Equations:
    mech = build_mechanics(model, {})
    rows = bind_constraints(model, {}, mech)
    accs = tuple(acceleration_name(c) for c in mech.coordinates)
    lams = tuple(f"λ_{i}" for i in rows.ids) if rows is not None else ()
    motion = []
    for i, coord in enumerate(mech.coordinates):
        right = mech.forces[i]
        if rows is not None:
            for k, lam in enumerate(lams):
                right = A.add(right, A.mul(rows.A[k][i], Name(lam)))
        rest = A.sub(mech.momentum_drift[i], mech.dL_dq[i])
        motion.append(Balance(coord, _row_of_T(mech, i, accs), rest, right))
    accel_rows = () if rows is None else tuple(
        Balance(row.id, tuple((a, acc) for a, acc in zip(rows.A[k], accs) if not A.is_zero(a)), rows.c[k], A.ZERO)
        for k, row in enumerate(rows.rows))
    appell = None
    if rows is not None and any(not r.holonomic for r in rows.rows):
        appell = _appell(model, mech, rows, accs)
    return Equations("lagrange", mech.coordinates, mech.velocities, lams, tuple(motion), accel_rows, appell,
                     contacts=bool(model.contacts))


def _row_of_T(mech: Mechanics, i: int, accs: tuple[str, ...]) -> tuple[tuple[Node, str], ...]:
    """Row i of T with the accelerations (only T's lower triangle is read, as the engine does)."""
    out = []
    for j, acc in enumerate(accs):
        tij = mech.T[i][j] if j <= i else mech.T[j][i]
        if not A.is_zero(tij):
            out.append((tij, acc))
    return tuple(out)


def _appell(model: ModelFile, mech: Mechanics, rows: BoundRows, accs: tuple[str, ...]) -> Appell | None:
    a = [Name(x) for x in accs]
    S: Node = A.ZERO
    Q = []
    for i in range(mech.n):
        S = A.add(S, A.mul(A.mul(A.num(0.5), mech.T[i][i]), A.pow_(a[i], A.TWO)))
        for j in range(i):
            S = A.add(S, A.mul(mech.T[i][j], A.mul(a[i], a[j])))
    for i, q in enumerate(mech.coordinates):
        velocity_terms = A.sub(mech.momentum_drift[i], A.diff(mech.kinetic, q))
        S = A.add(S, A.mul(velocity_terms, a[i]))
        Q.append(A.sub(mech.forces[i], A.diff(mech.potential, q)))
    accel_rows = [(row.id, row_tree(rows.A[k], accs, rows.c[k])) for k, row in enumerate(rows.rows)]
    params = parameter_values(model)
    start = {**params, **condition_values(model, params), TIME: 0.0}
    return appell_form(S, Q, accel_rows, accs, {TIME, *mech.coordinates, *mech.velocities}, start)
