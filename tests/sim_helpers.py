"""Running shipped models in tests, and measuring periods."""

from __future__ import annotations

import numpy as np
from project import MODELS

from game.expr import parse
from game.model import load_model
from game.physics import Simulation


def simulation(stem: str, derivatives: str = "exact", **settings: str) -> Simulation:
    """A shipped model with some parameters/conditions set by expression text."""
    model = load_model(MODELS / f"{stem}.dat")
    params = {p.name for p in model.parameters}
    p_over = {k: parse(v) for k, v in settings.items() if k in params}
    c_over = {k: parse(v) for k, v in settings.items() if k not in params}
    assert set(settings) <= params | {c.name for c in model.conditions}
    return Simulation(model, derivatives, p_over, c_over)


def record(sim: Simulation, seconds: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """t, q (rows), q̇ (rows) at every step for ``seconds``."""
    steps = round(seconds / sim.model.general.dt)
    ts, qs, vs = [sim.t], [sim.q], [sim.qdot]
    for _ in range(steps):
        sim.step()
        ts.append(sim.t)
        qs.append(sim.q)
        vs.append(sim.qdot)
    return np.array(ts), np.array(qs), np.array(vs)


def upward_crossings(t: np.ndarray, x: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Times where x crosses 0 going up, located with the cubic Hermite interpolant
    of (x, ẋ) on each step — accurate to O(dt⁴), far below the tolerances used."""
    out = []
    for k in np.nonzero((x[:-1] < 0) & (x[1:] >= 0))[0]:
        h = t[k + 1] - t[k]
        x0, x1, m0, m1 = x[k], x[k + 1], v[k] * h, v[k + 1] * h
        # Newton on the Hermite cubic in s ∈ [0, 1]
        s = x0 / (x0 - x1)
        for _ in range(30):
            h00, h10, h01, h11 = 2*s**3 - 3*s**2 + 1, s**3 - 2*s**2 + s, -2*s**3 + 3*s**2, s**3 - s**2
            f = h00*x0 + h10*m0 + h01*x1 + h11*m1
            df = (6*s**2 - 6*s)*x0 + (3*s**2 - 4*s + 1)*m0 + (-6*s**2 + 6*s)*x1 + (3*s**2 - 2*s)*m1
            s -= f / df
        out.append(t[k] + s * h)
    return np.array(out)


def period(t, x, v) -> float:
    c = upward_crossings(t, x, v)
    assert len(c) >= 3
    return float((c[-1] - c[0]) / (len(c) - 1))
