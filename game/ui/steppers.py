"""A kiosk's Parameters and Conditions panels: each value between a − and a + button, finger
sized, instead of a field to type in (a kiosk has no keyboard). Each press is checked as a typed
value is (the panel's ``check``); Accept applies them all, as in the desktop's panel."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel

from ..messages import msg
from .layout import TOUCH, Layout
from .panels import DefinitionsPanel, Row


class Steps(Protocol):
    """How one value steps (:class:`game.app.session.stepping.Stepper`)."""

    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...

    def moved(self, value: float, direction: int) -> float: ...
    def text(self, value: float) -> str: ...


class StepperPanel(DefinitionsPanel):
    """``steps`` by row name; ``values``, each row's number now."""

    #: − , the value, + : two finger-sized buttons and the number between them
    NUMBER_W = 132
    VALUE_W = 2 * TOUCH + 2 * 8 + NUMBER_W
    HINT = "panel.step_hint"

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, title: str, rows: Sequence[Row],
                 steps: Mapping[str, Steps], values: Mapping[str, float],
                 check: Callable[[str, str], str | None], accept: Callable[[dict[str, str]], str | None]):
        self.steps, self.values = steps, dict(values)
        #: each row's − and + buttons, and the label with its number
        self.minus: list[UIButton] = []
        self.plus: list[UIButton] = []
        self.numbers: list[UILabel] = []
        super().__init__(manager, layout, title, rows, check, accept)

    def _value_cell(self, i: int, row: Row, rect: pygame.Rect) -> None:
        side, gap = rect.height, 8
        box, manager = self.rows_box, self.manager
        self.minus.append(UIButton(pygame.Rect(rect.x, rect.y, side, side), "−", manager, container=box,
                                   object_id=ObjectID("#step")))
        self.numbers.append(UILabel(pygame.Rect(rect.x + side + gap, rect.y, rect.width - 2 * (side + gap), side),
                                    self.steps[row.name].text(self.values[row.name]), manager, container=box,
                                    object_id=ObjectID("#number")))
        self.plus.append(UIButton(pygame.Rect(rect.right - side, rect.y, side, side), "+", manager, container=box,
                                  object_id=ObjectID("#step")))

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for direction, buttons in ((-1, self.minus), (1, self.plus)):
                if event.ui_element in buttons:
                    self.press(buttons.index(event.ui_element), direction)
                    return True
        return super().process_event(event)

    def press(self, i: int, direction: int) -> None:
        """− (``direction`` −1) or + on row ``i``: the next value, if the model takes it."""
        name = self.rows[i].name
        steps, value = self.steps[name], self.values[name]
        new = steps.moved(value, direction)
        if new == value:  # at the end of its range
            self._say(msg("panel.step_limit", name=name, low=steps.text(steps.low),
                          high=steps.text(steps.high)).text(),
                      "#error")
            return
        text = steps.text(new)
        reason = self.check(name, text)
        if reason is not None:  # the value stays; the panel says why
            self._say(msg("panel.refused", name=name, reason=reason).text(), "#error")
            return
        self.values[name] = new
        self.pending[name] = text
        self.numbers[i].set_text(text)
        self._say(msg("panel.step_pending").text(), "#pending")
