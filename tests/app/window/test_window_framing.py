"""The automatic framing keeps every shipped model's bodies in the drawing area: at its own
scale when they fit, zoomed out when the window or the panels leave too little room, never
zoomed in on a motion it does not know to stay small. Driven through the real event loop."""

from __future__ import annotations

import pygame
import pytest
from project import MODELS, ROOT
from window_helpers import key, pump

from game.model import read_catalog
from game.model.poses import BallPose, BarPose, BlockPose, SpringPose

SHIPPED = [e.stem for e in read_catalog(ROOT / "models.xml", MODELS).entries]

#: models whose motion genuinely leaves any window, with the reason (none so far: every
#: shipped model moves within a region its framing can show)
LEAVES: dict[str, str] = {}

#: a frame of wall time (the most a frame catches up) at 2× speed: the simulation moves 0.2 s
#: between the pictures checked
FRAME = 0.1


def points(app) -> list[tuple[str, float, float]]:
    """Where each body is (model units): a ball's centre, a bar's ends, a block's centre, a
    spring's ends."""
    out = []
    for p in app.session.showing.poses():
        if isinstance(p, BallPose | BlockPose):
            ends = [(p.x, p.y)]
        elif isinstance(p, BarPose):
            ends = [(p.x, p.y), (p.xf, p.yf)]
        elif isinstance(p, SpringPose):
            ends = [(p.x1, p.y1), (p.x2, p.y2)]
        else:
            continue
        out += [(p.id, x, y) for x, y in ends]
    return out


def outside(app, camera=None) -> list[str]:
    """The bodies drawn outside the drawing area now (by ``camera``, the window's own by default)."""
    camera = camera or app.camera
    x, y, w, h = camera.viewport
    return sorted({gid for gid, mx, my in points(app)
                   if not (x <= (p := camera.to_pixels(mx, my))[0] < x + w and y <= p[1] < y + h)})


def animate(app, seconds: float, *others) -> list[tuple[float, list[str]]]:
    """Run the real loop for ``seconds`` of model time; (t, bodies outside) at every frame that
    had some, by the window's camera and by each of ``others``."""
    if not app.session.view.animating:
        key(app, pygame.K_3, frames=0)  # 2×
        key(app, pygame.K_SPACE, frames=1)
    assert app.session.view.speed_index == 2
    seen = []
    end = app.session.sim.t + seconds
    while app.session.sim.t < end - 1e-9 and app.session.view.animating:
        pump(app, 1, FRAME)
        for camera in (app.camera, *others):
            if out := outside(app, camera):
                seen.append((round(app.session.sim.t, 2), out))
    assert app.session.view.animating, app.session.banner.text  # the run did not stop on a failure
    return seen


def resize(app, width: int, height: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height)))
    pump(app, 1)
    assert app.layout.viewport[2] <= width  # the layout is made for the new size


@pytest.mark.parametrize("stem", SHIPPED)
def test_every_model_keeps_its_bodies_in_the_drawing_area(app_factory, stem):
    """At 1280x720 the model opens at the scale its file gives (large enough for every shipped
    model); made 800x600 with both panels open, it is zoomed out as far as it needs, never in;
    as it runs, its bodies stay in both drawing areas: the small one and, at the file's scale,
    the large one."""
    app = app_factory(stem, 1280, 720)
    escala = app.session.model.general.escala
    assert app.camera.escala == pytest.approx(escala)
    large = app.camera
    resize(app, 800, 600)
    key(app, pygame.K_n)
    key(app, pygame.K_t)
    assert set(app.live) == {"energy", "values"}
    assert app.camera.escala <= escala * (1 + 1e-9)  # never zoomed in past it
    seen = animate(app, 2.0, large)
    if stem in LEAVES:
        return
    assert not seen, f"bodies outside the drawing area at (t, ids): {seen[:5]} … {len(seen)} frames"


def test_a_drawing_area_that_shrinks_mid_swing_is_fitted_to_the_swing(app_factory):
    """The double pendulum at 640x480, both panels opened after 11.9 s, with the lower bob
    swinging in (it used to be fitted to the pose of that instant and leave it)."""
    app = app_factory("pendulo_doble", 640, 480)
    app.session.clock.run(round(11.9 / app.session.model.general.dt))
    pump(app, 1)
    key(app, pygame.K_n)
    key(app, pygame.K_t)
    assert set(app.live) == {"energy", "values"}
    x, y, w, h = app.layout.viewport
    trail = app.session.trails.trails["C2"].points()
    assert all(x <= px < x + w and y <= py < y + h for px, py in (app.camera.to_pixels(*p) for p in trail))
    assert not animate(app, 10.0)


def test_a_window_made_smaller_mid_swing_keeps_the_pendulum_in_view(app_factory):
    app = app_factory("pendulo_triple", 1280, 720)
    app.session.clock.run(round(7.0 / app.session.model.general.dt))
    pump(app, 1)
    resize(app, 640, 480)
    key(app, pygame.K_t)
    assert app.layout.viewport[2] < 640  # with the panel
    assert not animate(app, 10.0)
