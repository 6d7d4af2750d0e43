"""`chaosmap` on a mechanism and on a model with contacts (issue 33): the copies step together
through the system's ``step_copies``, and each cell's first time is that of a single run of the
model from the same start (``simulate --set``: a Simulation with those conditions), to the step."""

from __future__ import annotations

import csv
import math
from pathlib import Path

import numpy as np
import pytest

from game.app.cli import main
from game.app.commands.usage import parse_settings
from game.model import load_model
from game.physics import Simulation, SimulationError

GRID, SECONDS = 8, 2.0


def read_map(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows = list(csv.reader(path.open(encoding="utf-8")))
    assert rows[0] == ["x", "y", "time"] and len(rows) == GRID * GRID + 1
    x, y, t = (np.array([float(r[k]) if r[k] else np.nan for r in rows[1:]]) for k in range(3))
    return x, y, t


def single_run(model: str, x: str, xv: float, y: str, yv: float, holds) -> float:
    """The first time ``holds(sim)`` of a single run from the cell's start (NaN: never; −1: it failed)."""
    m = load_model(Path("models") / f"{model}.dat")
    try:  # as simulate --set x=… --set y=… starts it
        sim = Simulation(m, "exact", *parse_settings(m, [f"{x}={float(xv)!r}", f"{y}={float(yv)!r}"]))
    except SimulationError:
        return -1.0
    if holds(sim):
        return 0.0
    for _ in range(round(SECONDS / m.general.dt)):
        try:
            sim.step(1)
        except SimulationError:
            return -1.0
        if holds(sim):
            return sim.t
    return math.nan


CASES = {
    # the double pendulum written as a mechanism (bars and point masses), launched up or down
    "mechanism": ("pendulo_doble_mecanismo", "A_vy=-8:8", "B_vy=-8:8", "B_y > 1", lambda sim: sim.q[3] > 1),
    # the ball that bounces on the floor and between two walls: when it first falls faster than 5 m/s
    "contacts": ("pelota", "vx=-3:3", "y=0.2:2", "abs(vy) > 5", lambda sim: abs(sim.qdot[1]) > 5),
}


@pytest.mark.parametrize("case", CASES)
def test_each_cell_is_a_single_run_to_the_step(case, tmp_path, capsys):
    model, x, y, until, holds = CASES[case]
    out_csv, out_png = tmp_path / "map.csv", tmp_path / "map.png"
    assert main(["chaosmap", model, "--x", x, "--y", y, "--grid", str(GRID), "--seconds", str(SECONDS),
                 "--until", until, "--csv", str(out_csv), "--png", str(out_png), "--jobs", "1"]) == 0
    said = capsys.readouterr().out
    assert f"of {GRID * GRID} cells" in said
    xs, ys, times = read_map(out_csv)
    reached = np.sum(times >= 0)
    assert 5 < reached < GRID * GRID  # some cells reach the condition and some never do: a map worth the name
    dt = load_model(Path("models") / f"{model}.dat").general.dt
    for cell in range(GRID * GRID):
        single = single_run(model, x.split("=")[0], xs[cell], y.split("=")[0], ys[cell], holds)
        if not single >= 0:  # never, or the motion failed: an empty time
            assert math.isnan(times[cell]), (cell, xs[cell], ys[cell], times[cell])
        else:
            assert abs(times[cell] - single) < dt / 2, (cell, xs[cell], ys[cell], times[cell], single)
    png = out_png.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 100


def test_a_cell_whose_start_crosses_a_contact_fails_and_the_others_run(tmp_path, capsys):
    # the ball's centre below its radius (0.1) over the floor: a single run refuses to start there
    out = tmp_path / "m.csv"
    assert main(["chaosmap", "pelota", "--x", "vx=-1:1", "--y", "y=-0.3:0.5", "--grid", str(GRID),
                 "--seconds", "0.5", "--until", "vy < -1", "--csv", str(out), "--jobs", "1"]) == 0
    _, ys, times = read_map(out)
    crossed = ys < 0.1
    assert f"{crossed.sum()} could not start or failed" in capsys.readouterr().out
    assert np.all(np.isnan(times[crossed])) and np.sum(times[~crossed] > 0) > 10  # the others fall
    assert single_run("pelota", "vx", 0.0, "y", float(ys[0]), lambda sim: False) == -1.0


@pytest.mark.parametrize("case", CASES)
def test_sweep_over_the_same_starts_finds_the_same_times(case, tmp_path, capsys):
    # sweep runs each cell as a Simulation (its own parameters, its Lyapunov pair): the same first times
    model, x, y, until, _ = CASES[case]
    grid = 4
    assert main(["chaosmap", model, "--x", x, "--y", y, "--grid", str(grid), "--seconds", str(SECONDS),
                 "--until", until, "--csv", str(tmp_path / "map.csv"), "--jobs", "1"]) == 0
    rows = list(csv.reader((tmp_path / "map.csv").open(encoding="utf-8")))[1:]
    mapped = {(float(r[0]), float(r[1])): (float(r[2]) if r[2] else math.nan) for r in rows}
    xs, ys = sorted({k[0] for k in mapped}), sorted({k[1] for k in mapped})
    overs = [f"{name.split('=')[0]}={values[0]!r}:{values[-1]!r}:{grid}" for name, values in ((x, xs), (y, ys))]
    assert main(["sweep", model, "--over", overs[0], "--over", overs[1], "--seconds", str(SECONDS), "--until", until,
                 "--csv", str(tmp_path / "sweep.csv"), "--jobs", "1"]) == 0
    capsys.readouterr()
    swept = list(csv.DictReader((tmp_path / "sweep.csv").open(encoding="utf-8")))
    assert len(swept) == grid * grid
    names = [name.split("=")[0] for name in (x, y)]
    for row in swept:
        first = float(row["until"]) if row["until"] else math.nan
        # the same start (sweep's LO + (HI − LO)·k/(N − 1) and the map's centres agree to round-off)
        place = min(mapped, key=lambda k: abs(k[0] - float(row[names[0]])) + abs(k[1] - float(row[names[1]])))
        assert abs(place[0] - float(row[names[0]])) + abs(place[1] - float(row[names[1]])) < 1e-12
        here = mapped[place]
        assert (math.isnan(first) and math.isnan(here)) or abs(first - here) < 0.01, (row, here)
    assert any(r["until"] for r in swept) and not any(r["stopped"] for r in swept)
