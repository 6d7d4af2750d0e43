"""Keeping a program alive for days: a log in the user's folder, and what to do when a
frame raises. No pygame here.

An exception anywhere in a frame is written (with its traceback) to the log file and to
stderr, and the model on screen is opened again from its file; if the reopened model
fails again before it ran ``CALM_FRAMES`` good frames, the next model of the menu opens
instead, so one broken model cannot keep a kiosk in a loop of errors.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import logging
import logging.handlers
import os
import sys
from pathlib import Path
from typing import Protocol

from ...expr.nodes import compact_interned

#: good frames after a recovery before a new failure counts as a new problem
CALM_FRAMES = 120


def open_log(path: Path) -> logging.Logger:
    """The program's log: a file in the user's folder (kept to a few hundred kB, as a kiosk runs
    for days) and stderr. A folder that cannot be written leaves only stderr."""
    log = logging.getLogger("cenm")
    if getattr(log, "cenm_path", None) == path:
        return log
    close_log()
    log.cenm_path = path  # type: ignore[attr-defined]
    log.setLevel(logging.INFO)
    log.propagate = False
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(message)s")
    stderr = _Stderr()
    stderr.setFormatter(fmt)
    log.addHandler(stderr)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        file = logging.handlers.RotatingFileHandler(path, maxBytes=256_000, backupCount=2, encoding="utf-8")
    except OSError as exc:
        log.warning("no log file at %s: %s", path, exc)
    else:
        file.setFormatter(fmt)
        log.addHandler(file)
    return log


class _Stderr(logging.StreamHandler):
    """stderr as it is when a message is written (a shell or a test may have replaced it)."""

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:
        pass


def close_log() -> None:
    log = logging.getLogger("cenm")
    for handler in list(log.handlers):
        handler.close()
        log.removeHandler(handler)


class Recovers(Protocol):
    def recover(self, next_model: bool) -> None: ...


class FrameGuard:
    """Counts good frames and recovers from a failed one (see the module's text)."""

    def __init__(self, log: logging.Logger):
        self.log = log
        self.good_frames = CALM_FRAMES
        #: exceptions recovered from, since the start
        self.recovered = 0

    def ok(self) -> None:
        self.good_frames += 1

    def failed(self, exc: BaseException, recovering: Recovers) -> None:
        self.recovered += 1
        again = self.good_frames < CALM_FRAMES
        self.log.error("a frame failed (%s); %s", type(exc).__name__,
                       "it failed again: opening the next model" if again else "reloading the model",
                       exc_info=exc)
        self.good_frames = 0
        recovering.recover(next_model=again)


#: glibc's mallopt parameter for the size from which blocks get their own mapping
_M_MMAP_THRESHOLD = -3


def fixed_mmap_threshold(size: int = 32 * 1024) -> bool:
    """Keep a long-running window's memory flat (glibc only; elsewhere nothing is done).

    glibc raises its mmap threshold each time a large block is freed, up to 32 MB; after
    that, the full-screen surfaces and arrays a window makes and drops (trail images, the
    history of each model opened) come from the heap, whose holes never go back to the
    system: a kiosk's resident memory then grows for hours (the soak measured +120 MB in an
    hour). A fixed threshold keeps every large block in a mapping of its own, returned
    whole when freed.

    32 kB, not glibc's first 128 kB: the widgets' pictures in between (a menu button drawn in
    five states, 81 kB each; a panel's rows) come and go all day, and from the heap they left
    holes among the blocks that stay, which the heap's resident pages kept. Measured over a
    day of kiosk visitors with plots and chaos (``soak --hours 24 --frame-seconds 0.2``, seeds
    1 and 2): +4.6 and +5.6 MB at 128 kB, +3.1 and +3.7 MB at 32 kB; ``bench --frames`` shows
    no difference in frame times."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, size))


@functools.cache
def _malloc_trim():
    """glibc's malloc_trim, or None (another C library, another system)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


def release_memory() -> None:
    """Give back to the system what dropped widgets held: call it after a menu or a dialog closed,
    another model opened, the bars were built again (about 20 ms, a full collection).

    pygame_gui's widgets and text layouts are reference cycles (a layout and its rows, an element
    and its container), so their pixels wait for a full collection, which Python schedules by
    counts of objects, not of bytes: between two of them the soak found up to 90 MB of dead
    widgets in the heap. And the pixels of a widget below the mmap threshold come from the heap
    (the menu's twenty 460×44 buttons, each drawn in five states: 37 MB): freed below what was
    allocated while it was open (the model it opened), they leave holes that glibc gives back only
    from the heap's top, so the heap's high-water mark stayed resident and rose in steps (+21.5 MB
    over a day's soak, +24.4 MB in 6 kiosk hours). Collected, then trimmed (malloc_trim returns
    every whole free page of the heap, not only its top), the same 6 hours stay flat (-16 MB)."""
    gc.collect()
    compact_interned()  # the expressions' intern table, left at the size of the last model's load
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def long_running_process() -> None:
    """What a window that may run for days needs before pygame starts: memory that stays flat
    (:func:`fixed_mmap_threshold`), and SIGTERM that ends it (SDL would turn it into a
    window-close event, which a kiosk ignores)."""
    fixed_mmap_threshold()
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
