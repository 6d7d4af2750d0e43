"""What every command shares: a command line that cannot be carried out (:class:`UsageError`),
an output file refused before any work is done, a model found by name or path.

Messages come from :mod:`game.messages`, in the language the command line chose.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ...expr import ExpressionError, Location, canonical_name, parse
from ...messages import Count, Message, msg, text, thousands
from ...model import ModelFile, ModelFileError, load_model, read_catalog
from ..files import paths


class UsageError(Exception):
    """A command line that cannot be carried out; the message says why."""

    def __init__(self, reason: str | Message):
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return text(self.reason)


def check_output(path: str | Path, option: str) -> None:
    """Refuse at once an output file that could not be written (before any work is done):
    its folder must exist and be writable, and the path must not be a folder itself."""
    out = Path(path)
    folder = out.parent
    if not folder.is_dir():
        raise UsageError(msg("cmd.output_no_folder", option=option, path=str(path), folder=str(folder)))
    if out.is_dir():
        raise UsageError(msg("cmd.output_is_folder", option=option, path=str(path)))
    if not os.access(folder, os.W_OK | os.X_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise UsageError(msg("cmd.output_not_writable", option=option, path=str(path), folder=str(folder)))
    if os.stat(folder).st_dev in _kernel_filesystems():
        raise UsageError(msg("cmd.output_kernel", option=option, path=str(path), folder=str(folder)))


def _kernel_filesystems() -> set[int]:
    """The devices of /proc and /sys: their files are the kernel's settings and views, not
    files (root may write them, and what is written there changes the system)."""
    found = set()
    for place in ("/proc", "/sys"):
        with contextlib.suppress(OSError):
            found.add(os.stat(place).st_dev)
    return found


def write_failed(path: str | Path, exc: OSError) -> Message:
    """Why ``path`` could not be written, in one line."""
    return msg("cmd.error", reason=msg("cmd.cannot_write", path=str(path), reason=exc.strerror or str(exc)))


def find_model(name: str) -> Path:
    """A model by catalog name (file, stem or title) or by path to a .dat file."""
    candidate = Path(name)
    if candidate.suffix == ".dat" and candidate.is_file():
        return candidate
    try:
        catalog = read_catalog(paths.CATALOG, paths.MODELS)
    except ModelFileError as exc:
        raise UsageError(msg("cmd.catalog_unreadable", problems=str(exc))) from None
    entry = catalog.find(name)
    if entry is None:
        known = ", ".join(e.stem for e in catalog.entries)
        raise UsageError(msg("cmd.no_model", name=name, catalog=paths.CATALOG.name, known=known))
    return entry.path


def model_named(name: str, err: TextIO) -> tuple[Path, ModelFile] | None:
    """The model a command was asked for, read and checked; None once a broken file is said on ``err``
    (file, line, column and what is wrong)."""
    path = find_model(name)
    try:
        return path, load_model(path)
    except ModelFileError as exc:
        print(exc, file=err)
        return None


def parse_settings(model: ModelFile, settings: Sequence[str]):
    """``NAME=EXPR`` pairs split into parameter and condition overrides."""
    params = {p.name for p in model.parameters}
    conds = {c.name for c in model.conditions}
    p_over, c_over = {}, {}
    for item in settings:
        if "=" not in item:
            raise UsageError(msg("cmd.set_syntax", item=item))
        name, expression = (s.strip() for s in item.split("=", 1))
        name = canonical_name(name)
        try:
            expr = parse(expression, Location(f"--set {name}", 1, 1))
        except ExpressionError as exc:
            raise UsageError(str(exc)) from None
        if name in params:
            p_over[name] = expr
        elif name in conds:
            c_over[name] = expr
        else:
            raise UsageError(msg("cmd.set_unknown", name=name, parameters=", ".join(sorted(params)),
                                 conditions=", ".join(c.name for c in model.conditions)))
    return p_over, c_over


@dataclass(frozen=True)
class Bounds:
    """What a numeric flag may be: from ``low`` (or above it, if ``above``) to ``high``."""

    low: float
    high: float
    whole: bool = False
    above: bool = False

    def holds(self, value: float) -> bool:
        if not math.isfinite(value) or not value <= self.high:
            return False
        return value > self.low if self.above else value >= self.low


#: the numeric flags of every command not checked by the command itself (simulate's and screenshot's
#: --seconds and chaosmap's --grid, --seconds, --dt and --substeps are, with words of their own), by (command,
#: flag): each is checked before any work, so that none runs for days, eats the memory or
#: answers with an empty table
FLAGS: dict[tuple[str, str], Bounds] = {
    ("chaosmap", "jobs"): Bounds(1, 1024, whole=True),
    ("bench", "after"): Bounds(0, 3600),
    ("bench", "trail_points"): Bounds(100, 1_000_000, whole=True),
    ("soak", "hours"): Bounds(0, 1000, above=True),
    ("soak", "frame_seconds"): Bounds(0.01, 10),
}


def check_flags(command: str | None, values: Mapping[str, object]) -> None:
    """Refuse a numeric flag of ``command`` out of its :data:`FLAGS` range (given, not left out)."""
    for (owner, name), bounds in FLAGS.items():
        value = values.get(name)
        if owner != command or value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if not bounds.holds(value):
            key = "cmd.flag_whole" if bounds.whole else "cmd.flag_above" if bounds.above else "cmd.flag_range"
            raise UsageError(msg(key, option="--" + name.replace("_", "-"), value=_said(value),
                                 low=_said(bounds.low), high=_said(bounds.high)))


def _said(value: float) -> str | Count:
    return thousands(int(value)) if float(value).is_integer() and abs(value) < 1e15 else f"{value:g}"


def catalog_stems(names: Sequence[str], also: Sequence[str] = (), files: bool = False) -> list[str]:
    """``--model`` names of ``bench`` as the stems of the menu's models (a title or a file name
    gives its stem; ``also``: names a bench knows besides; ``files``: a model file's path is taken as
    it is, for the benches that open the window, which opens any file); an unknown one is refused, not
    measured as an empty table."""
    try:
        catalog = read_catalog(paths.CATALOG, paths.MODELS)
    except ModelFileError as exc:
        raise UsageError(msg("cmd.catalog_unreadable", problems=str(exc))) from None
    stems = []
    for name in names:
        entry = catalog.find(name)
        if entry is None and files and name.endswith(".dat") and Path(name).is_file():
            stems.append(name)
            continue
        if entry is None and name not in also:
            known = ", ".join([*(e.stem for e in catalog.entries), *also])
            raise UsageError(msg("cmd.no_bench_model", name=name, known=known))
        stems.append(name if entry is None else entry.stem)
    return stems
