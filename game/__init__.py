"""Cuerpos en Movimiento for the desktop.

The package reads as the architecture, imports flowing one way:

- ``expr``    the expression language (parse, check, differentiate, compile)
- ``model``   model files, the catalog, validation
- ``physics`` the engine: Euler–Lagrange in (q, p), RK4, energies
- ``render``  pixels: the scene, trails, arrows (pygame)
- ``ui``      controls and panels (pygame_gui)
- ``app``     command line, settings, the main loop

``expr``, ``model`` and ``physics`` never import pygame: they run headless.
"""

import os

__version__ = "0.1.0"

# The engine's matrices are small (a mechanism's are at most 60 coordinates by its constraint
# rows): BLAS threads never pay for themselves there, and on a busy machine they cost a hundred
# times the work (an SVD of 130×60 took 0.12 s instead of 1 ms on two shared cores, so a
# mechanism of 500 rows took 5 s to check instead of 0.7 s). One thread, unless the user says
# otherwise; this must happen before NumPy is first imported, which the package itself does later.
for _variable in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
