"""A show of a kiosk's attract loop starts in motion.

A show released at rest near the top (the double pendulum's first show: both arms almost
upright) would stand still for its first second or two, and a passer-by sees a still picture.
So the show's first moments are run at once, before its first frame, until some body moves
fast enough to be seen moving (:data:`SPEED` pixels a second on screen), for at most
:data:`MOST` seconds of the model's time and at most :data:`WORK` of counted work (a model of
N/dt = 10⁶ took 30 s in one frame, and the watchdog killed a healthy window). A show already
moving runs no step ahead.
No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from ...model.poses import Pose

#: pixels a second on screen a body must move at for the show to be seen moving
SPEED = 120.0
#: seconds of the model's time a show may be run ahead, at most
MOST = 4.0
#: ... and microseconds of work, counted as the framing counts its look (steps × N × the cost of a
#: substep the system says), not timed: about 0.3 s in the frame that opens the show
WORK = 300_000


def points(poses: Iterable[Pose]) -> np.ndarray:
    """Where the bodies are: their anchors (each ball's and block's centre, each end of a bar and a spring)."""
    out = [point for p in poses for point in p.anchors()]
    return np.array(out, dtype=float).reshape(-1, 2)


def lead_in(step: Callable[[], bool], where: Callable[[], np.ndarray], dt: float, pixels_per_unit: float,
            step_cost: float = 0.0) -> int:
    """Take steps of ``dt`` (``step()`` False: the run failed) until a point of ``where()`` moves
    at :data:`SPEED` pixels a second; how many steps were taken. ``step_cost``: microseconds a
    step counts for (its substeps × their cost), so that the steps stay within :data:`WORK`."""
    fast = SPEED / max(pixels_per_unit, 1e-12) * dt  # model units in one step
    before = where()
    most = min(int(MOST / dt), max(1, int(WORK // step_cost)) if step_cost > 0 else int(MOST / dt))
    for k in range(most):
        if not step():
            return k
        now = where()
        if now.shape != before.shape or not len(now):
            return k + 1
        moved = np.hypot(*(now - before).T)
        if np.nanmax(moved) >= fast:
            return k + 1
        before = now
    return most
