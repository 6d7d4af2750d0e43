"""The scene is never hidden (issue 9 items 4-7): panels dock beside it, the view zooms,
pans and fits, the bars fit small windows, full screen comes back to the window it left,
and the manual says where it is when it cannot open. Driven through the real event loop."""

from __future__ import annotations

import warnings

import numpy as np
import pygame
import pytest
from window_helpers import button, click, drag, handle_px, key, pump

from game.app.files import paths
from game.messages import language
from game.model.poses import BallPose, BarPose


def rects_overlap(a, b) -> bool:
    return pygame.Rect(a).colliderect(pygame.Rect(b))


def body_pixels(app):
    """Pixel positions of every bob and bar end."""
    out = []
    for p in app.session.showing.poses():
        if isinstance(p, BallPose):
            out.append(app.camera.to_pixels(p.x, p.y))
        elif isinstance(p, BarPose):
            out += [app.camera.to_pixels(p.x, p.y), app.camera.to_pixels(p.xf, p.yf)]
    return out


def inside(rect, p) -> bool:
    x, y, w, h = rect
    return x <= p[0] < x + w and y <= p[1] < y + h


# -- item 4: panels beside the scene -----------------------------------------------------------

def test_at_800x600_both_panels_leave_the_double_pendulum_visible_and_grabbable(app_factory):
    app = app_factory(width=800, height=600)
    click(app, button(app, "energy"))
    click(app, button(app, "values"))
    assert set(app.live) == {"energy", "values"}
    viewport = app.layout.viewport
    for panel in app.live.values():
        assert not rects_overlap(panel.panel.rect, viewport)
    # the pivot and both bobs wherever they swing: the pose now, and after some motion
    for _ in range(2):
        for p in body_pixels(app):
            assert inside(viewport, p), p
            assert not any(panel.panel.rect.collidepoint(p) for panel in app.live.values())
        app.session.clock.run(40)
        pump(app, 1)
    # the lower bob is grabbed and dragged through the real event loop
    start = handle_px(app, "C2")
    q = app.session.sim.q.copy()
    drag(app, start, (start[0] - 30, start[1] - 20))
    assert not np.allclose(app.session.sim.q, q)


def test_closing_the_panels_gives_the_scene_its_room_back(app_factory):
    app = app_factory(width=800, height=600)
    full = app.layout.viewport
    key(app, pygame.K_n)
    assert app.layout.viewport[2] < full[2]
    key(app, pygame.K_n)
    assert app.layout.viewport == full and not app.live


def test_the_wheel_zooms_at_the_cursor(app):
    bob = handle_px(app, "C2")
    pos = (round(bob[0]), round(bob[1]))
    pygame.mouse.set_pos(pos)
    scale = app.camera.escala
    under = app.camera.to_model(*pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, precise_x=0.0, precise_y=2.0, flipped=False))
    pump(app, 2)
    assert app.camera.escala == pytest.approx(scale * 1.25 ** 2)
    assert app.camera.to_model(*pos) == pytest.approx(under, abs=1e-9)  # the point under the cursor stays
    assert handle_px(app, "C2") == pytest.approx(bob, abs=1.0)  # so does the bob it points at
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, precise_x=0.0, precise_y=-2.0, flipped=False))
    pump(app, 2)
    assert app.camera.escala == pytest.approx(scale)


@pytest.mark.parametrize("mouse_button", [2, 3])
def test_right_or_middle_drag_pans(app, mouse_button):
    bob = np.array(handle_px(app, "C2"))
    q = app.session.sim.q.copy()
    start = (600, 300)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=mouse_button))
    for k in range(1, 5):
        p = (start[0] + 20 * k, start[1] - 10 * k)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(20, -10), buttons=(0, 0, 1)))
        pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(680, 260), button=mouse_button))
    pump(app, 1)
    assert np.array(handle_px(app, "C2")) == pytest.approx(bob + (80, -40), abs=1e-6)
    assert np.array_equal(app.session.sim.q, q)  # the view moved, not the pendulum
    # and the bob is still grabbed where it is now drawn
    start = handle_px(app, "C2")
    drag(app, start, (start[0] + 25, start[1]))
    assert not np.array_equal(app.session.sim.q, q)


def test_fit_frames_every_body_and_trail(app):
    app.session.clock.run(300)  # a long trail
    for _ in range(6):
        key(app, pygame.K_PLUS, frames=1)  # zoomed in: the trail leaves the view
    trail = app.session.trails.trails["C2"].points()
    assert not all(inside(app.layout.viewport, app.camera.to_pixels(*p)) for p in trail)
    click(app, button(app, "fit"))
    for p in trail:
        assert inside(app.layout.viewport, app.camera.to_pixels(*p))
    for p in body_pixels(app):
        assert inside(app.layout.viewport, p)
    key(app, pygame.K_MINUS)
    key(app, pygame.K_HOME)  # the key does the same
    assert all(inside(app.layout.viewport, app.camera.to_pixels(*p)) for p in trail)


def test_a_model_drawn_small_opens_fitted(app_factory, tmp_path, monkeypatch):
    """A teacher's model with escala 12: at its own scale the pendulum is 12 px long."""
    from project import ROOT

    text = (ROOT / "models" / "pendulo_simple.dat").read_text(encoding="utf-8")
    (tmp_path / "pequeno.dat").write_text(text.replace("escala=150", "escala=12"), encoding="utf-8")
    app = app_factory(str(tmp_path / "pequeno.dat"))
    pivot, bob = np.array(app.camera.to_pixels(0, 0)), np.array(handle_px(app, "C1"))
    length = np.hypot(*(bob - pivot))
    assert length > 0.2 * app.layout.viewport[3]
    # the whole circle it can swing on is in view
    _, y, _, h = app.layout.viewport
    assert pivot[1] - length >= y and pivot[1] + length <= y + h


# -- item 5: small windows ---------------------------------------------------------------------

@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1280, 720)])
def test_the_bars_fit_the_window(app_factory, size):
    app = app_factory(width=size[0], height=size[1])
    rects = [b.rect for b in app.bars.buttons.values()]
    if app.bars.clock is not None:
        rects.append(app.bars.clock.rect)
    rects.append(app.bars.title.rect)
    window = pygame.Rect(0, 0, *size)
    for i, a in enumerate(rects):
        assert window.contains(a), a
        for b in rects[i + 1:]:
            assert not a.colliderect(b), (a, b)
    assert app.bars.clock is not None  # the time is still shown, even at 640 px


def test_a_long_title_ends_in_an_ellipsis_in_the_smallest_window(app_factory):
    app = app_factory("cuadrilatero", width=640, height=400)
    title = app.bars.title
    full = app.session.title
    assert title.text != full and title.text.endswith("…") and full.startswith(title.text[:-1])
    assert title.font.size(title.text)[0] <= title.rect.width
    wide = app_factory("cuadrilatero", width=1280, height=720)
    assert wide.bars.title.text == wide.session.title  # room enough: the whole title


def test_the_window_manager_is_told_the_smallest_size(app):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    assert tuple(window.minimum_size) == (640, 400)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200)))
    pump(app, 1)
    assert (app.layout.width, app.layout.height) == (640, 400)


# -- item 6: full screen and back ---------------------------------------------------------------

def test_f11_twice_comes_back_to_the_window_it_left(app):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=650, size=(1000, 650)))
    pump(app, 1)
    key(app, pygame.K_F11)
    assert pygame.display.is_fullscreen()
    size = app.screen.get_size()
    assert (app.layout.width, app.layout.height) == size
    assert button(app, "animate").rect.bottom <= size[1]
    key(app, pygame.K_F11)
    assert not pygame.display.is_fullscreen()
    assert app.screen.get_size() == (1000, 650) == (app.layout.width, app.layout.height)
    assert app.camera.viewport == app.layout.viewport
    assert button(app, "animate").rect.top >= 650 - 64 and button(app, "animate").rect.bottom <= 650


def test_kiosk_stays_full_screen(app_factory):
    app = app_factory(kiosk=True)
    key(app, pygame.K_F11)
    assert pygame.display.is_fullscreen()


# -- item 7: the manual without a browser ---------------------------------------------------------

def test_f1_without_a_browser_says_where_the_manual_is(app, monkeypatch):
    monkeypatch.setattr("webbrowser.open", lambda uri: False)
    key(app, pygame.K_F1)
    manual = str((paths.DOCS / "manual.html").resolve())
    assert app.session.banner.text is not None and manual in app.session.banner.text
    assert "navegador" in app.session.banner.text


def test_the_no_browser_banner_changes_language_with_the_interface(app, monkeypatch):
    monkeypatch.setattr("webbrowser.open", lambda uri: False)
    key(app, pygame.K_F1)
    assert "navegador" in app.session.banner.text
    key(app, pygame.K_l)
    app.frame(0.0)
    assert language() == "en" and app.session.banner.text.startswith("No browser opened")
    assert app.scene().banner == app.session.banner.text


def test_the_kiosk_never_opens_a_browser(app_factory, monkeypatch):
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda uri: opened.append(uri) or True)
    app = app_factory(kiosk=True, language="en")
    assert "docs" not in app.bars.buttons  # no manual button over a kiosk
    key(app, pygame.K_F1)
    app.session.act("docs")  # nor by key, nor by any other way
    assert opened == []


# -- item 14: the window's icon --------------------------------------------------------------------

def test_the_window_icon_is_the_programs_own(app_factory, monkeypatch):
    icons = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon", lambda s: (icons.append(s.copy()), real(s)))
    app_factory()
    assert icons
    own = pygame.image.load(str(paths.ASSETS / "icons" / "app.png"))
    assert icons[-1].get_size() == own.get_size()
    assert np.array_equal(pygame.surfarray.array3d(icons[-1]), pygame.surfarray.array3d(own))


# -- item 1 and issue 14 class 5: what cannot be drawn is cut first ---------------------------------

def test_a_huge_velocity_draws_bounded_geometry(app, monkeypatch):
    """v mode, Conditions, va1 = 1000000, Accept, vectors, Space: arrows millions of pixels long
    reach pygame cut to the window, and the frames go on."""
    from draw_recorder import DrawRecorder
    from window_helpers import edit_value

    key(app, pygame.K_x)
    click(app, button(app, "conditions"))
    edit_value(app, "va1", "1000000")
    click(app, app.panel.accept_button)
    key(app, pygame.K_v)
    draw = DrawRecorder(monkeypatch)
    pump(app, 2)  # paused, v mode: the arrow to drag and the velocity arrows
    key(app, pygame.K_SPACE)
    pump(app, 5, dt=1 / 60)
    assert draw.calls > 0 and draw.largest <= 1280 + 200
    arrow = pixels_near(app, (0, 146, 76))  # the arrows' green crosses the scene
    assert len(arrow) > 100


def pixels_near(app, colour, tol=8):
    a = pygame.surfarray.array3d(app.screen).astype(int)
    return np.argwhere(np.abs(a - np.array(colour)).max(axis=2) <= tol)


def test_a_bar_a_million_wide_renders_a_screenshot(tmp_path, monkeypatch):
    """Issue 14 class 5: the screenshot command, with a bar 1e6 units wide (took 104 s)."""
    from draw_recorder import DrawRecorder
    from project import ROOT

    from game.app.commands.screenshot import screenshot

    text = (ROOT / "models" / "pendulo_simple.dat").read_text(encoding="utf-8")
    model = tmp_path / "ancha.dat"
    model.write_text(text.replace("<G>Bar|b1|0.05|", "<G>Bar|b1|1000000|"), encoding="utf-8")
    draw = DrawRecorder(monkeypatch)
    assert screenshot(str(model), str(tmp_path / "ancha.png"), size="800x600") == 0
    assert draw.calls > 0 and draw.largest <= 800 + 200
    assert pygame.image.load(str(tmp_path / "ancha.png")).get_size() == (800, 600)


def test_the_menu_fits_a_small_window(app_factory):
    app = app_factory(width=640, height=400)
    key(app, pygame.K_m)
    window = pygame.Rect(0, 0, 640, 400)
    assert all(window.contains(item.rect) for item in app.menu.items)
    click(app, app.menu.items[-1])  # the link to the exercises' page, which fits too
    assert app.menu is not None and app.session.view.menu_page == "exercises"
    assert all(window.contains(item.rect) for item in [*app.menu.items, *app.menu.headings])
    click(app, app.menu.items[-1])
    assert app.session.entry.stem == app.session.catalog.entries[-1].stem and app.menu is None


def test_a_long_values_panel_leaves_the_energies_their_numbers(app_factory):
    app = app_factory("jansen", width=800, height=600)
    key(app, pygame.K_n)
    key(app, pygame.K_t)
    energy, values = app.live["energy"].lines, app.live["values"].lines
    assert any(line.startswith("Ek = ") for line in energy) and any(line.startswith("DE = ") for line in energy)
    assert values[-1].startswith("… ") and len(values) < len(app.session.readout.lines("values"))
