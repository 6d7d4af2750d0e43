"""Equilibria and modes of mechanisms, on their constraints (SPEC §7.5, §7.6; issue 30 item 1):
against the same models written with their energies, against the real nonlinear motion, and the
reactions at rest against the weights they hold."""

from __future__ import annotations

import math

import numpy as np
import pytest
from mechanism_texts import free_four_bar, mechanism
from project import MODELS
from sim_helpers import period, record

from game.expr import Location, parse
from game.model import load_model, parameter_values, read_model
from game.physics import Simulation
from game.physics.equilibrium import EquilibriumError, analyse
from game.physics.mechanism import MechanismSystem


def analysis_of(model, **overrides):
    p = parameter_values(model, {k: parse(str(v), Location("test", 1, 1)) for k, v in overrides.items()})
    return p, analyse(model, p)


def test_the_pendulum_as_a_mechanism_has_the_lagrangian_pendulums_frequency_and_its_bar_holds_the_weight():
    mech = load_model(MODELS / "pendulo_mecanismo.dat")
    _, a = analysis_of(mech, g=9.5, l=1.3, m=2)
    _, lagrangian = analysis_of(load_model(MODELS / "pendulo_simple.dat"), g=9.5, l=1.3, m=2)
    down, up = a.equilibria
    assert a.coordinates == ("P_x", "P_y") and a.reaction_ids == ("barra",)
    assert down.kind == "stable" and up.kind == "unstable"
    assert down.q == pytest.approx([0.0, 0.0], abs=1e-12) and up.q == pytest.approx([0.0, 2 * 1.3], abs=1e-12)
    (mode,) = down.modes
    assert mode.rate == pytest.approx(lagrangian.equilibria[0].modes[0].rate, rel=1e-8)
    assert mode.rate == pytest.approx(math.sqrt(9.5 / 1.3), rel=1e-8)
    assert up.modes[0].rate == pytest.approx(math.sqrt(9.5 / 1.3), rel=1e-8) and up.modes[0].period is None
    assert mode.shape.tolist() == pytest.approx([1 / math.sqrt(2), 0.0], abs=1e-12)  # vᵀMv = 1, across the bar
    assert down.reactions == pytest.approx((2 * 9.5,), rel=1e-12)  # the bar pulls the ball up with m·g
    assert up.reactions == pytest.approx((-2 * 9.5,), rel=1e-12)  # and pushes it up from below


def test_the_double_pendulum_as_a_mechanism_has_the_two_lagrangian_frequencies_and_m_orthonormal_shapes():
    mech = load_model(MODELS / "pendulo_doble_mecanismo.dat")
    p, a = analysis_of(mech)
    _, lagrangian = analysis_of(load_model(MODELS / "pendulo_doble.dat"))
    low = a.equilibria[0]
    assert low.kind == "stable" and low.q == pytest.approx([0, -p["L"], 0, -p["L"] - p["l"]], abs=1e-12)
    expected = [m.rate for m in lagrangian.equilibria[0].modes]
    assert [m.rate for m in low.modes] == pytest.approx(expected, rel=1e-8)
    w2 = p["g"] / p["l"] * np.array([2 - math.sqrt(2), 2 + math.sqrt(2)])
    assert [m.rate**2 for m in low.modes] == pytest.approx(w2.tolist(), rel=1e-8)
    M = MechanismSystem(mech, p).mass
    V = np.array([m.shape for m in low.modes]).T
    assert np.allclose(V.T @ M @ V, np.eye(2), rtol=0, atol=1e-12)
    assert all(m.shape[np.argmax(np.abs(m.shape))] > 0 for m in low.modes)  # the sign rule
    # the upper bar holds both balls, the lower one the lower ball
    assert low.reactions == pytest.approx(((p["M"] + p["m"]) * p["g"], p["m"] * p["g"]), rel=1e-12)
    assert [e.kind for e in a.equilibria] == ["stable", "unstable", "unstable", "unstable"]


def test_the_four_bars_frequency_is_that_of_its_real_small_motion(write_model):
    model = read_model(write_model(free_four_bar()))
    _, a = analysis_of(model)
    stable = [e for e in a.equilibria if e.kind == "stable"]
    assert stable
    e = stable[0]  # the lowest
    (mode,) = e.modes
    start = e.q + 0.1 * mode.shape
    sim = Simulation(model, "exact", {}, {c: parse(repr(float(x))) for c, x in zip(model.coordinates, start)})
    t, q, v = record(sim, 3.2 * mode.period)
    measured = period(t, (q - e.q) @ mode.shape, v @ mode.shape)
    assert measured == pytest.approx(mode.period, rel=1e-4)


def test_the_four_bars_reactions_at_rest_hold_its_weight(write_model):
    model = read_model(write_model(free_four_bar()))
    p, a = analysis_of(model)
    names = dict(zip(model.coordinates, a.equilibria[0].q))
    crank, rod, rocker = a.equilibria[0].reactions
    A = np.array([names["A_x"], names["A_y"]])
    B = np.array([names["B_x"], names["B_y"]])
    O2, O4 = np.array([0.0, 0.0]), np.array([p["d"], 0.0])
    # the supports carry what the crank and the rocker pull them with, and half of each one's own weight
    # (a bar's weight acts at its midpoint: half at each end); together, the weight of the three links
    pull = crank * (A - O2) / np.linalg.norm(A - O2) + rocker * (B - O4) / np.linalg.norm(B - O4)
    halves = 0.5 * p["g"] * p["m"] * (p["a"] + p["c"])
    weight = p["g"] * p["m"] * (p["a"] + p["b"] + p["c"])
    assert pull[0] == pytest.approx(0.0, abs=1e-9 * weight)
    assert pull[1] - halves == pytest.approx(-weight, rel=1e-10)
    assert rod != 0.0


def test_a_mechanism_its_drivers_lock_says_so():
    model = load_model(MODELS / "cuadrilatero.dat")
    with pytest.raises(EquilibriumError) as info:
        analyse(model, parameter_values(model))
    assert info.value.message.key == "modes.locked"
    assert "locked by DRIVER motor: no free motion" in str(info.value)


def test_a_mechanism_that_changes_with_t_or_rests_everywhere_says_so(write_model):
    rows = ("<GRAVITY>'g'</GRAVITY>\n<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0|0|0|0</POINT>\n"
            "<BAR>barra|O|P</BAR>\n<MASS>bola|P|1</MASS>")
    pushed = read_model(write_model(mechanism(rows + "\n<FORCE>P|'sin(t)'|'0'</FORCE>", "<P>g|9.81|g</P>")))
    with pytest.raises(EquilibriumError) as info:
        analyse(pushed, parameter_values(pushed))
    assert info.value.message.key == "modes.mechanism_time"
    weightless = read_model(write_model(mechanism(rows, "<P>g|0|g</P>")))
    with pytest.raises(EquilibriumError) as info:
        analyse(weightless, parameter_values(weightless))
    assert info.value.message.key == "modes.everywhere"


def test_a_damper_makes_the_rest_damped_and_its_modes_decay(write_model):
    rows = ("<GRAVITY>'g'</GRAVITY>\n<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0|0|0|0</POINT>\n"
            "<BAR>barra|O|P</BAR>\n<MASS>bola|P|1</MASS>\n<FORCE>P|'-c·P_vx'|'-c·P_vy'</FORCE>")
    model = read_model(write_model(mechanism(rows, "<P>g|9.81|g</P>\n<P>c|0.5|c</P>")))
    _, a = analysis_of(model)
    down = a.equilibria[0]
    assert down.kind == "damped"
    (mode,) = down.modes
    # m·ẍ = −m·g/l·x − c·ẋ: s = −c/2 ± i·√(g − c²/4)
    assert mode.eigenvalue.real == pytest.approx(-0.25, rel=1e-8)
    assert mode.rate == pytest.approx(math.sqrt(9.81 - 0.0625), rel=1e-8)
