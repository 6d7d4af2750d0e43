"""The program without its window: a Session is driven with plain calls, no pygame."""

from __future__ import annotations

import io
import math
import subprocess
import sys

import numpy as np
import pytest
from project import ROOT

from game.app.commands.simulate import CsvRows
from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session.plotkinds import kind_named
from game.app.session.session import Session
from game.model import read_catalog
from game.physics.observe.records import TrailRecorder


def test_a_session_runs_without_pygame():
    code = ("import sys, game.app.session.session, game.app.session.controls; "
            "assert not any(m.startswith('pygame') for m in sys.modules), sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


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
    session.clock.advance(0.1)  # 5 steps
    session.act("animate")
    point = tuple(session.kinematics.handle_point("C2", sim.t, sim.q))
    session.dragging.grab("C2", point)
    for dx in (0.1, 0.2, 0.3):  # three moves: three breaks, one new starting point
        session.dragging.drag_to((point[0] + dx, point[1]))
    session.dragging.release()
    session.act("animate")
    session.clock.advance(0.1)  # 5 more steps
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


def offered(board) -> set[str]:
    """The names of the kinds of plot the board offers now."""
    return {k.name for k in board.kinds()}


def test_plot_menus_change_kind_and_variables(session):
    board = session.plots
    assert not {"poincare", "spread"} & offered(board)  # no drive, no ensemble
    board.add("xy")
    xs, ys = kind_named("xy").choices(board)
    assert {"t", "a1", "va2", "Ek", "E", "p_a1", "p_a2"} <= set(xs) and xs == ys
    board.change(0, x="a2", y="p_a2")
    session.clock.run(5)
    plot = board.plots[0]
    plot.sync()
    q, p = session.sim.state.q, session.sim.state.p
    assert plot.curves[0].points()[-1].tolist() == pytest.approx([q[1], p[1]], rel=1e-12)
    board.change(0, kind="phase")
    assert board.plots[0].spec.x == "a1"


def test_a_driven_model_offers_its_poincare_section(session):
    session.open("pendulo_forzado")
    board = session.plots
    assert "poincare" in offered(board)
    board.add("poincare")
    session.clock.run(round(3 * board.section.period / 0.02) + 1)
    plot = board.plots[0]
    plot.sync()
    assert plot.dots and len(plot.curves[0]) == 3  # t = T, 2T, 3T
    # a new drive frequency: a new period, and the section follows it
    assert session.dialogs.apply_parameters({"wD": "1/2"}) is None
    assert board.section.period == pytest.approx(4 * math.pi / math.sqrt(9.81))


def test_another_model_keeps_the_kinds_of_plot(session):
    session.act("plots")
    session.act("ensemble")
    session.open("pendulo_simple")
    kinds = [p.spec.kind for p in session.plots.plots]
    assert kinds == ["energy", "phase", "spread"]
    assert session.plots.plots[1].spec.x == "a" and session.plots.ensemble is not None
    assert session.plots.ensemble in session.sim.observers


def test_plots_and_the_chaos_control_follow_a_mechanism():
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("pendulo_doble_mecanismo")
    s.act("plots")
    s.act("ensemble")
    board = s.plots
    assert "poincare" not in offered(board) and not board.momenta()  # no drive, no generated momenta
    s.clock.run(20)
    phase = board.plots[1]
    phase.sync()
    assert len(phase.curves[0]) == 21 and board.ensemble.alive.all() and board.ensemble.t == s.sim.t
    assert np.isfinite(board.lyapunov.estimate)


def test_fading_trails_are_a_setting():
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(trail_fade=True, trail_length=500))
    s.open("pendulo_doble")
    s.clock.run(2000)
    assert len(s.trails.trails["C2"]) == 500


# -- numbers told, not hidden (issue 9 items 8, 10, 14) ------------------------------------------


def test_the_chaos_control_follows_a_model_with_contacts():
    # the copies bounce as the ball does: each steps through the contacts' stepper, never the
    # array loop (which knows no floor)
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("pelota")
    s.act("ensemble")
    board = s.plots
    assert board.ensemble.copies == 10
    s.clock.run(100)  # 2 s: the ball has hit the floor
    gap = s.sim.system.contacts.gaps
    for qk in board.ensemble.coordinates(s.sim.model.n):
        assert min(gap(s.sim.t, qk.tolist())) > -1e-6  # no copy fell through
    assert np.isfinite(board.lyapunov.estimate)


def test_the_history_of_a_run_stays_within_its_memory_budget():
    from game.app.session.session import HISTORY_BYTES, HISTORY_ROWS

    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("pendulo_doble")
    assert s.history.capacity == HISTORY_ROWS  # a few columns: the whole 50 minutes
    s.open("jansen")  # dozens of columns: fewer rows, the same memory at most
    columns = len(s.history.names)
    assert columns > 60 and s.history.capacity < HISTORY_ROWS
    assert s.history.capacity * (8 * columns + 1) <= HISTORY_BYTES




def test_the_chaos_control_runs_fifty_copies_of_a_mechanism():
    # a mechanism's copies step as one batch (KKT systems as a stack): as many as a Lagrangian model's
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("cuadrilatero")
    s.act("ensemble")
    board = s.plots
    assert board.ensemble.copies == 50
    s.clock.run(30)
    assert board.ensemble.alive.all() and board.ensemble.t == s.sim.t
    system = s.sim.system
    for qk in board.ensemble.coordinates(s.sim.model.n):  # every copy still on its constraints
        assert float(np.max(np.abs(system.constraint_values(qk, s.sim.t)))) < 1e-9
