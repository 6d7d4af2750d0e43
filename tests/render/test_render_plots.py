"""Live plots (SPEC §7.4): axes that hold the data with ticks and labels, only the new points
drawn each frame, breaks where runs start and where angles wrap, dots for a section."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from game.physics.observe.records import History
from game.physics.observe.series import Plot, PlotSpec
from game.render.plots import BACKGROUND, BOTTOM, CURVES, LEFT, RIGHT, RUNS, TOP, Axis, PlotView, nice_step

RECT = (10, 20, 400, 260)


def record(names=("t", "a", "va"), capacity=10_000) -> History:
    return History(names, capacity)


@pytest.fixture
def lines(monkeypatch):
    """Every polyline drawn, as arrays of pixel points."""
    drawn: list[np.ndarray] = []
    real = pygame.draw.aalines

    def spy(surface, colour, closed, points):
        drawn.append(np.array(points, dtype=float))
        return real(surface, colour, closed, points)

    monkeypatch.setattr(pygame.draw, "aalines", spy)
    return drawn


def test_nice_steps_and_axes_on_whole_ticks():
    assert [nice_step(s) for s in (1.0, 7.3, 0.042, 1234.0)] == [0.2, 2.0, 0.01, 200.0]
    axis = Axis.around(0.13, 9.7)
    assert axis.lo < 0.13 and 9.7 < axis.hi < 10.1  # a little room around the data
    values = [v for v, _ in axis.ticks()]
    assert values == [0, 2, 4, 6, 8]
    assert [label for _, label in Axis.around(-0.31, 0.32).ticks()] == ["−0.3", "−0.2", "−0.1", "0", "0.1", "0.2", "0.3"]
    log = Axis.around(-6.2, -1.9, log=True)
    assert [label for _, label in log.ticks()] == ["1e−6", "1e−5", "1e−4", "1e−3", "1e−2"]
    flat = Axis.around(3.0, 3.0)
    assert flat.lo < 3.0 < flat.hi


def test_only_new_points_are_drawn_each_frame(lines):
    h = record()
    plot = Plot(PlotSpec("xy", "t", ("va",)), h)
    view = PlotView(plot)
    screen = pygame.Surface((420, 300))
    for k in range(400):  # a whole swing of sin t: the y axis holds what follows
        h.append((k * 0.02, 0.0, math.sin(k * 0.02)))
    view.draw(screen, RECT)
    assert view.redraws == 1 and sum(len(p) for p in lines) == 400
    lines.clear()
    for k in range(400, 480):  # within the time axis' headroom: no redraw, two points per frame
        h.append((k * 0.02, 0.0, math.sin(k * 0.02)))
        view.draw(screen, RECT)
    assert view.redraws == 1
    assert [len(p) for p in lines] == [2] * 80
    # and what was drawn piece by piece is what a fresh view draws at once
    fresh = PlotView(plot)
    fresh.x_axis, fresh.y_axis = view.x_axis, view.y_axis
    other = pygame.Surface((420, 300))
    fresh.draw(other, RECT)
    if (fresh.x_axis, fresh.y_axis) == (view.x_axis, view.y_axis):
        assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(other, "RGB")


def test_axes_grow_with_headroom_so_redraws_are_rare():
    h = record()
    plot = Plot(PlotSpec("energy", "t", ("va",)), h)
    view = PlotView(plot)
    screen = pygame.Surface((420, 300))
    redraws = []
    for k in range(1500):  # 30 s of a run, one frame per step
        h.append((k * 0.02, 0.0, 1.0 + 0.002 * k))
        view.draw(screen, RECT)
        redraws.append(view.redraws)
    assert view.x_axis.lo <= 0 and view.x_axis.hi >= 29.98 and view.y_axis.hi >= 3.997
    assert redraws[-1] < 40 and redraws[-1] - redraws[750] <= 3  # rarer as the plot grows


def test_a_break_and_an_angle_wrap_draw_no_line_across(lines):
    h = record()
    angles = frozenset({"a"})
    plot = Plot(PlotSpec("phase", "a", ("va",)), h, angles=angles)
    for k in range(400):  # turning over and over
        a = -3.0 + 0.05 * k
        h.append((k * 0.02, a, 2.5))
    h.restart((8.0, 0.0, -1.0))
    h.append((8.02, 0.01, -1.0))
    h.append((8.04, 0.02, -1.0))
    view = PlotView(plot)
    screen = pygame.Surface((420, 300))
    view.draw(screen, RECT)
    assert view.x_axis.angle and view.x_axis.lo == -math.pi
    assert [label for _, label in view.x_axis.ticks()] == ["−π", "−π/2", "0", "π/2", "π"]
    width = RECT[2]
    for poly in lines:
        assert np.all(np.abs(np.diff(poly[:, 0])) < width / 10)  # no segment across the plot
    assert len(lines) >= 4  # split at every wrap and at the restart


def test_a_poincare_section_is_drawn_as_dots(lines):
    h = record()
    for k in range(50):
        h.append((k * 3.0, math.sin(k), math.cos(k)))
    plot = Plot(PlotSpec("poincare", "a", ("va",)), h, dots=True)
    view = PlotView(plot)
    screen = pygame.Surface((420, 300))
    view.draw(screen, RECT)
    assert lines == []
    px, py = view.to_pixels(np.array([math.sin(7)]), np.array([math.cos(7)]))
    assert screen.get_at((RECT[0] + round(px[0]), RECT[1] + round(py[0])))[:3] == CURVES[0]


def test_clearing_leaves_an_empty_frame():
    h = record()
    for k in range(100):
        h.append((k * 0.02, 0.0, math.sin(k * 0.1)))
    plot = Plot(PlotSpec("xy", "t", ("va",)), h)
    view = PlotView(plot)
    screen = pygame.Surface((420, 300))
    view.draw(screen, RECT)
    inside = pygame.Rect(70, 60, 330, 180)  # the plotting area, under the legend
    assert CURVES[0] in colours_in(screen.subsurface(inside))
    plot.clear()
    view.draw(screen, RECT)
    colours = colours_in(screen.subsurface(inside))
    assert CURVES[0] not in colours and BACKGROUND in colours


def colours_in(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    pixels = np.frombuffer(pygame.image.tobytes(surface, "RGB"), np.uint8).reshape(-1, 3)
    return {tuple(c) for c in np.unique(pixels, axis=0).tolist()}


def test_the_legend_says_the_words_it_is_given_and_a_new_one_redraws(monkeypatch):
    h = History(("t", "spread"), 100)
    for k in range(10):
        h.append((k * 0.02, 1e-6 * 2.0 ** k))
    plot = Plot(PlotSpec("spread", "t", ("spread",)), h, log_y=True)
    rendered: list[str] = []
    view = PlotView(plot)
    font = view._font()
    real = font.render
    monkeypatch.setattr(view, "font", type("Spy", (), {
        "render": lambda self, text, *a: rendered.append(text) or real(text, *a),
        "get_height": lambda self: font.get_height(), "size": lambda self, text: font.size(text)})())
    screen = pygame.Surface((420, 300))
    view.draw(screen, RECT, legend=("dispersión (escala log)",))
    assert "dispersión (escala log)" in rendered and not any("spread" in t for t in rendered)
    view.draw(screen, RECT, legend=("dispersión (escala log)",))
    assert view.redraws == 1  # the same words: nothing drawn again
    view.draw(screen, RECT, legend=("spread (log scale)",))
    assert view.redraws == 2 and "spread (log scale)" in rendered
    view.draw(screen, RECT)  # no words given: the variables' names, the log scale said in words
    assert view.redraws == 3 and rendered[-1] == "spread (log scale)"


def test_the_y_labels_keep_their_sign_however_wide_they_are():
    """An energy of −100000 J in a kiosk's larger font is wider than the 50 px kept for the labels:
    its sign was cut at the dock's edge. The room grows to the widest label."""
    pygame.font.init()
    font = pygame.font.Font(None, 30)
    h = record()
    plot = Plot(PlotSpec("energy", "t", ("va",)), h)
    view = PlotView(plot, font)
    for k in range(200):
        h.append((k * 0.02, 0.0, -100000.0 + 1000.0 * k))
    view.draw(pygame.Surface((420, 300)), RECT)
    assert view.y_axis.lo <= -100000
    widest = max(font.size(text)[0] for _, text in view.y_axis.ticks(max(3, min(6, view._area().height // 25))))
    assert widest > 46  # wider than the fixed room
    assert view._area().left - 4 - widest >= 0  # the label is drawn whole, from x >= 0
    px, _ = view.to_pixels(np.array([view.x_axis.lo]), np.array([0.0]))
    assert px[0] == view._area().left  # and the curves start where the axes do


def colour_in(surface: pygame.Surface, colour, tolerance: int = 30, area=None) -> bool:
    pixels = pygame.surfarray.array3d(surface if area is None else surface.subsurface(area)).reshape(-1, 3)
    return bool(np.any(np.all(np.abs(pixels.astype(int) - colour) <= tolerance, axis=1)))


def test_each_run_its_colour_and_name_and_a_frame_draws_only_the_present_runs_new_points(lines):
    h = record()
    plot = Plot(PlotSpec("xy", "t", ("va",)), h)
    view = PlotView(plot)
    screen = pygame.Surface((420, 300))
    runs = ("m = 1", "m = 2", "m = 3")
    for run, amplitude in enumerate((1.0, 0.7, 0.4, 0.2)):  # four runs: three earlier, one present
        h.restart((0.0, 0.0, 0.0))
        for k in range(1, 300):
            h.append((k * 0.02, 0.0, amplitude * math.sin(k * 0.02)))
        view.draw(screen, RECT, runs=runs[:run])
    assert [r.number for r in plot.earlier] == [1, 2, 3] and view.runs == ((1, 2, 3), runs)
    legend = screen.subsurface((10, 20, 400, TOP))  # the names over the plot, each in its run's colour
    assert all(colour_in(legend, RUNS[k]) for k in range(3)) and colour_in(legend, CURVES[0])
    area = (10 + LEFT, 20 + TOP, 400 - LEFT - RIGHT, 260 - TOP - BOTTOM)
    assert all(colour_in(screen, RUNS[k], 10, area) for k in range(3))
    # the present run grows: only its two newest points are drawn, however many runs are kept
    redraws = view.redraws
    lines.clear()
    for k in range(300, 340):
        h.append((k * 0.02, 0.0, 0.2 * math.sin(k * 0.02)))
        view.draw(screen, RECT, runs=runs)
    assert view.redraws == redraws and [len(p) for p in lines] == [2] * 40
    # a sliver of a run (a slider moved while running) is not kept: the picture starts again from
    # the earlier runs' without drawing them again
    runs += ("m = 4",)
    h.restart((0.0, 0.0, 0.1))  # the present run is kept: drawn once more, in its run's colour
    h.append((0.02, 0.0, 0.1))
    view.draw(screen, RECT, runs=runs)
    assert view.redraws == redraws + 1 and colour_in(screen, RUNS[3], 10, area)
    lines.clear()
    for k in range(2, 4):
        h.append((k * 0.02, 0.0, 0.1))
        view.draw(screen, RECT, runs=runs)
    h.restart((0.0, 0.0, 0.0))
    h.append((0.02, 0.0, 0.0))
    view.draw(screen, RECT, runs=runs)
    assert view.redraws == redraws + 1 and sum(len(p) for p in lines) <= 8 and len(plot.earlier) == 4
    # a single run is drawn as it always was: no legend of runs
    plot.clear()
    for k in range(2, 30):
        h.append((k * 0.02, 0.0, 0.0))
    view.draw(screen, RECT)
    assert not any(colour_in(screen, colour, 10) for colour in RUNS) and view.base is None
