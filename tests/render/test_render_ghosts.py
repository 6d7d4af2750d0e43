"""The ghosts of an ensemble: translucent, where the copies are, cut like every drawing."""

from __future__ import annotations

import numpy as np
import pygame
from render_helpers import EXAMPLE_CAMERA

from game.model.poses import BallPose, PoseArrays
from game.render import DEFAULT_STYLE, Scene, paint
from game.render.ghosts import OPACITY, GhostsLayer


def test_many_segments_draw_what_one_by_one_draws():
    rng = np.random.default_rng(5)
    starts = rng.uniform(-300, 900, (60, 2))  # some inside, some cut, some far outside
    ends = rng.uniform(-300, 900, (60, 2))
    ends[0] = (1e12, -1e12)
    one, many = pygame.Surface((800, 600)), pygame.Surface((800, 600))
    for s in (one, many):
        s.fill((255, 255, 255))
        s.set_clip(pygame.Rect(0, 48, 800, 500))
    for p, q in zip(starts.tolist(), ends.tolist()):
        paint.line(one, (10, 20, 30), p, q, 3)
    paint.segments(many, (10, 20, 30), starts, ends, 3)
    assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(many, "RGB")


def test_ghosts_are_translucent_copies_under_nothing_else():
    x = np.array([0.0, 1.0, 1e9])  # the last copy ran far away: not drawn, and no cost for it
    y = np.array([0.0, -1.0, 0.0])
    ghosts = [PoseArrays("C1", BallPose, {"x": x, "y": y, "radius": np.full(3, 0.2)})]
    surface = pygame.Surface((800, 600))
    surface.fill(DEFAULT_STYLE.background)
    GhostsLayer().draw(surface, Scene(EXAMPLE_CAMERA, (), ghosts=ghosts))
    for k in (0, 1):
        px, py = EXAMPLE_CAMERA.to_pixels(x[k], y[k])
        colour = np.array(surface.get_at((int(px), int(py)))[:3])
        # the ball's colour laid over the background at the ghosts' opacity
        ball, background = np.array(DEFAULT_STYLE.ball), np.array(DEFAULT_STYLE.background)
        assert np.all(np.abs(colour - (background + (ball - background) * OPACITY / 255)) <= 2), colour


def test_the_ghosts_image_goes_when_the_ghosts_do():
    ghosts = [PoseArrays("C1", BallPose, {"x": np.zeros(2), "y": np.zeros(2), "radius": np.full(2, 0.2)})]
    surface = pygame.Surface((800, 600))
    layer = GhostsLayer()
    layer.draw(surface, Scene(EXAMPLE_CAMERA, (), ghosts=ghosts))
    assert layer.image is not None and layer.image.get_size() == EXAMPLE_CAMERA.viewport[2:]
    layer.draw(surface, Scene(EXAMPLE_CAMERA, ()))  # chaos off: an image of the drawing area is 2 MB or more
    assert layer.image is None


def test_every_kind_of_pose_with_copies_has_a_ghost_drawn_from_its_fields():
    import game.model.poses as poses
    from game.render.scene import LOOKS

    for kind, look in LOOKS.items():
        assert (look.ghost is not None) == bool(kind.stacked), kind  # a ghost exactly for the kinds stacked
        if look.ghost is not None:
            fields = {name: np.full(2, 0.5) for name in kind.stacked}
            ghost = look.ghost(EXAMPLE_CAMERA, fields, DEFAULT_STYLE)
            assert {name for point in ghost.points for name in point} <= set(kind.stacked), kind
    assert set(poses.GRAPHIC_POSES.values()) <= {k for k, look in LOOKS.items() if look.ghost is not None}


def test_copies_of_a_kind_without_a_ghost_are_reported_not_skipped():
    import pytest

    from game.model.poses import JointPose

    pins = [PoseArrays("P", JointPose, {"x": np.zeros(2), "y": np.zeros(2)})]
    with pytest.raises(TypeError, match="no ghost for JointPose"):
        GhostsLayer().draw(pygame.Surface((800, 600)), Scene(EXAMPLE_CAMERA, (), ghosts=pins))
