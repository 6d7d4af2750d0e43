"""The program without its window: the model on screen, its simulation, what the
student sees and can do (SPEC §2, §8). No pygame here.

A :class:`Session` opens a model of the catalog and ties together the parts that
do the rest, one job each: what is shown (:attr:`~Session.showing`), what each
control does (:attr:`~Session.actions`, behind ``act(name)``), the banner, the
clock (``advance``), dragging in model units, the live panels' text
(:attr:`~Session.readout`), exports, a kiosk's show, the dialogs, the user's
files and the camera (:attr:`~Session.framer`). The window is a thin loop that
turns pygame events into calls on these and paints what they show, so the whole
behaviour is testable with plain pytest.
"""

from __future__ import annotations

from pathlib import Path

from ...messages import language, msg, set_language
from ...model import Catalog, ModelFile
from ...physics import Kinematics, Simulation
from ...physics.observe.records import FlashRecorder, History, HistoryRecorder, TrailRecorder
from ..files.saving import mine
from ..files.settings import Settings
from ..files.userdirs import UserFolders
from ..files.watch import FileWatch
from . import looking
from .actions import Actions
from .actionview import ActionView
from .banner import Banner, FirstLine, Said
from .buildmode import BuildMode
from .clock import Clock, first_speed
from .dialogs import Dialogs
from .dragging import Dragging
from .exports import Exports
from .framer import Framer
from .framing import Framing
from .kiosk import KioskShow
from .measuring import Measuring
from .modes import Modes
from .onscreen import UNREADABLE, Built, LoadError, View, build
from .plotting import PlotBoard
from .readout import Readout, negative_size
from .showing import Showing
from .user_files import UserFiles

#: rows kept in the history of a run (about 50 minutes at dt = 0.02) ...
HISTORY_ROWS = 150_000
#: ... or fewer, so a model with many columns (a mechanism's points and reactions) keeps it
#: within this many bytes: a kiosk that shows it all day must not hold a hundred megabytes
HISTORY_BYTES = 16_000_000


def history_rows(columns: int) -> int:
    """How many rows the history of a model with ``columns`` sample columns keeps."""
    return max(1_000, min(HISTORY_ROWS, HISTORY_BYTES // (8 * columns + 1)))


class Session:
    def __init__(self, catalog: Catalog, settings: Settings | None = None, folders: UserFolders | None = None,
                 remembers: bool = False):
        self.settings = settings = settings or Settings()
        #: the user's folders (saved models, remembered state); None: no user files at all
        self.folders = folders
        self.catalog = Catalog(catalog.path, catalog.entries + mine(*folders.model_folders())) if folders else catalog
        self.view = View(speed_index=first_speed(settings), hint=settings.first_run_hint)
        self.banner = Banner()
        self.index = -1
        self.board: PlotBoard | None = None
        # the parts, each given the session and the parts it needs
        self.user_files, self.modes, self.action = UserFiles(self, remembers), Modes(self), ActionView(self)
        self.showing = Showing(self, self.modes)
        self.framer, self.dragging = Framer(self, self.showing), Dragging(self)
        self.clock = Clock(self, self.dragging, self.user_files)
        self.readout, self.measuring, self.building = Readout(self), Measuring(self, self.modes), BuildMode(self, self.framer)
        self.exports = Exports(self, self.measuring)
        self.dialogs = Dialogs(self, self.showing, self.clock, self.framer)
        self.kiosk = KioskShow(self, self.clock, self.framer, self.showing, self.dragging, self.dialogs)
        self.actions = Actions(self, self.clock, self.framer, self.dialogs, self.exports, self.modes, self.action,
                               self.building)

    # -- opening models ------------------------------------------------------------------------

    def open(self, name: str | None = None) -> None:
        """Open ``name`` (a catalog stem or title, or a .dat path) or the first model. A broken
        model never keeps the program from starting: the next one that works opens, and the
        banner names what failed. Raises :class:`LoadError` if none can be opened."""
        index = 0
        if name is not None:
            entry = self.catalog.find(name)
            if entry is None and Path(name).suffix == ".dat" and Path(name).is_file():
                entry = self.user_files.add_file(Path(name))
            if entry is None:
                raise LoadError(str(msg("cmd.no_model_file", name=name)))
            index = self.catalog.entries.index(entry)
        order = [index] + [i for i in range(len(self.catalog.entries)) if i != index]
        problem: Said | None = None
        for i in order:
            if self.load(i):
                break
            problem = problem or self.banner.said
        else:
            raise LoadError(problem or msg("cmd.nothing_to_open"))
        self.banner.say(problem, "load")

    def load(self, index: int) -> bool:
        """Open a model of the catalog; on failure keep the current one and say why in the banner."""
        entry = self.catalog.entries[index]
        try:
            built = build(entry.path)
        except UNREADABLE as exc:
            self.banner.say(msg("banner.cannot_load", reason=FirstLine(exc)), "load")
            return False
        self.dialogs.close()  # as Cancel closes it, before the new records start (they would begin from its preview)
        self.index, self.entry = index, entry
        self.install(built)
        self.view.animating = False
        self.view.framing = Framing()  # not chosen by the student: follows the drawing area
        self.framer.follow_area(self.view.area)
        self.look_again()
        self.user_files.remember()
        return True

    def install(self, built: Built, again: bool = False) -> None:
        """The model ``built`` on screen, its records observing it from its conditions (``again``: reread)."""
        raw, model, sim, kinematics = built
        #: the bytes the model was read from: "Save as model" keeps them but for the changed values
        self.raw = raw
        #: what stands for the model's text where a look ahead is kept (:mod:`game.app.session.looking`)
        self.source = looking.digest(raw)
        self.model: ModelFile = model
        self.sim: Simulation = sim
        self.kinematics: Kinematics = kinematics
        self.user_files.watch = FileWatch(self.entry.path)
        self.trails = TrailRecorder(self.showing.poses, kinematics.trail_ids, self.settings.trail_length,
                                    thin=not self.settings.trail_fade, poses_at=self.showing.poses_at)
        self.showing.force_scale = 0.0
        names = sim.sample_names()
        self.history = History(names, history_rows(len(names)))
        #: where contacts acted lately (they flash)
        self.impacts = FlashRecorder(self.showing.poses_at)
        sim.observers += [self.trails, HistoryRecorder(self.history), self.impacts, self.modes, self.action,
                          self.measuring]
        if self.board is None:
            self.board = PlotBoard(sim, self.history)
        else:
            self.board.attach(sim, self.history, again)
        self.clock.follow(model.general.dt)
        self.dragging.drag = None
        self.banner.say(None)
        sim.reset()  # the observers start from the model's conditions

    @property
    def plots(self) -> PlotBoard:
        assert self.board is not None, "no model is open"
        return self.board

    @property
    def title(self) -> str:
        """The model's title in the language of the interface."""
        return self.entry.title_in(language())

    # -- what ties the parts together ----------------------------------------------------------

    def act(self, name: str) -> None:
        """Do what a control (button or key) does (:meth:`game.app.session.actions.Actions.act`)."""
        self.actions.act(name)

    def tick(self, wall_seconds: float) -> None:
        """The session's clock, every frame: a banner about something done fades; in a kiosk, the
        countdown and the attract loop move on, and a simulation that failed starts again from its
        model's conditions after ``kiosk_heal_seconds``."""
        if self.banner.ages(wall_seconds):
            self.look_again()  # a warning the notice stood in front of shows again
        self.kiosk.tick(wall_seconds)

    def look_again(self) -> None:
        """Values changed (typed, dragged, reset, a finer step): a banner about the old ones
        goes, and what is still wrong with the new ones is said."""
        banner = self.banner
        banner.values_changed()
        if banner.said is not None:
            return
        sim = self.sim
        # (a mechanism's bars are drawn between its points: no sizes of their own)
        negative = self.kinematics.negative_sizes(sim.t, sim.q, sim.qdot)
        if negative:
            banner.say(negative_size(*negative[0]), "negative")
        elif sim.too_coarse:
            banner.say(self.clock.coarse(), "coarse")

    def set_language(self, language: str) -> None:
        """Every word of the interface, the model titles and descriptions, and the messages about
        models (the banner, said again from what it was made of; a refused value), in ``language``."""
        set_language(language)
        self.user_files.remember()
