"""Generated code for contacts (SPEC §7.3), beside the model's own (:mod:`.codegen`).

With contacts, the model's module also gets:

- ``gap_rates(t, q…, q̇…)``: each gap's rate (the fused loop uses it to see a substep that
  may have gone through a thin obstacle);
- ``dynamics(t, q…, p…)``: q̇, ṗ and q̈ without contact forces, the pivot and the powers;
- ``solve(t, q…, a…, b…)``: T⁻¹a and T⁻¹b, with the same LDLᵀ factors as the substeps;
- ``contact<k>(t, q…, q̇…)``: contact k's gap, rate, slip, J = ∂gap/∂q, S = ∂slip/∂q̇ and the
  parts of gap¨ and slip˙ that do not come from q̈.

And, compiled the first time contact k rests alone (a ball on the floor: the common case
of a resting contact, and the one that has to be fast), ``rest<k>(t, q…, p…)``: all of the
above plus the numbers its closed-form normal and friction forces need, in one call.

The trees are differentiated only by the names they contain (a gap between two balls in
a box of twenty coordinates reads four), and the q̈ terms of the kinetic energy once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..expr import TIME, Block, Name, Node, algebra, names_in
from ..expr.codegen import compile_source
from .codegen import (
    _factor,
    _forces,
    _function,
    _internal,
    _lagrange_terms,
    _mass_matrix,
    _Names,
    _pivots,
    _solve,
    _support_power,
    _velocities,
)
from .mechanics import Mechanics

A = algebra

_serial = itertools.count(1)

#: what rest<k> returns after q̇…, ṗ…, J…, S…, in order (see ContactCode.resting)
REST_FIELDS = ("pivot", "wdot", "wsdot", "gap", "rate", "slip", "an", "at", "gnn", "gns", "gss", "jv", "sv")


@dataclass(frozen=True)
class ContactTrees:
    """A contact's trees: gap and slip with their rates and derivatives."""

    gap: Node
    slip: Node
    #: dgap/dt = J·q̇ + ∂gap/∂t
    rate: Node
    #: gap¨ − J·q̈
    c: Node
    #: slip˙ − S·q̈
    d: Node
    J: tuple[Node, ...]
    S: tuple[Node, ...]

    @classmethod
    def of(cls, mech: Mechanics, gap: Node, slip: Node) -> ContactTrees:
        J = tuple(_partial(gap, q) for q in mech.coordinates)
        S = tuple(_partial(slip, v) for v in mech.velocities)
        rate = _partial(gap, TIME)
        for j, v in zip(J, mech.velocities):
            rate = A.add(rate, A.mul(j, Name(v)))
        return cls(gap, slip, rate, _drift(mech, rate), _drift(mech, slip), J, S)


def _partial(tree: Node, name: str) -> Node:
    return A.diff(tree, name) if name in names_in(tree) else A.ZERO


def _drift(mech: Mechanics, rate: Node) -> Node:
    """d(rate)/dt with q̈ = 0: ∂rate/∂q·q̇ + ∂rate/∂t (rate a tree of t, q and q̇)."""
    present = names_in(rate)
    out = A.diff(rate, TIME) if TIME in present else A.ZERO
    for q, v in zip(mech.coordinates, mech.velocities):
        if q in present:
            out = A.add(out, A.mul(A.diff(rate, q), Name(v)))
    return out


def _dot(a: Sequence[Node], b: Sequence[Node]) -> Node:
    out: Node = A.ZERO
    for x, y in zip(a, b):
        out = A.add(out, A.mul(x, y))
    return out


class ContactCode:
    """The contact functions of one model (see the module docstring)."""

    def __init__(self, mech: Mechanics, names: _Names, derivatives: str, contacts: Sequence[tuple[Node, Node]],
                 label: str):
        self.mech, self.names, self.derivatives, self.label = mech, names, derivatives, label
        self.trees = [ContactTrees.of(mech, gap, slip) for gap, slip in contacts]
        # ∂P/∂q·q̇ + ∂P/∂t for P = ∂Ek/∂q̇: what ṗ has that T·q̈ has not
        v = [Name(name) for name in mech.velocities]
        self._momentum_drift = []
        for vel in mech.velocities:
            P = A.diff(mech.kinetic, vel)
            drift = _partial(P, TIME)
            for k, q in enumerate(mech.coordinates):
                drift = A.add(drift, A.mul(_partial(P, q), v[k]))
            self._momentum_drift.append(drift)
        self._resting: dict[int, Callable] = {}

    def functions(self) -> list[str]:
        return ["gap_rates", "dynamics", "solve", *(f"contact{k}" for k in range(len(self.trees)))]

    def parts(self) -> list[list[str]]:
        return [self._gap_rates(), self._dynamics(), self._solve_function(),
                *(self._contact(k, c) for k, c in enumerate(self.trees))]

    # -- the functions -----------------------------------------------------------------------------

    def _gap_rates(self) -> list[str]:
        block = Block(self.names.variables(self.mech), prefix="g")
        outs = [f"rate{k}" for k in range(len(self.trees))]
        for out, c in zip(outs, self.trees):
            block.assign(out, c.rate)
        return _function("gap_rates", ["t", *self.names.qs, *self.names.vs], block, outs)

    def _motion(self, block: Block) -> tuple[list[list[Node]], list[Node], list[Node]]:
        """Emit q̇ (v<i>), ṗ (dp<i>), q̈ (acc<i>), the pivot and the powers; T's factors and q̈."""
        mech = self.mech
        T = _mass_matrix(block, mech)
        L, D = _factor(block, T)
        _velocities(block, mech, self.names, L, D)
        _forces(block, mech, _lagrange_terms(block, mech, self.names, self.derivatives))
        _support_power(block, mech, L, D)
        _pivots(block, T, D)
        rhs = [A.sub(_internal(block, f"dp{i}"), drift) for i, drift in enumerate(self._momentum_drift)]
        accelerations: list[Node] = []
        for i, x in enumerate(_solve(block, L, D, rhs, "q")):
            block.assign(f"acc{i}", x)
            accelerations.append(_internal(block, f"acc{i}"))
        return L, D, accelerations

    def _dynamics(self) -> list[str]:
        block = Block(self.names.variables(self.mech), prefix="c")
        self._motion(block)
        n = self.mech.n
        return _function("dynamics", ["t", *self.names.state], block,
                         [*self.names.vs, *(f"dp{i}" for i in range(n)), *(f"acc{i}" for i in range(n)),
                          "pivot", "wdot", "wsdot"])

    def _solve_function(self) -> list[str]:
        block = Block(self.names.variables(self.mech), prefix="s")
        L, D = _factor(block, _mass_matrix(block, self.mech))
        n = self.mech.n
        outs = []
        for tag in ("a", "b"):
            given: list[Node] = [_internal(block, f"{tag}{i}") for i in range(n)]
            for i, x in enumerate(_solve(block, L, D, given, f"{tag}s")):
                block.assign(f"o{tag}{i}", x)
                outs.append(f"o{tag}{i}")
        return _function("solve", ["t", *self.names.qs, *(f"a{i}" for i in range(n)), *(f"b{i}" for i in range(n))],
                         block, outs)

    def _contact(self, k: int, c: ContactTrees) -> list[str]:
        block = Block(self.names.variables(self.mech), prefix="k")
        for out, tree in (("gap", c.gap), ("rate", c.rate), ("c", c.c), ("slip", c.slip), ("d", c.d)):
            block.assign(out, tree)
        outs = []
        for tag, trees in (("J", c.J), ("S", c.S)):
            for i, tree in enumerate(trees):
                block.assign(f"o{tag}{i}", tree)
                outs.append(f"o{tag}{i}")
        return _function(f"contact{k}", ["t", *self.names.qs, *self.names.vs], block,
                         ["gap", "rate", "c", "slip", "d", *outs])

    # -- made when needed --------------------------------------------------------------------------

    def resting(self, k: int) -> Callable:
        """rest<k>(t, q…, p…) → (q̇…, ṗ…, J…, S…, then :data:`REST_FIELDS`): the motion without
        contact forces and contact k with a_n = J·q̈ + c, a_t = S·q̈ + d, g_nn = J·T⁻¹·Jᵀ,
        g_ns = J·T⁻¹·Sᵀ, g_ss = S·T⁻¹·Sᵀ, J·q̇ and S·q̇. Compiled the first time it is asked for."""
        if k not in self._resting:
            self._resting[k] = self._compile_resting(k)
        return self._resting[k]

    def _compile_resting(self, k: int) -> Callable:
        c = self.trees[k]
        block = Block(self.names.variables(self.mech), prefix="r")
        L, D, acc = self._motion(block)
        n = self.mech.n
        J = [self._named(block, f"J{i}", x) for i, x in enumerate(c.J)]
        S = [self._named(block, f"S{i}", x) for i, x in enumerate(c.S)]
        WJ = _solve(block, L, D, J, "wj")
        WS = _solve(block, L, D, S, "ws")
        v = [Name(name) for name in self.mech.velocities]
        for out, tree in (("gap", c.gap), ("rate", c.rate), ("slip", c.slip),
                          ("an", A.add(_dot(J, acc), c.c)), ("at", A.add(_dot(S, acc), c.d)),
                          ("gnn", _dot(J, WJ)), ("gns", _dot(J, WS)), ("gss", _dot(S, WS)),
                          ("jv", _dot(J, v)), ("sv", _dot(S, v))):
            block.assign(out, tree)
        results = [*self.names.vs, *(f"dp{i}" for i in range(n)), *(f"J{i}" for i in range(n)),
                   *(f"S{i}" for i in range(n)), *REST_FIELDS]
        source = "\n".join(_function(f"rest{k}", ["t", *self.names.state], block, results)) + "\n"
        filename = f"<cenm-generated contact {next(_serial)}: {self.label}, rest{k}>"
        scalar, _ = compile_source(source, f"rest{k}", filename=filename)
        return scalar

    @staticmethod
    def _named(block: Block, name: str, tree: Node) -> Node:
        """``tree`` as a variable ``name`` of the generated code (so it can be returned)."""
        block.assign(name, tree)
        return _internal(block, name)
