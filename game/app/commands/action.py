"""The headless command ``action`` (SPEC §7.7): the true paths of a two-point problem, each with its
action and Morse index, as lines on standard output, a CSV and a picture; with ``--vary``, S(q + ε·η)
of the first path against ε. And ``bench --action``: the double pendulum's two-point problem over 2 s.

Messages come from :mod:`game.messages`, in the language the command line chose.
"""

from __future__ import annotations

import csv
import math
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

import numpy as np

from ...expr import TIME, Expression, ExpressionError, Location, algebra, check_names, evaluate, parse, suggestion
from ...messages import Message, counted, msg
from ...model import ModelFile, condition_values, load_model, parameter_values
from ...physics.action import ActionError, Lagrangian, TwoPoint, two_point
from ...physics.action.vary import Variation, VariedPaths, expression, sine
from ..files import paths
from .usage import UsageError, check_output, model_named, parse_settings, write_failed

#: ε of --vary: from −1 to 1 in this many points
EPS_POINTS = 41
#: the goal of ``bench --action`` (seconds)
BENCH_GOAL = 3.0


def _g(x: float) -> str:
    return f"{x:.10g}"


def _value(text: str, parameters: Mapping[str, float], where: str) -> float:
    """A number written as an expression of the parameters (``pi/2``, ``3*pi/(2*w)``)."""
    try:
        written = parse(text, Location(where, 1, 1))
        check_names(written, parameters, where)
        return float(evaluate(written.tree, parameters))
    except ExpressionError as exc:
        raise UsageError(str(exc)) from None


def _assignments(items: Sequence[str], option: str, model: ModelFile, parameters: Mapping[str, float],
                 free: bool) -> dict[str, float | None]:
    """``COORD=VALUE`` items (``COORD=free`` where ``free``) by coordinate."""
    out: dict[str, float | None] = {}
    for item in items:
        if "=" not in item:
            raise UsageError(msg("action.assign_syntax", option=option, item=item))
        name, text = (s.strip() for s in item.split("=", 1))
        if name not in model.coordinates:
            raise UsageError(msg("action.unknown_coordinate", option=option, name=name,
                                 coordinates=", ".join(model.coordinates),
                                 hint=suggestion(name, model.coordinates)))
        out[name] = None if free and text.lower() == "free" else _value(text, parameters, f"{option} {name}")
    return out


def variation(text: str, duration: float, parameters: Mapping[str, float], fixed_at_end: bool) -> Variation:
    """η of ``--vary``: sin(Kπt/T) for a whole K ≥ 1, or an expression of t (and the parameters)
    that vanishes at t = 0 (and at T, where some coordinate is fixed there)."""
    if text.strip().isdigit():
        k = int(text)
        if k < 1:
            raise UsageError(msg("action.vary_whole", value=text))
        return sine(k, duration)
    try:
        written = parse(text, Location("--vary", 1, 1))
        check_names(written, {**parameters, TIME: 0.0}, "--vary")
    except ExpressionError as exc:
        raise UsageError(str(exc)) from None
    bound = Expression(written.text, algebra.bind(written.tree, parameters), written.location)
    eta = expression(bound)
    ends = eta(np.array([0.0, duration]))[0]
    if not (abs(ends[0]) <= 1e-9 and (abs(ends[1]) <= 1e-9 or not fixed_at_end)):
        raise UsageError(msg("action.vary_ends", expression=text, start=_g(ends[0]), end=_g(ends[1])))
    return eta


def action(model_name: str, time_text: str, to: Sequence[str], start: Sequence[str], vary: str | None,
           csv_path: str | None, png: str | None, settings: Sequence[str] = (),
           out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Print the paths (and write the CSV and PNG): 0 when some path was found, 1 when none was
    (the message says why), 2 when the model or the command line is wrong."""
    out, err = out or sys.stdout, err or sys.stderr
    for path, option in ((csv_path, "--csv"), (png, "--png")):
        if path:
            check_output(path, option)
    found_model = model_named(model_name, err)
    if found_model is None:
        return 2
    file, model = found_model
    p_over, c_over = parse_settings(model, settings)
    try:
        parameters = parameter_values(model, p_over)
        conditions = condition_values(model, parameters, c_over)
    except ExpressionError as exc:
        print(msg("cmd.error", reason=str(exc)), file=err)
        return 2
    duration = _value(time_text, parameters, "--time")
    ends = _assignments(to, "--to", model, parameters, free=True)
    given = _assignments(start, "--from", model, parameters, free=False)
    q0 = [conditions[c] if (g := given.get(c)) is None else g for c in model.coordinates]
    end = [ends.get(c) for c in model.coordinates]
    # a mistyped --vary is refused before the search, not after it
    eta = None if vary is None else variation(vary, duration, parameters, any(e is not None for e in end))
    try:
        found = two_point(model, parameters, duration, q0, end)
    except ActionError as exc:
        print(msg("cmd.error", reason=exc.message), file=err)
        return 2
    for line in report(file.name, found):
        print(line, file=out)
    if not found.paths:
        print(msg("cmd.error", reason=nothing_found(found)), file=err)
        return 1
    curve = None
    if eta is not None:
        first = found.paths[0]
        eps = np.linspace(-1.0, 1.0, EPS_POINTS)
        curve = (eps, VariedPaths(Lagrangian(model, parameters), first.times, first.q, first.qdot).curve(eta, eps))
    try:
        if csv_path:
            with open(csv_path, "w", newline="", encoding="utf-8") as sink:
                write_csv(sink, found, curve)
        if png:
            write_png(png, found, curve, vary)
    except OSError as exc:
        print(write_failed(csv_path or png or "-", exc), file=err)
        return 2
    return 0


def nothing_found(found: TwoPoint) -> Message:
    box = _box(found)
    if found.out_of_reach:
        return msg("action.out_of_reach", starts=found.starts, box=box)
    return msg("action.none", starts=found.starts, box=box)


def _box(found: TwoPoint) -> str:
    return ", ".join(f"{v} ∈ [{_g(c - h)}, {_g(c + h)}]"
                     for v, c, h in zip(found.velocity_names, found.centre.tolist(), found.half.tolist()))


def report(label: str, found: TwoPoint) -> list[str]:
    """The lines ``action`` prints."""
    ends = ", ".join(f"{c}: {_g(a)} → {msg('action.free').text() if b is None else _g(b)}"
                     for c, a, b in zip(found.coordinates, found.start.tolist(), found.end))
    count = counted(len(found.paths), "action.count_one", "action.count_many")
    lines = [msg("action.title", model=label, time=_g(found.duration), ends=ends, count=count,
                 starts=found.starts, box=_box(found)).text()]
    for k, path in enumerate(found.paths, 1):
        kind = msg("action.minimum") if path.index == 0 else counted(path.index, "action.saddle_one", "action.saddle_many")
        velocities = ", ".join(f"{v}(0) = {_g(x)}" for v, x in zip(found.velocity_names, path.velocities.tolist()))
        lines.append("")
        lines.append(msg("action.path", number=k, action=_g(path.action), index=path.index, kind=kind,
                         velocities=velocities).text())
        if path.family.size:
            direction = ", ".join(f"{v}: {_g(x)}" for v, x in zip(found.velocity_names, path.family[:, 0].tolist()))
            lines.append("  " + msg("action.family", direction=direction).text())
        elif math.isfinite(path.discrete):  # (a family's discrete path may be any of its members)
            lines.append("  " + msg("action.check", nodes=len(path.times) - 1, action=_g(path.discrete),
                                    gap=f"{path.discrete_gap:.2g}").text())
    return lines


def write_csv(sink: TextIO, found: TwoPoint, curve: tuple[np.ndarray, np.ndarray] | None) -> None:
    """``path,S,index,`` and each initial velocity by name, one row per path; then ``eps,S`` rows."""
    writer = csv.writer(sink, lineterminator="\n")
    writer.writerow(["path", "S", "index", *found.velocity_names])
    for k, path in enumerate(found.paths, 1):
        writer.writerow([k, repr(path.action), path.index, *(repr(float(v)) for v in path.velocities)])
    if curve is not None:
        writer.writerow(["eps", "S"])
        for e, s in zip(*curve):
            writer.writerow([repr(float(e)), repr(float(s))])


def write_png(where: str | Path, found: TwoPoint, curve: tuple[np.ndarray, np.ndarray] | None,
              vary: str | None) -> None:
    """The paths q(t), one panel per coordinate, and S(ε) beside them."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from ...render import actionplot as ap

    n = len(found.coordinates)
    width, height = (1260 if curve is not None else 800), max(360, 300 * n)
    surface = pygame.Surface((width, height))
    surface.fill((255, 255, 255))
    panel = 800 if curve is not None else width
    labels = [msg("action.legend", number=k, action=_g(p.action), index=p.index).text()
              for k, p in enumerate(found.paths, 1)]
    colours = [ap.PATH_COLOURS[k % len(ap.PATH_COLOURS)] for k in range(len(found.paths))]
    for i, name in enumerate(found.coordinates):
        rect = (0, i * height // n, panel, height // n)
        ys = np.concatenate([p.q[:, i] for p in found.paths])
        frame = ap.Frame.around(rect, found.paths[0].times, ys)
        ap.draw_frame(surface, frame, msg("action.paths_title", coordinate=name).text(), "t")
        for path, colour in zip(found.paths, colours):
            ap.draw_curve(surface, frame, path.times, path.q[:, i], colour)
        ap.draw_legend(surface, frame, labels, colours)
    if curve is not None:
        frame = ap.Frame.around((panel, 0, width - panel, height), *curve)
        k = vary.strip() if vary else ""
        shown = ("sin(πt/T)" if k == "1" else f"sin({k}πt/T)") if k.isdigit() else vary or ""
        ap.draw_frame(surface, frame, msg("action.curve_title", variation=shown).text(), "ε")
        ap.draw_curve(surface, frame, curve[0], curve[1], colours[0])
        ap.draw_points(surface, frame, np.array([0.0]), np.array([found.paths[0].action]), colours[0], 4)
    pygame.image.save(surface, str(where))


def bench_action(out: TextIO | None = None) -> int:
    """The double pendulum from (π/2, π/4) to (0, 0) in 2 s: every path in the default box, timed."""
    out = out or sys.stdout
    model = load_model(paths.MODELS / "pendulo_doble.dat")
    parameters = parameter_values(model)
    start = time.perf_counter()
    found = two_point(model, parameters, 2.0, [math.pi / 2, math.pi / 4], [0.0, 0.0])
    elapsed = time.perf_counter() - start
    print(msg("action.bench", paths=len(found.paths), starts=found.starts, seconds=f"{elapsed:.2f}",
              goal=_g(BENCH_GOAL)).text(), file=out)
    for line in report("pendulo_doble.dat", found)[1:]:
        print(line, file=out)
    return 0 if elapsed < BENCH_GOAL else 1
