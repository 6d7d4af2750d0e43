"""The modes panel (pygame_gui), docked beside the scene: the model's equilibria, each a button
with its coordinates and its modes' frequencies under it; under the one chosen, when it is a
stable centre, each mode's amplitude and phase as sliders; and a line saying what to do. What the
rows say and what a choice does are the session's (:mod:`game.app.session.modes`); on a kiosk's
touch screen every button and slider is a finger's size (:data:`~game.ui.layout.TOUCH`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel, UIPanel, UIScrollingContainer, UITextBox

from .fitting import fitted_text
from .layout import TOUCH

#: pixels: the title over the rows, a line of words, the desktop's button and slider, the hint's box
HEADING, LINE, BUTTON, SLIDER, HINT = 30, 20, 30, 24, 84
#: between rows, and from the panel's sides
GAP, SIDE = 6, 8


class EquilibriumRow(Protocol):
    """:class:`game.app.session.modes.EquilibriumRow`."""

    @property
    def title(self) -> str: ...
    @property
    def where(self) -> str: ...
    @property
    def detail(self) -> tuple[str, ...]: ...


class ModeRow(Protocol):
    """:class:`game.app.session.modes.ModeRow`."""

    @property
    def title(self) -> str: ...
    @property
    def amplitude(self) -> float: ...
    @property
    def most(self) -> float: ...
    @property
    def amplitude_text(self) -> str: ...
    @property
    def phase(self) -> float: ...
    @property
    def phase_text(self) -> str: ...


def sizes(touch: bool) -> tuple[int, int]:
    """The height of an equilibrium's button and of a slider."""
    return (TOUCH, TOUCH) if touch else (BUTTON, SLIDER)


def height(rows: Sequence[EquilibriumRow], chosen: int | None, modes: int, touch: bool) -> int:
    """Pixels the panel needs to show everything without scrolling."""
    button, slider = sizes(touch)
    listed = sum(button + LINE * (1 + len(r.detail)) + GAP for r in rows)
    return HEADING + listed + modes * (3 * LINE + 2 * slider + 2 * GAP) + HINT + 2 * GAP


class ModesPanel:
    def __init__(self, manager: pygame_gui.UIManager, rect: Sequence[int], title: str, hint: str,
                 rows: Sequence[EquilibriumRow], chosen: int | None, modes: Sequence[ModeRow], touch: bool = False):
        self.manager = manager
        x, y, w, h = rect
        self.panel = UIPanel(pygame.Rect(x, y, w, h), starting_height=4, manager=manager,
                             object_id=ObjectID("#live_panel"))
        UILabel(pygame.Rect(SIDE, 4, w - 2 * SIDE, 24), title, manager, container=self.panel,
                object_id=ObjectID("#heading"))
        self.box = UIScrollingContainer(pygame.Rect(0, HEADING, w - 4, h - HEADING - 4), manager,
                                        container=self.panel, allow_scroll_x=False)
        inner = w - 2 * SIDE - 20  # room for the scroll bar
        button_h, slider_h = sizes(touch)
        slider_id = ObjectID("#mode_slider", "@touch_slider" if touch else None)
        #: an equilibrium's button each, in the order listed
        self.buttons: list[UIButton] = []
        #: per mode of the chosen centre: its amplitude's and phase's slider, and the labels saying them
        self.amplitudes: list[UIHorizontalSlider] = []
        self.phases: list[UIHorizontalSlider] = []
        self.words: list[tuple[UILabel, UILabel]] = []
        top = GAP
        for i, row in enumerate(rows):
            text, whole = fitted_text(manager, "#line", row.title, inner)
            button = UIButton(pygame.Rect(SIDE, top, inner, button_h), text, manager, container=self.box,
                              tool_tip_text=whole, object_id=ObjectID("#line"))
            if i == chosen:
                button.select()
            self.buttons.append(button)
            top += button_h
            for line in (row.where, *row.detail):
                self._line(line, top, inner, "#expression_small")
                top += LINE
            if i == chosen:
                for mode in modes:
                    top = self._mode(mode, top, inner, slider_h, slider_id)
            top += GAP
        self.hint = UITextBox(hint, pygame.Rect(SIDE - 4, top, inner + 8, HINT), manager, container=self.box,
                              object_id=ObjectID("#line_small", "@status"), plain_text_display_only=True)
        top += HINT
        self.box.set_scrollable_area_dimensions((w - 24, top + GAP))

    def _line(self, text: str, top: int, width: int, object_id: str) -> UILabel:
        shown, whole = fitted_text(self.manager, object_id, text, width)
        label = UILabel(pygame.Rect(SIDE, top, width, LINE), shown, self.manager, container=self.box,
                        object_id=ObjectID(object_id))
        label.set_tooltip(whole)
        return label

    def _mode(self, mode: ModeRow, top: int, width: int, slider_h: int, slider_id: ObjectID) -> int:
        """A mode's title, its amplitude and phase with their sliders, from ``top``; where they end."""
        self._line(mode.title, top, width, "#line")
        top += LINE
        amplitude = self._line(mode.amplitude_text, top, width, "#line_small")
        top += LINE
        self.amplitudes.append(UIHorizontalSlider(pygame.Rect(SIDE, top, width, slider_h), mode.amplitude,
                                                  (0.0, mode.most), self.manager, container=self.box,
                                                  object_id=slider_id, click_increment=mode.most / 50))
        top += slider_h + GAP
        phase = self._line(mode.phase_text, top, width, "#line_small")
        top += LINE
        self.phases.append(UIHorizontalSlider(pygame.Rect(SIDE, top, width, slider_h), math.degrees(mode.phase),
                                              (-180.0, 180.0), self.manager, container=self.box,
                                              object_id=slider_id, click_increment=5.0))
        self.words.append((amplitude, phase))
        return top + slider_h + GAP

    def action(self, event: pygame.event.Event) -> tuple | None:
        """What an event asks of the panel: ("choose", equilibrium), ("amplitude", mode, value),
        ("phase", mode, radians), or None when it is not the panel's."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element in self.buttons:
            return "choose", self.buttons.index(element)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if element in self.amplitudes:
                return "amplitude", self.amplitudes.index(element), float(event.value)
            if element in self.phases:
                return "phase", self.phases.index(element), math.radians(float(event.value))
        return None

    def set_words(self, modes: Sequence[ModeRow]) -> None:
        """The amplitudes and phases as they are now (a slider moved, a value clipped, set by
        another way): the words, and the sliders not held by the mouse."""
        for k, ((amplitude, phase), mode) in enumerate(zip(self.words, modes)):
            for label, text in ((amplitude, mode.amplitude_text), (phase, mode.phase_text)):
                if label.text != text:
                    label.set_text(text)
            for slider, value in ((self.amplitudes[k], mode.amplitude), (self.phases[k], math.degrees(mode.phase))):
                held = slider.sliding_button is not None and slider.sliding_button.held
                if not held and abs(slider.current_value - value) > 1e-9 * max(1.0, abs(value)):
                    slider.set_current_value(value, warn=False)

    def kill(self) -> None:
        self.panel.kill()
