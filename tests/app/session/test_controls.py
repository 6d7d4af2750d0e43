"""The command table: the icons it names are shipped."""

from __future__ import annotations

from project import ROOT

from game.app.session.controls import CONTROLS

ICONS = ROOT / "assets" / "icons"


def test_every_icon_the_command_table_names_is_shipped_with_a_pale_copy_where_a_bar_shows_it():
    named = [(c, icon) for c in CONTROLS for icon in (c.icon, c.icon_on) if icon]
    assert named
    missing = [icon for _, icon in named if not (ICONS / f"{icon}.png").is_file()]
    assert not missing, f"not in assets/icons (python tools/make_icons.py draws them): {missing}"
    # a bar's button is disabled at times (locked while animating, no reactions, a dialog open)
    pale = [icon for c, icon in named if c.place and not (ICONS / "disabled" / f"{icon}.png").is_file()]
    assert not pale, f"no disabled copy in assets/icons/disabled: {pale}"
