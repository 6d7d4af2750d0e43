"""A kiosk's Parameters and Conditions panels, docked at the right as the desktop's
(:mod:`game.ui.docked`): each value between a − and a + button, finger sized, instead of a field
to type in (a kiosk has no keyboard). Each press is checked as a typed value is (the panel's
``check``) and the scene beside the panel shows the model at the new value (its ``preview``, the
desktop sliders' own); Accept applies them all. A − or + held down repeats, faster the longer it
is held (0.1 to 10 in about three seconds), the scene following each step."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel

from ..messages import msg
from .docked import DockedPanel, Preview
from .layout import TOUCH, Layout
from .panels import Row

#: seconds a − or + is held before it repeats, and between two repeats
HOLD_DELAY, REPEAT = 0.4, 0.08
#: steps per repeat after each ACCELERATE seconds of repeating: a long hold crosses the range
SPEED_UP, ACCELERATE = (1, 1, 2, 5, 10, 20), 0.6


class Steps(Protocol):
    """How one value steps (:class:`game.app.session.stepping.Stepper`)."""

    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...

    @property
    def scale(self) -> float: ...

    def moved(self, value: float, direction: int, steps: int = 1) -> float: ...
    def text(self, value: float) -> str: ...
    def shown(self, value: float) -> str: ...


class StepperPanel(DockedPanel):
    """``steps`` by row name; ``values``, each row's number now; ``preview(pending)``: the scene
    shows the model with these texts (and says why it cannot, or None)."""

    #: − , the value, + : two finger-sized buttons and the number between them
    NUMBER_W = 132
    VALUE_W = 2 * TOUCH + 2 * 8 + NUMBER_W
    HINT = "panel.step_hint"

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, rect: Sequence[int], title: str,
                 rows: Sequence[Row], steps: Mapping[str, Steps], values: Mapping[str, float],
                 check: Callable[[str, str], str | None], accept: Callable[[dict[str, str]], str | None],
                 preview: Preview):
        self.steps, self.values = steps, dict(values)
        #: each row's − and + buttons, and the label with its number
        self.minus: list[UIButton] = []
        self.plus: list[UIButton] = []
        self.numbers: list[UILabel] = []
        #: the − or + held down (row, direction), for how long, and how many times it repeated
        self._hold: tuple[int, int] | None = None
        self._held_for, self._repeats = 0.0, 0
        super().__init__(manager, layout, rect, title, rows, check, accept, preview)

    def _cell_width(self, row: Row, room: int) -> int:
        return min(self.VALUE_W, room)

    def _value_cell(self, i: int, row: Row, rect: pygame.Rect) -> None:
        side, gap = rect.height, 8
        box, manager = self.rows_box, self.manager
        self.minus.append(UIButton(pygame.Rect(rect.x, rect.y, side, side), "−", manager, container=box,
                                   object_id=ObjectID("#step")))
        self.numbers.append(UILabel(pygame.Rect(rect.x + side + gap, rect.y, rect.width - 2 * (side + gap), side),
                                    self.steps[row.name].shown(self.values[row.name]), manager, container=box,
                                    object_id=ObjectID("#number")))
        self.plus.append(UIButton(pygame.Rect(rect.right - side, rect.y, side, side), "+", manager, container=box,
                                  object_id=ObjectID("#step")))

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for direction, buttons in ((-1, self.minus), (1, self.plus)):
                if event.ui_element in buttons:
                    if not self._repeats:  # the release of a hold that repeated adds no step
                        self.press(buttons.index(event.ui_element), direction)
                    self._hold, self._repeats = None, 0
                    return True
        return super().process_event(event)

    def hold(self, seconds: float) -> None:
        """Each frame: a − or + held down past :data:`HOLD_DELAY` presses again every
        :data:`REPEAT` seconds, by more steps the longer it is held (:data:`SPEED_UP`)."""
        held = next(((i, d) for d, buttons in ((-1, self.minus), (1, self.plus))
                     for i, b in enumerate(buttons) if b.held), None)
        if held != self._hold:
            self._hold, self._held_for, self._repeats = held, 0.0, 0
            return
        if held is None:
            return
        self._held_for += seconds
        repeating = self._held_for - HOLD_DELAY
        if repeating >= self._repeats * REPEAT:
            self._repeats += 1
            self.press(*held, steps=SPEED_UP[min(len(SPEED_UP) - 1, int(repeating / ACCELERATE))])

    def press(self, i: int, direction: int, steps: int = 1) -> None:
        """− (``direction`` −1) or + on row ``i``: the value ``steps`` steps on, if the model takes it."""
        name = self.rows[i].name
        stepper, value = self.steps[name], self.values[name]
        new = stepper.moved(value, direction, steps)
        if stepper.shown(new) == stepper.shown(value):  # at the end of its range
            self._say(msg("panel.step_limit", name=name, low=stepper.shown(stepper.low / stepper.scale),
                          high=stepper.shown(stepper.high / stepper.scale)).text(),
                      "#error")
            return
        text = stepper.text(new)
        reason = self.check(name, text)
        if reason is None:  # the scene shows it (a mechanism that cannot be assembled so: refused)
            reason = self.preview({**self.pending, name: text})[1]
        if reason is not None:  # the value stays; the panel says why
            self._say(msg("panel.refused", name=name, reason=reason).text(), "#error")
            return
        self.values[name] = new
        self.pending[name] = text
        self.numbers[i].set_text(stepper.shown(new))
        self._say(msg("panel.step_pending").text(), "#pending")
