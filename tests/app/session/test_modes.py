"""The modes panel without its window (issue 30 item 4): the equilibria listed once per model and
parameters, one chosen as the model's rest, its modes started by amplitude and phase, and the
linear prediction beside the real motion until something else starts the run again."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session import modes as modes_module
from game.app.session.session import Session
from game.model import read_catalog


@pytest.fixture
def session() -> Session:
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("pendulo_doble")
    return s


def analytic(session: Session) -> list[float]:
    """ω of the double pendulum of equal masses and lengths: √((g/l)(2 ∓ √2))."""
    p = session.sim.parameters
    assert p["M"] == p["m"] and p["L"] == p["l"]
    return [math.sqrt(p["g"] / p["l"] * (2 - math.sqrt(2))), math.sqrt(p["g"] / p["l"] * (2 + math.sqrt(2)))]


def test_the_control_lists_the_four_equilibria_the_stable_first_with_its_frequencies(session):
    session.act("modes")
    assert session.view.modes and session.showing.lit("modes")
    rows = session.modes.rows()
    assert len(rows) == 4
    assert rows[0].centre and not any(r.centre for r in rows[1:])
    assert "estable" in rows[0].title or "stable" in rows[0].title
    e = session.modes.analysis.equilibria[0]
    assert np.allclose(e.q, 0, atol=1e-9)
    assert [m.rate for m in e.modes] == pytest.approx(analytic(session), rel=1e-6)
    assert f"ω = {e.modes[0].rate:.6g} rad/s" in rows[0].detail[0]
    session.act("modes")
    assert not session.view.modes


def test_equilibria_are_computed_once_per_model_and_parameters(session, monkeypatch):
    calls = []
    real = modes_module.analyse

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(modes_module, "analyse", counting)
    for _ in range(3):
        session.act("modes")
        session.modes.rows()
    assert len(calls) == 1
    assert session.dialogs.apply_parameters({"g": "3"}) is None
    session.modes.follow()
    assert len(calls) == 2
    assert session.modes.analysis.equilibria[0].modes[0].rate == pytest.approx(
        math.sqrt(3 * (2 - math.sqrt(2))), rel=1e-6)


def test_choosing_puts_the_model_at_rest_there_as_the_conditions_panel_would(session):
    session.act("modes")
    session.clock.run(20)
    session.modes.choose(1)
    sim = session.sim
    assert sim.t == 0 and np.allclose(sim.q, [0, math.pi]) and np.allclose(sim.qdot, 0)
    assert np.allclose(sim.user_q, [0, math.pi])  # Reset comes back here
    assert session.history.starts()[-1]  # a break: trails and plots start again
    assert session.modes.mode_rows() == []  # an unstable point: listed, no amplitudes
    assert session.modes.ghost() is None


def test_a_mode_started_by_amplitude_and_phase_and_its_linear_prediction(session):
    session.act("modes")
    session.modes.choose(0)
    e = session.modes.equilibrium
    v, w = e.modes[1].shape, e.modes[1].rate
    session.modes.set_mode(1, amplitude=0.05, phase=0.5)
    A = 0.05 / np.max(np.abs(v))
    sim = session.sim
    assert sim.q == pytest.approx(A * math.cos(0.5) * v, rel=1e-12)
    assert sim.qdot == pytest.approx(-A * w * math.sin(0.5) * v, rel=1e-12)
    assert session.modes.mode_rows()[1].amplitude == 0.05
    assert session.modes.ghost() == pytest.approx(sim.q[None, :])
    session.modes.set_mode(0, amplitude=99.0)  # clipped at the slider's end: one radian
    assert session.modes.amplitudes[0] == 1.0


def deviation(session: Session, amplitude: float, seconds: float = 1.0) -> float:
    """How far the real motion is from the linear prediction after ``seconds``, from mode 1 of the
    stable point started at ``amplitude``."""
    session.modes.choose(0)
    session.modes.set_mode(0, amplitude=amplitude)
    session.act("animate")
    session.clock.run(round(seconds / session.sim.model.general.dt))
    assert session.sim.t == pytest.approx(seconds)
    ghost = session.modes.ghost()
    assert ghost is not None
    return float(np.max(np.abs(session.sim.q - ghost[0])))


def test_the_real_motion_leaves_the_linear_prediction_at_second_order(session):
    session.act("modes")
    small, double = deviation(session, 0.05), deviation(session, 0.1)
    assert small < 0.05 ** 2 and double < 0.1 ** 2  # within O(A²)
    assert double / small > 6  # and it is the nonlinear terms (A³): not a linear error of the start


@pytest.mark.parametrize("how", ["reset", "drag", "close", "model", "parameters"])
def test_the_prediction_goes_away_when_anything_else_starts_the_run(session, how):
    session.act("modes")
    session.modes.choose(0)
    session.modes.set_mode(0, amplitude=0.2)
    session.act("animate")
    session.clock.run(5)
    session.act("animate")  # a pause keeps it
    assert session.modes.ghost() is not None and session.showing.ghosts()
    if how == "reset":
        session.act("reset")
    elif how == "drag":
        q = session.kinematics.handle_point("C2", session.sim.t, session.sim.q)
        session.dragging.grab("C2", tuple(q))
        session.dragging.drag_to((q[0] + 0.1, q[1]))
        session.dragging.release()
    elif how == "close":
        session.act("modes")
    elif how == "model":
        session.open("pendulo_simple")
    else:
        session.dialogs.apply_parameters({"m": "2"})
    assert session.modes.ghost() is None and session.showing.ghosts() == []


def test_a_model_without_equilibria_to_give_says_why_in_the_banner(session):
    session.open("biela_manivela")
    session.act("modes")
    assert not session.view.modes
    assert session.banner.said is not None and "DRIVER motor" in session.banner.text  # locked: no free motion


def test_a_driven_model_is_judged_over_its_drive_and_has_no_amplitudes(session):
    session.open("kapitza")
    session.act("modes")
    assert session.view.modes
    kinds = {e.kind for e in session.modes.analysis.equilibria}
    assert kinds <= {"driven-stable", "driven-unstable"} and kinds
    session.modes.choose(0)
    assert session.modes.mode_rows() == [] and session.modes.ghost() is None
