"""The shipped model library: complete, valid, drawn, titled in Spanish."""

from __future__ import annotations

from project import MODELS, ROOT

from game.model import load_model, read_catalog

REQUIRED = [
    "pendulo_doble", "pendulo_simple", "pendulo_triple", "pendulo_deslizante", "resorte_horizontal",
    "resorte_vertical", "pendulo_elastico", "osciladores_acoplados", "planetario1", "planetario2",
    "tres_cuerpos", "cuenta_parabola",
]


def test_catalog_lists_the_library_with_the_double_pendulum_first():
    cat = read_catalog(ROOT / "models.xml", MODELS)
    stems = [e.stem for e in cat.entries]
    assert stems[0] == "pendulo_doble"
    assert set(REQUIRED) <= set(stems)
    assert cat.entries[0].title == "Péndulo doble"


def test_every_listed_model_is_valid_and_has_graphics():
    cat = read_catalog(ROOT / "models.xml", MODELS)
    assert len(cat.entries) >= 12
    for e in cat.entries:
        m = load_model(e.path)
        if m.mechanism is not None:  # drawn from its elements; its free points can be dragged
            assert m.mechanism.elements and m.mechanism.free_points, e.file
            continue
        assert m.graphics, e.file
        assert any(g.draggable for g in m.graphics), e.file
        assert e.title and e.title[0].isupper(), e.file


def test_every_shipped_model_speaks_spanish_and_english():
    cat = read_catalog(ROOT / "models.xml", MODELS)
    for e in cat.entries:
        assert e.title_in("es") == e.title and e.title_in("en") != e.title, e.file
        m = load_model(e.path)
        for d in (*m.parameters, *m.conditions, *m.forces):
            assert d.description and d.description_in("en") not in ("", d.description), f"{e.file}: {d.location}"
