"""`python main.py simulate` and `bench`: the command line, called in-process with its streams."""

from __future__ import annotations

import csv
import io
import math
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from model_texts import one_coordinate
from project import ROOT

from game.app.commands.bench import bench_engine
from game.physics.state import written_time


def test_main_py_runs_as_a_program(tmp_path):
    out = tmp_path / "simple.csv"
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "simulate", "pendulo_simple", "--seconds", "0.1",
                        "--csv", str(out)], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1 + 6


def test_csv_times_are_the_step_count_times_dt_without_drift(run, tmp_path):
    """Adding dt 2528 times gives 50.560000000002304: the CSV writes k·dt, as a person would."""
    out = tmp_path / "doble.csv"
    assert run("simulate", "pendulo_doble", "--seconds", "50.56", "--csv", str(out)).returncode == 0
    times = [row[0] for row in list(csv.reader(out.open(encoding="utf-8")))[1:]]
    assert len(times) == 2529 and times[-1] == "50.56" and times[3] == "0.06"
    assert times == [repr(float(f"{k * 0.02:.15g}")) for k in range(2529)]
    assert max(len(t) for t in times) <= 5  # no 0.30000000000000004


def test_csv_has_one_row_per_step_named_by_the_model(run, tmp_path):
    out = tmp_path / "doble.csv"
    r = run("simulate", "pendulo_doble", "--seconds", "1", "--csv", str(out))
    assert r.returncode == 0, r.stderr
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == ["t", "a1", "a2", "va1", "va2", "Ek", "Ep", "E", "DE"]
    assert len(rows) == 1 + 51  # t = 0, 0.02, …, 1.0
    first, last = [float(x) for x in rows[1]], [float(x) for x in rows[-1]]
    assert first[0] == 0 and first[1] == pytest.approx(math.pi / 2) and first[-1] == 0
    assert last[0] == pytest.approx(1.0)
    for row in rows[1:]:
        ek, ep, e = (float(x) for x in row[5:8])
        assert e == pytest.approx(ek + ep, abs=1e-12)


def test_set_overrides_parameters_and_conditions_with_expressions(run):
    r = run("simulate", "pendulo_simple", "--seconds", "0.02", "--set", "l=2·1", "--set", "a=pi/6", "--set", "va=-1/2")
    assert r.returncode == 0, r.stderr
    rows = list(csv.reader(io.StringIO(r.stdout)))
    _t, a, va, ek, ep = (float(x) for x in rows[1][:5])
    assert a == pytest.approx(math.pi / 6) and va == -0.5
    assert ek == pytest.approx(0.5 * 1 * 4 * 0.25)  # ½·m·l²·va² with l = 2
    assert ep == pytest.approx(-9.81 * 2 * math.cos(math.pi / 6))


def test_a_model_file_by_path_and_numeric_derivatives(run, tmp_path):
    p = tmp_path / "muelle.dat"
    p.write_text(one_coordinate("m", "½·m·vx²", "½·k·x²", params="<P>m|1|masa</P><P>k|4|rigidez</P>", x0="1"),
                 encoding="utf-8")
    r = run("simulate", str(p), "--seconds", "1", "--derivatives", "numeric")
    assert r.returncode == 0, r.stderr
    rows = list(csv.reader(io.StringIO(r.stdout)))
    t, x = float(rows[-1][0]), float(rows[-1][1])
    assert x == pytest.approx(math.cos(2 * t), abs=1e-8)  # ω = √(k/m) = 2


@pytest.mark.parametrize("args, words", [
    (("simulate", "no_such_model", "--seconds", "1"), "no model 'no_such_model'"),
    (("simulate", "pendulo_simple", "--seconds", "1", "--set", "zz=1"), "not a parameter or condition"),
    (("simulate", "pendulo_simple", "--seconds", "1", "--set", "m=2·"), "--set m:1:3: the expression ends"),
])
def test_errors_go_to_stderr_with_a_nonzero_exit(run, args, words):
    r = run(*args)
    assert r.returncode != 0 and r.stdout == ""
    assert words in r.stderr


def test_a_failing_simulation_stops_with_the_reason(run, tmp_path):
    p = tmp_path / "raiz.dat"
    p.write_text(one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="0.2", v0="-1"), encoding="utf-8")
    r = run("simulate", str(p), "--seconds", "5")
    assert r.returncode == 1
    assert "Ep cannot be computed" in r.stderr and "Ep = m·sqrt(x)" in r.stderr
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert all(float(row[1]) >= 0 for row in rows[1:])  # only good states were written


def test_bench_compares_the_engine_with_hand_written_code():
    out = io.StringIO()
    assert bench_engine(quick=True, models=["pendulo_doble"], out=out) == 0
    lines = out.getvalue().splitlines()
    speed = next(ln for ln in lines if ln.startswith("pendulo_doble ") and len(ln.split()) == 5)
    assert float(speed.split()[2].replace(",", "")) > 1000  # substeps per second of one state
    single = next(ln for ln in lines if ln.startswith("pendulo_doble ") and len(ln.split()) == 6)
    *_, ratio, same = single.split()
    assert float(ratio) > 0
    assert float(same) < 1e-9  # the generic engine and the textbook equations move alike


@pytest.mark.parametrize("model, title", [(None, "Péndulo triple"), ("pelota", "Pelota que rebota")])
def test_frame_bench_takes_real_frames(run, model, title):
    r = run("bench", "--frames", "--quick", *(["--model", model] if model else []))
    assert r.returncode == 0, r.stderr
    rows = {ln.split()[0]: [float(x) for x in ln.split()[1:]] for ln in r.stdout.splitlines()
            if ln.split() and ln.split()[0] in ("physics", "drawing", "total")}
    assert set(rows) == {"physics", "drawing", "total"}
    assert rows["physics"][0] > 0 and rows["drawing"][0] > 0
    assert rows["total"][0] >= rows["drawing"][0]  # a frame is more than its drawing
    assert "simulated 1.00 s in 60 frames" in r.stdout  # 1× speed: 60 frames of 1/60 s
    assert r.stdout.startswith(f"Frame times: {title}")
    if model is None:  # then the double pendulum with plots and an ensemble too
        assert "an ensemble of 50 copies" in r.stdout and "simulated 0.50 s in 30 frames" in r.stdout


def test_bench_measures_models_with_contacts_over_a_run(capsys):
    out = io.StringIO()
    assert bench_engine(quick=True, models=["cuna_newton"], out=out) == 0
    row = next(ln for ln in out.getvalue().splitlines() if ln.startswith("cuna_newton "))
    fields = row.split()
    assert float(fields[2].replace(",", "")) > 1000 and fields[3] == "—"  # no batch with contacts
    assert "4 contacts, 2 impacts" in row  # 2 s: the first ball in, the last out, and back


def test_bench_contacts_grows_the_box(run):
    r = run("bench", "--contacts", "--quick")
    assert r.returncode == 0
    rows = [ln.split() for ln in r.stdout.splitlines() if ln.split() and ln.split()[0].isdigit()]
    assert [(int(x[0]), int(x[1])) for x in rows] == [(2, 9), (5, 30), (10, 85)]  # balls, contacts
    assert all(float(x[3].replace(",", "")) > 100 for x in rows)  # substeps per second
    assert rows[1][7] == "—" and 0 < float(rows[2][7]) < 45  # 5 balls: no broad phase; 10: few of 45 pairs
    assert all(float(x[8]) > 0 for x in rows)  # × pymunk (a test dependency)


def test_bench_pile_times_balls_at_rest(run):
    r = run("bench", "--pile", "--quick")
    assert r.returncode == 0, r.stderr
    rows = [ln.split() for ln in r.stdout.splitlines() if ln.split() and ln.split()[0].isdigit()]
    assert [(int(x[0]), int(x[1])) for x in rows] == [(5, 30), (10, 85)]  # balls, contacts
    for balls, _, resting, wall, cpu, _, events, impacts, speed, moved, settling in rows:
        assert int(resting) >= int(balls)  # at least each ball on the floor
        assert float(wall) > 0 and float(cpu) > 0 and float(settling) > 0
        assert (int(events), int(impacts)) == (0, 0) and float(speed) < 1e-12 and float(moved) < 1e-12  # at rest


def test_measures_are_csv_columns_after_de(run, tmp_path):
    out = tmp_path / "tres.csv"
    assert run("simulate", "tres_cuerpos", "--seconds", "0.1", "--csv", str(out)).returncode == 0
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0][rows[0].index("DE"):] == ["DE", "px", "py", "Lz"]
    head = dict(zip(rows[0], map(float, rows[1])))
    lz = sum(mass * (head[f"x{b}"] * head[f"vy{b}"] - head[f"y{b}"] * head[f"vx{b}"])
             for mass, b in ((20, "s"), (2, "p"), (0.01, "l")))
    assert head["Lz"] == pytest.approx(lz, rel=1e-14)


#: a ball on a floor (a contact), with drag (a force: W) and a measure: every optional column
BALL_WITH_EVERYTHING = """<GENERAL>
dt=0.01
N=5
nQ=2
</GENERAL>
<PARAMETERS>
<P>m|2|masa</P>
<P>g|9.81|gravedad</P>
<P>r|0.2|radio</P>
</PARAMETERS>
<CIs>
<CI>x|0|x</CI>
<CI>y|1|y</CI>
<CI>vx|1|vx</CI>
<CI>vy|0|vy</CI>
</CIs>
<TMATRIX>
<T>0,0|'m'</T>
<T>1,1|'m'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·m·(vx² + vy²)</Ek>
<Ep>m·g·y</Ep>
</ENERGIES>
<CONTACTS>
<K>piso|'y - r'|'0.6'|'0.3'|'vx'</K>
</CONTACTS>
<MEASURES>
<M>px|'m·vx'|momento</M>
</MEASURES>
<FORCES>
<F>x|'-0.5·vx'|roce</F>
</FORCES>
<G>Blk|suelo|6|0.2|'0'|'-0.1'|'0'|'0'|'0'|'0'|0|-1</G>
<G>C|C1|r|'x'|'y'|'vx'|'vy'|1|-1|1</G>
"""


def test_the_manual_gives_the_csv_columns_in_the_order_simulate_writes_them(run, write_model):
    # SPEC §6 and §7.4: t, q, q̇, Ek, Ep, E, DE, then the rest, measures last; W and Eloss between
    header = run("simulate", str(write_model(BALL_WITH_EVERYTHING)), "--seconds", "0.01").stdout.splitlines()[0]
    assert header == "t,x,y,vx,vy,Ek,Ep,E,DE,W,Eloss,px"
    manual = (ROOT / "docs" / "manual.html").read_text(encoding="utf-8")
    assert f"<code>{header}</code>" in manual  # the example of the simulate section
    contacts = manual[manual.index('id="contactos"'):]
    contacts = contacts[:contacts.index("<h3")]
    assert "columna <code>Eloss</code> al final" not in contacts  # it is not the last with measures
    assert "antes de las <a href=\"#measures\">medidas</a>" in contacts


def simulate_here(*args, **kw):
    """simulate() in this process: (exit code, standard output, standard error)."""
    from game.app.commands.simulate import simulate

    out, err = io.StringIO(), io.StringIO()
    code = simulate(*args, out=out, err=err, **kw)
    return code, out.getvalue(), err.getvalue()


def test_simulate_says_how_many_substeps_a_run_means():
    code, out, err = simulate_here("pendulo_doble", 1.0, None, [], "exact")
    assert code == 0 and len(out.splitlines()) == 52
    assert err == "pendulo_doble.dat: 1 s = 50 steps of dt = 0.02 s × N = 20 = 1,000 RK4 substeps\n"


@pytest.mark.parametrize("seconds, words", [
    (1e7, "that would take about"),  # hours at any speed this machine has
    (1e12, "substeps are more than one run may compute"),
])
def test_simulate_refuses_what_would_take_hours(seconds, words):
    start = time.process_time()
    code, out, err = simulate_here("pendulo_doble", seconds, None, [], "exact")
    assert time.process_time() - start < 1.0
    assert code == 2 and out == ""
    plan, reason = err.splitlines()
    assert "steps of dt = 0.02 s × N = 20 =" in plan and words in reason and reason.startswith("error: ")


@pytest.fixture
def cli(run):
    """``run``, as (exit code, standard output, standard error), leaving the messages in English."""
    from game.messages import set_language

    def call(*args):
        r = run(*args)
        return r.returncode, r.stdout, r.stderr

    yield call
    set_language("en")


@pytest.mark.parametrize("seconds", ["inf", "nan", "-1"])
def test_seconds_must_be_a_finite_time(cli, seconds):
    code, out, err = cli("simulate", "pendulo_simple", "--seconds", seconds)
    assert code == 2 and out == ""
    assert err.startswith("error: --seconds must be a finite number of seconds from 0")


def test_exponents_are_accepted_in_set_and_in_model_files(tmp_path):
    p = tmp_path / "muelle.dat"
    text = one_coordinate("m", "½·m·vx²", "½·k·x²", params="<P>m|1e0|masa</P><P>k|4.0E+0|rigidez</P>", x0="1e-3",
                          dt="2e-2")
    p.write_text(text, encoding="utf-8")
    code, out, _ = simulate_here(str(p), 0.02, None, ["vx=-5e-4", "k=1.6e1"], "exact")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert [float(x) for x in rows[1][:3]] == [0.0, 1e-3, -5e-4]
    assert float(rows[1][4]) == pytest.approx(0.5 * 16 * 1e-6)  # Ep with k = 16


def test_simulate_speaks_spanish(cli):
    code, _, err = cli("simulate", "pendulo_simple", "--seconds", "1", "--lang", "es", "--set", "zz=1")
    assert code == 2
    assert err.startswith("error: --set zz: no es un parámetro ni una condición de este modelo")
    code, _, err = cli("simulate", "pendulo_simple", "--seconds", "1", "--lang", "es", "--set", "m=1e")
    assert code == 2 and err == "error: --set m:1:2: falta un operador entre '1' y 'e' (escriba 1·e)\n"


def test_bench_load_prints_the_chains():
    from contextlib import redirect_stdout

    from game.app.commands.bench import bench_load

    buffer = io.StringIO()
    with redirect_stdout(buffer):
        assert bench_load(quick=True) == 0
    lines = buffer.getvalue().splitlines()
    rows = [line.split() for line in lines[2:5]]
    assert [int(r[0]) for r in rows] == [5, 10, 20]
    for r in rows:  # wall-clock figures: only their shape here (tests/physics/test_chains.py checks the speed)
        assert float(r[5]) > 0 and float(r[6].replace(",", "")) > 0 and float(r[7]) > 0
        assert float(r[9]) > 0  # the generated module's size in kB
    assert [r[8] for r in rows] == ["generated", "generated", "numeric"]  # from BIG_MODEL = 18 links
    assert [line.split(":")[0] for line in lines[5:]] == ["N 5 → 10", "N 10 → 20"]  # how the costs grow
    assert all("load grows as N^" in line and "a substep's cost as N^" in line for line in lines[5:])


def test_a_model_that_cannot_start_is_located_as_check_locates_it(tmp_path):
    p = tmp_path / "raiz.dat"
    p.write_text(one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="0"), encoding="utf-8")
    code, out, err = simulate_here(str(p), 1.0, None, ["m=2"], "exact")
    assert code == 2 and out == ""
    assert err == f"{p}:21:5: the model cannot start: ∂L/∂x cannot be computed: division by zero at t=0 (x=0, vx=0)\n"


def test_soak_runs_the_kiosk_with_visitors_and_reports(capsys):
    from game.app.commands.soak import soak

    # 0.05 kiosk hours in frames of 0.5 s: the first visitor comes after a minute, plays, and leaves
    assert soak(0.05, frame_seconds=0.5, size="800x600") == 0
    out = capsys.readouterr().out
    assert "360 frames of 0.5 s = 0.05 kiosk hours" in out and "unhandled exceptions: 0" in out
    assert "visitor actions: " in out and "tap " in out
    assert "growth after warm-up: not measured: the run (0.05 kiosk h) was shorter than the warm-up (1 h)" in out
    assert "frame ms: p50" in out
    # the slowest frames, each with what the visitors were doing and on which model
    slowest = re.search(r"slowest frames: (.*)", out).group(1).split("; ")
    assert len(slowest) == 3 and all(re.fullmatch(r"\d+ ms at \d+\.\d\d h \((\w+), (\w+)\)", f) for f in slowest), slowest


# -- counts of one, and a file that cannot be written ---------------------------------------------

def test_one_step_and_one_substep_are_said_in_the_singular(cli, tmp_path):
    code, _, err = cli("simulate", "pendulo_doble", "--seconds", "0.02", "--lang", "es")
    assert code == 0 and err == "pendulo_doble.dat: 0.02 s = 1 paso de dt = 0.02 s × N = 20 = 20 subpasos de RK4\n"
    p = tmp_path / "uno.dat"
    p.write_text(one_coordinate("m", "½·m·vx²", "½·x²", n="1"), encoding="utf-8")
    code, _, err = cli("simulate", str(p), "--seconds", "0.01", "--lang", "es")
    assert code == 0 and err == "uno.dat: 0.01 s = 1 paso de dt = 0.01 s × N = 1 = 1 subpaso de RK4\n"
    code, _, err = cli("simulate", str(p), "--seconds", "0.01", "--lang", "en")
    assert code == 0 and err == "uno.dat: 0.01 s = 1 step of dt = 0.01 s × N = 1 = 1 RK4 substep\n"


def test_a_csv_that_cannot_be_written_is_refused_before_the_run(cli, tmp_path, monkeypatch):
    import game.app.commands.simulate as commands

    monkeypatch.setattr(commands, "Simulation", lambda *a, **k: pytest.fail("the model was built"))
    missing = tmp_path / "no_such_folder" / "z.csv"
    code, out, err = cli("simulate", "pendulo_doble", "--seconds", "1", "--csv", str(missing), "--lang", "es")
    assert code == 2 and out == "" and err == f"error: --csv {missing}: no existe la carpeta {missing.parent}\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="a device that is always full")
def test_a_csv_that_fails_while_it_is_written_is_said_in_one_line(cli):
    code, out, err = cli("simulate", "pendulo_doble", "--seconds", "1", "--csv", "/dev/full", "--lang", "es")
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.splitlines()[-1] == "error: no se puede escribir /dev/full: No space left on device"


def test_a_negative_length_is_warned_on_standard_error_as_the_window_warns(cli, tmp_path):
    from game.app.files import paths
    from game.app.files.settings import Settings
    from game.app.session.session import Session
    from game.model import read_catalog

    out = tmp_path / "z.csv"
    code, csv_out, err = cli("simulate", "pendulo_doble", "--seconds", "0.1", "--set", "L=-1", "--lang", "es")
    assert code == 0
    plan, warning = err.splitlines()
    assert plan.startswith("pendulo_doble.dat: 0.1 s = 5 pasos")
    window = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(language="es"))
    window.open("pendulo_doble")
    assert window.dialogs.apply_parameters({"L": "-1"}) is None and window.banner.cause == "negative"
    assert warning == f"aviso: {window.banner.text}" == (
        "aviso: La barra b1 tiene longitud negativa (-1): se dibuja invertida. Revise los parámetros.")
    # the CSV is the run's, warned of or not
    rows = list(csv.reader(io.StringIO(csv_out)))
    assert rows[0][:3] == ["t", "a1", "a2"] and len(rows) == 1 + 6
    code, _, err = cli("simulate", "pendulo_doble", "--seconds", "0.1", "--set", "L=-1", "--csv", str(out),
                       "--lang", "en")
    assert code == 0 and out.read_text(encoding="utf-8") == csv_out
    assert err.splitlines()[1:] == ["warning: The bar b1 has a negative length (-1): it is drawn inside out. "
                                    "Check the parameters."]


def test_an_absurd_duration_is_refused_in_a_line_people_can_read(cli):
    code, out, err = cli("simulate", "pendulo_doble", "--seconds", "1e300", "--lang", "en")
    assert code == 2 and out == ""
    assert "= 1e+303 RK4 substeps" in err and "error: 1e+303 substeps are more than one run may compute" in err
    assert max(len(line) for line in err.splitlines()) < 200  # not a count of 300 digits


def test_soak_refuses_a_window_size_as_screenshot_does(cli):
    code, _, err = cli("--lang", "en", "soak", "--hours", "0.01", "--size", "10x10")
    assert code == 2 and "Traceback" not in err
    assert err == "error: --size 10x10: the window is at least 640×400 and at most 16384×16384 pixels\n"


def test_a_costly_mechanism_is_measured_and_refused_before_it_runs(write_model, monkeypatch):
    # simulate measured only runs of more than 100,000 substeps: 300 points ran for minutes
    # silently. The largest mechanism allowed (30 points) costs ~1 ms a substep: 5,000 of them are
    # seconds; with an hour's limit made a second, that run is refused after measuring it
    import game.app.commands.simulate as commands
    from game.app.commands.bench import chain_text

    path = write_model(chain_text(30), "cadena30.dat")
    monkeypatch.setattr(commands, "MAX_RUN_SECONDS", 1.0)
    start = time.process_time()
    code, out, err = simulate_here(str(path), 10.0, None, [], "exact")  # 1,000 steps × N = 5
    assert time.process_time() - start < 1.0
    assert code == 2 and out == ""
    plan, reason = err.splitlines()
    assert plan.startswith("cadena30.dat: 10 s = 1,000 steps of dt = 0.01 s × N = 5 = 5,000 RK4 substeps (about ")
    assert "substeps/s)" in plan and reason.startswith("error: that would take about ")


def test_a_run_slower_than_its_estimate_is_estimated_again_and_stopped_past_the_bound(write_model, monkeypatch):
    # a 50-ball cradle was estimated from its first substeps, before the balls touch (11 minutes),
    # and would have run 2.3 hours: here, an estimate as wrong (none at all), an hour made a second
    # and the pace looked at after 0.2 s
    from model_texts import cradle

    import game.app.commands.simulate as commands

    path = write_model(cradle(50, 1), "cuna50.dat")
    monkeypatch.setattr(commands, "run_cost", lambda *a: (None, None))
    monkeypatch.setattr(commands, "MAX_RUN_SECONDS", 1.0)
    monkeypatch.setattr(commands, "PACE_AFTER", 0.2)
    code, out, err = simulate_here(str(path), 30.0, None, [], "exact")  # 1,500 steps: seconds of work
    assert code == 1 and "Traceback" not in err
    reason = err.splitlines()[-1]
    assert re.fullmatch(r"error: after 0\.\d+ s, [\d,]+ of 1,500 steps are done: at this pace the run would take "
                        r"about [\d.]+ s \(limit: 1\.0 s\); it stops here, with the rows so far; ask for fewer --seconds "
                        r"or lower N in the model", reason), reason
    rows = list(csv.reader(io.StringIO(out)))
    done = int(re.search(r"after .*?, ([\d,]+) of", reason)[1].replace(",", ""))
    assert len(rows) == 1 + 1 + done  # the header, t = 0 and every step done
    assert done < 750  # not the whole run: about a second's worth of it


def test_a_mechanism_run_says_how_long_it_will_take_and_measuring_changes_nothing(write_model, monkeypatch):
    import game.app.commands.simulate as commands
    from game.model import load_model
    from game.physics import Simulation

    # the redundant parallelogram: measuring took steps from its state, and chose its rows there
    monkeypatch.setattr(commands, "SAY_SECONDS", 0.0)  # every run says its estimate
    code, out, err = simulate_here("paralelogramo", 0.5, None, [], "exact")
    assert code == 0 and " RK4 substeps (about " in err
    sim = Simulation(load_model(Path(ROOT / "models" / "paralelogramo.dat")))
    rows = list(csv.reader(io.StringIO(out)))
    for row in rows[2:]:
        sim.step()
        t, *rest = sim.sample()  # the CSV writes t as k·dt, the rest as the engine has it
        assert [float(x) for x in row] == [written_time(t, sim.model.general.dt), *(float(v) for v in rest)]


# -- values that stop being numbers: the run stops with a message, the CSV holds only finite rows -----

def test_a_friction_that_makes_energy_at_rest_stops_the_run(run, write_model):
    # the block of bloque_friccion at rest on its floor, with a slip speed 1e200 times its own:
    # the friction impulse threw it at 6e198 m/s, Ek = inf, and the run went on to exit 0
    text = (Path(ROOT) / "models" / "bloque_friccion.dat").read_text(encoding="utf-8")
    text = text.replace("'mu'|'vx'|el piso", "'mu'|'1e200·vx'|el piso").replace("<CI>vx|3|", "<CI>vx|0|")
    r = run("simulate", str(write_model(text)), "--seconds", "1", "--lang", "en")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.splitlines()[-1].startswith(
        "error: the simulation stopped: Ek is no longer a finite number (inf) at t=0.02 (x=")
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert len(rows) == 2 and all(math.isfinite(float(v)) for v in rows[1])  # the start, nothing after it


#: Ep = sqrt(floor(x + 1/2)) leaves its domain at x < −1/2 while its derivative stays 0 there: the
#: steps (which use only the derivative) go on, a free motion x = 0.255 − t, and Ep itself fails
#: at the first step past t = 0.755
FLOOR = one_coordinate("m", "½·m·vx²", "sqrt(floor(x+0.5))", x0="0.255", v0="-1")


def test_an_energy_that_leaves_its_domain_where_its_derivative_does_not_is_said_with_its_place(run, write_model):
    path = write_model(FLOOR)
    line = FLOOR.splitlines().index("<Ep>sqrt(floor(x+0.5))</Ep>") + 1
    r = run("simulate", str(path), "--seconds", "2", "--lang", "en")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.splitlines()[-2:] == [
        "error: the simulation stopped: Ep cannot be computed: no real value here (outside the domain of a function, "
        "such as sqrt or log of a negative number or log of 0) at t=0.76 (x=-0.505, vx=-1)",
        f"  in {path}:{line}:5: Ep = sqrt(floor(x+0.5))"]
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert float(rows[-1][0]) == pytest.approx(0.75)  # the last good step is the last row


def test_a_picture_of_such_a_run_says_where_it_stopped(run, write_model, tmp_path):
    out = tmp_path / "floor.png"
    r = run("screenshot", str(write_model(FLOOR)), str(out), "--seconds", "2", "--lang", "en")
    assert r.returncode == 1 and "Traceback" not in r.stderr and out.exists()
    assert f"{out}: not at 2 s: " in r.stderr and "Ep cannot be computed" in r.stderr, r.stderr


def test_action_adds_s_after_de_and_is_refused_where_steps_cannot_be_replayed(cli):
    code, out, _ = cli("simulate", "resorte_horizontal", "--seconds", "0.04", "--action")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and rows[0] == ["t", "x", "vx", "Ek", "Ep", "E", "DE", "S"]
    s = [float(r[-1]) for r in rows[1:]]
    assert s[0] == 0.0 and s[2] < s[1] < 0  # the spring starts at rest: L = −Ep < 0
    code, out, err = cli("simulate", "pelota", "--seconds", "0.1", "--action")
    assert code == 2 and out == "" and "--action is not supported yet for pelota.dat" in err


def test_accelerations_are_the_last_columns_and_a_mechanisms_appell_function_after_them(run, tmp_path):
    out = tmp_path / "disco.csv"
    assert run("simulate", "disco_rodando", "--seconds", "0.1", "--accelerations", "--csv", str(out)).returncode == 0
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == ["t", "x", "th", "vx", "w", "Ek", "Ep", "E", "DE", "λ_roce", "a_x", "a_th"]
    a = 9.81 * math.sin(math.pi / 36) / 1.5  # g·sin α/(1 + I/m·r²), I = ½·m·r²
    for row in rows[1:]:
        assert abs(float(row[-2]) - a) < 1e-12 and abs(float(row[-1]) - a / 0.5) < 1e-12
    out = tmp_path / "mecanismo.csv"
    assert run("simulate", "pendulo_mecanismo", "--seconds", "0.1", "--accelerations", "--csv", str(out)).returncode == 0
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0][-3:] == ["a_P_x", "a_P_y", "Appell"]
    first = [float(x) for x in rows[1]]
    assert first[-2] == pytest.approx(-9.81) and first[-1] == pytest.approx(0.5 * 9.81 ** 2)  # let go at rest: a = g
