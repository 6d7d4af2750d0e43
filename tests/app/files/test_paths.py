"""Where the program finds models.xml, models/, assets/, docs/: CENM_ROOT, checkout, installed copy."""

from __future__ import annotations

from pathlib import Path

import pytest
from project import ROOT

from game.app.files import paths


def make_root(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "models.xml").write_text("<models/>", encoding="utf-8")
    return folder


@pytest.fixture(autouse=True)
def no_cenm_root(monkeypatch):
    monkeypatch.delenv("CENM_ROOT", raising=False)


def test_the_checkout_is_found_from_the_package():
    assert paths.find_root() == ROOT
    assert (paths.find_root() / "models.xml").is_file()


def test_the_checkout_wins_over_an_installed_copy(tmp_path):
    checkout = make_root(tmp_path)
    make_root(tmp_path / "game" / "_data")
    assert paths.find_root(tmp_path / "game") == checkout


def test_an_installed_copy_is_found_inside_the_package(tmp_path):
    package = tmp_path / "site-packages" / "game"
    data = make_root(package / "_data")
    assert paths.find_root(package) == data


def test_cenm_root_wins(tmp_path, monkeypatch):
    elsewhere = make_root(tmp_path / "elsewhere")
    make_root(tmp_path / "site-packages" / "game" / "_data")
    monkeypatch.setenv("CENM_ROOT", str(elsewhere))
    assert paths.find_root(tmp_path / "site-packages" / "game") == elsewhere


def test_with_nothing_found_errors_name_the_checkout(tmp_path):
    assert paths.find_root(tmp_path / "game") == tmp_path


def test_exports_go_inside_the_users_documents_and_pictures_or_the_home(tmp_path, monkeypatch):
    from game.app.files.userdirs import user_folders

    home = tmp_path / "ana"
    (home / "Documentos").mkdir(parents=True)
    (home / ".config").mkdir()
    # the XDG user folders of a Spanish desktop; its pictures folder was deleted
    (home / ".config" / "user-dirs.dirs").write_text('XDG_DOCUMENTS_DIR="$HOME/Documentos"\n'
                                                     'XDG_PICTURES_DIR="$HOME/Imágenes"\n', encoding="utf-8")
    monkeypatch.delenv("CENM_HOME")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    folders = user_folders()
    assert folders.documents == home / "Documentos" / "Cuerpos en Movimiento"
    assert folders.pictures == home / "Cuerpos en Movimiento"  # not a ~/Imágenes made by the program
    # saved models in sight, beside the runs (not in the hidden data folder, still offered from there)
    assert folders.models == home / "Documentos" / "Cuerpos en Movimiento" / "models"
    assert folders.model_folders()[1].name == "modelos" and ".local" in str(folders.model_folders()[1])
    # CENM_HOME: everything under it
    folders = user_folders(tmp_path / "aula")
    assert folders.documents == tmp_path / "aula" / "Documents" / "Cuerpos en Movimiento"
    assert folders.pictures == tmp_path / "aula" / "Pictures" / "Cuerpos en Movimiento"
    assert not (tmp_path / "aula").exists() and not (home / "Documentos" / "Cuerpos en Movimiento").exists()


@pytest.mark.parametrize(("title", "name"), [("Péndulo doble", "pendulo-doble"), ("Kapitza's pendulum", "kapitzas-pendulum"),
                                            ("mi doble 2", "mi-doble-2"), ("Ñandú / ∞", "nandu"), ("∞", "model")])
def test_a_title_becomes_an_ascii_file_name(title, name):
    from game.app.files.userdirs import ascii_name

    assert ascii_name(title) == name
