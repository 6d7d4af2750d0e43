"""Cuerpos en Movimiento for the desktop: `python main.py --help`."""

import sys

from game.app.cli import main

if __name__ == "__main__":
    sys.exit(main())
