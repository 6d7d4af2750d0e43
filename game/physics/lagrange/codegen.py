"""One generated module per model: everything a substep needs, computed once.

``rhs(t, q…, p…)`` evaluates T(q, t) and b(q, t), solves T·q̇ = p − b by an
unrolled LDLᵀ factorisation (no inverse, no NumPy call per substep, and the
pivots tell at once whether T is positive definite), then ∂L/∂q at that q̇
(exactly, or by CenM's central differences) plus the generalized forces.
``advance(t, q…, p…, w, ws, δ, steps)`` runs classic RK4 substeps over it.
With event functions (the gaps of contacts), ``advance_events`` runs the same
substeps but returns early, at the start of the first substep in which an
event function goes from ≥ 0 to < 0, so Python can locate the instant and act.
With contacts it also returns where a gap's rate at the start of a substep says
the substep might pass through and out of an obstacle (a fast, thin one), and the
contact stepper gets ``accelerations`` (q̇, ṗ and q̈ without contact forces, and T)
and, per contact, its gap, slip and their derivatives (``contact_terms``).

The same source is compiled for Python floats and for NumPy arrays, so a
batch of thousands of states runs through the very same code element-wise.
A comment header maps the generated names to the model's, and the source is
registered with :mod:`linecache`, so a traceback through it shows the lines.

Each piece of the source (the mass-matrix factorisation, the velocities, the
Lagrange terms, the forces, the power of moving supports, the pivots) is written
by :mod:`.emit`, and put together once for rhs, motion and the contacts' functions
by :func:`.constraints.emit_motion` (with the rows' forces where there are some);
here, the functions that hold them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...expr import Block, Name, Node, algebra
from ...expr.codegen import compile_source
from .compiled import Native, SourceKernel, start
from .constraints import Rows, emit_motion
from .contacts import broad
from .contacts import native as contact_native
from .contacts.emit import GAP_ROUNDOFF, PASS_THROUGH, ContactCode
from .emit import Names, function
from .mechanics import Mechanics

A = algebra

_serial = itertools.count(1)


@dataclass(eq=False)
class Compiled:
    """One generated function, compiled for floats (``scalar``) and for arrays (``array``). The
    scalar one becomes native code when that is ready (:mod:`.compiled`), the same results faster."""

    scalar: Callable
    array: Callable
    #: the Python function for floats (``scalar`` may switch away from it)
    plain: Callable = field(init=False)

    def __post_init__(self) -> None:
        self.plain = self.scalar


@dataclass(frozen=True)
class GeneratedDynamics:
    source: str
    #: the name tracebacks show for the source (registered with linecache)
    filename: str
    n: int
    #: rhs(t, q…, p…) → (q̇…, ṗ…, pivot, Ẇ of the forces, Ẇ of the moving supports)
    rhs: Compiled
    #: advance(t, q…, p…, w, ws, δ, steps) → (t, q…, p…, w, ws, worst pivot)
    advance: Compiled
    #: momenta(t, q…, q̇…) → p…
    momenta: Compiled
    #: energies(t, q…, q̇…) → (Ek, Ep)
    energies: Compiled
    #: jacobi(t, q…, q̇…) → (b·q̇ + 2·T₀,): Ek + Ep less this is the Jacobi integral h; None when
    #: E = Ek + Ep is what is kept (see :attr:`Mechanics.jacobi`)
    jacobi: Compiled | None = None
    #: gaps(t, q…) → the event functions; None when the model has none
    gaps: Compiled | None = None
    #: advance_events(t, q…, p…, w, ws, δ, steps) → (t, q…, p…, w, ws, worst, substeps done, hit):
    #: with hit = 1 the state returned is the start of the substep where an event fired
    advance_events: Compiled | None = None
    #: gap_rates(t, q…, q̇…) → dgap/dt of each contact
    gap_rates: Compiled | None = None
    #: dynamics(t, q…, p…) → (q̇…, ṗ…, q̈…, pivot, Ẇ, Ẇs): the motion without contact forces
    dynamics: Compiled | None = None
    #: solve(t, q…, a…, b…) → (T⁻¹a…, T⁻¹b…)
    solve: Compiled | None = None
    #: per contact: terms(t, q…, q̇…) → (gap, dgap/dt, c, slip, d, J…, S…) with J = ∂gap/∂q,
    #: S = ∂slip/∂q̇, gap¨ = J·q̈ + c and slip˙ = S·q̈ + d
    contact_terms: tuple[Compiled, ...] = ()
    #: react(t, q…, f…) → a contact's force with the constraints' reactions to it (models with both)
    react: Compiled | None = None
    #: per contact, made when it first rests alone: everything one substep stage needs then
    resting: ContactCode | None = None
    #: the same source compiled by numba in the background (None when that is off)
    native: Native | None = None
    #: the broad phase's functions, for a model with enough contacts between round bodies
    broad: broad.BroadCode | None = None
    #: characters of the right-hand side's source: what a substep costs grows with it
    rhs_size: int = 0
    #: motion(t, q…, p…) → q̈…, where the model's functions are not generated code (a big model)
    motion: Compiled | None = None
    #: µs a substep takes, where that is not told by the source's size (a big model's, :mod:`.numeric`)
    cost: int | None = None


# -- the functions -------------------------------------------------------------------------------


def _rhs_block(mech: Mechanics, names: Names, derivatives: str, rows: Rows | None, accelerations: bool = False
               ) -> tuple[Block, list[Node], list[Node]]:
    """The body of rhs: q̇, ṗ (with the constraints' forces), the powers and the pivot; and the
    multipliers and q̈ where there are constraints (or where ``accelerations`` asks for q̈)."""
    block = Block(names.variables(mech), prefix="c")
    motion = emit_motion(block, mech, names, derivatives, rows, accelerations)
    return block, motion.lam, motion.acc


def _rhs_function(mech: Mechanics, names: Names, derivatives: str, rows: Rows | None = None) -> list[str]:
    block, _, _ = _rhs_block(mech, names, derivatives, rows)
    dps = [f"dp{i}" for i in range(mech.n)]
    return function("rhs", ["t", *names.state], block, [*names.vs, *dps, "pivot", "wdot", "wsdot"])


def motion_function(mech: Mechanics, derivatives: str, rows: Rows | None, label: str) -> Compiled:
    """motion(t, q…, p…) → (q̈…, λ…): the accelerations and the multipliers of the rows in use,
    compiled apart (a constrained model's values each frame; ``simulate --accelerations``)."""
    names = Names.of(mech.n)
    block, lam, acc = _rhs_block(mech, names, derivatives, rows, accelerations=True)
    outs = []
    for k, tree in enumerate([*acc, *lam]):
        outs.append(f"out{k}")
        block.assign(f"out{k}", tree)
    source = "\n".join(function("motion", ["t", *names.state], block, outs)) + "\n"
    scalar, array = compile_source(source, ("motion",), filename=f"<cenm-generated {next(_serial)}: {label} motion>")
    return Compiled(scalar["motion"], array["motion"])


def _rk4_function(name: str, names: Names, events: int, rates: bool = False) -> list[str]:
    """Classic RK4 substeps (SPEC §3) over rhs. With ``events`` > 0, the gaps are checked
    after each substep and the function returns at the start of the substep where one
    went from ≥ 0 to < 0, with the number of whole substeps done. With ``rates``, also
    where a gap still ≥ 0 at the end had a rate at the start that would have carried it
    below 0, or has a rate at the end that would have brought it from below 0 (it may have
    gone through and out). The end's rates are the next substep's start rates, computed
    anyway: so that check is made one substep late, returning at the previous start."""
    state = names.state
    signature = f"def {name}(t, {', '.join(state)}, w, ws, delta, steps):"
    body = [signature, "    half = 0.5*delta", "    sixth = delta/6.0", "    t0 = t", "    worst = 1.0"]
    gaps = [f"g{k}" for k in range(events)]
    kept = ["pt", *(f"p_{s}" for s in state), "pw", "pws"]  # the start of the substep before
    came_out = " or ".join(f"({g} >= 0.0 and {g} - delta*r{k} < {-PASS_THROUGH!r})" for k, g in enumerate(gaps))
    if events:
        body.append(f"    {', '.join(gaps)}, = gaps(t, {', '.join(names.qs)})")
    if events and rates:  # defined on every path, as numba wants (read only after a first substep)
        body.append(f"    {', '.join(kept)}, = t, {', '.join(state)}, w, ws,")
    body.append("    for step in range(steps):")

    def stage(k: int, h: str | None, prev: int | None) -> str:
        args = ["t"] + state if prev is None else [f"t + {h}"] + [f"{s} + {h}*k{prev}_{s}" for s in state]
        outs = [f"k{k}_{s}" for s in state] + [f"piv{k}", f"w{k}", f"ws{k}"]
        return f"        {', '.join(outs)} = rhs({', '.join(args)})"

    body.append(stage(1, None, None))
    if events and rates:
        body.append(f"        {', '.join(f'r{k}' for k in range(events))}, = "
                    f"gap_rates(t, {', '.join(names.qs)}, {', '.join(f'k1_{q}' for q in names.qs)})")
        body.append(f"        if step and ({came_out}):")
        body.append(f"            return ({', '.join(kept)}, worst, step - 1, 1)")
    body += [stage(2, "half", 1), stage(3, "half", 2), stage(4, "delta", 3)]
    new = {s: f"n_{s}" if events else s for s in state}
    for s in state:
        body.append(f"        {new[s]} = {s} + sixth*(k1_{s} + 2.0*k2_{s} + 2.0*k3_{s} + k4_{s})")
    body.append("        worst = f_lowest(worst, piv1, piv2, piv3, piv4)")
    body.append("        t_end = t0 + (step + 1)*delta")
    if events:
        ends = [f"e{k}" for k in range(events)]
        body.append(f"        {', '.join(ends)}, = gaps(t_end, {', '.join(new[q] for q in names.qs)})")
        floor = repr(-GAP_ROUNDOFF) if rates else "0.0"
        crossed = " or ".join(f"({e} < {floor} and {g} >= {floor})" for e, g in zip(ends, gaps))
        if rates:
            crossed += " or " + " or ".join(
                f"({g} >= 0.0 and {g} + delta*r{k} < {-PASS_THROUGH!r})" for k, g in enumerate(gaps))
        body.append(f"        if {crossed}:")
        body.append(f"            return (t, {', '.join(state)}, w, ws, worst, step, 1)")
        if rates:
            body.append(f"        {', '.join(kept)}, = t, {', '.join(state)}, w, ws,")
        body.append(f"        {', '.join(gaps)}, = {', '.join(ends)},")
        body.append(f"        {', '.join(state)}, = {', '.join(new[s] for s in state)},")
    body.append("        w = w + sixth*(w1 + 2.0*w2 + 2.0*w3 + w4)")
    body.append("        ws = ws + sixth*(ws1 + 2.0*ws2 + 2.0*ws3 + ws4)")
    body.append("        t = t_end")
    if events and rates:
        # the last substep's end rates (the loop checked every other one at the next start)
        body.append("    if steps:")
        vs = [f"v_{q}" for q in names.qs]
        body.append(f"        {', '.join(vs)}, = rhs(t, {', '.join(state)})[:{len(names.qs)}]")
        body.append(f"        {', '.join(f'r{k}' for k in range(events))}, = "
                    f"gap_rates(t, {', '.join(names.qs)}, {', '.join(vs)})")
        body.append(f"        if {came_out}:")
        body.append(f"            return ({', '.join(kept)}, worst, steps - 1, 1)")
    if events:
        body.append(f"    return (t, {', '.join(state)}, w, ws, worst, steps, 0)")
    else:
        body.append(f"    return (t, {', '.join(state)}, w, ws, worst)")
    return body


def _momenta_function(mech: Mechanics, names: Names) -> list[str]:
    block = Block(names.variables(mech), prefix="m")
    for i in range(mech.n):
        p_i = mech.b[i]
        for j in range(mech.n):
            Tij = mech.T[i][j] if j <= i else mech.T[j][i]
            p_i = A.add(p_i, A.mul(Tij, Name(mech.velocities[j])))
        block.assign(names.ps[i], p_i)
    return function("momenta", ["t", *names.qs, *names.vs], block, names.ps)


def _energies_function(mech: Mechanics, names: Names) -> list[str]:
    block = Block(names.variables(mech), prefix="e")
    block.assign("ek", mech.kinetic)
    block.assign("ep", mech.potential)
    return function("energies", ["t", *names.qs, *names.vs], block, ["ek", "ep"])


def _jacobi_function(mech: Mechanics, names: Names, excess: Node) -> list[str]:
    block = Block(names.variables(mech), prefix="j")
    block.assign("excess", excess)
    return function("jacobi", ["t", *names.qs, *names.vs], block, ["excess"])


def _gaps_function(mech: Mechanics, names: Names, events: Sequence[Node]) -> list[str]:
    block = Block(names.variables(mech), prefix="g")
    outs = [f"gap{k}" for k in range(len(events))]
    for out, tree in zip(outs, events):
        block.assign(out, tree)
    return function("gaps", ["t", *names.qs], block, outs)


def _header(mech: Mechanics, names: Names, label: str, events: int, contacts: bool) -> list[str]:
    """What each generated name stands for in the model (the source never contains model text)."""
    lines = [f"# Generated for {label!r}; see game/physics/lagrange/codegen.py.", "# t: time"]
    for q, p, v, coord, vel in zip(names.qs, names.ps, names.vs, mech.coordinates, mech.velocities):
        lines.append(f"# {q}: coordinate {coord}   {v}: velocity {vel}   {p}: momentum ∂L/∂{vel}")
    lines.append("# T<i>_<j>: kinetic-energy matrix; L<i>_<j>, D<j>: its LDLᵀ factors; r<i> = p − b")
    lines.append("# dp<i>: ṗ = ∂L/∂q + Q; wdot: power of the forces; wsdot: power of moving supports")
    if contacts:
        lines.append("# acc<i>: q̈ without contact forces; J<i> = ∂gap/∂q, S<i> = ∂slip/∂q̇ of a contact")
    if events:
        lines.append(f"# gap0…gap{events - 1}: event functions (contacts), in file order")
    return lines


def generate(mech: Mechanics, derivatives: str = "exact", events: Sequence[Node] = (),
             label: str = "model", contacts: Sequence[tuple[Node, Node]] = (),
             rows: Rows | None = None) -> GeneratedDynamics:
    """Generate and compile the model's functions. ``events`` are trees of t and q whose
    crossing of zero from above stops ``advance_events``; ``contacts`` are (gap, slip)
    trees whose gaps are events too, with what the contact stepper needs (they come
    first among the event functions); ``rows`` are constraints with multipliers, whose
    forces rhs adds (:mod:`.constraints`); ``label`` names the model in the source's header
    and in tracebacks."""
    if derivatives not in ("exact", "numeric"):
        raise ValueError("derivatives must be 'exact' or 'numeric'")
    names = Names.of(mech.n)
    events = [*(gap for gap, _ in contacts), *events]
    rhs = _rhs_function(mech, names, derivatives, rows)
    parts = [
        _header(mech, names, label, len(events), bool(contacts)),
        rhs,
        _rk4_function("advance", names, 0),
        _momenta_function(mech, names),
        _energies_function(mech, names),
    ]
    functions = ["rhs", "advance", "momenta", "energies"]
    if mech.jacobi is not None:
        parts.append(_jacobi_function(mech, names, mech.jacobi))
        functions.append("jacobi")
    if events:
        parts += [_gaps_function(mech, names, events),
                  _rk4_function("advance_events", names, len(events), rates=bool(contacts))]
        functions += ["gaps", "advance_events"]
    spheres = None
    if contacts:
        contact_code = ContactCode(mech, names, derivatives, contacts, label, rows)
        parts += contact_code.parts()
        functions += contact_code.functions()
        spheres = broad.spheres_of([gap for gap, _ in contacts])
        if spheres is not None:
            parts += broad.emit(spheres, names.variables(mech), names, mech.coordinates, mech.velocities,
                                [gap for gap, _ in contacts], [c.rate for c in contact_code.trees])
            functions += broad.FUNCTIONS
    source = "\n\n".join("\n".join(p) for p in parts) + "\n"
    filename = f"<cenm-generated {next(_serial)}: {label}>"
    scalar, array = compile_source(source, tuple(functions), filename=filename)
    fns: dict[str, Any] = {name: Compiled(scalar[name], array[name]) for name in functions}
    terms = tuple(fns.pop(f"contact{k}") for k in range(len(contacts)))
    broad_code = None
    if spheres is not None:
        loop = fns.pop("advance_broad")
        broad_code = broad.BroadCode(spheres, loop, *(fns.pop(f).scalar for f in broad.FUNCTIONS[1:]))
    # with contacts, the loop of free flight switches to native code too (the stepper's Python path stays
    # plain): advance_broad where there is a broad phase (advance_events is not used there), and no batch
    # kernel is made (copies with contacts step on arrays: .copies)
    targets = dict(fns)
    if broad_code is not None:
        del targets["advance_events"]
        targets["advance_broad"] = broad_code.advance
    free_flight = None if not contacts else broad.WINDOWS if broad_code is not None else "advance_events"
    # with contacts, the stepper's search for events in free flight (contacts/native.py), and with a broad
    # phase its windows, are compiled with the source
    kernels = () if not contacts else contact_native.kernels(mech.n, len(contacts))
    if spheres is not None:
        kernels += (SourceKernel(broad.WINDOWS, broad.windows_kernel(spheres, mech.n), broad.WINDOWS_SIGNATURE),)
    native = start(source, (*functions, *(broad.HELPERS if spheres else ())), mech.n, targets, batch=not events,
                   copies=free_flight, kernels=kernels)
    return GeneratedDynamics(source=source, filename=filename, n=mech.n, contact_terms=terms,
                             resting=contact_code if contacts else None, native=native,
                             rhs_size=sum(map(len, rhs)), broad=broad_code, **fns)
