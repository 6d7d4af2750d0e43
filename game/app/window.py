"""The window: one frame is *events → advance the session to the clock → paint*.

A thin loop over a :class:`~game.app.session.Session`: pygame events become commands
(rows of the command table), drags in model units, zooms and pans of the view and
typed values; the frame is a list of layers, then the pygame_gui widgets, which
follow the session's view state (:mod:`game.app.widgets`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pygame_gui

from ..messages import set_language
from ..model import read_catalog
from ..model.poses import stack_poses
from ..physics.kinematics import Kinematics
from ..render import DEFAULT_STYLE, Camera, Scene, draw_frame, standard_layers, velocity_points
from ..ui.bars import Bars, BarState
from ..ui.layout import Layout
from ..ui.text import Texts
from ..ui.theme import DOCK_BACKGROUND, build_theme, plot_font
from . import paths
from .controls import CONTROLS, SPEED_LABELS
from .display import Display, open_manual
from .framing import ZOOM_STEP
from .picking import arrow_at, body_at
from .session import Session
from .settings import Settings
from .widgets import Widgets

#: wall seconds between rewrites of the numbers shown while animating: faster is unreadable,
#: and re-rendering text is the most expensive part of a frame
TEXT_INTERVAL = 0.1

INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN,
                pygame.TEXTINPUT, pygame.MOUSEWHEEL, pygame.FINGERDOWN)
#: mouse buttons that pan the view: middle and right
PAN_BUTTONS = (2, 3)


class App:
    def __init__(self, settings: Settings | None = None, model: str | None = None):
        pygame.init()
        #: key code → control name, from the command table
        self.keys = {pygame.key.key_code(k): c.name for c in CONTROLS for k in c.keys}
        self.settings = settings = settings or Settings()
        self.texts = Texts(settings.language)
        set_language(self.texts.language)  # what models and the engine say, in the interface's language
        self.display = Display((settings.width, settings.height), settings.fullscreen or settings.kiosk)
        self.screen = self.display.screen
        self.session = Session(read_catalog(paths.CATALOG, paths.MODELS), settings, self.texts)
        self.session.window_actions = {"docs": self.open_manual, "fullscreen": self.toggle_fullscreen,
                                       "export_png": self.export_view,
                                       "export_plots": lambda: self.widgets.plots.save(self.session)}
        self.layout = Layout(*self.screen.get_size())
        self.manager = pygame_gui.UIManager(self.screen.get_size(), theme_path=build_theme(paths.ASSETS / "icons"))
        self.style = replace(DEFAULT_STYLE, trail_width_px=max(1, settings.trail_width), trail_fade=settings.trail_fade)
        self.plot_font = plot_font()
        self.layers = standard_layers(plot_font=self.plot_font)
        self.running = True
        self.widgets = Widgets(self.manager, self.texts, self.plot_font)
        self._since_text = 0.0
        #: where a pan (right or middle drag) last was, or None
        self._pan_from: tuple[int, int] | None = None
        self.bars = Bars(self.manager, self.layout, self.texts, CONTROLS)
        self.session.follow_area(self.layout.viewport[2:])
        self.session.open(model)
        self._model = self.session.model
        self.camera = self._camera()

    # -- building ------------------------------------------------------------------------

    def _camera(self) -> Camera:
        # the trail layer notices a new camera by itself and repaints
        return Camera(*self.session.camera(), self.layout.viewport)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(*size)
        self.manager.set_window_resolution(size)
        self.bars.kill()
        self.bars = Bars(self.manager, self.layout, self.texts, CONTROLS)
        self.widgets.close()
        self.session.follow_area(self.layout.viewport[2:])

    @property
    def panel(self):
        """The Parameters or Conditions dialog, when one is open."""
        return self.widgets.panel

    @property
    def menu(self):
        return self.widgets.menu

    @property
    def live(self):
        return self.widgets.live

    @property
    def dock(self):
        """The plots' dock (its menus and buttons, and where the plots go)."""
        return self.widgets.plots

    # -- the frame -----------------------------------------------------------------------

    def frame(self, wall_seconds: float) -> None:
        """One frame: events, then the simulation up to the clock, then paint."""
        had_input = False
        for event in pygame.event.get():
            had_input |= event.type in INPUT_EVENTS
            self.handle(event)
        self.session.idle(wall_seconds, had_input)
        self._since_text += wall_seconds
        self.manager.update(wall_seconds)
        self.session.advance(wall_seconds)
        self.draw()
        pygame.display.flip()

    def run(self) -> int:
        clock = pygame.time.Clock()
        while self.running:
            self.frame(clock.tick(self.settings.fps) / 1000.0)
        pygame.quit()
        return 0

    def scene(self) -> Scene:
        s, view = self.session, self.session.view
        poses = s.poses()
        ghosts = []
        if view.ensemble and s.plots.ensemble is not None:  # where the copies are (ghosts need no velocities)
            ensemble = s.plots.ensemble
            q = ensemble.coordinates(len(s.sim.state.q))
            if isinstance(s.kinematics, Kinematics):
                ghosts = s.kinematics.poses_many(ensemble.t, q, np.zeros_like(q))
            else:  # a mechanism's bodies, copy by copy
                ghosts = stack_poses([s.kinematics.poses(ensemble.t, qk, np.zeros_like(qk)) for qk in q])
        return Scene(self.camera, poses, self.style, trails=s.trail_list(), fixed_pivots=s.kinematics.fixed_pivots,
                     velocities=velocity_points(poses) if view.vectors else (),
                     edit_arrows=s.edit_arrows() if view.edit_velocities and s.editing else (),
                     reactions=s.reaction_arrows() if view.reactions else (),
                     arrow_seconds=self.settings.arrow_seconds, banner=s.banner, flashes=s.flashes(), ghosts=ghosts,
                     plots=self.widgets.plots.placements(s, self.layout))

    def draw(self) -> None:
        s = self.session
        if self._model is not s.model:  # another model was opened
            self.widgets.close()
            self._model = s.model
        self.layout = self.widgets.follow(s, self.layout)
        self.camera = self._camera()
        for strip in self.layout.strips():
            self.screen.fill(DOCK_BACKGROUND, strip)
        draw_frame(self.screen, self.scene(), self.layers)
        if not s.view.animating or self._since_text >= TEXT_INTERVAL:
            self._since_text = 0.0
            self.widgets.refresh(s, self.layout)
            self.bars.set_clock(self.texts("time", t=f"{s.sim.t:.2f}"), SPEED_LABELS[s.view.speed_index])
        self.bars.sync(BarState(lit=s.lit, locked=s.locked, hidden=s.view.dialog is not None,
                                speed_index=s.view.speed_index, title=s.entry.title))
        self.manager.draw_ui(self.screen)

    # -- events ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        s = self.session
        if event.type == pygame.QUIT:
            if not self.settings.kiosk:  # a kiosk is not closed by accident (Ctrl+Shift+Q quits)
                self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(self.display.resized((event.w, event.h)))
            return
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.widgets.plots.handle(event, s)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.panel is not None:
            self.panel.process_event(event)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in PAN_BUTTONS:
            self._pan_from = None
        elif event.type == pygame.MOUSEMOTION and self._pan_from is not None:
            s.pan(event.pos[0] - self._pan_from[0], event.pos[1] - self._pan_from[1])
            self._pan_from = event.pos
        elif consumed or s.view.menu or s.view.dialog:
            return
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in PAN_BUTTONS and self._in_scene(event.pos):
            self._pan_from = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION and s.drag is not None:
            s.drag_to(self.camera.to_model(*event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and s.drag is not None:
            s.release(self.camera.to_model(*event.pos))

    def _in_scene(self, pos) -> bool:
        return pygame.Rect(self.layout.viewport).collidepoint(pos)

    def _wheel(self, event) -> None:
        """The wheel zooms about the point under the cursor (which stays under it)."""
        pos = pygame.mouse.get_pos()
        steps = getattr(event, "precise_y", event.y)
        if steps and self._in_scene(pos):
            self.session.zoom(ZOOM_STEP ** steps, self.camera.to_model(*pos))

    def _button(self, event) -> None:
        s = self.session
        if self.widgets.plots.handle(event, s):
            return
        if self.panel is not None:
            self.panel.process_event(event)
            if self.panel.closed:  # Cancel, or Accept that applied
                self.widgets.panel = None
                s.close_dialog()
            return
        if self.menu is not None and (chosen := self.menu.chosen(event)) is not None:
            s.choose(chosen)
            return
        name = self.bars.control_of(event.ui_element)
        if name is not None:
            s.act(name)

    def _key(self, event) -> None:
        s = self.session
        if self.panel is not None:
            if event.key == pygame.K_ESCAPE:  # the field being edited goes back; else the panel closes
                self.panel.cancel_entry() if self.panel.entry is not None else s.close_dialog()
            return  # typing in a panel: letters are text, not shortcuts
        if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL and (
                not self.settings.kiosk or event.mod & pygame.KMOD_SHIFT):
            self.running = False
            return
        if event.key == pygame.K_ESCAPE:
            if s.view.menu:
                s.act("menu")
            return
        name = self.keys.get(event.key)
        if name is not None and (not s.view.menu or name == "menu"):
            s.act(name)

    def _press(self, pos) -> None:
        s = self.session
        if not s.editing or not self._in_scene(pos):
            return
        mouse = self.camera.to_model(*pos)
        if s.view.edit_velocities:
            gid = arrow_at(s.edit_arrows(), self.camera, pos, self.settings.arrow_seconds)
            if gid is not None:
                s.grab(gid, mouse, velocities=True)
        elif (gid := body_at(s.poses(), s.kinematics.handles, self.camera, pos)) is not None:
            s.grab(gid, mouse)

    # -- what only a window does -------------------------------------------------------------

    def open_manual(self) -> None:
        problem = open_manual(self.texts, self.settings.kiosk)
        if problem is not None:
            self.session.banner = problem

    def export_view(self) -> None:
        """The drawing area as a PNG in the export folder: the scene alone, no panels or bars."""
        image = pygame.Surface(self.screen.get_size())
        draw_frame(image, replace(self.scene(), banner=None, plots=()), standard_layers(cached=False))
        path = self.session.export_path("vista", ".png")
        try:
            pygame.image.save(image.subsurface(pygame.Rect(self.layout.viewport)), str(path))
        except (pygame.error, OSError) as exc:
            self.session.exported(None, str(exc))
            return
        self.session.exported(path)

    def toggle_fullscreen(self) -> None:
        if not self.settings.kiosk:
            self.screen = self.display.toggle_fullscreen()
            self.resize(self.screen.get_size())
