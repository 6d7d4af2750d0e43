"""bench --compiled prints issue 33's ratios in one run."""

from __future__ import annotations

import io
import re

import pytest

from game.physics.lagrange import compiled

pytest.importorskip("numba")


def test_bench_compiled_prints_each_ratio_against_its_goal(monkeypatch, request):
    from game.app.commands.benchcompiled import bench_compiled

    folder = request.config.cache.mkdir("cenm-compiled")
    monkeypatch.setenv(compiled.SWITCH, "1")
    monkeypatch.setattr(compiled, "cache_folder", lambda: folder)
    out = io.StringIO()
    assert bench_compiled(quick=True, out=out) == 0
    text = out.getvalue()
    rows = [line for line in text.splitlines() if re.search(r"\d+\.\d\d\s+≥ [\d.]+$", line)]
    assert len(rows) == 4, text
    for label in ("1 step of dt a call", "10 steps of dt a call", "batch of 2,000", "chaosmap 64²"):
        assert any(label in row for row in rows), text
    assert "native code ready" in text and "agree on which cells flip in 100.0%" in text
