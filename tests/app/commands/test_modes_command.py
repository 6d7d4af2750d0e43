"""`python main.py modes` and `bench --modes` (SPEC §7.6): the table, the CSV, the messages."""

from __future__ import annotations

import csv
import io
import math
import subprocess
import sys

import pytest
from project import MODELS, ROOT

from game.app.commands.modes import bench_modes


def test_main_py_runs_modes_as_a_program(tmp_path):
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "modes", "pendulo_simple", "--lang", "en"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("pendulo_simple.dat: 2 equilibria")


def test_the_table_names_each_equilibrium_its_kind_and_its_modes(run):
    r = run("modes", "pendulo_doble")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("pendulo_doble.dat: 4 equilibria, searched from")
    assert "equilibrium 1: stable, Ep = -29.43" in lines
    assert "  at a1 = 0, a2 = 0" in lines
    w = math.sqrt(9.81 * (2 - math.sqrt(2)))
    assert f"  mode 1: ω = {w:.10g} rad/s, period {2 * math.pi / w:.10g} s" in lines
    assert sum(line.startswith("equilibrium ") for line in lines) == 4
    assert any(line.startswith("  mode 1: unstable direction, growth rate") for line in lines)


def test_the_csv_has_one_row_per_equilibrium_and_mode(run, tmp_path):
    out = tmp_path / "modes.csv"
    r = run("modes", "pendulo_doble", "--csv", str(out))
    assert r.returncode == 0, r.stderr
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == ["equilibrium", "kind", "Ep", "a1", "a2", "mode", "omega", "period", "v_a1", "v_a2"]
    assert len(rows) == 1 + 4 * 2
    first = rows[1]
    assert first[:3] == ["1", "stable", "-29.43"] and first[3:6] == ["0.0", "0.0", "1"]
    w = float(first[6])
    assert w == pytest.approx(math.sqrt(9.81 * (2 - math.sqrt(2))), rel=1e-10)
    assert float(first[7]) == pytest.approx(2 * math.pi / w, rel=1e-12)
    assert float(first[9]) / float(first[8]) == pytest.approx(math.sqrt(2), rel=1e-10)
    unstable = [row for row in rows[1:] if row[1] == "unstable" and row[7] == ""]
    assert unstable and all(float(row[6]) > 0 for row in unstable)  # growth rates, no period
    assert [row[0] for row in rows[1:]] == ["1", "1", "2", "2", "3", "3", "4", "4"]
    assert [float(rows[k][2]) for k in (1, 3, 5, 7)] == sorted(float(rows[k][2]) for k in (1, 3, 5, 7))


def test_set_changes_a_parameter_and_period_judges_a_driven_model(run, tmp_path):
    out = tmp_path / "k.csv"
    r = run("modes", "kapitza", "--set", "W=50", "--period", str(2 * math.pi / 50), "--csv", str(out))
    assert r.returncode == 0, r.stderr
    assert "Floquet" in r.stdout
    rows = list(csv.reader(out.open(encoding="utf-8")))
    kinds = {row[0]: row[1] for row in rows[1:]}
    assert kinds == {"1": "driven-stable", "2": "driven-unstable"}
    upside_down = [row for row in rows[1:] if row[0] == "2"]
    assert upside_down[0][3] == repr(math.pi)
    # μ and 1/μ, real: a growth and a decay, neither with a period
    assert len(upside_down) == 2 and upside_down[0][6] == upside_down[1][6] == ""
    growth, decay = float(upside_down[0][5]), float(upside_down[1][5])
    assert growth > 0 and decay == pytest.approx(-growth, rel=1e-6)  # Hamiltonian: μ·(1/μ) = 1


def test_the_period_option_is_an_expression_of_the_parameters_as_periodo_is(run, tmp_path):
    by_number, by_expression = tmp_path / "n.csv", tmp_path / "e.csv"
    a = run("modes", "kapitza", "--set", "W=50", "--period", repr(2 * math.pi / 50), "--csv", str(by_number))
    b = run("modes", "kapitza", "--set", "W=50", "--period", "2*pi/W", "--csv", str(by_expression))
    assert a.returncode == b.returncode == 0, (a.stderr, b.stderr)
    assert by_expression.read_text(encoding="utf-8") == by_number.read_text(encoding="utf-8")  # W is --set's


def test_a_driven_model_whose_file_states_its_period_needs_no_period_option(run):
    r = run("modes", "kapitza", "--set", "W=50", "--lang", "en")
    assert r.returncode == 0, r.stderr
    assert f"{2 * math.pi / 50:.10g}" in r.stdout.splitlines()[1] and "unstable under the driving" in r.stdout


def test_a_mechanism_is_given_by_its_points_with_its_reactions_in_the_table_and_the_csv(run, tmp_path):
    out = tmp_path / "m.csv"
    r = run("modes", "pendulo_mecanismo", "--lang", "en", "--csv", str(out))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "  at P_x = 0, P_y = 0" in lines and "  reactions at rest: barra = 9.81" in lines
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == ["equilibrium", "kind", "Ep", "P_x", "P_y", "mode", "omega", "period", "v_P_x", "v_P_y",
                       "λ_barra"]
    assert rows[1][:5] == ["1", "stable", "0.0", "0.0", "0.0"] and float(rows[1][10]) == pytest.approx(9.81)
    assert float(rows[1][6]) == pytest.approx(math.sqrt(9.81), rel=1e-12)


def test_the_table_in_spanish(run):
    r = run("modes", str(MODELS / "ejercicios" / "soporte_acelerado.dat"), "--lang", "es")
    assert r.returncode == 0, r.stderr
    assert "marco estacionario" in r.stdout
    assert "equilibrio 1: estable" in r.stdout
    assert "equilibrio 2: inestable" in r.stdout


def test_a_family_is_said_once(run):
    r = run("modes", str(MODELS / "ejercicios" / "plano_inclinado.dat"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("equilibrium ") == 1
    assert "one point of a continuum of equilibria (a family) along (s = 1)" in r.stdout


@pytest.mark.parametrize("args, code, said", [
    (("modes", "pendulo_forzado"), 1, "give their period with --period T"),
    (("modes", str(MODELS / "ejercicios" / "plano_inclinado.dat"), "--set", "P=3"), 1, "no equilibrium"),
    (("modes", "cuadrilatero"), 1, "locked by DRIVER motor: no free motion"),
    (("modes", "pendulo_simple", "--period", "-1"), 2, "--period must be a positive number"),
    (("modes", "kapitza", "--period", "2*pi/WW"), 2, "did you mean 'W'"),
    (("modes", "kapitza", "--period", "2*("), 2, "--period:1:4"),
    (("modes", "pendulo_simple", "--set", "nope=1"), 2, "nope"),
    (("modes", "no_such_model"), 2, "no_such_model"),
])
def test_what_cannot_be_given_is_a_message_and_an_exit_code(run, args, code, said):
    r = run(*args)
    assert r.returncode == code
    assert said in r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""


def test_an_unwritable_csv_is_refused_before_any_work(run, tmp_path):
    r = run("modes", "pendulo_simple", "--csv", str(tmp_path / "missing" / "x.csv"))
    assert r.returncode == 2 and "--csv" in r.stderr


def test_bench_modes_times_every_shipped_model_and_the_chain():
    out = io.StringIO()
    bench_modes(out, chain=8)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Equilibria and modes")
    rows = {line.split()[0]: line for line in lines[2:]}
    assert "pendulo_triple" in rows and "8 equilibria" in rows["pendulo_triple"]
    assert "kapitza" in rows and "chain" in rows
    assert "256 equilibria" in lines[-1]  # 2⁸: every arm of the chain down or up
