"""The measuring tools without their window (game/app/session/measuring.py): placed, moved and read
in model units, against the model's own values."""

from __future__ import annotations

import csv
import math

import pytest
from scipy.special import ellipk

from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session.session import Session
from game.model import read_catalog

#: how near a body's point counts as on it (model units): a few pixels of the window
SLACK = 0.03


@pytest.fixture
def pendulum() -> Session:
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("pendulo_simple")
    return s


def bob(s: Session) -> tuple[float, float]:
    pose = next(p for p in s.showing.poses() if p.id == "C1")
    return pose.x, pose.y


def test_the_control_shows_the_tray(pendulum):
    pendulum.act("measure")
    assert pendulum.view.measuring and pendulum.showing.lit("measure")
    pendulum.act("measure")
    assert not pendulum.view.measuring


def test_a_ruler_from_the_pivot_to_the_bob_reads_the_length_of_the_bar(pendulum):
    s = pendulum
    x, y = bob(s)
    ruler = s.measuring.place("ruler", (0.01, -0.005), SLACK)  # near the pivot: it snaps there
    assert ruler is not None and ruler.points[0] == (0.0, 0.0)
    s.measuring.move(ruler, 1, (x + 0.01, y - 0.01), SLACK)  # near the bob's centre
    (name, length, _), *_ = s.measuring.readings(ruler)
    assert name == "L" and length == pytest.approx(s.sim.parameters["l"], abs=1e-9)
    # away from every point an end stays where it is put
    s.measuring.move(ruler, 1, (0.5, 0.25), SLACK)
    assert s.measuring.readings(ruler)[0][1] == pytest.approx(math.hypot(0.5, 0.25), abs=1e-12)


def test_a_protractor_on_the_pivot_reads_the_angle_of_the_bar(pendulum, spanish):
    s = pendulum
    assert s.measuring.place("protractor", (0.4, 0.4), SLACK) is None  # not on a bar
    assert "transportador" in s.banner.text
    tool = s.measuring.place("protractor", (0.0, 0.01), SLACK)
    assert tool is not None and tool.body == "b1"
    assert s.measuring.angle(tool) == pytest.approx(math.pi / 4, abs=1e-12)
    s.clock.run(30)
    assert s.measuring.angle(tool) == pytest.approx(s.sim.q[0], abs=1e-12)
    assert s.measuring.lines(tool)[1] == f"ángulo {math.degrees(s.sim.q[0]):.2f}° ({s.sim.q[0]:.4f} rad)"


def test_a_period_timer_dropped_on_the_bob_times_its_crossings_of_the_vertical(pendulum):
    s = pendulum
    s.sim.set_step(0.01, s.sim.model.general.n_substeps)
    tool = s.measuring.place("period", bob(s), SLACK)
    assert tool is not None and tool.body == "C1"
    l, g = s.sim.parameters["l"], s.sim.parameters["g"]
    assert tool.points[0] == pytest.approx((0.0, -l), abs=1e-12)  # where the bob rests
    assert abs(tool.normal[0]) == pytest.approx(1.0, abs=1e-6)  # across the vertical through it
    exact = 4 * math.sqrt(l / g) * ellipk(math.sin(math.pi / 8) ** 2)
    s.clock.run(round(3.2 * exact / 0.01))
    assert tool.timer.period == pytest.approx(exact, rel=1e-6)
    # a drag (new conditions), Reset or new parameters start it again
    s.sim.set_conditions([0.3], [0.0])
    assert tool.timer.period is None
    s.clock.run(round(2.2 * exact / 0.01))
    assert tool.timer.period is not None
    s.act("reset")
    assert tool.timer.period is None


def test_a_period_timer_elsewhere_times_a_coordinate_and_new_parameters_start_it_again(pendulum):
    from game.expr import parse

    s = pendulum
    tool = s.measuring.place("period", (0.9, 0.9), SLACK)
    assert tool.body is None and s.measuring.target(tool) == "a" and tool.level == pytest.approx(0.0, abs=1e-9)
    s.clock.run(400)
    assert tool.timer.period is not None
    s.sim.set_parameters({"l": parse("0.5")})  # as the Parameters dialog sets them
    assert tool.timer.period is None
    s.act("reset")  # from π/4 again
    s.clock.run(300)
    exact = 4 * math.sqrt(0.5 / 9.81) * ellipk(math.sin(math.pi / 8) ** 2)
    assert tool.timer.period == pytest.approx(exact, rel=1e-5)  # dt = 0.02 here


def test_the_stopwatch_counts_model_time_at_half_and_four_times(pendulum):
    s = pendulum
    for speed, wall in ((0, 2.0), (3, 0.25)):
        s.clock.set_speed(speed)
        watch = s.measuring.place("stopwatch", (0.5, 0.5), SLACK)
        s.measuring.press(watch, "start")
        s.act("animate")
        start = s.sim.t
        for _ in range(round(wall * 60)):
            s.clock.advance(1 / 60)
        s.act("animate")
        assert watch.watch.elapsed == pytest.approx(s.sim.t - start, abs=1e-9)
        assert watch.watch.elapsed == pytest.approx(1.0, abs=0.03)  # ½× for 2 s, 4× for ¼ s of the wall
        s.measuring.press(watch, "start")  # stops
        s.clock.run(10)
        assert watch.watch.elapsed == pytest.approx(s.sim.t - start - 0.2, abs=1e-9)
        s.measuring.press(watch, "reset")
        assert watch.watch.elapsed == 0.0
        s.measuring.press(watch, "close")
        assert watch not in s.measuring.tools


def test_the_readings_go_with_the_run_as_csv(pendulum, tmp_path, spanish):
    s = pendulum
    s.exports.folder = tmp_path
    s.measuring.place("ruler", (0.0, 0.0), SLACK)
    s.measuring.place("stopwatch", (0.5, 0.5), SLACK)
    s.act("export_csv")
    (readings,) = tmp_path.glob("*lecturas*.csv")
    assert str(readings) in s.banner.text
    rows = list(csv.reader(readings.open(encoding="utf-8")))
    assert rows[0] == ["herramienta", "de", "magnitud", "valor", "unidad"]
    assert rows[1][:3] == ["Regla 1", "", "L"] and float(rows[1][3]) > 0
    assert rows[-1] == ["Cronómetro 1", "", "t", "0.0", "s"]


def test_another_model_takes_the_tools_away(pendulum):
    pendulum.measuring.place("ruler", (0.0, 0.0), SLACK)
    pendulum.open("pendulo_doble")
    assert pendulum.measuring.tools == []


def test_a_draggable_body_is_timed_at_its_handle_which_is_the_point_its_pose_shows_moving():
    """The period timer reads a draggable body at its handle (only its expressions run each step):
    in every shipped model and exercise that is the point its pose shows moving."""
    import numpy as np

    from game.app.files import paths
    from game.app.files.settings import Settings
    from game.app.session.session import Session
    from game.model import read_catalog, with_group

    s = Session(with_group(read_catalog(paths.CATALOG, paths.MODELS), paths.EXERCISES, "exercises"), Settings())
    checked = 0
    for i in range(len(s.catalog.entries)):
        assert s.load(i)
        kinematics, sim = s.kinematics, s.sim
        q, v = np.asarray(sim.q) + 0.1, np.asarray(sim.qdot) + 0.2
        poses = {p.id: p for p in kinematics.poses(0.3, q.tolist(), v.tolist())}
        for gid in kinematics.handles:
            pose = poses[gid]
            arrow = pose.velocity_point()
            shown = (arrow.x, arrow.y) if arrow is not None else pose.anchors()[-1]
            assert s.measuring._point_of(gid, 0.3, q, v) == pytest.approx(shown, abs=1e-12), (s.entry.stem, gid)
            checked += 1
    assert checked > 80
