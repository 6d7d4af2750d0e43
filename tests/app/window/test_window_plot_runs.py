"""Each run its own series in the plots (issue 34 item 3), through the real window: Accept, Reset, a
drag and a reload each begin a run that the plots show beside the earlier ones, each in its colour
and named in the legend; Clear keeps only the present run; a kiosk's visitor sees none of the
attract loop's runs. Buttons and menus are clicked; state and pixels are read back."""

from __future__ import annotations

import os

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, click, drag, edit_value, finger, handle_px, key, pump

from game.app.files import paths
from game.app.kiosk.kiosk import ATTRACT, INTERACTIVE
from game.physics.observe.series import KEPT_RUNS
from game.render.plots import CURVES, RUNS, TOP

from .test_window_kiosk import SHOWS

#: where the screenshots of these tests go when asked (CENM_SHOTS=folder), to be looked at
SHOTS = os.environ.get("CENM_SHOTS")


def shot(app, name: str) -> None:
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, name))


def has_colour(app, rect, colour, tolerance: int = 12) -> bool:
    x, y, w, h = rect
    pixels = pygame.surfarray.array3d(app.screen)[x:x + w, y:y + h].reshape(-1, 3).astype(int)
    return bool(np.any(np.all(np.abs(pixels - colour) <= tolerance, axis=1)))


def run_for(app, frames: int = 40) -> None:
    """Animate for ``frames`` frames, then pause."""
    click(app, button(app, "animate"), frames=2)
    pump(app, frames, dt=FRAME)
    click(app, button(app, "animate"), frames=2)


def legends(app) -> list[tuple[str, ...]]:
    return [p.runs for p in app.scene().plots]


def test_accept_reset_and_drags_begin_runs_each_with_its_colour_and_name_clear_keeps_the_present(app_factory,
                                                                                                   tmp_path):
    app = app_factory()
    app.session.exports.folder = tmp_path
    click(app, button(app, "plots"))
    run_for(app)
    energy = app.session.plots.plots[0]
    assert energy.earlier == [] and legends(app) == [(), ()]
    first = app.dock.widgets.plot_rects[0]
    assert not any(has_colour(app, first, colour) for colour in RUNS)  # one run: drawn as ever
    # new parameters: the run before is named by the mass it ran with
    click(app, button(app, "parameters"))
    edit_value(app, "m", "2")
    click(app, app.panel.accept_button)
    run_for(app)
    assert [r.number for r in energy.earlier] == [1] and legends(app) == [("m = 1",), ("m = 1",)]
    for rect in app.dock.widgets.plot_rects:  # the earlier run's curve and its name, in its colour
        x, y, w, h = rect
        assert has_colour(app, (x, y + TOP, w, h - TOP), RUNS[0]) and has_colour(app, (x, y, w, TOP), RUNS[0])
        assert has_colour(app, rect, CURVES[0], 40)  # the present run as always
    # Reset, with the same parameters: that run is named by its number
    click(app, button(app, "reset"))
    run_for(app)
    assert legends(app)[0] == ("m = 1", "corrida 2")
    assert has_colour(app, app.dock.widgets.plot_rects[0], RUNS[1])
    # drags: a run each; no more than KEPT_RUNS earlier ones, the oldest dropped
    for k in range(3):
        start = handle_px(app, "C2")
        drag(app, start, (start[0] + 30 + 10 * k, start[1] - 30))
        run_for(app)
    assert [r.number for r in energy.earlier] == list(range(6 - KEPT_RUNS, 6)) and energy.number == 6
    assert legends(app)[0] == ("corrida 2", "corrida 3", "corrida 4", "corrida 5")
    shot(app, "plot_runs.png")
    key(app, pygame.K_i)  # the plots as a PNG: the runs as on screen
    (saved,) = tmp_path.glob("*.png")
    picture = pygame.surfarray.array3d(pygame.image.load(str(saved))).reshape(-1, 3).astype(int)
    assert all(np.any(np.all(np.abs(picture - RUNS[k]) <= 12, axis=1)) for k in range(len(RUNS)))
    if SHOTS:
        pygame.image.save(pygame.image.load(str(saved)), os.path.join(SHOTS, "plot_runs_saved.png"))
    # the phase plot too, and what English calls them
    click(app, button(app, "language"))
    assert legends(app)[1] == ("run 2", "run 3", "run 4", "run 5")
    # Clear keeps only the present run, as run 1
    click(app, app.dock.widgets.buttons[0]["clear"])
    run_for(app, 10)
    assert energy.earlier == [] and energy.number == 1 and legends(app)[0] == ()
    assert not any(has_colour(app, app.dock.widgets.plot_rects[0], colour) for colour in RUNS)
    assert len(app.session.plots.plots[1].earlier) == KEPT_RUNS  # the other plot is not cleared


def test_a_model_read_again_keeps_its_plots_runs(app_factory, tmp_path):
    path = tmp_path / "clase.dat"
    text = (paths.MODELS / "pendulo_simple.dat").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    app = app_factory(str(path))
    click(app, button(app, "plots"))
    click(app, button(app, "animate"), frames=2)
    pump(app, 30, dt=FRAME)
    path.write_text(text.replace("<P>l|1.5|", "<P>l|0.5|"), encoding="utf-8")
    os.utime(path, ns=(1, 1))
    pump(app, 70, dt=FRAME)  # a little over a second: read again, and moving on
    assert app.session.sim.parameters["l"] == 0.5 and app.session.view.animating
    assert legends(app) == [("l = 1.5",), ("l = 1.5",)]
    assert all(len(p.earlier[0].curves[0][0]) >= 30 for p in app.session.plots.plots)
    assert has_colour(app, app.dock.widgets.plot_rects[1], RUNS[0])
    shot(app, "plot_runs_reload.png")


def test_a_kiosk_visitor_sees_only_their_own_runs(app_factory):
    app = app_factory(kiosk=True, kiosk_idle_seconds=2, kiosk_countdown_seconds=3, kiosk_attract=SHOWS)
    pump(app, 51, dt=0.1)
    assert app.session.kiosk.idle.phase == ATTRACT
    pump(app, 40, dt=0.1)  # the attract loop moves the triple pendulum for a while
    history = app.session.history
    before = len(history)
    assert before > 200
    # the first touch wakes the kiosk; from then on the plots are the visitor's
    centre = app.layout.viewport[0] + 20, app.layout.viewport[1] + 200
    finger(app, pygame.FINGERDOWN, centre)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1, touch=True))
    finger(app, pygame.FINGERUP, centre)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1, touch=True))
    pump(app, 2, dt=FRAME)
    assert app.session.kiosk.idle.phase == INTERACTIVE
    touched = history.column("t")[before - 1]
    click(app, button(app, "plots"))
    pump(app, 20, dt=FRAME)
    energy = app.session.plots.plots[0]
    assert energy.earlier == [] and legends(app)[0] == ()
    t = energy.curves[0].points()[:, 0]
    assert len(t) > 10 and t[0] >= touched - 0.05 and t[-1] == pytest.approx(app.session.sim.t, abs=0.05)
