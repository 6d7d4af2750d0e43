"""A model with CONSTRAINTS in the real window, headless: each multiplier drawn as the force it is
on the bodies (the reactions control, the path a mechanism's bar reactions take) and shown in
the values panel; bodies dragged in x and v modes stay on the constraints."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest
from window_helpers import drag, handle_px, key, pump

from game.render.scene import velocity_arrow_end


def residuals(app) -> np.ndarray:
    """|phi| of the holonomic rows and |A·q̇ + b| of every row, now."""
    s = app.session
    phi, A, b = s.sim.system.rows.at(s.sim.t, s.sim.q)
    return np.abs(np.concatenate([phi, A @ s.sim.qdot + b]))


def px(app, x: float, y: float) -> tuple[int, int]:
    u, v = app.camera.to_pixels(x, y)
    return round(u), round(v)


def test_the_atwood_tension_pulls_each_mass_up_and_is_in_the_values_panel(app_factory, tmp_path):
    app = app_factory("maquina_atwood", language="en")
    s = app.session
    key(app, pygame.K_t)
    tension = s.sim.reactions()["λ_T"]
    m1, m2, g = 1.02, 1.0, 9.81
    assert tension == pytest.approx(2 * m1 * m2 * g / (m1 + m2), rel=1e-9)
    assert f"λ_T = {tension:.4g}"[:9] in "\n".join(app.live["values"].lines)
    assert not app.scene().reactions
    key(app, pygame.K_f)
    pump(app, 2)
    pygame.image.save(app.screen, str(tmp_path / "atwood.png"))
    scene = app.scene()
    arrows = sorted(scene.reactions, key=lambda a: a.x)
    # one arrow on each mass, from its centre, straight up, as long as the tension on the legend's scale
    assert [a.id for a in arrows] == ["T", "T"] and {a.kind for a in arrows} == {"constraint"}
    for arrow, body in zip(arrows, ("B1", "B2")):
        assert (arrow.x, arrow.y) == pytest.approx(tuple(s.kinematics.handle_point(body, s.sim.t, s.sim.q)), abs=1e-12)
        assert arrow.dx == pytest.approx(0, abs=1e-9) and arrow.dy > 0
        assert arrow.dy == pytest.approx(tension * scene.reaction_legend.length_per_force, rel=1e-6)
    assert dict(scene.reaction_legend.kinds) == {"constraint": "a constraint's force (λ)"}
    # drawn: the arrow's colour halfway up the one on the left mass
    a = arrows[0]
    assert tuple(app.screen.get_at(px(app, a.x, a.y + 0.6 * a.dy)))[:3] == app.style.normal


def test_the_rolling_disc_friction_acts_at_the_contact_along_the_plane(app_factory, tmp_path):
    app = app_factory("disco_rodando", language="en")
    s = app.session
    key(app, pygame.K_f)
    pump(app, 2)
    pygame.image.save(app.screen, str(tmp_path / "disc.png"))
    (arrow,) = app.scene().reactions
    friction = s.sim.reactions()["λ_roce"]
    alfa, r = math.pi / 36, 0.5
    centre = s.kinematics.handle_point("disco", s.sim.t, s.sim.q)
    normal = np.array([math.sin(alfa), math.cos(alfa)])  # out of the plane
    down = np.array([math.cos(alfa), -math.sin(alfa)])  # x grows down the plane
    # at the contact point, r below the centre across the plane
    assert (arrow.x, arrow.y) == pytest.approx(tuple(centre - r * normal), abs=1e-6)
    # along the plane, λ_roce of it (here up the plane: it slows the disc's spin as gravity slows its centre)
    per_newton = app.scene().reaction_legend.length_per_force
    assert np.array([arrow.dx, arrow.dy]) == pytest.approx(friction * per_newton * down, abs=1e-6)
    assert friction < 0
    a = np.array([arrow.x, arrow.y]) + 0.6 * np.array([arrow.dx, arrow.dy])
    assert tuple(app.screen.get_at(px(app, *a)))[:3] == app.style.normal


def _play(app, seconds: float) -> None:
    key(app, pygame.K_SPACE)
    assert app.session.view.animating
    for _ in range(int(seconds / 0.05)):
        pump(app, 1, dt=0.05)
    key(app, pygame.K_SPACE)


@pytest.mark.parametrize("model, body", [("maquina_atwood", "B1"), ("disco_rodando", "disco")])
def test_a_drag_in_x_mode_moves_along_the_constraints(app_factory, model, body):
    app = app_factory(model, language="en")
    s = app.session
    before = s.sim.q.copy()
    start = np.array(handle_px(app, body))
    grab = tuple(int(v) for v in start)
    end = (grab[0], grab[1] + 40)  # 40 px down (the disc goes down its plane as far as that takes it)
    drag(app, start, end)
    assert not np.array_equal(s.sim.q, before)
    assert np.all(residuals(app) <= 1e-9)
    if model == "maquina_atwood":
        # the mass follows the pointer (the grab's offset kept), the other one goes up as far
        assert handle_px(app, body)[1] == pytest.approx(start[1] + 40, abs=1e-6)
        assert s.sim.q[0] - before[0] == pytest.approx(before[1] - s.sim.q[1], abs=1e-9)
        assert s.sim.q[0] - before[0] == pytest.approx(40 / app.camera.escala, abs=1e-9)
    _play(app, 1.0)
    assert s.sim.t > 0.5 and np.all(residuals(app) <= 1e-9)


@pytest.mark.parametrize("model, body", [("maquina_atwood", "B1"), ("disco_rodando", "disco")])
def test_a_drag_in_v_mode_keeps_the_velocities_on_the_constraints(app_factory, model, body):
    app = app_factory(model, language="en")
    s = app.session
    key(app, pygame.K_x)
    assert s.view.edit_velocities

    def tip() -> np.ndarray:
        (arrow,) = [a for a in s.showing.edit_arrows() if a.id == body]
        return np.array(velocity_arrow_end(app.camera, arrow.x, arrow.y, arrow.vx, arrow.vy,
                                           app.settings.arrow_seconds))

    before = s.sim.qdot.copy()
    start = tip()
    # along the body's own motion (the disc's plane, the mass's rope), away from the present arrow
    own = s.kinematics.jacobian(body, s.sim.t, s.sim.q)[:, 0]
    along = np.array([own[0], -own[1]]) / np.hypot(*own)  # in pixels, y down
    end = start + 60 * along
    drag(app, start, end)
    assert not np.array_equal(s.sim.qdot, before)
    assert np.all(residuals(app) <= 1e-9)
    assert np.hypot(*(tip() - np.round(end))) <= 1.0  # the arrow's tip is where it was let go
    if model == "maquina_atwood":
        assert s.sim.qdot[0] == pytest.approx(-s.sim.qdot[1], abs=1e-12)  # the rope does not stretch
    else:
        assert s.sim.qdot[0] == pytest.approx(0.5 * s.sim.qdot[1], abs=1e-12)  # the disc rolls: vx = r·w
    _play(app, 1.0)
    assert s.sim.t > 0.5 and np.all(residuals(app) <= 1e-9)
