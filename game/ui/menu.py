"""The models menu: covers the window with the list of models.xml; the model in
use is highlighted; the menu button closes it again (CenM manual §2.1)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel

from .layout import Layout


class ModelMenu:
    """``titles`` in the catalog's order; from ``mine_from`` on they are the user's own models,
    under the heading ``mine_heading`` ("Mis modelos")."""

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, titles: list[str], current: int,
                 mine_from: int | None = None, mine_heading: str = ""):
        top = layout.top_height
        self.panel = UIPanel(pygame.Rect(0, top, layout.width, layout.height - top), starting_height=20,
                             manager=manager, object_id=ObjectID("#panel"))
        slots: list[int | None] = list(range(len(titles)))
        if mine_from is not None:
            slots.insert(mine_from, None)  # the heading takes a slot of its own
        columns = 1 if len(slots) <= 8 else 2
        per_column = -(-len(slots) // columns)
        width = min(460, (layout.width - 80) // columns)
        left = (layout.width - columns * width - (columns - 1) * 20) // 2
        height = max(44, layout.row)
        step = height + (8 if layout.touch else 52 - 44)
        self.items: list[UIButton] = []
        self.heading: UILabel | None = None
        for slot, i in enumerate(slots):
            col, row = divmod(slot, per_column)
            rect = pygame.Rect(left + col * (width + 20), 24 + row * step, width, height)
            if i is None:
                self.heading = UILabel(rect, mine_heading, manager, container=self.panel,
                                       object_id=ObjectID("#heading"))
                continue
            oid = "#menu_current" if i == current else "#menu_item"
            self.items.append(UIButton(rect, titles[i], manager, container=self.panel, object_id=ObjectID(oid)))

    def chosen(self, event: pygame.event.Event) -> int | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.items:
            return self.items.index(event.ui_element)
        return None

    def kill(self) -> None:
        self.panel.kill()
