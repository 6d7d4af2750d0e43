"""A kiosk's − and + (issue 34 item 1): angles in degrees wrapped to one turn, each value with its
unit and the file's range, a − or + held down repeats faster and faster, and each step shows in the
scene beside the docked panel before Accept (kept in view). Real events through the window's loop;
what the panel shows and the pixels drawn are read back."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from window_helpers import FRAME, button, click, pump

from game.app.files import paths

#: the balls' fill (render's default style), as the screen has it
BALL = (226, 87, 43)


def row_of(panel, name: str) -> int:
    return [r.name for r in panel.rows].index(name)


def ball_at(app, gid: str, q=None) -> tuple[int, int]:
    """The pixel of ball ``gid``'s centre, the bodies at ``q`` (default: where the model has them)."""
    s = app.session
    x, y = s.kinematics.handle_point(gid, s.sim.t, s.sim.q if q is None else q)
    return tuple(round(float(c)) for c in app.camera.to_pixels(x, y))


def is_ball(app, pixel) -> bool:
    return np.allclose(app.screen.get_at(pixel)[:3], BALL, atol=12)


def in_view(app, pixel) -> bool:
    x, y, w, h = app.layout.viewport
    return x <= pixel[0] < x + w and y <= pixel[1] < y + h


def hold(app, element, until, seconds: float = 8.0) -> float:
    """Press ``element`` and keep it down, a frame of 1/60 s at a time, until ``until()`` (or
    ``seconds``); then let go. The seconds it was held."""
    pos = element.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    held = 0.0
    while held < seconds and not until():
        pump(app, 1, FRAME)
        held += FRAME
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, 2)
    return held


def test_held_minus_and_plus_repeat_and_cross_the_range_in_a_few_seconds(app_factory, tmp_path):
    app = app_factory(kiosk=True)
    click(app, button(app, "parameters"))
    panel = app.panel
    i = row_of(panel, "M")
    down = hold(app, panel.minus[i], lambda: panel.numbers[i].text == "0.1")
    assert panel.numbers[i].text == "0.1" and down < 2.5  # from 1: nine steps, then held at the end
    up = hold(app, panel.plus[i], lambda: panel.numbers[i].text == "10")
    assert panel.numbers[i].text == "10" and up < 4.0, up  # 99 steps of 0.1 (a tap each: 99 taps)
    hold(app, panel.plus[i], lambda: False, seconds=0.5)
    assert panel.numbers[i].text == "10" and panel.message == "M va de 0.1 a 10."
    # a tap is still one step: the release of a hold that repeated adds none
    click(app, panel.minus[i])
    assert panel.numbers[i].text == "9.9"
    pygame.image.save(app.screen, str(tmp_path / "held.png"))
    click(app, panel.accept_button)
    assert app.session.sim.parameters["M"] == pytest.approx(9.9)


def test_angles_show_in_degrees_wrapped_to_one_turn_and_step_by_five(app_factory, tmp_path):
    app = app_factory(kiosk=True)
    s = app.session
    s.sim.set_conditions([-16.78, 0.7853981633974483], [0.5, 0.0])  # the attract loop left a1 three turns round
    click(app, button(app, "conditions"))
    panel = app.panel
    a1, a2, va1 = (row_of(panel, n) for n in ("a1", "a2", "va1"))
    assert panel.numbers[a1].text == "118.577°"  # −16.78 rad + 3 turns, in degrees
    assert panel.numbers[a2].text == "45°" and panel.numbers[va1].text == "28.6479°/s"
    click(app, panel.plus[a1])
    assert panel.numbers[a1].text == "120°"  # onto the grid of 5°: not a jump to the range's end
    click(app, panel.plus[a1])
    click(app, panel.minus[a2])
    pygame.image.save(app.screen, str(tmp_path / "degrees.png"))
    click(app, panel.accept_button)
    assert s.sim.values()["a1"] == pytest.approx(125 * 3.141592653589793 / 180, abs=1e-12)
    assert s.sim.values()["a2"] == pytest.approx(40 * 3.141592653589793 / 180, abs=1e-12)


def test_the_files_unit_and_range_are_what_the_steppers_show_and_keep_to(app_factory, tmp_path):
    text = (paths.MODELS / "pendulo_doble.dat").read_text(encoding="utf-8")
    text = text.replace("<P>M|1|masa de la bola superior|", "<P>M|1|masa de la bola superior|unit: kg|range: 0.5:2|")
    (tmp_path / "con_unidades.dat").write_text(text, encoding="utf-8")
    app = app_factory(str(tmp_path / "con_unidades.dat"), kiosk=True)
    click(app, button(app, "parameters"))
    panel = app.panel
    i = row_of(panel, "M")
    assert panel.numbers[i].text == "1 kg"
    hold(app, panel.plus[i], lambda: False, seconds=4.0)  # 100 steps of 0.01 kg
    assert panel.numbers[i].text == "2 kg" and panel.message == "M va de 0.5 kg a 2 kg."
    click(app, panel.accept_button)
    assert app.session.sim.parameters["M"] == 2.0


def test_plus_on_an_angle_shows_the_body_there_before_accept_and_the_motion_goes_on_from_it(app_factory, tmp_path):
    app = app_factory(kiosk=True)
    s = app.session
    q0 = s.sim.q.copy()
    click(app, button(app, "conditions"))
    panel = app.panel
    vx, _, vw, _ = app.layout.viewport
    assert vx + vw <= panel.panel.rect.left  # docked at the right, the scene beside it
    before = ball_at(app, "C2")
    assert is_ball(app, before)
    a1 = row_of(panel, "a1")
    for _ in range(6):  # 90° → 120°, a tap at a time (real mouse events on the + button)
        click(app, panel.plus[a1])
    assert panel.numbers[a1].text == "120°"
    assert np.array_equal(s.sim.q, q0)  # pending: the model keeps its own until Accept
    shown = ball_at(app, "C2", q=np.array([math.radians(120), q0[1]]))
    assert math.dist(shown, before) > 20
    assert is_ball(app, shown) and not is_ball(app, before)  # the drawn body moved to 120°
    pygame.image.save(app.screen, str(tmp_path / "kiosk_preview.png"))
    # held down, + repeats and the scene follows the steps
    def shown_now() -> tuple[int, int]:
        return ball_at(app, "C2", q=np.array([math.radians(float(panel.numbers[a1].text.rstrip("°"))), q0[1]]))

    seen: set[tuple[int, int]] = set()
    hold(app, panel.plus[a1], lambda: (is_ball(app, shown_now()) and seen.add(shown_now())) or len(seen) > 4)
    assert len(seen) > 4 and is_ball(app, shown_now())  # each a ball drawn where its angle puts it
    angle = math.radians(float(panel.numbers[a1].text.rstrip("°")))
    click(app, panel.accept_button)
    assert s.sim.values()["a1"] == pytest.approx(angle, abs=1e-12)
    pump(app, 2)
    assert is_ball(app, ball_at(app, "C2"))  # drawn where it was previewed
    start = ball_at(app, "C2")
    click(app, button(app, "animate"))  # and it swings from there
    pump(app, 20, dt=FRAME)
    assert s.sim.t > 0 and math.dist(ball_at(app, "C2"), start) > 5


def test_a_bar_stepped_to_ten_times_its_length_stays_in_view_beside_the_panel(app_factory, tmp_path):
    app = app_factory(kiosk=True)
    s = app.session
    framing = s.view.framing
    click(app, button(app, "parameters"))
    panel = app.panel
    i = row_of(panel, "l")
    hold(app, panel.plus[i], lambda: panel.numbers[i].text == "10")
    assert panel.numbers[i].text == "10" and s.sim.parameters["l"] == 1.0
    poses = s.showing.poses()  # the preview's
    bob = next(p for p in poses if p.id == "C2")
    pixel = tuple(round(float(c)) for c in app.camera.to_pixels(bob.x, bob.y))
    assert in_view(app, pixel) and is_ball(app, pixel)  # ten bars away from its pivot, in view
    assert s.view.framing.zoom < framing.zoom
    pygame.image.save(app.screen, str(tmp_path / "ten_times_kiosk.png"))
    click(app, panel.accept_button)
    pump(app, 2)
    assert s.sim.parameters["l"] == 10 and in_view(app, ball_at(app, "C2")) and is_ball(app, ball_at(app, "C2"))
