"""The window, driven through the real pygame event loop, headless: real mouse
and keyboard events are posted, frames are pumped, and state and pixels are read back."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pygame
import pytest
from model_texts import one_coordinate
from project import ROOT
from window_helpers import FRAME, button, click, drag, edit_value, handle_px, key, pump

from game.app.files import paths
from game.app.files.settings import Settings
from game.app.window.window import App
from game.render import DEFAULT_STYLE, velocity_arrow_end

# -- the loop ----------------------------------------------------------------------------

def test_trajectory_does_not_depend_on_the_frame_rate(app_factory):
    a = app_factory()
    b = app_factory()
    for app in (a, b):
        click(app, button(app, "animate"), frames=2)
    for _ in range(60):  # 2 s at 30 frames per second
        a.frame(1 / 30)
    for _ in range(288):  # 2 s at 144 frames per second
        b.frame(1 / 144)
    assert a.session.sim.t == pytest.approx(b.session.sim.t, abs=0.021)
    # whole steps of dt only: bring both to the same step and compare exactly
    while a.session.sim.t < b.session.sim.t - 1e-9:
        a.session.sim.step()
    while b.session.sim.t < a.session.sim.t - 1e-9:
        b.session.sim.step()
    assert np.array_equal(a.session.sim.q, b.session.sim.q) and np.array_equal(a.session.sim.state.p, b.session.sim.state.p)


def test_speed_factor_and_catch_up_cap(app):
    click(app, button(app, "animate"), frames=2)
    click(app, app.bars.speeds[3], frames=2)  # 4×
    t0 = app.session.sim.t
    pump(app, 30, dt=1 / 60)
    assert app.session.sim.t - t0 == pytest.approx(4 * 30 / 60, abs=0.05)
    t0 = app.session.sim.t
    app.frame(5.0)  # a frame that took 5 s: only the cap is made up
    assert app.session.sim.t - t0 <= 4 * app.session.clock.scheduler.max_catch_up + 0.021


# -- every button -----------------------------------------------------------------------

def test_animate_pause_and_the_locked_controls(app):
    t0 = app.session.sim.t
    click(app, button(app, "animate"), frames=2)
    assert app.session.view.animating
    pump(app, 20, dt=FRAME)
    assert app.session.sim.t > t0
    assert app.bars.icon("animate") == "pause"
    for name in ("eraser", "reset", "parameters", "conditions", "edit"):
        assert not button(app, name).is_enabled, name
    q = app.session.sim.q
    key(app, pygame.K_r)  # Reset is inactive while animating, by key too
    assert app.session.view.animating and not np.array_equal(app.session.sim.q, app.session.sim.user_q)
    click(app, button(app, "animate"))
    assert not app.session.view.animating and app.bars.icon("animate") == "play"
    for name in ("eraser", "reset", "parameters", "conditions", "edit"):
        assert button(app, name).is_enabled, name
    t_paused = app.session.sim.t
    pump(app, 10, dt=FRAME)
    assert app.session.sim.t == t_paused
    assert not np.array_equal(q, app.session.sim.user_q)


def test_eraser_clears_the_trails(app):
    click(app, button(app, "animate"), frames=2)
    pump(app, 30, dt=FRAME)
    click(app, button(app, "animate"))
    trail = app.session.trails.trails["C2"]
    assert len(trail) > 20
    click(app, button(app, "eraser"))
    assert len(trail) == 0


def test_reset_returns_to_the_conditions_set_before_animating(app):
    q0, v0 = app.session.sim.q, app.session.sim.qdot
    click(app, button(app, "animate"), frames=2)
    pump(app, 30, dt=FRAME)
    click(app, button(app, "animate"))
    assert not np.allclose(app.session.sim.q, q0)
    click(app, button(app, "reset"))
    assert np.array_equal(app.session.sim.q, q0) and np.allclose(app.session.sim.qdot, v0) and app.session.sim.t == 0


def test_vectors_toggle_draws_arrows(app):
    app.session.sim.set_conditions(app.session.sim.q, [2.0, -1.0])
    pump(app, 1)
    before = pygame.surfarray.array3d(app.screen).copy()
    click(app, button(app, "vectors"))
    assert app.session.view.vectors and app.bars.icon("vectors") == "vectors_on"
    after = pygame.surfarray.array3d(app.screen)
    # the tip of the lower bob's arrow, where nothing was drawn before
    p = next(p for p in app.session.showing.poses() if p.id == "C2")
    tip = velocity_arrow_end(app.camera, p.x, p.y, p.vx, p.vy, app.settings.arrow_seconds)
    x, y = int(tip[0]), int(tip[1])
    region = (slice(x - 6, x + 7), slice(y - 6, y + 7))
    assert np.any(before[region] != after[region])
    click(app, button(app, "vectors"))
    assert not app.session.view.vectors


def test_energy_panel_shows_expressions_values_and_de(app):
    click(app, button(app, "energy"))
    lines = app.live.get("energy").lines
    # the expressions as written, ½ as 1/2 (long ones wrapped over several lines)
    ek_text, ep_text = (e.text.strip("'").replace("½", "1/2")
                        for e in (app.session.model.kinetic, app.session.model.potential))
    written = " ".join(x.strip() for x in lines[:-4]).replace("  ", " ")
    assert written.replace(" ", "") == ("Ek = " + ek_text + "Ep = " + ep_text).replace(" ", "")
    ek, ep = app.session.sim.energies
    assert lines[-4:] == [f"Ek = {ek:.6g}", f"Ep = {ep:.6g}", f"E = Ek + Ep = {ek + ep:.6g}", "DE = 0"]
    click(app, button(app, "animate"), frames=2)
    pump(app, 30, dt=FRAME)
    assert app.live.get("energy").lines[-1] != "DE = 0"  # live while animating (10 times a second)
    click(app, button(app, "animate"))
    assert app.live.get("energy").lines[-1] == f"DE = {app.session.sim.de:.6g}" and app.session.sim.de > 0
    click(app, button(app, "energy"))
    assert app.live.get("energy") is None


def test_values_panel_is_live(app):
    click(app, button(app, "values"))
    assert app.live.get("values").lines[0] == f"a1 = {app.session.sim.q[0]:.6g}"
    click(app, button(app, "animate"), frames=2)
    pump(app, 10, dt=FRAME)
    assert app.live.get("values").lines[2] != "va1 = 0"
    click(app, button(app, "animate"))
    assert app.live.get("values").lines[2] == f"va1 = {app.session.sim.qdot[0]:.6g}"


def test_the_reactions_button_is_inactive_for_a_lagrangian_model(app):
    assert not button(app, "reactions").is_enabled  # only mechanisms have reactions
    key(app, pygame.K_f)
    assert not app.session.view.reactions


def test_edit_mode_and_speed_buttons(app):
    click(app, button(app, "edit"))
    assert app.session.view.edit_velocities and app.bars.icon("edit") == "edit_v"
    click(app, button(app, "edit"))
    assert not app.session.view.edit_velocities
    for i, speed in enumerate((0.5, 1.0, 2.0, 4.0)):
        click(app, app.bars.speeds[i])
        assert app.session.clock.scheduler.speed == speed


def test_menu_lists_models_highlights_current_and_loads(app):
    click(app, app.bars.menu)
    assert app.menu is not None
    items = app.menu.items
    # models.xml's, then the link to the exercises' page
    assert [b.text for b in items] == [e.title for e in app.session.catalog.entries if not e.group] + ["Ejercicios »"]
    assert any(o.startswith("#menu_current") for o in items[0].object_ids)  # (_small with many models)
    click(app, app.bars.menu)  # the same button closes it
    assert app.menu is None
    click(app, app.bars.menu)
    target = [e.stem for e in app.session.catalog.entries].index("pendulo_simple")
    click(app, app.menu.items[target])
    assert app.menu is None and app.session.entry.stem == "pendulo_simple"
    assert app.bars.title.text == "Péndulo simple"
    click(app, app.bars.menu)
    assert any(o.startswith("#menu_current") for o in app.menu.items[target].object_ids)


def test_the_exercises_of_seed_004_are_a_page_of_the_menu_and_open_from_it(app_factory, tmp_path):
    """models/ejercicios/models.xml: a link after the models of models.xml turns the menu to the
    exercises, under their heading; one opens as any other, and the menu opens again on their page,
    with a link back."""
    app = app_factory(language="en")
    click(app, app.bars.menu)
    entries = app.session.catalog.entries
    exercises = [i for i, e in enumerate(entries) if e.group == "exercises"]
    shipped = sorted(p.name for p in (ROOT / "models" / "ejercicios").glob("*.dat"))
    assert sorted(entries[i].file for i in exercises) == shipped
    link = app.menu.items[-1]
    assert link.text == "Exercises »" and app.menu.headings == []
    click(app, link, frames=4)
    menu = app.menu
    assert menu is not None and [h.text for h in menu.headings] == ["Exercises"]
    assert [b.text for b in menu.items] == ["« Models"] + [entries[i].title_in("en") for i in exercises]
    first = menu.items[1]
    assert first.text == "25.6 A mass pushed up an incline"
    assert menu.headings[0].rect.bottom <= first.rect.top and menu.headings[0].rect.left == first.rect.left
    pygame.image.save(app.screen, str(tmp_path / "menu_exercises.png"))
    sleigh = [entries[i].stem for i in exercises].index("trineo_chaplygin") + 1
    click(app, menu.items[sleigh], frames=4)
    assert app.menu is None and app.session.entry.path == ROOT / "models" / "ejercicios" / "trineo_chaplygin.dat"
    assert app.bars.title.text == "Chaplygin sleigh" and app.session.sim.q.shape == (3,)
    click(app, app.bars.menu)  # on the exercises' page, the sleigh lit
    assert app.menu.items[0].text == "« Models"
    assert any(o.startswith("#menu_current") for o in app.menu.items[sleigh].object_ids)
    click(app, app.menu.items[0], frames=4)
    assert app.menu.items[-1].text == "Exercises »" and app.menu.items[0].text == "Double pendulum"
    assert not any(o.startswith("#menu_current") for b in app.menu.items for o in b.object_ids)


def test_what_a_closed_menu_or_dialog_held_goes_back_at_the_end_of_its_frame(app, monkeypatch):
    """pygame_gui's widgets are reference cycles: their pixels would wait for a full collection
    (a kiosk's memory grew for hours). Nothing is collected while widgets only open."""
    released = []
    monkeypatch.setattr("game.app.window.widgets.release_memory", lambda: released.append(app.session.view.menu))
    monkeypatch.setattr("game.app.window.widgets.GIVE_BACK_EVERY", 0.0)  # (at the end of every frame that dropped some)
    pump(app, 2)
    click(app, app.bars.menu)
    pump(app, 3)
    assert app.menu is not None and released == []
    click(app, app.bars.menu)
    assert app.menu is None and released == [False]
    pump(app, 3)
    assert released == [False]
    click(app, button(app, "parameters"))
    assert app.panel is not None and len(released) == 1
    key(app, pygame.K_ESCAPE)
    assert app.panel is None and len(released) == 2
    click(app, button(app, "language"))  # every widget built again in the other language
    assert len(released) == 3


def test_memory_is_given_back_at_most_once_a_second_of_the_windows_clock(app, monkeypatch):
    """A full collection takes about 20 ms: a visitor closing menus one after another gets one a
    second, not one per close."""
    released = []
    monkeypatch.setattr("game.app.window.widgets.release_memory", lambda: released.append(app.session.view.menu))
    for _ in range(3):
        click(app, app.bars.menu)  # (frames of no time)
    assert app.menu is not None and released == []
    click(app, app.bars.menu)
    pump(app, 5, 0.1)
    assert app.menu is None and released == []  # half a second
    pump(app, 6, 0.1)
    assert released == [False]  # after a second, once for both menus closed
    pump(app, 20, 0.1)
    assert released == [False]  # nothing dropped since


def test_documentation_opens_the_shipped_manual(app, monkeypatch):
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda uri: opened.append(uri))
    click(app, app.bars.docs)
    assert opened and opened[0].startswith("file://") and opened[0].endswith("/docs/manual.html")
    assert (ROOT / "docs" / "manual.html").is_file()


def test_keyboard_shortcuts(app):
    key(app, pygame.K_v)
    assert app.session.view.vectors
    key(app, pygame.K_n)
    assert app.live.get("energy") is not None
    key(app, pygame.K_t)
    assert app.live.get("values") is not None
    key(app, pygame.K_x)
    assert app.session.view.edit_velocities
    key(app, pygame.K_4)
    assert app.session.clock.scheduler.speed == 4.0
    key(app, pygame.K_SPACE)
    assert app.session.view.animating
    key(app, pygame.K_SPACE)
    assert not app.session.view.animating
    key(app, pygame.K_p)
    assert app.panel is not None
    key(app, pygame.K_ESCAPE)
    assert app.panel is None


# -- panels ------------------------------------------------------------------------------

def test_parameters_panel_applies_a_new_mass(app):
    click(app, button(app, "parameters"))
    panel = app.panel
    assert panel is not None
    assert all(not b.visible for b in app.bars.buttons.values())  # other controls hidden
    edit_value(app, "m", "2")
    assert panel.entry is None and panel.pending == {"m": "2"}
    assert app.session.sim.parameters["m"] == 1  # not yet: Enter, then Accept
    click(app, panel.accept_button)
    assert app.panel is None
    assert app.session.sim.parameters["m"] == 2
    assert all(b.visible for b in app.bars.buttons.values())
    # the simulation uses it: Ep = -(M+m)·g·L·cos(a1) - m·g·l·cos(a2)
    p = app.session.sim.parameters
    a1, a2 = app.session.sim.q
    expected = -(p["M"] + 2) * p["g"] * p["L"] * math.cos(a1) - 2 * p["g"] * p["l"] * math.cos(a2)
    assert app.session.sim.energies[1] == pytest.approx(expected)


def test_an_invalid_value_is_refused_in_place_and_nothing_changes(app):
    before = dict(app.session.sim.parameters)
    click(app, button(app, "parameters"))
    panel = app.panel
    edit_value(app, "m", "2·")
    assert panel.entry is not None and panel.entry.get_text() == "2·"  # still open, text kept
    # in the interface's language throughout, naming the field
    assert panel.message == "Rechazado (m): la expresión termina donde se esperaba un valor"
    assert panel.pending == {}
    click(app, panel.accept_button)
    assert app.panel is panel  # accept refuses too
    assert app.session.sim.parameters == before
    key(app, pygame.K_ESCAPE)


def test_conditions_panel_sets_a_coordinate_by_expression(app):
    click(app, button(app, "conditions"))
    panel = app.panel
    edit_value(app, "a2", "pi/3")
    click(app, panel.accept_button)
    assert app.session.sim.q[1] == pytest.approx(math.pi / 3)
    assert app.session.sim.user_q[1] == pytest.approx(math.pi / 3)


def test_the_values_panel_shows_a_typed_angle_without_its_turns(app):
    click(app, button(app, "conditions"))
    panel = app.panel
    edit_value(app, "a2", "4·pi + 0.5")  # two turns and a bit
    click(app, panel.accept_button)
    click(app, button(app, "values"))
    pump(app, 2)
    assert app.live.get("values").lines[1] == "a2 = 0.5"
    assert app.session.sim.q[1] == pytest.approx(4 * math.pi + 0.5)  # what was typed stays in the state


# -- dragging ----------------------------------------------------------------------------

def test_drag_the_lower_bob_and_both_angles_solve(app):
    handle = app.session.kinematics.handle_point("C2", app.session.sim.t, app.session.sim.q)
    start = tuple(round(v) for v in handle_px(app, "C2"))
    target = (start[0] - 120, start[1] + 90)
    a_before = app.session.sim.q.copy()
    drag(app, start, target)
    x, y = app.session.kinematics.handle_point("C2", app.session.sim.t, app.session.sim.q)
    # the grabbed point keeps its offset from the cursor: it moved exactly as the mouse did
    mx, my = handle + np.subtract(app.camera.to_model(*target), app.camera.to_model(*start))
    assert x == pytest.approx(mx, abs=1e-6) and y == pytest.approx(my, abs=1e-6)
    assert abs(app.session.sim.q[0] - a_before[0]) > 0.01 and abs(app.session.sim.q[1] - a_before[1]) > 0.01
    # panels show the drag at once
    click(app, button(app, "values"))
    assert app.live.get("values").lines[1] == f"a2 = {app.session.sim.q[1]:.6g}"


def test_drag_the_upper_bob_turns_only_its_bar(app):
    a2 = app.session.sim.q[1]
    start = handle_px(app, "C1")
    drag(app, start, (start[0] - 60, start[1] + 80))
    assert app.session.sim.q[1] == a2


def test_drag_the_velocity_arrow_perpendicular_to_the_bar(app):
    click(app, button(app, "edit"))
    assert app.session.view.edit_velocities
    start = handle_px(app, "C2")  # speed 0: the arrow is a dot on the bob
    a2 = app.session.sim.q[1]
    # ask for a velocity along the bar and across it: only the perpendicular part is possible
    along = np.array([math.sin(a2), -math.cos(a2)])
    across = np.array([math.cos(a2), math.sin(a2)])
    wanted = 1.5 * across + 0.8 * along  # model units / s
    end_model = np.array(app.session.kinematics.handle_point("C2", 0, app.session.sim.q)) + wanted * app.settings.arrow_seconds
    end = app.camera.to_pixels(*end_model)
    drag(app, start, end)
    va1, va2 = app.session.sim.qdot
    assert abs(va1) < 1e-12  # the bob's own coordinate only
    l = app.session.sim.parameters["l"]
    assert va2 * l == pytest.approx(1.5, rel=0.02)  # pixel rounding of the drag
    arrow = app.session.kinematics.own_velocity("C2", app.session.sim.t, app.session.sim.q, app.session.sim.qdot)
    assert abs(arrow @ along) < 1e-12 * np.linalg.norm(arrow)


class ArrowRecorder:
    """Stands in for the scene's ``draw_arrow``: draws as it does, and keeps where each arrow of
    the last frame started and ended (pixels)."""

    def __init__(self, monkeypatch):
        import game.render.scene as scene

        self.arrows: list[tuple[tuple[float, float], tuple[float, float]]] = []
        real = scene.draw_arrow

        def draw(surface, start, end, *args, **kwargs):
            self.arrows.append((tuple(start), tuple(end)))
            return real(surface, start, end, *args, **kwargs)

        monkeypatch.setattr(scene, "draw_arrow", draw)

    def frame(self, app) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        self.arrows.clear()
        pump(app, 1)
        return list(self.arrows)


@pytest.mark.parametrize("zoom", [0, 2])
def test_v_mode_draws_one_arrow_per_bob_and_its_tip_follows_the_pointer(app, monkeypatch, zoom):
    s = app.session
    s.sim.set_conditions([math.pi / 2, math.pi / 4], [1.0, 0.5])  # the lower bob's velocity is not its own part
    for _ in range(zoom):
        key(app, pygame.K_PLUS, frames=1)
    key(app, pygame.K_x)  # v mode
    key(app, pygame.K_v)  # and the velocity vectors
    assert s.view.edit_velocities and s.view.vectors
    recorder = ArrowRecorder(monkeypatch)
    bobs = [handle_px(app, gid) for gid in ("C1", "C2")]
    arrows = recorder.frame(app)
    # one arrow from each bob (the arrow to drag takes the place of the velocity arrow there)
    assert len(arrows) == 2
    assert sorted(np.round(start, 6).tolist() for start, _ in arrows) == sorted(np.round(bobs, 6).tolist())

    def tip() -> np.ndarray:
        (arrow,) = [a for a in s.showing.edit_arrows() if a.id in ("b2", "C2")]
        return np.array(velocity_arrow_end(app.camera, arrow.x, arrow.y, arrow.vx, arrow.vy,
                                           app.settings.arrow_seconds))

    a2 = s.sim.q[1]
    across = np.array([math.cos(a2), -math.sin(a2)])  # the bob's own velocity, in pixels (y down)
    start = tip()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(int(v) for v in start), button=1))
    pump(app, 1)
    assert s.dragging.drag is not None and s.dragging.drag.velocities
    for k in range(1, 9):
        pointer = tuple(round(v) for v in start + across * 10 * k)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(1, 1), buttons=(1, 0, 0)))
        arrows = recorder.frame(app)
        assert np.hypot(*(tip() - pointer)) <= 1.0  # the tip stays under the pointer
        ends = [end for begin, end in arrows if np.hypot(*np.subtract(begin, bobs[1])) < 1e-6]
        assert len(ends) == 1 and np.hypot(*np.subtract(ends[0], pointer)) <= 1.0  # and that is what is drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pointer, button=1))
    pump(app, 1)
    assert s.dragging.drag is None and np.hypot(*(tip() - pointer)) <= 1.0
    assert s.sim.qdot[0] == pytest.approx(1.0, abs=1e-12)  # the upper bob's own velocity is left as it was


def test_reset_restores_dragged_conditions(app):
    start = handle_px(app, "C2")
    drag(app, start, (start[0] + 50, start[1] + 60))
    dragged = app.session.sim.q.copy()
    click(app, button(app, "animate"), frames=2)
    pump(app, 20, dt=FRAME)
    click(app, button(app, "animate"))
    assert not np.allclose(app.session.sim.q, dragged)
    click(app, button(app, "reset"))
    assert np.array_equal(app.session.sim.q, dragged)


def test_grab_while_animating_pauses_drags_and_goes_on_from_rest(app):
    """x mode: pressing the moving bob pauses it under the pointer; on release the motion goes on
    from where it was let go, at rest (no velocity left from before), and the trail breaks there."""
    click(app, button(app, "animate"), frames=2)
    pump(app, 30, dt=FRAME)
    assert app.session.sim.qdot.any()
    start = handle_px(app, "C2")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(int(v) for v in start), button=1))
    pump(app, 5, dt=FRAME)
    assert app.session.dragging.drag is not None and not app.session.view.animating
    held = app.session.sim.q.copy()
    pump(app, 5, dt=FRAME)
    assert np.array_equal(app.session.sim.q, held)  # it waits under the pointer
    end = (start[0] + 120, start[1] - 40)
    for k in range(1, 7):
        p = tuple(round(a + (b - a) * k / 6) for a, b in zip(start, end))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        pump(app, 1, dt=FRAME)
    dragged_to = handle_px(app, "C2")
    assert math.dist(dragged_to, start) > 40  # the bob followed the pointer
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(app, 1, dt=0.0)
    sim = app.session.sim
    assert app.session.dragging.drag is None and app.session.view.animating
    assert np.allclose(handle_px(app, "C2"), dragged_to, atol=1)  # let go where it was dragged to
    assert not sim.qdot.any() and np.array_equal(sim.user_q, sim.q) and sim.t == 0  # from rest
    assert app.bars.icon("animate") == "pause"
    pump(app, 10, dt=FRAME)
    assert sim.t > 0.1  # and it goes on


def test_a_paused_x_drag_then_play_does_not_fling(app):
    app.session.sim.set_conditions(app.session.sim.q, [3.0, -2.0])  # moving fast before the drag
    pump(app, 1)
    start = handle_px(app, "C2")
    drag(app, start, (start[0] + 80, start[1]))
    assert not app.session.sim.qdot.any() and not app.session.view.animating
    click(app, button(app, "animate"), frames=2)
    assert abs(app.session.sim.qdot).max() < 0.5  # released from rest, not flung


def test_grab_while_animating_in_v_mode_goes_on_with_the_drawn_velocity(app):
    click(app, button(app, "edit"))
    assert app.session.view.edit_velocities
    click(app, button(app, "animate"), frames=2)
    pump(app, 20, dt=FRAME)
    start = handle_px(app, "C2")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(int(v) for v in start), button=1))
    pump(app, 2, dt=FRAME)
    assert app.session.dragging.drag is not None and app.session.dragging.drag.velocities
    assert not app.session.view.animating
    end = (int(start[0]) + 90, int(start[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)))
    pump(app, 1, dt=FRAME)
    drawn = app.session.sim.qdot.copy()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(app, 1, dt=0.0)
    assert app.session.view.animating and drawn.any()
    assert np.allclose(app.session.sim.qdot, drawn) and np.allclose(app.session.sim.user_qdot, drawn)


# -- pixels --------------------------------------------------------------------------------

def test_the_bob_is_drawn_where_escala_ox_oy_say(app_factory):
    app = app_factory("pendulo_simple")
    angle = 0.7
    app.session.sim.set_conditions([angle], [0.0])
    pump(app, 1)
    g = app.session.model.general
    l = app.session.sim.parameters["l"]
    vx, vy, vw, vh = app.layout.viewport
    # CenM's rule: origin at the centre of the drawing area shifted by (Ox, Oy) pixels, y up
    px = vx + vw / 2 + g.ox + g.escala * (l * math.sin(angle))
    py = vy + vh / 2 + g.oy - g.escala * (-l * math.cos(angle))
    c = app.screen.get_at((round(px), round(py)))
    assert all(abs(a - b) <= 12 for a, b in zip((c.r, c.g, c.b), DEFAULT_STYLE.ball))
    away = app.screen.get_at((int(px) + 60, int(py) + 60))
    assert (away.r, away.g, away.b) == DEFAULT_STYLE.background


# -- failures --------------------------------------------------------------------------------

def test_a_failing_simulation_pauses_with_a_banner_and_keeps_the_last_state(app_factory, tmp_path, monkeypatch):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "raiz.dat").write_text(
        one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="0.2", v0="-1"), encoding="utf-8")
    (tmp_path / "models.xml").write_text(
        "<MODELS><MODEL><FILE>raiz.dat</FILE><TITLE>Raíz</TITLE></MODEL></MODELS>", encoding="utf-8")
    monkeypatch.setattr(paths, "CATALOG", tmp_path / "models.xml")
    monkeypatch.setattr(paths, "MODELS", tmp_path / "models")
    app = app_factory(None)
    click(app, button(app, "animate"), frames=2)
    for _ in range(120):
        app.frame(FRAME)
        if not app.session.view.animating:
            break
    assert not app.session.view.animating
    assert app.session.banner.text and "Ep no se puede calcular" in app.session.banner.text
    assert app.session.sim.q[0] > 0 and np.all(np.isfinite(app.session.sim.q))


def test_screenshot_command_writes_the_scene(tmp_path):
    import subprocess
    import sys

    out = tmp_path / "doble.png"
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "screenshot", "pendulo_doble", str(out),
                        "--seconds", "2", "--size", "800x600"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (800, 600)
    pixels = pygame.surfarray.array3d(img).reshape(-1, 3)
    assert np.any(np.all(np.abs(pixels - DEFAULT_STYLE.ball) <= 12, axis=1))  # the bobs are there


def test_the_window_resizes_and_the_scene_follows(app):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=600, size=(1000, 600)))
    pump(app, 2)
    assert app.layout.width == 1000 and app.layout.height == 600
    assert app.camera.viewport == (0, 48, 1000, 600 - 48 - 64)
    animate = button(app, "animate")
    assert animate.rect.bottom <= 600 and animate.rect.top >= 600 - 64
    click(app, animate)
    assert app.session.view.animating


def test_kiosk_mode_ignores_the_window_close(app_factory):
    app = app_factory(kiosk=True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pump(app, 1)
    assert app.running
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT,
                                         unicode="", scancode=0))
    pump(app, 1)
    assert not app.running


def test_english_interface(app_factory):
    app = app_factory(language="en")
    assert button(app, "eraser").tool_tip_text.startswith("Eraser")
    click(app, button(app, "parameters"))
    assert app.panel.accept_button.text == "Accept"


def test_kiosk_starts_over_after_a_while_without_input(app_factory):
    # no attract list: after "Still there?" the model itself moves again from its own conditions
    app = app_factory(kiosk=True, kiosk_idle_seconds=1.0, kiosk_countdown_seconds=0.5, kiosk_attract=())
    start = handle_px(app, "C2")
    drag(app, start, (start[0] + 80, start[1]))
    click(app, button(app, "parameters"))
    assert app.panel is not None and not app.session.view.animating
    for _ in range(16):
        app.frame(0.1)
    assert app.panel is None and app.session.view.animating
    fresh = App(replace(Settings(), width=1280, height=720), "pendulo_doble")
    assert np.array_equal(app.session.sim.user_q, fresh.session.sim.user_q)  # the model's own conditions


def test_a_teachers_own_file_opens_by_path(app_factory, tmp_path):
    p = tmp_path / "mio.dat"
    p.write_text(one_coordinate("m", "½·m·vx²", "½·x²", x0="0.5"), encoding="utf-8")
    app = app_factory(str(p))
    assert app.session.entry.stem == "mio" and app.bars.title.text == "mio"
    assert app.session.catalog.entries[-1].path == p


def test_a_broken_model_in_the_menu_is_named_and_the_current_one_stays(app_factory, tmp_path, monkeypatch):
    (tmp_path / "models").mkdir()
    simple = (ROOT / "models" / "pendulo_simple.dat").read_text(encoding="utf-8")
    (tmp_path / "models" / "bueno.dat").write_text(simple, encoding="utf-8")
    (tmp_path / "models" / "roto.dat").write_text(simple.replace("-m·g·l·cos(a)", "-m·gg·l·cos(a)"),
                                                  encoding="utf-8")
    (tmp_path / "models.xml").write_text(
        "<MODELS><MODEL><FILE>roto.dat</FILE><TITLE>Roto</TITLE></MODEL>"
        "<MODEL><FILE>bueno.dat</FILE><TITLE>Bueno</TITLE></MODEL></MODELS>", encoding="utf-8")
    monkeypatch.setattr(paths, "CATALOG", tmp_path / "models.xml")
    monkeypatch.setattr(paths, "MODELS", tmp_path / "models")
    app = app_factory(None)  # the first model is broken: the program still starts, on the next one
    assert app.session.entry.title == "Bueno"
    assert app.session.banner.text and "roto.dat:" in app.session.banner.text and "nombre desconocido 'gg'" in app.session.banner.text
    q = app.session.sim.q
    click(app, app.bars.menu)
    click(app, app.menu.items[0])
    assert app.session.entry.title == "Bueno" and np.array_equal(app.session.sim.q, q)
    assert "roto.dat" in app.session.banner.text


# -- mechanisms ------------------------------------------------------------------------------

def _pixels_of(app: App, colour) -> int:
    vx, vy, vw, vh = app.layout.viewport
    pixels = pygame.surfarray.array3d(app.screen)[vx:vx + vw, vy:vy + vh]
    return int(np.sum(np.all(pixels == np.array(colour), axis=2)))


def test_the_reactions_button_draws_a_mechanisms_forces(app_factory):
    app = app_factory("biela_manivela")
    assert button(app, "reactions").is_enabled and app.bars.icon("reactions") == "reactions_off"
    style = app.style
    assert _pixels_of(app, style.normal) == 0
    click(app, button(app, "reactions"))
    assert app.session.view.reactions and app.bars.icon("reactions") == "reactions_on"
    # the guide's push on the piston: an arrow straight up from the piston, in the slider colour
    assert _pixels_of(app, style.normal) > 100
    piston = app.camera.to_pixels(*app.session.sim.q[2:])
    above = pygame.surfarray.array3d(app.screen)[int(piston[0]) - 2:int(piston[0]) + 3,
                                                 int(piston[1]) - 60:int(piston[1]) - 20]
    assert np.any(np.all(above == np.array(style.normal), axis=2))
    click(app, button(app, "values"))
    assert any(line.startswith("λ_guia = ") for line in app.live.get("values").lines)
    key(app, pygame.K_f)  # its key turns them off
    assert not app.session.view.reactions and _pixels_of(app, style.normal) == 0


def test_drag_a_point_of_a_mechanism_and_the_chain_follows(app_factory):
    app = app_factory("pendulo_doble_mecanismo")
    sim = app.session.sim
    start = tuple(round(v) for v in handle_px(app, "B"))
    grabbed = np.array(app.session.kinematics.handle_point("B", sim.t, sim.q))
    target = (start[0] - 150, start[1] + 40)
    drag(app, start, target)
    moved = grabbed + np.subtract(app.camera.to_model(*target), app.camera.to_model(*start))
    assert sim.q[2:] == pytest.approx(moved, abs=1e-6)  # B under the mouse
    assert math.hypot(*sim.q[:2]) == pytest.approx(1.0, abs=1e-9)  # the bars keep their lengths
    assert math.hypot(*(sim.q[2:] - sim.q[:2])) == pytest.approx(1.0, abs=1e-9)
    assert abs(sim.q[1]) > 0.05  # the upper bar turned too (from horizontal)
