"""Where things go on the window, from its size alone."""

from __future__ import annotations

from dataclasses import dataclass

TOP_BAR = 48
BOTTOM_BAR = 64
BUTTON = 48
GAP = 8


@dataclass(frozen=True)
class Layout:
    width: int
    height: int

    @property
    def top_bar(self) -> tuple[int, int, int, int]:
        return (0, 0, self.width, TOP_BAR)

    @property
    def bottom_bar(self) -> tuple[int, int, int, int]:
        return (0, self.height - BOTTOM_BAR, self.width, BOTTOM_BAR)

    @property
    def viewport(self) -> tuple[int, int, int, int]:
        """The drawing area, between the bars."""
        return (0, TOP_BAR, self.width, max(1, self.height - TOP_BAR - BOTTOM_BAR))

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
