"""A FIFO that a program reading it would wait on forever, made safe for a test suite.

Code that opens a FIFO to read waits in ``open`` for a writer. The code under test must
refuse a FIFO without opening it that way; should it wait all the same (a regression),
a writer comes after ``patience`` seconds and closes at once, so the reader gets an empty
file and the test fails on its assertion instead of hanging the suite.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def fifo(path: Path, patience: float = 5.0) -> Iterator[Path]:
    os.mkfifo(path)
    done = threading.Event()

    def release() -> None:
        if done.wait(patience):
            return
        while not done.is_set():  # a reader waits in open(): a writer lets it go on to an empty file
            with contextlib.suppress(OSError):  # no reader yet (ENXIO)
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            done.wait(0.1)

    helper = threading.Thread(target=release, daemon=True)
    helper.start()
    try:
        yield path
    finally:
        done.set()
        helper.join()
