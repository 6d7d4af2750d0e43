"""Writing a model back: only the named value cells change, every other byte stays."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from model_texts import SLIDING

from game.expr import evaluate, parse
from game.model import read_model
from game.model.writer import decimal, replace_values


def test_only_the_value_cells_change_and_bom_and_crlf_stay(tmp_path):
    text = SLIDING.replace("<P>m|1|masa pendular</P>", "<P>m| 1 |masa pendular|en: bob's mass</P>  # comment")
    raw = b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")
    path = tmp_path / "m.dat"
    path.write_bytes(raw)
    model = read_model(path)
    out = replace_values(raw, model, {"m": "2.5", "a": "0.25", "va": "-1"})
    assert out.startswith(b"\xef\xbb\xbf") and out.count(b"\r\n") == raw.count(b"\r\n")
    before, after = raw.decode("utf-8-sig").split("\r\n"), out.decode("utf-8-sig").split("\r\n")
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert changed == [("<P>m| 1 |masa pendular|en: bob's mass</P>  # comment",
                        "<P>m| 2.5 |masa pendular|en: bob's mass</P>  # comment"),
                       ("<CI>a|pi/8|ángulo de la barra</CI>", "<CI>a|0.25|ángulo de la barra</CI>"),
                       ("<CI>va|0|velocidad angular de la barra</CI>", "<CI>va|-1|velocidad angular de la barra</CI>")]
    again = read_model(path, out.decode("utf-8-sig"))
    assert [c.value.text for c in again.conditions] == ["0", "0.25", "0", "-1"]


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12))
def test_a_decimal_reads_back_exactly(value):
    text = decimal(value)
    assert "e" not in text.lower()
    assert evaluate(parse(text).tree, {}) == value or (value == 0 and math.copysign(1, value) < 0)


@pytest.mark.parametrize("value, text", [(0.0, "0"), (3.0, "3"), (0.1, "0.1"), (-2.5e-7, "-0.00000025")])
def test_decimals_are_short(value, text):
    assert decimal(value) == text
