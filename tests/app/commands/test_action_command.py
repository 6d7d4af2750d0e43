"""`python main.py action` (SPEC §7.7) and `bench --action`: called in-process with its streams."""

from __future__ import annotations

import csv
import io
import math

import pytest
from project import MODELS

OSCILLATOR = str(MODELS / "ejercicios" / "oscilador_accion.dat")


@pytest.fixture
def cli(run):
    """``run``, as (exit code, standard output, standard error), leaving the messages in English."""
    from game.messages import set_language

    def call(*args):
        r = run(*args)
        return r.returncode, r.stdout, r.stderr

    yield call
    set_language("en")


def test_the_csv_has_one_row_per_path_then_the_varied_actions(cli, tmp_path):
    out, png = tmp_path / "a.csv", tmp_path / "a.png"
    code, text, err = cli("action", OSCILLATOR, "--time", "3*pi/4", "--to", "x=1", "--vary", "1",
                          "--csv", str(out), "--png", str(png))
    assert code == 0, err
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == ["path", "S", "index", "vx"]
    tau = 3 * math.pi / 4
    assert float(rows[1][1]) == pytest.approx(0.5 / math.tan(tau), rel=1e-9) and rows[1][2] == "0"
    assert float(rows[1][3]) == pytest.approx(1 / math.sin(tau), rel=1e-9)
    assert rows[2] == ["eps", "S"] and len(rows) == 3 + 41
    eps, s = (float(x) for x in rows[-1])
    # S(q + ε·η₁) − S(q) = ε²·τ/4·((π/τ)² − ω²), m = ω = 1 (ex. 25.20)
    assert eps == 1.0 and s - float(rows[1][1]) == pytest.approx(tau / 4 * ((math.pi / tau) ** 2 - 1), rel=1e-7)
    assert "index 0 (a minimum of S)" in text and png.stat().st_size > 5000


def test_past_the_kinetic_focus_the_path_is_a_saddle(cli):
    code, text, _ = cli("action", OSCILLATOR, "--time", "3*pi/2", "--to", "x=1")
    assert code == 0 and "index 1 (a saddle of S, past 1 kinetic focus); vx(0) = -0.99999999" in text


def test_a_family_is_said_and_no_path_is_an_exit_1(cli):  # ex. 25.18 and 25.19
    code, text, _ = cli("action", OSCILLATOR, "--time", "pi", "--to", "x=0")
    assert code == 0 and "a family of paths" in text
    code, text, err = cli("action", OSCILLATOR, "--time", "pi", "--to", "x=1")
    assert code == 1 and "0 paths" in text and "the ends cannot be joined in this time" in err


def test_a_coordinate_not_named_is_free_at_t(cli, tmp_path):  # ex. 25.24 with γ = 0: p(T) = 0
    out = tmp_path / "free.csv"
    code, text, _ = cli("action", str(MODELS / "ejercicios" / "coste_terminal.dat"), "--time", "2",
                        "--set", "gamma=0", "--csv", str(out))
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert code == 0 and "x: 2 → free" in text and abs(float(rows[1][3])) < 1e-9


@pytest.mark.parametrize("args, words", [
    (("--time", "0", "--to", "x=1"), "the time T must be a finite number of seconds above 0"),
    (("--time", "-1", "--to", "x=1"), "above 0"),
    (("--time", "1", "--to", "y=1"), "--to y: not a coordinate of this model (coordinates: x)"),
    (("--time", "1", "--to", "x=1", "--from", "xx=2"), "did you mean 'x'"),
    (("--time", "1", "--to", "x1"), "--to expects COORD=VALUE"),
    (("--time", "1", "--to", "x=1", "--vary", "t"), "a variation must vanish at both ends"),
    (("--time", "1/w", "--to", "x=1"), "unknown name 'w'"),
])
def test_bad_command_lines_are_refused_with_a_message(cli, args, words):
    code, _, err = cli("action", OSCILLATOR, *args)
    assert code == 2 and words in err and "Traceback" not in err


@pytest.mark.parametrize("stem", ["pelota", "pendulo_mecanismo", "pendulo_amortiguado"])
def test_models_without_an_action_are_not_supported_yet(cli, stem):
    code, _, err = cli("action", stem, "--time", "1")
    assert code == 2 and "not supported yet" in err


def test_action_speaks_spanish(cli):
    code, out, _ = cli("action", OSCILLATOR, "--time", "1", "--to", "x=1", "--lang", "es")
    assert code == 0 and "trayectoria 1: S = 0.3210463" in out and "un mínimo de S" in out


def test_bench_action_finds_the_double_pendulums_paths_and_says_its_time():
    from game.app.commands.action import bench_action

    out = io.StringIO()
    bench_action(out)  # (its exit code says whether the goal was met: a shared machine may miss it)
    first = out.getvalue().splitlines()[0]
    assert first.endswith("s (goal: under 3 s)") and first.startswith("double pendulum, (π/2, π/4) to (0, 0) in 2 s: 3 paths from 64 starts in")
