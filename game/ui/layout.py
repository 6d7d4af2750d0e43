"""Where things go on the window, from its size alone."""

from __future__ import annotations

from dataclasses import dataclass

TOP_BAR = 48
BOTTOM_BAR = 64
BUTTON = 48
GAP = 8


#: the plots' dock: its width (a share of the window, within these bounds), and per plot the
#: height of each row of menus and buttons above the drawing
DOCK_MIN, DOCK_MAX, DOCK_SHARE = 300, 460, 0.32
PLOT_ROW = 34


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    #: the plots' dock is open at the right: the drawing area is what it leaves free
    dock: bool = False

    @property
    def top_bar(self) -> tuple[int, int, int, int]:
        return (0, 0, self.width, TOP_BAR)

    @property
    def bottom_bar(self) -> tuple[int, int, int, int]:
        return (0, self.height - BOTTOM_BAR, self.width, BOTTOM_BAR)

    @property
    def dock_width(self) -> int:
        return min(DOCK_MAX, max(DOCK_MIN, round(self.width * DOCK_SHARE))) if self.dock else 0

    @property
    def viewport(self) -> tuple[int, int, int, int]:
        """The drawing area, between the bars and left of the plots' dock."""
        return (0, TOP_BAR, max(1, self.width - self.dock_width), max(1, self.height - TOP_BAR - BOTTOM_BAR))

    @property
    def dock_rect(self) -> tuple[int, int, int, int]:
        """The plots' dock, right of the drawing area (empty when closed)."""
        w = self.dock_width
        return (self.width - w, TOP_BAR, w, max(1, self.height - TOP_BAR - BOTTOM_BAR))

    def plot_slots(self, menus: list[int], add_row: bool) -> list[tuple[tuple[int, int, int, int], tuple[int, int, int, int]]]:
        """Per plot of the dock (``menus``: how many rows of menus each has above it): the
        rectangle of its menus and buttons, and that of its drawing. With ``add_row`` the
        bottom of the dock keeps room for the button that adds a plot."""
        x, y, w, h = self.dock_rect
        h -= 40 if add_row else 0
        each = h // max(1, len(menus))
        out = []
        for k, rows in enumerate(menus):
            top = y + k * each
            header = PLOT_ROW * rows + 6
            out.append(((x + 4, top + 4, w - 8, header - 6), (x + 2, top + header, w - 4, each - header - 2)))
        return out

    def plot_add_button(self) -> tuple[int, int, int, int]:
        x, y, w, h = self.dock_rect
        return (x + w - 44, y + h - 38, 36, 32)

    def bottom_button(self, index: int) -> tuple[int, int, int, int]:
        return (GAP + index * (BUTTON + GAP), self.height - BOTTOM_BAR + (BOTTOM_BAR - BUTTON) // 2, BUTTON, BUTTON)

    def speed_button(self, index: int, count: int) -> tuple[int, int, int, int]:
        w = 52
        x = self.width - GAP - (count - index) * (w + 4)
        return (x, self.height - BOTTOM_BAR + (BOTTOM_BAR - 40) // 2, w, 40)

    def live_panel(self, name: str, lines: int) -> tuple[int, int, int, int]:
        """Where a live panel goes: the energy panel top left, the values panel top right."""
        vx, vy, vw, _ = self.viewport
        width = self.panel_width(name)
        x = vx + 8 if name == "energy" else vx + vw - width - 8
        return (x, vy + 48, width, 40 + 24 * lines)

    def panel_width(self, name: str) -> int:
        return min(560, self.viewport[2] // 2 - 12) if name == "energy" else 260

    def panel_columns(self, name: str) -> int:
        """Characters of expression that fit a line of a panel (the expression font is ~9 px wide)."""
        return max(20, (self.panel_width(name) - 34) // 9)
