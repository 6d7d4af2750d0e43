"""The window's fixtures: a real App, headless (SDL's dummy drivers), closed after the test."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from window_helpers import App

from game.app.settings import Settings


@pytest.fixture
def app_factory():
    apps = []

    def make(model: str = "pendulo_doble", **settings) -> App:
        app = App(replace(Settings(), width=1280, height=720, **settings), model)
        app.frame(0.0)
        apps.append(app)
        return app

    yield make
    pygame.quit()


@pytest.fixture
def app(app_factory):
    return app_factory()
