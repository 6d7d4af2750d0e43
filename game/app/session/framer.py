"""The camera of the session: what part of the model plane the drawing area shows, followed
automatically until the student zooms, pans or fits (:mod:`game.app.session.framing` has the
rules, :mod:`game.app.session.looking` the look ahead). No pygame here."""

from __future__ import annotations

from ...model.poses import Pose
from . import looking
from .framing import Box, Framing, automatic, extent, fit, inside, least_box, reach, union
from .onscreen import OnScreen
from .showing import Showing


class Framer:
    def __init__(self, session: OnScreen, showing: Showing):
        self.session, self.showing = session, showing
        #: the framing before a preview moved it (Cancel puts it back), or None
        self._before_preview: Framing | None = None

    def follow_area(self, size: tuple[int, int]) -> None:
        """The drawing area is now ``size`` pixels (a resize, a panel opened or closed): a framing
        the student has not chosen follows it (see :func:`game.app.session.framing.automatic`), made for
        the motion — the bodies now, their trails and where they go next — not for this instant's
        pose alone (a pendulum mid-swing would swing out of it)."""
        s = self.session
        v = s.view
        v.area = (max(1, size[0]), max(1, size[1]))
        if s.index >= 0 and not v.framing.manual:
            g = s.model.general
            poses = self.showing.poses()
            seen, whole = self.look_ahead()
            trails = [t.points() for t in self.showing.trail_list()]
            motion = union([b for b in (extent(poses, trails), seen) if b is not None])
            # what a look cut short did not see: room to swing about the fixed pivots, as before it
            unseen = None if whole else reach(poses, s.kinematics.fixed_pivots)
            v.framing = automatic(Framing.of_model(g.escala, g.ox, g.oy), v.area, g.escala, motion,
                                  s.kinematics.motion_bounds(), least_box(poses), unseen, fill=s.settings.kiosk)

    def look_ahead(self) -> tuple[Box | None, bool]:
        """Where the bodies go over the next seconds from the present state, and whether the look
        saw all of it (:func:`game.app.session.looking.look_ahead`)."""
        return looking.look_ahead(self.session.source, self.session.sim, self.session.kinematics)

    def camera(self) -> tuple[float, float, float]:
        """``(escala, ox, oy)`` of the camera that shows the current framing."""
        return self.session.view.framing.camera(self.session.model.general.escala)

    def zoom(self, factor: float, at: tuple[float, float] | None = None) -> None:
        """Zoom by ``factor`` about the model point ``at`` (the cursor; default the centre)."""
        self.session.view.framing = self.session.view.framing.zoomed(factor, at)

    def pan(self, dx_px: float, dy_px: float) -> None:
        """Move the view with the mouse by (``dx_px``, ``dy_px``) pixels."""
        view = self.session.view
        view.framing = view.framing.panned(dx_px, dy_px, self.session.model.general.escala)

    def fit(self) -> None:
        """The bodies, their trails and the fixed pivots, as large as fits (the student's framing)."""
        s = self.session
        poses = self.showing.poses()
        box = extent(poses, [t.points() for t in self.showing.trail_list()], s.kinematics.fixed_pivots)
        if box is not None:
            s.view.framing = fit(box, s.view.area, s.model.general.escala, least=least_box(poses))

    def keep_in_view(self, poses: list[Pose]) -> None:
        """A preview's bodies (a bar ten times longer, another angle) and the fixed pivots, all in
        the drawing area beside the open panel: where they would leave it, the view moves to them
        and zooms out as far as they need, never in (a slider going back and forth does not make
        the scene breathe)."""
        s = self.session
        v, escala = s.view, s.model.general.escala
        box = extent(poses, points=s.kinematics.fixed_pivots)
        if box is None or inside(box, v.framing.shown(v.area, escala)):
            return
        if self._before_preview is None:
            self._before_preview = v.framing
        fitted = fit(box, v.area, escala, manual=v.framing.manual, least=least_box(poses))
        v.framing = Framing(min(fitted.zoom, v.framing.zoom), fitted.centre, v.framing.manual)

    def preview_ended(self, applied: bool) -> None:
        """The panel closed: applied, the view stays where the preview took it (a framing not chosen
        by the student follows the new motion when the panel's dock goes); cancelled, it is put
        back as it was."""
        if self._before_preview is not None and not applied:
            self.session.view.framing = self._before_preview
        self._before_preview = None
