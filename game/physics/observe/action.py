"""The action of a run (SPEC §7.7): S(t) = ∫₀ᵗ (Ek − Ep) dt, the column ``S`` of ``simulate --action``.

S is integrated as one more component of the state, dS/dt = L, by the very RK4 substeps the
engine takes: each step of dt is replayed from the state it started at, and L at each of a
substep's four stages enters S with RK4's weights (δ/6·(L₁ + 2L₂ + 2L₃ + L₄)). So S has the
engine's own order (4) and accuracy, and the engine's generated loop is left as it is (no cost
when the action is not asked). The replay costs about as much again as the steps themselves.

Only a system whose steps are the generated RK4 loop (no contacts, no mechanism), with at most a
projection back onto holonomic CONSTRAINTS rows after each step, has stages to replay; a step is
replayed from the projected state the last one ended at (:meth:`MotionSystem.stages` says which).
"""

from __future__ import annotations

from typing import Any

from ..state import BatchCode, State
from .watched import Watched


def substep_action(code: BatchCode, n: int, delta: float, t: float, y: list, substeps: int
                   ) -> tuple[float, list, Any]:
    """``substeps`` RK4 substeps of ``delta`` from (t, y = q…, p…) with ∫ L dt over them:
    (t, y, S). The arithmetic is the generated loop's (``advance``), so y ends where the
    engine's step ends."""
    rhs, energies = code.rhs.scalar, code.energies.scalar
    half, sixth = 0.5 * delta, delta / 6.0
    t0, s = t, 0.0 * y[0]

    def lagrangian(ts: float, ys: list, rates: tuple) -> Any:
        ek, ep = energies(ts, *ys[:n], *rates[:n])
        return ek - ep

    for step in range(substeps):
        k1 = rhs(t, *y)
        y2 = [a + half * k for a, k in zip(y, k1)]
        k2 = rhs(t + half, *y2)
        y3 = [a + half * k for a, k in zip(y, k2)]
        k3 = rhs(t + half, *y3)
        y4 = [a + delta * k for a, k in zip(y, k3)]
        k4 = rhs(t + delta, *y4)
        s += sixth * (lagrangian(t, y, k1) + 2.0 * lagrangian(t + half, y2, k2)
                      + 2.0 * lagrangian(t + half, y3, k3) + lagrangian(t + delta, y4, k4))
        y = [a + sixth * (b1 + 2.0 * b2 + 2.0 * b3 + b4) for a, b1, b2, b3, b4 in zip(y, k1, k2, k3, k4)]
        t = t0 + (step + 1) * delta
    return t, y, s


class RunAction:
    """S since the motion last started (a break: new conditions, a reset, new parameters),
    an observer of the simulation and the value of its column ``S``. The column may be read
    before the observers hear of a step (the simulation checks a sample first): the steps
    since the last state seen are replayed then."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.action = 0.0

    def on_break(self, sim: Watched) -> None:
        self.state, self.action = sim.state, 0.0

    def on_step(self, sim: Watched) -> None:
        self.value(sim)

    def value(self, sim: Watched) -> float:
        """S at the simulation's present state."""
        now = sim.state
        if self.state is None:
            self.on_break(sim)
        before = self.state
        assert before is not None
        if now is before:
            return self.action
        path = sim.system.stages()  # the system of now (new parameters make a new one)
        assert path is not None, "a run's action needs plain RK4 steps"
        substeps = round((now.t - before.t) / path.delta)
        _, _, s = substep_action(path.code, path.n, path.delta, before.t, [*before.q.tolist(), *before.p.tolist()],
                                 substeps)
        self.state, self.action = now, self.action + s
        return self.action
