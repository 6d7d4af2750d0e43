"""The theme: icons for every state, shipped, and nothing left behind in temporary folders."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from project import ROOT

from game.ui.theme import build_theme, ui_manager


@pytest.fixture
def manager():
    """The window's widgets' manager on an 800×600 display (closed after the test)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    yield ui_manager((800, 600), ROOT / "assets" / "icons")
    pygame.display.quit()


def test_every_icon_has_its_disabled_copy_and_the_theme_uses_it():
    icons = ROOT / "assets" / "icons"
    theme = build_theme(icons)
    for name in sorted(path.stem for path in icons.glob("*.png")):
        images = theme[f"#{name}"]["images"]
        disabled = images["disabled_image"]["path"]
        assert disabled == str(icons / "disabled" / f"{name}.png"), name
        normal, pale = pygame.image.load(images["normal_image"]["path"]), pygame.image.load(disabled)
        assert pale.get_size() == normal.get_size()
        # pale: the darkest drawn pixel of the copy is lighter (less opaque) than the icon's
        assert max(pale.get_at((x, y)).a for x in range(32) for y in range(32)) < \
            max(normal.get_at((x, y)).a for x in range(32) for y in range(32))


def test_building_the_theme_leaves_no_temporary_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    build_theme(ROOT / "assets" / "icons")
    assert list(tmp_path.iterdir()) == []


def _expanded_menu(manager, options: list[str]):
    import pygame_gui

    menu = pygame_gui.elements.UIDropDownMenu(options, options[0], pygame.Rect(10, 10, 200, 30), manager,
                                              object_id="#plot_menu")
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        manager.process_events(pygame.event.Event(kind, button=1, pos=menu.rect.center, touch=False))
        manager.update(0.01)
    for event in pygame.event.get():  # the button's press, which the menu answers
        manager.process_events(event)
    manager.update(0.01)
    return menu


def test_a_menus_options_are_themed_without_a_key_of_megabytes_each(manager):
    """pygame_gui keys the theming ids of a place by a string that is megabytes long for an option
    of a drop-down menu (its id is its text): each variable's name in the plots' menus kept 2 MB
    for good. The window's theme keeps small keys, and finds the same ids."""
    from pygame_gui.core import UIAppearanceTheme

    from game.ui.theme import Theme

    theme = manager.get_theme()
    assert isinstance(theme, Theme)
    menu = _expanded_menu(manager, [f"p_{k}" for k in range(12)])
    assert menu.current_state is menu.menu_states["expanded"]  # its options were built
    # (upstream: 12 keys of ~1.8 million characters each, kept)
    assert sum(len(key) for key in theme.unique_theming_ids) < 10_000
    place = (["drop_down_menu", "selection_list", "button"], ["drop_down_menu", "selection_list", "button"],
             [None, None, None], ["#plot_menu", "#drop_down_options_list", "p_3"])
    upstream = UIAppearanceTheme(manager.resource_loader, manager._locale)
    upstream.load_theme(build_theme(ROOT / "assets" / "icons"))
    for touch in (None, "@touch_menu"):  # the options of a desktop's and of a kiosk's plots menu
        for at in ((place[0], place[1], [touch, None, "@selection_list_item"], place[3]),  # an option
                   (place[0][:2], place[1][:2], [touch, None], place[3][:2])):  # the list
            assert themed(theme, theme.build_all_combined_ids(*at)) == themed(upstream, upstream.build_all_combined_ids(*at))


def themed(theme, ids: list[str]) -> tuple:
    """What a theme gives the widget of these ids: its font, colours and other settings."""
    colours = ("normal_bg", "hovered_bg", "normal_text", "dark_bg", "normal_border", "selected_bg")
    misc = ("list_item_height", "border_width", "shadow_width", "shape", "text_horiz_alignment")
    font = theme.get_font_info(ids)

    def setting(get, name):
        try:
            return str(get(name, ids))
        except LookupError:  # (pygame_gui's answer for a setting no block gives)
            return None

    return (sorted(font.items()) if isinstance(font, dict) else font,
            [setting(theme.get_colour_or_gradient, c) for c in colours], [setting(theme.get_misc_data, m) for m in misc])


def test_the_options_of_every_name_share_one_place_and_named_ids_still_theme(manager):
    """A kiosk's dock meets hundreds of names (each model's variables, in the plots' menus): kept
    as a place each, 6 kB a name stayed. Ids that a theme block names still make a place."""
    from game.ui.theme import TOUCH

    theme = manager.get_theme()
    _expanded_menu(manager, [f"a_{k}" for k in range(12)])
    places = len(theme._ids_by_place)
    _expanded_menu(manager, [f"b_{k}" for k in range(12)])  # (as many: no scroll bar)
    assert len(theme._ids_by_place) == places
    assert theme.build_all_combined_ids(["button"], ["button"], [None], ["#plots_on"])[0] == "#plots_on"
    assert theme.build_all_combined_ids(["button"], ["button"], [None], ["#b_3"])[0] == "button"
    touch = theme.build_all_combined_ids(["drop_down_menu", "selection_list"], ["drop_down_menu", "selection_list"],
                                         ["@touch_menu", None], ["#plot_menu", "#drop_down_options_list"])
    assert theme.get_misc_data("list_item_height", touch) == str(TOUCH)


def test_the_shapes_drawn_are_cached_in_one_sheet_however_many_there_are(manager):
    """pygame_gui caches each shape it draws (by size and colours) in sheets of 1024×1024 pixels,
    4 MB each, adding a second and a third when one is full, never given back: a kiosk's memory rose
    4 MB in a step after a few hundred taps at the plots' menus. The window's theme keeps to one;
    the shapes that fit are still found."""
    cache = manager.get_theme().shape_cache
    assert len(cache.cache_surfaces) == 1
    for k in range(60):  # 60 shapes of 200×200: three sheets' worth
        shape = pygame.Surface((200, 200), pygame.SRCALPHA)
        shape.fill((k, 0, 0, 255))
        cache.add_surface_to_cache(shape, f"shape_{k}")
        cache.update()  # (one shape a frame goes from the short-term cache to the sheets)
    assert len(cache.cache_surfaces) == 1
    assert cache.find_surface_in_cache("shape_0").get_at((0, 0))[:3] == (0, 0, 0)  # the first ones are kept
    assert 20 <= len(cache.cache_long_term_lookup) <= 25  # as many as fit in one sheet (25 of 200×200)


def test_widgets_closed_leave_nothing_behind_in_the_group_that_draws_them(manager):
    """pygame_gui's group kept a rectangle of every widget ever removed (``lostsprites``, emptied
    only by pygame's own draw, which it replaces), and drew from a list that held a closed
    widget's picture until the next update: a kiosk kept about 4,700 rectangles an hour with
    visitors at the plots' dock. Menus opened and closed 30 times leave neither."""
    group = manager.get_sprite_group()
    manager.update(0.01)
    drawn = len(group.visible)
    for _ in range(30):
        menu = _expanded_menu(manager, [f"p_{k}" for k in range(12)])
        assert len(group.visible) > drawn + 12  # the menu and its options are drawn
        menu.kill()  # no update after it: the memory is read at once
        assert len(group.visible) == drawn
        alive = {id(sprite.blit_data) for sprite in group.sprites()}
        assert all(id(data) in alive for data in group.visible)
    assert len(group.lostsprites) == 0  # upstream: 2 or more per widget removed, 30 menus of 14
