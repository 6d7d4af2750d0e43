"""The cells on a real dask cluster: a scheduler and two worker processes on localhost give,
cell by cell, what this process alone gives (chaosmap and sweep); a worker killed mid-run
loses no cells; a scheduler that does not answer is said within 10 s."""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
import time
from pathlib import Path

import pytest

from game.app.cli import main
from game.app.commands import cluster as cells

MAP = ["chaosmap", "pendulo_doble", "--x", "a1", "--y", "a2", "--grid", "12", "--seconds", "2", "--until",
       "abs(a2) > pi"]
SWEEP = ["sweep", "pendulo_doble", "--over", "a1=0.3:2.7:6", "--over", "g=4:16:4", "--seconds", "1.5",
         "--until", "abs(a2) > 1"]


@pytest.fixture(scope="module")
def local():
    """A scheduler and two worker processes, one thread each, as a user's cluster would be."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.CRITICAL) as cluster, Client(cluster, set_as_default=False) as client:
        yield cluster.scheduler_address, client


def test_a_chaos_map_on_two_workers_is_the_single_process_map_cell_by_cell(local, tmp_path, capsys):
    address, _ = local
    here, there = tmp_path / "here.csv", tmp_path / "there.csv"
    assert main([*MAP, "--jobs", "1", "--csv", str(here)]) == 0
    assert main([*MAP, "--scheduler", address, "--csv", str(there), "--png", str(tmp_path / "there.png")]) == 0
    assert "on 2 processes" in capsys.readouterr().out
    assert there.read_text(encoding="utf-8") == here.read_text(encoding="utf-8")
    assert here.read_text(encoding="utf-8").count("\n") == 1 + 12 * 12


def test_a_sweep_on_two_workers_is_the_single_process_sweep_cell_by_cell(local, tmp_path, capsys):
    address, _ = local
    here, there = tmp_path / "here.csv", tmp_path / "there.csv"
    assert main([*SWEEP, "--jobs", "1", "--csv", str(here)]) == 0
    assert main([*SWEEP, "--scheduler", address, "--csv", str(there)]) == 0
    assert "24 cells computed, 0 reused" in capsys.readouterr().out
    assert there.read_text(encoding="utf-8") == here.read_text(encoding="utf-8")


def test_a_worker_killed_mid_run_loses_no_cells(local, tmp_path, capsys):
    address, client = local
    here, there = tmp_path / "here.csv", tmp_path / "there.csv"
    args = ["sweep", "pendulo_doble", "--over", "a1=0.3:2.7:8", "--over", "g=4:16:4", "--seconds", "3"]
    assert main([*args, "--jobs", "1", "--csv", str(here)]) == 0
    cache = Path(f"{there}.cells")
    killed: list[str] = []

    def kill_a_busy_worker() -> None:
        # once the first chunk is in, kill a worker that is running chunks: they must be run again
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if cache.exists() and cache.read_text(encoding="utf-8").count("\n") > 1:
                busy = [w for w, tasks in client.processing().items() if tasks]
                if busy:
                    pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                    os.kill(pid, signal.SIGKILL)
                    killed.append(busy[0])
                    return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    try:
        assert main([*args, "--scheduler", address, "--csv", str(there)]) == 0
    finally:
        killer.join()
    assert killed, "no worker was busy to be killed"
    assert "32 cells computed" in capsys.readouterr().out
    assert there.read_text(encoding="utf-8") == here.read_text(encoding="utf-8")
    client.wait_for_workers(2, timeout=30)  # the nanny starts it again, for the tests after this one


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("command", [MAP, SWEEP])
def test_a_scheduler_that_does_not_answer_is_said_within_ten_seconds(run, tmp_path, command):
    address = f"tcp://127.0.0.1:{closed_port()}"
    began = time.monotonic()
    r = run(*command, "--scheduler", address, "--csv", str(tmp_path / "m.csv"), "--lang", "en")
    assert time.monotonic() - began < 10
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"error: the scheduler at {address} does not answer (waited 5 s)"), r.stderr
    assert not (tmp_path / "m.csv").exists()


def test_not_an_address_is_said_too(run, tmp_path):
    r = run(*SWEEP, "--scheduler", "nowhere://", "--csv", str(tmp_path / "m.csv"))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "does not answer" in r.stderr, r.stderr


def test_one_process_and_no_scheduler_is_this_process():
    with cells.cells_on(1) as client:
        assert client is None
        found: list[tuple[int, int]] = []
        cells.compute(lambda job: job * 10, lambda ready, chunk: ready + chunk, 1, [1, 2, 3], None,
                      lambda i, r: found.append((i, r)))
    assert found == [(0, 11), (1, 12), (2, 13)]


def test_a_chunk_runs_numbas_parallel_loops_on_its_own_thread_alone():
    """A worker per core whose batch also spread over every core made the map four times slower."""
    numba = pytest.importorskip("numba")
    from game.app.commands import cluster

    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("one core: nothing to oversubscribe")
    seen: list[int] = []
    worker = threading.Thread(target=lambda: seen.append(cluster._run_chunk(
        lambda job: None, lambda ready, chunk: numba.get_num_threads(), "token-threads", None, 0)))
    worker.start()
    worker.join()
    assert seen == [1]
    assert numba.get_num_threads() == numba.config.NUMBA_NUM_THREADS  # this thread's loops keep every core
