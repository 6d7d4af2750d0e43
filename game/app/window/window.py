"""The window: one frame is *events → advance the session to the clock → paint*.

A thin loop over a :class:`~game.app.session.session.Session`: pygame events become commands
(rows of the command table), drags in model units, zooms and pans of the view and
typed values; the frame is a list of layers, then the pygame_gui widgets, which
follow the session's view state (:mod:`game.app.window.widgets`).
"""

from __future__ import annotations

import time
from dataclasses import replace

import pygame
import pygame_gui

from ...messages import Message, language, msg, set_language
from ...model import read_catalog, with_group
from ...render import DEFAULT_STYLE, Camera, Scene, draw_frame, standard_layers, velocity_points
from ...ui.bars import Bars, BarState, bar_counts
from ...ui.layout import Layout
from ...ui.steppers import StepperPanel
from ...ui.theme import DOCK_BACKGROUND, plot_font, ui_manager
from ..files import paths
from ..files.settings import Settings
from ..files.userdirs import user_folders
from ..kiosk.supervisor import Heartbeat
from ..session.controls import BY_NAME, SPEED_LABELS, offered
from ..session.session import Session
from .actionoverlay import ActionOverlay
from .display import Display, open_manual, resized_to, save_view
from .healing import FrameGuard, long_running_process, open_log
from .pointer import INPUT_EVENTS, Pointer
from .widgets import Widgets

#: wall seconds between rewrites of the numbers shown while animating: faster is unreadable,
#: and re-rendering text is the most expensive part of a frame
TEXT_INTERVAL = 0.1
#: a still window sleeps: it waits for an event at most this long, then draws one frame (the
#: kiosk's countdown, a model file saved in an editor and the remembered state are noticed within it)
IDLE_WAIT = 1.0
#: wall seconds after the last input during which the window stays awake: pygame_gui's hover
#: colours and tooltips come a moment after the mouse stops
AWAKE_AFTER_INPUT = 2.0
#: seconds between two looks at the event queue while asleep (a click is answered within it)
IDLE_POLL = 0.02


class App:
    def __init__(self, settings: Settings | None = None, model: str | None = None, remember: bool = False):
        """``remember``: a user's session, which writes the remembered state (model, language, speed);
        a headless command that draws through the window never does."""
        long_running_process()  # memory flat over days, SIGTERM ends it (see healing)
        self.settings = settings = settings or Settings()
        self.controls = offered(settings.kiosk)
        #: the plots' dock saves a plot as PNG only where the plots can be saved (not in a kiosk)
        self.saving_plots = BY_NAME["export_plots"] in self.controls
        set_language(settings.interface_language)  # what models and the engine say, in the interface's language
        self.display = Display((settings.width, settings.height), settings.fullscreen or settings.kiosk, settings.kiosk)
        self.screen = self.display.screen
        #: key code → control name, from the command table
        self.keys = {pygame.key.key_code(k): c.name for c in self.controls for k in c.keys}
        folders = user_folders()
        catalog = with_group(read_catalog(paths.CATALOG, paths.MODELS), paths.EXERCISES, "exercises")
        self.session = Session(catalog, settings, folders=folders,
                               remembers=remember)
        self.session.actions.window = {"docs": self.open_manual, "fullscreen": self.toggle_fullscreen,
                                       "export_png": self.export_view,
                                       "export_plots": lambda: self.widgets.plots.save(self.session)}
        self.layout = Layout(*self.screen.get_size(), touch=settings.kiosk, bar=bar_counts(self.controls))
        self.manager = ui_manager(self.screen.get_size(), paths.ASSETS / "icons")
        self.style = replace(DEFAULT_STYLE, trail_width_px=max(1, settings.trail_width), trail_fade=settings.trail_fade)
        self.plot_font = plot_font()
        self.layers = standard_layers(plot_font=self.plot_font)
        self.running = True
        #: frames drawn since the window opened (a still window draws about one a second)
        self.frames = 0
        #: what the last frame painted showed (:meth:`looks`)
        self._looked: tuple = ()
        #: wall seconds since the last input event (the window sleeps only after AWAKE_AFTER_INPUT)
        self.since_input = 0.0
        self.widgets = Widgets(self.manager, self.plot_font, self.saving_plots)
        #: the Action view, drawn over the drawing area while it is open
        self.action_view = ActionOverlay()
        self._since_text = 0.0
        self.bars = Bars(self.manager, self.layout, self.controls)
        self._language = language()
        self.pointer = Pointer(self)
        self.guard = FrameGuard(open_log(folders.log))
        self.heartbeat = Heartbeat.from_environment()
        self.session.framer.follow_area(self.layout.viewport[2:])
        self.session.open(model)
        self._model = self.session.model
        self.camera = self._camera()

    # -- building ------------------------------------------------------------------------

    def _camera(self) -> Camera:
        # the trail layer notices a new camera by itself and repaints
        return Camera(*self.session.framer.camera(), self.layout.viewport)

    def resize(self, size: tuple[int, int]) -> None:
        """A new size (or language): the bars are built again and the other widgets next frame."""
        self.layout = Layout(*size, touch=self.settings.kiosk, bar=bar_counts(self.controls))
        self.manager.set_window_resolution(size)
        self.bars.kill()
        self.bars = Bars(self.manager, self.layout, self.controls)
        self._language = language()
        self.widgets.close()
        self.widgets = Widgets(self.manager, self.plot_font, self.saving_plots, dropped=True)
        self.session.framer.follow_area(self.layout.viewport[2:])

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

    def frame(self, wall_seconds: float, motion_seconds: float | None = None, quiet: bool = False) -> None:
        """One frame: events, then the simulation up to the clock, then paint. An exception
        anywhere in it is logged and the model reloaded (:mod:`game.app.window.healing`), never fatal.
        ``motion_seconds``: how far the motion goes (``wall_seconds`` unless a sleep was ended by
        Play: the motion starts then, not at the start of the sleep). ``quiet``: a sleep ended with
        no event; the screen is painted again only if what it shows changed (:meth:`looks`)."""
        self.since_input += wall_seconds
        try:
            for event in pygame.event.get():
                if event.type in INPUT_EVENTS or event.type == pygame.MOUSEBUTTONUP:
                    self.since_input = 0.0
                if not self.pointer.swallows(event):  # a touch that wakes a kiosk goes no further
                    self.handle(event)
            self.session.tick(wall_seconds)
            self.session.action.tick()  # a relaxing path slides on
            self.session.user_files.reload_if_changed(wall_seconds)
            self._since_text += wall_seconds
            self.manager.update(wall_seconds)
            if isinstance(self.panel, StepperPanel):  # a − or + held down repeats
                self.panel.hold(wall_seconds)
            self.session.clock.advance(wall_seconds if motion_seconds is None else motion_seconds)
            if quiet and self.looks() == self._looked:
                self.heartbeat.beat()
                return
            self.frames += 1
            self.draw()
            if self.still():  # read only by a quiet frame after a sleep
                self._looked = self.looks()
        except Exception as exc:
            self.guard.failed(exc, self.session.kiosk)
            self.widgets.close()
            self.layers = standard_layers(plot_font=self.plot_font)
            return
        self.guard.ok()
        self.widgets.give_back(wall_seconds)
        self.heartbeat.beat()
        pygame.display.flip()

    def run(self, seconds: float | None = None, quit: bool = True) -> int:
        """The loop, until the window is closed (or for ``seconds`` of wall time: ``bench --idle``).
        A still window sleeps (:meth:`still`): it waits for an event, at most :data:`IDLE_WAIT`."""
        clock = pygame.time.Clock()
        end = None if seconds is None else time.monotonic() + seconds
        while self.running and (end is None or time.monotonic() < end):
            if self.still():
                woken = self.sleep(IDLE_WAIT if end is None else min(IDLE_WAIT, max(0.0, end - time.monotonic())))
                slept = clock.tick() / 1000.0
                self.frame(slept, motion_seconds=min(slept, 1.0 / self.settings.fps) if woken else slept,
                           quiet=not woken)
            else:
                self.frame(clock.tick(self.settings.fps) / 1000.0)
        if quit:
            pygame.quit()
        return 0

    def still(self) -> bool:
        """Nothing on screen moves and no input came lately: no motion, no drag or pan, no banner
        fading, no dialog open (a field's blinking cursor, a slider's preview), no kiosk countdown, no
        path relaxing in the Action view."""
        s = self.session
        return (not s.view.animating and s.dragging.drag is None and not self.pointer.busy
                and self.since_input >= AWAKE_AFTER_INPUT and s.banner.opacity in (0.0, 1.0)
                and not s.kiosk.counting_down and s.view.dialog is None and not s.action.relaxing)

    def looks(self) -> tuple:
        """What a still frame shows, in short: the same means the screen need not be painted again
        (a kiosk's caption, a model reloaded from its file, a banner that went are differences)."""
        s = self.session
        return (id(s.model), s.sim.t, s.sim.q.tobytes(), s.sim.qdot.tobytes(), repr(s.view), s.banner.text,
                s.banner.opacity, s.kiosk.caption, language(), self.screen.get_size())

    @staticmethod
    def sleep(seconds: float) -> bool:
        """Wait for an event (left in the queue for the frame), at most ``seconds``; True when one
        came. It looks every :data:`IDLE_POLL` seconds: pygame's own ``event.wait`` with a timeout
        polls every millisecond, about 2 % of a core on its own."""
        end = time.monotonic() + seconds
        while True:
            pygame.event.pump()
            if pygame.event.peek():
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(IDLE_POLL, left))

    def scene(self) -> Scene:
        s, view = self.session, self.session.view
        shown = s.showing
        building = self.widgets.build.mark(s)
        if building is not None:  # the drawing instead of the model
            return Scene(self.camera, (), self.style, banner=s.banner.text, banner_kind=s.banner.kind,
                         banner_opacity=s.banner.opacity, building=building)
        poses = shown.poses()
        reactions = shown.reaction_arrows() if view.reactions else []
        return Scene(self.camera, poses, self.style, trails=shown.trail_list(), fixed_pivots=s.kinematics.fixed_pivots,
                     velocities=velocity_points(poses) if view.vectors else (),
                     edit_arrows=shown.edit_arrows() if view.edit_velocities and s.dragging.allowed else (),
                     reactions=reactions, reaction_legend=shown.reaction_legend(reactions),
                     arrow_seconds=self.settings.arrow_seconds, banner=s.banner.text, banner_kind=s.banner.kind,
                     banner_opacity=s.banner.opacity, flashes=shown.flashes(), ghosts=shown.ghosts(),
                     plots=self.widgets.plots.placements(s, self.layout), caption=s.kiosk.caption,
                     tools=self.widgets.measure.marks(s))

    def draw(self) -> None:
        s = self.session
        if self._language != language():  # every word again, in the other language
            self.resize(self.screen.get_size())
        if self._model is not s.model:  # another model was opened
            self.widgets.close()
            self._model = s.model
        self.layout = self.widgets.follow(s, self.layout)
        self.camera = self._camera()
        for strip in self.layout.strips():
            self.screen.fill(DOCK_BACKGROUND, strip)
        draw_frame(self.screen, self.scene(), self.layers)
        self.action_view.draw(self.screen, s, self.layout.viewport)
        if not s.view.animating or self._since_text >= TEXT_INTERVAL:
            self._since_text = 0.0
            self.widgets.refresh(s, self.layout)
            self.bars.set_clock(msg("bar.clock", t=f"{s.sim.t:.2f}").text(), SPEED_LABELS[s.view.speed_index])
        self.bars.sync(BarState(lit=s.showing.lit, locked=s.actions.locked, hidden=s.view.dialog is not None,
                                speed_index=s.view.speed_index,
                                title=s.building.heading() if s.view.building else s.title,
                                covered=self._covered()))
        self.manager.draw_ui(self.screen)

    def _covered(self) -> int | None:
        """Where Parameters or Conditions, docked as tall as the window, covers the top bar (None: it is not open)."""
        docked = any(d.name == "dialog" for d in self.layout.docks)
        return self.layout.dock_rect("dialog")[0] if docked else None

    # -- events ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        s = self.session
        if event.type == pygame.QUIT:
            if not self.settings.kiosk:  # a kiosk is not closed by accident (Ctrl+Shift+Q quits)
                self.running = False
            return
        if (size := resized_to(event)) is not None:
            if (size := self.display.resized(size)) != (self.layout.width, self.layout.height):
                self.resize(size)  # SDL tells a resize up to three ways: the layout is made once
            return
        if self.action_view.handle(event, s, self.layout.viewport):
            return
        consumed = self.manager.process_events(event)
        if self.widgets.measure.handle(event, s) or self.widgets.measure.pointer(event, self):
            return  # the measuring tools' tray, or a tool on the scene
        build = self.widgets.build
        if build.handle(event, s) or build.key(event, s) or (not consumed and build.pointer(event, self)):
            return  # the builder's strip, its keys, or the drawing on the scene
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.widgets.plots.handle(event, s)
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            self._to_panel(event) if self.panel is not None else self.widgets.modes.handle(event, s)
        elif event.type in (pygame_gui.UI_TEXT_ENTRY_FINISHED, pygame_gui.UI_TEXT_ENTRY_CHANGED) and (
                self.panel is not None):
            self._to_panel(event)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEWHEEL and self.widgets.scroll(pygame.mouse.get_pos(), event.y):
            pass  # the values panel scrolled
        else:  # what the widgets did not take: bodies and arrows, zoom and pan
            self.pointer.handle(event, blocked=consumed or bool(s.view.menu or s.view.dialog))

    def _button(self, event) -> None:
        s = self.session
        if self.widgets.plots.handle(event, s) or self.widgets.modes.handle(event, s) or self.widgets.hint_closed(event, s):
            return
        if self.panel is not None:
            self._to_panel(event)
            return
        if self.menu is not None and (chosen := self.menu.chosen(event)) is not None:
            s.actions.choose(chosen)
            return
        name = self.bars.control_of(event.ui_element)
        if name is not None:
            s.act(name)

    def _to_panel(self, event) -> None:
        """An event for the open dialog (a button, a field typed in or finished)."""
        assert self.panel is not None
        self.panel.process_event(event)
        if self.panel.closed:  # Cancel, or Accept (or Enter) that applied
            self.widgets.panel = None
            self.session.dialogs.close()

    def _key(self, event) -> None:
        s = self.session
        if self.panel is not None:
            if event.key == pygame.K_ESCAPE:  # the field being edited goes back; else the panel closes
                self.panel.cancel_entry() if self.panel.entry is not None else s.dialogs.close()
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
        banner = self.session.banner

        def failed(words: Message) -> None:  # the browser's launcher gave up: said if still the news
            if banner.said is opening:
                banner.say(words, "notice")

        opening = open_manual(self.settings.kiosk, language(), failed)
        banner.say(opening, "info" if opening.key == "banner.manual_opening" else "notice")

    def export_view(self) -> None:
        """The drawing area as a PNG in the export folder: the scene alone, no panels or bars."""
        self.session.exports.tell(*save_view(self.screen.get_size(), replace(self.scene(), banner=None, plots=()),
                                         self.layout.viewport, self.session.exports.path("view", ".png")))

    def toggle_fullscreen(self) -> None:
        if not self.settings.kiosk:
            self.screen = self.display.toggle_fullscreen()
            self.resize(self.screen.get_size())
