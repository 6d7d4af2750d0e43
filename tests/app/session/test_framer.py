"""The session's camera (game/app/session/framer.py): the framing that follows the drawing area
until the student zooms, pans or fits; the rules themselves are tested in test_framing.py."""

from __future__ import annotations

import pytest

from game.app.session.framing import Framing


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
