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

__version__ = "0.1.0"
