"""The program: command line, settings, and the window's main loop."""
