"""Where things go on the window, from its size (and, for a touch screen, bigger targets)."""

from __future__ import annotations

from dataclasses import dataclass

TOP_BAR = 48
BOTTOM_BAR = 64
BUTTON = 48
GAP = 8
#: a touch screen (a kiosk): every control at least this big, with GAP between controls
TOUCH = 48


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    #: a kiosk's touch screen: fingers need TOUCH-pixel targets TOUCH apart
    touch: bool = False

    @property
    def top_height(self) -> int:
        return TOUCH + 2 * GAP if self.touch else TOP_BAR

    @property
    def top_button(self) -> int:
        """The side of a top-bar button."""
        return TOUCH if self.touch else 36

    @property
    def row(self) -> int:
        """The height of a row of a dialog (a value to press) or of the menu (a model)."""
        return TOUCH if self.touch else 30

    def top_left(self, index: int) -> tuple[int, int, int, int]:
        b = self.top_button
        return (GAP + index * (b + GAP), (self.top_height - b) // 2, b, b)

    def top_right(self, index: int) -> tuple[int, int, int, int]:
        """The index-th top-bar button from the right edge inwards."""
        b = self.top_button
        return (self.width - (index + 1) * (b + GAP), (self.top_height - b) // 2, b, b)

    @property
    def top_bar(self) -> tuple[int, int, int, int]:
        return (0, 0, self.width, self.top_height)

    @property
    def bottom_bar(self) -> tuple[int, int, int, int]:
        return (0, self.height - BOTTOM_BAR, self.width, BOTTOM_BAR)

    @property
    def viewport(self) -> tuple[int, int, int, int]:
        """The drawing area, between the bars."""
        return (0, self.top_height, self.width, max(1, self.height - self.top_height - BOTTOM_BAR))

    def bottom_button(self, index: int) -> tuple[int, int, int, int]:
        return (GAP + index * (BUTTON + GAP), self.height - BOTTOM_BAR + (BOTTOM_BAR - BUTTON) // 2, BUTTON, BUTTON)

    def speed_button(self, index: int, count: int) -> tuple[int, int, int, int]:
        w, h, gap = 52, (TOUCH if self.touch else 40), (GAP if self.touch else 4)
        x = self.width - GAP - (count - index) * (w + gap) + gap - 4
        return (x, self.height - BOTTOM_BAR + (BOTTOM_BAR - h) // 2, w, h)

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
