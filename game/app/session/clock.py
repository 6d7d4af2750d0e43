"""The session's time: the simulation advanced to the wall clock in whole steps of dt at the
student's speed, a failure that pauses it, and the warning when the step is too coarse for these
conditions (with ``refine``, which halves it). No pygame here."""

from __future__ import annotations

from ...messages import Message, msg
from ...model.reader import LIMITS
from ...physics import SimulationError
from ..files.settings import SPEEDS, Settings
from .dragging import Dragging
from .onscreen import OnScreen
from .readout import number
from .scheduler import StepScheduler
from .user_files import UserFiles


def first_speed(settings: Settings) -> int:
    """The index in SPEEDS of the speed the settings start with (1× if they name none of them)."""
    return SPEEDS.index(settings.speed) if settings.speed in SPEEDS else 1


class Clock:
    def __init__(self, session: OnScreen, dragging: Dragging, user_files: UserFiles):
        self.session, self.dragging, self.user_files = session, dragging, user_files
        self.scheduler = StepScheduler(0.02, SPEEDS[session.view.speed_index])
        #: wall seconds since the simulation stopped on a failure (None while it is fine)
        self.stopped_for: float | None = None

    def follow(self, dt: float) -> None:
        """Another model (or its file again): its step, at the student's speed, from a clean start."""
        self.scheduler = StepScheduler(dt, SPEEDS[self.session.view.speed_index])
        self.stopped_for = None

    def advance(self, wall_seconds: float) -> int:
        """The simulation up to the clock: whole steps of dt for ``wall_seconds`` × speed.
        A failure pauses and keeps the last good state, and the banner says what happened."""
        if not self.session.view.animating or self.dragging.drag is not None:
            return 0
        self.session.sim.live = True  # to the clock: machine code may step it (a screenshot's run is not)
        return self.run(self.scheduler.steps_for(wall_seconds))

    def run(self, steps: int) -> int:
        """Take ``steps`` steps of dt now; returns how many were taken. A failure pauses and
        keeps the last good state, and the banner says what happened."""
        s = self.session
        for k in range(steps):
            try:
                s.sim.step()
            except SimulationError as exc:
                s.view.animating = False
                s.banner.say(msg("banner.stopped", reason=exc.said), "stopped")  # in the banner's language
                self.stopped_for = 0.0
                return k
        if steps and (s.banner.said is None or s.banner.cause == "coarse") and s.sim.too_coarse:
            s.banner.say(self.coarse(), "coarse")  # the figures as they are now
        return steps

    def coarse(self) -> Message:
        """The warning that the step is too coarse for these conditions, with the figures of now."""
        sim = self.session.sim
        return msg("banner.coarse", de=number(sim.de), share=f"{100 * sim.de / sim.energy_scale:.2g} %",
                   n=sim.model.general.n_substeps)

    def refine(self) -> None:
        """Twice the substeps (the step is too coarse for these conditions): the motion goes on
        from here with the finer step, within the ceilings of the system data."""
        sim = self.session.sim
        g = sim.model.general
        n = min(2 * g.n_substeps, LIMITS.substeps, int(LIMITS.rate * g.dt))
        if n > g.n_substeps:
            sim.set_step(g.dt, n)
        self.session.look_again()

    def set_speed(self, index: int) -> None:
        """One of the speeds ½× 1× 2× 4× (remembered for next time)."""
        self.session.view.speed_index = index
        self.scheduler.speed = SPEEDS[index]
        self.user_files.remember()
