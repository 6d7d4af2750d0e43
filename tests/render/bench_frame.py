"""Frame-time measurement for the rendering layer (a script, not a test).

    python tests/render/bench_frame.py            # with TrailLayer (window path)
    python tests/render/bench_frame.py --no-layer # stateless draw_trail path

1280x720, dummy SDL driver; a chaotic triple pendulum (3 bars, 3 balls, a
fixed-pivot mark) with three full 5,000-point trails and velocity arrows. The
trails come from integrating a real triple pendulum, because the cost of
anti-aliased lines depends on how much line there is, and a made-up path is
usually far shorter than a chaotic one.
"""

from __future__ import annotations

import math
import os
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from game.model.poses import BallPose, BarPose  # noqa: E402
from game.render import Camera, Trail, TrailLayer, draw_frame  # noqa: E402

LENGTHS = (1.0, 0.9, 0.8)
PIVOT = (-2.2, 1.6)
G = 9.81


def _accel(th: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Angular accelerations of a chain of unit point masses (angles from the downward vertical)."""
    n = len(th)
    mu = [n - k for k in range(n)]  # mass at or below link k
    m = np.empty((n, n))
    f = np.zeros(n)
    for i in range(n):
        for j in range(n):
            s = mu[max(i, j)]
            m[i, j] = LENGTHS[i] * LENGTHS[j] * math.cos(th[i] - th[j]) * s
            f[i] -= LENGTHS[i] * LENGTHS[j] * math.sin(th[i] - th[j]) * w[j] ** 2 * s
        f[i] -= G * LENGTHS[i] * math.sin(th[i]) * mu[i]
    return np.linalg.solve(m, f)


def _step(th: np.ndarray, w: np.ndarray, dt: float) -> tuple[np.ndarray, np.ndarray]:
    def f(y: np.ndarray) -> np.ndarray:
        return np.r_[y[3:], _accel(y[:3], y[3:])]

    y = np.r_[th, w]
    k1 = f(y)
    k2 = f(y + dt / 2 * k1)
    k3 = f(y + dt / 2 * k2)
    k4 = f(y + dt * k3)
    y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y[:3], y[3:]


def _poses(th: np.ndarray, w: np.ndarray) -> list:
    out: list = []
    x, y = PIVOT
    vx = vy = 0.0
    for i, (a, va, length) in enumerate(zip(th, w, LENGTHS)):
        xf, yf = x + length * math.sin(a), y - length * math.cos(a)
        vxf, vyf = vx + length * math.cos(a) * va, vy + length * math.sin(a) * va
        out.append(BarPose(f"b{i}", x, y, xf, yf, 0.06, vx, vy, vxf, vyf, True))
        out.append(BallPose(f"c{i}", xf, yf, 0.12, vxf, vyf, True, True))
        x, y, vx, vy = xf, yf, vxf, vyf
    return out


def main() -> None:
    use_layer = "--no-layer" not in sys.argv
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    camera = Camera(escala=100, ox=-60, oy=-30, viewport=(0, 48, 1280, 720 - 48 - 56))
    trails = [Trail(5000) for _ in range(3)]
    layer = TrailLayer() if use_layer else None
    th, w = np.array([2.0, 2.6, 2.9]), np.zeros(3)

    def advance() -> list:
        nonlocal th, w
        for _ in range(4):  # dt = 0.02 in 4 substeps
            th, w = _step(th, w, 0.005)
        poses = _poses(th, w)
        for i, trail in enumerate(trails):
            trail.add(poses[2 * i + 1].x, poses[2 * i + 1].y)
        return poses

    for _ in range(5000):
        poses = advance()
    times = []
    for _ in range(500):
        poses = advance()
        t0 = time.perf_counter()
        draw_frame(
            screen, camera, poses, trails=trails, trail_layer=layer,
            fixed_pivots=[PIVOT], show_velocities=True,
        )
        times.append((time.perf_counter() - t0) * 1000)
    t = np.array(times)
    print(
        f"{'TrailLayer' if use_layer else 'stateless'}: {len(t)} frames, median {np.median(t):.2f} ms, "
        f"p95 {np.percentile(t, 95):.2f} ms, max {t.max():.2f} ms (first frame {t[0]:.2f} ms)"
    )
    pygame.image.save(screen, "/tmp/render_bench.png")


if __name__ == "__main__":
    main()
