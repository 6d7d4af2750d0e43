"""What − and + do to a value in a kiosk's panels: round steps from the file's value, limits."""

from __future__ import annotations

import pytest

from game.app.files import paths
from game.app.session.stepping import (
    Stepper,
    condition_steppers,
    for_condition,
    for_parameter,
    parameter_steppers,
    round_step,
)
from game.model import load_model, read_catalog


@pytest.mark.parametrize(("size", "step"), [(0.981, 0.5), (0.1, 0.1), (0.157, 0.1), (0.29, 0.2), (4.0, 2.0),
                                            (0.002, 0.002), (7.3e-5, 5e-5)])
def test_a_round_step_is_one_two_or_five_times_a_power_of_ten(size, step):
    assert round_step(size) == pytest.approx(step, rel=1e-12)


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
