"""Reading a file a stranger names (a model, the catalog, a settings file) without trusting it.

Only a regular file of at most a given size is read, and that is known before a byte is
read and without waiting: ``open`` of a FIFO waits for a writer that may never come, and
/dev/zero or a terminal never end. The file is opened without blocking, its kind and size
are taken from the open file (not from its name, which may change in between), and then
at most one byte past the limit is read (a file that grows meanwhile is still refused).
"""

from __future__ import annotations

import os
import stat


class FileRefused(Exception):
    """Not read: not a regular file (``size`` None), or ``size`` bytes, more than allowed."""

    def __init__(self, size: int | None):
        super().__init__(size)
        self.size = size


def read_limited(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path`` if it holds at most ``limit`` of them. Raises
    :class:`FileRefused` for anything else, :class:`OSError` when it cannot be opened or read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(None)
        if info.st_size > limit:
            raise FileRefused(info.st_size)
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileRefused(os.stat(path).st_size)
    return data
