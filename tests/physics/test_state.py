"""The protocol a simulation, the window and the commands ask of a model ready to move, and
the empty defaults of what one kind of system has not (game/physics/state.py)."""

from __future__ import annotations

import numpy as np
import pytest
from sim_helpers import simulation

from game.physics import SimulationError, State
from game.physics.lagrange.kinematics import GraphicsKinematics
from game.physics.lagrange.system import System
from game.physics.mechanism import MechanismKinematics, MechanismSystem
from game.physics.state import SHOWN_VALUES, MotionDefaults


def test_a_mechanism_has_the_empty_defaults():
    sim = simulation("biela_manivela")
    system = sim.system
    assert isinstance(system, MechanismSystem) and isinstance(system, MotionDefaults)
    state = sim.state
    assert system.take_impacts() == [] and system.resting(state) == 0 and system.diagnose(state) is None
    assert system.batch() is None and not system.has_momenta
    goal = np.array(state.q) + 0.1
    assert system.stop_at(state.t, state.q, goal) is goal  # no contacts: nothing stops a drag
    assert system.reaction_ids and len(system.reactions(state)) == len(system.reaction_ids)
    assert isinstance(system.kinematics(), MechanismKinematics)
    assert system.kinematics().negative_sizes(0.0, state.q, state.p) == []  # bars join points: no sizes


def test_a_lagrangian_model_without_events_offers_the_batch_path():
    sim = simulation("pendulo_doble")
    system = sim.system
    assert isinstance(system, System)
    assert system.batch() is system and system.has_momenta and system.reaction_ids == ()
    assert len(system.reactions(sim.state)) == 0 and system.m == system.rank == 0
    assert system.source == system.code.source
    kinematics = system.kinematics()
    assert isinstance(kinematics, GraphicsKinematics)
    assert kinematics.held_by_motors("C1", 0.0, sim.q) == () and kinematics.reaction_arrows(sim.state, 1.0) == []
    cols = [np.array([sim.t]), *([np.array([x]) for x in sim.q]), *([np.array([v]) for v in sim.qdot])]
    assert np.allclose(np.ravel(system.momenta(*cols)), sim.state.p)


def test_contacts_leave_the_batch_path_and_stop_a_drag_at_the_wall():
    sim = simulation("pelota")
    system = sim.system
    assert system.batch() is None
    below = np.array(sim.q) - 100.0  # the ball dragged through the floor
    stopped = system.stop_at(sim.t, sim.q, below)
    assert not np.array_equal(stopped, below)


def test_a_state_refused_is_diagnosed_as_a_step_would_be():
    sim = simulation("pendulo_doble")
    state = sim.state
    bad = State(state.t, np.full_like(state.q, np.nan), state.p)
    found = sim.system.diagnose(bad)
    assert isinstance(found, SimulationError) and "t=0" in str(found)


def test_a_failure_lists_the_first_values_only():
    values = {f"q{k}": float(k) for k in range(SHOWN_VALUES + 3)}
    text = str(SimulationError("why", 1.0, values))
    assert f"q{SHOWN_VALUES - 1}=" in text and f"q{SHOWN_VALUES}=" not in text and "…" in text


@pytest.mark.parametrize("stem", ["pendulo_doble", "biela_manivela"])
def test_poses_of_many_states_are_those_of_each(stem):
    sim = simulation(stem)
    kinematics = sim.system.kinematics()
    Q = np.array([sim.q, sim.q + 0.01])
    many = kinematics.poses_many(sim.t, Q, np.zeros_like(Q))
    for k in range(2):
        one = {p.id: p for p in kinematics.poses(sim.t, Q[k], np.zeros_like(Q[k]))}
        for arrays in many:
            assert np.isclose(arrays.fields["x"][k], one[arrays.id].x)
