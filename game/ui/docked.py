"""Parameters and Conditions docked at the right of the window, the scene beside them (the
desktop's sliders, :mod:`game.ui.sliders`; the kiosk's − and +, :mod:`game.ui.steppers`): each row
its name and description over its value, or, where the window is too short for that, its name
beside its value (the description in the name's tooltip). While a value changes the scene shows the
model at it (the panel's ``preview``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel

from .fitting import shortened
from .layout import Layout
from .panels import ROW, STATUS, DefinitionsPanel, Row

#: pixels: the line of a row's name and description, the gap under a row
LINE, GAP = 22, 8
#: pixels: a panel narrower than this has a taller message box
NARROW = 420

#: what a panel's ``preview(pending)`` does: the scene shows the model with these texts; every row's
#: value, and why it cannot be drawn so (or None)
Preview = Callable[[dict[str, str]], tuple[dict[str, float], str | None]]


class DockedPanel(DefinitionsPanel):
    """A panel in ``rect`` (the dock at the right); a subclass says how wide a row's value cell is
    (:meth:`_cell_width`) and what goes beside it (:meth:`_beside`)."""

    ROWS_TOP = 40

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, rect: Sequence[int], title: str,
                 rows: Sequence[Row], check: Callable[[str, str], str | None],
                 accept: Callable[[dict[str, str]], str | None], preview: Preview):
        self.rect = pygame.Rect(rect)
        if self.rect.width < NARROW:  # a refusal wraps on up to four lines
            self.STATUS_H = STATUS + 44
        self.preview = preview
        #: a row is one line (a short window), not two
        self.one_line = False
        super().__init__(manager, layout, title, rows, check, accept)

    def _target(self, layout: Layout) -> int:
        """A value's height: a finger's on a touch screen."""
        return max(ROW, layout.row) if layout.touch else ROW - 2

    def _pitch(self, layout: Layout) -> tuple[int, int]:
        """Two lines a row (the name and description over the value) where they all fit, else one
        (the description in the name's tooltip): a short window keeps every row in view."""
        target = self._target(layout)
        gap = GAP if layout.touch else 0  # fingers need targets apart
        room = self.rect.height - self.ROWS_TOP - self.STATUS_H - max(36, layout.row) - 22
        self.one_line = len(self.rows) * (LINE + max(ROW, target) + GAP) > room
        return (max(ROW, target) + gap, target) if self.one_line else (LINE + max(ROW, target) + GAP, target)

    def _place(self, layout: Layout, wanted: int) -> pygame.Rect:
        return pygame.Rect(self.rect)

    def _lay_rows(self, width: int, pitch: int, target: int) -> None:
        manager, box = self.manager, self.rows_box
        inner = width - 2 * 12 - 20  # the scroll bar's room
        name_w = min(140, inner // 3)
        if self.one_line:  # the name beside the value, as narrow as names allow
            name_w = min(name_w, 20 + max(len(r.name) for r in self.rows) * 9)
        for i, row in enumerate(self.rows):
            y = i * pitch
            name = UILabel(pygame.Rect(12, y, name_w, target if self.one_line else LINE), row.name, manager,
                           container=box, object_id=ObjectID("#expression"))
            name.set_tooltip(row.description)
            left, room = (12 + name_w + 4, inner - name_w - 4) if self.one_line else (12, inner)
            if not self.one_line:
                description = UILabel(pygame.Rect(12 + name_w + 6, y, inner - name_w - 6, LINE), "", manager,
                                      container=box, object_id=ObjectID("#line_small"))
                font = description.font
                description.set_text(shortened(row.description, inner - name_w - 18, font.size) if font
                                     else row.description)
                description.set_tooltip(row.description)
                y += LINE
            cell = self._cell_width(row, room)
            self._value_cell(i, row, pygame.Rect(left, y, cell, target))
            self._beside(i, row, pygame.Rect(left + cell, y, room - cell, target))

    def _cell_width(self, row: Row, room: int) -> int:
        """Pixels of row ``row``'s value cell, out of ``room``."""
        return room

    def _beside(self, i: int, row: Row, rect: pygame.Rect) -> None:
        """What goes in ``rect``, after row ``i``'s value cell (a slider and its unit)."""
