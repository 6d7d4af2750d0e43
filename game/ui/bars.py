"""The top bar (menu, title, documentation) and the bottom bar with CenM's
controls in order (SPEC §2), plus the speed buttons — all built from the
command table the caller passes (``game.app.session.controls``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel

from ..messages import msg
from .barlabels import labelled
from .fitting import TEXT_MARGIN, fit_label, font_of
from .layout import GAP, Layout

#: the title's fonts, largest first: a long title in a small window takes a smaller one
TITLE_FONTS = ("#title", "#title_small", "#title_tiny")


class ControlRow(Protocol):
    """What the bars read of a row of the command table."""

    @property
    def name(self) -> str: ...
    @property
    def key(self) -> str | None: ...
    @property
    def place(self) -> str | None: ...
    @property
    def icon(self) -> str | None: ...
    @property
    def icon_on(self) -> str | None: ...
    @property
    def label(self) -> str | None: ...
    @property
    def tooltip_key(self) -> str: ...


@dataclass
class BarState:
    """What the bars show, asked of the application each frame."""

    lit: Callable[[str], bool]
    locked: Callable[[str], bool]
    #: a dialog is open: CenM hides the other controls
    hidden: bool
    speed_index: int
    title: str
    #: a panel docked at the right covers the top bar from this x on (Parameters, Conditions), or None
    covered: int | None = None


#: the sizes of the words beside the icons, largest first, and their theme ids: a bar of many controls
#: in a long language (Spanish, thirteen controls at 1920 pixels) names them in the smaller
WORD_FONTS = ((15, "#bar_word"), (13, "#bar_word_small"))
#: pixels a word's button needs beyond its text (its padding each side)
WORD_PAD = 6


def bar_counts(controls: Sequence[ControlRow]) -> tuple[int, int]:
    """How many icons and speed buttons the bottom bar holds (the layout's ``bar``)."""
    return sum(c.place == "bottom" for c in controls), sum(c.place == "speed" for c in controls)


def words(c: ControlRow) -> tuple[str, str]:
    """The catalogue keys of a control's word, off and on (the same for most; Animate and Pause)."""
    return f"label.{c.name}", ("label.pause" if c.name == "animate" else f"label.{c.name}")


class Bars:
    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, controls: Sequence[ControlRow]):
        """The bars in the language of now (they are built again in another)."""
        self.manager = manager
        #: a touch screen (a kiosk): the tooltips do not name keys no one has
        self.touch = layout.touch
        #: the words said so far, by catalogue key: the bars ask for them every frame
        self._said: dict[str, str] = {}
        texts = self.texts
        self.controls = {c.name: c for c in controls}
        self.top = UIPanel(pygame.Rect(layout.top_bar), manager=manager, object_id=ObjectID("#bar"), starting_height=1)
        self.bottom = UIPanel(pygame.Rect(layout.bottom_bar), manager=manager, object_id=ObjectID("#bar"),
                              starting_height=1)
        self.buttons: dict[str, UIButton] = {}
        self._icons: dict[str, str] = {}
        left = [c for c in controls if c.place == "top-left"]
        right = [c for c in controls if c.place == "top-right"]
        for places, rect_of in ((left, lambda i: layout.top_left(i)), (right, lambda i: layout.top_right(i, len(right)))):
            for i, c in enumerate(places):
                place = pygame.Rect(rect_of(i))
                if c.icon is not None:
                    self._icon_button(c, place, self.top)
                else:  # a word: the language to switch to
                    self.buttons[c.name] = UIButton(place, texts(c.label or c.name), manager, container=self.top,
                                                    tool_tip_text=texts(c.tooltip_key), object_id=ObjectID("#word"))
        self.title = UILabel(pygame.Rect(layout.title(len(left), len(right))), "", manager, container=self.top,
                             object_id=ObjectID("#title"))
        self._title = ""
        #: the title's place with the top bar uncovered; what it was fitted to last
        self._title_rect = pygame.Rect(self.title.relative_rect)
        self._title_fitted = self._title_rect
        #: a touch screen's title too long for one line goes on in a second (a finger opens no tooltip)
        self.title_more = UILabel(pygame.Rect(self._title_rect), "", manager, container=self.top,
                                  object_id=ObjectID(TITLE_FONTS[-1])) if layout.touch else None
        y0 = layout.bottom_bar[1]

        def inside(rect: tuple[int, int, int, int]) -> pygame.Rect:
            return pygame.Rect(rect[0], rect[1] - y0 - 2, rect[2], rect[3])

        bottom = [c for c in controls if c.place == "bottom"]
        speeds = [c for c in controls if c.place == "speed"]
        plan = layout.bottom(len(bottom), len(speeds))
        # the icons' words beside them where the bar has room for them all (game/ui/barlabels.py)
        for size, word_id in WORD_FONTS:  # noqa: B007 (the one that fits is used after the loop)
            font = manager.get_theme().get_font_dictionary().find_font(size, "noto_sans")
            placed = labelled(plan, [max(font.size(texts(w))[0] for w in words(c)) + WORD_PAD for c in bottom])
            if placed:
                break
        icons, beside, clock = placed if placed else (plan.buttons, [], plan.clock)
        for c, rect in zip(bottom, icons):
            self._icon_button(c, inside(rect), self.bottom)
        #: the words beside the bottom bar's icons (none when the bar has no room for them)
        self.words: dict[str, UIButton] = {
            c.name: UIButton(inside(rect), texts(words(c)[0]), manager, container=self.bottom,
                             tool_tip_text=texts(c.tooltip_key), object_id=ObjectID(word_id))
            for c, rect in zip(bottom, beside)}
        self.speeds: list[UIButton] = []
        for c, rect in zip(speeds, plan.speeds):
            b = UIButton(inside(rect), c.label or c.name, manager, container=self.bottom,
                         tool_tip_text=self._for_screen(msg(c.tooltip_key, label=c.label, key=c.key).text()),
                         object_id=ObjectID("#speed", "@speed"))
            self.buttons[c.name] = b
            self.speeds.append(b)
        #: the time (and at the largest size the speed) after the buttons; None when there is no room
        self.clock = (UILabel(inside(clock), "", manager, container=self.bottom, object_id=ObjectID("#line"))
                      if clock else None)
        self._clock_speed = plan.clock_speed
        self._speed_current = -1

    def texts(self, key: str) -> str:
        """The words of catalogue ``key`` (with no blanks), in the language the bars were built in."""
        said = self._said.get(key)
        if said is None:
            said = self._said[key] = self._for_screen(msg(key).text()) if key.startswith("control.") else msg(key).text()
        return said

    def _for_screen(self, tip: str) -> str:
        """A tooltip as this screen says it: on a touch screen without the keys, which every tooltip
        names last, in brackets ("Animate (Space)" → "Animate")."""
        return re.sub(r"\s*\([^()]*\)$", "", tip) if self.touch else tip

    def _icon_button(self, c: ControlRow, rect: pygame.Rect, container: UIPanel) -> None:
        assert c.icon is not None
        self.buttons[c.name] = UIButton(rect, "", self.manager, container=container,
                                        tool_tip_text=self.texts(c.tooltip_key),
                                        object_id=ObjectID(f"#{c.icon}", "@icon"))
        self._icons[c.name] = c.icon

    # -- reading -----------------------------------------------------------------------------

    def control_of(self, element) -> str | None:
        """The control a pressed UI element is (an icon or its word), or None."""
        for name, b in (*self.buttons.items(), *self.words.items()):
            if element is b:
                return name
        return None

    def icon(self, name: str) -> str:
        """The icon a control shows now."""
        return self._icons[name]

    @property
    def menu(self) -> UIButton:
        return self.buttons["menu"]

    @property
    def docs(self) -> UIButton:
        return self.buttons["docs"]

    def elements(self) -> list:
        return [self.top, self.bottom, self.title, *([self.title_more] if self.title_more else []),
                *([self.clock] if self.clock else []), *self.buttons.values(), *self.words.values()]

    def kill(self) -> None:
        for e in self.elements():
            e.kill()

    # -- following the application -------------------------------------------------------------

    def sync(self, s: BarState) -> None:
        """Icons, enabled and visible states from the application's state."""
        for name, b in self.buttons.items():
            c = self.controls[name]
            if c.icon is not None:
                icon = c.icon_on if (c.icon_on and s.lit(name)) else c.icon
                if icon != self._icons[name]:
                    b.change_object_id(ObjectID(f"#{icon}", "@icon"))
                    self._icons[name] = icon
                tip = self.texts("control.pause" if (name == "animate" and s.lit(name)) else c.tooltip_key)
                if b.tool_tip_text != tip:
                    b.tool_tip_text = tip
            locked = s.locked(name)
            if locked and b.is_enabled:
                b.disable()
            elif not locked and not b.is_enabled:
                b.enable()
            self._show(b, not s.hidden)
            word = self.words.get(name)
            if word is not None:
                self._follow(word, b, self.texts(words(c)[1 if (c.icon_on and s.lit(name)) else 0]))
        if s.speed_index != self._speed_current:
            for i, b in enumerate(self.speeds):
                b.change_object_id(ObjectID("#speed_current" if i == s.speed_index else "#speed", "@speed"))
            self._speed_current = s.speed_index
        place = self._title_place(s.covered)
        if s.title != self._title or place != self._title_fitted:
            lines = self._title_lines(s.title, place)
            line = font_of(self.manager, TITLE_FONTS[-1]).size(s.title)[1] + 2  # two lines close together
            halves = [place] if len(lines) == 1 else [pygame.Rect(place.x, place.centery - line + k * line, place.width,
                                                                  line) for k in (0, 1)]
            self.title.set_relative_position(halves[0].topleft)
            self.title.set_dimensions(halves[0].size)
            # a long title in a small window: a smaller font, and "…" (whole in the tooltip) only past that
            fit_label(self.title, lines[0], TITLE_FONTS if len(lines) == 1 else TITLE_FONTS[-1:], self.manager)
            if self.title_more is not None:
                self.title_more.set_relative_position(halves[-1].topleft)
                self.title_more.set_dimensions(halves[-1].size)
                fit_label(self.title_more, lines[1] if len(lines) == 2 else "", TITLE_FONTS[-1:], self.manager)
            self._title, self._title_fitted = s.title, place

    def _title_lines(self, title: str, place: pygame.Rect) -> list[str]:
        """The title on one line, or on a touch screen, when even the smallest font cannot hold it, in two
        (as many words as fit on the first): a visitor's finger opens no tooltip to read it whole."""
        font = font_of(self.manager, TITLE_FONTS[-1])
        room = place.width - TEXT_MARGIN
        if self.title_more is None or font.size(title)[0] <= room or place.height < 2 * font.size(title)[1]:
            return [title]
        words = title.split(" ")
        first = next((k for k in range(len(words) - 1, 0, -1) if font.size(" ".join(words[:k]))[0] <= room), 0)
        return [title] if first == 0 else [" ".join(words[:first]), " ".join(words[first:])]

    def _title_place(self, covered: int | None) -> pygame.Rect:
        """The title's place: between the top bar's buttons, or, when a docked panel covers the bar's
        right part, centred in the part left (whose buttons hide under the panel, CenM's dialogs)."""
        if covered is None:
            return self._title_rect
        return pygame.Rect(GAP, self._title_rect.y, max(0, covered - 2 * GAP), self._title_rect.height)

    def set_clock(self, time: str, speed: str) -> None:
        """The time, and the speed too when there is room (the speed buttons show it anyway)."""
        text = f"{time}   {speed}" if self._clock_speed else time
        if self.clock is not None and self.clock.text != text:
            self.clock.set_text(text)

    def _follow(self, word: UIButton, icon: UIButton, text: str) -> None:
        """A word says what its icon does now (Animate, Pause), and is active and shown as it is."""
        if word.text != text:
            word.set_text(text)
        if icon.is_enabled != word.is_enabled:
            word.enable() if icon.is_enabled else word.disable()
        self._show(word, icon.visible)

    @staticmethod
    def _show(element, visible: bool) -> None:
        if visible and not element.visible:
            element.show()
        elif not visible and element.visible:
            element.hide()
