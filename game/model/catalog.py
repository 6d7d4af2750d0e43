"""``models.xml``: which models the menu offers, in which order, with which titles.

A model may have a title per language: ``<TITLE>`` is the Spanish one (CenM's language,
and the one used when no other fits) and ``<TITLE lang="en">`` the English one.

A file listed twice is shown twice in the menu: that is a warning (with both
lines), not an error. XML entities are refused by the parser; a catalog larger
than :data:`MAX_CATALOG_BYTES` is not read.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from ..expr import Location, SourceError
from ..messages import msg
from .reader import ModelFileError, decode, read_bytes, without_comments

#: A catalog larger than this is refused before it is read (a thousand models take 100 kB).
MAX_CATALOG_BYTES = 1024 * 1024


@dataclass(frozen=True)
class CatalogEntry:
    file: str  # as written in <FILE>
    title: str  # the <TITLE> without lang: Spanish
    path: Path  # models/<file>, next to models.xml
    location: Location
    #: titles in other languages: ("en", "Double pendulum"), …
    titles: tuple[tuple[str, str], ...] = ()
    #: "" for the models of models.xml, "exercises" for those of models/ejercicios/models.xml
    #: ("Ejercicios"), "mine" for those the user saved ("Mis modelos")
    group: str = ""

    @property
    def stem(self) -> str:
        return Path(self.file).stem

    def title_in(self, language: str) -> str:
        """The title in ``language``, or the Spanish one if the catalog has none in it."""
        return dict(self.titles).get(language, self.title)


@dataclass(frozen=True)
class Catalog:
    path: Path
    entries: tuple[CatalogEntry, ...]
    #: what is odd but not wrong (a file listed twice), each with its place
    warnings: tuple[SourceError, ...] = ()

    def find(self, name: str) -> CatalogEntry | None:
        """An entry by file name, stem or title (case-insensitive)."""
        key = name.casefold()
        for e in self.entries:
            if key in (e.file.casefold(), e.stem.casefold(), e.title.casefold(), *(t.casefold() for _, t in e.titles)):
                return e
        return None


def with_group(catalog: Catalog, path: Path, group: str) -> Catalog:
    """``catalog`` and after it the models of the catalog ``path`` (its files beside it) as ``group``;
    ``catalog`` alone when there is no such file (an install without it still starts)."""
    if not path.is_file():
        return catalog
    more = read_catalog(path, path.parent, group)
    return Catalog(catalog.path, catalog.entries + more.entries, catalog.warnings + more.warnings)


def read_catalog(path: str | Path, models_dir: str | Path | None = None, group: str = "") -> Catalog:
    """Read models.xml; files are looked up in ``models_dir`` (default: models/ beside it); the
    entries are of ``group`` (see :attr:`CatalogEntry.group`).

    Raises :class:`ModelFileError` for a malformed file or for listed files that do not exist.
    """
    path = Path(path)
    models_dir = Path(models_dir) if models_dir else path.parent / "models"
    text = without_comments(decode(read_bytes(str(path), MAX_CATALOG_BYTES), str(path)))
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line, col = exc.position
        raise ModelFileError([SourceError(msg("catalog.not_xml", reason=str(exc).split(":")[0]),
                                          Location(str(path), line, col + 1))]) from None
    problems: list[SourceError] = []
    warnings: list[SourceError] = []
    if root.tag != "MODELS":
        problems.append(SourceError(msg("catalog.root", tag=root.tag[:40]), Location(str(path))))
    lines = text.split("\n")
    search_from = 0
    entries: list[CatalogEntry] = []
    files: dict[str, Location] = {}
    titles: dict[str, Location] = {}
    for i, model in enumerate(root.findall("MODEL")):
        # ElementTree keeps no line numbers: find each <MODEL>'s <FILE> in order.
        file_el = model.find("FILE")
        file = (file_el.text or "").strip() if file_el is not None else ""
        by_language = {el.get("lang", ""): (el.text or "").strip() for el in model.findall("TITLE")}
        title = by_language.pop("", "") or by_language.pop("es", "")
        others = tuple((lang, t) for lang, t in by_language.items() if t)
        loc = Location(str(path), 1, 1)
        for ln in range(search_from, len(lines)):
            if "<FILE>" in lines[ln] and (not file or file in lines[ln]):
                loc = Location(str(path), ln + 1, lines[ln].index("<FILE>") + 7)
                search_from = ln + 1
                break
        if not file:
            problems.append(SourceError(msg("catalog.no_file", number=i + 1), loc))
            continue
        if not title:
            problems.append(SourceError(msg("catalog.no_title", file=file), loc))
        if Path(file).is_absolute() or ".." in Path(file).parts:  # models.xml may come from a stranger
            problems.append(SourceError(msg("catalog.outside", file=file, folder=models_dir), loc))
            continue
        target = models_dir / file
        if file in files:
            warnings.append(SourceError(msg("catalog.duplicate", file=file, line=files[file].line), loc))
        else:
            if title and title in titles:
                warnings.append(SourceError(msg("catalog.duplicate_title", title=title, line=titles[title].line), loc))
            if not target.is_file():
                problems.append(SourceError(msg("catalog.missing_file", file=file, folder=models_dir), loc))
        files.setdefault(file, loc)
        titles.setdefault(title, loc)
        entries.append(CatalogEntry(file, title or file, target, loc, others, group))
    if not entries and not problems:
        problems.append(SourceError(msg("catalog.empty"), Location(str(path))))
    if problems:
        raise ModelFileError(problems + warnings)  # the warnings too: one reading tells all
    return Catalog(path, tuple(entries), tuple(warnings))
