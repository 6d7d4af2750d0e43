"""The window: one frame is *events → advance the simulation to the clock → paint*.

The simulation advances in whole steps of dt (N RK4 substeps each), paced to
wall time times the speed factor; drawing happens once per frame. Everything the
student can do — buttons, keys, panels, dragging bodies and arrows — arrives here
as pygame events, so tests drive it by posting real events.
"""

from __future__ import annotations

import math
import os
import webbrowser
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UILabel

from ..expr import ExpressionError, Location
from ..model import Catalog, CatalogEntry, ModelFileError, load_model, read_catalog
from ..model.poses import Pose
from ..physics import Simulation, SimulationError
from ..physics.kinematics import Kinematics
from ..render import (
    DEFAULT_STYLE,
    Camera,
    Trail,
    TrailLayer,
    VelocityPoint,
    draw_frame,
    draw_velocity_arrows,
    near_tip,
    velocity_arrow_end,
)
from ..ui.bars import SPEED_LABELS, Bars, BarState
from ..ui.layout import Layout
from ..ui.menu import ModelMenu
from ..ui.panels import DefinitionsPanel, LivePanel, energy_lines, number, panel_height
from ..ui.text import Texts
from ..ui.theme import build_theme
from . import paths
from .edits import ConditionEdits, ParameterEdits
from .picking import body_at
from .scheduler import SPEEDS, StepScheduler
from .settings import Settings

#: wall seconds between rewrites of the numbers shown while animating
TEXT_INTERVAL = 0.1

INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN,
                pygame.TEXTINPUT, pygame.MOUSEWHEEL, pygame.FINGERDOWN)

KEYS = {
    pygame.K_SPACE: "animate", pygame.K_e: "eraser", pygame.K_r: "reset", pygame.K_p: "parameters",
    pygame.K_c: "conditions", pygame.K_v: "vectors", pygame.K_n: "energy", pygame.K_t: "values",
    pygame.K_x: "edit", pygame.K_m: "menu", pygame.K_F1: "docs",
    pygame.K_1: "speed0", pygame.K_2: "speed1", pygame.K_3: "speed2", pygame.K_4: "speed3",
}


@dataclass
class Drag:
    id: str
    velocities: bool  # v mode: dragging an arrow tip
    offset: np.ndarray  # handle − mouse, model units (x mode)


class App:
    def __init__(self, settings: Settings = Settings(), model: str | None = None):
        pygame.init()
        self.settings = settings
        self.texts = Texts(settings.language)
        flags = pygame.RESIZABLE
        size = (settings.width, settings.height)
        if settings.fullscreen or settings.kiosk:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Cuerpos en Movimiento")
        self.catalog = read_catalog(paths.CATALOG, paths.MODELS)
        self.layout = Layout(*self.screen.get_size())
        self.manager = pygame_gui.UIManager(self.screen.get_size(), theme_path=build_theme(paths.ASSETS / "icons"))
        self.style = replace(DEFAULT_STYLE, trail_width_px=max(1, settings.trail_width))
        self.running = True
        self.animating = False
        self.vectors = False
        self.edit_velocities = False
        self.speed_index = SPEEDS.index(settings.speed) if settings.speed in SPEEDS else 1
        self.panel: DefinitionsPanel | None = None
        self.menu: ModelMenu | None = None
        self.energy_panel: LivePanel | None = None
        self.values_panel: LivePanel | None = None
        self.drag: Drag | None = None
        #: wall seconds since the numbers on screen were last rewritten
        self._since_text = 0.0
        #: wall seconds without input (kiosk mode starts over after a while)
        self._idle = 0.0
        self._build_ui()
        index = 0
        if model is not None:
            entry = self.catalog.find(model)
            if entry is None and Path(model).suffix == ".dat" and Path(model).is_file():
                # a teacher's own file, not (yet) in models.xml: offered in the menu too
                entry = CatalogEntry(Path(model).name, Path(model).stem, Path(model), Location(model))
                self.catalog = Catalog(self.catalog.path, (*self.catalog.entries, entry))
            if entry is None:
                raise ValueError(f"no model '{model}' in models.xml and no such .dat file")
            index = self.catalog.entries.index(entry)
        # a broken file must not keep the program from starting: open the next one that works
        order = [index] + [i for i in range(len(self.catalog.entries)) if i != index]
        problem = None
        for i in order:
            if self.load(i):
                break
            problem = problem or self.banner.text
        else:
            raise RuntimeError(problem)
        if problem:
            self.show_banner(problem)

    # -- building ------------------------------------------------------------------------

    def _build_ui(self) -> None:
        self.bars = Bars(self.manager, self.layout, self.texts)
        vx, vy, vw, _ = self.layout.viewport
        self.banner = UILabel(pygame.Rect(vx + 8, vy + 8, vw - 16, 32), "", self.manager,
                              object_id=ObjectID("#banner"))
        self.banner.hide()

    def load(self, index: int) -> bool:
        """Open a model from the catalog; on failure keep the current one and say why."""
        entry = self.catalog.entries[index]
        try:
            model = load_model(entry.path)
            sim = Simulation(model)
            kinematics = Kinematics(model, sim.parameters)
        except (ModelFileError, ExpressionError, SimulationError) as exc:
            self.show_banner(self.texts("cannot_load", reason=str(exc).splitlines()[0]))
            return False
        self.index, self.entry, self.model, self.sim, self.kinematics = index, entry, model, sim, kinematics
        self.trails = {g.id: Trail(self.settings.trail_length) for g in model.graphics if g.kind == "C" and g.trail}
        self.trail_layer = TrailLayer()
        self.scheduler = StepScheduler(model.general.dt, SPEEDS[self.speed_index])
        self.animating = False
        self.drag = None
        self._close_panel()
        self._make_camera()
        self._record_trails()
        self._rebuild_live_panels()
        self.hide_banner()
        return True

    def _rebuild_live_panels(self) -> None:
        """The energy and values panels that are open, built again for the model and window."""
        for which in ("energy", "values"):
            if getattr(self, f"{which}_panel") is not None:
                getattr(self, f"{which}_panel").kill()
                setattr(self, f"{which}_panel", None)
                self.toggle_panel(which)

    def _make_camera(self) -> None:
        g = self.model.general
        self.camera = Camera(g.escala, g.ox, g.oy, self.layout.viewport)
        self.trail_layer.invalidate()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(*size)
        self.manager.set_window_resolution(size)
        self.bars.kill()
        self.banner.kill()
        self._build_ui()
        self._close_panel()
        self._close_menu()
        self._rebuild_live_panels()
        self._make_camera()

    def attract(self) -> None:
        """Kiosk: after a while without input, close what is open and show the model
        moving again from its own conditions, so the next visitor finds it alive."""
        self._idle = 0.0
        self._close_menu()
        if not self.load(self.index):
            return
        self.animating = True

    # -- the frame -----------------------------------------------------------------------

    def frame(self, wall_seconds: float) -> None:
        """One frame: events, then the simulation up to the clock, then paint."""
        for event in pygame.event.get():
            if event.type in INPUT_EVENTS:
                self._idle = 0.0
            self.handle(event)
        self._since_text += wall_seconds
        self._idle += wall_seconds
        if self.settings.kiosk and self._idle >= self.settings.kiosk_idle_seconds:
            self.attract()
        self.manager.update(wall_seconds)
        self.advance(wall_seconds)
        self.draw()
        pygame.display.flip()

    def run(self) -> int:
        clock = pygame.time.Clock()
        while self.running:
            wall = clock.tick(self.settings.fps) / 1000.0
            self.frame(wall)
        pygame.quit()
        return 0

    def advance(self, wall_seconds: float) -> None:
        if not self.animating or self.drag is not None:
            return
        for _ in range(self.scheduler.steps_for(wall_seconds)):
            try:
                self.sim.step()
            except SimulationError as exc:
                self.animating = False
                self.show_banner(self.texts("stopped", reason=str(exc)))
                return
            self._record_trails()

    def poses(self) -> list[Pose]:
        return self.kinematics.poses(self.sim.t, self.sim.q.tolist(), self.sim.qdot.tolist())

    def _record_trails(self) -> None:
        if not self.trails:
            return
        for p in self.poses():
            if p.id in self.trails:
                self.trails[p.id].add(p.x, p.y)

    def draw(self) -> None:
        poses = self.poses()
        trail_ids = list(self.trails)
        draw_frame(self.screen, self.camera, poses, self.style,
                   trails=[self.trails[i] for i in trail_ids], trail_layer=self.trail_layer,
                   fixed_pivots=self.kinematics.fixed_pivots, show_velocities=self.vectors,
                   arrow_seconds=self.settings.arrow_seconds)
        if self.edit_velocities and not self.animating:
            draw_velocity_arrows(self.screen, self.camera, self.edit_arrows(), self.style,
                                 seconds=self.settings.arrow_seconds, dots=True)
        # Numbers are rewritten 10 times a second while animating: faster is unreadable,
        # and re-rendering text is the most expensive part of a frame.
        if not self.animating or self._since_text >= TEXT_INTERVAL:
            self._since_text = 0.0
            self._update_panels()
            self.bars.set_clock(self.texts("time", t=f"{self.sim.t:.2f}") + f"   {SPEED_LABELS[self.speed_index]}")
        self.bars.sync(BarState(
            animating=self.animating, vectors=self.vectors, energy=self.energy_panel is not None,
            values=self.values_panel is not None, edit_velocities=self.edit_velocities,
            panel_open=self.panel is not None, speed_index=self.speed_index, title=self.entry.title))
        self.manager.draw_ui(self.screen)

    def edit_arrows(self) -> list[VelocityPoint]:
        """v mode: each draggable object's arrow, from its own coordinates only."""
        t, q, qd = self.sim.t, self.sim.q, self.sim.qdot
        out, seen = [], set()
        for gid, handle in self.kinematics.handles.items():
            x, y = self.kinematics.handle_point(gid, t, q)
            key = (round(float(x), 9), round(float(y), 9), handle.own)
            if key in seen:
                continue  # a bar's end and the bob on it: one arrow
            seen.add(key)
            vx, vy = self.kinematics.own_velocity(gid, t, q, qd)
            out.append(VelocityPoint(gid, float(x), float(y), float(vx), float(vy)))
        return out

    # -- events ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if not self.settings.kiosk:
                self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((max(640, event.w), max(400, event.h)))
            return
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.panel is not None:
            self.panel.process_event(event)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if consumed:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._move(event.pos)
            self.drag = None
            self._conditions_changed()

    def _button(self, event) -> None:
        element = event.ui_element
        if self.panel is not None:
            self.panel.process_event(event)
            if self.panel.closed:
                self.panel = None
            return
        if self.menu is not None:
            chosen = self.menu.chosen(event)
            if chosen is not None:
                self.menu.kill()
                self.menu = None
                self.load(chosen)
                return
        if element is self.bars.menu:
            self.act("menu")
        elif element is self.bars.docs:
            self.act("docs")
        for name, b in self.bars.buttons.items():
            if element is b:
                self.act(name)
        for i, b in enumerate(self.bars.speeds):
            if element is b:
                self.act(f"speed{i}")

    def _key(self, event) -> None:
        if self.panel is not None:
            if event.key == pygame.K_ESCAPE and self.panel.entry is None:
                self._close_panel()
            return  # typing in a panel: letters are text, not shortcuts
        if event.key == pygame.K_ESCAPE:
            if self.menu is not None:
                self.act("menu")
            return
        if event.key == pygame.K_F11 and not self.settings.kiosk:
            pygame.display.toggle_fullscreen()
            return
        if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL and (not self.settings.kiosk or event.mod & pygame.KMOD_SHIFT):
            self.running = False
            return
        action = KEYS.get(event.key)
        if action is not None and (self.menu is None or action == "menu"):
            self.act(action)

    def act(self, action: str) -> None:
        """Do what a button (or its key) does, under CenM's rules."""
        locked = self.animating and action in ("eraser", "reset", "parameters", "conditions", "edit")
        if locked:
            return
        if action == "animate":
            self.animating = not self.animating
            self.scheduler.reset()
            if self.animating:
                self.hide_banner()
        elif action == "eraser":
            for trail in self.trails.values():
                trail.clear()
            self.trail_layer.invalidate()
        elif action == "reset":
            self.sim.reset()
            self._conditions_changed()
        elif action == "parameters":
            self._open_parameters()
        elif action == "conditions":
            self._open_conditions()
        elif action == "vectors":
            self.vectors = not self.vectors
        elif action in ("energy", "values"):
            self.toggle_panel(action)
        elif action == "edit":
            self.edit_velocities = not self.edit_velocities
        elif action.startswith("speed"):
            self.speed_index = int(action[5:])
            self.scheduler.speed = SPEEDS[self.speed_index]
        elif action == "menu":
            if self.menu is None:
                self.menu = ModelMenu(self.manager, self.layout, [e.title for e in self.catalog.entries], self.index)
            else:
                self.menu.kill()
                self.menu = None
        elif action == "docs":
            webbrowser.open((paths.DOCS / "manual.html").resolve().as_uri())

    # -- panels ----------------------------------------------------------------------------

    def toggle_panel(self, which: str) -> None:
        attr = f"{which}_panel"
        current = getattr(self, attr)
        if current is not None:
            current.kill()
            setattr(self, attr, None)
            return
        vx, vy, vw, _vh = self.layout.viewport
        if which == "energy":
            width = min(560, vw // 2 - 12)
            self._energy_text = energy_lines(self.model, max(20, (width - 34) // 9))
            lines = len(self._energy_text) + 4 + (2 if self.sim.does_work else 0)
            rect = pygame.Rect(vx + 8, vy + 48, width, panel_height(lines))
            expressions = tuple(range(len(self._energy_text)))
            setattr(self, attr, LivePanel(self.manager, rect, self.texts("energy_title"), lines, expressions))
        else:
            lines = 2 * self.model.n
            rect = pygame.Rect(vx + vw - 268, vy + 48, 260, panel_height(lines))
            setattr(self, attr, LivePanel(self.manager, rect, self.texts("values_title"), lines, tuple(range(lines))))

    def _update_panels(self) -> None:
        if self.energy_panel is not None:
            ek, ep = self.sim.energies
            lines = [*self._energy_text, f"Ek = {number(ek)}", f"Ep = {number(ep)}",
                     f"E = Ek + Ep = {number(ek + ep)}", f"DE = {number(self.sim.de)}"]
            if self.sim.does_work:
                lines += [f"W = {number(self.sim.work)}", f"E − W − E₀ = {number(ek + ep - self.sim.work - self.sim.e0)}"]
            self.energy_panel.set_lines(lines)
        if self.values_panel is not None:
            self.values_panel.set_lines([f"{k} = {number(v)}" for k, v in self.sim.values().items()])

    def _close_menu(self) -> None:
        if self.menu is not None:
            self.menu.kill()
            self.menu = None

    def _close_panel(self) -> None:
        if self.panel is not None:
            self.panel.close()
            self.panel = None

    def _open_parameters(self) -> None:
        edits = ParameterEdits(self.sim)

        def accept(changes: dict[str, str]) -> str | None:
            reason = edits.accept(changes)
            if reason is None:
                self.kinematics = Kinematics(self.model, self.sim.parameters)
                self._conditions_changed()
            return reason

        self.panel = DefinitionsPanel(self.manager, self.layout, self.texts, self.texts("parameters_title"),
                                      edits.rows(), edits.check, accept)

    def _open_conditions(self) -> None:
        edits = ConditionEdits(self.sim)

        def accept(changes: dict[str, str]) -> str | None:
            reason = edits.accept(changes)
            if reason is None:
                self._conditions_changed()
            return reason

        self.panel = DefinitionsPanel(self.manager, self.layout, self.texts, self.texts("conditions_title"),
                                      edits.rows(), edits.check, accept)

    def _conditions_changed(self) -> None:
        """New conditions (typed, dragged, reset): trails break here instead of jumping."""
        for trail in self.trails.values():
            trail.break_here()
        self._record_trails()

    # -- banner ---------------------------------------------------------------------------

    def show_banner(self, text: str) -> None:
        if hasattr(self, "banner"):
            self.banner.set_text(text)
            self.banner.show()

    def hide_banner(self) -> None:
        if self.banner.visible:
            self.banner.hide()

    # -- dragging ----------------------------------------------------------------------------

    def _press(self, pos) -> None:
        if self.animating or self.panel is not None or self.menu is not None:
            return
        vx, vy, vw, vh = self.layout.viewport
        if not (vx <= pos[0] < vx + vw and vy <= pos[1] < vy + vh):
            return
        if self.edit_velocities:
            best, best_d = None, math.inf
            for arrow in self.edit_arrows():
                tip = velocity_arrow_end(self.camera, arrow.x, arrow.y, arrow.vx, arrow.vy, self.settings.arrow_seconds)
                d = math.dist(pos, tip)
                if near_tip(pos, tip) and d < best_d:
                    best, best_d = arrow.id, d
            if best is not None:
                self.drag = Drag(best, True, np.zeros(2))
                self._conditions_changed()
            return
        gid = body_at(self.poses(), self.kinematics.handles, self.camera, pos)
        if gid is not None:
            handle = self.kinematics.handle_point(gid, self.sim.t, self.sim.q)
            mouse = np.array(self.camera.to_model(*pos), dtype=float)
            self.drag = Drag(gid, False, handle - mouse)
            self._conditions_changed()

    def _move(self, pos) -> None:
        d = self.drag
        sim, kin = self.sim, self.kinematics
        mouse = np.array(self.camera.to_model(*pos), dtype=float)
        try:
            if d.velocities:
                handle = kin.handle_point(d.id, sim.t, sim.q)
                velocity = (mouse - handle) / self.settings.arrow_seconds
                qdot = kin.drag_velocity(d.id, velocity, sim.t, sim.q, sim.qdot)
                sim.set_conditions(sim.q, qdot)
            else:
                q = kin.drag_position(d.id, mouse + d.offset, sim.t, sim.q)
                sim.set_conditions(q, sim.qdot)
        except (SimulationError, ArithmeticError):
            return  # a position the model cannot be in: keep the last good one


def run(model: str | None = None, fullscreen: bool = False, kiosk: bool = False, config: str | None = None,
        lang: str | None = None) -> int:
    from .settings import SettingsError, load_settings

    try:
        settings = load_settings(config)
    except SettingsError as exc:
        print(f"error: {exc}")
        return 2
    overrides = {}
    if fullscreen:
        overrides["fullscreen"] = True
    if kiosk:
        overrides["kiosk"] = True
    if lang:
        overrides["language"] = lang
    settings = replace(settings, **overrides)
    pygame.display.init()
    if pygame.display.get_driver() in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        print("error: no display to open the window on; on a machine without a screen use "
              "python3 main.py screenshot / simulate / check")
        return 2
    try:
        app = App(settings, model)
    except (ValueError, RuntimeError, ModelFileError) as exc:
        print(f"error: {exc}")
        return 2
    return app.run()
