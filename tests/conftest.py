"""Shared test helpers. Tests that open a window set SDL's dummy drivers themselves."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.messages import language, set_language

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def messages_in_english_after_each_test():
    """The language of messages is the process's (the window sets its own, ``--lang`` the
    commands'): each test leaves it as the others expect."""
    yield
    set_language("en")


@pytest.fixture
def write_model(tmp_path):
    """Write model text to a .dat file and return its path."""

    def write(text: str, name: str = "m.dat", encoding: str = "utf-8") -> Path:
        p = tmp_path / name
        p.write_bytes(text.encode(encoding))
        return p

    return write


@pytest.fixture
def spanish():
    """Messages in Spanish for one test; the language before it afterwards."""
    before = language()
    set_language("es")
    yield
    set_language(before)
