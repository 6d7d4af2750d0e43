"""Words beside the bottom bar's icons, where the bar has room for them all (a wide window, a
kiosk's large screen); icons alone where it has not. No widgets here: only where things go.

Each word is as wide as it is written (the widest of a control's words: Animate and Pause),
set :data:`SPACE` pixels after its icon and followed by the bar's usual gap; the clock follows
the last word (in what is left, at least :data:`CLOCK_LEAST` pixels), and the speed buttons stay
where they were. All words or none: a bar with
some icons named and some not would read as two kinds of control.
"""

from __future__ import annotations

from collections.abc import Sequence

from .layout import BottomBar, Rect

#: pixels between an icon and its word
SPACE = 4
#: pixels kept between the clock and the speed buttons
MARGIN = 8
#: the least width of the clock beside the words ("t = 1234.56", and the speed when it fits)
CLOCK_LEAST = 120


def labelled(plan: BottomBar, widths: Sequence[int]) -> tuple[list[Rect], list[Rect], Rect | None] | None:
    """The icons, the words beside them and the clock, when the words of ``widths`` (pixels,
    one per button of ``plan``) fit between the first icon and the speed buttons; else None."""
    if not plan.buttons or len(widths) != len(plan.buttons) or len({r[1] for r in plan.buttons}) > 1:
        return None  # (a bar in two rows is one too narrow for its icons, let alone their words)
    x, y, side, _ = plan.buttons[0]
    gap = plan.buttons[1][0] - x - side if len(plan.buttons) > 1 else 0
    clock_w = plan.clock[2] if plan.clock else 0
    end = plan.speeds[0][0] - MARGIN if plan.speeds else None
    icons: list[Rect] = []
    words: list[Rect] = []
    for w in widths:
        icons.append((x, y, side, side))
        words.append((x + side + SPACE, y, w, side))
        x += side + SPACE + w + gap
    if end is not None and x + min(clock_w, CLOCK_LEAST) > end:
        return None
    clock = (x, plan.clock[1], min(clock_w, end - x) if end else clock_w, plan.clock[3]) if plan.clock else None
    return icons, words, clock
