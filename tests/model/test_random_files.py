"""Random model *files* — blocks, rows, fields and bytes cut, repeated, swapped and replaced
with hostile values — make ``check`` end in its own located errors or in success, every
time, within a time bound per file (issue 14)."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from model_texts import SLIDING, one_coordinate

from game.app.bench import chain_text as mechanism_chain_text
from game.app.bench import pendulum_chain_text
from game.app.commands import model_problems
from game.expr import SourceError

VALID = [SLIDING, one_coordinate("m", "½·m·vx²", "½·k·x²", params="<P>m|1|masa</P><P>k|4|k</P>"), pendulum_chain_text(2),
         mechanism_chain_text(2)]

#: What a stranger's file might hold in a field.
HOSTILE = [
    "", "(", ")", "'", "''", "'x", "((" * 40 + "1" + "))" * 40, "-" * 80 + "1", "2^" * 80 + "2", "9^9^9^9",
    "1e400", "1e-400", "9" * 400, "0", "-1", "1e-9", "1e9", "1/0", "0/0", "sqrt(-1)", "log(0)", "log(x)",
    "asin(2)", "x", "vx", "a", "va", "t", "pi", "π", "µ", "Obj[b0,_xf]", "Obj[B1,_k]", "Obj[zz,_x]",
    "Obj[C1,_y]", "__import__('os')", "a.b", "x[0]", "min(1)", "max(x, vx, 1)", "atan2(0, 0)", "sgn(x)",
    "1,2", "0,0", "5,5", "99999999999999,0", "nan", "inf", "1 2", "·", "²", "½", "x²⁻", "\t", "Bar", "C", "-1",
    "+".join(["x"] * 300), "·".join(["cos(x)"] * 100),
]

#: Rows that might turn up anywhere.
ROWS = [
    "<P>p|1|x</P>", "<P>x|2|dup</P>", "<CI>z|0|z</CI>", "<T>0,0|'1'</T>", "<T>1,0|'0'</T>", "<T>7,7|'1'</T>",
    "<Ek>½·vx²</Ek>", "<Ep>x</Ep>", "<F>x|'-vx'|f</F>", "<F>q|'1'|f</F>", "<G>C|C9|0.1|'x'|'0'|'0'|'0'|1|-1|1</G>",
    "<G>Spr|S|1|0.1|'0'|'0'|'x'|'1'|-1</G>", "<G>Bar|B|0.1|'1'|Obj[S,_xf]|'0'|'x'|'0'|'0'|'0'|1|S</G>",
    "<GENERAL>", "</GENERAL>", "<PARAMETERS>", "</CIs>", "<TMATRIX>", "<ENERGIES>", "</ENERGIES>", "<FORCES>",
    "<MODELS>", "<!ENTITY x SYSTEM 'file:///etc/passwd'>", "nQ=3", "N=1e9", "dt=0", "escala=-1", "Ox=1e999",
    "# comment", "texto suelto", "<P>", "</P>", "<G>", "|||||",
]

line_edits = st.one_of(
    st.tuples(st.just("field"), st.integers(0, 10**6), st.integers(0, 20), st.sampled_from(HOSTILE)),
    st.tuples(st.just("field"), st.integers(0, 10**6), st.integers(0, 20), st.text(max_size=12)),
    st.tuples(st.just("delete"), st.integers(0, 10**6)),
    st.tuples(st.just("repeat"), st.integers(0, 10**6), st.integers(1, 4)),
    st.tuples(st.just("swap"), st.integers(0, 10**6), st.integers(0, 10**6)),
    st.tuples(st.just("insert"), st.integers(0, 10**6), st.sampled_from(ROWS)),
    st.tuples(st.just("setting"), st.sampled_from(["escala", "Ox", "Oy", "dt", "N", "nQ"]),
              st.sampled_from(["0", "-1", "1e9", "1e-9", "2.5", "1e400", "61", "10000", "x", ""])),
)
byte_edits = st.one_of(
    st.tuples(st.just("bytes"), st.integers(0, 10**6), st.binary(min_size=1, max_size=6)),
    st.tuples(st.just("cut"), st.integers(0, 10**6)),
)


def edit(text: str, edits: list) -> str:
    lines = text.split("\n")
    for e in edits:
        kind = e[0]
        if kind == "setting":
            lines = [f"{e[1]}={e[2]}" if ln.split("=")[0].strip() == e[1] else ln for ln in lines]
            continue
        k = e[1] % len(lines) if lines else 0
        if kind == "field" and lines:
            cells = lines[k].split("|")
            cells[e[2] % len(cells)] = e[3]
            lines[k] = "|".join(cells)
        elif kind == "delete" and lines:
            del lines[k]
        elif kind == "repeat" and lines:
            lines[k:k + 1] = [lines[k]] * (e[2] + 1)
        elif kind == "swap" and lines:
            j = e[2] % len(lines)
            lines[k], lines[j] = lines[j], lines[k]
        elif kind == "insert":
            lines.insert(k, e[2])
    return "\n".join(lines)


def mangle(data: bytes, edits: list) -> bytes:
    for kind, i, *rest in edits:
        at = i % (len(data) + 1)
        data = data[:at] + rest[0] + data[at:] if kind == "bytes" else data[:at]
    return data


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(VALID), st.lists(line_edits, max_size=6), st.lists(byte_edits, max_size=2))
def test_check_ends_in_its_own_errors_or_success_for_any_file(tmp_path, base, edits, damage):
    path = tmp_path / "azar.dat"
    path.write_bytes(mangle(edit(base, edits).encode("utf-8"), damage))
    start = time.process_time()
    model, problems = model_problems(path)  # read, validate, build and draw at t = 0, as check does
    assert time.process_time() - start < 2.0
    assert (model is None) == bool(problems) or problems  # no model without a reason
    for p in problems:
        assert isinstance(p, SourceError)
        place, _, message = str(p).partition(": ")
        file, line, column = place.rsplit(":", 2)
        assert file == str(path) and int(line) >= 1 and int(column) >= 1 and message
