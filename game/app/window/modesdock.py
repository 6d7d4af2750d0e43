"""The window's side of the modes panel (issue 30 item 4): docked in the right column under the
live panels, built again when what it lists changes (another equilibrium chosen, new parameters,
the layout), its buttons and sliders turned into calls on the session's
:class:`~game.app.session.modes.Modes`."""

from __future__ import annotations

import pygame
import pygame_gui

from ...messages import msg
from ...ui.layout import Dock, Layout
from ...ui.modespanel import HEADING, ModesPanel, height
from ..session.session import Session

#: the least height of the panel: its title and an equilibrium or two (the rest scrolls)
LEAST = HEADING + 140


class ModesDock:
    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.panel: ModesPanel | None = None
        self._built_for: tuple | None = None

    @staticmethod
    def key(session: Session) -> tuple:
        """What the panel's size and contents depend on."""
        modes = session.modes
        return session.view.modes, modes.revision, id(modes.known())

    def dock(self, session: Session, layout: Layout) -> Dock | None:
        modes = session.modes
        if not session.view.modes or modes.known() is None:
            return None
        wanted = height(modes.rows(), modes.chosen, len(modes.mode_rows()), layout.touch)
        return Dock("modes", "right", layout.side_width(), wanted, min(wanted, LEAST))

    def follow(self, session: Session, layout: Layout) -> None:
        """Build, rebuild or drop the panel as the session and the layout ask (hidden under a dialog,
        as the other controls are)."""
        shown = (session.view.modes and session.view.dialog is None and session.modes.known() is not None
                 and any(d.name == "modes" for d in layout.docks))
        key = (self.key(session), layout) if shown else None
        if key == self._built_for:
            return
        self.kill()
        self._built_for = key
        if key is None:
            return
        modes = session.modes
        self.panel = ModesPanel(self.manager, layout.dock_rect("modes"), msg("panel.title.modes").text(),
                                msg("modes.panel.hint").text(), modes.rows(), modes.chosen, modes.mode_rows(),
                                layout.touch)

    def refresh(self, session: Session) -> None:
        """The amplitudes and phases shown as the session has them."""
        if self.panel is not None:
            self.panel.set_words(session.modes.mode_rows())

    def handle(self, event: pygame.event.Event, session: Session) -> bool:
        """Carry out what the event asks of the panel; False if it is not the panel's."""
        if self.panel is None:
            return False
        action = self.panel.action(event)
        if action is None:
            return False
        what, index, *value = action
        modes = session.modes
        if what == "choose":
            modes.choose(index)
        elif what == "amplitude":
            modes.set_mode(index, amplitude=value[0])
        else:
            modes.set_mode(index, phase=value[0])
        self.panel.set_words(modes.mode_rows())
        return True

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
        self._built_for = None
