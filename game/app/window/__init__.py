"""The window (pygame): the loop, the widgets that follow the session, the plots' dock, the display,
the pointer and its gestures, picking, and healing a frame that raises."""
