"""The engine: Euler–Lagrange in (q, p), RK4 substeps and steppers, energies (SPEC §3, §8).

Pure Python + NumPy; never imports pygame.
"""

from .codegen import generate
from .emit import EPSILON
from .mechanics import Mechanics, build_mechanics
from .simulation import Simulation
from .state import Kinematics, MotionSystem, SimulationError, State
from .steppers import PIVOT_MIN, RK4, EventRK4, Projected, Stepper
from .system import System
from .systems import build_system

__all__ = [
    "EPSILON", "PIVOT_MIN", "RK4", "EventRK4", "Kinematics", "Mechanics", "MotionSystem", "Projected", "Simulation",
    "SimulationError", "State", "Stepper", "System", "build_mechanics", "build_system", "generate",
]
