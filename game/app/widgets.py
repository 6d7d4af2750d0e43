"""The widgets that follow the session's view state: the live panels docked beside the
scene (energies, values), the models menu and the Parameters / Conditions dialog.

Each frame the window calls :meth:`Widgets.follow`; it opens and closes widgets as
``session.view`` asks, docks the live panels (see :mod:`game.ui.layout`) and returns
the layout they leave, whose viewport the camera and the framing follow.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ..ui.layout import Dock, Layout
from ..ui.menu import ModelMenu
from ..ui.panels import DefinitionsPanel, LivePanel
from ..ui.text import Texts
from .session import Session

#: the live panels in the order they stack in their column, and the edge they dock to
LIVE_PANELS = (("energy", "right"), ("values", "right"))
#: lines of the values panel kept when its column is short
VALUES_LEAST = 6


class Widgets:
    def __init__(self, manager: pygame_gui.UIManager, texts: Texts) -> None:
        self.manager, self.texts = manager, texts
        self.live: dict[str, LivePanel] = {}
        self.menu: ModelMenu | None = None
        self.panel: DefinitionsPanel | None = None
        #: the docks last asked for, and what they depended on (wrapping the expressions each frame
        #: would cost more than drawing the scene)
        self._docks: tuple[tuple, list[Dock]] = ((), [])

    def docks(self, session: Session, layout: Layout) -> list[Dock]:
        """The docks the open live panels want at this window size: room for every line, or
        at least for the numbers (the expressions of the energy panel can give way)."""
        sim = session.sim
        key = (frozenset(session.view.panels), id(session.model), sim.model.general, layout.width, layout.height,
               sim.does_work, sim.too_coarse)
        if key != self._docks[0]:
            self._docks = (key, self._wanted(session, layout))
        return self._docks[1]

    def _wanted(self, session: Session, layout: Layout) -> list[Dock]:
        width = layout.side_width()
        columns = Layout.panel_columns(width)
        docks = []
        for name, edge in LIVE_PANELS:
            if name in session.view.panels:
                lines = len(session.readout(name, columns))
                # the energies' numbers must show (their expressions can give way); a long list of
                # values (a mechanism's points and reactions) can end in "…" after a few
                least = (lines - session.expression_lines(name, columns) + 1 if name == "energy"
                         else VALUES_LEAST)
                docks.append(Dock(name, edge, width, LivePanel.height(lines), LivePanel.height(min(lines, least))))
        return docks

    def follow(self, session: Session, layout: Layout) -> Layout:
        """Open and close what the view state asks for; the layout with the live panels docked."""
        view = session.view
        docks = self.docks(session, layout)
        if tuple(docks) != layout.docks:
            layout = layout.docked(docks)
            self._close_live()
            session.follow_area(layout.viewport[2:])
        for dock in docks:
            if dock.name not in self.live:
                self.live[dock.name] = self._live_panel(session, layout, dock)
        if view.menu and self.menu is None:
            self.menu = ModelMenu(self.manager, layout, [e.title for e in session.catalog.entries], session.index)
        elif not view.menu and self.menu is not None:
            self.menu.kill()
            self.menu = None
        if view.dialog and self.panel is None:
            self.panel = self._dialog(session, layout, view.dialog)
        elif not view.dialog and self.panel is not None:
            self.panel.close()
            self.panel = None
        return layout

    def refresh(self, session: Session, layout: Layout) -> None:
        """Rewrite the numbers of the live panels."""
        for name, panel in self.live.items():
            panel.set_lines(self._lines(session, name, layout.dock_rect(name))[0])

    def _lines(self, session: Session, name: str, rect) -> tuple[list[str], int]:
        """What a live panel in ``rect`` shows, and how many of its first lines are expressions."""
        columns = Layout.panel_columns(rect[2])
        return fitted(session.readout(name, columns), session.expression_lines(name, columns),
                      LivePanel.room(rect[3]))

    def _live_panel(self, session: Session, layout: Layout, dock: Dock) -> LivePanel:
        rect = pygame.Rect(layout.dock_rect(dock.name))
        lines, expressions = self._lines(session, dock.name, rect)
        return LivePanel(self.manager, rect, self.texts(f"{dock.name}_title"), len(lines), tuple(range(expressions)))

    def _dialog(self, session: Session, layout: Layout, which: str) -> DefinitionsPanel:
        edits = session.parameter_edits() if which == "parameters" else session.condition_edits()
        accept = session.apply_parameters if which == "parameters" else session.apply_conditions
        return DefinitionsPanel(self.manager, layout, self.texts, self.texts(f"{which}_title"),
                                edits.rows(), edits.check, accept)

    def _close_live(self) -> None:
        for panel in self.live.values():
            panel.kill()
        self.live.clear()

    def close(self) -> None:
        """Drop every widget; the next :meth:`follow` builds what is still asked for."""
        self._close_live()
        self._docks = ((), [])
        for widget in (self.menu, self.panel):
            if widget is not None:
                widget.kill()
        self.menu = self.panel = None


def fitted(lines: list[str], expressions: int, room: int) -> tuple[list[str], int]:
    """At most ``room`` of ``lines``, the numbers first: expressions that do not fit end in "…"."""
    if len(lines) <= room:
        return lines, expressions
    numbers = lines[expressions:]
    keep = room - len(numbers) - 1  # one line for "…"
    if keep < 0:
        return numbers[:max(0, room)], 0
    return [*lines[:keep], "…", *numbers], keep + 1
