"""What every command shares: a command line that cannot be carried out (:class:`UsageError`),
an output file refused before any work is done, a model found by name or path.

Messages come from :mod:`game.messages`, in the language the command line chose.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ...expr import ExpressionError, Location, canonical_name, parse
from ...messages import Message, msg, text
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
