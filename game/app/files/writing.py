"""Every file the program writes goes through here: models saved from the window, exports (CSV,
PNG), the remembered state, the command line's outputs. No pygame here.

The new text goes to a temporary file made exclusively in the target's own folder (a random name,
``O_CREAT | O_EXCL | O_NOFOLLOW``: a symlink or a file planted there, at any name, is never
followed nor written through), is flushed to the disk and only then renamed over the target, so a
reader sees the old file or the new one, never half of one, and a link planted at the target is
replaced, not followed. A target that is not a regular file (``/dev/null``, a FIFO, a terminal)
is written in place: it cannot be renamed over, and it holds nothing to lose.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, TextIO, cast

#: exclusive, never through a link, not inherited by a child process
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def write_file(path: str | Path, data: bytes, mode: int = 0o644) -> None:
    """Write ``data`` as the whole of ``path`` (see the module's note); OSError when it cannot."""
    with _writing(path, True, mode) as sink:
        sink.write(data)


@contextlib.contextmanager
def writing(path: str | Path, mode: int = 0o644) -> Iterator[TextIO]:
    """A text file (UTF-8, newlines as written) to write ``path``'s new contents into; it
    becomes ``path`` when the block ends normally (a ``return`` included), and is removed when
    an exception leaves the block (the old file stays whole)."""
    with _writing(path, False, mode) as sink:
        yield cast(TextIO, sink)


@contextlib.contextmanager
def _writing(path: str | Path, binary: bool, mode: int) -> Iterator[IO[Any]]:
    path = Path(path)
    if _special(path):
        with (open(path, "wb") if binary else open(path, "w", encoding="utf-8", newline="")) as f:
            yield f
        return
    fd, temporary = _create(path, mode)
    done = False
    try:
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="")) as sink:
            yield sink
            sink.flush()
            os.fsync(sink.fileno())
        os.replace(temporary, path)
        done = True
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _create(path: Path, mode: int) -> tuple[int, Path]:
    """A new file next to ``path`` of a name nobody could have guessed, opened by us alone."""
    for _ in range(100):
        temporary = path.parent / f".{path.name[:80]}.{secrets.token_hex(8)}.tmp"
        try:
            return os.open(temporary, _FLAGS, mode), temporary
        except FileExistsError:  # someone else's file at that name (never ours): try another
            continue
    raise FileExistsError(f"{path.parent}: no free temporary name")


def _special(path: Path) -> bool:
    """A device, a FIFO or a socket at ``path`` (the link itself, when it is one, is replaced)."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return not stat.S_ISREG(st.st_mode) and not stat.S_ISLNK(st.st_mode)
