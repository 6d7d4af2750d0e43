"""The user's own files as the session sees them (game/app/session/user_files.py)."""

from __future__ import annotations

from game.app.files import paths
from game.app.files.saving import Remembered
from game.app.files.settings import Settings
from game.app.files.userdirs import user_folders
from game.app.session.session import Session
from game.model import read_catalog


def test_a_model_on_screen_replaced_by_a_fifo_is_refused_at_once_and_the_model_goes_on(tmp_path):
    # the window reads a model as check does: a FIFO is refused, not waited on
    from fifos import fifo

    path = tmp_path / "mio.dat"
    path.write_text((paths.MODELS / "pendulo_simple.dat").read_text(encoding="utf-8"), encoding="utf-8")
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(language="en"))
    s.open(str(path))
    model = s.model
    path.unlink()
    with fifo(path):
        assert not s.user_files.reload_if_changed(1.0)
    assert s.model is model
    assert s.banner.text is not None and f"{path}:1:1: not a file but a pipe, a device or a socket" in s.banner.text, s.banner.text



def test_a_teachers_own_file_opens_and_is_offered_in_the_menu(tmp_path):
    path = tmp_path / "mio.dat"
    path.write_text((paths.MODELS / "pendulo_simple.dat").read_text(encoding="utf-8"), encoding="utf-8")
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    entry = s.user_files.add_file(path)
    assert s.catalog.entries[-1] is entry and entry.path == path and entry.stem == "mio"
    s.open(str(path))
    assert s.entry.path == path


def test_a_model_saved_in_an_editor_opens_again_keeping_the_view(tmp_path):
    path = tmp_path / "mio.dat"
    text = (paths.MODELS / "pendulo_simple.dat").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open(str(path))
    s.act("energy")
    model = s.model
    assert not s.user_files.reload_if_changed(2.0)  # nothing changed
    path.write_text(text + "\n\n", encoding="utf-8")
    assert s.user_files.reload_if_changed(2.0)
    assert s.model is not model and s.view.panels == {"energy"}


def test_the_hint_closed_is_remembered_by_a_desktop(user_home):
    folders = user_folders()
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(), folders=folders, remembers=True)
    s.open("pendulo_doble")
    assert not s.user_files.hint_seen
    s.view.hint = True
    s.user_files.close_hint()
    assert not s.view.hint and s.user_files.hint_seen
    remembered = Remembered.read(folders.state)
    assert remembered.hint_seen and remembered.model == "pendulo_doble"


def test_a_dialog_open_when_the_model_is_reloaded_or_another_opens_closes_as_cancel_closes_it(tmp_path):
    """Its rows were the old model's: it goes with its preview, and the view the preview moved goes
    back (Dialogs.close, not a bare ``view.dialog = None`` that left the old preview on screen)."""
    path = tmp_path / "mio.dat"
    text = (paths.MODELS / "pendulo_simple.dat").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open(str(path))
    framing = s.view.framing
    for again in (lambda: s.user_files.reload_if_changed(2.0), lambda: s.load(s.catalog.entries.index(s.entry))):
        s.act("parameters")
        assert s.dialogs.preview("parameters", {"l": "30"})[1] is None
        assert s.showing.preview is not None and s.view.framing != framing  # the long bar moved the view
        path.write_text(text + "\n" * (2 + len(s.raw) - len(text)), encoding="utf-8")
        assert again()
        assert s.view.dialog is None and s.showing.preview is None and s.view.framing == framing
        assert s.framer._before_preview is None
