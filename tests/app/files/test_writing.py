"""Every file the program writes is made in a temporary file of its own, in the target's folder,
never through a link planted there (:mod:`game.app.files.writing`)."""

from __future__ import annotations

import os
import stat

import pytest

from game.app.files import paths
from game.app.files.saving import Remembered
from game.app.files.settings import Settings
from game.app.files.userdirs import user_folders
from game.app.files.writing import write_file, writing
from game.app.session.session import Session
from game.model import read_catalog


def test_a_symlink_planted_at_the_old_temporary_name_of_a_saved_model_is_not_followed(user_home, tmp_path):
    folders = user_folders()
    folders.models.mkdir(parents=True)
    victim = tmp_path / "outside.txt"
    victim.write_text("not the program's", encoding="utf-8")
    (folders.models / "mio.dat.tmp").symlink_to(victim)
    session = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings(), folders=folders)
    session.open("pendulo_doble")
    saved = session.dialogs.save_as("mio")
    assert saved.path == folders.models / "mio.dat" and saved.path.is_file() and not saved.path.is_symlink()
    assert victim.read_text(encoding="utf-8") == "not the program's"
    assert b"<P>" in saved.path.read_bytes()
    # nothing of ours is left behind: only the planted link and the model
    assert sorted(p.name for p in folders.models.iterdir()) == ["mio.dat", "mio.dat.tmp"]


def test_the_remembered_state_is_not_written_through_a_planted_link_and_is_the_users_alone(user_home, tmp_path):
    state = user_folders().state
    state.parent.mkdir(parents=True)
    victim = tmp_path / "outside.txt"
    victim.write_text("x", encoding="utf-8")
    state.with_suffix(".tmp").symlink_to(victim)
    Remembered("pendulo_doble", "en", 2.0).write(state)
    assert victim.read_text(encoding="utf-8") == "x"
    assert Remembered.read(state) == Remembered("pendulo_doble", "en", 2.0)
    assert stat.S_IMODE(os.stat(state).st_mode) & 0o077 == 0


def test_a_link_at_the_target_itself_is_replaced_not_followed(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep")
    target = tmp_path / "run.csv"
    target.symlink_to(victim)
    with writing(target) as sink:
        sink.write("t,q\n")
    assert victim.read_bytes() == b"keep"
    assert not target.is_symlink() and target.read_text(encoding="utf-8") == "t,q\n"


def test_a_failure_while_writing_keeps_the_old_file_whole_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "map.csv"
    write_file(target, b"old")
    with pytest.raises(RuntimeError), writing(target) as sink:
        sink.write("half")
        raise RuntimeError("the disk is full")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["map.csv"]


def test_a_device_is_written_in_place(tmp_path):
    with writing("/dev/null") as sink:  # not renamed over: /dev/null stays a device
        sink.write("rows")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
