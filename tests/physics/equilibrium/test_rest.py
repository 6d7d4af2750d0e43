"""The model at rest from its own trees: the force at rest G (with a moving support's inertial
force), its Jacobian, T and the velocity terms C, against what they are by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest
from project import MODELS

from game.model import load_model, parameter_values, read_model
from game.physics.equilibrium import analyse
from game.physics.equilibrium.rest import RestEquations

EXERCISES = MODELS / "ejercicios"

ROTATING = """<GENERAL>
escala=100
Ox=0
Oy=0
dt=0.01
N=10
nQ=2
</GENERAL>
<PARAMETERS>
<P>m|1|masa</P>
<P>k|4|constante del resorte</P>
<P>W|0.5|velocidad angular del marco</P>
</PARAMETERS>
<CIs>
<CI>x|0.1|x en el marco que gira</CI>
<CI>y|0|y en el marco que gira</CI>
<CI>vx|0|velocidad x</CI>
<CI>vy|0|velocidad y</CI>
</CIs>
<TMATRIX>
<T>0,0|'m'</T>
<T>1,1|'m'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·m·((vx - W·y)² + (vy + W·x)²)</Ek>
<Ep>½·k·(x² + y²)</Ep>
</ENERGIES>
<G>C|C1|0.1|'x'|'y'|'vx'|'vy'|1|-1|1</G>
"""


def rest_of(path_or_model, **over):
    model = path_or_model if not isinstance(path_or_model, type(MODELS)) else load_model(path_or_model)
    p = {**parameter_values(model), **over}
    return RestEquations(model, p), p


def test_a_support_accelerating_at_a_constant_rate_adds_its_inertial_force():
    rest, p = rest_of(EXERCISES / "soporte_acelerado.dat")
    q = np.array([[-1.0], [0.2], [2.5]])
    for t in (0.0, 3.7):
        G = rest.force(t, q)[:, 0]
        expected = -p["m"] * p["l"] * (p["g"] * np.sin(q[:, 0]) + p["A"] * np.cos(q[:, 0]))
        assert pytest.approx(expected, rel=1e-12) == G


def test_kapitzas_support_gives_a_force_at_rest_that_changes_with_t():
    rest, p = rest_of(MODELS / "kapitza.dat")
    q = np.array([[0.3], [2.0]])
    for t in (0.0, 0.01, 0.05):
        G, Gq = rest.force_and_stiffness(t, q)
        shaken = p["g"] - p["A"] * p["W"] ** 2 * math.cos(p["W"] * t)
        assert G[:, 0] == pytest.approx(-p["m"] * p["l"] * np.sin(q[:, 0]) * shaken, rel=1e-12)
        assert Gq[:, 0, 0] == pytest.approx(-p["m"] * p["l"] * np.cos(q[:, 0]) * shaken, rel=1e-12)
    assert rest.reads_time


def test_the_stiffness_is_the_derivative_of_the_force():
    rest, _ = rest_of(MODELS / "pendulo_triple.dat")
    q = np.array([0.3, -1.1, 2.0])
    _, Gq = rest.force_and_stiffness(0.0, q[None, :])
    h = 1e-6
    numeric = np.column_stack([(rest.force(0.0, (q + h * e)[None, :]) - rest.force(0.0, (q - h * e)[None, :]))[0] / (2 * h)
                               for e in np.eye(3)])
    assert Gq[0] == pytest.approx(numeric, rel=1e-6, abs=1e-8)
    T, _, C = rest.matrices(0.0, q)
    assert T[0] == pytest.approx(T[0].T) and not np.any(C)


def test_damping_is_a_velocity_term():
    rest, p = rest_of(MODELS / "pendulo_amortiguado.dat")
    _, _, C = rest.matrices(0.0, np.array([0.4]))
    assert C[0].tolist() == [[-p["b"]]]
    assert rest.has_velocity_terms


def test_a_rotating_frame_gives_coriolis_terms_and_modes_split_by_its_turning():
    model = read_model("rotating.dat", ROTATING)
    rest, p = rest_of(model)
    _T, Gq, C = (x[0] for x in rest.matrices(0.0, np.array([0.2, -0.1])))
    m, k, W = p["m"], p["k"], p["W"]
    assert pytest.approx(np.array([[0.0, 2 * m * W], [-2 * m * W, 0.0]])) == C
    assert Gq == pytest.approx((m * W**2 - k) * np.eye(2))  # centrifugal
    (e,) = analyse(model, p).equilibria
    w0 = math.sqrt(k / m)
    assert e.kind == "stable" and e.q.tolist() == [0.0, 0.0]
    assert sorted(mode.rate for mode in e.modes) == pytest.approx([w0 - W, w0 + W], rel=1e-8)
