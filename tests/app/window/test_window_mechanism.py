"""A mechanism in the real window, headless: a drag a motor refuses is explained in the banner,
and the reaction arrows come with a legend of what they are and their scale."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from window_helpers import button, click, drag, key, pump


def point_px(app, pid: str) -> tuple[int, int]:
    s = app.session
    x, y = s.sim.system.where(pid, s.sim.q)
    px, py = app.camera.to_pixels(x, y)
    return round(px), round(py)


@pytest.mark.parametrize("velocities", [False, True])
def test_a_drag_the_motor_forbids_says_why_in_both_languages(app_factory, velocities):
    app = app_factory("cuadrilatero", language="en")
    s = app.session
    if velocities:
        key(app, pygame.K_x)  # v mode: no arrow can be dragged either
        assert s.view.edit_velocities
    assert s.banner.text is None
    q, qdot = s.sim.q.copy(), s.sim.qdot.copy()
    start = point_px(app, "A")  # the crank's end
    drag(app, start, (start[0] + 40, start[1] + 30))
    assert np.array_equal(s.sim.q, q) and np.array_equal(s.sim.qdot, qdot)  # nothing moved
    assert s.banner.text == ("'A' cannot be dragged: the motor 'motor' moves it, setting the direction from O2 to A "
                        "at every instant. To start elsewhere, change the motor's angle in Parameters.")
    click(app, button(app, "language"))
    assert s.banner.text.startswith("'A' no se puede arrastrar: lo mueve el motor 'motor'")
    # the banner is drawn: its red box is at the top of the drawing area
    pump(app, 2)
    x, y = app.layout.viewport[:2]
    assert tuple(app.screen.get_at((x + 20, y + 14)))[:3] == (183, 28, 28)


def test_pressing_the_crank_bar_says_why_too(app_factory):
    app = app_factory("cuadrilatero", language="en")
    s = app.session
    mid = np.add(point_px(app, "O2"), point_px(app, "A")) / 2
    drag(app, tuple(mid), (mid[0] + 30, mid[1]))
    assert s.banner.text is not None and s.banner.text.startswith("'manivela' cannot be dragged: the motor 'motor'")


def test_a_mechanism_without_a_motor_drags_without_a_banner(app_factory):
    app = app_factory("paralelogramo", language="en")
    s = app.session
    q = s.sim.q.copy()
    start = point_px(app, "C1")
    drag(app, start, (start[0] + 20, start[1] - 20))
    assert s.banner.text is None and not np.array_equal(s.sim.q, q)


def test_the_reaction_arrows_have_a_legend_with_their_scale_in_both_languages(app_factory):
    app = app_factory("biela_manivela", language="en")
    x, y, _, h = app.layout.viewport
    corner = (x + 20, y + h - 20)  # inside the legend's box, below its last line
    background = tuple(app.screen.get_at(corner))[:3]
    assert app.scene().reaction_legend is None
    key(app, pygame.K_f)
    pump(app, 2)
    scene = app.scene()
    legend = scene.reaction_legend
    assert legend is not None and legend.title == "Reactions (F)" and legend.unit == "N"
    # the words of each kind of arrow drawn (at the start both bars pull)
    assert {kind for kind, _ in legend.kinds} == {a.kind for a in scene.reactions} == {"tension", "normal"}
    assert dict(legend.kinds) == {"tension": "the bar pulls (tension)", "normal": "the slider's guide"}
    # the scale the legend states is the one the arrows are drawn with: the guide's arrow on the
    # piston is |λ_guia| newtons long
    guide = [a for a in scene.reactions if a.id == "guia"]
    assert len(guide) == 1
    force = abs(app.session.sim.reactions()["λ_guia"])
    assert np.hypot(guide[0].dx, guide[0].dy) == pytest.approx(force * legend.length_per_force, rel=1e-9)
    # the box is drawn over the lower left corner of the drawing area
    assert tuple(app.screen.get_at(corner))[:3] != background
    assert min(tuple(app.screen.get_at(corner))[:3]) >= 250
    click(app, button(app, "language"))
    pump(app, 2)
    legend = app.scene().reaction_legend
    assert legend is not None and legend.title == "Reacciones (F)"
    assert dict(legend.kinds) == {"tension": "la barra tira (tracción)", "normal": "la guía de la corredera"}
    key(app, pygame.K_f)
    pump(app, 2)
    assert app.scene().reaction_legend is None and tuple(app.screen.get_at(corner))[:3] == background


def test_the_falling_bar_runs_in_the_window_flashes_where_it_strikes_and_shows_its_reaction(app_factory):
    # SPEC §7.8: a mechanism with contacts, seed 003 Fig. 9
    app = app_factory("barra_cae", language="en")
    s = app.session
    assert s.banner.text is None and s.sim.has_contacts
    s.act("energy")
    s.clock.run(46)  # t = 0.46: end A struck the floor at √(2·1/9.81) = 0.4515 s
    ((flash, age),) = s.showing.flashes()
    assert (flash.x, flash.y) == pytest.approx((0.0, 0.0), abs=1e-9)  # at the joint A, on the floor
    assert 0 <= age < 0.1
    key(app, pygame.K_f)  # the bar's reaction arrows
    pump(app, 2)
    scene = app.scene()
    assert {a.id for a in scene.reactions} == {"barra"}
    lines = s.readout.lines("energy")
    assert any(x.startswith("Eloss = ") for x in lines) and s.sim.losses > 0.1
    balance = next(x for x in lines if x.startswith("E − E₀ + Eloss = "))
    assert abs(float(balance.split("=")[1])) < 1e-9
    # the flash is drawn: an orange ring around A
    px, py = (round(c) for c in app.camera.to_pixels(0.0, 0.0))
    ring = [tuple(app.screen.get_at((px + dx, py + dy)))[:3] for dx in range(-14, 15) for dy in range(-14, 15)]
    assert any(r > 200 and 120 < g < 200 and b < 80 for r, g, b in ring)
    # and it goes on running with the play button, frame after frame
    click(app, button(app, "animate"))
    pump(app, 30, 1 / 60)
    assert s.sim.t > 0.6 and s.banner.text is None


def test_a_bar_end_dragged_into_the_floor_stops_at_the_floor(app_factory):
    app = app_factory("barra_cae", language="en")
    s = app.session
    start = point_px(app, "A")
    floor = app.camera.to_pixels(0.0, 0.0)[1]
    drag(app, start, (start[0] + 10, round(floor) + 80))  # well below the floor
    ay, by = s.sim.q[1], s.sim.q[3]
    assert 0.0 <= ay < 0.02 and by > ay  # it followed the mouse down to the floor, not through it
    assert np.hypot(s.sim.q[2] - s.sim.q[0], by - ay) == pytest.approx(1.0, abs=1e-9)
