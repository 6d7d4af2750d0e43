"""The engine: Euler–Lagrange in (q, p), RK4 substeps, energies (SPEC §3).

Pure Python + NumPy; never imports pygame.
"""

from .codegen import EPSILON, generate
from .mechanics import Mechanics, build_mechanics
from .simulation import Simulation
from .system import PIVOT_MIN, SimulationError, State, System

__all__ = [
           "EPSILON",
           "PIVOT_MIN",
           "Mechanics",
           "Simulation",
           "SimulationError",
           "State",
           "System",
           "build_mechanics",
           "generate",
]
