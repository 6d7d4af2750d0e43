"""What each kind of a mechanism's rows adds to the engine (SPEC §7.5): :data:`TERMS`, by the
model's class of the rows (:data:`game.model.mechanism.KINDS`), so that the engine never asks
which kind an element is. Each kind's module says its mass, its constraint, its energy and
forces, its reaction and arrows, its poses, and its Gibbs–Appell part (:class:`~.base.Terms`).
"""

from __future__ import annotations

from ....model.mechanism import Element
from ....model.mechanism.kinds import Bar, Driver, Force, Mass, Slider, Spring
from .bar import BarTerms
from .base import Drawing, Gauss, Reaction, Terms
from .driver import DriverTerms
from .force import ForceTerms
from .mass import MassTerms
from .point import PointTerms
from .slider import SliderTerms, on_line
from .spring import SpringTerms

#: the engine's terms of each kind of element, by the model's class of its rows
TERMS: dict[type[Element], Terms] = {
    Bar: BarTerms(), Mass: MassTerms(), Slider: SliderTerms(), Spring: SpringTerms(), Driver: DriverTerms(),
    Force: ForceTerms(),
}
#: the points' (pins on the free ones)
POINTS = PointTerms()


def terms(e: Element) -> Terms:
    """The engine's terms of an element's kind."""
    return TERMS[type(e)]


__all__ = ["POINTS", "TERMS", "Drawing", "Gauss", "Reaction", "Terms", "on_line", "terms"]
