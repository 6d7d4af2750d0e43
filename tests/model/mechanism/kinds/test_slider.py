"""A SLIDER row (game/model/mechanism/kinds/slider.py): a point kept on the line through two others,
which must be two places, neither of them the sliding point."""

from mechanism_texts import read_rows, where_points

from game.model.mechanism import KINDS, POINT_CELLS
from game.model.mechanism.kinds import Slider


def test_a_slider_names_three_points_and_is_a_constraint():
    rows, found = read_rows(("SLIDER", "s", "C", "A", "B"), ("SLIDER", "t", "C", "A"))
    assert KINDS["SLIDER"] is Slider and len(found) == 1 and "4 cells" in found[0]
    (s,) = rows.elements
    assert (s.label, s.points, s.values, s.constrains) == ("SLIDER s", ("C", "A", "B"), (), True)
    assert {"P", "A", "B"} <= set(POINT_CELLS)


def test_a_slider_needs_a_line_that_is_not_its_own_point():
    rows, _ = read_rows(("SLIDER", "s", "C", "A", "A"), ("SLIDER", "t", "A", "A", "B"), ("SLIDER", "u", "C", "A", "B"))
    same, own, good = rows.elements
    assert same.joins(set()).key == "mechanism.slider_same_points"
    assert own.joins(set()).key == "mechanism.slider_own_line"
    assert good.joins(set()) is None
    assert good.degenerate(*where_points(C=(0.0, 1.0), A=(2.0, 0.0), B=(2.0, 1e-12))).key == "mechanism.slider_no_line"
    assert good.degenerate(*where_points(C=(0.0, 1.0), A=(2.0, 0.0), B=(3.0, 0.0))) is None
