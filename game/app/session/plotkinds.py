"""The kinds of plot (SPEC §7.4), one class each: its name, when the board can show it, what a
new plot of it shows, what its menus offer, the record it reads and how it draws it, and how
its curves and the words over it are said.

Adding a kind of plot: its class here, listed in :data:`PLOT_KINDS` where the dock's menu
shows it, and its words in game/messages/plots.py (``plot.kind.<name>`` in full,
``plot.short.<name>`` where the dock is narrow); its test in tests/app/session/test_plotkinds.py.
Nothing else compares a kind's name: the plot board, the dock and the window ask the kind.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from ...messages import msg, typeset
from ...model import ModelFile
from ...physics.observe.ensemble import Ensemble, Lyapunov
from ...physics.observe.poincare import PoincareSection
from ...physics.observe.records import History
from ...physics.observe.series import Plot, PlotSpec
from ...physics.observe.spectrum import Spectrum


class Board(Protocol):
    """What a kind of plot reads of the plot board (:class:`~game.app.session.plotting.PlotBoard`)."""

    @property
    def model(self) -> ModelFile: ...

    @property
    def history(self) -> History: ...

    @property
    def section(self) -> PoincareSection | None: ...

    @property
    def ensemble(self) -> Ensemble | None: ...

    @property
    def lyapunov(self) -> Lyapunov | None: ...

    @property
    def angles(self) -> frozenset[str]: ...

    def values(self, name: str, rows: np.ndarray, names: Sequence[str]) -> np.ndarray: ...

    def momenta(self) -> tuple[str, ...]: ...

    def variables(self) -> tuple[str, ...]: ...

    def predicted(self) -> tuple[float, ...]: ...


class PlotKind(ABC):
    """A kind of plot. By default: always offered, fixed axes, curves of the run's history
    (angles wrapped into (−π, π], momenta computed), named by their variables."""

    #: what a plot's spec and the dock's menu call it, and the end of its words' keys
    name: str
    #: the order in which "add a plot" takes the kinds not shown yet (lowest first); None: never
    pick: int | None = None
    #: the plot has menus for its variables across and up (a second row of menus over it)
    axes: bool = False
    #: a model read again keeps the plot's runs (a spectrum is of the present run only)
    runs: bool = True

    def offered(self, board: Board) -> bool:
        """The board can show this kind now."""
        return True

    @abstractmethod
    def default(self, board: Board) -> PlotSpec:
        """What a new plot of this kind shows."""

    def choices(self, board: Board) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What the x and y menus offer (empty: fixed axes)."""
        return (), ()

    def source(self, board: Board) -> History:
        """The record the plot reads."""
        return board.history

    def plot(self, spec: PlotSpec, board: Board) -> Plot:
        """A plot of ``spec`` reading what this kind reads."""
        return Plot(spec, self.source(board), values=board.values, angles=board.angles)

    def title(self, language: str | None = None) -> str:
        """The kind in full, in ``language`` (None: that of messages)."""
        return msg(f"plot.kind.{self.name}").text(language)

    def short(self, language: str | None = None) -> str:
        """The kind where the dock is narrow."""
        return msg(f"plot.short.{self.name}").text(language)

    def curve_name(self, variable: str, language: str | None = None) -> str:
        """How the legend names the curve of ``variable``: the variables are the model's own names."""
        return variable

    def caption(self, board: Board) -> str:
        """What a plot of this kind says over itself (empty: nothing)."""
        return ""


class EnergyPlot(PlotKind):
    """The kinetic, potential and total energy against time."""

    name = "energy"
    pick = 0

    def default(self, board: Board) -> PlotSpec:
        return PlotSpec(self.name, "t", ("Ek", "Ep", "E"))


class PhasePlot(PlotKind):
    """A coordinate across, its velocity or momentum up."""

    name = "phase"
    pick = 1
    axes = True

    def default(self, board: Board) -> PlotSpec:
        return PlotSpec(self.name, board.model.coordinates[0], (board.model.velocities[0],))

    def choices(self, board: Board) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return board.model.coordinates, (*board.model.velocities, *board.momenta())


class XYPlot(PlotKind):
    """Any variable against any other."""

    name = "xy"
    pick = 3  # the last: when every other kind is shown, another plot is one of these
    axes = True

    def default(self, board: Board) -> PlotSpec:
        coords = board.model.coordinates
        return PlotSpec(self.name, coords[0], (coords[1] if len(coords) > 1 else board.model.velocities[0],))

    def choices(self, board: Board) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return board.variables(), board.variables()


class PoincarePlot(PhasePlot):
    """Phase space strobed once every drive period, as dots: offered only for a driven model."""

    name = "poincare"
    pick = 2

    def offered(self, board: Board) -> bool:
        return board.section is not None

    def source(self, board: Board) -> History:
        return board.section.history if board.section is not None else board.history

    def plot(self, spec: PlotSpec, board: Board) -> Plot:
        return Plot(spec, self.source(board), values=board.values, angles=board.angles, dots=True)


class SpreadPlot(PlotKind):
    """The spread of the ensemble against time, on a log scale (a straight line while the motion is
    chaotic), under the Lyapunov estimate: offered only while the ensemble runs."""

    name = "spread"

    def offered(self, board: Board) -> bool:
        return board.ensemble is not None

    def default(self, board: Board) -> PlotSpec:
        return PlotSpec(self.name, "t", ("spread",))

    def source(self, board: Board) -> History:
        assert board.ensemble is not None
        return board.ensemble.spread

    def plot(self, spec: PlotSpec, board: Board) -> Plot:
        return Plot(spec, self.source(board), log_y=True)

    def curve_name(self, variable: str, language: str | None = None) -> str:
        return msg("plot.spread").text(language) if variable == "spread" else variable

    def caption(self, board: Board) -> str:
        if board.lyapunov is None:
            return ""
        return msg("plot.lyapunov", value=lyapunov_words(board.lyapunov.estimate)).text()


def lyapunov_words(value: float) -> str:
    """λ as the plot and the values panel both write it: three figures (enough to read, and the
    text is not drawn anew every frame), as the plots write their ticks; — until it has a value."""
    return typeset(f"{value:.3g}") if math.isfinite(value) else "—"


class SpectrumPlot(PlotKind):
    """The size of the Fourier transform of any variable of the run against frequency in Hz
    (:mod:`game.physics.observe.spectrum`), the frequencies ω/2π of the nearest stable
    equilibrium's modes marked when they are known (the modes panel has found them)."""

    name = "spectrum"
    axes = True
    runs = False
    #: what the x axis says (it is fixed: frequency)
    ACROSS = "f (Hz)"

    def default(self, board: Board) -> PlotSpec:
        return PlotSpec(self.name, self.ACROSS, (board.model.coordinates[0],))

    def choices(self, board: Board) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return (), tuple(v for v in board.variables() if v != "t")

    def plot(self, spec: PlotSpec, board: Board) -> Plot:
        return Spectrum(spec, self.source(board), board.predicted, values=board.values)


#: the plot the chaos control opens beside its ensemble
SPREAD = SpreadPlot()
#: every kind of plot, in the order of the dock's menu
PLOT_KINDS: tuple[PlotKind, ...] = (EnergyPlot(), PhasePlot(), XYPlot(), PoincarePlot(), SpectrumPlot(), SPREAD)

_BY_NAME = {kind.name: kind for kind in PLOT_KINDS}


def kind_named(name: str) -> PlotKind:
    """The kind of plot called ``name`` (as a plot's spec and the dock's menu say it)."""
    return _BY_NAME[name]


def kind_of(plot: Plot) -> PlotKind:
    return _BY_NAME[plot.spec.kind]


def picked() -> tuple[PlotKind, ...]:
    """The kinds "add a plot" takes, in its order."""
    return tuple(sorted((k for k in PLOT_KINDS if k.pick is not None), key=lambda k: k.pick or 0))
