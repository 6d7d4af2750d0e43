"""Idle means idle: the window's real loop (App.run), paused with no input, sleeps instead of
drawing 60 frames a second; an event wakes it at once, and Play after a sleep starts the motion
then, not a second earlier."""

from __future__ import annotations

import time

import pygame
import pytest

from game.app.window.window import AWAKE_AFTER_INPUT, IDLE_WAIT


def test_a_paused_window_with_no_input_sleeps(app_factory):
    app = app_factory()
    pygame.event.clear()
    app.run(AWAKE_AFTER_INPUT + 0.3, quit=False)  # awake a moment after the last input, then asleep
    frames = app.frames
    wall, cpu = time.perf_counter(), time.process_time()
    app.run(2.5, quit=False)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    # nothing changed on screen: nothing painted (a loop at 60 fps paints 150 frames here)
    assert app.frames - frames == 0
    assert cpu / wall < 0.05  # about 0.3 % of a core measured; 60 fps paused took 9-43 %
    assert app.running


def test_input_wakes_the_window_and_play_starts_from_then(app_factory):
    app = app_factory()
    pygame.event.clear()
    app.run(AWAKE_AFTER_INPUT + 0.3, quit=False)
    assert app.still()
    # Play (space) arrives in the middle of a sleep, from SDL's timer as a key would
    pygame.time.set_timer(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0),
                          int(IDLE_WAIT * 1000 * 0.6), loops=1)
    start = time.monotonic()
    app.run(IDLE_WAIT * 0.6 + 0.5, quit=False)
    assert app.session.view.animating and not app.still()
    # the motion ran for about the half second after the key, not also the sleep before it
    assert 0.2 < app.session.sim.t < 0.5 + 0.15, app.session.sim.t
    assert time.monotonic() - start < IDLE_WAIT * 0.6 + 0.7
    frames = app.frames
    app.run(0.5, quit=False)
    assert app.frames - frames > 10  # animating: awake, a frame after another


def test_a_still_frame_that_changes_is_painted(app_factory):
    """Something that changes the screen with no input (a model file saved in an editor, a banner
    that goes, a kiosk's caption) is painted after at most one sleep."""
    app = app_factory()
    pygame.event.clear()
    app.run(AWAKE_AFTER_INPUT + 0.3, quit=False)
    frames = app.frames
    app.session.sim.set_conditions([1.0, -0.5], [0.0, 0.0])  # as a reload from the file would
    app.run(IDLE_WAIT + 0.2, quit=False)
    assert app.frames - frames == 1


@pytest.mark.parametrize("busy", ["banner", "entry"])
def test_what_moves_without_input_keeps_the_window_awake(app_factory, busy):
    app = app_factory()
    pygame.event.clear()
    app.run(AWAKE_AFTER_INPUT + 0.3, quit=False)
    assert app.still()
    if busy == "banner":  # a "done" banner fading out
        app.session.banner.say("saved", "done")
        app.session.banner.age = 5.0
        assert 0 < app.session.banner.opacity < 1
    else:  # a text field with its blinking cursor (Save as model)
        app.session.act("save")
        app.frame(0.0)
        assert app.panel is not None
    assert not app.still()


def test_a_relaxing_action_path_keeps_the_window_awake(app_factory):
    """Relax moves the Action view's path a step a frame with no input: a sleeping window would
    move it once a second."""
    app = app_factory()
    app.session.act("animate")
    app.run(0.6, quit=False)
    app.session.act("animate")
    assert app.session.action.open() is None
    pygame.event.clear()
    app.run(AWAKE_AFTER_INPUT + 0.3, quit=False)
    assert app.still()
    view = app.session.action
    view.drag(0, float(view.path[view.handles[0], view.coordinate]) + 0.3)
    view.relax()
    assert not app.still()
    # Awake, a step a frame, until the path is the true one again: the window never sleeps on the
    # way (counted, not timed: a loaded machine paints fewer frames a second, never a sleeping one).
    sleeps = []
    sleep = app.sleep
    app.sleep = lambda seconds: (view.relaxing and sleeps.append(seconds)) or sleep(seconds)
    end = time.monotonic() + 20.0
    while view.relaxing and time.monotonic() < end:
        app.run(0.2, quit=False)
    assert sleeps == []
    assert not view.relaxing
    assert abs(view.path - view.true).max() < 1e-6
