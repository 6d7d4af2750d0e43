#!/usr/bin/env python3
"""Draw the button icons of Cuerpos en Movimiento into ``assets/icons/``.

The icons drawn are those the program names (:func:`wanted`): each control's
icons in the command table (game/app/session/controls.py), the plot dock's buttons and
the window's own. The icon ``name`` is drawn by the function ``g_name`` below;
one the program names and nothing here draws stops the tool, which says which.

Every icon is drawn with pygame primitives on a 4x canvas (128x128) and
smooth-scaled down to 32x32, which anti-aliases every edge. The icons are
dark glyphs (ink #263238) on a transparent background, meant to sit on a
light grey button. All strokes share one width and have round caps and joins,
so the set looks like one family.

Usage (from anywhere; runs headless, no window is opened)::

    python tools/make_icons.py                    # writes assets/icons/*.png
    python tools/make_icons.py --out DIR          # somewhere else
    python tools/make_icons.py --sheet sheet.png  # also a contact sheet to look at

Re-running overwrites the PNGs with identical pictures.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import itertools

import pygame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app.session.controls import CONTROLS  # noqa: E402
from game.ui.plotdock import buttons  # noqa: E402

SIZE = 32          # final icon size in pixels
SS = 4             # supersampling factor: we draw at SIZE*SS and scale down
INK = (0x26, 0x32, 0x38)
CLEAR = (*INK, 0)  # transparent, but with the ink's colour so edges do not darken
SW = 2.5           # the stroke width, in final pixels
HALO = 1.6         # the gap cut around a crossing slash, in final pixels (each side)

DEFAULT_OUT = ROOT / "assets" / "icons"


# --------------------------------------------------------------------------- primitives
# Coordinates are given in final-icon units (0..32, y down) as floats and
# multiplied by SS here, so every drawing function reads at the size you see.

def _p(pt):
    return (pt[0] * SS, pt[1] * SS)


def canvas() -> pygame.Surface:
    surf = pygame.Surface((SIZE * SS, SIZE * SS), pygame.SRCALPHA)
    surf.fill(CLEAR)
    return surf


def dot(surf, c, r, color=INK):
    pygame.draw.circle(surf, color, _p(c), r * SS)


def stroke(surf, pts, w=SW, color=INK, closed=False):
    """A polyline of width ``w`` with round caps and round joins."""
    pts = list(pts)
    if closed:
        pts = pts + [pts[0]]
    h = w * SS / 2
    for a, b in itertools.pairwise(pts):
        ax, ay = _p(a)
        bx, by = _p(b)
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy)
        if n == 0:
            continue
        nx, ny = -dy / n * h, dx / n * h
        pygame.draw.polygon(surf, color, [(ax + nx, ay + ny), (bx + nx, by + ny),
                                          (bx - nx, by - ny), (ax - nx, ay - ny)])
    for pt in pts:
        pygame.draw.circle(surf, color, _p(pt), h)


def fill(surf, pts, color=INK):
    pygame.draw.polygon(surf, color, [_p(p) for p in pts])


def rounded_fill(surf, pts, r, color=INK):
    """A filled polygon whose corners are rounded with radius ``r`` (grows the shape by r)."""
    fill(surf, pts, color)
    stroke(surf, pts, w=2 * r, color=color, closed=True)


def arc(c, r, a0, a1, n=48):
    """Points on a circle, angles in degrees, measured clockwise on screen from +x."""
    out = []
    for i in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * i / n)
        out.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return out


def arrowhead(surf, tip, direction, length=6.5, half=4.2, color=INK):
    """A filled, slightly rounded triangular head whose point is at ``tip``."""
    dx, dy = direction
    n = math.hypot(dx, dy)
    dx, dy = dx / n, dy / n
    r = 0.7  # corner rounding; the triangle is shrunk by r so the result keeps its size
    tx, ty = tip[0] - dx * r * 1.9, tip[1] - dy * r * 1.9
    bx, by = tip[0] - dx * (length - r), tip[1] - dy * (length - r)
    hx, hy = -dy * (half - r * 1.6), dx * (half - r * 1.6)
    rounded_fill(surf, [(tx, ty), (bx + hx, by + hy), (bx - hx, by - hy)], r, color)


def arrow(surf, start, tip, head=6.5, half=4.2, w=SW):
    """A shaft from ``start`` to just behind ``tip`` and a head at ``tip``."""
    dx, dy = tip[0] - start[0], tip[1] - start[1]
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    stroke(surf, [start, (tip[0] - ux * head * 0.8, tip[1] - uy * head * 0.8)], w)
    arrowhead(surf, tip, (ux, uy), head, half)


def slash(surf, a=(6.0, 5.0), b=(26.0, 27.0)):
    """The 'off' mark: a diagonal stroke with a transparent gap cut around it."""
    stroke(surf, [a, b], w=SW + 2 * HALO, color=CLEAR)
    stroke(surf, [a, b], w=SW)


def finish(surf) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, (SIZE, SIZE))


# --------------------------------------------------------------------------- glyphs

def g_play(s):
    rounded_fill(s, [(11.5, 8.0), (11.5, 24.0), (24.5, 16.0)], 1.4)


def g_pause(s):
    stroke(s, [(11.5, 9.0), (11.5, 23.0)], w=5.0)
    stroke(s, [(20.5, 9.0), (20.5, 23.0)], w=5.0)


def g_eraser(s):
    # A rubber tilted 45 degrees, its working end filled, resting on a line.
    c = (17.0, 13.5)
    d = (math.cos(math.radians(-45)), math.sin(math.radians(-45)))  # along the rubber, up-right
    n = (-d[1], d[0])                                                  # across it, down-right

    def at(u, v):
        return (c[0] + u * d[0] + v * n[0], c[1] + u * d[1] + v * n[1])

    L, H = 9.5, 4.6
    stroke(s, [at(-L, -H), at(L, -H), at(L, H), at(-L, H)], closed=True)
    rounded_fill(s, [at(-L, -H), at(-2.0, -H), at(-2.0, H), at(-L, H)], SW / 2)
    stroke(s, [(14.0, 26.5), (26.5, 26.5)])


def g_reset(s):
    # An anticlockwise circular arrow ("back to where it started"), its head at the top.
    c, r = (16.0, 17.0), 9.5
    a0, a1 = -150.0, -430.0                 # decreasing angle = anticlockwise on screen
    pts = arc(c, r, a0, a1)
    stroke(s, pts)
    a = math.radians(a1 - 14.0)             # aim the head a little into the curve
    tangent = (math.sin(a), -math.cos(a))   # direction of travel at the end
    end = pts[-1]
    arrowhead(s, (end[0] + tangent[0] * 4.5, end[1] + tangent[1] * 4.5), tangent, 8.0, 5.2)


def g_parameters(s):
    # Three sliders.
    for y, knob in ((9.0, 20.5), (16.0, 11.5), (23.0, 17.5)):
        stroke(s, [(5.5, y), (26.5, y)])
        dot(s, (knob, y), 4.6, CLEAR)
        dot(s, (knob, y), 3.4)


def g_conditions(s):
    # Axes, a position (dot) and a velocity (arrow): the initial conditions.
    stroke(s, [(6.0, 5.0), (6.0, 26.0), (27.0, 26.0)])
    dot(s, (12.5, 19.5), 3.3)
    arrow(s, (12.5, 19.5), (26.0, 6.5), head=7.0, half=4.4)


def _eye(s):
    left, right, cy, h = (3.5, 16.0), (28.5, 16.0), 16.0, 9.0
    top, bottom = [], []
    for i in range(41):
        u = i / 40
        x = left[0] + (right[0] - left[0]) * u
        bulge = h * math.sin(math.pi * u) ** 1.15
        top.append((x, cy - bulge))
        bottom.append((x, cy + bulge))
    stroke(s, top + bottom[::-1][1:-1], closed=True)
    dot(s, (16.0, cy), 5.0)
    dot(s, (17.7, cy - 1.7), 1.5, CLEAR)  # a highlight makes it read as an eye


def g_vectors_on(s):
    _eye(s)


def g_vectors_off(s):
    _eye(s)
    slash(s)


def _energy(s):
    # A bar chart of energies (Ek, Ep, E) on a baseline.
    stroke(s, [(4.5, 26.5), (27.5, 26.5)])
    for x, top in ((9.0, 15.0), (16.0, 19.5), (23.0, 7.0)):
        rounded_fill(s, [(x - 1.4, top), (x + 1.4, top), (x + 1.4, 24.0), (x - 1.4, 24.0)], 1.0)


def g_energy_on(s):
    _energy(s)


def g_energy_off(s):
    _energy(s)
    slash(s)


def _values(s):
    # A panel listing values: a frame with three rows "name  value".
    stroke(s, [(5.0, 5.5), (27.0, 5.5), (27.0, 26.5), (5.0, 26.5)], closed=True)
    for y in (11.0, 16.0, 21.0):
        dot(s, (10.0, y), 1.7)
        stroke(s, [(14.0, y), (22.5, y)], w=2.2)


def g_values_on(s):
    _values(s)


def g_values_off(s):
    _values(s)
    slash(s)


def g_edit_x(s):
    # A bold "x" with a small four-way move cross.
    stroke(s, [(5.0, 13.0), (17.0, 27.0)], w=4.0)
    stroke(s, [(17.0, 13.0), (5.0, 27.0)], w=4.0)
    c, arm = (23.5, 8.5), 6.0
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        arrow(s, c, (c[0] + dx * arm, c[1] + dy * arm), head=3.6, half=2.6, w=1.8)


def g_edit_v(s):
    # A bold "v" under a vector arrow, as in the notation for a velocity.
    stroke(s, [(8.5, 13.5), (15.0, 27.0), (21.5, 13.5)], w=4.0)
    arrow(s, (6.0, 6.0), (27.5, 6.0), head=6.5, half=4.2)


def _reactions(s):
    # A fixed pin on the ground and the force the ground pushes it with (a reaction).
    stroke(s, [(4.0, 26.0), (28.0, 26.0)], w=2.2)
    for x in (8.0, 13.5, 19.0, 24.5):
        stroke(s, [(x, 26.0), (x - 3.0, 30.0)], w=1.6)
    fill(s, [(16.0, 16.5), (9.5, 26.0), (22.5, 26.0)])
    dot(s, (16.0, 17.5), 2.2, CLEAR)
    arrow(s, (16.0, 13.5), (16.0, 2.5), head=6.0, half=4.2)


def g_reactions_on(s):
    _reactions(s)


def g_reactions_off(s):
    _reactions(s)
    slash(s)


def g_menu(s):
    for y in (9.0, 16.0, 23.0):
        stroke(s, [(6.0, y), (26.0, y)], w=3.0)


def g_docs(s):
    # An open book.
    spine_top, spine_bot = (16.0, 9.5), (16.0, 26.0)
    left = [spine_top, (9.5, 6.5), (4.0, 7.0), (4.0, 23.5), (9.5, 23.0), spine_bot]
    right = [(32 - x, y) for x, y in left]
    stroke(s, left)
    stroke(s, right)
    stroke(s, [spine_top, spine_bot])
    for y in (12.0, 16.5):
        stroke(s, [(7.5, y), (12.5, y + 1.0)], w=1.8)
        stroke(s, [(24.5, y), (19.5, y + 1.0)], w=1.8)


def g_save(s):
    # "Save as model": a sheet with a folded corner, and an arrow down into it.
    stroke(s, [(19.0, 4.5), (7.0, 4.5), (7.0, 27.5), (25.0, 27.5), (25.0, 10.5), (19.0, 4.5)], closed=True)
    stroke(s, [(19.0, 4.5), (19.0, 10.5), (25.0, 10.5)], w=1.8)
    arrow(s, (16.0, 10.0), (16.0, 23.5), head=5.5, half=4.0)


def _chart(s):
    # Axes and a wave: a plot.
    stroke(s, [(5.5, 5.0), (5.5, 26.5), (27.5, 26.5)])
    wave = [(8.0 + 18.5 * i / 40, 16.0 - 7.5 * math.sin(2 * math.pi * i / 40) * (1 - 0.45 * i / 40))
            for i in range(41)]
    stroke(s, wave, w=2.2)


def g_plots_on(s):
    _chart(s)


def g_plots_off(s):
    _chart(s)
    slash(s)


def _fan(s):
    # Pendulums from one pivot fanning out: copies that started almost together.
    pivot = (16.0, 4.5)
    for k, angle in enumerate((-38, -19, 0, 19, 38)):
        a = math.radians(angle)
        bob = (pivot[0] + 19.0 * math.sin(a), pivot[1] + 19.0 * math.cos(a))
        stroke(s, [pivot, bob], w=1.5 if k != 2 else SW)
        dot(s, bob, 3.6 if k == 2 else 2.4)
    dot(s, pivot, 2.4)


def g_ensemble_on(s):
    _fan(s)


def g_ensemble_off(s):
    _fan(s)
    slash(s)


def _well(s):
    # A ball at the bottom of a potential well, a double arrow over it: an equilibrium and its
    # small oscillation.
    bowl = [(4.0 + 24.0 * i / 40, 10.0 + 16.0 * (1 - ((i - 20) / 20) ** 2)) for i in range(41)]
    stroke(s, bowl, w=2.2)
    dot(s, (16.0, 20.3), 3.4)
    arrow(s, (16.0, 12.0), (24.5, 12.0), head=5.0, half=3.4, w=1.8)
    arrow(s, (16.0, 12.0), (7.5, 12.0), head=5.0, half=3.4, w=1.8)


def g_modes_on(s):
    _well(s)


def g_modes_off(s):
    _well(s)
    slash(s)


def _path(s):
    # Two fixed ends and the path between them, one of its points lifted by a finger (a ring):
    # a path varied between fixed ends, as Hamilton's principle varies it.
    stroke(s, [(4.5 + 23.0 * i / 30, 24.0 - 14.0 * math.sin(math.pi * i / 30)) for i in range(31)], w=2.2)
    dot(s, (4.5, 24.0), 3.0)
    dot(s, (27.5, 24.0), 3.0)
    dot(s, (16.0, 10.0), 4.6)
    dot(s, (16.0, 10.0), 2.4, CLEAR)


def g_action_on(s):
    _path(s)


def g_action_off(s):
    _path(s)
    slash(s)


def _stopwatch(s):
    # A stopwatch: its face, the crown on top and one hand; a ruler's ticks along the bottom.
    c = (14.0, 15.0)
    stroke(s, arc(c, 9.0, 0, 360), w=2.2, closed=True)
    stroke(s, [(14.0, 3.2), (14.0, 6.0)], w=2.2)
    stroke(s, [(11.0, 3.0), (17.0, 3.0)], w=2.2)
    stroke(s, [c, (19.0, 10.0)], w=2.0)
    dot(s, c, 1.8)
    stroke(s, [(3.0, 28.0), (29.0, 28.0)], w=1.8)
    for k, x in enumerate(range(4, 30, 5)):
        stroke(s, [(x, 28.0), (x, 24.5 if k % 2 == 0 else 26.0)], w=1.4)


def g_measure_on(s):
    _stopwatch(s)


def g_measure_off(s):
    _stopwatch(s)
    slash(s)


def _linkage(s):
    # A four-bar linkage being drawn: two supports, a crank, a coupler, a rocker, its joints as dots.
    for x in (6.0, 26.0):
        stroke(s, [(x - 3.5, 28.0), (x, 24.0), (x + 3.5, 28.0)], w=1.8, closed=True)
    stroke(s, [(6.0, 24.0), (8.0, 12.0), (22.0, 6.0), (26.0, 24.0)], w=2.4)
    for p in ((6.0, 24.0), (8.0, 12.0), (22.0, 6.0), (26.0, 24.0)):
        dot(s, p, 2.4)


def g_build_on(s):
    _linkage(s)


def g_build_off(s):
    _linkage(s)
    slash(s)


def _tray(s):
    # The bottom of a "save" glyph: a tray the arrow drops into.
    stroke(s, [(5.0, 20.5), (5.0, 27.0), (27.0, 27.0), (27.0, 20.5)])


def g_export_csv(s):
    # A small table of numbers saved.
    stroke(s, [(7.0, 3.5), (25.0, 3.5), (25.0, 13.5), (7.0, 13.5)], w=1.8, closed=True)
    stroke(s, [(7.0, 8.5), (25.0, 8.5)], w=1.4)
    stroke(s, [(13.0, 3.5), (13.0, 13.5)], w=1.4)
    stroke(s, [(19.0, 3.5), (19.0, 13.5)], w=1.4)
    arrow(s, (16.0, 15.0), (16.0, 25.5), head=5.5, half=3.8, w=2.2)
    _tray(s)


def g_export_png(s):
    # A camera: the view saved as a picture.
    rounded_fill(s, [(4.0, 10.0), (28.0, 10.0), (28.0, 26.0), (4.0, 26.0)], 1.5)
    rounded_fill(s, [(11.0, 6.5), (21.0, 6.5), (22.5, 10.0), (9.5, 10.0)], 1.0)
    dot(s, (16.0, 18.0), 6.2, CLEAR)
    dot(s, (16.0, 18.0), 4.2)
    dot(s, (24.5, 13.0), 1.3, CLEAR)


def g_export_plots(s):
    # A small chart saved.
    stroke(s, [(6.0, 4.0), (6.0, 17.0), (26.0, 17.0)], w=2.0)
    stroke(s, [(8.5, 14.0), (13.0, 8.0), (17.5, 12.0), (23.5, 5.5)], w=2.0)
    arrow(s, (16.0, 15.5), (16.0, 25.5), head=5.5, half=3.8, w=2.2)
    _tray(s)


def g_plot_clear(s):
    # A chart's axes, and an eraser over where the curve was.
    stroke(s, [(5.0, 4.5), (5.0, 27.0), (27.5, 27.0)])
    c = (18.5, 14.5)
    d = (math.cos(math.radians(-45)), math.sin(math.radians(-45)))
    n = (-d[1], d[0])

    def at(u, v):
        return (c[0] + u * d[0] + v * n[0], c[1] + u * d[1] + v * n[1])

    L, H = 7.5, 3.8
    stroke(s, [at(-L, -H), at(L, -H), at(L, H), at(-L, H)], w=2.0, closed=True)
    rounded_fill(s, [at(-L, -H), at(-1.5, -H), at(-1.5, H), at(-L, H)], 1.0)


def g_plot_save(s):
    arrow(s, (16.0, 4.0), (16.0, 21.0), head=7.0, half=5.0)
    _tray(s)


def g_plot_close(s):
    stroke(s, [(8.0, 8.0), (24.0, 24.0)], w=3.5)
    stroke(s, [(24.0, 8.0), (8.0, 24.0)], w=3.5)


def g_plot_add(s):
    stroke(s, [(16.0, 6.0), (16.0, 26.0)], w=3.5)
    stroke(s, [(6.0, 16.0), (26.0, 16.0)], w=3.5)


def _magnifier(s):
    c, r = (13.5, 13.5), 8.5
    stroke(s, arc(c, r, 0, 360, 64), closed=True)
    stroke(s, [(19.8, 19.8), (27.0, 27.0)], w=4.0)


def g_zoom_in(s):
    _magnifier(s)
    stroke(s, [(9.5, 13.5), (17.5, 13.5)], w=2.2)
    stroke(s, [(13.5, 9.5), (13.5, 17.5)], w=2.2)


def g_zoom_out(s):
    _magnifier(s)
    stroke(s, [(9.5, 13.5), (17.5, 13.5)], w=2.2)


def g_fit(s):
    # Four corners of a frame around a small pendulum: "show everything".
    for (x, y), (dx, dy) in (((4.5, 4.5), (1, 1)), ((27.5, 4.5), (-1, 1)), ((4.5, 27.5), (1, -1)),
                             ((27.5, 27.5), (-1, -1))):
        stroke(s, [(x, y + 7.0 * dy), (x, y), (x + 7.0 * dx, y)])
    stroke(s, [(12.0, 11.0), (20.0, 11.0)], w=1.8)
    stroke(s, [(16.0, 11.0), (19.5, 19.5)], w=1.8)
    dot(s, (19.5, 19.5), 3.2)


def g_app(s):
    # The program's own mark: a double pendulum under its support, on a round badge.
    badge = (0xE3, 0x57, 0x2B)
    dot(s, (16.0, 16.0), 15.5, (0xF8, 0xF8, 0xF4))
    stroke(s, arc((16.0, 16.0), 14.6, 0, 360, 96), w=1.6, closed=True)
    stroke(s, [(9.0, 6.0), (23.0, 6.0)], w=2.2)
    stroke(s, [(16.0, 6.0), (22.5, 15.5)], w=2.0)
    stroke(s, [(22.5, 15.5), (13.0, 23.5)], w=2.0)
    dot(s, (22.5, 15.5), 3.0, badge)
    dot(s, (13.0, 23.5), 3.6, badge)


def wanted() -> list[str]:
    """Every icon the program shows, once each: the icons (off and on) of the command table's
    controls, the buttons over each plot of the dock and its add button, and the window's own."""
    names = [icon for c in CONTROLS for icon in (c.icon, c.icon_on) if icon]
    names += [f"plot_{role}" for role in buttons(saving=True)] + ["plot_add", "app"]
    return list(dict.fromkeys(names))


def drawing(name: str):
    """The function that draws the icon ``name``: ``g_name``."""
    draw = globals().get(f"g_{name}")
    if not callable(draw):
        raise LookupError(f"no drawing for the icon {name!r}: add a function g_{name}(s) to tools/make_icons.py")
    return draw


def render(name: str) -> pygame.Surface:
    draw = drawing(name)
    surf = canvas()
    draw(surf)
    return finish(surf)


# --------------------------------------------------------------------------- contact sheet

def contact_sheet(icons: dict[str, pygame.Surface], path: Path, zoom: int = 4) -> None:
    """All icons on light grey buttons: at 1x, at 1x 'disabled', and enlarged."""
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    cols = 4
    cell_w, cell_h = 32 * zoom + 120, 32 * zoom + 40
    rows = (len(icons) + cols - 1) // cols
    sheet = pygame.Surface((cols * cell_w + 20, rows * cell_h + 20))
    sheet.fill((0xEC, 0xEF, 0xF1))
    button = (0xCF, 0xD8, 0xDC)
    for i, (name, icon) in enumerate(icons.items()):
        x0 = 10 + (i % cols) * cell_w
        y0 = 10 + (i // cols) * cell_h
        big = pygame.Rect(x0, y0, 32 * zoom + 16, 32 * zoom + 16)
        pygame.draw.rect(sheet, button, big, border_radius=10)
        sheet.blit(pygame.transform.scale(icon, (32 * zoom, 32 * zoom)), (x0 + 8, y0 + 8))
        small = pygame.Rect(big.right + 10, y0, 44, 44)
        pygame.draw.rect(sheet, button, small, border_radius=6)
        sheet.blit(icon, (small.x + 6, small.y + 6))
        dim = icon.copy()
        dim.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
        small2 = small.move(0, 54)
        pygame.draw.rect(sheet, button, small2, border_radius=6)
        sheet.blit(dim, (small2.x + 6, small2.y + 6))
        sheet.blit(font.render(name, True, INK), (x0, big.bottom + 4))
    pygame.image.save(sheet, str(path))


def faded(icon: pygame.Surface) -> pygame.Surface:
    """The pale copy of an icon that a disabled button shows."""
    out = icon.copy()
    out.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def write_disabled(folder: Path) -> int:
    """A pale copy of every icon of ``folder`` into ``folder/disabled`` (shipped, so the program
    never has to make them at run time)."""
    (folder / "disabled").mkdir(exist_ok=True)
    count = 0
    for path in sorted(folder.glob("*.png")):
        pygame.image.save(faded(pygame.image.load(str(path))), str(folder / "disabled" / path.name))
        count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the PNGs (default: assets/icons)")
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args(argv)

    names = wanted()
    missing = [name for name in names if not callable(globals().get(f"g_{name}"))]
    if missing:  # before anything is written
        print(f"make_icons: the program names icons nothing here draws: {', '.join(missing)}; add a function "
              f"g_<name>(s) for each to tools/make_icons.py", file=sys.stderr)
        return 1
    pygame.init()
    args.out.mkdir(parents=True, exist_ok=True)
    icons = {}
    for name in names:
        icon = render(name)
        pygame.image.save(icon, str(args.out / f"{name}.png"))
        icons[name] = icon
    write_disabled(args.out)
    if args.sheet:
        contact_sheet(icons, args.sheet)
    print(f"wrote {len(icons)} icons to {args.out}" + (f" and a contact sheet to {args.sheet}" if args.sheet else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
