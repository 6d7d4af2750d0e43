"""What each control does: one entry per row of the command table (:mod:`game.app.session.controls`)
that is not the window's, CenM's locking rule, and a model chosen in the menu. The window adds
what only it can do (the manual, full screen, PNGs) to :attr:`Actions.window`. No pygame here."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from ...messages import language, msg
from ..files.settings import SPEEDS
from .actionview import ActionView
from .buildmode import BuildMode
from .clock import Clock
from .controls import BY_NAME, CONTROLS
from .dialogs import Dialogs
from .exports import Exports
from .framer import Framer
from .framing import ZOOM_STEP
from .modes import Modes
from .onscreen import OnScreen

#: the groups of the catalog the menu shows on a page of their own, reached by a link on its first
#: page (the seed's exercises would leave too little room for whole titles in an 800 × 600 window)
PAGED = ("exercises",)


@dataclass(frozen=True)
class MenuRow:
    """A button of the menu: a model's title, or a link to another page."""

    title: str
    #: the model's place in the catalog, or the page (a group, "" the first) a link turns to
    target: int | str
    #: the heading shown above it, where a group starts
    heading: str | None = None


#: the controls that act while the drawing is shown (the others are the model's)
WHILE_BUILDING = {"build", "menu", "language", "zoom_in", "zoom_out", "fit", "docs", "fullscreen", "export_png"}


class Actions:
    def __init__(self, session: OnScreen, clock: Clock, framer: Framer, dialogs: Dialogs, exports: Exports,
                 modes: Modes, action: ActionView, building: BuildMode):
        self.session, self.clock, self.framer, self.dialogs, self.exports = session, clock, framer, dialogs, exports
        self.modes, self.action, self.building = modes, action, building
        #: what a window does for the controls only it can carry out (the manual, full screen)
        self.window: dict[str, Callable[[], None]] = {}
        #: what the session does for each of the other controls (a new control: a row and an entry)
        self.table = self._table()
        assert set(self.table) == {c.name for c in CONTROLS if not c.window}, "a control without its action"

    def _table(self) -> dict[str, Callable[[], object]]:
        s, dialogs = self.session, self.dialogs

        def flip(attribute: str) -> Callable[[], None]:
            return lambda: setattr(s.view, attribute, not getattr(s.view, attribute))

        return {
            "animate": self.animate,
            "eraser": lambda: s.trails.clear(),
            "reset": self.reset,
            "refine": self.clock.refine,
            "parameters": lambda: dialogs.open("parameters"),
            "conditions": lambda: dialogs.open("conditions"),
            "vectors": flip("vectors"),
            "reactions": flip("reactions"),
            "energy": lambda: self.flip_panel("energy"),
            "values": lambda: self.flip_panel("values"),
            "edit": flip("edit_velocities"),
            "language": lambda: s.set_language("en" if language() == "es" else "es"),
            "save": dialogs.open_save,
            "menu": self.flip_menu,
            "plots": self.flip_plots,
            "ensemble": self.flip_ensemble,
            "modes": self.modes.flip,
            "action": self.action.flip,
            "measure": flip("measuring"),
            "build": self.building.flip,
            "export_csv": self.exports.write_csv,
            "zoom_in": lambda: self.framer.zoom(ZOOM_STEP),
            "zoom_out": lambda: self.framer.zoom(1 / ZOOM_STEP),
            "fit": self.framer.fit,
            **{f"speed{i}": functools.partial(self.clock.set_speed, i) for i in range(len(SPEEDS))},
        }

    def locked(self, name: str) -> bool:
        """Inactive now: CenM locks Eraser, Reset, Parameters, Conditions and the edit mode while animating."""
        control = BY_NAME.get(name)
        if name == "reactions" and not self.session.sim.reaction_ids:
            return True  # only a mechanism's constraints have reactions
        if self.session.view.building and name not in WHILE_BUILDING:
            return True  # the model is not on screen: the drawing is
        return bool(control and control.locked_while_animating and self.session.view.animating)

    def act(self, name: str) -> None:
        """Do what a control (button or key) does, under CenM's rules. A kiosk does nothing for the
        controls it does not offer (saving files, the manual)."""
        control = BY_NAME.get(name)
        if control is None:
            raise KeyError(f"no control named {name!r}")
        if self.locked(name) or (self.session.settings.kiosk and not control.kiosk):
            return
        # a window control without its window is a program error, as a row without an action is
        (self.window[name] if control.window else self.table[name])()

    def animate(self) -> None:
        v = self.session.view
        v.animating = not v.animating
        self.clock.scheduler.reset()
        if v.animating:
            self.session.banner.say(None)
            self.session.look_again()

    def reset(self) -> None:
        self.session.sim.reset()
        self.session.look_again()

    def flip_panel(self, name: str) -> None:
        self.session.view.panels ^= {name}

    def flip_plots(self) -> None:
        s = self.session
        s.view.plots = not s.view.plots
        if s.view.plots and not s.plots.plots:
            s.plots.add("energy")
            s.plots.add("phase")

    def flip_ensemble(self) -> None:
        s = self.session
        s.view.ensemble = not s.view.ensemble
        if s.view.ensemble:
            s.plots.start_ensemble()
            s.view.plots = True
        else:
            s.plots.stop_ensemble()

    def flip_menu(self) -> None:
        """The models menu opens with My models as the folder has them now, on the page of the model
        on screen, or closes."""
        s = self.session
        if not s.view.menu:
            self.dialogs.look_for_models()
            group = s.entry.group if s.index >= 0 else ""
            s.view.menu_page = group if group in PAGED else ""
        s.view.menu = not s.view.menu

    def menu_rows(self) -> list[MenuRow]:
        """The buttons of the menu's page, in the catalog's order and the session's language: on
        the first page the models of models.xml, a link where each paged group would start, and
        the user's own under "Mis modelos"; on a group's page a link back, then its models under
        its heading."""
        s, page = self.session, self.session.view.menu_page
        rows: list[MenuRow] = []
        if page:
            rows.append(MenuRow(msg("menu.back").text(), ""))
        previous = None
        for i, e in enumerate(s.catalog.entries):
            starts = e.group != previous
            previous = e.group
            if e.group in PAGED and e.group != page:
                if starts and not page:
                    rows.append(MenuRow(msg(f"menu.more.{e.group}").text(), e.group))
                continue
            if page and e.group != page:
                continue
            heading = msg(f"menu.{e.group}").text() if starts and e.group else None
            rows.append(MenuRow(e.title_in(language()), i, heading))
        return rows

    def choose(self, target: int | str) -> None:
        """A button of the menu: a link turns its page; a model picked: the menu closes, the model
        opens (or the banner says why not)."""
        if isinstance(target, str):
            self.session.view.menu_page = target
            return
        index = target
        self.session.view.menu = False
        if self.session.load(index):
            self.session.view.building = False  # the model chosen, not the drawing (kept for B)
