"""The numbers of a model's named measures (SPEC §7.4), compiled once.

The expressions are compiled into one function of (t, q…, q̇…, parameters…):
the parameters are arguments rather than folded in, so a change of parameters
needs no new compilation, and the same function runs on a single state or, with
arrays, on a whole batch (an ensemble, the cells of a chaos map).

A measure that has no value at some state (a square root of a negative) reads
NaN there: measures only watch the motion, so they never stop it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from ...expr import TIME, EvaluationError, compile_trees, evaluate
from ...model import ModelFile
from .watched import Watched


class Measures:
    """A model's measures: ``names`` in file order, their values at a state or at many."""

    def __init__(self, model: ModelFile):
        self.names = tuple(m.name for m in model.measures)
        self.parameter_names = tuple(p.name for p in model.parameters)
        self._args = (TIME, *model.coordinates, *model.velocities, *self.parameter_names)
        self._trees = [m.value.tree for m in model.measures]
        self._fn = compile_trees(self._trees, self._args, "measures") if self.names else None
        self._last: tuple[object, object, tuple[float, ...]] | None = None

    def __len__(self) -> int:
        return len(self.names)

    def values(self, t: float, q: Sequence[float], qdot: Sequence[float],
               parameters: Mapping[str, float]) -> tuple[float, ...]:
        """Each measure at one state (NaN where it has no value)."""
        if self._fn is None:
            return ()
        args = (t, *q, *qdot, *(parameters[p] for p in self.parameter_names))
        try:
            out = self._fn(*args)
        except EvaluationError:
            # one bad measure must not hide the others: evaluate them one by one
            return tuple(self._one(i, args) for i in range(len(self.names)))
        return tuple(float(v) for v in (out if len(self.names) > 1 else (out,)))

    def _one(self, i: int, args: tuple) -> float:
        """One measure alone, by the plain evaluator (only when some measure has no value)."""
        try:
            value = evaluate(self._trees[i], dict(zip(self._args, args)))
        except EvaluationError:
            return math.nan
        return value if math.isfinite(value) else math.nan

    def arrays(self, t: float, Q: np.ndarray, QD: np.ndarray, parameters: Mapping[str, float]) -> list[np.ndarray]:
        """Each measure for many states at once: ``Q``, ``QD`` have one state per row."""
        if self._fn is None:
            return []
        m = Q.shape[0]
        out = self._fn(np.full(m, t), *Q.T, *QD.T, *(np.full(m, parameters[p]) for p in self.parameter_names))
        out = (out,) if len(self.names) == 1 else out
        return [np.broadcast_to(np.asarray(v, dtype=float), (m,)).copy() for v in out]

    def of(self, sim: Watched) -> tuple[float, ...]:
        """The measures at the simulation's present state (computed once per state)."""
        key = (sim.state, sim.system)
        if self._last is None or self._last[0] is not key[0] or self._last[1] is not key[1]:
            self._last = (sim.state, sim.system, self.values(sim.t, sim.state.q.tolist(), sim.qdot.tolist(),
                                                             sim.parameters))
        return self._last[2]

    def columns(self) -> list[tuple[str, Callable[[Watched], float]]]:
        """``Simulation.columns`` rows: (name, value at a simulation)."""
        def column(i: int) -> Callable[[Watched], float]:
            return lambda sim: self.of(sim)[i]

        return [(name, column(i)) for i, name in enumerate(self.names)]
