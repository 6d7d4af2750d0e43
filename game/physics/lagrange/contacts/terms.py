"""A contact of a model in numbers (SPEC §7.3): its coefficients with the parameters' values, and
what :class:`~.contacts.Contacts` reads of it at one state — the motion without contact forces,
a contact's gap, rates and directions (:class:`Terms`), one resting alone (:class:`Rest`),
several at once (:class:`Batch`) — and what resting contacts do (:class:`Mode`, :class:`Push`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np

from ....expr import Node, algebra
from ....model import ModelFile
from ....model.contacts import coefficients

#: relative size under which a gap counts as touching and a speed as zero
TOUCH = 1e-9


@dataclass(frozen=True)
class BoundContact:
    """A contact of the model with numbers for its coefficients: ``friction`` is mu_s (the
    cone a sticking contact stays in), ``kinetic`` mu_k (what a sliding one feels)."""

    id: str
    restitution: float
    friction: float
    gap: Node
    slip: Node
    kinetic: float

    @cached_property
    def rubs(self) -> bool:
        """It has friction: mu > 0 and a slip that is not identically 0."""
        return self.friction > 0 and not algebra.is_zero(self.slip)


def bind_contacts(model: ModelFile, parameters: Mapping[str, float]) -> tuple[BoundContact, ...]:
    """The model's contacts with the parameters' values (ExpressionError if e or mu is out of range)."""
    out = []
    for c in model.contacts:
        e, mu, mu_k = coefficients(c, parameters)
        out.append(BoundContact(c.id, e, mu, algebra.bind(c.gap.tree, parameters), algebra.bind(c.slip.tree, parameters),
                                mu_k))
    return tuple(out)


def tolerance(direction: Sequence[float], v: Sequence[float]) -> float:
    """A rate along ``direction`` (J or S) below this is none, at velocities ``v``."""
    return TOUCH * math.hypot(*direction) * max(1.0, math.hypot(*v))


def dot(a: Sequence[float], b: Sequence[float]) -> float:
    return math.fsum(x * y for x, y in zip(a, b)) if len(a) > 8 else sum(x * y for x, y in zip(a, b))


class Motion:
    """The motion at one state without contact forces, as the generated ``dynamics`` gives it."""

    __slots__ = ("acceleration", "momentum_rate", "pivot", "support_power", "velocity", "work_power")

    def __init__(self, out: Sequence[float], n: int):
        self.velocity = out[:n]
        self.momentum_rate = out[n:2 * n]
        self.acceleration = out[2 * n:3 * n]
        self.pivot, self.work_power, self.support_power = out[3 * n:]


class Terms:
    """One contact at one state: its gap, rates, directions J and S, and T⁻¹ applied to them."""

    __slots__ = ("J", "S", "WJ", "WS", "c", "d", "gap", "rate", "slip", "velocity")

    def __init__(self, out: Sequence[float], solved: Sequence[float], velocity: Sequence[float], n: int):
        self.gap, self.rate, self.c, self.slip, self.d = out[:5]
        self.J, self.S = out[5:5 + n], out[5 + n:]
        self.WJ, self.WS = solved[:n], solved[n:]
        self.velocity = velocity


class Rest:
    """One contact resting alone at one state, as its generated ``rest<k>`` gives it (or as
    :meth:`of` works it out from its terms)."""

    __slots__ = (
        "J",
        "S",
        "an",
        "at",
        "gap",
        "gnn",
        "gns",
        "gss",
        "jv",
        "momentum_rate",
        "pivot",
        "rate",
        "slip",
        "support_power",
        "sv",
        "velocity",
        "work_power",
    )

    def __init__(self, out: Sequence[float], n: int):
        self.velocity, self.momentum_rate = out[:n], out[n:2 * n]
        self.J, self.S = out[2 * n:3 * n], out[3 * n:4 * n]
        (self.pivot, self.work_power, self.support_power, self.gap, self.rate, self.slip, self.an, self.at,
         self.gnn, self.gns, self.gss, self.jv, self.sv) = out[4 * n:]

    @classmethod
    def of(cls, tk: Terms, motion: Motion) -> Rest:
        J, S, v, acc = tk.J, tk.S, motion.velocity, motion.acceleration
        return cls((*v, *motion.momentum_rate, *J, *S, motion.pivot, motion.work_power, motion.support_power,
                    tk.gap, tk.rate, tk.slip, dot(J, acc) + tk.c, dot(S, acc) + tk.d, dot(J, tk.WJ),
                    dot(J, tk.WS), dot(S, tk.WS), dot(J, v), dot(S, v)), len(J))


class Batch:
    """Several contacts at one state, as arrays: the motion without contact forces, then one row
    per contact (in the order they were asked for) of gap, rate, slip, drifts c and d, J, S,
    T⁻¹Jᵀ and T⁻¹Sᵀ. From one call of a generated ``group<i>`` (or, for a set of contacts seen
    too seldom to be worth compiling, from each contact's own functions)."""

    __slots__ = ("J", "S", "WJ", "WS", "acceleration", "c", "d", "gap", "momentum_rate", "pivot", "rate", "slip",
                 "support_power", "v", "velocity", "work_power")

    def __init__(self, motion: Sequence[float], n: int, fields: np.ndarray, J: np.ndarray, S: np.ndarray,
                 WJ: np.ndarray, WS: np.ndarray):
        self.velocity, self.momentum_rate = list(motion[:n]), list(motion[n:2 * n])
        self.v = np.array(self.velocity)
        self.acceleration = np.array(motion[2 * n:3 * n])
        self.pivot, self.work_power, self.support_power = (float(x) for x in motion[3 * n:3 * n + 3])
        self.gap, self.rate, self.slip, self.c, self.d = fields
        self.J, self.S, self.WJ, self.WS = J, S, WJ, WS

    def terms(self, row: int) -> Terms:
        """Row ``row`` as the :class:`Terms` of its contact."""
        n = len(self.velocity)
        out = [float(self.gap[row]), float(self.rate[row]), float(self.c[row]), float(self.slip[row]),
               float(self.d[row]), *self.J[row].tolist(), *self.S[row].tolist()]
        return Terms(out, [*self.WJ[row].tolist(), *self.WS[row].tolist()], self.velocity, n)

    def motion(self) -> Motion:
        n = len(self.velocity)
        return Motion([*self.velocity, *self.momentum_rate, *self.acceleration.tolist(), self.pivot,
                       self.work_power, self.support_power], n)


class Mode(NamedTuple):
    """A resting contact and how its friction acts: ``sliding`` = 0 sticks (or has no
    friction), ±1 slides with that sign of slip (friction pushes the other way). A named
    tuple: the modes of a pile are compared at every stage, and tuples compare fast."""

    contact: int
    sliding: int = 0


class Push(NamedTuple):
    """The resting contacts' effect at one state: the motion without them (q̇, ṗ, the pivot,
    the powers), the generalized force they add to ṗ, its power, and each normal force."""

    velocity: Sequence[float]
    momentum_rate: Sequence[float]
    pivot: float
    work_power: float
    support_power: float
    force: list[float]
    power: float
    normal: list[float]
    #: per resting contact, how much a unit normal force accelerates its gap (J·T⁻¹·Jᵀ)
    stiffness: list[float]
    #: per resting contact, the normal acceleration without contact forces
    free: list[float]
