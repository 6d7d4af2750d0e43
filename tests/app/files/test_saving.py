"""Saving a model, remembering the last one, reloading a file a teacher edits: the session,
without a window, with the user's folders in a temporary folder."""

from __future__ import annotations

import os
import re
from dataclasses import replace

import numpy as np
import pytest

from game.app.cli import main
from game.app.files import paths
from game.app.files.saving import Remembered
from game.app.files.settings import Settings
from game.app.files.userdirs import user_folders
from game.app.session.session import Session
from game.messages import language
from game.model import read_catalog


@pytest.fixture
def session(user_home) -> Session:
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(), folders=user_folders(), remembers=True)
    s.open("pendulo_doble")
    return s


def reopened(path) -> Session:
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(), folders=user_folders())
    s.open(str(path))
    return s


def test_a_saved_model_passes_check_and_reloads_to_the_same_parameters_and_conditions(session, capsys):
    assert session.dialogs.apply_parameters({"m": "2.5", "l": "L·0.8"}) is None
    # a drag of the lower bob in model units, as the window does it
    x, y = session.kinematics.handle_point("C2", session.sim.t, session.sim.q)
    session.dragging.grab("C2", (x, y))
    session.dragging.drag_to((x + 0.4, y - 0.3))
    session.dragging.release()
    saved = session.dialogs.save_as("mi doble")
    assert saved.path == user_folders().models / "mi doble.dat" and saved.path.is_file()
    assert main(["check", str(saved.path)]) == 0, capsys.readouterr().out
    again = reopened(saved.path)
    assert again.sim.parameters == pytest.approx(session.sim.parameters, rel=1e-12, abs=1e-12)
    assert np.allclose(again.sim.q, session.sim.q, rtol=1e-12, atol=1e-12)
    assert np.allclose(again.sim.qdot, session.sim.qdot, rtol=1e-12, atol=1e-12)
    # only the changed cells differ from the shipped file: the rest is the teacher's own text
    old = (paths.MODELS / "pendulo_doble.dat").read_text(encoding="utf-8").splitlines()
    new = saved.path.read_text(encoding="utf-8").splitlines()
    diff = [(a, b) for a, b in zip(old, new) if a != b]
    assert len(old) == len(new) and [b.split("|")[0] for _, b in diff] == ["<P>m", "<P>l", "<CI>a1", "<CI>a2"]
    assert "<P>l|L·0.8|longitud de la barra inferior|en: length of the lower bar</P>" in new
    assert "<CI>va1|0|" in "\n".join(new)  # unchanged: the file's own expression


def test_an_unchanged_model_is_saved_as_the_same_text(session):
    saved = session.dialogs.save_as("copia")
    assert saved.path.read_bytes() == (paths.MODELS / "pendulo_doble.dat").read_bytes()


def test_it_never_overwrites_without_asking_and_appears_in_my_models_at_once(session, spanish):
    assert session.dialogs.save_as("uno").path is not None
    assert session.catalog.entries[-1].group == "mine" and session.catalog.entries[-1].title == "uno"
    assert session.entry.stem == "pendulo_doble"  # the model on screen stays
    before = (user_folders().models / "uno.dat").read_bytes()
    session.dialogs.apply_parameters({"m": "3"})
    assert session.dialogs.save_as("uno").problem == "exists"
    assert (user_folders().models / "uno.dat").read_bytes() == before
    assert session.dialogs.save_dialog("uno", False) == "exists"
    assert session.dialogs.save_dialog("uno", True) is None  # asked, and confirmed
    assert b"<P>m|3|" in (user_folders().models / "uno.dat").read_bytes()
    assert [e.title for e in session.catalog.entries if e.group == "mine"] == ["uno"]
    assert "letras" in session.dialogs.save_dialog("../fuera", False)
    # the next run finds it in the menu too
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(), folders=user_folders())
    assert [e.stem for e in s.catalog.entries if e.group == "mine"] == ["uno"]
    assert session.dialogs.suggested_name() == "Péndulo doble 2"


def test_a_mechanism_is_not_saved_and_the_dialog_says_why(user_home, spanish):
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(), folders=user_folders())
    s.open("cuadrilatero")
    assert s.dialogs.save_dialog("mi cuadrilátero", False) == "Los mecanismos todavía no se pueden guardar desde la ventana."
    assert not user_folders().models.exists()


def test_saving_is_disabled_in_a_kiosk(user_home):
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), replace(Settings(), kiosk=True), folders=user_folders())
    s.open("pendulo_doble")
    s.act("save")
    assert s.view.dialog is None and s.dialogs.save_as("x").problem == "disabled"
    assert not user_folders().models.exists()


def test_the_last_model_language_and_speed_are_remembered(session, monkeypatch, spanish):
    session.actions.choose([e.stem for e in session.catalog.entries].index("kapitza"))
    session.act("speed3")
    session.act("language")
    assert Remembered.read(user_folders().state) == Remembered("kapitza", "en", 4.0)
    # the next run opens as it was left
    opened = []
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr("game.app.window.window.App.run", lambda app: opened.append(app) or 0)
    assert main([]) == 0
    app = opened[0]
    assert app.session.entry.stem == "kapitza" and language() == "en" and app.session.clock.scheduler.speed == 4.0
    app.frame(0.0)
    assert app.bars.title.text == "Kapitza's pendulum"
    # a remembered model that is gone: the first one opens
    Remembered("borrado", "es", 1.0).write(user_folders().state)
    assert main(["--lang", "en"]) == 0 and opened[1].session.entry.stem == "pendulo_doble"
    assert language() == "en"  # the command line wins over what was remembered


def test_a_model_edited_on_disk_is_reloaded_keeping_the_view(tmp_path, user_home):
    path = tmp_path / "mio.dat"
    text = (paths.MODELS / "pendulo_simple.dat").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    s = reopened(path)
    s.act("energy")
    s.act("animate")
    s.clock.advance(0.5)
    l0 = s.sim.parameters["l"]
    path.write_text(text.replace(f"<P>l|{l0:g}|", "<P>l|2.5|"), encoding="utf-8")
    os.utime(path, ns=(1, 1))  # a different stamp even within one tick of the file system's clock
    assert not s.user_files.reload_if_changed(0.5)  # looked at once a second
    assert s.user_files.reload_if_changed(0.6)
    assert s.sim.parameters["l"] == 2.5 and s.view.animating and s.view.panels == {"energy"}
    # a broken save: the banner says where, the last good model goes on
    path.write_text(text.replace("<P>l|", "<P>l|2.5*|"), encoding="utf-8")
    os.utime(path, ns=(2, 2))
    t = s.sim.t
    assert not s.user_files.reload_if_changed(1.0)
    assert re.search(rf"{re.escape(str(path))}:12:\d+: ", s.banner.text) and s.sim.parameters["l"] == 2.5
    s.clock.advance(0.2)
    assert s.sim.t > t and s.view.animating


def test_the_language_control_switches_the_model_messages_too(session, spanish):
    session.act("language")  # es → en
    assert session.dialogs.apply_parameters({"m": "gg"}).startswith("unknown name 'gg'")
    session.act("language")  # en → es
    assert session.dialogs.apply_parameters({"m": "gg"}).startswith("nombre desconocido 'gg'")


def test_headless_commands_leave_the_remembered_state_alone(tmp_path, monkeypatch, capsys):
    # what a student left in the window: the next run opens on it
    state = user_folders().state
    Remembered("kapitza", "es", 2.0).write(state)
    before = state.read_bytes()
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    model = tmp_path / "mio.dat"
    model.write_bytes((paths.MODELS / "pendulo_simple.dat").read_bytes())
    for argv in (["screenshot", "pendulo_simple", str(tmp_path / "shot.png"), "--lang", "en"],
                 ["bench", "--frames", "--quick", "--model", "pendulo_simple"],
                 ["simulate", "pendulo_simple", "--seconds", "0.1", "--csv", str(tmp_path / "run.csv")],
                 ["check", str(model)]):
        assert main(argv) == 0, (argv, capsys.readouterr())
        assert state.read_bytes() == before, argv
    assert (tmp_path / "shot.png").is_file()
    # the window a user opens still remembers
    opened = []
    monkeypatch.setattr("game.app.window.window.App.run", lambda app: opened.append(app) or 0)
    assert main(["--model", "pendulo_simple", "--lang", "en"]) == 0
    assert opened[0].session.entry.stem == "pendulo_simple"
    assert Remembered.read(state) == Remembered("pendulo_simple", "en", 2.0)


def test_a_model_that_would_not_read_back_is_not_written_and_the_banner_says_why(session, spanish):
    # a speed of 1e300: the kinetic energy overflows, and the file would be refused when opened
    assert session.dialogs.apply_conditions({"va1": "1e300"}) is None
    saved = session.dialogs.save_as("rapido")
    assert saved.path is None and saved.problem == "unreadable" and not user_folders().models.exists()
    assert (saved.refusal.location.line, saved.refusal.key) == (29, "check.energy_value")
    assert session.dialogs.save_dialog("rapido", False) is None  # the dialog is done: the banner tells
    assert session.banner.text.startswith("No se guardó el modelo: así escrito no se podría volver a abrir (línea 29")
    assert "Ek no se puede calcular" in session.banner.text and session.banner.kind == "problem"
    session.set_language("en")
    assert session.banner.text.startswith("The model was not saved: written out it could not be opened again (line 29")
    assert session.sim.qdot[0] == 1e300 and session.entry.stem == "pendulo_doble"  # nothing lost
    # a model that reads back is written, and the banner says where
    assert session.dialogs.apply_conditions({"va1": "1"}) is None
    assert session.dialogs.save_dialog("rapido", False) is None and (user_folders().models / "rapido.dat").is_file()
    assert session.banner.text == f"Model saved to {user_folders().models / 'rapido.dat'} (in the menu, under My models)"
