"""The kiosk through the real window: the attract loop and its caption, touches, frames that fail."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, click, drag, finger, finger_drag, handle_px, pump

from game.app.files.settings import Show
from game.app.kiosk.kiosk import ATTRACT, INTERACTIVE
from game.app.session.controls import BY_NAME
from game.render import CaptionLayer

SHOWS = (Show("pendulo_triple", 20.0, (("a1", "2.2"),)),)


def caption_pixels(app) -> int:
    """How many pixels of the drawing area have the caption box's colour."""
    pixels = pygame.surfarray.array3d(app.screen)
    vx, vy, vw, vh = app.layout.viewport
    area = pixels[vx:vx + vw, vy:vy + vh].reshape(-1, 3).astype(int)
    box = np.array(CaptionLayer.BACKGROUND[:3])
    # the box is translucent over a light background: dark, with the box's blue-grey cast
    return int(np.sum(np.all(np.abs(area - box) <= 40, axis=1)))


def test_idle_starts_the_attract_loop_and_a_touch_ends_it(app_factory):
    app = app_factory(kiosk=True, kiosk_idle_seconds=2, kiosk_countdown_seconds=3, kiosk_attract=SHOWS)
    assert caption_pixels(app) < 200  # a few pixels of the bars may be that dark
    for _ in range(21):
        app.frame(0.1)
    assert app.session.kiosk.caption.startswith("¿Sigues ahí?") and caption_pixels(app) > 2000  # the countdown shows
    for _ in range(30):
        app.frame(0.1)
    assert app.session.kiosk.idle.phase == ATTRACT and app.session.entry.stem == "pendulo_triple"
    assert app.session.kiosk.caption == "Toca para jugar" and caption_pixels(app) > 2000
    assert app.bars.title.text == "Péndulo triple" and app.session.view.animating
    # a finger on the screen, right on the Reset button: it only wakes the kiosk
    t = app.session.sim.t
    reset = button(app, "reset").rect.center
    finger(app, pygame.FINGERDOWN, reset)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=reset, button=1, touch=True))
    finger(app, pygame.FINGERUP, reset)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=reset, button=1, touch=True))
    pump(app, 3, dt=FRAME)
    assert app.session.kiosk.idle.phase == INTERACTIVE and app.session.kiosk.caption is None and caption_pixels(app) < 200
    assert app.session.entry.stem == "pendulo_triple" and app.session.view.animating and app.session.sim.t > t
    # the next touch is the visitor's: it acts
    app.frame(0.0)
    finger(app, pygame.FINGERDOWN, button(app, "animate").rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button(app, "animate").rect.center, button=1,
                                         touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button(app, "animate").rect.center, button=1,
                                         touch=True))
    finger(app, pygame.FINGERUP, button(app, "animate").rect.center)
    pump(app, 2)
    assert not app.session.view.animating


def test_the_attract_loop_shows_nothing_the_last_visitor_left_on(app_factory):
    app = app_factory(kiosk=True, kiosk_idle_seconds=2, kiosk_countdown_seconds=3, kiosk_attract=SHOWS)
    width = app.screen.get_width()
    assert BY_NAME["plots"] in app.controls and BY_NAME["ensemble"] in app.controls  # a kiosk offers them…
    click(app, button(app, "plots"))  # …and whatever a visitor leaves on goes with the show
    click(app, button(app, "ensemble"))
    for name in ("vectors", "values"):
        click(app, button(app, name))
    click(app, app.bars.speeds[3])  # 4×
    assert app.dock.widgets is not None and len(app.scene().ghosts[0].fields["x"]) == 50
    assert app.session.clock.scheduler.speed == 4.0 and "values" in app.live and app.camera.viewport[2] < width - 500
    pump(app, 51, dt=0.1)
    assert app.session.kiosk.idle.phase == ATTRACT and app.session.entry.stem == "pendulo_triple"
    assert app.dock.widgets is None and not app.live and app.layout.docks == ()
    assert app.camera.viewport[2] == width  # the whole window shows the show
    scene = app.scene()
    assert scene.ghosts == [] and scene.plots == [] and not scene.velocities
    t = app.session.sim.t
    pump(app, 10, dt=0.1)
    assert app.session.sim.t - t == pytest.approx(1.0, abs=0.03)  # at 1×
    assert app.bars.speeds[1].object_ids[-1] == "#speed_current"


def test_a_finger_drags_a_bob_exactly_like_the_mouse(app_factory, monkeypatch):
    by_mouse, by_finger = app_factory(), app_factory()
    start = handle_px(by_mouse, "C2")
    start = (round(start[0]), round(start[1]))
    end = (start[0] + 90, start[1] - 40)
    drag(by_mouse, start, end)
    moves = []
    session = by_finger.session
    monkeypatch.setattr(session.dragging, "drag_to", lambda p, f=session.dragging.drag_to: (moves.append(p), f(p)))
    finger_drag(by_finger, start, end)  # with SDL's mouse copies of the touch, which must not count
    assert len(moves) == 8 + 1  # eight moves and the release: each once
    assert not np.allclose(by_mouse.session.sim.q, [np.pi / 2, np.pi / 4], atol=0.05)  # it did move
    assert np.allclose(by_finger.session.sim.q, by_mouse.session.sim.q, rtol=0, atol=1e-12)
    assert np.allclose(by_finger.session.sim.user_q, by_mouse.session.sim.user_q, rtol=0, atol=1e-12)


def test_two_fingers_pinch_and_the_drag_stops_where_it_is(app):
    start = handle_px(app, "C2")
    finger(app, pygame.FINGERDOWN, start, 0)
    finger(app, pygame.FINGERMOTION, (start[0] + 30, start[1]), 0)
    pump(app, 1)
    q = app.session.sim.q
    assert app.session.dragging.drag is not None
    finger(app, pygame.FINGERDOWN, (start[0] + 130, start[1]), 1)  # a second finger: a pinch
    pump(app, 1)
    assert app.session.dragging.drag is None and np.array_equal(app.session.sim.q, q)
    escala = app.camera.escala
    centre = (start[0] + 130, start[1])  # between the fingers once the second has moved
    under = app.camera.to_model(*centre)
    finger(app, pygame.FINGERMOTION, (start[0] + 230, start[1]), 1)  # 100 px apart → 200 px apart
    pump(app, 1)
    assert app.camera.escala == pytest.approx(2 * escala)  # the view zooms in twice
    assert app.camera.to_pixels(*under) == pytest.approx(centre)  # about the point between the fingers
    finger(app, pygame.FINGERMOTION, (start[0] + 80, start[1]), 0)
    pump(app, 1)
    assert np.array_equal(app.session.sim.q, q)  # the first finger no longer drags


def test_a_model_that_raises_inside_a_frame_is_reloaded_and_the_loop_goes_on(app, user_home, capsys):
    click_animate = button(app, "animate").rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_animate, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=click_animate, button=1))
    pump(app, 20, dt=FRAME)
    first_sim = app.session.sim
    assert first_sim.t > 0

    def broken(*args):
        raise RuntimeError("a bug in a layer")

    app.session.kinematics.poses = broken  # this model's drawing now fails
    pump(app, 1, dt=FRAME)
    assert app.running and app.guard.recovered == 1
    assert app.session.sim is not first_sim and app.session.entry.stem == "pendulo_doble" and app.session.sim.t == 0
    pump(app, 5, dt=FRAME)  # the loop goes on, and draws
    log = (user_home / "cenm.log").read_text(encoding="utf-8")
    assert "a frame failed (RuntimeError); reloading the model" in log and "a bug in a layer" in log
    assert "Traceback" in log and "a bug in a layer" in capsys.readouterr().err
    # failing again at once: the next model of the menu opens
    app.session.kinematics.poses = broken
    pump(app, 1, dt=FRAME)
    assert app.guard.recovered == 2 and app.session.entry.stem == app.session.catalog.entries[1].stem
    pump(app, 3, dt=FRAME)


def test_a_kiosk_never_opens_the_browser(app_factory, monkeypatch):
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda uri: opened.append(uri))
    app = app_factory(kiosk=True)
    assert "docs" not in app.bars.buttons
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    pump(app, 2)
    app.session.act("docs")
    assert opened == []
