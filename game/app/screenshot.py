"""``python main.py screenshot MODEL OUT.png``: the real scene, rendered headless."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from .commands import UsageError
from .settings import Settings


def headless() -> None:
    """Draw without a screen unless a real one was asked for."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def screenshot(model: str, out: str, seconds: float = 0.0, size: str = "1280x720",
               vectors: bool = False, panels: Sequence[str] = ()) -> int:
    """One model to a PNG; or with ``model == "all"``, every model of the catalog into the
    folder ``out`` (one PNG per model, named by its file). ``panels``: live panels to open
    ("energy", "values")."""
    if model == "all":
        from ..model import read_catalog
        from . import paths

        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        for entry in read_catalog(paths.CATALOG, paths.MODELS).entries:
            screenshot(entry.stem, str(folder / f"{entry.stem}.png"), seconds, size, vectors, panels)
        return 0
    headless()
    import pygame

    from .session import LoadError
    from .window import App

    try:
        width, height = (int(v) for v in size.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 1280x720, not '{size}'") from None
    try:
        app = App(replace(Settings(), width=width, height=height), model)
    except LoadError as exc:
        raise UsageError(str(exc)) from None
    session = app.session
    session.view.vectors = vectors
    for name in panels:
        if name not in ("energy", "values"):
            raise UsageError(f"--panels takes energy and values, not '{name}'")
        session.act(name)
    session.run(round(seconds / session.model.general.dt))
    app.frame(0.0)
    app.frame(0.0)  # labels changed during the first frame are drawn in the second
    pygame.image.save(app.screen, out)
    print(f"{out}: {session.entry.title} at t = {session.sim.t:.2f} s ({width}×{height})")
    pygame.quit()
    return 0
