"""One ring buffer for what watches the motion (a trail's points, the history's rows): bounded
memory, rows of floats newest last, and where each run starts.

A row that starts a run is not joined to the row before it: after the user drags a body or
resets, neither a trail nor a plot may draw the jump as if it were motion. Several restarts
with nothing added in between (a drag: one per mouse motion) leave one starting row, the last.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


class Ring:
    """At most ``capacity`` rows (the rows of ``rows``, given at their full size), oldest first;
    adding to a full ring overwrites the oldest. ``first_starts``: the first row after a clear
    is marked as starting a run (a history's rows are; a trail's first point needs no mark)."""

    def __init__(self, rows: np.ndarray, first_starts: bool) -> None:
        self._rows = rows
        # _starts[i]: the row in slot i does not connect to the row before it
        self._starts = np.zeros(rows.shape[0], dtype=bool)
        self._first_starts = first_starts
        self._head = 0  # slot written by the next row
        self._count = 0
        self._added = 0  # rows stored since construction / the last clear
        self._pending_break = first_starts
        self._lone = False  # the newest row was put by restart() and nothing followed it

    @property
    def capacity(self) -> int:
        """Maximum number of rows kept."""
        return self._rows.shape[0]

    @property
    def added(self) -> int:
        """Rows added since construction or the last clear (including overwritten ones): what is
        drawn of a ring is what was added since it last looked."""
        return self._added

    def __len__(self) -> int:
        return self._count

    def append(self, row: Sequence[float]) -> None:
        """Add ``row`` as the newest, overwriting the oldest when full."""
        i = self._head
        self._rows[i] = row
        self._written(i)

    def _written(self, i: int) -> None:
        """Slot ``i``, the head, now holds the newest row."""
        self._starts[i] = self._pending_break
        self._pending_break = False
        self._head = (i + 1) % self.capacity
        self._count = min(self._count + 1, self.capacity)
        self._added += 1
        self._lone = False

    def break_here(self) -> None:
        """The next row added will not be joined to the one before."""
        if self._count:
            self._pending_break = True

    def _restart(self, row: Sequence[float]) -> None:
        """A new run starts at ``row``; restarts in a row keep only the last one."""
        if self._lone and self._keeps(row):
            self._rows[self._head - 1] = row
            return
        self.break_here()
        self._put(row)
        self._lone = self._count > 0 and self._keeps(row)

    def _put(self, row: Sequence[float]) -> None:
        """How a restart adds its row (:meth:`append`, unless the ring adds rows its own way)."""
        self.append(row)

    def _keeps(self, row: Sequence[float]) -> bool:
        """Whether ``row`` is stored when added (every row is, unless the ring refuses some)."""
        return True

    def clear(self) -> None:
        """Forget every row."""
        self._head = self._count = self._added = 0
        self._pending_break = self._first_starts
        self._lone = False

    def latest(self, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Copies of the newest ``k`` rows and their run-start flags, oldest first."""
        k = min(k, self._count)
        return self._newest(self._rows, k), self._newest(self._starts, k)

    def starts(self) -> np.ndarray:
        """Per row, oldest first: True where a new run starts (always the first: after the ring
        wraps, the oldest surviving row's predecessor is gone)."""
        s = self._newest(self._starts, self._count)
        if s.size:
            s[0] = True
        return s

    def _newest(self, a: np.ndarray, k: int) -> np.ndarray:
        """A copy of the newest ``k`` entries of ``a`` (one per slot), oldest first."""
        start = self._head - k
        if start >= 0:
            return a[start:self._head].copy()
        return np.concatenate((a[start:], a[:self._head]))
