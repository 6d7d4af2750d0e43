#!/usr/bin/env python3
"""Write ``models/caja_bolas.dat``: a box of balls (a gas in miniature), from ``game.app.commands.ballbox``.

Usage (from the project folder)::

    python tools/make_ball_box.py              # 10 balls into models/caja_bolas.dat
    python tools/make_ball_box.py --balls 12 --out mine.dat

Re-running writes the same file (positions on a grid, speeds from a fixed seed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.app.commands.ballbox import ball_box  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--balls", type=int, default=10)
    parser.add_argument("--out", default=str(ROOT / "models" / "caja_bolas.dat"))
    args = parser.parse_args()
    Path(args.out).write_text(ball_box(args.balls), encoding="utf-8")
    print(f"{args.out}: {args.balls} balls")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
