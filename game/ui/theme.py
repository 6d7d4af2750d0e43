"""The pygame_gui theme: a light look that reads on a projector, the icons of
``assets/icons`` on the bar buttons, and a font for expressions that has
``· ² ½`` and Greek letters."""

from __future__ import annotations

from pathlib import Path

import i18n
import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme
from pygame_gui.core.layered_gui_group import LayeredGUIGroup
from pygame_gui.core.surface_cache import SurfaceCache

from .layout import TOUCH

_FIRA = Path(pygame_gui.__file__).parent / "data" / "FiraCode-Regular.ttf"
_NOTO = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"


def plot_font(size: int = 14) -> pygame.font.Font:
    """The font of the plots' ticks, legends and titles: the interface's, which has − π λ ≈."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(_NOTO), size) if _NOTO.exists() else pygame.font.Font(None, size + 4)


def _disabled(icon: Path) -> Path:
    """The pale copy of an icon for disabled buttons, shipped in ``disabled/`` beside it (drawn by
    tools/make_icons.py); the icon itself if there is none."""
    pale = icon.parent / "disabled" / icon.name
    return pale if pale.exists() else icon


#: what shows of the docks' strips where no panel is (the colour of the bars)
DOCK_BACKGROUND = (0xEC, 0xEF, 0xF1)


def build_theme(icons_dir: Path) -> dict:
    theme: dict = {
        "defaults": {
            "colours": {
                "normal_bg": "#e3e7eb", "hovered_bg": "#d0d7de", "disabled_bg": "#eef1f3",
                "selected_bg": "#bcd3f5", "active_bg": "#bcd3f5", "dark_bg": "#f7f8f9",
                "normal_text": "#1f2a30", "hovered_text": "#1f2a30", "selected_text": "#1f2a30",
                "disabled_text": "#9aa5ad", "active_text": "#1f2a30",
                "normal_border": "#b6c0c8", "hovered_border": "#8796a2", "disabled_border": "#d5dbe0",
                "selected_border": "#5b8fd6", "active_border": "#5b8fd6",
                "text_cursor": "#1f2a30", "filled_bar": "#5b8fd6", "unfilled_bar": "#e3e7eb",
            },
            "font": {"name": "noto_sans", "size": "15"},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "5", "border_width": "1"},
        },
        "#bar": {"colours": {"dark_bg": "#eceff1", "normal_border": "#cfd8dc"}, "misc": {"shape": "rectangle", "shadow_width": "0", "border_width": "1"}},
        "#title": {"font": {"name": "noto_sans", "size": "20", "bold": "1"}},
        # a long title in a small window: smaller before it is ever shortened (game/ui/fitting.py)
        "#title_small": {"font": {"name": "noto_sans", "size": "16", "bold": "1"}},
        "#title_tiny": {"font": {"name": "noto_sans", "size": "13", "bold": "1"}},
        "#banner": {"colours": {"dark_bg": "#b71c1c", "normal_text": "#ffffff"},
                    "font": {"name": "noto_sans", "size": "15", "bold": "1"}},
        "#error": {"colours": {"normal_text": "#b71c1c"}, "misc": {"text_horiz_alignment": "left"}},
        "#pending": {"colours": {"normal_text": "#1b5e20"}, "misc": {"text_horiz_alignment": "left"}},
        # the message of a dialog: text on the panel, no box of its own
        "@status": {"colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
                    "misc": {"border_width": "0", "shadow_width": "0", "padding": "4,2"}},
        "#heading": {"font": {"name": "noto_sans", "size": "15", "bold": "1"}},
        "#menu_item": {"font": {"name": "noto_sans", "size": "18"}},
        "#menu_current": {"font": {"name": "noto_sans", "size": "18", "bold": "1"},
                          "colours": {"normal_border": "#f9a825", "hovered_border": "#f9a825", "normal_bg": "#fff8e1"},
                          "misc": {"border_width": "3"}},
        "#menu_item_small": {"font": {"name": "noto_sans", "size": "14"}},
        "#menu_current_small": {"font": {"name": "noto_sans", "size": "14", "bold": "1"},
                                "colours": {"normal_border": "#f9a825", "hovered_border": "#f9a825",
                                            "normal_bg": "#fff8e1"},
                                "misc": {"border_width": "3"}},
        "#menu_item_tiny": {"font": {"name": "noto_sans", "size": "12"}},
        "#menu_current_tiny": {"font": {"name": "noto_sans", "size": "12", "bold": "1"},
                               "colours": {"normal_border": "#f9a825", "hovered_border": "#f9a825",
                                           "normal_bg": "#fff8e1"},
                               "misc": {"border_width": "3"}},
        "#speed_current": {"colours": {"normal_bg": "#bcd3f5", "normal_border": "#5b8fd6"},
                           "font": {"name": "noto_sans", "size": "15", "bold": "1"}},
        "#expression": {"font": {"name": "fira_code", "size": "15", "regular_path": str(_FIRA)},
                        "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "6"}},
        "#line": {"misc": {"text_horiz_alignment": "left"}},
        # the words beside the bottom bar's icons (game/ui/barlabels.py): text on the bar, no box
        "#bar_word": {"colours": {"normal_bg": "#00000000", "hovered_bg": "#d0d7de", "disabled_bg": "#00000000",
                                  "normal_border": "#00000000", "hovered_border": "#00000000",
                                  "disabled_border": "#00000000"},
                      "font": {"name": "noto_sans", "size": "15"},
                      "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "2",
                               "border_width": "0", "shadow_width": "0"}},
        "#bar_word_small": {"colours": {"normal_bg": "#00000000", "hovered_bg": "#d0d7de", "disabled_bg": "#00000000",
                                  "normal_border": "#00000000", "hovered_border": "#00000000",
                                  "disabled_border": "#00000000"},
                      "font": {"name": "noto_sans", "size": "13"},
                      "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "2",
                               "border_width": "0", "shadow_width": "0"}},
        # the first-run hint over the scene (game/ui/hint.py): a pale yellow note
        "#hint": {"colours": {"dark_bg": "#fff8e1", "normal_border": "#f9a825"},
                  "misc": {"border_width": "2", "shadow_width": "0"}},
        "#hint_text": {"font": {"name": "noto_sans", "size": "16"}},
        # a kiosk's − and + (game/ui/steppers.py): a large sign, and the number between them
        "#step": {"font": {"name": "fira_code", "size": "30", "regular_path": str(_FIRA)}},
        "#number": {"font": {"name": "fira_code", "size": "18", "regular_path": str(_FIRA)}},
        # the live panels when the window is too short for their lines at full size
        "#expression_small": {"font": {"name": "fira_code", "size": "12", "regular_path": str(_FIRA)},
                              "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "6"}},
        "#line_small": {"font": {"name": "noto_sans", "size": "12"}, "misc": {"text_horiz_alignment": "left"}},
        "#word": {"font": {"name": "noto_sans", "size": "15", "bold": "1"}},
        "#panel": {"colours": {"dark_bg": "#fbfcfd", "normal_border": "#90a4ae"}, "misc": {"border_width": "2"}},
        # the options of the plots' menus on a kiosk's touch screen: a finger's height each
        "@touch_menu.#drop_down_options_list": {"misc": {"list_item_height": str(TOUCH)}},
        # the modes panel's sliders (game/ui/modespanel.py): no arrows; on a touch screen a finger-wide grip
        "#mode_slider": {"misc": {"enable_arrow_buttons": "0"}},
        "@touch_slider": {"misc": {"enable_arrow_buttons": "0", "sliding_button_width": str(TOUCH)}},
        # read-only panels docked beside the scene (nothing moves behind them)
        "#live_panel": {"colours": {"dark_bg": "#fbfcfd", "normal_border": "#90a4ae"},
                        "misc": {"border_width": "1", "shadow_width": "0"}},
    }
    # every icon shipped, by its name (tools/make_icons.py draws those the command table and the dock name)
    for path in sorted(icons_dir.glob("*.png")):
        theme[f"#{path.stem}"] = {"images": {
            "normal_image": {"path": str(path)}, "hovered_image": {"path": str(path)},
            "selected_image": {"path": str(path)}, "disabled_image": {"path": str(_disabled(path))},
        }}
    return theme


class OneSheetCache(SurfaceCache):
    """pygame_gui's cache of drawn shapes (the backgrounds of buttons and menus, by size and colours),
    kept to the one sheet of 1024×1024 pixels it starts with.

    Upstream, a full sheet brings another, up to three, each 4 MB written at once and never given
    back: the plots' menus, sized by each model's variables, filled the first after a few hundred
    taps at the dock, and a kiosk's memory rose 4 MB in a step (8 MB with the third). Here a full
    sheet only drops the shapes drawn once and no longer shown (as upstream does with its third),
    and a shape that finds no room is drawn when its widget is built, as it is the first time."""

    def _expand_lt_cache(self) -> None:
        self.low_on_space = True


class Theme(UIAppearanceTheme):
    """pygame_gui's theme, remembering the theming ids of each place in the widgets' tree by the
    place itself, with drawn shapes cached in one sheet (:class:`OneSheetCache`).

    pygame_gui 0.6 keys them by a string of ``str.join`` over the text of four lists (each join
    puts one text between every two characters of the other): megabytes for an option of a
    drop-down menu, whose id is its text. Each variable's name in the plots' menus kept 2 MB
    for good: a kiosk's plots grew 60 MB in five hours. Here a new place is asked of pygame_gui
    once and its string key is dropped; and a place is known by the ids the theme names, so the
    options of the plots' menus (each a variable's name) share one: kept for each name, they
    grew a kiosk's memory by 6 kB a name, some 3 MB in a day of visitors at the dock."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._ids_by_place: dict[tuple, list[str]] = {}
        self.shape_cache = OneSheetCache()

    def _parse_single_element_data(self, element_name: str, element_theming: dict) -> None:
        # every theme block passes here (pygame_gui's defaults first, from its own __init__)
        self.__dict__.setdefault("_named", set()).update(element_name.split("."))
        super()._parse_single_element_data(element_name, element_theming)

    def build_all_combined_ids(self, element_base_ids, element_ids, class_ids, object_ids) -> list[str]:
        if object_ids is not None:
            # an object id no theme block names themes nothing: a menu's option, whose id is its
            # value (a model's variable), would be a place of its own for each name
            named = self.__dict__.get("_named", set())
            object_ids = [i if i is None or i in named else None for i in object_ids]
        place = tuple(None if ids is None else tuple(ids) for ids in (element_base_ids, element_ids, class_ids, object_ids))
        ids = self._ids_by_place.get(place)
        if ids is None:
            ids = self._ids_by_place[place] = super().build_all_combined_ids(element_base_ids, element_ids,
                                                                             class_ids, object_ids)
            self.unique_theming_ids.clear()
        return ids


class WidgetGroup(LayeredGUIGroup):
    """pygame_gui's group of the widgets on screen, forgetting a removed widget at once.

    Upstream (0.6.14), a removed widget's rectangles go into ``lostsprites``, which pygame's own
    groups empty when they draw; pygame_gui's group draws by itself and never does, and never
    reads them: a kiosk kept every widget ever closed, about 4,700 rectangles an hour with
    visitors at the plots' dock (some 6 MB a day). And the list of what is drawn kept a closed
    widget's picture until the next frame's update, so memory read after closing a menu still
    held it."""

    def remove_internal(self, sprite) -> None:
        super().remove_internal(sprite)
        self.lostsprites.clear()
        self.update_visibility()


class Manager(pygame_gui.UIManager):
    """pygame_gui's manager with :class:`Theme` and :class:`WidgetGroup`."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # the group is made (and the root container put in it) inside pygame_gui's __init__;
        # WidgetGroup only overrides a method, so the group made there becomes one
        self.ui_group.__class__ = WidgetGroup

    def create_new_theme(self, theme_path=None) -> UIAppearanceTheme:
        theme = Theme(self.resource_loader, self._locale)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme


def drawing_pending(manager: pygame_gui.UIManager) -> bool:
    """Whether pygame_gui still has drawing queued for the frames to come: a widget built or
    resized draws one of its states (normal, hovered, selected, disabled) a frame, and the shape
    cache moves one new shape a frame into its sheet. Until then, what the widgets hold depends
    on how many frames ago they were built (a kiosk's bar: 2.6 MB)."""
    if manager.get_theme().shape_cache.cache_short_term_lookup:
        return True
    return any(getattr(getattr(element, "drawable_shape", None), "states_to_redraw_queue", None)
               for element in manager.get_sprite_group().sprites())


def ui_manager(size: tuple[int, int], icons_dir: Path) -> pygame_gui.UIManager:
    """The widgets' manager, with the program's theme."""
    manager = Manager(size, theme_path=build_theme(icons_dir))
    # pygame_gui adds its translations folder to python-i18n's search path once per manager, and
    # every label text with a dot in it ("0.25 J") is looked for in each copy of that folder:
    # a process that opens window after window (the tests) would slow down with each one
    i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
    return manager
