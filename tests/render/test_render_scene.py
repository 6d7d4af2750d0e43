"""Bodies drawn from poses land on the right pixels, in the right colours."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pygame
import pytest
from render_helpers import (
    BAR_GREY,
    changed_pixels,
    close,
    differing_pixels,
    only_near_vertices,
    rgb,
)

from game.model.poses import BallPose, BarPose, BlockPose, SpringPose
from game.physics.observe.records import Trail
from game.render import (
    DEFAULT_STYLE,
    Scene,
    Style,
    draw_frame,
    draw_scene,
    standard_layers,
    velocity_points,
)

BG = DEFAULT_STYLE.background


def ball(x: float, y: float, r: float = 0.2, vx: float = 0.0, vy: float = 0.0, id: str = "c") -> BallPose:
    return BallPose(id, x, y, r, vx, vy, True, True)


def bar(x, y, xf, yf, width=0.1, id="b") -> BarPose:
    return BarPose(id, x, y, xf, yf, width, 0.0, 0.0, 0.0, 0.0, True)


def test_ball_colour_at_its_centre_and_background_far_away(surface, camera) -> None:
    draw_scene(surface, camera, [ball(1.0, -1.0, r=0.2)])
    assert rgb(surface, 500, 398) == DEFAULT_STYLE.ball  # model (1, -1)
    assert rgb(surface, 500 + 12, 398) == DEFAULT_STYLE.ball  # inside r = 20 px
    assert rgb(surface, 500, 398 - 12) == DEFAULT_STYLE.ball
    # Outline just inside the rim is darker than the fill.
    rim = rgb(surface, 500 + 19, 398)
    assert sum(rim) < sum(DEFAULT_STYLE.ball)
    assert rgb(surface, 500 + 30, 398) == BG
    assert rgb(surface, 100, 100) == BG
    assert rgb(surface, 400, 298) == BG  # the model origin: nothing there


def test_ball_moves_with_the_pose(surface, camera) -> None:
    draw_scene(surface, camera, [ball(-2.0, 1.5)])
    assert rgb(surface, 200, 148) == DEFAULT_STYLE.ball
    assert rgb(surface, 500, 398) == BG


def test_tiny_ball_still_visible(surface, camera) -> None:
    draw_scene(surface, camera, [ball(0.0, 0.0, r=0.001)])
    assert rgb(surface, 400, 298) != BG


def test_bar_colours_pixels_along_its_segment(surface, camera) -> None:
    # Pivot at the origin, free end at (1.5, -1): a diagonal rod, 10 px thick.
    draw_scene(surface, camera, [bar(0.0, 0.0, 1.5, -1.0)])
    x0, y0 = camera.to_pixels(0.0, 0.0)
    x1, y1 = camera.to_pixels(1.5, -1.0)
    for t in (0.2, 0.35, 0.5, 0.65, 0.8):
        x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
        assert rgb(surface, x, y) == DEFAULT_STYLE.bar, t
    # Well off the segment: background.
    assert rgb(surface, (x0 + x1) / 2, (y0 + y1) / 2 - 30) == BG
    # Pin dots at both ends, in the pivot colour.
    assert rgb(surface, x0, y0) == DEFAULT_STYLE.pivot
    assert rgb(surface, x1, y1) == DEFAULT_STYLE.pivot


def test_block_is_a_turned_filled_rectangle(surface, camera) -> None:
    # 2 x 0.4 block turned by 90 degrees: tall and thin on screen.
    blk = BlockPose("B", 0.0, 0.0, 2.0, 0.4, math.pi / 2, 0.0, 0.0, True)
    draw_scene(surface, camera, [blk])
    assert rgb(surface, 400, 298) == DEFAULT_STYLE.block
    assert rgb(surface, 400, 298 - 90) == DEFAULT_STYLE.block  # along its length
    assert rgb(surface, 400 + 60, 298) == BG  # unturned, this would be inside


def test_rail_only_when_the_pose_says_so(surface, camera) -> None:
    @dataclass(frozen=True)
    class RailBlock(BlockPose):
        rail: bool = True

    plain = BlockPose("B", 0.0, 0.0, 0.8, 0.4, 0.0, 0.0, 0.0, True)
    draw_scene(surface, camera, [plain])
    assert rgb(surface, 20, 298 + 21) == BG  # left edge, at the block's bottom
    on_rail = RailBlock("B", 0.0, 0.0, 0.8, 0.4, 0.0, 0.0, 0.0, True)
    draw_scene(surface, camera, [on_rail])
    # A line across the whole viewport just under the block (bottom at y=318).
    for x in (5, 200, 795):
        assert rgb(surface, x, 319) == DEFAULT_STYLE.rail, x


def test_spring_drawn_between_its_ends(surface, camera) -> None:
    spring = SpringPose("s", -1.0, 0.0, 1.0, 0.0, 0.2, 1.0)
    draw_scene(surface, camera, [spring])
    # End points (attachment dots) and the leads next to them.
    assert close(rgb(surface, 300, 298), DEFAULT_STYLE.spring, 40)
    assert close(rgb(surface, 500, 298), DEFAULT_STYLE.spring, 40)
    # The coils reach +/- 10 px (thickness 0.2) above and below the axis.
    column_above = [rgb(surface, x, 298 - 9) for x in range(320, 480)]
    column_below = [rgb(surface, x, 298 + 9) for x in range(320, 480)]
    assert any(c != BG for c in column_above) and any(c != BG for c in column_below)
    assert all(rgb(surface, x, 298 - 20) == BG for x in range(300, 500))


def test_fixed_pivot_gets_a_support_mark(surface, camera) -> None:
    before = surface.copy()
    draw_scene(surface, camera, [], fixed_pivots=[(0.0, 0.0)])
    assert changed_pixels(before, surface) > 50
    # Above the pivot (the ceiling) changed, below it did not.
    assert rgb(surface, 400, 298 - 16) == DEFAULT_STYLE.support
    assert rgb(surface, 400, 298 + 10) == BG


def test_drawing_is_clipped_to_the_viewport(surface, camera) -> None:
    # A ball straddling the top edge of the viewport must not paint the top bar.
    draw_scene(surface, camera, [ball(0.0, 2.5, r=0.3)])  # centre at y = 48
    assert rgb(surface, 400, 50) == DEFAULT_STYLE.ball
    assert rgb(surface, 400, 46) == BAR_GREY
    assert rgb(surface, 400, 30) == BAR_GREY


def test_non_finite_pose_is_skipped_not_fatal(surface, camera) -> None:
    draw_scene(surface, camera, [ball(math.nan, 0.0), ball(1.0, -1.0)])
    assert rgb(surface, 500, 398) == DEFAULT_STYLE.ball


def test_balls_drawn_over_bars_and_bars_over_blocks(surface, camera) -> None:
    blk = BlockPose("B", 0.0, 0.0, 1.0, 0.6, 0.0, 0.0, 0.0, True)
    draw_scene(surface, camera, [ball(0.0, -0.1, r=0.05), bar(-0.4, -0.1, 0.4, -0.1), blk])
    assert rgb(surface, 400, 308) == DEFAULT_STYLE.ball
    assert rgb(surface, 400 + 25, 308) == DEFAULT_STYLE.bar


def test_style_colours_are_used(surface, camera) -> None:
    style = Style(ball=(10, 200, 10))
    draw_scene(surface, camera, [ball(0.0, 0.0)], style)
    assert rgb(surface, 400, 298) == (10, 200, 10)


def test_velocity_points_skip_a_bar_end_under_a_ball() -> None:
    b = BarPose("b0", 0.0, 0.0, 0.0, -1.0, 0.05, 0.0, 0.0, 2.0, 0.0, True)
    bob = BallPose("c0", 0.0, -1.0, 0.1, 2.0, 0.0, True, True)
    lone = BarPose("b1", 0.0, -1.0, 1.0, -1.0, 0.05, 2.0, 0.0, 2.0, 3.0, False)
    pts = velocity_points([b, bob, lone])
    assert [p.id for p in pts] == ["c0", "b1"]
    assert pts[1][1:] == (1.0, -1.0, 2.0, 3.0)


def test_each_pose_says_where_its_velocity_arrow_starts() -> None:
    from game.model.poses import BlockPose, JointPose, RailPose, SpringPose

    assert bar(0.0, 0.0, 1.0, -1.0).velocity_point() == ("b", 1.0, -1.0, 0.0, 0.0)  # its free end
    assert ball(1.0, 2.0, vx=3.0).velocity_point() == ("c", 1.0, 2.0, 3.0, 0.0)
    assert BlockPose("k", 1.0, 2.0, 0.5, 0.5, 0.3, 4.0, 5.0, True).velocity_point() == ("k", 1.0, 2.0, 4.0, 5.0)
    assert JointPose("P", 1.0, 2.0, 4.0, 5.0, True).velocity_point() == ("P", 1.0, 2.0, 4.0, 5.0)
    assert SpringPose("s", 0.0, 0.0, 1.0, 0.0, 0.1, 1.0).velocity_point() is None  # its ends are other bodies'
    assert RailPose("g", 0.0, 0.0, 1.0, 0.0, 0.5, 0.0, True).velocity_point() is None


def test_a_kind_of_pose_without_a_look_is_reported_not_skipped(surface, camera) -> None:
    from game.model.poses import Pose

    @dataclass(frozen=True)
    class Comet(Pose):
        x: float = 0.0
        y: float = 0.0

        def extent_points(self):
            return ((self.x, self.y, 0.0),)

        def size(self):
            return 0.0

        def hit(self, x, y, slack):
            return False

        def anchors(self):
            return ((self.x, self.y),)

        def velocity_point(self):
            return None

    with pytest.raises(TypeError, match="no look for Comet"):
        draw_scene(surface, camera, [ball(0.0, 0.0), Comet("halley")])


def test_every_kind_of_pose_has_a_look() -> None:
    import game.model.poses as poses
    from game.render.scene import LOOKS

    kinds = [k for k in vars(poses).values()
             if isinstance(k, type) and issubclass(k, poses.Pose) and k is not poses.Pose]
    assert len(kinds) == 6 and all(k in LOOKS for k in kinds), kinds


def test_draw_frame_velocity_arrows_and_edit_dots(camera) -> None:
    moving = ball(-1.0, 0.0, r=0.1, vx=5.0, id="m")  # arrow 1.5 model = 150 px
    still = ball(1.0, 0.0, r=0.1, id="s")
    s = pygame.Surface((800, 600))
    poses = [moving, still]
    draw_frame(s, Scene(camera, poses, velocities=velocity_points(poses)))
    tip = camera.to_pixels(-1.0 + 5.0 * 0.3, 0.0)
    assert rgb(s, tip[0] - 3, tip[1]) == DEFAULT_STYLE.arrow
    assert rgb(s, 500, 298) == DEFAULT_STYLE.ball  # no dot when not editing
    draw_frame(s, Scene(camera, poses, edit_arrows=velocity_points([still])))
    assert close(rgb(s, 500, 298), DEFAULT_STYLE.arrow, 40)  # dot on the still ball
    assert rgb(s, tip[0] - 3, tip[1]) == DEFAULT_STYLE.background  # only the arrows asked for
    draw_frame(s, Scene(camera, poses))
    assert rgb(s, 500, 298) == DEFAULT_STYLE.ball


def test_draw_frame_with_and_without_layer_agree(camera) -> None:
    trail = Trail(300)
    for k in range(250):
        trail.add(math.cos(k / 20), math.sin(k / 20) - 0.5)
    poses = [bar(0.0, 0.0, 1.0, -1.0), ball(1.0, -1.0)]
    a = pygame.Surface((800, 600))
    b = pygame.Surface((800, 600))
    scene = Scene(camera, poses, trails=[trail], fixed_pivots=[(0.0, 0.0)], velocities=velocity_points(poses))
    draw_frame(a, scene)
    draw_frame(b, scene, standard_layers(cached=True))
    pts = trail.points()
    assert only_near_vertices(differing_pixels(a, b), np.column_stack(camera.to_pixels(pts[:, 0], pts[:, 1])))
    # The trail is drawn: near its newest point the colour is the trail's.
    x, y = camera.to_pixels(math.cos(248.5 / 20), math.sin(248.5 / 20) - 0.5)
    near = [rgb(a, x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert any(close(c, DEFAULT_STYLE.trail, 60) for c in near)


@pytest.mark.parametrize("escala", [20.0, 300.0])
def test_scale_changes_size_on_screen(escala: float) -> None:
    from game.render import Camera

    cam = Camera(escala=escala, viewport=(0, 48, 800, 500))
    s = pygame.Surface((800, 600))
    s.fill(BG)
    draw_scene(s, cam, [ball(0.0, 0.0, r=0.2)])
    r_px = max(0.2 * escala, DEFAULT_STYLE.min_ball_px)
    assert rgb(s, 400 + r_px * 0.6, 298) == DEFAULT_STYLE.ball
    assert rgb(s, 400 + r_px + 3, 298) == BG
