"""Trails: lines that stay until the Eraser (CenM), or fading ones (a setting).
The points are kept by :class:`game.physics.observe.records.Trail`, in model units, so
a trail stays correct when the camera changes.

Trails that stay
----------------
:class:`KeptTrailLayer` keeps an image of the background and everything drawn
so far; each frame it draws only the segments added since the last frame onto
that image and blits it, so a frame costs the same with ten points or a
million behind it. The image is painted again from the points only when the
camera, the size or the colours change (a zoom, a pan, a resize) or a trail is
cleared. :func:`draw_trail` with ``fade=False`` draws the same picture at once.

How the fade is drawn, and why it is cached
-------------------------------------------
A trail is drawn in ``FADE_CHUNKS`` colour steps, one ``aalines`` call per
step (plus one per break) instead of one call per segment (ECOSYSTEM.md:
drawing costs). Chunks are anchored to the points themselves (point number
``g`` since the last clear belongs to chunk ``g // size``), not to the newest
point, so a finished chunk never changes its points, and its colour changes
only when a new chunk begins. :class:`TrailLayer` exploits that: it keeps the
background and all finished chunks in an off-screen image, blits that image
each frame and draws only the newest, unfinished chunk on top. A busy chaotic
triple pendulum has ~60,000 pixels of anti-aliased line per 5,000-point
trail, ~3 ms each to draw; with the layer a frame costs one blit plus a few
short polylines, and the repaint needed when a chunk finishes (~1 in 150
frames) is spread over several frames.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import pygame

from game.physics.observe.records import Trail

from . import clip, paint
from .camera import Camera
from .style import DEFAULT_STYLE, Colour, mix

#: Number of colour steps of the fade.
FADE_CHUNKS = 32
#: The oldest chunk is drawn at no less than this fraction of full colour.
_MIN_FADE = 0.06

# --- drawing -----------------------------------------------------------------


def _chunking(capacity: int, chunks: int) -> tuple[int, int]:
    """Points per chunk and number of drawn chunks for a trail of ``capacity``.

    ``size * n <= capacity - 1``, so every drawn chunk, and the point before it
    that it joins to, is still stored: the ring only ever overwrites points of
    chunks too old to be drawn, and a cached chunk never loses a segment.
    """
    if capacity - 1 >= chunks:
        return (capacity - 1) // chunks, chunks
    return 1, capacity - 1


def _chunk_polylines(
    trail: Trail, camera: Camera, size: int, n: int, ages: range
) -> Iterator[tuple[int, np.ndarray]]:
    """Yield ``(age, pixel polyline)`` for the chunks of the given ages, oldest first.

    Age 0 is the chunk that receives new points. Each chunk's polyline starts
    at the last point of the chunk before it, so consecutive chunks join up;
    a chunk is split wherever a run starts (a break).
    """
    added = trail.added
    if len(trail) < 2:
        return
    newest_chunk = (added - 1) // size
    oldest_age = min(ages.stop - 1, newest_chunk, n - 1)
    youngest_age = max(ages.start, 0)
    if oldest_age < youngest_age:
        return
    # Global index of the first point needed: the joint before the oldest chunk.
    g_first = max((newest_chunk - oldest_age) * size - 1, added - len(trail))
    g_last = min((newest_chunk - youngest_age + 1) * size - 1, added - 1)
    pts, starts = trail.latest(added - g_first)
    pts = pts[: g_last - g_first + 1]
    px, py = camera.to_pixels(pts[:, 0], pts[:, 1])
    plist = np.column_stack((px, py))
    # Local indices (> 0) where a new run starts.
    cuts = np.flatnonzero(starts[1 : len(plist)]) + 1
    for age in range(oldest_age, youngest_age - 1, -1):
        j = newest_chunk - age
        lo = max(j * size - 1 - g_first, 0)
        hi = min((j + 1) * size - 1 - g_first, len(plist) - 1)
        if hi <= lo:
            continue
        a = int(np.searchsorted(cuts, lo, side="right"))
        b = int(np.searchsorted(cuts, hi, side="right"))
        start = lo
        for cut in cuts[a:b].tolist():
            yield age, plist[start:cut]
            start = cut
        yield age, plist[start : hi + 1]


def _fade(age: int, n: int, colour: Colour, background: Colour) -> Colour:
    """Colour of a chunk of the given age: full at age 0, near background at n-1."""
    return mix(background, colour, max(_MIN_FADE, 1.0 - age / n))


def _draw_chunks(
    surface: pygame.Surface,
    camera: Camera,
    trail: Trail,
    colour: Colour,
    background: Colour,
    width: int,
    chunks: int,
    ages: range,
) -> None:
    size, n = _chunking(trail.capacity, chunks)
    current = -1
    col = colour
    box = paint.area(surface, width)
    for age, line in _chunk_polylines(trail, camera, size, n, ages):
        if age != current:
            current, col = age, _fade(age, n, colour, background)
        if len(line) >= 2:
            _polyline(surface, col, line, width, box)


def _polyline(surface: pygame.Surface, colour: Colour, line, width: int, box: clip.Rect) -> None:
    """One run of a trail (pixels), cut to ``box`` first (see :mod:`game.render.paint`)."""
    for piece in clip.polyline(line, box):
        paint.draw_piece(surface, colour, piece.tolist(), width, False)


def draw_trail(
    surface: pygame.Surface,
    camera: Camera,
    trail: Trail,
    colour: Colour,
    *,
    background: Colour = DEFAULT_STYLE.background,
    width: int = 1,
    chunks: int = FADE_CHUNKS,
    fade: bool = True,
) -> None:
    """Draw ``trail`` fading from ``background`` (oldest) to ``colour`` (newest),
    or, with ``fade=False``, every point it keeps in ``colour``.

    Once the buffer is full, its oldest few points (fewer than ``chunks``)
    are left undrawn: they would be at the faintest shade anyway, and this
    keeps every drawn chunk intact while the ring overwrites (see
    :func:`_chunking`). Segments across a break are skipped; drawing is
    clipped to the camera's viewport. ``width`` > 1 uses thick aliased lines.

    Stateless: every chunk is drawn on every call (~1-3 ms for 5,000 points,
    depending on how much line they make). In a window, prefer
    :class:`TrailLayer`, which draws the same picture from a cache.
    """
    with paint.clipped(surface, camera.viewport):
        if fade:
            _draw_chunks(surface, camera, trail, colour, background, width, chunks, range(chunks))
        else:
            _draw_newest(surface, camera, trail, colour, width, len(trail))


def _draw_newest(surface: pygame.Surface, camera: Camera, trail: Trail, colour: Colour, width: int,
                 points: int) -> None:
    """The segments that end at the newest ``points`` points of ``trail``, in one colour."""
    pts, starts = trail.latest(points + 1)
    if len(pts) < 2:
        return
    if len(pts) == len(trail):
        starts[0] = True  # the oldest kept point has no predecessor
    px, py = camera.to_pixels(pts[:, 0], pts[:, 1])
    xy = np.column_stack((px, py))
    box = paint.area(surface, width)
    cuts = np.flatnonzero(starts[1:]) + 1
    for run in np.split(xy, cuts):
        if len(run) >= 2:
            _polyline(surface, colour, run, width, box)


class KeptTrailLayer:
    """Background plus trails that stay: only new segments are drawn each frame.

    Create one per window and call :meth:`draw` every frame. See the module's
    notes; the image is as large as, and in the format of, the target surface.
    """

    def __init__(self) -> None:
        self._image: pygame.Surface | None = None
        self._static: tuple | None = None
        #: per trail: (its stamp, how many points had been added when last drawn)
        self._drawn: list[tuple[int, int]] = []
        self.repaints = 0

    def invalidate(self) -> None:
        """Paint everything again next frame (e.g. after the display surface is recreated)."""
        self._static = None

    def draw(self, surface: pygame.Surface, camera: Camera, trails: Sequence[Trail], colours: Sequence[Colour],
             background: Colour = DEFAULT_STYLE.background, *, width: int = 1) -> None:
        """Fill the viewport with ``background`` and draw ``trails`` (``colours[i]`` each)."""
        trails = list(trails)[: len(colours)]
        static = (camera, background, width, surface.get_size(), surface.get_bitsize(),
                  tuple(tuple(c) for c in colours[: len(trails)]), len(trails))
        new = [t.added - added for t, (stamp, added) in zip(trails, self._drawn)]
        if (self._image is None or static != self._static
                or any(t.stamp != stamp for t, (stamp, _) in zip(trails, self._drawn))
                # more new points than are kept, or than thinning is sure to have spared
                or any(k < 0 or k > len(t) or k >= t.capacity // 2 - 1 for k, t in zip(new, trails))):
            self._image = TrailLayer._fresh(self._image, surface, background, pygame.Rect(camera.viewport))
            self._static, new = static, [len(t) for t in trails]
            self.repaints += 1
        with paint.clipped(self._image, camera.viewport):
            for t, colour, k in zip(trails, colours, new):
                if k:
                    _draw_newest(self._image, camera, t, colour, width, k)
        self._drawn = [(t.stamp, t.added) for t in trails]
        view = pygame.Rect(camera.viewport)
        with paint.clipped(surface, camera.viewport):
            surface.blit(self._image, view.topleft, view)


class TrailLayer:
    """Background plus trails, with the finished parts of the trails cached.

    Create one per window and call :meth:`draw` every frame instead of
    clearing the viewport and calling :func:`draw_trail` per trail.

    The cached image holds every finished chunk. When a new chunk begins, all
    finished chunks move one shade fainter, so the image must be repainted;
    a full repaint costs as much as drawing the trails without a cache
    (~10 ms for three busy 5,000-point trails), which would be a visible
    hitch. So the repaint is spread over ``spread_frames`` frames into a
    second image, while the first stays on screen (one shade too strong, 3 %,
    for those few frames) and the chunks it lacks are drawn directly. A
    change that is not just "a chunk finished" (camera, colours, a clear, a
    different trail) repaints at once, as does falling more than
    ``max_lag`` chunks behind (points arriving faster than repaints finish).
    """

    def __init__(self, *, spread_frames: int = 8, max_lag: int = 4) -> None:
        self._spread = max(1, spread_frames)
        self._max_lag = max(1, max_lag)
        self._front: pygame.Surface | None = None  # the image on screen
        self._back: pygame.Surface | None = None  # the image being repainted
        self._front_static: tuple | None = None
        self._front_heads: tuple[int, ...] = ()
        self._build_heads: tuple[int, ...] | None = None
        self._build_steps: list[tuple[int, range]] = []
        self._build_per_frame = 1

    @property
    def pending(self) -> bool:
        """A spread repaint is in progress (the picture is within one shade of exact)."""
        return self._build_heads is not None

    def invalidate(self) -> None:
        """Repaint everything next frame (e.g. after the display surface is recreated)."""
        self._front_static = None
        self._build_heads = None

    def draw(
        self,
        surface: pygame.Surface,
        camera: Camera,
        trails: Sequence[Trail],
        colours: Sequence[Colour],
        background: Colour = DEFAULT_STYLE.background,
        *,
        width: int = 1,
        chunks: int = FADE_CHUNKS,
    ) -> None:
        """Fill the viewport with ``background`` and draw ``trails`` (``colours[i]`` each)."""
        trails = list(trails)[: len(colours)]
        # Newest chunk of each trail: the only thing that changes from frame
        # to frame without invalidating the cached chunks.
        heads = tuple((t.added - 1) // _chunking(t.capacity, chunks)[0] for t in trails)
        static = (
            camera,
            background,
            width,
            chunks,
            surface.get_size(),
            surface.get_bitsize(),
            tuple(t.stamp for t in trails),
            tuple(tuple(c) for c in colours[: len(trails)]),
        )
        view = pygame.Rect(camera.viewport)

        def paint_steps(image: pygame.Surface, steps: list[tuple[int, range]]) -> None:
            with paint.clipped(image, camera.viewport):
                for i, ages in steps:
                    _draw_chunks(image, camera, trails[i], colours[i], background, width, chunks, ages)

        lag = max((h - f for h, f in zip(heads, self._front_heads)), default=0)
        if (
            self._front is None
            or static != self._front_static
            or any(h < f for h, f in zip(heads, self._front_heads))
            or lag > self._max_lag
        ):
            self._front = self._fresh(self._front, surface, background, view)
            paint_steps(self._front, self._steps(trails, chunks, 1))
            self._front_static, self._front_heads = static, heads
            self._build_heads = None
        elif heads != self._front_heads:
            if self._build_heads != heads:
                # (Re)start a spread repaint for the current chunk positions;
                # restarting keeps every chunk it draws still stored in the ring.
                # A chunk of `size` points finishes every `size` frames or
                # sooner: spreading over more frames than that would never end.
                size = min(_chunking(t.capacity, chunks)[0] for t in trails)
                frames = min(self._spread, size)
                self._back = self._fresh(self._back, surface, background, view)
                self._build_steps = self._steps(trails, chunks, frames)
                self._build_per_frame = max(1, -(-len(self._build_steps) // frames))
                self._build_heads = heads
            todo = self._build_steps[: self._build_per_frame]
            del self._build_steps[: self._build_per_frame]
            assert self._back is not None
            paint_steps(self._back, todo)
            if not self._build_steps:
                self._front, self._back = self._back, self._front
                self._front_heads = heads
                self._build_heads = None

        with paint.clipped(surface, camera.viewport):
            surface.blit(self._front, view.topleft, view)
            # Chunks the image on screen lacks: the newest, plus any finished
            # since it was painted, each in its current shade.
            for i, t in enumerate(trails):
                missing = heads[i] - self._front_heads[i]
                _draw_chunks(
                    surface, camera, t, colours[i], background, width, chunks, range(missing + 1)
                )

    @staticmethod
    def _fresh(
        image: pygame.Surface | None, surface: pygame.Surface, background: Colour, view: pygame.Rect
    ) -> pygame.Surface:
        """``image`` (or a new one, as large as and in the format of ``surface``), viewport cleared.

        Same size and format as the target: the trails are drawn at exactly the
        coordinates they would have without the cache (same anti-aliasing) and
        the blit is a plain copy.
        """
        if (
            image is None
            or image.get_size() != surface.get_size()
            or image.get_bitsize() != surface.get_bitsize()
        ):
            image = pygame.Surface(surface.get_size(), 0, surface)
        image.fill(background, view)
        return image

    @staticmethod
    def _steps(trails: Sequence[Trail], chunks: int, parts: int) -> list[tuple[int, range]]:
        """The repaint of all finished chunks (ages >= 1) cut into ~``parts`` pieces per
        trail, in the order a single repaint would draw them (trail by trail, oldest first)."""
        steps: list[tuple[int, range]] = []
        for i, t in enumerate(trails):
            n = _chunking(t.capacity, chunks)[1]
            per = max(1, -(-(n - 1) // parts))
            hi = n
            while hi > 1:
                steps.append((i, range(max(1, hi - per), hi)))
                hi -= per
        return steps
