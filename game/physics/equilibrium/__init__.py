"""Equilibria, stability and normal modes of a model (SPEC §7.6; seed 004 §4, §12): the model at
rest from its own trees (:mod:`.rest`), the search for every zero of the force at rest
(:mod:`.search`), small motions about each (:mod:`.linear`), and the verdict, Floquet's for a
periodically driven model (:mod:`.analysis`); a mechanism's on its constraints
(:mod:`.constrained`)."""

from .analysis import analyse, floquet
from .linear import Mode
from .results import Analysis, Equilibrium, EquilibriumError

__all__ = ["Analysis", "Equilibrium", "EquilibriumError", "Mode", "analyse", "floquet"]
