"""Dragging in model units (game/app/session/dragging.py): bodies in x mode, velocity arrows in v mode."""

from __future__ import annotations

import math

import numpy as np
import pytest


def test_drag_the_lower_bob_by_model_coordinates(session):
    kin, sim = session.kinematics, session.sim
    start = kin.handle_point("C2", sim.t, sim.q)
    session.dragging.grab("C2", tuple(start))
    target = start + np.array([-0.4, 0.3])
    session.dragging.drag_to(tuple(target))
    session.dragging.release()
    assert session.dragging.drag is None
    assert kin.handle_point("C2", sim.t, sim.q) == pytest.approx(target, abs=1e-9)
    assert np.array_equal(sim.user_q, sim.q)  # Reset comes back here



def test_a_grab_while_animating_pauses_and_the_release_goes_on_from_rest(session):
    point = tuple(session.kinematics.handle_point("C2", 0.0, session.sim.q))
    session.act("animate")
    session.clock.run(10)
    session.dragging.grab("C2", point)
    assert session.dragging.drag is not None and not session.view.animating
    session.dragging.release((point[0] + 0.3, point[1]))
    assert session.view.animating and not session.sim.qdot.any() and session.sim.t == 0


def test_no_grab_with_a_dialog_open(session):
    point = tuple(session.kinematics.handle_point("C2", 0.0, session.sim.q))
    session.act("conditions")
    session.dragging.grab("C2", point)
    assert session.dragging.drag is None



def test_v_mode_sets_velocities_the_bar_allows(session):
    session.act("edit")
    sim, kin = session.sim, session.kinematics
    point = kin.handle_point("C2", sim.t, sim.q)
    session.dragging.grab("C2", tuple(point), velocities=True)
    a2 = sim.q[1]
    across = np.array([math.cos(a2), math.sin(a2)])
    session.dragging.release(tuple(point + across * 1.5 * session.settings.arrow_seconds))
    assert abs(sim.qdot[0]) < 1e-12 and sim.qdot[1] * sim.parameters["l"] == pytest.approx(1.5)



def test_bodies_can_be_grabbed_only_when_paused_with_nothing_open(session):
    dragging, view = session.dragging, session.view
    assert dragging.allowed
    for attribute, value in (("animating", True), ("menu", True), ("dialog", "parameters")):
        setattr(view, attribute, value)
        assert not dragging.allowed
        setattr(view, attribute, type(value)() if attribute != "dialog" else None)
    assert dragging.allowed
    assert not dragging.refused_by_motors("b2") and session.banner.text is None  # no motors here
    dragging.grab("no such body", (0.0, 0.0))
    assert dragging.drag is None
    dragging.drag_to((1.0, 1.0))  # nothing held: nothing moves
    assert session.sim.t == 0 and np.array_equal(session.sim.q, session.sim.user_q)
