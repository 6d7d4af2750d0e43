"""What the program says to people, in Spanish and English: the words of its interface and
its messages, in one catalogue.

An error does not carry finished text: it carries a :class:`Message`, a key of
:data:`CATALOGUE` plus its parameters, and the text is written out when it is
shown, in the language of the moment. So the same ``SourceError`` reads
``m.dat:3:7: unknown name 'gg'`` for one user and
``m.dat:3:7: nombre desconocido 'gg'`` for another.

The words live in one module per area of the program (``expr``, ``model``,
``mechanism``, ``engine``, ``commands``, …), each a dict ``WORDS`` of
``key: (English, Spanish)``; :data:`CATALOGUE` is all of them, and a key defined
in two areas stops the import. A key starts with its family (``expr.``,
``read.``, ``sim.``…), and a family lives in one area.

Adding a message: add ``"family.what": ("English {x}", "Español {x}")`` to the
area that says it (both languages, the same ``{placeholders}``; a test checks
it), then raise ``SourceError(msg("family.what", x=...), location)``. A parameter
may itself be a :class:`Message` (a clause shared by several messages); it is
written in the same language. The interface says its words the same way:
``msg("control.animate").text()`` now, or the :class:`Message` kept unwritten
(the banner's) and said again in the other language when the language changes.

The language: one for the whole program, the environment's until something says
otherwise. :func:`language_from_environment` reads ``LC_ALL``, ``LC_MESSAGES``
and ``LANG`` as POSIX does (``es_MX.UTF-8`` means Spanish; English otherwise);
:func:`set_language` changes it: the commands with ``--lang``, the window with
``--lang``, the language a desktop remembers or its settings file, and its
language control.

Pure Python; never imports pygame or anything else of the program.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from . import (
    action,
    building,
    commands,
    constraints,
    controls,
    engine,
    equilibrium,
    expr,
    measuring,
    mechanism,
    model,
    panels,
    plots,
    settings,
    sweep,
    window,
)

LANGUAGES = ("en", "es")


def set_language(language: str) -> None:
    """Write messages in ``language`` ('en' or 'es') from now on."""
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    _current = language


def language() -> str:
    return _current


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """'es' when the locale of the environment is Spanish, else 'en'.

    The first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides (POSIX order)."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


_current = language_from_environment()


@dataclass(frozen=True)
class Message:
    """A catalogue key and its parameters, kept unwritten: ``text(language)`` writes it in a language,
    ``str()`` in the current one. A parameter with a ``text(language)`` of its own (a message, a
    :class:`Count`, the first line of an error in the banner) is written in the same language."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, language: str | None = None) -> str:
        lang = language or _current
        template = CATALOGUE[self.key][LANGUAGES.index(lang)]
        values = {k: _written(v, lang) for k, v in self.params}
        return template.format(**values)

    def __str__(self) -> str:
        return self.text()

    @property
    def arguments(self) -> dict[str, object]:
        return dict(self.params)


class MessageError(Exception):
    """A refusal whose words are a :class:`Message`, written in the language of the moment it is shown."""

    def __init__(self, message: Message):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message.text()


def _written(value: object, language: str) -> object:
    """A parameter as a message writes it: in ``language`` when it can be written in one, else as it is
    (a number keeps its format spec, as in ``{value:.1f}``)."""
    write = getattr(value, "text", None)
    return write(language) if callable(write) else value


def said(words: object, language: str) -> str:
    """``words`` written out in ``language``: a :class:`Message`, or anything with a ``text(language)``
    of its own (the first line of an error, in the banner); other things as ``str`` writes them (a
    plain string as it is)."""
    return str(_written(words, language))


def msg(key: str, /, **params: object) -> Message:
    """The message ``key`` of the catalogue with its parameters."""
    if key not in CATALOGUE:
        raise KeyError(f"no message {key!r} in the catalogue")
    return Message(key, tuple(params.items()))


def text(message: str | Message, language: str | None = None) -> str:
    """The text of a message, or a plain string as it is."""
    return message.text(language) if isinstance(message, Message) else message


def counted(count: int, one: str, many: str, shown: str | Count | None = None) -> Message:
    """``count`` things, said with the catalogue key ``one`` when there is exactly one and with
    ``many`` otherwise (both take ``{count}``: ``shown``, the count as written, else ``count``)."""
    return msg(one if count == 1 else many, count=count if shown is None else shown)


def number(value: float) -> str:
    """A number as messages show it: six significant digits."""
    return f"{value:.6g}"


def typeset(number: str) -> str:
    """A number as the plots write it, their ticks and what they say over themselves: with minus
    signs (−), not hyphens."""
    return number.replace("-", "−")


@dataclass(frozen=True)
class Count:
    """A big number written with its thousands grouped as each language groups them: 1,000,000
    in English, 1 000 000 in Spanish (a space that does not break the number: the comma is
    Spanish's decimal mark, so 500,000 read as five hundred)."""

    value: float

    def text(self, language: str | None = None) -> str:
        grouped = f"{self.value:,.0f}"
        return grouped if (language or _current) == "en" else grouped.replace(",", "\u00a0")

    def __str__(self) -> str:
        return self.text()


def thousands(value: float) -> Count:
    """A big count with its thousands grouped, in the language it is written in (:class:`Count`)."""
    return Count(value)


#: the areas of the program, each with the words it says
AREAS = (expr, model, mechanism, constraints, engine, equilibrium, action, commands, sweep, settings, controls,
         panels, plots, window, measuring, building)


def _merged(areas: tuple) -> dict[str, tuple[str, str]]:
    catalogue: dict[str, tuple[str, str]] = {}
    for area in areas:
        for key, texts in area.WORDS.items():
            if key in catalogue:
                raise ValueError(f"the message {key!r} of {area.__name__} is defined in another area too")
            catalogue[key] = texts
    return catalogue


#: key → (English, Spanish), every area's
CATALOGUE: dict[str, tuple[str, str]] = _merged(AREAS)
