"""Saving, live reload and the language switch, through the real window."""

from __future__ import annotations

import itertools
import os

import pygame
from window_helpers import FRAME, button, click, key, pump, type_text

from game.app import paths
from game.app.userdirs import user_folders
from game.ui.text import TEXTS


def test_save_as_model_through_the_window_asks_before_replacing(app):
    click(app, button(app, "save"))
    panel = app.panel
    assert panel is not None and panel.name_entry.get_text() == "pendulo_doble 2"
    click(app, panel.save_button)
    saved = user_folders().models / "pendulo_doble 2.dat"
    assert app.panel is None and saved.is_file()
    click(app, app.bars.menu)
    assert app.menu.heading is not None and app.menu.heading.text == "Mis modelos"
    assert app.menu.items[-1].text == "pendulo_doble 2" and app.menu.heading.rect.bottom <= app.menu.items[-1].rect.top
    click(app, app.bars.menu)
    # the same name again: asked first
    click(app, button(app, "save"))
    panel = app.panel
    for _ in range(len(panel.name_entry.get_text())):
        key(app, pygame.K_BACKSPACE, frames=1)
    type_text(app, "pendulo_doble 2")
    os.utime(saved, ns=(5, 5))
    click(app, panel.save_button)
    assert app.panel is panel and "Pulse Guardar otra vez" in panel.message and saved.stat().st_mtime_ns == 5
    click(app, panel.save_button)
    assert app.panel is None and saved.stat().st_mtime_ns != 5


def test_a_model_file_edited_under_the_running_window_reloads(app_factory, tmp_path):
    path = tmp_path / "clase.dat"
    text = (paths.MODELS / "pendulo_simple.dat").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    app = app_factory(str(path))
    click(app, button(app, "animate"), frames=2)
    click(app, button(app, "values"), frames=2)
    path.write_text(text.replace("<P>l|1.5|", "<P>l|0.5|"), encoding="utf-8")
    os.utime(path, ns=(1, 1))
    pump(app, 70, dt=FRAME)  # a little over a second
    assert app.session.sim.parameters["l"] == 0.5
    assert app.session.view.animating and app.live.get("values") is not None  # the view is kept
    path.write_text(text.replace("-m·g·l·cos(a)", "-m·g·l·cos(a"), encoding="utf-8")
    os.utime(path, ns=(2, 2))
    pump(app, 70, dt=FRAME)
    assert "clase.dat:" in app.session.banner and app.session.sim.parameters["l"] == 0.5
    t = app.session.sim.t
    pump(app, 10, dt=FRAME)
    assert app.session.sim.t > t


def test_switching_language_relabels_every_control_panel_and_the_menu(app):
    click(app, button(app, "energy"))
    click(app, button(app, "language"))
    assert app.texts.language == "en" and button(app, "language").text == "ES"
    for name, b in app.bars.buttons.items():
        control = app.controls[[c.name for c in app.controls].index(name)]
        if control.place != "speed":
            expected = TEXTS["en"][control.tooltip_key]
            assert b.tool_tip_text == expected, name
    assert app.bars.title.text == "Double pendulum"
    assert app.live["energy"].panel.get_container().elements[0].text == "Energies"
    click(app, app.bars.menu)
    catalog = app.session.catalog.entries
    assert [b.text for b in app.menu.items] == [e.title_in("en") for e in catalog]
    assert all(e.title_in("en") != e.title for e in catalog)  # every shipped model has its English title
    click(app, app.bars.menu)
    click(app, button(app, "parameters"))
    assert app.panel.accept_button.text == "Accept" and app.panel.rows[0].description == "acceleration of gravity"
    key(app, pygame.K_ESCAPE)
    click(app, button(app, "language"))
    assert app.bars.title.text == "Péndulo doble" and button(app, "eraser").tool_tip_text.startswith("Borrador")


def test_kiosk_controls_are_finger_sized(app_factory):
    app = app_factory(kiosk=True)
    rects = [b.rect for b in app.bars.buttons.values() if b.visible]
    assert len(rects) >= 13 and "save" not in app.bars.buttons
    for r in rects:
        assert r.width >= 48 and r.height >= 48, r
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            gap = max(b.left - a.right, a.left - b.right, b.top - a.bottom, a.top - b.bottom)
            assert gap >= 8, (a, b)
    click(app, app.bars.menu)
    items = [b.rect for b in app.menu.items]
    assert all(r.height >= 48 for r in items) and all(b.top - a.bottom >= 8 for a, b in itertools.pairwise(items)
                                                     if a.left == b.left)
    click(app, app.bars.menu)
    click(app, button(app, "parameters"))
    values = [b.rect for b in app.panel.value_buttons]
    assert all(r.height >= 48 for r in values) and all(b.top - a.bottom >= 8 for a, b in itertools.pairwise(values))
    assert app.panel.accept_button.rect.height >= 48 and app.panel.cancel_button.rect.height >= 48
    assert app.panel.status.rect.top >= values[-1].bottom  # nothing overlaps
