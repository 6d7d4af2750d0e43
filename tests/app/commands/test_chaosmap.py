"""`python main.py chaosmap` (SPEC §7.4), called in-process: the double pendulum's flip map
is what energy and symmetry say it must be, cell by cell, and each cell's time is that of a
single `simulate` run from the same start."""

from __future__ import annotations

import csv
import math
import zlib
from pathlib import Path

import numpy as np
import pytest

from game.app.cli import main
from game.app.commands.chaosmap import Axis
from game.app.commands.chaosmap_picture import colours, first_time
from game.physics.state import written_time

GRID, SECONDS = 24, 3.0


def read_map(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows = list(csv.reader(path.open(encoding="utf-8")))
    assert rows[0] == ["x", "y", "time"]
    x, y, t = (np.array([float(r[k]) if r[k] else np.nan for r in rows[1:]]).reshape(GRID, GRID) for k in range(3))
    return x, y, t


@pytest.fixture(scope="module")
def flip_map(tmp_path_factory):
    """The double pendulum (equal masses and lengths), at rest, a1, a2 ∈ [−π, π]: when the lower arm flips."""
    folder = tmp_path_factory.mktemp("chaosmap")
    out_csv, out_png = folder / "flip.csv", folder / "flip.png"
    code = main(["chaosmap", "pendulo_doble", "--x", "a1", "--y", "a2=-pi:pi", "--grid", str(GRID),
                 "--seconds", str(SECONDS), "--until", "abs(a2) > pi", "--csv", str(out_csv), "--png", str(out_png),
                 "--jobs", "2"])
    assert code == 0
    return (*read_map(out_csv), out_png)


def test_energy_forbids_a_flip_where_2cos_a1_plus_cos_a2_exceeds_1(flip_map):
    # at rest E = −g·(2·cos a1 + cos a2); a flip passes a2 = π, where E ≥ −g·(2 − 1)
    a1, a2, t, _ = flip_map
    forbidden = 2 * np.cos(a1) + np.cos(a2) > 1
    assert forbidden.sum() > 100 and np.all(np.isnan(t[forbidden]))
    assert np.sum(~np.isnan(t)) > 50  # and elsewhere many do flip


def test_the_map_is_symmetric_cell_by_cell(flip_map):
    # (a1, a2) → (−a1, −a2) is the mirror image of the motion: it flips at the same instant
    a1, a2, t, _ = flip_map
    assert np.array_equal(a1, -a1[::-1, ::-1]) and np.array_equal(a2, -a2[::-1, ::-1])
    mirrored = t[::-1, ::-1]
    assert np.array_equal(np.isnan(t), np.isnan(mirrored))
    assert np.array_equal(t[~np.isnan(t)], mirrored[~np.isnan(t)])


def test_cells_flip_when_single_simulate_runs_do(flip_map, tmp_path, capsys):
    a1, a2, t, _ = flip_map
    flipped = np.argwhere(~np.isnan(t))
    order = np.argsort(t[tuple(flipped.T)])
    for k in (order[0], order[len(order) // 2], order[-1]):  # the first, a middle and the last to flip
        j, i = flipped[k]
        out = tmp_path / f"cell{j}_{i}.csv"
        assert main(["simulate", "pendulo_doble", "--seconds", str(SECONDS), "--set", f"a1={float(a1[j, i])!r}",
                     "--set", f"a2={float(a2[j, i])!r}", "--csv", str(out)]) == 0
        rows = list(csv.DictReader(out.open(encoding="utf-8")))
        first = next(float(r["t"]) for r in rows if abs(float(r["a2"])) > math.pi)
        assert first == written_time(t[j, i], 0.02)  # simulate writes k·dt; the map, the engine's sum
    capsys.readouterr()


def test_the_picture_is_a_png_of_the_grid_white_where_never(flip_map):
    *_, t, png = flip_map
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    scale = width // GRID
    assert width == height == GRID * scale >= 256
    idat = data.index(b"IDAT")
    raw = zlib.decompress(data[idat + 4: idat + 4 + int.from_bytes(data[idat - 4:idat], "big")])
    pixels = np.frombuffer(raw, np.uint8).reshape(height, 1 + 3 * width)[:, 1:].reshape(height, width, 3)
    top_left_cell = pixels[0, 0]  # the largest a2, the smallest a1: row GRID−1, column 0 of the map
    expected = colours(t, SECONDS, first_time(t, 0.02))[GRID - 1, 0]
    assert np.array_equal(top_left_cell, expected)
    assert np.array_equal(colours(np.array([np.nan]), SECONDS, 0.02)[0], [255, 255, 255])


def test_log_time_colours_run_from_the_first_time_to_the_end():
    times = np.array([0.2, 0.6, 4.0, np.nan])
    first = first_time(times, 0.02)
    c = colours(times, 4.0, first)
    assert first == 0.2 and np.array_equal(c[0], [68, 1, 84]) and np.array_equal(c[2], [253, 231, 37])
    assert not np.array_equal(c[1], c[0]) and not np.array_equal(c[1], c[2]) and np.array_equal(c[3], [255] * 3)


def test_symmetric_ranges_give_symmetric_cells():
    x = Axis("a", 0, -math.pi, math.pi).centres(7)
    assert np.array_equal(x, -x[::-1]) and x[3] == 0 and x[0] == pytest.approx(-math.pi + math.pi / 7)


@pytest.mark.parametrize("args, message", [
    (["--x", "b1", "--y", "a2", "--until", "abs(a2) > pi"], "--x b1: not a coordinate or velocity of this model"),
    (["--x", "a1", "--y", "va2", "--until", "abs(a2) > pi"], "--y va2: give the range to sweep"),
    (["--x", "a1", "--y", "a2=2:1", "--until", "a2 > 1"], "the range must go from a smaller number to a larger one"),
    (["--x", "a1", "--y", "a2", "--until", "abs(a2)"], "--until needs a comparison"),
    (["--x", "a1", "--y", "a2", "--until", "abs(a3) > pi"], "--until:1:5: unknown name 'a3'"),
    (["--x", "a1", "--y", "a2", "--until", "__import__('os').system('true') > 0"], "--until:1:"),
    (["--x", "a1", "--y", "a2", "--until", "a1 > 1 > 0"], "one comparison only"),
])
def test_bad_command_lines_are_explained(capsys, tmp_path, args, message):
    code = main(["chaosmap", "pendulo_doble", *args, "--grid", "4", "--seconds", "1", "--csv", str(tmp_path / "m.csv")])
    err = capsys.readouterr().err
    assert code == 2 and message in err, err


def test_messages_in_spanish(capsys, tmp_path):
    from game.messages import set_language

    try:
        code = main(["chaosmap", "pendulo_doble", "--x", "b1", "--y", "a2", "--until", "a2 > 1", "--grid", "4",
                     "--seconds", "1", "--lang", "es", "--png", str(tmp_path / "m.png")])
    finally:
        set_language("en")
    err = capsys.readouterr().err
    assert code == 2 and "--x b1: no es una coordenada ni una velocidad de este modelo (son: a1, a2, va1, va2)" in err


# -- where the map goes: refused before the run, not after it -------------------------------------

SMALL = ["chaosmap", "pendulo_doble", "--x", "a1", "--y", "a2", "--grid", "4", "--seconds", "1", "--until", "a2>1",
         "--jobs", "1"]


def test_without_png_or_csv_nothing_is_computed(run, monkeypatch):
    monkeypatch.setattr("game.app.commands.chaosmap.run", lambda *a, **k: pytest.fail("the grid was run"))
    r = run(*SMALL, "--lang", "es")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == "error: dé --png SALIDA.png y/o --csv SALIDA.csv: sin ellos el mapa se calcularía y se perdería\n"


@pytest.mark.parametrize("option", ["--csv", "--png"])
def test_an_output_that_cannot_be_written_is_refused_before_the_run(run, monkeypatch, tmp_path, option):
    monkeypatch.setattr("game.app.commands.chaosmap.run", lambda *a, **k: pytest.fail("the grid was run"))
    missing = tmp_path / "no_such_folder" / "z.out"
    r = run(*SMALL, option, str(missing), "--lang", "es")
    assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr
    assert r.stderr == f"error: {option} {missing}: no existe la carpeta {missing.parent}\n"
    r = run(*SMALL, option, str(tmp_path), "--lang", "en")  # a folder, not a file
    assert r.returncode == 2 and r.stderr == f"error: {option} {tmp_path} is a folder; give the name of a file\n"


def test_a_write_that_fails_after_the_run_is_said_and_the_other_file_is_still_written(run, monkeypatch, tmp_path):
    def full_disk(path, result):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.app.commands.chaosmap.write_csv", full_disk)
    csv_path, png_path = tmp_path / "z.csv", tmp_path / "z.png"
    r = run(*SMALL, "--csv", str(csv_path), "--png", str(png_path), "--lang", "es")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.splitlines()[-1] == f"error: no se puede escribir {csv_path}: No space left on device"
    assert png_path.read_bytes().startswith(b"\x89PNG") and f"imagen escrita en {png_path}" in r.stdout


def test_counts_of_one_are_said_in_the_singular(run, tmp_path):
    r = run("chaosmap", "pendulo_doble", "--x", "a1", "--y", "a2", "--grid", "1", "--seconds", "0.1",
            "--until", "t >= 0", "--substeps", "1", "--jobs", "1", "--csv", str(tmp_path / "z.csv"), "--lang", "es")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "1×1 celdas" in lines[0] and "(dt 0.02, 1 subpaso de RK4 por paso)" in lines[0]
    assert lines[1] == "1 de 1 celda (100.0%) alcanzó la condición"
    assert lines[2].startswith("tiempo real ") and " s en 1 proceso: " in lines[2]


# -- what a map may cost: refused at once, before any cell is run ---------------------------------

@pytest.mark.parametrize("args, message", [
    (["--grid", "4", "--seconds", "1e9"], "cells × steps × N = 16,000,000,000,000 state-substeps, more than one map"),
    (["--grid", "4", "--seconds", "1", "--dt", "1e-12"], "--dt must be from 1e-06 to 10 seconds"),
    (["--grid", "4", "--seconds", "1", "--dt", "inf"], "--dt must be from 1e-06 to 10 seconds"),
    (["--grid", "4", "--seconds", "1", "--dt", "nan"], "--dt must be from 1e-06 to 10 seconds"),
    (["--grid", "4", "--seconds", "1", "--substeps", "1000000000"], "--substeps must be from 1 to 10,000"),
    (["--grid", "100000", "--seconds", "1"], "--grid must be from 1 to 2048, not 100000"),
    (["--grid", "0", "--seconds", "1"], "--grid must be from 1 to 2048, not 0"),
    (["--grid", "4", "--seconds", "inf"], "--seconds must be a finite positive number of seconds, not inf"),
    (["--grid", "4", "--seconds", "nan"], "--seconds must be a finite positive number of seconds, not nan"),
    (["--grid", "4", "--seconds", "0.001"], "--seconds 0.001 is less than one step of dt = 0.02 s"),
])
def test_a_map_beyond_its_bounds_is_refused_before_the_run(run, monkeypatch, tmp_path, args, message):
    monkeypatch.setattr("game.app.commands.chaosmap.run", lambda *a, **k: pytest.fail("the grid was run"))
    r = run("chaosmap", "pendulo_doble", "--x", "a1", "--y", "a2", *args, "--until", "abs(a2) > pi",
            "--csv", str(tmp_path / "m.csv"), "--lang", "en")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith("error: ") and message in r.stderr, r.stderr


def test_a_map_estimated_to_take_over_an_hour_is_refused_with_its_estimate(run, monkeypatch, tmp_path):
    # 1 cell × 500 steps × N = 10,000: 5·10⁶ substeps of one state, within the count limit;
    # timed at a rate of a thousand per second (a slow machine) that is 5,000 s
    monkeypatch.setattr("game.app.commands.chaosmap.run", lambda *a, **k: pytest.fail("the grid was run"))
    clock = iter(range(0, 10**9, 1))
    monkeypatch.setattr("game.app.commands.chaosmap.time.perf_counter", lambda: next(clock) * 1.0)
    r = run("chaosmap", "pendulo_doble", "--x", "a1", "--y", "a2", "--grid", "1", "--seconds", "10",
            "--substeps", "10000", "--until", "abs(a2) > pi", "--csv", str(tmp_path / "m.csv"), "--jobs", "1")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "error: that map could take about " in r.stderr and "on 1 process (limit: 60 min)" in r.stderr, r.stderr


def test_the_estimate_counts_substeps_not_steps(monkeypatch):
    # one timed call of k substeps on one cell: the estimate is the map's substeps over that rate
    from game.app.commands import chaosmap

    job = chaosmap.make_job("pendulo_doble", "a1", "a2", 2, 1.0, "abs(a2) > pi", substeps=7)
    ticks = iter([0.0, 1.0])  # the first call (1 substep of 2 cells: a row) takes a second
    monkeypatch.setattr("game.app.commands.chaosmap.time.perf_counter", lambda: next(ticks))
    monkeypatch.setattr("game.app.commands.chaosmap._until_seconds", lambda *a: 0.0)  # (timed below)
    monkeypatch.setattr("game.app.commands.chaosmap.os.cpu_count", lambda: 2)
    seconds, processes = chaosmap.map_seconds(job, 2, budget=0.5)
    # 2 processes, each a block of one row (2 cells) timed at 2 state-substeps per second
    assert processes == 2
    assert seconds == pytest.approx(2 * 2 * 50 * 7 / (2 * 2))


def test_jobs_beyond_the_cores_are_neither_counted_nor_started(monkeypatch):
    # --jobs 64 on 2 cores divided the estimate by 64 (a 20-hour map said to take 20 minutes)
    from game.app.commands import chaosmap

    monkeypatch.setattr("game.app.commands.chaosmap.os.cpu_count", lambda: 2)
    job = chaosmap.make_job("pendulo_doble", "a1", "a2", 4, 0.2, "abs(a2) > pi")
    assert chaosmap.pool_size(64) == chaosmap.pool_size(None) == 2 and chaosmap.pool_size(1) == 1
    assert chaosmap.map_seconds(job, 64)[1] == 2
    assert chaosmap.run(job, 64).processes == 2


def test_a_heavy_until_is_counted_in_the_estimate(monkeypatch):
    # the condition is asked after every step of every cell: 3,000 sines cost more than the motion,
    # and the estimate left them out
    import numpy as np

    from game.app.commands import chaosmap

    light = chaosmap.make_job("pendulo_doble", "a1", "a2", 8, 1.0, "abs(a2) > pi")
    terms = " + ".join(f"sin({k}·a1)" for k in range(3000))
    heavy = chaosmap.make_job("pendulo_doble", "a1", "a2", 8, 1.0, f"abs(a2) + 0·({terms}) > pi")
    cols = [np.full(64, 0.5) for _ in range(4)]
    asked = [chaosmap._until_seconds(chaosmap.MapWorker(job), cols, 0.02) for job in (light, heavy)]
    assert asked[1] > 20 * asked[0]
    # and what it costs is in the estimate: one second an asking of a block is 50 steps × 64 cells over 64
    monkeypatch.setattr("game.app.commands.chaosmap._until_seconds", lambda *a: 1.0)
    assert chaosmap.map_seconds(heavy, 1)[0] >= 50 * 64 / 64


def test_the_same_file_for_csv_and_png_is_refused(run, monkeypatch, tmp_path):
    monkeypatch.setattr("game.app.commands.chaosmap.run", lambda *a, **k: pytest.fail("the grid was run"))
    same = tmp_path / "map"
    r = run(*SMALL, "--csv", str(same), "--png", str(tmp_path / "." / "map"))
    assert r.returncode == 2
    assert r.stderr == f"error: --csv and --png name the same file {same}: one would overwrite the other\n"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="a system with /proc")
@pytest.mark.parametrize("place", ["/proc", "/sys"])
def test_an_output_in_proc_is_refused(run, monkeypatch, place):
    monkeypatch.setattr("game.app.commands.chaosmap.run", lambda *a, **k: pytest.fail("the grid was run"))
    r = run(*SMALL, "--csv", f"{place}/map.csv")
    assert r.returncode == 2
    assert r.stderr == f"error: --csv {place}/map.csv: {place} belongs to the system (/proc, /sys), not a place for files\n"


@pytest.mark.parametrize("until, side, where", [
    ("log(a2) > 1", "left", "a1 = -2.35619, a2 = -2.35619, t = 0 s"),  # a2 < 0 at the first cell
    ("a2 < 1/(a2 - a1)", "right", "a1 = -2.35619, a2 = -2.35619, t = 0 s"),  # 1/0 there
])
def test_a_condition_without_a_value_is_said_not_counted(run, tmp_path, until, side, where):
    r = run("chaosmap", "pendulo_doble", "--x", "a1", "--y", "a2", "--grid", "4", "--seconds", "1", "--until", until,
            "--jobs", "1", "--csv", str(tmp_path / "m.csv"))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr == (f"error: --until '{until}' has no value at {where}: its {side} side: "
                        "the result is not a finite number (infinite or undefined)\n")
    assert not (tmp_path / "m.csv").exists()  # no map that counts it as true or false


def test_a_condition_that_loses_its_value_during_the_run_stops_it_in_each_process(run, tmp_path):
    # sqrt(1.2 - t) has no value once t > 1.2 (t = 1.2000000000000002 after 60 steps of 0.02), for
    # cells of both processes still running then (those that never flip)
    r = run("chaosmap", "pendulo_doble", "--x", "a1", "--y", "a2", "--grid", "4", "--seconds", "2",
            "--until", "abs(a2) > pi + sqrt(1.2 - t)", "--jobs", "2", "--csv", str(tmp_path / "m.csv"))
    assert r.returncode == 1, r.stderr
    assert "t = 1.2 s: its right side: the result is not a finite number" in r.stderr, r.stderr


def test_a_range_end_that_is_not_a_finite_number_is_called_so(run, tmp_path):
    r = run("chaosmap", "pendulo_doble", "--x", "a1=-10^400:0", "--y", "a2", "--grid", "2", "--seconds", "1",
            "--until", "abs(a2) > pi", "--csv", str(tmp_path / "m.csv"), "--lang", "en")
    assert r.returncode == 2
    assert r.stderr == "error: --x a1=-10^400:0: '-10^400' is not a finite number\n"
