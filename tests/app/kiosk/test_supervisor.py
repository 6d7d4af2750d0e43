"""The kiosk's supervisor: the window process is started again when it dies or hangs."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from project import ROOT

from game.app.kiosk.supervisor import Heartbeat, Supervisor


def wait_for(condition, seconds: float):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (dead, not yet reaped) counts as dead
    with open(f"/proc/{pid}/stat") as f:
        return f.read().split(")")[-1].split()[0] != "Z"


def run_in_thread(sup: Supervisor) -> threading.Thread:
    thread = threading.Thread(target=sup.run, daemon=True)
    thread.start()
    return thread


def test_a_window_that_stops_answering_is_stopped_and_started_again(tmp_path):
    # a "window" that never beats: after the start grace it counts as hung
    sup = Supervisor([sys.executable, "-c", "import time; time.sleep(60)"], tmp_path / "hb",
                     logging.getLogger("test"), start_grace=0.5, backoff=(0.1,))
    thread = run_in_thread(sup)
    wait_for(lambda: len(sup.started) >= 2, 20)  # stopped, and a new one started
    first = sup.started[0]
    sup.stop()
    thread.join(10)
    assert not thread.is_alive() and not alive(first) and not any(alive(p) for p in sup.started)


def test_a_window_that_beats_is_left_alone_and_a_clean_exit_ends_the_supervisor(tmp_path):
    beat = ("import os, sys, time; p = sys.argv[1]\n"
            "for _ in range(6):\n open(p, 'w').write(str(os.getpid())); time.sleep(0.1)\n")
    sup = Supervisor([sys.executable, "-c", beat, str(tmp_path / "hb")], tmp_path / "hb", logging.getLogger("test"),
                     timeout=0.5, start_grace=5)
    assert sup.run() == 0 and len(sup.started) == 1  # 0.6 s with a heartbeat every 0.1 s: never restarted


def test_a_window_that_crashes_is_started_again_with_a_back_off(tmp_path):
    sup = Supervisor([sys.executable, "-c", "raise SystemExit(3)"], tmp_path / "hb", logging.getLogger("test"),
                     backoff=(0.05, 0.1, 0.2))
    thread = run_in_thread(sup)
    began = time.monotonic()
    wait_for(lambda: len(sup.started) >= 4, 20)
    assert time.monotonic() - began >= 0.05 + 0.1 + 0.2 - 0.02  # the waits grew
    sup.stop()
    thread.join(10)


def test_the_heartbeat_writes_the_pid_at_most_every_second(tmp_path):
    hb = Heartbeat(tmp_path / "hb", every=1.0)
    hb.beat(now=10.0)
    assert (tmp_path / "hb").read_text() == str(os.getpid())
    (tmp_path / "hb").unlink()
    hb.beat(now=10.5)
    assert not (tmp_path / "hb").exists()
    hb.beat(now=11.0)
    assert (tmp_path / "hb").exists()


def test_the_supervisor_restarts_a_killed_window_process(tmp_path, user_home):
    hb = tmp_path / "heartbeat"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "CENM_HEARTBEAT": str(hb)}
    env.pop("CENM_SUPERVISED", None)
    sup = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--kiosk", "--model", "pendulo_simple"], env=env,
                           cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        def window_pid() -> int | None:
            try:
                pid = int(hb.read_text())
            except (OSError, ValueError):
                return None
            return pid if alive(pid) else None

        first = wait_for(window_pid, 90)
        assert first != sup.pid and not any(m.startswith("pygame") for m in _modules_of(sup.pid))
        os.kill(first, signal.SIGKILL)
        second = wait_for(lambda: (p := window_pid()) and p != first and p, 90)
        assert alive(second) and not alive(first)
        log = (user_home / "cenm.log").read_text(encoding="utf-8")
        assert f"window process started: pid {first}" in log and f"window process started: pid {second}" in log
        assert "was killed (signal 9); starting it again" in log
        sup.send_signal(signal.SIGTERM)  # stopping the supervisor stops its window
        assert sup.wait(20) == 0
        wait_for(lambda: not alive(second), 3)  # SIGTERM ends a window at once (SDL does not catch it)
    finally:
        if sup.poll() is None:
            sup.kill()
            sup.wait()


def _modules_of(pid: int) -> list[str]:
    """The shared libraries a process has mapped: pygame's show when it was imported."""
    maps = Path(f"/proc/{pid}/maps").read_text()
    return sorted({Path(line.split()[-1]).parent.name for line in maps.splitlines() if ".so" in line})
