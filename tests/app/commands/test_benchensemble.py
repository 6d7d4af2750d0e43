"""bench --ensemble prints, per model, what fifty copies cost against one."""

from __future__ import annotations

import io
import re

import pytest

from game.app.cli import main


def test_bench_ensemble_prints_a_ratio_per_model(capsys):
    from game.app.commands.benchensemble import bench_ensemble

    out = io.StringIO()
    assert bench_ensemble(quick=True, models=["cuadrilatero", "pelota", "pendulo_doble"], out=out) == 0
    text = out.getvalue()
    rows = {m.group(1): (m.group(2), float(m.group(3)), float(m.group(4)), float(m.group(5)))
            for m in re.finditer(r"^(\w+)\s+(\S+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", text, re.M)}
    floors = dict(re.findall(r"^(\w+)\s+\S+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+(\S+)", text, re.M))
    # the floor is for copies that are the generated loop: 50 of them cost more than one, never nothing
    assert floors["cuadrilatero"] == floors["pelota"] == "—" and float(floors["pendulo_doble"]) > 0
    assert set(rows) == {"cuadrilatero", "pelota", "pendulo_doble"}, text
    assert rows["cuadrilatero"][0] == "mechanism" and rows["pelota"][0] == "lagrangian+c"
    for _, one, many, ratio in rows.values():
        assert one > 0 and many > 0
        assert ratio == pytest.approx(many / one, rel=0.05, abs=0.06)  # the printed figures are rounded
    worst = float(re.search(r"worst ratio ([\d.]+)", text).group(1))
    assert worst == max(r[3] for r in rows.values())


def test_bench_ensemble_is_a_flag_of_bench(capsys):
    assert main(["bench", "--ensemble", "--quick", "--model", "pendulo_simple"]) == 0
    assert "pendulo_simple" in capsys.readouterr().out
