"""A kiosk's show as the session runs it (game/app/session/kiosk.py); the timeout's state machine
has its own tests (tests/app/kiosk/test_kiosk.py)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from game.app.files import paths
from game.app.files.settings import Settings, Show
from game.app.session.session import Session
from game.model import read_catalog


def test_a_desktop_has_no_kiosk_but_recovers_paused_on_the_same_model(session):
    kiosk = session.kiosk
    assert kiosk.idle is None and not kiosk.touched() and kiosk.caption is None
    session.act("animate")
    session.clock.advance(0.1)
    session.act("menu")
    kiosk.recover()
    assert session.entry.stem == "pendulo_doble" and not session.view.menu and not session.view.animating
    assert session.sim.t == 0
    kiosk.recover(next_model=True)
    assert session.entry.stem != "pendulo_doble"


def test_a_show_opens_moving_on_its_conditions_with_a_clean_view():
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), replace(Settings(), kiosk=True))
    s.open("pendulo_doble")
    assert s.kiosk.idle is not None
    s.act("energy")
    s.act("vectors")
    assert s.kiosk.start_show(Show("pendulo_simple", 10.0, (("a", "0.5"),)))
    assert s.entry.stem == "pendulo_simple" and s.view.animating
    assert s.view.panels == set() and not s.view.vectors and not s.plots.plots
    assert s.sim.t > 0 and s.sim.user_q.tolist() == [0.5]  # moving from its first frame, from the show's a
    assert not s.kiosk.start_show(Show("no_such_model"))


def test_a_failed_run_in_a_kiosk_starts_again_after_the_heal_time():
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), replace(Settings(), kiosk=True))
    s.open("pendulo_doble")
    s.act("animate")
    s.clock.run(10)
    s.view.animating, s.clock.stopped_for = False, 0.0  # as a failure leaves it
    s.kiosk.tick(s.settings.kiosk_heal_seconds / 2)
    assert not s.view.animating
    s.kiosk.tick(s.settings.kiosk_heal_seconds)
    assert s.view.animating and s.sim.t == 0 and s.clock.stopped_for is None
    assert np.array_equal(s.sim.q, s.sim.user_q)


def test_a_kiosks_timeout_closes_a_pending_preview_as_cancel_does():
    s = Session(read_catalog(paths.CATALOG, paths.MODELS),
                replace(Settings(), kiosk=True, kiosk_idle_seconds=2, kiosk_countdown_seconds=1))
    s.open("pendulo_doble")
    s.dialogs.open("parameters")
    framing = s.view.framing
    _, problem = s.dialogs.preview("parameters", {"L": "6", "l": "6"})  # a pendulum far out of view
    assert problem is None and s.showing.preview is not None
    assert s.view.framing != framing  # the preview zoomed out to keep the long pendulum in view
    for _ in range(40):  # the visitor walked away: "Still there?", then the attract loop
        s.kiosk.tick(0.1)
    assert s.view.dialog is None and s.showing.preview is None  # (main left the preview behind)
    assert s.sim.parameters["L"] == 1.0 and s.entry.stem == "pendulo_doble"
    assert s.showing.poses() == s.kinematics.poses(s.sim.t, s.sim.q.tolist(), s.sim.qdot.tolist())
