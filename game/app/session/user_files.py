"""The user's own files as the session sees them: a teacher's model opened by its path, the state
a desktop remembers for its next run (model, language, speed, the first-run hint seen), and the
model on screen opened again when an editor saves it. No pygame here."""

from __future__ import annotations

from pathlib import Path

from ...expr import Location
from ...messages import language, msg
from ...model import Catalog, CatalogEntry
from ..files.saving import Remembered
from ..files.settings import SPEEDS
from ..files.watch import FileWatch
from .banner import FirstLine
from .onscreen import UNREADABLE, OnScreen, build


class UserFiles:
    def __init__(self, session: OnScreen, remembers: bool = False):
        self.session = session
        #: a user's own session (the window opened by ``cenm``): only it writes the remembered state, never
        #: a headless command that borrows the window (``screenshot``, ``bench --frames``)
        self.remembers = remembers
        folders, settings = session.folders, session.settings
        #: the user closed the first-run hint, now or in an earlier run (kept in the remembered state)
        self.hint_seen = folders is not None and not settings.kiosk and Remembered.read(folders.state).hint_seen
        #: the file of the model on screen, watched for an editor's save (None before the first model)
        self.watch: FileWatch | None = None

    def add_file(self, path: Path) -> CatalogEntry:
        """A teacher's own file, not (yet) in models.xml: offered in the menu too."""
        entry = CatalogEntry(path.name, path.stem, path, Location(str(path)))
        catalog = self.session.catalog
        self.session.catalog = Catalog(catalog.path, (*catalog.entries, entry))
        return entry

    def remember(self) -> None:
        """A desktop remembers its model, language and speed for the next run (a kiosk does not)."""
        s = self.session
        if not self.remembers or s.folders is None or s.settings.kiosk or s.index < 0:
            return
        model = s.entry.stem if s.catalog.find(s.entry.stem) is s.entry else str(s.entry.path)
        Remembered(model, language(), SPEEDS[s.view.speed_index], hint_seen=self.hint_seen).write(s.folders.state)

    def close_hint(self) -> None:
        """The first-run hint is closed: a desktop does not show it again (a kiosk, to its next visitor)."""
        self.session.view.hint = False
        self.hint_seen = True
        self.remember()

    def reload_if_changed(self, wall_seconds: float) -> bool:
        """A teacher saved the model on screen in an editor: it opens again (within a second),
        keeping the view (animating or not, panels, vectors, speed, zoom). A file that does not read
        keeps the last good model running, and the banner says file:line:col and why."""
        s = self.session
        if self.watch is None or not self.watch.changed(wall_seconds):
            return False
        try:
            built = build(s.entry.path)
        except UNREADABLE as exc:
            s.banner.say(msg("banner.cannot_reload", reason=FirstLine(exc)), "load")
            return False
        s.dialogs.close()  # as Cancel closes it: its rows were the old file's
        s.install(built, again=True)
        s.look_again()
        return True
