"""What a mechanism adds to a drawing: slider guides and blocks, collars, pins, the frame, and
the arrows of reactions and of velocities at its points."""

from __future__ import annotations

import pytest
from render_helpers import rgb

from game.model.poses import BallPose, BarPose, ForceArrow, ForceLegend, JointPose, RailPose
from game.render import DEFAULT_STYLE, draw_force_arrows, draw_scene, velocity_points
from game.render.legend import REFERENCE, REFERENCE_PX, draw_force_legend, round_force

BG = DEFAULT_STYLE.background


def test_a_fixed_guide_crosses_the_view_under_its_block(surface, camera) -> None:
    # model (−1, 0)–(1, 0) → pixels y = 298; the block at (0.5, 0) → (450, 298)
    draw_scene(surface, camera, [RailPose("s", -1.0, 0.0, 1.0, 0.0, 0.5, 0.0, True)])
    assert rgb(surface, 450, 298) == DEFAULT_STYLE.block
    assert rgb(surface, 450 + 20, 298) == BG  # a block 30 px long
    for x in (20, 400, 780):  # the guide, 9 px below the points, across the whole drawing area
        assert rgb(surface, x, 298 + 9) == DEFAULT_STYLE.rail


def test_a_slider_on_a_bar_is_a_collar_without_a_guide(surface, camera) -> None:
    draw_scene(surface, camera, [RailPose("s", -1.0, 0.0, 1.0, 0.0, 0.5, 0.0, False, on_bar=True)])
    assert rgb(surface, 450, 298) == DEFAULT_STYLE.block
    assert rgb(surface, 450 + 12, 298) == BG  # a collar 18 px long
    assert all(rgb(surface, x, 298 + 9) == BG for x in (20, 400, 780))


def test_the_frame_is_dashed_in_the_support_colour_and_pins_are_drawn(surface, camera) -> None:
    frame = BarPose("f", -2.0, -1.0, 2.0, -1.0, 0.3, 0.0, 0.0, 0.0, 0.0, False, ground=True)
    draw_scene(surface, camera, [frame, JointPose("P", 1.0, 1.0, 0.0, 0.0, True)])
    line = [rgb(surface, x, 398) for x in range(205, 595)]
    assert DEFAULT_STYLE.support in line and BG in line  # dashes
    assert DEFAULT_STYLE.bar not in line
    assert rgb(surface, 500, 198) == DEFAULT_STYLE.pivot


def test_velocity_arrows_at_the_points_once() -> None:
    bar = BarPose("b", 0.0, 0.0, 1.0, 0.0, 0.1, 0.0, 0.0, 0.0, 2.0, False)
    joint = JointPose("P", 1.0, 0.0, 0.0, 2.0, True)
    assert [p.id for p in velocity_points([bar, joint])] == ["P"]  # not the bar's end as well
    ball = BallPose("m", 1.0, 0.0, 0.1, 0.0, 2.0, True, True)
    assert [p.id for p in velocity_points([bar, joint, ball])] == ["m"]  # nor the pin under a ball


def test_reaction_arrows_in_the_colour_of_their_kind(surface, camera) -> None:
    draw_force_arrows(surface, camera, [ForceArrow("b", 0.0, 0.0, 1.0, 0.0, "tension"),
                                        ForceArrow("b", 0.0, -1.0, -1.0, 0.0, "compression"),
                                        ForceArrow("s", 1.0, 1.0, 0.0, 1.0, "normal")])
    assert rgb(surface, 450, 298) == DEFAULT_STYLE.tension
    assert rgb(surface, 350, 398) == DEFAULT_STYLE.compression
    assert rgb(surface, 500, 148) == DEFAULT_STYLE.normal


@pytest.mark.parametrize("px_per_newton, force", [
    (1.0, 50.0), (0.06, 1000.0), (0.031, 1000.0), (3.0, 20.0), (12.0, 5.0), (1e-4, 5e5), (59.0, 1.0), (61.0, 0.5),
])
def test_the_reference_force_is_round_and_its_arrow_fits(px_per_newton, force) -> None:
    assert round_force(px_per_newton) == pytest.approx(force)
    assert 0.4 * REFERENCE_PX <= force * px_per_newton <= REFERENCE_PX


def test_the_legend_says_each_kind_and_draws_its_reference_force(surface, camera, monkeypatch) -> None:
    import game.render.legend as legend

    drawn = []
    real = legend.draw_arrow
    monkeypatch.setattr(legend, "draw_arrow", lambda s, a, b, colour, *rest, **kw: (
        drawn.append((a, b, colour)), real(s, a, b, colour, *rest, **kw))[1])
    words = (("tension", "pulls"), ("normal", "guide"))
    box = draw_force_legend(surface, camera, ForceLegend(0.01, "Reactions", "N", words), DEFAULT_STYLE)
    # 0.01 model units per newton at 100 px per unit: 1 px per newton, so the round force is 50 N
    assert [c for _, _, c in drawn] == [REFERENCE, DEFAULT_STYLE.tension, DEFAULT_STYLE.normal]
    (a, b, _) = drawn[0]
    assert b[0] - a[0] == pytest.approx(50.0 * 0.01 * camera.escala)
    vx, vy, _, vh = camera.viewport
    assert box is not None and box.left == vx + 8 and box.bottom == vy + vh - 8  # the lower left corner
    inside = rgb(surface, box.right - 5, box.centery)  # the box: nearly white, over the background
    assert inside != BG and min(inside) >= 250
