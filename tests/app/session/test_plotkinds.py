"""The kinds of plot, one class each (issue 29 item 4): what each offers, shows first, reads and
says; the board asks them, and no other module compares a kind's name."""

from __future__ import annotations

import ast

import numpy as np
import pytest
from project import ROOT

from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session.plotkinds import (
    PLOT_KINDS,
    SPREAD,
    EnergyPlot,
    PhasePlot,
    PoincarePlot,
    SpectrumPlot,
    SpreadPlot,
    XYPlot,
    kind_named,
    kind_of,
    picked,
)
from game.app.session.session import Session
from game.model import read_catalog


@pytest.fixture(scope="module")
def catalog():
    return read_catalog(paths.CATALOG, paths.MODELS)


@pytest.fixture
def double(catalog) -> Session:
    """The double pendulum: two angles, no drive."""
    s = Session(catalog, Settings())
    s.open("pendulo_doble")
    return s


@pytest.fixture
def driven(catalog) -> Session:
    """The driven pendulum: one angle, a drive (so a Poincaré section)."""
    s = Session(catalog, Settings())
    s.open("pendulo_forzado")
    return s


def test_the_kinds_are_listed_once_in_the_menus_order_and_added_in_theirs():
    assert [k.name for k in PLOT_KINDS] == ["energy", "phase", "xy", "poincare", "spectrum", "spread"]
    assert [type(k) for k in PLOT_KINDS] == [EnergyPlot, PhasePlot, XYPlot, PoincarePlot, SpectrumPlot, SpreadPlot]
    assert all(kind_named(k.name) is k for k in PLOT_KINDS)
    # a new plot: the energy, the phase space, the section where there is one, then any variable
    assert [k.name for k in picked()] == ["energy", "phase", "poincare", "xy"]
    assert SPREAD in PLOT_KINDS and SPREAD.pick is None  # the spread comes with the ensemble only


def test_each_kind_is_named_in_both_languages_in_full_and_short():
    for kind in PLOT_KINDS:
        for language in ("en", "es"):
            assert kind.title(language) and kind.short(language)
    assert kind_named("phase").title("es") == "Espacio de fases" and kind_named("xy").short("en") == "x against y"


def test_the_energy_plot_draws_the_energies_of_the_run_against_time(double):
    board, kind = double.plots, kind_named("energy")
    spec = kind.default(board)
    assert (spec.kind, spec.x, spec.ys) == ("energy", "t", ("Ek", "Ep", "E"))
    assert not kind.axes and kind.choices(board) == ((), ()) and kind.offered(board)
    plot = board.add("energy")
    assert plot is not None and kind_of(plot) is kind and plot.source is double.history
    double.clock.run(10)
    plot.sync()
    assert np.allclose(plot.curves[1].points()[:, 1], double.history.column("Ep"))
    assert board.legend(plot, "es") == ("Ek", "Ep", "E") and kind.caption(board) == ""


def test_the_phase_plot_shows_a_coordinate_against_its_velocity_or_momentum(double):
    board, kind = double.plots, kind_named("phase")
    spec = kind.default(board)
    assert (spec.x, spec.ys) == ("a1", ("va1",)) and kind.axes
    xs, ys = kind.choices(board)
    assert xs == ("a1", "a2") and ys == ("va1", "va2", "p_a1", "p_a2")
    plot = kind.plot(spec, board)
    assert plot.wrap_x and plot.wrap_y == (False,) and not plot.dots and not plot.log_y  # an angle: within ±π


def test_the_xy_plot_offers_every_variable_on_both_axes(double, driven):
    kind = kind_named("xy")
    spec = kind.default(double.plots)
    assert (spec.x, spec.ys) == ("a1", ("a2",)) and kind.axes
    assert kind.default(driven.plots).ys == ("va",)  # one coordinate: its velocity up
    xs, ys = kind.choices(double.plots)
    assert xs == ys == double.plots.variables() and {"t", "Ek", "p_a2"} <= set(xs)


def test_the_poincare_section_is_offered_for_a_drive_and_reads_its_strobes_as_dots(double, driven):
    kind = kind_named("poincare")
    assert not kind.offered(double.plots) and kind.offered(driven.plots)
    board = driven.plots
    plot = kind.plot(kind.default(board), board)
    assert plot.dots and plot.source is board.section.history and kind.choices(board)[0] == ("a",)
    driven.clock.run(round(2 * board.section.period / 0.02) + 1)
    assert plot.sync() == 2  # t = T, 2T
    # a new drive: the section's plot follows the new section
    board.plots = [plot]
    assert driven.dialogs.apply_parameters({"wD": "1/2"}) is None
    assert board.plots[0].source is board.section.history and board.plots[0] is not plot


def test_the_spread_is_offered_with_the_ensemble_on_a_log_scale_under_the_lyapunov_estimate(double):
    board, kind = double.plots, kind_named("spread")
    assert not kind.offered(board) and kind.caption(board) == ""
    board.start_ensemble(copies=4)
    assert kind.offered(board) and [kind_of(p) for p in board.plots] == [kind]
    plot = board.plots[0]
    assert plot.log_y and plot.source is board.ensemble.spread and not kind.axes
    assert board.legend(plot, "en") == ("spread (log scale)",)
    board.lyapunov.t, board.lyapunov.sum = 2.0, -0.25
    assert kind.caption(board) == "Lyapunov: λ = −0.125 1/s"  # a minus sign, as the ticks write it
    board.stop_ensemble()
    assert not board.plots and not kind.offered(board)


# -- no module but plotkinds.py compares a kind's name --------------------------------------------

#: names that also mean something else of the program (the live panel and the control "energy"):
#: compared with them, a name is a kind's only where what it is compared with says "kind"
SHARED = {"energy"}


def kind_comparisons(source: str) -> list[int]:
    """The lines of ``source`` comparing something with a plot kind's name (``spec.kind == "xy"``,
    ``k in ("energy", "phase")``)."""
    names = {k.name for k in PLOT_KINDS}
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        written = set()
        for side in sides:
            items = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
            written |= {i.value for i in items if isinstance(i, ast.Constant) and i.value in names}
        about_kinds = "kind" in ast.unparse(node).replace("kinds", "kind")
        if written - SHARED or (written and about_kinds):
            found.append(node.lineno)
    return found


def small_mode(session: Session, mode: int, amplitude: float) -> None:
    """The double pendulum at rest at its stable point, then mode ``mode`` started small."""
    session.act("modes")
    session.modes.choose(0)
    session.modes.set_mode(mode, amplitude=amplitude)


@pytest.mark.parametrize("mode", [0, 1])
def test_the_spectrum_of_a_small_mode_peaks_within_a_bin_of_its_frequency_marked(double, mode):
    board, kind = double.plots, kind_named("spectrum")
    spec = kind.default(board)
    assert (spec.x, spec.ys) == ("f (Hz)", ("a1",)) and kind.axes and kind.pick is None
    xs, ys = kind.choices(board)
    assert xs == () and "t" not in ys and {"a1", "a2", "va1", "Ep", "p_a1"} <= set(ys)
    small_mode(double, mode, 0.02)
    plot = board.add("spectrum")
    assert plot is not None and kind_of(plot) is kind
    double.clock.run(2000)  # 40 s: bins 1/40 Hz apart
    plot.sync()
    f, size = plot.curves[0].points().T
    bin_width = 1 / (plot.used * double.sim.model.general.dt)
    predicted = [m.rate / (2 * np.pi) for m in double.modes.equilibrium.modes]
    assert plot.used == 2001 and f[1] == pytest.approx(bin_width)
    assert abs(f[np.argmax(size)] - predicted[mode]) <= bin_width
    assert plot.marks == pytest.approx(predicted, rel=1e-12)  # both modes marked
    assert np.max(size) == pytest.approx(double.modes.amplitudes[mode] * abs(
        double.modes.equilibrium.modes[mode].shape[0]) / np.max(np.abs(double.modes.equilibrium.modes[mode].shape)),
        rel=0.2)  # the peak's height: the amplitude of a1 in that mode (Hann: within 1.5 dB off a bin)


def test_the_spectrum_is_taken_again_only_when_the_run_has_grown_enough_and_of_its_last_run(double):
    board = double.plots
    plot = board.add("spectrum")
    assert plot is not None
    double.clock.run(200)
    plot.sync()
    assert plot.used == 201 and plot.marks == ()  # no equilibria known: nothing marked
    generation = plot.generation
    double.clock.run(20)  # 10 % more: the same spectrum
    assert plot.sync() == 0 and plot.generation == generation and plot.used == 201
    double.clock.run(10)
    assert plot.sync() > 0 and plot.generation > generation and plot.used == 231
    double.act("reset")  # a break: the spectrum is of what comes after it alone
    double.clock.run(40)
    plot.sync()
    assert plot.used == 41
    double.act("modes")  # the equilibria known now: the nearest stable one's frequencies marked
    double.clock.run(40)
    plot.sync()
    assert len(plot.marks) == 2


def test_the_scan_finds_a_kinds_name_compared():
    assert kind_comparisons('if plot.spec.kind == "spread":\n    pass') == [1]
    assert kind_comparisons('x = [k for k in kinds if k != "poincare"]') == [1]
    assert kind_comparisons('ok = kind in ("energy", "xy")') == [1]
    assert kind_comparisons('ok = kind == "energy"') == [1]
    assert kind_comparisons('lines = 3 if panel == "energy" else 2') == []  # the live panel


def test_no_module_but_the_kinds_own_compares_a_kinds_name():
    own = ROOT / "game" / "app" / "session" / "plotkinds.py"
    found = {str(path.relative_to(ROOT)): lines for path in (ROOT / "game").rglob("*.py") if path != own
             if (lines := kind_comparisons(path.read_text(encoding="utf-8")))}
    assert found == {}, f"ask the kind (game/app/session/plotkinds.py) instead: {found}"
