"""What the scene shows of the model on screen, beyond its bodies' place: which two-state
controls are on, the poses, the contacts that flash, the chaos ensemble's ghosts, the trails, the
v mode's arrows and a mechanism's reactions with their legend (no pygame)."""

from __future__ import annotations

import numpy as np

from ...messages import msg
from ...model.poses import ForceArrow, ForceLegend, Pose, VelocityPoint
from ...physics.observe.records import Flash, Trail
from .modes import Modes
from .onscreen import OnScreen


class Showing:
    def __init__(self, session: OnScreen, modes: Modes):
        self.session, self.modes = session, modes
        #: the largest reaction force seen since the model or its parameters changed (its arrow's length)
        self.force_scale = 0.0
        #: the bodies as a slider of the open Parameters or Conditions panel has them (the
        #: simulation keeps its own until Accept), or None
        self.preview: list[Pose] | None = None

    def lit(self, name: str) -> bool:
        """Whether a two-state control is on (it shows its second icon)."""
        v = self.session.view
        return {"animate": v.animating, "vectors": v.vectors, "edit": v.edit_velocities, "reactions": v.reactions,
                "energy": "energy" in v.panels, "values": "values" in v.panels,
                "plots": v.plots, "ensemble": v.ensemble, "modes": v.modes, "action": v.action,
                "measure": v.measuring, "build": v.building}.get(name, False)

    def poses(self) -> list[Pose]:
        if self.preview is not None and self.session.view.dialog is not None:
            return self.preview
        sim = self.session.sim
        return self.session.kinematics.poses(sim.t, sim.state.q.tolist(), sim.qdot.tolist())

    def poses_at(self, t: float, q, qdot) -> list[Pose]:
        """The poses at another state (an impact's), with the kinematics of now."""
        return self.session.kinematics.poses(t, q, qdot)

    def flashes(self) -> list[tuple[Flash, float]]:
        """The contacts that acted lately, each with its age as a fraction of its lifetime."""
        return self.session.impacts.current(self.session.sim.t)

    def ghosts(self) -> list:
        """Where the copies of the chaos ensemble are (arrays of poses over the copies; ghosts need
        no velocities), and where the linear prediction of the modes panel has the model: nothing
        when neither is shown."""
        s = self.session
        out = []
        ensemble = s.plots.ensemble
        if s.view.ensemble and ensemble is not None:
            q = ensemble.coordinates(len(s.sim.state.q))
            out += s.kinematics.poses_many(ensemble.t, q, np.zeros_like(q))
        linear = self.modes.ghost()
        if linear is not None:
            out += s.kinematics.poses_many(s.sim.t, linear, np.zeros_like(linear))
        return out

    def trail_list(self) -> list[Trail]:
        return list(self.session.trails.trails.values())

    def edit_arrows(self) -> list[VelocityPoint]:
        """v mode: each draggable object's arrow, from its own coordinates only."""
        sim, kin = self.session.sim, self.session.kinematics
        t, q, qd = sim.t, sim.q, sim.qdot
        out, seen = [], set()
        for gid, handle in kin.handles.items():
            x, y = kin.handle_point(gid, t, q)
            key = (round(float(x), 9), round(float(y), 9), handle.own)
            if key in seen:
                continue  # a bar's end and the bob on it: one arrow
            seen.add(key)
            vx, vy = kin.own_velocity(gid, t, q, qd)
            out.append(VelocityPoint(gid, float(x), float(y), float(vx), float(vy)))
        return out

    def reaction_arrows(self) -> list[ForceArrow]:
        """A mechanism's reactions on its points, or a model's constraint forces on its bodies, as
        arrows: the largest force seen since the model (or its parameters) changed is a quarter of
        the kinematics' size long."""
        sim, kin = self.session.sim, self.session.kinematics
        if not sim.reaction_ids:
            return []
        forces = kin.reaction_arrows(sim.state, 1.0)
        self.force_scale = max(self.force_scale, max((float(np.hypot(a.dx, a.dy)) for a in forces), default=0.0))
        if self.force_scale <= 0:
            return []
        scale = 0.25 * kin.size / self.force_scale
        return [a._replace(dx=a.dx * scale, dy=a.dy * scale) for a in forces]

    def reaction_legend(self, arrows: list[ForceArrow]) -> ForceLegend | None:
        """What ``arrows`` (:meth:`reaction_arrows`) are, in words, and their scale (model units per N)."""
        if not arrows or self.force_scale <= 0:
            return None
        kinds = tuple((k, msg(f"reaction.{k}").text()) for k in ("tension", "compression", "normal", "constraint")
                      if any(a.kind == k for a in arrows))
        return ForceLegend(0.25 * self.session.kinematics.size / self.force_scale, msg("reaction.title").text(), "N",
                           kinds, folded=self.session.view.legend_folded)
