"""Settings from a TOML file (SPEC §6): language, full screen, speed, trails, kiosk."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path


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
    language: str = "es"
    fullscreen: bool = False
    kiosk: bool = False
    #: simulated seconds per wall second (0.5, 1, 2 or 4)
    speed: float = 1.0
    #: points kept per trail
    trail_length: int = 3000
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


class SettingsError(ValueError):
    pass


def load_settings(path: str | Path | None) -> Settings:
    if path is None:
        return Settings()
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"{path}: {exc}") from None
    known = {f.name: f.type for f in fields(Settings)}
    values: dict[str, object] = {}
    for key, value in data.items():
        if key not in known:
            raise SettingsError(f"{path}: unknown setting '{key}' (known: {', '.join(known)})")
        if key == "kiosk_attract":
            values[key] = _shows(path, value)
            continue
        default = getattr(Settings(), key)
        if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, (type(default), int)):
            raise SettingsError(f"{path}: {key} must be {type(default).__name__}, not {value!r}")
        values[key] = type(default)(value)
    if values.get("language", "es") not in ("es", "en"):
        raise SettingsError(f"{path}: language must be 'es' or 'en'")
    return replace(Settings(), **values)  # type: ignore[arg-type]


def _shows(path: str | Path, value: object) -> tuple[Show, ...]:
    """``[[kiosk_attract]]`` tables: model = "stem", seconds = 40, conditions = { a1 = "2.9" }."""
    if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
        raise SettingsError(f"{path}: kiosk_attract must be a list of [[kiosk_attract]] tables")
    shows = []
    for i, table in enumerate(value, 1):
        unknown = set(table) - {"model", "seconds", "conditions"}
        model, seconds, conditions = table.get("model"), table.get("seconds", 40.0), table.get("conditions", {})
        if unknown or not isinstance(model, str):
            raise SettingsError(f"{path}: kiosk_attract #{i} needs model = \"name\" (and may have seconds, "
                                f"conditions){'; unknown: ' + ', '.join(sorted(unknown)) if unknown else ''}")
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds <= 0:
            raise SettingsError(f"{path}: kiosk_attract #{i}: seconds must be a positive number")
        if not isinstance(conditions, dict) or not all(isinstance(v, (str, int, float)) for v in conditions.values()):
            raise SettingsError(f"{path}: kiosk_attract #{i}: conditions must be a table of name = \"expression\"")
        shows.append(Show(model, float(seconds), tuple((k, str(v)) for k, v in conditions.items())))
    return tuple(shows)
