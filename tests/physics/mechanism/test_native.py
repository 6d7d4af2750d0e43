"""A mechanism's steps in machine code (mechanism/native.py): the window's single motion
(:meth:`MechanismSystem.step_live`) moves as the plain steps do to 1e-12 over a second, falls back to
them for a step it cannot take, and ``simulate`` never takes it (its CSVs stay the plain ones)."""

from __future__ import annotations

import numpy as np
import pytest
from project import MODELS
from sim_helpers import simulation

from game.model import load_model
from game.physics import Simulation, SimulationError
from game.physics.mechanism import MechanismSystem

#: the simple pendulum of the library pulled sideways by a force that grows as exp(exp(10·t))
BLOWING_UP = (MODELS / "pendulo_mecanismo.dat").read_text(encoding="utf-8").replace(
    "<MASS>bola|P|m|0.1</MASS>", "<MASS>bola|P|m|0.1</MASS>\n<FORCE>P|'exp(exp(t·10))'|'0'</FORCE>")


@pytest.fixture
def compiling(monkeypatch, request):
    """numba on (the suite runs without it), its cache in pytest's own folder."""
    pytest.importorskip("numba")
    from game.physics.lagrange import compiled

    folder = request.config.cache.mkdir("cenm-compiled")
    monkeypatch.setenv(compiled.SWITCH, "1")
    monkeypatch.setattr(compiled, "cache_folder", lambda: folder)


def ready(sim: Simulation) -> MechanismSystem:
    """The system of ``sim`` with its kernel compiled (asked for by a first live call)."""
    system = sim.system
    assert isinstance(system, MechanismSystem)
    assert system.wait_live(300), "the window's kernel did not compile"
    return system


def no_plain_steps(system: MechanismSystem, monkeypatch) -> None:
    def plain(*args, **kwargs):
        raise AssertionError("the plain step was taken")

    monkeypatch.setattr(system, "step", plain)


@pytest.mark.parametrize("stem", ["cuadrilatero", "pendulo_doble_mecanismo", "paralelogramo", "jansen"])
def test_the_windows_machine_code_moves_as_the_plain_steps(compiling, monkeypatch, stem):
    # 1 s; the parallelogram has a redundant crank (rows chosen again after every step), Jansen 22 rows
    sim = simulation(stem)
    system = ready(sim)
    start, steps = sim.state, round(1.0 / sim.model.general.dt)
    plain = system.step(start, steps)
    system.resume(start)
    with monkeypatch.context() as patch:
        no_plain_steps(system, patch)
        together = system.step_live(start, steps)
        system.resume(start)
        one_by_one = start
        for _ in range(steps):  # as the window takes them
            one_by_one = system.step_live(one_by_one)
    for live in (together, one_by_one):
        assert live.t == plain.t
        assert np.max(np.abs(live.q - plain.q)) < 1e-12 and np.max(np.abs(live.p - plain.p)) < 1e-12
        work = plain.work + plain.support_work  # Jansen's motor: 2e4 J in its second
        assert abs(live.work + live.support_work - work) < 1e-12 * max(1.0, abs(work))
    assert not np.array_equal(together.q, plain.q) or stem == "cuadrilatero"  # another round-off: not the plain path


def test_before_the_code_is_compiled_the_window_takes_the_plain_steps_bit_for_bit():
    sim = simulation("pendulo_doble_mecanismo")  # the suite runs with compiling off: never ready
    system, steps = sim.system, 50
    plain = system.step(sim.state, steps)
    live = system.step_live(sim.state, steps)
    assert np.array_equal(live.q, plain.q) and np.array_equal(live.p, plain.p)


def test_simulate_keeps_the_plain_steps_when_the_machine_code_is_ready(compiling):
    sim = simulation("pendulo_doble_mecanismo")
    system = ready(sim)
    start = sim.state
    sim.step(50)  # not live: what simulate and a screenshot take
    plain = system.step(start, 50)
    assert np.array_equal(sim.q, plain.q) and np.array_equal(sim.qdot, plain.p)
    sim.set_conditions(start.q, start.p)
    sim.live = True  # the window's clock: the kernel's steps
    sim.step(50)
    assert not np.array_equal(sim.q, plain.q) and np.max(np.abs(sim.q - plain.q)) < 1e-12


def test_a_step_the_kernel_cannot_take_is_the_plain_steps_and_says_why(compiling, write_model):
    # a force growing as exp(exp(10·t)) throws the bob off its circle in the step after 0.28 s
    sim = Simulation(load_model(write_model(BLOWING_UP, "m.dat")))
    ready(sim)
    sim.live = True
    with pytest.raises(SimulationError) as caught:
        for _ in range(100):
            sim.step()
    assert caught.value.why.key == "mechanism.ran_away" and 0.2 < caught.value.t == sim.t < 0.3
    assert np.all(np.isfinite(sim.q))
