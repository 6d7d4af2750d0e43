"""A POINT row (game/model/mechanism/kinds/point.py): where a point starts, how fast, fixed or free."""

from mechanism_texts import read_rows

from game.model.mechanism import KINDS
from game.model.mechanism.kinds import Point


def test_a_point_is_read_with_its_velocity_left_out_or_empty():
    rows, found = read_rows(("POINT", "O", "0", "1", "0", "0", "1"), ("POINT", "P", "1", "'L'"),
                            ("POINT", "Q", "2", "0", "''", "0.5"))
    assert not found and KINDS["POINT"] is Point
    o, p, q = rows.points
    assert (o.id, o.fixed, p.fixed, p.vx, q.vx, q.vy is not None) == ("O", True, False, None, None, True)
    assert p.y.text == "'L'" and rows.free == 2  # the reader bounds the free points as they come


def test_fixed_is_a_flag_and_a_bad_name_is_said_at_its_cell():
    rows, found = read_rows(("POINT", "O", "0", "0", "0", "0", "2"), ("POINT", "1P", "0", "0"))
    assert not rows.points
    assert found[0].startswith("2:60 ") and "'2'" in found[0]
    assert found[1].startswith("3:10 ") and "point" in found[1]
