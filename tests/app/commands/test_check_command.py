"""`python main.py check`: the command line, called in-process with its streams."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from model_texts import SLIDING
from project import ROOT


def test_check_passes_on_the_shipped_library(run):
    r = run("check")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "all valid" in r.stdout


def test_check_names_file_line_column_of_a_broken_model(run, tmp_path):
    bad = tmp_path / "roto.dat"
    bad.write_text(SLIDING.replace("-mgl·cos(a)", "-mgll·cos(a)"), encoding="utf-8")
    good = tmp_path / "bien.dat"
    good.write_text(SLIDING, encoding="utf-8")
    r = run("check", str(good), str(bad))
    assert r.returncode == 1
    assert f"{bad}:30:6: unknown name 'mgll'" in r.stdout
    assert "bien.dat" not in r.stdout
    r = run("check", str(good))
    assert r.returncode == 0


def test_check_reports_a_catalog_with_a_missing_file(run, tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "a.dat").write_text(SLIDING, encoding="utf-8")
    xml = tmp_path / "models.xml"
    xml.write_text("<MODELS><MODEL><FILE>a.dat</FILE><TITLE>A</TITLE></MODEL>\n"
                   "<MODEL><FILE>zz.dat</FILE><TITLE>Z</TITLE></MODEL></MODELS>", encoding="utf-8")
    r = run("check", str(xml))
    assert r.returncode == 1
    assert f"{xml}:2:14: listed model file 'zz.dat' does not exist" in r.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL only falls back to no display on Linux")
def test_the_window_command_says_so_when_there_is_no_display(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["CENM_HOME"] = str(tmp_path)  # nothing remembered from elsewhere: the environment's language
    env.update(LANG="es_MX.UTF-8", LC_ALL="", LC_MESSAGES="")
    r = subprocess.run([sys.executable, str(ROOT / "main.py")], capture_output=True, text=True, cwd=ROOT,
                       env=env, timeout=60)
    assert r.returncode == 2
    assert "no hay una pantalla donde abrir la ventana" in r.stdout
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--lang", "en"], capture_output=True, text=True,
                       cwd=ROOT, env=env, timeout=60)
    assert r.returncode == 2 and "no display to open the window on" in r.stdout
    r = subprocess.run([sys.executable, str(ROOT / "main.py")], capture_output=True, text=True, cwd=ROOT,
                       env={**env, "LANG": "C.UTF-8"}, timeout=60)
    assert r.returncode == 2 and "no display to open the window on" in r.stdout


def test_show_code_prints_the_generated_functions(run):
    r = run("check", "--show-code", str(ROOT / "models" / "pendulo_simple.dat"))
    assert r.returncode == 0
    assert "# q0: coordinate a" in r.stdout and "def rhs(" in r.stdout and "def advance(" in r.stdout
    assert "1 model checked: valid" in r.stdout


def test_check_takes_a_model_of_the_menu_by_name_as_simulate_does(run):
    r = run("check", "--show-code", "pendulo_simple")
    assert r.returncode == 0 and "def rhs(" in r.stdout and "1 model checked: valid" in r.stdout
    r = run("check", "no_such_model")
    assert r.returncode == 1 and "no_such_model:1:1: cannot read the file" in r.stdout


def test_hostile_files_end_in_located_messages_never_a_traceback(run, tmp_path):
    # one of each kind at once, as a teacher's folder of downloads would hold them
    from model_texts import one_coordinate

    base = one_coordinate("m", "½·m·vx²", "½·x²")
    files = {
        "parentesis.dat": base.replace("<P>m|1|", "<P>m|" + "(" * 10_000 + "1" + ")" * 10_000 + "|"),
        "indice.dat": base.replace("<T>0,0|", "<T>" + "9" * 5000 + ",0|"),
        "log.dat": base.replace("½·x²", "log(x)"),
        "raiz.dat": base.replace("½·x²", "sqrt(x)"),
        "torre.dat": base.replace("½·x²", "9^9^9^9·x"),
        "pasos.dat": base.replace("N=10", "N=100000000000000000000"),
        "escala.dat": base.replace("escala=100", "escala=0"),
        "origen.dat": base.replace("Ox=0", "Ox=" + "9" * 400),
        "grafico.dat": base.replace("<G>C|C1|0.1|", "<G>C|C1|sqrt(-1)|"),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    r = run("check", *sorted(str(tmp_path / name) for name in files))
    assert r.returncode == 1 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines[-1] == f"{len(files)} problems in {len(files)} files"
    for name in files:
        assert sum(line.startswith(f"{tmp_path / name}:") for line in lines) == 1, (name, r.stdout)


def test_duplicates_in_the_catalog_are_warnings_with_their_lines(run, tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "a.dat").write_text(SLIDING, encoding="utf-8")
    (tmp_path / "models" / "b.dat").write_text(SLIDING, encoding="utf-8")
    xml = tmp_path / "models.xml"
    xml.write_text("<MODELS>\n<MODEL><FILE>a.dat</FILE><TITLE>A</TITLE></MODEL>\n"
                   "<MODEL><FILE>b.dat</FILE><TITLE>B</TITLE></MODEL>\n"
                   "<MODEL><FILE>a.dat</FILE><TITLE>A otra vez</TITLE></MODEL>\n"
                   "<MODEL><FILE>b.dat</FILE><TITLE>A</TITLE></MODEL>\n</MODELS>", encoding="utf-8")
    r = run("check", str(xml))
    assert r.returncode == 0, r.stdout
    assert f"{xml}:4:14: warning: 'a.dat' is listed again (first at line 2)" in r.stdout
    assert f"{xml}:5:14: warning: 'b.dat' is listed again (first at line 3)" in r.stdout
    assert r.stdout.splitlines()[-1] == "2 models checked: all valid (2 warnings)"


def test_check_speaks_the_users_language(run, tmp_path):
    bad, scale = tmp_path / "roto.dat", tmp_path / "escala.dat"
    bad.write_text(SLIDING.replace("-mgl·cos(a)", "-mgll·cos(a)"), encoding="utf-8")
    scale.write_text(SLIDING.replace("escala=90", "escala=-1"), encoding="utf-8")
    spanish = run("check", "--lang", "es", str(bad), str(scale))
    assert f"{scale}:2:8: escala debe ser un número positivo de píxeles por unidad, no -1" in spanish.stdout
    assert f"{bad}:30:6: nombre desconocido 'mgll' (Ep puede usar parámetros, coordenadas y t) — ¿quiso decir 'mgl'?" \
        in spanish.stdout
    assert spanish.stdout.splitlines()[-1] == "2 problemas en 2 archivos"
    env = {**os.environ, "LANG": "es_MX.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    from_env = subprocess.run([sys.executable, str(ROOT / "main.py"), "check", str(bad), str(scale)],
                              capture_output=True, text=True, cwd=ROOT, env=env)
    assert from_env.stdout == spanish.stdout


def test_screenshot_refuses_a_model_it_cannot_draw_with_its_reason(run, tmp_path):
    from model_texts import one_coordinate

    bad = tmp_path / "grafico.dat"
    bad.write_text(one_coordinate("m", "½·m·vx²", "½·x²").replace("<G>C|C1|0.1|'x'|", "<G>C|C1|0.1|'log(x)'|"),
                   encoding="utf-8")
    out = tmp_path / "shot.png"
    r = run("screenshot", str(bad), str(out))
    assert r.returncode == 2 and not out.exists() and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"{bad}:24:13: x of 'C1' cannot be computed at the initial conditions: no real value")


def test_one_model_checked_is_said_in_the_singular(run):
    r = run("check", str(ROOT / "models" / "pendulo_simple.dat"), "--lang", "es")
    assert r.returncode == 0 and r.stdout == "1 modelo revisado: válido\n"
    r = run("check", str(ROOT / "models" / "pendulo_simple.dat"), str(ROOT / "models" / "pendulo_doble.dat"),
            "--lang", "es")
    assert r.returncode == 0 and r.stdout == "2 modelos revisados: todos válidos\n"


def test_a_fifo_or_a_device_is_refused_at_once_not_waited_for(run, tmp_path):
    # `mkfifo f.dat; check f.dat` waited for a writer forever
    from fifos import fifo

    with fifo(tmp_path / "f.dat") as f:
        r = run("check", str(f), "/dev/null")
    assert r.returncode == 1 and r.stderr == ""
    assert r.stdout.splitlines() == [
        f"{f}:1:1: not a file but a pipe, a device or a socket: only files are read",
        "/dev/null:1:1: not a file but a pipe, a device or a socket: only files are read",
        "2 problems in 2 files"]
