"""The engine: Euler–Lagrange in (q, p), RK4 substeps and steppers, energies (SPEC §3, §8).

Pure Python + NumPy; never imports pygame.
"""

from .lagrange.codegen import generate
from .lagrange.emit import EPSILON
from .lagrange.mechanics import Mechanics, build_mechanics
from .lagrange.system import System
from .simulation import Simulation
from .state import Kinematics, MotionSystem, SimulationError, State
from .steppers import PIVOT_MIN, RK4, EventRK4, Projected, Stepper
from .systems import build_system

__all__ = [
    "EPSILON", "PIVOT_MIN", "RK4", "EventRK4", "Kinematics", "Mechanics", "MotionSystem", "Projected", "Simulation",
    "SimulationError", "State", "Stepper", "System", "build_mechanics", "build_system", "generate",
]
