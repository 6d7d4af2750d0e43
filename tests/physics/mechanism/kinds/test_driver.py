"""A motor's engine terms (game/physics/mechanism/kinds/driver.py) against their closed forms."""

import math

from mechanism_texts import everything_system, start_of, tree_value

from game.physics.mechanism.kinds import terms


def test_a_motor_turns_its_direction_to_its_angle_and_its_reaction_is_a_torque(write_model):
    s, by_id = everything_system(write_model)
    motor = by_id["motor"]  # O→A at −π/2 + 0.4·sin(2t)
    q, _ = start_of(s)
    assert terms(motor).drives and terms(motor).does_work(motor, s.parameters)
    phi = terms(motor).constraint(motor, s)
    theta = -math.pi / 2 + 0.4 * math.sin(2 * 0.3)
    i = s.index["A"]
    q[i:i + 2] = 0.5 * math.cos(theta), 0.5 * math.sin(theta)  # A along the angle at t = 0.3
    assert abs(tree_value(s, phi, q, t=0.3)) < 1e-12
    assert terms(motor).reaction(motor, s, q) == math.hypot(*q[i:i + 2])  # force × arm
    assert [s.constraints[k].element for k in s.drivers] == [motor]
