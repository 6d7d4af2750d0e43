"""A kiosk used by touch and seen from afar, through the real window: the scene fills the screen,
the attract loop moves from its first frame, values change with − and + (no keyboard), and the
first-run hint and the bar's labels."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, click, pump

from game.app import leadin
from game.app.display import Display
from game.app.kiosk import ATTRACT
from game.app.settings import ATTRACT as SHOWS
from game.model.poses import BallPose

SCREENS = ((1920, 1080), (1024, 768))


@pytest.fixture
def screen_of(monkeypatch):
    """A full screen of a given size (the dummy driver's own is 1024×768)."""
    def use(size: tuple[int, int]) -> None:
        monkeypatch.setattr(Display, "_set_mode", lambda self: pygame.display.set_mode(size))
    return use


def shot(app, path) -> None:
    pygame.image.save(app.screen, str(path))


def balls_px(app) -> np.ndarray:
    return np.array([app.camera.to_pixels(p.x, p.y) for p in app.session.poses() if isinstance(p, BallPose)])


def drawn_box(app) -> tuple[int, int, int, int]:
    """The box of the pixels of the drawing area that are not its background (the bodies)."""
    vx, vy, vw, vh = app.layout.viewport
    area = pygame.surfarray.array3d(app.screen)[vx:vx + vw, vy:vy + vh].astype(int)
    ink = np.any(np.abs(area - area[2, vh - 3]) > 30, axis=2)
    xs, ys = np.nonzero(ink)
    return int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())


# -- item 2: the scene fills the screen ------------------------------------------------------------

@pytest.mark.parametrize("size", SCREENS)
def test_the_kiosk_draws_the_motion_as_large_as_the_screen_allows(app_factory, screen_of, size, tmp_path):
    screen_of(size)
    app = app_factory(kiosk=True)
    assert app.screen.get_size() == size
    vx, vy, vw, vh = app.layout.viewport
    assert (vw, vh) == (size[0], size[1] - app.layout.top_height - 64)  # the whole drawing area
    # the double pendulum's bobs never leave a 4 m square about the pivot: it fills the height
    x0, y0, x1, y1 = app.session.kinematics.motion_bounds()
    assert (y1 - y0) * app.camera.escala >= 0.85 * vh
    assert (x1 - x0) * app.camera.escala <= vw
    # and on screen: the pendulum lying at (π/2, π/4) spans 1.71 m of the 4 across: over a third of
    # the height (a plain window's framing drew it at a quarter at 1920×1080)
    bx0, by0, bx1, by1 = drawn_box(app)
    assert bx1 - bx0 >= 0.35 * vh
    shot(app, tmp_path / f"kiosk_{size[0]}.png")


def test_a_desktop_window_keeps_the_models_own_framing(app_factory, screen_of):
    screen_of((1920, 1080))
    app = app_factory(width=1920, height=1080)
    assert app.session.view.framing.zoom == 1.0  # the file's escala: what the model's author chose


# -- item 3: the attract loop moves at once ---------------------------------------------------------

def test_the_attract_loop_is_moving_from_its_first_frames(app_factory):
    app = app_factory(kiosk=True, kiosk_idle_seconds=2, kiosk_countdown_seconds=1)
    assert app.settings.kiosk_attract[0] == SHOWS[0]  # the double pendulum released near the top
    while app.session.kiosk.phase != ATTRACT:
        app.frame(0.1)
    assert app.session.entry.stem == "pendulo_doble" and app.session.view.animating
    app.frame(0.0)
    before, pixels = balls_px(app), pygame.surfarray.array3d(app.screen).copy()
    pump(app, 6, dt=FRAME)  # a tenth of a second
    moved = np.hypot(*(balls_px(app) - before).T).max()
    # pixels on screen: at least the lead-in's speed for 0.1 s (released at rest, 8.7 px)
    assert moved >= leadin.SPEED * 0.1
    vx, vy, vw, vh = app.layout.viewport
    changed = np.any(pygame.surfarray.array3d(app.screen) != pixels, axis=2)[vx:vx + vw, vy:vy + vh]
    assert changed.sum() >= 2000
