"""The window tests run headless: SDL's dummy drivers, set before pygame is imported."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from dataclasses import dataclass, replace

import pygame
import pytest

from game.app.files.settings import Settings


@pytest.fixture
def app_factory():
    from game.app.window.window import App

    apps = []

    def make(model: str | None = "pendulo_doble", width: int = 1280, height: int = 720, remember: bool = False,
             language: str | None = "es", **settings) -> App:
        """``remember``: the window a user opens with ``cenm``, which writes the remembered state.
        ``language``: Spanish, which the window tests read (CenM's language, the window's before it
        followed the environment); None for the environment's."""
        app = App(replace(Settings(), width=width, height=height, language=language, **settings), model,
                  remember=remember)
        app.frame(0.0)
        apps.append(app)
        return app

    yield make
    pygame.quit()


@pytest.fixture
def app(app_factory):
    return app_factory()


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run(capsys):
    """``python main.py ARGS`` in-process: the exit code and what it printed."""
    from game.app.cli import main

    def go(*args: str) -> Result:
        code = main(list(args))
        out = capsys.readouterr()
        return Result(code, out.out, out.err)

    return go
