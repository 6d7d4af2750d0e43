"""What an analysis of equilibria gives (SPEC §7.6): each equilibrium with its kind and modes (and,
for a mechanism, its reactions), or an :class:`EquilibriumError` that says why there are none."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...messages import MessageError
from .linear import Mode


class EquilibriumError(MessageError):
    """Why a model's equilibria cannot be given (a :class:`Message`, written when it is shown)."""


@dataclass(frozen=True)
class Equilibrium:
    q: np.ndarray
    potential: float
    #: stable, unstable, neutral, damped, driven-stable or driven-unstable
    kind: str
    modes: tuple[Mode, ...]
    #: the directions (columns) along which a family of equilibria passes through q (n×0: isolated)
    family: np.ndarray
    #: a mechanism's reactions at rest there, by :attr:`Analysis.reaction_ids` (a bar's tension, …)
    reactions: tuple[float, ...] = ()


@dataclass(frozen=True)
class Analysis:
    coordinates: tuple[str, ...]
    equilibria: tuple[Equilibrium, ...]
    #: "still" (no t), "steady" (t read, numbers constant) or "periodic"
    time: str
    period: float | None
    starts: int
    #: a mechanism's constraints that carry a reaction (bars, sliders, drivers), in file order
    reaction_ids: tuple[str, ...] = ()
