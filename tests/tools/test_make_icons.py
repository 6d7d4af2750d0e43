"""tools/make_icons.py draws the icons the program names, from the command table."""

from __future__ import annotations

import importlib.util

from project import ROOT

from game.app.session.controls import CONTROLS


def make_icons():
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "tools" / "make_icons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_icons_drawn_are_those_the_program_names_and_those_shipped():
    tool = make_icons()
    names = tool.wanted()
    assert {icon for c in CONTROLS for icon in (c.icon, c.icon_on) if icon} <= set(names)
    assert {"plot_clear", "plot_save", "plot_close", "plot_add", "app"} <= set(names)  # the dock's, the window's
    assert all(callable(tool.drawing(name)) for name in names)
    assert {p.stem for p in (ROOT / "assets" / "icons").glob("*.png")} == set(names)  # none missing, none left over


def test_an_icon_nothing_draws_stops_the_tool_and_is_named(monkeypatch, tmp_path, capsys):
    tool = make_icons()
    monkeypatch.setattr(tool, "wanted", lambda: ["play", "kettle_on"])
    assert tool.main(["--out", str(tmp_path / "icons")]) == 1
    err = capsys.readouterr().err
    assert "draws: kettle_on;" in err and "g_<name>(s)" in err  # the one missing, and what to add
    assert not (tmp_path / "icons").exists()  # nothing written


def test_the_tool_writes_an_icon_and_its_pale_copy(tmp_path):
    tool = make_icons()
    assert tool.main(["--out", str(tmp_path)]) == 0
    assert (tmp_path / "play.png").is_file() and (tmp_path / "disabled" / "play.png").is_file()
