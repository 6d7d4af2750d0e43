"""The user's folders are absolute whatever HOME says: an empty or relative HOME sent exports to
'/Cuerpos en Movimiento' or to a folder relative to wherever the program started."""

from __future__ import annotations

from dataclasses import astuple

import pytest

from game.app.files.userdirs import account_home, user_folders


@pytest.mark.parametrize("home", ["", "relativo/casa", "."])
def test_an_empty_or_relative_home_gives_folders_under_one_absolute_root(monkeypatch, tmp_path, home):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CENM_HOME", raising=False)
    for xdg in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_DOCUMENTS_DIR", "XDG_PICTURES_DIR", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(xdg, raising=False)
    monkeypatch.setenv("HOME", home)
    folders = user_folders()
    root = account_home()
    assert root.is_absolute()
    for path in astuple(folders):
        assert path.is_absolute() and path.is_relative_to(root), (home, folders)
    assert str(folders.documents) != "/Cuerpos en Movimiento"


def test_a_relative_cenm_home_is_made_absolute_once(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CENM_HOME", "kiosco")
    folders = user_folders()
    assert all(p.is_absolute() and p.is_relative_to(tmp_path / "kiosco") for p in astuple(folders) if p is not None)
