"""Zoom, pan and fit in model units (issue 9 item 4), without a window."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.app.session.framing import (
    FILL,
    LEAST_BODIES,
    SMALL,
    Framing,
    automatic,
    extent,
    fit,
    least_box,
    overlap,
    reach,
)
from game.expr import parse
from game.model.poses import BallPose, BarPose

ESCALA = 100.0
AREA = (800, 500)


def to_pixels(framing: Framing, x: float, y: float) -> tuple[float, float]:
    """What the camera made from ``framing`` does (origin at the centre of AREA, y down)."""
    s, ox, oy = framing.camera(ESCALA)
    return (AREA[0] / 2 + ox + x * s, AREA[1] / 2 + oy - y * s)


def test_the_models_own_framing_is_its_escala_and_origin():
    own = Framing.of_model(ESCALA, 60.0, -150.0)
    assert own.camera(ESCALA) == pytest.approx((ESCALA, 60.0, -150.0))


@pytest.mark.parametrize("factor", [1.25, 0.8, 7.0, 1e-9, 1e9])
def test_zoom_keeps_the_point_under_the_cursor(factor):
    before = Framing.of_model(ESCALA, 30.0, -20.0)
    cursor = (1.3, -0.7)
    after = before.zoomed(factor, cursor)
    assert to_pixels(after, *cursor) == pytest.approx(to_pixels(before, *cursor))
    assert 1e-3 <= after.zoom <= 1e3 and after.manual


def test_pan_moves_everything_by_the_mouse_movement():
    before = Framing(2.0, (0.5, 0.5))
    after = before.panned(40, -25, ESCALA)
    for p in ((0, 0), (3, -2)):
        bx, by = to_pixels(before, *p)
        assert to_pixels(after, *p) == pytest.approx((bx + 40, by - 25))


def test_fit_shows_the_box_as_large_as_fits_and_centred():
    box = (-3.0, 1.0, 5.0, 2.0)  # 8 wide, 1 tall: the width decides
    f = fit(box, AREA, ESCALA)
    x0, y0 = to_pixels(f, box[0], box[1])
    x1, y1 = to_pixels(f, box[2], box[3])
    assert x1 - x0 == pytest.approx(FILL * AREA[0])
    assert (x0 + x1) / 2 == pytest.approx(AREA[0] / 2) and (y0 + y1) / 2 == pytest.approx(AREA[1] / 2)


def test_a_ball_alone_does_not_fill_the_screen():
    ball = [BallPose("c", 1.0, 1.0, 0.1, 0, 0, True, True)]
    f = fit(extent(ball), AREA, ESCALA, least=least_box(ball))
    radius_px = 0.1 * f.zoom * ESCALA
    assert radius_px == pytest.approx(FILL * AREA[1] / (2 * LEAST_BODIES))


def pendulum(angle_x: float, angle_y: float, length: float = 1.0):
    return [BarPose("b", 0, 0, angle_x * length, angle_y * length, 0.05, 0, 0, 0, 0, True),
            BallPose("c", angle_x * length, angle_y * length, 0.1, 0, 0, True, True)]


def circle(radius: float) -> tuple[float, float, float, float]:
    """The box of a pendulum's swing about the origin (what :meth:`GraphicsKinematics.motion_bounds` says)."""
    return (-radius, -radius, radius, radius)


def test_the_model_keeps_its_own_framing_when_its_motion_fits():
    own = Framing.of_model(ESCALA, 0, -150)
    poses = pendulum(1.0, 0.0)
    assert automatic(own, AREA, ESCALA, extent(poses), circle(1.1)) == own


def test_a_motion_that_would_be_cut_off_is_zoomed_out_to_show_it():
    own = Framing.of_model(ESCALA, 0, -150)
    poses = pendulum(0.0, -1.0)
    motion = (-4.6, -4.6, 4.6, 0.0)  # the pose now is inside, the swing (seen ahead) is not
    assert automatic(own, AREA, ESCALA, extent(poses), circle(1.1)) == own
    f = automatic(own, AREA, ESCALA, motion, circle(4.6))
    assert f.zoom < 1 and not f.manual
    for x, y in ((4.6, 0), (-4.6, 0), (0, -4.6)):
        px, py = to_pixels(f, x, y)
        assert 0 <= px <= AREA[0] and 0 <= py <= AREA[1]


def test_what_a_look_cut_short_did_not_see_gets_room_to_swing_about_the_pivots():
    own = Framing.of_model(ESCALA, 0, -150)
    poses = pendulum(4.5, 0.0)  # 450 px to the right of a centre only 400 px from the edge: out
    f = automatic(own, AREA, ESCALA, extent(poses), None, unseen=reach(poses, [(0, 0)]))
    # the whole circle the bob can swing on is in view
    for x, y in ((4.6, 0), (-4.6, 0), (0, 4.6), (0, -4.6)):
        px, py = to_pixels(f, x, y)
        assert 0 <= px <= AREA[0] and 0 <= py <= AREA[1]


def test_a_motion_that_fits_at_the_models_scale_is_never_zoomed_in():
    """Off centre (cut off by the model's own origin) but small: moved to the centre, not enlarged."""
    own = Framing.of_model(ESCALA, 0, 0)
    motion = (4.0, 0.0, 4.5, 0.5)
    f = automatic(own, AREA, ESCALA, motion)
    assert f.zoom == 1.0 and f.centre == pytest.approx((4.25, 0.25))


def test_a_model_that_leaves_most_of_the_window_empty_is_fitted():
    """Its whole motion is known to stay small (a pendulum's bob never leaves its circle)."""
    escala = 10.0  # a pendulum of length 1 would be 10 px long
    own = Framing.of_model(escala, 0, 0)
    poses = pendulum(0.0, -1.0)
    f = automatic(own, AREA, escala, extent(poses), circle(1.1), least_box(poses))
    assert f.zoom * escala * 2.2 >= SMALL * AREA[1]  # the swing now spans a good part of the area
    assert f.zoom * escala * 2.2 <= AREA[1]


def test_extent_takes_sizes_trails_and_points():
    box = extent([BallPose("c", 1, 1, 0.5, 0, 0, True, True)], [np.array([[-4.0, 0.0], [0.0, 9.0]])], [(7.0, -2.0)])
    assert box == (-4.0, -2.0, 7.0, 9.0)
    assert extent([]) is None


def test_a_long_floor_is_framed_by_its_own_box_not_by_a_disc_around_it():
    from game.model.poses import BlockPose

    floor = BlockPose("suelo", 0.0, -0.1, 5.4, 0.2, 0.0, 0.0, 0.0, False)
    assert extent([floor]) == pytest.approx((-2.7, -0.2, 2.7, 0.0))
    assert least_box([floor]) == pytest.approx(LEAST_BODIES * 0.2)  # thin: it does not widen a fit
    turned = BlockPose("rampa", 0.0, 0.0, 2.0, 0.0, math.pi / 2, 0.0, 0.0, False)
    assert extent([turned]) == pytest.approx((0.0, -1.0, 0.0, 1.0), abs=1e-12)


def test_each_pose_says_the_room_it_takes_and_how_big_it_looks():
    from game.model.poses import BlockPose, JointPose, RailPose, SpringPose

    ball = BallPose("c", 1.0, 2.0, -0.5, 0.0, 0.0, True, True)  # a negative radius is drawn as its size
    assert ball.extent_points() == ((1.0, 2.0, 0.5),) and ball.size() == 1.0
    bar = BarPose("b", 0.0, 0.0, 3.0, 4.0, 0.2, 0.0, 0.0, 0.0, 0.0, True)
    assert bar.extent_points() == ((0.0, 0.0, 0.1), (3.0, 4.0, 0.1)) and bar.size() == 0.2
    spring = SpringPose("s", 0.0, 0.0, 1.0, 0.0, 0.3, 1.0)
    assert spring.extent_points() == ((0.0, 0.0, 0.15), (1.0, 0.0, 0.15)) and spring.size() == 0.3
    block = BlockPose("k", 0.0, 0.0, 2.0, 1.0, 0.0, 0.0, 0.0, False)
    assert block.extent_points() == ((1.0, 0.5, 0.0), (-1.0, -0.5, 0.0)) and block.size() == 1.0
    for sizeless in (JointPose("P", 1.0, 1.0, 0.0, 0.0, True), RailPose("g", 0.0, 0.0, 1.0, 0.0, 0.5, 0.0, True)):
        assert sizeless.extent_points() == () and sizeless.size() == 0.0
    assert extent([JointPose("P", 9.0, 9.0, 0.0, 0.0, True), ball]) == (0.5, 1.5, 1.5, 2.5)


# -- the session's automatic framing (no window) ----------------------------------------------

def session_on(stem: str, area: tuple[int, int]):
    from game.app.files import paths
    from game.app.files.settings import Settings
    from game.app.session.session import Session
    from game.model import read_catalog

    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.view.area = area
    s.open(stem)
    return s


def shown(s, box) -> bool:
    """The model box ``box`` is inside the drawing area with the session's framing."""
    f, escala = s.view.framing, s.model.general.escala * s.view.framing.zoom
    half_w, half_h = s.view.area[0] / 2 / escala, s.view.area[1] / 2 / escala
    return (f.centre[0] - half_w <= box[0] and box[2] <= f.centre[0] + half_w
            and f.centre[1] - half_h <= box[1] and box[3] <= f.centre[1] + half_h)


def test_the_framing_is_made_for_where_the_motion_goes_and_the_run_does_not_move():
    s = session_on("planetario1", (420, 488))  # the drawing area of 800x600 with both panels
    t, q = s.sim.t, s.sim.q.copy()
    seen, whole = s.framer.look_ahead()
    assert whole and seen is not None
    assert s.sim.t == t and np.array_equal(s.sim.q, q) and len(s.showing.trail_list()[0].points()) == 1  # its start only
    assert s.view.framing.zoom < 1 and shown(s, seen)  # the whole orbit, not only where it starts
    assert seen[0] < -2.5  # the far end of the orbit (x = -2.68) was seen


def test_a_look_cut_short_leaves_room_to_swing_about_the_fixed_pivots(monkeypatch):
    from game.app.session import looking

    monkeypatch.setattr(looking, "LOOK_AHEAD_WORK", 0)  # one step, then out of work
    s = session_on("jansen", (420, 488))
    assert s.framer.look_ahead()[1] is False
    room = reach(s.showing.poses(), s.kinematics.fixed_pivots)
    bounds = s.kinematics.motion_bounds()  # where the bars let Jansen's points go: less than that room
    assert bounds is not None and (bounds[2] - bounds[0]) < 0.8 * (room[2] - room[0])
    assert shown(s, overlap(room, bounds))


@pytest.mark.parametrize("stem", ["planetario1", "planetario2", "tres_cuerpos"])
def test_free_bodies_that_start_close_together_are_not_zoomed_in(stem):
    """The bodies of an orbit model start in a thin strip: where they start says nothing of
    where they go, so the model opens at its file's scale (it opened at 2.4× to 3.8× and lost
    them), and the orbits it shows fit."""
    s = session_on(stem, (1280, 608))  # the drawing area of a 1280x720 window
    assert s.kinematics.motion_bounds() is None
    assert s.view.framing == Framing.of_model(s.model.general.escala, s.model.general.ox, s.model.general.oy)
    assert shown(s, s.framer.look_ahead()[0])


def test_a_look_is_made_once_for_the_same_text_parameters_step_and_state():
    """A second window on the same model (the kiosk's show coming round again) takes the look the
    first one made; other parameters or another state are looked at anew, and see other motion."""
    first = session_on("pendulo_doble", (800, 500))
    again = session_on("pendulo_doble", (640, 400))
    assert again.framer.look_ahead() is first.framer.look_ahead()
    longer = session_on("pendulo_doble", (800, 500))
    longer.sim.set_parameters({"l": parse("3")})  # a lower bar three times as long
    assert longer.framer.look_ahead() is not first.framer.look_ahead()
    assert longer.framer.look_ahead()[0] != first.framer.look_ahead()[0]
    moved = session_on("pendulo_doble", (800, 500))
    moved.sim.step(10)
    assert moved.framer.look_ahead() is not first.framer.look_ahead()


@pytest.mark.parametrize("stem, whole", [("pendulo_doble", True), ("jansen", False)])
def test_a_busy_machine_frames_a_model_as_an_idle_one_does(monkeypatch, stem, whole):
    """The look is counted in substeps, not timed: a machine so loaded that every reading of
    its clocks is a second later sees the same motion (it saw one step and framed for that)."""
    import itertools
    import time

    from game.app.session import looking

    monkeypatch.setattr(looking, "_seen", looking.OrderedDict())  # no look kept from another test
    idle = session_on(stem, (420, 488))
    seen = idle.framer.look_ahead()
    assert seen[1] is whole
    looking._seen.clear()
    for clock in ("perf_counter", "monotonic", "time", "process_time"):
        ticks = itertools.count(getattr(time, clock)(), 1.0)
        monkeypatch.setattr(time, clock, lambda ticks=ticks: next(ticks))
    busy = session_on(stem, (420, 488))
    assert busy.framer.look_ahead() == seen and busy.framer.look_ahead() is not seen
    assert busy.view.framing == idle.view.framing


def test_bench_look_prints_how_far_each_model_is_looked_at(capsys):
    from game.app.commands.bench import bench_look
    from game.app.files import paths
    from game.model import read_catalog

    stems = ["pendulo_doble", "jansen"]
    assert bench_look(stems) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in lines[3:-1]}
    assert list(rows) == [e.stem for e in read_catalog(paths.CATALOG, paths.MODELS).entries if e.stem in stems]
    assert rows["pendulo_doble"][:2] == ["8", "10.00"]  # a light model sees all ten seconds
    assert rows["jansen"][:2] == ["460", "0.81"]  # 150,000 // (460 × N = 4) = 81 steps of 0.01 s
    assert lines[-1].startswith("the longest look took ")


def test_a_ladder_come_to_rest_is_looked_at_as_far_as_its_slower_substeps_allow(capsys):
    """Resting on its wall and floor, each substep of the ladder also solves for the contact
    forces (120 to 130 µs, against 13 while it falls): counted as a falling one, a look from there
    took 0.3 s and froze the window when a panel opened. Counted by its contacts, it sees less
    far, within the same work."""
    from game.app.commands.bench import bench_look
    from game.app.session.looking import substep_cost

    falling, resting = session_on("escalera", (800, 500)), session_on("escalera", (800, 500))
    resting.sim.step(1000)  # 20 s: it has slid down and rests on the floor
    assert falling.sim.resting == 0 and resting.sim.resting >= 1
    assert substep_cost(falling.sim) == 70
    assert substep_cost(resting.sim) == 35 + 12 * len(resting.sim.model.contacts)  # 8 contacts: 131
    assert bench_look(["escalera"], after=20) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == "from the state after 20 s of each model's motion"
    assert lines[4].split()[:3] == ["escalera", "131", "1.14"]  # 150,000 // (131 × N = 20) = 57 steps of 0.02 s


def test_a_big_model_is_looked_at_within_the_budget_counted_at_its_own_cost(tmp_path):
    """The look counted each substep at 8 µs (the slowest shipped model of its kind); a 60-link
    chain's takes 4.6 ms: its screenshot looked ahead for a minute (95 s on a busy machine) and
    opening it froze the window as long. Counted at its own cost, one step (from 18 links the
    mass matrix and forces are summed in numbers: 0.5 ms a substep, game/physics/lagrange/numeric.py)."""
    import time

    from game.app.commands.bench import pendulum_chain_text
    from game.app.session import looking

    path = tmp_path / "cadena60.dat"
    path.write_text(pendulum_chain_text(60), encoding="utf-8")
    s = session_on(str(path), (800, 500))
    cost = looking.substep_cost(s.sim)
    assert cost >= 500  # its own: 5,400 terms of T and of the forces
    assert looking.substep_cost(session_on("pendulo_triple", (800, 500)).sim) == 8  # the shipped ones as they were
    looking._seen.clear()
    start = time.process_time()
    s.framer.look_ahead()
    assert time.process_time() - start < 1.0  # LOOK_AHEAD_WORK is 0.15 s; it took a minute
