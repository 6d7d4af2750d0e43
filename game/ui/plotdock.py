"""The menus and buttons of the plots' dock (pygame_gui): above each plot, what it shows
(its kind, and the variables across and up) and its buttons (clear, save as PNG, remove);
at the bottom, a button that adds a plot. The plots themselves are drawn by
:mod:`game.render.plots` into the rectangles the layout gives them.

On a kiosk's touch screen (:attr:`game.ui.layout.Layout.touch`) every menu, option and button is
a finger's size, :data:`~game.ui.layout.TOUCH` pixels, :data:`~game.ui.layout.GAP` apart, and a
kiosk saves no files: its dock has no save buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu

from ..messages import msg
from .fitting import first_fitting
from .layout import GAP, TOUCH

Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class DockSizes:
    """The sizes of the dock's controls on one kind of screen."""

    #: the side of a button, and the height of the menu of a plot's kind beside them
    button: int
    #: the height of the x and y menus, under the kind's
    menu: int
    #: between controls, and between rows of them
    gap: int
    #: the button that adds a plot (width, height), and the room kept for it at the bottom
    add: tuple[int, int]
    add_row: int
    #: the class of the menus in the theme (a touch screen's lists have finger-sized options)
    menu_class: str | None = None

    @property
    def row(self) -> int:
        """From the top of a row of menus and buttons to the top of the next."""
        return self.button + self.gap


DESK = DockSizes(button=30, menu=28, gap=4, add=(36, 32), add_row=40)
TOUCH_SIZES = DockSizes(button=TOUCH, menu=TOUCH, gap=GAP, add=(TOUCH, TOUCH), add_row=TOUCH + 2 * GAP,
                        menu_class="@touch_menu")
#: the least width of the menu of a plot's kind: its longest choice ("Variable against variable") whole
KIND_MENU = 220
#: what a drop-down menu's arrow button and borders take of its width
MENU_ARROW = 24


def sizes(touch: bool) -> DockSizes:
    return TOUCH_SIZES if touch else DESK


def buttons(saving: bool) -> tuple[str, ...]:
    """The buttons over each plot, left to right (a kiosk saves no files: no save button)."""
    return ("clear", "save", "close") if saving else ("clear", "close")


def least_width(touch: bool, saving: bool) -> int:
    """The narrowest dock whose kind menus show their choices whole beside the buttons."""
    size = sizes(touch)
    return KIND_MENU + len(buttons(saving)) * size.row + 8


def plot_slots(dock: Rect, menus: list[int], add_row: bool, touch: bool = False) -> list[tuple[Rect, Rect]]:
    """Per plot of the dock (``menus``: how many rows of menus each has above it): the
    rectangle of its menus and buttons, and that of its drawing; the drawings share what the
    menus leave equally. With ``add_row`` the bottom of the dock keeps room for the button that
    adds a plot."""
    size = sizes(touch)
    x, y, w, h = dock
    h -= size.add_row if add_row else 0
    headers = [size.row * rows + 6 for rows in menus]
    drawing = (h - sum(headers)) // max(1, len(menus))
    out, top = [], y
    for header in headers:
        out.append(((x + 4, top + 4, w - 8, header - 6), (x + 2, top + header, w - 4, max(1, drawing - 2))))
        top += header + drawing
    return out


def add_button(dock: Rect, touch: bool = False) -> Rect:
    size = sizes(touch)
    x, y, w, h = dock
    return (x + w - 8 - size.add[0], y + h - size.add_row + 4, *size.add)


class Kind(Protocol):
    """What the dock asks of a kind of plot (:class:`game.app.session.plotkinds.PlotKind`): its
    name, which its menu's option gives back when chosen, and its words in full and short."""

    @property
    def name(self) -> str: ...

    def title(self, language: str | None = None) -> str: ...

    def short(self, language: str | None = None) -> str: ...


def kind_namer(manager: pygame_gui.UIManager, kinds: Sequence[Kind], width: int) -> Callable[[Kind], str]:
    """How the menu of a plot's kind, ``width`` pixels wide, names the kinds: in full where every
    name fits (the options are as wide as the menu), else by their short names (a narrow dock)."""
    full = [k.title() for k in kinds]
    if first_fitting(manager, ["#plot_menu"], full, width - MENU_ARROW):
        return lambda kind: kind.title()
    return lambda kind: kind.short()


@dataclass(frozen=True)
class PlotChoices:
    """What one plot shows and what its menus offer (empty x/y choices: fixed axes)."""

    kind: Kind
    kinds: tuple[Kind, ...]
    x: str
    y: str
    xs: tuple[str, ...]
    ys: tuple[str, ...]


class PlotDock:
    def __init__(self, manager: pygame_gui.UIManager, dock: Rect, plots: Sequence[PlotChoices],
                 can_add: bool, touch: bool = False, saving: bool = True):
        self.manager = manager
        size = sizes(touch)
        self.slots = plot_slots(dock, [2 if c.xs or c.ys else 1 for c in plots], can_add, touch)
        self.elements: list = []
        #: per plot: its menus and buttons, by role
        self.menus: list[dict[str, UIDropDownMenu]] = []
        self.buttons: list[dict[str, UIButton]] = []
        roles = buttons(saving)
        menu_id = ObjectID("#plot_menu", size.menu_class)
        for (header, _), choices in zip(self.slots, plots):
            x, y, w, _ = header
            kind_w = w - len(roles) * size.row
            name = kind_namer(manager, choices.kinds, kind_w)
            kind_names: list[str | tuple[str, str]] = [(name(k), k.name) for k in choices.kinds]
            menus = {"kind": UIDropDownMenu(kind_names, (name(choices.kind), choices.kind.name),
                                            pygame.Rect(x, y, kind_w, size.button), manager, object_id=menu_id)}
            row = {}
            for k, role in enumerate(roles):
                row[role] = UIButton(pygame.Rect(x + kind_w + size.gap + k * size.row, y, size.button, size.button),
                                     "", manager, tool_tip_text=msg(f"plot.button.{role}").text(),
                                     object_id=ObjectID(f"#plot_{role}", "@small_icon"))
            # the x and y menus share the row under the kind's; a kind with a fixed x (a spectrum's
            # frequency) has the y menu alone, the row's width
            shown = [(role, value, options) for role, value, options in
                     (("x", choices.x, choices.xs), ("y", choices.y, choices.ys)) if options]
            part = (w - size.gap * (len(shown) - 1)) // max(1, len(shown))
            for k, (role, value, options) in enumerate(shown):
                listed: list[str | tuple[str, str]] = [(o, o) for o in options]
                menus[role] = UIDropDownMenu(listed, (value, value),
                                             pygame.Rect(x + k * (part + size.gap), y + size.row, part, size.menu),
                                             manager, object_id=menu_id)
            self.menus.append(menus)
            self.buttons.append(row)
            self.elements += [*menus.values(), *row.values()]
        self.add: UIButton | None = None
        if can_add:
            self.add = UIButton(pygame.Rect(add_button(dock, touch)), "", manager,
                                tool_tip_text=msg("plot.button.add").text(),
                                object_id=ObjectID("#plot_add", "@small_icon"))
            self.elements.append(self.add)

    @property
    def plot_rects(self) -> list[Rect]:
        return [rect for _, rect in self.slots]

    def action(self, event: pygame.event.Event) -> tuple | None:
        """What a pygame_gui event asks of the plots: ("kind" | "x" | "y", plot, value),
        ("clear" | "save" | "close", plot), ("add",), or None if it is not for the dock."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for i, menus in enumerate(self.menus):
                for role, menu in menus.items():
                    if event.ui_element is menu:
                        return role, i, getattr(event, "selected_option_id", event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.add is not None and event.ui_element is self.add:
                return ("add",)
            for i, buttons in enumerate(self.buttons):
                for role, button in buttons.items():
                    if event.ui_element is button:
                        return role, i
        return None

    def owns(self, element) -> bool:
        return any(element is e for e in self.elements) or any(
            element is getattr(m, "current_state", None) for menus in self.menus for m in menus.values())

    def kill(self) -> None:
        for e in self.elements:
            e.kill()
        self.elements.clear()
