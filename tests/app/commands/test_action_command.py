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


# -- CONSTRAINTS (issue 32): S along a run that keeps holonomic rows; velocity rows and paths refused ------


def test_the_action_of_a_run_with_holonomic_rows_is_that_of_the_same_motion_written_without_them(cli, tmp_path):
    """The Atwood machine (y1, y2 with the rope's <C> row) against the motion in y1 alone (the
    bench's hand-eliminated model): the same L along the same motion, so the same S."""
    from game.app.commands.constraintbench import FREE_ATWOOD

    free = tmp_path / "atwood_free.dat"
    free.write_text(FREE_ATWOOD, encoding="utf-8")
    code, out, err = cli("simulate", "maquina_atwood", "--seconds", "2", "--action")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:11] == ["t", "y1", "y2", "v1", "v2", "Ek", "Ep", "E", "DE", "S", "λ_T"]
    code, out, err = cli("simulate", str(free), "--seconds", "2", "--action")
    assert code == 0, err
    plain = list(csv.reader(io.StringIO(out)))
    assert plain[0][-1] == "S" and len(plain) == len(rows) == 202
    s, s_free = [float(r[9]) for r in rows[1:]], [float(r[-1]) for r in plain[1:]]
    assert s[0] == 0.0 and abs(s[-1]) > 50
    assert max(abs(a - b) for a, b in zip(s, s_free)) < 1e-10 * max(map(abs, s_free))


def test_action_of_a_run_with_velocity_rows_is_refused_naming_them(cli):
    code, out, err = cli("simulate", str(MODELS / "ejercicios" / "trineo_chaplygin.dat"), "--seconds", "1",
                         "--action", "--lang", "en")
    assert code == 2 and out == ""
    assert "the action principle does not hold for velocity constraints (cuchilla)" in err and "Traceback" not in err


def test_a_two_point_problem_on_a_constrained_model_is_refused_naming_its_constraints(cli):
    code, out, err = cli("action", "maquina_atwood", "--time", "1", "--lang", "en")
    assert code != 0 and "path" not in out
    assert "a model with CONSTRAINTS (T)" in err and "Traceback" not in err


def test_a_bad_vary_is_refused_before_the_paths_are_searched(cli, monkeypatch):
    from game.app.commands import action

    searched = []
    monkeypatch.setattr(action, "two_point", lambda *a, **k: searched.append(a))
    code, _, err = cli("action", OSCILLATOR, "--time", "1", "--to", "x=1", "--vary", "t")
    assert code == 2 and "a variation must vanish at both ends" in err
    assert searched == []
