"""The program without its window: the model on screen, its simulation, what the
student sees and can do (SPEC §2, §8). No pygame here.

A :class:`Session` holds the catalog, the loaded model, its simulation and
kinematics, the trails and the history (observers of the simulation), the view
state (animating, vectors, edit mode, speed, open panels, dialog, menu) and the
message of the banner. Everything a control does is ``act(name)``, a row of the
command table (:mod:`game.app.controls`); time is ``advance(wall_seconds)``;
dragging is ``grab`` / ``drag_to`` / ``release`` in model units. The window is a
thin loop that turns pygame events into these calls and paints what the
session shows, so the whole behaviour is testable with plain pytest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..expr import ExpressionError, Location
from ..messages import set_language as set_messages_language
from ..model import Catalog, CatalogEntry, ModelFileError, load_model
from ..model.poses import ForceArrow, Pose, VelocityPoint
from ..model.reader import decode
from ..physics import Simulation, SimulationError
from ..physics.kinematics import Kinematics, kinematics_for
from ..physics.mechanism_kinematics import MechanismKinematics
from ..physics.records import History, HistoryRecorder, Trail, TrailRecorder
from ..ui.text import Texts, energy_lines, number
from .controls import BY_NAME
from .edits import ConditionEdits, ParameterEdits
from .kiosk import ATTRACT, COUNTDOWN, Kiosk
from .saving import Remembered, Saved, free_name, mine, mine_entry, save
from .scheduler import SPEEDS, StepScheduler
from .settings import Settings, Show
from .userdirs import UserFolders
from .watch import FileWatch

#: characters per line of the expressions in the energy panel
ENERGY_COLUMNS = 56

#: rows kept in the history of a run (about 50 minutes at dt = 0.02)
HISTORY_ROWS = 150_000


class LoadError(Exception):
    """A model that cannot be opened; the message says which file and why."""


@dataclass
class View:
    """What the student has switched on (the rest of the screen follows from the model)."""

    animating: bool = False
    vectors: bool = False
    #: a mechanism's reactions drawn as arrows
    reactions: bool = False
    #: edit mode: False = x (drag bodies), True = v (drag velocity arrows)
    edit_velocities: bool = False
    speed_index: int = 1
    #: live panels open: "energy", "values"
    panels: set[str] = field(default_factory=set)
    #: the dialog open: "parameters", "conditions" or None (while one is open, other controls hide)
    dialog: str | None = None
    menu: bool = False


@dataclass
class Drag:
    id: str
    #: v mode: the tip of a velocity arrow is being dragged
    velocities: bool
    #: the grabbed point minus the mouse, model units (x mode keeps the grab offset)
    offset: np.ndarray


class Session:
    def __init__(self, catalog: Catalog, settings: Settings | None = None, texts: Texts | None = None,
                 folders: UserFolders | None = None):
        self.settings = settings or Settings()
        #: the user's folders (saved models, remembered state); None: no user files at all
        self.folders = folders
        self.catalog = Catalog(catalog.path, catalog.entries + mine(folders.models)) if folders else catalog
        self.texts = texts or Texts(self.settings.language)
        self.view = View(speed_index=SPEEDS.index(self.settings.speed) if self.settings.speed in SPEEDS else 1)
        self.drag: Drag | None = None
        #: the text of the banner over the scene, or None
        self.banner: str | None = None
        #: a kiosk's timeout and attract loop (None outside kiosk mode)
        self.kiosk = Kiosk(self.settings.kiosk_idle_seconds, self.settings.kiosk_countdown_seconds,
                           self.settings.kiosk_attract) if self.settings.kiosk else None
        #: wall seconds since the simulation stopped on a failure (None while it is fine)
        self.stopped_for: float | None = None
        #: what a window does for the controls only it can carry out (the manual, full screen)
        self.window_actions: dict[str, Callable[[], None]] = {}
        self.scheduler = StepScheduler(0.02, SPEEDS[self.view.speed_index])
        self.index = -1
        #: the largest reaction force seen since the model or its parameters changed (its arrow's length)
        self.force_scale = 0.0

    # -- opening models ------------------------------------------------------------------------

    def open(self, name: str | None = None) -> None:
        """Open ``name`` (a catalog stem or title, or a .dat path) or the first model. A broken
        model never keeps the program from starting: the next one that works opens, and the
        banner names what failed. Raises :class:`LoadError` if none can be opened."""
        index = 0
        if name is not None:
            entry = self.catalog.find(name)
            if entry is None and Path(name).suffix == ".dat" and Path(name).is_file():
                entry = self.add_file(Path(name))
            if entry is None:
                raise LoadError(f"no model '{name}' in models.xml and no such .dat file")
            index = self.catalog.entries.index(entry)
        order = [index] + [i for i in range(len(self.catalog.entries)) if i != index]
        problem = None
        for i in order:
            if self.load(i):
                break
            problem = problem or self.banner
        else:
            raise LoadError(problem or "no model to open")
        self.banner = problem

    def add_file(self, path: Path) -> CatalogEntry:
        """A teacher's own file, not (yet) in models.xml: offered in the menu too."""
        entry = CatalogEntry(path.name, path.stem, path, Location(str(path)))
        self.catalog = Catalog(self.catalog.path, (*self.catalog.entries, entry))
        return entry

    def load(self, index: int) -> bool:
        """Open a model of the catalog; on failure keep the current one and say why in the banner."""
        entry = self.catalog.entries[index]
        try:
            built = self._build(entry.path)
        except (LoadError, ModelFileError, ExpressionError, SimulationError) as exc:
            self.banner = self.texts("cannot_load", reason=str(exc).splitlines()[0])
            return False
        self.index, self.entry = index, entry
        self._install(*built)
        self.view.animating = False
        self.view.dialog = None
        self.remember()
        return True

    def _build(self, path: Path) -> tuple[bytes, object, Simulation, Kinematics | MechanismKinematics]:
        """Read a model file and make its simulation and kinematics (raises on a bad model)."""
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise LoadError(f"{path}: {exc.strerror}") from None
        model = load_model(path, decode(raw, str(path)))
        sim = Simulation(model)
        return raw, model, sim, kinematics_for(model, sim.system, sim.parameters)

    def _install(self, raw: bytes, model, sim: Simulation, kinematics: Kinematics | MechanismKinematics) -> None:
        #: the bytes the model was read from: "Save as model" keeps them but for the changed values
        self.raw = raw
        self.model, self.sim, self.kinematics = model, sim, kinematics
        self.watch = FileWatch(self.entry.path)
        self.trails = TrailRecorder(self.poses, kinematics.trail_ids, self.settings.trail_length)
        self.force_scale = 0.0
        self.history = History(sim.sample_names(), HISTORY_ROWS)
        sim.observers += [self.trails, HistoryRecorder(self.history)]
        self.scheduler = StepScheduler(model.general.dt, SPEEDS[self.view.speed_index])
        self.drag = None
        self.banner = None
        self.stopped_for = None
        sim.reset()  # the observers start from the model's conditions

    def reload_if_changed(self, wall_seconds: float) -> bool:
        """A teacher saved the model on screen in an editor: it opens again (within a second),
        keeping the view (animating or not, panels, vectors, speed). A file that does not read
        keeps the last good model running, and the banner says file:line:col and why."""
        if not self.watch.changed(wall_seconds):
            return False
        try:
            built = self._build(self.entry.path)
        except (LoadError, ModelFileError, ExpressionError, SimulationError) as exc:
            self.banner = self.texts("cannot_reload", reason=str(exc).splitlines()[0])
            return False
        self.view.dialog = None  # its rows were the old file's
        self._install(*built)
        return True

    # -- the controls --------------------------------------------------------------------------

    def locked(self, name: str) -> bool:
        """Inactive now: CenM locks Eraser, Reset, Parameters, Conditions and the edit mode while animating."""
        control = BY_NAME.get(name)
        if name == "reactions" and not self.sim.reaction_ids:
            return True  # only a mechanism's constraints have reactions
        return bool(control and control.locked_while_animating and self.view.animating)

    def lit(self, name: str) -> bool:
        """Whether a two-state control is on (it shows its second icon)."""
        v = self.view
        return {"animate": v.animating, "vectors": v.vectors, "edit": v.edit_velocities, "reactions": v.reactions,
                "energy": "energy" in v.panels, "values": "values" in v.panels}.get(name, False)

    def act(self, name: str) -> None:
        """Do what a control (button or key) does, under CenM's rules."""
        if name not in BY_NAME:
            raise KeyError(f"no control named {name!r}")
        if self.locked(name):
            return
        if name in self.window_actions:
            self.window_actions[name]()
            return
        v = self.view
        if name == "animate":
            v.animating = not v.animating
            self.scheduler.reset()
            if v.animating:
                self.banner = None
        elif name == "eraser":
            self.trails.clear()
        elif name == "reset":
            self.sim.reset()
        elif name in ("parameters", "conditions"):
            v.dialog = name
            v.menu = False
        elif name == "vectors":
            v.vectors = not v.vectors
        elif name == "reactions":
            v.reactions = not v.reactions
        elif name in ("energy", "values"):
            v.panels ^= {name}
        elif name == "edit":
            v.edit_velocities = not v.edit_velocities
        elif name.startswith("speed"):
            v.speed_index = int(name[len("speed"):])
            self.scheduler.speed = SPEEDS[v.speed_index]
            self.remember()
        elif name == "language":
            self.set_language("en" if self.texts.language == "es" else "es")
        elif name == "save":
            if not self.settings.kiosk and self.folders is not None:
                v.dialog, v.menu = "save", False
        elif name == "menu":
            v.menu = not v.menu

    def choose(self, index: int) -> None:
        """A model picked in the menu: the menu closes, the model opens (or the banner says why not)."""
        self.view.menu = False
        self.load(index)

    # -- time ----------------------------------------------------------------------------------

    def advance(self, wall_seconds: float) -> int:
        """The simulation up to the clock: whole steps of dt for ``wall_seconds`` × speed.
        A failure pauses and keeps the last good state, and the banner says what happened."""
        if not self.view.animating or self.drag is not None:
            return 0
        return self.run(self.scheduler.steps_for(wall_seconds))

    def run(self, steps: int) -> int:
        """Take ``steps`` steps of dt now; returns how many were taken. A failure pauses and
        keeps the last good state, and the banner says what happened."""
        for k in range(steps):
            try:
                self.sim.step()
            except SimulationError as exc:
                self.view.animating = False
                self.banner = self.texts("stopped", reason=str(exc))
                self.stopped_for = 0.0
                return k
        return steps

    # -- a kiosk left alone --------------------------------------------------------------------

    def touched(self) -> bool:
        """Input arrived. In a kiosk it answers "Still there?" or ends the attract loop (on the
        model shown); then it returns True and the input goes no further."""
        return self.kiosk is not None and self.kiosk.touch()

    def tick(self, wall_seconds: float) -> None:
        """A kiosk's clock: the countdown and the attract loop move on, and a simulation that
        failed starts again from its model's conditions after ``kiosk_heal_seconds``."""
        k = self.kiosk
        if k is None:
            return
        if self.stopped_for is not None:
            self.stopped_for += wall_seconds
            if self.stopped_for >= self.settings.kiosk_heal_seconds:
                self.restart()
        show = k.tick(wall_seconds)
        for _ in range(max(1, len(k.shows))):  # a show that cannot open gives way to the next
            if show is None or self.start_show(show):
                break
            show = k.next_show()

    def recover(self, next_model: bool = False) -> None:
        """After an unexpected exception in a frame: the model on screen opens again from its file
        (the next one of the menu when ``next_model``), with nothing half-done left open. A kiosk
        goes on moving; a desktop waits paused."""
        self.view.menu, self.view.dialog, self.drag = False, None, None
        count = len(self.catalog.entries)
        start = self.index + 1 if next_model else self.index
        for i in range(count):
            if self.load((start + i) % count):
                self.view.animating = self.kiosk is not None
                return

    def restart(self) -> None:
        """The model on screen again from its own conditions (the show's, in the attract loop), moving."""
        k = self.kiosk
        if k is not None and k.phase == ATTRACT and self.start_show(k.current):
            return
        if self.load(self.index):
            self.view.animating = True

    def start_show(self, show: Show) -> bool:
        """Open a show of the attract loop: its model, its conditions, trails on, moving, nothing else open."""
        v = self.view
        v.menu, v.dialog, v.vectors, v.edit_velocities = False, None, False, False
        v.panels.clear()
        entry = self.catalog.find(show.model) if show.model else self.entry
        if entry is None or not self.load(self.catalog.entries.index(entry)):
            return False
        if show.conditions:
            ConditionEdits(self.sim).accept(dict(show.conditions))  # refused: the file's conditions
        v.animating = True
        return True

    @property
    def caption(self) -> str | None:
        """The kiosk's words over the scene: the countdown, or the attract loop's invitation."""
        k = self.kiosk
        if k is None or k.phase not in (COUNTDOWN, ATTRACT):
            return None
        return self.texts("still_there", seconds=k.seconds_left) if k.phase == COUNTDOWN else self.texts("touch_to_play")

    # -- what is shown -------------------------------------------------------------------------

    def poses(self) -> list[Pose]:
        sim = self.sim
        return self.kinematics.poses(sim.t, sim.state.q.tolist(), sim.qdot.tolist())

    def trail_list(self) -> list[Trail]:
        return list(self.trails.trails.values())

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

    def reaction_arrows(self) -> list[ForceArrow]:
        """A mechanism's reactions on its points as arrows: the largest force seen since the model
        (or its parameters) changed is a quarter of the mechanism's size long."""
        kin = self.kinematics
        if not self.sim.reaction_ids or not isinstance(kin, MechanismKinematics):
            return []
        forces = kin.reaction_arrows(self.sim.state, 1.0)
        self.force_scale = max(self.force_scale, max((float(np.hypot(a.dx, a.dy)) for a in forces), default=0.0))
        if self.force_scale <= 0:
            return []
        scale = 0.25 * kin.size / self.force_scale
        return [a._replace(dx=a.dx * scale, dy=a.dy * scale) for a in forces]

    def readout(self, panel: str, columns: int = ENERGY_COLUMNS) -> list[str]:
        """The lines of a live panel: "energy" (the Ek and Ep expressions as written, then their
        values, E, DE, and W when forces or supports do work) or "values" (q and q̇, then a
        mechanism's reactions λ_ID)."""
        sim = self.sim
        if panel == "values":
            return [f"{k} = {number(v)}" for k, v in {**sim.values(), **sim.reactions()}.items()]
        ek, ep = sim.energies
        lines = [*energy_lines(self.model, columns), f"Ek = {number(ek)}", f"Ep = {number(ep)}",
                 f"E = Ek + Ep = {number(ek + ep)}", f"DE = {number(sim.de)}"]
        if sim.does_work:
            lines += [f"W = {number(sim.work)}", f"E − W − E₀ = {number(ek + ep - sim.work - sim.e0)}"]
        return lines

    def expression_lines(self, panel: str, columns: int = ENERGY_COLUMNS) -> int:
        """How many of a live panel's first lines are expressions (shown in the expression font)."""
        return len(energy_lines(self.model, columns)) if panel == "energy" else len(self.readout(panel))

    @property
    def editing(self) -> bool:
        """Bodies and arrows can be grabbed: paused, with no dialog or menu open."""
        return not (self.view.animating or self.view.dialog or self.view.menu)

    # -- dragging (model units) ----------------------------------------------------------------

    def grab(self, gid: str, point: tuple[float, float], velocities: bool = False) -> None:
        """Start dragging the body ``gid`` grabbed at ``point`` (x mode), or its velocity arrow (v mode)."""
        if not self.editing:
            return
        handle = self.kinematics.handle_point(gid, self.sim.t, self.sim.q)
        offset = np.zeros(2) if velocities else handle - np.asarray(point, dtype=float)
        self.drag = Drag(gid, velocities, offset)

    def drag_to(self, point: tuple[float, float]) -> None:
        """The mouse is at ``point``: the coordinates (x mode) or velocities (v mode) follow.
        A position the model cannot be in keeps the last good one."""
        d, sim, kin = self.drag, self.sim, self.kinematics
        if d is None:
            return
        mouse = np.asarray(point, dtype=float)
        try:
            if d.velocities:
                handle = kin.handle_point(d.id, sim.t, sim.q)
                velocity = (mouse - handle) / self.settings.arrow_seconds
                sim.set_conditions(sim.q, kin.drag_velocity(d.id, velocity, sim.t, sim.q, sim.qdot))
            else:
                sim.set_conditions(kin.drag_position(d.id, mouse + d.offset, sim.t, sim.q), sim.qdot)
        except ArithmeticError:  # SimulationError included
            return

    def release(self, point: tuple[float, float] | None = None) -> None:
        if point is not None:
            self.drag_to(point)
        self.drag = None

    # -- the dialogs ---------------------------------------------------------------------------

    def parameter_edits(self) -> ParameterEdits:
        return ParameterEdits(self.sim, self.texts.language)

    def condition_edits(self) -> ConditionEdits:
        return ConditionEdits(self.sim, self.texts.language)

    def apply_parameters(self, changes: dict[str, str]) -> str | None:
        """New parameter values (texts); None when applied, else why not (nothing changes)."""
        reason = ParameterEdits(self.sim).accept(changes)
        if reason is None:
            self.kinematics = kinematics_for(self.model, self.sim.system, self.sim.parameters)
            self.force_scale = 0.0
            self.sim.announce_break()  # trails restart where the bodies now are
            self.view.dialog = None
        return reason

    def apply_conditions(self, changes: dict[str, str]) -> str | None:
        """New conditions (texts); None when applied, else why not (nothing changes)."""
        reason = ConditionEdits(self.sim).accept(changes)
        if reason is None:
            self.view.dialog = None
        return reason

    def close_dialog(self) -> None:
        self.view.dialog = None

    # -- the user's own files --------------------------------------------------------------------

    def suggested_name(self) -> str:
        """What "Save as model" offers as the new model's name: one not used yet."""
        return free_name(self.folders.models, self.entry.stem) if self.folders else self.entry.stem

    def save_as(self, name: str, overwrite: bool = False) -> Saved:
        """Write the present parameters and conditions as a new model in the user's folder
        ("Mis modelos"), never over an existing file unless ``overwrite``; it is in the menu at once."""
        if self.folders is None or self.settings.kiosk:
            return Saved(problem="disabled")
        saved = save(self.folders.models, name, self.raw, self.sim, overwrite)
        if saved.path is not None:
            entries = [e for e in self.catalog.entries if e.path != saved.path]
            current = self.entry
            self.catalog = Catalog(self.catalog.path, (*entries, mine_entry(saved.path)))
            self.index = self.catalog.entries.index(current)
        return saved

    def save_dialog(self, name: str, overwrite: bool) -> str | None:
        """What the "Save as model" dialog hears: None when saved, "exists" (it asks before
        replacing), or why not, in words."""
        try:
            saved = self.save_as(name, overwrite)
        except OSError as exc:  # a full or read-only disk: say so, lose nothing
            return self.texts("save_failed", reason=exc.strerror or str(exc))
        if saved.problem in (None, "exists"):
            return saved.problem
        words = {"name": "save_bad_name", "mechanism": "save_mechanism"}.get(saved.problem or "")
        return self.texts(words) if words else saved.problem

    def remember(self) -> None:
        """A desktop remembers its model, language and speed for the next run (a kiosk does not)."""
        if self.folders is None or self.settings.kiosk or self.index < 0:
            return
        model = self.entry.stem if self.catalog.find(self.entry.stem) is self.entry else str(self.entry.path)
        Remembered(model, self.texts.language, SPEEDS[self.view.speed_index]).write(self.folders.state)

    def set_language(self, language: str) -> None:
        """Every word of the interface, the model titles and descriptions, and the messages about
        models (the banner, a refused value), in ``language``."""
        self.texts = Texts(language)
        set_messages_language(language)
        self.remember()

    @property
    def title(self) -> str:
        """The model's title in the language of the interface."""
        return self.entry.title_in(self.texts.language)
