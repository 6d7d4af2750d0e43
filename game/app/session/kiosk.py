"""A kiosk's show as the session runs it: the attract loop's shows opened, moving from their
first frame, the view left clean for the next visitor, the countdown's words, a simulation that
failed started again (:mod:`game.app.kiosk.kiosk` is the timeout's state machine). A desktop
uses :meth:`KioskShow.recover` too, after an unexpected exception. No pygame here."""

from __future__ import annotations

from ...messages import language, msg
from ..files.settings import SPEEDS, Show
from ..kiosk.kiosk import ATTRACT, COUNTDOWN, Kiosk
from ..kiosk.leadin import lead_in, points
from .clock import Clock, first_speed
from .dialogs import Dialogs
from .dragging import Dragging
from .edits import ConditionEdits
from .framer import Framer
from .onscreen import OnScreen
from .showing import Showing


class KioskShow:
    def __init__(self, session: OnScreen, clock: Clock, framer: Framer, showing: Showing, dragging: Dragging,
                 dialogs: Dialogs):
        self.session, self.clock, self.framer, self.showing, self.dragging = session, clock, framer, showing, dragging
        #: a dialog left open closes as Cancel closes it: its preview and the preview's framing go too
        self.dialogs = dialogs
        settings = session.settings
        #: a kiosk's timeout and attract loop (None outside kiosk mode)
        self.idle = Kiosk(settings.kiosk_idle_seconds, settings.kiosk_countdown_seconds,
                          settings.kiosk_attract) if settings.kiosk else None

    def touched(self) -> bool:
        """Input arrived. In a kiosk it answers "Still there?" or ends the attract loop (on the
        model shown); then it returns True and the input goes no further."""
        if self.idle is None:
            return False
        new_visitor = self.idle.phase == ATTRACT
        if not self.idle.touch():
            return False
        if new_visitor:  # what the icons do, again; plots of their own runs only
            self.session.view.hint = self.session.settings.first_run_hint
            if self.session.board is not None:
                self.session.board.forget_runs()
        return True

    @property
    def counting_down(self) -> bool:
        """"Still there?" shows its seconds: the window stays awake to count them."""
        return self.idle is not None and self.idle.phase == COUNTDOWN

    def tick(self, wall_seconds: float) -> None:
        """In a kiosk, the countdown and the attract loop move on, and a simulation that failed
        starts again from its model's conditions after ``kiosk_heal_seconds``."""
        k, clock = self.idle, self.clock
        if k is None:
            return
        if clock.stopped_for is not None:
            clock.stopped_for += wall_seconds
            if clock.stopped_for >= self.session.settings.kiosk_heal_seconds:
                self.restart()
        show = k.tick(wall_seconds)
        for _ in range(max(1, len(k.shows))):  # a show that cannot open gives way to the next
            if show is None or self.start_show(show):
                break
            show = k.next_show()

    def recover(self, next_model: bool = False) -> None:
        """After an unexpected exception in a frame: the model on screen opens again from its file
        (the next one of the menu when ``next_model``), with nothing half-done left open. A kiosk
        goes on moving; a desktop waits paused."""
        s = self.session
        s.view.menu = False
        self.dialogs.close()
        self.dragging.drag = None
        count = len(s.catalog.entries)
        start = s.index + 1 if next_model else s.index
        for i in range(count):
            if s.load((start + i) % count):
                s.view.animating = self.idle is not None
                return

    def restart(self) -> None:
        """The model on screen again from its own conditions (the show's, in the attract loop), moving."""
        k = self.idle
        if k is not None and k.phase == ATTRACT and self.start_show(k.current):
            return
        if self.session.load(self.session.index):
            self.session.view.animating = True

    def start_show(self, show: Show) -> bool:
        """Open a show of the attract loop: its model, its conditions, trails on, moving, and nothing
        the last visitor left (see :meth:`fresh_view`)."""
        s = self.session
        self.fresh_view()
        entry = s.catalog.find(show.model) if show.model else s.entry
        if entry is None or not s.load(s.catalog.entries.index(entry)):
            return False
        if show.conditions:
            ConditionEdits(s.sim).accept(dict(show.conditions))  # refused: the file's conditions
        s.view.animating = True
        # moving from its first frame, not a still picture (:mod:`game.app.kiosk.leadin`)
        g = s.model.general
        lead_in(lambda: self.clock.run(1) == 1, lambda: points(self.showing.poses()), g.dt, self.framer.camera()[0],
                s.sim.system.substep_cost(s.sim.state) * g.n_substeps)
        return True

    def fresh_view(self) -> None:
        """What a kiosk shows before anyone touches it: no menu, dialog or live panel, no plots (the
        next visitor's first plots are the usual ones) and no chaos ensemble, no vectors, reactions or
        v mode, at the speed and in the language it was set up with. (The zoom goes with the model
        the show opens: a model opens framed by itself.)"""
        s = self.session
        v = s.view
        self.dialogs.close()
        v.menu, v.vectors, v.reactions, v.edit_velocities = False, False, False, False
        v.hint = False
        v.panels.clear()
        v.plots = v.ensemble = False
        if s.board is not None:
            s.board.reset()
        v.speed_index = first_speed(s.settings)
        self.clock.scheduler.speed = SPEEDS[v.speed_index]
        if language() != s.settings.interface_language:
            s.set_language(s.settings.interface_language)

    @property
    def caption(self) -> str | None:
        """The kiosk's words over the scene: the countdown, or the attract loop's invitation."""
        k = self.idle
        if k is None or k.phase not in (COUNTDOWN, ATTRACT):
            return None
        words = msg("kiosk.still_there", seconds=k.seconds_left) if k.phase == COUNTDOWN else msg("kiosk.touch_to_play")
        return words.text()
