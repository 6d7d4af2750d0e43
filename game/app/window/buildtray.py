"""The window's side of the builder (issue 36 item 1): the strip of tools at the top left of the
drawing area (finger-sized in a kiosk) with the drawing's degrees of freedom in words under it; a
press, a drag and a release on the scene turned into calls on the session's
:class:`~game.app.session.buildmode.BuildMode` in model units; Ctrl+Z and Ctrl+Y; the drawing as the
scene draws it (:class:`~game.render.building.BuildMark`)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel

from ...messages import language, msg
from ...render.building import BuildMark
from ...ui.layout import Layout
from ..session.buildmode import TOOLS
from ..session.session import Session
from .picking import GRAB_MARGIN

#: the strip's buttons: the tools, then what acts at once
BUTTONS = (*TOOLS, "undo", "redo", "run", "save")
MARGIN = 8
#: a press this near a point or an element is on it (pixels)
REACH = 2 * GRAB_MARGIN


class BuildTray:
    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.panel: UIPanel | None = None
        self.buttons: dict[str, UIButton] = {}
        self.label: UILabel | None = None
        self._built_for: tuple | None = None
        self._words = ""
        #: the left button is down on the scene (a bar being drawn, a point moved)
        self.pressed = False

    def follow(self, session: Session, layout: Layout) -> None:
        """Build, rebuild or drop the strip as the session and the layout ask; its words follow the drawing."""
        shown = session.view.building and session.view.dialog is None and not session.view.menu
        kiosk = session.settings.kiosk
        key = (layout.viewport, layout.touch, language()) if shown else None
        if key != self._built_for:
            self.kill()
            self._built_for = key
            if key is not None:
                self._build(layout, kiosk)
        if self.panel is None:
            return
        words = session.building.words().text()
        if words != self._words and self.label is not None:
            self._words = words
            self.label.set_text(words)
        for name in TOOLS:
            button = self.buttons[name]
            (button.select if name == session.building.tool else button.unselect)()

    def _build(self, layout: Layout, kiosk: bool) -> None:
        vx, vy, vw, _ = layout.viewport
        row = layout.row + (4 if layout.touch else 0)
        names = [n for n in BUTTONS if not (kiosk and n == "save")]
        words = {name: msg(f"build.tool.{name}").text() for name in names}
        widths = {name: max(row, 16 + 9 * len(w)) for name, w in words.items()}
        width = min(vw - 2 * MARGIN, sum(widths.values()) + 6 * (len(names) + 1))
        rect = pygame.Rect(vx + MARGIN, vy + MARGIN, width, 2 * row + 16)
        self.panel = UIPanel(rect, starting_height=4, manager=self.manager)
        x = 4
        for name in names:
            self.buttons[name] = UIButton(pygame.Rect(x, 4, widths[name], row), words[name], self.manager,
                                          container=self.panel, tool_tip_text=msg(f"build.tip.{name}").text())
            x += widths[name] + 6
        self.label = UILabel(pygame.Rect(4, row + 8, width - 12, row), "", self.manager, container=self.panel)
        self._words = ""

    def handle(self, event: pygame.event.Event, session: Session) -> bool:
        """A button of the strip pressed; False if the event is not the strip's."""
        name = next((n for n, b in self.buttons.items() if b is getattr(event, "ui_element", None)), None)
        if name is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            session.building.act(name)
        return True

    def key(self, event: pygame.event.Event, session: Session) -> bool:
        """Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes while building."""
        if not session.view.building or event.type != pygame.KEYDOWN or not event.mod & pygame.KMOD_CTRL:
            return False
        if event.key == pygame.K_z:
            session.building.act("redo" if event.mod & pygame.KMOD_SHIFT else "undo")
            return True
        if event.key == pygame.K_y:
            session.building.act("redo")
            return True
        return False

    def pointer(self, event: pygame.event.Event, app: Any) -> bool:
        """A mouse event on the scene while building: press, drag, release in model units (SDL's
        copies of touches act too: the builder has no gestures of two fingers)."""
        s = app.session
        if not s.view.building:
            return False
        button = getattr(event, "button", 1)
        reach = app.camera.length_to_model(REACH)
        if event.type == pygame.MOUSEBUTTONDOWN and button == 1 and self._on_scene(app, event.pos):
            self.pressed = True
            s.building.press(app.camera.to_model(*event.pos), reach)
            return True
        if event.type == pygame.MOUSEMOTION and self.pressed:
            s.building.move(app.camera.to_model(*event.pos))
            return True
        if event.type == pygame.MOUSEBUTTONUP and button == 1 and self.pressed:
            self.pressed = False
            s.building.release(app.camera.to_model(*event.pos), reach)
            return True
        return event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)

    def _on_scene(self, app: Any, pos) -> bool:
        over = self.panel is not None and self.panel.rect.collidepoint(pos)
        return pygame.Rect(app.layout.viewport).collidepoint(pos) and not over

    @staticmethod
    def mark(session: Session) -> BuildMark | None:
        """The drawing as the scene draws it (None: not building)."""
        if not session.view.building:
            return None
        mode = session.building
        d = mode.builder.drawing
        place = {j.id: (j.x, j.y) for j in d.joints}
        rubber = None
        if mode.start is not None and mode.pointer is not None and mode.start in place:
            rubber = (place[mode.start], mode.pointer)
        elif mode.moving is not None and mode.pointer is not None and mode.moving in place:
            rubber = (place[mode.moving], mode.pointer)
        return BuildMark(mode.builder.grid, tuple((j.x, j.y, j.fixed) for j in d.joints),
                         tuple((p.kind, tuple(place[q] for q in p.points)) for p in d.pieces), rubber)

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
        self.buttons, self.label = {}, None
        self._built_for = None
