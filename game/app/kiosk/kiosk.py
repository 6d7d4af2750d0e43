"""A kiosk left alone: the two-step timeout and the attract loop, as a small state machine.

    interactive ──(idle_seconds without input)──▶ countdown ("Still there?")
    countdown ──(countdown_seconds)──▶ attract: show 1, show 2, … (each for its seconds)
    countdown, attract ──(any input)──▶ interactive, on the model shown

No pygame and no model here: :meth:`Kiosk.tick` says when a show starts and the
session carries it out (:meth:`game.app.session.kiosk.KioskShow.tick`), so the whole
timing is testable with plain numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..files.settings import Show

INTERACTIVE, COUNTDOWN, ATTRACT = "interactive", "countdown", "attract"


@dataclass
class Kiosk:
    idle_seconds: float
    countdown_seconds: float
    shows: Sequence[Show]
    phase: str = INTERACTIVE
    #: seconds spent in the present phase (without input, while interactive)
    elapsed: float = 0.0
    #: the show on screen (index into ``shows``), -1 before the first
    show: int = -1

    def touch(self) -> bool:
        """Someone is there. True when the input only woke the kiosk (it answered the
        countdown or ended the attract loop) and should go no further."""
        woke = self.phase != INTERACTIVE
        self.phase, self.elapsed = INTERACTIVE, 0.0
        return woke

    def tick(self, seconds: float) -> Show | None:
        """``seconds`` of wall time pass; the show to start now, if the loop moves on.
        With no shows configured the attract loop is the current model from its own conditions:
        a :class:`Show` with an empty model name."""
        self.elapsed += max(seconds, 0.0)
        if self.phase == INTERACTIVE and self.elapsed >= self.idle_seconds:
            self.phase, self.elapsed = COUNTDOWN, 0.0
        elif ((self.phase == COUNTDOWN and self.elapsed >= self.countdown_seconds)
              or (self.phase == ATTRACT and self.elapsed >= self.current.seconds)):
            return self.next_show()
        return None

    def next_show(self) -> Show:
        """The attract loop goes on to its next show (also: the one shown could not open)."""
        self.phase, self.elapsed = ATTRACT, 0.0
        self.show = (self.show + 1) % max(1, len(self.shows))
        return self.current

    @property
    def current(self) -> Show:
        return self.shows[self.show] if self.shows else Show("", self.idle_seconds)

    @property
    def seconds_left(self) -> int:
        """Whole seconds the countdown still shows."""
        return max(0, math.ceil(self.countdown_seconds - self.elapsed - 1e-9))
