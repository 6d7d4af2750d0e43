"""A spring's engine terms (game/physics/mechanism/kinds/spring.py) against their closed forms."""

import math

from mechanism_texts import everything_system, start_of, tree_value

from game.expr import algebra as A
from game.physics.mechanism.kinds import terms


def test_a_spring_stores_its_energy_and_its_damper_pulls_against_its_rate(write_model):
    s, by_id = everything_system(write_model)
    spring = by_id["resorte"]  # S (fixed) to C, k 20, rest = the file's distance, damping 0.3
    q, v = start_of(s)
    i = s.index["C"]
    q[i] += 0.1
    d = math.dist(s.geometry["S"], s.where("C", q))
    rest = s.length("S", "C")
    assert abs(tree_value(s, terms(spring).potential(spring, s, 0.0), q) - 20 / 2 * (d - rest) ** 2) < 1e-12
    Q = [A.ZERO] * s.n
    terms(spring).forces(spring, s, Q)
    v[:] = 0.0
    v[i] = 1.0  # C moving in x: the damper's force is −c·ḋ along the spring
    (sx, sy), (cx, cy) = s.geometry["S"], s.where("C", q)
    ux, uy = (cx - sx) / d, (cy - sy) / d
    rate = ux * 1.0  # ḋ: C's velocity along the spring
    assert abs(tree_value(s, Q[i], q, v) + 0.3 * rate * ux) < 1e-12
    assert abs(tree_value(s, Q[i + 1], q, v) + 0.3 * rate * uy) < 1e-12
    assert terms(spring).does_work(spring, s.parameters) and terms(spring).grips(spring) == ("C",)
