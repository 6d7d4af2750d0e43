"""The kinds of rows of a ``<MECHANISM>`` block, one class each (SPEC §7.5): :data:`KINDS`.

Adding a kind: a module here with its class (tag, cells, checks, words), listed below; its
engine terms in :mod:`game.physics.mechanism.kinds`; its look in :mod:`game.render.scene`.
"""

from __future__ import annotations

from ..elements import Element
from .bar import Bar
from .driver import Driver
from .force import Force
from .mass import Mass
from .point import Point
from .slider import Slider
from .spring import Spring

#: every kind of row but GRAVITY, by its tag, in the order the manual lists them
KINDS: dict[str, type[Point] | type[Element]] = {
    kind.tag: kind for kind in (Point, Bar, Mass, Slider, Spring, Driver, Force)}

__all__ = ["KINDS", "Bar", "Driver", "Element", "Force", "Mass", "Point", "Slider", "Spring"]
