"""Writing a model back: the file's own text with only some value cells replaced.

"Save as model" keeps everything a teacher wrote — blocks, comments, spacing, expressions,
descriptions in every language, line ends, a BOM — and replaces only the value cells of the
parameters and conditions whose values changed. The reader gives each value's place
(line and column of the cell's text), so no second parser is needed here.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from .reader import decode
from .types import Definition, ModelFile


def decimal(value: float) -> str:
    """The shortest plain decimal that reads back as exactly ``value`` (no exponent: CenM files
    have none)."""
    return np.format_float_positional(float(value), unique=True, trim="-")


def replace_values(raw: bytes, model: ModelFile, values: Mapping[str, str]) -> bytes:
    """``raw`` (the bytes of the file ``model`` was read from) with the value cell of each named
    parameter or condition replaced by the text in ``values``; every other byte as it was."""
    text = decode(raw, model.path)
    crlf = b"\r\n" in raw
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    edits = []
    for d in (*model.parameters, *model.conditions):
        if d.name in values:
            edits.append(_edit(d, values[d.name], text, starts))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    if crlf:
        text = text.replace("\n", "\r\n")
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    return bom + text.encode("utf-8")


def _edit(d: Definition, new: str, text: str, starts: list[int]) -> tuple[int, int, str]:
    loc = d.value.location
    start = starts[loc.line - 1] + loc.column - 1
    old = d.value.text
    if text[start:start + len(old)] != old:  # the reader's places are exact: this is a bug, not bad input
        raise ValueError(f"{loc}: the value of {d.name} is not where the reader put it")
    quoted = old.startswith("'") and old.endswith("'") and len(old) >= 2
    return start, start + len(old), f"'{new}'" if quoted else new
