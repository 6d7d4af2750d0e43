"""The measuring tools in the real window (issue 36), driven through its event loop headless: the tray
opened by its button, each tool dragged from the tray onto the scene with real mouse events (and by
touch in a kiosk), its handles dragged and its buttons pressed, the readouts read back off the scene."""

from __future__ import annotations

import math

import pygame
import pytest
from scipy.special import ellipk
from window_helpers import FRAME, button, click, click_at, drag, finger_drag, pump

from game.render.measuring import ToolsLayer

#: the picture of the tools, kept to be looked at (the test writes it anew)
PICTURE = "measuring_tools.png"


def opened(app):
    click(app, button(app, "measure"))
    assert app.session.view.measuring and app.bars.icon("measure") == "measure_on"
    tray = app.widgets.measure
    assert tray.panel is not None and set(tray.buttons) == {"stopwatch", "period", "ruler", "protractor", "clear"}
    return tray


def layer(app) -> ToolsLayer:
    return next(l for l in app.layers if isinstance(l, ToolsLayer))


def hover(app, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app, 1)


def drag_out(app, name: str, to) -> None:
    """Take a tool from the tray with the mouse and drop it at pixel ``to``."""
    start = app.widgets.measure.buttons[name].rect.center
    hover(app, start)
    drag(app, start, to)
    pump(app, 2)


def px(app, x, y):
    return app.camera.to_pixels(x, y)


def readout(app, kind: str) -> list[str]:
    (mark,) = [m for m in app.scene().tools if m.kind == kind]
    return list(mark.lines)


def hit(app, kind: str, part: str, handle: int = 0):
    (mark,) = [m for m in app.scene().tools if m.kind == kind]
    return next(h for h in layer(app).hits if h.key == mark.key and h.part == part and h.handle == handle)


@pytest.fixture
def pendulum(app_factory):
    return app_factory("pendulo_simple")


def test_each_tool_dragged_from_the_tray_reads_the_model(pendulum, tmp_path):
    app, s = pendulum, pendulum.session
    opened(app)
    l = s.sim.parameters["l"]
    bob = next(p for p in s.showing.poses() if p.id == "C1")
    # the ruler: dropped by the pivot, its far end dragged onto the bob's centre
    drag_out(app, "ruler", px(app, 0.0, 0.0))
    (ruler,) = s.measuring.tools
    assert ruler.points[0] == (0.0, 0.0)
    end = hit(app, "ruler", "handle", 1).rect.center
    drag(app, end, px(app, bob.x, bob.y))
    pump(app, 2)
    assert s.measuring.readings(ruler)[0][1] == pytest.approx(l, abs=1e-9)
    assert readout(app, "ruler") == ["Regla 1", f"longitud {l:.6g}"]
    # the protractor on the pivot: the bar's angle
    drag_out(app, "protractor", px(app, 0.0, 0.0))
    assert readout(app, "protractor")[1] == "ángulo 45.00° (0.7854 rad)"
    # the period timer on the bob: the vertical line through where it rests
    drag_out(app, "period", px(app, bob.x, bob.y))
    period = s.measuring.tools[-1]
    assert period.body == "C1" and period.points[0] == pytest.approx((0.0, -l), abs=1e-12)
    assert readout(app, "period") == ["Periodo 1: C1", "esperando dos pasos…"]
    # the stopwatch in an empty corner, started with its own button
    drag_out(app, "stopwatch", px(app, -2.6, -1.4))
    click_at(app, hit(app, "stopwatch", "start").rect.center)
    assert s.measuring.tools[-1].watch.running
    click(app, button(app, "animate"), frames=1)
    g = s.sim.parameters["g"]
    exact = 4 * math.sqrt(l / g) * ellipk(math.sin(math.pi / 8) ** 2)
    pump(app, round(2.5 * exact / FRAME), FRAME)
    click(app, button(app, "animate"), frames=1)
    t = s.sim.t
    watch = s.measuring.tools[-1].watch
    assert watch.elapsed == pytest.approx(t, abs=0.05)  # started a frame or two after t = 0
    assert readout(app, "stopwatch")[1] == f"tiempo {watch.elapsed:.3f} s"
    assert period.timer.period == pytest.approx(exact, rel=1e-4)  # dt = 0.02, the model's own
    assert readout(app, "period")[1].startswith(f"T = {period.timer.period:.6f} s · media de 1:")
    assert readout(app, "protractor")[1] == f"ángulo {math.degrees(s.sim.q[0]):.2f}° ({s.sim.q[0]:.4f} rad)"
    pygame.image.save(app.screen, str(tmp_path / PICTURE))
    # the stopwatch's zero, a tool's ×, and the tray's Quitar
    click_at(app, hit(app, "stopwatch", "reset").rect.center)
    assert watch.elapsed == 0.0 and not watch.running
    click_at(app, hit(app, "ruler", "close").rect.center)
    assert ruler not in s.measuring.tools and len(s.measuring.tools) == 3
    click(app, app.widgets.measure.buttons["clear"])
    assert s.measuring.tools == [] and app.scene().tools == ()


def test_a_tool_tapped_in_the_tray_then_on_the_scene_is_dropped_there(pendulum):
    app, s = pendulum, pendulum.session
    tray = opened(app)
    click(app, tray.buttons["ruler"])
    assert tray.carrying == "ruler" and not s.measuring.tools
    click_at(app, px(app, 0.3, 0.2))
    (ruler,) = s.measuring.tools
    assert ruler.points[0] == pytest.approx((0.3, 0.2), abs=0.01) and tray.carrying is None


def test_dragging_the_bob_starts_the_period_timer_again_and_closing_the_tray_hides_the_tools(pendulum):
    app, s = pendulum, pendulum.session
    opened(app)
    s.sim.step(400)
    bob = next(p for p in s.showing.poses() if p.id == "C1")
    drag_out(app, "period", px(app, 0.9, 0.9))  # away from the bodies: the coordinate a
    (period,) = s.measuring.tools
    assert period.body is None and readout(app, "period")[0] == "Periodo 1: a"
    s.sim.step(300)
    assert period.timer.period is not None
    bob = next(p for p in s.showing.poses() if p.id == "C1")
    drag(app, px(app, bob.x, bob.y), px(app, bob.x + 0.2, bob.y + 0.1))
    assert period.timer.period is None
    click(app, button(app, "measure"))
    assert app.widgets.measure.panel is None and app.scene().tools == () and s.measuring.tools == [period]


def test_in_a_kiosk_the_tray_works_by_touch(app_factory):
    app = app_factory("pendulo_simple", kiosk=True)
    s = app.session
    tray = opened(app)
    assert tray.buttons["ruler"].rect.height >= 44  # a finger's target
    start = tray.buttons["ruler"].rect.center
    finger_drag(app, start, px(app, 0.0, 0.0))
    pump(app, 2)
    (ruler,) = s.measuring.tools
    assert ruler.points[0] == (0.0, 0.0)


def test_a_protractor_and_a_period_timer_build_the_bodies_once_a_frame_and_never_a_step(pendulum):
    """Each frame the protractor read its bar three times (where, angle, readout), each building
    every pose; the period timer built them all each step to read one point."""
    app, s = pendulum, pendulum.session
    built = []
    poses = s.kinematics.poses
    s.kinematics.poses = lambda *a: built.append(a) or poses(*a)  # (this model's kinematics only)

    def counted(frames: int = 30) -> int:
        click(app, button(app, "animate"), frames=1)
        built.clear()
        pump(app, frames, FRAME)
        count = len(built)
        click(app, button(app, "animate"), frames=1)
        return count

    alone = counted()  # the scene's own poses, the trails'
    opened(app)
    drag_out(app, "protractor", px(app, 0.0, 0.0))
    bob = s.kinematics.handle_point("C1", s.sim.t, s.sim.q)
    drag_out(app, "period", px(app, bob[0], bob[1]))
    assert [t.kind for t in s.measuring.tools] == ["protractor", "period"]
    with_tools = counted()
    assert with_tools - alone <= 31  # the tools' once a frame, not three times and once a step more
    assert readout(app, "protractor")[1].startswith("ángulo ")
