"""The widgets that follow the session's view state: the live panels docked beside the
scene (energies, values), the plots' dock, the models menu (the user's own models under "Mis modelos") and the dialogs
(Parameters, Conditions, Save as model), in the session's language.

Each frame the window calls :meth:`Widgets.follow`; it opens and closes widgets as
``session.view`` asks, docks the live panels (see :mod:`game.ui.layout`) and returns
the layout they leave, whose viewport the camera and the framing follow.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ...messages import msg
from ...ui.hint import Hint
from ...ui.layout import Dock, Layout
from ...ui.menu import ModelMenu
from ...ui.panels import DefinitionsPanel, LivePanel, SavePanel
from ...ui.sliders import SliderPanel
from ...ui.steppers import StepperPanel
from ..session.session import Session
from ..session.stepping import condition_steppers, parameter_steppers, shown_values, spanning
from .buildtray import BuildTray
from .docking import PlotsDock
from .healing import release_memory
from .measuretray import MeasureTray
from .modesdock import ModesDock

#: seconds of the window's clock between two givings back of dropped widgets' memory
GIVE_BACK_EVERY = 1.0

#: the live panels in the order they stack in their column, and the edge they dock to
LIVE_PANELS = (("energy", "right"), ("values", "right"))
#: lines of the values panel kept when its column is short
VALUES_LEAST = 6
#: columns wide enough that no expression is wrapped (a tooltip says it whole)
UNWRAPPED = 10_000
#: the desktop's Parameters and Conditions panel docked at the right while it is open: its width
#: (this share of the window's, within these pixels), so the scene beside it shows a slider's preview
EDIT_SHARE, EDIT_WIDTH = 0.5, (300, 560)


class Widgets:
    def __init__(self, manager: pygame_gui.UIManager, plot_font: pygame.font.Font | None = None,
                 saving: bool = True, dropped: bool = False) -> None:
        self.manager = manager
        self.live: dict[str, LivePanel] = {}
        #: the plots, in a column at the left of the scene (:mod:`game.app.window.docking`); ``saving``: with
        #: buttons that save a plot (not in a kiosk)
        self.plots = PlotsDock(manager, plot_font, saving)
        #: the equilibria and their modes, under the live panels (:mod:`game.app.window.modesdock`)
        self.modes = ModesDock(manager)
        #: the tray of measuring tools, at the bottom left of the drawing area (:mod:`game.app.window.measuretray`)
        self.measure = MeasureTray(manager)
        #: the builder's strip of tools, at the top left of the drawing area (:mod:`game.app.window.buildtray`)
        self.build = BuildTray(manager)
        self.menu: ModelMenu | None = None
        #: the page the menu shows (built again when a link turns it)
        self._menu_page = ""
        self.panel: DefinitionsPanel | SavePanel | None = None
        #: the first-run hint, while it shows
        self.hint: Hint | None = None
        #: the docks last asked for, and what they depended on (wrapping the expressions each frame
        #: would cost more than drawing the scene)
        self._docks: tuple[tuple, list[Dock]] = ((), [])
        #: the live panels are in their compact font (the window is too short for them at full size)
        self.compact = False
        #: the first line shown of a values panel too long for its dock (the wheel scrolls it)
        self.first_line = 0
        #: widgets were killed since the window last gave their memory back (it does so at the end of
        #: the frame: :meth:`give_back`); a window built again starts with its old widgets dropped
        self.dropped = dropped
        self._since_given = 0.0

    def docks(self, session: Session, layout: Layout) -> list[Dock]:
        """The docks the open live panels want at this window size: room for every line, or
        at least for the numbers (the expressions of the energy panel can give way)."""
        sim = session.sim
        key = (frozenset(session.view.panels), id(session.model), sim.model.general, layout.width, layout.height,
               sim.does_work, sim.too_coarse, session.view.ensemble, self.plots.key(session), self.modes.key(session),
               self._editing(session))
        if key != self._docks[0]:
            self._docks = (key, self._wanted(session, layout))
        return self._docks[1]

    def _wanted(self, session: Session, layout: Layout) -> list[Dock]:
        width = layout.side_width()
        docks = self._live_docks(session, width, compact=False)
        # a window too short for every line: smaller lines, before any expression gives way
        self.compact = sum(d.height for d in docks) > layout.scene[3]
        if self.compact:
            docks = self._live_docks(session, width, compact=True)
        modes = self.modes.dock(session, layout)
        plots = self.plots.dock(session, layout)
        if self._editing(session):  # the panel takes the right column (the live panels come back after)
            width = int(min(EDIT_WIDTH[1], max(EDIT_WIDTH[0], EDIT_SHARE * layout.width)))
            return [Dock("dialog", "right", width, layout.scene[3], share=EDIT_SHARE),
                    *(d for d in (plots,) if d is not None)]
        return [*docks, *(d for d in (modes, plots) if d is not None)]

    @staticmethod
    def _editing(session: Session) -> bool:
        """The Parameters or Conditions panel is open (docked: the desktop's sliders, a kiosk's − and +)."""
        return session.view.dialog in ("parameters", "conditions")

    def _live_docks(self, session: Session, width: int, compact: bool) -> list[Dock]:
        columns = Layout.panel_columns(width, compact)
        docks = []
        for name, edge in LIVE_PANELS:
            if name in session.view.panels:
                lines = len(session.readout.lines(name, columns))
                # the energies, formulas and numbers, show whole (in the compact font when short); a
                # long list of values (a mechanism's points and reactions) ends in "…" after a few;
                # only where not even that fits do the formulas give way, the numbers last
                least = lines if name == "energy" else VALUES_LEAST
                docks.append(Dock(name, edge, width, LivePanel.height(lines, compact),
                                  LivePanel.height(min(lines, least), compact)))
        return docks

    def follow(self, session: Session, layout: Layout) -> Layout:
        """Open and close what the view state asks for; the layout with the live panels docked."""
        view = session.view
        session.modes.follow()  # new parameters: the equilibria listed again
        docks = self.docks(session, layout)
        if tuple(docks) != layout.docks:
            layout = layout.docked(docks)
            self._close_live()
            session.framer.follow_area(layout.viewport[2:])
        for dock in docks:
            if dock.name not in self.live and dock.name not in ("plots", "modes", "dialog"):
                self.live[dock.name] = self._live_panel(session, layout, dock)
        plots = self.plots.widgets
        self.plots.follow(session, layout)
        self.dropped |= plots is not None and self.plots.widgets is not plots
        modes = self.modes.panel
        self.modes.follow(session, layout)
        self.dropped |= modes is not None and self.modes.panel is not modes
        if view.menu and self.menu is not None and self._menu_page != view.menu_page:
            self.menu.kill()  # a link turned the page
            self.menu = None
            self.dropped = True
        if view.menu and self.menu is None:
            self.menu = model_menu(self.manager, layout, session)
            self._menu_page = view.menu_page
        elif not view.menu and self.menu is not None:
            self.menu.kill()
            self.menu = None
            self.dropped = True
        self._follow_hint(session, layout)
        self.measure.follow(session, layout)
        self.build.follow(session, layout)
        if view.dialog and self.panel is None:
            self.panel = self._dialog(session, layout, view.dialog)
        elif not view.dialog and self.panel is not None:
            self.panel.close()
            self.panel = None
            self.dropped = True
        return layout

    def _follow_hint(self, session: Session, layout: Layout) -> None:
        """The hint over the drawing area while it is asked for, under no menu or dialog."""
        view = session.view
        wanted = view.hint and not (view.menu or view.dialog)
        if wanted and self.hint is None:
            words = "hint.kiosk" if session.settings.kiosk else "hint.desktop"
            self.hint = Hint(self.manager, layout, msg(words).text(), msg("hint.close").text())
        elif not wanted and self.hint is not None:
            self.hint.kill()
            self.hint = None
            self.dropped = True

    def hint_closed(self, event, session: Session) -> bool:
        """The hint's button was pressed: it closes (and is remembered as seen)."""
        if self.hint is None or event.ui_element is not self.hint.close_button:
            return False
        session.user_files.close_hint()
        return True

    def refresh(self, session: Session, layout: Layout) -> None:
        """Rewrite the numbers of the live panels (and the modes panel's amplitudes and phases)."""
        self.modes.refresh(session)
        for name, panel in self.live.items():
            lines = self._lines(session, name, layout.dock_rect(name))[0]
            # what gave way to "…" is said whole, unwrapped, in its tooltip
            gave_way = any(line.startswith("…") for line in lines)
            panel.set_lines(lines, "\n".join(session.readout.lines(name, UNWRAPPED)) if gave_way else None)

    def _lines(self, session: Session, name: str, rect) -> tuple[list[str], int]:
        """What a live panel in ``rect`` shows, and how many of its first lines are expressions."""
        columns = Layout.panel_columns(rect[2], self.compact)
        lines, room = session.readout.lines(name, columns), LivePanel.room(rect[3], self.compact)
        if name == "values":  # a list of numbers, every one worth reading: it scrolls
            self.first_line, shown = scrolled(lines, self.first_line, room)
            return shown, 0
        return fitted(lines, session.readout.expression_lines(name, columns), room)

    def scroll(self, pos: tuple[int, int], steps: float) -> bool:
        """The wheel over the values panel (``steps`` up): its lines move; False when not over it."""
        panel = self.live.get("values")
        if panel is None or not panel.panel.rect.collidepoint(pos) or not steps:
            return False
        self.first_line = max(0, self.first_line - 3 * round(steps))
        return True

    def _live_panel(self, session: Session, layout: Layout, dock: Dock) -> LivePanel:
        rect = pygame.Rect(layout.dock_rect(dock.name))
        lines, expressions = self._lines(session, dock.name, rect)
        return LivePanel(self.manager, rect, msg(f"panel.title.{dock.name}").text(), len(lines),
                         tuple(range(expressions)),
                         self.compact)

    def _dialog(self, session: Session, layout: Layout, which: str) -> DefinitionsPanel | SavePanel:
        dialogs = session.dialogs
        if which == "save":
            return SavePanel(self.manager, layout, dialogs.suggested_name(), dialogs.save_dialog, dialogs.save_path)
        edits = dialogs.parameter_edits() if which == "parameters" else dialogs.condition_edits()
        accept = dialogs.apply_parameters if which == "parameters" else dialogs.apply_conditions
        if session.settings.kiosk:  # no keyboard: − and +, and no system data (dt, N) for visitors
            return stepper_panel(self.manager, layout, session, which, edits, accept)
        return slider_panel(self.manager, layout, session, which, edits, accept)

    def _close_live(self) -> None:
        for panel in self.live.values():
            panel.kill()
        self.dropped |= bool(self.live)
        self.live.clear()

    def give_back(self, wall_seconds: float) -> None:
        """At the end of a frame: what dropped widgets held goes back to the system (a menu or
        dialog closed, another model, new bars: memory stays flat), at most once every
        :data:`GIVE_BACK_EVERY` seconds: it takes a full collection (about 20 ms), which a visitor
        closing menu after menu would feel on every close."""
        self._since_given += wall_seconds
        if self.dropped and self._since_given >= GIVE_BACK_EVERY:
            self.dropped = False
            self._since_given = 0.0
            release_memory()

    def close(self) -> None:
        """Drop every widget; the next :meth:`follow` builds what is still asked for."""
        self.dropped = True
        self._close_live()
        self.plots.kill()
        self.modes.kill()
        self.measure.kill()
        self.build.kill()
        self._docks = ((), [])
        for widget in (self.menu, self.panel, self.hint):
            if widget is not None:
                widget.kill()
        self.menu = self.panel = self.hint = None


def model_menu(manager: pygame_gui.UIManager, layout: Layout, s: Session) -> ModelMenu:
    """The page of the menu the session shows (:meth:`~game.app.session.actions.Actions.menu_rows`)."""
    rows = s.actions.menu_rows()
    current = next((k for k, r in enumerate(rows) if r.target == s.index), -1)
    headings = {k: r.heading for k, r in enumerate(rows) if r.heading}
    return ModelMenu(manager, layout, [r.title for r in rows], current, headings, [r.target for r in rows])


def fitted(lines: list[str], expressions: int, room: int) -> tuple[list[str], int]:
    """At most ``room`` of ``lines``, the numbers first: expressions that do not all fit end in
    "…"; when none fits, they are left out (a lone "…" would say nothing)."""
    if len(lines) <= room:
        return lines, expressions
    numbers = lines[expressions:]
    keep = room - len(numbers) - 1  # one line for "…"
    if keep <= 0:
        return numbers[:max(0, room)], 0
    return [*lines[:keep], "…", *numbers], keep + 1


def scrolled(lines: list[str], first: int, room: int) -> tuple[int, list[str]]:
    """``room`` lines of ``lines`` from ``first`` on (kept so the last page ends at the last line),
    with a line saying how many are above and how many below, and the first line shown."""
    if len(lines) <= room or room < 3:
        return 0, lines[:max(room, 0)] if len(lines) > room else lines
    first = max(0, min(first, len(lines) - room + 1))
    above = [msg("panel.lines_above", count=first).text()] if first else []
    space = room - len(above)
    if first + space >= len(lines):
        return first, [*above, *lines[first:]]
    shown = lines[first:first + space - 1]
    return first, [*above, *shown, msg("panel.lines_below", count=len(lines) - first - len(shown)).text()]


def stepper_panel(manager: pygame_gui.UIManager, layout: Layout, s: Session, which: str, edits,
                  accept) -> StepperPanel:
    """A kiosk's Parameters or Conditions: the values a visitor may step (:mod:`game.app.session.stepping`)."""
    if which == "parameters":
        steps, values = parameter_steppers(s.sim.model), s.sim.parameters
    else:
        steps, values = condition_steppers(s.sim.model), shown_values(s.sim.model, s.sim.values())
    return StepperPanel(manager, layout, _docked(layout), msg(f"panel.title.{which}").text(),
                        [r for r in edits.rows() if r.name in steps], steps, values, edits.check, accept,
                        lambda pending: s.dialogs.preview(which, pending))


def slider_panel(manager: pygame_gui.UIManager, layout: Layout, s: Session, which: str, edits,
                 accept) -> SliderPanel:
    """The desktop's Parameters or Conditions, docked: a slider for each value the kiosk would step
    (not dt and N, nor a parameter made of others), angles in radians as in CenM."""
    if which == "parameters":
        spans, values = parameter_steppers(s.sim.model), s.sim.parameters
    else:
        spans, values = condition_steppers(s.sim.model, degrees=False), s.sim.values()
    return SliderPanel(manager, layout, _docked(layout), msg(f"panel.title.{which}").text(),
                       edits.rows(), spans, lambda name, value: spanning(spans[name], value), values, edits.check, accept,
                       lambda pending: s.dialogs.preview(which, pending))


def _docked(layout: Layout) -> tuple[int, int, int, int]:
    """Where Parameters or Conditions goes: its dock, as tall as the window (the bars' buttons hide
    under a dialog)."""
    x, _, w, _ = layout.dock_rect("dialog")
    return x, 0, w, layout.height
