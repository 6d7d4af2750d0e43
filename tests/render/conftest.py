"""Shared setup for the rendering tests: headless SDL before pygame is imported."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Must happen before any test module imports pygame: the dummy drivers need no
# display or sound card (CI, kiosk builds, this machine).
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The repository root (so `import game` works however pytest is started) and
# this folder (for render_helpers, whatever pytest's import mode).
_HERE = Path(__file__).resolve().parent
for _p in (_HERE.parents[1], _HERE):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

import pygame
import pytest
from render_helpers import BAR_GREY, EXAMPLE_CAMERA

from game.render import DEFAULT_STYLE, Camera


@pytest.fixture
def camera() -> Camera:
    return EXAMPLE_CAMERA


@pytest.fixture
def surface() -> pygame.Surface:
    """An 800x600 window-like surface: grey bars, background in the viewport."""
    s = pygame.Surface((800, 600))
    s.fill(BAR_GREY)
    s.fill(DEFAULT_STYLE.background, pygame.Rect(EXAMPLE_CAMERA.viewport))
    return s
