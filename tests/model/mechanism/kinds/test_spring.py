"""A SPRING row (game/model/mechanism/kinds/spring.py): its stiffness, its natural length and damping
left out, what it adds to Ep.

Its terms against their closed forms: its energy, its damper along it, its handle."""

import math

from mechanism_texts import everything_system, read_rows, start_of, tree_value

from game.expr import algebra as A
from game.messages import text
from game.model.mechanism import KINDS, layout
from game.model.mechanism.kinds.spring import Spring


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


def test_a_spring_stores_its_energy_and_its_damper_pulls_against_its_rate(write_model):
    s, by_id = everything_system(write_model)
    spring = by_id["resorte"]  # S (fixed) to C, k 20, rest = the file's distance, damping 0.3
    q, v = start_of(s)
    i = s.index["C"]
    q[i] += 0.1
    d = math.dist(s.geometry["S"], s.where("C", q))
    rest = s.length("S", "C")
    assert abs(tree_value(s, spring.potential(s, 0.0), q) - 20 / 2 * (d - rest) ** 2) < 1e-12
    Q = [A.ZERO] * s.n
    spring.forces(s, Q)
    v[:] = 0.0
    v[i] = 1.0  # C moving in x: the damper's force is −c·ḋ along the spring
    (sx, sy), (cx, cy) = s.geometry["S"], s.where("C", q)
    ux, uy = (cx - sx) / d, (cy - sy) / d
    rate = ux * 1.0  # ḋ: C's velocity along the spring
    assert abs(tree_value(s, Q[i], q, v) + 0.3 * rate * ux) < 1e-12
    assert abs(tree_value(s, Q[i + 1], q, v) + 0.3 * rate * uy) < 1e-12
    assert spring.does_work(s.parameters) and spring.grips() == ("C",)
