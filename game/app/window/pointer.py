"""The mouse and the fingers over the scene: press, drag and release of bodies and arrows;
the wheel and two fingers zoom, a right or middle drag pans.

A finger does what the left mouse button does, at its position on the window (SDL gives
finger positions from 0 to 1: times the window's size). SDL also makes mouse events out of
touches (``event.touch`` is True on them): those still press the pygame_gui buttons, but the
scene ignores them, so a touch is never counted twice. Two fingers pinch (zoom).
In a kiosk, the touch that ends the attract loop or answers "Still there?" does nothing
else: the whole gesture (down … up) is swallowed.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...render import BannerLayer, ReactionArrowsLayer
from ..session.framing import ZOOM_STEP
from .gestures import Gesture, Touches
from .picking import arrow_at, body_at

DOWNS = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN)
UPS = (pygame.MOUSEBUTTONUP, pygame.FINGERUP, pygame.KEYUP)
INPUT_EVENTS = (*DOWNS, pygame.MOUSEMOTION, pygame.FINGERMOTION, pygame.TEXTINPUT, pygame.MOUSEWHEEL)
FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
#: mouse buttons that pan the view: middle and right
PAN_BUTTONS = (2, 3)


class Pointer:
    def __init__(self, app: Any):
        #: the window (its session, camera, layout, manager, screen, settings)
        self.app = app
        self.touches = Touches()
        self._swallowing = False
        #: where a pan (right or middle drag) last was, or None
        self._pan_from: tuple[int, int] | None = None

    @property
    def busy(self) -> bool:
        """A pan or fingers on the scene under way (the window does not sleep through them)."""
        return self._pan_from is not None or bool(self.touches.fingers)

    def swallows(self, event: pygame.event.Event) -> bool:
        """Input is news for the session (a kiosk's idle timer); True when this event only woke
        a kiosk, or belongs to the gesture that did, and goes no further."""
        if self._swallowing:
            self._swallowing = event.type not in UPS
            return True
        if event.type in INPUT_EVENTS and self.app.session.kiosk.touched():
            self._swallowing = event.type in DOWNS
            return True
        return False

    def handle(self, event: pygame.event.Event, blocked: bool = False) -> None:
        """A mouse or finger event; ``blocked``: a widget took it, or a menu or dialog covers the
        scene (then only a pan already under way goes on)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button in PAN_BUTTONS:
            self._pan_from = None
            return
        if event.type == pygame.MOUSEMOTION and self._pan_from is not None:
            self.app.session.framer.pan(event.pos[0] - self._pan_from[0], event.pos[1] - self._pan_from[1])
            self._pan_from = event.pos
            return
        if blocked:
            return
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            steps = getattr(event, "precise_y", event.y)
            if steps and self._in_scene(pos):  # about the point under the cursor, which stays under it
                self.app.session.framer.zoom(ZOOM_STEP ** steps, self.app.camera.to_model(*pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in PAN_BUTTONS:
            if self._in_scene(event.pos):
                self._pan_from = event.pos
        elif event.type in FINGER_EVENTS:
            w, h = self.app.screen.get_size()
            pos = (event.x * w, event.y * h)
            fid = (event.touch_id, event.finger_id)
            if event.type == pygame.FINGERDOWN:
                gestures = [] if self._over_widget(pos) else self.touches.down(fid, pos)
            elif event.type == pygame.FINGERMOTION:
                gestures = self.touches.move(fid, pos)
            else:
                gestures = self.touches.up(fid, pos)
            for g in gestures:
                self._gesture(g)
        elif getattr(event, "touch", False):
            return  # SDL's copy of a touch: the finger events above carry it
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._gesture(Gesture("press", event.pos))
        elif event.type == pygame.MOUSEMOTION:
            self._gesture(Gesture("move", event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._gesture(Gesture("release", event.pos))

    def _gesture(self, g: Gesture) -> None:
        s, camera = self.app.session, self.app.camera
        if g.kind == "press" and self._banner_at(g.pos):
            s.banner.close()  # its × or anywhere on it: the scene under it is not touched
        elif g.kind == "press" and self._legend_at(g.pos):
            s.view.legend_folded = not s.view.legend_folded
        elif g.kind == "press":
            self.press(g.pos)
        elif g.kind == "move" and s.dragging.drag is not None:
            s.dragging.drag_to(camera.to_model(*g.pos))
        elif g.kind == "release" and s.dragging.drag is not None:
            s.dragging.release(camera.to_model(*g.pos))
        elif g.kind == "stop":
            s.dragging.release()
        elif g.kind == "zoom":
            s.framer.zoom(g.factor, camera.to_model(*g.pos))

    def press(self, pos) -> None:
        """Grab the body (x mode) or the arrow tip (v mode) under ``pos``, if any; a moving model
        pauses under the pointer."""
        app = self.app
        s = app.session
        if not s.dragging.grabbable or not self._in_scene(pos):
            return
        mouse = app.camera.to_model(*pos)
        poses = s.showing.poses()
        if s.view.edit_velocities:  # the arrow's tip; while it moves (no arrows shown), the body's arrow
            gid = arrow_at(s.showing.edit_arrows(), app.camera, pos, app.settings.arrow_seconds)
            if gid is None and s.view.animating:
                gid = body_at(poses, s.kinematics.handles, app.camera, pos)
            if gid is not None:
                s.dragging.grab(gid, mouse, velocities=True)
                return
        elif (gid := body_at(poses, s.kinematics.handles, app.camera, pos)) is not None:
            s.dragging.grab(gid, mouse)
            return
        # nothing that can be dragged here: a body that a motor moves says so
        if (body := body_at(poses, {p.id for p in poses}, app.camera, pos)) is not None:
            s.dragging.refused_by_motors(body)

    def _banner_at(self, pos) -> bool:
        return any(isinstance(layer, BannerLayer) and layer.close_at(pos) for layer in self.app.layers)

    def _legend_at(self, pos) -> bool:
        return any(isinstance(layer, ReactionArrowsLayer) and layer.legend_rect is not None
                   and layer.legend_rect.collidepoint(pos) for layer in self.app.layers)

    def _in_scene(self, pos) -> bool:
        return pygame.Rect(self.app.layout.viewport).collidepoint(pos)

    def _over_widget(self, pos) -> bool:
        """A finger put down on a panel or button (pygame_gui takes SDL's mouse copy of it)."""
        root = self.app.manager.get_root_container()
        return any(e is not root and e.visible and e.rect.collidepoint(pos)
                   for e in self.app.manager.get_sprite_group().sprites())
