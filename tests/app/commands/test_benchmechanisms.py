"""bench --mechanisms prints, per shipped mechanism, µs per substep plain and in machine code, and the
ratio to its Lagrangian counterpart where one exists."""

from __future__ import annotations

import io
import re

import pytest

from game.app.cli import main
from game.app.commands import benchmechanisms


@pytest.fixture(autouse=True)
def briefly(monkeypatch):
    monkeypatch.setattr(benchmechanisms, "BUDGETS", (0.01, 0.01))  # rough figures: what is printed is tested


def rows(text: str) -> dict[str, list[str]]:
    return {m.group(1): m.group(2).split() for m in re.finditer(r"^(\w+)\s+\d+\s+\d+\s+\d+\s+(.*)$", text, re.M)}


def test_bench_mechanisms_pairs_each_mechanism_with_its_counterpart(monkeypatch):
    monkeypatch.setattr(benchmechanisms, "COMPILING", 0.0)  # compiling is off in the suite: plain only
    out = io.StringIO()
    assert benchmechanisms.mechanisms_per_substep(
        quick=True, models=["pendulo_doble_mecanismo", "cuadrilatero", "pendulo_doble"], out=out) == 0
    text = out.getvalue()
    found = rows(text)
    assert set(found) == {"pendulo_doble_mecanismo", "cuadrilatero"}, text  # mechanisms only
    plain, machine, twin, twin_plain, twin_machine, ratio, ratio_machine, across = found["pendulo_doble_mecanismo"]
    assert twin == "pendulo_doble" and machine == twin_machine == ratio_machine == across == "—"
    assert float(ratio) == pytest.approx(float(plain) / float(twin_plain), rel=0.06, abs=0.06)
    assert found["cuadrilatero"][2] == "—" and float(found["cuadrilatero"][0]) > 0
    worst = re.search(r"worst ratio to the counterpart: machine code ([\d.]+), plain ([\d.]+)", text)
    assert worst is not None and float(worst.group(2)) == float(ratio)


def test_bench_mechanisms_times_the_machine_code_once_compiled(monkeypatch, request):
    pytest.importorskip("numba")
    from game.physics.lagrange import compiled

    folder = request.config.cache.mkdir("cenm-compiled")
    monkeypatch.setenv(compiled.SWITCH, "1")
    monkeypatch.setattr(compiled, "cache_folder", lambda: folder)
    out = io.StringIO()
    benchmechanisms.mechanisms_per_substep(quick=True, models=["pendulo_mecanismo"], out=out)
    row = rows(out.getvalue())["pendulo_mecanismo"]
    machine, twin, twin_machine, ratio_machine = row[1], row[2], row[4], row[6]
    assert twin == "pendulo_simple" and float(machine) > 0 and float(twin_machine) > 0
    assert float(ratio_machine) == pytest.approx(float(machine) / float(twin_machine), rel=0.06, abs=0.06)


def test_bench_mechanisms_is_a_flag_of_bench(capsys, monkeypatch):
    monkeypatch.setattr(benchmechanisms, "COMPILING", 0.0)
    assert main(["bench", "--mechanisms", "--quick", "--model", "pendulo_mecanismo"]) == 0
    assert "pendulo_simple" in capsys.readouterr().out
