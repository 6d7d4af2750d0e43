"""The soak's made-up visitors and its report (the whole run: tests/app/commands/test_simulate_command.py)."""

from __future__ import annotations

import random

from window_helpers import pump

from game.app.commands.soak import WARM_UP, Visitors, growth, readings, reference_memory
from game.ui.plotdock import PlotDock
from game.ui.theme import drawing_pending


def play(visitors: Visitors, kind: str) -> None:
    """One action of a visitor, its events posted frame by frame as the soak does."""
    visitors.queue.extend(visitors.act(kind))
    while visitors.queue:
        visitors.queue.popleft()()
        pump(visitors.app, 1, dt=0.1)
    pump(visitors.app, 2, dt=0.1)


def test_a_kiosk_visitor_opens_the_plots_and_the_chaos_control_and_uses_the_dock(app_factory):
    visitors = Visitors(app_factory(kiosk=True), random.Random(1))
    assert min(Visitors.ACTIONS[kind] for kind in ("plots", "ensemble", "dock")) > 0  # the soak's visitors do
    for kind in ("plots", "ensemble", "dock", "dock"):
        play(visitors, kind)
    app = visitors.app
    assert app.session.view.plots and app.session.view.ensemble and app.dock.widgets is not None
    assert all(list(row) == ["clear", "close"] for row in app.dock.widgets.buttons)  # a kiosk saves no files


def test_visitors_open_the_plots_and_the_chaos_control_and_use_the_dock(app_factory, monkeypatch, tmp_path):
    app = app_factory()  # a desktop window, whose dock also saves its plots
    app.session.exports.folder = tmp_path  # a desktop's dock saves its plots
    done = []
    monkeypatch.setattr(PlotDock, "action", lambda self, event, f=PlotDock.action: done.append(f(self, event))
                        or done[-1])
    visitors = Visitors(app, random.Random(1))
    play(visitors, "plots")
    assert app.session.view.plots and app.dock.widgets is not None
    play(visitors, "ensemble")
    assert app.session.view.ensemble and len(app.scene().ghosts[0].fields["x"]) == 50
    for _ in range(20):
        play(visitors, "dock")
    what = {a[0] for a in done if a is not None}
    assert what & {"kind", "x", "y"} and what & {"clear", "close", "add"}, what  # menus chosen from, buttons pressed
    # memory is read with nothing a visitor left on: the ghosts' records are not counted
    if not app.session.view.ensemble:
        play(visitors, "ensemble")
    assert app.session.plots.ensemble is not None
    reference_memory(app)
    assert app.session.plots.ensemble is None and not app.session.view.plots and app.dock.widgets is None


def test_visitors_press_each_control_as_often_as_the_command_table_says():
    from game.app.session.controls import CONTROLS

    weighted = {c.name: c.soak for c in CONTROLS if c.soak}
    assert {k: w for k, w in Visitors.ACTIONS.items() if k not in Visitors.GESTURES} == weighted
    # the weights of the soaks reported so far (a new soak stays comparable): the speeds share one; 30
    # since the measuring tools' control, 29 since the modes control (one, as the other panels'), 28 before
    assert sum(w for k, w in weighted.items() if k.startswith("speed")) == 1 and sum(Visitors.ACTIONS.values()) == 30


def test_a_visitor_pauses_before_a_control_that_animating_locks(app_factory):
    visitors = Visitors(app_factory(kiosk=True), random.Random(1))
    app = visitors.app
    play(visitors, "animate")
    assert app.session.view.animating
    play(visitors, "eraser")  # locked while animating: the visitor pauses first, then erases
    assert not app.session.view.animating
    play(visitors, "speed2")  # any control of the table, by its name
    assert app.session.clock.scheduler.speed == 2.0


def test_the_soak_reads_memory_after_the_warm_up_also_in_the_middle_of_the_run():
    hour = round(3600 / 10)
    marks = readings(2 * hour, 10.0)  # two hours: the warm-up ends in the middle
    assert marks[0] == "start" and marks[round(WARM_UP / 10)] == "after warm-up"
    assert "after warm-up" not in readings(hour // 2, 10.0).values()


def test_growth_is_measured_from_the_warm_up_or_not_at_all():
    memory = [("start", 0.0, 100.0, 1), ("after warm-up", 1.0, 150.0, 1), ("2 h", 2.0, 153.0, 1),
              ("end", 3.0, 151.5, 1)]
    assert growth(memory) == "growth after warm-up: +1.5 MB at the end, +3.0 MB at most"
    short = [("start", 0.0, 100.0, 1), ("middle", 0.25, 140.0, 1), ("end", 0.5, 151.3, 1)]
    assert growth(short) == ("growth after warm-up: not measured: the run (0.50 kiosk h) was shorter than the "
                             "warm-up (1 h)")



def test_kiosk_visitors_step_values_with_minus_and_plus(app_factory, monkeypatch):
    from game.ui.steppers import StepperPanel

    presses = []
    monkeypatch.setattr(StepperPanel, "press", lambda self, i, d, f=StepperPanel.press: (presses.append(d), f(self, i, d)))
    app = app_factory(kiosk=True)
    visitors = Visitors(app, random.Random(3))
    changed = 0
    for _ in range(6):
        before = (dict(app.session.sim.parameters), app.session.sim.values())
        play(visitors, "panel")
        assert app.panel is None  # accepted or closed: nothing left open
        changed += (dict(app.session.sim.parameters), app.session.sim.values()) != before
    assert len(presses) >= 6 and set(presses) == {-1, 1}  # a kiosk's panel has − and +, no field to type in
    assert changed >= 3  # presses that took (a limit or a refusal leaves a value as it was)


def parentless_surfaces(app) -> int:
    """The pictures the window holds (a subsurface is its sheet's)."""
    import gc

    import pygame

    def picture(r) -> bool:
        try:
            return isinstance(r, pygame.Surface) and r.get_parent() is None
        except pygame.error:  # a Surface never initialised (another test's leftover): holds no pixels
            return False
        except ReferenceError:  # a proxy whose object is gone (numba keeps some, once imported): no pixels
            return False

    held = {id(r) for o in gc.get_objects() for r in (o, *gc.get_referents(o)) if picture(r)}
    return len(held)


def test_memory_is_read_with_the_widgets_drawn_in_full_however_recently_they_were_built(app_factory):
    app = app_factory(kiosk=True)
    reference_memory(app)
    settled = parentless_surfaces(app)
    app.resize(app.screen.get_size())  # the bars built again: their buttons draw a state a frame
    assert drawing_pending(app.manager)
    reference_memory(app)
    assert not drawing_pending(app.manager)
    assert parentless_surfaces(app) == settled


def test_memory_is_read_without_the_shadow_of_what_a_visitor_just_opened(app_factory):
    visitors = Visitors(app_factory(kiosk=True), random.Random(1))
    app = visitors.app
    shadows = app.manager.get_theme().shadow_generator.short_term_rect_cache
    visitors.queue.extend(visitors.press("menu"))  # the menu opened and left open
    while visitors.queue:
        visitors.queue.popleft()()
        pump(app, 1, dt=0.1)
    pump(app, 2, dt=0.1)  # pygame_gui drew the menu's shadow, which it keeps 10 s
    w, h = app.menu.panel.rect.size
    assert any(key.startswith(f"{w}_{h}_") for key in shadows), list(shadows)
    held = parentless_surfaces(app)
    reference_memory(app)
    assert not shadows and parentless_surfaces(app) < held
