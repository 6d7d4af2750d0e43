"""The Action view's plots (game/render/actionplot.py): their fonts are made once."""

from __future__ import annotations

import pygame

from game.render import actionplot


def test_a_font_is_made_once_and_again_after_pygame_quits_and_starts():
    small = actionplot.font(16)
    assert actionplot.font(16) is small and actionplot.font(20) is not small
    pygame.quit()  # as tests do between windows: the fonts made before are unusable
    pygame.init()
    again = actionplot.font(16)
    assert again is not small and again.render("S = 1.5", True, (0, 0, 0)).get_width() > 0
    assert actionplot.font(16) is again
