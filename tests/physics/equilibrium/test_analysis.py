"""Equilibria, stability and modes of models against their analytic values (SPEC §7.6; seed 004
§4, §12; ex. 25.6, 25.7, 25.11, 25.30): frequencies to 1e-8 relative."""

from __future__ import annotations

import math

import numpy as np
import pytest
from model_texts import one_coordinate
from project import MODELS

from game.expr import Location, parse
from game.model import load_model, parameter_values, read_model
from game.physics.equilibrium import EquilibriumError, analyse

EXERCISES = MODELS / "ejercicios"


def analysis_of(path, period=None, **overrides):
    model = load_model(path)
    over = {k: parse(str(v), Location("test", 1, 1)) for k, v in overrides.items()}
    return model, analyse(model, parameter_values(model, over), period)


def omegas(equilibrium):
    return [m.rate for m in equilibrium.modes]


def test_the_simple_pendulum_rests_stable_below_and_unstable_above():
    model, a = analysis_of(MODELS / "pendulo_simple.dat")
    p = parameter_values(model)
    w = math.sqrt(p["g"] / p["l"])
    (down, up) = a.equilibria
    assert down.kind == "stable" and down.q.tolist() == [0.0]
    assert down.modes[0].oscillates and down.modes[0].rate == pytest.approx(w, rel=1e-8)
    assert down.modes[0].period == pytest.approx(2 * math.pi / w, rel=1e-8)
    assert up.kind == "unstable" and up.q.tolist() == [math.pi]
    assert not up.modes[0].oscillates and up.modes[0].period is None
    assert up.modes[0].rate == pytest.approx(w, rel=1e-8)  # the growth rate
    assert down.potential < up.potential  # ordered by Ep


def test_exercise_25_7_the_rigid_pendulum_by_the_second_derivative_of_its_potential():
    _, a = analysis_of(EXERCISES / "pendulo_equilibrios.dat")
    assert [(e.kind, e.q.tolist()) for e in a.equilibria] == [("stable", [0.0]), ("unstable", [math.pi])]
    assert [e.potential for e in a.equilibria] == pytest.approx([-9.81, 9.81])


def test_the_double_pendulum_of_equal_masses_and_lengths():
    model, a = analysis_of(MODELS / "pendulo_doble.dat")
    p = parameter_values(model)
    assert p["M"] == p["m"] and p["L"] == p["l"]
    assert len(a.equilibria) == 4
    low = a.equilibria[0]
    assert low.kind == "stable" and low.q.tolist() == [0.0, 0.0]
    expected = [math.sqrt(p["g"] / p["l"] * (2 - math.sqrt(2))), math.sqrt(p["g"] / p["l"] * (2 + math.sqrt(2)))]
    assert omegas(low) == pytest.approx(expected, rel=1e-8)
    assert [e.kind for e in a.equilibria[1:]] == ["unstable"] * 3
    # the in-phase mode: both arms the same way, the lower √2 times as far
    v1, v2 = (m.shape for m in low.modes)
    assert v1[1] / v1[0] == pytest.approx(math.sqrt(2), rel=1e-8)
    assert v2[1] / v2[0] == pytest.approx(-math.sqrt(2), rel=1e-8)


def test_the_triple_pendulum_roots_of_its_characteristic_cubic():
    model, a = analysis_of(MODELS / "pendulo_triple.dat")
    p = parameter_values(model)
    assert len(a.equilibria) == 8
    low = a.equilibria[0]
    roots = sorted(np.roots([1, -9, 18, -6]).real)  # λ = ω²·l/g
    assert [w * w * p["l1"] / p["g"] for w in omegas(low)] == pytest.approx(roots, rel=1e-8)
    assert a.equilibria[-1].q.tolist() == [math.pi] * 3


@pytest.mark.parametrize("path", [MODELS / "cuenta_parabola.dat", EXERCISES / "cuenta_parabola.dat"])
def test_exercise_25_30_the_bead_on_a_parabola(path):
    model, a = analysis_of(path)
    p = parameter_values(model)
    (vertex,) = a.equilibria
    assert vertex.kind == "stable" and vertex.q.tolist() == [0.0]
    assert vertex.modes[0].period == pytest.approx(2 * math.pi / math.sqrt(2 * p["g"] * p["a"]), rel=1e-8)


@pytest.mark.parametrize("A", [3.0, 9.81, -2.0])
def test_exercise_25_11_a_support_with_constant_acceleration_is_a_steady_frame(A):
    model, a = analysis_of(EXERCISES / "soporte_acelerado.dat", A=A)
    p = parameter_values(model)
    assert a.time == "steady"
    stable = [e for e in a.equilibria if e.kind == "stable"]
    assert len(stable) == 1 and len(a.equilibria) == 2
    assert stable[0].q[0] == pytest.approx(-math.atan(A / p["g"]), rel=1e-10, abs=1e-14)
    w2 = math.sqrt(p["g"] ** 2 + A**2) / p["l"]
    assert stable[0].modes[0].rate ** 2 == pytest.approx(w2, rel=1e-8)


def test_exercise_25_6_a_push_that_balances_gravity_everywhere_is_a_family_and_any_other_none():
    model, a = analysis_of(EXERCISES / "plano_inclinado.dat")
    (family,) = a.equilibria
    assert family.family.shape == (1, 1) and family.kind == "neutral"
    assert family.q.tolist() == [0.0]  # the point nearest the file's conditions
    with pytest.raises(EquilibriumError) as info:
        analysis_of(EXERCISES / "plano_inclinado.dat", P=3)
    assert info.value.message.key == "modes.none"
    p = parameter_values(model)
    assert p["P"] == pytest.approx(p["m"] * p["g"] * math.sin(p["alfa"]))


def test_a_free_translation_is_a_family_with_a_neutral_mode_beside_the_pendulums():
    model, a = analysis_of(MODELS / "pendulo_deslizante.dat")
    p = parameter_values(model)
    assert len(a.equilibria) == 2  # not one per start along x
    low = a.equilibria[0]
    assert low.kind == "neutral" and low.family.shape == (2, 1)
    assert abs(low.family[0, 0]) > 0 and low.family[1, 0] == pytest.approx(0, abs=1e-12)
    # the pendulum on a free block: ω² = (g/l)·(M + m)/M
    w = math.sqrt(p["g"] / p["l"] * (p["M"] + p["m"]) / p["M"])
    assert [m.rate for m in low.modes] == pytest.approx([0.0, w], rel=1e-8, abs=1e-12)


def test_a_damped_pendulum_reports_its_complex_eigenvalues():
    model, a = analysis_of(MODELS / "pendulo_amortiguado.dat")
    p = parameter_values(model)
    low, high = a.equilibria
    gamma = p["b"] / (2 * p["m"] * p["l"] ** 2)
    wd = math.sqrt(p["g"] / p["l"] - gamma**2)
    assert low.kind == "damped"
    s = low.modes[0].eigenvalue
    assert s.real == pytest.approx(-gamma, rel=1e-8) and s.imag == pytest.approx(wd, rel=1e-8)
    assert low.modes[0].rate == pytest.approx(wd, rel=1e-8)
    assert high.kind == "unstable"
    roots = sorted(m.eigenvalue.real for m in high.modes)
    w2 = p["g"] / p["l"]
    assert roots == pytest.approx([-gamma - math.sqrt(gamma**2 + w2), -gamma + math.sqrt(gamma**2 + w2)], rel=1e-8)


@pytest.mark.parametrize("W, kind", [(100, "driven-stable"), (50, "driven-unstable")])
def test_kapitzas_pendulum_upside_down_is_stable_above_its_threshold_and_unstable_below(W, kind):
    model, a = analysis_of(MODELS / "kapitza.dat", W=W)  # its period from the file's periodo=2·pi/W
    assert a.period == pytest.approx(2 * math.pi / W, rel=1e-15)
    p = parameter_values(model, {"W": parse(str(W), Location("t", 1, 1))})
    above = (p["A"] * W) ** 2 > 2 * p["g"] * p["l"]  # Kapitza's criterion
    assert above == (kind == "driven-stable")
    assert a.time == "periodic"
    down, up = a.equilibria
    assert up.q.tolist() == [math.pi] and down.q.tolist() == [0.0]
    assert up.kind == kind
    assert down.kind == "driven-stable"
    sizes = [abs(m.eigenvalue) for m in up.modes]
    if kind == "driven-stable":
        assert sizes == pytest.approx([1.0], abs=1e-6)
        # the averaged (Kapitza) frequency, ω² = (A·W)²/(2l²) − g/l, to within the averaging's error
        w_avg = math.sqrt((p["A"] * W) ** 2 / (2 * p["l"] ** 2) - p["g"] / p["l"])
        assert up.modes[0].rate == pytest.approx(w_avg, rel=0.02)
    else:
        assert max(sizes) > 1.01


def test_a_time_dependent_model_without_a_period_is_told_so():
    model = load_model(MODELS / "pendulo_forzado.dat")
    with pytest.raises(EquilibriumError) as info:
        analyse(model, parameter_values(model))
    assert info.value.message.key == "modes.time_dependent"
    with pytest.raises(EquilibriumError) as info:
        analyse(model, parameter_values(model), period=1.0)  # its driving has another period
    assert info.value.message.key == "modes.not_periodic"
    with pytest.raises(EquilibriumError) as info:
        analyse(model, parameter_values(model), period=-1.0)
    assert info.value.message.key == "modes.period_value"


def test_a_driving_force_with_its_period_has_no_point_at_rest_at_every_instant():
    model = load_model(MODELS / "resorte_forzado.dat")
    p = parameter_values(model)
    with pytest.raises(EquilibriumError) as info:
        analyse(model, p, period=2 * math.pi / p["w"])
    assert info.value.message.key == "modes.none_driven"


def test_a_singular_mass_matrix_at_the_equilibrium_is_a_message():
    model = read_model("singular.dat", one_coordinate("m·x²", "½·m·x²·vx²", "½·x²", x0="1"))
    with pytest.raises(EquilibriumError) as info:
        analyse(model, parameter_values(model))
    assert info.value.message.key == "modes.singular_mass"


def test_starts_where_the_force_has_no_value_are_passed_over():
    model = read_model("log.dat", one_coordinate("m", "½·m·vx²", "x - log(x)", x0="2"))
    (e,) = analyse(model, parameter_values(model)).equilibria
    assert e.q.tolist() == pytest.approx([1.0], rel=1e-12) and e.kind == "stable"
    assert e.modes[0].rate == pytest.approx(1.0, rel=1e-8)  # Ep'' = 1/x² = 1 at x = 1


def test_a_force_with_no_value_anywhere_is_a_message_not_a_traceback():
    model = read_model("nan.dat", one_coordinate("m", "½·m·vx²", "sqrt(-1 - x²)"))
    with pytest.raises(EquilibriumError) as info:
        analyse(model, parameter_values(model))
    assert info.value.message.key == "modes.cannot_compute"


def test_equilibria_that_cross_a_contact_are_left_out():
    model = load_model(MODELS / "pendulo_pared.dat")
    a = analyse(model, parameter_values(model))
    assert all(e.q[0] != 0.0 for e in a.equilibria)  # hanging straight down, it would be in the wall
    model = load_model(MODELS / "pelota.dat")
    with pytest.raises(EquilibriumError):
        analyse(model, parameter_values(model))


def test_a_range_on_a_coordinates_row_is_where_the_search_looks():
    text = one_coordinate("m", "½·m·vx²", "sin(x)")
    far = 11 * math.pi / 2  # a minimum of sin, well outside the picture the search guesses without a range
    guessed = analyse(model := read_model("s.dat", text), parameter_values(model))
    assert all(abs(e.q[0] - far) > 1e-3 for e in guessed.equilibria)
    ranged = read_model("s.dat", text.replace("<CI>x|0|posición</CI>", "<CI>x|0|posición|range: 10:20</CI>"))
    found = analyse(ranged, parameter_values(ranged))
    near = [e for e in found.equilibria if abs(e.q[0] - far) < 1e-6]
    assert len(near) == 1 and near[0].kind == "stable" and near[0].modes[0].rate == pytest.approx(1.0, rel=1e-8)
    assert {round(e.q[0] / (math.pi / 2)) for e in found.equilibria} >= {7, 9, 11}


def test_a_period_given_overrides_the_files_periodo():
    with pytest.raises(EquilibriumError) as info:
        analysis_of(MODELS / "kapitza.dat", period=0.05)
    assert info.value.message.key == "modes.not_periodic"
    _, a = analysis_of(MODELS / "kapitza.dat", period=4 * math.pi / 100)  # two periods are a period too
    assert a.period == 4 * math.pi / 100 and [e.kind for e in a.equilibria] == ["driven-stable"] * 2
