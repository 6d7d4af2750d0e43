"""The desktop's Parameters and Conditions panels (issue 34 item 1, desktop part): docked beside the
scene, a slider beside each number with its unit and span; while a slider moves the scene shows the
model at the new value and the simulation keeps its own until Accept (Cancel: as it was). Real mouse
events on the real widgets through the window's loop; the state and the pixels are read back."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from window_helpers import button, click, edit_value, pump

from game.app.files import paths
from game.app.session.edits import ParameterEdits

#: the balls' fill (render's default style), as the screen has it
BALL = (226, 87, 43)


def clipped(panel) -> list[str]:
    """The panel's names, values and units that do not fit their label (as test_window_small asks
    of every label)."""
    out = []
    for e in (*panel.value_buttons, *panel.units.values()):
        b = e.border_width
        borders = b["left"] + b["right"] if isinstance(b, dict) else 2 * (b or 0)
        padding = 0 if e.text_horiz_alignment == "center" else 2 * e.text_horiz_alignment_padding
        if e.visible and e.font is not None and e.font.size(e.text)[0] > e.rect.width - borders - padding:
            out.append(e.text)
    return out


def row_of(panel, name: str) -> int:
    return [r.name for r in panel.rows].index(name)


def slider_value(panel, i: int) -> float:
    """The value row ``i``'s slider stands at (its position read through its span's scale)."""
    return panel.shown[i].at(panel.sliders[i].current_value)


def slide(app, slider, pixels: float, steps: int = 8) -> list[str]:
    """Grab a slider's handle with the mouse and drag it ``pixels`` to the right, a frame per step;
    what the field said after each."""
    panel = app.panel
    i = next(k for k, s in panel.sliders.items() if s is slider)
    start = np.array(slider.sliding_button.rect.center, dtype=float)
    end = start + (pixels, 0)
    pygame.mouse.set_pos(tuple(int(v) for v in start))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in start), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(int(v) for v in start), button=1))
    pump(app, 1)
    said = []
    for k in range(1, steps + 1):
        p = tuple(round(v) for v in start + (end - start) * k / steps)
        pygame.mouse.set_pos(p)  # the slider follows the mouse's position, not the events'
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 0), buttons=(1, 0, 0)))
        pump(app, 2)
        said.append(panel.value_buttons[i].text)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(round(v) for v in end), button=1))
    pump(app, 2)
    return said


def ball_at(app, gid: str, kinematics=None, q=None) -> tuple[int, int]:
    """The pixel of ball ``gid``'s centre (with these kinematics and coordinates: the model's now)."""
    s = app.session
    kin = kinematics or s.kinematics
    x, y = kin.handle_point(gid, s.sim.t, s.sim.q if q is None else q)
    return tuple(round(float(c)) for c in app.camera.to_pixels(x, y))


def is_ball(app, pixel) -> bool:
    return np.allclose(app.screen.get_at(pixel)[:3], BALL, atol=12)


def test_the_panel_docks_beside_the_scene_with_a_slider_and_unit_per_number(app_factory, tmp_path):
    text = (paths.MODELS / "pendulo_doble.dat").read_text(encoding="utf-8")
    text = text.replace("<P>m|1|masa de la bola inferior|", "<P>m|1|masa de la bola inferior|unit: kg|range: 0.5:2|")
    (tmp_path / "con_unidades.dat").write_text(text, encoding="utf-8")
    for width, height in ((1280, 720), (640, 480), (640, 400)):
        app = app_factory(str(tmp_path / "con_unidades.dat"), width=width, height=height)
        click(app, button(app, "parameters"))
        panel = app.panel
        box = panel.panel.rect
        assert box.right <= width and box.bottom <= height and box.left >= width // 2 - 1
        vx, _, vw, _ = app.layout.viewport
        assert vx + vw <= box.left  # the scene beside it, not under it
        assert is_ball(app, ball_at(app, "C2"))  # and the bodies in it
        # every number has its slider, dt and N (system data) none
        assert sorted(panel.rows[i].name for i in panel.sliders) == ["L", "M", "g", "l", "m"]
        m = panel.sliders[row_of(panel, "m")]
        assert m.value_range == (0.5, 2.0) and m.current_value == 1.0  # the file's range:
        assert panel.units[row_of(panel, "m")].text == "kg"
        length = row_of(panel, "l")  # a tenth to ten times, on a logarithmic slider: 1 in the middle
        assert (panel.shown[length].low, panel.shown[length].high) == pytest.approx((0.1, 10.0))
        assert panel.sliders[length].value_range == pytest.approx((-1.0, 1.0)) and slider_value(panel, length) == 1
        for slider in panel.sliders.values():
            assert box.contains(slider.rect) or not slider.visible  # inside the panel (or scrolled away)
        assert clipped(panel) == []  # every value and unit whole
        pygame.image.save(app.screen, str(tmp_path / f"parameters_{width}x{height}.png"))
        click(app, panel.cancel_button)
        assert app.panel is None and app.session.view.dialog is None
        pump(app, 2)
        assert "dialog" not in [d.name for d in app.layout.docks]


def test_a_slider_shows_a_longer_bar_while_it_moves_and_accept_applies_it(app_factory, tmp_path):
    app = app_factory()
    s = app.session
    click(app, button(app, "parameters"))
    panel = app.panel
    i = row_of(panel, "l")
    before = ball_at(app, "C2")
    said = slide(app, panel.sliders[i], 24)
    assert len(set(said)) > 2  # the field followed the slider as it moved, not only at the release
    length = float(panel.value_buttons[i].text)
    assert 1.3 < length < 3 and slider_value(panel, i) == pytest.approx(length, rel=0.02)
    assert s.sim.parameters["l"] == 1.0  # a preview: the model keeps its own until Accept
    assert panel.message == "La escena muestra el valor nuevo; Aceptar lo aplica, Cancelar deja el modelo como estaba."
    # the scene draws the lower bar that long: the ball where the new length puts it, not where it was
    edits = ParameterEdits(s.sim)
    kin, q, _ = edits.preview(edits.preview_values({"l": panel.value_buttons[i].text}))
    after = ball_at(app, "C2", kin, q)
    assert math.dist(after, before) > 20
    assert is_ball(app, after) and not is_ball(app, before)
    pygame.image.save(app.screen, str(tmp_path / "longer.png"))
    click(app, panel.accept_button)
    assert app.panel is None and s.sim.parameters["l"] == pytest.approx(length)
    pump(app, 2)
    assert is_ball(app, ball_at(app, "C2"))


def test_cancel_after_sliding_a_condition_leaves_the_model_as_it_was(app_factory, tmp_path):
    app = app_factory()
    s = app.session
    q0 = s.sim.q.copy()
    click(app, button(app, "conditions"))
    panel = app.panel
    i = row_of(panel, "a2")
    assert app.panel.units[i].text == "rad" and panel.units[row_of(panel, "va2")].text == "rad/s"
    before = ball_at(app, "C2")
    slide(app, panel.sliders[i], -70)
    a2 = float(panel.value_buttons[i].text)
    assert a2 < q0[1] - 0.3
    assert round(a2 / (math.pi / 36)) == pytest.approx(a2 / (math.pi / 36), abs=1e-4)  # on the 5° grid, in radians
    moved = ball_at(app, "C2", q=np.array([q0[0], a2]))
    assert is_ball(app, moved) and not is_ball(app, before)  # the bodies moved to the new angle
    assert np.array_equal(s.sim.q, q0)
    pygame.image.save(app.screen, str(tmp_path / "preview.png"))
    click(app, panel.cancel_button)
    assert np.array_equal(s.sim.q, q0)
    assert app.session.showing.poses() == app.session.kinematics.poses(s.sim.t, q0.tolist(), s.sim.qdot.tolist())
    assert is_ball(app, ball_at(app, "C2"))  # drawn where the model has it (the scene fills the window again)


def test_the_field_and_the_slider_agree_and_bad_values_are_refused_in_place(app_factory):
    app = app_factory()
    s = app.session
    s.sim.set_conditions([-16.78, 0.7853981633974483], [0.0, 0.0])  # wound three turns round
    click(app, button(app, "conditions"))
    panel = app.panel
    a1 = row_of(panel, "a1")
    low, high = panel.sliders[a1].value_range
    assert low <= -16.78 <= high and high - low == pytest.approx(2 * math.pi)  # the turn it is in
    assert panel.sliders[a1].current_value == pytest.approx(-16.78)
    edit_value(app, "a2", "pi/2")  # typed: the slider goes there, the scene too
    a2 = row_of(panel, "a2")
    assert panel.sliders[a2].current_value == pytest.approx(math.pi / 2)
    edit_value(app, "a2", "7")  # beyond the span: the slider's span holds it
    assert panel.sliders[a2].current_value == pytest.approx(7.0) and panel.sliders[a2].value_range[1] >= 7
    edit_value(app, "a2", "2*")  # refused in place: the field stays open, the slider where it was
    assert panel.entry is not None and panel.message.startswith("Rechazado (a2)")
    assert panel.sliders[a2].current_value == pytest.approx(7.0)
    click(app, panel.cancel_button)
    assert s.sim.values()["a2"] == pytest.approx(0.7853981633974483)


def test_a_slider_value_the_mechanism_cannot_take_is_refused_and_the_slider_goes_back(app_factory):
    app = app_factory("cuadrilatero")
    s = app.session
    click(app, button(app, "parameters"))
    panel = app.panel
    named = {panel.rows[i].name: i for i in panel.sliders}
    refused = None
    for name, i in named.items():  # a length so long the four bars no longer close
        slide(app, panel.sliders[i], 400)
        if panel.message.startswith("Rechazado"):
            refused = name, i
            break
    assert refused is not None, panel.message
    name, i = refused
    assert slider_value(panel, i) == pytest.approx(float(panel.value_buttons[i].text))
    assert name not in panel.pending or panel.pending[name] == panel.value_buttons[i].text
    click(app, panel.cancel_button)
    assert s.sim.parameter_overrides == {}


def test_a_slider_over_decades_is_logarithmic_its_value_in_the_middle_and_small_values_within_reach(
        app_factory, tmp_path):
    text = (paths.MODELS / "pendulo_doble.dat").read_text(encoding="utf-8")
    text = text.replace("<P>m|1|masa de la bola inferior|", "<P>m|1|masa de la bola inferior|unit: kg|range: 0.01:100|")
    (tmp_path / "masa_amplia.dat").write_text(text, encoding="utf-8")
    app = app_factory(str(tmp_path / "masa_amplia.dat"))
    s = app.session
    click(app, button(app, "parameters"))
    panel = app.panel
    i = row_of(panel, "m")
    slider = panel.sliders[i]
    track = slider.rect.width - 2 * slider.sliding_button.rect.width  # the arrows' buttons at either end
    # 1 kg of 0.01 … 100 kg: in the middle (on a linear slider it would sit a hundredth from the left)
    assert abs(slider.sliding_button.rect.centerx - slider.rect.centerx) <= 3
    said = slide(app, slider, -track / 2 - 20, steps=16)  # to the left end, a frame at a time
    small = sorted({float(v) for v in said if float(v) < 0.1})
    assert len(small) >= 3, said  # several values under 0.1 kg on the way, not only the end
    assert min(small) == 0.01 and s.sim.parameters["m"] == 1.0  # down to the range's end; not applied yet
    assert all(float(v) == float(f"{float(v):.3g}") for v in said)  # a few figures, as fine at 0.01 as at 1
    assert slider_value(panel, i) == pytest.approx(float(panel.value_buttons[i].text), rel=0.02)
    pygame.image.save(app.screen, str(tmp_path / "logarithmic.png"))
    click(app, panel.accept_button)
    assert s.sim.parameters["m"] == pytest.approx(min(small))



def in_view(app, pixel) -> bool:
    x, y, w, h = app.layout.viewport
    return x <= pixel[0] < x + w and y <= pixel[1] < y + h


def test_a_preview_ten_times_longer_stays_in_view_beside_the_panel_and_cancel_frames_as_before(app_factory, tmp_path):
    app = app_factory()
    s = app.session
    framing = s.view.framing
    click(app, button(app, "parameters"))
    panel = app.panel
    i = row_of(panel, "l")
    slide(app, panel.sliders[i], panel.sliders[i].rect.width)  # to its right end
    assert panel.value_buttons[i].text == "10" and s.sim.parameters["l"] == 1.0
    edits = ParameterEdits(s.sim)
    kin, q, _ = edits.preview(edits.preview_values({"l": "10"}))
    bob, upper = ball_at(app, "C2", kin, q), ball_at(app, "C1", kin, q)
    assert in_view(app, bob) and is_ball(app, bob)  # the lower ball, ten bars away, drawn beside the panel
    assert in_view(app, upper) and is_ball(app, upper)
    assert s.view.framing.zoom < framing.zoom  # zoomed out to hold it
    pygame.image.save(app.screen, str(tmp_path / "ten_times.png"))
    click(app, panel.cancel_button)
    pump(app, 2)
    assert s.view.framing == framing and is_ball(app, ball_at(app, "C2"))  # framed as before
