"""Dragging a body (x mode) or the tip of its velocity arrow (v mode) with the mouse, in model
units; a body a mechanism's motors alone move is not dragged, and the banner says which motor
holds it. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...messages import msg
from .onscreen import OnScreen


@dataclass
class Drag:
    id: str
    #: v mode: the tip of a velocity arrow is being dragged
    velocities: bool
    #: the grabbed point minus the mouse, model units (x mode keeps the grab offset)
    offset: np.ndarray
    #: grabbed while it moved: the motion goes on at the release
    resume: bool = False


class Dragging:
    def __init__(self, session: OnScreen):
        self.session = session
        #: what is being dragged, or None
        self.drag: Drag | None = None

    @property
    def allowed(self) -> bool:
        """The v mode's arrows are shown to be grabbed: paused, with no dialog or menu open."""
        return self.grabbable and not self.session.view.animating

    @property
    def grabbable(self) -> bool:
        """Bodies can be grabbed, even while they move: no dialog or menu open."""
        v = self.session.view
        return not (v.dialog or v.menu)

    def grab(self, gid: str, point: tuple[float, float], velocities: bool = False) -> None:
        """Start dragging the body ``gid`` grabbed at ``point`` (x mode), or its velocity arrow (v mode).
        A moving model pauses under the pointer and goes on at the release (:meth:`release`)."""
        s = self.session
        if not self.grabbable or self.refused_by_motors(gid) or gid not in s.kinematics.handles:
            return
        handle = s.kinematics.handle_point(gid, s.sim.t, s.sim.q)
        offset = np.zeros(2) if velocities else handle - np.asarray(point, dtype=float)
        self.drag = Drag(gid, velocities, offset, resume=s.view.animating)
        s.view.animating = False

    def refused_by_motors(self, gid: str) -> bool:
        """Is body ``gid`` moved by a mechanism's motors alone? Then a drag is refused, and the
        banner says which motor holds it."""
        s = self.session
        motors = s.kinematics.held_by_motors(gid, s.sim.t, s.sim.q)
        if len(motors) == 1:
            (motor,) = motors
            s.banner.say(msg("banner.motor_drives", body=gid, motor=motor.id, p1=motor.points[0],
                             p2=motor.points[1]), "notice")
        elif motors:
            s.banner.say(msg("banner.motors_drive", body=gid, motors=", ".join(f"'{m.id}'" for m in motors)),
                         "notice")
        return bool(motors)

    def drag_to(self, point: tuple[float, float]) -> None:
        """The mouse is at ``point``: the coordinates (x mode) or velocities (v mode) follow.
        A position the model cannot be in keeps the last good one."""
        d, sim, kin = self.drag, self.session.sim, self.session.kinematics
        if d is None:
            return
        mouse = np.asarray(point, dtype=float)
        try:
            if d.velocities:
                handle = kin.handle_point(d.id, sim.t, sim.q)
                velocity = (mouse - handle) / self.session.settings.arrow_seconds
                sim.set_conditions(sim.q, kin.drag_velocity(d.id, velocity, sim.t, sim.q, sim.qdot))
            else:
                q = kin.drag_position(d.id, mouse + d.offset, sim.t, sim.q)
                q = sim.system.stop_at(sim.t, sim.q, q)  # a body dragged into a wall stops at the wall
                sim.set_conditions(q, np.zeros_like(sim.qdot))  # let go from rest
        except ArithmeticError:  # SimulationError included
            return

    def release(self, point: tuple[float, float] | None = None) -> None:
        """The drag ends: a body dragged (x mode) is let go from rest, with no velocity left from
        before (Play, or the motion going on, does not fling it); an arrow (v mode) keeps the
        velocity drawn. A model grabbed while it moved goes on moving."""
        d, sim = self.drag, self.session.sim
        if d is None:
            return
        if point is not None:
            self.drag_to(point)
        if not d.velocities and sim.qdot.any():  # grabbed and let go without a move
            sim.set_conditions(sim.q, np.zeros_like(sim.qdot))
        self.drag = None
        self.session.view.animating = d.resume
        self.session.look_again()
