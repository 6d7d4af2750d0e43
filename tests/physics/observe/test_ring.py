"""The one ring buffer under trails and the history (game/physics/observe/ring.py)."""

from __future__ import annotations

import numpy as np

from game.physics.observe.ring import Ring


def ring(capacity: int = 3, first_starts: bool = True) -> Ring:
    return Ring(np.zeros((capacity, 2)), first_starts)


def test_a_full_ring_overwrites_its_oldest_rows():
    r = ring()
    for k in range(5):
        r.append((k, -k))
    rows, _ = r.latest(10)
    assert len(r) == 3 and r.added == 5 and r.capacity == 3
    assert rows.tolist() == [[2, -2], [3, -3], [4, -4]]
    assert r.latest(2)[0].tolist() == [[3, -3], [4, -4]]


def test_runs_start_after_breaks_and_restarts_in_a_row_keep_the_last():
    r = ring(capacity=8)
    r.append((0, 0))
    r.append((1, 1))
    r._restart((5, 5))
    r._restart((6, 6))  # a drag: one row for the whole of it
    r.append((7, 7))
    rows, starts = r.latest(8)
    assert rows[:, 0].tolist() == [0, 1, 6, 7]
    assert starts.tolist() == [True, False, True, False]
    assert r.starts().tolist() == [True, False, True, False]


def test_whether_the_first_row_starts_a_run_is_the_ring_s_choice():
    for first in (True, False):
        r = ring(first_starts=first)
        r.append((1, 1))
        assert r.latest(1)[1].tolist() == [first]
        r.clear()
        assert len(r) == 0 and r.added == 0
        r.append((2, 2))
        assert r.latest(1)[1].tolist() == [first]
        assert r.starts().tolist() == [True]  # read in order, the oldest row always starts one
