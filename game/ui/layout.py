"""Where things go on the window, from its size and the panels docked beside the scene (and,
for a kiosk's touch screen, bigger targets).

The window is a top bar, a bottom bar, and between them the *scene area*. Panels
that stay open while the model moves (energies, values, plots) do not cover the
scene: each is a :class:`Dock` that claims a strip of the scene area, and the
drawing area (:attr:`Layout.viewport`) is what the docks leave free.

Docking a panel (the whole API)::

    layout = Layout(width, height).docked([Dock("energy", "right", w, h), Dock("plot", "bottom", 0, 180)])
    layout.viewport          # the drawing area: the camera is made for it
    layout.dock_rect("plot")  # where the panel goes (x, y, w, h)

- ``edge="left"`` / ``"right"``: a column at that side of the scene area, as wide as its
  widest dock wants (:meth:`Layout.side_width` is a good width), with its docks stacked
  top to bottom in the order given, each as tall as it wants; when they want more
  than the column has, each keeps its ``least`` height and the rest is shared in
  proportion to what each wants beyond it (all shrink in proportion if even the
  least heights do not fit).
- ``edge="bottom"``: a strip across the scene area above the bottom bar, its docks
  stacked top to bottom, each as tall as it wants.
- Docks never take the whole scene: a side column gets at most :data:`SIDE_SHARE` (or its docks' ``share``) of the
  window's width, the bottom strip at most :data:`BOTTOM_SHARE` of the scene's height.

A new kind of panel only builds its :class:`Dock`; the window makes a new layout
when the docks change and everything (camera, framing, widgets) follows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

Rect = tuple[int, int, int, int]

TOP_BAR = 48
BOTTOM_BAR = 64
BUTTON = 48
GAP = 8
#: the smallest window the layout is made for (the window manager is told so)
MIN_SIZE = (640, 400)
#: a side column takes at most this share of the window's width
SIDE_SHARE = 0.36
#: the bottom strip takes at most this share of the scene area's height
BOTTOM_SHARE = 0.45
#: top-bar buttons: size and gap
TOP_BUTTON = 36
TOP_GAP = 4
#: a touch screen (a kiosk): every control at least this big, with GAP between controls
TOUCH = 48

#: the least width of the bottom bar's clock ("t = 12.34")
CLOCK_ROOM = 60
#: the bottom bar at decreasing sizes: (button, gap, speed button width, clock width, clock shows the speed);
#: a 30-pixel button still shows its 32-pixel icon whole (the glyphs keep 3 pixels of margin)
BAR_SIZES = ((48, 8, 52, 170, True), (40, 6, 46, 104, False), (36, 4, 40, 92, False), (34, 3, 38, 88, False),
             (30, 2, 34, 86, False), (30, 1, 32, 80, False), (30, 2, 34, 0, False))


@dataclass(frozen=True)
class Dock:
    """A panel beside the scene: its name, the edge it docks to, the size it would like, and
    the least height it can do with (what it shows first when space is short)."""

    name: str
    edge: str
    width: int
    height: int
    least: int = 0
    #: the most of the window's width its side column may take (the Parameters panel docked while
    #: it is open takes more than a live panel may)
    share: float = SIDE_SHARE

    def __post_init__(self) -> None:
        if self.edge not in ("left", "right", "bottom"):
            raise ValueError(f"a dock goes left, right or bottom, not {self.edge!r}")


@dataclass(frozen=True)
class BottomBar:
    """Where the controls of the bottom bar go at this width (see :meth:`Layout.bottom`)."""

    buttons: tuple[Rect, ...]
    speeds: tuple[Rect, ...]
    #: the clock label, or None when there is no room for it
    clock: Rect | None
    #: the clock also says the speed (the largest size only)
    clock_speed: bool


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    docks: tuple[Dock, ...] = ()
    #: a kiosk's touch screen: fingers need TOUCH-pixel targets GAP apart
    touch: bool = False
    #: how many icons and speed buttons the bottom bar holds (a touch screen too narrow for them
    #: in one row takes two: :meth:`bottom`)
    bar: tuple[int, int] = (0, 0)

    def docked(self, docks: Iterable[Dock]) -> Layout:
        """The same window with these panels docked."""
        return replace(self, docks=tuple(docks))

    # -- bars ----------------------------------------------------------------------------

    @property
    def top_height(self) -> int:
        return TOUCH + 2 * GAP if self.touch else TOP_BAR

    @property
    def top_button(self) -> int:
        """The side of a top-bar button."""
        return TOUCH if self.touch else TOP_BUTTON

    @property
    def top_gap(self) -> int:
        return GAP if self.touch else TOP_GAP

    @property
    def row(self) -> int:
        """The height of a row of a dialog (a value to press) or of the menu (a model)."""
        return TOUCH if self.touch else 30

    @property
    def top_bar(self) -> Rect:
        return (0, 0, self.width, self.top_height)

    @property
    def bar_rows(self) -> int:
        """Rows of the bottom bar: two on a touch screen too narrow for its finger-sized controls
        side by side (smaller ones would miss fingers, a scrolled bar would hide controls a visitor
        never finds), else one (a desktop's controls shrink instead)."""
        buttons, speeds = self.bar
        one_row = GAP + buttons * (TOUCH + GAP) + speeds * (BAR_SIZES[0][2] + GAP) - GAP + GAP
        return 2 if self.touch and one_row > self.width else 1

    @property
    def bottom_height(self) -> int:
        return BOTTOM_BAR + (self.bar_rows - 1) * (TOUCH + GAP)

    @property
    def bottom_bar(self) -> Rect:
        return (0, self.height - self.bottom_height, self.width, self.bottom_height)

    def top_left(self, index: int) -> Rect:
        """The ``index``-th button from the left of the top bar."""
        b, g = self.top_button, self.top_gap
        return (GAP + index * (b + g), (self.top_height - b) // 2, b, b)

    def top_right(self, index: int, count: int) -> Rect:
        """The ``index``-th of ``count`` buttons at the right of the top bar (the last rightmost)."""
        b, g = self.top_button, self.top_gap
        x = self.width - GAP - (count - index) * (b + g) + g
        return (x, (self.top_height - b) // 2, b, b)

    def title(self, left: int, right: int) -> Rect:
        """The title, between ``left`` buttons at the left and ``right`` at the right of the top bar."""
        b, g = self.top_button, self.top_gap
        x0 = GAP + left * (b + g) + GAP
        x1 = self.width - GAP - right * (b + g) - GAP
        return (x0, 2, max(0, x1 - x0), self.top_height - 4)

    def bottom(self, buttons: int, speeds: int) -> BottomBar:
        """The bottom bar laid out to fit: the largest of :data:`BAR_SIZES` whose buttons, clock
        and speed buttons fit the width side by side; at the smallest the clock goes. A touch
        screen keeps the largest, in two rows where one is too narrow (:attr:`bar_rows`)."""
        if self.bar_rows == 2:
            return self._two_rows(buttons, speeds)
        y0 = self.height - BOTTOM_BAR
        # a touch screen keeps the largest size: fingers need TOUCH-pixel targets GAP apart
        sizes, sg = (BAR_SIZES[:1], GAP) if self.touch else (BAR_SIZES, 4)
        for button, gap, speed_w, clock_w, clock_speed in sizes:  # noqa: B007 (the last one tried is used)
            needed = GAP + buttons * (button + gap) + clock_w + speeds * (speed_w + sg) - sg + GAP
            if needed <= self.width:
                break
        row = tuple((GAP + i * (button + gap), y0 + (BOTTOM_BAR - button) // 2, button, button)
                    for i in range(buttons))
        speed_h = TOUCH if self.touch else min(40, button)
        speed_x = self.width - GAP - speeds * (speed_w + sg) + sg
        speed_row = tuple((speed_x + i * (speed_w + sg), y0 + (BOTTOM_BAR - speed_h) // 2, speed_w, speed_h)
                          for i in range(speeds))
        clock_x = GAP + buttons * (button + gap)
        room = min(clock_w, speed_x - clock_x - 4)
        # (a touch screen too narrow for its finger-sized bar has no room for the clock either)
        clock = (clock_x, y0 + (BOTTOM_BAR - 40) // 2, room, 40) if clock_w and room >= CLOCK_ROOM else None
        return BottomBar(row, speed_row, clock, clock_speed)

    def _two_rows(self, buttons: int, speeds: int) -> BottomBar:
        """A touch screen's bar in two rows: as many icons as fit in the first, in their order; the
        rest at the start of the second, the speed buttons at its end and the clock between them."""
        button, gap, speed_w, clock_w, clock_speed = BAR_SIZES[0]
        first = min(buttons, (self.width - 2 * GAP + gap) // (button + gap))
        y0 = self.height - self.bottom_height + GAP
        y1 = y0 + button + GAP
        icons = tuple((GAP + (i if i < first else i - first) * (button + gap), y0 if i < first else y1, button, button)
                      for i in range(buttons))
        speed_x = self.width - GAP - speeds * (speed_w + GAP) + GAP
        speed_row = tuple((speed_x + i * (speed_w + GAP), y1, speed_w, TOUCH) for i in range(speeds))
        clock_x = GAP + (buttons - first) * (button + gap)
        room = min(clock_w, speed_x - clock_x - 4)
        clock = (clock_x, y1 + (TOUCH - 40) // 2, room, 40) if room >= CLOCK_ROOM else None
        return BottomBar(icons, speed_row, clock, clock_speed)

    # -- the scene and its docks ------------------------------------------------------------

    @property
    def scene(self) -> Rect:
        """Everything between the bars: the drawing area and the docked panels."""
        return (0, self.top_height, self.width, max(1, self.height - self.top_height - self.bottom_height))

    def side_width(self) -> int:
        """A good width for a side panel at this window size."""
        return int(min(360, max(220, 0.28 * self.width)))

    def _columns(self) -> tuple[int, int, int]:
        """Widths of the left and right columns and height of the bottom strip."""
        h = self.scene[3]
        left, right = (max((d.width for d in self.docks if d.edge == edge), default=0) for edge in ("left", "right"))
        left_cap, right_cap = (int(max((d.share for d in self.docks if d.edge == edge), default=SIDE_SHARE)
                                   * self.width) for edge in ("left", "right"))
        bottom = sum(d.height for d in self.docks if d.edge == "bottom")
        return min(left, left_cap), min(right, right_cap), min(bottom, int(BOTTOM_SHARE * h))

    @property
    def viewport(self) -> Rect:
        """The drawing area: the scene area less the docked panels."""
        x, y, w, h = self.scene
        left, right, bottom = self._columns()
        return (x + left, y, max(1, w - left - right), max(1, h - bottom))

    def strips(self) -> list[Rect]:
        """The parts of the scene area the docks take (to be painted where no panel covers them)."""
        x, y, w, h = self.scene
        vx, vy, vw, vh = self.viewport
        out = [(x, y, vx - x, h), (vx + vw, y, x + w - vx - vw, h), (vx, vy + vh, vw, y + h - vy - vh)]
        return [r for r in out if r[2] > 0 and r[3] > 0]

    def dock_rect(self, name: str) -> Rect:
        """Where the docked panel ``name`` goes."""
        dock = next((d for d in self.docks if d.name == name), None)
        if dock is None:
            raise KeyError(f"no panel {name!r} is docked")
        x, y, w, h = self.scene
        left, right, bottom = self._columns()
        vx, _, vw, vh = self.viewport
        if dock.edge == "bottom":
            column = [d for d in self.docks if d.edge == "bottom"]
            x0, y0, width, height = vx, y + vh, vw, bottom
        else:
            column = [d for d in self.docks if d.edge == dock.edge]
            width = left if dock.edge == "left" else right
            x0, y0, height = (x if dock.edge == "left" else x + w - right), y, h - bottom
        top = y0
        for d, size in zip(column, _share(height, [(min(d.least, d.height), d.height) for d in column])):
            if d is dock:
                return (x0, top, width, size)
            top += size
        raise AssertionError("unreachable")

    # -- inside a docked panel ------------------------------------------------------------------

    @staticmethod
    def panel_columns(width: int, compact: bool = False) -> int:
        """Characters of expression that fit a line of a panel ``width`` pixels wide
        (the expression font is 9 px wide; compact, 7)."""
        return max(16, (width - 32) // 7 if compact else (width - 28) // 9)


def _share(space: int, wants: list[tuple[int, int]]) -> list[int]:
    """Heights for docks wanting ``(least, wanted)`` in ``space`` pixels (see the module's notes)."""
    if sum(w for _, w in wants) <= space:
        return [w for _, w in wants]
    least = sum(lo for lo, _ in wants)
    if least >= space:
        return [int(lo * space / max(1, least)) for lo, _ in wants]
    extra = sum(w - lo for lo, w in wants)
    return [lo + int((w - lo) * (space - least) / max(1, extra)) for lo, w in wants]
