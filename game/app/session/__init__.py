"""The program without its window (no pygame): the Session and its parts (showing, actions, banner,
clock, dragging, readout, exports, kiosk show, dialogs, user files, framer), the command table,
typed values, stepping values, framing and looking ahead, the step scheduler, the plots and their kinds."""
