"""``python main.py bench --frames``: frame times of the real window, headless (and ``bench --idle``:
what the window takes paused and untouched).

The triple pendulum (or another model) animating at 1×, with a full trail on each of
its balls (20,000 points each, or the length asked), the velocity arrows on (and a
mechanism's reaction arrows) and the energy and values panels open; then the double
pendulum with two plots open and the chaos control on (50 ghosts, their spread, the
Lyapunov estimate); then three plots of the double pendulum with one run and with the
most earlier runs kept: time spent in physics, in drawing (scene + UI), and in the whole
frame, over a few hundred frames. ``huge_arrows`` makes every velocity arrow 10⁹
pixels long per unit of speed (they cross the scene and end far outside it: the
drawing must cut them first); ``fade`` draws fading trails instead of lasting ones.
"""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from ..files.settings import Settings
from .screenshot import headless

FRAME = 1 / 60
#: pixels of arrow per unit of speed with ``huge_arrows``
HUGE_ARROW_PX = 1e9


def bench_frames(quick: bool = False, model: str = "pendulo_triple", huge_arrows: bool = False,
                 fade: bool = False, points: int | None = None, chaos: bool = True) -> int:
    """Frame times of ``model`` (and, with ``chaos``, of the double pendulum with plots and an ensemble)."""
    headless()
    import pygame

    from ...model.poses import BallPose
    from ...physics.observe.records import Trail
    from ..window.window import App

    frames = 60 if quick else 600
    points = points or (300 if quick else 20_000)
    app = App(replace(Settings(), trail_length=points, trail_fade=fade), model)
    session = app.session
    if huge_arrows:
        app.settings = replace(app.settings, arrow_seconds=HUGE_ARROW_PX / app.camera.escala)
    # a trail on every ball (the model asks for one on the last), filled: one point per step
    session.trails.trails = {p.id: Trail(points, thin=not fade) for p in session.showing.poses()
                             if isinstance(p, BallPose)}
    session.clock.run(points)
    reactions = bool(session.sim.reaction_ids)
    for name in ("animate", "vectors", "energy", "values", *(("reactions",) if reactions else ())):
        session.act(name)
    trail_points = [len(t) for t in session.showing.trail_list()]
    w, h = app.screen.get_size()
    arrows = f"arrows {HUGE_ARROW_PX:.0e} px per unit of speed" if huge_arrows else "arrows on"
    print(f"Frame times: {session.entry.title}, {w}×{h}, {frames} frames at 1×, "
          f"{'fading' if fade else 'lasting'} trails {trail_points} points, {arrows}"
          f"{', reaction arrows on' if reactions else ''}, energy and values panels open "
          f"(SDL {pygame.display.get_driver()} driver)")
    _measure(app, frames)
    if not chaos:
        pygame.quit()
        return 0

    # two plots and an ensemble: the double pendulum released from (2, 2), chaotic
    app = App(Settings(), "pendulo_doble")
    session = app.session
    session.sim.set_conditions([2.0, 2.0], [0.0, 0.0])
    for name in ("plots", "ensemble", "animate"):
        session.act(name)
    session.plots.remove(0)  # two plots: the phase space and the ensemble's spread
    kinds = ", ".join(p.spec.kind for p in session.plots.plots)
    copies = session.plots.ensemble.copies if session.plots.ensemble else 0
    print()
    frames = 30 if quick else frames
    print(f"Frame times: {session.entry.title} from (2, 2), {frames} frames at 1×, plots open ({kinds}), "
          f"an ensemble of {copies} copies drawn as ghosts, the Lyapunov estimate")
    _measure(app, frames, warm_up=10 if quick else 30)
    _runs_kept(quick, frames)
    pygame.quit()
    return 0


def _runs_kept(quick: bool, frames: int) -> None:
    """Three plots of the double pendulum with its present run alone, then with the most earlier runs
    a plot keeps (each a minute of motion, ended as Accept ends it): a frame draws the same."""
    from ...physics.observe.series import KEPT_RUNS
    from ..window.window import App

    app = App(Settings(), "pendulo_doble")
    session = app.session
    session.act("plots")
    session.plots.add()
    session.act("animate")
    for kept in (0, KEPT_RUNS):
        for k in range(kept):
            session.clock.run(300 if quick else 3000)
            session.sim.set_conditions([1.0 + 0.3 * k, 0.5], [0.0, 0.0])
        kinds = ", ".join(p.spec.kind for p in session.plots.plots)
        print()
        print(f"Frame times: {session.entry.title}, {frames} frames at 1×, plots open ({kinds}), "
              f"{kept} earlier runs kept in each")
        _measure(app, frames, warm_up=10 if quick else 30)


def _measure(app, frames: int, warm_up: int = 30) -> None:
    import pygame

    session = app.session
    physics, drawing, total, cpu = [], [], [], []
    for _ in range(warm_up):  # warm up caches
        app.frame(FRAME)
    t_start = session.sim.t
    for _ in range(frames):
        c0 = time.process_time()
        t0 = time.perf_counter()
        for event in pygame.event.get():
            app.handle(event)
        app.manager.update(FRAME)
        t1 = time.perf_counter()
        session.clock.advance(FRAME)
        t2 = time.perf_counter()
        app.draw()
        pygame.display.flip()
        t3 = time.perf_counter()
        physics.append(t2 - t1)
        drawing.append(t3 - t2)
        total.append(t3 - t0)
        cpu.append(time.process_time() - c0)
    print(f"simulated {session.sim.t - t_start:.2f} s in {frames} frames")
    print(f"{'':<10}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    # "processor": the frame's processor time, which other programs' load on the cores barely changes
    for name, xs in (("physics", physics), ("drawing", drawing), ("total", total), ("processor", cpu)):
        a = np.array(xs) * 1000
        print(f"{name:<10}{np.percentile(a, 50):>10.2f}{np.percentile(a, 95):>10.2f}{a.max():>10.2f}")


def bench_idle(seconds: float = 5.0, model: str = "pendulo_doble") -> int:
    """``bench --idle``: the window's loop, paused with nothing happening, for ``seconds`` of wall
    time: processor time over wall time (the share of one core it takes) and the frames drawn."""
    headless()
    import pygame

    from ..window.window import AWAKE_AFTER_INPUT, App

    app = App(Settings(), model)
    app.frame(0.0)
    pygame.event.clear()
    app.run(AWAKE_AFTER_INPUT + 0.5, quit=False)  # the opening, until the window falls asleep
    frames = app.frames
    wall, cpu = time.perf_counter(), time.process_time()
    app.run(seconds, quit=False)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"Idle: {app.session.entry.title}, paused, no input, {wall:.1f} s of the window's loop "
          f"(SDL {pygame.display.get_driver()} driver)")
    print(f"processor {100 * cpu / wall:.2f} % of a core, {app.frames - frames} frames drawn "
          f"({(app.frames - frames) / wall:.1f} per second)")
    pygame.quit()
    return 0
