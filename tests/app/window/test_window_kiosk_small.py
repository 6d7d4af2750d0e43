"""A kiosk on a small touch screen (640×480, 800×600) through the real window: every control of
both bars inside the screen, finger-sized and apart (the bottom bar in two rows), each answering a
tap; and the title whole beside the docked Parameters panel, in a kiosk and on a desktop."""

from __future__ import annotations

import itertools
from dataclasses import fields

import pygame
import pytest
from window_helpers import click, pump

from game.app.window.display import Display
from game.messages import language
from game.ui.layout import GAP, TOUCH

SMALL = ((640, 480), (800, 600))


@pytest.fixture
def screen_of(monkeypatch):
    """A full screen of a given size (the dummy driver's own is 1024×768)."""
    def use(size: tuple[int, int]) -> None:
        monkeypatch.setattr(Display, "_set_mode", lambda self: pygame.display.set_mode(size))
    return use


def readback(app) -> dict:
    """What a tap may change: the view's state, the language, the time, the trails' points and the
    banner (what cannot be done on this model says why: the Action view of a mechanism)."""
    s = app.session
    view = {f.name: getattr(s.view, f.name) for f in fields(s.view) if f.name != "hint"}
    return view | {"language": language(), "t": s.sim.t, "trails": sum(len(t) for t in s.trails.trails.values()),
                   "banner": s.banner.text}


@pytest.mark.parametrize("size", SMALL)
def test_every_kiosk_control_is_on_a_small_screen_and_answers_a_tap(app_factory, screen_of, size, tmp_path):
    screen_of(size)
    app = app_factory(model="pendulo_doble_mecanismo", width=size[0], height=size[1], kiosk=True)  # with reactions
    assert app.screen.get_size() == size
    pygame.image.save(app.screen, str(tmp_path / f"kiosk_{size[0]}x{size[1]}.png"))
    buttons = app.bars.buttons
    bottom = [c.name for c in app.controls if c.place in ("bottom", "speed")]
    assert set(bottom) <= set(buttons) and len(bottom) == 17
    screen = pygame.Rect((0, 0), size)
    for name, b in buttons.items():
        assert screen.contains(b.rect), name
        assert b.rect.width >= TOUCH and b.rect.height >= TOUCH, name  # a finger's size, still
    for (m, a), (n, b) in itertools.combinations(buttons.items(), 2):  # and a finger's gap apart
        assert not a.rect.inflate(GAP - 1, GAP - 1).colliderect(b.rect), (m, n)
    # the bar in two rows above the bottom of the screen; the drawing area between the bars
    assert app.layout.bar_rows == 2 and app.layout.viewport[1] + app.layout.viewport[3] <= app.bars.bottom.rect.top
    assert app.bars.clock is not None and screen.contains(app.bars.clock.rect)

    click(app, buttons["animate"])  # a run: the time goes on and trails are drawn (for Eraser and Reset)
    pump(app, 30, dt=1 / 60)
    click(app, buttons["animate"])
    assert app.session.sim.t > 0 and readback(app)["trails"] > 0
    for name in [n for n in buttons if n != "language"] + ["language"]:  # the language rebuilds the bars: last
        before = readback(app)
        click(app, app.bars.buttons[name])
        after = readback(app)
        assert after != before, f"a tap on {name} did nothing"
        # as it was for the next control
        if app.panel is not None:
            click(app, app.panel.cancel_button)
        elif name == "build":
            app.session.view.building = False  # (an empty drawing cannot run: the builder's own tests)
        elif name not in ("eraser", "reset", "zoom_in", "zoom_out", "fit", "language") and not name.startswith("speed"):
            click(app, app.bars.buttons[name])
        pump(app, 2)
    assert language() == "en"


@pytest.mark.parametrize(("size", "kiosk"), [((640, 480), True), ((800, 600), True), ((1280, 720), False),
                                             ((800, 600), False)])
@pytest.mark.parametrize("which", ["parameters", "conditions"])
def test_the_title_stays_whole_beside_the_docked_panel(app_factory, screen_of, size, kiosk, which, tmp_path):
    screen_of(size)
    app = app_factory(width=size[0], height=size[1], kiosk=kiosk)
    title = app.bars.title
    place = title.rect.copy()
    assert title.text == app.session.title == "Péndulo doble"
    click(app, app.bars.buttons[which])
    panel = app.panel.panel.rect
    assert panel.top == 0  # the panel as tall as the window, over the top bar ...
    assert title.rect.right <= panel.left and title.rect.left >= 0  # ... and the title beside it
    assert title.text == "Péndulo doble" and title.font.size(title.text)[0] <= title.rect.width
    assert abs(title.rect.centerx - panel.left / 2) <= 2  # centred in what the panel leaves of the bar
    pygame.image.save(app.screen, str(tmp_path / f"title_{'kiosk' if kiosk else 'desktop'}_{size[0]}_{which}.png"))
    click(app, app.panel.cancel_button)
    assert app.panel is None and title.rect == place and title.text == "Péndulo doble"  # back between the buttons


@pytest.mark.parametrize(("model", "first", "second"), [
    ("pendulo_soporte_oscilante", "Péndulo con soporte", "oscilante"),
    ("cuadrilatero", "Mecanismo:", "cuadrilátero articula…"),  # the second line shortened only past that
    ("pendulo_doble", "Péndulo doble", "")])
def test_a_kiosks_title_too_long_for_its_top_bar_goes_on_in_a_second_line(app_factory, screen_of, model, first,
                                                                          second, tmp_path):
    """640 × 480: the top bar leaves the title 160 px between its buttons, where few titles fit whole
    even in the smallest font; a finger opens no tooltip, so the title goes on in a second line."""
    screen_of((640, 480))
    app = app_factory(model=model, width=640, height=480, kiosk=True)
    title, more = app.bars.title, app.bars.title_more
    assert more is not None and (title.text, more.text) == (first, second)
    bar = app.bars.top.rect
    for label in (title, more) if second else (title,):
        assert bar.contains(label.rect) and label.font.size(label.text)[0] <= label.rect.width
    if second:
        assert title.rect.bottom <= more.rect.top and title.rect.x == more.rect.x
    pygame.image.save(app.screen, str(tmp_path / f"kiosk_title_{model}.png"))
    click(app, app.bars.buttons["parameters"])  # beside the docked panel, wider: whole in one or two lines
    assert " ".join(t for t in (app.bars.title.text, more.text) if t) == app.session.title
