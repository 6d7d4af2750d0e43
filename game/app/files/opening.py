"""Building a model as the commands and the window do: what goes wrong when it is built and
started, and where in its file that is written.
"""

from __future__ import annotations

import math
from dataclasses import fields
from pathlib import Path

from ...expr import EvaluationError, ExpressionError, Location, SourceError, algebra, evaluate
from ...messages import Message, msg
from ...model import ModelFile, ModelFileError, load_model
from ...model.values import condition_values, parameter_values
from ...physics import Simulation, SimulationError


def start_location(model: ModelFile, exc: SimulationError) -> Location:
    """Where in the file the expression a failed start names is written."""
    if exc.location is not None:  # the engine knows (a mechanism's FORCE or DRIVER row)
        return exc.location
    if model.kinetic is None or model.potential is None:  # a mechanism: its block
        return model.block_location("MECHANISM")
    expression = exc.expression
    label = expression.arguments.get("label", "") if isinstance(expression, Message) else (expression or "")
    label = str(label).split(" = ")[0]
    if label == "Ek":
        return model.kinetic.location
    if label == "Ep":
        return model.potential.location
    if label.startswith(("T[", "TMATRIX")):
        for e in model.tmatrix:
            if label == f"T[{e.i},{e.j}]" or label == f"T[{e.j},{e.i}]":
                return e.value.location
        return model.block_location("TMATRIX")
    if label.startswith("Q["):
        for f in model.forces:
            if label == f"Q[{f.coordinate}]":
                return f.value.location
    if label.startswith("∂L/∂"):
        # the derivative of Ek − Ep failed: blame Ep if its own derivative fails there
        coordinate = label[len("∂L/∂"):]
        try:
            params = parameter_values(model)
            env = {**params, **condition_values(model, params), "t": exc.t, **exc.values}
            evaluate(algebra.diff(model.potential.tree, coordinate), env)
        except (EvaluationError, ExpressionError, KeyError):
            return model.potential.location
        return model.kinetic.location
    return Location(model.path, 1, 1)


def build(model: ModelFile, simulation: Simulation | None = None) -> list[SourceError]:
    """What goes wrong when the model is built and started as ``simulate`` and the window do."""
    try:
        sim = simulation or Simulation(model)
        kinematics = sim.system.kinematics()
    except ModelFileError as exc:  # a mechanism that cannot be assembled
        return list(exc.problems)
    except SimulationError as exc:
        where = start_location(model, exc)
        reason: str | Message = msg("cmd.cannot_start", reason=str(exc))
        return [SourceError(reason, where)]
    except ExpressionError as exc:
        return [exc]
    except (RecursionError, MemoryError, SyntaxError) as exc:  # a safety net: the code generator's limits
        return [SourceError(msg("check.too_big_to_run", reason=msg("sim.too_big", reason=type(exc).__name__)),
                            Location(model.path, 1, 1))]
    problems: list[SourceError] = []
    try:
        poses = kinematics.poses(sim.t, sim.q.tolist(), sim.qdot.tolist())
    except (EvaluationError, ArithmeticError, ValueError) as exc:
        return [SourceError(msg("check.graphic_value", field="GRAPHICS", name=model.path,
                                reason=EvaluationError.of(exc).reason), model.block_location("GRAPHICS"))]
    rows = {g.id: g for g in model.graphics}
    for pose in poses:
        for f in fields(pose):
            value = getattr(pose, f.name)
            if isinstance(value, float) and not math.isfinite(value):
                g = rows[pose.id]
                problems.append(SourceError(
                    msg("check.graphic_value", field=f.name, name=pose.id, reason=msg("eval.not_finite")), g.location))
                break
    return problems


def model_problems(path: Path) -> tuple[ModelFile | None, list[SourceError]]:
    """The model in ``path`` and everything that keeps it from running (read, check, build)."""
    try:
        model = load_model(path)
    except ModelFileError as exc:
        return None, list(exc.problems)
    return model, build(model)
