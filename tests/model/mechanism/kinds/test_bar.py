"""A BAR row (game/model/mechanism/kinds/bar.py): its cells, and a bar that joins a point to itself
or has no length."""

from mechanism_texts import read_rows, where_points

from game.messages import text
from game.model.mechanism import KINDS, layout
from game.model.mechanism.kinds import Bar


def test_a_bar_reads_its_points_and_leaves_its_optional_cells_empty():
    rows, found = read_rows(("BAR", "b", "O", "P", "2", "''"), ("BAR", "c", "P", "Q", "1", "0.3", "0.05"))
    assert not found and KINDS["BAR"] is Bar
    b, c = rows.elements
    assert isinstance(b, Bar) and (b.label, b.points, b.value("inertia"), b.value("width")) == (
        "BAR b", ("O", "P"), None, None)
    assert c.value("width").text == "0.05" and b.constrains
    assert text(layout("BAR"), "es") == "id|P1|P2|masa|inercia|ancho"


def test_a_bar_needs_two_points_and_a_length():
    rows, found = read_rows(("BAR", "b", "O", "O"), ("BAR", "c", "O"))
    assert len(found) == 1 and "3 to 6" in found[0]  # BAR c: too few cells
    (b,) = rows.elements
    wrong = b.joins({"O"})
    assert wrong is not None and wrong.key == "mechanism.joins_itself" and wrong.location.column == 30
    near = where_points(O=(0.0, 0.0), Q=(1.0, 0.0))
    assert b.degenerate(*near).key == "mechanism.zero_length"
    rows, _ = read_rows(("BAR", "d", "O", "Q"))
    assert rows.elements[0].degenerate(*near) is None and rows.elements[0].joins(set()) is None
