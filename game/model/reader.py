"""Reading a ``.dat`` model file into a :class:`ModelFile` (SPEC §4, CenM manual ch. 6).

The reader checks the shape of the file — tags, rows, cell counts, numbers,
expression syntax — and reports every problem it finds with file, line and
column. What the rows *mean* together (names, symmetry, T against Ek) is
checked by :mod:`game.model.validate`.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

from ..expr import Expression, ExpressionError, Location, SourceError, canonical_name, parse
from .mechanism import ROWS as MECHANISM_ROWS
from .mechanism import MechanismRows, coordinate_names, velocity_names
from .types import (
    FLAG_FIELDS,
    GRAPHIC_FIELDS,
    PARENT_FIELD,
    Definition,
    Force,
    General,
    Graphic,
    ModelFile,
    Setting,
    TEntry,
)


class ModelFileError(Exception):
    """A model file with problems; ``problems`` lists each one, in file order."""

    def __init__(self, problems: list[SourceError]):
        self.problems = sorted(problems, key=lambda p: (p.location.line, p.location.column))
        super().__init__("\n".join(str(p) for p in self.problems))


#: Block tag → the row tag it holds (None: GENERAL holds key=value lines).
BLOCKS: dict[str, tuple[str, ...] | None] = {
    "GENERAL": None,
    "PARAMETERS": ("P",),
    "CIs": ("CI",),
    "TMATRIX": ("T",),
    "ENERGIES": ("Ek", "Ep"),
    "GRAPHICS": ("G",),
    "FORCES": ("F",),
    "MECHANISM": tuple(MECHANISM_ROWS),
}
#: Blocks of a Lagrangian model that a mechanism file does not have (its elements say it all).
LAGRANGIAN_BLOCKS = ("CIs", "TMATRIX", "ENERGIES", "FORCES")
ROW_TAGS = {row for rows in BLOCKS.values() if rows for row in rows}
_TAG = re.compile(r"<(/?)([A-Za-z]+)>")
_SEPARATOR = re.compile(r"\||¦|&brvbar;")
_DECIMAL = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")
_IDENT = re.compile(r"^[^\W\d]\w*$")
_TRANSLATION = re.compile(r"([a-z]{2}):(.*)", re.S)
_GENERAL_KEYS = {"escala": "escala", "ox": "Ox", "oy": "Oy", "dt": "dt", "n": "N", "nq": "nQ"}


@dataclass(frozen=True)
class _Cell:
    text: str
    location: Location


class _Text:
    """The file's text with offset → line/column conversion."""

    def __init__(self, text: str, path: str):
        self.text = text
        self.path = path
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def location(self, offset: int) -> Location:
        line = bisect.bisect_right(self.line_starts, offset) - 1
        return Location(self.path, line + 1, offset - self.line_starts[line] + 1)

    def cells(self, start: int, end: int) -> list[_Cell]:
        """Split ``text[start:end]`` at the separators, each cell stripped."""
        cells = []
        pos = start
        for m in _SEPARATOR.finditer(self.text, start, end):
            cells.append(self._cell(pos, m.start()))
            pos = m.end()
        cells.append(self._cell(pos, end))
        return cells

    def _cell(self, start: int, end: int) -> _Cell:
        raw = self.text[start:end]
        lead = len(raw) - len(raw.lstrip())
        return _Cell(raw.strip(), self.location(start + lead))


def decode(data: bytes, path: str) -> str:
    """UTF-8 with or without BOM, any line ends, to text with ``\\n`` lines."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ModelFileError([SourceError(
            "the file is not UTF-8 text (save it as UTF-8 in your editor)", Location(path, line, 1))]) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_model(path: str | Path, text: str | None = None) -> ModelFile:
    """Read a model file (or ``text`` as if it were that file)."""
    path = str(path)
    if text is None:
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise ModelFileError([SourceError(f"cannot read the file: {exc.strerror}", Location(path, 1, 1))]) from None
        text = decode(data, path)
    else:
        text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return _Reader(_Text(text, path)).read()


class _Reader:
    def __init__(self, text: _Text):
        self.t = text
        self.problems: list[SourceError] = []
        self.settings: list[Setting] = []
        self.parameters: list[Definition] = []
        self.conditions: list[Definition] = []
        self.tmatrix: list[TEntry] = []
        self.energies: dict[str, Expression] = {}
        self.graphics: list[Graphic] = []
        self.forces: list[Force] = []
        self.blocks: dict[str, Location] = {}
        self.energy_rows_seen: set[str] = set()
        self.bad_settings: set[str] = set()
        self.mechanism = MechanismRows(self.problem)

    def problem(self, message: str, location: Location) -> None:
        self.problems.append(SourceError(message, location))

    # -- structure -----------------------------------------------------------------

    def read(self) -> ModelFile:
        text = self.t.text
        tags = list(_TAG.finditer(text))
        block: str | None = None
        block_start = 0
        row: tuple[str, int, re.Match] | None = None
        last = 0
        for m in tags:
            closing, name = m.group(1) == "/", m.group(2)
            loc = self.t.location(m.start())
            if row is None:
                self._stray(last, m.start(), block)
            if name in BLOCKS:
                if row is not None:
                    self.problem(f"<{row[0]}> is not closed before <{'/' if closing else ''}{name}>", self.t.location(row[2].start()))
                    row = None
                if not closing:
                    if block is not None:
                        self.problem(f"<{name}> opens inside <{block}>; close <{block}> first", loc)
                    if name in self.blocks:
                        self.problem(f"a second <{name}> block (the first is at line {self.blocks[name].line})", loc)
                    block, block_start = name, m.end()
                    self.blocks.setdefault(name, loc)
                else:
                    if block != name:
                        self.problem(f"</{name}> closes a block that is not open", loc)
                    elif name == "GENERAL":
                        self._general(block_start, m.start())
                    block = None
            elif name in ROW_TAGS:
                if not closing:
                    if row is not None:
                        self.problem(f"<{row[0]}> is not closed before <{name}>", self.t.location(row[2].start()))
                    allowed = BLOCKS.get(block or "GRAPHICS") or ()
                    if name not in allowed:
                        where = f"inside <{block}>" if block else "outside its block"
                        self.problem(f"<{name}> row {where}", loc)
                    row = (name, m.end(), m)
                    if name in ("Ek", "Ep"):
                        self.energy_rows_seen.add(name)
                else:
                    if row is None or row[0] != name:
                        self.problem(f"</{name}> without a matching <{name}>", loc)
                    else:
                        self._row(name, row[1], m.start(), self.t.location(row[2].start()))
                    row = None
            else:
                self.problem(f"unknown tag <{'/' if closing else ''}{name}>", loc)
            last = m.end()
        if row is not None:
            self.problem(f"<{row[0]}> is never closed", self.t.location(row[2].start()))
        elif block is not None:
            self.problem(f"<{block}> is never closed", self.blocks[block])
        else:
            self._stray(last, len(text), None)
        return self._finish()

    def _stray(self, start: int, end: int, block: str | None) -> None:
        """Text between tags is only allowed inside GENERAL, or as # comments."""
        if block == "GENERAL":
            return
        offset = start
        for line in self.t.text[start:end].split("\n"):
            stripped = line.strip()
            if stripped and not stripped.startswith(("#", "//")):
                lead = len(line) - len(line.lstrip())
                self.problem(f"text outside any row: '{stripped[:30]}'", self.t.location(offset + lead))
                return
            offset += len(line) + 1

    # -- rows --------------------------------------------------------------------------

    def _general(self, start: int, end: int) -> None:
        offset = start
        for line in self.t.text[start:end].split("\n"):
            stripped = line.strip()
            line_start = offset
            loc = self.t.location(offset + len(line) - len(line.lstrip()))
            offset += len(line) + 1
            if not stripped or stripped.startswith(("#", "//")):
                continue
            if "=" not in stripped:
                self.problem(f"expected key=value in <GENERAL>, found '{stripped}'", loc)
                continue
            key, value = (s.strip() for s in stripped.split("=", 1))
            canonical = _GENERAL_KEYS.get(key.lower())
            if canonical is None:
                self.problem(f"unknown setting '{key}' (known: escala, Ox, Oy, dt, N, nQ)", loc)
                continue
            after = line.index("=") + 1
            value_loc = self.t.location(line_start + after + len(line[after:]) - len(line[after:].lstrip()))
            if not _DECIMAL.match(value):
                self.problem(f"{canonical} must be a plain decimal number, not '{value}'", value_loc)
                self.bad_settings.add(canonical)
                continue
            if any(s.key == canonical for s in self.settings):
                self.problem(f"{canonical} is set twice", loc)
                continue
            self.settings.append(Setting(canonical, float(value), value_loc))

    def _expression(self, cell: _Cell, *, refs: bool = False) -> Expression | None:
        try:
            return parse(cell.text, cell.location, allow_refs=refs)
        except ExpressionError as exc:
            self.problems.append(exc)
            return None

    def _name(self, cell: _Cell, what: str) -> str | None:
        if not _IDENT.match(cell.text):
            shown = cell.text or "(empty)"
            self.problem(f"'{shown}' is not a valid {what} name (letters, digits and _, starting with a letter)", cell.location)
            return None
        return canonical_name(cell.text)

    def _row(self, tag: str, start: int, end: int, tag_loc: Location) -> None:
        if tag in ("Ek", "Ep"):
            if tag in self.energies:
                self.problem(f"a second <{tag}>", tag_loc)
            expr = self._expression(self.t._cell(start, end))
            if expr is not None:
                self.energies[tag] = expr
            return
        cells = self.t.cells(start, end)
        if tag in MECHANISM_ROWS:
            self.mechanism.row(tag, [(c.text, c.location) for c in cells], tag_loc)
        elif tag in ("P", "CI"):
            what = "parameter" if tag == "P" else "condition"
            if len(cells) < 2:
                self.problem(f"a {what} row has 3 cells, name|value|description (found {len(cells)})", tag_loc)
                return
            name = self._name(cells[0], what)
            value = self._expression(cells[1])
            translations = self._translations(cells, f"a {what} row has 3 cells, name|value|description", tag_loc)
            if name is not None and value is not None and translations is not None:
                description = cells[2].text if len(cells) >= 3 else ""
                (self.parameters if tag == "P" else self.conditions).append(
                    Definition(name, value, description, cells[0].location, translations))
        elif tag == "T":
            if len(cells) != 2:
                self.problem(f"a T row has 2 cells, i,j|'expression' (found {len(cells)})", tag_loc)
                return
            m = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*", cells[0].text)
            if not m:
                self.problem(f"T indices must be two whole numbers from 0, as in 0,1 (found '{cells[0].text}')", cells[0].location)
                return
            value = self._expression(cells[1])
            if value is not None:
                self.tmatrix.append(TEntry(int(m.group(1)), int(m.group(2)), value, cells[0].location))
        elif tag == "F":
            if len(cells) < 2:
                self.problem(f"a force row has 3 cells, COORDINATE|'expression'|description (found {len(cells)})", tag_loc)
                return
            name = self._name(cells[0], "coordinate")
            value = self._expression(cells[1])
            translations = self._translations(
                cells, "a force row has 3 cells, COORDINATE|'expression'|description", tag_loc)
            if name is not None and value is not None and translations is not None:
                self.forces.append(Force(name, value, cells[2].text if len(cells) >= 3 else "", cells[0].location,
                                         translations))
        elif tag == "G":
            self._graphic(cells, tag_loc)

    def _translations(self, cells: list[_Cell], row: str, tag_loc: Location) -> tuple[tuple[str, str], ...] | None:
        """The cells after a description: the description in other languages, ``en: text``."""
        out = []
        for cell in cells[3:]:
            m = _TRANSLATION.fullmatch(cell.text)
            if m is None:
                self.problem(f"{row} (found {len(cells)}); a cell after the description can only give it in "
                             f"another language, as in 'en: gravity'", tag_loc)
                return None
            out.append((m.group(1), m.group(2).strip()))
        return tuple(out)

    def _graphic(self, cells: list[_Cell], tag_loc: Location) -> None:
        kind = cells[0].text
        if kind not in GRAPHIC_FIELDS:
            self.problem(f"unknown graphic object '{kind}' (known: Bar, Blk, C, Spr)", cells[0].location)
            return
        names = GRAPHIC_FIELDS[kind]
        if len(cells) != len(names) + 2:
            layout = "|".join((kind, "id") + names)
            self.problem(f"{kind} has {len(names) + 2} cells, {layout} (found {len(cells)})", tag_loc)
            return
        ident = self._name(cells[1], "object")
        fields: list[tuple[str, Expression]] = []
        draggable = trail = False
        parent: str | None = None
        ok = ident is not None
        for fname, cell in zip(names, cells[2:]):
            if fname in FLAG_FIELDS:
                if cell.text not in ("0", "1"):
                    self.problem(f"{fname} must be 1 or 0, not '{cell.text}'", cell.location)
                    ok = False
                elif fname == "draggable":
                    draggable = cell.text == "1"
                else:
                    trail = cell.text == "1"
            elif fname == PARENT_FIELD:
                if cell.text in ("-1", ""):
                    parent = None
                else:
                    parent = self._name(cell, "parent object")
                    ok = ok and parent is not None
            else:
                expr = self._expression(cell, refs=True)
                if expr is None:
                    ok = False
                else:
                    fields.append((fname, expr))
        if ok and ident is not None:
            self.graphics.append(Graphic(kind, ident, tuple(fields), draggable, parent, trail, cells[1].location))

    # -- result ------------------------------------------------------------------------

    def _finish(self) -> ModelFile:
        path = self.t.path
        start = Location(path, 1, 1)
        mechanism = "MECHANISM" in self.blocks
        if mechanism:
            for tag in LAGRANGIAN_BLOCKS:
                if tag in self.blocks:
                    self.problem(f"a mechanism file has no <{tag}> block: its points, bars and other elements "
                                 "give the coordinates, energies and forces", self.blocks[tag])
            if self.graphics:
                self.problem("a mechanism file has no <G> rows: its bars, masses, sliders and springs are drawn",
                             self.graphics[0].location)
        required = ("GENERAL", "MECHANISM") if mechanism else ("GENERAL", "CIs", "ENERGIES")
        for tag in required:
            if tag not in self.blocks:
                self.problem(f"the <{tag}> block is missing", start)
        values = {s.key: s for s in self.settings}
        if "GENERAL" in self.blocks:
            # a mechanism's coordinates are counted from its points: nQ is not needed
            for key in ("dt", "N") if mechanism else ("dt", "N", "nQ"):
                if key not in values and key not in self.bad_settings:
                    self.problem(f"<GENERAL> does not set {key}", self.blocks["GENERAL"])
            for key in ("N", "nQ"):
                s = values.get(key)
                if s is not None and (not s.value.is_integer() or s.value < 1):
                    self.problem(f"{key} must be a whole number of at least 1, not {s.value:g}", s.location)
            s = values.get("dt")
            if s is not None and s.value <= 0:
                self.problem("dt must be positive", s.location)
        if "ENERGIES" in self.blocks and not mechanism:
            for tag in ("Ek", "Ep"):
                if tag not in self.energy_rows_seen:
                    self.problem(f"<ENERGIES> has no <{tag}>", self.blocks["ENERGIES"])
        n_coordinates = int(values["nQ"].value) if "nQ" in values else 1
        if mechanism:
            self._point_conditions()
            n_coordinates = len(self.conditions) // 2  # 0 without free points: validation says so
            s = values.get("nQ")
            if s is not None and s.value != n_coordinates:
                self.problem(f"nQ={s.value:g}, but a mechanism's coordinates are the x and y of its free points: "
                             f"{n_coordinates} here (leave nQ out)", s.location)
        if self.problems:
            raise ModelFileError(self.problems)

        def get(key: str, default: float) -> float:
            return values[key].value if key in values else default

        general = General(
            escala=get("escala", 100.0), ox=get("Ox", 0.0), oy=get("Oy", 0.0), dt=get("dt", 0.02),
            n_substeps=int(get("N", 1)), n_coordinates=max(n_coordinates, 1), settings=tuple(self.settings),
        )
        return ModelFile(
            path=path, general=general, parameters=tuple(self.parameters), conditions=tuple(self.conditions),
            tmatrix=tuple(self.tmatrix), kinetic=self.energies.get("Ek"), potential=self.energies.get("Ep"),
            graphics=tuple(self.graphics), forces=tuple(self.forces), block_locations=tuple(self.blocks.items()),
            mechanism=self.mechanism.finish(self.blocks["MECHANISM"]) if mechanism else None,
        )

    def _point_conditions(self) -> None:
        """A mechanism's conditions: x, y of every free point, then their velocities (SPEC §7.5)."""
        zero = parse("0")
        coords: list[Definition] = []
        vels: list[Definition] = []
        for p in self.mechanism.points:
            if p.fixed:
                continue
            for name, value, axis in zip(coordinate_names(p.id), (p.x, p.y), "xy"):
                coords.append(Definition(name, value, f"{axis} del punto {p.id}", value.location,
                                         (("en", f"{axis} of point {p.id}"),)))
            for name, speed, axis in zip(velocity_names(p.id), (p.vx, p.vy), "xy"):
                vels.append(Definition(name, speed or zero, f"velocidad en {axis} del punto {p.id}", p.location,
                                       (("en", f"velocity in {axis} of point {p.id}"),)))
        self.conditions = coords + vels
