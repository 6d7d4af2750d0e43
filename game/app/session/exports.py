"""What the student saves of a run: the history as CSV, and the names of the files (the CSV, and
the PNGs of the view and the plots the window draws), in the user's documents and pictures or one
folder for all. No pygame here."""

from __future__ import annotations

import contextlib
import csv
import time
from pathlib import Path

import numpy as np

from ...messages import msg
from ...physics.state import written_time
from ..files.userdirs import ascii_name, user_folders
from ..files.writing import writing
from .measuring import Measuring
from .onscreen import OnScreen


class Exports:
    def __init__(self, session: OnScreen, measuring: Measuring):
        self.session, self.measuring = session, measuring
        #: one folder for every export instead of the user's documents and pictures (None: those)
        self.folder: Path | None = None

    def path(self, what: str, suffix: str) -> Path:
        """A new file named in the language of the window by the model's title, what it holds ("run",
        "view", "plot", "plots") and the time, in the user's documents folder (CSV) or pictures folder
        (PNG), made if need be (a folder that cannot be made: the write that follows says why)."""
        folders = self.session.folders or user_folders()
        folder = self.folder or (folders.documents if suffix == ".csv" else folders.pictures)
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        stem = f"cenm-{ascii_name(self.session.title)}-{msg(f'export.{what}').text()}-{time.strftime('%Y%m%d-%H%M%S')}"
        path = folder / f"{stem}{suffix}"
        n = 2
        while path.exists():
            path = folder / f"{stem}-{n}{suffix}"
            n += 1
        return path

    def tell(self, path: Path | None, reason: str | None = None) -> None:
        """Tell in the banner where an export went (it fades), or why it could not be written (it stays)."""
        if reason is None:
            self.session.banner.say(msg("banner.saved", path=str(path)), "done")
        else:
            self.session.banner.say(msg("banner.not_saved", reason=reason), "notice")

    def write_csv(self) -> Path | None:
        """The run so far (the history) as CSV: the columns of ``simulate``, then the run each
        row belongs to (a new run starts at every drag, reset or change of parameters); with
        measuring tools on the scene, their readings in a small CSV beside it."""
        path = self.path("run", ".csv")
        h = self.session.history
        runs = np.cumsum(h.starts())
        try:
            with writing(path) as f:
                out = csv.writer(f, lineterminator="\n")
                out.writerow([*h.names, "run"])
                dt = self.session.model.general.dt
                for (t, *row), run in zip(h.rows().tolist(), runs.tolist()):  # t from the count of steps
                    out.writerow([repr(written_time(t, dt)), *(repr(v) for v in row), run])
        except OSError as exc:
            self.tell(None, exc.strerror or str(exc))
            return None
        if self.measuring.tools:
            readings = self.write_readings()
            if readings is not None:
                self.session.banner.say(msg("banner.saved_readings", path=str(path), readings=str(readings)), "done")
            return path
        self.tell(path)
        return path

    def write_readings(self) -> Path | None:
        """What each measuring tool reads now, a row per quantity: the tool, what it reads, the
        quantity, its value (empty while unknown) and its unit."""
        path = self.path("readings", ".csv")
        heads = ("tool", "of", "quantity", "value", "unit")
        try:
            with open(path, "w", encoding="utf-8", newline="") as f:
                out = csv.writer(f, lineterminator="\n")
                out.writerow([msg(f"measure.csv.{h}").text() for h in heads])
                for tool in self.measuring.tools:
                    name = msg(f"measure.{tool.kind}", number=tool.number).text()
                    of = self.measuring.target(tool) if tool.kind == "period" else (tool.body or "")
                    for quantity, value, unit in self.measuring.readings(tool):
                        out.writerow([name, of, quantity, "" if value is None else repr(value), unit])
        except OSError as exc:
            self.tell(None, exc.strerror or str(exc))
            return None
        return path
