"""The plots of the window and what feeds them, without pygame (SPEC §7.4).

A :class:`PlotBoard` belongs to a session. It holds the plots shown in the dock (each a
:class:`~game.physics.observe.series.Plot`: a kind and the variables chosen in its menus), and the
observers some kinds need beside the history of the run: the Poincaré section of a driven
model, and the ensemble and the Lyapunov pair of the chaos control. Every one of them is
a step observer of the simulation, so they all restart at breaks (a drag, a reset, new
parameters) and none is called from the window loop. What differs from one kind of plot to
another is the kind's (:mod:`game.app.session.plotkinds`): the board asks it.

Each run is a series of its own (:class:`~game.physics.observe.series.Run`), named in the legend
by the parameters it ran with where they differ from the present run's (``m = 2``), else by its
number (``run 3``). A model read again (a reload) keeps its plots' runs; a kiosk's visitor starts
with none of the attract loop's (:meth:`PlotBoard.forget_runs`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ...messages import msg, typeset
from ...model import ModelFile
from ...physics import Simulation
from ...physics.equilibrium import Analysis
from ...physics.observe.ensemble import COPIES, Ensemble, Lyapunov
from ...physics.observe.poincare import PoincareSection
from ...physics.observe.records import History
from ...physics.observe.series import Plot, PlotSpec, Run, angular_coordinates, drive_period, momentum_name
from .plotkinds import PLOT_KINDS, SPREAD, PlotKind, kind_named, kind_of, lyapunov_words, picked

#: plots the dock holds at most (each needs room to be read)
MAX_PLOTS = 3
#: copies of an ensemble whose copies do not step together for little more than one (contacts: see
#: ``bench --ensemble``): fifty would fall behind the clock
FEW_COPIES = 10


class PlotBoard:
    def __init__(self, sim: Simulation, history: History):
        self.sim = sim
        self.history = history
        self.plots: list[Plot] = []
        self.section: PoincareSection | None = None
        self.ensemble: Ensemble | None = None
        self.lyapunov: Lyapunov | None = None
        #: changes whenever the list of plots or a plot's choices change (the dock is rebuilt)
        self.revision = 0
        #: the equilibria and modes of the model on screen, when they are known (the modes panel's)
        self.predictions: Callable[[], Analysis | None] = lambda: None
        #: per record, the row the plots made from now on start after (a kiosk's visitor's first touch)
        self._since: list[tuple[History, int]] = []
        self._follow_model()

    # -- what can be plotted ---------------------------------------------------------------------

    @property
    def model(self) -> ModelFile:
        return self.sim.model

    def momenta(self) -> tuple[str, ...]:
        """The momentum of each coordinate, as a plot variable (a mechanism has none to offer)."""
        if not self.sim.system.has_momenta:
            return ()
        return tuple(momentum_name(c) for c in self.model.coordinates)

    def variables(self) -> tuple[str, ...]:
        """Everything a plot can show: each column of the history (t, q, q̇, energies, W,
        measures, reactions) and the momentum of each coordinate."""
        return (*self.history.names, *self.momenta())

    def kinds(self) -> tuple[PlotKind, ...]:
        """The kinds offered now (a Poincaré section only for a driven model, the spread only
        while the ensemble runs), in the order of the dock's menu."""
        return tuple(k for k in PLOT_KINDS if k.offered(self))

    # -- the plots ----------------------------------------------------------------------------------

    def make(self, spec: PlotSpec) -> Plot:
        """A plot of ``spec`` reading the record its kind reads."""
        return self._started(kind_named(spec.kind).plot(spec, self))

    def fresh(self, kind: PlotKind) -> Plot:
        """A plot of ``kind`` as it starts: its default variables."""
        return self._started(kind.plot(kind.default(self), self))

    def _started(self, plot: Plot) -> Plot:
        """``plot``, tagging each run with the parameters, from the rows not forgotten."""
        plot.tag = self.parameters
        plot.present_tag = self.parameters()
        for record, row in self._since:
            if plot.source is record and record.settled >= row:
                plot.seen = row
        return plot

    def parameters(self) -> dict[str, float]:
        """What a run is tagged with: the parameters it runs with."""
        return dict(self.sim.parameters)

    def add(self, kind: str | None = None) -> Plot | None:
        """Another plot (of ``kind``, named; else the first kind "add a plot" takes that is offered
        and not yet shown, or the last it takes); None if the dock is full."""
        if len(self.plots) >= MAX_PLOTS:
            return None
        if kind is None:
            shown = {kind_of(p) for p in self.plots}
            order = picked()
            chosen = next((k for k in order if k.offered(self) and k not in shown), order[-1])
        else:
            chosen = kind_named(kind)
        plot = self.fresh(chosen)
        self.plots.append(plot)
        self.revision += 1
        return plot

    def remove(self, index: int) -> None:
        del self.plots[index]
        self.revision += 1

    def change(self, index: int, kind: str | None = None, x: str | None = None, y: str | None = None) -> None:
        """A choice made in one of a plot's menus: a new kind starts from that kind's defaults."""
        spec = self.plots[index].spec
        if kind is not None and kind != spec.kind:
            spec = kind_named(kind).default(self)
        if x is not None or y is not None:
            spec = PlotSpec(spec.kind, x or spec.x, (y,) if y else spec.ys)
        self.plots[index] = self.make(spec)
        self.revision += 1

    def clear(self, index: int) -> None:
        """The plot from now on: its earlier runs and the present run's points so far gone."""
        self.plots[index].clear()

    def forget_runs(self) -> None:
        """Every plot, and every plot made from now on, starts from this moment (a kiosk's new
        visitor sees none of the attract loop's runs)."""
        for plot in self.plots:
            plot.clear()
        records = [self.history, *(r.history for r in (self.section,) if r is not None),
                   *(r.spread for r in (self.ensemble,) if r is not None)]
        self._since = [(r, r.settled) for r in records]

    def runs(self, plot: Plot, language: str | None = None) -> tuple[str, ...]:
        """The names of a plot's earlier runs in its legend, oldest first (brought up to date)."""
        plot.sync()
        return tuple(run_name(run, plot.present_tag, language) for run in plot.earlier)

    def reset(self) -> None:
        """No plots and no ensemble: the board as a newly opened model's (the Poincaré section,
        which costs nothing until plotted, stays)."""
        self.stop_ensemble()
        self.plots = []
        self.revision += 1

    # -- the chaos control --------------------------------------------------------------------------

    def start_ensemble(self, copies: int | None = None) -> None:
        """K perturbed copies and the Lyapunov pair, from the present state; a spread plot.
        Copies that must step one by one (a mechanism, a model with contacts) are fewer, so
        they keep up with the clock."""
        if self.ensemble is not None:
            return
        if copies is None:
            copies = COPIES if self.sim.system.copies_together else FEW_COPIES
        self.ensemble, self.lyapunov = Ensemble(copies), Lyapunov()
        self.sim.observers += [self.ensemble, self.lyapunov]
        self.ensemble.on_break(self.sim)
        self.lyapunov.on_break(self.sim)
        if not any(kind_of(p) is SPREAD for p in self.plots):
            if len(self.plots) >= MAX_PLOTS:
                self.plots.pop()
            self.plots.append(self.fresh(SPREAD))
        self.revision += 1

    def stop_ensemble(self) -> None:
        for watcher in (self.ensemble, self.lyapunov):
            if watcher in self.sim.observers:
                self.sim.observers.remove(watcher)
        self.ensemble = self.lyapunov = None
        self.plots = [p for p in self.plots if kind_of(p).offered(self)]
        self.revision += 1

    # -- following the simulation ------------------------------------------------------------------

    def attach(self, sim: Simulation, history: History, again: bool = False) -> None:
        """Another model was opened: the same kinds of plot, for its variables. The same model
        read ``again`` (its file changed): the same plots where its variables still have them,
        each keeping its runs (the present one the newest earlier run)."""
        chaos = self.ensemble is not None
        before = [p for p in self.plots if kind_of(p) is not SPREAD]
        self.stop_ensemble()
        if self.section is not None and self.section in self.sim.observers:
            self.sim.observers.remove(self.section)
        kinds = [kind_of(p) for p in self.plots]
        self.sim, self.history = sim, history
        self._since = []
        self._follow_model()
        self.plots = [self.fresh(k) for k in kinds if k.offered(self)]
        if again:
            self.plots = [self._again(p) for p in before if kind_of(p).offered(self)] or self.plots
        if chaos:
            self.start_ensemble()
        self.revision += 1

    def _again(self, before: Plot) -> Plot:
        """The plot of the model read again that shows what ``before`` showed, with its runs (or
        its kind's first plot, when the variables are gone)."""
        spec, known, kind = before.spec, self.variables(), kind_of(before)
        if not (set(spec.ys) <= set(known) and (spec.x in known or spec.x == kind.default(self).x)):
            return self.fresh(kind)
        plot = self.make(spec)
        if kind.runs:
            plot.carry(before)
        return plot

    def follow_parameters(self) -> None:
        """New parameters: the drive (and so the section's period) may have changed."""
        period = drive_period(self.model, dict(self.sim.parameters))
        if self.section is not None and period == self.section.period:
            return
        if self.section is not None:
            self.sim.observers.remove(self.section)
        self.section = None
        self._start_section(period)
        # plots of the old section go with it, or read the new one
        self.plots = [p for p in self.plots if kind_of(p).offered(self)]
        self.plots = [p if p.source is kind_of(p).source(self) else self.make(p.spec) for p in self.plots]
        self.revision += 1

    def _follow_model(self) -> None:
        #: the coordinates that are angles (their plots wrap them into (−π, π])
        self.angles = angular_coordinates(self.model)
        self.section = None
        self._start_section(drive_period(self.model, dict(self.sim.parameters)))

    def _start_section(self, period: float | None) -> None:
        if period is None:
            return
        self.section = PoincareSection(self.model.coordinates, self.model.velocities, period)
        self.sim.observers.append(self.section)
        self.section.on_break(self.sim)

    def values(self, name: str, rows: np.ndarray, names: Sequence[str]) -> np.ndarray:
        """A variable over rows of a record: a column, or a momentum computed from t, q and q̇."""
        if name in names:
            return rows[:, list(names).index(name)]
        model = self.model
        coords = model.coordinates
        k = [momentum_name(c) for c in coords].index(name)
        cols = [rows[:, list(names).index(v)] for v in ("t", *coords, *model.velocities)]
        system = self.sim.system
        assert system.has_momenta  # momenta are offered only then
        with np.errstate(all="ignore"):
            p = system.momenta(*cols)
        return np.broadcast_to(np.asarray(p[k], dtype=float), (len(rows),))

    def predicted(self) -> tuple[float, ...]:
        """The frequencies (Hz) of the modes of the stable equilibrium nearest the model now (angles
        compared over one turn), when the equilibria are known; else none."""
        analysis = self.predictions()
        if analysis is None:
            return ()
        stable = [e for e in analysis.equilibria if e.kind in ("stable", "damped")]
        if not stable:
            return ()
        turn = np.array([c in self.angles for c in analysis.coordinates])
        q = self.sim.q

        def distance(p: np.ndarray) -> float:
            d = q - p
            d = np.where(turn, np.remainder(d + np.pi, 2 * np.pi) - np.pi, d)
            return float(np.sum(d * d))

        nearest = min(stable, key=lambda e: distance(e.q))
        return tuple(m.rate / (2 * np.pi) for m in nearest.modes if m.oscillates)

    # -- what the Values panel adds ----------------------------------------------------------------

    def readout(self, language: str | None = None) -> list[tuple[str, str]]:
        """The Lyapunov estimate and the ensemble's spread while the chaos control is on, named
        in ``language`` (None: that of messages) and written as the plot writes them (— until
        they have a value)."""
        if self.ensemble is None or self.lyapunov is None:
            return []
        spread = self.ensemble.spread_now(len(self.sim.state.q))
        return [("λ", lyapunov_words(self.lyapunov.estimate)),
                (msg("plot.spread").text(language), f"{spread:.6g}" if np.isfinite(spread) else "—")]

    @staticmethod
    def legend(plot: Plot, language: str | None = None) -> tuple[str, ...]:
        """The names of a plot's curves as its legend shows them, in ``language``: the variables'
        own names (identifiers of the model), the ensemble's spread in words, a log scale said."""
        names = [kind_of(plot).curve_name(y, language) for y in plot.spec.ys]
        return tuple(msg("plot.log_scale", name=n).text(language) if plot.log_y else n for n in names)


def run_name(run: Run, now: object, language: str | None = None) -> str:
    """How the legend names an earlier run: by the parameters (two at most) it ran with that differ
    from the present run's, what a student changed (``m = 2``); else by its number (``run 3``)."""
    if isinstance(run.tag, dict) and isinstance(now, dict):
        changed = [(name, value) for name, value in run.tag.items() if name in now and now[name] != value]
        if changed:
            return ", ".join(f"{name} = {typeset(f'{value:.4g}')}" for name, value in changed[:2])
    return msg("plot.run", number=run.number).text(language)
