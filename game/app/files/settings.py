"""Settings from a TOML file (SPEC §6): language, full screen, speed, trails, kiosk.

Each value is checked by what it means, not only by its type: ``speed = 3`` is not
a speed the program has, ``fps = 0`` would remove the frame cap, ``kiosk_idle_seconds = 0``
would reload the model every frame. A value that is wrong is reported with its key and
line and the default is used instead, so one bad line never keeps a kiosk from starting;
only a file that cannot be read or is not TOML at all is an error.
"""

from __future__ import annotations

import math
import re
import reprlib
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ...messages import language_from_environment, msg, thousands
from ...model.files import FileRefused, read_limited

#: the speeds a student may choose (simulated seconds per wall second): the settings' speed is one
SPEEDS = (0.5, 1.0, 2.0, 4.0)


@dataclass(frozen=True)
class Show:
    """One model of a kiosk's attract loop: which, from which conditions, for how long."""

    model: str
    seconds: float = 40.0
    #: condition name → expression (the file's value for the rest)
    conditions: tuple[tuple[str, str], ...] = ()


#: striking motions for a kiosk left alone: chaos, an inverted pendulum held up, three bodies
ATTRACT = (
    Show("pendulo_doble", 40.0, (("a1", "2.9"), ("a2", "3.1"))),
    Show("pendulo_triple", 40.0, (("a1", "2.2"), ("a2", "2.6"), ("a3", "3"))),
    Show("kapitza", 30.0),
    Show("tres_cuerpos", 40.0),
    Show("pendulo_forzado", 40.0),
    Show("pendulo_elastico", 30.0, (("r", "1.8"), ("a", "1.2"))),
)


@dataclass(frozen=True)
class Settings:
    #: "es" or "en"; None: the environment's (see :attr:`interface_language`)
    language: str | None = None
    fullscreen: bool = False
    kiosk: bool = False
    #: simulated seconds per wall second (0.5, 1, 2 or 4)
    speed: float = 1.0
    #: points kept per trail (memory: 17 bytes each); a trail that stays thins its older points when full
    trail_length: int = 20_000
    #: trails fade out behind the body instead of staying until the Eraser (CenM)
    trail_fade: bool = False
    #: trail line width in pixels: 1 is anti-aliased; 2 or 3 read better on a projector
    trail_width: int = 1
    #: a velocity arrow is the displacement in this many seconds
    arrow_seconds: float = 0.3
    fps: int = 60
    width: int = 1280
    height: int = 720
    #: kiosk: seconds without input before "Still there?" is asked
    kiosk_idle_seconds: float = 120.0
    #: kiosk: seconds the "Still there?" countdown lasts before the attract loop starts
    kiosk_countdown_seconds: float = 10.0
    #: kiosk: seconds a failed simulation stays stopped (with its message) before it starts over
    kiosk_heal_seconds: float = 5.0
    #: kiosk: the attract loop, in order (TOML: [[kiosk_attract]] tables of model, seconds, conditions)
    kiosk_attract: tuple[Show, ...] = field(default=ATTRACT)
    #: the first-run hint of what the icons do shows over the scene (set by the program at start,
    #: when the user has not closed it yet; not a setting of the file)
    first_run_hint: bool = False

    @property
    def interface_language(self) -> str:
        """The language the window speaks: :attr:`language` (``--lang``, the settings file or what a
        desktop remembers), else the environment's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
        return self.language or language_from_environment()


class SettingsError(ValueError):
    pass


@dataclass(frozen=True)
class Rule:
    """What a setting's value must be: a test, and its wording (a key of the catalogue, ``settings.rule.…``)."""

    valid: Callable[[object], bool]
    words: str
    values: dict[str, object]


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value) if isinstance(value, str) else str(value)


def _between(low: float, high: float, integer: bool = False) -> Rule:
    def valid(v: object) -> bool:
        if isinstance(v, bool) or not isinstance(v, int if integer else (int, float)):
            return False
        if isinstance(v, int):  # (an integer of 400 digits is no float: compared as it is)
            return low <= v <= high
        return math.isfinite(v) and low <= v <= high

    return Rule(valid, "settings.rule.int_between" if integer else "settings.rule.between",
                {"low": _shown(low), "high": _shown(high)})


def _boolean() -> Rule:
    return Rule(lambda v: isinstance(v, bool), "settings.rule.bool", {})


def _one_of(choices: tuple) -> Rule:
    def valid(v: object) -> bool:
        return not isinstance(v, bool) and isinstance(v, (str, int, float)) and v in choices

    return Rule(valid, "settings.rule.one_of",
                {"choices": ", ".join(c if isinstance(c, str) else _shown(c) for c in choices)})


#: the largest width or height of the window, in pixels
LARGEST_SIDE = 16_384

#: what each setting may be
RULES: dict[str, Rule] = {
    "language": _one_of(("es", "en")),
    "fullscreen": _boolean(),
    "kiosk": _boolean(),
    "speed": _one_of(SPEEDS),
    "trail_length": _between(100, 1_000_000, integer=True),
    "trail_fade": _boolean(),
    "trail_width": _between(1, 5, integer=True),
    "arrow_seconds": _between(0.01, 60.0),
    "fps": _between(10, 240, integer=True),
    "width": _between(640, LARGEST_SIDE, integer=True),
    "height": _between(400, LARGEST_SIDE, integer=True),
    "kiosk_idle_seconds": _between(10.0, 86_400.0),
    "kiosk_countdown_seconds": _between(1.0, 600.0),
    "kiosk_heal_seconds": _between(0.5, 600.0),
}


def load_settings(path: str | Path | None, language: str | None = None) -> tuple[Settings, list[str]]:
    """The settings of ``path`` (the defaults without one) and what was wrong in it, one
    message per bad line (``file:line: key = value: what it must be; the default is used``),
    in ``language`` (``--lang``), else the file's own, else the environment's."""
    if path is None:
        return Settings(), []
    try:
        text = read_limited(path, MAX_SETTINGS_BYTES).decode("utf-8-sig")  # Notepad writes a BOM
        data = tomllib.loads(text)
    except FileRefused as refused:  # a FIFO or /dev/zero: refused at once, not waited for
        reason = msg("file.not_regular") if refused.size is None else msg(
            "settings.too_big", size=thousands(refused.size), limit=thousands(MAX_SETTINGS_BYTES))
        raise SettingsError(f"{path}: {reason}") from None
    except OSError as exc:
        raise SettingsError(f"{path}: {msg('settings.cannot_read', reason=exc.strerror or exc)}") from None
    except UnicodeDecodeError:
        raise SettingsError(f"{path}: {msg('file.not_utf8')}") from None
    except tomllib.TOMLDecodeError as exc:
        # tomllib says where in English at the end of its reason: the place goes in front, as for models
        at = re.search(r"\s*\(at line (\d+), column (\d+)\)$", str(exc))
        said = str(exc)[:at.start()] if at else str(exc)
        place = f"{path}:{at[1]}:{at[2]}" if at else str(path)
        raise SettingsError(f"{place}: {msg('settings.not_toml', reason=said)}") from None
    except ValueError as exc:  # an integer of more than 4300 digits: Python will not read it
        raise SettingsError(f"{path}: {msg('settings.not_toml', reason=str(exc).split(':')[0])}") from None
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise SettingsError(f"{path}: {msg('settings.too_deep')}") from None
    own = data.get("language") if RULES["language"].valid(data.get("language")) else None
    spoken = language or (str(own) if own else language_from_environment())
    defaults = Settings()
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {}
    problems: list[str] = []
    lines = _key_lines(text)
    unknown = 0
    for key, value in data.items():
        where = f"{path}:{lines.get(key, '?')}"
        if key not in known:
            unknown += 1
            if unknown <= MAX_UNKNOWN:
                problems.append(msg("settings.unknown", where=where, key=_short(key),
                                    known=", ".join(sorted(known))).text(spoken))
            continue
        if key == "kiosk_attract":
            try:
                values[key] = _shows(value)
            except SettingsError as exc:
                problems.append(msg("settings.refused", where=where, key=key, value="…", rule=str(exc),
                                    default=msg("settings.default_attract")).text(spoken))
            continue
        rule = RULES[key]
        if not rule.valid(value):
            shown = "true" if value is True else "false" if value is False else _said(value)
            problems.append(msg("settings.refused", where=where, key=key, value=shown,
                                rule=msg(rule.words, **rule.values),
                                default=_shown(getattr(defaults, key))).text(spoken))
            continue
        default = getattr(defaults, key)
        values[key] = float(value) if isinstance(default, float) else value
    if unknown > MAX_UNKNOWN:  # one message for the rest: a banner, not a screenful
        problems.append(msg("settings.more", count=unknown - MAX_UNKNOWN, path=str(path)).text(spoken))
    return replace(defaults, **values), problems


#: a show's model: a name of the menu (its file's stem), never a path
SHOW_NAME = re.compile(r"\w[\w\- ]{0,79}")

#: settings files larger than this are refused before they are read (a kiosk's whole show is a kB)
MAX_SETTINGS_BYTES = 1024 * 1024
#: unknown keys said one by one; the rest are counted in one line (a wrong value of a known
#: key is always said: there are a dozen of those at most)
MAX_UNKNOWN = 20

#: ``key =``, ``"key" =``, ``'key' =``, ``[key]`` or ``[[key]]`` at the start of a line
_KEY = re.compile(r"""^\s*(?:([A-Za-z0-9_-]+|"[^"]*"|'[^']*')\s*=|\[\[?\s*([A-Za-z0-9_-]+)\s*\]\]?)""")


def _key_lines(text: str) -> dict[str, int]:
    """The line where each key is first set (or its ``[key]`` / ``[[key]]`` table opens) in a
    TOML text (tomllib does not say): one pass, however many keys the file has."""
    lines: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        found = _KEY.match(line)
        if found:
            key = found.group(1) or found.group(2)
            lines.setdefault(key[1:-1] if key[0] in "\"'" else key, number)
    return lines


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"


def _said(value: object) -> str:
    """A value as written, shortened: a string of a megabyte or lists within lists are not repeated whole."""
    if isinstance(value, str):
        return repr(_short(value))
    return _SHORT.repr(value)


_SHORT = reprlib.Repr()
_SHORT.maxlist = _SHORT.maxdict = 6
_SHORT.maxlevel = 3


def _shows(value: object) -> tuple[Show, ...]:
    """``[[kiosk_attract]]`` tables: model = "stem", seconds = 40, conditions = { a1 = "2.9" }."""
    if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
        raise SettingsError("kiosk_attract must be a list of [[kiosk_attract]] tables")
    shows = []
    for i, table in enumerate(value, 1):
        unknown = set(table) - {"model", "seconds", "conditions"}
        model, seconds, conditions = table.get("model"), table.get("seconds", 40.0), table.get("conditions", {})
        if unknown or not isinstance(model, str):
            raise SettingsError(f"kiosk_attract #{i} needs model = \"name\" (and may have seconds, "
                                f"conditions){'; unknown: ' + ', '.join(sorted(unknown)) if unknown else ''}")
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 1 <= seconds <= 86_400:
            raise SettingsError(f"kiosk_attract #{i}: seconds must be a number from 1 to 86400")
        if not SHOW_NAME.fullmatch(model):  # a model of the menu by its name, not a path (/dev/zero)
            raise SettingsError(f"kiosk_attract #{i}: model must be the name of a model of the menu, "
                                f"not {_said(model)}")
        if not isinstance(conditions, dict) or not all(isinstance(v, (str, int, float)) for v in conditions.values()):
            raise SettingsError(f"kiosk_attract #{i}: conditions must be a table of name = \"expression\"")
        shows.append(Show(model, float(seconds), tuple((k, str(v)) for k, v in conditions.items())))
    return tuple(shows)
