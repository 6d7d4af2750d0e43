"""The dialogs (game/app/session/dialogs.py): typed parameters and conditions applied, all or nothing."""

from __future__ import annotations

import numpy as np
import pytest

from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session.session import Session
from game.model import read_catalog


def test_a_typed_parameter_applies_and_a_bad_one_changes_nothing(session):
    session.act("parameters")
    assert session.view.dialog == "parameters"
    reason = session.dialogs.apply_parameters({"m": "2·"})
    assert reason and "value was expected" in reason
    assert session.sim.parameters["m"] == 1 and session.view.dialog == "parameters"
    assert session.dialogs.apply_parameters({"m": "2"}) is None
    assert session.sim.parameters["m"] == 2 and session.view.dialog is None



def test_reset_after_a_parameter_change_returns_to_the_conditions_the_user_set(session):
    session.act("conditions")
    assert session.dialogs.apply_conditions({"a1": "0.5", "a2": "-0.3"}) is None
    session.act("animate")
    session.clock.advance(0.1)
    session.clock.advance(0.1)
    session.act("animate")
    paused = session.sim.q
    session.act("parameters")
    assert session.dialogs.apply_parameters({"m": "3"}) is None
    assert np.array_equal(session.sim.q, paused)  # the motion goes on from where it was
    session.act("reset")
    assert session.sim.q.tolist() == [0.5, -0.3]  # CenM manual L155: the conditions last set



def test_dt_and_n_are_rows_of_the_parameters_panel(session, spanish):
    edits = session.dialogs.parameter_edits()
    rows = {r.name: r for r in edits.rows()}
    assert rows["dt"].value == "0.02" and rows["N"].value == "20"
    assert "sistema" in rows["N"].description
    assert "N" in edits.check("N", "0") and "10\u00a0000" in edits.check("N", "20000")
    assert "dt" in edits.check("dt", "100")
    assert edits.check("N", "2.5") is not None and edits.check("N", "M") is not None
    assert edits.check("N", "9000") is None  # 450,000 substeps a simulated second: can be done
    assert edits.check("dt", "0.001") is not None  # with N = 9000 pending: 9,000,000 cannot
    assert "N/dt" in edits.check("dt", "0.001")
    assert session.dialogs.apply_parameters({"N": "40", "dt": "1/100", "m": "2"}) is None
    g = session.sim.model.general
    assert (g.dt, g.n_substeps, session.sim.parameters["m"]) == (0.01, 40, 2.0)
    assert session.clock.scheduler.dt == 0.01  # frames take steps of the new dt
    session.act("animate")
    assert session.clock.advance(0.1) == 10
    before = dict(session.sim.parameters)
    assert session.dialogs.apply_parameters({"N": "0", "m": "3"}) is not None  # all or nothing
    assert session.sim.parameters == before and session.sim.model.general.n_substeps == 40



def test_a_negative_length_is_warned_until_it_is_fixed(session, spanish):
    assert session.dialogs.apply_parameters({"L": "-1"}) is None
    assert session.banner.cause == "negative"
    assert "barra b1" in session.banner.text and "longitud negativa (-1)" in session.banner.text
    assert session.dialogs.apply_parameters({"L": "0.8"}) is None
    assert session.banner.text is None



@pytest.mark.parametrize("name, text, words", [
    ("d", "0", "BAR bancada has zero length"),  # a length of 0 would divide
    ("m", "-1", "the mass of BAR manivela must be a number ≥ 0, not -10"),  # M would not be positive definite
])
def test_values_that_make_a_mechanism_impossible_are_refused_and_nothing_changes(name, text, words):
    # found by the soak: these raised from the engine and took the whole frame down
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("cuadrilatero")
    q, parameters = s.sim.q, dict(s.sim.parameters)
    reason = s.dialogs.apply_parameters({name: text})
    assert reason is not None and words in reason
    assert np.array_equal(s.sim.q, q) and s.sim.parameters == parameters



def test_dialogs_open_and_close_and_save_needs_a_user_folder(session):
    dialogs, view = session.dialogs, session.view
    view.menu = True
    dialogs.open("parameters")
    assert view.dialog == "parameters" and not view.menu
    dialogs.close()
    assert view.dialog is None
    dialogs.open_save()  # no user folders: there is nowhere to save
    assert view.dialog is None
    assert dialogs.suggested_name() == session.title and dialogs.save_path("mio") is None  # its title
    assert dialogs.save_as("mio").problem == "disabled"
    assert [r.name for r in dialogs.condition_edits().rows()] == ["a1", "a2", "va1", "va2"]
    assert "m" in [r.name for r in dialogs.parameter_edits().rows()]


def test_new_parameters_give_new_kinematics_and_restart_the_reaction_scale():
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("cuadrilatero")
    s.showing.reaction_arrows()
    kinematics = s.kinematics
    assert s.showing.force_scale > 0
    assert s.dialogs.apply_parameters({"m": "2"}) is None
    assert s.kinematics is not kinematics and s.showing.force_scale == 0


def test_a_preview_shows_new_values_and_leaves_the_model_as_it_was(session):
    sim = session.sim
    q0, poses0 = sim.q.copy(), session.showing.poses()
    session.act("parameters")
    values, reason = session.dialogs.preview("parameters", {"l": "2"})
    assert reason is None and values["l"] == 2 and values["m"] == 1
    longer = session.showing.poses()
    assert longer != poses0 and sim.parameters["l"] == 1 and sim.parameter_overrides == {}
    session.dialogs.close()  # Cancel: the scene draws the model's own again
    assert session.showing.poses() == poses0
    session.act("conditions")
    values, reason = session.dialogs.preview("conditions", {"a2": "0"})
    assert reason is None and values["a2"] == 0 and values["a1"] == pytest.approx(q0[0])
    assert session.showing.poses() != poses0 and np.array_equal(sim.q, q0)
    assert session.dialogs.apply_conditions({"a2": "0"}) is None  # Accept: the model has it, no preview left
    assert session.showing.poses() == session.kinematics.poses(sim.t, sim.q.tolist(), sim.qdot.tolist())
    assert sim.q[1] == 0


def test_a_preview_the_model_cannot_take_says_why_and_keeps_the_last(session):
    session.act("parameters")
    assert session.dialogs.preview("parameters", {"m": "2"})[1] is None
    shown = session.showing.poses()
    values, reason = session.dialogs.preview("parameters", {"m": "2", "M": "-1", "l": "3"})
    assert reason is not None and values["M"] == -1  # the values are said; the drawing stays
    assert session.showing.poses() == shown
    values, reason = session.dialogs.preview("parameters", {"m": "2·"})
    assert values == {} and reason and "value was expected" in reason
