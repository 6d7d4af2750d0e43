"""Colours and pixel sizes of the drawing, and small colour arithmetic.

The default is a light theme chosen to read on a washed-out classroom
projector: a near-white background, saturated mid-dark body colours and dark
outlines (projectors lose contrast in the darks and pastels first).
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend from ``a`` (t=0) to ``b`` (t=1), clamped, as an RGB triple."""
    t = min(1.0, max(0.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def darker(c: Colour, amount: float = 0.35) -> Colour:
    """``c`` moved toward black; used for outlines so each body has a crisp edge."""
    return mix(c, (0, 0, 0), amount)


@dataclass(frozen=True)
class Style:
    """Everything about how bodies look that is not geometry.

    Colours are RGB triples. Pixel minimums keep thin model objects visible
    when a model uses a small ``escala``. Use ``dataclasses.replace`` to derive
    a style from settings.
    """

    background: Colour = (248, 248, 244)
    bar: Colour = (62, 78, 104)
    ball: Colour = (226, 87, 43)
    block: Colour = (64, 132, 199)
    spring: Colour = (70, 70, 70)
    trail: Colour = (122, 54, 196)
    arrow: Colour = (0, 146, 76)
    support: Colour = (110, 110, 110)
    pivot: Colour = (255, 255, 255)
    rail: Colour = (120, 120, 120)
    # a mechanism's reactions: a bar pulling on its point, pushing on it, a slider's guide
    tension: Colour = (200, 40, 40)
    compression: Colour = (30, 90, 200)
    normal: Colour = (150, 60, 170)
    # Further trails (second, third body ...) cycle through these after `trail`,
    # so the bobs of a triple pendulum leave distinguishable traces.
    extra_trails: tuple[Colour, ...] = ((0, 114, 178), (196, 40, 120), (140, 120, 0))

    min_bar_px: float = 4.0
    min_ball_px: float = 4.0
    min_spring_px: float = 12.0
    spring_line_px: int = 2
    spring_coils: int = 12
    arrow_width_px: int = 3
    trail_width_px: int = 1

    def trail_colour(self, index: int) -> Colour:
        """Colour of the ``index``-th trail: ``trail`` first, then ``extra_trails``."""
        palette = (self.trail, *self.extra_trails)
        return palette[index % len(palette)]


DEFAULT_STYLE = Style()
