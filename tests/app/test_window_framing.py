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

#: a frame of wall time: at 1× the simulation moves 0.15 s between the pictures checked
FRAME = 0.15


def points(app) -> list[tuple[str, float, float]]:
    """Where each body is drawn (pixels): a ball's centre, a bar's ends, a block's centre, a
    spring's ends."""
    out = []
    for p in app.session.poses():
        if isinstance(p, BallPose | BlockPose):
            ends = [(p.x, p.y)]
        elif isinstance(p, BarPose):
            ends = [(p.x, p.y), (p.xf, p.yf)]
        elif isinstance(p, SpringPose):
            ends = [(p.x1, p.y1), (p.x2, p.y2)]
        else:
            continue
        out += [(p.id, *app.camera.to_pixels(x, y)) for x, y in ends]
    return out


def outside(app) -> list[str]:
    """The bodies drawn outside the drawing area now."""
    x, y, w, h = app.layout.viewport
    return sorted({gid for gid, px, py in points(app) if not (x <= px < x + w and y <= py < y + h)})


def animate(app, seconds: float) -> list[tuple[float, list[str]]]:
    """Run the real loop for ``seconds`` of model time; (t, bodies outside) at every frame that had some."""
    if not app.session.view.animating:
        key(app, pygame.K_SPACE, frames=1)
    seen = []
    end = app.session.sim.t + seconds
    while app.session.sim.t < end - 1e-9 and app.session.view.animating:
        pump(app, 1, FRAME)
        if out := outside(app):
            seen.append((round(app.session.sim.t, 2), out))
    assert app.session.view.animating, app.session.banner  # the run did not stop on a failure
    return seen


@pytest.mark.parametrize("panels", [False, True], ids=["1280x720", "800x600-panels"])
@pytest.mark.parametrize("stem", SHIPPED)
def test_every_model_keeps_its_bodies_in_the_drawing_area(app_factory, stem, panels):
    app = app_factory(stem, *((800, 600) if panels else (1280, 720)))
    if panels:
        key(app, pygame.K_n)
        key(app, pygame.K_t)
        assert set(app.live) == {"energy", "values"}
    else:  # the window is large enough for every shipped model at the scale its file gives
        assert app.camera.escala == pytest.approx(app.session.model.general.escala)
    assert app.camera.escala <= app.session.model.general.escala * (1 + 1e-9)  # never zoomed in past it
    if panels:
        seen = animate(app, 2.0)
    else:  # at a fixed scale the framing does not move: the motion is checked every 0.1 s without drawing
        seen = []
        for _ in range(30):
            app.session.run(max(1, round(0.1 / app.session.model.general.dt)))
            if out := outside(app):
                seen.append((round(app.session.sim.t, 2), out))
        assert app.session.banner_cause != "stopped", app.session.banner
    if stem in LEAVES:
        return
    assert not seen, f"bodies outside the drawing area at (t, ids): {seen[:5]} … {len(seen)} frames"


def test_a_drawing_area_that_shrinks_mid_swing_is_fitted_to_the_swing(app_factory):
    """The double pendulum at 640x480, both panels opened after 11.9 s, with the lower bob
    swinging in (it used to be fitted to the pose of that instant and leave it)."""
    app = app_factory("pendulo_doble", 640, 480)
    app.session.run(round(11.9 / app.session.model.general.dt))
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
    app.session.run(round(7.0 / app.session.model.general.dt))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=640, h=480, size=(640, 480)))
    key(app, pygame.K_t)
    assert app.layout.viewport[2] < 640  # the layout is made for the new size, with the panel
    assert not animate(app, 10.0)
