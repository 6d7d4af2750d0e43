"""The window's side of the measuring tools (issue 36): the tray of tools at the bottom left of the
drawing area (finger-sized in a kiosk), a tool dragged from it onto the scene (or tapped, then the
scene tapped), its handles dragged and its buttons pressed, all turned into calls on the session's
:class:`~game.app.session.measuring.Measuring`; and the tools as the scene draws them
(:class:`~game.render.measuring.ToolMark`)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel

from ...messages import language, msg
from ...render.measuring import ToolMark, ToolsLayer
from ...ui.layout import Layout
from ..session.measuring import KINDS, Tool
from ..session.session import Session
from .picking import GRAB_MARGIN

#: the tray's buttons, the tools' then "clear"
BUTTONS = (*KINDS, "clear")
MARGIN = 8
#: a drop this near a body's point is on it (pixels)
SNAP = 2 * GRAB_MARGIN


class MeasureTray:
    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.panel: UIPanel | None = None
        #: the tray's buttons by name
        self.buttons: dict[str, UIButton] = {}
        #: the tool taken from the tray and not yet dropped
        self.carrying: str | None = None
        #: the tool whose handle is held, and which handle
        self.held: tuple[Tool, int] | None = None
        self._built_for: tuple | None = None

    # -- the tray ---------------------------------------------------------------------------------

    def follow(self, session: Session, layout: Layout) -> None:
        """Build, rebuild or drop the tray as the session and the layout ask (hidden under a dialog,
        as the other controls are)."""
        shown = session.view.measuring and session.view.dialog is None and not session.view.menu
        key = (layout.viewport, layout.touch, language()) if shown else None
        if key == self._built_for:
            return
        self.kill()
        self._built_for = key
        if key is None:
            self.carrying = self.held = None
            return
        vx, vy, vw, vh = layout.viewport
        row = layout.row + (4 if layout.touch else 0)
        words = {name: msg(f"measure.tray.{name}").text() for name in BUTTONS}
        widths = {name: max(row, 16 + 9 * len(w)) for name, w in words.items()}
        width = min(vw - 2 * MARGIN, sum(widths.values()) + 6 * (len(BUTTONS) + 1))
        rect = pygame.Rect(vx + MARGIN, vy + vh - row - 12 - MARGIN, width, row + 12)
        self.panel = UIPanel(rect, starting_height=4, manager=self.manager)
        x = 4
        for name in BUTTONS:
            tip = msg("measure.tray.clear.tip" if name == "clear" else f"measure.tip.{name}").text()
            self.buttons[name] = UIButton(pygame.Rect(x, 4, widths[name], row), words[name], self.manager,
                                          container=self.panel, tool_tip_text=tip)
            x += widths[name] + 6

    def handle(self, event: pygame.event.Event, session: Session) -> bool:
        """A tray button pressed (``clear``) or taken (a tool, carried until it is dropped); False if the
        event is not the tray's."""
        name = next((n for n, b in self.buttons.items() if b is getattr(event, "ui_element", None)), None)
        if name is None:
            return False
        if name == "clear":
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                session.measuring.clear()
        elif event.type == pygame_gui.UI_BUTTON_START_PRESS:
            self.carrying = name
        return True

    # -- the scene --------------------------------------------------------------------------------

    def pointer(self, event: pygame.event.Event, app: Any) -> bool:
        """A mouse event over the scene that is the tools': a carried tool dropped, a tool's button
        pressed, its handle taken, dragged and let go (a finger's own events, whose mouse copies do
        this, go no further over a tool). False: the scene's (bodies, zoom, pan)."""
        s = app.session
        if not s.view.measuring:
            return False
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            w, h = app.screen.get_size()
            return self.held is not None or self._layer(app).hit((event.x * w, event.y * h)) is not None
        button = getattr(event, "button", 1)
        if event.type == pygame.MOUSEBUTTONDOWN and button == 1:
            if self.carrying is not None and self._on_scene(app, event.pos):
                self._drop(app, event.pos)
                return True
            hit = self._layer(app).hit(event.pos)
            tool = next((t for t in s.measuring.tools if id(t) == hit.key), None) if hit else None
            if hit is None or tool is None:
                return False
            if hit.part == "handle":
                self.held = (tool, hit.handle)
            else:
                s.measuring.press(tool, hit.part)
            return True
        if event.type == pygame.MOUSEMOTION and self.held is not None:
            self._move(app, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and button == 1:
            if self.held is not None:
                self._move(app, event.pos)
                self.held = None
                return True
            if self.carrying is not None and self._on_scene(app, event.pos):
                self._drop(app, event.pos)  # a drag from the tray ends here
                return True
        return False

    def _drop(self, app: Any, pos) -> None:
        assert self.carrying is not None
        app.session.measuring.place(self.carrying, app.camera.to_model(*pos), app.camera.length_to_model(SNAP))
        self.carrying = None

    def _move(self, app: Any, pos) -> None:
        assert self.held is not None
        tool, handle = self.held
        if tool in app.session.measuring.tools:
            app.session.measuring.move(tool, handle, app.camera.to_model(*pos), app.camera.length_to_model(SNAP))

    def _on_scene(self, app: Any, pos) -> bool:
        over_tray = self.panel is not None and self.panel.rect.collidepoint(pos)
        return pygame.Rect(app.layout.viewport).collidepoint(pos) and not over_tray

    @staticmethod
    def _layer(app: Any) -> ToolsLayer:
        return next(layer for layer in app.layers if isinstance(layer, ToolsLayer))

    def marks(self, session: Session) -> tuple[ToolMark, ...]:
        """The tools as the scene draws them (none while the tray is closed)."""
        if not session.view.measuring:
            return ()
        m = session.measuring
        return tuple(ToolMark(id(t), t.kind, tuple(m.where(t)), tuple(m.lines(t)), tuple(m.buttons(t)),
                              t.normal if t.kind == "period" and t.body is not None else None)
                     for t in m.tools)

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
        self.buttons = {}
        self._built_for = None
