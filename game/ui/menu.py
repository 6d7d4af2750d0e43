"""The models menu: covers the window with the list of models.xml; the model in
use is highlighted; the menu button closes it again (CenM manual §2.1). The list
is laid out to fit the window: more columns and shorter rows in a small one, and titles in the
largest font in which they all fit (shortened with "…" only when even the smallest cannot hold
one, which is then said whole in its tooltip)."""

from __future__ import annotations

import math

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel

from .fitting import first_fitting, fitted_text
from .layout import Layout

#: a row of the menu: at most this tall (a large window), at least this (a small one: 800 × 600
#: holds models.xml and the link to the exercises in two columns of whole titles)
ROW_MAX, ROW_MIN = 52, 28
#: below this row height the titles use a smaller font
SMALL_ROW = 44
MARGIN = 20
#: the narrowest column of titles, in a window too small for columns of 200 px
COLUMN_MIN = 140


def menu_grid(count: int, width: int, height: int) -> tuple[int, int, int]:
    """``(columns, rows, row height)`` for ``count`` titles in a ``width`` × ``height`` area: one
    column for up to eight, else two; more when the rows would not fit (columns of 200 px at least,
    then of ``COLUMN_MIN``: a 640 × 400 window holds 36 titles in four)."""
    columns = 1 if count <= 8 else 2
    rows = math.ceil(count / columns)
    for narrowest in (200, COLUMN_MIN):  # narrower columns (titles shortened, whole in their tooltips) only
        while rows * ROW_MIN > height and width // (columns + 1) >= narrowest:  # when the rows do not fit
            columns += 1
            rows = math.ceil(count / columns)
    return columns, rows, max(ROW_MIN, min(ROW_MAX, height // rows))


class ModelMenu:
    """A page of the menu: ``titles`` of its buttons in order (``current`` the model in use, -1
    when it is on another page); ``headings`` says which of them start a group and under which
    heading ("Mis modelos" before the user's own); ``targets`` what each button stands for
    (:meth:`chosen` gives it: a model's place in the catalog, or the page a link turns to)."""

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, titles: list[str], current: int,
                 headings: dict[int, str] | None = None, targets: list[int | str] | None = None):
        top = layout.top_height
        height = layout.height - top
        self.panel = UIPanel(pygame.Rect(0, top, layout.width, height), starting_height=20,
                             manager=manager, object_id=ObjectID("#panel"))
        headings = headings or {}
        slots: list[int | str] = []
        for i in range(len(titles)):
            if i in headings:
                slots.append(headings[i])  # a heading takes a slot of its own
            slots.append(i)
        columns, per_column, row = menu_grid(len(slots), layout.width - 2 * MARGIN, height - 2 * MARGIN)
        if layout.touch:
            row = max(row, layout.row + 8)  # fingers: 48-px targets, 8 px apart
        gap = MARGIN if layout.width >= 1000 else MARGIN // 2  # a small window gives its titles room
        width = min(460, (layout.width - 2 * MARGIN - (columns - 1) * gap) // columns)
        left = (layout.width - columns * width - (columns - 1) * gap) // 2
        small = _font_size(manager, titles, current, width, "_small" if row < SMALL_ROW else "")
        #: the titles whole (an item shows one shortened when even the smallest font cannot hold it)
        self.titles = titles
        self.targets: list[int | str] = list(range(len(titles))) if targets is None else targets
        self.items: list[UIButton] = []
        #: the groups' headings, in the menu's order
        self.headings: list[UILabel] = []
        for slot, at in enumerate(slots):
            col, r = divmod(slot, per_column)
            rect = pygame.Rect(left + col * (width + gap), MARGIN + r * row, width, row - 8)
            if isinstance(at, str):
                self.headings.append(UILabel(rect, at, manager, container=self.panel, object_id=ObjectID("#heading")))
                continue
            oid = ("#menu_current" if at == current else "#menu_item") + small
            shown, whole = fitted_text(manager, oid, titles[at], width)
            self.items.append(UIButton(rect, shown, manager, container=self.panel, object_id=ObjectID(oid),
                                       tool_tip_text=whole))

    def chosen(self, event: pygame.event.Event) -> int | str | None:
        """The target of the button pressed, if it is one of the menu's."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.items:
            return self.targets[self.items.index(event.ui_element)]
        return None

    def kill(self) -> None:
        self.panel.kill()


def _font_size(manager: pygame_gui.UIManager, titles: list[str], current: int, width: int, start: str) -> str:
    """The suffix of the largest menu font, from ``start`` down, in which every title fits
    ``width`` pixels (the current model's in bold); the smallest when none does."""
    sizes = ("", "_small", "_tiny")
    for size in sizes[sizes.index(start):]:
        fits = all(first_fitting(manager, [("#menu_current" if i == current else "#menu_item") + size], [title], width)
                   for i, title in enumerate(titles))
        if fits:
            return size
    return sizes[-1]
