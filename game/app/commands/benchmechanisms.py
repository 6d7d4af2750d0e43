"""``python main.py bench --mechanisms``: what a substep of each shipped mechanism costs, against its
Lagrangian counterpart where one exists (issue 33's goal: within 3×).

Each motion is timed as the window steps it, one step of dt a call from its conditions: the plain
steps (NumPy around a KKT solve per RK4 stage, what ``simulate`` takes) and the machine code
(:meth:`~game.physics.mechanism.system.MechanismSystem.step_live`, once numba has compiled it; the
Lagrangian model's generated loop compiled, the same numbers bit for bit). Ratios pair like with
like: plain over plain, machine code over machine code. Measured, not asserted.
"""

from __future__ import annotations

import builtins
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ...model import load_model, read_catalog
from ...physics import Simulation
from ...physics.lagrange import compiled
from ..files import paths
from .bench import _timed

#: the goal of issue 33: a mechanism's substep within this many times its Lagrangian counterpart's
GOAL = 3.0
#: the shipped mechanisms written as a Lagrangian model too (the same motion: tests compare them)
COUNTERPARTS = {"pendulo_mecanismo": "pendulo_simple", "pendulo_doble_mecanismo": "pendulo_doble"}
#: seconds each figure is timed for (with --quick, and without)
BUDGETS = (0.3, 1.5)
#: the longest wait for numba to compile a model (on-disk cached after the first time)
COMPILING = 300.0


def _per_substep(step: Callable[[Any, int], Any], state: Any, substeps: int, budget: float) -> float:
    """µs per substep of one step of dt a call (as the window calls it)."""
    seconds, _ = _timed(lambda: step(state, 1), budget)
    return seconds / substeps * 1e6


def _lagrangian(stem: str, budget: float) -> tuple[float, float | None]:
    """µs per substep of a Lagrangian model: plain (compiling off while it is built), then compiled."""
    model = load_model(paths.MODELS / f"{stem}.dat")
    switch = os.environ.get(compiled.SWITCH)
    os.environ[compiled.SWITCH] = "0"
    try:
        plain = Simulation(model)
    finally:
        if switch is None:
            del os.environ[compiled.SWITCH]
        else:
            os.environ[compiled.SWITCH] = switch
    substeps = model.general.n_substeps
    plain_us = _per_substep(plain.system.step, plain.state, substeps, budget)
    native = Simulation(load_model(paths.MODELS / f"{stem}.dat"))  # read again: not the plain one's code, kept
    if not native.system.wait_copies(COMPILING):
        return plain_us, None
    return plain_us, _per_substep(native.system.step, native.state, substeps, budget)


def mechanisms_per_substep(quick: bool = False, models: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """A line per shipped mechanism (or per ``models``, by stem): µs per substep plain and in
    machine code, and against its Lagrangian counterpart."""
    budget = BUDGETS[0] if quick else BUDGETS[1]
    catalog = read_catalog(paths.CATALOG, paths.MODELS)

    def print(*args: object) -> None:
        builtins.print(*args, file=out or sys.stdout)

    print("Mechanisms, µs per RK4 substep, one step of dt a call as the window takes them: plain (what simulate")
    print("takes) and machine code (the window's, once compiled); the Lagrangian counterpart's the same two ways;")
    print(f"ratio = mechanism / counterpart, like with like (goal ≤ {GOAL:g})")
    print(f"load average before: {', '.join(f'{v:.2f}' for v in os.getloadavg())} (other programs share the cores)")
    print(f"{'model':<26}{'n':>4}{'m':>4}{'r':>4}{'plain':>9}{'machine':>9}   {'counterpart':<16}{'plain':>8}"
          f"{'machine':>9}{'ratio plain':>13}{'ratio machine':>15}{'× pendulo_doble':>17}")
    # issue 33 gave every mechanism's cost as a multiple of the Lagrangian double pendulum's: the last column
    reference = _lagrangian("pendulo_doble", budget)[1]
    worst = {"plain": 0.0, "machine": 0.0}
    for entry in catalog.entries:
        if models is not None and entry.stem not in models:
            continue
        model = load_model(entry.path)
        if model.mechanism is None:
            continue
        sim = Simulation(model)
        system: Any = sim.system
        substeps = model.general.n_substeps
        plain = _per_substep(system.step, sim.state, substeps, budget)
        ready = bool(getattr(system, "wait_live", lambda timeout: False)(COMPILING))
        machine = _per_substep(system.step_live, sim.state, substeps, budget) if ready else None
        line = f"{entry.stem:<26}{system.n:>4}{system.m:>4}{system.rank:>4}{plain:>9.2f}{_figure(machine):>9}"
        twin = COUNTERPARTS.get(entry.stem)
        if twin is not None:
            twin_plain, twin_machine = _lagrangian(twin, budget)
            ratio = machine / twin_machine if machine is not None and twin_machine is not None else None
            worst["plain"] = max(worst["plain"], plain / twin_plain)
            worst["machine"] = max(worst["machine"], ratio or 0.0)
            line += (f"   {twin:<16}{twin_plain:>8.2f}{_figure(twin_machine):>9}{plain / twin_plain:>13.1f}"
                     f"{_figure(ratio, '.1f'):>15}")
        else:
            line += f"   {'—':<16}{'':>8}{'':>9}{'':>13}{'':>15}"
        across = machine / reference if machine is not None and reference is not None else None
        print(f"{line}{_figure(across, '.1f'):>17}")
    print(f"worst ratio to the counterpart: machine code {worst['machine']:.1f}, plain {worst['plain']:.1f} "
          f"(goal ≤ {GOAL:g}; the window takes the machine code once compiled, simulate the plain steps)")
    return 0


def _figure(value: float | None, form: str = ".2f") -> str:
    return "—" if value is None else format(value, form)
