"""Models with contacts on native code (issue 33): the loop of free flight (``advance_events``, or the
broad phase's ``advance_broad``) switches to numba's version of the same source, and a run is the
plain run bit for bit, impacts and resting contacts included."""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pytest
from model_texts import THIN_WALL
from project import MODELS

from game.model import load_model, read_model
from game.physics import Simulation
from game.physics.lagrange import compiled
from game.physics.lagrange import system as system_module
from game.physics.lagrange.contacts import broad
from game.physics.lagrange.contacts import native as contact_native
from game.physics.state import SimulationError, step_one_by_one

pytest.importorskip("numba")


@pytest.fixture
def compiling(monkeypatch, request):
    """Compiling on, into a cache kept between runs of the suite (as test_compiled.py does)."""
    folder = request.config.cache.mkdir("cenm-compiled")
    monkeypatch.setattr(compiled, "cache_folder", lambda: folder)
    return monkeypatch


def run(stem: str, seconds: float, sim: Simulation | None = None) -> tuple[np.ndarray, Simulation]:
    sim = sim or Simulation(load_model(MODELS / f"{stem}.dat"))
    rows = []
    for _ in range(round(seconds / sim.model.general.dt)):
        sim.step()
        s = sim.state
        rows.append([s.t, *s.q.tolist(), *s.p.tolist(), s.work, s.support_work, s.losses])
    return np.array(rows), sim


@pytest.mark.parametrize("stem, loop, failing", [("pelota", "advance_events", False), ("caja_bolas", "advance_broad", False),
                                                 ("cuna_newton", "advance_events", False), ("caja_bolas", "advance_broad", True)])
def test_a_model_with_contacts_runs_on_native_code_as_on_the_plain_path(stem, loop, failing, compiling):
    """The loop of free flight, the broad phase's windows and the search for events in a substep (native.py)
    in native code: the plain run bit for bit; where the search's numbers fail (``failing``: every time),
    the Python path does the substep, the same."""
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
    calls: dict[str, list[float]] = {name: [] for name in code.native.extra}

    def counted(name, kernel):
        def call(*args):
            out = contact_native.FAILED if failing and name == contact_native.NEXT_EVENT else kernel(*args)
            calls[name].append(out)
            return out
        return call

    for name, kernel in list(code.native.extra.items()):
        code.native.extra[name] = counted(name, kernel)
    native, sim = run(stem, 2.0, sim)  # on native code from its first step
    assert np.array_equal(native, plain)  # not just close: the same IEEE operations in the same order
    if loop == "advance_broad":  # its windows run one after another in native code too
        assert sim.system.stepper.broad.windows > len(calls[broad.WINDOWS]) > 0  # type: ignore[attr-defined]
    assert sim.system.stepper.located > 0  # type: ignore[attr-defined]  # impacts happened in those 2 s
    # the events were searched for in native code: some found, some substeps without one
    searched = calls[contact_native.NEXT_EVENT]
    found = [h for h in searched if h >= 0]
    assert set(searched) == {contact_native.FAILED} if failing else 0 < len(found) < len(searched)
    assert calls[contact_native.TOUCHING]  # and at the start of each step (and in impacts), which touch


@pytest.mark.parametrize("stem", ["pelota", "caja_bolas"])
def test_copies_with_contacts_step_in_native_code_as_each_one_on_its_own(stem, compiling):
    """The copies' kernel runs each copy through its own loop of free flight: a copy it lets through
    has the numbers of its own step, and one with an impact takes its step on its own (the same)."""
    compiling.setenv(compiled.SWITCH, "1")
    compiling.setattr(system_module, "_derived", OrderedDict())
    sim = Simulation(load_model(MODELS / f"{stem}.dat"))
    system = sim.system
    native = system.code.native  # type: ignore[attr-defined]
    assert native is not None and native.wait(timeout=600) and native.copies is not None, native.error
    rng = np.random.default_rng(5)
    start = np.concatenate([sim.state.q, sim.state.p])
    Y = start + 1e-3 * rng.standard_normal((24, len(start)))
    work = np.zeros(len(Y))
    calls = []
    kernel = native.copies
    native.copies = lambda *args: calls.append(1) or kernel(*args)
    t, own_t, own, own_work = sim.state.t, sim.state.t, Y.copy(), work.copy()
    for _ in range(60):  # 1.2 s: the ball lands, and balls meet in the box
        t, Y, work, ok = system.step_copies(t, Y, work)
        own_t, own, own_work, own_ok = step_one_by_one(system, own_t, own, own_work)
        assert ok.all() and own_ok.all() and t == own_t
        assert np.array_equal(Y, own) and np.array_equal(work, own_work)
    assert len(calls) == 60


TURNS_BACK = (THIN_WALL.replace("<CI>x|-0.2|", "").replace("<CI>x|-0.55|", "<CI>x|-0.2|").replace("<CI>vx|50|", "<CI>vx|-5|")
              .replace("<P>r|0.1|radio</P>", "<P>r|0.05|radio</P>\n<P>a|3000|empuje</P>").replace("<Ep>0</Ep>", "<Ep>-m·a·x</Ep>"))
BETWEEN_WALLS = THIN_WALL.replace("'max(-x, x - 0.1) - r'", "'x + 0.15 - r'").replace(
    "<CONTACTS>", "<CONTACTS>\n<K>otro|'0.15 - r - x'|'1'|'0'|'0'|the other wall</K>").replace("<CI>x|-0.55|", "<CI>x|0|")
NO_FLOOR_BELOW_1 = (MODELS / "pelota.dat").read_text(encoding="utf-8").replace("<K>piso|'y - r'|", "<K>piso|'sqrt(y - 1)'|")


def steps_or_failure(path, steps: int) -> tuple[np.ndarray, str | None]:
    """The states after each step, and what stopped the run (None: nothing)."""
    sim = Simulation(read_model(path))
    native = sim.system.code.native  # type: ignore[attr-defined]
    assert native is None or native.wait(timeout=600), native.error
    rows = []
    for _ in range(steps):
        try:
            sim.step()
        except SimulationError as stop:
            return np.array(rows), str(stop)
        rows.append([sim.state.t, *sim.q, *sim.state.p, sim.state.losses])
    return np.array(rows), None


@pytest.mark.parametrize("text", [THIN_WALL, THIN_WALL.replace("<CI>x|-0.55|", "<CI>x|-0.21|"), TURNS_BACK, BETWEEN_WALLS,
                                  NO_FLOOR_BELOW_1], ids=["thin wall", "thin wall, face", "turns back", "two walls",
                                                          "gap without value"])
def test_the_native_search_sees_what_the_plain_one_sees(text, write_model, compiling):
    """A ball through a thin wall inside one substep (the gap's rate at the start, or only at the end,
    gives it away: the native Newton steps toward 0), several impacts in one substep, and a gap that
    has no value (NaN in native code: the Python path does that substep and names the contact)."""
    path = write_model(text)
    compiling.setenv(compiled.SWITCH, "0")
    plain = steps_or_failure(path, 100)
    compiling.setenv(compiled.SWITCH, "1")
    native = steps_or_failure(path, 100)
    assert np.array_equal(native[0], plain[0]) and native[1] == plain[1]
    assert (plain[1] is not None) == (text is NO_FLOOR_BELOW_1)
