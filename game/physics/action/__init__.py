"""The action and two-point problems (SPEC §7.7, seed 004 §8–13): the true paths between given
positions at two times found by shooting (:mod:`.shooting`), checked against a discretised action
(:mod:`.discrete`) whose second variation gives their Morse index; varied paths S(q + ε·η)
(:mod:`.vary`). Built on the model's trees (:mod:`.lagrangian`) and generated code."""

from .discrete import DiscreteAction
from .lagrangian import Lagrangian, unsupported
from .problem import ActionError, TruePath, TwoPoint, two_point

__all__ = ["ActionError", "DiscreteAction", "Lagrangian", "TruePath", "TwoPoint", "two_point", "unsupported"]
