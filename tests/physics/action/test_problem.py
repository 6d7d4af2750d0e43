"""Two-point problems (SPEC §7.7, seed 004 §12–13): each number checked against its closed form."""

from __future__ import annotations

import math

import numpy as np
import pytest
from model_texts import one_coordinate
from project import MODELS

from game.expr import parse
from game.model import load_model, parameter_values
from game.physics.action import ActionError, two_point

EXERCISES = MODELS / "ejercicios"


def solve(stem: str, duration: float, start, end, folder=EXERCISES, **settings: str):
    model = load_model(folder / f"{stem}.dat")
    parameters = parameter_values(model, {k: parse(v) for k, v in settings.items()})
    return two_point(model, parameters, duration, start, end)


@pytest.mark.parametrize("duration, index", [(0.5, 0), (2.0, 0), (3.5, 1), (5.0, 1), (7.0, 2)])
def test_the_oscillator_between_0_and_1_has_the_closed_form_action_and_index(duration, index):
    # ω = 1: S = (mω/2)·cot(ωT); a minimum before the kinetic focus at π/ω, one more each π/ω after
    found = solve("oscilador_accion", duration, [0.0], [1.0])
    [path] = found.paths
    exact = 0.5 / math.tan(duration)
    assert path.action == pytest.approx(exact, rel=1e-9)
    assert path.velocities[0] == pytest.approx(1 / math.sin(duration), rel=1e-9)
    assert path.index == path.foci == index  # the second variation and the Jacobi field agree
    assert not found.family


def test_the_discretised_action_checks_the_path_within_its_second_order_error():
    found = solve("oscilador_accion", 2.0, [0.0], [1.0])
    [path] = found.paths
    assert path.discrete_gap < 1e-3 and path.discrete == pytest.approx(path.action, rel=1e-3)


def test_free_fall_between_two_heights_has_the_analytic_action():
    g, m, y0, y1, tau = 9.81, 1.0, 5.0, 0.0, 2.0
    [path] = solve("caida_libre", tau, [y0], [y1]).paths
    exact = m * (y1 - y0) ** 2 / (2 * tau) - m * g * tau * (y0 + y1) / 2 - m * g**2 * tau**3 / 24
    assert path.action == pytest.approx(exact, rel=1e-9)
    assert path.velocities[0] == pytest.approx((y1 - y0) / tau + g * tau / 2, rel=1e-9)
    assert path.index == 0  # ex. 25.22: a strict minimum


def test_the_free_particle_takes_the_straight_line():  # ex. 25.13
    [path] = solve("caida_libre", 2.0, [0.0], [3.0], g="0").paths
    assert path.velocities[0] == pytest.approx(1.5, rel=1e-9) and path.action == pytest.approx(3**2 / 4, rel=1e-9)
    assert np.allclose(path.q[:, 0], 1.5 * path.times, atol=1e-9) and path.index == 0


def test_oscillator_ends_that_no_motion_joins_give_no_path():  # ex. 25.19
    found = solve("oscilador_accion", math.pi, [0.0], [1.0])
    assert found.paths == () and found.out_of_reach


def test_oscillator_ends_joined_by_a_family_say_so():  # ex. 25.18
    found = solve("oscilador_accion", math.pi, [0.0], [0.0])
    [path] = found.paths
    assert found.family and path.family.shape == (1, 1)
    assert abs(path.action) < 1e-9  # every path of the family has S = 0
    assert path.index == 0  # a minimum that is not strict


@pytest.mark.parametrize("gamma", [0.0, 0.5, 2.0])
def test_a_free_end_meets_its_natural_condition(gamma):  # ex. 25.24
    m, x0, tau = 1.0, 2.0, 2.0
    [path] = solve("coste_terminal", tau, [x0], [None], gamma=str(gamma)).paths
    assert path.velocities[0] == pytest.approx(-gamma * x0 / (m + gamma * tau), abs=1e-9)
    assert path.q[-1, 0] == pytest.approx(m * x0 / (m + gamma * tau), rel=1e-9)
    # J = ∫ m·ẋ²/2 + γ·x(T)²/2 = S + γ·x0²/2 (the terminal cost is the integral of γ·x·ẋ)
    v = path.velocities[0]
    assert path.action + gamma * x0**2 / 2 == pytest.approx(m * v * v * tau / 2 + gamma * path.q[-1, 0] ** 2 / 2, abs=1e-9)


def test_the_double_pendulum_paths_have_agreeing_indices():
    found = solve("pendulo_doble", 2.0, [math.pi / 2, math.pi / 4], [0.0, 0.0], folder=MODELS)
    assert len(found.paths) >= 2
    for path in found.paths:
        assert path.index == path.foci
        assert path.q[0] == pytest.approx([math.pi / 2, math.pi / 4]) and np.allclose(path.q[-1], 0.0, atol=1e-9)
    actions = [p.action for p in found.paths]
    assert actions == sorted(actions)


@pytest.mark.parametrize("stem, words", [
    ("pelota", "contacts"), ("pendulo_mecanismo", "mechanism"), ("pendulo_amortiguado", "generalized forces")])
def test_what_is_not_supported_yet_is_said(stem, words):
    model = load_model(MODELS / f"{stem}.dat")
    with pytest.raises(ActionError, match=words):
        two_point(model, parameter_values(model), 1.0, [0.0] * model.n, [0.0] * model.n)


def test_a_kinetic_energy_not_quadratic_in_the_velocities_is_not_supported_yet(tmp_path):
    path = tmp_path / "quartic.dat"
    path.write_text(one_coordinate("m", "½·m·vx² + vx⁴", "0"), encoding="utf-8")
    model = load_model(path)
    with pytest.raises(ActionError, match="not quadratic"):
        two_point(model, parameter_values(model), 1.0, [0.0], [1.0])


@pytest.mark.parametrize("duration", [0.0, -1.0, math.inf, math.nan])
def test_a_time_that_is_not_a_positive_number_is_refused(duration):
    with pytest.raises(ActionError, match="finite number of seconds above 0"):
        solve("oscilador_accion", duration, [0.0], [1.0])
