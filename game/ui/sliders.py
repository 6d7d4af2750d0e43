"""The desktop's Parameters and Conditions panels, docked beside the scene: each row its name and
description, then its value as a field to type in (CenM's: click, type, Enter) and, for a number,
a slider beside it with the value's unit. While a slider moves the scene shows the model at the
new value (the panel's ``preview``); like a typed value it is pending until Accept, and Cancel
leaves the model as it was. A value the model refuses is refused in place, the slider back where
it was; the field and the slider always say the same value."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIHorizontalSlider, UILabel

from ..messages import msg
from .fitting import fit_label, shortened
from .layout import Layout
from .panels import ROW, STATUS, VALUE_FONTS, DefinitionsPanel, Row

#: pixels: the line of a row's name and description, the gap under a row, a unit's column
LINE, GAP, UNIT = 22, 8, 52
#: the share of a row's width the field takes when a slider is beside it
FIELD_SHARE = 0.38
#: pixels: a panel narrower than this has a taller message box
NARROW = 420


class Span(Protocol):
    """What a slider offers (:class:`game.app.session.stepping.Stepper`)."""

    @property
    def step(self) -> float: ...
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...
    @property
    def unit(self) -> str: ...

    def text(self, value: float) -> str: ...


class SliderPanel(DefinitionsPanel):
    """``spans``: each slider's step, span and unit by its row's name; ``spanning(name, value)``: the
    span that holds a value (one typed beyond it); ``preview(pending)``: the scene shows the model
    with these texts, returning every row's value (and why it cannot, or None)."""

    ROWS_TOP = 40
    HINT = "panel.slide_hint"

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, rect: Sequence[int], title: str,
                 rows: Sequence[Row], spans: Mapping[str, Span], spanning: Callable[[str, float], Span],
                 values: Mapping[str, float], check: Callable[[str, str], str | None],
                 accept: Callable[[dict[str, str]], str | None],
                 preview: Callable[[dict[str, str]], tuple[dict[str, float], str | None]]):
        self.rect = pygame.Rect(rect)
        if self.rect.width < NARROW:  # a refusal wraps on up to four lines
            self.STATUS_H = STATUS + 44
        self.spans, self.spanning, self.preview = spans, spanning, preview
        #: each row's value as a number, as the field says it
        self.values = dict(values)
        #: row index → its slider, and its unit's label
        self.sliders: dict[int, UIHorizontalSlider] = {}
        self.units: dict[int, UILabel] = {}
        #: a row is one line (a short window), not two
        self.one_line = False
        super().__init__(manager, layout, title, rows, check, accept)

    def _pitch(self, layout: Layout) -> tuple[int, int]:
        """Two lines a row (the name and description over the value) where they all fit, else one
        (the description in the name's tooltip): a short window keeps every row in view."""
        room = self.rect.height - self.ROWS_TOP - self.STATUS_H - max(36, layout.row) - 22
        self.one_line = len(self.rows) * (LINE + ROW + GAP) > room
        return (ROW, ROW - 2) if self.one_line else (LINE + ROW + GAP, ROW - 2)

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
            span = self.spans.get(row.name)
            field_w = int(room * FIELD_SHARE) if span is not None else room
            self._value_cell(i, row, pygame.Rect(left, y, field_w, target))
            if span is None:
                continue
            unit_w = UNIT if span.unit else 0
            span = self.spanning(row.name, self.values[row.name])
            self.sliders[i] = UIHorizontalSlider(
                pygame.Rect(left + field_w + 8, y, room - field_w - 8 - unit_w, target),
                float(self.values[row.name]), (float(span.low), float(span.high)), manager, container=box,
                object_id=ObjectID("#mode_slider"), click_increment=span.step)
            if span.unit:
                self.units[i] = UILabel(pygame.Rect(left + room - unit_w + 4, y, unit_w - 4, target), span.unit,
                                        manager, container=box, object_id=ObjectID("#line_small"))

    # -- events -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            i = next((k for k, s in self.sliders.items() if s is event.ui_element), None)
            if i is not None:
                self.slid(i, float(event.value))
                return True
        return super().process_event(event)

    def slid(self, i: int, value: float) -> None:
        """Row ``i``'s slider moved to ``value``: the nearest value on its grid of steps, if the model
        takes it, in the field and in the scene; else refused, the slider back where it was."""
        name = self.rows[i].name
        span = self.spans[name]
        text = span.text(round(value / span.step) * span.step)
        if text == self.pending.get(name, self.rows[i].value):
            return
        reason = self.check(name, text)
        if reason is None:
            values, reason = self.preview({**self.pending, name: text})
        if reason is not None:  # the value stays; the panel says why
            self._say(msg("panel.refused", name=name, reason=reason).text(), "#error")
            self._follow(i, self.values[name])
            return
        self._close_entry()
        self.pending[name] = text
        self.values.update(values)
        fit_label(self.value_buttons[i], text, VALUE_FONTS, self.manager)
        self._say(msg("panel.slide_pending").text(), "#pending")

    def _entered(self, i: int) -> None:
        """A typed value taken: the scene shows it, and the slider goes to it."""
        values, reason = self.preview(dict(self.pending))
        self.values.update(values)
        if i in self.sliders:
            self._follow(i, self.values[self.rows[i].name])
        if reason is not None:  # taken as typed (Accept says whether together they can be)
            self._say(msg("panel.refused", name=self.rows[i].name, reason=reason).text(), "#error")

    def _follow(self, i: int, value: float) -> None:
        """Row ``i``'s slider at ``value``, its span moved to hold it (a value typed beyond it)."""
        slider = self.sliders[i]
        span = self.spanning(self.rows[i].name, value)
        slider.value_range = (float(span.low), float(span.high))
        slider.set_current_value(value, warn=False)
