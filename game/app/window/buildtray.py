"""The window's side of the builder (issue 36 item 1): the strip of tools at the top left of the
drawing area (finger-sized in a kiosk) with the drawing's degrees of freedom in words under it; a
press, a drag and a release on the scene turned into calls on the session's
:class:`~game.app.session.buildmode.BuildMode` in model units; Ctrl+Z and Ctrl+Y; the drawing as the
scene draws it (:class:`~game.render.building.BuildMark`)."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextEntryLine

from ...messages import language, msg
from ...render.building import BuildMark
from ...ui.layout import Layout
from ..session.buildmode import TOOLS
from ..session.session import Session
from .picking import GRAB_MARGIN

#: the strip's second row: what acts at once (the tools are its first)
ACTIONS = ("undo", "redo", "run", "save")
BUTTONS = (*TOOLS, *ACTIONS)
#: the property panel's width (pixels) and its label column's
PANEL_WIDTH = 260
MARGIN = 8
#: the least room (pixels) the drawing's words take beside the actions, else they get a row of their own
LABEL_LEAST = 320
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
        #: the property panel of the selected element, its fields by number, and what it was built for
        self.properties: UIPanel | None = None
        self.fields: dict[str, UITextEntryLine] = {}
        self._properties_for: tuple | None = None

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
        self._follow_properties(session, layout)
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
        """The tools, then undo, redo, run, save and the drawing's words beside them; each group wraps
        into more rows where the drawing area is narrow (a kiosk's finger-sized buttons at 1024 px), and
        the words take a row of their own when too little is left beside the actions."""
        vx, vy, vw, _ = layout.viewport
        row = layout.row + (4 if layout.touch else 0)
        groups = (TOOLS, tuple(n for n in ACTIONS if not (kiosk and n == "save")))
        words = {name: msg(f"build.tool.{name}").text() for name in BUTTONS}
        widths = {name: max(row, 16 + 9 * len(w)) for name, w in words.items()}
        room = max(row, vw - 2 * MARGIN - 8)  # the width rows of buttons may take
        places: dict[str, tuple[int, int]] = {}
        line, x = -1, room
        for names in groups:
            x = room  # each group starts a row
            for name in names:
                if x + widths[name] > room:
                    line, x = line + 1, 0
                places[name] = (x, line)
                x += widths[name] + 6
        width = min(vw - 2 * MARGIN, max(px + widths[n] for n, (px, _) in places.items()) + 10)
        if width - 12 - x < LABEL_LEAST:  # the words under the buttons, the strip's whole width
            line, x = line + 1, 0
        self.panel = UIPanel(pygame.Rect(vx + MARGIN, vy + MARGIN, width, (line + 1) * (row + 4) + 12),
                             starting_height=4, manager=self.manager)
        for name, (px, k) in places.items():
            self.buttons[name] = UIButton(pygame.Rect(4 + px, 4 + k * (row + 4), widths[name], row), words[name],
                                          self.manager, container=self.panel,
                                          tool_tip_text=msg(f"build.tip.{name}").text())
        self.label = UILabel(pygame.Rect(4 + x, 4 + line * (row + 4), max(row, width - x - 12), row), "",
                             self.manager, container=self.panel)
        self._words = ""

    def _follow_properties(self, session: Session, layout: Layout) -> None:
        """The property panel at the top right of the drawing area: one field per number of the selected
        element, built again when the selection or its numbers change."""
        shown = self.panel is not None and session.building.numbers()
        key = (shown, layout.viewport, language()) if shown else None
        if key == self._properties_for:
            return
        self._kill_properties()
        self._properties_for = key
        if not shown:
            return
        name, numbers = shown
        vx, vy, vw, _ = layout.viewport
        row = layout.row + (4 if layout.touch else 0)
        rect = pygame.Rect(vx + vw - PANEL_WIDTH - MARGIN, vy + MARGIN, PANEL_WIDTH, (len(numbers) + 1) * (row + 4) + 12)
        if self.panel is not None and self.panel.rect.right + MARGIN > rect.left:  # under the strip, not over it
            rect.top = self.panel.rect.bottom + MARGIN
        self.properties = UIPanel(rect, starting_height=4, manager=self.manager)
        UILabel(pygame.Rect(4, 4, PANEL_WIDTH - 12, row), msg("build.panel", element=name).text(), self.manager,
                container=self.properties)
        for k, (key_, value) in enumerate(numbers, start=1):
            y = 4 + k * (row + 4)
            UILabel(pygame.Rect(4, y, 120, row), msg(f"build.number.{key_}").text(), self.manager,
                    container=self.properties)
            entry = UITextEntryLine(pygame.Rect(128, y, PANEL_WIDTH - 140, row), self.manager, container=self.properties)
            entry.set_text(f"{value:.6g}")
            self.fields[key_] = entry

    def _kill_properties(self) -> None:
        if self.properties is not None:
            self.properties.kill()
            self.properties = None
        self.fields = {}
        self._properties_for = None

    def handle(self, event: pygame.event.Event, session: Session) -> bool:
        """A button of the strip pressed, or a number typed in the property panel (Enter applies it);
        False if the event is not the strip's."""
        field = next((k for k, f in self.fields.items() if f is getattr(event, "ui_element", None)), None)
        if field is not None:
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                session.building.set_number(field, self.fields[field].get_text())
            return True
        name = next((n for n, b in self.buttons.items() if b is getattr(event, "ui_element", None)), None)
        if name is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            session.building.act(name)
        return True

    def key(self, event: pygame.event.Event, session: Session) -> bool:
        """Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes while building; typing in the property panel,
        keys are the field's (not shortcuts)."""
        if not session.view.building or event.type != pygame.KEYDOWN:
            return False
        if any(f.is_focused for f in self.fields.values()):
            return True
        if not event.mod & pygame.KMOD_CTRL:
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
        spot = mode.landing()
        end = (spot.x, spot.y) if spot is not None else mode.pointer
        if mode.start is not None and end is not None and mode.start in place:
            rubber = (place[mode.start], end)
        elif mode.moving is not None and end is not None and mode.moving in place:
            rubber = (place[mode.moving], end)
        snap = (spot.kind, (spot.x, spot.y), spot.line, spot.across) if spot is not None else None
        rubber = mode.carried() or rubber
        g = 2 * mode.builder.grid

        def places(p) -> tuple[tuple[float, float], ...]:
            at = tuple(place[q] for q in p.points)
            if p.kind != "force":
                return at
            fx, fy = p.number("fx"), p.number("fy")
            size = math.hypot(fx, fy) or 1.0
            return at[0], (at[0][0] + g * fx / size, at[0][1] + g * fy / size)  # its direction, a fixed length

        selected = next((k for k, p in enumerate(d.pieces) if p.id == mode.selected), None)
        return BuildMark(mode.builder.grid, tuple((j.x, j.y, j.fixed) for j in d.joints),
                         tuple((p.kind, places(p)) for p in d.pieces), rubber, selected, snap)

    def kill(self) -> None:
        self._kill_properties()
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
        self.buttons, self.label = {}, None
        self._built_for = None
