"""A frame is a list of layers painted in order over one :class:`Scene`.

The scene is what one frame shows, in model units, with the camera that turns
it into pixels; each layer draws one kind of thing from it (the background
and trails, the bodies, the velocity arrows, the arrows that can be dragged,
the banner). A new kind of drawing — plots, ghosts of an ensemble, contact
flashes — is a new layer, not a new branch in the window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.model.poses import ForceArrow, Pose, VelocityPoint
from game.physics.records import Trail

from .arrows import DEFAULT_ARROW_SECONDS
from .camera import Camera
from .scene import clear_viewport, draw_force_arrows, draw_scene, draw_velocity_arrows
from .style import DEFAULT_STYLE, Style
from .trails import TrailLayer, draw_trail


@dataclass(frozen=True)
class Scene:
    """What one frame shows (model units), and the camera and style to show it with."""

    camera: Camera
    poses: Sequence[Pose]
    style: Style = DEFAULT_STYLE
    trails: Sequence[Trail] = ()
    #: model points that never move and get a support mark
    fixed_pivots: Sequence[tuple[float, float]] = ()
    #: the arrows of the velocity-vectors control (empty when it is off)
    velocities: Sequence[VelocityPoint] = ()
    #: the arrows that can be dragged in v edit mode (empty outside it); a dot when ~0
    edit_arrows: Sequence[VelocityPoint] = ()
    #: a mechanism's reactions on its points (empty when the reactions control is off)
    reactions: Sequence[ForceArrow] = ()
    #: an arrow is the displacement in this many seconds
    arrow_seconds: float = DEFAULT_ARROW_SECONDS
    #: a message over the top of the drawing area (a failure, a warning), or None
    banner: str | None = None
    #: large words low in the drawing area (a kiosk's "Touch to play", its countdown), or None
    caption: str | None = None


class Layer(Protocol):
    def draw(self, surface: pygame.Surface, scene: Scene) -> None: ...


class TrailsLayer:
    """The background and the trails. With ``cached`` (a window), finished parts of the
    trails are kept in an off-screen image; without (one picture), all is drawn."""

    def __init__(self, cached: bool = True) -> None:
        self.cache = TrailLayer() if cached else None

    def invalidate(self) -> None:
        """Repaint everything next frame (the display surface was made anew)."""
        if self.cache is not None:
            self.cache.invalidate()

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        style = scene.style
        colours = [style.trail_colour(i) for i in range(len(scene.trails))]
        if self.cache is not None:
            self.cache.draw(surface, scene.camera, scene.trails, colours, style.background,
                            width=style.trail_width_px)
            return
        clear_viewport(surface, scene.camera, style)
        for trail, colour in zip(scene.trails, colours):
            draw_trail(surface, scene.camera, trail, colour, background=style.background,
                       width=style.trail_width_px)


class BodiesLayer:
    """Every body, with support marks under fixed pivots."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        draw_scene(surface, scene.camera, scene.poses, scene.style, fixed_pivots=scene.fixed_pivots)


class VelocityArrowsLayer:
    """The velocity vectors (the vectors control)."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        if scene.velocities:
            draw_velocity_arrows(surface, scene.camera, scene.velocities, scene.style,
                                 seconds=scene.arrow_seconds)


class ReactionArrowsLayer:
    """A mechanism's reactions: the force each bar and slider exerts on its points."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        if scene.reactions:
            draw_force_arrows(surface, scene.camera, scene.reactions, scene.style)


class EditArrowsLayer:
    """v edit mode: the arrows that can be dragged, and a dot where the velocity is ~0."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        if scene.edit_arrows:
            draw_velocity_arrows(surface, scene.camera, scene.edit_arrows, scene.style,
                                 seconds=scene.arrow_seconds, dots=True)


class BannerLayer:
    """A message in a red box across the top of the drawing area, wrapped to fit."""

    PADDING = 8
    BACKGROUND = (183, 28, 28)
    TEXT = (255, 255, 255)

    def __init__(self, font: pygame.font.Font | None = None) -> None:
        self._font = font
        self._cache: tuple[tuple[str, int], pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        if not scene.banner:
            return
        vx, vy, vw, vh = scene.camera.viewport
        width = max(40, vw - 4 * self.PADDING)
        key = (scene.banner, width)
        if self._cache is None or self._cache[0] != key:
            font = self._font or pygame.font.Font(None, 22)
            self._cache = (key, font.render(scene.banner, True, self.TEXT, None, width - 2 * self.PADDING))
        text = self._cache[1]
        box = pygame.Rect(vx + self.PADDING, vy + self.PADDING, width,
                          min(vh - 2 * self.PADDING, text.get_height() + 2 * self.PADDING))
        pygame.draw.rect(surface, self.BACKGROUND, box, border_radius=5)
        surface.blit(text, (box.x + self.PADDING, box.y + self.PADDING),
                     pygame.Rect(0, 0, box.w - 2 * self.PADDING, box.h - 2 * self.PADDING))


class CaptionLayer:
    """Large words in a dark rounded box low in the drawing area, one box line per text line
    (a kiosk's invitation to play, its "Still there?" countdown)."""

    BACKGROUND = (38, 50, 56, 215)
    TEXT = (255, 255, 255)

    def __init__(self) -> None:
        self._cache: tuple[tuple[str, int], pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        if not scene.caption:
            return
        vx, vy, vw, vh = scene.camera.viewport
        size = max(24, min(64, vh // 9))
        key = (scene.caption, size)
        if self._cache is None or self._cache[0] != key:
            lines = scene.caption.split("\n")
            fonts = [pygame.font.Font(None, size if i == 0 else size * 2 // 3) for i in range(len(lines))]
            texts = [f.render(line, True, self.TEXT) for f, line in zip(fonts, lines)]
            pad = size // 2
            box = pygame.Surface((min(vw - 16, max(t.get_width() for t in texts) + 2 * pad),
                                  sum(t.get_height() for t in texts) + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(box, self.BACKGROUND, box.get_rect(), border_radius=pad)
            y = pad
            for t in texts:
                box.blit(t, ((box.get_width() - t.get_width()) // 2, y))
                y += t.get_height()
            self._cache = (key, box)
        box = self._cache[1]
        surface.blit(box, (vx + (vw - box.get_width()) // 2, vy + vh - box.get_height() - vh // 10))


def standard_layers(cached: bool = True, font: pygame.font.Font | None = None) -> list[Layer]:
    """The layers of the window, bottom to top."""
    return [TrailsLayer(cached), BodiesLayer(), ReactionArrowsLayer(), VelocityArrowsLayer(), EditArrowsLayer(),
            BannerLayer(font), CaptionLayer()]


def draw_frame(surface: pygame.Surface, scene: Scene, layers: Sequence[Layer] | None = None) -> None:
    """Paint ``scene`` with ``layers`` (one picture's worth of :func:`standard_layers` if None)."""
    for layer in layers if layers is not None else standard_layers(cached=False):
        layer.draw(surface, scene)
