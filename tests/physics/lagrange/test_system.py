"""Energy, both ways of differentiating, batches, and failures as data."""

from __future__ import annotations

import math

import numpy as np
import pytest
from model_texts import one_coordinate
from project import MODELS, ROOT
from sim_helpers import record, simulation

from game.expr import TIME, names_in, parse
from game.expr.codegen import SCALAR_NAMESPACE
from game.model import load_model, read_catalog, read_model
from game.physics import Simulation, SimulationError


def conservative() -> list[str]:
    """Shipped Lagrangian models with neither forces nor moving supports (the others are in
    test_forces; mechanisms in test_mechanism) nor contacts (in test_contacts), found by reading
    the files (no model is compiled while tests are collected)."""
    out = []
    for e in read_catalog(ROOT / "models.xml", MODELS).entries:
        model = read_model(e.path)
        if model.kinetic is None or model.potential is None:
            continue  # a mechanism
        trees = [model.kinetic.tree, model.potential.tree, *(t.value.tree for t in model.tmatrix)]
        if not model.forces and not model.contacts and not any(TIME in names_in(tree) for tree in trees):
            out.append(e.stem)
    return out


def test_most_of_the_library_is_conservative():
    stems = conservative()
    assert len(stems) >= 12
    assert not any(simulation(stem).does_work for stem in stems)  # the engine agrees


@pytest.mark.parametrize("stem", conservative())
def test_energy_is_conserved_in_every_shipped_model(stem):
    sim = simulation(stem)
    steps = round(20.0 / sim.model.general.dt)
    scale = abs(sim.e0)
    assert scale > 1e-6, "choose conditions whose energy is not ~0, or DE/E means nothing"
    sim.step(steps)
    assert sim.t == pytest.approx(20.0)
    assert sim.de / scale < 1e-7


def test_de_is_the_largest_deviation_seen():
    sim = simulation("pendulo_doble")
    worst = 0.0
    for _ in range(200):
        sim.step()
        worst = max(worst, abs(sim.energy - sim.e0))
    assert sim.de == pytest.approx(worst, rel=1e-12)


@pytest.mark.parametrize("stem, seconds", [("pendulo_simple", 10), ("pendulo_deslizante", 10), ("planetario1", 10)])
def test_numeric_derivatives_follow_the_exact_ones(stem, seconds):
    # CenM's central differences with ε = 1e-6 err by ~1e-10 relative per evaluation
    # (round-off of L / ε); over 10⁴ substeps of a regular motion that stays below 1e-7.
    exact = record(simulation(stem, "exact"), seconds)
    numeric = record(simulation(stem, "numeric"), seconds)
    assert np.max(np.abs(exact[1] - numeric[1])) < 1e-7
    assert np.max(np.abs(exact[2] - numeric[2])) < 1e-7
    assert np.max(np.abs(exact[1] - exact[1][0])) > 0.1  # it moved


def test_numeric_mode_differs_from_exact_only_by_finite_difference_error():
    # the two modes are different code: they must not agree to the last bit
    a = record(simulation("pendulo_doble", "exact"), 1.0)[1]
    b = record(simulation("pendulo_doble", "numeric"), 1.0)[1]
    assert 0 < np.max(np.abs(a - b)) < 1e-6


@pytest.mark.parametrize("stem", ["pendulo_doble", "pendulo_triple", "tres_cuerpos"])
def test_batch_equals_single_states(stem):
    model = load_model(MODELS / f"{stem}.dat")
    base = Simulation(model)
    system = base.system
    rng = np.random.default_rng(1)
    states = []
    for _ in range(6):
        q = base.q + rng.normal(0, 0.05, base.q.shape)
        qd = base.qdot + rng.normal(0, 0.05, base.q.shape)
        states.append(system.state(q, qd))
    Y = np.array([np.concatenate([s.q, s.p]) for s in states])
    t, Yb, _work, ok = system.step_batch(0.0, Y, steps=25)
    assert ok.all()
    for row, s in zip(Yb, states):
        single = system.step(s, 25)
        assert np.allclose(row, np.concatenate([single.q, single.p]), rtol=0, atol=1e-11)
    assert t == pytest.approx(single.t)
    ek, ep = system.energies_batch(t, Yb)
    e_single = system.energies(single)
    assert ek[-1] == pytest.approx(e_single[0], rel=1e-12) and ep[-1] == pytest.approx(e_single[1], rel=1e-12)


def test_batch_marks_only_the_failing_rows(write_model):
    # Ep = m·sqrt(x): a state that reaches x < 0 fails, the others go on
    sim = Simulation(read_model(write_model(one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="1"))))
    system = sim.system
    Y = np.array([[1.0, 0.0], [0.01, -5.0], [2.0, 0.0]])
    _, Yb, _, ok = system.step_batch(0.0, Y, steps=10)
    assert ok.tolist() == [True, False, True]
    assert np.all(np.isfinite(Yb[ok]))


def test_expression_failure_keeps_the_last_good_state(write_model):
    sim = Simulation(read_model(write_model(one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="0.2", v0="-1"))))
    good = None
    with pytest.raises(SimulationError) as info:
        for _ in range(1000):
            good = sim.state
            sim.step()
    err = info.value
    assert sim.state is good  # untouched
    assert np.all(np.isfinite(sim.q)) and sim.q[0] > 0
    assert "Ep cannot be computed" in err.reason and err.expression == "Ep = m·sqrt(x)"
    assert err.values["x"] < 0 and "vx" in err.values
    assert f"t={err.t:.6g}" in str(err) and "x=" in str(err) and "vx=" in str(err)


def test_singular_T_is_refused_with_a_clear_reason(write_model):
    # T = 1 − t: the kinetic-energy matrix vanishes at t = 1
    text = one_coordinate("1 - t", "½·(1 - t)·vx²", "0", v0="1", dt="0.1", n="10")
    sim = Simulation(read_model(write_model(text)))
    sim.step(9)
    before = sim.state
    with pytest.raises(SimulationError) as info:
        sim.step()
    assert sim.state is before and sim.t == pytest.approx(0.9)
    assert "T is singular or not positive definite" in info.value.reason
    assert info.value.t == pytest.approx(1.0)


def test_impossible_conditions_are_refused_before_anything_changes(write_model):
    sim = Simulation(read_model(write_model(one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="1"))))
    q0 = sim.q
    with pytest.raises(SimulationError):
        sim.set_parameters({"m": parse("0")})
    assert sim.parameters["m"] == 1.0 and np.array_equal(sim.q, q0)


def test_parameter_change_recomputes_abbreviations():
    sim = simulation("pendulo_deslizante")
    sim.set_parameters({"m": parse("2")})
    assert sim.parameters["mgl"] == pytest.approx(2 * 9.81 * 1.5)
    assert sim.system.parameters["mgl"] == pytest.approx(2 * 9.81 * 1.5)


def test_a_shared_subexpression_is_computed_once_per_substep(monkeypatch):
    # cos(a1 − a2) appears in T and in ∂L/∂q of the double pendulum; sin(a1 − a2) in ∂L/∂q
    # twice: generated code computes each once per evaluation of the right-hand side
    calls = {"cos": 0, "sin": 0}

    def counting(name):
        real = getattr(math, name)

        def f(x):
            calls[name] += 1
            return real(x)
        return f

    monkeypatch.setitem(SCALAR_NAMESPACE, "f_cos", counting("cos"))
    monkeypatch.setitem(SCALAR_NAMESPACE, "f_sin", counting("sin"))
    sim = simulation("pendulo_doble")
    calls.update(cos=0, sin=0)
    sim.system.code.rhs.scalar(0.0, 0.3, 0.2, 0.1, -0.1)
    assert calls == {"cos": 1, "sin": 3}  # cos(a1−a2); sin(a1−a2), sin(a1), sin(a2)


@pytest.mark.parametrize("stem", ["pendulo_doble", "pendulo_soporte_oscilante"])
def test_the_motion_function_factors_T_and_solves_for_the_accelerations_once(monkeypatch, stem):
    # motion (q̈ each frame, simulate --accelerations) is rhs's body and q̈: T's factors, and q̈ where
    # the power of a moving support already solved for it, are written once, not again after rhs's
    import re

    from game.physics.lagrange import codegen

    sources = []

    def keeping(source, names, filename=None):
        sources.append(source)
        return compile_source(source, names, filename=filename)

    compile_source = codegen.compile_source
    monkeypatch.setattr(codegen, "compile_source", keeping)
    sim = simulation(stem)
    qdd, _ = sim.system.motion(sim.state)
    assert np.all(np.isfinite(qdd))
    (source,) = [s for s in sources if s.startswith("def motion(")]
    targets = re.findall(r"^    (\w+) = ", source, flags=re.MULTILINE)
    factors = [t for t in targets if re.fullmatch(r"[TLD]\d+(_\d+)?|a[zx]\d+", t)]
    assert factors and len(factors) == len(set(factors)), source
