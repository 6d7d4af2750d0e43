"""The spectrum of a variable of the run (issue 30 item 4): the size of its Fourier transform
against frequency in Hz, drawn as a plot's curve, with the frequencies predicted for it marked.

Of the history's last run (since its last break, at most :data:`SAMPLES` rows) the variable's
mean is taken away, a Hann window laid over it, and ``numpy.fft.rfft`` gives |X(f)|, scaled so a
sinusoid of amplitude a gives a peak of about a. Bins are 1/(N·dt) apart: a longer run sees finer.
The transform is taken again only when the run has grown by :data:`GROWTH` of what it was (and at
least :data:`FEWEST_NEW` rows): an FFT of N ≤ 8192 samples takes well under a millisecond, and the
plot is drawn anew each time (its axes fit the new curve), a few times a second at most.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .records import History
from .series import Plot, PlotSpec, Values, columns

#: the most samples of a run transformed (the newest): 2¹³, 164 s at dt = 0.02
SAMPLES = 8192
#: the fewest samples worth a spectrum
FEWEST = 16
#: the spectrum is taken again when the run has grown by this share, and by at least FEWEST_NEW rows
GROWTH, FEWEST_NEW = 0.125, 25
#: the curve ends where this share of the spectrum's power lies below (then some room), or past the
#: highest mark: the rest, up to the Nyquist frequency, is flat and would crowd the peaks into a corner
POWER_SHOWN, ROOM = 0.999, 1.5


def spectrum(values: np.ndarray, dt: float) -> tuple[np.ndarray, np.ndarray]:
    """Frequencies (Hz) and |X(f)| of ``values`` sampled every ``dt`` seconds (mean taken away,
    Hann window, amplitude scale)."""
    n = len(values)
    window = np.hanning(n)
    x = np.fft.rfft((values - np.mean(values)) * window)
    return np.fft.rfftfreq(n, dt), 2 * np.abs(x) / np.sum(window)


def shown_up_to(f: np.ndarray, size: np.ndarray, marks: Sequence[float]) -> int:
    """How many bins of the spectrum to draw (see :data:`POWER_SHOWN`)."""
    power = np.cumsum(size ** 2)
    total = power[-1]
    end = float(f[int(np.searchsorted(power, POWER_SHOWN * total))] if total > 0 else f[-1]) * ROOM
    end = max(end, ROOM * max(marks, default=0.0))
    return min(len(f), max(FEWEST, int(np.searchsorted(f, end)) + 1))


class Spectrum(Plot):
    """A plot of |X(f)| of the variable ``spec.ys[0]`` of ``source``; ``marks()`` gives the
    frequencies to mark (Hz: the modes predicted), asked each time the spectrum is taken."""

    def __init__(self, spec: PlotSpec, source: History, marks: Callable[[], Sequence[float]] = tuple,
                 values: Values = columns):
        super().__init__(spec, source, values=values, capacity=SAMPLES // 2 + 1)
        self._marks = marks
        #: rows of the source in the spectrum last taken (0: none), and the first row it may use
        self.used = 0
        self._since = 0
        self._at = -1

    def clear(self) -> None:
        super().clear()
        self._since, self.used, self._at = self.source.settled, 0, -1

    def sync(self) -> int:
        src = self.source
        settled = src.settled
        if settled < self._at:  # the history was cleared
            self._since, self._at = 0, -1
        grown = settled - self._at
        if self._at >= 0 and grown < max(FEWEST_NEW, GROWTH * self.used):
            return 0
        self._at = settled
        unsettled = src.added - settled
        rows, starts = src.latest(min(SAMPLES, settled - self._since) + unsettled)
        if unsettled:
            rows, starts = rows[:-unsettled], starts[:-unsettled]
        breaks = np.flatnonzero(starts)
        if len(breaks):  # the last run only: a drag or a reset is no part of a motion
            rows = rows[breaks[-1]:]
        names = src.names
        t = rows[:, names.index("t")]
        values = self.values(self.spec.ys[0], rows, names)
        dt = float(np.median(np.diff(t))) if len(t) > 1 else 0.0
        marks = tuple(float(f) for f in self._marks())
        if len(rows) < FEWEST or not dt > 0 or not np.all(np.isfinite(values)):
            changed = len(self.curves[0]) > 0 or marks != self.marks
            self.used, self.marks = 0, marks
            if changed:
                self._empty()
            return 0
        f, size = spectrum(values, dt)
        k = shown_up_to(f, size, marks)
        self._empty()
        self.used, self.marks = len(rows), marks
        self.curves[0].extend(np.column_stack((f[:k], size[:k])))
        return k

    def _empty(self) -> None:
        """The curve is drawn anew (a new spectrum is a new curve, not more of the old one)."""
        self.curves[0].clear()
        self.generation += 1
