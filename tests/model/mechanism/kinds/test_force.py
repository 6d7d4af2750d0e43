"""A FORCE row (game/model/mechanism/kinds/force.py): no id, components of the motion, on a free
point, named by its point when it fails."""

from mechanism_texts import read_rows

from game.model.mechanism import KINDS, OF_MOTION
from game.model.mechanism.kinds import Force


def test_a_force_has_no_id_and_is_named_by_its_point():
    rows, found = read_rows(("FORCE", "B", "'-0.2·B_vx'", "'0.05·B_x'"), ("FORCE", "B", "1"))
    assert KINDS["FORCE"] is Force and len(found) == 1 and "3 cells" in found[0]
    (f,) = rows.elements
    assert (f.id, f.points, f.label, f.cited) == ("", ("B",), "FORCE", "FORCE B")
    assert {f.cell(name).holds for name in ("Fx", "Fy")} == {OF_MOTION} and not f.constrains


def test_a_force_on_a_fixed_point_does_nothing():
    rows, _ = read_rows(("FORCE", "O", "1", "0"))
    assert rows.elements[0].joins({"B"}).key == "mechanism.force_on_fixed"
    assert rows.elements[0].joins({"O"}) is None
