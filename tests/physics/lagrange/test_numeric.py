"""Big models: the mass matrix and the forces in numbers (game/physics/lagrange/numeric.py) move a
chain as the generated code does, keep its energy, batch, fail as data, and grow as n²."""

from __future__ import annotations

import numpy as np
import pytest
from model_texts import one_coordinate

from game.app.commands.bench import pendulum_chain_text
from game.expr import algebra, evaluate, parse
from game.model import parameter_values, read_model
from game.physics import Simulation, SimulationError
from game.physics.lagrange import numeric
from game.physics.lagrange.mechanics import build_mechanics


def chain(write_model, n: int, numbers: bool) -> Simulation:
    """An n-link chain on the numeric path or on the generated one (the threshold moved for it)."""
    model = read_model(write_model(pendulum_chain_text(n), name=f"chain{n}_{numbers}.dat"))
    before = numeric.BIG_MODEL
    numeric.BIG_MODEL = 1 if numbers else 10**6
    try:
        sim = Simulation(model)
    finally:
        numeric.BIG_MODEL = before
    assert (sim.system.code.cost is not None) == numbers  # the path asked for is the one taken
    return sim


@pytest.mark.parametrize("n", [5, 10])
def test_numeric_path_follows_the_generated_code_over_a_run(write_model, n):
    plain, big = chain(write_model, n, False), chain(write_model, n, True)
    worst = 0.0
    for _ in range(round(4.0 / plain.model.general.dt)):
        plain.step()
        big.step()
        worst = max(worst, np.max(np.abs(plain.q - big.q)), np.max(np.abs(plain.qdot - big.qdot)))
    assert worst < 1e-9
    assert big.t == pytest.approx(4.0)
    assert big.de / abs(big.e0) < 1e-7 and big.de == pytest.approx(plain.de, rel=1e-3, abs=1e-12)
    assert big.system.energies(big.state) == pytest.approx(plain.system.energies(plain.state), rel=1e-12)


def test_momenta_and_accelerations_agree_with_the_generated_code(write_model):
    plain, big = chain(write_model, 6, False), chain(write_model, 6, True)
    for _ in range(20):
        plain.step()
        big.step()
    state = big.state
    q = state.q
    qdot = big.system.velocities(state)
    assert np.allclose(big.system.state(q, qdot).p, plain.system.state(q, qdot).p, rtol=0, atol=1e-12)
    assert np.allclose(big.system.accelerations(state), plain.system.accelerations(state), rtol=0, atol=1e-10)


def test_batch_equals_single_states_on_the_numeric_path(write_model):
    sim = chain(write_model, 5, True)
    system = sim.system
    rng = np.random.default_rng(3)
    states = [system.state(sim.q + rng.normal(0, 0.05, sim.q.shape), sim.qdot + rng.normal(0, 0.05, sim.q.shape))
              for _ in range(4)]
    Y = np.array([np.concatenate([s.q, s.p]) for s in states])
    t, Yb, _, ok = system.step_batch(0.0, Y, steps=20)
    assert ok.all()
    for row, s in zip(Yb, states):
        single = system.step(s, 20)
        assert np.allclose(row, np.concatenate([single.q, single.p]), rtol=0, atol=1e-12)
    assert t == pytest.approx(single.t)
    ek, ep = system.energies_batch(t, Yb)
    assert (ek[-1], ep[-1]) == pytest.approx(system.energies(single), rel=1e-12)


def test_a_T_that_stops_being_positive_definite_is_refused_with_its_reason(write_model, monkeypatch):
    # T = x: the kinetic-energy matrix vanishes as x reaches 0 (Ep = 3·x pushes it there)
    monkeypatch.setattr(numeric, "BIG_MODEL", 1)
    sim = Simulation(read_model(write_model(one_coordinate("x", "½·x·vx²", "3·x", x0="1", v0="-2"))))
    assert sim.system.code.cost is not None
    Y = np.array([[1.0, -2.0], [5.0, 0.0]])
    _, _, _, ok = sim.system.step_batch(0.0, Y, steps=200)
    assert ok.tolist() == [False, True]  # only the failing row
    with pytest.raises(SimulationError) as info:
        for _ in range(1000):
            before = sim.state
            sim.step()
    assert sim.state is before
    assert "T is singular or not positive definite" in info.value.reason


def test_small_models_and_what_the_path_does_not_take_keep_the_generated_code(write_model):
    big = read_model(write_model(pendulum_chain_text(numeric.BIG_MODEL), name="big.dat"))
    small = read_model(write_model(pendulum_chain_text(numeric.BIG_MODEL - 1), name="small.dat"))
    assert Simulation(big).system.code.cost is not None
    assert Simulation(small).system.code.cost is None
    mech = build_mechanics(big, parameter_values(big))
    assert numeric.fits(mech, "exact", (), False, False)
    assert not numeric.fits(mech, "numeric", (), False, False)  # CenM's differences: generated
    assert not numeric.fits(mech, "exact", (parse("a1").tree,), False, False)
    assert not numeric.fits(mech, "exact", (), True, False)
    assert not numeric.fits(mech, "exact", (), False, True)


def test_the_code_is_as_long_as_the_shapes_and_the_work_grows_as_n_squared(write_model):
    sizes = {}
    for n in (10, 20):
        model = read_model(write_model(pendulum_chain_text(n)))
        dynamics = numeric.BigDynamics(build_mechanics(model, parameter_values(model)))
        sizes[n] = (sum(len(s.source) for s in dynamics.sums), sum(s.terms for s in dynamics.sums))
    assert sizes[20][0] < 1.2 * sizes[10][0]  # the same shapes
    assert 3.5 < sizes[20][1] / sizes[10][1] < 4.5  # terms: n²


def test_terms_are_opened_through_sums_and_numbers_and_grouped_by_shape():
    tree = algebra.bind(parse("-2·(a·cos(x - y) + b·cos(y - z)) - c·x^2").tree, {})  # built as the engine's are
    terms = numeric.terms_of(tree)
    assert [c for c, _ in terms] == [-2.0, -2.0, -1.0]
    shapes = [numeric.shape(term) for _, term in terms]
    assert shapes[0][0] == shapes[1][0] != shapes[2][0]
    assert [leaf.id for leaf in shapes[0][1]] == ["a", "x", "y"]
    sums = numeric.TermSums([tree, parse("x·y + 1").tree], ["a", "b", "c", "x", "y", "z"])
    x = np.array([0.3, -1.2, 2.0, 0.4, -0.7, 1.1])
    a, b, c, X, Y, Z = x
    expected = [-2 * (a * np.cos(X - Y) + b * np.cos(Y - Z)) - c * X**2, X * Y + 1]
    assert sums(x) == pytest.approx(expected, rel=1e-14)
    assert np.allclose(sums(np.column_stack([x, 2 * x])), np.column_stack([expected, sums(2 * x)]), rtol=1e-14)


def test_derivatives_by_terms_are_the_exact_ones(write_model):
    model = read_model(write_model(pendulum_chain_text(4)))
    exact = build_mechanics(model, parameter_values(model))
    terms = build_mechanics(model, parameter_values(model), numeric.by_terms)
    rng = np.random.default_rng(5)
    env = dict(zip([*exact.coordinates, *exact.velocities], rng.normal(0, 1, 8)))
    for a, b in zip([*exact.dL_dq, *exact.b], [*terms.dL_dq, *terms.b]):
        assert evaluate(b, env) == pytest.approx(evaluate(a, env), rel=1e-13, abs=1e-13)
    assert terms.dL_dq != exact.dL_dq  # (summed another way: the test would pass with the same trees)


def test_a_big_model_with_a_moving_support_keeps_the_generated_code(write_model, monkeypatch):
    monkeypatch.setattr(numeric, "BIG_MODEL", 1)
    sim = Simulation(read_model(write_model(one_coordinate("m", "½·m·vx²", "m·x·sin(t)", x0="1"))))
    assert sim.system.code.cost is None
    sim.step(10)


def test_the_window_shows_a_big_chain_with_its_plots_and_chaos_control(tmp_path):
    from game.app.files import paths
    from game.app.files.settings import Settings
    from game.app.session.session import Session
    from game.model import read_catalog

    path = tmp_path / "cadena24.dat"
    path.write_text(pendulum_chain_text(24), encoding="utf-8")
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open(str(path))
    assert s.sim.system.code.cost is not None  # the numeric path
    s.act("plots")
    s.act("ensemble")
    board = s.plots
    s.clock.run(20)
    phase = board.plots[1]
    phase.sync()
    assert len(phase.curves[0]) == 21 and board.ensemble.alive.all() and board.ensemble.t == s.sim.t
    assert board.ensemble.copies > 10  # stepped together, as a batch
    assert np.isfinite(board.lyapunov.estimate) and board.ensemble.spread_now(24) > 0
    assert s.sim.de / abs(s.sim.e0) < 1e-7 and np.all(np.isfinite(s.sim.system.accelerations(s.sim.state)))
