"""Shared test helpers. Tests that open a window set SDL's dummy drivers themselves."""

from __future__ import annotations

import gc
import hashlib
import os
from pathlib import Path

import pytest

# The program speaks the language of its environment (LC_ALL, LC_MESSAGES, LANG) until told
# otherwise: the suite's is English on every machine, and a test that reads Spanish asks for it.
# tests/test_messages.py and the window's tests try the rule itself, in environments of their own.
for _variable in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"

from game.messages import language, set_language

# Models are compiled by numba in the background, 2 s each without a cache: the suite runs the plain
# path (the reference), and tests/physics/lagrange/test_compiled.py turns compiling on to compare.
os.environ["CENM_COMPILE"] = "0"
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(scope="session")
def homes(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("homes")


@pytest.fixture(autouse=True)
def user_home(homes, request, monkeypatch) -> Path:
    """The user's folders (saved models, remembered state, log) in a folder of the test's own,
    made when the program first writes there: no test ever reads or writes the real home."""
    home = homes / hashlib.sha1(request.node.nodeid.encode()).hexdigest()
    monkeypatch.setenv("CENM_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def no_exports_into_the_working_folder():
    """Exports go to the user's documents and pictures folders (under ``CENM_HOME``: the test's own
    folder), or to ``Session.export_dir`` when a test sets it. One that leaves ``cenm-*`` files in the
    folder pytest runs from fails (they are removed). Nothing is changed for the test itself (no chdir: paths relative to
    the project keep working); under pytest-xdist the workers share that folder, and a stray file is
    reported by whichever test was running in each worker when it appeared."""
    folder = Path.cwd()
    before = set(folder.glob("cenm-*"))
    yield
    stray = sorted(set(folder.glob("cenm-*")) - before)
    for path in stray:
        path.unlink(missing_ok=True)
    if stray:
        pytest.fail(f"the test wrote {', '.join(p.name for p in stray)} into {folder}: exports belong in the "
                    "user's folders (or the session's export_dir)", pytrace=False)


@pytest.fixture(autouse=True)
def messages_in_english():
    """The language of model messages is the program's one global: a test that switches it (the
    window's language control does) gives it back."""
    from game.messages import language, set_language

    before = language()
    yield
    set_language(before)


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


def pytest_collection_finish(session) -> None:
    """What collection made (the modules, their tests, the program's modules) lives to the end:
    full garbage collections need not go through it again and again."""
    gc.freeze()
