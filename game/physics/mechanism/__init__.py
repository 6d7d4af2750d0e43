"""Mechanisms in natural coordinates (SPEC §7.5): the system that moves (:mod:`.system`), its
positions and velocities on the constraints (:mod:`.assembly`), its poses and drags
(:mod:`.kinematics`), an independent Gibbs–Appell check of its accelerations
(:mod:`.gibbs_appell`). What each kind of row adds to all of them is the kind's own
(:mod:`game.model.mechanism.kinds`): the engine asks each element, in the file's order."""

from .assembly import Assembly, Constraint
from .kinematics import MechanismKinematics
from .system import MechanismSystem

__all__ = ["Assembly", "Constraint", "MechanismKinematics", "MechanismSystem"]
