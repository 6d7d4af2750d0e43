"""Issue 34 items 6 and 8 in the real window: the run's CSV times are the step count times dt;
refusals in physical words; the kiosk as a named application that speaks of touches."""

from __future__ import annotations

import csv
import os
import sys

import pygame
from window_helpers import key


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
