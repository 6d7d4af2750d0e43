"""Settings from TOML, checked by what they mean (issue 9 item 13): a bad value is reported
with its key and line, and the default is used; only an unreadable file is an error."""

from __future__ import annotations

from dataclasses import fields

import pytest

from game.app.files.settings import ATTRACT, Settings, SettingsError, load_settings


def write(tmp_path, text: str):
    p = tmp_path / "kiosko.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_defaults_without_a_file():
    assert load_settings(None) == (Settings(), [])


def test_values_from_a_file(tmp_path):
    p = write(tmp_path, 'language = "en"\nkiosk = true\nspeed = 2\ntrail_length = 500\nkiosk_idle_seconds = 60\n')
    s, problems = load_settings(p)
    assert (s.language, s.kiosk, s.speed, s.trail_length, s.kiosk_idle_seconds) == ("en", True, 2.0, 500, 60.0)
    assert problems == []


@pytest.mark.parametrize("line, key, words", [
    ("kiosk_idle_seconds = 0", "kiosk_idle_seconds", "entre 10 y 86400"),
    ("speed = 3", "speed", "0.5, 1, 2, 4"),
    ("fps = 0", "fps", "entero entre 10 y 240"),
    ("trail_length = 1", "trail_length", "entre 100"),
    ("width = 200", "width", "entre 640"),
    ("arrow_seconds = -1.0", "arrow_seconds", "entre 0.01 y 60"),
    ("arrow_seconds = nan", "arrow_seconds", "entre"),
    ('language = "fr"', "language", "es, en"),
    ("kiosk = 3", "kiosk", "true o false"),
    ('fps = "60"', "fps", "entero"),
])
def test_a_value_out_of_its_meaning_is_named_with_its_line_and_the_default_used(tmp_path, line, key, words):
    p = write(tmp_path, f"# ajustes del museo\nfullscreen = true\n{line}\n")
    s, problems = load_settings(p, "es")
    assert getattr(s, key) == getattr(Settings(), key)  # the default
    assert s.fullscreen  # the good lines still count
    assert len(problems) == 1 and problems[0].startswith(f"{p}:3: {key} = ")
    assert words in problems[0] and "se usa" in problems[0]


def test_an_unknown_key_is_named_and_ignored(tmp_path):
    p = write(tmp_path, "fps = 30\ncolour = 1\n")
    s, problems = load_settings(p, "en")
    assert s.fps == 30
    assert problems == [f"{p}:2: 'colour' is not a setting (the settings are: {', '.join(sorted(vars(Settings())))}); ignored"]


def test_messages_in_the_files_own_language(tmp_path):
    p = write(tmp_path, 'language = "en"\nspeed = 3\n')
    assert load_settings(p)[1] == [f"{p}:2: speed = 3: must be one of: 0.5, 1, 2, 4; using 1"]


@pytest.mark.parametrize("environ, said", [({"LANG": "es_MX.UTF-8"}, "se usa"), ({"LANG": "C.UTF-8"}, "using")])
def test_without_lang_or_the_files_own_the_messages_are_in_the_environments_language(tmp_path, monkeypatch,
                                                                                    environ, said):
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    p = write(tmp_path, "speed = 3\n")
    assert said in load_settings(p)[1][0]
    assert Settings().language is None and Settings().interface_language == ("es" if said == "se usa" else "en")
    assert Settings(language="en").interface_language == "en"  # the file's, --lang or the remembered one wins


def test_a_file_that_is_not_toml_is_an_error_in_the_messages_language(tmp_path):
    from game.messages import set_language

    p = write(tmp_path, "fps = 30\nspeed = \n")
    (tmp_path / "latin1.toml").write_bytes('language = "español"\n'.encode("latin-1"))
    for language, not_toml, cannot in (("en", "not TOML", "cannot read"), ("es", "no es TOML", "no se puede leer")):
        set_language(language)
        with pytest.raises(SettingsError) as refused:
            load_settings(p)
        # the place first, as for a model file: file:line:column (the value missing at the line's end)
        assert str(refused.value).startswith(f"{p}:2:9: {not_toml}: Invalid value"), str(refused.value)
        with pytest.raises(SettingsError, match=cannot):
            load_settings(tmp_path / "nada.toml")
        with pytest.raises(SettingsError, match="UTF-8"):
            load_settings(tmp_path / "latin1.toml")


def test_the_window_command_prints_the_problems_and_starts_with_the_defaults(tmp_path, monkeypatch, capsys):
    """Through the CLI: the window opens (headless here) with the defaults and a banner."""
    import pygame

    from game.app import cli

    shown = {}

    def run(app):
        shown["banner"], shown["fps"], shown["idle"] = app.session.banner.text, app.settings.fps, app.settings.kiosk_idle_seconds
        return 0

    monkeypatch.setattr("game.app.window.window.App.run", run)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    p = write(tmp_path, "fps = 0\nkiosk_idle_seconds = 0\n")
    assert cli.main(["--config", str(p), "--lang", "en", "--model", "pendulo_simple"]) == 0
    err = capsys.readouterr().err
    assert f"{p}:1: fps = 0" in err and f"{p}:2: kiosk_idle_seconds = 0" in err
    assert shown["fps"] == 60 and shown["idle"] == 120.0
    assert "fps = 0" in shown["banner"] and "using 60" in shown["banner"]
    pygame.quit()


# -- hostile settings files: a message at once, never a hang, a traceback or minutes of work ------

def test_a_fifo_or_a_device_is_refused_at_once(tmp_path):
    from fifos import fifo

    with fifo(tmp_path / "ajustes.toml") as f, pytest.raises(SettingsError) as refused:
        load_settings(f)
    assert str(refused.value) == f"{f}: not a file but a pipe, a device or a socket: only files are read"
    with pytest.raises(SettingsError, match=r"^/dev/null: not a file but a pipe"):
        load_settings("/dev/null")  # (and /dev/zero, which was read until memory ran out)


def test_a_file_over_a_megabyte_is_refused_before_it_is_read(tmp_path):
    p = write(tmp_path, "# " + "x" * (1024 * 1024) + "\n")
    with pytest.raises(SettingsError) as refused:
        load_settings(p)
    assert str(refused.value) == f"{p}: the file is 1,048,579 bytes; settings files are limited to 1,048,576 bytes"


@pytest.mark.parametrize("nested", ["[" * 100_000 + "]" * 100_000, "{ a = " * 50_000 + "1" + " }" * 50_000],
                         ids=["arrays", "tables"])
def test_values_nested_too_deeply_are_a_message_not_a_traceback(tmp_path, nested):
    p = write(tmp_path, f"speed = 1\nx = {nested}\n")
    with pytest.raises(SettingsError) as refused:
        load_settings(p)
    assert str(refused.value) == f"{p}: lists or tables nested too deeply within each other to be read"


def test_many_unknown_keys_are_read_in_one_pass_and_counted_past_twenty(tmp_path):
    # 3,000 unknown keys, then a wrong value: each key's line used to be looked for from the top
    # (3,000 × 3,000 lines; 60,000 keys took about twenty minutes), and each was said on its own line
    p = write(tmp_path, "".join(f"k{i} = {i}\n" for i in range(3000)) + 'speed = 3\n"fps" = 30\n')
    s, problems = load_settings(p, "en")
    assert len(problems) == 22 and s.fps == 30
    assert problems[0].startswith(f"{p}:1: 'k0' is not a setting") and problems[19].startswith(f"{p}:20: 'k19' ")
    assert problems[20] == f"{p}:3001: speed = 3: must be one of: 0.5, 1, 2, 4; using 1"
    assert problems[21] == f"… and 2980 more unknown keys in {p}"


#: what the message of an unknown key lists: every setting a file may give, in order
SETTING_NAMES = ", ".join(sorted(f.name for f in fields(Settings)))


def test_a_long_value_is_shortened_in_its_message(tmp_path):
    p = write(tmp_path, f'fps = "{"9" * 100_000}"\nspeed = [[[[[[1]]]]], 2, 3, 4, 5, 6, 7, 8]\n{"k" * 1000} = 1\n')
    _, problems = load_settings(p, "en")
    assert problems == [
        f"{p}:1: fps = '{'9' * 59}…': must be a whole number from 10 to 240; using 60",
        f"{p}:2: speed = [[[[...]]], 2, 3, 4, 5, 6, ...]: must be one of: 0.5, 1, 2, 4; using 1",
        f"{p}:3: '{'k' * 59}…' is not a setting (the settings are: {SETTING_NAMES}); ignored"]


# -- round 2 at the edges: a BOM, integers too long, shows that are not shows -----------------------

def test_a_settings_file_with_a_bom_is_read(tmp_path):
    p = tmp_path / "kiosko.toml"
    p.write_bytes(b"\xef\xbb\xbffps = 30\n")  # Notepad writes one
    settings, problems = load_settings(p, "en")
    assert settings.fps == 30 and problems == []


def test_an_integer_of_hundreds_or_thousands_of_digits_is_said_not_a_traceback(tmp_path):
    settings, problems = load_settings(write(tmp_path, "fps = " + "9" * 400 + "\n"), "en")
    assert settings.fps == 60 and len(problems) == 1 and "must be a whole number from 10 to 240" in problems[0]
    with pytest.raises(SettingsError, match="not TOML"):
        load_settings(write(tmp_path, "fps = " + "9" * 5000 + "\n"), "en")


@pytest.mark.parametrize("table, words", [
    ('model = "kapitza"\nseconds = nan', "seconds must be a number from 1 to 86400"),
    ('model = "kapitza"\nseconds = inf', "seconds must be a number from 1 to 86400"),
    ('model = "kapitza"\nseconds = 1e-300', "seconds must be a number from 1 to 86400"),
    ('model = "/dev/zero"', "model must be the name of a model of the menu, not '/dev/zero'"),
])
def test_a_show_of_no_time_or_of_a_device_is_refused(tmp_path, table, words):
    settings, problems = load_settings(write(tmp_path, f"[[kiosk_attract]]\n{table}\n"), "en")
    assert settings.kiosk_attract == ATTRACT and len(problems) == 1 and words in problems[0], problems
