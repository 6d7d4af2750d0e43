"""Noticing that the model file on screen changed on disk (a teacher saved it in an editor).

Polled from the session about once a second: the file's modification time and size, no
new dependency and no thread. No pygame here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

#: wall seconds between looks at the file
EVERY = 1.0


def stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


@dataclass
class FileWatch:
    path: Path
    #: the file as it was when last read
    seen: tuple[int, int] | None = None
    _since: float = field(default=0.0, repr=False)

    def __post_init__(self) -> None:
        if self.seen is None:
            self.seen = stamp(self.path)

    def changed(self, wall_seconds: float) -> bool:
        """True (once) when, at one of the looks, the file is not as it was. A file that
        vanished is not a change: the model on screen stays (an editor may be saving it)."""
        self._since += wall_seconds
        if self._since < EVERY:
            return False
        self._since = 0.0
        now = stamp(self.path)
        if now is None or now == self.seen:
            return False
        self.seen = now
        return True
