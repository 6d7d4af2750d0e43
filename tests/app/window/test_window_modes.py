"""The modes panel in the real window (issue 30 item 4), driven through its event loop headless: its
control and buttons clicked, a mode's slider dragged, the run animated, and the state, the ghost of
the linear prediction and the pixels read back."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, choose, click, drag, handle_px, key, pump

from game.render.plots import CURVES, MARK

#: where the picture of the panel and the ghost is kept to be looked at (the test writes it anew)
PICTURE = "modes_panel_and_ghost.png"


def slide(app, slider, pixels: float, steps: int = 8) -> None:
    """Grab a slider's handle with the mouse and drag it ``pixels`` to the right."""
    start = np.array(slider.sliding_button.rect.center, dtype=float)
    end = start + (pixels, 0)
    pygame.mouse.set_pos(tuple(int(v) for v in start))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in start), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(int(v) for v in start), button=1))
    pump(app, 1)
    for k in range(1, steps + 1):
        p = tuple(round(v) for v in start + (end - start) * k / steps)
        pygame.mouse.set_pos(p)  # the slider follows the mouse's position, not the events'
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 0), buttons=(1, 0, 0)))
        pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(round(v) for v in end), button=1))
    pump(app, 2)


def opened(app):
    click(app, button(app, "modes"))
    assert app.session.view.modes and app.bars.icon("modes") == "modes_on"
    panel = app.widgets.modes.panel
    assert panel is not None
    return panel


def test_the_control_opens_a_panel_listing_the_equilibria_the_stable_first(app):
    width = app.screen.get_width()
    panel = opened(app)
    assert [b.text.split(":")[0] for b in panel.buttons] == [f"equilibrio {k}" for k in (1, 2, 3, 4)]
    assert "estable" in panel.buttons[0].text and all("inestable" in b.text for b in panel.buttons[1:])
    # the panel is docked at the right, beside the drawing area, not over it
    x, _, w, _ = app.layout.dock_rect("modes")
    vx, _, vw, _ = app.camera.viewport
    assert x + w == width and vx + vw == x
    g, l = app.session.sim.parameters["g"], app.session.sim.parameters["l"]
    rates = [m.rate for m in app.session.modes.analysis.equilibria[0].modes]
    assert rates == pytest.approx([math.sqrt(g / l * (2 - math.sqrt(2))), math.sqrt(g / l * (2 + math.sqrt(2)))],
                                  rel=1e-6)
    click(app, button(app, "modes"))
    assert not app.session.view.modes and app.widgets.modes.panel is None and app.camera.viewport[2] == width


def test_choosing_rests_the_model_there_and_a_dragged_amplitude_starts_its_mode(app, tmp_path):
    panel = opened(app)
    s = app.session
    click(app, panel.buttons[1])  # an unstable one: at rest there, no sliders
    assert np.allclose(s.sim.q, [0, math.pi]) and np.allclose(s.sim.qdot, 0) and s.sim.t == 0
    assert app.widgets.modes.panel.amplitudes == []
    click(app, app.widgets.modes.panel.buttons[0])
    panel = app.widgets.modes.panel
    assert np.allclose(s.sim.q, 0) and len(panel.amplitudes) == len(panel.phases) == 2
    slide(app, panel.amplitudes[0], 40)
    a = s.modes.amplitudes[0]
    assert 0.05 < a < 0.3 and panel.words[0][0].text == f"amplitud {a:.3g} rad"
    e = s.modes.equilibrium
    v = e.modes[0].shape
    assert s.sim.q == pytest.approx(a / np.max(np.abs(v)) * v, rel=1e-12) and np.allclose(s.sim.qdot, 0)
    # Animate: the real motion, and beside it the linear prediction as a ghost
    click(app, button(app, "animate"), frames=2)
    assert s.view.animating
    s.clock.run(round(1.0 / s.sim.model.general.dt))
    pump(app, 1)
    assert s.sim.t == pytest.approx(1.0)
    ghost = s.modes.ghost()
    assert ghost is not None and np.max(np.abs(s.sim.q - ghost[0])) < a ** 2
    assert ghost[0] == pytest.approx(e.q + a / np.max(np.abs(v)) * math.cos(e.modes[0].rate * 1.0) * v)
    scene = app.scene()
    assert {b.id for b in scene.ghosts} >= {"C1", "C2"}
    assert next(layer for layer in app.layers if type(layer).__name__ == "GhostsLayer").image is not None


def test_the_ghost_parts_from_the_motion_where_linear_stops_being_true_and_is_drawn(app, tmp_path):
    panel = opened(app)
    s = app.session
    click(app, panel.buttons[0])
    s.modes.set_mode(0, amplitude=1.0)  # a large swing: linear is wrong within seconds
    pump(app, 2)
    assert app.widgets.modes.panel.amplitudes[0].current_value == 1.0  # the slider follows
    click(app, button(app, "animate"), frames=2)
    assert s.view.animating
    s.clock.run(150)
    click(app, button(app, "animate"), frames=2)  # paused: the picture stays
    assert not s.view.animating and app.bars.clock.text.startswith("t = 3.00")
    ghost = s.modes.ghost()
    assert ghost is not None
    kin = s.kinematics
    real = np.array(app.camera.to_pixels(*kin.handle_point("C2", s.sim.t, s.sim.q)))
    linear = np.array(app.camera.to_pixels(*kin.handle_point("C2", s.sim.t, ghost[0])))
    assert np.hypot(*(real - linear)) > 30
    x, y = (round(float(c)) for c in linear)
    pixel = pygame.surfarray.array3d(app.screen)[x, y].astype(int)
    assert np.all(np.abs(pixel - app.style.background) > 5)  # the ghost's bob is drawn where linear has it
    pygame.image.save(app.screen, str(tmp_path / PICTURE))


def test_the_ghost_goes_on_a_drag_and_the_panel_under_a_dialog(app):
    panel = opened(app)
    s = app.session
    click(app, panel.buttons[0])
    s.modes.set_mode(1, amplitude=0.1, phase=1.0)
    pump(app, 2)
    assert app.scene().ghosts
    start = handle_px(app, "C2")
    drag(app, start, (start[0] + 30, start[1]))
    assert s.modes.ghost() is None and app.scene().ghosts == []
    click(app, button(app, "conditions"))
    assert s.view.dialog == "conditions" and app.widgets.modes.panel is None
    s.dialogs.close()
    pump(app, 2)
    assert app.widgets.modes.panel is not None


def test_a_kiosk_gives_the_modes_finger_sized_sliders(app_factory):
    app = app_factory(kiosk=True)
    panel = opened(app)
    click(app, panel.buttons[0])
    panel = app.widgets.modes.panel
    assert all(b.rect.height >= 48 for b in panel.buttons)
    for slider in (*panel.amplitudes, *panel.phases):
        assert slider.rect.height >= 48 and slider.sliding_button.rect.width >= 48
    slide(app, panel.amplitudes[1], 50)
    assert app.session.modes.amplitudes[1] > 0
    pump(app, 2, dt=FRAME)


def test_the_spectrum_plot_marks_the_frequencies_of_the_modes_and_peaks_at_the_one_started(app):
    panel = opened(app)
    s = app.session
    click(app, panel.buttons[0])
    s.modes.set_mode(1, amplitude=0.03)
    key(app, pygame.K_g)
    choose(app, app.dock.widgets.menus[1]["kind"], "Espectro (FFT)")
    menus = app.dock.widgets.menus[1]
    assert set(menus) == {"kind", "y"}  # frequency across, fixed: only what is transformed is chosen
    choose(app, app.dock.widgets.menus[1]["y"], "a2")
    plot = s.plots.plots[1]
    assert plot.spec.ys == ("a2",)
    click(app, button(app, "animate"), frames=2)
    s.clock.run(1000)
    click(app, button(app, "animate"), frames=3)
    f, size = plot.curves[0].points().T
    predicted = [m.rate / (2 * np.pi) for m in s.modes.equilibrium.modes]
    assert plot.marks == pytest.approx(predicted)
    assert abs(f[np.argmax(size)] - predicted[1]) <= f[1]
    drawn = pygame.surfarray.array3d(app.screen)
    x, y, w, h = app.dock.widgets.plot_rects[1]
    inside = drawn[x:x + w, y:y + h].reshape(-1, 3).astype(int)
    assert np.any(np.all(inside == MARK, axis=1))  # the predicted frequencies, dashed
    assert np.any(np.all(np.abs(inside - CURVES[0]) <= 40, axis=1))  # the spectrum
