"""Generated code for contacts (SPEC §7.3), beside the model's own (:mod:`..codegen`), written with
the same pieces (:mod:`..emit`).

With contacts, the model's module also gets:

- ``gap_rates(t, q…, q̇…)``: each gap's rate (the fused loop uses it to see a substep that
  may have gone through a thin obstacle);
- ``dynamics(t, q…, p…)``: q̇, ṗ and q̈ without contact forces, the pivot and the powers;
- ``solve(t, q…, a…, b…)``: T⁻¹a and T⁻¹b, with the same LDLᵀ factors as the substeps;
- ``contact<k>(t, q…, q̇…)``: contact k's gap, rate, slip, J = ∂gap/∂q, S = ∂slip/∂q̇ and the
  parts of gap¨ and slip˙ that do not come from q̈.

And, compiled when first asked for: ``group<i>(t, q…, p…)`` for a set of contacts that touch
together (a pile), everything :class:`~.contacts.Contacts` needs of all of them at once — the
motion, each one's gap, rates and drifts, and the entries of J, S, T⁻¹Jᵀ and T⁻¹Sᵀ that are
not identically 0 (:class:`GroupLayout` says where each goes): one call per RK4 stage however
many contacts rest, instead of two per contact. And, compiled the first time contact k rests alone (a ball on the floor: the common case
of a resting contact, and the one that has to be fast), ``rest<k>(t, q…, p…)``: all of the
above plus the numbers its closed-form normal and friction forces need, in one call.

The trees are differentiated only by the names they contain (a gap between two balls in
a box of twenty coordinates reads four), and the q̈ terms of the kinetic energy once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ....expr import TIME, Block, Name, Node, algebra, names_in
from ....expr.codegen import compile_source
from .. import emit
from ..constraints import Compliance, Rows, Solver, emit_motion
from ..emit import Names, dot, factor, function, internal, mass_matrix, solve
from ..mechanics import Mechanics

A = algebra

_serial = itertools.count(1)

#: a gap whose rate at the start of a substep would carry it this far below 0 by the end may
#: have passed through an obstacle and out again (model units; far above round-off)
PASS_THROUGH = 1e-9
#: with contacts, a gap counts as crossed below −this (model units): two bodies that touch and
#: move together (a Newton's cradle at rest) have gaps that wander around 0 by round-off
GAP_ROUNDOFF = 1e-12
#: an event function this close above 0 has been reached (model units, far below what shows)
LOCATED = 1e-14
#: the group functions kept (a pile that settles goes through a few dozen sets of contacts)
KEPT_GROUPS = 64
#: what group<i> returns of each contact, after the motion (see ContactCode.group)
GROUP_FIELDS = ("gap", "rate", "slip", "c", "d")
#: the matrices group<i> returns the nonzero entries of, in this order
GROUP_MATRICES = ("J", "S", "WJ", "WS")


@dataclass(frozen=True)
class GroupLayout:
    """Where the numbers group<i> returns go: after the motion (q̇, ṗ, q̈: 3n, then the pivot and
    the two powers) and :data:`GROUP_FIELDS` for each contact, the entries of the matrices of
    :data:`GROUP_MATRICES` (one row per contact of ``contacts``) at ``rows[name]``, ``columns[name]``."""

    function: Callable
    contacts: tuple[int, ...]
    rows: dict[str, tuple[int, ...]]
    columns: dict[str, tuple[int, ...]]


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
            rate = A.add(rate, A.mul(j, Name(v)))  # J's trees, not new ones: the group functions share them
        return cls(gap, slip, rate, emit.rate(rate, mech.coordinates, mech.velocities),
                   emit.rate(slip, mech.coordinates, mech.velocities), J, S)


def _partial(tree: Node, name: str) -> Node:
    return A.diff(tree, name) if name in names_in(tree) else A.ZERO


class ContactCode:
    """The contact functions of one model (see the module docstring)."""

    def __init__(self, mech: Mechanics, names: Names, derivatives: str, contacts: Sequence[tuple[Node, Node]],
                 label: str, rows: Rows | None = None):
        self.mech, self.names, self.derivatives, self.label = mech, names, derivatives, label
        #: the model's constraints (rows and those in use): the motion keeps them, and a contact's
        #: push is W·f with W the compliance along them (:class:`~..constraints.Compliance`)
        self.rows = rows
        self.trees = [ContactTrees.of(mech, gap, slip) for gap, slip in contacts]
        self._resting: dict[int, Callable] = {}
        #: nothing depends on t itself (no moving support, driving force, moving surface or moving
        #: constraint row): the terms at one q, p are the same at any t
        self.timeless = not mech.time_dependent and not (rows is not None and rows[0].time_dependent) and not any(
            TIME in names_in(c.gap) or TIME in names_in(c.slip) for c in self.trees)
        self._groups: dict[tuple[tuple[int, ...], frozenset[int]], GroupLayout] = {}

    def functions(self) -> list[str]:
        return ["gap_rates", "dynamics", "solve", *(f"contact{k}" for k in range(len(self.trees))),
                *(["react"] if self.rows is not None else [])]

    def parts(self) -> list[list[str]]:
        return [self._gap_rates(), self._dynamics(), self._solve_function(),
                *(self._contact(k, c) for k, c in enumerate(self.trees)),
                *([self._react_function()] if self.rows is not None else [])]

    # -- the functions -----------------------------------------------------------------------------

    def _gap_rates(self) -> list[str]:
        block = Block(self.names.variables(self.mech), prefix="g")
        outs = [f"rate{k}" for k in range(len(self.trees))]
        for out, c in zip(outs, self.trees):
            block.assign(out, c.rate)
        return function("gap_rates", ["t", *self.names.qs, *self.names.vs], block, outs)

    def _motion(self, block: Block) -> tuple[Solver, list[Node]]:
        """Emit q̇ (v<i>), ṗ (dp<i>), q̈ (acc<i>), the pivot and the powers (with the constraints'
        forces, as rhs has them); how a push f becomes W·f, and q̈."""
        motion = emit_motion(block, self.mech, self.names, self.derivatives, self.rows)
        accelerations: list[Node] = []
        for i, x in enumerate(motion.acc):
            block.assign(f"acc{i}", x)
            accelerations.append(internal(block, f"acc{i}"))
        return motion.push, accelerations

    def _dynamics(self) -> list[str]:
        block = Block(self.names.variables(self.mech), prefix="c")
        self._motion(block)
        n = self.mech.n
        return function("dynamics", ["t", *self.names.state], block,
                         [*self.names.vs, *(f"dp{i}" for i in range(n)), *(f"acc{i}" for i in range(n)),
                          "pivot", "wdot", "wsdot"])

    def _solve_function(self) -> list[str]:
        block = Block(self.names.variables(self.mech), prefix="s")
        push = self._compliance(block)
        n = self.mech.n
        outs = []
        for tag in ("a", "b"):
            given: list[Node] = [internal(block, f"{tag}{i}") for i in range(n)]
            for i, x in enumerate(push(given, f"{tag}s")):
                block.assign(f"o{tag}{i}", x)
                outs.append(f"o{tag}{i}")
        return function("solve", ["t", *self.names.qs, *(f"a{i}" for i in range(n)), *(f"b{i}" for i in range(n))],
                         block, outs)

    def _compliance(self, block: Block) -> Solver:
        """How a push f becomes W·f: T⁻¹·f, or along the constraints when there are some."""
        L, D = factor(block, mass_matrix(block, self.mech))
        if self.rows is not None:
            return Compliance.of(block, self.rows[0], self.rows[1], L, D).solve
        return lambda f, tag: solve(block, L, D, list(f), tag)

    def _react_function(self) -> list[str]:
        """react(t, q…, f…) → T·W·f: a contact's generalized force f with the constraints'
        reactions to it (what it adds to ṗ, so that the rows still hold)."""
        assert self.rows is not None
        block = Block(self.names.variables(self.mech), prefix="x")
        L, D = factor(block, mass_matrix(block, self.mech))
        W = Compliance.of(block, self.rows[0], self.rows[1], L, D)
        n = self.mech.n
        given: list[Node] = [internal(block, f"f{i}") for i in range(n)]
        for i, x in enumerate(W.react(given, "r")):
            block.assign(f"of{i}", x)
        return function("react", ["t", *self.names.qs, *(f"f{i}" for i in range(n))], block,
                         [f"of{i}" for i in range(n)])

    def _contact(self, k: int, c: ContactTrees) -> list[str]:
        block = Block(self.names.variables(self.mech), prefix="k")
        for out, tree in (("gap", c.gap), ("rate", c.rate), ("c", c.c), ("slip", c.slip), ("d", c.d)):
            block.assign(out, tree)
        outs = []
        for tag, trees in (("J", c.J), ("S", c.S)):
            for i, tree in enumerate(trees):
                block.assign(f"o{tag}{i}", tree)
                outs.append(f"o{tag}{i}")
        return function(f"contact{k}", ["t", *self.names.qs, *self.names.vs], block,
                         ["gap", "rate", "c", "slip", "d", *outs])

    # -- made when needed --------------------------------------------------------------------------

    def resting(self, k: int) -> Callable:
        """rest<k>(t, q…, p…) → (q̇…, ṗ…, J…, S…, then :data:`REST_FIELDS`): the motion without
        contact forces and contact k with a_n = J·q̈ + c, a_t = S·q̈ + d, g_nn = J·T⁻¹·Jᵀ,
        g_ns = J·T⁻¹·Sᵀ, g_ss = S·T⁻¹·Sᵀ, J·q̇ and S·q̇. Compiled the first time it is asked for."""
        if k not in self._resting:
            self._resting[k] = self._compile_resting(k)
        return self._resting[k]

    def group(self, contacts: tuple[int, ...], rubbing: frozenset[int] = frozenset()) -> GroupLayout:
        """group<i>(t, q…, p…) for these contacts (see :class:`GroupLayout`); slip, d, S and
        T⁻¹Sᵀ only for the ``rubbing`` ones (the others return 0: friction never acts there).
        Compiled the first time it is asked for."""
        key = (contacts, rubbing)
        if key not in self._groups:
            if len(self._groups) >= KEPT_GROUPS:  # the set made longest ago goes
                del self._groups[next(iter(self._groups))]
            self._groups[key] = self._compile_group(contacts, rubbing)
        return self._groups[key]

    def _compile_group(self, contacts: tuple[int, ...], rubbing: frozenset[int]) -> GroupLayout:
        block = Block(self.names.variables(self.mech), prefix="w")
        push, _ = self._motion(block)
        n = self.mech.n
        results = [*self.names.vs, *(f"dp{i}" for i in range(n)), *(f"acc{i}" for i in range(n)),
                   "pivot", "wdot", "wsdot"]
        matrices: dict[str, list[tuple[int, int, Node]]] = {name: [] for name in GROUP_MATRICES}
        for row, k in enumerate(contacts):
            c = self.trees[k]
            rubs = k in rubbing
            for tag, tree in zip(GROUP_FIELDS, (c.gap, c.rate, c.slip if rubs else A.ZERO, c.c, c.d if rubs else A.ZERO)):
                block.assign(f"o{tag}{row}", tree)
                results.append(f"o{tag}{row}")
            J = [self._named(block, f"oJ{row}_{i}", x) if not A.is_zero(x) else A.ZERO for i, x in enumerate(c.J)]
            S = [self._named(block, f"oS{row}_{i}", x) if rubs and not A.is_zero(x) else A.ZERO
                 for i, x in enumerate(c.S)]
            WJ = push(J, f"wj{row}_")
            WS = push(S, f"ws{row}_") if any(not A.is_zero(x) for x in S) else [A.ZERO] * n
            for name, trees in zip(GROUP_MATRICES, (J, S, WJ, WS)):
                matrices[name] += [(row, i, x) for i, x in enumerate(trees) if not A.is_zero(x)]
        rows, columns = {}, {}
        for name, entries in matrices.items():
            rows[name] = tuple(row for row, _, _ in entries)
            columns[name] = tuple(i for _, i, _ in entries)
            for row, i, x in entries:
                block.assign(f"o{name}{row}_{i}_", x)
                results.append(f"o{name}{row}_{i}_")
        label = f"group{next(_serial)}"
        source = "\n".join(function(label, ["t", *self.names.state], block, results)) + "\n"
        filename = f"<cenm-generated contact {next(_serial)}: {self.label}, {label} of {len(contacts)} contacts>"
        scalar, _ = compile_source(source, label, filename=filename)
        return GroupLayout(scalar, contacts, rows, columns)

    def _compile_resting(self, k: int) -> Callable:
        c = self.trees[k]
        block = Block(self.names.variables(self.mech), prefix="r")
        push, acc = self._motion(block)
        n = self.mech.n
        J = [self._named(block, f"J{i}", x) for i, x in enumerate(c.J)]
        S = [self._named(block, f"S{i}", x) for i, x in enumerate(c.S)]
        WJ = push(J, "wj")
        WS = push(S, "ws")
        v = [Name(name) for name in self.mech.velocities]
        for out, tree in (("gap", c.gap), ("rate", c.rate), ("slip", c.slip),
                          ("an", A.add(dot(J, acc), c.c)), ("at", A.add(dot(S, acc), c.d)),
                          ("gnn", dot(J, WJ)), ("gns", dot(J, WS)), ("gss", dot(S, WS)),
                          ("jv", dot(J, v)), ("sv", dot(S, v))):
            block.assign(out, tree)
        results = [*self.names.vs, *(f"dp{i}" for i in range(n)), *(f"J{i}" for i in range(n)),
                   *(f"S{i}" for i in range(n)), *REST_FIELDS]
        source = "\n".join(function(f"rest{k}", ["t", *self.names.state], block, results)) + "\n"
        filename = f"<cenm-generated contact {next(_serial)}: {self.label}, rest{k}>"
        scalar, _ = compile_source(source, f"rest{k}", filename=filename)
        return scalar

    @staticmethod
    def _named(block: Block, name: str, tree: Node) -> Node:
        """``tree`` as a variable ``name`` of the generated code (so it can be returned)."""
        block.assign(name, tree)
        return internal(block, name)
