"""``python main.py screenshot MODEL OUT.png``: the real scene, rendered headless.

The picture is in the language of ``--lang`` (without it, the window's own default: the
environment's), as the window would show it; what the command says (its errors, the line naming
the file it wrote) is in the language of the command line, as ``check`` and ``simulate`` speak.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ...messages import language as messages_language
from ...messages import msg
from ...messages import set_language as set_messages_language
from ...ui.layout import MIN_SIZE
from ..files.settings import LARGEST_SIDE, Settings
from .simulate import run_cost
from .usage import UsageError, check_output

#: the live panels --panels may open
PANELS = ("energy", "values")


def headless() -> None:
    """Draw without a screen unless a real one was asked for."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def window_size(size: str) -> tuple[int, int]:
    """``WxH`` as the window's (width, height), within the sizes the window can have: at least
    its smallest size (the layout is made for nothing smaller), at most the settings' largest."""
    try:
        width, height = (int(v) for v in size.lower().replace("×", "x").split("x"))
    except ValueError:
        raise UsageError(msg("screenshot.size_syntax", size=size)) from None
    if not (MIN_SIZE[0] <= width <= LARGEST_SIDE and MIN_SIZE[1] <= height <= LARGEST_SIDE):
        raise UsageError(msg("screenshot.size_range", size=size, low=f"{MIN_SIZE[0]}×{MIN_SIZE[1]}",
                             high=f"{LARGEST_SIDE}×{LARGEST_SIDE}"))
    return width, height


def screenshot(model: str, out: str, seconds: float = 0.0, size: str = "1280x720",
               vectors: bool = False, panels: Sequence[str] = (), language: str | None = None) -> int:
    """One model to a PNG; or with ``model == "all"``, every model of the catalog into the
    folder ``out`` (one PNG per model, named by its file). ``panels``: live panels to open
    ("energy", "values"); ``language``: of the picture (None: the window's default)."""
    width, height = window_size(size)
    if not (math.isfinite(seconds) and seconds >= 0):
        raise UsageError(msg("cmd.seconds", value=seconds))
    for name in panels:
        if name not in PANELS:
            raise UsageError(msg("screenshot.panels", name=name))
    if model == "all":
        from ...model import read_catalog
        from ..files import paths

        folder = Path(out)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(msg("cmd.cannot_write", path=str(folder), reason=exc.strerror or str(exc))) from None
        for entry in read_catalog(paths.CATALOG, paths.MODELS).entries:
            screenshot(entry.stem, str(folder / f"{entry.stem}.png"), seconds, size, vectors, panels, language)
        return 0
    check_output(out, "screenshot")
    headless()
    import pygame

    from ..session.session import LoadError
    from ..window.display import save_image
    from ..window.window import App

    speaking = messages_language()  # the window speaks the picture's language while it draws
    settings = replace(Settings(), width=width, height=height)
    try:
        try:
            app = App(replace(settings, language=language), model)
        except LoadError as exc:
            raise UsageError(str(exc)) from None
        session = app.session
        session.view.vectors = vectors
        for name in panels:
            session.act(name)
        steps = round(seconds / session.model.general.dt)
        _, refusal = run_cost(session.sim, steps * session.model.general.n_substeps)  # as simulate refuses
        if refusal is not None:
            raise UsageError(refusal)
        taken = session.clock.run(steps)
        app.frame(0.0)
        app.frame(0.0)  # labels changed during the first frame are drawn in the second
        title, t = session.title, session.sim.t
        try:
            save_image(app.screen, out)
        except (pygame.error, OSError) as exc:
            raise UsageError(msg("cmd.cannot_write", path=out, reason=getattr(exc, "strerror", None) or str(exc))) \
                from None
    finally:
        set_messages_language(speaking)
    print(msg("screenshot.done", path=out, title=title, t=f"{t:.2f}", width=width, height=height))
    stopped = session.banner.text if taken < steps else None
    pygame.quit()
    if stopped is not None:  # the picture shows where and why the motion stopped; the exit code says so too
        print(msg("screenshot.stopped", path=out, seconds=f"{seconds:g}", banner=stopped), file=sys.stderr)
        return 1
    return 0

