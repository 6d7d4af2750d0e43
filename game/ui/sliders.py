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
from .docked import DockedPanel, Preview
from .fitting import fit_label
from .layout import Layout
from .panels import VALUE_FONTS, Row

#: pixels of a unit's column
UNIT = 52
#: the share of a row's width the field takes when a slider is beside it
FIELD_SHARE = 0.38
#: a click beside a slider's handle moves it this fraction of its length
CLICK_SHARE = 0.01


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

    @property
    def logarithmic(self) -> bool: ...

    def text(self, value: float) -> str: ...
    def position(self, value: float) -> float: ...
    def at(self, position: float) -> float: ...
    def snapped(self, value: float) -> float: ...


def _range(span: Span) -> tuple[float, float]:
    """A slider's ends, in its positions."""
    return float(span.position(span.low)), float(span.position(span.high))


def _increment(span: Span) -> float:
    """How far a click beside the handle moves it: a step, or on a logarithmic slider a hundredth
    of its length."""
    low, high = _range(span)
    return (high - low) * CLICK_SHARE if span.logarithmic else span.step



class SliderPanel(DockedPanel):
    """``spans``: each slider's step, span and unit by its row's name; ``spanning(name, value)``: the
    span that holds a value (one typed beyond it); ``preview(pending)``: the scene shows the model
    with these texts, returning every row's value (and why it cannot, or None)."""

    HINT = "panel.slide_hint"

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, rect: Sequence[int], title: str,
                 rows: Sequence[Row], spans: Mapping[str, Span], spanning: Callable[[str, float], Span],
                 values: Mapping[str, float], check: Callable[[str, str], str | None],
                 accept: Callable[[dict[str, str]], str | None], preview: Preview):
        self.spans, self.spanning = spans, spanning
        #: each row's value as a number, as the field says it
        self.values = dict(values)
        #: row index → its slider, the span it shows (how its positions map to values), its unit's label
        self.sliders: dict[int, UIHorizontalSlider] = {}
        self.shown: dict[int, Span] = {}
        self.units: dict[int, UILabel] = {}
        super().__init__(manager, layout, rect, title, rows, check, accept, preview)

    def _cell_width(self, row: Row, room: int) -> int:
        return int(room * FIELD_SHARE) if row.name in self.spans else room

    def _beside(self, i: int, row: Row, rect: pygame.Rect) -> None:
        """The row's slider over its span (logarithmic where it covers decades), and its unit."""
        span = self.spans.get(row.name)
        if span is None:
            return
        unit_w = UNIT if span.unit else 0
        span = self.shown[i] = self.spanning(row.name, self.values[row.name])
        box, manager = self.rows_box, self.manager
        self.sliders[i] = UIHorizontalSlider(
            pygame.Rect(rect.x + 8, rect.y, rect.width - 8 - unit_w, rect.height),
            span.position(float(self.values[row.name])), _range(span), manager, container=box,
            object_id=ObjectID("#mode_slider"), click_increment=_increment(span))
        if span.unit:
            self.units[i] = UILabel(pygame.Rect(rect.right - unit_w + 4, rect.y, unit_w - 4, rect.height), span.unit,
                                    manager, container=box, object_id=ObjectID("#line_small"))

    # -- events -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            i = next((k for k, s in self.sliders.items() if s is event.ui_element), None)
            if i is not None:
                self.slid(i, self.shown[i].at(float(event.value)))
                return True
        return super().process_event(event)

    def slid(self, i: int, value: float) -> None:
        """Row ``i``'s slider moved to ``value``: the nearest value on its grid, if the model
        takes it, in the field and in the scene; else refused, the slider back where it was."""
        name = self.rows[i].name
        span = self.shown[i]
        text = span.text(span.snapped(value))
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
        """Row ``i``'s slider at ``value``, its span moved to hold it (a value typed beyond it; one
        typed 0 or less makes a logarithmic slider linear)."""
        slider = self.sliders[i]
        span = self.shown[i] = self.spanning(self.rows[i].name, value)
        slider.value_range = _range(span)
        slider.increment = _increment(span)
        slider.set_current_value(span.position(value), warn=False)
