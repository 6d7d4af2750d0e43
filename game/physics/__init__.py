"""The engine: Euler–Lagrange in (q, p), RK4 substeps and steppers, energies (SPEC §3, §8).

Pure Python + NumPy; never imports pygame.
"""

from .codegen import EPSILON, generate
from .mechanics import Mechanics, build_mechanics
from .simulation import Simulation
from .steppers import PIVOT_MIN, RK4, EventRK4, Projected, Stepper
from .system import SimulationError, State, System

__all__ = [
    "EPSILON", "PIVOT_MIN", "RK4", "EventRK4", "Mechanics", "Projected", "Simulation", "SimulationError",
    "State", "Stepper", "System", "build_mechanics", "generate",
]
