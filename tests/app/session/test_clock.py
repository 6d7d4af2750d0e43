"""The session's time (game/app/session/clock.py): whole steps to the clock, a failure that pauses, a step too coarse, speed."""

from __future__ import annotations

import numpy as np
import pytest
from model_texts import one_coordinate

from game.app.files import paths
from game.app.files.settings import SPEEDS, Settings
from game.app.session.clock import first_speed
from game.app.session.session import Session
from game.model import read_catalog


def test_animate_pause_and_time_follows_the_clock(session):
    assert session.entry.stem == "pendulo_doble" and not session.view.animating
    assert session.clock.advance(1.0) == 0  # paused: no time passes
    session.act("animate")
    assert session.view.animating
    taken = sum(session.clock.advance(1 / 60) for _ in range(60))
    assert taken == 50 and session.sim.t == pytest.approx(1.0)  # 1 s of wall time, dt = 0.02
    session.act("animate")
    assert not session.view.animating and session.clock.advance(1.0) == 0



def test_only_the_clock_steps_the_motion_live(session):
    # to the wall clock a mechanism may take its machine code's steps; a screenshot's run (clock.run,
    # as simulate) takes the plain ones, whose numbers the golden files keep
    session.open("cuadrilatero")
    session.clock.run(5)
    assert session.sim.t > 0 and not session.sim.live
    session.clock.advance(1.0)  # paused: nothing runs, nothing changes
    assert not session.sim.live
    session.act("animate")
    session.clock.advance(1 / 60)
    assert session.sim.live


def test_a_failure_pauses_keeps_the_last_good_state_and_says_why(session, write_model, spanish):
    # x falls towards 0 where sqrt(x) has no derivative: the engine must stop before
    session.open(str(write_model(one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="0.2", v0="-1"), "raiz.dat")))
    assert session.entry.stem == "raiz"
    session.act("animate")
    for _ in range(120):
        session.clock.advance(1 / 60)
    assert not session.view.animating
    assert "Ep no se puede calcular" in (session.banner.text or "")  # in the window's language
    assert 0 < session.sim.q[0] < 0.2 and np.isfinite(session.sim.qdot[0])



def test_a_step_too_coarse_for_the_conditions_is_told_and_d_makes_it_finer(session, spanish):
    """va1 = 1000 with dt/N = 0.02/20: DE reaches a quarter of E. The panel and the banner say the
    step is too coarse; D doubles N (the motion goes on from there), until energy is conserved."""
    assert session.dialogs.apply_conditions({"va1": "1000"}) is None
    session.act("animate")
    session.clock.advance(0.1)
    assert session.sim.de > 0.1 * session.sim.energy_scale
    assert session.banner.cause == "coarse" and "pulse D" in session.banner.text and "N (ahora 20)" in session.banner.text
    assert session.readout.lines("energy")[-1] == "¡Paso grueso! Pulse D"
    for _ in range(5):
        session.act("refine")
    assert session.sim.model.general.n_substeps == 640
    assert session.banner.text is None  # the banner was about the old step
    session.clock.advance(0.1)
    session.clock.advance(0.1)
    assert session.banner.text is None and not session.sim.too_coarse
    assert session.readout.lines("energy")[-1].startswith("DE = ")



def test_the_shipped_double_pendulum_is_not_too_coarse(session):
    session.act("animate")
    for _ in range(100):
        session.clock.advance(0.1)  # 10 s
    assert not session.sim.too_coarse and session.banner.text is None



def animated_for_two_seconds(path, ep: str, x0: str) -> Session:
    """A session on a one-coordinate model of potential ``ep`` released at ``x0`` moving left,
    animated for 2 s of the clock (it stops on its way where ``ep`` fails)."""
    from model_texts import one_coordinate

    path.write_text(one_coordinate("m", "½·m·vx²", ep, x0=x0, v0="-1"), encoding="utf-8")
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(language="en"))
    s.open(str(path))
    s.act("animate")
    for _ in range(20):
        s.clock.advance(0.1)
    return s



def test_a_stop_banner_goes_once_the_value_is_fixed(tmp_path):
    s = animated_for_two_seconds(tmp_path / "raiz.dat", "m·sqrt(x)", x0="0.2")
    assert s.banner.cause == "stopped" and s.banner.text.startswith("The simulation stopped")
    assert s.dialogs.apply_conditions({"vx": "1"}) is None  # moving away from the edge of the domain
    assert s.banner.text is None



def test_a_run_whose_energy_stops_being_finite_pauses_on_the_last_good_state(tmp_path):
    # the window's side of a friction that makes energy: paused, said, the state before kept
    text = (paths.MODELS / "bloque_friccion.dat").read_text(encoding="utf-8")
    path = tmp_path / "bloque.dat"
    path.write_text(text.replace("'mu'|'vx'|el piso", "'mu'|'1e200·vx'|el piso").replace("<CI>vx|3|", "<CI>vx|0|"),
                    encoding="utf-8")
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(language="en"))
    s.open(str(path))
    s.act("animate")
    s.clock.advance(0.5)
    assert not s.view.animating
    assert s.sim.t == 0.0 and s.sim.q.tolist() == [-3.5, 0.15] and s.sim.qdot.tolist() == [0.0, 0.0]
    assert s.banner.text is not None and "Ek is no longer a finite number (inf) at t=0.02" in s.banner.text, s.banner.text
    assert len(s.history) == 1  # the start only: the step that blew up was not recorded



def test_an_energy_out_of_its_domain_pauses_the_window_on_the_last_good_state(tmp_path):
    s = animated_for_two_seconds(tmp_path / "suelo.dat", "sqrt(floor(x+0.5))", x0="0.255")
    assert not s.view.animating and s.sim.t == pytest.approx(0.75)
    assert s.banner.text is not None and "Ep cannot be computed" in s.banner.text and "t=0.76" in s.banner.text, s.banner.text



def test_the_speed_the_settings_start_with_is_one_of_the_students():
    assert SPEEDS[first_speed(Settings(speed=2.0))] == 2.0
    assert first_speed(Settings(speed=3.0)) == 1  # not one of them: 1×


def test_the_clock_takes_whole_steps_at_the_students_speed(session):
    clock = session.clock
    assert clock.run(3) == 3 and session.sim.t == pytest.approx(0.06)
    clock.set_speed(3)
    assert session.view.speed_index == 3 and clock.scheduler.speed == SPEEDS[3]
    session.view.animating = True
    assert clock.advance(0.05) == 10  # 0.05 s at 4×: 0.2 s of dt = 0.02
    session.view.animating = False
    session.dragging.grab("b2", tuple(session.kinematics.handle_point("b2", session.sim.t, session.sim.q)))
    session.view.animating = True
    assert session.dragging.drag is not None and clock.advance(0.05) == 0  # no time passes while a body is held
    clock.follow(0.01)
    assert clock.scheduler.dt == 0.01 and clock.scheduler.speed == SPEEDS[3] and clock.stopped_for is None
