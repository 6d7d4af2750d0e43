"""The menus and buttons of the plots' dock (pygame_gui): above each plot, what it shows
(its kind, and the variables across and up) and its buttons (clear, save as PNG, remove);
at the bottom, a button that adds a plot. The plots themselves are drawn by
:mod:`game.render.plots` into the rectangles the layout gives them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu

from .text import Texts

BUTTON = 30
#: height of a row of menus and buttons above a plot
ROW = 34
#: room at the bottom of the dock for the button that adds a plot
ADD_ROW = 40

Rect = tuple[int, int, int, int]


def plot_slots(dock: Rect, menus: list[int], add_row: bool) -> list[tuple[Rect, Rect]]:
    """Per plot of the dock (``menus``: how many rows of menus each has above it): the
    rectangle of its menus and buttons, and that of its drawing. With ``add_row`` the bottom
    of the dock keeps room for the button that adds a plot."""
    x, y, w, h = dock
    h -= ADD_ROW if add_row else 0
    each = h // max(1, len(menus))
    out = []
    for k, rows in enumerate(menus):
        top = y + k * each
        header = ROW * rows + 6
        out.append(((x + 4, top + 4, w - 8, header - 6), (x + 2, top + header, w - 4, max(1, each - header - 2))))
    return out


def add_button(dock: Rect) -> Rect:
    x, y, w, h = dock
    return (x + w - 44, y + h - ADD_ROW + 4, 36, 32)


@dataclass(frozen=True)
class PlotChoices:
    """What one plot shows and what its menus offer (empty x/y choices: fixed axes)."""

    kind: str
    kinds: tuple[str, ...]
    x: str
    y: str
    xs: tuple[str, ...]
    ys: tuple[str, ...]


class PlotDock:
    def __init__(self, manager: pygame_gui.UIManager, dock: Rect, texts: Texts, plots: Sequence[PlotChoices],
                 can_add: bool):
        self.manager, self.texts = manager, texts
        self.slots = plot_slots(dock, [2 if c.xs else 1 for c in plots], can_add)
        self.elements: list = []
        #: per plot: its menus and buttons, by role
        self.menus: list[dict[str, UIDropDownMenu]] = []
        self.buttons: list[dict[str, UIButton]] = []
        for (header, _), choices in zip(self.slots, plots):
            x, y, w, _ = header
            kind_w = w - 3 * (BUTTON + 4)
            kind_names: list[str | tuple[str, str]] = [(texts(f"plot_kind_{k}"), k) for k in choices.kinds]
            menus = {"kind": UIDropDownMenu(kind_names, (texts(f"plot_kind_{choices.kind}"), choices.kind),
                                            pygame.Rect(x, y, kind_w, BUTTON), manager,
                                            object_id=ObjectID("#plot_menu"))}
            buttons = {}
            for k, role in enumerate(("clear", "save", "close")):
                buttons[role] = UIButton(pygame.Rect(x + kind_w + 4 + k * (BUTTON + 4), y, BUTTON, BUTTON), "",
                                         manager, tool_tip_text=texts(f"plot_{role}"),
                                         object_id=ObjectID(f"#plot_{role}", "@small_icon"))
            if choices.xs:
                half = (w - 4) // 2
                for k, (role, value, options) in enumerate((("x", choices.x, choices.xs), ("y", choices.y, choices.ys))):
                    listed: list[str | tuple[str, str]] = [(o, o) for o in options]
                    menus[role] = UIDropDownMenu(listed, (value, value),
                                                 pygame.Rect(x + k * (half + 4), y + BUTTON + 4, half, BUTTON - 2),
                                                 manager, object_id=ObjectID("#plot_menu"))
            self.menus.append(menus)
            self.buttons.append(buttons)
            self.elements += [*menus.values(), *buttons.values()]
        self.add: UIButton | None = None
        if can_add:
            self.add = UIButton(pygame.Rect(add_button(dock)), "", manager, tool_tip_text=texts("plot_add"),
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
