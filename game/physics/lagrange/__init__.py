"""Models that move by their energies (SPEC §3): Euler–Lagrange in (q, p). The mechanics as
trees (:mod:`.mechanics`), the generated RK4 code (:mod:`.codegen`, written with the pieces of
:mod:`.emit`), the system that steps it (:mod:`.system`), the GRAPHICS block's bodies and drags
(:mod:`.kinematics`) and contacts (:mod:`.contacts`)."""

from .kinematics import GraphicsKinematics
from .system import System

__all__ = ["GraphicsKinematics", "System"]
