"""Two-point problems (SPEC §7.7, seed 004 §12–13): every true path the search finds from given
positions at t = 0 to given positions at t = T (or free there: p(T) = 0), each with its action,
its Morse index, and the check of a discretised action.

The search: starts spread over a box of initial velocities (centred on the straight path's,
Δq/T; one turn over T for an angle, twice the distance or 1 a side for a length), Newton from
each (:mod:`.shooting`); each path found is then followed node by node, its action summed on
its nodes and velocities (:mod:`.vary`), its index counted on
the second variation of the discretised action (:mod:`.discrete`), whose stationary path near
it, found by Newton, is the check (it must lie within the discretisation's error).

Cost: the shooting's (see :mod:`.shooting`) plus, per path, O((n·N)³) for the index and the check.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ...messages import MessageError, msg
from ...model import ModelFile
from ...model.angles import angle_coordinates
from ..lagrange.system import System
from .discrete import DiscreteAction
from .lagrangian import Lagrangian, unsupported
from .shooting import Shooting
from .vary import VariedPaths

#: nodes of a path (and of its discretised action) unless asked otherwise
NODES = 200


class ActionError(MessageError):
    """A two-point problem that cannot be posed or has no answer here; ``message`` says why."""


@dataclass(frozen=True)
class TruePath:
    """One true path of a two-point problem."""

    #: q̇(0) (n,)
    velocities: np.ndarray
    #: S = ∫ L dt along it
    action: float
    #: the Morse index: negative eigenvalues of the second variation
    index: int
    #: directions of q̇(0) along which other paths join the same ends (n, k): a family when k > 0
    family: np.ndarray
    #: the path at the nodes: t (N+1,), q and q̇ (N+1, n)
    times: np.ndarray
    q: np.ndarray
    qdot: np.ndarray
    #: kinetic foci in (0, T) counted by the Jacobi fields (fixed ends only; None otherwise)
    foci: int | None
    #: S_h of the discretised action's stationary path near this one, and its largest distance from it
    discrete: float
    discrete_gap: float


@dataclass(frozen=True)
class TwoPoint:
    """What the search found."""

    coordinates: tuple[str, ...]
    velocity_names: tuple[str, ...]
    duration: float
    start: np.ndarray
    end: tuple[float | None, ...]
    paths: tuple[TruePath, ...]
    #: how many starts the search made, and its box of initial velocities (centre ± half)
    starts: int
    centre: np.ndarray
    half: np.ndarray
    #: no start could move the ends: they cannot be reached in this time (ex. 25.19)
    out_of_reach: bool

    @property
    def family(self) -> bool:
        return any(p.family.size for p in self.paths)


def search_box(model: ModelFile, duration: float, start: np.ndarray, end: Sequence[float | None]
               ) -> tuple[np.ndarray, np.ndarray]:
    """The box of initial velocities the search starts from: (centre, half-width)."""
    angles = angle_coordinates(model)
    centre, half = [], []
    for name, a, b in zip(model.coordinates, start, end):
        shift = 0.0 if b is None else b - a
        centre.append(shift / duration)
        half.append((2 * math.pi if name in angles else 2 * max(abs(shift), 1.0)) / duration)
    return np.array(centre), np.array(half)


def starts_in(centre: np.ndarray, half: np.ndarray) -> np.ndarray:
    """Starts spread over the box: a grid of 16 for one coordinate, Halton points for more
    (64 for two, 256 for three or more)."""
    n = len(centre)
    if n == 1:
        unit = ((np.arange(16) + 0.5) / 16)[:, None]
    else:
        count = min(16 * 4 ** (n - 1), 256)
        unit = np.column_stack([_halton(count, base) for base in _primes(n)])
    return centre + (2 * unit - 1) * half


def _primes(n: int) -> list[int]:
    out: list[int] = []
    k = 2
    while len(out) < n:
        if all(k % p for p in out):
            out.append(k)
        k += 1
    return out


def _halton(count: int, base: int) -> np.ndarray:
    out = np.zeros(count)
    for i in range(count):
        f, x, k = 1.0, 0.0, i + 1
        while k:
            f /= base
            x += f * (k % base)
            k //= base
        out[i] = x
    return out


def two_point(model: ModelFile, parameters: Mapping[str, float], duration: float, start: Sequence[float],
              end: Sequence[float | None], nodes: int = NODES) -> TwoPoint:
    """Every true path the search finds (see the module's docstring); ActionError when the model
    or the problem is not supported."""
    why = unsupported(model)
    if why is not None:
        raise ActionError(why)
    if not (math.isfinite(duration) and duration > 0):
        raise ActionError(msg("action.time", value=repr(duration)))
    lagrangian = Lagrangian(model, parameters)
    why = unsupported(model, lagrangian.mechanics)
    if why is not None:
        raise ActionError(why)
    system = System(model, parameters)
    start_q = np.asarray(start, dtype=float)
    # the search on a coarse step, then each path found again on the step of the model's accuracy
    coarse = Shooting(system, duration, start_q, end, min(max(math.ceil(duration / system.delta / 10), 100), 1000))
    per = max(1, math.ceil(duration / nodes / system.delta))  # substeps of the model's length at most
    shooting = Shooting(system, duration, start_q, end, nodes * per)
    centre, half = search_box(model, duration, start_q, end)
    first = starts_in(centre, half)
    rough, out_of_reach = coarse.solve(first, centre, half, tolerance=1e-8)
    shots = shooting.solve(np.array([s.velocities for s in rough]), centre, half)[0] if rough else []
    discrete = DiscreteAction(lagrangian, duration, nodes, start_q, end)
    found = []
    if shots:
        qs, qdots, jacobis = shooting.along(np.array([s.velocities for s in shots]), nodes, half)
    for k, shot in enumerate(shots):
        family = shot.null
        q = qs[k]
        exact, ok = discrete.stationary(q)
        foci = None if None in end else _foci(jacobis[k])
        found.append(TruePath(
            velocities=shot.velocities, action=math.nan, index=discrete.index(exact if ok else q, family.shape[1]),
            family=family, times=discrete.times, q=q, qdot=qdots[k], foci=foci,
            discrete=discrete.action(exact) if ok else math.nan,
            discrete_gap=float(np.max(np.abs(exact - q))) if ok else math.inf))
    paths = tuple(sorted((_with_action(p, VariedPaths(lagrangian, p.times, p.q, p.qdot).action()) for p in found),
                         key=lambda p: (p.action, *p.velocities)))
    return TwoPoint(tuple(model.coordinates), tuple(model.velocities), float(duration), start_q, tuple(end), paths,
                    len(first), centre, half, out_of_reach)


def _with_action(path: TruePath, action: float) -> TruePath:
    return replace(path, action=float(action))


def _foci(jacobi: np.ndarray) -> int:
    """Kinetic foci in (0, T): where det ∂q(t)/∂q̇(0) changes sign at the inner nodes."""
    det = np.linalg.det(jacobi[1:-1])
    signs = np.sign(det[det != 0])
    return int(np.sum(signs[1:] != signs[:-1]))
