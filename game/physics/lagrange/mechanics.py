"""A model's mechanics as symbolic trees, with its parameters bound to numbers.

From the model file: the kinetic-energy matrix T(q, t), the kinetic and
potential energies, the Lagrangian L = Ek − Ep and the generalized forces.
Derived here: the part b(q, t) of the momentum that does not come from T
(Ek may have terms linear in the velocities when supports move), so that
p = ∂L/∂q̇ = T·q̇ + b, and the exact ∂L/∂qᵢ.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from ...expr import TIME, Name, Node, algebra, names_in
from ...model import ModelFile

A = algebra


@dataclass(frozen=True)
class Mechanics:
    coordinates: tuple[str, ...]
    velocities: tuple[str, ...]
    #: T[i][j] as trees of coordinates and t (missing entries are zero).
    T: tuple[tuple[Node, ...], ...]
    #: b[i] = ∂Ek/∂q̇ᵢ at q̇ = 0: the momentum not carried by T.
    b: tuple[Node, ...]
    kinetic: Node
    potential: Node
    lagrangian: Node
    #: ∂L/∂qᵢ at fixed q̇, exactly.
    dL_dq: tuple[Node, ...]
    #: The generalized force Qᵢ on each coordinate (zero where none is given).
    forces: tuple[Node, ...]
    #: Texts for messages: what each tree was written as.
    sources: Mapping[str, str]

    @property
    def n(self) -> int:
        return len(self.coordinates)

    @property
    def has_momentum_shift(self) -> bool:
        return any(not A.is_zero(x) for x in self.b)

    @cached_property
    def jacobi(self) -> Node | None:
        """What E = Ek + Ep holds beyond the Jacobi integral h = T₂ − T₀ + Ep, that is b·q̇ + 2·T₀
        (T₀: Ek at q̇ = 0), when Ek has terms linear in the velocities or free of them and nothing
        depends on t: then h, not Ek + Ep, is what the motion keeps (ex. 25.23, a rotating frame).
        None otherwise (with t, E stays Ek + Ep and its work W)."""
        t0 = A.substitute(self.kinetic, dict.fromkeys(self.velocities, A.ZERO))
        if self.time_dependent or (A.is_zero(t0) and not self.has_momentum_shift):
            return None
        excess = A.mul(A.num(2.0), t0)
        for b, v in zip(self.b, self.velocities):
            excess = A.add(excess, A.mul(b, Name(v)))
        return excess

    @cached_property
    def momentum_drift(self) -> tuple[Node, ...]:
        """What dPᵢ/dt has besides T·q̈ (Pᵢ = ∂Ek/∂q̇ᵢ): ∂Pᵢ/∂t + Σₖ ∂Pᵢ/∂qₖ·q̇ₖ. Lagrange's velocity
        terms, both in the multipliers' generated code and in the equations ``check`` prints."""
        out = []
        for vel in self.velocities:
            P = A.diff(self.kinetic, vel)
            drift = A.diff(P, TIME)
            for q, v in zip(self.coordinates, self.velocities):
                drift = A.add(drift, A.mul(A.diff(P, q), Name(v)))
            out.append(drift)
        return tuple(out)

    @cached_property
    def time_dependent(self) -> bool:
        """Some expression uses t (a moving support, a driving force): asked every frame, found once."""
        trees = [*self.b, self.kinetic, self.potential, *self.forces, *(e for row in self.T for e in row)]
        return any(TIME in names_in(tree) for tree in trees)


#: derivatives of a tree by each of some names (the exact ones of the whole tree, or :mod:`.numeric`'s by terms)
Derive = Callable[[Node, Sequence[str]], tuple[Node, ...]]


def exact(tree: Node, names: Sequence[str]) -> tuple[Node, ...]:
    """∂tree/∂x for each name x, each of the whole tree."""
    return tuple(A.diff(tree, x) for x in names)


def build_mechanics(model: ModelFile, parameters: Mapping[str, float], derive: Derive = exact) -> Mechanics:
    """Bind ``parameters`` into the model's expressions and derive what the engine needs (b and
    ∂L/∂q, by ``derive``)."""
    n = model.n
    coords, vels = model.coordinates, model.velocities
    assert model.kinetic is not None and model.potential is not None, "a mechanism has no Lagrangian"
    T: list[list[Node]] = [[A.ZERO] * n for _ in range(n)]
    sources: dict[str, str] = {}
    for e in model.tmatrix:
        T[e.i][e.j] = A.bind(e.value.tree, parameters)
        sources[f"T[{e.i},{e.j}]"] = e.value.text
    kinetic = A.bind(model.kinetic.tree, parameters)
    potential = A.bind(model.potential.tree, parameters)
    sources["Ek"], sources["Ep"] = model.kinetic.text, model.potential.text
    at_rest = dict.fromkeys(vels, A.ZERO)
    b = tuple(A.substitute(d, at_rest) for d in derive(kinetic, vels))
    lagrangian = A.sub(kinetic, potential)
    dL_dq = derive(lagrangian, coords)
    forces: list[Node] = [A.ZERO] * n
    written: dict[str, list[str]] = {}
    for f in model.forces:
        i = coords.index(f.coordinate)
        forces[i] = A.add(forces[i], A.bind(f.value.tree, parameters))  # rows on one coordinate add up
        written.setdefault(f"Q[{f.coordinate}]", []).append(f.value.text)
    sources.update({k: " + ".join(v) for k, v in written.items()})
    return Mechanics(
        coordinates=coords, velocities=vels, T=tuple(tuple(r) for r in T), b=b, kinetic=kinetic,
        potential=potential, lagrangian=lagrangian, dL_dq=dL_dq, forces=tuple(forces), sources=sources,
    )
