"""Seeing where a motion goes without moving it (the automatic framing of the window looks
ahead), and knowing from a model's drawing alone that its bodies can never leave a box."""

from __future__ import annotations

import numpy as np
import pytest
from sim_helpers import simulation

from game.physics.kinematics import kinematics_for


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
    return kinematics_for(sim.model, sim.system, sim.parameters).motion_bounds()


def test_a_pendulum_is_bounded_by_its_bars():
    """Pivot at the origin, bars of 1 and 1 (radius 0.1 bobs, 0.05 wide bars): within 2.1."""
    assert bounds("pendulo_doble") == pytest.approx((-2.1, -2.1, 2.1, 2.1))


def test_a_moving_support_that_stays_in_place_is_bounded():
    box = bounds("kapitza")
    assert box is not None and all(np.isfinite(box))


@pytest.mark.parametrize("stem", ["planetario1", "tres_cuerpos", "pendulo_elastico", "cuadrilatero"])
def test_free_bodies_springs_and_mechanisms_have_no_known_bound(stem):
    assert bounds(stem) is None
