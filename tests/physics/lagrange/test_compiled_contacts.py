"""Models with contacts on native code (issue 33): the loop of free flight (``advance_events``, or the
broad phase's ``advance_broad``) switches to numba's version of the same source, and a run is the
plain run bit for bit, impacts and resting contacts included."""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pytest
from project import MODELS

from game.model import load_model
from game.physics import Simulation
from game.physics.lagrange import compiled
from game.physics.lagrange import system as system_module

pytest.importorskip("numba")


@pytest.fixture
def compiling(monkeypatch, request):
    """Compiling on, into a cache kept between runs of the suite (as test_compiled.py does)."""
    folder = request.config.cache.mkdir("cenm-compiled")
    monkeypatch.setattr(compiled, "cache_folder", lambda: folder)
    return monkeypatch


def run(stem: str, seconds: float) -> tuple[np.ndarray, Simulation]:
    sim = Simulation(load_model(MODELS / f"{stem}.dat"))
    rows = []
    for _ in range(round(seconds / sim.model.general.dt)):
        sim.step()
        s = sim.state
        rows.append([s.t, *s.q.tolist(), *s.p.tolist(), s.work, s.support_work, s.losses])
    return np.array(rows), sim


@pytest.mark.parametrize("stem, loop", [("pelota", "advance_events"), ("caja_bolas", "advance_broad")])
def test_a_model_with_contacts_runs_on_native_code_as_on_the_plain_path(stem, loop, compiling):
    compiling.setenv(compiled.SWITCH, "0")
    compiling.setattr(system_module, "_derived", OrderedDict())
    plain, _ = run(stem, 2.0)
    compiling.setenv(compiled.SWITCH, "1")
    compiling.setattr(system_module, "_derived", OrderedDict())  # the equations again, with their native code
    sim = Simulation(load_model(MODELS / f"{stem}.dat"))
    code = sim.system.code  # type: ignore[attr-defined]
    assert code.native is not None and code.native.wait(timeout=600), code.native.error
    switched = code.broad.advance if loop == "advance_broad" else code.advance_events
    assert switched.scalar is code.native.single[loop] and switched.plain is not switched.scalar
    native, sim = run(stem, 2.0)
    assert np.array_equal(native, plain)  # not just close: the same IEEE operations in the same order
    if loop == "advance_broad":
        assert sim.system.stepper.broad.windows > 0  # type: ignore[attr-defined]
    assert sim.system.stepper.located > 0  # type: ignore[attr-defined]  # impacts happened in those 2 s
