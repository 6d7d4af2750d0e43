"""The Action view in the real window (issue 31 item 4), driven through its event loop headless: its
control clicked, a point of the path dragged with real mouse events, Relax clicked, and the actions,
the path and the pixels read back."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, click, click_at, drag, pump

from game.app.window.actionoverlay import HANDLE_COLOUR


def run_for(app, seconds: float) -> None:
    click(app, button(app, "animate"))
    pump(app, round(seconds / FRAME), FRAME)
    click(app, button(app, "animate"))


def opened(app):
    click(app, button(app, "action"))
    view = app.session.action
    assert app.session.view.action and app.bars.icon("action") == "action_on" and view.path is not None
    return view


def test_dragging_a_point_raises_the_action_and_relax_brings_back_the_true_path(app_factory, tmp_path):
    app = app_factory("pendulo_simple")
    run_for(app, 0.8)  # less than half a period (π/ω = 1.23 s): the true path is a minimum of S
    view = opened(app)
    duration = view.action.duration
    assert 0.6 < duration <= 0.9
    # the ends are where the run was at its start and is now
    assert view.path[-1] == pytest.approx(app.session.sim.q) and view.path[0, 0] == pytest.approx(np.pi / 4, rel=1e-6)
    dragged, true = view.actions()
    assert dragged == true
    pump(app, 1)
    handles = app.action_view.handle_pixels(app.session, app.layout.viewport)
    start = handles[2]
    assert tuple(app.screen.get_at((round(start[0]), round(start[1]))))[:3] == HANDLE_COLOUR
    drag(app, start, (start[0], start[1] - 90))  # real mouse events: a point lifted by 90 pixels
    dragged, true = view.actions()
    assert dragged > true + 1e-3  # a path near a minimum: any other path has more action
    moved = app.action_view.handle_pixels(app.session, app.layout.viewport)[2]
    assert moved[1] == pytest.approx(start[1] - 90, abs=2) and moved[0] == pytest.approx(start[0])
    pygame.image.save(app.screen, str(tmp_path / "action_dragged.png"))
    click_at(app, app.action_view.buttons["relax"].center, frames=1)
    assert view.relaxing
    pump(app, 4, FRAME)
    halfway = view.actions()[0]
    assert true < halfway < dragged  # seen sliding down, not jumping
    pump(app, 90, FRAME)
    dragged, true_now = view.actions()
    assert not view.relaxing and dragged == pytest.approx(true, rel=1e-9) and true_now == true
    assert np.allclose(view.path, view.true, atol=1e-8)
    click_at(app, app.action_view.buttons["close"].center)
    assert not app.session.view.action and app.bars.icon("action") == "action_off"


def test_the_view_asks_for_a_run_first_and_says_what_it_cannot_do(app_factory):
    app = app_factory("pendulo_simple")
    click(app, button(app, "action"))
    assert not app.session.view.action and "anímelo un momento antes" in app.session.banner.text
    app = app_factory("pelota")
    run_for(app, 0.3)
    click(app, button(app, "action"))
    assert not app.session.view.action and "todavía no se admite" in app.session.banner.text


def test_the_coordinate_shown_changes_and_drags_move_only_it(app_factory):
    app = app_factory("pendulo_doble")
    run_for(app, 1.0)
    view = opened(app)
    shown = view.coordinate
    click_at(app, app.action_view.buttons["coordinate"].center)
    assert view.coordinate == 1 - shown
    before = view.path.copy()
    start = app.action_view.handle_pixels(app.session, app.layout.viewport)[1]
    drag(app, start, (start[0], start[1] + 60))
    changed = np.any(np.abs(view.path - before) > 1e-12, axis=0)
    assert changed[view.coordinate] and not changed[shown]


def test_the_action_view_reads_its_fonts_once_not_every_frame(app_factory, monkeypatch):
    """Its plots asked for a font six times a frame, each a TTF read from disk."""
    app = app_factory(model="pendulo_simple")
    run_for(app, 1.0)
    opened(app)
    pump(app, 2, FRAME)
    made = []
    real = pygame.font.Font
    monkeypatch.setattr(pygame.font, "Font", lambda *a: made.append(a) or real(*a))
    for _ in range(5):  # (a still window paints about once a second: its painting, as a frame does)
        app.action_view.draw(app.screen, app.session, app.layout.viewport)
        pump(app, 1, FRAME)
    assert made == []
