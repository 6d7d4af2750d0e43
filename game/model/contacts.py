"""One-sided contacts of a model file: the ``<CONTACTS>`` block (SPEC §7.3).

A row ``<K>id|'gap'|'e'|'mu'|'slip'|description</K>`` says that ``gap`` (of the
coordinates, t and the parameters) never goes below 0; when it reaches 0 the
bodies touch and an impulse with restitution ``e`` and Coulomb friction ``mu``
acts along ``slip``, the sliding speed at the contact (linear in the
velocities; ``'0'`` means no friction).

An optional trailing cell after the description (an addition to SPEC §7.3, which
keeps its order) is the kinetic coefficient: ``<K>id|'gap'|'e'|'mu'|'slip'|description|'mu_k'</K>``.
Then ``mu`` is the static one, mu_s: a contact sticks while the friction it needs
is at most mu_s times the normal force or impulse, and slides with mu_k times it
otherwise; 0 ≤ mu_k ≤ mu_s. Without it mu_k = mu_s = mu.

Reading a row is :func:`contact_row`; what the rows mean together (known names,
slip linear in the velocities, e in [0, 1], mu ≥ 0 and 0 ≤ mu_k ≤ mu at the
parameters' values, no contact crossed at the initial conditions, no gap that
could never stop anything: ``'0'``, ``'abs(y - r)'``, ``'(y - r)³'``) is
:func:`name_problems` and :func:`number_problems`, called by :mod:`game.model.validate`.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ..expr import (
    TIME,
    EvaluationError,
    Expression,
    ExpressionError,
    Location,
    SourceError,
    algebra,
    check_names,
    evaluate,
    names_in,
)
from ..expr.intervals import value_range
from ..messages import Message, msg, number

#: The cells of a contact row after ``<K>``, in order (a description and then mu_k may follow).
CONTACT_FIELDS = ("id", "gap", "e", "mu", "slip")

#: A contact whose gap at the initial conditions is below −this (model units) starts crossed.
CROSSED_AT_START = 1e-9

#: mu and mu_k above this are refused: the impulses' friction part would swamp the normal part to
#: the last digit (a contact that must not slide needs a mu of a few units, not more)
MOST_FRICTION = 1e6

#: the engine finds a contact to 1e-9 of its gap (contacts' ``TOUCH``): a gap must change by at
#: least this much per unit of the coordinates (relative to their size) for that to be within
#: 1e-5 of them, else the bodies stop short of each other or pass through
LEAST_GAP_SLOPE = 1e-4


@dataclass(frozen=True)
class Contact:
    """One ``<K>`` row: the gap that stays ≥ 0, restitution, friction and the slip speed."""

    id: str
    gap: Expression
    restitution: Expression
    friction: Expression
    slip: Expression
    description: str
    location: Location
    #: the kinetic friction coefficient mu_k (the optional last cell); None: the same as mu
    kinetic: Expression | None = None


class Cell(Protocol):
    """A cell of a row as the reader splits it: its text and where it starts."""

    @property
    def text(self) -> str: ...

    @property
    def location(self) -> Location: ...


C = TypeVar("C", bound=Cell)


def contact_row(cells: Sequence[C], row_location: Location,
                name: Callable[[C, str], str | None],
                expression: Callable[[C], Expression | None],
                problem: Callable[[Message, Location], None]) -> Contact | None:
    """The contact of one ``<K>`` row, or None after reporting what is wrong with it
    (``name``, ``expression`` and ``problem`` are the reader's own, so every message has
    the file's line and column)."""
    if len(cells) not in (5, 6, 7):
        problem(msg("read.contact_cells", found=len(cells)), row_location)
        return None
    if len(cells) == 7 and _TRANSLATION.match(cells[6].text):
        # a contact's description has no translations: the last cell is mu_k's
        problem(msg("read.contact_translation", text=cells[6].text.strip()[:40]), cells[6].location)
        return None
    ident = name(cells[0], "contact")
    gap, e, mu, slip = (expression(c) for c in cells[1:5])
    # a quoted sixth cell is mu_k written without a description, not a description in quotes
    quoted = len(cells) == 6 and _QUOTED.fullmatch(cells[5].text) is not None
    kinetic = expression(cells[-1]) if len(cells) == 7 or quoted else None
    if ident is None or gap is None or e is None or mu is None or slip is None or (
            (len(cells) == 7 or quoted) and kinetic is None):
        return None
    description = cells[5].text if len(cells) >= 6 and not quoted else ""
    return Contact(ident, gap, e, mu, slip, description, cells[0].location, kinetic)


#: a cell of the form ``en: text`` (a translation, as after a parameter's description)
_TRANSLATION = re.compile(r"\s*[a-z]{2}\s*:")
#: a cell that is all one quoted expression
_QUOTED = re.compile(r"\s*'[^']*'\s*")


# -- what the rows mean ------------------------------------------------------------------------


def name_problems(contacts: Sequence[Contact], parameters: Collection[str], coordinates: Sequence[str],
                  velocities: Sequence[str]) -> list[SourceError]:
    """Names each expression may use, ids, and slip linear in the velocities."""
    problems: list[SourceError] = []
    with_coords = {*parameters, *coordinates, TIME}
    seen: dict[str, Location] = {}

    def names_ok(expr: Expression, known: Collection[str], what: Message) -> bool:
        try:
            check_names(expr, known, what)
        except ExpressionError as exc:
            problems.append(exc)
            return False
        return True

    for c in contacts:
        first = seen.get(c.id)
        if first is not None:
            problems.append(SourceError(msg("check.defined_twice", name=c.id, line=first.line), c.location))
        seen.setdefault(c.id, c.location)
        names_ok(c.gap, with_coords, msg("where.gap"))
        names_ok(c.restitution, parameters, msg("where.restitution"))
        names_ok(c.friction, parameters, msg("where.friction"))
        if c.kinetic is not None:
            names_ok(c.kinetic, parameters, msg("where.kinetic"))
        if names_ok(c.slip, with_coords | set(velocities), msg("where.slip")):
            problem = nonlinear_velocity(c.slip, velocities)
            if problem is not None:
                problems.append(problem)
    return problems


def nonlinear_velocity(slip: Expression, velocities: Sequence[str], key: str = "check.slip_not_linear"
                       ) -> SourceError | None:
    """A problem (said by ``key``) if ``slip`` is not linear in the velocities: ∂slip/∂v must not
    depend on any v (a contact's slip, a constraint's velocity row)."""
    used = [v for v in velocities if v in names_in(slip.tree)]
    for v in used:
        rate = algebra.diff(slip.tree, v)
        if not names_in(rate) & set(velocities) or _vanishes(rate, used):
            continue
        offset = dict(slip.name_offsets)[v]
        return SourceError(msg(key, name=v), slip.location_of(offset))
    return None


def _vanishes(rate, velocities: Sequence[str]) -> bool:
    """``rate`` (∂slip/∂v) is the same whatever the velocities, at a few points: linear after
    all, only not simplified. (Comparing values, not second derivatives, also catches
    abs(v) and sgn(v), whose second derivatives are 0 almost everywhere.)"""
    names = sorted(names_in(rate))
    pick = random.Random(7)
    for _ in range(4):
        env = {n: pick.uniform(-2.0, 2.0) for n in names}
        other = {**env, **{v: pick.uniform(-2.0, 2.0) for v in velocities}}
        try:
            a, b = evaluate(rate, env), evaluate(rate, other)
        except EvaluationError:
            continue
        if abs(a - b) > 1e-9 * max(1.0, abs(a), abs(b)):
            return False
    return True


def coefficient_problems(contact: Contact, parameters: Mapping[str, float]) -> list[SourceError]:
    """e must be in [0, 1], mu ≥ 0 and mu_k in [0, mu] at the parameters' values."""
    problems: list[SourceError] = []
    values: dict[str, float] = {}
    checks = [("e", contact.restitution, 0.0, 1.0, "check.restitution_value", "check.restitution_range"),
              ("mu", contact.friction, 0.0, math.inf, "check.friction_value", "check.friction_range")]
    if contact.kinetic is not None:
        checks.append(("mu_k", contact.kinetic, 0.0, math.inf, "check.kinetic_value", "check.kinetic_range"))
    for key, expr, low, high, cannot, outside in checks:
        try:
            value = evaluate(expr.tree, parameters)
        except EvaluationError as exc:
            problems.append(SourceError(msg(cannot, name=contact.id, reason=exc.reason), expr.location))
            continue
        bound = {}
        if key == "mu_k":  # at most mu (the static one), when that has a value
            high = values.get("mu", math.inf)
            bound = {"mu": number(high)}
        if not low <= value <= high:
            problems.append(SourceError(msg(outside, name=contact.id, value=number(value), **bound), expr.location))
        elif key != "e" and value > MOST_FRICTION:
            problems.append(SourceError(msg("check.friction_huge", name=contact.id, key=key, value=number(value),
                                            most=number(MOST_FRICTION)), expr.location))
        values[key] = value
    return problems


def coefficients(contact: Contact, parameters: Mapping[str, float]) -> tuple[float, float, float]:
    """(e, mu_s, mu_k) at the parameters' values; raises the first problem as an ExpressionError."""
    problems = coefficient_problems(contact, parameters)
    if problems:
        raise ExpressionError(problems[0].reason, problems[0].location)
    mu = evaluate(contact.friction.tree, parameters)
    kinetic = mu if contact.kinetic is None else evaluate(contact.kinetic.tree, parameters)
    return evaluate(contact.restitution.tree, parameters), mu, kinetic


def number_problems(contacts: Sequence[Contact], parameters: Mapping[str, float],
                    conditions: Mapping[str, float], coordinates: Sequence[str] = ()) -> list[SourceError]:
    """Coefficients in range, no gap below 0 at the initial conditions, and each gap one that
    can stop something (:func:`gap_problem`; needs the ``coordinates``' names)."""
    problems: list[SourceError] = []
    env = {**parameters, **conditions, TIME: 0.0}
    for c in contacts:
        problems += coefficient_problems(c, parameters)
        try:
            gap = evaluate(c.gap.tree, env)
        except EvaluationError as exc:
            problems.append(SourceError(msg("check.gap_value", name=c.id, reason=exc.reason), c.gap.location))
            continue
        if gap < -CROSSED_AT_START:
            problems.append(SourceError(msg("check.contact_inside", name=c.id, gap=number(gap)), c.gap.location))
        elif coordinates:
            problem = gap_problem(c, parameters, env, coordinates)
            if problem is not None:
                problems.append(problem)
    return problems


#: a gap's derivatives this much smaller where it reaches 0 than a little away from there are none
FLAT = 1e-6


def gap_problem(contact: Contact, parameters: Mapping[str, float], start: Mapping[str, float],
                coordinates: Sequence[str]) -> SourceError | None:
    """A problem if the gap cannot stop anything, so that the bodies would go through each
    other without a word: it does not depend on the coordinates (``'0'``); it is never below 0
    whatever they are (``'abs(y - r)'``, ``'(y - r)²'``: a crossing is what the engine looks
    for), as interval arithmetic can tell; or where it reaches 0 from the initial conditions
    ``start`` (following Newton's method) its derivatives by the coordinates are all 0
    (``'(y - r)³'``), so no impulse or force along them could push."""
    where = contact.gap.location
    tree = algebra.bind(contact.gap.tree, parameters)
    used = [q for q in coordinates if q in names_in(tree)]
    try:
        rates = [algebra.diff(tree, q) for q in used]
    except ValueError:  # a function without a derivative: nothing to say here
        return None
    if all(algebra.is_zero(r) for r in rates):
        return SourceError(msg("check.gap_constant", name=contact.id), where)
    # (the range's ends are widened by a few units in the last place: a 0 comes out as −1e-323)
    if value_range(tree, {TIME: (0.0, math.inf)})[0] >= -CROSSED_AT_START:
        return SourceError(msg("check.gap_never_negative", name=contact.id), where)
    try:
        at = _zero_from(tree, rates, used, dict(start))
        if at is None:
            return _unresolved(contact, tree, rates, used, start)
        env, slope = at
        # the slope a little away from there, along each coordinate
        step = 1e-3 * max(1.0, max(abs(env[q]) for q in used))
        around = 0.0
        for q in used:
            for side in (-step, step):
                around = max(around, _norm(rates, {**env, q: env[q] + side}))
    except EvaluationError:
        return None
    if slope <= FLAT * around:
        shown = ", ".join(f"{q} = {number(env[q])}" for q in used)
        return SourceError(msg("check.gap_flat", name=contact.id, where=shown), where)
    return _unresolved(contact, tree, rates, used, start)


def _unresolved(contact: Contact, tree, rates: Sequence, used: Sequence[str], start: Mapping[str, float]
                ) -> SourceError | None:
    """A problem if the gap cannot be followed from the initial conditions (:func:`gap_resolution`)."""
    def at(node) -> Callable[[dict[str, float]], float]:
        return lambda env: evaluate(node, env)

    try:
        why = gap_resolution(at(tree), [at(r) for r in rates], used, dict(start))
    except EvaluationError:
        return None
    return None if why is None else SourceError(msg(why[0], name=contact.id, **why[1]), contact.gap.location)


def _norm(rates: Sequence, env: Mapping[str, float]) -> float:
    return math.sqrt(math.fsum(evaluate(r, env) ** 2 for r in rates))


def _zero_from(tree, rates: Sequence, used: Sequence[str], env: dict[str, float]
               ) -> tuple[dict[str, float], float] | None:
    """A point where the gap is 0, reached from ``env`` by Newton steps (bisection once it has
    crossed), and the size of its derivatives there; None if none is reached."""
    for _ in range(200):
        gap = evaluate(tree, env)
        slope = [evaluate(r, env) for r in rates]
        size = math.fsum(d * d for d in slope)
        if gap == 0.0 or size == 0.0:
            return (env, math.sqrt(size)) if gap == 0.0 else None
        new = {**env, **{q: env[q] - gap * d / size for q, d in zip(used, slope)}}
        if all(new[q] == env[q] for q in used):  # as close as the numbers go
            return env, math.sqrt(size)
        after = evaluate(tree, new)
        if after < 0.0 and gap > 0.0:  # crossed: the zero is between
            lo, hi = env, new
            for _ in range(100):
                mid = {**lo, **{q: 0.5 * (lo[q] + hi[q]) for q in used}}
                if all(mid[q] in (lo[q], hi[q]) for q in used):
                    break
                if evaluate(tree, mid) >= 0.0:
                    lo = mid
                else:
                    hi = mid
            return lo, _norm(rates, lo)
        env = new
    return None


def gap_resolution(gap: Callable[[dict[str, float]], float], rates: Sequence[Callable[[dict[str, float]], float]],
                   used: Sequence[str], env: dict[str, float]) -> tuple[str, dict[str, str]] | None:
    """Why a gap cannot be followed near ``env`` (the key of a message and its values), or None:
    its slope by the coordinates ``used`` is below :data:`LEAST_GAP_SLOPE` (relative to their
    size), or its values do not change as that slope says (they cancel to round-off:
    ``'(y - r + 1e17) - 1e17'``). ``rates`` are its derivatives by ``used``; the same test
    serves ``check`` (at the initial conditions) and a run (where a gap depends on t)."""
    scale = max(1.0, max((abs(env[q]) for q in used), default=0.0))
    slope = [r(env) for r in rates]
    size = math.sqrt(math.fsum(d * d for d in slope))
    if not size * scale >= LEAST_GAP_SLOPE:  # (nan and inf are said too)
        return "check.gap_gentle", {"slope": number(size), "least": number(LEAST_GAP_SLOPE / scale)}
    # a central difference along the slope, over a small part of the coordinates' size
    h = 1e-3 * scale / size
    ahead = {**env, **{q: env[q] + h * d for q, d in zip(used, slope)}}
    behind = {**env, **{q: env[q] - h * d for q, d in zip(used, slope)}}
    change = (gap(ahead) - gap(behind)) / (2 * h * size)
    if not abs(change - size) <= 0.1 * size:
        return "check.gap_inexact", {"slope": number(size), "change": number(change)}
    return None
