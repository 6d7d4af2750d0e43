"""The search for the zeros of the force at rest: its starts, wrapping, merging and families."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.physics.equilibrium.search import distinct, search, starts, wrap


def test_angles_wrap_into_minus_pi_pi_and_lengths_stay():
    angle = np.array([True, False])
    q = wrap(np.array([[3 * math.pi, 7.0], [-math.pi, -7.0], [2 * math.pi + 0.5, 0.0]]), angle)
    assert q[:, 0].tolist() == pytest.approx([math.pi, math.pi, 0.5])
    assert q[:, 1].tolist() == [7.0, -7.0, 0.0]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_the_lattice_of_starts_holds_every_arm_down_and_up(n):
    angle = np.ones(n, dtype=bool)
    q0 = starts(np.full(n, 0.3), np.ones(n), angle)
    for corner in np.array(np.meshgrid(*[[0.0, math.pi]] * n)).reshape(n, -1).T:
        assert np.any(np.all(np.isclose(wrap(q0, angle), corner), axis=1)), corner


def test_points_closer_than_the_tolerance_are_one_around_the_circle():
    angle = np.array([True])
    pts = np.array([[math.pi], [-math.pi + 1e-9], [0.0], [1e-9]])
    assert len(distinct(wrap(pts, angle), np.ones(1), angle)) == 2


def quartic(q):
    """G = −4q³ per coordinate: a degenerate but isolated equilibrium at 0."""
    return -4 * q**3, np.einsum("mi,ij->mij", -12 * q**2, np.eye(q.shape[1]))


def plane(q):
    """G = (0, −y): every x is an equilibrium (a family along x)."""
    G = np.column_stack([np.zeros(len(q)), -q[:, 1]])
    J = np.zeros((len(q), 2, 2))
    J[:, 1, 1] = -1
    return G, J


def test_a_degenerate_isolated_equilibrium_is_no_family():
    found = search(quartic, np.array([0.5]), np.array([2.0]), np.array([False]))
    assert len(found.points) == 1 and abs(found.points[0, 0]) < 1e-3 and found.flat[0].shape == (1, 0)


def test_a_continuum_of_equilibria_is_one_point_and_its_direction():
    found = search(plane, np.array([0.7, 0.2]), np.array([2.0, 2.0]), np.array([False, False]))
    (p,) = found.points
    assert p.tolist() == pytest.approx([0.7, 0.0])  # the family's point nearest the conditions
    (flat,) = found.flat
    assert flat.shape == (2, 1) and abs(flat[1, 0]) < 1e-12


def test_starts_without_a_value_are_passed_over():
    def half(q):
        with np.errstate(all="ignore"):
            G = np.where(q > 0, 1 - q, np.nan)
        return G, -np.ones((len(q), 1, 1))

    found = search(half, np.array([0.0]), np.array([3.0]), np.array([False]))
    assert found.points[:, 0].tolist() == pytest.approx([1.0])
    nothing = search(lambda q: (np.full_like(q, np.nan), np.full((len(q), 1, 1), np.nan)),
                     np.array([0.0]), np.array([1.0]), np.array([False]))
    assert nothing.none_computed
