"""Trail ring buffer semantics and the fading, break-aware drawing."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from render_helpers import (
    BAR_GREY,
    EXAMPLE_CAMERA,
    changed_pixels,
    close,
    differing_pixels,
    far_from_vertices,
    only_near_vertices,
    rgb,
)

import game.render.trails as trails_mod
from game.physics.observe.records import Trail
from game.render import DEFAULT_STYLE, FADE_CHUNKS, Camera, TrailLayer, draw_trail

BG = DEFAULT_STYLE.background
COL = DEFAULT_STYLE.trail


def filled(capacity: int, pts) -> Trail:
    t = Trail(capacity)
    for x, y in pts:
        t.add(x, y)
    return t


# --- drawing -------------------------------------------------------------------


def horizontal(capacity: int, n: int, x0: float, x1: float, y: float = 0.0) -> Trail:
    return filled(capacity, [(x0 + (x1 - x0) * k / (n - 1), y) for k in range(n)])


def darkness(c) -> float:
    """Distance of a colour from the background: 0 for background."""
    return sum(abs(a - b) for a, b in zip(c, BG))


def test_trail_is_drawn_and_fades_from_old_to_new(surface, camera) -> None:
    # Full buffer from x=-3 (oldest) to x=+3 (newest) along y = 0 (pixel row 298).
    t = horizontal(256, 256, -3.0, 3.0)
    draw_trail(surface, camera, t, COL, background=BG)
    newest = rgb(surface, camera.to_pixels(2.9, 0)[0], 298)
    middle = rgb(surface, camera.to_pixels(0.0, 0)[0], 298)
    # (a full trail leaves its last few (< 32) points undrawn, so not at x=-3)
    oldest = rgb(surface, camera.to_pixels(-2.1, 0)[0], 298)
    assert close(newest, COL, 8)
    assert darkness(newest) > darkness(middle) > darkness(oldest) > 0
    assert rgb(surface, 400, 298 + 20) == BG  # nothing off the line


def test_no_segment_across_a_break(surface, camera) -> None:
    control = surface.copy()
    joined = horizontal(100, 20, -2.0, 2.0)
    draw_trail(control, camera, joined, COL, background=BG)
    assert rgb(control, 400, 298) != BG  # without a break the gap is drawn

    broken = filled(100, [(-2.0 + 0.1 * k, 0.0) for k in range(10)])  # up to x=-1.1
    broken.break_here()
    for k in range(10):
        broken.add(1.1 + 0.1 * k, 0.0)  # from x=1.1
    draw_trail(surface, camera, broken, COL, background=BG)
    for x in range(300, 501, 10):  # x in [-1, 1]
        assert rgb(surface, x, 298) == BG, x
    assert rgb(surface, camera.to_pixels(1.5, 0)[0], 298) != BG
    assert rgb(surface, camera.to_pixels(-1.5, 0)[0], 298) != BG


def test_trail_clipped_to_viewport(surface, camera) -> None:
    t = filled(50, [(0.0, -4.0), (0.0, 4.0)])  # a vertical line through the bars
    draw_trail(surface, camera, t, COL, background=BG)
    assert rgb(surface, 400, 20) == BAR_GREY
    assert rgb(surface, 400, 580) == BAR_GREY
    assert rgb(surface, 400, 100) != BG


def test_single_point_draws_nothing(surface, camera) -> None:
    before = surface.copy()
    draw_trail(surface, camera, filled(10, [(0, 0)]), COL)
    assert changed_pixels(before, surface) == 0


SMALL_CAMERA = Camera(escala=50, viewport=(0, 24, 400, 252))


def _reference(camera: Camera, trails, size=(400, 300)) -> pygame.Surface:
    s = pygame.Surface(size)
    s.fill(BAR_GREY)
    s.fill(BG, pygame.Rect(camera.viewport))
    for i, t in enumerate(trails):
        draw_trail(s, camera, t, DEFAULT_STYLE.trail_colour(i), background=BG)
    return s


def _check_against_reference(s, cam, t, layer) -> None:
    ref = _reference(cam, [t])
    diff = differing_pixels(s, ref)
    pts = t.points()
    vertices = np.column_stack(cam.to_pixels(pts[:, 0], pts[:, 1]))
    if not layer.pending:
        assert only_near_vertices(diff, vertices), diff[:5].tolist()
    else:
        # Mid-repaint the image on screen is `lag` chunks old: its chunks are
        # `lag` shades (of 1/n each) too strong, and chunks that have since
        # become too old to draw may still show at the faintest shade.
        a = pygame.surfarray.array3d(s).astype(int)
        b = pygame.surfarray.array3d(ref).astype(int)
        lag = layer._build_heads[0] - layer._front_heads[0]
        assert 1 <= lag <= layer._max_lag
        n = trails_mod._chunking(t.capacity, FADE_CHUNKS)[1]
        span = max(abs(c - g) for c, g in zip(COL, BG))
        allowed = span * max(lag / n, trails_mod._MIN_FADE) + 2
        far = far_from_vertices(diff, vertices)
        worst = int(np.abs(a[far[:, 0], far[:, 1]] - b[far[:, 0], far[:, 1]]).max(initial=0))
        assert worst <= allowed, (worst, allowed)


@pytest.mark.parametrize("capacity, spread", [(10, 1), (10, 4), (64, 4), (200, 1)])
def test_layer_draws_what_draw_trail_draws(capacity: int, spread: int) -> None:
    """Frame after frame, through chunk changes, wrapping, breaks, a clear and a
    camera change, the cached layer gives the stateless picture (exactly when
    no spread repaint is pending, within one shade while one is)."""
    rng = np.random.default_rng(capacity)
    cam = SMALL_CAMERA
    t = Trail(capacity)
    layer = TrailLayer(spread_frames=spread)
    s = pygame.Surface((400, 300))
    s.fill(BAR_GREY)
    x = y = 0.0
    settled = 0
    for frame in range(3 * capacity + 7):
        x += rng.normal(0, 0.15)
        y += rng.normal(0, 0.15)
        t.add(x, y)
        if frame % 37 == 36:
            t.break_here()
        if frame == 2 * capacity:
            t.clear()
        if frame == capacity + 3:
            cam = Camera(escala=40, ox=15, oy=-10, viewport=(0, 24, 400, 252))
        layer.draw(s, cam, [t], [COL], BG)
        settled += not layer.pending
        if frame % 3 == 0 or capacity < 100:
            _check_against_reference(s, cam, t, layer)
    assert settled > (3 * capacity + 7) // 8  # repaints do finish


def _count_chunk_draws(monkeypatch) -> list[list[range]]:
    """Record, per frame, the age ranges drawn by the layer."""
    frames: list[list[range]] = [[]]
    real = trails_mod._draw_chunks

    def spy(*args):
        frames[-1].append(args[-1])
        return real(*args)

    monkeypatch.setattr(trails_mod, "_draw_chunks", spy)
    return frames


def test_layer_repaints_only_when_a_chunk_starts(monkeypatch) -> None:
    frames = _count_chunk_draws(monkeypatch)
    t = Trail(321)  # 32 chunks of 10 points, plus the joint before the oldest
    layer = TrailLayer(spread_frames=1)
    s = pygame.Surface((800, 600))
    for k in range(200):
        t.add(math.cos(k / 30), math.sin(k / 30))
        layer.draw(s, EXAMPLE_CAMERA, [t], [COL], BG)
        frames.append([])
    calls = [r for f in frames for r in f]
    assert sum(1 for r in calls if r.start == 1) == 20  # one per chunk, not per frame
    assert sum(1 for r in calls if r.start == 0) == 200  # newest chunk every frame


def test_layer_spreads_a_repaint_over_frames(monkeypatch) -> None:
    frames = _count_chunk_draws(monkeypatch)
    t = Trail(5001)  # 32 chunks of 156 points
    for k in range(5000):
        t.add(math.cos(k / 30), math.sin(k / 31))
    layer = TrailLayer(spread_frames=8)
    s = pygame.Surface((800, 600))
    layer.draw(s, EXAMPLE_CAMERA, [t], [COL], BG)  # first frame: one full paint
    assert not layer.pending
    pending_frames = 0
    for k in range(5000, 5400):
        frames.append([])
        t.add(math.cos(k / 30), math.sin(k / 31))
        layer.draw(s, EXAMPLE_CAMERA, [t], [COL], BG)
        pending_frames += layer.pending
        # Never more than ~1/8 of the finished chunks repainted in one frame,
        # besides the one or two chunks drawn directly.
        ages = sum(len(r) for r in frames[-1])
        assert ages <= 4 + 2, frames[-1]
    assert 0 < pending_frames <= 3 * 8  # 400 points = 2-3 new chunks, 7 frames each
