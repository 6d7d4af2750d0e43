"""``--kiosk`` runs the window under a small supervisor that restarts it if it dies or stops
answering. No pygame is imported here: the supervising process stays small and cannot be
taken down by what brings the window down.

The window touches a heartbeat file (named by ``CENM_HEARTBEAT``; it writes its pid in it)
about once a second. The supervisor starts the window, and starts it again when it exits with
an error or is killed, or when the heartbeat is older than ``timeout`` seconds (the window is
then stopped with SIGTERM, and SIGKILL if that is not enough). Restarts back off (1 s, 2 s,
4 s … up to a minute) while the window keeps failing soon after starting; a run longer than
``steady`` seconds resets the back-off. A window that exits cleanly (Ctrl+Shift+Q) ends the
supervisor too; SIGTERM or SIGINT to the supervisor stops both.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

HEARTBEAT = "CENM_HEARTBEAT"
#: set in the window's environment: it is supervised (and must not start a supervisor itself)
SUPERVISED = "CENM_SUPERVISED"
BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)


class Heartbeat:
    """The window's side: the heartbeat file rewritten at most every ``every`` seconds."""

    def __init__(self, path: str | Path | None, every: float = 1.0):
        self.path = Path(path) if path else None
        self.every = every
        self.last = -float("inf")

    @classmethod
    def from_environment(cls) -> Heartbeat:
        return cls(os.environ.get(HEARTBEAT))

    def beat(self, now: float | None = None) -> None:
        if self.path is None:
            return
        now = time.monotonic() if now is None else now
        if now - self.last >= self.every:
            self.last = now
            with contextlib.suppress(OSError):  # the supervisor will notice the silence
                self.path.write_text(str(os.getpid()), encoding="ascii")


@dataclass
class Supervisor:
    command: Sequence[str]
    heartbeat: Path
    log: logging.Logger
    #: seconds without a heartbeat after which the window counts as hung
    timeout: float = 20.0
    #: seconds a window may take to show its first heartbeat (it compiles its first model)
    start_grace: float = 60.0
    #: a run at least this long resets the back-off
    steady: float = 120.0
    backoff: Sequence[float] = BACKOFF
    env: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    #: processes started so far (their pids), and restarts made
    started: list[int] = field(default_factory=list)
    stopping: bool = False
    child: subprocess.Popen | None = None

    def run(self) -> int:
        failures = 0
        while not self.stopping:
            began = time.monotonic()
            outcome = self._run_once()
            if outcome == 0 or self.stopping:
                return 0
            failures = 1 if time.monotonic() - began >= self.steady else failures + 1
            wait = self.backoff[min(failures, len(self.backoff)) - 1]
            self.log.error("the window %s; starting it again in %g s", outcome, wait)
            self._sleep(wait)
        return 0

    def stop(self, *_: object) -> None:
        self.stopping = True
        if self.child is not None and self.child.poll() is None:
            self.child.terminate()

    def _run_once(self) -> int | str:
        """Start the window and watch it; 0 when it quit cleanly, else what went wrong."""
        self.heartbeat.unlink(missing_ok=True)
        env = {**self.env, HEARTBEAT: str(self.heartbeat), SUPERVISED: "1"}
        self.child = child = subprocess.Popen(list(self.command), env=env)
        self.started.append(child.pid)
        self.log.info("window process started: pid %d", child.pid)
        began = time.monotonic()
        while True:
            rc = child.poll()
            if rc is not None:
                return 0 if rc == 0 else (f"exited with code {rc}" if rc > 0 else f"was killed (signal {-rc})")
            if self.stopping:
                self._end(child)
                return 0
            try:
                silent = time.time() - self.heartbeat.stat().st_mtime
                limit = self.timeout
            except FileNotFoundError:
                silent, limit = time.monotonic() - began, self.start_grace
            if silent > limit:
                self._end(child)
                return f"stopped answering ({silent:.0f} s without a heartbeat)"
            time.sleep(0.1)

    def _end(self, child: subprocess.Popen) -> None:
        child.terminate()
        try:
            child.wait(5)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()

    def _sleep(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while not self.stopping and time.monotonic() < end:
            time.sleep(min(0.1, end - time.monotonic()))


def window_command(argv: Sequence[str]) -> list[str]:
    """The command that runs this program's window with ``argv`` (from a checkout or an install)."""
    return [sys.executable, "-c", "import sys; from game.app.cli import main; sys.exit(main(sys.argv[1:]))", *argv]


def supervise(argv: Sequence[str], log: logging.Logger) -> int:
    """Run the window (``argv`` are the program's own arguments) under a supervisor until it quits."""
    package_parent = str(Path(__file__).resolve().parents[3])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH")) if p)
    heartbeat = os.environ.get(HEARTBEAT)
    folder = None
    if not heartbeat:
        folder = tempfile.TemporaryDirectory(prefix="cenm-")
        heartbeat = str(Path(folder.name) / "heartbeat")
    sup = Supervisor(window_command(argv), Path(heartbeat), log, env=env)
    signal.signal(signal.SIGTERM, sup.stop)
    signal.signal(signal.SIGINT, sup.stop)
    log.info("kiosk supervisor: pid %d", os.getpid())
    try:
        return sup.run()
    finally:
        if folder is not None:
            folder.cleanup()
