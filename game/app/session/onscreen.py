"""What every part of the session sees: the view the student has switched on, and the model on
screen with its simulation, kinematics, records and banner (:class:`OnScreen`, which the
:class:`~game.app.session.session.Session` is). No pygame here.

The parts (showing, clock, dragging, dialogs ...) are given the session typed as :class:`OnScreen`
and, where they need one, another part: so no part imports the session, and the session imports
them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ...expr import EvaluationError, ExpressionError
from ...model import Catalog, CatalogEntry, ModelFile, ModelFileError, load_model
from ...model.reader import decode, read_bytes
from ...physics import Kinematics, Simulation, SimulationError
from ...physics.observe.records import FlashRecorder, History, TrailRecorder
from ..files.settings import Settings
from ..files.userdirs import UserFolders
from .banner import Banner
from .framing import Framing
from .plotting import PlotBoard

#: a model read and made ready to run: its bytes, the model, its simulation and kinematics
Built = tuple[bytes, ModelFile, Simulation, Kinematics]


class LoadError(Exception):
    """A model that cannot be opened; the message says which file and why."""


#: what reading a model and making it ready may raise: the model cannot be opened, and the banner says why
UNREADABLE = (LoadError, ModelFileError, ExpressionError, EvaluationError, SimulationError)


def build(path: Path) -> Built:
    """Read a model file and make its simulation and kinematics (raises one of :data:`UNREADABLE`)."""
    raw = read_bytes(str(path))  # as check reads it: a FIFO or a huge file is refused, not waited for
    model = load_model(path, decode(raw, str(path)))
    sim = Simulation(model)
    return raw, model, sim, sim.system.kinematics()


@dataclass
class View:
    """What the student has switched on (the rest of the screen follows from the model)."""

    animating: bool = False
    vectors: bool = False
    #: a mechanism's reactions drawn as arrows
    reactions: bool = False
    #: their legend folded to its title (a click or a tap on it folds and unfolds it)
    legend_folded: bool = False
    #: edit mode: False = x (drag bodies), True = v (drag velocity arrows)
    edit_velocities: bool = False
    speed_index: int = 1
    #: live panels open: "energy", "values"
    panels: set[str] = field(default_factory=set)
    #: the dialog open: "parameters", "conditions" or None (while one is open, other controls hide)
    dialog: str | None = None
    menu: bool = False
    #: the menu's page: "" the models of models.xml (and My models), or a group that has a page of
    #: its own ("exercises", :data:`game.app.session.actions.PAGED`)
    menu_page: str = ""
    #: the dock of plots at the side of the drawing area is open
    plots: bool = False
    #: the chaos control: an ensemble of perturbed copies (ghosts), their spread, Lyapunov
    ensemble: bool = False
    #: the modes panel: the equilibria listed, one chosen, its modes started, the linear prediction a ghost
    modes: bool = False
    #: the Action view: the path of the last seconds, dragged and relaxed, its action live
    action: bool = False
    #: the tray of measuring tools, and the tools dropped on the scene, are shown
    measuring: bool = False
    #: the builder's drawing is shown instead of the model, and its tool strip
    building: bool = False
    #: what part of the model plane the drawing area shows (zoom, pan, fit)
    framing: Framing = field(default_factory=Framing)
    #: pixels of the drawing area (the window says; the framing is fitted to it)
    area: tuple[int, int] = (1280, 608)
    #: the first-run hint of what the icons do is shown
    hint: bool = False


class Closing(Protocol):
    """The dialogs as the other parts see them (:class:`game.app.session.dialogs.Dialogs`)."""

    def close(self, applied: bool = False) -> None: ...


class OnScreen(Protocol):
    """The session as its parts see it."""

    settings: Settings
    #: the user's folders (saved models, remembered state); None: no user files at all
    folders: UserFolders | None
    view: View
    banner: Banner
    catalog: Catalog
    #: the model on screen: its place in the catalog (-1 before the first), entry and bytes
    index: int
    entry: CatalogEntry
    raw: bytes
    source: bytes
    model: ModelFile
    sim: Simulation
    kinematics: Kinematics
    trails: TrailRecorder
    history: History
    impacts: FlashRecorder
    #: the plots and what feeds them (None before the first model)
    board: PlotBoard | None

    @property
    def plots(self) -> PlotBoard: ...

    @property
    def dialogs(self) -> Closing:
        """The open dialog closes through them, as its Cancel closes it."""
        ...

    @property
    def title(self) -> str: ...

    def load(self, index: int) -> bool: ...

    def install(self, built: Built, again: bool = False) -> None: ...

    def look_again(self) -> None: ...

    def set_language(self, language: str) -> None: ...

