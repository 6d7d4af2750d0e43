"""``python main.py bench --frames``: frame times of the real window, headless.

The triple pendulum (or another model) animating at 1×, with a full 5,000-point
trail on each of its balls, the velocity arrows on (and a mechanism's reaction
arrows) and the energy and values panels open: time spent in physics, in drawing
(scene + UI), and in the whole frame, over a few hundred frames.
"""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from .screenshot import headless
from .settings import Settings

FRAME = 1 / 60


def bench_frames(quick: bool = False, model: str = "pendulo_triple") -> int:
    headless()
    import pygame

    from ..model.poses import BallPose
    from ..physics.records import Trail
    from .window import App

    frames, points = (120, 1000) if quick else (600, 5000)
    app = App(replace(Settings(), trail_length=points), model)
    session = app.session
    # a trail on every ball (the model asks for one on the last), filled: one point per step
    session.trails.trails = {p.id: Trail(points) for p in session.poses() if isinstance(p, BallPose)}
    session.run(points)
    reactions = bool(session.sim.reaction_ids)
    for name in ("animate", "vectors", "energy", "values", *(("reactions",) if reactions else ())):
        session.act(name)
    physics, drawing, total = [], [], []
    for _ in range(30):  # warm up caches
        app.frame(FRAME)
    t_start = session.sim.t
    for _ in range(frames):
        t0 = time.perf_counter()
        for event in pygame.event.get():
            app.handle(event)
        app.manager.update(FRAME)
        t1 = time.perf_counter()
        session.advance(FRAME)
        t2 = time.perf_counter()
        app.draw()
        pygame.display.flip()
        t3 = time.perf_counter()
        physics.append(t2 - t1)
        drawing.append(t3 - t2)
        total.append(t3 - t0)
    trail_points = [len(t) for t in session.trail_list()]
    w, h = app.screen.get_size()
    print(f"Frame times: {session.entry.title}, {w}×{h}, {frames} frames at 1×, trails {trail_points} points, "
          f"arrows on{', reaction arrows on' if reactions else ''}, energy and values panels open "
          f"(SDL {pygame.display.get_driver()} driver)")
    print(f"simulated {session.sim.t - t_start:.2f} s in {frames} frames")
    print(f"{'':<10}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for name, xs in (("physics", physics), ("drawing", drawing), ("total", total)):
        a = np.array(xs) * 1000
        print(f"{name:<10}{np.percentile(a, 50):>10.2f}{np.percentile(a, 95):>10.2f}{a.max():>10.2f}")
    pygame.quit()
    return 0
