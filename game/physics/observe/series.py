"""What a plot draws: curves of one variable against another, taken from a record of the
motion as it grows (SPEC §7.4). Numbers in model units only; the pixels are drawn by
:mod:`game.render.plots`.

A :class:`Plot` reads a :class:`~game.physics.observe.records.History` (the run so far, or the
strobed states of a Poincaré section, or the spread of an ensemble) and keeps its own
curves as :class:`~game.physics.observe.records.Trail` ring buffers: bounded memory, breaks where
a run starts (a drag, a reset), and :meth:`Plot.sync` takes only the rows added since it
last looked, so a plot costs the same at minute 1 and at minute 50. An angle is shown in
(−π, π]: where it wraps, the curve breaks instead of drawing a line across the plot.

Each run (what follows a break: Accept, Reset, a drag) is a series of its own: when the next
begins, the present run's points are kept as a :class:`Run` (at most :data:`KEPT_RUNS` of them,
the oldest dropped, each thinned to :data:`RUN_POINTS`) and the curves start empty, so a drawing
adds only the present run's new points however many runs are kept.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ...expr import TIME, Binary, Call, Name, Neg, Node, algebra, names_in
from ...model import ModelFile
from .records import History, Trail

#: points kept per curve of a plot (at dt = 0.02 about 7 minutes of motion)
PLOT_POINTS = 20_000

#: earlier runs a plot keeps beside the present one, the oldest dropped (a kiosk runs for days)
KEPT_RUNS = 4
#: points a run needs to be kept when the next begins: a slider moved while the model runs breaks the
#: run at every frame, and those slivers must not push out the runs worth comparing
LEAST_RUN = 10
#: points per curve an earlier run keeps at most (every k-th: a comparison, not the record)
RUN_POINTS = 5000

#: functions whose argument is an angle: a coordinate read only inside them is one
_PERIODIC = {"sin", "cos", "tan"}


def momentum_name(coordinate: str) -> str:
    """The plot variable for the momentum ∂L/∂q̇ of ``coordinate``."""
    return f"p_{coordinate}"


def angular_coordinates(model: ModelFile) -> frozenset[str]:
    """Coordinates that are angles: wherever the model reads them, it is through sin, cos or
    tan, or as the angle of a drawn bar or block. Their values mean the same modulo 2π.

    One walk over every expression of the model (its cost grows with the model's size, not
    with the number of coordinates times it)."""
    if model.mechanism is not None:
        return frozenset()  # a mechanism's coordinates are the x and y of its points
    seen: set[str] = set()
    bare: set[str] = set()
    trees: list[Node] = [e.tree for e in (model.kinetic, model.potential) if e is not None]
    trees += [*(e.value.tree for e in model.tmatrix), *(f.value.tree for f in model.forces)]
    for g in model.graphics:
        for name, expr in g.fields:
            tree = expr.tree
            if name == "angle" and isinstance(tree, Neg):
                tree = tree.operand
            if name == "angle" and isinstance(tree, Name):
                seen.add(tree.id)  # a bar drawn at the coordinate's angle
            else:
                trees.append(tree)
    for tree in trees:
        _occurrences(tree, seen, bare)
    return frozenset(c for c in model.coordinates if c in seen and c not in bare)


def _occurrences(tree: Node, seen: set[str], bare: set[str]) -> None:
    """Add to ``seen`` every name the tree reads, and to ``bare`` those it reads outside the
    argument of sin/cos/tan."""
    stack: list[tuple[Node, bool]] = [(tree, False)]
    while stack:
        node, inside = stack.pop()
        if isinstance(node, Name):
            seen.add(node.id)
            if not inside:
                bare.add(node.id)
        elif isinstance(node, Neg):
            stack.append((node.operand, inside))
        elif isinstance(node, Binary):
            stack += [(node.left, inside), (node.right, inside)]
        elif isinstance(node, Call):
            stack += [(a, inside or node.func in _PERIODIC) for a in node.args]


def wrap_angle(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Angles into (−π, π], and the turn each was on (the curve breaks where it changes)."""
    turn = np.floor((x + math.pi) / (2 * math.pi))
    wrapped = x - 2 * math.pi * turn
    return wrapped, turn


def drive_frequency(model: ModelFile, parameters: dict[str, float]) -> float | None:
    """ω of a periodic drive: the first sin/cos of the model's forces, energies or T whose
    argument grows at a constant rate with t (``F·cos(w·t)``). None when there is none."""
    if model.mechanism is not None:
        return None  # a mechanism's motors turn at their own pace: no section is offered
    trees = [f.value.tree for f in model.forces] + [e.tree for e in (model.kinetic, model.potential) if e is not None]
    trees += [e.value.tree for e in model.tmatrix]
    for tree in trees:
        if TIME not in names_in(tree):  # most models: nothing driven, nothing to look at
            continue
        stack: list[Node] = [algebra.bind(tree, parameters)]
        while stack:
            node = stack.pop()
            if isinstance(node, Call):
                if node.func in ("sin", "cos") and len(node.args) == 1:
                    rate = algebra.constant_value(algebra.diff(node.args[0], TIME))
                    if rate is not None and rate != 0 and math.isfinite(rate):
                        return abs(rate)
                stack.extend(node.args)
            elif isinstance(node, Neg):
                stack.append(node.operand)
            elif isinstance(node, Binary):
                stack += [node.right, node.left]
    return None


def drive_period(model: ModelFile, parameters: dict[str, float]) -> float | None:
    """Seconds between Poincaré strobes: a parameter named ``period`` if the model has one,
    else one period of its drive (see :func:`drive_frequency`); None if it has neither."""
    if "period" in parameters and parameters["period"] > 0:
        return parameters["period"]
    w = drive_frequency(model, parameters)
    return 2 * math.pi / w if w else None


@dataclass(frozen=True)
class PlotSpec:
    """What one plot shows: the kind, the variable across and the curves up."""

    #: the name of its kind (the kinds of plot are the window's: game.app.session.plotkinds)
    kind: str
    x: str
    ys: tuple[str, ...]


#: values(name, rows, names) → that variable for each row of a record
Values = Callable[[str, np.ndarray, Sequence[str]], np.ndarray]


def _turned(turn: np.ndarray, before: float | None) -> np.ndarray:
    """Per point: the angle is on another turn than at the point before (the first point is
    compared with ``before``, the last point of the previous rows taken)."""
    out = np.empty(len(turn), dtype=bool)
    out[0] = before is not None and turn[0] != before
    out[1:] = turn[1:] != turn[:-1]
    return out


@dataclass(frozen=True)
class Run:
    """An earlier run of a plot as it was when the next began: its number (1 the first since the
    plot was made or cleared), per curve its points and where their lines break, the box they fill
    (None: no finite point) and what the plot's ``tag`` said of it (the parameters it ran with)."""

    number: int
    curves: tuple[tuple[np.ndarray, np.ndarray], ...]
    box: tuple[float, float, float, float] | None
    tag: object = None


def _kept(points: np.ndarray, starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """At most :data:`RUN_POINTS` of a run's points, every k-th (and the last); a break among those
    left out stays, on the next point kept."""
    n = len(points)
    if n <= RUN_POINTS:
        return points, starts
    take = np.unique(np.append(np.arange(0, n, -(-n // RUN_POINTS)), n - 1))
    return points[take], np.logical_or.reduceat(starts, take)


def _box(points: Sequence[np.ndarray]) -> tuple[float, float, float, float] | None:
    """(x0, x1, y0, y1) of the finite points of some arrays of them, or None."""
    boxes = []
    for p in points:
        p = p[np.all(np.isfinite(p), axis=1)]
        if len(p):
            boxes.append((p[:, 0].min(), p[:, 0].max(), p[:, 1].min(), p[:, 1].max()))
    if not boxes:
        return None
    b = np.array(boxes)
    return float(b[:, 0].min()), float(b[:, 1].max()), float(b[:, 2].min()), float(b[:, 3].max())


def _nothing() -> object:
    return None


def columns(name: str, rows: np.ndarray, names: Sequence[str]) -> np.ndarray:
    """A variable that is a column of the record."""
    return rows[:, list(names).index(name)]


class Plot:
    """One plot's curves, kept up to date from ``source`` by :meth:`sync`: the present run's in
    ``curves``, the earlier runs' in ``earlier``; ``tag()`` is asked what each run is when it begins."""

    #: values across where the plot draws a vertical line (a spectrum's predicted frequencies)
    marks: tuple[float, ...] = ()

    def __init__(self, spec: PlotSpec, source: History, *, values: Values = columns,
                 angles: frozenset[str] = frozenset(), log_y: bool = False, dots: bool = False,
                 capacity: int = PLOT_POINTS, tag: Callable[[], object] = _nothing):
        self.spec = spec
        self.source = source
        self.values = values
        self.wrap_x = spec.x in angles
        self.wrap_y = tuple(y in angles for y in spec.ys)
        #: the y values are shown on a logarithmic scale (the curves hold log10 of them)
        self.log_y = log_y
        #: points, not lines (a Poincaré section)
        self.dots = dots
        self.curves = [Trail(capacity) for _ in spec.ys]
        #: rows of the source taken so far (a new plot starts with what the source holds)
        self.seen = 0
        # the turn each wrapped variable was on at the last point taken (None: no point yet)
        self._turn_x: float | None = None
        self._turn_y: list[float | None] = [None] * len(spec.ys)
        #: changes when the curves are emptied (a clear), so a drawing of them is redone
        self.generation = 0
        self.tag = tag
        #: the earlier runs kept, oldest first; the present run's number and tag
        self.earlier: list[Run] = []
        self.number = 1
        self.present_tag = tag()
        #: changes whenever a run begins (the present run's curves start empty)
        self.runs_revision = 0

    def clear(self) -> None:
        """Forget what is drawn, the earlier runs too; what comes next is drawn from an empty plot,
        as run 1 (the source is kept)."""
        for c in self.curves:
            c.clear()
        self.seen = self.source.settled
        self._turn_x = None
        self._turn_y = [None] * len(self.spec.ys)
        self.earlier = []
        self.number = 1
        self.present_tag = self.tag()
        self.generation += 1

    def new_run(self) -> None:
        """The present run ends: its points are kept as an earlier run (unless it is a sliver of
        fewer than :data:`LEAST_RUN`), the oldest dropped past :data:`KEPT_RUNS`, and the curves
        start empty for the next."""
        points = [c.latest(len(c)) for c in self.curves]
        if max((len(p) for p, _ in points), default=0) >= LEAST_RUN:
            kept = tuple(_kept(p, s) for p, s in points)
            self.earlier.append(Run(self.number, kept, _box([p for p, _ in kept]), self.present_tag))
            del self.earlier[:-KEPT_RUNS]
            self.number += 1
        for c in self.curves:
            c.clear()
        self._turn_x = None
        self._turn_y = [None] * len(self.spec.ys)
        self.present_tag = self.tag()
        self.runs_revision += 1

    def carry(self, before: Plot) -> None:
        """Keep the runs of ``before`` (this plot of the model as it was read before: a reload) as
        earlier runs, its present one the newest."""
        before.sync()
        before.new_run()
        self.earlier = before.earlier[-KEPT_RUNS:]
        self.number = before.number
        self.runs_revision += 1

    def sync(self) -> int:
        """Take the rows the source added since the last sync (never a run's first row while it
        may still move); returns how many points each curve got."""
        src = self.source
        settled = src.settled
        if settled < self.seen:  # the source was cleared
            self.seen = 0
        new = settled - self.seen
        if new <= 0:
            return 0
        unsettled = src.added - settled
        rows, starts = src.latest(min(new, len(src)) + unsettled)
        if unsettled:
            rows, starts = rows[:-unsettled], starts[:-unsettled]
        src_starts = starts
        if new > len(rows):  # rows were overwritten before the plot saw them: do not join across
            starts = starts.copy()
            if len(starts):
                starts[0] = True
        self.seen = settled
        if not len(rows):
            return 0
        # a row that starts a run (after a break) begins another series, unless nothing is drawn yet
        begins = [i for i in np.flatnonzero(src_starts).tolist() if i or any(c.added for c in self.curves)]
        edges = sorted({0, *begins, len(rows)})
        for a, b in itertools.pairwise(edges):
            if a in begins:
                self.new_run()
            if b > a:
                self._take(rows[a:b], starts[a:b], src.names)
        return len(rows)

    def _take(self, rows: np.ndarray, starts: np.ndarray, names: Sequence[str]) -> None:
        """Rows of the present run into the curves."""
        x = self.values(self.spec.x, rows, names)
        breaks = starts.copy()
        if self.wrap_x:
            x, turn = wrap_angle(x)
            breaks |= _turned(turn, self._turn_x)
            self._turn_x = float(turn[-1])
        for i, (curve, name, wrap) in enumerate(zip(self.curves, self.spec.ys, self.wrap_y)):
            y = self.values(name, rows, names)
            b = breaks
            if wrap:
                y, turn = wrap_angle(y)
                b = breaks | _turned(turn, self._turn_y[i])
                self._turn_y[i] = float(turn[-1])
            if self.log_y:
                with np.errstate(all="ignore"):
                    y = np.log10(np.where(y > 0, y, np.nan))
            curve.extend(np.column_stack((x, y)), b)

    def bounds(self) -> tuple[float, float, float, float] | None:
        """(x0, x1, y0, y1) of every finite point kept, the earlier runs' too, or None when there is none."""
        boxes = [r.box for r in self.earlier if r.box is not None]
        present = _box([c.points() for c in self.curves if len(c)])
        b = np.array(boxes + ([present] if present is not None else []))
        if not len(b):
            return None
        return float(b[:, 0].min()), float(b[:, 1].max()), float(b[:, 2].min()), float(b[:, 3].max())
