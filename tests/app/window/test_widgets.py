"""How a live panel's lines are cut to the room it has (game/app/window/widgets.py)."""

from __future__ import annotations

from game.app.window.widgets import fitted

#: three expression lines, then three numbers
LINES = ["Ek = ½·m·v²", "Ep = m·g·y", "W = …", "Ek = 1", "Ep = 2", "E = 3"]
NUMBERS = ["Ek = 1", "Ep = 2", "E = 3"]


def test_everything_when_there_is_room():
    assert fitted(LINES, 3, 6) == (LINES, 3)


def test_the_numbers_stay_and_the_expressions_that_do_not_fit_end_in_an_ellipsis():
    assert fitted(LINES, 3, 5) == (["Ek = ½·m·v²", "…", *NUMBERS], 2)


def test_no_lone_ellipsis_when_no_expression_fits():
    assert fitted(LINES, 3, 4) == (NUMBERS, 0)
    assert fitted(LINES, 3, 2) == (NUMBERS[:2], 0)
