"""Mechanisms in natural coordinates (SPEC §7.5): the system that moves (:mod:`.system`), its
positions and velocities on the constraints (:mod:`.assembly`), its poses and drags
(:mod:`.kinematics`), an independent Gibbs–Appell check of its accelerations
(:mod:`.gibbs_appell`), and what each kind of row adds to all of them (:mod:`.kinds`)."""

from .assembly import Assembly, Constraint
from .kinematics import MechanismKinematics
from .system import MechanismSystem

__all__ = ["Assembly", "Constraint", "MechanismKinematics", "MechanismSystem"]
