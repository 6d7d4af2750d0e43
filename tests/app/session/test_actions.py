"""What each control does (game/app/session/actions.py): the action table behind act(name), CenM's locking rule, the menu's choice."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from game.app.files import paths
from game.app.files.settings import SPEEDS, Settings
from game.app.session.controls import BY_NAME, CONTROLS
from game.app.session.session import Session
from game.model import read_catalog


def test_controls_locked_while_animating_do_nothing(session):
    session.act("animate")
    session.clock.advance(0.1)
    q = session.sim.q
    locked = [c.name for c in CONTROLS if c.locked_while_animating]
    assert locked == ["eraser", "reset", "parameters", "conditions", "edit", "save"]  # CenM's five, and saving
    for name in locked:
        assert session.actions.locked(name)
        session.act(name)
    assert np.array_equal(session.sim.q, q) and session.view.dialog is None and not session.view.edit_velocities
    assert not session.actions.locked("vectors") and not session.actions.locked("animate")



def test_reset_returns_to_the_conditions_set_before_animating(session):
    q0 = session.sim.q
    session.act("animate")
    session.clock.advance(0.1)
    session.clock.advance(0.1)
    session.act("animate")
    assert not np.allclose(session.sim.q, q0)
    session.act("reset")
    assert np.array_equal(session.sim.q, q0) and session.sim.t == 0



def test_panels_menu_and_speed(session):
    session.act("energy")
    session.act("values")
    assert session.view.panels == {"energy", "values"}
    assert session.readout.lines("values")[0] == f"a1 = {session.sim.q[0]:.6g}"
    assert session.readout.lines("energy")[-1] == "DE = 0"
    session.act("energy")
    assert session.view.panels == {"values"} and session.showing.lit("values") and not session.showing.lit("energy")
    session.act("speed3")
    assert session.clock.scheduler.speed == 4.0
    session.act("menu")
    assert session.view.menu
    target = [e.stem for e in session.catalog.entries].index("pendulo_simple")
    session.actions.choose(target)
    assert not session.view.menu and session.entry.stem == "pendulo_simple"



def test_every_control_is_one_row_with_an_action(session, tmp_path):
    session.exports.folder = tmp_path  # export_csv writes the run
    window_only = {c.name for c in CONTROLS if c.window}
    assert window_only == {"docs", "fullscreen", "export_png", "export_plots"}  # they need the screen
    # every other row has its action in the session's table, and nothing else is in it
    assert set(session.actions.table) == {c.name for c in CONTROLS} - window_only
    with pytest.raises(KeyError):
        session.act("docs")  # a window control with no window: a program error, not silence
    called = []
    session.actions.window = {name: (lambda n=name: called.append(n)) for name in window_only}
    for c in CONTROLS:
        assert BY_NAME[c.name] is c
        session.view.dialog = None
        session.view.building = False  # (while building, the model's controls wait: test_buildmode.py)
        session.act(c.name)
    assert sorted(called) == sorted(window_only)
    session.act("speed3")
    assert session.view.speed_index == 3 and session.clock.scheduler.speed == SPEEDS[3]
    with pytest.raises(KeyError):
        session.act("no such control")



def test_trails_stay_until_the_eraser(session):
    """CenM: a trail is not capped at a few thousand points nor faded; only the Eraser clears it."""
    trail = session.trails.trails["C2"]
    start = trail.points()[0].copy()
    session.clock.run(3500)  # 70 s of motion
    assert len(trail) > 3000 and np.array_equal(trail.points()[0], start)
    session.act("eraser")
    assert len(trail) == 0



def test_the_plots_control_opens_energy_and_phase_plots_fed_by_the_run(session):
    session.act("plots")
    assert session.view.plots and session.showing.lit("plots")
    kinds = [p.spec for p in session.plots.plots]
    assert [k.kind for k in kinds] == ["energy", "phase"] and kinds[1].x == "a1" and kinds[1].ys == ("va1",)
    session.clock.run(25)
    energy, phase = session.plots.plots
    assert energy.sync() == len(session.history) == 26  # t = 0 … 0.5 s
    assert len(energy.curves[2]) == len(session.history)
    e = energy.curves[2].points()[:, 1]
    assert np.allclose(e, session.history.column("E"))
    phase.sync()
    assert np.allclose(phase.curves[0].points()[:, 1], session.history.column("va1"))
    session.act("plots")
    assert not session.view.plots and len(session.plots.plots) == 2  # hidden, kept



def test_the_chaos_control_runs_an_ensemble_that_restarts_at_resets(session):
    session.act("ensemble")
    board = session.plots
    assert session.view.ensemble and session.view.plots and board.ensemble is not None
    assert [p.spec.kind for p in board.plots][-1] == "spread" and "spread" in {k.name for k in board.kinds()}
    session.clock.run(20)
    assert board.ensemble.t == session.sim.t and np.isfinite(board.lyapunov.estimate)
    assert any(line.startswith("λ = ") for line in session.readout.lines("values"))
    session.act("reset")
    assert board.ensemble.t == 0.0 and board.lyapunov.elapsed == 0.0
    session.act("ensemble")
    assert board.ensemble is None and board.ensemble not in session.sim.observers
    assert all(p.spec.kind != "spread" for p in board.plots)



def test_each_entry_of_the_table_does_its_controls_job(session):
    actions, view = session.actions, session.view
    actions.table["vectors"]()
    actions.table["values"]()
    actions.table["conditions"]()
    assert view.vectors and view.panels == {"values"} and view.dialog == "conditions"
    actions.flip_panel("values")
    assert view.panels == set()
    actions.table["speed0"]()
    assert view.speed_index == 0 and session.clock.scheduler.speed == SPEEDS[0]
    actions.table["zoom_in"]()
    assert view.framing.manual and view.framing.zoom > 1


def test_a_kiosk_does_nothing_for_the_controls_it_does_not_offer(tmp_path):
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), replace(Settings(), kiosk=True))
    s.open("pendulo_doble")
    s.exports.folder = tmp_path
    s.actions.act("export_csv")
    assert not list(tmp_path.iterdir()) and s.banner.text is None
    s.actions.act("energy")  # offered: done
    assert s.view.panels == {"energy"}


def test_reactions_are_locked_where_there_are_none(session):
    assert session.actions.locked("reactions")  # a Lagrangian model has no reactions
    session.act("reactions")
    assert not session.view.reactions


def test_the_menu_shows_the_exercises_on_a_page_of_their_own_reached_by_a_link():
    from game.app.files import paths
    from game.app.files.settings import Settings
    from game.app.session.session import Session
    from game.model import read_catalog, with_group

    s = Session(with_group(read_catalog(paths.CATALOG, paths.MODELS), paths.EXERCISES, "exercises"),
                Settings(language="en"))
    s.open("pendulo_doble")
    entries = s.catalog.entries
    s.act("menu")
    first = s.actions.menu_rows()
    assert [r.target for r in first] == [i for i, e in enumerate(entries) if not e.group] + ["exercises"]
    assert first[-1].title == "Exercises »" and all(r.heading is None for r in first)
    s.actions.choose("exercises")
    assert s.view.menu and s.view.menu_page == "exercises"
    page = s.actions.menu_rows()
    assert page[0].target == "" and page[0].title == "« Models"
    assert [r.target for r in page[1:]] == [i for i, e in enumerate(entries) if e.group == "exercises"]
    assert page[1].heading == "Exercises" and page[1].title == "25.6 A mass pushed up an incline"
    s.actions.choose(page[3].target)  # 25.11
    assert not s.view.menu and s.entry.stem == "soporte_acelerado"
    s.act("menu")
    assert s.view.menu_page == "exercises"  # the menu opens on the page of the model on screen
    s.actions.choose("")
    assert s.view.menu_page == "" and s.actions.menu_rows() == first
