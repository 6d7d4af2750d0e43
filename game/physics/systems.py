"""The one place that knows both kinds of system: a model file moves as a mechanism when it has a
MECHANISM block, else by its energies (SPEC §7.5, §3)."""

from __future__ import annotations

from collections.abc import Mapping

from ..model import ModelFile, parameter_values
from .equations import Equations
from .lagrange.compiled import start_kernel
from .lagrange.equations import lagrange_equations
from .lagrange.system import System
from .mechanism import MechanismSystem
from .mechanism.equations import mechanism_equations
from .mechanism_contacts import ContactMechanism
from .state import MotionSystem


def build_system(model: ModelFile, parameters: Mapping[str, float], derivatives: str = "exact") -> MotionSystem:
    """The model's system: a Lagrangian one (generated code), or a mechanism's."""
    if model.mechanism is not None:
        if model.contacts:
            return ContactMechanism(model, parameters)
        mechanism = MechanismSystem(model, parameters)
        mechanism.compile_kernel = start_kernel  # its copies' step in machine code, compiled when first asked
        return mechanism
    return System(model, parameters, derivatives)


def build_equations(model: ModelFile) -> Equations:
    """The model's equations of motion as trees (``check --equations``): a Lagrangian model's with
    its parameters by name, a mechanism's from its engine (parameters as numbers)."""
    if model.mechanism is not None:
        return mechanism_equations(MechanismSystem(model, parameter_values(model)))
    return lagrange_equations(model)
