"""A kiosk left alone: its two-step timeout and attract loop (a state machine the session drives),
the lead-in of a show, and the watchdog process that keeps the window running. No pygame."""
