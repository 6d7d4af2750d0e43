"""Plots, the chaos control and exports in the real window, driven through its event loop
headless: the buttons and menus are clicked, and state, files and pixels are read back."""

from __future__ import annotations

import csv
import gc
import re
import weakref

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, choose, click, drag, handle_px, key, pump

from game.app.files.userdirs import user_folders
from game.render.plots import CURVES


@pytest.fixture
def app(app_factory, tmp_path):
    app = app_factory()
    app.session.exports.folder = tmp_path
    return app


def pixels(app, rect) -> np.ndarray:
    x, y, w, h = rect
    return pygame.surfarray.array3d(app.screen)[x:x + w, y:y + h].reshape(-1, 3)


def has_colour(app, rect, colour, tolerance: int = 0) -> bool:
    return bool(np.any(np.all(np.abs(pixels(app, rect).astype(int) - colour) <= tolerance, axis=1)))


def test_the_plots_dock_leaves_the_scene_free_and_draws_the_run_broken_at_drags(app):
    width = app.screen.get_width()
    click(app, button(app, "plots"))
    assert app.session.view.plots and app.bars.icon("plots") == "plots_on"
    vx, _, vw, _ = app.camera.viewport
    dx, _, dw, _ = app.layout.dock_rect("plots")
    assert dx == 0 and dx + dw == vx and vx + vw == width  # the drawing area begins where the dock ends
    for p in app.session.showing.poses():  # every body stays in the drawing area
        px, _ = app.camera.to_pixels(p.x, p.y)
        assert vx < px < vx + vw
    click(app, button(app, "animate"), frames=2)
    pump(app, 30, dt=FRAME)
    energy, phase = app.dock.widgets.plot_rects
    assert has_colour(app, energy, CURVES[0], 40) and has_colour(app, energy, CURVES[1], 40)  # Ek and Ep
    assert has_colour(app, phase, CURVES[0], 40)
    # a drag breaks the curves: what follows it is not joined to what came before
    click(app, button(app, "animate"))
    start = handle_px(app, "C2")
    drag(app, start, (start[0] + 60, start[1] - 40))
    click(app, button(app, "animate"), frames=2)
    pump(app, 30, dt=FRAME)
    energy = app.session.plots.plots[0]  # the run before the drag is a series of its own
    assert len(energy.earlier) == 1 and len(energy.curves[2].runs()) == 1
    assert energy.curves[2].points()[-1, 1] == pytest.approx(app.session.history.column("E")[-1])
    click(app, button(app, "plots"))
    assert app.camera.viewport[2] == width and app.dock.widgets is None


def test_menus_choose_what_a_plot_shows_and_buttons_clear_remove_add(app):
    key(app, pygame.K_g)
    assert app.session.view.plots
    choose(app, app.dock.widgets.menus[1]["kind"], "Variable contra variable")
    assert app.session.plots.plots[1].spec.kind == "xy"
    choose(app, app.dock.widgets.menus[1]["x"], "a2")
    choose(app, app.dock.widgets.menus[1]["y"], "p_a2")
    spec = app.session.plots.plots[1].spec
    assert (spec.x, spec.ys) == ("a2", ("p_a2",))
    app.session.clock.run(10)
    pump(app, 2)
    plot = app.session.plots.plots[1]
    last = plot.curves[0].points()[-1]
    assert last.tolist() == pytest.approx([app.session.sim.q[1], app.session.sim.state.p[1]], rel=1e-12)
    # clear, remove and add
    energy = app.session.plots.plots[0]
    assert len(energy.curves[2]) == 11
    click(app, app.dock.widgets.buttons[0]["clear"])
    assert len(energy.curves[2]) == 0 and len(app.session.history) == 11  # the run itself is kept
    click(app, app.dock.widgets.buttons[0]["close"])
    assert [p.spec.kind for p in app.session.plots.plots] == ["xy"]
    click(app, app.dock.widgets.add)
    click(app, app.dock.widgets.add)
    assert [p.spec.kind for p in app.session.plots.plots] == ["xy", "energy", "phase"]
    assert app.dock.widgets.add is None  # the dock is full
    for _ in range(3):
        click(app, app.dock.widgets.buttons[0]["close"])
    assert not app.session.view.plots  # the last one closed the dock


def test_the_spread_plot_and_the_values_panel_speak_the_interfaces_language(app):
    key(app, pygame.K_k)
    key(app, pygame.K_t)
    app.session.clock.run(5)
    pump(app, 2)

    def shown() -> tuple[tuple[str, ...], list[str]]:
        (placement,) = [p for p in app.scene().plots if p.plot.spec.kind == "spread"]
        (layer,) = [layer for layer in app.layers if type(layer).__name__ == "PlotsDockLayer"]
        assert layer.plots.view(placement.plot).legend == placement.legend  # what was drawn
        return placement.legend, app.live["values"].lines

    legend, values = shown()
    assert legend == ("dispersión (escala log)",) and any(line.startswith("dispersión = ") for line in values)
    key(app, pygame.K_l)
    pump(app, 2)
    legend, values = shown()
    assert legend == ("spread (log scale)",) and any(line.startswith("spread = ") for line in values)


def test_the_chaos_control_draws_ghosts_that_fan_out(app, monkeypatch):
    app.session.sim.set_conditions([2.5, 2.5], [0.0, 0.0])
    key(app, pygame.K_k)
    assert app.session.view.ensemble and app.bars.icon("ensemble") == "ensemble_on"
    assert [p.spec.kind for p in app.session.plots.plots] == ["spread"]
    click(app, button(app, "animate"), frames=2)
    app.session.clock.run(320)  # 6.4 s: the copies, 1e-6 apart at first, have parted
    click(app, button(app, "animate"), frames=2)  # pause: what is drawn now stays
    ensemble = app.session.plots.ensemble
    bobs = ensemble.coordinates(2)
    assert np.ptp(bobs[:, 1]) > 0.1
    # ghosts: translucent bob colour where a copy is and no real body is
    style = app.style
    drawn = pygame.surfarray.array3d(app.screen)
    kin, sim = app.session.kinematics, app.session.sim
    poses = kin.poses_many(ensemble.t, bobs, np.zeros_like(bobs))
    c2 = next(p for p in poses if p.id == "C2").fields
    real = np.array(app.camera.to_pixels(*kin.handle_point("C2", sim.t, sim.q)))
    far = [(x, y) for x, y in zip(*app.camera.to_pixels(c2["x"], c2["y"])) if np.hypot(x - real[0], y - real[1]) > 40]
    assert far, "no copy has parted from the motion"
    x, y = (int(v) for v in far[0])
    pixel = drawn[x, y]
    assert tuple(pixel) != style.ball and np.all(np.abs(pixel.astype(int) - style.background) > 5)
    click(app, button(app, "values"))
    assert any(line.startswith("λ = ") for line in app.live["values"].lines)
    assert app.dock.title(app.session, 0).startswith("Lyapunov: λ = ")
    # the readout sits on the plot, whose ticks say −1: its minus sign is theirs, not a hyphen
    monkeypatch.setattr(type(app.session.plots.lyapunov), "estimate", property(lambda _: -0.0123))
    assert app.dock.title(app.session, 0) == "Lyapunov: λ = −0.0123 1/s"
    monkeypatch.undo()
    key(app, pygame.K_k)
    assert app.session.plots.ensemble is None and ensemble not in app.session.sim.observers
    assert not any(line.startswith("λ = ") for line in app.live["values"].lines)


def test_exports_go_to_the_users_documents_and_pictures_named_in_the_windows_language(app):
    app.session.exports.folder = None  # the user's own folders (under CENM_HOME, as every test's)
    documents, pictures = user_folders().documents, user_folders().pictures
    assert documents.name == pictures.name == "Cuerpos en Movimiento" and not documents.exists()
    click(app, button(app, "plots"))
    app.session.clock.run(20)
    pump(app, 2)
    click(app, button(app, "export_csv"))
    (data,) = documents.glob("*.csv")
    assert re.fullmatch(r"cenm-pendulo-doble-corrida-\d{8}-\d{6}\.csv", data.name)
    assert str(data) in app.session.banner.text
    assert len(list(csv.reader(data.open(encoding="utf-8")))) == 1 + 21
    key(app, pygame.K_s)  # the view, by its key
    (view,) = pictures.glob("*vista*.png")
    assert view.name.startswith("cenm-pendulo-doble-vista-") and str(view) in app.session.banner.text
    image = pygame.image.load(str(view))
    assert image.get_size() == app.camera.viewport[2:]
    bob = handle_px(app, "C2")
    vx, vy = app.camera.viewport[:2]
    assert image.get_at((int(bob[0]) - vx, int(bob[1]) - vy))[:3] == app.style.ball
    key(app, pygame.K_w)  # the run again, by its key: a second file, never one overwritten
    assert len(list(documents.glob("*corrida*.csv"))) == 2
    click(app, button(app, "export_plots"))
    (both,) = pictures.glob("*graficas*.png")
    assert pygame.image.load(str(both)).get_height() == 2 * 400
    click(app, app.dock.widgets.buttons[1]["save"])
    (one,) = pictures.glob("*grafica-*.png")
    assert pygame.image.load(str(one)).get_size() == (640, 400) and str(one) in app.session.banner.text
    # in English, English names: the model's English title and what the file holds
    click(app, button(app, "language"))
    for k in (pygame.K_w, pygame.K_s, pygame.K_i):
        key(app, k)
    assert [p.name.rsplit("-", 2)[0] for p in documents.glob("cenm-double-*")] == ["cenm-double-pendulum-run"]
    assert sorted(p.name.rsplit("-", 2)[0] for p in pictures.glob("cenm-double-*")) == [
        "cenm-double-pendulum-plots", "cenm-double-pendulum-view"]
    click(app, button(app, "language"))
    # a dialog hides the dock's controls like the others; its plots stay
    energy_rect = app.dock.widgets.plot_rects[0]
    click(app, button(app, "parameters"))
    assert app.panel is not None and app.dock.widgets is None
    assert has_colour(app, energy_rect, CURVES[0], 40)  # still drawn
    click(app, app.panel.cancel_button)
    assert app.dock.widgets is not None and app.dock.widgets.plot_rects[0] == energy_rect


def test_a_mechanisms_copies_are_drawn_too(app):
    app.session.open("pendulo_doble_mecanismo")
    pump(app, 1)
    key(app, pygame.K_k)
    app.session.clock.run(5)
    scene = app.scene()
    ensemble = app.session.plots.ensemble
    bodies = [p.id for p in app.session.showing.poses() if type(p).__name__ in ("BallPose", "BarPose")]
    assert sorted(body.id for body in scene.ghosts) == sorted(bodies) and bodies
    assert all(len(body.fields["x"]) == ensemble.copies for body in scene.ghosts)


def test_plots_and_chaos_put_away_let_go_of_their_pictures_and_the_records_they_read(app):
    """A kiosk's memory: the plots' pictures (and through them the history of the model they
    plotted, up to 16 MB) and the ghosts' image of the drawing area go when the plots and chaos do,
    not when a later visitor opens them again."""
    key(app, pygame.K_g)
    key(app, pygame.K_k)
    app.session.clock.run(50)
    pump(app, 2)
    layers = {type(layer).__name__: layer for layer in app.layers}
    plots, ghosts = layers["PlotsDockLayer"].plots, layers["GhostsLayer"]
    assert len(plots.views) == len(app.session.plots.plots) > 1 and ghosts.image is not None  # plots and ghosts drawn
    history = weakref.ref(app.session.history)
    key(app, pygame.K_k)  # chaos off
    key(app, pygame.K_g)  # the plots put away
    app.session.load(app.session.catalog.entries.index(app.session.catalog.find("pendulo_simple")))
    pump(app, 2)
    gc.collect()
    assert plots.views == {} and ghosts.image is None
    assert history() is None  # the first model's history went with it


def test_a_saved_plot_is_titled_in_the_windows_language(app, monkeypatch):
    from game.render.plots import PlotView

    titles = []
    draw = PlotView.draw
    monkeypatch.setattr(PlotView, "draw", lambda self, image, rect, title, *rest: titles.append(title)
                        or draw(self, image, rect, title, *rest))
    click(app, button(app, "plots"))
    click(app, button(app, "language"))
    titles.clear()
    key(app, pygame.K_i)  # the plots as one PNG
    saved = [t for t in titles if t]  # the dock on screen draws its plots untitled
    assert len(saved) == 2 and all(t.startswith("Double pendulum — ") for t in saved), titles
