"""The Gibbs–Appell form's algebra (game/physics/equations.py): rows solved for the accelerations
they fix, a redundant row left out, long forms refused."""

from __future__ import annotations

from game.expr import evaluate, parse, to_text
from game.physics.equations import appell_form, solve_rows, written_size


def tree(text: str):
    return parse(text).tree


def test_a_row_is_solved_for_an_acceleration_with_a_constant_coefficient_first():
    # x·a_y is larger where the motion starts, but a_z's coefficient is a constant
    rows = [("n", tree("a_z - x*a_y - vx*vy"))]
    ((name, solved, row),) = solve_rows(rows, ("a_x", "a_y", "a_z"), {"x", "vx", "vy"}, {"x": 5.0, "vx": 1.0, "vy": 2.0})
    assert (name, row) == ("a_z", "n")
    assert evaluate(solved, {"x": 5.0, "vx": 1.0, "vy": 2.0, "a_y": 3.0}) == 17.0


def test_a_row_the_others_already_fix_is_left_out():
    rows = [("a", tree("a_x - a_y")), ("b", tree("2*a_x - 2*a_y"))]
    solved = solve_rows(rows, ("a_x", "a_y"), set(), {})
    assert [r for _, _, r in solved] == ["a"]


def test_gibbs_appell_of_a_rolling_disc():
    S = tree("0.5*m*a_x^2 + 0.5*I*a_th^2")
    forces = [tree("m*g*s"), tree("0")]
    form = appell_form(S, forces, [("roce", tree("a_x - r*a_th"))], ("a_x", "a_th"), {"x", "th"}, {"r": 0.5})
    assert form is not None
    assert [(n, to_text(t), r) for n, t, r in form.dependent] == [("a_x", "r*a_th", "roce")]
    (balance,) = form.balances
    env = {"m": 2.0, "I": 0.25, "r": 0.5, "g": 9.81, "s": 0.1}
    a_th = evaluate(balance.right, env) / sum(evaluate(c, env) for c, _ in balance.terms)
    assert abs(a_th * 0.5 - 9.81 * 0.1 / (1 + 0.25 / (2.0 * 0.25))) < 1e-12


def test_a_form_too_long_to_read_is_refused_and_sizes_count_shared_subtrees_each_time():
    shared = tree("(x+y)*(x+y)")
    assert written_size(shared, 100) == 7
    S = tree("0.5*a_x^2 + 0.5*a_y^2")
    rows = [("c", tree("x*a_x + y*a_y + vx^2 + vy^2"))]
    assert appell_form(S, [tree("0"), tree("-9.81")], rows, ("a_x", "a_y"), {"x", "y", "vx", "vy"},
                       {"x": 1.0, "y": -1.0, "vx": 0.0, "vy": 0.0}, largest=5) is None
