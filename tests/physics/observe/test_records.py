"""What watches the motion: trails and the history, ring buffers with breaks."""

from __future__ import annotations

import math
import mmap

import numpy as np
import pytest

from game.physics.observe.records import History, Trail


def filled(capacity: int, pts) -> Trail:
    t = Trail(capacity)
    for x, y in pts:
        t.add(x, y)
    return t


def test_order_before_and_after_wrapping() -> None:
    t = filled(4, [(0, 0), (1, 10), (2, 20)])
    assert len(t) == 3
    assert t.points().tolist() == [[0, 0], [1, 10], [2, 20]]
    for k in range(3, 10):
        t.add(k, 10 * k)
    assert len(t) == 4 == t.capacity
    assert t.points().tolist() == [[6, 60], [7, 70], [8, 80], [9, 90]]


def test_memory_is_bounded_by_capacity() -> None:
    t = Trail(100)
    nbytes = t.nbytes
    for k in range(10_000):
        t.add(k, -k)
    assert len(t) == 100
    assert t.nbytes == nbytes
    assert t.points()[0].tolist() == [9900, -9900]
    assert t.points()[-1].tolist() == [9999, -9999]


def test_points_is_a_copy() -> None:
    t = filled(5, [(1, 1), (2, 2)])
    p = t.points()
    p[0, 0] = 99
    assert t.points()[0, 0] == 1


def test_clear_forgets_everything() -> None:
    t = filled(4, [(k, k) for k in range(7)])
    t.clear()
    assert len(t) == 0
    assert t.points().shape == (0, 2)
    assert t.runs() == []
    t.add(5, 6)
    assert t.points().tolist() == [[5, 6]]


def test_break_splits_runs() -> None:
    t = filled(10, [(0, 0), (1, 0)])
    t.break_here()
    t.break_here()  # two breaks in a row are one break
    t.add(5, 0)
    t.add(6, 0)
    assert t.starts().tolist() == [True, False, True, False]
    assert [r.tolist() for r in t.runs()] == [[[0, 0], [1, 0]], [[5, 0], [6, 0]]]


def test_break_on_empty_trail_or_at_end_changes_nothing() -> None:
    t = Trail(5)
    t.break_here()
    t.add(1, 1)
    t.add(2, 2)
    assert len(t.runs()) == 1
    t.break_here()  # pending, but no point after it yet
    assert len(t.runs()) == 1


def test_break_survives_wrapping_and_disappears_with_its_point() -> None:
    t = filled(4, [(0, 0), (1, 0)])
    t.break_here()
    for x in (2, 3, 4):
        t.add(x, 0)
    # Stored: 1 | 2 3 4  (the break is before 2)
    assert [r[:, 0].tolist() for r in t.runs()] == [[1], [2, 3, 4]]
    t.add(5, 0)
    t.add(6, 0)
    # Point 2, where the break was, is gone: one run again.
    assert [r[:, 0].tolist() for r in t.runs()] == [[3, 4, 5, 6]]


def test_non_finite_point_becomes_a_break() -> None:
    t = filled(10, [(0, 0), (1, 1)])
    t.add(math.nan, 2)
    t.add(3, math.inf)
    t.add(4, 4)
    assert len(t) == 3
    assert [len(r) for r in t.runs()] == [2, 1]


def test_capacity_must_hold_a_segment() -> None:
    with pytest.raises(ValueError):
        Trail(1)



def test_restarts_in_a_row_leave_one_starting_point() -> None:
    t = filled(10, [(0, 0), (1, 0)])
    for x in (5, 6, 7):  # a drag: one restart per mouse move
        t.restart(x, 1)
    assert [r.tolist() for r in t.runs()] == [[[0, 0], [1, 0]], [[7, 1]]]
    t.add(8, 1)
    t.restart(9, 2)  # after a step, a restart begins a new run again
    assert [r.tolist() for r in t.runs()] == [[[0, 0], [1, 0]], [[7, 1], [8, 1]], [[9, 2]]]


def test_restart_of_an_empty_trail_is_its_first_point() -> None:
    t = Trail(4)
    t.restart(1, 2)
    t.restart(3, 4)
    assert t.points().tolist() == [[3, 4]]


def test_history_keeps_named_columns_in_a_bounded_ring() -> None:
    h = History(("t", "x"), 5)
    for k in range(8):
        h.append((0.1 * k, k * k))
    assert len(h) == 5 and h.added == 8
    assert h.column("x").tolist() == [9, 16, 25, 36, 49]
    assert h.rows().shape == (5, 2)
    with pytest.raises(ValueError):
        h.column("y")


def test_a_historys_rows_are_pages_of_their_own() -> None:
    """Zeros that cost memory once written, and go back to the system whole (not a heap's hole)."""
    h = History(("t", "x", "y"), 100_000)
    base = h._rows
    while isinstance(base, np.ndarray) and base.base is not None:
        base = base.base
    if isinstance(base, memoryview):
        base = base.obj
    assert isinstance(base, mmap.mmap) and len(base) == 100_000 * 3 * 8
    assert h._rows.shape == (100_000, 3) and h._rows.flags.writeable and not h._rows.any()
    h.append((1.0, 2.0, 3.0))
    assert h.rows().tolist() == [[1.0, 2.0, 3.0]]
    assert History((), 4)._rows.shape == (4, 0)  # no columns: nothing to map


def test_history_restarts_mark_runs_and_replace_each_other() -> None:
    h = History(("t",), 10)
    h.restart((0.0,))
    h.append((0.1,))
    h.append((0.2,))
    h.restart((0.0,))
    h.restart((0.0,))  # restarts in a row: one row
    h.append((0.1,))
    assert h.column("t").tolist() == [0.0, 0.1, 0.2, 0.0, 0.1]
    assert h.starts().tolist() == [True, False, False, True, False]


def test_extend_is_add_point_by_point() -> None:
    rng = np.random.default_rng(3)
    for capacity, sizes in ((7, (3, 5, 12, 1)), (50, (20, 20, 20)), (4, (9,))):
        one, many = Trail(capacity), Trail(capacity)
        for size in sizes:
            xy = rng.normal(size=(size, 2))
            starts = rng.random(size) < 0.2
            if size > 2:
                xy[1, 0] = np.nan  # a point that is not finite breaks the line there
            for (x, y), s in zip(xy.tolist(), starts.tolist()):
                if s:
                    one.break_here()
                one.add(x, y)
            many.extend(xy, starts)
            assert len(one) == len(many) and one.added == many.added
            assert np.array_equal(one.points(), many.points()) and np.array_equal(one.starts(), many.starts())


def test_history_latest_and_settled_rows() -> None:
    h = History(("t", "x"), 5)
    h.restart((0.0, 1.0))
    assert h.added == 1 and h.settled == 0  # a run's first row may still be replaced (a drag)
    h.restart((0.0, 2.0))
    h.append((0.1, 3.0))
    assert h.settled == 2
    for k in range(6):
        h.append((0.2 + 0.1 * k, 4.0 + k))
    rows, starts = h.latest(3)
    assert rows[:, 1].tolist() == [7.0, 8.0, 9.0] and not starts.any()
    rows, starts = h.latest(10)
    assert len(rows) == 5 and rows[0, 1] == 5.0


def test_a_thinning_trail_keeps_its_whole_history_in_bounded_memory() -> None:
    """A trail that stays until the Eraser, for days: memory fixed, the first point and every
    run's ends kept, the newest half at full resolution, older points sparser, in order."""
    t = Trail(1000, thin=True)
    nbytes = t.nbytes
    for k in range(200_000):
        t.add(k, -k)
        if k == 777:
            t.break_here()
    assert len(t) <= 1000 and t.nbytes == nbytes
    x = t.points()[:, 0]
    assert x[0] == 0 and x[-1] == 199_999  # from the very first point to the newest
    assert np.all(np.diff(x) > 0)  # in order
    assert {777, 778} <= set(x.tolist())  # the break's ends
    assert set(t.points()[t.starts(), 0].tolist()) == {0, 778}
    newest = x[-len(x) // 2 + 1:]
    assert np.all(np.diff(newest) == 1)
    assert np.diff(x).max() > 100  # the oldest are sparse


def test_a_fading_trail_is_a_ring() -> None:
    t = Trail(100, thin=False)
    for k in range(1000):
        t.add(k, 0)
    assert t.points()[0, 0] == 900
