"""The dialogs over the scene: the Parameters and Conditions panels (what a typed value does once
accepted: :mod:`game.app.session.edits` says what it means) and "Save as model", which writes the
present values as a new model in the user's folder. No pygame here."""

from __future__ import annotations

from pathlib import Path

from ...messages import msg
from ...model import Catalog, CatalogEntry
from ..files.saving import Saved, free_name, mine, mine_entry, proposed_name, save
from .clock import Clock
from .edits import REFUSED, ConditionEdits, ParameterEdits, refusal
from .framer import Framer
from .onscreen import OnScreen
from .showing import Showing


class Dialogs:
    def __init__(self, session: OnScreen, showing: Showing, clock: Clock, framer: Framer):
        self.session, self.showing, self.clock, self.framer = session, showing, clock, framer

    def open(self, name: str) -> None:
        """Open the dialog ``name`` ("parameters", "conditions", "save"); the menu closes."""
        view = self.session.view
        view.dialog, view.menu = name, False
        self.showing.preview = None
        self.framer.preview_ended(applied=True)  # one a model opened over it closed: its framing stays

    def open_save(self) -> None:
        """"Save as model" opens where there is a user folder to save in (a kiosk never asks: the
        session drops what a kiosk does not offer)."""
        if self.session.folders is not None:
            self.open("save")

    def close(self, applied: bool = False) -> None:
        """The dialog closes (``applied``: its values were accepted); a preview's framing with it."""
        self.session.view.dialog = None
        self.showing.preview = None
        self.framer.preview_ended(applied)

    def preview(self, which: str, changes: dict[str, str]) -> tuple[dict[str, float], str | None]:
        """The scene shows the model with these texts of the open panel ("parameters" or
        "conditions") while the simulation keeps its own until Accept (Cancel: as it was). Every
        value of the panel's rows (none if a text has none), and why the model cannot be drawn so
        (a mechanism that cannot be assembled: the last preview stays), or None."""
        s = self.session
        edits = ParameterEdits(s.sim) if which == "parameters" else ConditionEdits(s.sim)
        values: dict[str, float] = {}
        try:
            values = edits.preview_values(changes)
            if isinstance(edits, ParameterEdits):
                kinematics, q, qdot = edits.preview(values)
            else:
                (q, qdot), kinematics = edits.preview(values), s.kinematics
        except REFUSED as exc:
            return values, refusal(exc)
        except ValueError as exc:
            return values, str(exc)
        self.showing.preview = kinematics.poses(s.sim.t, q.tolist(), qdot.tolist())
        self.framer.keep_in_view(self.showing.preview)  # not under the panel, nor off the screen
        return values, None

    def parameter_edits(self) -> ParameterEdits:
        return ParameterEdits(self.session.sim)

    def condition_edits(self) -> ConditionEdits:
        return ConditionEdits(self.session.sim)

    def apply_parameters(self, changes: dict[str, str]) -> str | None:
        """New parameter values (texts); None when applied, else why not (nothing changes)."""
        s = self.session
        reason = ParameterEdits(s.sim).accept(changes)
        if reason is None:
            s.kinematics = s.sim.system.kinematics()
            self.showing.force_scale = 0.0
            s.plots.follow_parameters()
            s.sim.announce_break()  # trails restart where the bodies now are
            self.clock.scheduler.dt = s.sim.model.general.dt
            self.close(applied=True)
            s.look_again()
        return reason

    def apply_conditions(self, changes: dict[str, str]) -> str | None:
        """New conditions (texts); None when applied, else why not (nothing changes)."""
        reason = ConditionEdits(self.session.sim).accept(changes)
        if reason is None:
            self.close(applied=True)
            self.session.look_again()
        return reason

    # -- "Save as model" ----------------------------------------------------------------------------

    def suggested_name(self) -> str:
        """What "Save as model" offers as the new model's name: its title in the window's language
        (a student saving in English sees "Double pendulum 2"), one not used yet."""
        s = self.session
        title = proposed_name(s.title)
        return free_name(s.folders.models, title) if s.folders else title

    def save_as(self, name: str, overwrite: bool = False) -> Saved:
        """Write the present parameters and conditions as a new model in the user's folder
        ("Mis modelos"), never over an existing file unless ``overwrite``; it is in the menu at once."""
        s = self.session
        if s.folders is None or s.settings.kiosk:
            return Saved(problem="disabled")
        saved = save(s.folders.models, name, s.raw, s.sim, overwrite)
        if saved.path is not None:
            entries = [e for e in s.catalog.entries if e.path != saved.path]
            current = self._listed()
            s.catalog = Catalog(s.catalog.path, (*entries, mine_entry(saved.path)))
            paths = [e.path for e in s.catalog.entries]
            if current is not None and current.path in paths:
                s.index = paths.index(current.path)
        return saved

    def _listed(self) -> CatalogEntry | None:
        """The menu's entry the session stands on (a drawing run from the builder is on screen
        without being listed: the entry it was built from stays the one marked)."""
        s = self.session
        return s.catalog.entries[s.index] if 0 <= s.index < len(s.catalog.entries) else None

    def look_for_models(self) -> None:
        """My models as the folders have them now (the menu opens): a model copied in while the
        program ran is offered, one deleted is not."""
        s = self.session
        if s.folders is None:
            return
        current = self._listed()
        kept = [e for e in s.catalog.entries if e.group != "mine" or e is current]
        found = [e for e in mine(*s.folders.model_folders()) if current is None or e.path != current.path]
        s.catalog = Catalog(s.catalog.path, (*kept, *found))
        if current is not None:
            s.index = s.catalog.entries.index(current)

    def save_path(self, name: str) -> Path | None:
        """The file "Save as model" would write for ``name`` (None: no user folder)."""
        folders = self.session.folders
        return folders.models / f"{name.strip()}.dat" if folders else None

    def save_dialog(self, name: str, overwrite: bool) -> str | None:
        """What the "Save as model" dialog hears: None when it is done — saved (the banner says
        where, and fades) or refused because the file could not be read back (the banner says why;
        nothing is written and every value stays as it is on screen) —, "exists" (it asks before
        replacing), or why not, in words."""
        banner = self.session.banner
        try:
            saved = self.save_as(name, overwrite)
        except OSError as exc:  # a full or read-only disk: say so, lose nothing
            return msg("save.failed", reason=exc.strerror or str(exc)).text()
        if saved.path is not None:
            banner.say(msg("banner.model_saved", path=str(saved.path)), "done")
            return None
        if saved.refusal is not None:
            where = saved.refusal.location
            banner.say(msg("banner.save_unreadable", line=where.line, column=where.column,
                           reason=saved.refusal.reason), "notice")
            return None
        if saved.problem == "exists":
            return saved.problem
        words = {"name": "save.bad_name", "mechanism": "save.mechanism"}.get(saved.problem or "")
        return msg(words).text() if words else saved.problem
