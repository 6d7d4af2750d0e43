"""A MASS row (game/model/mechanism/kinds/mass.py): a point mass, its radius left out, its mass
never negative."""

from mechanism_texts import mechanism, read_rows

from game.model import ModelFileError, load_model
from game.model.mechanism import KINDS
from game.model.mechanism.kinds import Mass


def test_a_mass_is_on_one_point_and_its_radius_may_be_left_out():
    rows, found = read_rows(("MASS", "m", "P", "'2·M'"), ("MASS", "n", "P"))
    assert KINDS["MASS"] is Mass and len(found) == 1 and "3 to 4" in found[0]
    (m,) = rows.elements
    assert (m.points, m.value("mass").text, m.value("radius")) == (("P",), "'2·M'", None)
    assert not m.constrains and m.energy is None and m.joins(set()) is None
    assert [c.name for c in Mass.cells if c.non_negative] == ["mass", "radius"]


def test_a_negative_mass_is_refused_at_its_cell(write_model):
    rows = "<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0</POINT>\n<BAR>b|O|P</BAR>\n<MASS>m|P|-1</MASS>"
    try:
        load_model(write_model(mechanism(rows)))
    except ModelFileError as exc:
        assert [p.key for p in exc.problems] == ["mechanism.negative"]
    else:
        raise AssertionError("a negative mass was read")
