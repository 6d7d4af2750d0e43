"""The models menu: covers the window with the list of models.xml; the model in
use is highlighted; the menu button closes it again (CenM manual §2.1)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel

from .layout import TOP_BAR, Layout


class ModelMenu:
    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, titles: list[str], current: int):
        self.panel = UIPanel(pygame.Rect(0, TOP_BAR, layout.width, layout.height - TOP_BAR), starting_height=20,
                             manager=manager, object_id=ObjectID("#panel"))
        columns = 1 if len(titles) <= 8 else 2
        per_column = -(-len(titles) // columns)
        width = min(460, (layout.width - 80) // columns)
        left = (layout.width - columns * width - (columns - 1) * 20) // 2
        self.items: list[UIButton] = []
        for i, title in enumerate(titles):
            col, row = divmod(i, per_column)
            rect = pygame.Rect(left + col * (width + 20), 24 + row * 52, width, 44)
            oid = "#menu_current" if i == current else "#menu_item"
            self.items.append(UIButton(rect, title, manager, container=self.panel, object_id=ObjectID(oid)))

    def chosen(self, event: pygame.event.Event) -> int | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.items:
            return self.items.index(event.ui_element)
        return None

    def kill(self) -> None:
        self.panel.kill()
