"""The program without its window: the model on screen, its simulation, what the
student sees and can do (SPEC §2, §8). No pygame here.

A :class:`Session` holds the catalog, the loaded model, its simulation and
kinematics, the trails and the history (observers of the simulation), the view
state (animating, vectors, edit mode, speed, open panels, dialog, menu) and the
message of the banner. Everything a control does is ``act(name)``, a row of the
command table (:mod:`game.app.session.controls`); time is ``advance(wall_seconds)``;
dragging is ``grab`` / ``drag_to`` / ``release`` in model units. The window is a
thin loop that turns pygame events into these calls and paints what the
session shows, so the whole behaviour is testable with plain pytest.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ...expr import EvaluationError, ExpressionError, Location, SourceError
from ...messages import Message, language, msg, said, set_language
from ...model import Catalog, CatalogEntry, ModelFileError, load_model
from ...model.angles import angle_coordinates, wrapped
from ...model.poses import ForceArrow, ForceLegend, Pose, VelocityPoint
from ...model.reader import LIMITS, decode, read_bytes
from ...physics import Kinematics, Simulation, SimulationError
from ...physics.observe.records import Flash, FlashRecorder, History, HistoryRecorder, Trail, TrailRecorder
from ..files.saving import Remembered, Saved, free_name, mine, mine_entry, save
from ..files.settings import SPEEDS, Settings, Show
from ..files.userdirs import UserFolders, ascii_name, user_folders
from ..files.watch import FileWatch
from ..kiosk.kiosk import ATTRACT, COUNTDOWN, Kiosk
from ..kiosk.leadin import lead_in, points
from . import looking
from .controls import BY_NAME, CONTROLS
from .edits import ConditionEdits, ParameterEdits
from .framing import ZOOM_STEP, Box, Framing, automatic, extent, fit, least_box, reach, union
from .plotting import PlotBoard
from .readout import energy_lines, negative_size, number, value_lines
from .scheduler import StepScheduler

#: seconds of the session's clock a banner about something done (a file written) stays, the last
#: :data:`FADE_SECONDS` of them fading; a problem's banner stays until it is dealt with
DONE_SECONDS = 6.0
FADE_SECONDS = 1.5

#: characters per line of the expressions in the energy panel
ENERGY_COLUMNS = 56

#: rows kept in the history of a run (about 50 minutes at dt = 0.02) ...
HISTORY_ROWS = 150_000
#: ... or fewer, so a model with many columns (a mechanism's points and reactions) keeps it
#: within this many bytes: a kiosk that shows it all day must not hold a hundred megabytes
HISTORY_BYTES = 16_000_000


def history_rows(columns: int) -> int:
    """How many rows the history of a model with ``columns`` sample columns keeps."""
    return max(1_000, min(HISTORY_ROWS, HISTORY_BYTES // (8 * columns + 1)))


class LoadError(Exception):
    """A model that cannot be opened; the message says which file and why."""


@dataclass(frozen=True)
class FirstLine:
    """The first line of what ``what`` says (an error of several lines, in a one-line banner),
    written when it is shown, so in the language of that moment."""

    what: object

    def text(self, language: str) -> str:
        """The first line in ``language``: the first problem of a file, or the engine's sentence,
        written from its catalogue message (so a Spanish banner does not carry an English reason)."""
        what = self.what
        if isinstance(what, ModelFileError) and what.problems:
            what = what.problems[0]
        if isinstance(what, SimulationError):
            line = what.said.text(language)
        elif isinstance(what, SourceError):
            line = f"{what.location}: {said(what.reason, language)}"
        else:
            line = str(what)
        return (line.splitlines() or [""])[0]

    def __str__(self) -> str:
        return self.text(language())


#: what the banner can hold: a catalogue message, kept unwritten so it is said again in the other
#: language (:meth:`Session.set_language`), or a plain text
Said = Message | str


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
    #: the dock of plots at the side of the drawing area is open
    plots: bool = False
    #: the chaos control: an ensemble of perturbed copies (ghosts), their spread, Lyapunov
    ensemble: bool = False
    #: what part of the model plane the drawing area shows (zoom, pan, fit)
    framing: Framing = field(default_factory=Framing)
    #: pixels of the drawing area (the window says; the framing is fitted to it)
    area: tuple[int, int] = (1280, 608)
    #: the first-run hint of what the icons do is shown
    hint: bool = False


@dataclass
class Drag:
    id: str
    #: v mode: the tip of a velocity arrow is being dragged
    velocities: bool
    #: the grabbed point minus the mouse, model units (x mode keeps the grab offset)
    offset: np.ndarray


class Session:
    def __init__(self, catalog: Catalog, settings: Settings | None = None, folders: UserFolders | None = None,
                 remembers: bool = False):
        self.settings = settings or Settings()
        #: the user's folders (saved models, remembered state); None: no user files at all
        self.folders = folders
        #: a user's own session (the window opened by ``cenm``): only it writes the remembered state, never
        #: a headless command that borrows the window (``screenshot``, ``bench --frames``)
        self.remembers = remembers
        self.catalog = Catalog(catalog.path, catalog.entries + mine(folders.models)) if folders else catalog
        self.view = View(speed_index=self.first_speed, hint=self.settings.first_run_hint)
        #: the user closed the first-run hint, now or in an earlier run (kept in the remembered state)
        self.hint_seen = folders is not None and not self.settings.kiosk and Remembered.read(folders.state).hint_seen
        self.drag: Drag | None = None
        #: what the banner over the scene says (see :attr:`banner`), or None
        self.said: Said | None = None
        #: what the banner is about: "load", "stopped", "coarse", "negative", "notice", "done" (see :meth:`say`)
        self.banner_cause: str | None = None
        #: seconds of the session's clock the banner has been shown (a "done" banner fades)
        self.banner_age = 0.0
        #: a kiosk's timeout and attract loop (None outside kiosk mode)
        self.kiosk = Kiosk(self.settings.kiosk_idle_seconds, self.settings.kiosk_countdown_seconds,
                           self.settings.kiosk_attract) if self.settings.kiosk else None
        #: wall seconds since the simulation stopped on a failure (None while it is fine)
        self.stopped_for: float | None = None
        #: what a window does for the controls only it can carry out (the manual, full screen)
        self.window_actions: dict[str, Callable[[], None]] = {}
        #: what the session does for each of the other controls (a new control: a row and an entry)
        self.actions = self._action_table()
        assert set(self.actions) == {c.name for c in CONTROLS if not c.window}, "a control without its action"
        self.scheduler = StepScheduler(0.02, SPEEDS[self.view.speed_index])
        self.index = -1
        #: one folder for every export instead of the user's documents and pictures (None: those)
        self.export_dir: Path | None = None
        self.board: PlotBoard | None = None
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
                raise LoadError(str(msg("cmd.no_model_file", name=name)))
            index = self.catalog.entries.index(entry)
        order = [index] + [i for i in range(len(self.catalog.entries)) if i != index]
        problem: Said | None = None
        for i in order:
            if self.load(i):
                break
            problem = problem or self.said
        else:
            raise LoadError(problem or msg("cmd.nothing_to_open"))
        self.say(problem, "load")

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
        except (LoadError, ModelFileError, ExpressionError, EvaluationError, SimulationError) as exc:
            self.say(msg("banner.cannot_load", reason=FirstLine(exc)), "load")
            return False
        self.index, self.entry = index, entry
        self._install(*built)
        self.view.animating = False
        self.view.dialog = None
        self.view.framing = Framing()  # not chosen by the student: follows the drawing area
        self.follow_area(self.view.area)
        self.look_again()
        self.remember()
        return True

    def _build(self, path: Path) -> tuple[bytes, object, Simulation, Kinematics]:
        """Read a model file and make its simulation and kinematics (raises on a bad model)."""
        raw = read_bytes(str(path))  # as check reads it: a FIFO or a huge file is refused, not waited for
        model = load_model(path, decode(raw, str(path)))
        sim = Simulation(model)
        return raw, model, sim, sim.system.kinematics()

    def _install(self, raw: bytes, model, sim: Simulation, kinematics: Kinematics) -> None:
        #: the bytes the model was read from: "Save as model" keeps them but for the changed values
        self.raw = raw
        #: what stands for the model's text where a look ahead is kept (:mod:`game.app.session.looking`)
        self.source = looking.digest(raw)
        self.model, self.sim, self.kinematics = model, sim, kinematics
        self.watch = FileWatch(self.entry.path)
        self.trails = TrailRecorder(self.poses, kinematics.trail_ids, self.settings.trail_length,
                                    thin=not self.settings.trail_fade, poses_at=self.poses_at)
        self.force_scale = 0.0
        names = sim.sample_names()
        self.history = History(names, history_rows(len(names)))
        #: where contacts acted lately (they flash)
        self.impacts = FlashRecorder(self.poses_at)
        sim.observers += [self.trails, HistoryRecorder(self.history), self.impacts]
        if self.board is None:
            self.board = PlotBoard(sim, self.history)
        else:
            self.board.attach(sim, self.history)
        self.scheduler = StepScheduler(model.general.dt, SPEEDS[self.view.speed_index])
        self.drag = None
        self.say(None)
        self.stopped_for = None
        sim.reset()  # the observers start from the model's conditions

    def reload_if_changed(self, wall_seconds: float) -> bool:
        """A teacher saved the model on screen in an editor: it opens again (within a second),
        keeping the view (animating or not, panels, vectors, speed, zoom). A file that does not read
        keeps the last good model running, and the banner says file:line:col and why."""
        if not self.watch.changed(wall_seconds):
            return False
        try:
            built = self._build(self.entry.path)
        except (LoadError, ModelFileError, ExpressionError, EvaluationError, SimulationError) as exc:
            self.say(msg("banner.cannot_reload", reason=FirstLine(exc)), "load")
            return False
        self.view.dialog = None  # its rows were the old file's
        self._install(*built)
        self.look_again()
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
                "energy": "energy" in v.panels, "values": "values" in v.panels,
                "plots": v.plots, "ensemble": v.ensemble}.get(name, False)

    def act(self, name: str) -> None:
        """Do what a control (button or key) does, under CenM's rules. A kiosk does nothing for the
        controls it does not offer (saving files, the manual)."""
        control = BY_NAME.get(name)
        if control is None:
            raise KeyError(f"no control named {name!r}")
        if self.locked(name) or (self.settings.kiosk and not control.kiosk):
            return
        # a window control without its window is a program error, as a row without an action is
        (self.window_actions[name] if control.window else self.actions[name])()

    def _action_table(self) -> dict[str, Callable[[], object]]:
        """What each control of the table that is not the window's does: one entry per row."""
        def flip(attribute: str) -> Callable[[], None]:
            return lambda: setattr(self.view, attribute, not getattr(self.view, attribute))

        actions: dict[str, Callable[[], object]] = {
            "animate": self._animate,
            "eraser": lambda: self.trails.clear(),
            "reset": self._reset,
            "refine": self.refine,
            "parameters": lambda: self._open_dialog("parameters"),
            "conditions": lambda: self._open_dialog("conditions"),
            "vectors": flip("vectors"),
            "reactions": flip("reactions"),
            "energy": lambda: self._flip_panel("energy"),
            "values": lambda: self._flip_panel("values"),
            "edit": flip("edit_velocities"),
            "language": lambda: self.set_language("en" if language() == "es" else "es"),
            "save": self._open_save,
            "menu": flip("menu"),
            "plots": self._flip_plots,
            "ensemble": self._flip_ensemble,
            "export_csv": self.export_csv,
            "zoom_in": lambda: self.zoom(ZOOM_STEP),
            "zoom_out": lambda: self.zoom(1 / ZOOM_STEP),
            "fit": self._fit,
            **{f"speed{i}": functools.partial(self.set_speed, i) for i in range(len(SPEEDS))},
        }
        return actions

    def _animate(self) -> None:
        v = self.view
        v.animating = not v.animating
        self.scheduler.reset()
        if v.animating:
            self.say(None)
            self.look_again()

    def _reset(self) -> None:
        self.sim.reset()
        self.look_again()

    def _open_dialog(self, name: str) -> None:
        self.view.dialog, self.view.menu = name, False

    def _flip_panel(self, name: str) -> None:
        self.view.panels ^= {name}

    def set_speed(self, index: int) -> None:
        """One of the speeds ½× 1× 2× 4× (remembered for next time)."""
        self.view.speed_index = index
        self.scheduler.speed = SPEEDS[index]
        self.remember()

    def _open_save(self) -> None:
        if self.folders is not None:  # (a kiosk never gets here: act() drops what it does not offer)
            self._open_dialog("save")

    def _flip_plots(self) -> None:
        v = self.view
        v.plots = not v.plots
        if v.plots and not self.plots.plots:
            self.plots.add("energy")
            self.plots.add("phase")

    def _flip_ensemble(self) -> None:
        v = self.view
        v.ensemble = not v.ensemble
        if v.ensemble:
            self.plots.start_ensemble()
            v.plots = True
        else:
            self.plots.stop_ensemble()

    def _fit(self) -> None:
        poses = self.poses()
        box = extent(poses, [t.points() for t in self.trail_list()], self.kinematics.fixed_pivots)
        if box is not None:
            self.view.framing = fit(box, self.view.area, self.model.general.escala, least=least_box(poses))

    def choose(self, index: int) -> None:
        """A model picked in the menu: the menu closes, the model opens (or the banner says why not)."""
        self.view.menu = False
        self.load(index)

    @property
    def plots(self) -> PlotBoard:
        assert self.board is not None, "no model is open"
        return self.board

    # -- exports -------------------------------------------------------------------------------

    def export_path(self, what: str, suffix: str) -> Path:
        """A new file named in the language of the window by the model's title, what it holds ("run",
        "view", "plot", "plots") and the time, in the user's documents folder (CSV) or pictures folder
        (PNG), made if need be (a folder that cannot be made: the write that follows says why)."""
        folders = self.folders or user_folders()
        folder = self.export_dir or (folders.documents if suffix == ".csv" else folders.pictures)
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        stem = f"cenm-{ascii_name(self.title)}-{msg(f'export.{what}').text()}-{time.strftime('%Y%m%d-%H%M%S')}"
        path = folder / f"{stem}{suffix}"
        n = 2
        while path.exists():
            path = folder / f"{stem}-{n}{suffix}"
            n += 1
        return path

    def exported(self, path: Path | None, reason: str | None = None) -> None:
        """Tell in the banner where an export went (it fades), or why it could not be written (it stays)."""
        if reason is None:
            self.say(msg("banner.saved", path=str(path)), "done")
        else:
            self.say(msg("banner.not_saved", reason=reason), "notice")

    def export_csv(self) -> Path | None:
        """The run so far (the history) as CSV: the columns of ``simulate``, then the run each
        row belongs to (a new run starts at every drag, reset or change of parameters)."""
        path = self.export_path("run", ".csv")
        h = self.history
        runs = np.cumsum(h.starts())
        try:
            with open(path, "w", encoding="utf-8", newline="") as f:
                out = csv.writer(f, lineterminator="\n")
                out.writerow([*h.names, "run"])
                for row, run in zip(h.rows().tolist(), runs.tolist()):
                    out.writerow([*(repr(v) for v in row), run])
        except OSError as exc:
            self.exported(None, exc.strerror or str(exc))
            return None
        self.exported(path)
        return path

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
                self.say(msg("banner.stopped", reason=exc.said), "stopped")  # in the banner's language
                self.stopped_for = 0.0
                return k
        if steps and (self.said is None or self.banner_cause == "coarse") and self.sim.too_coarse:
            self.say(self._coarse(), "coarse")  # the figures as they are now
        return steps

    # -- the banner ----------------------------------------------------------------------------

    @property
    def banner(self) -> str | None:
        """The banner's text in the language of the interface now (None: no banner)."""
        return None if self.said is None else said(self.said, language())

    @banner.setter
    def banner(self, text: Said | None) -> None:
        self.say(text, "notice")

    def say(self, words: Said | None, cause: str | None = None) -> None:
        """Show ``words`` in the banner (None: no banner), kept unwritten so a change of language
        says them again; ``cause`` says what it is about, so a banner about a value goes away
        once the value is fixed (:meth:`look_again`), and one about something "done" fades."""
        self.said, self.banner_cause = words, (cause if words else None)
        self.banner_age = 0.0

    @property
    def banner_kind(self) -> str:
        """"done" (a file written: calm, it fades), "info" (where the manual is: calm, it stays, as
        it holds a path to read) or "problem" (red, it stays until dealt with)."""
        return self.banner_cause if self.banner_cause in ("done", "info") else "problem"

    @property
    def banner_opacity(self) -> float:
        """1 while the banner is fully shown, down to 0 as a "done" banner fades out."""
        if self.banner_kind != "done":
            return 1.0
        return max(0.0, min(1.0, (DONE_SECONDS - self.banner_age) / FADE_SECONDS))

    def _age_banner(self, wall_seconds: float) -> None:
        self.banner_age += wall_seconds
        if self.banner_kind == "done" and self.banner_age >= DONE_SECONDS:
            self.say(None)
            self.look_again()  # a warning the notice stood in front of shows again

    def look_again(self) -> None:
        """Values changed (typed, dragged, reset, a finer step): a banner about the old ones
        goes, and what is still wrong with the new ones is said."""
        if self.banner_cause in ("stopped", "coarse", "negative"):
            self.say(None)
        if self.said is not None:
            return
        sim = self.sim
        kin = self.kinematics  # (a mechanism's bars are drawn between its points: no sizes of their own)
        negative = kin.negative_sizes(sim.t, sim.q, sim.qdot)
        if negative:
            self.say(negative_size(*negative[0]), "negative")
        elif sim.too_coarse:
            self.say(self._coarse(), "coarse")

    def _coarse(self) -> Message:
        sim = self.sim
        return msg("banner.coarse", de=number(sim.de), share=f"{100 * sim.de / sim.energy_scale:.2g} %",
                   n=sim.model.general.n_substeps)

    def refine(self) -> None:
        """Twice the substeps (the step is too coarse for these conditions): the motion goes on
        from here with the finer step, within the ceilings of the system data."""
        g = self.sim.model.general
        n = min(2 * g.n_substeps, LIMITS.substeps, int(LIMITS.rate * g.dt))
        if n > g.n_substeps:
            self.sim.set_step(g.dt, n)
        self.look_again()

    # -- a kiosk left alone --------------------------------------------------------------------

    def touched(self) -> bool:
        """Input arrived. In a kiosk it answers "Still there?" or ends the attract loop (on the
        model shown); then it returns True and the input goes no further."""
        if self.kiosk is None:
            return False
        new_visitor = self.kiosk.phase == ATTRACT
        if not self.kiosk.touch():
            return False
        if new_visitor:  # what the icons do, again
            self.view.hint = self.settings.first_run_hint
        return True

    def tick(self, wall_seconds: float) -> None:
        """The session's clock, every frame: a banner about something done fades; in a kiosk, the
        countdown and the attract loop move on, and a simulation that failed starts again from its
        model's conditions after ``kiosk_heal_seconds``."""
        self._age_banner(wall_seconds)
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
        """Open a show of the attract loop: its model, its conditions, trails on, moving, and nothing
        the last visitor left (see :meth:`fresh_view`)."""
        self.fresh_view()
        v = self.view
        entry = self.catalog.find(show.model) if show.model else self.entry
        if entry is None or not self.load(self.catalog.entries.index(entry)):
            return False
        if show.conditions:
            ConditionEdits(self.sim).accept(dict(show.conditions))  # refused: the file's conditions
        v.animating = True
        # moving from its first frame, not a still picture (:mod:`game.app.kiosk.leadin`)
        lead_in(lambda: self.run(1) == 1, lambda: points(self.poses()), self.model.general.dt, self.camera()[0])
        return True

    def fresh_view(self) -> None:
        """What a kiosk shows before anyone touches it: no menu, dialog or live panel, no plots (the
        next visitor's first plots are the usual ones) and no chaos ensemble, no vectors, reactions or
        v mode, at the speed and in the language it was set up with. (The zoom goes with the model
        the show opens: a model opens framed by itself.)"""
        v = self.view
        v.menu, v.dialog, v.vectors, v.reactions, v.edit_velocities = False, None, False, False, False
        v.hint = False
        v.panels.clear()
        v.plots = v.ensemble = False
        if self.board is not None:
            self.board.reset()
        v.speed_index = self.first_speed
        self.scheduler.speed = SPEEDS[v.speed_index]
        if language() != self.settings.interface_language:
            self.set_language(self.settings.interface_language)

    @property
    def first_speed(self) -> int:
        """The index in SPEEDS of the speed the settings start with (1× if they name none of them)."""
        return SPEEDS.index(self.settings.speed) if self.settings.speed in SPEEDS else 1

    @property
    def caption(self) -> str | None:
        """The kiosk's words over the scene: the countdown, or the attract loop's invitation."""
        k = self.kiosk
        if k is None or k.phase not in (COUNTDOWN, ATTRACT):
            return None
        words = msg("kiosk.still_there", seconds=k.seconds_left) if k.phase == COUNTDOWN else msg("kiosk.touch_to_play")
        return words.text()

    # -- what is shown -------------------------------------------------------------------------

    def poses(self) -> list[Pose]:
        sim = self.sim
        return self.kinematics.poses(sim.t, sim.state.q.tolist(), sim.qdot.tolist())

    def poses_at(self, t: float, q, qdot) -> list[Pose]:
        """The poses at another state (an impact's), with the kinematics of now."""
        return self.kinematics.poses(t, q, qdot)

    def flashes(self) -> list[tuple[Flash, float]]:
        """The contacts that acted lately, each with its age as a fraction of its lifetime."""
        return self.impacts.current(self.sim.t)

    def ghosts(self) -> list:
        """Where the copies of the chaos ensemble are (arrays of poses over the copies; ghosts need
        no velocities), or nothing when no ensemble runs."""
        ensemble = self.plots.ensemble
        if not self.view.ensemble or ensemble is None:
            return []
        q = ensemble.coordinates(len(self.sim.state.q))
        return self.kinematics.poses_many(ensemble.t, q, np.zeros_like(q))

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
        if not self.sim.reaction_ids:
            return []
        forces = kin.reaction_arrows(self.sim.state, 1.0)
        self.force_scale = max(self.force_scale, max((float(np.hypot(a.dx, a.dy)) for a in forces), default=0.0))
        if self.force_scale <= 0:
            return []
        scale = 0.25 * kin.size / self.force_scale
        return [a._replace(dx=a.dx * scale, dy=a.dy * scale) for a in forces]

    def reaction_legend(self, arrows: list[ForceArrow]) -> ForceLegend | None:
        """What ``arrows`` (:meth:`reaction_arrows`) are, in words, and their scale (model units per N)."""
        kin = self.kinematics
        if not arrows or self.force_scale <= 0:
            return None
        kinds = tuple((k, msg(f"reaction.{k}").text()) for k in ("tension", "compression", "normal")
                      if any(a.kind == k for a in arrows))
        return ForceLegend(0.25 * kin.size / self.force_scale, msg("reaction.title").text(), "N", kinds)

    def readout(self, panel: str, columns: int = ENERGY_COLUMNS) -> list[str]:
        """The lines of a live panel: "energy" (the Ek and Ep expressions as written, then their
        values, E, DE, W when forces or supports do work, Eloss when contacts take energy, and the
        balance E − W − E₀ + Eloss; energies within round-off of the run's energy scale show as 0; a
        warning when the step is too coarse) or "values" (q and q̇, then a mechanism's reactions λ_ID,
        the model's measures, and λ while the chaos control is on)."""
        sim = self.sim
        if panel == "values":  # each kind of value rounded on its own scale; angles without their turns
            turns = angle_coordinates(self.model)
            coordinates = [(k, wrapped(v) if k in turns else v) for k, v in zip(self.model.coordinates, sim.q)]
            measures = [line for m in zip(sim.measures.names, sim.measures.of(sim)) for line in value_lines([m])]
            chaos = [f"{k} = {number(v)}" for k, v in self.plots.readout(language())]
            return [*value_lines(coordinates), *value_lines(zip(self.model.velocities, sim.qdot)),
                    *value_lines(sim.reactions().items()), *measures, *chaos]
        ek, ep = sim.energies
        scale = sim.energy_scale
        lines = [*energy_lines(self.model, columns), f"Ek = {number(ek, scale)}", f"Ep = {number(ep, scale)}",
                 f"E = Ek + Ep = {number(ek + ep, scale)}", f"DE = {number(sim.de, scale)}"]
        if sim.does_work:
            lines.append(f"W = {number(sim.work, scale)}")
        if sim.has_contacts:
            lines.append(f"Eloss = {number(sim.losses, scale)}")
        if sim.does_work or sim.has_contacts:
            terms = "E" + " − W" * sim.does_work + " − E₀" + " + Eloss" * sim.has_contacts
            lines.append(f"{terms} = {number(sim.balance, scale)}")
        if sim.too_coarse:
            lines.append(msg("panel.coarse").text())
        return lines

    def expression_lines(self, panel: str, columns: int = ENERGY_COLUMNS) -> int:
        """How many of a live panel's first lines are expressions (shown in the expression font)."""
        return len(energy_lines(self.model, columns)) if panel == "energy" else len(self.readout(panel))

    @property
    def editing(self) -> bool:
        """Bodies and arrows can be grabbed: paused, with no dialog or menu open."""
        return not (self.view.animating or self.view.dialog or self.view.menu)

    # -- the view: zoom, pan, fit (model units) -----------------------------------------------------

    def follow_area(self, size: tuple[int, int]) -> None:
        """The drawing area is now ``size`` pixels (a resize, a panel opened or closed): a framing
        the student has not chosen follows it (see :func:`game.app.session.framing.automatic`), made for
        the motion — the bodies now, their trails and where they go next — not for this instant's
        pose alone (a pendulum mid-swing would swing out of it)."""
        v = self.view
        v.area = (max(1, size[0]), max(1, size[1]))
        if self.index >= 0 and not v.framing.manual:
            g = self.model.general
            poses = self.poses()
            seen, whole = self.look_ahead()
            motion = union([b for b in (extent(poses, [t.points() for t in self.trail_list()]), seen) if b is not None])
            # what a look cut short did not see: room to swing about the fixed pivots, as before it
            unseen = None if whole else reach(poses, self.kinematics.fixed_pivots)
            v.framing = automatic(Framing.of_model(g.escala, g.ox, g.oy), v.area, g.escala, motion,
                                  self.kinematics.motion_bounds(), least_box(poses), unseen, fill=self.settings.kiosk)

    def look_ahead(self) -> tuple[Box | None, bool]:
        """Where the bodies go over the next seconds from the present state, and whether the look
        saw all of it (:func:`game.app.session.looking.look_ahead`)."""
        return looking.look_ahead(self.source, self.sim, self.kinematics)

    def camera(self) -> tuple[float, float, float]:
        """``(escala, ox, oy)`` of the camera that shows the current framing."""
        return self.view.framing.camera(self.model.general.escala)

    def zoom(self, factor: float, at: tuple[float, float] | None = None) -> None:
        """Zoom by ``factor`` about the model point ``at`` (the cursor; default the centre)."""
        self.view.framing = self.view.framing.zoomed(factor, at)

    def pan(self, dx_px: float, dy_px: float) -> None:
        """Move the view with the mouse by (``dx_px``, ``dy_px``) pixels."""
        self.view.framing = self.view.framing.panned(dx_px, dy_px, self.model.general.escala)

    # -- dragging (model units) ----------------------------------------------------------------

    def grab(self, gid: str, point: tuple[float, float], velocities: bool = False) -> None:
        """Start dragging the body ``gid`` grabbed at ``point`` (x mode), or its velocity arrow (v mode)."""
        if not self.editing or self.refused_by_motors(gid) or gid not in self.kinematics.handles:
            return
        handle = self.kinematics.handle_point(gid, self.sim.t, self.sim.q)
        offset = np.zeros(2) if velocities else handle - np.asarray(point, dtype=float)
        self.drag = Drag(gid, velocities, offset)

    def refused_by_motors(self, gid: str) -> bool:
        """Is body ``gid`` moved by a mechanism's motors alone? Then a drag is refused, and the
        banner says which motor holds it."""
        kin = self.kinematics
        motors = kin.held_by_motors(gid, self.sim.t, self.sim.q)
        if len(motors) == 1:
            (motor,) = motors
            self.say(msg("banner.motor_drives", body=gid, motor=motor.id, p1=motor.points[0], p2=motor.points[1]),
                     "notice")
        elif motors:
            self.say(msg("banner.motors_drive", body=gid, motors=", ".join(f"'{m.id}'" for m in motors)), "notice")
        return bool(motors)

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
                q = kin.drag_position(d.id, mouse + d.offset, sim.t, sim.q)
                q = sim.system.stop_at(sim.t, sim.q, q)  # a body dragged into a wall stops at the wall
                sim.set_conditions(q, sim.qdot)
        except ArithmeticError:  # SimulationError included
            return

    def release(self, point: tuple[float, float] | None = None) -> None:
        if point is not None:
            self.drag_to(point)
        self.drag = None
        self.look_again()

    # -- the dialogs ---------------------------------------------------------------------------

    def parameter_edits(self) -> ParameterEdits:
        return ParameterEdits(self.sim)

    def condition_edits(self) -> ConditionEdits:
        return ConditionEdits(self.sim)

    def apply_parameters(self, changes: dict[str, str]) -> str | None:
        """New parameter values (texts); None when applied, else why not (nothing changes)."""
        reason = ParameterEdits(self.sim).accept(changes)
        if reason is None:
            self.kinematics = self.sim.system.kinematics()
            self.force_scale = 0.0
            self.plots.follow_parameters()
            self.sim.announce_break()  # trails restart where the bodies now are
            self.scheduler.dt = self.sim.model.general.dt
            self.view.dialog = None
            self.look_again()
        return reason

    def apply_conditions(self, changes: dict[str, str]) -> str | None:
        """New conditions (texts); None when applied, else why not (nothing changes)."""
        reason = ConditionEdits(self.sim).accept(changes)
        if reason is None:
            self.view.dialog = None
            self.look_again()
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

    def save_path(self, name: str) -> Path | None:
        """The file "Save as model" would write for ``name`` (None: no user folder)."""
        return self.folders.models / f"{name.strip()}.dat" if self.folders else None

    def save_dialog(self, name: str, overwrite: bool) -> str | None:
        """What the "Save as model" dialog hears: None when it is done — saved (the banner says
        where, and fades) or refused because the file could not be read back (the banner says why;
        nothing is written and every value stays as it is on screen) —, "exists" (it asks before
        replacing), or why not, in words."""
        try:
            saved = self.save_as(name, overwrite)
        except OSError as exc:  # a full or read-only disk: say so, lose nothing
            return msg("save.failed", reason=exc.strerror or str(exc)).text()
        if saved.path is not None:
            self.say(msg("banner.model_saved", path=str(saved.path)), "done")
            return None
        if saved.refusal is not None:
            where = saved.refusal.location
            self.say(msg("banner.save_unreadable", line=where.line, column=where.column, reason=saved.refusal.reason),
                     "notice")
            return None
        if saved.problem == "exists":
            return saved.problem
        words = {"name": "save.bad_name", "mechanism": "save.mechanism"}.get(saved.problem or "")
        return msg(words).text() if words else saved.problem

    def remember(self) -> None:
        """A desktop remembers its model, language and speed for the next run (a kiosk does not)."""
        if not self.remembers or self.folders is None or self.settings.kiosk or self.index < 0:
            return
        model = self.entry.stem if self.catalog.find(self.entry.stem) is self.entry else str(self.entry.path)
        Remembered(model, language(), SPEEDS[self.view.speed_index],
                   hint_seen=self.hint_seen).write(self.folders.state)

    def close_hint(self) -> None:
        """The first-run hint is closed: a desktop does not show it again (a kiosk, to its next visitor)."""
        self.view.hint = False
        self.hint_seen = True
        self.remember()

    def set_language(self, language: str) -> None:
        """Every word of the interface, the model titles and descriptions, and the messages about
        models (the banner, said again from what it was made of; a refused value), in ``language``."""
        set_language(language)
        self.remember()

    @property
    def title(self) -> str:
        """The model's title in the language of the interface."""
        return self.entry.title_in(language())
