"""A kiosk used by touch and seen from afar, through the real window: the scene fills the screen,
the attract loop moves from its first frame, values change with − and + (no keyboard), and the
first-run hint and the bar's labels."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, click, pump

from game.app.files.settings import ATTRACT as SHOWS
from game.app.kiosk import leadin
from game.app.kiosk.kiosk import ATTRACT
from game.app.window.display import Display
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
    return np.array([app.camera.to_pixels(p.x, p.y) for p in app.session.showing.poses() if isinstance(p, BallPose)])


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
    _, _, vw, vh = app.layout.viewport
    assert (vw, vh) == (size[0], size[1] - app.layout.top_height - 64)  # the whole drawing area
    # the double pendulum's bobs never leave a 4 m square about the pivot: it fills the height
    x0, y0, x1, y1 = app.session.kinematics.motion_bounds()
    assert (y1 - y0) * app.camera.escala >= 0.85 * vh
    assert (x1 - x0) * app.camera.escala <= vw
    # and on screen: the pendulum lying at (π/2, π/4) spans 1.71 m of the 4 across: over a third of
    # the height (a plain window's framing drew it at a quarter at 1920×1080)
    bx0, _, bx1, _ = drawn_box(app)
    assert bx1 - bx0 >= 0.35 * vh
    shot(app, tmp_path / f"kiosk_{size[0]}.png")


@pytest.mark.parametrize("stem", ["cuadrilatero", "jansen", "biela_manivela", "watt"])
def test_the_kiosk_draws_a_mechanism_as_large_as_its_bars_let_it_move(app_factory, screen_of, stem, tmp_path):
    screen_of((1920, 1080))
    app = app_factory(kiosk=True)
    app.session.load([e.stem for e in app.session.catalog.entries].index(stem))
    app.frame(0.0)
    _, _, vw, vh = app.layout.viewport
    # where the bars let the points go fills the area one way (a look ahead alone saw a part of the
    # motion and left room about every pivot: these were drawn at 0.15 to 0.4 of the area)
    x0, y0, x1, y1 = app.session.kinematics.motion_bounds()
    scale = app.camera.escala
    assert max((x1 - x0) * scale / vw, (y1 - y0) * scale / vh) >= 0.85
    assert (x1 - x0) * scale <= vw and (y1 - y0) * scale <= vh
    bx0, by0, bx1, by1 = drawn_box(app)
    assert max((bx1 - bx0) / vw, (by1 - by0) / vh) >= 0.4
    shot(app, tmp_path / f"kiosk_{stem}.png")


def test_a_desktop_window_keeps_the_models_own_framing(app_factory, screen_of):
    screen_of((1920, 1080))
    app = app_factory(width=1920, height=1080)
    assert app.session.view.framing.zoom == 1.0  # the file's escala: what the model's author chose


# -- item 3: the attract loop moves at once ---------------------------------------------------------

def test_the_attract_loop_is_moving_from_its_first_frames(app_factory):
    app = app_factory(kiosk=True, kiosk_idle_seconds=2, kiosk_countdown_seconds=1)
    assert app.settings.kiosk_attract[0] == SHOWS[0]  # the double pendulum released near the top
    while app.session.kiosk.idle.phase != ATTRACT:
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


# -- item 1: − and + instead of a keyboard ------------------------------------------------------------

def row_of(panel, name: str) -> int:
    return [r.name for r in panel.rows].index(name)


@pytest.mark.parametrize("size", SCREENS)
def test_a_kiosk_changes_a_parameter_with_plus_and_accept(app_factory, screen_of, size, tmp_path):
    screen_of(size)
    app = app_factory(kiosk=True)
    click(app, button(app, "parameters"))
    panel = app.panel
    assert panel is not None and [r.name for r in panel.rows] == ["g", "M", "m", "L", "l"]  # no dt, no N
    assert not panel.value_buttons  # nothing opens a field to type in
    i = row_of(panel, "m")
    for b in (panel.minus[i], panel.plus[i]):
        assert b.rect.width >= 48 and b.rect.height >= 48  # a finger's size
    click(app, panel.plus[i])
    click(app, panel.plus[i])
    assert panel.numbers[i].text == "1.2" and app.session.sim.parameters["m"] == 1.0  # not yet applied
    assert panel.message == "La escena muestra el valor nuevo; pulse Aceptar para aplicarlo."
    shot(app, tmp_path / f"parameters_{size[0]}.png")
    click(app, panel.accept_button)
    assert app.panel is None and app.session.view.dialog is None
    assert app.session.sim.parameters["m"] == 1.2
    assert app.session.model.general.dt == 0.02 and app.session.model.general.n_substeps == 20


def test_a_kiosks_conditions_step_and_a_desktops_panel_is_as_it_was(app_factory):
    app = app_factory(kiosk=True)
    click(app, button(app, "conditions"))
    panel = app.panel
    assert [r.name for r in panel.rows] == ["a1", "a2", "va1", "va2"]
    i = row_of(panel, "a1")
    assert panel.numbers[i].text == "90°"  # π/2, in degrees (issue 34 item 1)
    click(app, panel.minus[i])  # steps of 5°
    click(app, panel.minus[i])
    click(app, panel.plus[row_of(panel, "va2")])
    click(app, panel.accept_button)
    assert app.session.sim.values()["a1"] == pytest.approx(math.radians(80), abs=1e-12)
    assert app.session.sim.values()["va2"] == pytest.approx(math.radians(5), abs=1e-12)  # 5°/s
    desktop = app_factory()
    click(desktop, button(desktop, "parameters"))
    assert [r.name for r in desktop.panel.rows][-2:] == ["dt", "N"] and len(desktop.panel.value_buttons) == 7
    assert not hasattr(desktop.panel, "plus")


def test_the_steppers_refuse_what_the_model_refuses_and_stop_at_their_limits(app_factory):
    app = app_factory("cuadrilatero", kiosk=True)
    click(app, button(app, "parameters"))
    panel = app.panel
    assert "be" not in [r.name for r in panel.rows]  # made of the others: it follows them
    c = row_of(panel, "c")
    for _ in range(12):
        click(app, panel.minus[c], frames=2)
    assert panel.numbers[c].text == "6" and "pulse Aceptar" in panel.message
    click(app, panel.minus[c])  # the four-bar linkage cannot close with c = 4: refused, as typed
    assert panel.numbers[c].text == "6" and panel.message.startswith("Rechazado (c):")
    assert "be" in panel.message
    a = row_of(panel, "a")
    for _ in range(10):
        click(app, panel.minus[a], frames=2)
    assert panel.numbers[a].text == "1" and panel.message == "a va de 1 a 100."
    click(app, panel.accept_button)
    assert app.panel is None and app.session.sim.parameters["c"] == 6 and app.session.sim.parameters["a"] == 1


# -- item 4: the first-run hint, and words beside the icons where the bar has room ------------------

def hint_text(app) -> str:
    return app.widgets.hint.text.html_text if app.widgets.hint else ""


def test_the_first_run_hint_says_what_the_icons_do_until_it_is_closed(app_factory, user_home, tmp_path):
    from game.app.files.saving import Remembered
    from game.app.files.userdirs import user_folders

    app = app_factory(first_run_hint=True, remember=True)  # a user's window: it remembers the hint was seen
    assert hint_text(app).startswith("Espacio: animar · arrastre un cuerpo")
    hint = app.widgets.hint.rect
    vx, vy, vw, _ = app.layout.viewport
    assert hint.top >= vy and vx <= hint.left and hint.right <= vx + vw  # over the drawing area, not the bars
    shot(app, tmp_path / "hint_es.png")
    click(app, button(app, "language"))
    assert hint_text(app).startswith("Space: animate · drag a body")  # in the language of the interface
    click(app, button(app, "parameters"))
    assert app.widgets.hint is None  # not over a dialog
    click(app, app.panel.cancel_button)
    assert app.widgets.hint is not None
    assert Remembered.read(user_folders().state).hint_seen is False
    click(app, app.widgets.hint.close_button)
    assert app.widgets.hint is None and not app.session.view.hint
    assert Remembered.read(user_folders().state).hint_seen is True  # the next start shows no hint
    click(app, button(app, "speed2"))  # what is remembered later keeps it
    assert Remembered.read(user_folders().state) == Remembered("pendulo_doble", "en", 2.0, hint_seen=True)


def test_a_kiosk_shows_the_hint_to_each_new_visitor(app_factory):
    app = app_factory(kiosk=True, first_run_hint=True, kiosk_idle_seconds=2, kiosk_countdown_seconds=1)
    assert hint_text(app).startswith("Arrastra un cuerpo con el dedo")
    click(app, app.widgets.hint.close_button)
    assert app.widgets.hint is None
    while app.session.kiosk.idle.phase != ATTRACT:
        app.frame(0.1)
    assert app.widgets.hint is None  # not over the attract loop
    click(app, button(app, "reset"))  # a new visitor's first touch
    assert app.widgets.hint is not None


@pytest.mark.parametrize(("size", "kiosk"), [((1920, 1080), False), ((1920, 1080), True), ((1024, 768), False),
                                             ((1024, 768), True)])
def test_the_bar_names_its_icons_where_it_has_room(app_factory, screen_of, size, kiosk, tmp_path):
    screen_of(size)
    app = app_factory(width=size[0], height=size[1], kiosk=kiosk)
    bottom = [c.name for c in app.controls if c.place == "bottom"]
    words = app.bars.words
    if size[0] < 1280:  # no room: icons only, as before
        assert words == {}
        return
    assert list(words) == bottom
    assert [words[n].text for n in ("animate", "parameters", "conditions")] == ["Animar", "Parámetros", "Condiciones"]
    rects = [app.bars.buttons[n].rect for n in bottom] + [w.rect for w in words.values()]
    for a, b in itertools.pairwise(rects):
        assert not a.colliderect(b)
    for w in words.values():  # each word whole, beside its icon
        assert w.font.size(w.text)[0] <= w.rect.width - 4
    assert app.bars.clock.rect.right <= app.bars.speeds[0].rect.left
    shot(app, tmp_path / f"bar_{size[0]}_{'kiosk' if kiosk else 'desktop'}.png")
    click(app, words["parameters"])  # a word does what its icon does
    assert app.session.view.dialog == "parameters"
    click(app, app.panel.cancel_button)
    click(app, words["animate"])
    assert app.session.view.animating and words["animate"].text == "Pausa"
    assert not words["parameters"].is_enabled  # locked while animating, as its icon


@pytest.mark.parametrize("value", ["1e300·1e8", "-1e300·1e8", "1e300·1.7976931348623157e8", "5e-324", "-5e-324",
                                   "1e-310"])
def test_minus_and_plus_on_a_value_at_the_edge_of_the_numbers_never_raise(app_factory, tmp_path, value):
    # − or + on a parameter of 1e308 raised in the frame (ten times it overflows, a tenth of a
    # subnormal underflows): it stays where it is, at the end of its range
    from project import ROOT

    text = (ROOT / "models" / "pendulo_simple.dat").read_text(encoding="utf-8")
    model = tmp_path / "borde.dat"
    model.write_text(text.replace("</PARAMETERS>", f"<P>k|{value}|sin uso</P>\n</PARAMETERS>"), encoding="utf-8")
    app = app_factory(str(model), kiosk=True)
    click(app, button(app, "parameters"))
    panel = app.panel
    k = row_of(panel, "k")
    shown = panel.numbers[k].text
    for b in (panel.plus[k], panel.minus[k], panel.plus[k]):
        click(app, b)
        assert panel.numbers[k].text == shown and panel.message.startswith("k va de ")
    click(app, panel.accept_button)
    a, _, b = value.partition("·")
    assert app.session.sim.parameters["k"] == float(a) * float(b or 1)
