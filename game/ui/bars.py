"""The top bar (menu, title, documentation) and the bottom bar with CenM's
controls in order (SPEC §2), plus the speed buttons."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel

from .layout import GAP, Layout
from .text import Texts

#: The bottom bar, in CenM's order: (name, icon when off/idle, icon when on).
CONTROLS = (
    ("animate", "play", "pause"),
    ("eraser", "eraser", "eraser"),
    ("reset", "reset", "reset"),
    ("parameters", "parameters", "parameters"),
    ("conditions", "conditions", "conditions"),
    ("vectors", "vectors_off", "vectors_on"),
    ("energy", "energy_off", "energy_on"),
    ("values", "values_off", "values_on"),
    ("edit", "edit_x", "edit_v"),
)
#: Inactive while animating (CenM manual §2.1).
LOCKED_WHILE_ANIMATING = ("eraser", "reset", "parameters", "conditions", "edit")
SPEED_LABELS = ("½×", "1×", "2×", "4×")


@dataclass
class BarState:
    animating: bool
    vectors: bool
    energy: bool
    values: bool
    edit_velocities: bool
    panel_open: bool
    speed_index: int
    title: str


class Bars:
    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, texts: Texts):
        self.manager = manager
        self.texts = texts
        self.top = UIPanel(pygame.Rect(layout.top_bar), manager=manager, object_id=ObjectID("#bar"), starting_height=1)
        self.bottom = UIPanel(pygame.Rect(layout.bottom_bar), manager=manager, object_id=ObjectID("#bar"),
                              starting_height=1)
        top, bottom = self.top, self.bottom
        self.menu = UIButton(pygame.Rect(GAP, 4, 36, 36), "", manager, container=top, tool_tip_text=texts("menu"),
                             object_id=ObjectID("#menu", "@icon"))
        self.docs = UIButton(pygame.Rect(layout.width - GAP - 40, 4, 36, 36), "", manager, container=top,
                             tool_tip_text=texts("docs"), object_id=ObjectID("#docs", "@icon"))
        self.title = UILabel(pygame.Rect(60, 2, layout.width - 124, 40), "", manager, container=top,
                             object_id=ObjectID("#title"))
        y0 = layout.bottom_bar[1]

        def inside(rect: tuple[int, int, int, int]) -> pygame.Rect:
            return pygame.Rect(rect[0], rect[1] - y0 - 2, rect[2], rect[3])

        self.buttons: dict[str, UIButton] = {}
        self._icons: dict[str, str] = {}
        for i, (name, off, _) in enumerate(CONTROLS):
            self.buttons[name] = UIButton(inside(layout.bottom_button(i)), "", manager, container=bottom,
                                          tool_tip_text=texts(name), object_id=ObjectID(f"#{off}", "@icon"))
            self._icons[name] = off
        self.speeds = [
            UIButton(inside(layout.speed_button(i, len(SPEED_LABELS))), label, manager, container=bottom,
                     tool_tip_text=texts("speed", label=label, key=i + 1), object_id=ObjectID("#speed", "@speed"))
            for i, label in enumerate(SPEED_LABELS)
        ]
        x_after = layout.bottom_button(len(CONTROLS))[0]
        self.clock = UILabel(inside((x_after, layout.height - 52, 170, 40)), "", manager, container=bottom,
                             object_id=ObjectID("#line"))
        self._speed_current = -1

    def elements(self):
        return [self.top, self.bottom, self.menu, self.docs, self.title, self.clock, *self.buttons.values(), *self.speeds]

    def kill(self) -> None:
        for e in self.elements():
            e.kill()

    def sync(self, s: BarState) -> None:
        """Icons, enabled and visible states from the application's state."""
        on = {"animate": s.animating, "vectors": s.vectors, "energy": s.energy, "values": s.values,
              "edit": s.edit_velocities}
        for name, off, lit in CONTROLS:
            b = self.buttons[name]
            icon = lit if on.get(name, False) else off
            if icon != self._icons[name]:
                b.change_object_id(ObjectID(f"#{icon}", "@icon"))
                self._icons[name] = icon
            tip = self.texts("pause" if (name == "animate" and s.animating) else name)
            if b.tool_tip_text != tip:
                b.tool_tip_text = tip
            locked = s.animating and name in LOCKED_WHILE_ANIMATING
            if locked and b.is_enabled:
                b.disable()
            elif not locked and not b.is_enabled:
                b.enable()
            self._show(b, not s.panel_open)
        for b in (*self.speeds, self.menu, self.docs):
            self._show(b, not s.panel_open)
        if s.speed_index != self._speed_current:
            for i, b in enumerate(self.speeds):
                b.change_object_id(ObjectID("#speed_current" if i == s.speed_index else "#speed", "@speed"))
            self._speed_current = s.speed_index
        if self.title.text != s.title:
            self.title.set_text(s.title)

    def set_clock(self, text: str) -> None:
        if self.clock.text != text:
            self.clock.set_text(text)

    @staticmethod
    def _show(element, visible: bool) -> None:
        if visible and not element.visible:
            element.show()
        elif not visible and element.visible:
            element.hide()
