"""A model's equations of motion as trees, for people to read (``check --equations``): what both
kinds of system write (:mod:`.lagrange.equations`, :mod:`.mechanism.equations`) and the command
prints.

Each equation is linear in the accelerations, so it is kept as Σⱼ cⱼ·aⱼ + rest = right: the
coefficients (the mass matrix's row), what the velocities and positions add, and the forces.
The accelerations are named ``a_NAME`` after their coordinates, as ``simulate --accelerations``
names its columns, and the multipliers ``λ_ID``, as the CSV does.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ..expr import EvaluationError, Name, Node, algebra, evaluate, names_in
from ..expr.nodes import children

A = algebra

#: a pivot whose value where the motion starts is below this fraction of its row's largest
#: coefficient counts as zero there (a row the others already fix)
PIVOT_SMALL = 1e-9


def acceleration_name(coordinate: str) -> str:
    """The name of q̈ in printed equations, the column of ``simulate --accelerations``."""
    return f"a_{coordinate}"


@dataclass(frozen=True)
class Balance:
    """One equation: Σ coefficient·acceleration + rest = right (what it is of: ``label``)."""

    label: str
    terms: tuple[tuple[Node, str], ...]
    rest: Node
    right: Node


@dataclass(frozen=True)
class Appell:
    """The Gibbs–Appell form (seed 002): the Appell function S of the accelerations (up to terms
    without them), the accelerations the constraints fix in terms of the others (``dependent``:
    name, tree, the row it comes from), and ∂S/∂aᵢ = Qᵢ for the accelerations left free, S with
    the dependent ones put in. Rows the form keeps with multipliers (a mechanism's) are
    ``Equations.rows``, and then ``dependent`` is empty."""

    S: Node
    dependent: tuple[tuple[str, Node, str], ...]
    balances: tuple[Balance, ...]


@dataclass(frozen=True)
class Equations:
    """The equations of motion of one model: one per coordinate (Lagrange's, or M·q̈ + Φqᵀλ = Q
    for a mechanism), the constraint rows at acceleration level, and the Gibbs–Appell form for
    mechanisms and models with velocity rows."""

    kind: str  # "lagrange" or "mechanism"
    coordinates: tuple[str, ...]
    velocities: tuple[str, ...]
    multipliers: tuple[str, ...]
    motion: tuple[Balance, ...]
    rows: tuple[Balance, ...]
    appell: Appell | None
    #: the model has contacts: their impulses and resting forces are not in these equations
    contacts: bool = False

    @property
    def accelerations(self) -> tuple[str, ...]:
        return tuple(acceleration_name(c) for c in self.coordinates)


def linear_parts(tree: Node, accelerations: tuple[str, ...]) -> tuple[tuple[tuple[Node, str], ...], Node]:
    """A tree linear in the accelerations as (coefficient, name) pairs and what is left at zero
    accelerations (coefficients that vanish identically left out)."""
    terms = tuple((c, a) for a in accelerations if not A.is_zero(c := A.diff(tree, a)))
    return terms, A.substitute(tree, dict.fromkeys(accelerations, A.ZERO))


def appell_form(S: Node, forces: Sequence[Node], rows: Sequence[tuple[str, Node]], accelerations: tuple[str, ...],
                motion_names: Collection[str], start: Mapping[str, float], largest: int | None = None) -> Appell | None:
    """Gibbs–Appell without multipliers: the ``rows`` (id, tree linear in the accelerations that
    vanishes) solved for as many accelerations as they fix, then ∂S/∂aᵢ = Qᵢ for the others, S
    with the fixed ones put in and Q taken along the motions left (Qᵢ + Σ_d Q_d·∂a_d/∂aᵢ). None
    when an equation would have more than ``largest`` nodes written out (too long to read)."""
    dependent = solve_rows(rows, accelerations, motion_names, start)
    if largest is not None and any(written_size(tree, largest) >= largest for _, tree, _ in dependent):
        return None
    fixed = {name: tree for name, tree, _ in dependent}
    reduced = A.substitute(S, fixed)
    free = tuple(x for x in accelerations if x not in fixed)
    balances = []
    for x in free:
        right = forces[accelerations.index(x)]
        for name, tree in fixed.items():
            right = A.add(right, A.mul(forces[accelerations.index(name)], A.diff(tree, x)))
        terms, rest = linear_parts(A.diff(reduced, x), free)
        balances.append(Balance(x, terms, rest, right))
        if largest is not None and written_size(A.add(rest, right), largest) >= largest:
            return None
    return Appell(S, dependent, tuple(balances))


def solve_rows(rows: Sequence[tuple[str, Node]], accelerations: tuple[str, ...], motion_names: Collection[str],
               start: Mapping[str, float]) -> tuple[tuple[str, Node, str], ...]:
    """The rows solved, one after another, for one acceleration each: one whose coefficient is a
    constant (no t, coordinate or velocity in it), else the largest at ``start``; a row the others
    already fix there is left out. Returns (acceleration, its tree of the others, row id)."""
    fixed: dict[str, Node] = {}
    order: list[tuple[str, str]] = []
    moving = set(motion_names)
    for row_id, tree in rows:
        g = A.substitute(tree, fixed)
        choices = []
        for x in accelerations:
            coef = A.diff(g, x) if x not in fixed else A.ZERO
            if A.is_zero(coef):
                continue
            try:
                value = abs(evaluate(coef, start))
            except (EvaluationError, KeyError):
                continue
            choices.append((not (names_in(coef) & moving), value, x, coef))
        most = max((c[1] for c in choices), default=0.0)
        choices = [c for c in choices if c[1] > PIVOT_SMALL * most]
        if not choices:
            continue
        _, _, x, coef = max(choices, key=lambda c: (c[0], c[1]))
        solved = A.div(A.neg(A.substitute(g, {x: A.ZERO})), coef)
        fixed = {name: A.substitute(t, {x: solved}) for name, t in fixed.items()}
        fixed[x] = solved
        order.append((x, row_id))
    return tuple((x, fixed[x], row_id) for x, row_id in order)


def row_tree(coefficients: Sequence[Node], accelerations: Sequence[str], rest: Node) -> Node:
    """Σ coefficient·acceleration + rest."""
    out = rest
    for coef, x in zip(coefficients, accelerations):
        out = A.add(out, A.mul(coef, Name(x)))
    return out


def written_size(tree: Node, limit: int) -> int:
    """How many nodes the tree has written out (a shared subtree each time it is used), counted up
    to ``limit``."""
    count, stack = 0, [tree]
    while stack and count < limit:
        n = stack.pop()
        count += 1
        stack.extend(children(n))
    return count
