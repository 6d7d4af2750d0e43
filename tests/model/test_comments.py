"""Comments (SPEC §4): a line whose first non-blank character is ``#`` is ignored entirely,
inside or outside a block, in every reader; the places of later problems stay right."""

from __future__ import annotations

import pytest

from game.app.files import paths
from game.model import ModelFileError, read_catalog, read_model, validate
from game.physics import Simulation


def pelota(change) -> str:
    return change((paths.MODELS / "pelota.dat").read_text(encoding="utf-8"))


def test_a_commented_out_floor_does_not_act(tmp_path):
    floor = "<K>piso|'y - r'|'e'|'mu'|'vx'|el piso, y = 0</K>"
    path = tmp_path / "sin_piso.dat"
    path.write_text(pelota(lambda t: t.replace(floor, "   # " + floor)), encoding="utf-8")
    model = read_model(path)
    assert [c.id for c in model.contacts] == ["izquierda", "derecha"]
    assert validate(model) == []
    sim = Simulation(model)
    sim.step(round(1 / model.general.dt))
    assert sim.q[1] < -2  # fell through where the floor was


def test_a_comment_that_names_a_tag_is_not_a_tag_and_later_places_stay_right(tmp_path):
    text = pelota(lambda t: t.replace("<P>m|1|", "# the </PARAMETERS> ends below; <P>m|5|…</P> was tried\n"
                                                "\t#<CI>z|0|no</CI>\n<P>m|1|", 1)
                  .replace("<Ep>m·g·y</Ep>", "<Ep>m·g·y +</Ep>"))
    path = tmp_path / "comentado.dat"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ModelFileError) as info:
        read_model(path)
    (problem,) = info.value.problems
    line = text.splitlines().index("<Ep>m·g·y +</Ep>") + 1
    assert (problem.location.line, problem.location.column) == (line, 12)


def test_a_commented_parameter_is_not_read(tmp_path):
    path = tmp_path / "p.dat"
    path.write_text(pelota(lambda t: t.replace("<P>mu|0.2|", "  #<P>mu|0.9|otro</P>\n<P>mu|0.2|")), encoding="utf-8")
    model = read_model(path)
    assert [p.name for p in model.parameters].count("mu") == 1


def test_models_xml_takes_comment_lines(tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "a.dat").write_text("x", encoding="utf-8")
    xml = tmp_path / "models.xml"
    xml.write_text("# the menu of the classroom\n<MODELS>\n  # <MODEL><FILE>gone.dat</FILE><TITLE>Gone</TITLE></MODEL>\n"
                   "  <MODEL><FILE>a.dat</FILE><TITLE>A</TITLE></MODEL>\n</MODELS>\n", encoding="utf-8")
    catalog = read_catalog(xml)
    assert [e.file for e in catalog.entries] == ["a.dat"]
    assert (catalog.entries[0].location.line, catalog.entries[0].location.column) == (4, 16)
