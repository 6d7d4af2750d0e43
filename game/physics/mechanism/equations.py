"""A mechanism's equations of motion as trees (``check --equations``), from the engine's own
mass matrix, constraints and forces (:class:`.system.MechanismSystem`; the parameters are numbers
in them, as the elements were built):

- per coordinate, M·q̈ + Φqᵀλ = Q written as Σⱼ Mᵢⱼ·aⱼ = Qᵢ − Σₖ λₖ·∂Φₖ/∂qᵢ;
- each constraint at acceleration level, Φq·q̈ + (Φq·q̇)q·q̇ + 2·Φqt·q̇ + Φtt = 0;
- Gibbs–Appell (seed 002): S = ½·q̈ᵀ·M·q̈ (a bar's ½·m·a_G² + ½·I·α², in natural coordinates), the
  constraints solved for as many accelerations as they fix and ∂S/∂aᵢ = Qᵢ for the others; when
  that would be too long to read (many bars), ∂S/∂aᵢ = Qᵢ − Σₖ λₖ·∂Φₖ/∂qᵢ with the rows beside.
"""

from __future__ import annotations

from ...expr import TIME, Name, Node, algebra
from ...model import condition_values
from ..equations import Appell, Balance, Equations, acceleration_name, appell_form, linear_parts, row_tree
from .system import MechanismSystem

A = algebra

#: the Gibbs–Appell form without multipliers is printed while each equation has at most this many nodes
READABLE = 100


def mechanism_equations(system: MechanismSystem) -> Equations:
    coords, vels = tuple(system.coordinates), tuple(system.velocities_names)
    accs = tuple(acceleration_name(c) for c in coords)
    lams = tuple(f"λ_{i}" for i in system.reaction_ids)
    Q, _ = system.generalized_forces()
    phis = [c.phi for c in system.constraints]
    jac = [[A.diff(phi, c) for c in coords] for phi in phis]
    with_multipliers = []
    for i in range(system.n):
        right = Q[i]
        for k, lam in enumerate(lams):
            right = A.sub(right, A.mul(jac[k][i], Name(lam)))
        with_multipliers.append(right)
    motion = tuple(Balance(coord, _row_of_M(system, i, accs), A.ZERO, with_multipliers[i])
                   for i, coord in enumerate(coords))
    rows = tuple(Balance(cid, *linear_parts(row_tree(jac[k], accs, system.rate(system.rate(phis[k]))), accs),
                         A.ZERO)
                 for k, cid in enumerate(system.reaction_ids))
    a = [Name(x) for x in accs]
    S: Node = A.ZERO
    for i in range(system.n):
        for j in range(i + 1):
            mij = float(system.mass[i, j])
            if mij:
                term = A.mul(A.num(0.5 * mij), A.pow_(a[i], A.TWO)) if i == j else A.mul(A.num(mij), A.mul(a[i], a[j]))
                S = A.add(S, term)
    start = {**condition_values(system.model, system.parameters), TIME: 0.0}
    accel_rows = [(b.label, row_tree([c for c, _ in b.terms], [x for _, x in b.terms], b.rest)) for b in rows]
    appell = appell_form(S, Q, accel_rows, accs, {TIME, *coords, *vels}, start, READABLE)
    if appell is None:
        appell = Appell(S, (), tuple(Balance(acc, b.terms, b.rest, b.right) for acc, b in zip(accs, motion)))
    return Equations("mechanism", coords, vels, lams, motion, rows, appell, contacts=bool(system.model.contacts))


def _row_of_M(system: MechanismSystem, i: int, accs: tuple[str, ...]) -> tuple[tuple[Node, str], ...]:
    return tuple((A.num(float(system.mass[i, j])), acc) for j, acc in enumerate(accs) if system.mass[i, j] != 0.0)
