"""Live plots drawn into whatever rectangle the layout gives them (SPEC §7.4).

A :class:`PlotView` draws one :class:`~game.physics.observe.series.Plot`: a frame, axes with
ticks and labels, a legend and the curves (or dots, for a Poincaré section). It keeps the
picture in an off-screen image and, each frame, draws on it only the points the plot took
since the last frame; the image is redrawn as a whole only when the axes must grow to hold
new points (with headroom, so that happens rarely), when the plot is cleared, or when its
rectangle changes. Angles get fixed axes from −π to π.

Earlier runs (:attr:`~game.physics.observe.series.Plot.earlier`) are drawn once, each in a colour
of its own (:data:`RUNS`) and named in the legend, into a ``base`` image under the present run's:
when a run begins the picture starts again from that base, and each frame still draws only the
present run's new points, however many runs are kept. A single run is drawn as it always was.

:class:`PlotsLayer` is the layer of the window that draws every plot of the scene.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pygame

from game.physics.observe.series import Plot

from ..messages import msg, typeset
from ..model.steps import step_nearest
from . import paint

#: colours of the curves of a plot, in order
CURVES = ((210, 70, 40), (40, 100, 200), (25, 25, 25), (0, 140, 80), (150, 60, 170))
#: colours of the earlier runs (every curve of a run in its run's), by run number: none is a curve's
RUNS = ((235, 150, 20), (0, 165, 175), (205, 70, 160), (125, 110, 60))
BACKGROUND = (252, 252, 250)
FRAME = (150, 160, 170)
GRID = (228, 232, 236)
INK = (40, 50, 60)
#: the vertical lines a plot marks (a spectrum's predicted frequencies): dashes of DASH pixels
MARK, DASH = (0, 150, 90), 6
#: room for tick labels (left, bottom) and for the title and legend (top), in pixels
LEFT, BOTTOM, TOP, RIGHT = 50, 30, 24, 10
#: how much further than the data the axes reach when they must grow (fewer redraws)
HEADROOM = 0.5


@dataclass(frozen=True)
class PlotPlacement:
    """A plot and where it goes on the screen: ``rect`` in pixels, ``title`` over it, ``legend``
    the names of its curves in the interface's words (empty: the variables' names), ``runs`` those
    of its earlier runs, oldest first."""

    plot: Plot
    rect: tuple[int, int, int, int]
    title: str = ""
    legend: tuple[str, ...] = ()
    runs: tuple[str, ...] = ()


def nice_step(span: float, ticks: int = 5) -> float:
    """The step of 1, 2 or 5 times a power of ten closest to giving ``ticks`` ticks over ``span``."""
    return step_nearest(span / max(1, ticks))


@dataclass(frozen=True)
class Axis:
    lo: float
    hi: float
    #: an angle: fixed from −π to π with ticks at multiples of π/2
    angle: bool = False
    #: the values are log10 of what is shown (ticks are labelled as powers of ten)
    log: bool = False

    @classmethod
    def around(cls, lo: float, hi: float, *, log: bool = False, grow: tuple[bool, bool] = (False, False)) -> Axis:
        """Axis limits a little wider than [lo, hi], and much wider on the sides that ``grow``
        (the data moves that way: new points then fit without redrawing everything)."""
        if not (math.isfinite(lo) and math.isfinite(hi)):
            lo, hi = 0.0, 1.0
        if hi - lo < 1e-12 * max(1.0, abs(lo), abs(hi)):
            pad = 0.5 if log else max(abs(lo) * 0.1, 1e-9)
            lo, hi = lo - pad, hi + pad
        span = hi - lo
        return cls(lo - span * (HEADROOM if grow[0] else 0.03), hi + span * (HEADROOM if grow[1] else 0.03), log=log)

    def holds(self, lo: float, hi: float) -> bool:
        return self.angle or (lo >= self.lo and hi <= self.hi)

    def ticks(self, count: int = 5) -> list[tuple[float, str]]:
        """About ``count`` ticks (values and labels) on whole steps."""
        if self.angle:
            if count < 4:
                return [(-math.pi, "−π"), (0.0, "0"), (math.pi, "π")]
            return [(-math.pi, "−π"), (-math.pi / 2, "−π/2"), (0.0, "0"), (math.pi / 2, "π/2"), (math.pi, "π")]
        if self.log and self.hi - self.lo >= 3:  # whole powers of ten
            step = float(math.ceil((self.hi - self.lo) / (count + 1)))
        else:
            step = nice_step(self.hi - self.lo, count)
        first = math.ceil(self.lo / step - 1e-9)
        out = []
        k = first
        while k * step <= self.hi + 1e-9 * step:
            v = k * step
            out.append((v, _power_label(v) if self.log else _label(v, step)))
            k += 1
        return out


ANGLE = Axis(-math.pi, math.pi, angle=True)


def _label(v: float, step: float) -> str:
    if abs(v) < 1e-9 * step:
        return "0"
    if step >= 1 and abs(v) < 1e6:
        return typeset(f"{v:.0f}")
    if 1e-3 <= abs(v) < 1e6 or v == 0:
        decimals = max(0, -math.floor(math.log10(step)))
        return typeset(f"{v:.{decimals}f}")
    return typeset(f"{v:.1e}")


def _power_label(v: float) -> str:
    """10^v written as 1e−6, or 3.2e−6 between the powers."""
    k = math.floor(v + 1e-9)
    mantissa = 10 ** (v - k)
    head = "1" if abs(mantissa - 1) < 1e-6 else f"{mantissa:.2g}"
    return typeset(f"{head}e{k}")


class PlotView:
    """One plot drawn into a rectangle, incrementally (see the module docstring)."""

    def __init__(self, plot: Plot, font: pygame.font.Font | None = None):
        self.plot = plot
        self.font = font
        self.image: pygame.Surface | None = None
        self.x_axis = Axis(0.0, 1.0)
        self.y_axis = Axis(0.0, 1.0)
        #: per curve: its ``added`` count when last drawn (points after it are new)
        self.drawn: list[int] = []
        self.generation = -1
        # the sides of each axis that get room to spare (time only grows: its right from the start)
        self._grows_x = (False, plot.spec.x == "t")
        self._grows_y = (False, False)
        self._has_axes = False
        #: room left of the plot for the y labels: :data:`LEFT`, or the widest label's (−100000 in a
        #: kiosk's larger font is wider than LEFT, and lost its sign at the dock's edge)
        self.left = LEFT
        #: full redraws so far (a test and the curious can see how rarely they happen)
        self.redraws = 0
        self._title: tuple[str, pygame.Surface] | None = None
        #: the names of the curves shown in the legend (empty: the variables' names)
        self.legend: tuple[str, ...] = ()
        #: the picture without the present run (axes, legend, earlier runs), and what it shows of
        #: them: their numbers and names, and the plot's ``runs_revision`` the picture starts from
        self.base: pygame.Surface | None = None
        self.runs: tuple[tuple[int, ...], tuple[str, ...]] = ((), ())
        self.runs_revision = -1

    # -- geometry -------------------------------------------------------------------------------

    def _area(self) -> pygame.Rect:
        assert self.image is not None
        w, h = self.image.get_size()
        return pygame.Rect(self.left, TOP, max(1, w - self.left - RIGHT), max(1, h - TOP - BOTTOM))

    def to_pixels(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        a = self._area()
        xa, ya = self.x_axis, self.y_axis
        px = a.left + (x - xa.lo) / (xa.hi - xa.lo) * (a.width - 1)
        py = a.bottom - 1 - (y - ya.lo) / (ya.hi - ya.lo) * (a.height - 1)
        return px, py

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, where: tuple[int, int, int, int], title: str = "",
             legend: tuple[str, ...] = (), runs: tuple[str, ...] = ()) -> None:
        """Bring the plot up to date and paint it into the rectangle ``where`` of ``surface``;
        ``legend`` names the curves (empty: by their variables, log scale marked), ``runs`` the
        earlier runs (empty: by their numbers)."""
        rect = pygame.Rect(where)
        if rect.width < LEFT + RIGHT + 10 or rect.height < TOP + BOTTOM + 10:
            return
        plot = self.plot
        plot.sync()
        shown = (tuple(r.number for r in plot.earlier), runs)
        stale = (self.image is None or self.image.get_size() != rect.size or self.generation != plot.generation
                 or legend != self.legend  # a new language
                 or shown != self.runs)  # a run kept or dropped
        self.legend, self.runs = legend, shown
        if not stale and self.runs_revision != plot.runs_revision:  # a sliver of a run, not kept: gone
            assert self.image is not None
            if self.base is not None:
                self.image.blit(self.base, (0, 0))
                self.drawn = [0] * len(plot.curves)
                self.runs_revision = plot.runs_revision
            else:
                stale = True
        if stale or not self._fits_new_points():
            self._redraw(rect.size)
        else:
            self._draw_new_points()
        assert self.image is not None
        surface.blit(self.image, rect.topleft)
        if title:
            if self._title is None or self._title[0] != title:
                self._title = (title, self._font().render(title, True, INK))
            surface.blit(self._title[1], (rect.x + 6, rect.y + 4))

    def _font(self) -> pygame.font.Font:
        if self.font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            self.font = pygame.font.Font(None, 18)
        return self.font

    def _new_points(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per curve: the points not drawn yet, with the one before them (to join to), and the
        run-start flags; None where more were added than the curve still holds."""
        out = []
        for curve, drawn in zip(self.plot.curves, self.drawn):
            new = curve.added - drawn
            out.append(curve.latest(new + (1 if drawn else 0)) if new > 0 else (np.zeros((0, 2)), np.zeros(0, bool)))
        return out

    def _fits_new_points(self) -> bool:
        for curve, drawn in zip(self.plot.curves, self.drawn):
            new = curve.added - drawn
            if new > len(curve) - (1 if drawn else 0):
                return False  # points were overwritten before they were drawn
            if new > 0:
                pts = curve.latest(new)[0]
                pts = pts[np.all(np.isfinite(pts), axis=1)]
                if len(pts) and not (self.x_axis.holds(pts[:, 0].min(), pts[:, 0].max())
                                     and self.y_axis.holds(pts[:, 1].min(), pts[:, 1].max())):
                    return False
        return True

    def _axes(self) -> None:
        plot = self.plot
        bounds = plot.bounds()
        if bounds is None:
            x0, x1, y0, y1 = 0.0, 1.0, 0.0, 1.0
        else:
            x0, x1, y0, y1 = bounds
        if plot.wrap_x:
            self.x_axis = ANGLE
        else:
            self._grows_x = self._grows(self._grows_x, self.x_axis, x0, x1)
            self.x_axis = Axis.around(x0, x1, grow=self._grows_x)
        if plot.wrap_y and all(plot.wrap_y):
            self.y_axis = ANGLE
        else:
            self._grows_y = self._grows(self._grows_y, self.y_axis, y0, y1)
            self.y_axis = Axis.around(y0, y1, log=plot.log_y, grow=self._grows_y)

    def _grows(self, before: tuple[bool, bool], axis: Axis, lo: float, hi: float) -> tuple[bool, bool]:
        """The sides of an axis the data has grown past: they get room to spare from then on
        (room once given is kept, or an oscillation would redraw at every swing)."""
        if not self._has_axes or axis.angle:
            return before
        return before[0] or lo < axis.lo, before[1] or hi > axis.hi

    def _redraw(self, size: tuple[int, int]) -> None:
        plot = self.plot
        if self.generation != plot.generation:  # emptied: the axes start again from the data
            self._has_axes = False
            self._grows_x, self._grows_y = (False, plot.spec.x == "t"), (False, False)
        if self.image is None or self.image.get_size() != size:
            self.image = pygame.Surface(size)
        self.runs_revision = plot.runs_revision
        self._axes()
        self._has_axes = True
        self.redraws += 1
        self.generation = plot.generation
        image = self.image
        image.fill(BACKGROUND)
        font = self._font()
        y_ticks = self.y_axis.ticks(max(3, min(6, self._area().height // 25)))
        widest = max((font.size(text)[0] for _, text in y_ticks), default=0)
        self.left = min(max(LEFT, widest + 6), size[0] // 3)
        area = self._area()
        for v, text in self.x_axis.ticks(max(2, min(6, area.width // 70))):
            px = self.to_pixels(np.array([v]), np.array([self.y_axis.lo]))[0][0]
            paint.line(image, GRID, (px, area.top), (px, area.bottom - 1))
            label = font.render(text, True, INK)
            image.blit(label, (min(max(0, px - label.get_width() / 2), size[0] - label.get_width()), area.bottom + 3))
        for v, text in y_ticks:
            py = self.to_pixels(np.array([self.x_axis.lo]), np.array([v]))[1][0]
            paint.line(image, GRID, (area.left, py), (area.right - 1, py))
            label = font.render(text, True, INK)
            image.blit(label, (area.left - label.get_width() - 4, py - label.get_height() / 2))
        self._marks(area)
        corners = [area.topleft, (area.right - 1, area.top), (area.right - 1, area.bottom - 1), (area.left, area.bottom - 1)]
        for a, b in zip(corners, corners[1:] + corners[:1]):
            paint.line(image, FRAME, a, b)
        name = font.render(plot.spec.x, True, INK)  # under the y labels, clear of the x ones
        image.blit(name, (2, size[1] - name.get_height() - 1))
        x = area.right
        names = self.legend or tuple(msg("plot.log_scale", name=y).text() if plot.log_y else y for y in plot.spec.ys)
        for i, y_name in reversed(list(enumerate(names))):
            label = font.render(y_name, True, CURVES[i % len(CURVES)])
            x -= label.get_width() + 10
            image.blit(label, (x, 5))
        self._earlier(x)
        if plot.earlier:
            if self.base is None or self.base.get_size() != size:
                self.base = pygame.Surface(size)
            self.base.blit(image, (0, 0))
        else:
            self.base = None  # one run: nothing to start again from but a redraw
        self.drawn = [0] * len(plot.curves)
        for i, curve in enumerate(plot.curves):
            if len(curve):
                pts, starts = curve.latest(len(curve))
                starts = starts.copy()
                starts[0] = True
                self._paint(CURVES[i % len(CURVES)], pts, starts)
            self.drawn[i] = curve.added

    def _earlier(self, right: int) -> None:
        """The earlier runs, each in its colour, and their names in the legend left of the curves'
        (the newest nearest; those that do not fit are left out)."""
        assert self.image is not None
        names = self.runs[1]
        x = right
        for k, run in reversed(list(enumerate(self.plot.earlier))):
            colour = RUNS[(run.number - 1) % len(RUNS)]
            for pts, starts in run.curves:
                if len(pts):
                    starts = starts.copy()
                    starts[0] = True
                    self._paint(colour, pts, starts)
            name = names[k] if k < len(names) else str(run.number)
            label = self._font().render(name, True, colour)
            x -= label.get_width() + 10
            if x >= 2:
                self.image.blit(label, (x, 5))

    def _marks(self, area: pygame.Rect) -> None:
        """The plot's marks as dashed vertical lines, those within the x axis."""
        assert self.image is not None
        for x in self.plot.marks:
            if self.x_axis.lo <= x <= self.x_axis.hi:
                px = float(self.to_pixels(np.array([x]), np.array([self.y_axis.lo]))[0][0])
                for top in range(area.top, area.bottom - 1, 2 * DASH):
                    paint.line(self.image, MARK, (px, top), (px, min(top + DASH, area.bottom - 1)), 2)

    def _draw_new_points(self) -> None:
        for i, (pts, starts) in enumerate(self._new_points()):
            if len(pts):
                if self.drawn[i] == 0:
                    starts = starts.copy()
                    starts[0] = True
                self._paint(CURVES[i % len(CURVES)], pts, starts)
            self.drawn[i] = self.plot.curves[i].added

    def _paint(self, colour: tuple[int, int, int], pts: np.ndarray, starts: np.ndarray) -> None:
        """Draw points of a curve in ``colour``: polylines broken where a run starts or a value is
        not finite, or dots."""
        assert self.image is not None
        px, py = self.to_pixels(pts[:, 0], pts[:, 1])
        finite = np.isfinite(px) & np.isfinite(py)
        area = self._area()
        self.image.set_clip(area)
        try:
            if self.plot.dots:
                for x, y in zip(px[finite].tolist(), py[finite].tolist()):
                    self.image.fill(colour, (round(x) - 1, round(y) - 1, 2, 2))
                return
            cut = starts.copy()
            cut[1:] |= ~finite[:-1]  # a value that is not finite ends its run
            xy = np.column_stack((px, py))
            for run, ok in zip(np.split(xy, np.flatnonzero(cut[1:]) + 1),
                               np.split(finite, np.flatnonzero(cut[1:]) + 1)):
                run = run[ok]
                if len(run) >= 2:
                    paint.aalines(self.image, colour, False, run.tolist())
                elif len(run) == 1:
                    self.image.fill(colour, (round(run[0][0]), round(run[0][1]), 1, 1))
        finally:
            self.image.set_clip(None)


class PlotsLayer:
    """Every plot of the scene, each in its rectangle (a view per plot, kept between frames)."""

    def __init__(self, font: pygame.font.Font | None = None) -> None:
        self.font = font
        self.views: dict[int, PlotView] = {}

    def view(self, plot: Plot) -> PlotView:
        view = self.views.get(id(plot))
        if view is None or view.plot is not plot:
            view = self.views[id(plot)] = PlotView(plot, self.font)
        return view

    def draw(self, surface: pygame.Surface, scene) -> None:
        placements: Sequence[PlotPlacement] = scene.plots
        for p in placements:
            self.view(p.plot).draw(surface, p.rect, p.title, p.legend, p.runs)
        alive = {id(p.plot) for p in placements}
        for key in [k for k in self.views if k not in alive]:
            del self.views[key]
