"""Varied paths S(q + ε·η) (seed 004 §12, ex. 25.17 and 25.20)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from project import MODELS

from game.expr import parse
from game.model import load_model, parameter_values
from game.physics.action import Lagrangian, two_point
from game.physics.action.vary import VariedPaths, expression, sine


@pytest.fixture(scope="module")
def saddle():
    """The oscillator (ω = 1) from 0 to 1 in τ = 3π/2: past its kinetic focus (ex. 25.20)."""
    model = load_model(MODELS / "ejercicios" / "oscilador_accion.dat")
    parameters = parameter_values(model)
    tau = 3 * math.pi / 2
    [path] = two_point(model, parameters, tau, [0.0], [1.0]).paths
    return VariedPaths(Lagrangian(model, parameters), path.times, path.q, path.qdot), path, tau


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_change_of_s_is_the_exact_quadratic_of_ex_25_20(saddle, n):
    varied, path, tau = saddle
    eta = sine(n, tau)
    for eps in (-0.7, 0.3, 1.0):
        expected = eps**2 * tau / 4 * ((n * math.pi / tau) ** 2 - 1)  # m = ω = 1
        assert varied.action(eta, eps) - path.action == pytest.approx(expected, rel=1e-7, abs=1e-10)


def test_at_eps_0_the_first_variation_vanishes_and_both_signs_are_near(saddle):
    varied, path, tau = saddle
    assert varied.action() == pytest.approx(path.action, rel=1e-12)
    eps = np.array([-1e-3, 0.0, 1e-3])
    for n, sign in ((1, -1), (2, 1)):  # −5/36 and +7/36 of m·ε²·τ·ω² (ex. 25.20)
        s = varied.curve(sine(n, tau), eps)
        slope = (s[2] - s[0]) / 2e-3
        assert abs(slope) < 1e-9
        assert np.sign(s[0] - s[1]) == sign


def test_an_expression_variation_has_its_exact_derivative(saddle):
    varied, _, tau = saddle
    written = parse(f"sin(2·pi·t/{tau!r})")
    assert varied.action(expression(written), 0.5) == pytest.approx(varied.action(sine(2, tau), 0.5), rel=1e-12)
