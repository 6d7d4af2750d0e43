"""One resting contact with friction in closed form (game/physics/lagrange/contacts/resting.py):
it sticks while the cone of mu_s allows, else slides with mu_k against the slip, else lets go."""

from __future__ import annotations

import pytest

from game.physics.lagrange.contacts.resting import stick


def test_a_block_on_a_floor_sticks_inside_the_cone_and_slides_at_its_edge():
    # unit mass on a floor: g_nn = g_ss = 1, g_ns = 0; pressed by 9.81, pushed sideways by a_t
    lam, phi = stick(-9.81, 2.0, 1.0, 0.0, 1.0, 0.5, 0.4)
    assert lam == pytest.approx(9.81) and phi == pytest.approx(-2.0)  # |φ| ≤ 0.5·λ: it holds
    lam, phi = stick(-9.81, 6.0, 1.0, 0.0, 1.0, 0.5, 0.4)
    assert lam == pytest.approx(9.81) and phi == pytest.approx(-0.4 * 9.81)  # slides, mu_k against the push


def test_a_contact_that_would_pull_lets_go():
    assert stick(3.0, 1.0, 1.0, 0.0, 1.0, 0.5, 0.4) == (0.0, 0.0)
