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
from .graphics import GraphicsResolver
from .mechanism import check_names_of, check_numbers
from .types import ModelFile
from .values import condition_values, parameter_values

#: Relative tolerance for T against ∂²Ek/∂v∂v (both are evaluated exactly, so only
#: round-off separates them when they agree).
HESSIAN_TOLERANCE = 1e-9


def validate(model: ModelFile) -> list[SourceError]:
    problems: list[SourceError] = []
    _names(model, problems)
    if model.mechanism is not None:
        if not problems:
            try:
                params = parameter_values(model)
                condition_values(model, params)
            except ExpressionError as exc:
                problems.append(exc)
            else:
                check_numbers(model.mechanism, params, problems)
    else:
        if not problems:
            _graphics(model, problems)
        if not problems:
            _numbers(model, problems)
    return sorted(problems, key=lambda p: (p.location.line, p.location.column))


def _names(model: ModelFile, problems: list[SourceError]) -> None:
    n = model.n
    seen: dict[str, Location] = {}

    def declare(name: str, location: Location, what: str) -> None:
        if name in RESERVED:
            problems.append(SourceError(f"'{name}' is a reserved word and cannot name a {what}", location))
        elif name in seen:
            problems.append(SourceError(f"'{name}' is defined twice (first at line {seen[name].line})", location))
        else:
            seen[name] = location

    def names_ok(expr, known, what: str = "") -> None:
        try:
            check_names(expr, known, what)
        except ExpressionError as exc:
            problems.append(exc)

    params: list[str] = []
    for p in model.parameters:
        names_ok(p.value, params, "(a parameter value may use only the parameters above it)")
        declare(p.name, p.location, "parameter")
        params.append(p.name)
    for c in model.conditions:
        names_ok(c.value, params, "(a condition value may use the parameters)")
        declare(c.name, c.location, "condition")
    if model.mechanism is not None:  # its conditions are made from its free points
        check_names_of(model.mechanism, params, list(model.coordinates), list(model.velocities), problems)
        return
    if len(model.conditions) != 2 * n:
        problems.append(SourceError(
            f"nQ={n} but <CIs> has {len(model.conditions)} rows; it needs {2 * n}: "
            f"the {n} coordinates, then their {n} velocities", model.general.location_of("nQ") or model.block_location("CIs")))
        return
    coords, vels = list(model.coordinates), list(model.velocities)
    assert model.kinetic is not None and model.potential is not None
    with_coords = params + coords + [TIME]
    everything = with_coords + vels

    given: dict[tuple[int, int], Location] = {}
    for e in model.tmatrix:
        if e.i >= n or e.j >= n:
            problems.append(SourceError(f"T index {e.i},{e.j} is outside a {n}×{n} matrix (indices go from 0 to {n - 1})", e.location))
            continue
        if (e.i, e.j) in given:
            problems.append(SourceError(f"T entry {e.i},{e.j} is given twice (first at line {given[e.i, e.j].line})", e.location))
        given[e.i, e.j] = e.location
        names_ok(e.value, with_coords, "(T may use parameters, coordinates and t)")
    for (i, j), loc in given.items():
        if i != j and (j, i) not in given:
            problems.append(SourceError(f"T is not symmetric: entry {i},{j} is given but {j},{i} is missing (missing entries are 0)", loc))
    names_ok(model.kinetic, everything, "(Ek may use parameters, coordinates, velocities and t)")
    ep_vels = [v for v, _ in model.potential.name_offsets if v in vels]
    if ep_vels:
        off = dict(model.potential.name_offsets)[ep_vels[0]]
        problems.append(SourceError(
            f"Ep may not depend on the velocity '{ep_vels[0]}' (velocity terms belong in Ek)", model.potential.location_of(off)))
    else:
        names_ok(model.potential, with_coords, "(Ep may use parameters, coordinates and t)")
    for f in model.forces:
        if f.coordinate not in coords:
            problems.append(SourceError(
                f"'{f.coordinate}' is not a coordinate; a force row starts with one of: {', '.join(coords)}", f.location))
        names_ok(f.value, everything, "(a force may use parameters, coordinates, velocities and t)")
    ids: dict[str, Location] = {}
    for g in model.graphics:
        if g.id in ids:
            problems.append(SourceError(f"object '{g.id}' is defined twice (first at line {ids[g.id].line})", g.location))
        ids[g.id] = g.location
        for _, expr in g.fields:
            names_ok(expr, everything, "(graphics may use parameters, coordinates, velocities and t)")
    for g in model.graphics:
        if g.parent is not None and g.parent not in ids:
            problems.append(SourceError(f"parent '{g.parent}' of '{g.id}' is not an object of this model", g.location))


def _graphics(model: ModelFile, problems: list[SourceError]) -> None:
    resolver = GraphicsResolver(model.graphics, model.coordinates, model.velocities)
    for g in model.graphics:
        for name, _ in g.fields:
            try:
                resolver.field(g.id, name)
            except ExpressionError as exc:
                # one report per broken reference, one per cycle
                repeated = any(str(p) == str(exc) or ("cycle" in exc.message and "cycle" in p.message) for p in problems)
                if not repeated:
                    problems.append(exc)


def _numbers(model: ModelFile, problems: list[SourceError]) -> None:
    try:
        params = parameter_values(model)
        conds = condition_values(model, params)
    except ExpressionError as exc:
        problems.append(exc)
        return
    n = model.n
    env = {**params, **conds, TIME: 0.0}
    T = np.zeros((n, n))
    where: dict[tuple[int, int], Location] = {}
    for e in model.tmatrix:
        try:
            T[e.i, e.j] = evaluate(e.value.tree, env)
        except EvaluationError as exc:
            problems.append(SourceError(f"T entry {e.i},{e.j} cannot be computed at the initial conditions: {exc}", e.value.location))
            return
        where[e.i, e.j] = e.location
    tm_loc = model.block_location("TMATRIX")
    scale = max(float(np.abs(T).max()), 1e-300)
    for i in range(n):
        for j in range(i + 1, n):
            if abs(T[i, j] - T[j, i]) > HESSIAN_TOLERANCE * scale:
                problems.append(SourceError(
                    f"T is not symmetric at the initial conditions: T[{i},{j}] = {T[i, j]:.6g} but T[{j},{i}] = {T[j, i]:.6g}",
                    where.get((j, i), tm_loc)))
                return
    # Hessian of Ek with respect to the velocities, exactly.
    vels = model.velocities
    assert model.kinetic is not None
    H = np.zeros((n, n))
    for i in range(n):
        d_i = algebra.diff(model.kinetic.tree, vels[i])
        for j in range(i, n):
            try:
                H[i, j] = H[j, i] = evaluate(algebra.diff(d_i, vels[j]), env)
            except EvaluationError as exc:
                problems.append(SourceError(f"Ek cannot be differentiated at the initial conditions: {exc}", model.kinetic.location))
                return
    hscale = max(scale, float(np.abs(H).max()))
    for i in range(n):
        for j in range(n):
            if abs(T[i, j] - H[i, j]) > HESSIAN_TOLERANCE * hscale:
                deriv = f"∂²Ek/∂{vels[i]}²" if i == j else f"∂²Ek/∂{vels[i]}∂{vels[j]}"
                problems.append(SourceError(
                    f"TMATRIX disagrees with Ek: T[{i},{j}] = {T[i, j]:.6g} but {deriv} = {H[i, j]:.6g} "
                    f"at the initial conditions", where.get((i, j), tm_loc)))
                return
    try:
        np.linalg.cholesky(T)
    except np.linalg.LinAlgError:
        eig = np.linalg.eigvalsh(T)
        problems.append(SourceError(
            f"T is not positive definite at the initial conditions (smallest eigenvalue {eig.min():.6g}); "
            f"the kinetic energy must be positive for every motion", tm_loc))
