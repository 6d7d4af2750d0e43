"""Mechanisms in natural coordinates (SPEC §7.5, seed 003): the ``<MECHANISM>`` block.

A mechanism is written as points, and elements between them: bars, point masses,
sliders, springs, drivers (motors) and applied forces. Its coordinates are the
x, y of every free point, named ``P_x``, ``P_y`` (velocities ``P_vx``, ``P_vy``).

- :mod:`.elements`: cells, :class:`Element` and its base :class:`Kind`, which registers every kind of row;
- :mod:`.terms`: what an element adds to the engine by default (:class:`Terms`: nothing), and what
  it asks of the engine (:class:`Engine`);
- :mod:`.kinds`: one class per kind of row (:data:`KINDS`), owning its cells, checks, words and terms;
- :mod:`.rows`: reading the rows (called by the reader for each row of the block);
- :mod:`.block`: the block as frozen data, :class:`Mechanism`;
- :mod:`.checks`: what can be checked without moving anything.
"""

from .block import Mechanism
from .checks import (
    check_names_of,
    check_numbers,
    extent,
    point_positions,
    reaction_columns,
    size,
)
from .elements import (
    FLAG,
    IDENT,
    NUMBER,
    OF_MOTION,
    OF_TIME,
    POINT,
    Cell,
    Element,
    coordinate_names,
    element_number,
    reaction_name,
    velocity_names,
)
from .kinds import KINDS
from .kinds.point import Point
from .rows import POINT_CELLS, ROWS, MechanismRows, layout

__all__ = [
    "FLAG", "IDENT", "KINDS", "NUMBER", "OF_MOTION", "OF_TIME", "POINT", "POINT_CELLS", "ROWS", "Cell", "Element", "Mechanism", "MechanismRows", "Point", "check_names_of",
    "check_numbers", "coordinate_names", "element_number", "extent", "layout", "point_positions",
    "reaction_columns", "reaction_name", "size", "velocity_names",
]
