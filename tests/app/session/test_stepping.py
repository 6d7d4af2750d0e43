"""What − and + do to a value in a kiosk's panels: round steps from the file's value, limits."""

from __future__ import annotations

import math

import pytest

from game.app.files import paths
from game.app.session.stepping import (
    LOG_GRID,
    Stepper,
    condition_steppers,
    for_condition,
    for_parameter,
    parameter_steppers,
    spanning,
)
from game.model import load_model, read_catalog


def test_a_parameter_keeps_its_sign_and_goes_to_ten_times_its_value():
    assert for_parameter(9.81) == Stepper(0.5, 0.5, 98.5)
    assert for_parameter(1.0) == Stepper(0.1, 0.1, 10.0)
    assert for_parameter(-2.0) == Stepper(0.2, -20.0, -0.2)
    assert for_parameter(0.0) == Stepper(0.1, 0.0, 1.0)  # a friction or gravity switched off


def test_a_condition_goes_either_way():
    s = for_condition(1.5707963267948966)  # π/2
    assert s.step == 0.1 and s.low == pytest.approx(-1.5708, abs=1e-4) and s.high == pytest.approx(4.7124, abs=1e-4)
    assert for_condition(0.0) == Stepper(0.1, -2.0, 2.0)


def test_a_press_lands_on_the_grid_of_steps_and_stops_at_the_limits():
    s = Stepper(0.1, 0.1, 10.0)
    assert s.moved(1.5707963, 1) == 1.6 and s.moved(1.5707963, -1) == 1.5
    assert s.moved(1.0, 1) == 1.1 and s.moved(1.1, -1) == 1.0  # no float crumbs: 1.1, not 1.1000000000000001
    assert s.moved(0.1, -1) == 0.1 and s.moved(10.0, 1) == 10.0  # at a limit: the same value
    assert s.moved(9.95, 1) == 10.0 and s.text(1.0) == "1" and s.text(1.5707963267948966) == "1.5708"


def test_round_off_is_shown_as_zero_on_the_steps_scale():
    s = for_condition(0.0)  # a velocity, stepping by 0.1
    assert s.text(-8.97243e-110) == "0" and s.text(-0.0) == "0" and s.text(1e-6) == "1e-06"
    assert for_parameter(1e-20).text(1.3e-20) == "1.3e-20"  # a small parameter is its own scale


def test_parameters_made_of_others_are_not_stepped():
    model = load_model(read_catalog(paths.CATALOG, paths.MODELS).find("pendulo_triple").path)
    steps = parameter_steppers(model)
    assert "m123" not in steps and "m23" not in steps and {"g", "m1", "l1"} <= set(steps)
    assert set(condition_steppers(model)) == {c.name for c in model.conditions}


def test_an_angle_steps_in_degrees_within_one_turn_and_its_rate_in_degrees_per_second():
    from game.app.session.stepping import DEGREES, shown_values

    model = load_model(paths.MODELS / "pendulo_doble.dat")
    steps = condition_steppers(model)
    assert steps["a1"] == Stepper(5.0, -180.0, 180.0, DEGREES, "°")
    assert steps["va1"].unit == "°/s" and steps["va1"].step == 5.0
    assert steps["a1"].shown(1.5707963267948966) == "90°" and steps["a1"].text(steps["a1"].moved(1.5707963267948966, 1)) \
        == repr(95 / DEGREES)
    assert shown_values(model, {"a1": -16.78, "va1": -16.78})["a1"] == pytest.approx(-16.78 + 6 * 3.141592653589793)
    assert shown_values(model, {"a1": -16.78, "va1": -16.78})["va1"] == -16.78  # a rate is not wrapped


def test_a_range_and_a_unit_from_the_file_are_the_steppers(tmp_path):
    text = (paths.MODELS / "pendulo_doble.dat").read_text(encoding="utf-8")
    text = text.replace("<P>M|1|masa de la bola superior|", "<P>M|1|masa de la bola superior|unit: kg|range: 0.5:2·m|")
    text = text.replace("superior con la vertical|", "superior con la vertical|range: -pi/4:pi/4|")
    (tmp_path / "m.dat").write_text(text, encoding="utf-8")
    model = load_model(tmp_path / "m.dat")
    m = parameter_steppers(model)["M"]
    assert (m.step, m.low, m.high, m.unit) == (0.01, 0.5, 2.0, "kg") and m.shown(1.0) == "1 kg"
    assert condition_steppers(model)["a1"].low == pytest.approx(-45.0) and condition_steppers(model)["a1"].step == 0.5  # a hundredth of 90°, rounded


def test_a_desktop_slider_keeps_angles_in_radians_with_their_unit():
    model = load_model(paths.MODELS / "pendulo_doble.dat")
    steps = condition_steppers(model, degrees=False)
    a1, va1 = steps["a1"], steps["va1"]
    assert (a1.unit, va1.unit, a1.scale) == ("rad", "rad/s", 1.0)
    assert (a1.low, a1.high, a1.step) == pytest.approx((-math.pi, math.pi, math.pi / 36))
    assert a1.shown(0.785398) == "0.785398 rad"
    assert condition_steppers(model)["a1"].unit == "°"  # the kiosk's, as before


def test_a_slider_span_holds_its_value():
    model = load_model(paths.MODELS / "pendulo_doble.dat")
    a1 = condition_steppers(model, degrees=False)["a1"]
    assert spanning(a1, 1.0) is a1
    wound = spanning(a1, -16.78)  # three turns round: the turn it is in, on the same 5° grid
    assert wound.low <= -16.78 <= wound.high and wound.high - wound.low == pytest.approx(2 * math.pi)
    assert (wound.low - a1.low) / (2 * math.pi) == pytest.approx(round((wound.low - a1.low) / (2 * math.pi)))
    m = parameter_steppers(model)["m"]
    assert (spanning(m, 50.0).low, spanning(m, 50.0).high) == (m.low, 50.0)  # typed beyond it: stretched
    assert spanning(m, 0.0).low == 0.0


# -- a slider's scale (issue 34: logarithmic where the span covers decades) -------------------------

@pytest.mark.parametrize(("span", "logarithmic"), [
    (Stepper(0.1, 0.1, 1000.0), True),     # k from 0.1 to 1000
    (Stepper(0.001, 0.01, 100.0), True),   # a mass from 0.01 to 100
    (for_parameter(1.0), True),            # a tenth to ten times: two decades
    (Stepper(0.01, 0.5, 2.0), False),      # within a decade
    (Stepper(0.1, 1.0, 10.0), False),      # exactly a decade
    (Stepper(0.1, 0.0, 1.0), False),       # a range holding 0
    (Stepper(0.2, -20.0, -0.2), False),    # negative
    (Stepper(math.pi / 36, -math.pi, math.pi, 1.0, "rad"), False),  # an angle
])
def test_a_slider_is_logarithmic_over_a_positive_span_of_more_than_a_decade(span, logarithmic):
    assert span.logarithmic is logarithmic


def test_a_logarithmic_slider_has_the_present_value_in_the_middle_and_small_values_within_reach():
    s = for_parameter(10.0)  # k = 10: from 1 to 100
    low, high = s.position(s.low), s.position(s.high)
    assert (s.position(10.0) - low) / (high - low) == pytest.approx(0.5)
    k = Stepper(0.1, 0.1, 1000.0)  # a file's range: 0.1 to 1000
    share = (k.position(1.0) - k.position(0.1)) / (k.position(1000.0) - k.position(0.1))
    assert share == pytest.approx(0.25)  # 0.1 to 1 is a quarter of the slider (linear: 0.09 %)


@pytest.mark.parametrize("span", [Stepper(0.1, 0.1, 1000.0), Stepper(0.001, 0.01, 100.0), for_parameter(9.81),
                                  Stepper(0.5, 0.5, 98.5), Stepper(0.01, 0.5, 2.0), for_condition(1.0)])
def test_value_to_position_to_value_comes_back_within_the_sliders_grid(span):
    lo, hi = span.position(span.low), span.position(span.high)
    for k in range(201):  # every position along the slider, a two-hundredth apart
        position = lo + (hi - lo) * k / 200
        value = span.at(position)
        snapped = span.snapped(value)
        # the value shown is on the grid, half a step from the slider's own value at most (a
        # logarithmic grid's step is at most 2 % of the value)
        step = span.step if not span.logarithmic else value * LOG_GRID
        assert abs(snapped - value) <= step / 2 * (1 + 1e-9)
        assert span.snapped(snapped) == pytest.approx(snapped, rel=1e-12)  # the grid's values stay put
        # and back: the slider set to the value shown stands where it was, within the grid
        assert span.at(span.position(snapped)) == pytest.approx(snapped, rel=1e-12)
        assert abs(span.position(snapped) - position) <= (math.log10(1.01) if span.logarithmic else step / 2) + 1e-12


def test_a_logarithmic_grid_is_as_fine_at_a_tenth_as_at_a_hundred():
    s = Stepper(0.1, 0.1, 1000.0)
    assert s.snapped(0.1234) == pytest.approx(0.124)
    assert s.snapped(1.234) == pytest.approx(1.24)
    assert s.snapped(123.4) == pytest.approx(124.0)
    assert Stepper(0.1, 0.0, 1.0).snapped(0.1234) == pytest.approx(0.1)  # linear: the span's step
