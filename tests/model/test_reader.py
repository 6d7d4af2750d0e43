"""Reading model files: every block, every separator, every encoding detail, and
problems named with file, line and column."""

from __future__ import annotations

import pytest
from model_texts import SLIDING

from game.model import ModelFileError, load_model, read_model


def test_the_spec_example_reads_completely(write_model):
    m = read_model(write_model(SLIDING))
    g = m.general
    assert (g.escala, g.ox, g.oy, g.dt, g.n_substeps, g.n_coordinates) == (90, 0, -60, 0.02, 20, 2)
    assert [p.name for p in m.parameters] == ["g", "M", "m", "l", "mgl"]
    assert m.parameters[4].value.text == "m·g·l" and m.parameters[4].description == "abreviatura"
    assert m.coordinates == ("x", "a") and m.velocities == ("vx", "va")
    assert [(e.i, e.j, e.value.text) for e in m.tmatrix][1] == (0, 1, "'m·l·cos(a)'")
    assert m.kinetic.text.startswith("½·(M+m)") and m.potential.text == "-mgl·cos(a)"
    kinds = [(g.kind, g.id, g.draggable, g.parent, g.trail) for g in m.graphics]
    assert kinds == [("Blk", "B1", True, None, False), ("Bar", "b0", True, "B1", False), ("C", "C1", False, "b0", True)]
    bar = m.graphics[1]
    assert [name for name, _ in bar.fields] == ["width", "length", "x", "y", "angle", "vx", "vy", "vangle"]
    assert bar.field("x").text == "Obj[B1,_x]"


@pytest.mark.parametrize("separator", ["|", "¦", "&brvbar;"])
def test_cell_separators(write_model, separator):
    m = read_model(write_model(SLIDING.replace("|", separator)))
    assert m.parameters[1].name == "M" and m.parameters[1].description == "masa del bloque"
    assert m.graphics[2].trail


def test_bom_and_windows_line_ends(write_model):
    p = write_model("\ufeff" + SLIDING.replace("\n", "\r\n"))
    m = read_model(p)
    assert m.parameters[0].name == "g"
    assert m.parameters[0].location.line == 10 and m.parameters[0].location.column == 4


def test_graphics_block_tag_is_optional(write_model):
    text = SLIDING.replace("<GRAPHICS>\n", "").replace("</GRAPHICS>\n", "")
    assert len(read_model(write_model(text)).graphics) == 3


def problems_of(write_model, text):
    with pytest.raises(ModelFileError) as info:
        load_model(write_model(text))
    return [str(p) for p in info.value.problems]


@pytest.mark.parametrize("old, new, expected", [
    ("nQ=2", "nQ=2.5", ":7:4: nQ must be a whole number"),
    ("dt=0.02", "dt=1/50", ":5:4: dt must be a decimal number (such as 0.02 or 2e-2), not '1/50'"),
    ("escala=90", "zoom=90", ":2:1: unknown setting 'zoom'"),
    ("<P>M|2|masa del bloque</P>", "<P>M|2</P><P>Q|1|2|3</P>", ":11:11: a parameter row has 3 cells"),
    ("<P>M|2|", "<P>2M|2|", ":11:4: '2M' is not a valid parameter name"),
    ("<T>0,1|", "<T>0;1|", ":24:4: T indices must be two whole numbers"),
    ("'M+m'", "'M+(m'", ":23:11: unbalanced parenthesis"),
    ("|1|-1</G>", "|1</G>", ":33:1: Blk has 12 cells"),
    ("|0|b0|1</G>", "|0|b0|2</G>", ":35:69: trail must be 1 or 0"),
    ("<G>Blk|", "<G>Box|", ":33:4: unknown graphic object 'Box'"),
    ("</TMATRIX>", "</TMATRIZ>", ":27:1: unknown tag </TMATRIZ>"),
    ("<Ep>-mgl·cos(a)</Ep>", "<Ep>-mgl·cos(a)", ":30:1: <Ep> is not closed"),
    ("<CIs>", "<CIs>\nhola", ":17:1: text outside any row: 'hola'"),
])
def test_shape_problems_name_file_line_column(write_model, old, new, expected):
    assert old in SLIDING
    found = problems_of(write_model, SLIDING.replace(old, new, 1))
    assert any(expected in p for p in found), found
    assert all(p.split(":")[0].endswith("m.dat") for p in found)


def test_every_problem_is_reported_not_just_the_first(write_model):
    text = SLIDING.replace("nQ=2", "nQ=x").replace("'M+m'", "'M+'").replace("|1|-1</G>", "|1</G>")
    assert len(problems_of(write_model, text)) == 3


def test_not_utf8_is_reported(write_model):
    p = write_model(SLIDING.replace("ángulo", "\u00e1ngulo"), encoding="latin-1")
    with pytest.raises(ModelFileError, match="not UTF-8"):
        read_model(p)


def test_unit_and_range_cells_are_read_in_any_order_with_the_translations(write_model):
    text = SLIDING.replace("<P>g|9.81|aceleración de la gravedad</P>",
                           "<P>g|9.81|aceleración de la gravedad|unit: m/s²|en: gravity|range: 0:2·g0</P>")
    text = text.replace("<CI>x|0|posición del bloque</CI>", "<CI>x|0|posición del bloque|range: -3 : l|unit: m</CI>")
    m = read_model(write_model(text))
    g, x = m.parameters[0], m.conditions[0]
    assert (g.unit, g.translations, g.description_in("en")) == ("m/s²", (("en", "gravity"),), "gravity")
    assert [e.text for e in g.range] == ["0", "2·g0"]
    assert (g.range[1].location.line, g.range[1].location.column) == (10, 70)
    assert x.unit == "m" and [e.text for e in x.range] == ["-3", "l"]
    assert (x.range[1].location.line, x.range[1].location.column) == (17, 41)
    assert m.parameters[1].unit == "" and m.parameters[1].range is None


@pytest.mark.parametrize("cell, where, said", [
    ("range: 0", ":10:38", "a range is written 'range: LO:HI'"),
    ("range: 0:1:2", ":10:38", "a range is written 'range: LO:HI'"),
    ("range: 0:(1", ":10:47", ""),
    ("unit: m|unit: s", ":10:46", "the row gives its unit twice"),
    ("units: m", ":10:1", "a cell after the description can only give it in another language"),
])
def test_a_bad_unit_or_range_cell_is_said_at_its_place(write_model, cell, where, said):
    text = SLIDING.replace("<P>g|9.81|aceleración de la gravedad</P>", f"<P>g|9.81|aceleración de la gravedad|{cell}</P>")
    with pytest.raises(ModelFileError) as info:
        read_model(write_model(text))
    first = str(info.value.problems[0])
    assert where in first and said in first
