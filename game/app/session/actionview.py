"""The Action view without its window (issue 31 item 4; seed 004 §8–12): Hamilton's principle to
touch. The last seconds of the run on screen (up to :data:`LONGEST`) give two end points, q(0)
and q(T); between them the path is shown in (t, coordinate) with a few intermediate points the
student drags, the action S of the dragged path and of the true one live, a Relax that slides the
path down (Newton on the discretised action, damped so it is seen moving) to the stationary one,
and S(ε) of the true path varied along the student's own variation (η = dragged − true). No pygame
here.

The true path is the stationary path of the discretised action (:mod:`game.physics.action.discrete`)
nearest the recorded motion: the run itself, to the discretisation's error.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from ...messages import Message, msg
from ...physics import Simulation
from ...physics.action import DiscreteAction, Lagrangian, unsupported
from .onscreen import OnScreen

#: the Action view joins the run's position this many seconds ago (or at its start) to the present one
LONGEST = 4.0
#: intervals of the discretised path, and the points a student drags between the ends
NODES, HANDLES = 64, 5
#: the share of a Newton step a frame of Relax takes (the path is seen sliding down)
RELAX_SHARE = 0.25
#: ε of the S(ε) curve
EPS = np.linspace(-1.5, 1.5, 61)


class ActionView:
    def __init__(self, session: OnScreen):
        self.session = session
        #: (t, q) of the recent steps of the run, since its last break
        self.recent: deque[tuple[float, np.ndarray]] = deque()
        self.action: DiscreteAction | None = None
        #: the true path and the one shown (dragged, relaxing), (N + 1, n)
        self.true: np.ndarray | None = None
        self.path: np.ndarray | None = None
        #: the coordinate shown
        self.coordinate = 0
        self.relaxing = False
        #: changes when the picture's frame must be made again (opened, another coordinate)
        self.revision = 0

    # -- watching the run ------------------------------------------------------------------------

    def on_step(self, sim: Simulation) -> None:
        self.recent.append((sim.t, sim.q))
        while len(self.recent) > 2 and self.recent[-1][0] - self.recent[1][0] >= LONGEST:
            self.recent.popleft()

    def on_break(self, sim: Simulation) -> None:
        """The motion starts again (new conditions, parameters, another model): the view's ends
        are no longer the run's, so it closes."""
        if self.session.view.action:
            self.close()
        self.recent.clear()
        self.recent.append((sim.t, sim.q))

    # -- the control -----------------------------------------------------------------------------

    def flip(self) -> None:
        if self.session.view.action:
            self.close()
            return
        why = self.open()
        if why is not None:
            self.session.banner.say(why, "notice")

    def open(self) -> Message | None:
        """The view on the recent run, or why it cannot open."""
        s = self.session
        sim = s.sim
        why = unsupported(sim.model)
        if why is None:
            lagrangian = Lagrangian(sim.model, sim.parameters)
            why = unsupported(sim.model, lagrangian.mechanics)
        if why is not None:
            return msg("action.view_unsupported", reason=why)
        if len(self.recent) < 3:
            return msg("action.view_run_first")
        times = np.array([t for t, _ in self.recent])
        qs = np.array([q for _, q in self.recent])
        duration = float(times[-1] - times[0])
        self.action = action = DiscreteAction(lagrangian, duration, NODES, qs[0], qs[-1])
        recorded = np.column_stack([np.interp(action.times + times[0], times, qs[:, i]) for i in range(qs.shape[1])])
        true, ok = action.stationary(recorded)
        self.true = true if ok else recorded
        self.path = self.true.copy()
        self.relaxing = False
        self.coordinate = int(np.argmax(np.ptp(self.true, axis=0)))  # the coordinate that moved most
        s.view.animating = False  # the ends stay where they are
        s.view.action = True
        self.revision += 1
        return None

    def close(self) -> None:
        self.session.view.action = False
        self.action = self.true = self.path = None
        self.relaxing = False

    def next_coordinate(self) -> None:
        if self.true is not None:
            self.coordinate = (self.coordinate + 1) % self.true.shape[1]
            self.revision += 1

    # -- the path --------------------------------------------------------------------------------

    @property
    def handles(self) -> np.ndarray:
        """The nodes the student drags (evenly between the ends)."""
        return np.round(np.linspace(0, NODES, HANDLES + 2)[1:-1]).astype(int)

    def drag(self, handle: int, value: float) -> None:
        """Move the ``handle``-th point of the shown coordinate to ``value``; the path between its
        neighbours (points or ends) follows it in straight shares, the rest stays."""
        assert self.path is not None and self.action is not None
        nodes = np.r_[0, self.handles, NODES]
        k = handle + 1
        here = nodes[k]
        shift = value - self.path[here, self.coordinate]
        index = np.arange(NODES + 1)
        share = np.interp(index, [nodes[k - 1], here, nodes[k + 1]], [0.0, 1.0, 0.0], left=0.0, right=0.0)
        self.path[:, self.coordinate] += shift * share
        self.relaxing = False

    def relax(self) -> None:
        """Relax: the path slides down to the stationary one, a share of a Newton step a frame."""
        if self.path is not None:
            self.relaxing = True

    def tick(self) -> None:
        """A frame: the relaxing path moves on."""
        if not self.relaxing or self.path is None or self.action is None:
            return
        target = self.action.newton_step(self.path)
        step = target - self.path
        size = float(np.max(np.abs(step)))
        if not np.isfinite(size):
            self.relaxing = False
            return
        scale = max(1.0, float(np.max(np.abs(self.path))))
        self.path = target if size < 1e-3 * scale else self.path + RELAX_SHARE * step
        if size < 1e-10 * scale:
            self.relaxing = False

    # -- what is shown ---------------------------------------------------------------------------

    def actions(self) -> tuple[float, float]:
        """S of the path shown and of the true one."""
        assert self.action is not None and self.path is not None and self.true is not None
        return self.action.action(self.path), self.action.action(self.true)

    def variation(self) -> np.ndarray:
        """η: the dragged path less the true one, or sin(πt/T) in the shown coordinate when they are one."""
        assert self.action is not None and self.path is not None and self.true is not None
        eta = self.path - self.true
        if float(np.max(np.abs(eta))) < 1e-9 * max(1.0, float(np.max(np.abs(self.true)))):
            eta = np.zeros_like(self.true)
            eta[:, self.coordinate] = np.sin(np.pi * self.action.times / self.action.duration)
        return eta

    def curve(self) -> tuple[np.ndarray, np.ndarray]:
        """(ε, S(true + ε·η))."""
        assert self.action is not None and self.true is not None
        eta = self.variation()
        return EPS, np.array([self.action.action(self.true + e * eta) for e in EPS])
