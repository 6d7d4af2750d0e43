"""Reading a ``.dat`` model file into a :class:`ModelFile` (SPEC §4, CenM manual ch. 6).

The reader checks the shape of the file — tags, rows, cell counts, numbers,
expression syntax — and reports every problem it finds with file, line and
column. What the rows *mean* together (names, symmetry, T against Ek) is
checked by :mod:`game.model.validate`.

Files come from strangers, so reading is bounded: a file larger than
:data:`MAX_FILE_BYTES` is refused before it is read, reading stops after
:data:`MAX_PROBLEMS` problems, :data:`MAX_ROWS` rows or
:data:`MAX_EXPRESSION_TEXT` characters of expressions (so time and memory stay
within a few seconds and a few hundred MB whatever the file holds), and the
GENERAL settings must describe a model whose cost can be met
(:data:`~game.model.general.LIMITS`, which :mod:`game.model.general` applies as it reads
them); a model with more coordinates than can run stops the reading at once.
"""

from __future__ import annotations

import bisect
import re
from array import array
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from ..expr import Expression, ExpressionError, Location, SourceError, canonical_name, parse
from ..expr.parser import MAX_LENGTH
from ..messages import Message, msg, number, thousands
from .constraints import ConstraintRow, read_constraint
from .contacts import Contact, contact_row
from .files import FileRefused, read_limited
from .general import LIMITS, GeneralRows
from .measures import Measure, read_measure
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
    TEntry,
)


class ModelFileError(Exception):
    """A model file with problems; ``problems`` lists each one, in file order."""

    def __init__(self, problems: list[SourceError]):
        self.problems = sorted(problems, key=lambda p: (p.location.line, p.location.column))
        super().__init__(*self.problems)

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


#: Files larger than this are refused before they are read (the biggest model that can
#: run, a 60-link chain, takes 250 kB).
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Reading stops after this many problems.
MAX_PROBLEMS = 50
#: ... after this many rows (a 60-link chain has 3,900) ...
MAX_ROWS = 30_000
#: ... and after this many characters of expressions in all (a 60-link chain has 230,000):
#: together these bound the time and memory of reading whatever the file holds.
MAX_EXPRESSION_TEXT = 500_000


class _Stop(Exception):
    """Reading cannot usefully go on (too many problems, or a model too big to run)."""


#: Block tag → the row tag it holds (None: GENERAL holds key=value lines).
BLOCKS: dict[str, tuple[str, ...] | None] = {
    "GENERAL": None,
    "PARAMETERS": ("P",),
    "CIs": ("CI",),
    "TMATRIX": ("T",),
    "ENERGIES": ("Ek", "Ep"),
    "GRAPHICS": ("G",),
    "FORCES": ("F",),
    "MEASURES": ("M",),
    "CONTACTS": ("K",),
    "CONSTRAINTS": ("C", "V"),
    "MECHANISM": tuple(MECHANISM_ROWS),
}
#: Blocks of a Lagrangian model that a mechanism file does not have (its elements say it all).
LAGRANGIAN_BLOCKS = ("CIs", "TMATRIX", "ENERGIES", "FORCES")
ROW_TAGS = {row for rows in BLOCKS.values() if rows for row in rows}
_TAG = re.compile(r"<(/?)([A-Za-z]+)>")
_SEPARATOR = re.compile(r"\||¦|&brvbar;")
#: More digits than this in a T index is not an index of any model that can run.
_MAX_INDEX_DIGITS = 6
_IDENT = re.compile(r"^[^\W\d]\w*$")
_TRANSLATION = re.compile(r"([a-z]{2}):(.*)", re.S)
#: a cell after a description that is not a translation: ``unit: kg``, ``range: LO:HI``
_EXTRA = re.compile(r"(unit|range):(.*)", re.S)
#: what those cells give: the translations, the unit ("" if none), the range (None if none)
_Extras = tuple[tuple[tuple[str, str], ...], str, tuple[Expression, Expression] | None]


class _Cell:
    """A cell of a row, stripped; its place is worked out only when asked for."""

    __slots__ = ("_at", "_t", "text")

    def __init__(self, text: str, t: _Text, at: int):
        self.text = text
        self._t = t
        self._at = at

    @property
    def location(self) -> Location:
        return self._t.location(self._at)


class _Text:
    """The file's text with offset → line/column conversion."""

    def __init__(self, text: str, path: str):
        self.text = text
        self.path = path
        self.line_starts = array("q", [0])
        self.line_starts.extend(m.end() for m in re.finditer("\n", text))

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
        return _Cell(raw.strip(), self, start + lead)

    def lines(self, start: int, end: int) -> Iterator[tuple[int, str]]:
        """Each line of ``text[start:end]`` with its offset, one at a time."""
        pos = start
        while pos <= end:
            nl = self.text.find("\n", pos, end)
            stop = end if nl < 0 else nl
            yield pos, self.text[pos:stop]
            if nl < 0:
                return
            pos = nl + 1


def _shifted(t: _Text, start: int, k: int) -> Location:
    """Where the k-th character of a line that starts at ``start`` is."""
    return t.location(start + k)


def decode(data: bytes, path: str) -> str:
    """UTF-8 with or without BOM, any line ends, to text with ``\\n`` lines."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ModelFileError([SourceError(msg("file.not_utf8"), Location(path, line, 1))]) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_bytes(path: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a file, refused at once (before reading) when larger than ``limit``."""
    where = Location(path, 1, 1)
    try:
        return read_limited(path, limit)  # refused before a byte is read, and without waiting
    except FileRefused as refused:
        reason = msg("file.not_regular") if refused.size is None else msg("file.too_big", size=thousands(refused.size),
                                                                            limit=thousands(limit))
        raise ModelFileError([SourceError(reason, where)]) from None
    except OSError as exc:
        raise ModelFileError([SourceError(msg("file.unreadable", reason=exc.strerror or str(exc)), where)]) from None


def read_model(path: str | Path, text: str | None = None) -> ModelFile:
    """Read a model file (or ``text`` as if it were that file)."""
    path = str(path)
    if text is None:
        text = decode(read_bytes(path), path)
    else:
        if len(text) > MAX_FILE_BYTES:
            raise ModelFileError([SourceError(msg("file.too_big", size=thousands(len(text)), limit=thousands(MAX_FILE_BYTES)),
                                              Location(path, 1, 1))])
        text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return _Reader(_Text(without_comments(text), path)).read()


#: a comment (SPEC §4): a line whose first non-blank character is ``#``, inside or outside a block
_COMMENT = re.compile(r"^[^\S\n]*#[^\n]*", re.MULTILINE)


def without_comments(text: str) -> str:
    """``text`` with every comment line made blank, character for character: a commented-out row
    does not act, a tag named in a comment is not a tag, and every later place keeps its line and
    column."""
    return _COMMENT.sub(lambda m: " " * len(m.group()), text)


class _Reader:
    def __init__(self, text: _Text):
        self.t = text
        self.problems: list[SourceError] = []
        self.parameters: list[Definition] = []
        self.conditions: list[Definition] = []
        self.tmatrix: list[TEntry] = []
        self.energies: dict[str, Expression] = {}
        self.graphics: list[Graphic] = []
        self.forces: list[Force] = []
        self.measures: list[Measure] = []
        self.contacts: list[Contact] = []
        self.constraints: list[ConstraintRow] = []
        self.blocks: dict[str, Location] = {}
        self.energy_rows_seen: set[str] = set()
        self.rows = 0
        self.expression_text = 0
        self.general = GeneralRows(self.problem)
        self.mechanism = MechanismRows(self.problem)

    def problem(self, message: str | Message, location: Location) -> None:
        self.add(SourceError(message, location))

    def add(self, error: SourceError) -> None:
        self.problems.append(error)
        if len(self.problems) >= MAX_PROBLEMS:
            self.problems.append(SourceError(msg("file.too_many_problems", limit=MAX_PROBLEMS), error.location))
            raise _Stop

    # -- structure -----------------------------------------------------------------

    def read(self) -> ModelFile:
        try:
            self._read()
            return self._finish()
        except _Stop:
            raise ModelFileError(self.problems) from None

    def _read(self) -> None:
        text = self.t.text
        tags = _TAG.finditer(text)
        block: str | None = None
        block_start = 0
        row: tuple[str, int, re.Match] | None = None
        last = 0
        for m in tags:
            closing, name = m.group(1) == "/", m.group(2)
            loc = _Cell(name, self.t, m.start())  # where the tag is, when a message needs it
            if row is None:
                self._stray(last, m.start(), block)
            if name in BLOCKS:
                if row is not None:
                    self.problem(msg("read.row_not_closed_before", row=row[0], tag=("/" if closing else "") + name),
                                 self.t.location(row[2].start()))
                    row = None
                if not closing:
                    if block is not None:
                        self.problem(msg("read.block_inside_block", name=name, block=block), loc.location)
                    if name in self.blocks:
                        self.problem(msg("read.second_block", name=name, line=self.blocks[name].line), loc.location)
                    block, block_start = name, m.end()
                    self.blocks.setdefault(name, loc.location)
                else:
                    if block != name:
                        self.problem(msg("read.close_not_open", name=name), loc.location)
                    elif name == "GENERAL":
                        self._general(block_start, m.start())
                    block = None
            elif name in ROW_TAGS:
                if not closing:
                    if row is not None:
                        self.problem(msg("read.row_not_closed_before", row=row[0], tag=name), self.t.location(row[2].start()))
                    allowed = BLOCKS.get(block or "GRAPHICS") or ()
                    if name not in allowed:
                        if block:
                            self.problem(msg("read.row_inside", name=name, block=block), loc.location)
                        else:
                            self.problem(msg("read.row_outside", name=name), loc.location)
                    row = (name, m.end(), m)
                    if name in ("Ek", "Ep"):
                        self.energy_rows_seen.add(name)
                else:
                    if row is None or row[0] != name:
                        self.problem(msg("read.close_without_open", name=name), loc.location)
                    else:
                        self._row(name, row[1], m.start(), _Cell(name, self.t, row[2].start()))
                    row = None
            else:
                self.problem(msg("read.unknown_tag", tag=("/" if closing else "") + name), loc.location)
            last = m.end()
        if row is not None:
            self.problem(msg("read.row_never_closed", row=row[0]), self.t.location(row[2].start()))
        elif block is not None:
            self.problem(msg("read.block_never_closed", block=block), self.blocks[block])
        else:
            self._stray(last, len(text), None)

    def _stray(self, start: int, end: int, block: str | None) -> None:
        """Text between tags is only allowed inside GENERAL, or as # comments."""
        if block == "GENERAL":
            return
        for offset, line in self.t.lines(start, end):
            stripped = line.strip()
            if stripped and not stripped.startswith(("#", "//")):
                lead = len(line) - len(line.lstrip())
                self.problem(msg("read.stray_text", text=stripped[:30]), self.t.location(offset + lead))
                return

    # -- rows --------------------------------------------------------------------------

    def _general(self, start: int, end: int) -> None:
        for line_start, line in self.t.lines(start, end):
            if not self.general.line(line, partial(_shifted, self.t, line_start)):
                raise _Stop

    def _expression(self, cell: _Cell, *, refs: bool = False) -> Expression | None:
        if len(cell.text) <= MAX_LENGTH:  # (a longer one is refused on its own by parse)
            self.expression_text += len(cell.text)
        if self.expression_text > MAX_EXPRESSION_TEXT:
            self.problem(msg("file.too_much_text", limit=thousands(MAX_EXPRESSION_TEXT)), cell.location)
            raise _Stop
        try:
            return parse(cell.text, cell.location, allow_refs=refs)
        except ExpressionError as exc:
            self.add(exc)
            return None

    def _name(self, cell: _Cell, what: str) -> str | None:
        if not _IDENT.match(cell.text):
            shown: str | Message = cell.text[:40] or msg("read.empty")
            self.problem(msg("read.bad_name", text=shown, what=msg(f"what.{what}")), cell.location)
            return None
        return canonical_name(cell.text)

    def _row(self, tag: str, start: int, end: int, tag_at: _Cell) -> None:
        self.rows += 1
        if self.rows > MAX_ROWS:
            self.problem(msg("file.too_many_rows", limit=thousands(MAX_ROWS)), tag_at.location)
            raise _Stop
        if tag in ("Ek", "Ep"):
            if tag in self.energies:
                self.problem(msg("read.second_energy", tag=tag), tag_at.location)
            expr = self._expression(self.t._cell(start, end))
            if expr is not None:
                self.energies[tag] = expr
            return
        cells = self.t.cells(start, end)
        if tag in MECHANISM_ROWS:
            # its size is known row by row: refused at the row past a limit, before any work that
            # grows with it (matrices of every coordinate and constraint)
            if self.mechanism.rows == LIMITS.mechanism_rows:
                self.problem(msg("read.too_many_mechanism_rows", limit=LIMITS.mechanism_rows), tag_at.location)
                raise _Stop
            self.mechanism.row(tag, [(c.text, c.location) for c in cells], tag_at.location)
            if self.mechanism.free > LIMITS.free_points:
                self.problem(msg("read.too_many_free_points", limit=LIMITS.free_points,
                                 coordinates=LIMITS.coordinates), tag_at.location)
                raise _Stop
        elif tag in ("P", "CI"):
            what = "parameter" if tag == "P" else "condition"
            if len(cells) < 2:
                self.problem(msg("read.definition_cells", what=msg(f"what.{what}"), found=len(cells)), tag_at.location)
                return
            name = self._name(cells[0], what)
            value = self._expression(cells[1])
            extras = self._extras(
                cells, msg("read.definition_cells", what=msg(f"what.{what}"), found=len(cells)), tag_at)
            if name is not None and value is not None and extras is not None:
                description = cells[2].text if len(cells) >= 3 else ""
                (self.parameters if tag == "P" else self.conditions).append(
                    Definition(name, value, description, cells[0].location, *extras))
        elif tag == "T":
            if len(cells) != 2:
                self.problem(msg("read.t_cells", found=len(cells)), tag_at.location)
                return
            m = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*", cells[0].text)
            if not m:
                self.problem(msg("read.t_indices", text=cells[0].text[:40]), cells[0].location)
                return
            if max(len(m.group(1)), len(m.group(2))) > _MAX_INDEX_DIGITS:
                self.problem(msg("read.t_index_too_large", text=cells[0].text[:20] + "…"), cells[0].location)
                return
            value = self._expression(cells[1])
            if value is not None:
                self.tmatrix.append(TEntry(int(m.group(1)), int(m.group(2)), value, cells[0].location))
        elif tag == "F":
            if len(cells) < 2:
                self.problem(msg("read.force_cells", found=len(cells)), tag_at.location)
                return
            name = self._name(cells[0], "coordinate")
            value = self._expression(cells[1])
            translations = self._translations(cells, msg("read.force_cells", found=len(cells)), tag_at)
            if name is not None and value is not None and translations is not None:
                self.forces.append(Force(name, value, cells[2].text if len(cells) >= 3 else "", cells[0].location,
                                         translations))
        elif tag == "G":
            self._graphic(cells, tag_at)
        elif tag == "M":
            measure = read_measure(cells, tag_at.location, self._name, self._expression, self.problem)
            if measure is not None:
                self.measures.append(measure)
        elif tag == "K":
            if len(self.contacts) == LIMITS.contacts:
                self.problem(msg("read.too_many_contacts", limit=LIMITS.contacts), tag_at.location)
                raise _Stop
            contact = contact_row(cells, tag_at.location, self._name, self._expression, self.problem)
            if contact is not None:
                self.contacts.append(contact)
        elif tag in ("C", "V"):
            row = read_constraint(tag, cells, tag_at.location, self._name, self._expression,
                                  lambda shape: self._translations(cells, shape, tag_at), self.problem)
            if row is not None:
                self.constraints.append(row)

    def _translations(self, cells: list[_Cell], row: Message, tag_at: _Cell) -> tuple[tuple[str, str], ...] | None:
        """The cells after a description: the description in other languages, ``en: text``."""
        out = []
        for cell in cells[3:]:
            m = _TRANSLATION.fullmatch(cell.text)
            if m is None:
                self.problem(msg("read.translation_cell", row=row), tag_at.location)
                return None
            out.append((m.group(1), m.group(2).strip()))
        return tuple(out)

    def _extras(self, cells: list[_Cell], row: Message, tag_at: _Cell) -> _Extras | None:
        """The cells after a parameter's or a condition's description, in any order (SPEC §4): its
        description in other languages, ``unit: kg`` and ``range: LO:HI``."""
        translations, unit, span, ok = [], "", None, True
        rest = []
        for cell in cells[3:]:
            m = _EXTRA.fullmatch(cell.text)
            if m is None:
                rest.append(cell)
            elif m.group(1) in ("unit", "range") and (unit if m.group(1) == "unit" else span) not in ("", None):
                self.problem(msg("read.extra_twice", key=m.group(1)), cell.location)
                ok = False
            elif m.group(1) == "unit":
                unit = m.group(2).strip()
            else:
                span = self._range(cell, m.start(2))
                ok = ok and span is not None
        if rest:
            found = self._translations([*cells[:3], *rest], row, tag_at)
            if found is None:
                return None
            translations = list(found)
        return (tuple(translations), unit, span) if ok else None

    def _range(self, cell: _Cell, at: int) -> tuple[Expression, Expression] | None:
        """``range: LO:HI``, each end an expression of the parameters (and pi)."""
        text = cell.text[at:]
        if text.count(":") != 1:
            self.problem(msg("read.range_cell", text=cell.text[:40]), cell.location)
            return None
        ends = []
        offset = at
        for part in text.split(":"):
            lead = len(part) - len(part.lstrip())
            where = cell.location.shifted(offset + lead)
            try:
                ends.append(parse(part.strip(), where))
            except ExpressionError as exc:
                self.add(exc)
                return None
            offset += len(part) + 1
        return ends[0], ends[1]

    def _graphic(self, cells: list[_Cell], tag_at: _Cell) -> None:
        kind = cells[0].text
        if kind not in GRAPHIC_FIELDS:
            self.problem(msg("read.unknown_graphic", kind=kind[:40]), cells[0].location)
            return
        names = GRAPHIC_FIELDS[kind]
        if len(cells) != len(names) + 2:
            layout = "|".join((kind, "id") + names)
            self.problem(msg("read.graphic_cells", kind=kind, count=len(names) + 2, layout=layout, found=len(cells)), tag_at.location)
            return
        ident = self._name(cells[1], "object")
        fields: list[tuple[str, Expression]] = []
        draggable = trail = False
        parent: str | None = None
        ok = ident is not None
        for fname, cell in zip(names, cells[2:]):
            if fname in FLAG_FIELDS:
                if cell.text not in ("0", "1"):
                    self.problem(msg("read.flag", field=fname, text=cell.text[:40]), cell.location)
                    ok = False
                elif fname == "draggable":
                    draggable = cell.text == "1"
                else:
                    trail = cell.text == "1"
            elif fname == PARENT_FIELD:
                if cell.text in ("-1", ""):
                    parent = None
                else:
                    parent = self._name(cell, "parent")
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
                    self.problem(msg("read.mechanism_block", tag=tag), self.blocks[tag])
            if self.graphics:
                self.problem(msg("read.mechanism_graphics"), self.graphics[0].location)
        required = ("GENERAL", "MECHANISM") if mechanism else ("GENERAL", "CIs", "ENERGIES")
        for tag in required:
            if tag not in self.blocks:
                self.problem(msg("read.block_missing", tag=tag), start)
        values = self.general.values
        if "GENERAL" in self.blocks:
            # a mechanism's coordinates are counted from its points: nQ is not needed
            self.general.check(self.blocks["GENERAL"], ("dt", "N") if mechanism else ("dt", "N", "nQ"))
        if "ENERGIES" in self.blocks and not mechanism:
            for tag in ("Ek", "Ep"):
                if tag not in self.energy_rows_seen:
                    self.problem(msg("read.no_energy", tag=tag), self.blocks["ENERGIES"])
        n_coordinates = int(values["nQ"].value) if "nQ" in values else 1
        if mechanism:
            self._point_conditions()
            n_coordinates = len(self.conditions) // 2  # 0 without free points: validation says so
            s = values.get("nQ")
            if s is not None and s.value != n_coordinates:
                self.problem(msg("read.mechanism_nq", value=number(s.value), count=n_coordinates), s.location)
        if self.problems:
            raise ModelFileError(self.problems)

        def get(key: str, default: float) -> float:
            return values[key].value if key in values else default

        general = General(
            escala=get("escala", 100.0), ox=get("Ox", 0.0), oy=get("Oy", 0.0), dt=get("dt", 0.02),
            n_substeps=int(get("N", 1)), n_coordinates=max(n_coordinates, 1), settings=tuple(self.general.settings),
            period=self.general.period,
        )
        return ModelFile(
            path=path, general=general, parameters=tuple(self.parameters), conditions=tuple(self.conditions),
            tmatrix=tuple(self.tmatrix), kinetic=self.energies.get("Ek"), potential=self.energies.get("Ep"),
            graphics=tuple(self.graphics), forces=tuple(self.forces), measures=tuple(self.measures),
            contacts=tuple(self.contacts), constraints=tuple(self.constraints),
            block_locations=tuple(self.blocks.items()),
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
