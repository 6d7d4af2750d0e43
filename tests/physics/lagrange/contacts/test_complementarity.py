"""The exact solve on the rows that hold, checked against the friction cones: one function for
the resting forces and the impulses of impacts (game/physics/lagrange/contacts/complementarity.py)."""

from __future__ import annotations

import numpy as np

from game.physics.lagrange.contacts.complementarity import exact_solution, projected_gauss_seidel

G = np.eye(2)
NORMAL_OF = [-1, 0]  # a normal row, and the friction row of its contact


def test_friction_inside_its_cone_holds_and_at_its_edge_slides():
    b = np.array([-1.0, -0.5])  # pressed, and slipping one way
    for mu, expected in ((1.0, [1.0, 0.5]), (0.2, [1.0, 0.2])):
        f = projected_gauss_seidel(G, b, NORMAL_OF, [0.0, mu], 50, 1e-12)
        exact = exact_solution(G, b, f, NORMAL_OF, [0.0, mu], [0.0, mu], opposing=True)
        assert exact is not None and np.allclose(exact, expected)


def test_sliding_friction_that_does_not_oppose_the_slip_is_no_answer_when_it_must():
    b, f = np.array([-1.0, 0.5]), np.array([1.0, 0.2])  # the slip left and the friction agree
    assert exact_solution(G, b, f, NORMAL_OF, [0.0, 0.2], [0.0, 0.2], opposing=True) is None
    assert exact_solution(G, b, f, NORMAL_OF, [0.0, 0.2], [0.0, 0.2], opposing=False) is not None


def test_a_normal_force_that_would_pull_is_no_answer():
    b, f = np.array([1.0, 0.0]), np.array([0.5, 0.0])
    assert exact_solution(G, b, f, NORMAL_OF, [0.0, 1.0], [0.0, 1.0], opposing=False) is None
    assert exact_solution(G, b, np.zeros(2), NORMAL_OF, [0.0, 1.0], [0.0, 1.0], opposing=False) is None  # none holds
