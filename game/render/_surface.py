"""Small surface helpers shared by the drawing modules (internal)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame


@contextmanager
def clipped(surface: pygame.Surface, rect: tuple[int, int, int, int]) -> Iterator[None]:
    """Restrict drawing to ``rect`` (intersected with any existing clip), then restore.

    Bodies and trails that leave the drawing area must not paint over the top
    and bottom bars of the window.
    """
    old = surface.get_clip()
    surface.set_clip(old.clip(pygame.Rect(rect)))
    try:
        yield
    finally:
        surface.set_clip(old)
