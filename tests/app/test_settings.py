"""Settings from TOML."""

from __future__ import annotations

import pytest

from game.app.settings import Settings, SettingsError, load_settings


def test_defaults_without_a_file():
    assert load_settings(None) == Settings()


def test_values_from_a_file(tmp_path):
    p = tmp_path / "kiosko.toml"
    p.write_text('language = "en"\nkiosk = true\nspeed = 2\ntrail_length = 500\n', encoding="utf-8")
    s = load_settings(p)
    assert (s.language, s.kiosk, s.speed, s.trail_length) == ("en", True, 2.0, 500)


@pytest.mark.parametrize("text, words", [
    ("colour = 1", "unknown setting 'colour'"),
    ("kiosk = 3", "kiosk must be bool"),
    ('language = "fr"', "language must be"),
    ("speed = ", "kiosko.toml"),
])
def test_bad_settings_are_named(tmp_path, text, words):
    p = tmp_path / "kiosko.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(SettingsError, match=words):
        load_settings(p)
