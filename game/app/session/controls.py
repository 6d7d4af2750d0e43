"""The command table: every control of the program is one row (SPEC §8).

A row names the command and says where it shows (bottom bar, speed buttons,
top bar, or a key only), its key, its icons, the key of its tooltip and
whether it is inactive while animating (CenM manual §2.1). The bars, the
keyboard, the tooltips, the locking rule, the icons tools/make_icons.py draws
and what the soak's visitors press are all derived from this table; a new
control is one row here plus its action in the session (or, for what only a
window can do, in the window), and its icons' drawings in tools/make_icons.py.

No pygame here: keys are pygame key *names* (``pygame.key.key_code`` turns
them into codes in the window).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Control:
    name: str
    #: pygame key name ("space", "e", "f1"), or None
    key: str | None
    #: where the control shows: "bottom" (CenM's bar, in order), "speed", "top-left", "top-right" (in order,
    #: the last rightmost), or None (key only)
    place: str | None
    #: icon when off / idle, and when on (the same for push buttons)
    icon: str | None = None
    icon_on: str | None = None
    #: a text label instead of an icon: the speed buttons', or the key of the language button's words
    label: str | None = None
    #: inactive while the animation runs (CenM: Eraser, Reset, Parameters, Conditions, edit mode)
    locked_while_animating: bool = False
    #: the tooltip's words, ``control.<tooltip>`` in the catalogue (default: the control's name)
    tooltip: str | None = None
    #: other keys that do the same ("=" for "+" on keyboards where + needs Shift, the keypad's)
    more_keys: tuple[str, ...] = ()
    #: carried out by the window, not the session (it needs the screen or the desktop)
    window: bool = False

    @property
    def keys(self) -> tuple[str, ...]:
        return ((self.key,) if self.key else ()) + self.more_keys
    #: offered in a kiosk too (not: the manual, which opens a browser; saving files)
    kiosk: bool = True
    #: how often a soak's made-up visitor presses it, against the soak's other gestures (game/app/commands/soak.py
    #: GESTURES: a tap is 4); 0: never
    soak: float = 0.0

    @property
    def tooltip_key(self) -> str:
        """The catalogue key of the tooltip."""
        return f"control.{self.tooltip or self.name}"


SPEED_LABELS = ("½×", "1×", "2×", "4×")

CONTROLS: tuple[Control, ...] = (
    Control("animate", "space", "bottom", "play", "pause", soak=4),
    Control("eraser", "e", "bottom", "eraser", locked_while_animating=True, soak=1),
    Control("reset", "r", "bottom", "reset", locked_while_animating=True, soak=1),
    # (a soak's visitor opens these to type a value: its gesture "panel")
    Control("parameters", "p", "bottom", "parameters", locked_while_animating=True),
    Control("conditions", "c", "bottom", "conditions", locked_while_animating=True),
    Control("vectors", "v", "bottom", "vectors_off", "vectors_on", soak=1),
    Control("energy", "n", "bottom", "energy_off", "energy_on", soak=1),
    Control("values", "t", "bottom", "values_off", "values_on", soak=1),
    Control("edit", "x", "bottom", "edit_x", "edit_v", locked_while_animating=True),
    # beyond CenM: a mechanism's reactions, or a model's constraint forces, as arrows (inactive for other models)
    Control("reactions", "f", "bottom", "reactions_off", "reactions_on"),
    Control("plots", "g", "bottom", "plots_off", "plots_on", soak=1),
    Control("ensemble", "k", "bottom", "ensemble_off", "ensemble_on", soak=1),
    # beyond CenM: the model's equilibria, at rest at one, its modes started, the linear prediction as a ghost
    Control("modes", "q", "bottom", "modes_off", "modes_on", soak=1),
    *(Control(f"speed{i}", str(i + 1), "speed", label=label, tooltip="speed", soak=1 / len(SPEED_LABELS))
      for i, label in enumerate(SPEED_LABELS)),
    # (a soak's visitor opens it to choose a model: its gesture "menu")
    Control("menu", "m", "top-left", "menu"),
    # beyond CenM: Hamilton's principle to touch, the path of the last seconds dragged, its action live, Relax
    # (at the top: the bottom bar is full at 640 px and in a kiosk)
    Control("action", "a", "top-right", "action_off", "action_on"),
    # beyond CenM: a tray of measuring tools (stopwatch, period timer, ruler, protractor) dragged onto the scene;
    # at the top, beside the menu: the bottom bar has no room for a finger-sized fifteenth button at 1024 px
    Control("measure", "h", "top-left", "measure_off", "measure_on", soak=1),
    # beyond CenM: the builder (points, bars, springs, masses …) on a paused or empty scene; pressed again, it runs
    Control("build", "b", "top-left", "build_off", "build_on"),
    # saving (not CenM's): the run as CSV, the view and the plots as PNG, in the user's documents and pictures
    Control("export_csv", "w", "top-right", "export_csv", kiosk=False),
    Control("export_png", "s", "top-right", "export_png", kiosk=False, window=True),
    Control("export_plots", "i", "top-right", "export_plots", kiosk=False, window=True),
    # the present parameters and conditions as a new model, in Mis modelos (a classroom's, not a kiosk's)
    Control("save", "o", "top-right", "save", kiosk=False, locked_while_animating=True),
    # the view (not CenM's: zoom and pan change only what part of the plane is shown)
    Control("zoom_out", "-", "top-right", "zoom_out", more_keys=("[-]",)),
    Control("zoom_in", "+", "top-right", "zoom_in", more_keys=("=", "[+]")),
    Control("fit", "home", "top-right", "fit", more_keys=("0",)),
    Control("language", "l", "top-right", label="label.language", soak=1),
    Control("docs", "f1", "top-right", "docs", kiosk=False, window=True),
    Control("fullscreen", "f11", None, window=True),
    # the step is too coarse for these conditions (the energy panel and the banner say so): N × 2
    Control("refine", "d", None),
)

BY_NAME = {c.name: c for c in CONTROLS}


def offered(kiosk: bool) -> tuple[Control, ...]:
    """The controls a window offers: all of them, or in a kiosk those meant for one."""
    return tuple(c for c in CONTROLS if c.kiosk or not kiosk)


def controls_at(place: str) -> list[Control]:
    """The controls shown at ``place``, in table order."""
    return [c for c in CONTROLS if c.place == place]
