"""Banners (issue 34 item 5): each closes with its × or a tap anywhere on it, a closed warning
stays away until the values change, none hides the pivot at the top of the scene; F1 says when
the browser's launcher failed; I with no plot open says to open one; λ reads — until it has a
value, and the panel and the plot say the same λ."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, click, click_at, finger, key, pump

from game.render import BannerLayer

#: where the pictures of these tests go to be looked at (CENM_TEST_PNG, else pytest's tmp_path)
PNG = os.environ.get("CENM_TEST_PNG")


def look(app, tmp_path: Path, name: str) -> None:
    pygame.image.save(app.screen, str(Path(PNG or tmp_path) / f"banner_{name}.png"))


def banner_layer(app) -> BannerLayer:
    return next(layer for layer in app.layers if isinstance(layer, BannerLayer))


def red_pixels(app) -> int:
    a = pygame.surfarray.array3d(app.screen).astype(int)
    return int((np.abs(a - np.array(BannerLayer.BACKGROUND)).max(axis=2) <= 2).sum())


def say_problem(app) -> None:
    app.session.banner.say("The simulation stopped: a reason long enough to read", "stopped")
    pump(app, 1)


def test_the_banners_cross_closes_it(app_factory, tmp_path):
    app = app_factory(language="en")
    say_problem(app)
    look(app, tmp_path, "with_cross")
    rect = banner_layer(app).rect
    assert rect is not None and red_pixels(app) > 2000
    # the ×: white strokes in the box's top right corner
    corner = pygame.surfarray.array3d(app.screen)[rect.right - BannerLayer.CLOSE:rect.right, rect.top:rect.top + 30]
    assert (corner == BannerLayer.TEXT).all(axis=2).sum() > 20
    click_at(app, (rect.right - BannerLayer.CLOSE // 2, rect.top + 14))
    assert app.session.banner.text is None and red_pixels(app) == 0
    assert app.session.dragging.drag is None  # the click went to the banner, not the scene under it


def test_a_tap_anywhere_on_the_banner_closes_it(app_factory):
    app = app_factory(kiosk=True)
    app.session.kiosk.touched()  # a visitor is here: the tap is not the one that wakes the kiosk
    say_problem(app)
    rect = banner_layer(app).rect
    finger(app, pygame.FINGERDOWN, (rect.left + 40, rect.centery))
    finger(app, pygame.FINGERUP, (rect.left + 40, rect.centery))
    pump(app, 2)
    assert app.session.banner.text is None and red_pixels(app) == 0


def test_a_problem_stays_until_closed_and_a_closed_warning_until_the_values_change(app):
    s = app.session
    say_problem(app)
    pump(app, 60 * 30, dt=FRAME)  # half a minute: a problem does not fade
    assert s.banner.text is not None
    # the step too coarse: closed, it is not said again at every step, but is once the values change
    s.sim.set_conditions([0.0, 0.0], [1000.0, 0.0])
    s.act("animate")
    pump(app, 10, dt=FRAME)
    assert s.banner.cause == "coarse"
    rect = banner_layer(app).rect
    click_at(app, rect.center)
    pump(app, 30, dt=FRAME)
    assert s.banner.text is None and s.sim.too_coarse
    s.act("animate")
    s.act("reset")
    s.sim.set_conditions([0.0, 0.0], [1000.0, 0.0])
    s.look_again()
    s.act("animate")
    pump(app, 10, dt=FRAME)
    assert s.banner.cause == "coarse"


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_banner_leaves_the_pivot_in_sight(app_factory, tmp_path, size):
    app = app_factory(width=size[0], height=size[1], language="en")
    s = app.session
    (pivot,) = s.kinematics.fixed_pivots
    px, py = app.camera.to_pixels(*pivot)
    s.banner.say("The simulation stopped: " + "a long reason that goes on, " * 40, "stopped")
    pump(app, 1)
    look(app, tmp_path, f"pivot_{size[0]}")
    rect = banner_layer(app).rect
    x, y, _, _ = app.layout.viewport
    assert pygame.Rect(x, y, rect.w, rect.bottom - rect.top + 8).collidepoint(px, py)  # at the top it would hide it
    assert not rect.inflate(20, 20).collidepoint(px, py)
    for pose in s.showing.poses():  # no body under it either
        for x, y, _ in pose.extent_points():
            assert not rect.collidepoint(app.camera.to_pixels(x, y))


def launcher(code: int) -> list[str]:
    # it waits a second before it answers, so the banner's first words are read before its verdict
    return [sys.executable, "-c", f"import sys, time; time.sleep(1); sys.exit({code})"]


def wait_for(app, check, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pump(app, 1)
        if check():
            return True
        time.sleep(0.05)
    return False


def test_f1_says_so_when_the_browsers_launcher_fails(app_factory, monkeypatch, tmp_path):
    app = app_factory(language="en")
    monkeypatch.setattr("game.app.window.display.browser_command", lambda uri: launcher(3))
    key(app, pygame.K_F1)
    banner = app.session.banner
    assert banner.text.startswith("The browser was asked")  # what is known at once
    assert wait_for(app, lambda: banner.text.startswith("No browser opened the manual"))
    assert banner.kind == "problem" and "manual_en.html" in banner.text
    look(app, tmp_path, "no_browser")


def test_f1_with_a_launcher_that_works_stays_calm(app_factory, monkeypatch):
    app = app_factory(language="en")
    monkeypatch.setattr("game.app.window.display.browser_command", lambda uri: launcher(0))
    key(app, pygame.K_F1)
    banner = app.session.banner
    wait_for(app, lambda: False, seconds=1.0)
    assert banner.text.startswith("The browser was asked") and banner.kind == "info"


def test_i_with_no_plot_open_says_to_open_one(app_factory, tmp_path):
    app = app_factory(language="en")
    app.session.exports.folder = tmp_path
    key(app, pygame.K_i)
    assert app.session.banner.text.startswith("There is no plot to save: open one first with G")
    assert not list(tmp_path.glob("*-plots-*.png"))
    look(app, tmp_path, "no_plots")
    key(app, pygame.K_g)
    key(app, pygame.K_i)
    assert app.session.banner.kind == "done" and len(list(tmp_path.glob("*-plots-*.png"))) == 1


def test_lyapunov_reads_a_dash_until_it_has_a_value_then_the_same_in_panel_and_plot(app):
    key(app, pygame.K_k)
    click(app, button(app, "values"))
    pump(app, 2)
    assert "λ = —" in app.live["values"].lines
    assert app.dock.title(app.session, 0) == "Lyapunov: λ = — 1/s"
    assert not any("nan" in line for line in app.live["values"].lines)
    app.session.act("animate")
    pump(app, 30, dt=FRAME)
    app.session.act("animate")
    pump(app, 2)
    (line,) = [line for line in app.live["values"].lines if line.startswith("λ = ")]
    value = line.removeprefix("λ = ")
    assert value != "—" and app.dock.title(app.session, 0) == f"Lyapunov: λ = {value} 1/s"
