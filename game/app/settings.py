"""Settings from a TOML file (SPEC §6): language, full screen, speed, trails, kiosk."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    language: str = "es"
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
    #: kiosk: seconds without input before the model goes back to its conditions and animates
    kiosk_idle_seconds: float = 120.0


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
    values = {}
    for key, value in data.items():
        if key not in known:
            raise SettingsError(f"{path}: unknown setting '{key}' (known: {', '.join(known)})")
        default = getattr(Settings(), key)
        if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, (type(default), int)):
            raise SettingsError(f"{path}: {key} must be {type(default).__name__}, not {value!r}")
        values[key] = type(default)(value)
    if values.get("language", "es") not in ("es", "en"):
        raise SettingsError(f"{path}: language must be 'es' or 'en'")
    return replace(Settings(), **values)
