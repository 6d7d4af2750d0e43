"""The <MEASURES> block (SPEC §7.4): read, checked like every expression, with file, line and column."""

from __future__ import annotations

import pytest
from model_texts import SLIDING

from game.model import ModelFileError, load_model, read_model

MEASURES = """<MEASURES>
<M>px|'(M+m)·vx + m·l·cos(a)·va'|momento lineal horizontal</M>
<M>h|'-l·cos(a)'</M>
</MEASURES>
"""


def with_measures(block: str) -> str:
    return SLIDING.replace("</ENERGIES>\n", "</ENERGIES>\n" + block)


def test_measures_are_read_in_order_with_their_descriptions(write_model):
    m = load_model(write_model(with_measures(MEASURES)))
    assert [(x.name, x.description) for x in m.measures] == [("px", "momento lineal horizontal"), ("h", "")]
    assert m.measures[0].value.text == "'(M+m)·vx + m·l·cos(a)·va'"
    assert m.measures[1].location.line == SLIDING.count("\n", 0, SLIDING.index("</ENERGIES>")) + 4


def test_a_model_without_measures_has_none(write_model):
    assert read_model(write_model(SLIDING)).measures == ()


def problems(write_model, block: str) -> list[str]:
    with pytest.raises(ModelFileError) as info:
        load_model(write_model(with_measures(block)))
    return [str(p) for p in info.value.problems]


def test_an_unknown_name_is_located(write_model):
    (only,) = problems(write_model, "<MEASURES>\n<M>px|'M·vx + mm·va'|x</M>\n</MEASURES>\n")
    line = SLIDING.count("\n", 0, SLIDING.index("</ENERGIES>")) + 3
    assert only.endswith(f"m.dat:{line}:15: unknown name 'mm' (a measure may use parameters, coordinates, "
                         "velocities and t) — did you mean 'm'?")


def test_names_that_are_taken_are_refused(write_model):
    block = ("<MEASURES>\n<M>l|'l'|a parameter</M>\n<M>E|'Ek'|a column</M>\n<M>sin|'1'|reserved</M>\n"
             "<M>k|'x'</M>\n<M>k|'a'</M>\n</MEASURES>\n")
    found = problems(write_model, block)
    assert any("'l' is already a parameter or a condition" in p for p in found)
    assert any("'E' cannot name a measure" in p for p in found)
    assert any("'sin' cannot name a measure" in p for p in found)
    assert any("measure 'k' is defined twice" in p for p in found)
    # E is not a name a measure can read either: Ek is not a variable of the model
    assert any("unknown name 'Ek'" in p for p in found)


def test_a_row_with_the_wrong_number_of_cells(write_model):
    (only,) = problems(write_model, "<MEASURES>\n<M>px</M>\n</MEASURES>\n")
    assert "a measure row has 3 cells, name|'expression'|description (found 1)" in only


def test_a_syntax_error_in_a_measure_points_at_the_character(write_model):
    (only,) = problems(write_model, "<MEASURES>\n<M>px|'M·vx +'|x</M>\n</MEASURES>\n")
    line = SLIDING.count("\n", 0, SLIDING.index("</ENERGIES>")) + 3
    assert only.endswith(f"m.dat:{line}:14: the expression ends where a value was expected")


def test_an_M_row_outside_its_block(write_model):
    text = SLIDING.replace("</ENERGIES>\n", "</ENERGIES>\n<PARAMETERS>\n<M>px|'vx'|x</M>\n</PARAMETERS>\n")
    with pytest.raises(ModelFileError, match="<M> row inside <PARAMETERS>"):
        read_model(write_model(text))


def test_measure_messages_in_spanish(write_model):
    from game.messages import set_language

    block = "<MEASURES>\n<M>l|'l'|a parameter</M>\n<M>k|'xx'</M>\n</MEASURES>\n"
    with pytest.raises(ModelFileError) as info:
        load_model(write_model(with_measures(block)))
    set_language("es")
    try:
        found = [str(p) for p in info.value.problems]
    finally:
        set_language("en")
    assert any("'l' ya es un parámetro o una condición; dé otro nombre a la medida" in p for p in found)
    assert any("(una medida puede usar parámetros, coordenadas, velocidades y t)" in p for p in found)
