"""The window: one frame is *events → advance the session to the clock → paint*.

A thin loop over a :class:`~game.app.session.Session`: pygame events become commands
(rows of the command table), drags in model units and typed values; the frame is a list
of layers, then the pygame_gui widgets, which follow the session's view state.
"""

from __future__ import annotations

import os
import webbrowser
from dataclasses import replace

import pygame
import pygame_gui

from ..model import read_catalog
from ..render import DEFAULT_STYLE, Camera, Scene, draw_frame, standard_layers, velocity_points
from ..ui.bars import Bars, BarState
from ..ui.layout import Layout
from ..ui.menu import ModelMenu
from ..ui.panels import DefinitionsPanel, LivePanel, SavePanel
from ..ui.text import Texts
from ..ui.theme import build_theme
from . import paths
from .controls import SPEED_LABELS, offered
from .healing import FrameGuard, fixed_mmap_threshold, open_log
from .pointer import Pointer
from .session import Session
from .settings import Settings
from .supervisor import Heartbeat
from .userdirs import user_folders
from .widgets import dialog, live_panel, model_menu

#: wall seconds between rewrites of the numbers shown while animating: faster is unreadable,
#: and re-rendering text is the most expensive part of a frame
TEXT_INTERVAL = 0.1


class App:
    def __init__(self, settings: Settings | None = None, model: str | None = None):
        fixed_mmap_threshold()  # memory stays flat over days (see healing)
        # SDL would turn SIGTERM into a window-close event, which a kiosk ignores: let it end the process
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        pygame.init()
        self.settings = settings = settings or Settings()
        self.controls = offered(settings.kiosk)
        #: key code → control name, from the command table
        self.keys = {pygame.key.key_code(c.key): c.name for c in self.controls if c.key}
        flags, size = pygame.RESIZABLE, (settings.width, settings.height)
        if settings.fullscreen or settings.kiosk:
            flags, size = pygame.FULLSCREEN, (0, 0)
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Cuerpos en Movimiento")
        folders = user_folders()
        self.session = Session(read_catalog(paths.CATALOG, paths.MODELS), settings, folders=folders)
        self.session.window_actions = {"docs": self.open_manual, "fullscreen": self.toggle_fullscreen}
        self.layout = Layout(*self.screen.get_size(), touch=settings.kiosk)
        self.manager = pygame_gui.UIManager(self.screen.get_size(), theme_path=build_theme(paths.ASSETS / "icons"))
        self.style = replace(DEFAULT_STYLE, trail_width_px=max(1, settings.trail_width))
        self.layers = standard_layers()
        self.running = True
        self.panel: DefinitionsPanel | SavePanel | None = None
        self.menu: ModelMenu | None = None
        self.live: dict[str, LivePanel] = {}
        self._since_text = 0.0
        self.bars = Bars(self.manager, self.layout, self.texts, self.controls)
        self._language = self.texts.language
        self.pointer = Pointer(self)
        self.guard = FrameGuard(open_log(folders.log))
        self.heartbeat = Heartbeat.from_environment()
        self.session.open(model)
        self._make_camera()

    # -- building ------------------------------------------------------------------------

    @property
    def texts(self) -> Texts:
        return self.session.texts

    def _make_camera(self) -> None:
        # the trail layer notices a new camera by itself and repaints
        g = self.session.model.general
        self.camera = Camera(g.escala, g.ox, g.oy, self.layout.viewport)
        self._camera_model = self.session.model

    def resize(self, size: tuple[int, int]) -> None:
        """A new size (or language): the bars are built again and the other widgets next frame."""
        self.layout = Layout(*size, touch=self.settings.kiosk)
        self.manager.set_window_resolution(size)
        self.bars.kill()
        self.bars = Bars(self.manager, self.layout, self.texts, self.controls)
        self._language = self.texts.language
        self._close_widgets()
        self._make_camera()

    def _close_widgets(self) -> None:
        """Drop the widgets that follow the view state; the next frame builds them again."""
        for widget in [*self.live.values(), self.menu, self.panel]:
            if widget is not None:
                widget.kill()
        self.live.clear()
        self.menu = self.panel = None

    # -- the frame -----------------------------------------------------------------------

    def frame(self, wall_seconds: float) -> None:
        """One frame: events, then the simulation up to the clock, then paint. An exception
        anywhere in it is logged and the model reloaded (:mod:`game.app.healing`), never fatal."""
        try:
            for event in pygame.event.get():
                if not self.pointer.swallows(event):  # a touch that wakes a kiosk goes no further
                    self.handle(event)
            self.session.tick(wall_seconds)
            self.session.reload_if_changed(wall_seconds)
            self._since_text += wall_seconds
            self.manager.update(wall_seconds)
            self.session.advance(wall_seconds)
            self.draw()
        except Exception as exc:
            self.guard.failed(exc, self.session)
            self._close_widgets()
            self.layers = standard_layers()
            return
        self.guard.ok()
        self.heartbeat.beat()
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
        return Scene(self.camera, poses, self.style, trails=s.trail_list(), fixed_pivots=s.kinematics.fixed_pivots,
                     velocities=velocity_points(poses) if view.vectors else (),
                     edit_arrows=s.edit_arrows() if view.edit_velocities and s.editing else (),
                     reactions=s.reaction_arrows() if view.reactions else (),
                     arrow_seconds=self.settings.arrow_seconds, banner=s.banner, caption=s.caption)

    def draw(self) -> None:
        if self._language != self.texts.language:  # every word again, in the other language
            self.resize(self.screen.get_size())
        if self._camera_model is not self.session.model:  # another model was opened
            self._close_widgets()
            self._make_camera()
        draw_frame(self.screen, self.scene(), self.layers)
        self._follow_view()
        if not self.session.view.animating or self._since_text >= TEXT_INTERVAL:
            self._since_text = 0.0
            for name, panel in self.live.items():
                panel.set_lines(self.session.readout(name, self.layout.panel_columns(name)))
            clock = self.texts("time", t=f"{self.session.sim.t:.2f}")
            self.bars.set_clock(f"{clock}   {SPEED_LABELS[self.session.view.speed_index]}")
        s = self.session
        self.bars.sync(BarState(lit=s.lit, locked=s.locked, hidden=s.view.dialog is not None,
                                speed_index=s.view.speed_index, title=s.title))
        self.manager.draw_ui(self.screen)

    def _follow_view(self) -> None:
        """Open and close the widgets the session's view state asks for."""
        s, view = self.session, self.session.view
        for name in {*view.panels, *self.live}:
            if name not in self.live:
                self.live[name] = live_panel(self.manager, self.layout, s, name)
            elif name not in view.panels:
                self.live.pop(name).kill()
        if view.menu and self.menu is None:
            self.menu = model_menu(self.manager, self.layout, s)
        elif not view.menu and self.menu is not None:
            self.menu.kill()
            self.menu = None
        if view.dialog and self.panel is None:
            self.panel = dialog(self.manager, self.layout, s, view.dialog)
        elif not view.dialog and self.panel is not None:
            self.panel.close()
            self.panel = None

    # -- events ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if not self.settings.kiosk:  # a kiosk is not closed by accident (Ctrl+Shift+Q quits)
                self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((max(640, event.w), max(400, event.h)))
            return
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.panel is not None:
            self.panel.process_event(event)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif not consumed:
            self.pointer.handle(event)

    def _button(self, event) -> None:
        s = self.session
        if self.panel is not None:
            self.panel.process_event(event)
            if self.panel.closed:  # Cancel, or Accept that applied
                self.panel = None
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
            if event.key == pygame.K_ESCAPE and self.panel.entry is None:
                s.close_dialog()
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

    # -- what only a window does -------------------------------------------------------------

    def open_manual(self) -> None:
        if self.settings.kiosk:
            return  # a kiosk never leaves its window for a browser
        webbrowser.open((paths.DOCS / "manual.html").resolve().as_uri())

    def toggle_fullscreen(self) -> None:
        if not self.settings.kiosk:
            pygame.display.toggle_fullscreen()
