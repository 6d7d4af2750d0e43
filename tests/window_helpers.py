"""Driving the real window headless: real mouse, keyboard and finger
events posted to pygame's queue, then frames pumped."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import numpy as np
import pygame

from game.app.window.window import App

FRAME = 1 / 60


def pump(app: App, frames: int = 3, dt: float = 0.0) -> None:
    for _ in range(frames):
        app.frame(dt)


def click_at(app: App, pos, frames: int = 3) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, frames)


def click(app: App, element, frames: int = 3) -> None:
    click_at(app, element.rect.center, frames)


def choose(app: App, menu, text: str) -> None:
    """Open a drop-down menu with a click and click one of its options."""
    click_at(app, menu.rect.center)
    items = menu.current_state.options_selection_list.item_list
    option = next(i["button_element"] for i in items if i["text"] == text)
    click(app, option, frames=6)  # the choice travels as two events of pygame_gui, a frame each


def drag(app: App, start, end, steps: int = 8) -> None:
    start = np.array(start, dtype=float)
    end = np.array(end, dtype=float)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(int(v) for v in start), button=1))
    pump(app, 1)
    for k in range(1, steps + 1):
        p = tuple(round(v) for v in start + (end - start) * k / steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(round(v) for v in end), button=1))
    pump(app, 1)


def key(app: App, k: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    pump(app, frames)


def type_text(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app, 2)


def press_enter(app: App) -> None:
    key(app, pygame.K_RETURN)


def edit_value(app: App, name: str, text: str) -> None:
    """In the open panel: click the value of ``name``, clear it, type ``text``, press Enter."""
    panel = app.panel
    click(app, panel.value_buttons[[r.name for r in panel.rows].index(name)])
    assert panel.entry is not None
    for _ in range(len(panel.entry.get_text())):
        key(app, pygame.K_BACKSPACE, frames=1)
    type_text(app, text)
    press_enter(app)


def button(app: App, name: str):
    return app.bars.buttons[name]


def handle_px(app: App, gid: str):
    x, y = app.session.kinematics.handle_point(gid, app.session.sim.t, app.session.sim.q)
    return app.camera.to_pixels(x, y)


def finger(app: App, kind: int, pos, finger_id: int = 0) -> None:
    """Post one finger event at pixel ``pos`` (SDL gives fingers in 0..1 of the window)."""
    w, h = app.screen.get_size()
    pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=pos[0] / w, y=pos[1] / h,
                                         dx=0.0, dy=0.0, pressure=1.0))


def finger_drag(app: App, start, end, steps: int = 8, finger_id: int = 0) -> None:
    """A finger drag, with the mouse events SDL makes from a touch (``touch=True``) as well."""
    start = np.array(start, dtype=float)
    end = np.array(end, dtype=float)
    finger(app, pygame.FINGERDOWN, tuple(int(v) for v in start), finger_id)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(int(v) for v in start), button=1, touch=True))
    pump(app, 1)
    for k in range(1, steps + 1):
        p = tuple(round(v) for v in start + (end - start) * k / steps)  # the pixels drag() goes through
        finger(app, pygame.FINGERMOTION, p, finger_id)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(round(v) for v in p), rel=(1, 1),
                                             buttons=(1, 0, 0), touch=True))
        pump(app, 1)
    finger(app, pygame.FINGERUP, tuple(round(v) for v in end), finger_id)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(round(v) for v in end), button=1, touch=True))
    pump(app, 1)
