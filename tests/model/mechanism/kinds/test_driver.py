"""A DRIVER row (game/model/mechanism/kinds/driver.py): a motor's angle, a function of t, turning
a direction that must join a free point and have a length."""

from mechanism_texts import read_rows, where_points

from game.model.mechanism import KINDS, OF_TIME
from game.model.mechanism.kinds import Driver


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
