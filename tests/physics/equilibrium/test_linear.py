"""Mode shapes: M-orthonormal, signed by the rule of SPEC §7.6, and true to the nonlinear motion."""

from __future__ import annotations

import numpy as np
import pytest
from project import MODELS

from game.app.commands.bench import pendulum_chain_text
from game.model import load_model, parameter_values, read_model
from game.physics import Simulation
from game.physics.equilibrium import analyse
from game.physics.equilibrium.linear import SingularMass, conservative, general, kind_of, signed
from game.physics.equilibrium.rest import RestEquations


def shapes_and_mass(model):
    p = parameter_values(model)
    low = analyse(model, p).equilibria[0]
    T, _, _ = RestEquations(model, p).matrices(0.0, low.q)
    return low, np.column_stack([m.shape for m in low.modes]), T[0]


@pytest.mark.parametrize("model", [load_model(MODELS / "pendulo_triple.dat"), load_model(MODELS / "pendulo_elastico.dat"),
                                   read_model("cadena6.dat", pendulum_chain_text(6))], ids=["triple", "elastic", "chain6"])
def test_mode_shapes_are_m_orthonormal_and_signed(model):
    low, V, M = shapes_and_mass(model)
    assert pytest.approx(np.eye(V.shape[1]), abs=1e-12) == V.T @ M @ V
    for v in V.T:
        k = int(np.argmax(np.abs(v)))
        assert v[k] > 0
    freqs = [m.rate for m in low.modes]
    assert freqs == sorted(freqs)


def test_the_sign_rule_takes_the_first_of_equal_largest_components():
    assert signed(np.array([-1.0, 1.0])).tolist() == [1.0, -1.0]
    assert signed(np.array([0.5, -2.0])).tolist() == [-0.5, 2.0]


def test_the_generalized_problem_by_hand():
    M = np.array([[2.0, 0.0], [0.0, 1.0]])
    K = np.array([[6.0, -2.0], [-2.0, 4.0]])
    modes = conservative(M, K)
    w2 = [m.rate ** 2 for m in modes]
    # det(K − λM) = 2λ² − 14λ + 20 = 0: λ = 2, 5
    assert w2 == pytest.approx([2.0, 5.0], rel=1e-12)
    for m in modes:
        assert (K - m.rate ** 2 * M) @ m.shape == pytest.approx([0, 0], abs=1e-12)
    with pytest.raises(SingularMass):
        conservative(np.array([[1.0, 1.0], [1.0, 1.0]]), K)
    with pytest.raises(SingularMass):
        general(np.zeros((1, 1)), np.ones((1, 1)), np.ones((1, 1)))


def test_a_gyroscopic_term_keeps_a_conservative_equilibrium_stable_with_split_frequencies():
    # a particle in a rotating bowl: M = I, K = k·I, C antisymmetric (Coriolis 2Ω)
    M, Gq, C = np.eye(2), -4.0 * np.eye(2), np.array([[0.0, 2.0], [-2.0, 0.0]])
    modes = general(M, Gq, C)
    assert kind_of(modes, damped_model=False) == "stable"
    # s = i·ω with ω² ∓ 2ω − 4 = 0 → ω = 1 ± √5 (both positive roots of either sign pair)
    assert sorted(m.rate for m in modes) == pytest.approx(sorted([np.sqrt(5) - 1, np.sqrt(5) + 1]), rel=1e-10)


def off_mode_content(eps: float) -> float:
    """Start the double pendulum at ε·(its faster mode), run three of that mode's periods, and
    return the largest projection of the motion on the slower mode (vᵀ·M·q), relative to ε."""
    model = load_model(MODELS / "pendulo_doble.dat")
    low, V, M = shapes_and_mass(model)
    slow, fast = V[:, 0], V[:, 1]
    sim = Simulation(model)
    sim.set_conditions((eps * fast).tolist(), [0.0, 0.0])
    worst = 0.0
    steps = round(3 * low.modes[1].period / model.general.dt)
    for _ in range(steps):
        sim.step(1)
        worst = max(worst, abs(slow @ M @ sim.q))
    return worst / eps


def test_a_small_nonlinear_run_from_a_mode_stays_in_that_mode():
    small, larger = off_mode_content(1e-2), off_mode_content(4e-2)
    assert small < 1e-3  # a wrong shape leaves O(1) of ε in the other mode
    assert larger / small > 4 ** 1.8  # what leaks is of higher order in ε (the pendulum's: ε²)
