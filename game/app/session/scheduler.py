"""When to take simulation steps: whole steps of dt, paced to wall time times a
speed factor, with a cap on catching up (SPEC §3 scheduling).

The trajectory depends only on dt and N: frames decide *how many* whole steps
run, never their size.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class StepScheduler:
    dt: float
    speed: float = 1.0
    #: at most this much wall time is made up in one frame (a slow frame never snowballs)
    max_catch_up: float = 0.1
    owed: float = 0.0

    def steps_for(self, wall_seconds: float) -> int:
        """How many whole steps to take after ``wall_seconds`` of wall time."""
        self.owed += min(max(wall_seconds, 0.0), self.max_catch_up) * self.speed
        steps = int(self.owed / self.dt + 1e-9)
        self.owed -= steps * self.dt
        return steps

    def reset(self) -> None:
        self.owed = 0.0
