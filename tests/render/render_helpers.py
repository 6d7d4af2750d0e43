"""Helpers for the rendering tests (imported after conftest set up SDL)."""

from __future__ import annotations

import pygame

from game.render import Camera

#: The camera of the brief's worked example: an 800x500 drawing area under a
#: 48-pixel top bar of an 800x600 window.
EXAMPLE_CAMERA = Camera(escala=100, ox=0, oy=0, viewport=(0, 48, 800, 500))
#: Colour of the window bars outside the viewport in these tests.
BAR_GREY = (30, 30, 30)

Colour = tuple[int, int, int]


def rgb(surface: pygame.Surface, x: float, y: float) -> Colour:
    """Colour of the pixel containing the point (x, y)."""
    c = surface.get_at((int(x), int(y)))
    return (c.r, c.g, c.b)


def close(c1: Colour, c2: Colour, tol: int = 12) -> bool:
    """Colours equal within ``tol`` per channel (anti-aliasing, rounding)."""
    return all(abs(a - b) <= tol for a, b in zip(c1, c2))


def changed_pixels(before: pygame.Surface, after: pygame.Surface) -> int:
    """Number of pixels that differ between two same-sized surfaces."""
    import numpy as np

    a = pygame.surfarray.array3d(before)
    b = pygame.surfarray.array3d(after)
    return int(np.any(a != b, axis=2).sum())


def differing_pixels(before: pygame.Surface, after: pygame.Surface):
    """(x, y) of the pixels that differ between two same-sized surfaces, shape (k, 2)."""
    import numpy as np

    a = pygame.surfarray.array3d(before)
    b = pygame.surfarray.array3d(after)
    return np.argwhere(np.any(a != b, axis=2))


#: pygame-ce 2.5.8's ``aalines`` sometimes shades the end pixels of a polyline
#: differently depending on earlier, unrelated draw calls (state left over
#: inside pygame: the same call on fresh surfaces gives different end pixels).
#: Picture comparisons therefore accept differences within this many pixels of
#: a polyline vertex; a real error (a missing or stale segment, a wrong fade)
#: shows along the segments, away from the vertices.
ENDPOINT_SLACK_PX = 3.0


def far_from_vertices(diff, vertices_px):
    """The pixels of ``diff`` farther than ENDPOINT_SLACK_PX from every vertex."""
    import numpy as np

    v = np.asarray(vertices_px, dtype=float).reshape(-1, 2)
    if len(diff) == 0 or len(v) == 0:
        return diff
    centres = diff.astype(float) + 0.5
    d = np.hypot(centres[:, None, 0] - v[None, :, 0], centres[:, None, 1] - v[None, :, 1])
    return diff[d.min(axis=1) > ENDPOINT_SLACK_PX]


def only_near_vertices(diff, vertices_px) -> bool:
    """Whether every differing pixel lies within ENDPOINT_SLACK_PX of a vertex."""
    return len(far_from_vertices(diff, vertices_px)) == 0

