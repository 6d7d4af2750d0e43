"""Issue 34 items 6 and 8 in the real window: the run's CSV times are the step count times dt;
refusals in physical words; the kiosk as a named application that speaks of touches."""

from __future__ import annotations

import csv
import os
import sys

import numpy as np
import pygame
import pytest
from window_helpers import key, pump


def test_the_runs_csv_writes_times_as_steps_times_dt(app, tmp_path):
    s = app.session
    s.exports.folder = tmp_path
    s.clock.run(2528)  # 50.56 s of dt = 0.02: the sum of the steps drifts
    assert s.sim.t != 50.56
    key(app, pygame.K_w)
    (written,) = tmp_path.glob("*.csv")
    rows = list(csv.reader(written.open(encoding="utf-8")))
    times = [row[0] for row in rows[1:]]
    assert times[-1] == "50.56" and all(len(t) <= 5 for t in times)


def test_the_kiosk_is_a_named_application(app_factory, monkeypatch):
    # what ``import pygame`` puts there under X: the program's name ("-c" under python -c, "pytest")
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", os.path.basename(sys.argv[0]))
    app_factory(kiosk=True, language="en")
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "cuerpos-en-movimiento-kiosk"  # read by SDL at display init
    assert pygame.display.get_caption()[0] == "Cuerpos en Movimiento — kiosk"
    pygame.quit()
    app_factory(language="es")
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "cuerpos-en-movimiento"
    assert pygame.display.get_caption()[0] == "Cuerpos en Movimiento"
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "aula-3")  # a window manager's rule of the school's own
    pygame.quit()
    app_factory(kiosk=True)
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "aula-3"


def test_the_kiosk_speaks_of_touches_not_keys(app_factory, tmp_path):
    app = app_factory(kiosk=True, language="en")
    tips = [b.tool_tip_text for b in app.bars.buttons.values()]
    tips += [b.tool_tip_text for b in app.bars.words.values()]
    assert tips and all(tip and "(" not in tip for tip in tips), tips
    assert "Space" not in " ".join(tips) and any(tip == "Animate" for tip in tips)
    desktop = app_factory(language="en")
    assert desktop.bars.buttons["animate"].tool_tip_text == "Animate (Space)"


#: how far inside a bar's edge its own colour must be, pixels (its outline's blend is outside)
MARGIN = 0.3


def seam_pixels(app) -> tuple[int, int]:
    """Pixels well inside the mechanism's bars (more than MARGIN px from their edge, away from the pins)
    not of the bar's colour, and how many were looked at."""
    from game.model.poses import BarPose

    screen = pygame.surfarray.array3d(app.screen).astype(int)
    bar = np.array(app.style.bar)
    light = looked = 0
    for pose in app.session.showing.poses():
        if not isinstance(pose, BarPose) or pose.ground:
            continue
        (x0, y0), (x1, y1) = app.camera.to_pixels(pose.x, pose.y), app.camera.to_pixels(pose.xf, pose.yf)
        r = max(app.camera.length_to_pixels(pose.width), app.style.min_bar_px) / 2
        length = np.hypot(x1 - x0, y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        for s in np.arange(r + 8, length - r - 8, 0.5):
            for off in np.arange(-(r - MARGIN), r - MARGIN, 0.25):
                px, py = x0 + ux * s - uy * off, y0 + uy * s + ux * off
                i, j = int(px), int(py)
                if np.hypot(i + 0.5 - (x0 + ux * s), j + 0.5 - (y0 + uy * s)) > r - MARGIN:
                    continue
                looked += 1
                light += int(np.abs(screen[i, j] - bar).max() > 3)
    return light, looked


def test_bars_are_drawn_without_a_seam(app_factory, tmp_path):
    """A bar's fill left out pixels along one edge, which its anti-aliased outline blended with the
    background: a dashed light line along Jansen's bars."""
    app = app_factory(model="jansen")
    pump(app, 2)
    pygame.image.save(app.screen, str(tmp_path / "jansen.png"))
    light, looked = seam_pixels(app)
    assert looked > 100_000 and light <= 20, (light, looked)  # 229 before: a dashed line


def test_the_formulas_half_is_written_legibly(app_factory, tmp_path):
    for model, first in (("pendulo_doble", "Ek = 1/2·((M+m)·(L·va1)²"), ("jansen", "Ek = 1/2·q̇·M·q̇")):
        app = app_factory(model=model, language="en")
        key(app, pygame.K_n)
        pump(app, 2)
        lines = app.live["energy"].lines
        assert lines[0].startswith(first) and not any("½" in line for line in lines), lines
        pygame.image.save(app.screen, str(tmp_path / f"half_{model}.png"))


def test_a_mass_typed_negative_is_refused_by_its_name(app_factory, run, tmp_path):
    from window_helpers import button, click, edit_value

    app = app_factory(language="en")
    click(app, button(app, "parameters"))
    panel = app.panel
    edit_value(app, "m", "-1")
    click(app, panel.accept_button)
    assert app.panel is panel and app.session.sim.parameters["m"] == 1  # nothing applied
    assert panel.message == "Refused (m): m must be > 0 (with m = -1 a body has no mass or size to move with)"
    assert "singular" not in panel.message
    edit_value(app, "m", "1")
    edit_value(app, "L", "0")
    click(app, panel.accept_button)
    assert panel.message.startswith("Refused (m, L): L must be > 0 (with L = 0")
    # check still says the engine's reason
    from game.app.files import paths

    negative = tmp_path / "negative.dat"
    negative.write_text((paths.MODELS / "pendulo_doble.dat").read_text(encoding="utf-8").replace("<P>m|1|", "<P>m|-1|"),
                        encoding="utf-8")
    r = run("check", str(negative), "--lang", "en")
    assert r.returncode != 0 and "T is not positive definite" in r.stdout  # the technical reason, with its place


def test_save_as_model_proposes_the_title_in_the_windows_language(app_factory):
    from window_helpers import button, click

    from game.app.files.userdirs import user_folders

    app = app_factory(language="en")
    click(app, button(app, "save"))
    panel = app.panel
    assert panel.name_entry.get_text() == "Double pendulum 2"
    click(app, panel.accept_button)
    saved = user_folders().models / "Double pendulum 2.dat"
    assert saved.is_file()
    click(app, app.bars.menu)
    assert app.menu.items[-1].text == "Double pendulum 2"


def test_my_models_are_looked_for_again_when_the_menu_opens(app_factory):
    from window_helpers import click

    from game.app.files import paths
    from game.app.files.userdirs import user_folders

    app = app_factory(language="en")
    click(app, app.bars.menu)
    assert app.menu.headings == []  # nothing of the user's yet
    click(app, app.bars.menu)
    folder = user_folders().models
    folder.mkdir(parents=True)
    (folder / "copied in.dat").write_bytes((paths.MODELS / "pendulo_simple.dat").read_bytes())  # by a teacher
    click(app, app.bars.menu)
    assert [h.text for h in app.menu.headings] == ["My models"] and app.menu.items[-1].text == "copied in"
    click(app, app.menu.items[-1], frames=4)
    assert app.session.entry.path == folder / "copied in.dat"
    (folder / "copied in.dat").unlink()
    click(app, app.bars.menu)  # the model on screen stays offered while it is open
    assert app.menu.items[-1].text == "copied in"


def wheel(app, pos, steps: int) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, precise_x=0.0, precise_y=float(steps),
                                         flipped=False, touch=False))
    pump(app, 2)


@pytest.mark.parametrize("model", ["jansen", "caja_bolas"])
def test_the_values_panel_scrolls(app_factory, model, tmp_path):
    app = app_factory(model=model, width=1280, height=720, language="en")
    key(app, pygame.K_t)
    pump(app, 2)
    whole = app.session.readout.lines("values")
    panel = app.live["values"]
    shown = panel.lines
    assert len(shown) < len(whole) and shown[-1].startswith("… ") and shown[-1].endswith("more: scroll with the wheel")
    assert shown[:-1] == whole[:len(shown) - 1]
    zoom = app.session.framer.camera()
    wheel(app, panel.panel.rect.center, -1)  # down
    assert app.live["values"].lines[0] == "… 3 above" and app.live["values"].lines[1] == whole[3]
    assert app.session.framer.camera() == zoom  # the wheel over the panel does not zoom the scene
    for _ in range(len(whole)):
        wheel(app, panel.panel.rect.center, -1)
    pygame.image.save(app.screen, str(tmp_path / f"values_{model}.png"))
    assert app.live["values"].lines[-1] == whole[-1]  # down to the last value
    for _ in range(len(whole)):
        wheel(app, panel.panel.rect.center, 1)
    assert app.live["values"].lines[0] == whole[0]


def legend_layer(app):
    from game.render import ReactionArrowsLayer

    return next(layer for layer in app.layers if isinstance(layer, ReactionArrowsLayer))


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_reactions_legend_hides_no_body_and_folds(app_factory, size, tmp_path):
    from window_helpers import click_at

    from game.render.placing import bodies_box

    app = app_factory(model="jansen", width=size[0], height=size[1], language="en")
    key(app, pygame.K_f)
    pump(app, 2)
    pygame.image.save(app.screen, str(tmp_path / f"legend_{size[0]}.png"))
    rect = legend_layer(app).legend_rect
    assert rect is not None
    bodies = bodies_box(app.scene())
    x, y, _, h = app.layout.viewport
    lower_left = pygame.Rect(x + 8, y + h - 8 - rect.h, rect.w, rect.h)  # where it always went
    covered = [b for b in bodies if lower_left.colliderect(b)]
    hidden = sum(rect.clip(b).w * rect.clip(b).h for b in bodies)
    assert hidden <= sum(lower_left.clip(b).w * lower_left.clip(b).h for b in covered)
    assert hidden == 0, "a corner free of bodies was there"
    # a click on it folds it to its title; another unfolds it
    tall = rect.h
    click_at(app, rect.center)
    folded = legend_layer(app).legend_rect
    assert app.session.view.legend_folded and folded.h < tall / 2
    pygame.image.save(app.screen, str(tmp_path / f"legend_folded_{size[0]}.png"))
    assert app.session.dragging.drag is None  # not a grab of what is under it
    click_at(app, folded.center)
    assert not app.session.view.legend_folded and legend_layer(app).legend_rect.h == tall
