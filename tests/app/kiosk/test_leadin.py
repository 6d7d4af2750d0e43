"""A show's lead-in: steps until a body is seen moving, and no more."""

from __future__ import annotations

import numpy as np

from game.app.kiosk.leadin import MOST, SPEED, lead_in, points
from game.model.poses import BallPose, BarPose


def falling(start_speed: float, accel: float, dt: float = 0.02):
    """A point falling from (0, 0): speed ``start_speed + accel·t`` (units/s)."""
    state = {"t": 0.0}

    def step() -> bool:
        state["t"] += dt
        return True

    def where() -> np.ndarray:
        t = state["t"]
        return np.array([[0.0, -(start_speed * t + accel * t * t / 2)]])

    return step, where, state


def test_a_body_at_rest_is_run_until_it_moves_fast_enough_to_be_seen():
    step, where, state = falling(0.0, 1.0)  # 1 unit/s²; at 100 px a unit, SPEED px/s at SPEED/100 s
    steps = lead_in(step, where, 0.02, 100.0)
    speed_then = state["t"] - 0.01  # the speed over the last step (its midpoint), units/s
    assert speed_then * 100 >= SPEED > (speed_then - 0.02) * 100  # the first step that fast, not later
    assert steps == round(state["t"] / 0.02)


def test_a_body_already_moving_takes_one_step_and_a_still_one_stops_at_the_most():
    step, where, state = falling(10.0, 0.0)
    assert lead_in(step, where, 0.02, 100.0) == 1
    step, where, state = falling(0.0, 0.0)
    assert lead_in(step, where, 0.02, 100.0) == int(MOST / 0.02)
    assert abs(state["t"] - MOST) < 1e-9  # a body that never moves: at most MOST seconds
    failing = iter([True, False])
    assert lead_in(lambda: next(failing), lambda: np.zeros((1, 2)), 0.02, 100.0) == 1  # the run failed


def test_points_are_every_ball_and_each_end_of_a_bar():
    poses = [BallPose("b", 1.0, 2.0, 0.1, 0.0, 0.0, True, True),
             BarPose("r", 0.0, 0.0, 3.0, 4.0, 0.05, 0.0, 0.0, 0.0, 0.0, True)]
    assert points(poses).tolist() == [[1.0, 2.0], [0.0, 0.0], [3.0, 4.0]]
    assert points([]).shape == (0, 2)


def test_each_pose_names_the_points_that_show_it_moving():
    from game.model.poses import BlockPose, JointPose, RailPose, SpringPose

    assert BlockPose("k", 1.0, 2.0, 0.5, 0.3, 0.4, 0.0, 0.0, True).anchors() == ((1.0, 2.0),)
    assert SpringPose("s", 0.0, 1.0, 2.0, 3.0, 0.1, 1.0).anchors() == ((0.0, 1.0), (2.0, 3.0))
    # a mechanism's pins and guides move with its bars and masses, which show it
    assert JointPose("P", 1.0, 1.0, 0.0, 0.0, True).anchors() == ()
    assert RailPose("g", 0.0, 0.0, 1.0, 0.0, 0.5, 0.0, True).anchors() == ()


def test_the_lead_in_is_bounded_by_work_not_by_the_models_seconds():
    # a model of N/dt = 10⁶ (dt = 0.001, N = 1000, 8 µs a substep: 8 ms a step) ran MOST seconds
    # ahead, 4,000 steps, 30 s in one frame: now the steps stay within WORK of counted work
    from game.app.kiosk.leadin import WORK

    step, where, _ = falling(0.0, 0.0, dt=0.001)
    steps = lead_in(step, where, 0.001, 100.0, step_cost=8 * 1000)
    assert steps == WORK // 8000 and steps * 8000 <= WORK
    step, where, _ = falling(0.0, 0.0)  # a light model: still MOST seconds at most
    assert lead_in(step, where, 0.02, 100.0, step_cost=8 * 20) == int(MOST / 0.02)
