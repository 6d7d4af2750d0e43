"""What an observer of the motion sees of the simulation that tells it of every step and break
(:class:`Watched`): the only way into the simulation an observer has."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import numpy as np

from ..state import Impact, MotionSystem, State


class Watched(Protocol):
    """What an observer of the motion (a trail, the history, a plot's record, the CSV of
    ``simulate``) sees of the simulation that tells it of every step and break (a
    :class:`~game.physics.simulation.Simulation`)."""

    @property
    def system(self) -> MotionSystem: ...

    @property
    def state(self) -> State: ...

    @property
    def parameters(self) -> Mapping[str, float]: ...

    @property
    def impacts(self) -> list[Impact]:
        """The impacts of the last step, oldest first."""
        ...

    @property
    def t(self) -> float: ...

    @property
    def q(self) -> np.ndarray: ...

    @property
    def qdot(self) -> np.ndarray: ...

    @property
    def does_work(self) -> bool: ...

    def sample(self) -> tuple[float, ...]:
        """t, q, q̇, Ek, Ep, E, DE, then the extra columns, now."""
        ...
