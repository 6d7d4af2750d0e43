"""The window's side of the Action view (issue 31 item 4): drawn over the drawing area while the
session's :class:`~game.app.session.actionview.ActionView` is open — the path in (t, coordinate)
with its finger-sized points, the true path under it, the two actions, Relax, the coordinate shown,
Close, and S(ε) beside — and the mouse over it turned into calls on the view."""

from __future__ import annotations

import numpy as np
import pygame

from ...messages import msg
from ...render import actionplot as ap
from ...render import paint
from ...render.plots import Axis
from ..session.session import Session

#: the drawn radius of a point to drag, and how near a finger must come to take it (pixels)
HANDLE_RADIUS, HANDLE_REACH = 11, 30
#: a button's height (finger-sized) and the gap between buttons
BUTTON_HEIGHT, GAP = 46, 10
TRUE_COLOUR, PATH_COLOUR, HANDLE_COLOUR, END_COLOUR = (150, 150, 150), (0, 114, 178), (213, 94, 0), (40, 40, 48)


class ActionOverlay:
    def __init__(self) -> None:
        #: the handle being dragged, or None
        self.dragging: int | None = None
        #: the path's frame (kept while the path is dragged, so the axes do not move under the finger)
        self.frame: ap.Frame | None = None
        self._frame_for: tuple | None = None
        #: the buttons as last drawn: name → rectangle
        self.buttons: dict[str, pygame.Rect] = {}

    # -- where things are ----------------------------------------------------------------------

    def _areas(self, viewport: tuple[int, int, int, int]) -> tuple[pygame.Rect, tuple[int, int, int, int],
                                                                   tuple[int, int, int, int]]:
        """The whole area, the path's rectangle and the curve's."""
        x, y, w, h = viewport
        top = 2 * GAP + BUTTON_HEIGHT + 44
        split = int(w * 0.62)
        return pygame.Rect(viewport), (x, y + top, split, h - top), (x + split, y + top, w - split, h - top)

    def path_frame(self, session: Session, viewport: tuple[int, int, int, int]) -> ap.Frame:
        view = session.action
        assert view.true is not None and view.action is not None
        key = (view.revision, viewport)
        if self.frame is None or key != self._frame_for:
            _, rect, _ = self._areas(viewport)
            c = view.coordinate
            values = view.true[:, c]
            span = max(float(np.ptp(values)), 1e-3 * max(1.0, float(np.max(np.abs(values)))))
            frame = ap.Frame.around(rect, view.action.times, values)
            # room above and below the true path for the points to be dragged into
            self.frame = ap.Frame(frame.rect, frame.x, Axis.around(float(values.min()) - 0.6 * span,
                                                                    float(values.max()) + 0.6 * span))
            self._frame_for = key
        return self.frame

    def handle_pixels(self, session: Session, viewport: tuple[int, int, int, int]) -> np.ndarray:
        """Where each point to drag is drawn (pixels), in order."""
        view = session.action
        assert view.path is not None and view.action is not None
        nodes = view.handles
        return self.path_frame(session, viewport).pixels(view.action.times[nodes], view.path[nodes, view.coordinate])

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, session: Session, viewport: tuple[int, int, int, int]) -> None:
        view = session.action
        if not session.view.action or view.path is None or view.true is None or view.action is None:
            self.frame, self.buttons = None, {}
            return
        whole, _, right = self._areas(viewport)
        paint.fill(surface, (255, 255, 255), (whole.x, whole.y, whole.width, whole.height))
        big, small = ap.font(22), ap.font(20)
        x, y = whole.x + GAP, whole.y + GAP
        self.buttons = {}
        names = session.model.coordinates
        for name, words in (("relax", msg("action.view.relax").text()),
                            ("coordinate", msg("action.view.coordinate", name=names[view.coordinate]).text()),
                            ("close", msg("action.view.close").text())):
            text = big.render(words, True, ap.INK)
            rect = pygame.Rect(x, y, max(110, text.get_width() + 28), BUTTON_HEIGHT)
            paint.box(surface, (232, 236, 242), rect, radius=6)
            paint.box(surface, ap.INK, rect, radius=6, width=1)
            surface.blit(text, (rect.centerx - text.get_width() / 2, rect.centery - text.get_height() / 2))
            self.buttons[name] = rect
            x = rect.right + GAP
        dragged, true = view.actions()
        for k, (words, colour) in enumerate(((msg("action.view.path", action=f"{dragged:.6g}").text(), PATH_COLOUR),
                                             (msg("action.view.true", action=f"{true:.6g}").text(), TRUE_COLOUR))):
            text = big.render(words, True, colour if k == 0 else ap.INK)
            surface.blit(text, (x + 10, whole.y + GAP + k * 24))
        surface.blit(small.render(msg("action.view.title").text(), True, ap.INK),
                     (whole.x + GAP, whole.y + 2 * GAP + BUTTON_HEIGHT + 4))
        frame = self.path_frame(session, viewport)
        c, times = view.coordinate, view.action.times
        ap.draw_frame(surface, frame, msg("action.view.plot", name=names[c], time=f"{view.action.duration:.3g}").text(), "t")
        ap.draw_curve(surface, frame, times, view.true[:, c], TRUE_COLOUR, 3)
        ap.draw_curve(surface, frame, times, view.path[:, c], PATH_COLOUR, 3)
        ap.draw_points(surface, frame, times[[0, -1]], view.path[[0, -1], c], END_COLOUR, 7)
        nodes = view.handles
        ap.draw_points(surface, frame, times[nodes], view.path[nodes, c], HANDLE_COLOUR, HANDLE_RADIUS)
        eps, s = view.curve()
        curve = ap.Frame.around(right, eps, np.r_[s, dragged])
        ap.draw_frame(surface, curve, msg("action.view.curve").text(), "ε")
        ap.draw_curve(surface, curve, eps, s, PATH_COLOUR, 2)
        ap.draw_points(surface, curve, np.array([0.0]), np.array([true]), TRUE_COLOUR, 6)
        if dragged != true:
            ap.draw_points(surface, curve, np.array([1.0]), np.array([dragged]), HANDLE_COLOUR, 6)

    # -- the mouse ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, session: Session, viewport: tuple[int, int, int, int]) -> bool:
        """Carry out a mouse event over the view; True when the view took it (all of them over the
        drawing area while it is open: the bodies under it are not dragged)."""
        if not session.view.action or session.action.path is None:
            self.dragging = None
            return False
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return False
        pos = getattr(event, "pos", None)
        if event.type == pygame.MOUSEBUTTONDOWN and pos is not None and event.button == 1:
            for name, rect in self.buttons.items():
                if rect.collidepoint(pos):
                    self._press(name, session)
                    return True
            points = self.handle_pixels(session, viewport)
            distance = np.hypot(points[:, 0] - pos[0], points[:, 1] - pos[1])
            nearest = int(np.argmin(distance))
            self.dragging = nearest if distance[nearest] <= HANDLE_REACH else None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None and pos is not None:
            frame = self.path_frame(session, viewport)
            session.action.drag(self.dragging, frame.values(pos)[1])
        elif event.type == pygame.MOUSEBUTTONUP:
            self.dragging = None
        return pos is None or pygame.Rect(viewport).collidepoint(pos) or self.dragging is not None

    def _press(self, name: str, session: Session) -> None:
        view = session.action
        if name == "relax":
            view.relax()
        elif name == "coordinate":
            view.next_coordinate()
        else:
            session.act("action")
