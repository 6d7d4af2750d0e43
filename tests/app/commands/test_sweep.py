"""`python main.py sweep`, in this process (--jobs 1): each cell is the `simulate --set` run of its
values, summarised; an interrupted sweep started again computes only the cells it lacks."""

from __future__ import annotations

import csv
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from project import ROOT

from game.app.cli import main
from game.app.commands.sweep import fingerprint, make_sweep, read_cache, write_rows
from game.app.commands.usage import parse_settings
from game.physics import Simulation
from game.physics.observe.ensemble import Lyapunov

SWEEP = ["sweep", "pendulo_doble", "--over", "a1=0.5:2.5:3", "--over", "g=5:15:2", "--seconds", "2",
         "--until", "abs(a2) > 1"]


def rows_of(path: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(path.open(encoding="utf-8")))


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sweep")
    out = folder / "s.csv"
    assert main([*SWEEP, "--jobs", "1", "--csv", str(out), "--png", str(folder / "s.png")]) == 0
    return out


def test_one_row_per_cell_first_over_fastest_named_columns(small):
    rows = rows_of(small)
    assert list(rows[0]) == ["a1", "g", "until", "DE_max", "lyapunov", "t_end", "a1_end", "a2_end", "va1_end",
                             "va2_end", "stopped"]
    assert [(float(r["a1"]), float(r["g"])) for r in rows] == [(a, g) for g in (5.0, 15.0) for a in (0.5, 1.5, 2.5)]
    assert not (small.parent / "s.csv.cells").exists()  # the cache goes once the outputs are written


def test_a_cell_is_the_simulate_run_of_its_values(small, tmp_path, capsys):
    cell = rows_of(small)[4]  # a1 = 1.5, g = 15
    out = tmp_path / "one.csv"
    assert main(["simulate", "pendulo_doble", "--seconds", "2", "--set", "a1=1.5", "--set", "g=15.0",
                 "--csv", str(out)]) == 0
    capsys.readouterr()
    run = rows_of(out)
    last = run[-1]
    for name in ("a1", "a2", "va1", "va2"):
        assert float(cell[f"{name}_end"]) == float(last[name])
    assert float(cell["t_end"]) == float(last["t"])
    assert float(cell["DE_max"]) == max(float(r["DE"]) for r in run)
    first = next((float(r["t"]) for r in run if abs(float(r["a2"])) > 1), None)
    assert first is not None and float(cell["until"]) == first


def test_the_lyapunov_exponent_is_the_windows_estimate_of_that_run(small):
    cell = rows_of(small)[0]  # a1 = 0.5, g = 5
    job = make_sweep("pendulo_doble", ["a1=0.5:0.5:1"], 2.0, None, ["g=5.0"])
    sim = Simulation(job.model, "exact", *parse_settings(job.model, ["g=5.0", "a1=0.5"]))
    lyapunov = Lyapunov()
    sim.observers.append(lyapunov)
    sim.announce_break()
    sim.step(job.steps)
    assert float(cell["lyapunov"]) == lyapunov.estimate and math.isfinite(lyapunov.estimate)


def test_the_picture_is_the_grid_of_cells(small):
    data = (small.parent / "s.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (3 * 86, 2 * 86)  # 3 × 2 cells, enlarged to at least 256 across


def test_a_cache_of_another_sweep_is_not_reused(tmp_path):
    job = make_sweep("pendulo_doble", ["a1=0:1:2"], 1.0, None)
    other = make_sweep("pendulo_doble", ["a1=0:1:2"], 2.0, None)
    path = tmp_path / "c.cells"
    width = len(job.columns())
    path.write_text(f'{{"sweep": "{fingerprint(job)}"}}\n[1, {", ".join(["0.5"] * width)}]\n[0, 1', encoding="utf-8")
    assert list(read_cache(path, job)) == [1]  # the line cut short by a kill is left out
    assert read_cache(path, other) == {}


def test_an_interrupted_sweep_started_again_computes_only_the_missing_cells(tmp_path):
    args = ["sweep", "pendulo_doble", "--over", "a1=0.2:2.8:8", "--over", "a2=-1:1:5", "--seconds", "4",
            "--jobs", "1", "--lang", "en"]
    out = tmp_path / "s.csv"
    cache = Path(f"{out}.cells")
    child = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args, "--csv", str(out)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None:
            if cache.exists() and len(cache.read_text(encoding="utf-8").splitlines()) > 10:
                break
            time.sleep(0.02)
        assert child.poll() is None, "the sweep ended before it could be interrupted"
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait()
    kept = len(read_cache(cache, make_sweep("pendulo_doble", ["a1=0.2:2.8:8", "a2=-1:1:5"], 4.0, None)))
    assert 10 <= kept < 40 and not out.exists()
    again = subprocess.run([sys.executable, str(ROOT / "main.py"), *args, "--csv", str(out)], capture_output=True,
                           text=True, cwd=ROOT, timeout=120)
    assert again.returncode == 0, again.stderr
    assert f"{40 - kept} cells computed, {kept} reused" in again.stdout
    whole = tmp_path / "whole.csv"
    assert main([*args, "--csv", str(whole)]) == 0
    assert out.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


def test_a_cell_that_cannot_run_says_why_and_the_others_go_on(tmp_path, capsys):
    out = tmp_path / "s.csv"
    # the double pendulum with L = 0 has no motion (its mass matrix is singular)
    code = main(["sweep", "pendulo_doble", "--over", "L=0:1:2", "--seconds", "0.2", "--jobs", "1", "--csv", str(out)])
    capsys.readouterr()
    assert code == 0
    rows = rows_of(out)
    assert rows[0]["stopped"] and rows[0]["t_end"] == "" and not rows[1]["stopped"]


def test_empty_values_are_written_as_empty(tmp_path):
    write_rows(tmp_path / "w.csv", ["a", "b", "stopped"], [[1.0, math.nan, ""], [0.5, 2.0, "why, here"]])
    assert (tmp_path / "w.csv").read_text(encoding="utf-8") == 'a,b,stopped\n1.0,,\n0.5,2.0,"why, here"\n'


@pytest.mark.parametrize("args, message", [
    (["--over", "b1=0:1:3"], "--over b1: not a parameter, coordinate or velocity of this model"),
    (["--over", "a1=0:1"], "--over a1=0:1: write NAME=LO:HI:N"),
    (["--over", "a1=0:1:x"], "the number of values N must be a whole number from 1 to 10000"),
    (["--over", "a1=0:1:0"], "the number of values N must be a whole number from 1 to 10000"),
    (["--over", "a1=1:1:3"], "the ends must be finite numbers, different when N > 1"),
    (["--over", "a1=0:1:2", "--over", "a1=0:1:2"], "--over a1 is given twice"),
    (["--over", "a1=0:1:2", "--over", "a2=0:1:2", "--over", "g=1:2:2", "--png", "P"], "--png draws one or two --over"),
    (["--over", "a1=0:1:2", "--png", "P", "--colour", "nope"], "--colour nope: not a column of this sweep"),
    (["--over", "a1=0:1:2000", "--over", "a2=0:1:2000"], "4,000,000 cells is more than a sweep may have"),
    (["--over", "a1=0:1:2", "--until", "a3 > 1"], "unknown name 'a3'"),
])
def test_bad_command_lines_are_explained(run, tmp_path, args, message):
    args = [a.replace("P", str(tmp_path / "p.png")) if a == "P" else a for a in args]
    r = run("sweep", "pendulo_doble", *args, "--seconds", "1", "--csv", str(tmp_path / "s.csv"), "--lang", "en")
    assert r.returncode == 2 and "Traceback" not in r.stderr and message in r.stderr, r.stderr


def test_without_csv_or_png_nothing_is_computed(run):
    r = run("sweep", "pendulo_doble", "--over", "a1=0:1:2", "--seconds", "1", "--lang", "es")
    assert r.returncode == 2 and "dé --csv SALIDA.csv y/o --png SALIDA.png" in r.stderr
