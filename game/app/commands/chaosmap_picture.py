"""The files of ``chaosmap``: the grid of first times as CSV and as a picture (log-time colours,
never = white), written as every file is (:mod:`game.app.files.writing`). No pygame: the PNG is
a few lines over zlib."""

from __future__ import annotations

import math
import zlib
from pathlib import Path
from typing import Protocol

import numpy as np

from ..files.writing import write_file, writing

#: colours of the picture, fast to slow (log time): the viridis scale's anchors
PALETTE = np.array([(68, 1, 84), (72, 40, 120), (62, 74, 137), (49, 104, 142), (38, 130, 142),
                    (31, 158, 137), (53, 183, 121), (110, 206, 88), (181, 222, 43), (253, 231, 37)], float)
NEVER = (255, 255, 255)
FAILED = (200, 200, 200)


class Mapped(Protocol):
    """What a map's CSV reads of its result."""

    @property
    def xs(self) -> np.ndarray: ...

    @property
    def ys(self) -> np.ndarray: ...

    @property
    def times(self) -> np.ndarray: ...


def write_csv(path: str | Path, result: Mapped) -> None:
    """``x,y,time``, one row per cell (x fastest); an empty time = never (or the motion failed)."""
    with writing(path) as f:
        f.write("x,y,time\n")
        for j, y in enumerate(result.ys):
            for i, x in enumerate(result.xs):
                t = result.times[j, i]
                f.write(f"{float(x)!r},{float(y)!r},{'' if not t >= 0 else repr(float(t))}\n")


def colours(times: np.ndarray, seconds: float, first: float) -> np.ndarray:
    """RGB per cell: the palette along log(time) from ``first`` to ``seconds``; never = white,
    failed = grey."""
    rgb = np.empty((*times.shape, 3))
    done = times >= 0
    u = np.zeros(times.shape)
    with np.errstate(all="ignore"):
        u[done] = np.log(np.maximum(times[done], first) / first) / math.log(max(seconds / first, 1 + 1e-9))
    u = np.clip(u, 0, 1) * (len(PALETTE) - 1)
    k = np.minimum(u.astype(int), len(PALETTE) - 2)
    f = (u - k)[..., None]
    rgb[:] = PALETTE[k] * (1 - f) + PALETTE[k + 1] * f
    rgb[np.isnan(times)] = NEVER
    rgb[times < 0] = FAILED
    return np.round(rgb).astype(np.uint8)


def write_png(path: str | Path, rgb: np.ndarray) -> None:
    """An 8-bit RGB PNG of ``rgb`` (rows top to bottom), with no library but zlib."""
    h, w, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[r].tobytes() for r in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    header = w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes((8, 2, 0, 0, 0))
    write_file(path, b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6))
                           + chunk(b"IEND", b""))


def first_time(times: np.ndarray, dt: float) -> float:
    """Where the colour scale starts: the earliest time in the map (at least one step), so
    the colours spread over the times that occur."""
    done = times[times > 0]
    return max(dt, float(done.min())) if done.size else dt


def picture(times: np.ndarray, seconds: float, dt: float, min_size: int = 256) -> np.ndarray:
    """The map as RGB rows, y up (the top row is the largest y), enlarged to at least ``min_size``;
    colours from the earliest time in the map (violet) to ``seconds`` (yellow)."""
    rgb = colours(times, seconds, first_time(times, dt))[::-1]
    scale = max(1, -(-min_size // rgb.shape[0]))
    return np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)
