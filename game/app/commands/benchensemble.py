"""``python main.py bench --ensemble``: what the chaos control's copies cost, per shipped model.

For each model of models.xml: a run from its conditions with an ensemble of 50 copies beside it
(the window's, :class:`~game.physics.observe.ensemble.Ensemble`), the copies' time and the single
motion's time per step measured step by step over the same run (impacts and resting contacts
included where the model has them). The ratio, 50 copies over one, is issue 33's figure (goal ≤ 5);
ms per 1/60 s is what the copies take from a frame of the window. Measured, not asserted.
"""

from __future__ import annotations

import builtins
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from ...model import load_model, read_catalog
from ...physics import Simulation
from ...physics.observe.ensemble import COPIES, Ensemble
from ...physics.state import SimulationError
from ..files import paths
from .benchcompiled import best_of

#: the goal of issue 33: 50 copies within this many times one copy
GOAL = 5.0


def ensemble_cost(sim: Simulation, seconds: float, copies: int = COPIES) -> tuple[float, float, int]:
    """Seconds per step of the single motion and of ``copies`` copies over ``seconds`` of it (after
    a first step not timed), and the steps taken (fewer if the motion stops)."""
    ensemble = Ensemble(copies)
    ensemble.on_break(sim)
    sim.step()  # warm up: numba's first call of a kernel, numpy's first of each function
    ensemble.on_step(sim)
    steps = max(1, round(seconds / sim.model.general.dt))
    one = many = 0.0
    done = 0
    for _ in range(steps):
        start = time.perf_counter()
        try:
            sim.step()
        except SimulationError:
            break
        middle = time.perf_counter()
        ensemble.on_step(sim)
        one += middle - start
        many += time.perf_counter() - middle
        done += 1
    return one / max(done, 1), many / max(done, 1), done


def arithmetic_per_step(sim: Simulation, repeats: int = 200) -> float | None:
    """Seconds of one copy's arithmetic per step: the generated loop of a step in one call, from the
    motion's state (what the batch must do per copy whatever else it spares); None for a model whose
    copies are not that loop (contacts, mechanisms)."""
    system = sim.system.batch()
    if system is None:
        return None
    state = sim.state
    args = (state.t, *state.q.tolist(), *state.p.tolist(), 0.0, 0.0, system.delta)
    advance = system.code.advance.scalar
    advance(*args, system.substeps)  # compiled and warm before it is timed
    return best_of(lambda: advance(*args, system.substeps * repeats)) / repeats


def _wait_native(sim: Simulation) -> None:
    """The window switches to native code when it is ready (a Lagrangian model's batch, a mechanism's
    copies' kernel): measure that."""
    sim.system.wait_copies(120.0)


def bench_ensemble(quick: bool = False, models: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """A line per shipped model (or per ``models``, by stem): ms per 1/60 s for one copy and for
    50, their ratio, and whether it meets the goal."""
    seconds = 0.5 if quick else 3.0
    catalog = read_catalog(paths.CATALOG, paths.MODELS)

    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    print(f"Ensembles: {COPIES} perturbed copies stepped beside the motion over {seconds:g} s from the conditions")
    print(f"(floor: {COPIES} copies' arithmetic alone on one core, the generated loop of a step per copy, over one copy's "
          "whole step: no batch on one core does better)")
    print(f"{'model':<28}{'kind':<12}{'1 copy ms/frame':>16}{f'{COPIES} copies':>12}{'ratio':>8}{'floor':>8}")
    worst = 0.0
    for entry in catalog.entries:
        if models is not None and entry.stem not in models:
            continue
        model = load_model(entry.path)
        sim = Simulation(model)
        _wait_native(sim)
        kind = "mechanism" if model.mechanism is not None else "lagrangian"
        if model.contacts:
            kind += "+c"
        one, many, _ = ensemble_cost(sim, seconds)
        arithmetic = arithmetic_per_step(sim)
        floor = "—" if arithmetic is None or one <= 0 else format(COPIES * arithmetic / one, ".1f")
        frame = (1 / 60) / model.general.dt  # steps per 1/60 s of motion
        ratio = many / one if one > 0 else float("nan")
        worst = max(worst, ratio)
        print(f"{entry.stem:<28}{kind:<12}{one * frame * 1e3:>16.3f}{many * frame * 1e3:>12.3f}{ratio:>8.1f}{floor:>8}"
              f"{'' if ratio <= GOAL else '   > ' + format(GOAL, 'g')}")
    print(f"worst ratio {worst:.1f} (goal ≤ {GOAL:g})")
    return 0
