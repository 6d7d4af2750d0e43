"""The user's own files: models saved from the window ("Mis modelos") and the small state
remembered between runs (last model, language, speed). No pygame here.

A saved model is the file it came from with only the changed values replaced
(:func:`game.model.writer.replace_values`): a parameter the user typed keeps the
expression typed; a condition keeps the file's expression while it still gives the
present value (to 1e-12), else the present value is written as a plain decimal that
reads back exactly.

Nothing is written that cannot be read back: the new text is read, checked and built as the
menu (and ``check``) will do it first, and a refusal is returned instead (a velocity of 1e300
whose energy overflows, expressions that add up past the reader's limits).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from ...expr import ExpressionError, Location, SourceError
from ...expr.parser import unquote
from ...model import CatalogEntry, ModelFileError, condition_values, load_model
from ...model.reader import decode
from ...model.writer import decimal, replace_values
from ...physics import Simulation
from .writing import write_file

#: a saved model's name: letters, digits, spaces, - and _ (it becomes the file's name)
NAME = re.compile(r"\w[\w\- ]{0,59}")


def changed_values(sim: Simulation) -> dict[str, str]:
    """The value cells to write: the parameters the user changed, and the conditions (the
    present coordinates and velocities) that the file's expressions no longer give."""
    model = sim.model
    out: dict[str, str] = {}
    for p in model.parameters:
        typed = sim.parameter_overrides.get(p.name)
        if typed is not None and unquote(typed.text)[0].strip() != unquote(p.value.text)[0].strip():
            out[p.name] = unquote(typed.text)[0].strip()
    try:
        from_file = condition_values(model, sim.parameters)
    except (ExpressionError, ArithmeticError):
        from_file = {}
    for name, value in sim.values().items():
        old = from_file.get(name, math.nan)
        if not abs(old - value) <= 1e-12 * max(1.0, abs(value)):
            out[name] = decimal(value)
    return out


def model_text(raw: bytes, sim: Simulation) -> bytes:
    """The bytes of a new model file: ``raw`` (what ``sim``'s model was read from) with the
    present parameters and conditions."""
    return replace_values(raw, sim.model, changed_values(sim))


@dataclass(frozen=True)
class Saved:
    #: the file written, or None
    path: Path | None = None
    #: why nothing was written ("exists": a file of that name is there; ask before replacing;
    #: "unreadable": the text would be refused when read back, for ``refusal``)
    problem: str | None = None
    #: the first problem the reader or the build would find in the text, place and reason
    refusal: SourceError | None = None


def save(folder: Path, name: str, raw: bytes, sim: Simulation, overwrite: bool = False) -> Saved:
    """Write the present model as ``folder/name.dat``; never over an existing file unless
    ``overwrite``. The new file is read and checked before it is written."""
    name = name.strip()
    if not NAME.fullmatch(name):
        return Saved(problem="name")
    if sim.model.mechanism is not None:
        # its POINT rows are assembled and its drivers depend on t: a state cannot be written back yet
        return Saved(problem="mechanism")
    path = folder / f"{name}.dat"
    if path.exists() and not overwrite:
        return Saved(problem="exists")
    data = model_text(raw, sim)
    refusal = read_back(path, data)
    if refusal is not None:
        return Saved(problem="unreadable", refusal=refusal)
    folder.mkdir(parents=True, exist_ok=True)
    write_file(path, data)
    return Saved(path)


def read_back(path: Path, data: bytes) -> SourceError | None:
    """The first problem the menu would find opening ``data`` as ``path``: the same reader, checks
    and build as ``check`` (:func:`game.app.files.opening.build`); None when it opens."""
    from .opening import build

    try:
        model = load_model(path, decode(data, str(path)))
    except ModelFileError as exc:
        return exc.problems[0] if exc.problems else SourceError(str(exc), Location(str(path)))
    problems = build(model)
    return problems[0] if problems else None


def free_name(folder: Path, stem: str) -> str:
    """A name not yet used in ``folder``: ``stem 2``, ``stem 3`` …"""
    for i in range(2, 10_000):
        name = f"{stem} {i}"
        if not (folder / f"{name}.dat").exists():
            return name
    return stem


def mine(*folders: Path) -> tuple[CatalogEntry, ...]:
    """The models the user saved, by name, as menu entries ("Mis modelos"): those of ``folders``,
    a name in an earlier folder only when a later one does not have it."""
    found: dict[str, Path] = {}
    for folder in reversed(folders):
        if folder.is_dir():
            found.update({p.name.casefold(): p for p in folder.glob("*.dat")})
    return tuple(mine_entry(found[k]) for k in sorted(found))


def proposed_name(title: str) -> str:
    """A model's title as a file name "Save as model" may propose: what :data:`NAME` allows of it
    ("Mechanism: four-bar (crank–rocker)" → "Mechanism four-bar crank-rocker")."""
    words = re.sub(r"[^\w\- ]+", " ", title.replace("–", "-")).split()
    return " ".join(words)[:50].strip() or "model"


def mine_entry(path: Path) -> CatalogEntry:
    return CatalogEntry(path.name, path.stem, path, Location(str(path)), group="mine")


@dataclass(frozen=True)
class Remembered:
    """What a desktop remembers between runs."""

    model: str | None = None
    language: str | None = None
    speed: float | None = None
    #: the first-run hint was closed: it is not shown again
    hint_seen: bool = False

    @classmethod
    def read(cls, path: Path) -> Remembered:
        """The state file, or nothing remembered if it is missing or unreadable."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        model, language, speed = data.get("model"), data.get("language"), data.get("speed")
        return cls(model if isinstance(model, str) else None,
                   language if language in ("es", "en") else None,
                   float(speed) if isinstance(speed, (int, float)) and not isinstance(speed, bool) else None,
                   data.get("hint_seen") is True)

    def write(self, path: Path) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_file(path, json.dumps({"model": self.model, "language": self.language, "speed": self.speed,
                                         "hint_seen": self.hint_seen}).encode("utf-8"), mode=0o600)
        except OSError:
            pass  # a read-only home: nothing is remembered, nothing else is lost
