"""The first-run hint: one short line over the top of the drawing area saying what the
icon-only controls do (how to animate, drag a body, change the values), with a button that
closes it. The session decides when it shows (:attr:`game.app.session.onscreen.View.hint`)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from .layout import Layout

#: the hint's widest, and its margin from the drawing area's edges
WIDEST = 1100
MARGIN = 16
#: pixels of text: up to three lines (a small window wraps the hint)
TEXT_H = 66


class Hint:
    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, text: str, close: str):
        vx, vy, vw, _ = layout.viewport
        button_h = max(36, layout.row)
        width = min(WIDEST, vw - 2 * MARGIN)
        height = max(TEXT_H, button_h) + 12
        rect = pygame.Rect(vx + (vw - width) // 2, vy + MARGIN // 2, width, height)
        self.panel = UIPanel(rect, starting_height=6, manager=manager, object_id=ObjectID("#hint"))
        button_w = 130
        self.text = UITextBox(text, pygame.Rect(6, 4, width - button_w - 24, height - 12), manager,
                              container=self.panel, object_id=ObjectID("#hint_text", "@status"),
                              plain_text_display_only=True)
        self.close_button = UIButton(pygame.Rect(width - button_w - 10, (height - button_h) // 2 - 2, button_w,
                                                 button_h), close, manager, container=self.panel)

    @property
    def rect(self) -> pygame.Rect:
        return self.panel.rect

    def kill(self) -> None:
        self.panel.kill()
