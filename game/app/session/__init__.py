"""The program without its window (no pygame): the Session, the command table, typed values,
the live panels' text, stepping values, framing and looking ahead, the step scheduler, the plots and their kinds."""
