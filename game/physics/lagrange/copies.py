"""Copies of a motion with contacts stepped together while nothing happens to them (issue 33), and
copies of a motion on CONSTRAINTS rows: the generated loop for all, then the projections
(:func:`step_projected_copies`).

:class:`~.contacts.stepper.ContactRK4` takes a step of a model with contacts as the generated
loop ``advance_events`` does while no contact rests and no gap is crossed: plain RK4 substeps.
Here those substeps are taken for all the copies at once, the generated ``rhs`` on arrays in the
loop's own arithmetic (the same operations in the same order, so a copy's numbers are its own
run's), while the gaps and their rates are watched for every copy. A copy that touches a contact
at the start of the step, or whose gaps come near a crossing in it (below the thresholds of the
generated loop's own tests, with room to spare), takes the step again on its own through the
system's stepper, impacts and resting contacts included: copies that collide at different
instants are each handled at their own.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...expr.codegen import ARITHMETIC_ERRORS
from ..state import SimulationError, State, step_one_by_one
from ..steppers import PIVOT_MIN
from .contacts.terms import TOUCH


def step_contact_copies(system: Any, t: float, Y: np.ndarray, work: np.ndarray
                        ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """One step of dt of a :class:`~.system.System` with contacts for copies one per row (q…, p…):
    (t, Y, work, ok) as :meth:`~game.physics.state.MotionSystem.step_copies`."""
    Y = np.array(Y, dtype=float)
    work = np.array(work, dtype=float)
    n = system.n
    # in native code every copy goes to the kernel, which tells apart those that touch where the step starts
    step = _native_step(system, t, Y, work)
    if step is not None:
        t_end, out, total, alone = step
    else:
        with np.errstate(all="ignore"):
            g = output_rows(system.code.gaps.array(t, *Y[:, :n].T), len(Y))
            # touching where the step starts: the stepper's resting contacts and their settling; or with a
            # gap without a value (its own stepper says so: the batch's loop would go on through it)
            alone = np.any((g <= TOUCH * np.maximum(1.0, np.max(np.abs(Y[:, :n]), axis=1))) | np.isnan(g), axis=0)
        together = np.flatnonzero(~alone)
        out, total = Y.copy(), work.copy()
        t_end = t + system.dt
        if len(together):
            t_end, out[together], total[together], crossing = _smooth_step(system, t, Y[together], work[together],
                                                                           g[:, together])
            alone[together] = crossing
    ok = np.ones(len(Y), dtype=bool)
    if alone.any():  # (a copy lying still costs its stepper a look-up: ContactRK4.lying)
        t_own, own, own_work, own_ok = step_one_by_one(system, t, Y[alone], work[alone])
        out[alone], total[alone], ok[alone] = own, own_work, own_ok
        t_end = t_end if not alone.all() else t_own
    return t_end, out, total, ok


def step_projected_copies(system: Any, t: float, Y: np.ndarray, work: np.ndarray
                          ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """One step of dt of a :class:`~.system.System` on CONSTRAINTS rows (a projection after the
    generated loop) for copies one per row: the loop for every copy at once, then each back onto
    the rows as its own step puts it. Most need nothing (RK4 keeps the rows to ~1e-15 a step:
    :meth:`~.constraints.RowNumbers.surely_kept` tells them apart on arrays), the others are
    projected together on arrays, and one whose numbers fail there on its own (which says why it
    stops). (t, Y, work, ok) as :meth:`~game.physics.state.MotionSystem.step_copies`."""
    rows, n = system.rows, system.n
    t_end, out, total, ok = system.step_batch(t, Y, 1, work)
    ok = ok.copy()
    with np.errstate(all="ignore"):
        V = output_rows(system.code.rhs.array(t_end, *out.T), len(out))[:n].T
    asked = np.flatnonzero(ok & ~rows.surely_kept(t_end, out[:, :n], V))
    alone = asked
    if len(asked):
        try:
            Q, Vp, moved = rows.project_many(t_end, out[asked, :n], V[asked])
            with np.errstate(all="ignore"):
                P = output_rows(system.code.momenta.array(t_end, *Q.T, *Vp.T), len(Q)).T
            good = np.isfinite(Q).all(axis=1) & np.isfinite(P).all(axis=1)
            out[asked[good & moved]] = np.hstack([Q, P])[good & moved]
            alone = asked[~good]
        except np.linalg.LinAlgError:  # a singular stack: each copy on its own
            pass
    for i in alone:
        try:
            own = system._project(State(t_end, out[i, :n], out[i, n:]))
        except SimulationError:
            ok[i] = False
            continue
        out[i, :n], out[i, n:] = own.q, own.p
    return t_end, out, total, ok


def _smooth_step(system: Any, t: float, Y: np.ndarray, work: np.ndarray, g: np.ndarray
                 ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """The generated loop's RK4 substeps of one step for every copy (none touching where it starts,
    ``g`` their gaps there): (t, Y, work, whether each may have met a contact on the way)."""
    code, n = system.code, system.n
    delta, steps = system.delta, system.substeps
    half, sixth = 0.5 * delta, delta / 6.0
    count = len(Y)
    q, p = list(Y[:, :n].T), list(Y[:, n:].T)
    w, ws = work, np.zeros(count)
    t0 = now = t
    alone = np.zeros(count, dtype=bool)
    with np.errstate(all="ignore"):
        worst = np.ones(count)
        for step in range(steps):
            k1 = output_rows(code.rhs.array(now, *q, *p), count)
            alone |= _near_crossing(g, output_rows(code.gap_rates.array(now, *q, *k1[:n]), count), delta)
            k2 = output_rows(code.rhs.array(now + half, *_ahead(q, p, k1, half)), count)
            k3 = output_rows(code.rhs.array(now + half, *_ahead(q, p, k2, half)), count)
            k4 = output_rows(code.rhs.array(now + delta, *_ahead(q, p, k3, delta)), count)
            new = [y + sixth * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]) for i, y in enumerate((*q, *p))]
            worst = np.minimum.reduce([worst, k1[2 * n], k2[2 * n], k3[2 * n], k4[2 * n]])
            now = t0 + (step + 1) * delta
            e = output_rows(code.gaps.array(now, *new[:n]), count)
            alone |= np.any(e <= 0.0, axis=0)
            g, q, p = e, new[:n], new[n:]
            w = w + sixth * (k1[2 * n + 1] + 2.0 * k2[2 * n + 1] + 2.0 * k3[2 * n + 1] + k4[2 * n + 1])
            ws = ws + sixth * (k1[2 * n + 2] + 2.0 * k2[2 * n + 2] + 2.0 * k3[2 * n + 2] + k4[2 * n + 2])
        if steps:  # the loop's last test: the rates where the step ends
            v = output_rows(code.rhs.array(now, *q, *p), count)[:n]
            alone |= _near_crossing(g, output_rows(code.gap_rates.array(now, *q, *v), count), delta)
        out = np.column_stack([*q, *p])
        total = w + ws
        alone |= ~(worst > PIVOT_MIN) | ~np.isfinite(out).all(axis=1) | ~np.isfinite(total)
    return now, out, total, alone


def _native_step(system: Any, t: float, Y: np.ndarray, work: np.ndarray
                 ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray] | None:
    """:func:`_smooth_step` in native code, when that is ready (None until then): each copy through the
    very loop of free flight its own step would run (``advance_events``, or the broad phase's windows,
    each finding the copy's own near pairs), so a copy that loop lets through has its own run's
    numbers, and one it stops at an event, or that touches where the step starts (the stepper's
    resting contacts; a gap without a value), takes its step again on its own."""
    native = system.code.native
    kernel = None if native is None else native.copies
    if kernel is None:
        return None
    phase = getattr(system.stepper, "broad", None)
    if phase is not None:  # every pair and the least margin: each copy's windows find their near pairs
        pairs = (phase.a, phase.b, np.ascontiguousarray(phase.c, dtype=float), np.array([phase.floor]))
    else:
        pairs = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0))
    steps, delta = system.substeps, system.delta
    try:
        out, total, worst, hit = kernel(float(t), np.ascontiguousarray(Y, dtype=float),
                                        np.ascontiguousarray(work, dtype=float), float(delta), int(steps), *pairs)
    except ARITHMETIC_ERRORS:  # a copy's numbers failed: the arrays' path finds which
        return None
    # the generated loop's own end time: t0 + steps·δ after its last substep
    t_end = t + steps * delta if steps > 0 else t
    with np.errstate(invalid="ignore"):
        alone = (hit != 0) | ~(worst > PIVOT_MIN) | ~np.isfinite(out).all(axis=1) | ~np.isfinite(total)
    return t_end, out, total, alone


def output_rows(out: Any, count: int) -> np.ndarray:
    """Generated outputs on arrays (arrays, or floats for constants) as rows: (outputs, copies)."""
    values = np.empty((len(out), count))
    for j, column in enumerate(out):
        values[j] = column
    return values


def _ahead(q: list[np.ndarray], p: list[np.ndarray], k: np.ndarray, h: float) -> list[np.ndarray]:
    """A stage's arguments: (q, p) + h·k, as the generated loop writes them."""
    return [y + h * k[i] for i, y in enumerate((*q, *p))]


def _near_crossing(g: np.ndarray, rate: np.ndarray, delta: float) -> np.ndarray:
    """Copies a gap may cross within a substep at its present rate, forward or back (the generated
    loop's test of a thin obstacle passed through, at 0 instead of its −round-off)."""
    return np.any(g - delta * np.abs(rate) < 0.0, axis=0)
