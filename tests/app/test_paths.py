"""Where the program finds models.xml, models/, assets/, docs/: CENM_ROOT, checkout, installed copy."""

from __future__ import annotations

from pathlib import Path

import pytest
from project import ROOT

from game.app import paths


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
