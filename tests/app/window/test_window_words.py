"""Issue 34 items 6 and 8 in the real window: the run's CSV times are the step count times dt;
refusals in physical words; the kiosk as a named application that speaks of touches."""

from __future__ import annotations

import csv

import pygame
from window_helpers import key


def test_the_runs_csv_writes_times_as_steps_times_dt(app, tmp_path):
    s = app.session
    s.exports.folder = tmp_path
    s.clock.run(2528)  # 50.56 s of dt = 0.02: the sum of the steps drifts
    assert s.sim.t != 50.56
    key(app, pygame.K_w)
    (written,) = tmp_path.glob("*.csv")
    rows = list(csv.reader(written.open(encoding="utf-8")))
    times = [row[0] for row in rows[1:]]
    assert times[-1] == "50.56" and all(len(t) <= 5 for t in times)
