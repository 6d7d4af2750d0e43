"""The compiled loop of a chaosmap's cells (issue 33) gives the NumPy loop's first times and work,
cell by cell and to the last bit, whatever the condition reads and compares; a condition without a
value is said at the same cell, side and instant; without numba's code the NumPy loop runs."""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pytest

from game.app.commands import chaosmap
from game.app.commands.chaosmap_copies import UntilError
from game.app.commands.chaosmap_kernel import kernel_text
from game.physics.lagrange import compiled
from game.physics.lagrange import system as system_module

pytest.importorskip("numba")


@pytest.fixture
def compiling(monkeypatch, request):
    """Compiling on (into pytest's own cache folder), no equations kept from a test that ran without it."""
    folder = request.config.cache.mkdir("cenm-compiled")
    monkeypatch.setenv(compiled.SWITCH, "1")
    monkeypatch.setattr(compiled, "cache_folder", lambda: folder)
    monkeypatch.setattr(system_module, "_derived", OrderedDict())


def both_ways(job: chaosmap.Job) -> list:
    """The map's cells by the compiled loop, then by the NumPy loop: (times, work) or the error's (x, y, t, side)."""
    worker = chaosmap.MapWorker(job)
    assert worker.kernel is not None
    out = []
    for kernel in (worker.kernel, None):
        worker.kernel = kernel
        try:
            times, work, _ = worker.run(np.arange(job.grid))
        except UntilError as exc:
            out.append((exc.x, exc.y, exc.t, exc.side))
        else:
            out.append((times, work))
    return out


@pytest.mark.parametrize("until", [
    "abs(a2) > pi",  # the lower arm flips
    "abs(va2) >= 6",  # reads velocities: q̇ from the momenta after each step
    "a1 <= -2 + t/2",  # reads t; holds at the start for some cells
    "sin(a1) + a2/2 < -1.2",
])
def test_the_compiled_loop_gives_the_numpy_loops_times_and_work(compiling, until):
    job = chaosmap.make_job("pendulo_doble", "a1", "a2", 10, 2.0, until, substeps=4)
    (fast, fast_work), (plain, plain_work) = both_ways(job)
    assert np.array_equal(fast, plain, equal_nan=True)
    assert fast_work == plain_work
    assert np.sum(fast > 0) > 5 and np.isnan(fast).any()  # cells that meet it at different steps, and some never


@pytest.mark.parametrize("until, seconds", [
    ("log(a2) > 1", 1.0),  # the left side has no value at the start of the first cell
    ("a2 < 1/(a2 - a1)", 1.0),  # the right side, 1/0 there
    ("abs(a2) > pi + sqrt(1.2 - t)", 2.0),  # during the run, for every cell still running
    ("0*log(2.5 - abs(a1)) + log(2.6 - abs(a2)) < -10", 3.0),  # a cell that swings out of its range first
])
def test_a_condition_without_a_value_is_said_where_the_numpy_loop_says_it(compiling, until, seconds):
    job = chaosmap.make_job("pendulo_doble", "a1", "a2", 4, seconds, until)
    fast, plain = both_ways(job)
    assert fast == plain and isinstance(fast[0], float)


def test_without_native_code_the_numpy_loop_runs():
    # (the suite runs with CENM_COMPILE=0: the reference path)
    job = chaosmap.make_job("pendulo_doble", "a1", "a2", 4, 1.0, "abs(a2) > pi")
    worker = chaosmap.MapWorker(job)
    assert worker.kernel is None
    estimate, _ = chaosmap.map_seconds(job, worker=worker)
    assert chaosmap.default_jobs(worker, estimate, 2) == 1  # a small map: here, not worth a cluster's start
    assert chaosmap.default_jobs(worker, 60.0, 2) is None  # a long NumPy map: a worker process per core


def test_a_compiled_map_runs_in_this_process_and_is_estimated_by_its_loop(compiling, monkeypatch):
    job = chaosmap.make_job("pendulo_doble", "a1", "a2", 64, 2.0, "abs(a2) > pi")
    worker = chaosmap.MapWorker(job)
    assert chaosmap.default_jobs(worker, 3600.0, 2) == 1  # its prange loop takes every core here
    timed = []

    def per_cell(kernel, system, columns, steps, budget):
        timed.append((kernel, len(columns[0]), steps))
        return 0.001

    monkeypatch.setattr("game.app.commands.chaosmap_kernel.seconds_per_cell", per_cell)
    seconds, processes = chaosmap.map_seconds(job, 2, worker=worker)
    assert timed == [(worker.kernel, chaosmap.SAMPLE_CELLS, 100)]  # a few cells of the loop itself, every step
    assert seconds == pytest.approx(64 * 64 * 0.001 / processes)


def test_one_cell_of_the_compiled_loop_is_timed_on_one_thread(compiling):
    from game.app.commands import chaosmap_kernel

    job = chaosmap.make_job("pendulo_doble", "a1", "a2", 4, 2.0, "abs(a2) > pi")
    worker = chaosmap.MapWorker(job)
    assert worker.kernel is not None and worker.system is not None
    columns = [np.full(8, v) for v in (1.0, 2.0, 0.0, 0.0)]
    seconds = chaosmap_kernel.seconds_per_cell(worker.kernel, worker.system, columns, job.steps, 0.01)
    assert 0 < seconds < 1  # 100 steps of 20 substeps: microseconds each


def test_the_kernel_compares_only_as_the_language_does():
    with pytest.raises(ValueError):
        kernel_text(2, "== 0 or True; import os #", False)


def test_a_map_in_this_process_says_on_how_many_threads_its_compiled_loop_ran(compiling, monkeypatch):
    import numba

    job = chaosmap.make_job("pendulo_doble", "a1", "a2", 8, 1.0, "abs(a2) > pi", substeps=4)
    assert chaosmap.run(job, 1).threads == numba.get_num_threads()
    monkeypatch.setattr(chaosmap.MapWorker, "__init__", _without_kernel(chaosmap.MapWorker.__init__))
    assert chaosmap.run(job, 1).threads == 1  # the NumPy loop: this thread alone


def _without_kernel(init):
    def made(self, job):
        init(self, job)
        self.kernel = None
    return made
