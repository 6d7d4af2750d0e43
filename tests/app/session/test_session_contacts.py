"""Contacts through the real program: the energy panel's Eloss line, the CSV of ``simulate``,
flashes where impacts happen, walls drawn from Blk rows, a body dragged into a wall stopped
at the wall, a bad restitution refused in place — in the session and in the window."""

from __future__ import annotations

import csv
import io
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from dataclasses import replace

import numpy as np
import pygame
import pytest

from game.app.cli import main
from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session.session import Session
from game.app.window.window import App
from game.model import read_catalog
from game.render import DEFAULT_STYLE

FRAME = 1 / 60
CONTACT_MODELS = ("pelota", "escalera", "cuna_newton", "pendulo_pared", "billar", "caja_bolas", "bloque_friccion")


@pytest.fixture
def session() -> Session:
    return Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())


def test_the_menu_offers_the_seven_contact_models_with_spanish_titles(session):
    titles = {e.stem: e.title for e in session.catalog.entries}
    assert titles["pelota"] == "Pelota que rebota"
    assert titles["cuna_newton"] == "Cuna de Newton"
    assert titles["caja_bolas"] == "Caja con bolas (un gas en miniatura)"
    for stem in CONTACT_MODELS:
        assert stem in titles
        session.open(stem)
        assert session.model.contacts and session.banner.text is None
        # conditions with energy (DE/E means something) and, but for the cradle's balls, a wall
        # or a floor drawn from a Blk row
        assert abs(session.sim.e0) > 0.1
        assert stem == "cuna_newton" or any(g.kind == "Blk" and not g.draggable for g in session.model.graphics)


def test_energy_panel_carries_eloss_and_the_balance(session):
    session.open("pelota")
    session.act("energy")
    session.clock.run(60)  # 1.2 s: two bounces
    lines = session.readout.lines("energy")
    sim = session.sim
    assert sim.losses > 1.0
    assert f"Eloss = {sim.losses:.6g}" in lines
    balance = next(x for x in lines if x.startswith("E − E₀ + Eloss = "))
    assert abs(float(balance.split("=")[1])) < 1e-9
    assert lines[-3] == f"DE = {sim.de:.6g}" and sim.de < 1e-9


def test_with_forces_too_the_balance_has_w_and_eloss(session):
    session.open("billar")  # cloth friction is a generalized force; the balls' impacts lose energy
    session.clock.run(150)
    lines = session.readout.lines("energy")
    sim = session.sim
    assert any(x.startswith("W = ") for x in lines) and sim.work < -0.1 and sim.losses > 0.01
    balance = next(x for x in lines if x.startswith("E − W − E₀ + Eloss = "))
    assert abs(float(balance.split("=")[1])) < 1e-6


def test_impacts_flash_where_they_happen_and_fade(session):
    session.open("pelota")
    session.clock.run(23)  # t = 0.46: the first impact was at 0.4515
    ((flash, age),) = session.showing.flashes()
    sim = session.sim
    # at the bottom of the ball as it was at the impact (centre at height r): where the
    # floor pushed (friction pushed back too, but the flash is where the bodies touched)
    centre = sim.q[0] - sim.qdot[0] * (sim.t - flash.t)
    assert (flash.x, flash.y) == pytest.approx((centre, 0.0), abs=1e-9)
    assert 0 <= age < 0.1
    assert flash.strength == pytest.approx(np.hypot(2 - 0.40540, 1.8 * 4.42945), rel=1e-4)  # the jump of velocity
    session.clock.run(25)
    assert session.showing.flashes() == [] or all(f.t > flash.t for f, _ in session.showing.flashes())
    session.sim.reset()
    assert session.showing.flashes() == []


def test_every_contact_along_the_cradle_flashes(session):
    # the impulse passes through balls 2, 3 and 4, which end at rest as they began: the
    # contacts between them flash too, not only the first and the last
    session.open("cuna_newton")
    r, l, g = (session.sim.parameters[k] for k in ("r", "l", "g"))
    session.clock.run(26)  # t = 0.52: ball 1, released from 30°, struck at 0.510 s
    flashes = [f for f, _ in session.showing.flashes()]
    places = sorted({(round(f.x, 9), round(f.y, 9)) for f in flashes})
    # where neighbouring balls touch, between supports 2·r apart, the strings hanging straight
    assert len(places) == 4, places
    assert np.allclose(places, [(x * r, -l) for x in (-3, -1, 1, 3)], atol=1e-6, rtol=0), places
    incoming = np.sqrt(2 * g * l * (1 - np.cos(np.pi / 6)))
    assert all(f.strength == pytest.approx(incoming, rel=1e-6) for f in flashes)


def test_a_bounce_trail_reaches_the_floor(session):
    session.open("pelota")
    session.clock.run(40)
    points = session.showing.trail_list()[0].points()
    r = session.sim.parameters["r"]
    assert points[:, 1].min() == pytest.approx(r, abs=1e-9)  # the impact point is in the trail


def test_a_ball_dragged_into_the_floor_stops_on_it_and_slides_along(session):
    session.open("pelota")
    sim = session.sim
    r, L = sim.parameters["r"], sim.parameters["L"]
    session.dragging.grab("C1", (sim.q[0], sim.q[1]))
    session.dragging.drag_to((-1.0, -0.5))  # below the floor
    assert sim.q[1] == pytest.approx(r, abs=1e-9)
    assert sim.q[0] == pytest.approx(-1.0, abs=1e-6)  # the sideways part of the drag goes on
    session.dragging.drag_to((5.0, 0.5))  # through the right wall
    assert sim.q[0] == pytest.approx(L - r, abs=1e-9) and sim.q[1] == pytest.approx(0.5, abs=1e-6)
    session.dragging.release()
    assert np.all(np.array(sim.system.contacts.gaps(0.0, sim.q.tolist())) >= -1e-9)


def test_a_restitution_out_of_range_is_refused_and_nothing_changes(session):
    session.open("pelota")
    before = dict(session.sim.parameters)
    reason = session.dialogs.apply_parameters({"e": "1.5"})
    assert reason is not None and "between 0 and 1" in reason and "1.5" in reason
    assert session.sim.parameters == before


def test_conditions_inside_the_floor_are_refused(session):
    session.open("pelota")
    reason = session.dialogs.apply_conditions({"y": "0.05"})
    assert reason is not None and "piso" in reason
    assert session.sim.q[1] == pytest.approx(1.1)


def test_simulate_writes_eloss_and_the_balance_holds(capsys):
    assert main(["simulate", "pelota", "--seconds", "5"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    header, data = rows[0], np.array(rows[1:], dtype=float)
    assert header[-2:] == ["DE", "Eloss"]
    E, loss = data[:, header.index("E")], data[:, header.index("Eloss")]
    assert np.all(np.diff(loss) >= -1e-12) and loss[-1] > 10  # the ball is at rest by 5 s
    assert np.max(np.abs(E - E[0] + loss)) < 1e-9
    assert data[-1, header.index("vy")] == 0.0


def test_a_batch_of_states_is_refused_with_contacts(session):
    session.open("pelota")
    system = session.sim.system
    Y = np.tile(np.concatenate([system.state([0, 1.1], [0, 0]).q, [0.0, 0.0]]), (3, 1))
    with pytest.raises(ValueError, match="cannot be advanced with contacts"):
        system.step_batch(0.0, Y)


# -- the window -----------------------------------------------------------------------------


@pytest.fixture
def window():
    apps = []

    def make(model: str) -> App:
        app = App(replace(Settings(), width=1280, height=720), model)
        app.frame(0.0)
        apps.append(app)
        return app

    yield make
    pygame.quit()


def test_in_the_window_a_bounce_flashes_and_the_walls_are_drawn(window):
    app = window("pelota")
    screen = pygame.surfarray.array3d(app.screen)
    # the floor, a Blk row of the file, is drawn in the block colour under the ball's start
    fx, fy = (int(v) for v in app.camera.to_pixels(-2.0, -0.1))
    assert tuple(screen[fx, fy]) == DEFAULT_STYLE.block
    app.session.act("animate")
    while app.session.sim.t < 0.46:
        app.frame(FRAME)
    app.session.act("animate")
    app.frame(0.0)
    ((flash, _),) = app.session.showing.flashes()
    x, y = (int(v) for v in app.camera.to_pixels(flash.x, flash.y))
    ring = pygame.surfarray.array3d(app.screen)[x - 14:x + 15, y - 14:y + 15].reshape(-1, 3)
    warm = (ring[:, 0] > 200) & (ring[:, 1] > 120) & (ring[:, 1] < 215) & (ring[:, 2] < 120)
    assert warm.sum() > 20  # the flash's ring, where before there was only floor and background


def test_in_the_window_the_energy_panel_shows_eloss(window):
    app = window("bloque_friccion")
    app.session.act("energy")
    app.session.clock.run(75)
    app.frame(0.0)
    lines = app.live["energy"].lines
    assert lines[-2] == f"Eloss = {app.session.sim.losses:.6g}" and app.session.sim.losses > 8.9
    assert lines[-1].startswith("E − E₀ + Eloss = ")


def test_in_the_window_a_block_dragged_into_the_wall_stops_at_it(window):
    app = window("bloque_friccion")
    s = app.session
    start = app.camera.to_pixels(*s.kinematics.handle_point("B1", s.sim.t, s.sim.q))
    wall = s.sim.parameters["X"]
    end = app.camera.to_pixels(wall + 2.0, 0.15)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(int(v) for v in start), button=1))
    app.frame(0.0)
    for k in range(1, 11):
        p = tuple(round(a + (b - a) * k / 10) for a, b in zip(start, end))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        app.frame(0.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(int(v) for v in end), button=1))
    app.frame(0.0)
    assert s.sim.q[0] == pytest.approx(wall - s.sim.parameters["a"] / 2, abs=1e-6)
    assert s.sim.q[1] == pytest.approx(0.15, abs=1e-6)


def test_a_model_whose_floor_cannot_push_is_not_opened_and_the_banner_says_where(session, tmp_path, spanish):
    # '(y - r)²' is never below 0: the ball would fall through the floor without a word
    text = (paths.MODELS / "pelota.dat").read_text(encoding="utf-8").replace("<K>piso|'y - r'|", "<K>piso|'(y - r)²'|")
    path = tmp_path / "pelota_rota.dat"
    path.write_text(text, encoding="utf-8")
    session.open(str(path))
    assert session.entry.path != path  # another model opened instead
    # in the window's language (Spanish unless chosen otherwise)
    assert f"{path}:35:9: el hueco del contacto 'piso' nunca es menor que 0" in (session.banner.text or "")


def test_a_static_friction_below_the_kinetic_one_is_refused_in_place(session, tmp_path):
    text = (paths.MODELS / "pelota.dat").read_text(encoding="utf-8").replace(
        "<K>piso|'y - r'|'e'|'mu'|'vx'|el piso, y = 0</K>", "<K>piso|'y - r'|'e'|'mu'|'vx'|el piso, y = 0|'0.1'</K>")
    path = tmp_path / "pelota_mu_k.dat"
    path.write_text(text, encoding="utf-8")
    session.open(str(path))
    assert session.entry.path == path
    before = dict(session.sim.parameters)
    reason = session.dialogs.apply_parameters({"mu": "0.05"})
    assert reason is not None and "mu_k (kinetic friction) of contact 'piso' must be between 0 and mu = 0.05" in reason
    assert session.sim.parameters == before
    assert session.dialogs.apply_parameters({"mu": "0.5"}) is None
    assert session.sim.system.contacts.items[0].friction == 0.5
    assert session.sim.system.contacts.items[0].kinetic == 0.1
