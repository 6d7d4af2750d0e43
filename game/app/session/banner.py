"""The banner over the scene: what it says, what about, and how long it has been shown (no pygame).

What it says is kept unwritten (a catalogue message) so a change of language says it again; what
it is about (its cause) decides its kind: a problem stays until it is dealt with, something done
(a file written) fades after :data:`DONE_SECONDS`. Every banner can be closed (its × or a tap on
it); a warning closed is not said again until the values change.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...expr import SourceError
from ...messages import Message, language, said
from ...model import ModelFileError
from ...physics import SimulationError

#: seconds of the session's clock a banner about something done (a file written) stays, the last
#: :data:`FADE_SECONDS` of them fading; a problem's banner stays until it is dealt with
DONE_SECONDS = 6.0
FADE_SECONDS = 1.5

#: warnings said again as the motion goes on (the step is too coarse; a body drawn inside out):
#: once closed, they wait for new values
REPEATED = ("coarse", "negative")

#: what the banner can hold: a catalogue message, kept unwritten so it is said again in the other
#: language, or a plain text
Said = Message | str


@dataclass(frozen=True)
class FirstLine:
    """The first line of what ``what`` says (an error of several lines, in a one-line banner),
    written when it is shown, so in the language of that moment."""

    what: object

    def text(self, language: str) -> str:
        """The first line in ``language``: the first problem of a file, or the engine's sentence,
        written from its catalogue message (so a Spanish banner does not carry an English reason)."""
        what = self.what
        if isinstance(what, ModelFileError) and what.problems:
            what = what.problems[0]
        if isinstance(what, SimulationError):
            line = what.said.text(language)
        elif isinstance(what, SourceError):
            line = f"{what.location}: {said(what.reason, language)}"
        else:
            line = str(what)
        return (line.splitlines() or [""])[0]

    def __str__(self) -> str:
        return self.text(language())


class Banner:
    def __init__(self) -> None:
        #: what the banner says, or None (no banner)
        self.said: Said | None = None
        #: what it is about: "load", "stopped", "coarse", "negative", "notice", "done", "info" (see :meth:`say`)
        self.cause: str | None = None
        #: seconds of the session's clock it has been shown (a "done" banner fades)
        self.age = 0.0
        #: the cause of a warning the student closed: not said again until the values change
        self.closed: str | None = None

    @property
    def text(self) -> str | None:
        """The banner's text in the language of the interface now (None: no banner)."""
        return None if self.said is None else said(self.said, language())

    def say(self, words: Said | None, cause: str | None = None) -> None:
        """Show ``words`` (None: no banner), kept unwritten so a change of language says them again;
        ``cause`` says what it is about, so a banner about a value goes away once the value is fixed
        (:meth:`game.app.session.session.Session.look_again`), and one about something "done" fades."""
        if words is not None and cause in REPEATED and cause == self.closed:
            return  # the student closed this warning: the same one again would only nag
        self.said, self.cause = words, (cause if words else None)
        self.age = 0.0

    def close(self) -> None:
        """The student closed the banner (its × or a tap on it): it goes, and a warning of the same
        cause stays away until :meth:`values_changed`."""
        self.closed = self.cause
        self.say(None)

    def values_changed(self) -> None:
        """New values (typed, dragged, reset): a banner about the old ones goes, and a warning
        about them is worth saying again."""
        self.closed = None
        if self.cause in ("stopped", *REPEATED):
            self.say(None)

    @property
    def kind(self) -> str:
        """"done" (a file written: calm, it fades), "info" (where the manual is: calm, it stays, as
        it holds a path to read) or "problem" (red, it stays until dealt with)."""
        return self.cause if self.cause in ("done", "info") else "problem"

    @property
    def opacity(self) -> float:
        """1 while the banner is fully shown, down to 0 as a "done" banner fades out."""
        if self.kind != "done":
            return 1.0
        return max(0.0, min(1.0, (DONE_SECONDS - self.age) / FADE_SECONDS))

    def ages(self, wall_seconds: float) -> bool:
        """``wall_seconds`` more of being shown; True when a "done" banner has just gone (a warning
        it stood in front of may show again)."""
        self.age += wall_seconds
        if self.kind == "done" and self.age >= DONE_SECONDS:
            self.say(None)
            return True
        return False
