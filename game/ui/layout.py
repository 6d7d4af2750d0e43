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
