"""A model file as plain frozen data (SPEC §4). Nothing here draws or integrates."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..expr import Expression, Location
from .constraints import ConstraintRow
from .contacts import Contact
from .measures import Measure
from .mechanism import Mechanism


@dataclass(frozen=True)
class Setting:
    """One ``key=value`` line of the GENERAL block."""

    key: str
    value: float
    location: Location


@dataclass(frozen=True)
class General:
    escala: float
    ox: float
    oy: float
    dt: float
    n_substeps: int
    n_coordinates: int
    settings: tuple[Setting, ...] = ()
    #: ``periodo=`` (SPEC §7.6): the period of a periodically driven model, an expression of the
    #: parameters read by ``modes`` (never by the motion), None when the file states none
    period: Expression | None = None

    def location_of(self, key: str) -> Location | None:
        for s in self.settings:
            if s.key == key:
                return s.location
        return None


@dataclass(frozen=True)
class Definition:
    """A parameter or a condition: ``name|value|description``, and optionally the description in
    other languages in further cells: ``name|value|descripción|en: description``."""

    name: str
    value: Expression
    description: str
    location: Location
    #: the description in other languages: ("en", "gravity"), …
    translations: tuple[tuple[str, str], ...] = ()
    #: ``unit: kg``: the unit shown beside the value ("" when the row gives none)
    unit: str = ""
    #: ``range: LO:HI``: what sliders offer and where ``modes`` searches (expressions of the parameters)
    range: tuple[Expression, Expression] | None = None

    def description_in(self, language: str) -> str:
        """The description in ``language``, or the file's own (Spanish) one."""
        return dict(self.translations).get(language, self.description)


@dataclass(frozen=True)
class TEntry:
    """One entry of the kinetic-energy matrix, ``i,j|'expr'`` (zero-based)."""

    i: int
    j: int
    value: Expression
    location: Location


@dataclass(frozen=True)
class Force:
    """A generalized force on one coordinate: ``COORD|'expr'|description``."""

    coordinate: str
    value: Expression
    description: str
    location: Location
    translations: tuple[tuple[str, str], ...] = ()

    def description_in(self, language: str) -> str:
        return dict(self.translations).get(language, self.description)


#: The fields of each graphic object after ``kind|id``, in file order.
GRAPHIC_FIELDS: dict[str, tuple[str, ...]] = {
    "Bar": ("width", "length", "x", "y", "angle", "vx", "vy", "vangle", "draggable", "parent"),
    "Blk": ("width", "height", "x", "y", "angle", "vx", "vy", "vangle", "draggable", "parent"),
    "C": ("radius", "x", "y", "vx", "vy", "draggable", "parent", "trail"),
    "Spr": ("length", "thickness", "x1", "y1", "x2", "y2", "parent"),
}

#: Fields that are flags or identifiers rather than expressions.
FLAG_FIELDS = ("draggable", "trail")
PARENT_FIELD = "parent"

#: The CenM name of each kind (the value of ``_type``).
TYPE_NAMES = {"C": "circulo", "Spr": "resorte", "Bar": "barra", "Blk": "bloque"}


@dataclass(frozen=True)
class Graphic:
    """One drawable body (a ``<G>`` row)."""

    kind: str  # Bar, Blk, C, Spr
    id: str
    #: Expression fields by name (see GRAPHIC_FIELDS), as written.
    fields: tuple[tuple[str, Expression], ...]
    draggable: bool
    parent: str | None
    trail: bool
    location: Location

    def field(self, name: str) -> Expression:
        for k, v in self.fields:
            if k == name:
                return v
        raise KeyError(name)


@dataclass(frozen=True)
class ModelFile:
    path: str
    general: General
    parameters: tuple[Definition, ...]
    conditions: tuple[Definition, ...]
    tmatrix: tuple[TEntry, ...]
    #: Ek and Ep as written (None for a mechanism: its energies come from its elements)
    kinetic: Expression | None
    potential: Expression | None
    graphics: tuple[Graphic, ...] = ()
    forces: tuple[Force, ...] = ()
    #: named measures (SPEC §7.4): shown, written and plotted, never part of the motion
    measures: tuple[Measure, ...] = ()
    #: one-sided contacts (the CONTACTS block, SPEC §7.3)
    contacts: tuple[Contact, ...] = ()
    #: constraints with multipliers (the CONSTRAINTS block, SPEC §7.8)
    constraints: tuple[ConstraintRow, ...] = ()
    #: Where each block starts, for messages about a whole block.
    block_locations: tuple[tuple[str, Location], ...] = field(default=())
    #: A mechanism file (SPEC §7.5): its points and elements. Its conditions are then the
    #: x, y and velocities of its free points, made from the POINT rows.
    mechanism: Mechanism | None = None

    @property
    def n(self) -> int:
        return self.general.n_coordinates

    @property
    def coordinates(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.conditions[: self.n])

    @property
    def velocities(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.conditions[self.n : 2 * self.n])

    def block_location(self, tag: str) -> Location:
        for t, loc in self.block_locations:
            if t == tag:
                return loc
        return Location(self.path, 1, 1)
