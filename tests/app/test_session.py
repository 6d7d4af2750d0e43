"""The program without its window: a Session is driven with plain calls, no pygame."""

from __future__ import annotations

import io
import math
import subprocess
import sys

import numpy as np
import pytest
from model_texts import one_coordinate
from project import ROOT

from game.app import paths
from game.app.commands import CsvRows
from game.app.controls import BY_NAME, CONTROLS
from game.app.session import Session
from game.app.settings import Settings
from game.model import read_catalog
from game.physics.records import TrailRecorder


@pytest.fixture
def session() -> Session:
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("pendulo_doble")
    return s


def test_a_session_runs_without_pygame():
    code = ("import sys, game.app.session, game.app.controls; "
            "assert not any(m.startswith('pygame') for m in sys.modules), sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_animate_pause_and_time_follows_the_clock(session):
    assert session.entry.stem == "pendulo_doble" and not session.view.animating
    assert session.advance(1.0) == 0  # paused: no time passes
    session.act("animate")
    assert session.view.animating
    taken = sum(session.advance(1 / 60) for _ in range(60))
    assert taken == 50 and session.sim.t == pytest.approx(1.0)  # 1 s of wall time, dt = 0.02
    session.act("animate")
    assert not session.view.animating and session.advance(1.0) == 0


def test_controls_locked_while_animating_do_nothing(session):
    session.act("animate")
    session.advance(0.1)
    q = session.sim.q
    locked = [c.name for c in CONTROLS if c.locked_while_animating]
    assert locked == ["eraser", "reset", "parameters", "conditions", "edit", "save"]  # CenM's five, and saving
    for name in locked:
        assert session.locked(name)
        session.act(name)
    assert np.array_equal(session.sim.q, q) and session.view.dialog is None and not session.view.edit_velocities
    assert not session.locked("vectors") and not session.locked("animate")


def test_reset_returns_to_the_conditions_set_before_animating(session):
    q0 = session.sim.q
    session.act("animate")
    session.advance(0.1)
    session.advance(0.1)
    session.act("animate")
    assert not np.allclose(session.sim.q, q0)
    session.act("reset")
    assert np.array_equal(session.sim.q, q0) and session.sim.t == 0


def test_a_typed_parameter_applies_and_a_bad_one_changes_nothing(session):
    session.act("parameters")
    assert session.view.dialog == "parameters"
    reason = session.apply_parameters({"m": "2·"})
    assert reason and "value was expected" in reason
    assert session.sim.parameters["m"] == 1 and session.view.dialog == "parameters"
    assert session.apply_parameters({"m": "2"}) is None
    assert session.sim.parameters["m"] == 2 and session.view.dialog is None


def test_reset_after_a_parameter_change_returns_to_the_conditions_the_user_set(session):
    session.act("conditions")
    assert session.apply_conditions({"a1": "0.5", "a2": "-0.3"}) is None
    session.act("animate")
    session.advance(0.1)
    session.advance(0.1)
    session.act("animate")
    paused = session.sim.q
    session.act("parameters")
    assert session.apply_parameters({"m": "3"}) is None
    assert np.array_equal(session.sim.q, paused)  # the motion goes on from where it was
    session.act("reset")
    assert session.sim.q.tolist() == [0.5, -0.3]  # CenM manual L155: the conditions last set


def test_drag_the_lower_bob_by_model_coordinates(session):
    kin, sim = session.kinematics, session.sim
    start = kin.handle_point("C2", sim.t, sim.q)
    session.grab("C2", tuple(start))
    target = start + np.array([-0.4, 0.3])
    session.drag_to(tuple(target))
    session.release()
    assert session.drag is None
    assert kin.handle_point("C2", sim.t, sim.q) == pytest.approx(target, abs=1e-9)
    assert np.array_equal(sim.user_q, sim.q)  # Reset comes back here


def test_no_grab_while_animating_or_with_a_dialog_open(session):
    point = tuple(session.kinematics.handle_point("C2", 0.0, session.sim.q))
    session.act("animate")
    session.grab("C2", point)
    assert session.drag is None
    session.act("animate")
    session.act("conditions")
    session.grab("C2", point)
    assert session.drag is None


def test_v_mode_sets_velocities_the_bar_allows(session):
    session.act("edit")
    sim, kin = session.sim, session.kinematics
    point = kin.handle_point("C2", sim.t, sim.q)
    session.grab("C2", tuple(point), velocities=True)
    a2 = sim.q[1]
    across = np.array([math.cos(a2), math.sin(a2)])
    session.release(tuple(point + across * 1.5 * session.settings.arrow_seconds))
    assert abs(sim.qdot[0]) < 1e-12 and sim.qdot[1] * sim.parameters["l"] == pytest.approx(1.5)


def test_panels_menu_and_speed(session):
    session.act("energy")
    session.act("values")
    assert session.view.panels == {"energy", "values"}
    assert session.readout("values")[0] == f"a1 = {session.sim.q[0]:.6g}"
    assert session.readout("energy")[-1] == "DE = 0"
    session.act("energy")
    assert session.view.panels == {"values"} and session.lit("values") and not session.lit("energy")
    session.act("speed3")
    assert session.scheduler.speed == 4.0
    session.act("menu")
    assert session.view.menu
    target = [e.stem for e in session.catalog.entries].index("pendulo_simple")
    session.choose(target)
    assert not session.view.menu and session.entry.stem == "pendulo_simple"


def test_a_failure_pauses_keeps_the_last_good_state_and_says_why(session, write_model):
    # x falls towards 0 where sqrt(x) has no derivative: the engine must stop before
    session.open(str(write_model(one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="0.2", v0="-1"), "raiz.dat")))
    assert session.entry.stem == "raiz"
    session.act("animate")
    for _ in range(120):
        session.advance(1 / 60)
    assert not session.view.animating
    assert "Ep cannot be computed" in (session.banner or "")
    assert 0 < session.sim.q[0] < 0.2 and np.isfinite(session.sim.qdot[0])


def test_every_control_is_one_row_with_an_action(session):
    window_only = {"docs", "fullscreen"}
    called = []
    session.window_actions = {name: (lambda n=name: called.append(n)) for name in window_only}
    for c in CONTROLS:
        assert BY_NAME[c.name] is c
        session.view.dialog = None
        session.act(c.name)  # raises for a control with no action
    assert sorted(called) == sorted(window_only)
    with pytest.raises(KeyError):
        session.act("no such control")


class Recorder:
    """An observer that writes down everything it is told."""

    def __init__(self):
        self.events: list[tuple[str, float]] = []

    def on_step(self, sim):
        self.events.append(("step", sim.t))

    def on_break(self, sim):
        self.events.append(("break", sim.t))


def test_trails_and_csv_see_the_same_steps_and_breaks(session):
    sim = session.sim
    recorder = Recorder()
    sink = io.StringIO()
    csv_rows = CsvRows(sink, sim.sample_names())
    trails: TrailRecorder = session.trails
    trail = trails.trails["C2"]
    trail.clear()
    sim.observers += [recorder, csv_rows]
    sim.announce_break()
    session.act("animate")
    session.advance(0.1)  # 5 steps
    session.act("animate")
    point = tuple(session.kinematics.handle_point("C2", sim.t, sim.q))
    session.grab("C2", point)
    for dx in (0.1, 0.2, 0.3):  # three moves: three breaks, one new starting point
        session.drag_to((point[0] + dx, point[1]))
    session.release()
    session.act("animate")
    session.advance(0.1)  # 5 more steps
    kinds = [k for k, _ in recorder.events]
    assert kinds == ["break"] + ["step"] * 5 + ["break"] * 3 + ["step"] * 5
    rows = sink.getvalue().splitlines()
    assert len(rows) == 1 + len(recorder.events)  # header, then one row per event
    assert [float(r.split(",")[0]) for r in rows[1:]] == pytest.approx([t for _, t in recorder.events])
    # the trail: 6 points, then a new run of 6 starting at the dragged position
    assert len(trail) == 12 and [len(run) for run in trail.runs()] == [6, 6]
    dragged_to = session.kinematics.handle_point("C2", 0.0, sim.user_q)
    assert trail.points()[6] == pytest.approx(dragged_to, abs=1e-12)
    assert abs(dragged_to[0] - point[0]) > 0.1  # it did move
    history = session.history
    assert history.column("t")[-6:] == pytest.approx([0.0, 0.02, 0.04, 0.06, 0.08, 0.1])
    assert history.starts()[-6] and not history.starts()[-5]


@pytest.mark.parametrize("name, text, words", [
    ("d", "0", "division by zero"),  # a length of 0 divides
    ("m", "-1", "cannot move"),  # a negative mass: the mass matrix is not positive definite
])
def test_values_that_make_a_mechanism_impossible_are_refused_and_nothing_changes(name, text, words):
    # found by the soak: these raised from the engine and took the whole frame down
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("cuadrilatero")
    q, parameters = s.sim.q, dict(s.sim.parameters)
    reason = s.apply_parameters({name: text})
    assert reason is not None and words in reason
    assert np.array_equal(s.sim.q, q) and s.sim.parameters == parameters
