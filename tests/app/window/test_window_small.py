"""Small windows (issue 22 item 3): a resize refits the scene unless the student framed it by
hand, and no text is cut — titles, the models menu, the energy and values panels' formulas — at
800×600 and 640×480: smaller fonts first, and "…" only where unavoidable, the whole in a tooltip.
Driven through the real event loop, as a window manager resizes the window."""

from __future__ import annotations

import warnings

import pygame
import pytest
from window_helpers import key, pump

SIZES = [(800, 600), (640, 480)]
#: columns enough that no expression is wrapped
UNWRAPPED = 10_000


def resize(app, size, kind=pygame.VIDEORESIZE) -> None:
    """What SDL posts when the user drags the window's border to ``size``."""
    w, h = size
    if kind == pygame.VIDEORESIZE:
        pygame.event.post(pygame.event.Event(kind, w=w, h=h, size=size))
    else:
        pygame.event.post(pygame.event.Event(kind, x=w, y=h, window=None))
    pump(app, 3)


def inner_width(e) -> int:
    """The pixels of ``e``'s width its text can use: less its borders, and its padding when the
    text is aligned to a side."""
    b = e.border_width
    borders = b["left"] + b["right"] if isinstance(b, dict) else 2 * (b or 0)
    padding = 0 if e.text_horiz_alignment == "center" else 2 * e.text_horiz_alignment_padding
    return e.rect.width - borders - padding


def clipped(app) -> list[tuple[str, int, int]]:
    """Every visible label or button whose text, as its own font renders it, is wider than the
    room it has: (text, rendered width, room)."""
    out = []
    for e in app.manager.get_sprite_group().sprites():
        text, font = getattr(e, "text", None), getattr(e, "font", None)
        if text and font is not None and e.visible and hasattr(e, "text_horiz_alignment"):
            width = font.size(text)[0]
            if width > inner_width(e):
                out.append((text, width, inner_width(e)))
    return out


def body_pixels_inside(app) -> bool:
    x, y, w, h = app.layout.viewport
    for p in app.session.showing.poses():
        for px, py in [(getattr(p, "x", None), getattr(p, "y", None)), (getattr(p, "xf", None), getattr(p, "yf", None))]:
            if px is not None:
                sx, sy = app.camera.to_pixels(px, py)
                if not (x <= sx < x + w and y <= sy < y + h):
                    return False
    return True


# -- the scene refits to the window ----------------------------------------------------------------

def with_panels(app):
    key(app, pygame.K_n)
    key(app, pygame.K_t)
    return app


@pytest.mark.parametrize("kind", [pygame.VIDEORESIZE, pygame.WINDOWRESIZED])
def test_a_resized_window_frames_the_scene_as_one_opened_at_that_size(app_factory, kind):
    sizes = [*SIZES, (1280, 720)]
    # windows opened at each size, the energy and values panels open (a new window replaces the last)
    opened = {size: with_panels(app_factory(width=size[0], height=size[1])).session.view.framing for size in sizes}
    app = with_panels(app_factory(width=1280, height=720))
    large = app.session.view.framing
    for size in sizes:
        resize(app, size, kind)
        assert (app.layout.width, app.layout.height) == size
        framing = app.session.view.framing
        assert not framing.manual
        assert framing.zoom == pytest.approx(opened[size].zoom) and framing.centre == pytest.approx(opened[size].centre)
        assert body_pixels_inside(app)
        if size == (640, 480):  # the double pendulum's swing does not fit beside the panels at its own scale
            assert framing.zoom < large.zoom * 0.9
    assert app.session.view.framing == large  # back to the size it opened at, back to its framing


def test_one_resize_told_three_ways_builds_the_bars_once(app):
    bars = app.bars
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=800, y=600, window=None))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
    pump(app, 1)
    rebuilt = app.bars
    assert rebuilt is not bars and (app.layout.width, app.layout.height) == (800, 600)
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=800, y=600, window=None))
    pump(app, 1)
    assert app.bars is rebuilt


def test_a_framing_chosen_by_hand_stays_when_the_window_is_resized(app):
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)
    chosen = app.session.view.framing
    assert chosen.manual
    resize(app, (640, 480))
    assert app.session.view.framing == chosen


# -- no text cut ---------------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("model", ["pendulo_doble", "cuadrilatero"])
@pytest.mark.parametrize("size", SIZES)
def test_at_small_sizes_no_title_formula_or_menu_entry_is_cut(app_factory, language, model, size):
    app = app_factory(model=model, language=language)
    resize(app, size)
    key(app, pygame.K_n)
    key(app, pygame.K_t)
    assert set(app.live) == {"energy", "values"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pygame_gui warns of a label too small for its text
        pump(app, 2)
    assert clipped(app) == []
    # the title: whole, or shortened with the whole in its tooltip
    title = app.session.title
    assert app.bars.title.text == title or (app.bars.title.text.endswith("…") and app.bars.title.tool_tip_text == title)
    # every formula of the energy panel is on screen whole, wrapped over as many lines as it takes
    s = app.session
    expressions = s.readout.lines("energy", UNWRAPPED)[:s.readout.expression_lines("energy", UNWRAPPED)]
    shown = "".join(label.text for label in app.live["energy"].labels).replace(" ", "")
    assert "".join(expressions).replace(" ", "") in shown
    key(app, pygame.K_m)
    assert app.menu is not None
    assert clipped(app) == []
    titles = [r.title for r in s.actions.menu_rows()]
    for item, whole in zip(app.menu.items, titles):
        assert item.text == whole or (item.text.endswith("…") and item.tool_tip_text == whole)


def test_at_800x600_every_models_title_is_whole_in_the_menu(app_factory):
    app = app_factory(model="cuadrilatero")  # the longest title, in bold as the model in use
    resize(app, (800, 600))
    key(app, pygame.K_m)
    titles = [e.title_in("es") for e in app.session.catalog.entries if not e.group]
    assert [item.text for item in app.menu.items] == [*titles, "Ejercicios »"]  # and the link to their page


def test_a_shortened_menu_entry_shows_its_whole_title_when_the_pointer_rests_on_it(app_factory):
    app = app_factory(model="pendulo_doble")
    resize(app, (640, 480))
    key(app, pygame.K_m)
    item, whole = next((i, t) for i, t in zip(app.menu.items, app.menu.titles) if i.text != t)
    pos = item.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(15):
        app.frame(0.1)
    assert item.tool_tip is not None and item.tool_tip.text_block.html_text == whole


def test_what_gives_way_to_an_ellipsis_in_a_live_panel_is_in_its_tooltip(app_factory):
    """The smallest window with a mechanism's long values list: what gives way to "…" is in its tooltip."""
    app = app_factory(model="jansen", width=640, height=400)
    key(app, pygame.K_t)
    pump(app, 2)
    labels = app.live["values"].labels
    dots = [label for label in labels if label.text.startswith("…")]
    assert dots, [label.text for label in labels]
    assert dots[0].tool_tip_text == "\n".join(app.session.readout.lines("values", UNWRAPPED))
    assert clipped(app) == []


def test_a_shortened_title_shows_whole_when_the_pointer_rests_on_it(app_factory):
    app = app_factory(model="cuadrilatero")
    resize(app, (640, 480))
    title = app.bars.title
    assert title.text.endswith("…") and title.text != app.session.title
    pos = title.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(15):
        app.frame(0.1)
    assert title.tool_tip is not None and title.tool_tip.text_block.html_text == app.session.title


def test_a_long_parameter_expression_shows_whole_in_the_parameters_panel(app_factory):
    app = app_factory(model="cuadrilatero")
    resize(app, (640, 480))
    key(app, pygame.K_p)
    panel = app.panel
    be = panel.value_buttons[[r.name for r in panel.rows].index("be")]
    assert be.text == "acos((c² + e² - b²)/(2·c·e))"  # in the smaller expression font
    assert clipped(app) == []


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_at_small_sizes_the_plots_menus_name_their_choices_whole(app_factory, language, size):
    """A narrow dock names the plots' kinds by their short names ("Energía", "Fases"…): the
    menus' choices, closed and open, are never cut."""
    from window_helpers import button, click

    app = app_factory(language=language)
    resize(app, size)
    click(app, button(app, "plots"))
    assert app.session.view.plots
    assert clipped(app) == []
    kind = app.widgets.plots.widgets.menus[0]["kind"]
    click(app, kind)  # open: its options are as wide as the menu
    options = [i["text"] for i in kind.current_state.options_selection_list.item_list]
    assert len(options) >= 3 and clipped(app) == []


@pytest.mark.parametrize("kiosk", [False, True])
def test_a_title_given_a_smaller_font_is_never_too_wide_for_its_label(app_factory, kiosk):
    """A font changes before the text that fits it: pygame_gui never holds a text wider than the
    label (it warns when it does, which here is an error), whatever title came before."""
    app = app_factory(model=None, width=800, height=600, kiosk=kiosk)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for index in range(len(app.session.catalog.entries)):  # every model, as the menu opens them
            app.session.load(index)
            app.frame(0.0)
            assert clipped(app) == []
