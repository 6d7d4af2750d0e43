"""The window's side of the plots (SPEC §7.4): the dock's menus and buttons follow the
session's plots, its events become choices on the plot board, and plots are saved as PNG.

What the plots show is decided by :class:`~game.app.session.plotting.PlotBoard` (no pygame); how
they are drawn by :mod:`game.render.plots`; where, by the layout.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ...messages import language, msg
from ...render.plots import PlotPlacement, PlotView
from ...ui.layout import Dock, Layout
from ...ui.plotdock import DESK, PlotChoices, PlotDock, least_width, plot_slots, sizes
from ..session.plotkinds import kind_of
from ..session.plotting import MAX_PLOTS
from ..session.session import Session
from .display import save_image

#: the plots' dock: height each plot would like (drawing and menus), and the least it can do with
PLOT_HEIGHT, PLOT_LEAST = 250, 150


class PlotsDock:
    def __init__(self, manager: pygame_gui.UIManager, font: pygame.font.Font | None = None, saving: bool = True):
        self.manager, self.font = manager, font
        #: the dock offers to save a plot as PNG (not in a kiosk, which saves no files)
        self.saving = saving
        self.widgets: PlotDock | None = None
        self._built_for: tuple | None = None

    def dock(self, session: Session, layout: Layout) -> Dock | None:
        """The dock the plots want: a column of their own at the left of the scene (the live panels
        take the right), or None. On a touch screen the controls are bigger: the dock is as wide as
        its menus need to show their choices whole, and as tall as to leave the plots the same room."""
        if not session.view.plots:
            return None
        size = sizes(layout.touch)
        count = max(1, len(session.plots.plots))
        add = size.add_row if count < MAX_PLOTS else 0
        width = layout.side_width()
        if layout.touch:
            width = max(width, least_width(True, self.saving))
        more = 2 * (size.row - DESK.row)  # the taller rows of menus over a plot
        return Dock("plots", "left", width, count * (PLOT_HEIGHT + more) + add, count * (PLOT_LEAST + more) + add)

    def key(self, session: Session) -> tuple:
        """What the dock's size depends on (the layout is made again when it changes)."""
        return session.view.plots, len(session.plots.plots)

    def follow(self, session: Session, layout: Layout) -> None:
        """Build, rebuild or drop the dock's widgets as the session's plots and the layout ask."""
        board = session.plots
        # while a dialog is open the other controls hide (CenM), the dock's too; its plots stay
        shown = session.view.plots and session.view.dialog is None and any(d.name == "plots" for d in layout.docks)
        key = (board.revision, layout, id(board)) if shown else None
        if key == self._built_for:
            return
        self.kill()
        self._built_for = key
        if key is None:
            return
        choices = []
        for plot in board.plots:
            spec, kind = plot.spec, kind_of(plot)
            xs, ys = kind.choices(board)
            choices.append(PlotChoices(kind, board.kinds(), spec.x, spec.ys[0], xs, ys))
        self.widgets = PlotDock(self.manager, layout.dock_rect("plots"), choices,
                                len(board.plots) < MAX_PLOTS, layout.touch, self.saving)

    def placements(self, session: Session, layout: Layout) -> list[PlotPlacement]:
        if not session.view.plots or not any(d.name == "plots" for d in layout.docks):
            return []
        board = session.plots
        rects = plot_slots(layout.dock_rect("plots"), [2 if kind_of(p).axes else 1 for p in board.plots],
                           len(board.plots) < MAX_PLOTS, layout.touch)
        return [PlotPlacement(plot, rect, self.title(session, i), board.legend(plot, language()),
                              board.runs(plot, language()))
                for i, (plot, (_, rect)) in enumerate(zip(board.plots, rects))]

    def title(self, session: Session, index: int) -> str:
        """What a plot says over itself (the Lyapunov estimate over the ensemble's spread)."""
        board = session.plots
        return kind_of(board.plots[index]).caption(board)

    def handle(self, event: pygame.event.Event, session: Session) -> bool:
        """Carry out what the event asks of the plots; False if it is not the dock's."""
        if self.widgets is None:
            return False
        action = self.widgets.action(event)
        if action is None:
            return False
        board = session.plots
        what, *rest = action
        if what in ("kind", "x", "y"):
            index, value = rest
            board.change(index, **{what: value})
        elif what == "clear":
            board.clear(rest[0])
        elif what == "close":
            board.remove(rest[0])
            if not board.plots:
                session.view.plots = False
        elif what == "add":
            board.add()
        elif what == "save" and self.saving:
            self.save(session, rest[0])
        return True

    def save(self, session: Session, index: int | None = None) -> None:
        """One plot (or all, one above the other) as a PNG in the export folder."""
        board = session.plots
        indices = [index] if index is not None else list(range(len(board.plots)))
        if not indices:  # I with no plot open: say how to open one, rather than nothing
            session.banner.say(msg("banner.no_plots"), "notice")
            return
        width, height = 640, 400
        image = pygame.Surface((width, height * len(indices)))
        for k, i in enumerate(indices):
            plot = board.plots[i]
            title = f"{session.title} — {kind_of(plot).title()}"
            extra = self.title(session, i)
            PlotView(plot, self.font).draw(image, (0, k * height, width, height), f"{title}   {extra}".rstrip(),
                                           board.legend(plot, language()), board.runs(plot, language()))
        path = session.exports.path("plot" if index is not None else "plots", ".png")
        try:
            save_image(image, path)
        except (pygame.error, OSError) as exc:
            session.exports.tell(None, str(exc))
            return
        session.exports.tell(path)

    def kill(self) -> None:
        if self.widgets is not None:
            self.widgets.kill()
            self.widgets = None
        self._built_for = None
