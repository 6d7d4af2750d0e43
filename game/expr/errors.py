"""Where a problem is, and the error types that carry it.

Every message a teacher sees reads ``file:line:column: reason`` — the same shape
compilers use, so editors can jump to it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


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

    def __init__(self, message: str, location: Location | None = None):
        super().__init__(message)
        self.message = message
        self.location = location or Location()

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


class ExpressionError(SourceError):
    """An expression that cannot be read (bad syntax, unknown name, bad reference)."""


class EvaluationError(ArithmeticError):
    """An expression that was read fine but cannot be computed at these values
    (square root of a negative, log of 0, division by zero, overflow)."""
