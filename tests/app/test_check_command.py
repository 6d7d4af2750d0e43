"""`python main.py check`: the command line, called in-process with its streams."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass

import pytest
from model_texts import SLIDING
from project import ROOT

from game.app.cli import main


@dataclass
class Result:
    returncode: int
    stdout: str


@pytest.fixture
def run(capsys):
    def go(*args: str) -> Result:
        code = main(list(args))
        return Result(code, capsys.readouterr().out)

    return go


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
def test_the_window_command_says_so_when_there_is_no_display():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    r = subprocess.run([sys.executable, str(ROOT / "main.py")], capture_output=True, text=True, cwd=ROOT,
                       env=env, timeout=60)
    assert r.returncode == 2
    assert "no display to open the window on" in r.stdout


def test_show_code_prints_the_generated_functions(run):
    r = run("check", "--show-code", str(ROOT / "models" / "pendulo_simple.dat"))
    assert r.returncode == 0
    assert "# q0: coordinate a" in r.stdout and "def rhs(" in r.stdout and "def advance(" in r.stdout
    assert "1 model checked: all valid" in r.stdout
