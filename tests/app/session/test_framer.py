"""The session's camera (game/app/session/framer.py): the framing that follows the drawing area
until the student zooms, pans or fits; the rules themselves are tested in test_framing.py."""

from __future__ import annotations

import pytest

from game.app.session.framing import Framing, extent, inside


def test_zoom_pan_and_fit_are_the_students_framing_and_stay_put(session):
    framer, view = session.framer, session.view
    escala = session.model.general.escala
    automatic = view.framing.zoom
    assert not view.framing.manual and framer.camera()[0] == pytest.approx(escala * automatic)
    framer.zoom(2.0)
    zoom = view.framing.zoom
    assert view.framing.manual and zoom == pytest.approx(2.0 * automatic)
    centre = view.framing.centre
    framer.pan(10.0, 0.0)
    assert view.framing.centre[0] == pytest.approx(centre[0] - 10.0 / (escala * zoom))
    framer.follow_area((400, 300))
    assert view.area == (400, 300) and view.framing.zoom == zoom  # chosen: it stays
    framer.fit()
    assert view.framing.manual and framer.camera()[0] == pytest.approx(escala * view.framing.zoom)


def test_a_framing_not_chosen_follows_the_drawing_area(session):
    framer, view = session.framer, session.view
    framer.follow_area((1280, 608))
    large = view.framing
    framer.follow_area((200, 150))
    assert not view.framing.manual and view.framing.zoom < large.zoom  # zoomed out to keep the motion in
    box, whole = framer.look_ahead()
    assert box is not None and whole
    view.framing = Framing()
    assert framer.camera() == Framing().camera(session.model.general.escala)


def test_a_preview_out_of_view_is_brought_into_it_and_cancel_puts_the_framing_back(session):
    framer, view = session.framer, session.view
    framer.zoom(2.0)  # the student's framing: only the pivot's neighbourhood
    chosen = view.framing
    session.act("parameters")
    assert session.dialogs.preview("parameters", {"L": "1.1"})[1] is None
    escala = session.model.general.escala
    box = extent(session.showing.poses(), points=session.kinematics.fixed_pivots)
    assert box is not None and inside(box, view.framing.shown(view.area, escala))
    assert session.dialogs.preview("parameters", {"l": "10"})[1] is None  # ten bars away
    box = extent(session.showing.poses(), points=session.kinematics.fixed_pivots)
    assert box is not None and inside(box, view.framing.shown(view.area, escala))
    assert view.framing.zoom < chosen.zoom and view.framing.manual  # zoomed out, still the student's
    zoom = view.framing.zoom
    assert session.dialogs.preview("parameters", {"l": "1"})[1] is None
    assert view.framing.zoom == zoom  # never zoomed in while a value goes back and forth
    session.dialogs.close()  # Cancel
    assert view.framing == chosen
    session.act("parameters")
    session.dialogs.preview("parameters", {"l": "10"})
    assert session.dialogs.apply_parameters({"l": "10"}) is None  # Accept: the view stays where the preview took it
    assert view.framing.zoom == zoom
