"""What plots draw (SPEC §7.4): curves taken from the history of a run, incrementally, with
breaks at drags and resets and angles wrapped with a break; which coordinates are angles;
the period of a drive."""

from __future__ import annotations

import math

import numpy as np
import pytest
from model_texts import SLIDING, one_coordinate
from sim_helpers import simulation

from game.expr import parse
from game.model import load_model
from game.physics.observe.records import History, HistoryRecorder
from game.physics.observe.series import (
    KEPT_RUNS,
    LEAST_RUN,
    RUN_POINTS,
    Plot,
    PlotSpec,
    angular_coordinates,
    drive_period,
    wrap_angle,
)


def recorded(sim, capacity: int = 50_000) -> History:
    history = History(sim.sample_names(), capacity)
    sim.observers.append(HistoryRecorder(history))
    sim.announce_break()
    return history


def phase_plot(sim, history: History, capacity: int = 20_000) -> Plot:
    angles = angular_coordinates(sim.model)
    return Plot(PlotSpec("phase", "a", ("va",)), history, angles=angles, capacity=capacity)


def test_simple_pendulum_phase_portrait_closed_below_the_separatrix_open_above():
    # the separatrix: E = m·g·l, the energy of the bob at rest at the top
    sim = simulation("pendulo_simple", a="3*pi/4", va="0")  # a large swing, still below
    p = sim.parameters
    e_sep = p["m"] * p["g"] * p["l"]
    assert sim.energy < e_sep
    h = recorded(sim)
    plot = phase_plot(sim, h)
    sim.step(300)  # 6 s: more than two periods (≈ 3.1 s at this amplitude)
    plot.sync()
    (curve,) = plot.curves
    runs = curve.runs()
    assert len(runs) == 1  # one unbroken curve ...
    a, va = runs[0][:, 0], runs[0][:, 1]
    assert a.max() < math.pi and a.min() > -math.pi and va.max() > 0 > va.min()
    start = runs[0][0]
    later = runs[0][50:]  # ... that comes back to where it started: closed
    assert np.min(np.hypot(*(later - start).T)) < 0.05

    sim = simulation("pendulo_simple", a="0", va="6")  # ½·m·l²·6² − m·g·l > m·g·l: above
    assert sim.energy > e_sep
    h = recorded(sim)
    plot = phase_plot(sim, h)
    sim.step(300)
    plot.sync()
    runs = plot.curves[0].runs()
    assert len(runs) >= 4  # it goes over the top again and again: a break at each wrap
    for run in runs:
        assert np.all(run[:, 1] > 0)  # always turning the same way: open
        assert np.all(np.abs(np.diff(run[:, 0])) < 0.2)  # no line across the plot
        assert -math.pi <= run[:, 0].min() and run[:, 0].max() <= math.pi
    inner = runs[1:-1]
    assert all(r[0, 0] < -math.pi + 0.2 and r[-1, 0] > math.pi - 0.2 for r in inner)  # from −π to π


def test_sync_takes_only_the_new_rows_and_breaks_at_drags_and_resets():
    sim = simulation("pendulo_doble")
    h = recorded(sim)
    plot = Plot(PlotSpec("energy", "t", ("Ek", "Ep", "E")), h)
    sim.step(10)
    assert plot.sync() == 11 and plot.sync() == 0
    sim.step(5)
    assert plot.sync() == 5
    # a drag: many restarts, one new run whose first row is taken once it is settled
    for a in (0.5, 0.6, 0.7):
        sim.set_conditions([a, 0.2], [0, 0])
    assert plot.sync() == 0  # the run's first row may still move: not drawn yet
    sim.step(3)
    assert plot.sync() == 4
    # the run before the drag is a series of its own; the curves hold the present run
    (before,) = plot.earlier
    assert before.number == 1 and plot.number == 2 and [len(p) for p, _ in before.curves] == [16] * 3
    (present,) = plot.curves[2].runs()
    assert len(present) == 4
    ek0, ep0 = sim.system.energies(sim.system.state([0.7, 0.2], [0, 0]))
    assert present[0, 1] == pytest.approx(ek0 + ep0)  # the run starts where the drag ended
    shown = np.concatenate((before.curves[0][0][:, 1], plot.curves[0].points()[:, 1]))
    assert np.allclose(shown, h.column("Ek"))


def test_runs_kept_are_bounded_slivers_dropped_and_each_tagged():
    sim = simulation("pendulo_simple")
    h = recorded(sim)
    tags = iter(range(100))
    plot = Plot(PlotSpec("energy", "t", ("E",)), h, tag=lambda: next(tags))
    for k in range(KEPT_RUNS + 3):
        sim.step(LEAST_RUN + k)
        sim.set_conditions([0.1 * (k + 1)], [0.0])
    sim.step(1)  # the last run's first row is settled
    plot.sync()
    assert [r.number for r in plot.earlier] == list(range(4, KEPT_RUNS + 4))  # the oldest dropped
    assert [r.tag for r in plot.earlier] == list(range(3, KEPT_RUNS + 3)) and plot.present_tag == KEPT_RUNS + 3
    assert [len(r.curves[0][0]) for r in plot.earlier] == [LEAST_RUN + k + 1 for k in range(3, KEPT_RUNS + 3)]
    # a sliver (a slider moved while the model runs breaks the run at every frame) is not kept
    revision = plot.runs_revision
    for _ in range(5):
        sim.set_conditions([0.3], [0.0])
        sim.step(2)
        plot.sync()
    assert plot.runs_revision == revision + 5 and plot.number == KEPT_RUNS + 4
    assert [r.number for r in plot.earlier] == list(range(4, KEPT_RUNS + 4))
    # the axes hold every run kept (each began at t = 0; the longest, the last kept, reaches furthest)
    _, x1, _, _ = plot.bounds()
    assert x1 == pytest.approx(0.02 * (LEAST_RUN + KEPT_RUNS + 2)) and x1 > sim.t
    plot.clear()  # only the present run from now on, run 1 again
    assert plot.earlier == [] and plot.number == 1


def test_a_long_run_is_kept_thinned_with_its_breaks():
    sim = simulation("pendulo_simple", a="0", va="6")  # over the top: breaks where the angle wraps
    h = recorded(sim)
    plot = Plot(PlotSpec("phase", "a", ("va",)), h, angles=frozenset({"a"}))
    sim.step(3 * RUN_POINTS)
    plot.sync()
    wraps = len(plot.curves[0].runs())
    sim.set_conditions([0.0], [0.0])
    sim.step(1)
    plot.sync()
    ((points, starts),) = plot.earlier[0].curves
    last = math.remainder(h.column("a")[-3], 2 * math.pi)  # before the restart's row and the step after it
    assert len(points) <= RUN_POINTS + 1 and points[-1, 0] == pytest.approx(last)
    assert int(starts[1:].sum()) + 1 == wraps  # every wrap still breaks the line


def test_memory_is_bounded_and_a_gap_is_not_joined():
    sim = simulation("pendulo_simple")
    h = recorded(sim, capacity=100)
    plot = Plot(PlotSpec("xy", "t", ("a",)), h, capacity=50)
    sim.step(30)
    plot.sync()
    sim.step(500)  # more than the history holds between two looks
    plot.sync()
    (curve,) = plot.curves
    assert len(curve) == 50 and curve.nbytes <= 50 * 17
    t = curve.points()[:, 0]
    assert t[-1] == pytest.approx(sim.t) and np.allclose(np.diff(t), 0.02)


def test_clear_starts_an_empty_plot_and_keeps_the_history():
    sim = simulation("pendulo_simple")
    h = recorded(sim)
    plot = Plot(PlotSpec("energy", "t", ("E",)), h)
    sim.step(20)
    plot.sync()
    generation = plot.generation
    plot.clear()
    assert len(plot.curves[0]) == 0 and plot.generation != generation and len(h) == 21
    sim.step(2)
    assert plot.sync() == 2


def test_log_scale_curves_hold_powers_of_ten():
    h = History(("t", "spread"), 10)
    for t, s in ((0, 1e-6), (1, 1e-4), (2, 0.0), (3, 1e-2)):
        h.append((t, s))
    plot = Plot(PlotSpec("spread", "t", ("spread",)), h, log_y=True)
    plot.sync()
    y = plot.curves[0].points()[:, 1]
    assert y.tolist() == [-6, -4, -2] and plot.bounds() == (0, 3, -6, -2)  # 0 has no logarithm: a gap


def test_which_coordinates_are_angles(write_model):
    stems = {"pendulo_doble": {"a1", "a2"}, "pendulo_deslizante": {"a"}, "planetario1": set(),
             "pendulo_elastico": {"a"}, "kapitza": {"a"}, "pendulo_triple": {"a1", "a2", "a3"}}
    for stem, angles in stems.items():
        assert angular_coordinates(simulation(stem).model) == angles, stem
    # a torsion spring reads the angle itself: not periodic, not wrapped
    spring = load_model(write_model(one_coordinate("1", "½·vx²", "½·x² - cos(x)")))
    assert angular_coordinates(spring) == set()
    assert angular_coordinates(load_model(write_model(SLIDING))) == {"a"}


def test_wrapping_keeps_angles_in_one_turn():
    x = np.array([0.0, 3.1, 3.2, -3.2, 7.0, -math.pi, math.pi])
    wrapped, turn = wrap_angle(x)
    assert np.all(wrapped >= -math.pi) and np.all(wrapped < math.pi)
    assert np.allclose(np.cos(wrapped), np.cos(x)) and np.allclose(np.sin(wrapped), np.sin(x))
    assert turn.tolist() == [0, 0, 1, -1, 1, 0, 1]


def test_the_drive_period_is_found_in_the_model():
    sim = simulation("pendulo_forzado")
    p = sim.parameters
    assert drive_period(sim.model, p) == pytest.approx(2 * math.pi / (p["wD"] * math.sqrt(p["g"] / p["l"])))
    kapitza = simulation("kapitza")
    assert drive_period(kapitza.model, kapitza.parameters) == pytest.approx(2 * math.pi / kapitza.parameters["W"])
    assert drive_period(simulation("pendulo_doble").model, simulation("pendulo_doble").parameters) is None
    sim.set_parameters({"wD": parse("1/2")})
    assert drive_period(sim.model, sim.parameters) == pytest.approx(4 * math.pi / math.sqrt(9.81))
