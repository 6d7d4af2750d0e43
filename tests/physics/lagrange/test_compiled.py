"""The generated source compiled by numba gives the plain path's results, bit for bit, on every
shipped Lagrangian model; it is made in the background and switched to when ready; without numba,
or with compiling off, the plain path runs and says so once."""

from __future__ import annotations

import logging
import sys
import time
from collections import OrderedDict

import numpy as np
import pytest
from project import MODELS, ROOT

from game.model import load_model, read_catalog, read_model
from game.physics import Simulation
from game.physics.lagrange import compiled
from game.physics.lagrange import system as system_module
from game.physics.lagrange.system import System

pytest.importorskip("numba")


def lagrangian() -> list[str]:
    """Shipped models of energies without contacts (read, not compiled, while tests are collected)."""
    out = []
    for e in read_catalog(ROOT / "models.xml", MODELS).entries:
        model = read_model(e.path)
        if model.mechanism is None and not model.contacts:
            out.append(e.stem)
    return out


@pytest.fixture
def compiling(monkeypatch, request):
    """Compiling on, into a cache kept between runs of the suite (pytest's own cache folder): numba
    checks its cache against the file it was made from, so a kept one is only ever a faster start."""
    folder = request.config.cache.mkdir("cenm-compiled")
    monkeypatch.setenv(compiled.SWITCH, "1")
    monkeypatch.setattr(compiled, "cache_folder", lambda: folder)


def forget_kept(monkeypatch) -> None:
    """No equations kept from an earlier test (they were made with compiling as it was then)."""
    monkeypatch.setattr(system_module, "_derived", OrderedDict())


def compiled_simulation(stem: str) -> Simulation:
    sim = Simulation(load_model(MODELS / f"{stem}.dat"))
    native = sim.system.code.native  # type: ignore[attr-defined]
    assert native is not None
    assert native.wait(timeout=300), native.error
    return sim


def test_every_kind_of_lagrangian_model_is_here():
    stems = lagrangian()
    assert len(stems) >= 15
    assert {"pendulo_doble", "pendulo_forzado", "tres_cuerpos", "kapitza"} <= set(stems)


@pytest.mark.parametrize("stem", lagrangian())
def test_the_native_code_moves_as_the_plain_code_bit_for_bit(stem, compiling):
    sim = compiled_simulation(stem)
    system = sim.system
    assert isinstance(system, System)
    start = sim.state
    native = system.code.native
    assert native is not None
    plain, fast = system.code.advance, native.single["advance"]
    assert plain.scalar is fast  # switched
    substeps = min(2000, round(2.0 / system.delta))
    args = (start.t, *start.q.tolist(), *start.p.tolist(), 0.0, 0.0, system.delta, substeps)
    python = compile_plain(system)
    expected, got = python["advance"](*args), fast(*args)
    assert got == expected  # not just to 1e-12: the same IEEE operations in the same order
    assert python["rhs"](*args[: 1 + 2 * system.n]) == native.single["rhs"](*args[: 1 + 2 * system.n])
    n = system.n
    qdot = python["rhs"](*args[: 1 + 2 * n])[:n]
    assert python["energies"](start.t, *start.q.tolist(), *qdot) == native.single["energies"](
        start.t, *start.q.tolist(), *qdot)

    # a batch of states near the start: the native rows are the array path's columns
    rng = np.random.default_rng(7)
    m = 64
    columns = [np.full(m, v) + 0.05 * rng.standard_normal(m) for v in args[1 : 1 + 2 * n]]
    with np.errstate(all="ignore"):
        arrays = plain.array(start.t, *columns, np.zeros(m), 0.0, system.delta, 50)
    rows = compiled.step_batch(native, start.t, columns, np.zeros(m), system.delta, 50)
    assert rows is not None
    assert rows[0] == arrays[0]
    for a, b in zip(arrays[1:], rows[1:]):
        assert np.array_equal(np.broadcast_to(a, (m,)), b, equal_nan=True)


def compile_plain(system: System) -> dict:
    """The plain Python functions of the same source (the system's own scalar ones have switched)."""
    from game.expr.codegen import compile_source

    scalar, _ = compile_source(system.code.source, ("rhs", "advance", "energies"))
    return scalar


def test_a_simulation_switches_to_native_code_midway_and_does_not_notice(compiling, monkeypatch):
    """Steps taken before the switch on the plain path, after it on the native one: the run is the
    plain run (the window starts at once and goes faster when the compiled code is ready)."""
    model = load_model(MODELS / "pendulo_doble.dat")
    reference = Simulation(model)
    monkeypatch.setenv(compiled.SWITCH, "0")
    for _ in range(50):
        reference.step()
    monkeypatch.setenv(compiled.SWITCH, "1")
    forget_kept(monkeypatch)  # the same model's equations were kept, made without numba above
    held = []
    original = compiled.Native.build
    monkeypatch.setattr(compiled.Native, "build", lambda self: held.append(self))
    sim = Simulation(model)
    native = sim.system.code.native  # type: ignore[attr-defined]
    assert native is not None and not native.ready.is_set()
    for _ in range(20):
        sim.step()  # the plain path: nothing compiled yet
    assert type(sim.system.code.advance.scalar).__name__ == "function"  # type: ignore[attr-defined]
    for _ in range(600):  # (a model of an earlier test may be compiling still)
        if native in held:
            break
        time.sleep(0.1)
    original(native)  # as the background thread does
    assert native.batch is not None, native.error
    assert type(sim.system.code.advance.scalar).__name__ == "CPUDispatcher"  # type: ignore[attr-defined]
    for _ in range(30):
        sim.step()
    assert sim.t == reference.t
    assert np.array_equal(sim.q, reference.q) and np.array_equal(sim.qdot, reference.qdot)


def test_without_numba_the_plain_path_runs_and_the_log_says_it_once(monkeypatch, caplog):
    monkeypatch.setenv(compiled.SWITCH, "1")
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba raises ImportError
    monkeypatch.setattr(compiled, "_numba_module", [])
    forget_kept(monkeypatch)
    with caplog.at_level(logging.WARNING, logger="cenm"):
        first = Simulation(load_model(MODELS / "pendulo_simple.dat"))
        second = Simulation(load_model(MODELS / "pendulo_doble.dat"))
        for sim in (first, second):
            sim.step()
    assert first.system.code.native is None and second.system.code.native is None  # type: ignore[attr-defined]
    said = [r.getMessage() for r in caplog.records if "numba" in r.getMessage()]
    assert len(said) == 1 and "numba does not import" in said[0]


def test_compiling_is_off_with_the_switch_at_zero(monkeypatch):
    monkeypatch.setenv(compiled.SWITCH, "0")
    forget_kept(monkeypatch)
    sim = Simulation(load_model(MODELS / "pendulo_simple.dat"))
    assert sim.system.code.native is None  # type: ignore[attr-defined]


def test_a_source_numba_refuses_leaves_the_plain_path_and_says_why(compiling, caplog):
    plain = object()
    targets = {"advance": type("Target", (), {"scalar": plain})()}
    native = compiled.Native("def advance(t):\n    return undefined_name(t)\n", ("advance",), 1, targets)
    with caplog.at_level(logging.WARNING, logger="cenm"):
        native.build()
    assert native.ready.is_set() and native.batch is None and native.error
    assert targets["advance"].scalar is plain
    assert any("compiled path off for this model" in r.getMessage() for r in caplog.records)
