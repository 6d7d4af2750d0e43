"""A frame is a list of layers painted in order over one :class:`Scene`.

The scene is what one frame shows, in model units, with the camera that turns
it into pixels; each layer draws one kind of thing from it (the background
and trails, the bodies, the velocity arrows, the arrows that can be dragged,
the contact flashes, the banner: :mod:`.banner`). A new kind of drawing — plots, ghosts of an
ensemble — is a new layer, not a new branch in the window.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.model.poses import ForceArrow, ForceLegend, Pose, PoseArrays, VelocityPoint
from game.physics.observe.records import Flash, Trail

from . import paint
from .arrows import DEFAULT_ARROW_SECONDS
from .banner import BannerLayer
from .building import BuildLayer, BuildMark
from .camera import Camera
from .ghosts import GhostsLayer
from .legend import Lettering, draw_force_legend
from .measuring import ToolMark, ToolsLayer
from .placing import bodies_box
from .plots import PlotPlacement, PlotsLayer
from .scene import clear_viewport, draw_force_arrows, draw_scene, draw_velocity_arrows, without_edited
from .style import DEFAULT_STYLE, Style, mix
from .trails import KeptTrailLayer, TrailLayer, draw_trail


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
    #: what the reaction arrows are and their scale (None: no legend)
    reaction_legend: ForceLegend | None = None
    #: an arrow is the displacement in this many seconds
    arrow_seconds: float = DEFAULT_ARROW_SECONDS
    #: a message over the top of the drawing area (a failure, a warning, a file written), or None
    banner: str | None = None
    #: "problem" (a failure, a warning: red, it stays), "done" (a file written: calm, it fades) or
    #: "info" (where the manual is: calm, it stays)
    banner_kind: str = "problem"
    #: how opaque the banner is, 0 to 1 (a "done" banner fading out)
    banner_opacity: float = 1.0
    #: where contacts acted lately, each with its age as a fraction of its lifetime (0 = now)
    flashes: Sequence[tuple[Flash, float]] = ()
    #: the bodies of the copies of an ensemble (arrays over the copies), drawn as translucent ghosts
    ghosts: Sequence[PoseArrays] = ()
    #: the plots and where each goes (pixels), in the dock beside the drawing area
    plots: Sequence[PlotPlacement] = ()
    #: large words low in the drawing area (a kiosk's "Touch to play", its countdown), or None
    caption: str | None = None
    #: the measuring tools dropped on the scene (a ruler, a protractor …) and their readouts
    tools: Sequence[ToolMark] = ()
    #: the builder's drawing, shown instead of the bodies while building (None: not building)
    building: BuildMark | None = None


class Layer(Protocol):
    def draw(self, surface: pygame.Surface, scene: Scene) -> None: ...


class TrailsLayer:
    """The background and the trails (lasting or fading, as the style says). With
    ``cached`` (a window), what was drawn is kept in an off-screen image and only
    what is new is drawn each frame; without (one picture), all is drawn."""

    def __init__(self, cached: bool = True) -> None:
        self.kept = KeptTrailLayer() if cached else None
        self.fading = TrailLayer() if cached else None

    def invalidate(self) -> None:
        """Repaint everything next frame (the display surface was made anew)."""
        for cache in (self.kept, self.fading):
            if cache is not None:
                cache.invalidate()

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        style = scene.style
        colours = [style.trail_colour(i) for i in range(len(scene.trails))]
        if style.trail_fade and self.fading is not None:
            self.fading.draw(surface, scene.camera, scene.trails, colours, style.background,
                             width=style.trail_width_px)
            return
        if self.kept is not None:
            self.kept.draw(surface, scene.camera, scene.trails, colours, style.background,
                           width=style.trail_width_px)
            return
        clear_viewport(surface, scene.camera, style)
        for trail, colour in zip(scene.trails, colours):
            draw_trail(surface, scene.camera, trail, colour, background=style.background,
                       width=style.trail_width_px, fade=style.trail_fade)


class BodiesLayer:
    """Every body, with support marks under fixed pivots."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        draw_scene(surface, scene.camera, scene.poses, scene.style, fixed_pivots=scene.fixed_pivots)


class VelocityArrowsLayer:
    """The velocity vectors (the vectors control), but where v mode has an arrow to drag."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        if scene.velocities:
            draw_velocity_arrows(surface, scene.camera, without_edited(scene.velocities, scene.edit_arrows),
                                 scene.style, seconds=scene.arrow_seconds)


class ReactionArrowsLayer:
    """A mechanism's reactions: the force each bar and slider exerts on its points, and their
    legend (what each colour is, and an arrow of a round number of newtons)."""

    def __init__(self, font: pygame.font.Font | None = None) -> None:
        self._lettering = Lettering(font)
        #: where the legend was drawn last (a click there folds or unfolds it), or None
        self.legend_rect: pygame.Rect | None = None

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        self.legend_rect = None
        if scene.reactions:
            draw_force_arrows(surface, scene.camera, scene.reactions, scene.style)
            if scene.reaction_legend is not None:
                self.legend_rect = draw_force_legend(surface, scene.camera, scene.reaction_legend, scene.style,
                                                     self._lettering, avoid=bodies_box(scene))


class EditArrowsLayer:
    """v edit mode: the arrows that can be dragged, and a dot where the velocity is ~0."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        if scene.edit_arrows:
            draw_velocity_arrows(surface, scene.camera, scene.edit_arrows, scene.style,
                                 seconds=scene.arrow_seconds, dots=True)


class ContactFlashesLayer:
    """Where a contact has just acted: a ring that grows and fades into the background, bigger
    for harder impacts, with a dot where the bodies touched."""

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        if not scene.flashes:
            return
        style, camera = scene.style, scene.camera
        smallest, largest = style.flash_px
        with paint.clipped(surface, camera.viewport):
            for flash, age in scene.flashes:
                speed_px = camera.length_to_pixels(flash.strength)  # the jump of speed, in pixels per second
                if speed_px < 5.0:
                    continue  # a jump no one could see
                radius = min(largest, smallest + 2.5 * math.log2(1.0 + speed_px / 50.0)) * (0.6 + 0.8 * age)
                colour = mix(style.flash, style.background, age)
                centre = camera.to_pixels(flash.x, flash.y)
                paint.circle(surface, colour, centre, radius, width=3)
                paint.circle(surface, colour, centre, 3.0)


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
            paint.box(box, self.BACKGROUND, box.get_rect(), radius=pad)
            y = pad
            for t in texts:
                box.blit(t, ((box.get_width() - t.get_width()) // 2, y))
                y += t.get_height()
            self._cache = (key, box)
        box = self._cache[1]
        surface.blit(box, (vx + (vw - box.get_width()) // 2, vy + vh - box.get_height() - vh // 10))


class PlotsDockLayer:
    """The plots, each in the place the layout gave it (the dock's background is the window's)."""

    def __init__(self, font: pygame.font.Font | None = None) -> None:
        self.plots = PlotsLayer(font)

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        # drawn with no plots too: that is when the views of the last ones are dropped, and with them
        # their images and the records they read (a model's history, up to 16 MB, kept after the
        # model and its plots were gone: a kiosk's memory read several MB apart by what was last plotted)
        self.plots.draw(surface, scene)


def standard_layers(cached: bool = True, font: pygame.font.Font | None = None,
                    plot_font: pygame.font.Font | None = None) -> list[Layer]:
    """The layers of the window, bottom to top."""
    return [TrailsLayer(cached), GhostsLayer(), BodiesLayer(), ContactFlashesLayer(), ReactionArrowsLayer(plot_font),
            VelocityArrowsLayer(), EditArrowsLayer(), BuildLayer(), ToolsLayer(plot_font), PlotsDockLayer(plot_font), BannerLayer(font),
            CaptionLayer()]


def draw_frame(surface: pygame.Surface, scene: Scene, layers: Sequence[Layer] | None = None) -> None:
    """Paint ``scene`` with ``layers`` (one picture's worth of :func:`standard_layers` if None)."""
    for layer in layers if layers is not None else standard_layers(cached=False):
        layer.draw(surface, scene)
