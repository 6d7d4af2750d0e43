"""Trails that stay until the Eraser (issue 9 item 11): drawn a few new segments a frame
onto a kept image, so a long trail costs no frame time; the same picture as drawing
every point at once; painted again from the points after a camera change."""

from __future__ import annotations

import math

import numpy as np
import pygame
from draw_recorder import DrawRecorder
from render_helpers import BAR_GREY, EXAMPLE_CAMERA, rgb

from game.physics.observe.records import Trail
from game.render import DEFAULT_STYLE, Camera, KeptTrailLayer, draw_trail

BG = DEFAULT_STYLE.background
COL = DEFAULT_STYLE.trail


def surface() -> pygame.Surface:
    s = pygame.Surface((800, 600))
    s.fill(BAR_GREY)
    return s


def same_lines(kept: pygame.Surface, camera, trail: Trail) -> None:
    """The kept picture shows exactly the trail's segments: ink at the middle of every one,
    none at the middle of a break, and nothing farther than two pixels from one.
    (Shades along a segment may differ from one drawing at once: pygame's ``aalines`` shades a
    polyline differently from its segments drawn one by one, as frames draw them.)"""
    xy = np.column_stack(camera.to_pixels(*trail.points().T))
    starts = trail.starts()
    segments = [(xy[i - 1], xy[i]) for i in range(1, len(xy)) if not starts[i]]
    gaps = [(xy[i - 1], xy[i]) for i in range(1, len(xy)) if starts[i]]
    a = pygame.surfarray.array3d(kept).astype(int)
    ink = np.abs(a - np.array(BG)).sum(axis=2) > 60
    for p0, p1 in segments:
        if np.hypot(*(p1 - p0)) >= 4:
            mx, my = (p0 + p1) / 2
            assert ink[int(mx) - 1:int(mx) + 2, int(my) - 1:int(my) + 2].any(), ("missing", p0, p1)
    for p0, p1 in gaps:
        mx, my = (p0 + p1) / 2
        if min(np.hypot(*(xy - (mx, my)).T)) > 4:
            assert not ink[int(mx), int(my)], ("joined across a break", p0, p1)
    view = np.zeros_like(ink)
    x, y, w, h = camera.viewport
    view[x:x + w, y:y + h] = True
    drawn = np.argwhere(ink & view) + 0.5
    if len(segments) and len(drawn):
        p0 = np.array([s[0] for s in segments])
        d = np.array([s[1] for s in segments]) - p0
        n = np.maximum((d * d).sum(axis=1), 1e-12)
        for c in np.array_split(drawn, max(1, len(drawn) // 500)):
            t = np.clip(((c[:, None, :] - p0[None]) * d[None]).sum(axis=2) / n, 0, 1)
            dist = np.linalg.norm(c[:, None, :] - (p0[None] + t[..., None] * d[None]), axis=2).min(axis=1)
            assert dist.max() <= 2.0, "stray ink"


def test_a_frame_draws_only_what_is_new_however_long_the_trail(monkeypatch):
    """The cost of a frame is the new segment, not the trail: 10 points or 50,000 behind it."""
    for length in (10, 50_000):
        t = Trail(100_000, thin=True)
        for k in range(length):
            t.add(math.cos(k / 50), math.sin(k / 70))
        layer = KeptTrailLayer()
        s = surface()
        layer.draw(s, EXAMPLE_CAMERA, [t], [COL], BG)  # the first frame paints everything once
        draw = DrawRecorder(monkeypatch)
        for k in range(length, length + 30):
            t.add(math.cos(k / 50), math.sin(k / 70))
            layer.draw(s, EXAMPLE_CAMERA, [t], [COL], BG)
        assert draw.points <= 30 * 2, (length, draw.points)
        monkeypatch.undo()


def test_the_kept_picture_is_the_whole_trail_drawn_at_once():
    """Frame after frame, one to three points at a time, through breaks, a clear and a camera
    change (a widening spiral: anti-aliased lines that cross themselves shade the crossing by
    drawing order, which is not what is compared here)."""
    cam = EXAMPLE_CAMERA
    t = Trail(1000, thin=True)
    layer = KeptTrailLayer()
    s = surface()
    k = 0
    for frame in range(300):
        for _ in range(1 + frame % 3):
            k += 1
            r = 0.5 + k / 500  # segments of 10-20 px, turns 8 px apart
            t.add(r * math.cos(k / 6), r * math.sin(k / 6))
        if frame % 41 == 40:
            t.break_here()
        if frame == 150:
            t.clear()
        if frame == 250:
            cam = Camera(escala=60, ox=30, oy=-20, viewport=(0, 48, 800, 500))
        layer.draw(s, cam, [t], [COL], BG)
        if frame in (3, 41, 42, 120, 149, 150, 151, 200, 249, 250, 299):  # around breaks, the clear, the camera
            same_lines(s, cam, t)
    assert layer.repaints == 3  # the first frame, the clear, the camera


def test_thinning_keeps_the_picture_until_the_camera_moves():
    t = Trail(100, thin=True)
    layer = KeptTrailLayer()
    s = surface()
    for k in range(1000):
        t.add(3 * math.cos(k / 40), 2 * math.sin(k / 40))
        layer.draw(s, EXAMPLE_CAMERA, [t], [COL], BG)
    assert layer.repaints == 1 and len(t) <= 100
    # the very first point of the trail still shows (drawn long ago, never erased)
    x0, y0 = EXAMPLE_CAMERA.to_pixels(3.0, 0.0)
    assert rgb(s, x0 - 1, y0 + 1) != BG or rgb(s, x0, y0) != BG


def test_a_trail_far_off_screen_or_huge_is_cut(monkeypatch):
    draw = DrawRecorder(monkeypatch)
    t = Trail(100, thin=True)
    for k in range(50):
        t.add(1e9 * math.cos(k), 1e9 * math.sin(k))
    t.add(0.0, 0.0)
    t.add(1e12, 3.0)
    draw_trail(s := surface(), EXAMPLE_CAMERA, t, COL, fade=False)
    KeptTrailLayer().draw(s, EXAMPLE_CAMERA, [t], [COL], BG)
    assert draw.largest <= 900
    assert rgb(s, 600, 298) == COL  # the last segment, from the origin along y = 0 (then ~3e-12 up)


def test_drawing_at_once_shows_the_same_lines():
    t = Trail(500, thin=True)
    for k in range(300):
        t.add((0.5 + k / 500) * math.cos(k / 6), (0.5 + k / 500) * math.sin(k / 6))
        if k % 70 == 69:
            t.break_here()
    s = surface()
    s.fill(BG, pygame.Rect(EXAMPLE_CAMERA.viewport))
    draw_trail(s, EXAMPLE_CAMERA, t, COL, background=BG, fade=False)
    same_lines(s, EXAMPLE_CAMERA, t)
