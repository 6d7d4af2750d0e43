"""Where a problem is, and the error types that carry it.

Every message a teacher sees reads ``file:line:column: reason`` — the same shape
compilers use, so editors can jump to it. The reason is a
:class:`~game.messages.Message` (a key and its parameters), written out in the
current language when the error is shown; plain text is accepted too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..messages import Message, msg, text


@dataclass(frozen=True)
class Location:
    """A place in a text file; line and column count from 1."""

    file: str = "<text>"
    line: int = 1
    column: int = 1

    def shifted(self, columns: int) -> Location:
        """The same line, ``columns`` characters further right."""
        return replace(self, column=self.column + columns)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class SourceError(Exception):
    """A problem in something a person wrote, with the place it is at."""

    def __init__(self, message: str | Message, location: Location | None = None):
        super().__init__(message)
        self.reason = message
        self.location = location or Location()

    @property
    def message(self) -> str:
        """The reason, in the current language."""
        return text(self.reason)

    @property
    def key(self) -> str | None:
        """The catalogue key of the reason (None for plain text)."""
        return self.reason.key if isinstance(self.reason, Message) else None

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


class ExpressionError(SourceError):
    """An expression that cannot be read (bad syntax, unknown name, bad reference)."""


class EvaluationError(ArithmeticError):
    """An expression that was read fine but cannot be computed at these values
    (square root of a negative, log of 0, division by zero, a result that is not finite)."""

    def __init__(self, reason: str | Message):
        super().__init__(reason)
        self.reason = reason

    @property
    def message(self) -> str:
        return text(self.reason)

    def __str__(self) -> str:
        return self.message

    @classmethod
    def of(cls, exc: BaseException) -> EvaluationError:
        """What Python's arithmetic exception ``exc`` means, as an evaluation error."""
        if isinstance(exc, EvaluationError):
            return exc
        if isinstance(exc, ZeroDivisionError):
            return cls(msg("eval.zero_negative_power" if "negative power" in str(exc) else "eval.division_by_zero"))
        if isinstance(exc, OverflowError):
            return cls(msg("eval.overflow"))
        return cls(msg("eval.domain"))
