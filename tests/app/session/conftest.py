"""The session the tests of its parts drive: the double pendulum, in the default settings."""

from __future__ import annotations

import pytest

from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session.session import Session
from game.model import read_catalog


@pytest.fixture
def session() -> Session:
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("pendulo_doble")
    return s
