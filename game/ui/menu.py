"""The models menu: covers the window with the list of models.xml; the model in
use is highlighted; the menu button closes it again (CenM manual §2.1). The list
is laid out to fit the window: more columns and shorter rows in a small one."""

from __future__ import annotations

import math

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel

from .layout import TOP_BAR, Layout

#: a row of the menu: at most this tall (a large window), at least this (a small one)
ROW_MAX, ROW_MIN = 52, 30
#: below this row height the titles use a smaller font
SMALL_ROW = 44
MARGIN = 20


def menu_grid(count: int, width: int, height: int) -> tuple[int, int, int]:
    """``(columns, rows, row height)`` for ``count`` titles in a ``width`` × ``height`` area: one
    column for up to eight, else two; more when the rows would not fit (columns of 200 px at least)."""
    columns = 1 if count <= 8 else 2
    rows = math.ceil(count / columns)
    while rows * ROW_MIN > height and width // (columns + 1) >= 200:
        columns += 1
        rows = math.ceil(count / columns)
    return columns, rows, max(ROW_MIN, min(ROW_MAX, height // rows))


class ModelMenu:
    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, titles: list[str], current: int):
        height = layout.height - TOP_BAR
        self.panel = UIPanel(pygame.Rect(0, TOP_BAR, layout.width, height), starting_height=20,
                             manager=manager, object_id=ObjectID("#panel"))
        columns, per_column, row = menu_grid(len(titles), layout.width - 2 * MARGIN, height - 2 * MARGIN)
        width = min(460, (layout.width - 2 * MARGIN - (columns - 1) * MARGIN) // columns)
        left = (layout.width - columns * width - (columns - 1) * MARGIN) // 2
        small = "_small" if row < SMALL_ROW else ""
        self.items: list[UIButton] = []
        for i, title in enumerate(titles):
            col, r = divmod(i, per_column)
            rect = pygame.Rect(left + col * (width + MARGIN), MARGIN + r * row, width, row - 8)
            oid = ("#menu_current" if i == current else "#menu_item") + small
            self.items.append(UIButton(rect, title, manager, container=self.panel, object_id=ObjectID(oid)))

    def chosen(self, event: pygame.event.Event) -> int | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.items:
            return self.items.index(event.ui_element)
        return None

    def kill(self) -> None:
        self.panel.kill()
