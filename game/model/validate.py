"""What model authors get wrong, found before anything moves.

:func:`validate` returns every problem it can find, each with file, line and
column: names that do not exist, duplicates, the CIs count against nQ, a T that
is not symmetric or not positive definite at the initial conditions, ``Obj``
references to missing objects or in a cycle, and — the check that saves
teachers hours — a TMATRIX that disagrees with the Hessian of Ek with respect
to the velocities.
"""

from __future__ import annotations

import numpy as np

from ..expr import (
    RESERVED,
    TIME,
    EvaluationError,
    ExpressionError,
    Location,
    SourceError,
    algebra,
    check_names,
    evaluate,
)
from ..expr.evaluate import Evaluator
from ..messages import Message, counted, msg, number
from . import contacts
from .constraints import constraint_problems
from .graphics import GraphicsResolver
from .measures import check_measures
from .mechanism import check_names_of, check_numbers, reaction_columns
from .types import ModelFile
from .values import condition_values, parameter_values, period_value, range_values

#: Relative tolerance for T against ∂²Ek/∂v∂v (both are evaluated exactly, so only
#: round-off separates them when they agree).
HESSIAN_TOLERANCE = 1e-9


def validate(model: ModelFile) -> list[SourceError]:
    problems: list[SourceError] = []
    _names(model, problems)
    if model.mechanism is not None:
        if model.constraints:
            problems.append(SourceError(msg("constraint.on_mechanism"), model.block_location("CONSTRAINTS")))
        if not problems:
            try:
                params = parameter_values(model)
                conds = condition_values(model, params)
            except ExpressionError as exc:
                problems.append(exc)
            else:
                check_numbers(model.mechanism, params, problems)
                # gaps and slips of the points' coordinates (SPEC §7.8)
                problems += contacts.number_problems(model.contacts, params, conds, list(model.coordinates))
    else:
        resolver = GraphicsResolver(model.graphics, model.coordinates, model.velocities)
        if not problems:
            _graphics(model, resolver, problems)
        if not problems:
            _numbers(model, resolver, problems)
    if not problems:
        _stated(model, problems)
    return sorted(problems, key=lambda p: (p.location.line, p.location.column))


def _names(model: ModelFile, problems: list[SourceError]) -> None:
    n = model.n
    seen: dict[str, Location] = {}

    def declare(name: str, location: Location, what: str) -> None:
        if name in RESERVED:
            problems.append(SourceError(msg("check.reserved", name=name, what=msg(f"what.{what}")), location))
        elif name in seen:
            problems.append(SourceError(msg("check.defined_twice", name=name, line=seen[name].line), location))
        else:
            seen[name] = location

    def names_ok(expr, known: set[str], what: Message) -> None:
        try:
            check_names(expr, known, what)
        except ExpressionError as exc:
            problems.append(exc)

    params: set[str] = set()
    for p in model.parameters:
        names_ok(p.value, params, msg("where.parameter"))
        declare(p.name, p.location, "parameter")
        params.add(p.name)
    conditions: set[str] = set()
    for c in model.conditions:
        names_ok(c.value, params, msg("where.condition"))
        if model.mechanism is not None and c.name in conditions:
            continue  # a point given twice: check_names_of says so once, of the point, not of P_x … P_vy
        conditions.add(c.name)
        declare(c.name, c.location, "condition")
    if model.mechanism is not None:  # its conditions are made from its free points
        check_names_of(model.mechanism, sorted(params), list(model.coordinates), list(model.velocities), problems)
        known = params | set(model.coordinates) | set(model.velocities) | {TIME}
        problems.extend(check_measures(model.measures, seen, known, reaction_columns(model.mechanism)))
        problems += contacts.name_problems(model.contacts, params, list(model.coordinates), list(model.velocities))
        return
    if len(model.conditions) != 2 * n:
        problems.append(SourceError(
            msg("check.ci_count" if n != 1 else "check.ci_count_one", n=n,
                rows=counted(len(model.conditions), "count.row", "count.rows"), needed=2 * n),
            model.general.location_of("nQ") or model.block_location("CIs")))
        return
    coords, vels = list(model.coordinates), list(model.velocities)
    assert model.kinetic is not None and model.potential is not None
    with_coords = params | set(coords) | {TIME}
    everything = with_coords | set(vels)

    given: dict[tuple[int, int], Location] = {}
    for e in model.tmatrix:
        if e.i >= n or e.j >= n:
            problems.append(SourceError(msg("check.t_outside", i=e.i, j=e.j, n=n, last=n - 1), e.location))
            continue
        if (e.i, e.j) in given:
            problems.append(SourceError(msg("check.t_twice", i=e.i, j=e.j, line=given[e.i, e.j].line), e.location))
        given[e.i, e.j] = e.location
        names_ok(e.value, with_coords, msg("where.tmatrix"))
    for (i, j), loc in given.items():
        if i != j and (j, i) not in given:
            problems.append(SourceError(msg("check.t_not_symmetric", i=i, j=j), loc))
    names_ok(model.kinetic, everything, msg("where.ek"))
    velocity_set = set(vels)
    ep_vels = [v for v, _ in model.potential.name_offsets if v in velocity_set]
    if ep_vels:
        off = dict(model.potential.name_offsets)[ep_vels[0]]
        problems.append(SourceError(msg("check.ep_velocity", name=ep_vels[0]), model.potential.location_of(off)))
    else:
        names_ok(model.potential, with_coords, msg("where.ep"))
    for f in model.forces:
        if f.coordinate not in coords:
            problems.append(SourceError(
                msg("check.force_not_coordinate", name=f.coordinate, coordinates=", ".join(coords)), f.location))
        names_ok(f.value, everything, msg("where.force"))
    problems.extend(check_measures(model.measures, seen, everything))
    ids: dict[str, Location] = {}
    for g in model.graphics:
        if g.id in ids:
            problems.append(SourceError(msg("check.object_twice", name=g.id, line=ids[g.id].line), g.location))
        ids[g.id] = g.location
        for _, expr in g.fields:
            names_ok(expr, everything, msg("where.graphics"))
    for g in model.graphics:
        if g.parent is not None and g.parent not in ids:
            problems.append(SourceError(msg("check.parent_missing", parent=g.parent, name=g.id), g.location))
    problems += contacts.name_problems(model.contacts, params, coords, vels)
    taken = {*seen, *(m.name for m in model.measures)}
    problems += constraint_problems(model.constraints, params, coords, vels, taken)


def _stated(model: ModelFile, problems: list[SourceError]) -> None:
    """``periodo=`` and the ``range:`` cells have values with the file's parameters."""
    try:
        params = parameter_values(model)
        period_value(model, params)
        range_values(model, params)
    except ExpressionError as exc:
        problems.append(exc)


def _graphics(model: ModelFile, resolver: GraphicsResolver, problems: list[SourceError]) -> None:
    for g in model.graphics:
        for name, _ in g.fields:
            try:
                resolver.field(g.id, name)
            except ExpressionError as exc:
                # one report per broken reference, one per cycle
                repeated = any(str(p) == str(exc) or (exc.key == p.key == "obj.cycle") for p in problems)
                if not repeated:
                    problems.append(exc)


def _numbers(model: ModelFile, resolver: GraphicsResolver, problems: list[SourceError]) -> None:
    """Everything computed at the initial conditions: T, its symmetry, the energies, the
    forces, T against the Hessian of Ek, and every field of every graphic object."""
    try:
        params = parameter_values(model)
        conds = condition_values(model, params)
    except ExpressionError as exc:
        problems.append(exc)
        return
    problems += contacts.number_problems(model.contacts, params, conds, list(model.coordinates))
    n = model.n
    env = {**params, **conds, TIME: 0.0}
    T = np.zeros((n, n))
    where: dict[tuple[int, int], Location] = {}
    for e in model.tmatrix:
        try:
            T[e.i, e.j] = evaluate(e.value.tree, env)
        except EvaluationError as exc:
            problems.append(SourceError(msg("check.t_entry_value", i=e.i, j=e.j, reason=exc.reason), e.value.location))
            return
        where[e.i, e.j] = e.location
    tm_loc = model.block_location("TMATRIX")
    scale = max(float(np.abs(T).max()), 1e-300)
    for i in range(n):
        for j in range(i + 1, n):
            if abs(T[i, j] - T[j, i]) > HESSIAN_TOLERANCE * scale:
                problems.append(SourceError(
                    msg("check.t_not_symmetric_values", i=i, j=j, a=number(T[i, j]), b=number(T[j, i])),
                    where.get((j, i), tm_loc)))
                return
    for label, expr in (("Ek", model.kinetic), ("Ep", model.potential)):
        assert expr is not None  # (a mechanism has neither, and is checked elsewhere)
        try:
            evaluate(expr.tree, env)
        except EvaluationError as exc:
            problems.append(SourceError(msg("check.energy_value", what=label, reason=exc.reason), expr.location))
    for f in model.forces:
        try:
            evaluate(f.value.tree, env)
        except EvaluationError as exc:
            problems.append(SourceError(msg("check.force_value", name=f.coordinate, reason=exc.reason), f.value.location))
    if problems:
        return
    if not _hessian(model, env, T, where, problems):
        return
    try:
        np.linalg.cholesky(T)
    except np.linalg.LinAlgError:
        eig = np.linalg.eigvalsh(T)
        problems.append(SourceError(msg("check.t_not_positive", value=number(eig.min())), tm_loc))
        return
    value = Evaluator(env)
    for g in model.graphics:
        for name, expr in g.fields:
            try:
                value(resolver.field(g.id, name))
            except EvaluationError as exc:
                problems.append(SourceError(msg("check.graphic_value", field=name, name=g.id, reason=exc.reason),
                                            expr.location))


def _hessian(model: ModelFile, env: dict[str, float], T: np.ndarray, where: dict[tuple[int, int], Location],
             problems: list[SourceError]) -> bool:
    """T against ∂²Ek/∂v∂v at the initial conditions, exactly; False after a problem."""
    n = model.n
    vels = model.velocities
    assert model.kinetic is not None
    tm_loc = model.block_location("TMATRIX")
    H = np.zeros((n, n))
    for i in range(n):
        d_i = algebra.diff(model.kinetic.tree, vels[i])
        for j in range(i, n):
            try:
                H[i, j] = H[j, i] = evaluate(algebra.diff(d_i, vels[j]), env)
            except EvaluationError as exc:
                problems.append(SourceError(msg("check.ek_not_differentiable", reason=exc.reason), model.kinetic.location))
                return False
    scale = max(float(np.abs(T).max()), 1e-300)
    hscale = max(scale, float(np.abs(H).max()))
    for i in range(n):
        for j in range(n):
            if abs(T[i, j] - H[i, j]) > HESSIAN_TOLERANCE * hscale:
                deriv = f"∂²Ek/∂{vels[i]}²" if i == j else f"∂²Ek/∂{vels[i]}∂{vels[j]}"
                problems.append(SourceError(
                    msg("check.t_disagrees", i=i, j=j, t=number(T[i, j]), derivative=deriv, h=number(H[i, j])),
                    where.get((i, j), tm_loc)))
                return False
    return True
