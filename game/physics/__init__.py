"""The engine (SPEC §3, §7, §8): a model ready to move as one of two kinds of system — by its
energies, Euler–Lagrange in (q, p) with generated RK4 code (:mod:`.lagrange`), or a mechanism in
natural coordinates (:mod:`.mechanism`) — that the rest of the program asks through one protocol
(:mod:`.state`), stepped (:mod:`.steppers`), watched (:mod:`.observe`) and run as a
:class:`Simulation`.

Pure Python + NumPy; never imports pygame.
"""

from .lagrange.codegen import generate
from .lagrange.emit import EPSILON
from .lagrange.mechanics import Mechanics, build_mechanics
from .lagrange.system import System
from .observe.watched import Watched
from .simulation import Simulation
from .state import BatchPath, Kinematics, MotionSystem, SimulationError, State
from .steppers import PIVOT_MIN, RK4, EventRK4, Projected, Stepper
from .systems import build_system

__all__ = [
    "EPSILON", "PIVOT_MIN", "RK4", "BatchPath", "EventRK4", "Kinematics", "Mechanics", "MotionSystem", "Projected",
    "Simulation", "SimulationError", "State", "Stepper", "System", "Watched", "build_mechanics", "build_system",
    "generate",
]
