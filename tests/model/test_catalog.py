"""models.xml: order kept, titles with accents, missing files reported."""

from __future__ import annotations

import pytest

from game.model import ModelFileError, read_catalog, with_group

XML = """<?xml version="1.0" encoding="UTF-8"?>
<MODELS>
  <MODEL><FILE>b.dat</FILE><TITLE>Péndulo doble</TITLE></MODEL>
  <MODEL><FILE>a.dat</FILE><TITLE>Órbita — Sol y planeta</TITLE></MODEL>
  <MODEL><FILE>c.dat</FILE><TITLE>Cuenta en un alambre</TITLE></MODEL>
</MODELS>
"""


def make(tmp_path, xml=XML, files=("a.dat", "b.dat", "c.dat")):
    (tmp_path / "models").mkdir()
    for f in files:
        (tmp_path / "models" / f).write_text("x", encoding="utf-8")
    p = tmp_path / "models.xml"
    p.write_text(xml, encoding="utf-8")
    return p


def test_order_and_accents_are_kept(tmp_path):
    cat = read_catalog(make(tmp_path))
    assert [e.file for e in cat.entries] == ["b.dat", "a.dat", "c.dat"]
    assert cat.entries[1].title == "Órbita — Sol y planeta"
    assert cat.find("péndulo DOBLE").file == "b.dat" and cat.find("c").file == "c.dat"


def test_missing_files_are_reported_with_their_line(tmp_path):
    with pytest.raises(ModelFileError) as info:
        read_catalog(make(tmp_path, files=("a.dat",)))
    msgs = [str(p) for p in info.value.problems]
    assert len(msgs) == 2
    assert msgs[0].endswith("models.xml:3:16: listed model file 'b.dat' does not exist in " + str(tmp_path / "models"))
    assert ":5:16: listed model file 'c.dat'" in msgs[1]


def test_malformed_xml_names_line_and_column(tmp_path):
    with pytest.raises(ModelFileError, match=r"models.xml:6:3: not well-formed XML: mismatched tag"):
        read_catalog(make(tmp_path, xml=XML.replace("</TITLE></MODEL>\n  <MODEL><FILE>c", "</TITLE>\n  <MODEL><FILE>c")))


@pytest.mark.parametrize("file", ["/etc/hostname", "../secret.dat", "sub/../../x.dat"])
def test_a_listed_file_outside_the_models_folder_is_refused_unread(tmp_path, file):
    with pytest.raises(ModelFileError) as info:
        read_catalog(make(tmp_path, xml=XML.replace("<FILE>c.dat</FILE>", f"<FILE>{file}</FILE>")))
    (problem,) = info.value.problems
    assert f":5:16: '{file}' is not a file of {tmp_path / 'models'}" in str(problem)


def test_warnings_are_told_with_the_problems(tmp_path):
    xml = XML.replace("<FILE>c.dat</FILE>", "<FILE>b.dat</FILE>").replace("<FILE>a.dat</FILE>", "<FILE>z.dat</FILE>")
    with pytest.raises(ModelFileError) as info:
        read_catalog(make(tmp_path, xml=xml))
    said = [str(p) for p in info.value.problems]
    assert len(said) == 2 and "'z.dat' does not exist" in said[0] and ":5:16:" in said[1] and "b.dat" in said[1]


def test_a_group_follows_the_catalog_with_its_files_beside_it_and_a_missing_one_adds_nothing(tmp_path):
    cat = read_catalog(make(tmp_path))
    folder = tmp_path / "models" / "ejercicios"
    folder.mkdir()
    (folder / "e.dat").write_text("x", encoding="utf-8")
    (folder / "models.xml").write_text('<MODELS><MODEL><FILE>e.dat</FILE><TITLE>25.6 Plano</TITLE>'
                                       '<TITLE lang="en">25.6 Incline</TITLE></MODEL></MODELS>', encoding="utf-8")
    both = with_group(cat, folder / "models.xml", "exercises")
    assert both.entries[:3] == cat.entries and [e.group for e in both.entries] == ["", "", "", "exercises"]
    assert both.entries[3].path == folder / "e.dat" and both.entries[3].title_in("en") == "25.6 Incline"
    assert with_group(cat, folder / "missing.xml", "exercises") is cat


def test_the_shipped_exercises_read_without_warnings():
    from project import ROOT

    exercises = read_catalog(ROOT / "models" / "ejercicios" / "models.xml", ROOT / "models" / "ejercicios")
    assert exercises.warnings == () and len(exercises.entries) == len(list((ROOT / "models" / "ejercicios").glob("*.dat")))
