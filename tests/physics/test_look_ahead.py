"""Seeing where a motion goes without moving it (the automatic framing of the window looks
ahead), and knowing from a model's drawing alone that its bodies can never leave a box."""

from __future__ import annotations

import numpy as np
import pytest
from sim_helpers import simulation

from game.model.poses import BallPose, BarPose


class Counting:
    def __init__(self):
        self.steps = self.breaks = 0

    def on_step(self, sim):
        self.steps += 1

    def on_break(self, sim):
        self.breaks += 1


@pytest.mark.parametrize("stem", ["pendulo_doble", "pelota", "cuadrilatero"])
def test_looking_ahead_is_the_motion_to_come_and_leaves_the_run_where_it_was(stem):
    sim = simulation(stem)
    sim.step(7)
    heard = Counting()
    sim.observers.append(heard)
    state, de = sim.state, sim.de
    ahead = list(sim.ahead(50))
    assert sim.state is state and sim.de == de and sim.impacts == []
    assert heard.steps == heard.breaks == 0
    sim.step(50)  # the run makes the very steps that were seen
    assert len(ahead) == 50 and ahead[-1].t == sim.t
    assert np.array_equal(ahead[-1].q, sim.q) and np.array_equal(ahead[-1].p, sim.state.p)


def test_impacts_seen_ahead_are_not_the_runs():
    sim = simulation("pelota")
    assert len(list(sim.ahead(300))) == 300  # 6 s: the ball bounces on the floor many times
    sim.step()
    assert sim.impacts == [] and sim.losses == 0.0


def bounds(stem: str):
    sim = simulation(stem)
    return sim.system.kinematics().motion_bounds()


def test_a_pendulum_is_bounded_by_its_bars():
    """Pivot at the origin, bars of 1 and 1 (radius 0.1 bobs, 0.05 wide bars): within 2.1."""
    assert bounds("pendulo_doble") == pytest.approx((-2.1, -2.1, 2.1, 2.1))


def test_a_moving_support_that_stays_in_place_is_bounded():
    box = bounds("kapitza")
    assert box is not None and all(np.isfinite(box))


@pytest.mark.parametrize("stem", ["planetario1", "tres_cuerpos", "pendulo_elastico"])
def test_free_bodies_and_springs_have_no_known_bound(stem):
    assert bounds(stem) is None


def test_a_mechanism_pendulum_is_bounded_by_its_bar():
    """Pivot O at (0, 1), a bar of 1 to P, a ball of radius 0.1 on P: within 1.1 of O."""
    assert bounds("pendulo_mecanismo") == pytest.approx((-1.1, -0.1, 1.1, 2.1))


def test_a_block_on_a_still_guide_is_bounded_along_its_line():
    """The slider-crank: crank r about O, rod l to the piston B on the line y = 0 through O and R.
    The crank pin stays within r of O; the piston on y = 0, within r + l of O (a bound, not the
    stroke: the piston never goes left of O, but the bars alone do not say so)."""
    sim = simulation("biela_manivela")
    r, l = sim.parameters["r"], sim.parameters["l"]
    kin = sim.system.kinematics()
    x0, y0, x1, y1 = kin.motion_bounds()
    pad = kin.margin  # the bars' half widths, the balls' radii
    assert pad == max(max(b.width for b in kin.poses(0.0, sim.state.q, sim.state.p) if isinstance(b, BarPose)) / 2,
                      max((b.radius for b in kin.poses(0.0, sim.state.q, sim.state.p) if isinstance(b, BallPose)),
                          default=0.0))
    assert (y0, y1) == pytest.approx((-r - pad, r + pad))  # not ±(r + l): B keeps to its line
    # along the line, the piston is known only to be within r + l of O; the guide's far end R is drawn
    assert (x0, x1) == pytest.approx((-r - l - pad, r + l + 1 + pad))


def test_a_point_joined_to_no_fixed_point_by_bars_leaves_the_mechanism_unbounded(write_model):
    from mechanism_texts import mechanism

    from game.model import load_model
    from game.physics import Simulation

    text = mechanism("<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0|0|0|0</POINT>\n<POINT>Q|2|0|0|0|0</POINT>\n"
                     "<BAR>b|O|P|1|0|0.05</BAR>\n<SPRING>s|P|Q|10|1|0</SPRING>\n<MASS>m|Q|1|0.1</MASS>")
    sim = Simulation(load_model(write_model(text)))
    assert sim.system.kinematics().motion_bounds() is None


@pytest.mark.parametrize("stem", ["pendulo_mecanismo", "pendulo_doble_mecanismo", "cuadrilatero",
                                  "biela_manivela", "watt", "jansen", "paralelogramo"])
def test_a_mechanism_never_leaves_its_bounds(stem):
    from game.app.session.framing import extent

    sim = simulation(stem)
    kin = sim.system.kinematics()
    x0, y0, x1, y1 = kin.motion_bounds()
    size = max(x1 - x0, y1 - y0)
    for _ in range(300):  # 3 s of the file's motion
        sim.step()
        v = sim.system.velocities(sim.state)
        bx0, by0, bx1, by1 = extent(kin.poses(sim.t, sim.q, v))
        tol = 1e-9 * size  # the constraints hold to round-off
        assert x0 - tol <= bx0 and by0 >= y0 - tol and bx1 <= x1 + tol and by1 <= y1 + tol
