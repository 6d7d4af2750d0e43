"""Messages in the window (issue 9 items 8, 10, 14): refusals name their field and wrap inside
their panel, banners wrap inside the scene at the smallest sizes and go once the value is
fixed, a step too coarse is told and made finer, Escape undoes the field being edited."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, click, edit_value, key, pump, type_text

from game.render import BannerLayer


def pixels_of(app, colour, tol=30):
    """(x, y) of the screen's pixels close to ``colour``."""
    a = pygame.surfarray.array3d(app.screen).astype(int)
    return np.argwhere(np.abs(a - np.array(colour)).max(axis=2) <= tol)


def test_a_refusal_names_its_field_and_wraps_inside_the_panel(app_factory):
    app = app_factory(width=640, height=400)
    click(app, button(app, "parameters"))
    panel = app.panel
    edit_value(app, "l", "(((1 + 2·")
    assert panel.entry is not None  # refused in place
    assert panel.message.startswith("Rechazado (l): ")
    pump(app, 2)
    x, y, w, h = app.layout.viewport  # the scene's own reds (the balls' rims) beside the docked panel are not it
    red = [p for p in pixels_of(app, (0xB7, 0x1C, 0x1C), tol=40) if not (x <= p[0] < x + w and y <= p[1] < y + h)]
    red = np.array(red)
    box = panel.panel.rect
    assert len(red) > 50
    assert red[:, 0].min() >= box.left and red[:, 0].max() < box.right  # inside the panel's width
    assert red[:, 1].min() >= box.top and red[:, 1].max() < box.bottom


@pytest.mark.parametrize("size", [(640, 400), (800, 600)])
def test_the_banner_wraps_inside_the_scene(app_factory, size):
    app = app_factory(width=size[0], height=size[1], language="en")
    app.session.banner.say("The simulation stopped: " + "a very long reason that goes on and on, " * 6, "stopped")
    pump(app, 1)
    box_pixels = pixels_of(app, BannerLayer.BACKGROUND, tol=2)
    text_pixels = pixels_of(app, BannerLayer.TEXT, tol=2)
    x, y, w, h = app.layout.viewport
    assert box_pixels[:, 0].min() >= x and box_pixels[:, 0].max() < x + w
    assert box_pixels[:, 1].min() >= y and box_pixels[:, 1].max() < y + h
    left, right = box_pixels[:, 0].min(), box_pixels[:, 0].max()
    top, bottom = box_pixels[:, 1].min(), box_pixels[:, 1].max()
    inside = ((text_pixels[:, 0] > left) & (text_pixels[:, 0] < right)
              & (text_pixels[:, 1] > top) & (text_pixels[:, 1] < bottom))
    assert inside.sum() > 200  # the text is in the box...
    assert bottom - top > 60  # ...on several lines


def test_the_panel_edits_dt_and_n(app):
    click(app, button(app, "parameters"))
    panel = app.panel
    assert [r.name for r in panel.rows][-2:] == ["dt", "N"]
    edit_value(app, "N", "0")
    assert panel.entry is not None and panel.message.startswith("Rechazado (N): N debe ser")
    key(app, pygame.K_ESCAPE)  # back to what it was
    edit_value(app, "N", "50")
    click(app, panel.accept_button)
    assert app.panel is None and app.session.sim.model.general.n_substeps == 50


def test_a_coarse_step_is_shown_and_d_refines_it(app):
    click(app, button(app, "conditions"))
    edit_value(app, "va1", "1000")
    click(app, app.panel.accept_button)
    key(app, pygame.K_n)
    key(app, pygame.K_SPACE)
    pump(app, 10, dt=FRAME)
    assert app.session.banner.cause == "coarse"
    assert app.live["energy"].lines[-1] == "¡Paso grueso! Pulse D"
    for _ in range(5):
        key(app, pygame.K_d)
    assert app.session.sim.model.general.n_substeps == 640
    pump(app, 10, dt=FRAME)
    assert app.session.banner.text is None and app.live["energy"].lines[-1].startswith("DE = ")


def test_escape_undoes_the_field_being_edited_then_closes_the_panel(app):
    click(app, button(app, "parameters"))
    panel = app.panel
    edit_value(app, "g", "3")  # a value entered with Enter: pending
    click(app, panel.value_buttons[[r.name for r in panel.rows].index("m")])
    assert panel.entry is not None
    type_text(app, "77")
    key(app, pygame.K_ESCAPE)
    assert app.panel is panel and panel.entry is None  # the field closed, the panel did not
    assert panel.value_buttons[[r.name for r in panel.rows].index("m")].text == "1"
    assert panel.pending == {"g": "3"}
    key(app, pygame.K_ESCAPE)
    assert app.panel is None and app.session.sim.parameters["g"] == 9.81  # nothing applied


def test_values_refused_together_are_named_in_the_interfaces_language(app_factory):
    """M = 0 and m = 0 each parse, but together make T singular: the refusal names both, in English."""
    app = app_factory(language="en")
    click(app, button(app, "parameters"))
    panel = app.panel
    edit_value(app, "M", "0")
    edit_value(app, "m", "0")
    click(app, panel.accept_button)
    assert app.panel is panel  # nothing applied
    assert panel.message.startswith("Refused (M, m): M, m must be > 0 (with M = 0, m = 0")
    assert app.session.sim.parameters["m"] == 1


def test_a_two_line_refusal_is_shown_whole_in_the_smallest_window(app_factory):
    app = app_factory(width=640, height=400)
    click(app, button(app, "parameters"))
    panel = app.panel
    edit_value(app, "M", "0")
    edit_value(app, "m", "0")
    click(app, panel.accept_button)
    pump(app, 2)
    status = panel.status
    assert panel.message.startswith("Rechazado (M, m)")
    # both lines inside the message's box: it needs no scroll bar
    assert status.scroll_bar is None
    assert status.text_box_layout.layout_rect.height <= status.rect.height


def banner_pixels(app, colour):
    """The screen's pixels of ``colour`` (±2) inside the top of the drawing area, where the banner is."""
    x, y, w, _ = app.layout.viewport
    found = pixels_of(app, colour, tol=2)
    return found[(found[:, 0] >= x) & (found[:, 0] < x + w) & (found[:, 1] >= y) & (found[:, 1] < y + 80)]


def test_a_file_written_is_told_calmly_and_fades_while_a_problem_stays_red(app, tmp_path):
    from game.app.files.userdirs import user_folders
    from game.app.session.banner import DONE_SECONDS, FADE_SECONDS

    key(app, pygame.K_w)  # the run as CSV, into the user's documents
    (written,) = user_folders().documents.glob("*.csv")
    s = app.session
    assert s.banner.text == f"Guardado en {written}" and s.banner.kind == "done"
    pump(app, 1)
    pygame.image.save(app.screen, str(tmp_path / "done.png"))
    calm, red = banner_pixels(app, BannerLayer.CALM), banner_pixels(app, BannerLayer.BACKGROUND)
    assert len(calm) > 2000 and len(red) == 0  # a box of its own colour, nothing of the error red
    assert max(abs(a - b) for a, b in zip(BannerLayer.CALM, BannerLayer.BACKGROUND)) > 100
    # it stays a few seconds of the session's clock, then fades: half way through the fade, half opaque
    pump(app, round(60 * (DONE_SECONDS - FADE_SECONDS / 2)), dt=FRAME)
    assert s.banner.text is not None and 0.3 < s.banner.opacity < 0.7
    pygame.image.save(app.screen, str(tmp_path / "fading.png"))
    assert len(banner_pixels(app, BannerLayer.CALM)) == 0  # blended with what is under it
    pump(app, round(60 * FADE_SECONDS), dt=FRAME)
    assert s.banner.text is None
    assert len(banner_pixels(app, BannerLayer.CALM)) == 0
    # an export that cannot be written: red, and it stays until something else is said
    (tmp_path / "a file").write_text("")
    s.exports.folder = tmp_path / "a file" / "exports"
    key(app, pygame.K_w)
    assert s.banner.text.startswith("No se pudo guardar") and s.banner.kind == "problem"
    pump(app, 60 * 20, dt=FRAME)  # twenty seconds
    assert s.banner.text.startswith("No se pudo guardar") and s.banner.opacity == 1.0
    pygame.image.save(app.screen, str(tmp_path / "problem.png"))
    assert len(banner_pixels(app, BannerLayer.BACKGROUND)) > 2000
    assert len(banner_pixels(app, BannerLayer.CALM)) == 0
