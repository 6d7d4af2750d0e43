"""What the scene shows of the model on screen (game/app/session/showing.py)."""

from __future__ import annotations

import numpy as np


def test_lit_follows_what_the_student_switched_on(session):
    shown = session.showing
    assert not any(shown.lit(name) for name in ("animate", "vectors", "edit", "energy", "plots", "ensemble"))
    session.view.vectors, session.view.edit_velocities = True, True
    session.view.panels.add("energy")
    assert shown.lit("vectors") and shown.lit("edit") and shown.lit("energy") and not shown.lit("values")
    assert not shown.lit("reset")  # a push button is never lit


def test_poses_trails_and_arrows_are_the_model_on_screen_now(session):
    shown, sim = session.showing, session.sim
    assert [p.id for p in shown.poses()] == [p.id for p in shown.poses_at(sim.t, sim.q, sim.qdot)]
    assert shown.trail_list() == list(session.trails.trails.values()) and shown.trail_list()
    arrows = shown.edit_arrows()
    assert [a.id for a in arrows] == ["b1", "b2"]  # one arrow per bob (a bar's end and its bob: one)
    c2 = session.kinematics.handle_point("b2", sim.t, sim.q)
    assert (arrows[1].x, arrows[1].y) == (float(c2[0]), float(c2[1]))
    assert shown.reaction_arrows() == [] and shown.reaction_legend([]) is None  # no mechanism, no reactions
    assert shown.flashes() == []  # no contacts


def test_ghosts_are_the_chaos_ensembles_copies_while_it_runs(session):
    assert session.showing.ghosts() == []
    session.act("ensemble")
    session.clock.run(3)
    ghosts = session.showing.ghosts()
    copies = session.plots.ensemble.copies
    assert [g.id for g in ghosts] == [p.id for p in session.showing.poses()]  # each body, over the copies
    assert all(len(g.fields["xf"]) == copies for g in ghosts if "xf" in g.fields)
    assert np.ptp(ghosts[0].fields["xf"]) > 0  # the copies are apart
    session.act("ensemble")
    assert session.showing.ghosts() == []
