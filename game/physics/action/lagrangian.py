"""L = Ek − Ep of a model and its first and second derivatives, exact (seed 004 §9), compiled for
arrays: what the discretised action (:mod:`.discrete`) and the varied paths (:mod:`.vary`) need.

Which models have an action whose stationary paths are their motions (seed 004 §11): a Lagrangian
model (no mechanism), without contacts (impulses are no part of L), CONSTRAINTS (a path would have
to keep them: not done yet; ``simulate --action`` integrates L along a run that keeps holonomic ones)
or generalized forces (a force
that is no potential's adds a term no functional gives, seed 004 §11), whose Ek is a polynomial of
degree two at most in the velocities (the engine's p = T·q̇ + b). :func:`unsupported` says why not.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ...expr import TIME, algebra, compile_trees, names_in
from ...messages import Message, msg
from ...model import ModelFile
from ..lagrange.mechanics import Mechanics, build_mechanics

A = algebra


def unsupported(model: ModelFile, mechanics: Mechanics | None = None) -> Message | None:
    """Why the action of ``model`` is not supported yet, or None."""
    if model.mechanism is not None:
        return msg("action.no_mechanism")
    if model.contacts:
        return msg("action.no_contacts")
    if model.constraints:  # (a path between two points would have to keep them: multipliers in S)
        return msg("action.no_constraints", names=", ".join(row.id for row in model.constraints))
    if model.forces:
        return msg("action.no_forces")
    if mechanics is not None:
        vels = set(mechanics.velocities)
        for u in mechanics.velocities:
            for w in mechanics.velocities:
                if names_in(A.diff(A.diff(mechanics.kinetic, u), w)) & vels:
                    return msg("action.not_quadratic")
    return None


class Lagrangian:
    """L(t, q, v) with its gradient and Hessian in (q, v), each for arrays of points."""

    def __init__(self, model: ModelFile, parameters: Mapping[str, float]):
        self.mechanics = mech = build_mechanics(model, parameters)
        self.n = n = mech.n
        coords, vels = mech.coordinates, mech.velocities
        names = (*coords, *vels)
        args = (TIME, *names)
        L = mech.lagrangian
        first = [A.diff(L, x) for x in names]
        second = [A.diff(d, x) for d in first for x in names]
        # one more output (0) so that each function returns a tuple; a constant output is a
        # number, not an array: every output is broadcast to the points
        self._value = compile_trees([L, A.ZERO], args, "lagrangian")
        self._first = compile_trees(first + [A.ZERO], args, "lagrangian_gradient")
        self._second = compile_trees(second + [A.ZERO], args, "lagrangian_hessian")
        self.size = 2 * n

    def _columns(self, t: np.ndarray, q: np.ndarray, v: np.ndarray) -> list[np.ndarray]:
        return [t, *(q[:, i] for i in range(self.n)), *(v[:, i] for i in range(self.n))]

    def value(self, t: np.ndarray, q: np.ndarray, v: np.ndarray) -> np.ndarray:
        """L at m points: t (m,), q and v (m, n) → (m,)."""
        with np.errstate(all="ignore"):
            out = self._value.array(*self._columns(t, q, v))[0]
        return np.broadcast_to(out, t.shape).astype(float)

    def gradient(self, t: np.ndarray, q: np.ndarray, v: np.ndarray) -> np.ndarray:
        """(∂L/∂q, ∂L/∂v) at m points: (m, 2n)."""
        with np.errstate(all="ignore"):
            out = self._first.array(*self._columns(t, q, v))[:-1]
        return np.column_stack([np.broadcast_to(o, t.shape) for o in out])

    def hessian(self, t: np.ndarray, q: np.ndarray, v: np.ndarray) -> np.ndarray:
        """The second derivatives of L in (q, v) at m points: (m, 2n, 2n)."""
        with np.errstate(all="ignore"):
            out = self._second.array(*self._columns(t, q, v))[:-1]
        flat = np.column_stack([np.broadcast_to(o, t.shape) for o in out])
        return flat.reshape(len(t), self.size, self.size)

