"""The CONSTRAINTS block (SPEC §7.8): rows read as written; every mistake, and every set of rows
no motion can keep, said with file:line:column of its row (never a traceback or a hang)."""

from __future__ import annotations

import pytest
from model_texts import one_coordinate

from game.app.files.opening import model_problems
from game.model import read_model, validate

PARAMS = "<P>m|1|masa</P><P>r|0.5|radio</P>"


def disc(rows: str) -> str:
    """x and, as the only other coordinate of T, nothing: a one-coordinate model has too few; so
    two coordinates (x, th) by hand."""
    text = one_coordinate("m", "½·m·vx² + ½·m·w²", "0", params=PARAMS, v0="1",
                          extra=f"<CONSTRAINTS>\n{rows}\n</CONSTRAINTS>")
    text = text.replace("nQ=1", "nQ=2").replace("<CI>vx|1|velocidad</CI>",
                                                 "<CI>th|0|giro</CI>\n<CI>vx|1|velocidad</CI>\n<CI>w|0|giro</CI>")
    return text.replace("<T>0,0|'m'</T>", "<T>0,0|'m'</T>\n<T>1,1|'m'</T>")


def said(write_model, rows: str) -> list[str]:
    path = write_model(disc(rows))
    _, found = model_problems(path)
    return [str(p).replace(str(path), "") for p in found]


def test_rows_are_read_as_written(write_model):
    model = read_model(write_model(disc("<C>a|'x - r·th'|rueda|en: rolls</C>\n<V>b|'vx - r·w'|sin deslizar</V>")))
    a, b = model.constraints
    assert (a.id, a.kind, a.value.text, a.description, a.translations) == ("a", "C", "'x - r·th'", "rueda",
                                                                             (("en", "rolls"),))
    assert (b.id, b.kind, b.holonomic, (b.location.line, b.location.column)) == ("b", "V", False, (28, 4))
    assert validate(model) == []


@pytest.mark.parametrize("rows, expected", [
    ("<V>k|'vx² - r·w'|no</V>", ":27:7: a <V> constraint must be linear in the velocities"),
    ("<V>k|'vx·w'|no</V>", ":27:7: a <V> constraint must be linear in the velocities"),
    ("<C>k|'x + vx'|no</C>", ":27:11: unknown name 'vx' (a <C> constraint may use parameters, coordinates and t"),
    ("<C>k|'x + q'|no</C>", ":27:11: unknown name 'q'"),
    ("<C>k|'x'|a|b</C>", ":27:1: a constraint row <C> has the cells"),
    ("<C>k</C>", ":27:1: a constraint row <C> has the cells"),
    ("<C>k|'x'|a</C><C>k|'th'|b</C>", ":27:18: 'k' is defined twice"),
    ("<C>k|'x^2 + 1'|no</C>", ":27:4: no state near the initial conditions satisfies constraint 'k'"),
    ("<C>a|'x - 1'|a</C><C>b|'x - 2'|b</C>", ":27:4: no state near the initial conditions satisfies constraint 'a'"),
    ("<C>a|'x - r·th'|a</C><V>b|'vx - r·w - 1'|b</V>", ":27:4: the constraints cannot all hold with these velocities: 'a' is left at 0.5"),
    ("<C>a|'x - log(-1)'|a</C>", ":27:4: constraint 'a' has no value here"),
    ("<C>a|'x - 0/0'|a</C>", ":27:4: constraint 'a' has no value here"),
    ("<V>a|'vx - sqrt(-1)·w'|a</V>", ":27:4: constraint 'a' has no value here"),
    ("<C>a|'x^2 + th^2'|25.29</C>", ":27:4: constraint 'a' is singular where it holds: its gradient vanishes there, "
                                   "so the constraints have rank 0 where 1 rows are stated"),
    ("<V>a|'vx - r·w'|a</V><C>b|'(x - r·th)^2'|b</C>", ":27:25: constraint 'b' is singular where it holds"),
])
def test_each_mistake_is_said_at_its_row(write_model, rows, expected):
    found = said(write_model, rows)
    assert len(found) == 1 and found[0].startswith(expected), found


def test_a_multiplier_column_is_not_a_measure_already(write_model):
    text = disc("<C>k|'x'|a</C>") + "<MEASURES><M>λ_k|'x'|m</M></MEASURES>"
    found = [str(p) for p in validate(read_model(write_model(text)))]
    assert len(found) == 1 and ":27:4: 'λ_k' cannot name a constraint's multiplier" in found[0]


def test_a_model_with_constraints_may_have_contacts(write_model):
    text = disc("<C>a|'x - r·th'|a</C>") + "<CONTACTS><K>s|'x + 5'|'1'|'0'|'0'|suelo</K></CONTACTS>"
    assert validate(read_model(write_model(text))) == []
