"""A DRIVER row (game/model/mechanism/kinds/driver.py): a motor's angle, a function of t, turning
a direction that must join a free point and have a length.

Its terms against their closed forms: the direction turned to its angle, its torque as the reaction."""

import math

from mechanism_texts import everything_system, read_rows, start_of, tree_value, where_points

from game.model.mechanism import KINDS, OF_TIME
from game.model.mechanism.kinds.driver import Driver


def test_a_driver_reads_an_angle_of_time():
    rows, found = read_rows(("DRIVER", "motor", "O", "A", "'2·t'"), ("DRIVER", "m", "O", "A", "t"), ("DRIVER", "x", "O", "A"))
    assert KINDS["DRIVER"] is Driver and len(found) == 1 and "4 cells" in found[0]
    motor, m = rows.elements
    assert motor.cell("angle").holds == OF_TIME and motor.constrains and m.value("angle").text == "t"


def test_a_driver_turns_a_free_point_about_another_place():
    rows, _ = read_rows(("DRIVER", "d", "O", "A", "t"), ("DRIVER", "e", "O", "O", "t"))
    d, e = rows.elements
    assert d.joins({"B"}).key == "mechanism.driver_fixed" and d.joins({"A"}) is None
    assert e.joins({"O"}).key == "mechanism.joins_itself"
    assert d.degenerate(*where_points(O=(1.0, 1.0), A=(1.0, 1.0))).key == "mechanism.driver_no_direction"


def test_a_motor_turns_its_direction_to_its_angle_and_its_reaction_is_a_torque(write_model):
    s, by_id = everything_system(write_model)
    motor = by_id["motor"]  # O→A at −π/2 + 0.4·sin(2t)
    q, _ = start_of(s)
    assert motor.drives and motor.does_work(s.parameters)
    phi = motor.constraint(s)
    theta = -math.pi / 2 + 0.4 * math.sin(2 * 0.3)
    i = s.index["A"]
    q[i:i + 2] = 0.5 * math.cos(theta), 0.5 * math.sin(theta)  # A along the angle at t = 0.3
    assert abs(tree_value(s, phi, q, t=0.3)) < 1e-12
    assert motor.reaction(s, q) == math.hypot(*q[i:i + 2])  # force × arm
    assert [s.constraints[k].element for k in s.drivers] == [motor]
