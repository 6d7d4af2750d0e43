"""The theme: icons for every state, shipped, and nothing left behind in temporary folders."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from project import ROOT

from game.ui.theme import ICONS, build_theme


def test_every_icon_has_its_disabled_copy_and_the_theme_uses_it():
    icons = ROOT / "assets" / "icons"
    theme = build_theme(icons)
    for name in ICONS:
        images = theme[f"#{name}"]["images"]
        disabled = images["disabled_image"]["path"]
        assert disabled == str(icons / "disabled" / f"{name}.png"), name
        normal, pale = pygame.image.load(images["normal_image"]["path"]), pygame.image.load(disabled)
        assert pale.get_size() == normal.get_size()
        # pale: the darkest drawn pixel of the copy is lighter (less opaque) than the icon's
        assert max(pale.get_at((x, y)).a for x in range(32) for y in range(32)) < \
            max(normal.get_at((x, y)).a for x in range(32) for y in range(32))


def test_building_the_theme_leaves_no_temporary_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    build_theme(ROOT / "assets" / "icons")
    assert list(tmp_path.iterdir()) == []
