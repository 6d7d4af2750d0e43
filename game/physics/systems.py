"""The one place that knows both kinds of system: a model file moves as a mechanism when it has a
MECHANISM block, else by its energies (SPEC §7.5, §3)."""

from __future__ import annotations

from collections.abc import Mapping

from ..model import ModelFile
from .lagrange.system import System
from .mechanism import MechanismSystem
from .mechanism_contacts import ContactMechanism
from .state import MotionSystem


def build_system(model: ModelFile, parameters: Mapping[str, float], derivatives: str = "exact") -> MotionSystem:
    """The model's system: a Lagrangian one (generated code), or a mechanism's."""
    if model.mechanism is not None:
        return ContactMechanism(model, parameters) if model.contacts else MechanismSystem(model, parameters)
    return System(model, parameters, derivatives)
