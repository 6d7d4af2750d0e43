"""The builder as the session runs it: B on a model that is not a mechanism gives an empty drawing,
on a mechanism its points and elements as they stand; presses and releases in model units build a
four-bar; Run opens it as the model on screen (it moves), B again edits it as it was; Save puts it
in the user's models and the menu."""

from __future__ import annotations

import numpy as np
import pytest

from game.app.files import paths
from game.app.files.settings import Settings
from game.app.files.userdirs import user_folders
from game.app.session.session import Session
from game.messages import set_language
from game.model import read_catalog


@pytest.fixture
def session() -> Session:
    set_language("en")
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(), folders=user_folders())
    s.open("pendulo_doble")
    return s


def click(s: Session, at, to=None, reach: float = 0.2) -> None:
    s.building.press(at, reach)
    if to is not None:
        s.building.move(to)
    s.building.release(to if to is not None else at, reach)


def draw_four_bar(s: Session) -> None:
    b = s.building
    b.builder.grid = 0.5  # (the grid B chose follows the scene's scale)
    b.act("fixed")
    click(s, (0, 0))
    click(s, (4, 0))
    b.act("bar")
    click(s, (0, 0), (0, 1))  # from the support to a new point: the crank
    click(s, (0, 1), (3.5, 2.5))  # the coupler, from the crank's end
    click(s, (3.5, 2.5), (4, 0))  # the rocker, onto the other support


def test_b_builds_a_four_bar_from_an_empty_drawing_runs_it_and_edits_it_again(session):
    s = session
    s.act("animate")
    s.act("build")
    assert s.view.building and not s.view.animating  # paused while building
    assert s.building.builder.drawing.rows == 0  # the double pendulum is not a mechanism
    assert s.actions.locked("animate") and s.actions.locked("parameters") and not s.actions.locked("build")
    draw_four_bar(s)
    d = s.building.builder.drawing
    assert len(d.joints) == 4 and [p.kind for p in d.pieces] == ["bar"] * 3
    assert s.building.words().text() == "1 degree of freedom"
    s.act("build")  # run
    assert not s.view.building and s.model.mechanism is not None
    assert s.model.coordinates == ("P3_x", "P3_y", "P4_x", "P4_y")
    q0 = s.sim.q.copy()
    s.act("animate")
    s.clock.advance(0.5)
    assert not np.allclose(s.sim.q, q0)  # it falls under gravity
    for control in ("reactions", "plots", "ensemble"):  # what a shipped mechanism has, it has
        s.act(control)
    s.clock.advance(0.5)
    assert s.view.reactions and s.showing.reaction_arrows() and s.view.ensemble and s.plots.plots
    s.act("ensemble")
    s.act("build")  # edit: the drawing as it was
    assert s.view.building and s.building.builder.drawing == d


def test_undo_redo_delete_and_a_refusal_said_in_words(session):
    s = session
    s.act("build")
    draw_four_bar(s)
    b = s.building
    b.act("undo")
    assert b.words().text() == "floppy: 2 degrees of freedom"
    b.act("redo")
    b.act("bar")
    click(s, (4, 0), (4, 0.1))  # press and release on the same point: nothing
    assert len(b.builder.drawing.pieces) == 3
    b.act("delete")
    click(s, (2, 1.75))  # on the coupler (0,1)–(3.5,2.5)
    assert [p.id for p in b.builder.drawing.pieces] == ["bar1", "bar3"]
    b.act("point")
    click(s, (0, 1), (0, 0))  # the crank's end dropped on its support: the crank would join itself
    assert "join bar1 to itself" in b.words().text()
    assert len(b.builder.drawing.joints) == 4


def test_save_puts_the_drawing_in_my_models_and_the_menu(session):
    s = session
    s.act("build")
    draw_four_bar(s)
    path = s.building.save()
    assert path is not None and path.parent == user_folders().models and path.name == "mechanism 2.dat"
    assert any(e.path == path and e.group == "mine" for e in s.catalog.entries)
    assert s.banner.text is not None and str(path) in s.banner.text
    index = next(i for i, e in enumerate(s.catalog.entries) if e.path == path)
    s.actions.choose(index)
    assert s.model.mechanism is not None and not s.view.building
    # B on it again: the same drawing, and nothing to say (its file is all the builder's own numbers)
    drawn = s.building.builder.drawing
    s.building.builder.clear()
    s.act("build")
    assert s.building.builder.drawing == drawn and s.banner.text is None


def test_b_on_a_mechanism_takes_it_as_it_stands(session):
    s = session
    s.open("cuadrilatero")
    s.act("build")
    d = s.building.builder.drawing
    assert [j.id for j in d.joints] == ["O2", "O4", "A", "B"]
    assert sorted(p.kind for p in d.pieces) == ["bar"] * 4 + ["motor"]
    motor = next(p for p in d.pieces if p.kind == "motor")
    assert motor.number("w") == pytest.approx(2.0)  # the file's w, its angle th0 + w·t
    assert s.building.words().text() == "driven by its motor (0 degrees of freedom left)"
    # its parameters (d, a, b, c, w, th0, m …) become numbers: said once, in the banner, calm
    assert s.banner.text is not None and s.banner.kind == "info"
    assert s.banner.text.startswith("The builder draws with numbers: the parameters and expressions of")
    assert "four-bar" in s.banner.text.lower() or s.title in s.banner.text
    assert s.building.run() and s.model.mechanism is not None
    s.act("build")  # back to the drawing: nothing new to say
    assert s.banner.text is None


def test_slider_motor_and_force_tools_and_the_property_panel_numbers(session):
    s = session
    s.act("build")
    draw_four_bar(s)
    b = s.building
    # a motor on the crank (clicked at its middle): it turns about its support
    b.act("motor")
    click(s, (0, 0.5))
    motor = b.builder.drawing.pieces[-1]
    assert motor.kind == "motor" and motor.points == ("P1", "P3")
    assert b.words().text() == "driven by its motor (0 degrees of freedom left)"
    b.act("undo")
    # a slider: a new point dragged onto the coupler slides on its line (a collar with a mass)
    b.act("mass")
    click(s, (1, 3))
    b.act("slider")
    click(s, (1, 3), (1.75, 1.75))
    slider = b.builder.drawing.pieces[-1]
    assert slider.kind == "slider" and slider.points == ("P5", "P3", "P4")
    assert b.words().text() == "floppy: 2 degrees of freedom"  # the crank's, and the collar's along the coupler
    click(s, (1, 3), (5, 5))  # onto nothing: how to do it, and nothing added
    assert "drag from a point onto a bar" in b.words().text() and b.builder.drawing.pieces[-1] == slider
    # a force on the collar; then its numbers in the panel: a press on it with the point tool
    b.act("force")
    click(s, (1, 3))
    assert b.builder.drawing.pieces[-1].kind == "force"
    b.act("point")
    click(s, (0, 0.5))  # on the crank, away from its points
    assert b.selected == "bar1" and b.numbers() == ("bar1", (("mass", 1.0),))
    assert b.set_number("mass", "2,5") and b.numbers() == ("bar1", (("mass", 2.5),))
    assert not b.set_number("mass", "heavy") and "'heavy' is not a number" in b.words().text()
    assert not b.set_number("mass", "-1") and b.numbers() == ("bar1", (("mass", 2.5),))
    b.act("undo")
    assert b.numbers() == ("bar1", (("mass", 1.0),))
    assert s.building.run() and s.model.mechanism is not None  # collar, force and all run
    assert len(s.model.mechanism.elements) == 6


def test_a_selected_bar_dragged_moves_both_its_ends_and_what_shares_them_follows(session):
    s = session
    s.act("build")
    draw_four_bar(s)  # O2 (0,0), O4 (4,0) fixed; A (0,1), B (3.5,2.5); bars crank, coupler, rocker
    b = s.building
    before = b.builder.drawing
    b.act("point")
    b.press((1.75, 1.75), 0.2)  # on the coupler A–B
    assert b.selected == "bar2"
    b.move((2.4, 2.2))
    assert b.carried() == ((0.5, 1.5), (4.0, 3.0))  # the coupler where it would go: a grid step each way
    b.release((2.4, 2.2), 0.2)
    d = b.builder.drawing
    where = {j.id: (j.x, j.y) for j in d.joints}
    assert where == {"P1": (0, 0), "P2": (4, 0), "P3": (0.5, 1.5), "P4": (4.0, 3.0)}
    assert d.pieces == before.pieces  # the crank and the rocker follow their shared ends
    assert b.selected == "bar2" and b.carried() is None
    b.act("undo")
    assert b.builder.drawing == before
    # a press without a drag only selects; a move that would put a bar's ends together is refused
    click(s, (1.75, 1.75))
    assert b.builder.drawing == before and b.selected == "bar2"
    click(s, (0, 0.5), (3.5, 2))  # the crank O2–A moved by (3.5, 1.5): A onto B, the coupler would have no length
    assert b.builder.drawing == before and "P3 and P4 are at the same place" in b.words().text()
