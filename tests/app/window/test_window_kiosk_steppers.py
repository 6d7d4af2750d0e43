"""A kiosk's − and + (issue 34 item 1): angles in degrees wrapped to one turn, each value with its
unit and the file's range, and a − or + held down repeats faster and faster. Real events through
the window's loop; what the panel shows is read back."""

from __future__ import annotations

import pygame
import pytest
from window_helpers import FRAME, button, click, pump

from game.app.files import paths


def row_of(panel, name: str) -> int:
    return [r.name for r in panel.rows].index(name)


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
