"""A SPRING row (game/model/mechanism/kinds/spring.py): its stiffness, its natural length and damping
left out, what it adds to Ep."""

from mechanism_texts import read_rows

from game.messages import text
from game.model.mechanism import KINDS, layout
from game.model.mechanism.kinds import Spring


def test_a_spring_reads_its_cells_and_says_its_energy():
    rows, found = read_rows(("SPRING", "r", "S", "C", "k", "''", "0.3"), ("SPRING", "q", "S", "C"))
    assert KINDS["SPRING"] is Spring and len(found) == 1 and "4 to 6" in found[0]
    (r,) = rows.elements
    assert (r.value("k").text, r.value("length"), r.value("damping").text) == ("k", None, "0.3")
    assert not r.constrains and r.energy == "Σ ½·k·(d − L)²"
    assert text(r.word("length"), "en") == "the length" and text(layout("SPRING"), "en") == "id|P1|P2|k|length|damping"


def test_a_spring_joins_two_points():
    rows, _ = read_rows(("SPRING", "r", "S", "S", "1"))
    assert rows.elements[0].joins({"S"}).key == "mechanism.joins_itself"
