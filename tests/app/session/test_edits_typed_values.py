"""What is shown can be typed back (issue 9 item 9): numbers the panels show as 1e-07 are
accepted in the Parameters and Conditions panels, as they are in --set and model files."""

from __future__ import annotations

import pytest
from sim_helpers import simulation

from game.app.session.edits import ConditionEdits, ParameterEdits
from game.app.session.readout import number
from game.expr import evaluate, parse
from game.messages import set_language


@pytest.mark.parametrize("value", [1e-7, -2.5e-12, 3.14159e21, 6.02214e23, 1e-300, 123456789.0])
def test_every_number_shown_parses_back_to_itself(value):
    shown = number(value)
    assert "e" in shown or value == 123456789.0
    assert evaluate(parse(shown).tree, {}) == float(shown)


def test_panels_accept_exponents():
    sim = simulation("pendulo_simple")
    conditions = ConditionEdits(sim)
    shown = number(1e-7)
    assert conditions.check("a", shown) is None
    assert conditions.accept({"a": shown, "va": "-2.5E-3"}) is None
    assert sim.q[0] == 1e-7 and sim.qdot[0] == pytest.approx(-2.5e-3)
    parameters = ParameterEdits(sim)
    assert parameters.check("l", "1.5e0") is None
    assert parameters.accept({"l": "1.5e0"}) is None
    assert sim.parameters["l"] == 1.5
    # still refused: what is not a number
    assert "missing operator" in (conditions.check("a", "1e-7x") or "")


def test_a_refused_name_is_explained_in_the_language_of_the_moment(spanish):
    sim = simulation("pendulo_simple")
    conditions, parameters = ConditionEdits(sim), ParameterEdits(sim)
    assert conditions.check("a", "foo") == "nombre desconocido 'foo' (el valor de una condición puede usar los parámetros)"
    assert parameters.check("dt", "foo") == "nombre desconocido 'foo' (dt y N son números)"
    assert parameters.check("N", "foo") == "nombre desconocido 'foo' (dt y N son números)"
    set_language("en")
    assert conditions.check("a", "foo") == "unknown name 'foo' (a condition value may use the parameters)"
    assert parameters.check("dt", "foo") == "unknown name 'foo' (dt and N are numbers)"
