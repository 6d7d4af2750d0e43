"""The small dense solvers the engine shares (game/physics/numerics.py): damped least squares,
the one solver behind both kinds of drag, and the linear solve of a mechanism's stages."""

from __future__ import annotations

import math

import numpy as np

from game.physics.numerics import (
    all_finite,
    damped_least_squares,
    damped_solve,
    damped_solve_rows,
    damped_solve_rows_many,
    solve_linear,
)


def test_both_normal_equations_give_the_same_damped_step():
    rng = np.random.default_rng(1)
    J, r = rng.normal(size=(2, 5)), rng.normal(size=2)
    for damping in (1e-3, 0.1, 10.0):
        assert np.allclose(damped_solve(J, r, damping, 1e-12), damped_solve_rows(J, r, damping, 1e-12))
    # reachable (more unknowns than rows): met, by the smallest step that does it
    assert np.allclose(damped_solve_rows(J, r, 1e-14, 1e-12), np.linalg.pinv(J) @ r)
    # out of reach (more rows than unknowns): the least-squares step
    B, b = rng.normal(size=(5, 2)), rng.normal(size=5)
    assert np.allclose(damped_solve(B, b, 1e-14, 1e-12), np.linalg.lstsq(B, b, rcond=None)[0])


def test_damped_least_squares_reaches_a_point_of_a_curve_and_the_nearest_one_of_a_line():
    def solve(at, jacobian, goal: np.ndarray) -> np.ndarray:
        def step(x: np.ndarray, r: np.ndarray, damping: float) -> np.ndarray:
            return damped_solve(jacobian(x), r, damping, 1e-12)

        return damped_least_squares(np.array([0.1]), lambda x: goal - at(x), step, lambda x, dx: x + dx,
                                    iterations=60, small=1e-24, least_damping=1e-12)

    # a point on a circle of radius 2 at angle x: to (0, 2) it turns a quarter
    on_circle = solve(lambda x: 2 * np.array([math.cos(x[0]), math.sin(x[0])]),
                      lambda x: 2 * np.array([[-math.sin(x[0])], [math.cos(x[0])]]), np.array([0.0, 2.0]))
    assert abs(on_circle[0] - math.pi / 2) < 1e-9
    # a point on the x axis, to a goal above it: the nearest
    on_line = solve(lambda x: np.array([x[0], 0.0]), lambda x: np.array([[1.0], [0.0]]), np.array([3.0, 1.0]))
    assert abs(on_line[0] - 3.0) < 1e-9


def test_a_step_too_long_or_without_value_is_not_taken():
    tried = []

    def move(x: np.ndarray, dx: np.ndarray) -> np.ndarray | None:
        tried.append(float(dx[0]))
        return None  # never possible: x stays where it was

    x = damped_least_squares(np.array([0.0]), lambda x: np.array([10.0]) - x,
                             lambda x, r, d: np.array([r[0] / (1 + d)]), move, iterations=40, small=1e-24,
                             least_damping=1e-12, longest=1.0)
    assert x[0] == 0.0 and tried and all(abs(t) <= 1.0 for t in tried)


def test_a_residual_without_value_leaves_the_start():
    x = np.array([3.0])
    assert damped_least_squares(x, lambda x: None, lambda x, r, d: r, lambda x, dx: x + dx, iterations=5,
                                small=1e-24, least_damping=1e-9) is x


def test_a_singular_linear_solve_gives_nan():
    assert np.allclose(solve_linear(np.array([[2.0, 0.0], [0.0, 4.0]]), np.array([2.0, 2.0])), [1.0, 0.5])
    with np.errstate(all="ignore"):  # as a mechanism's stages call it
        assert not np.all(np.isfinite(solve_linear(np.zeros((2, 2)), np.ones(2))))


def test_a_stack_of_damped_row_solves_is_each_one_solved_alone():
    rng = np.random.default_rng(7)
    J = rng.standard_normal((5, 2, 4))
    J[3, 1] = 2 * J[3, 0]  # a redundant row: the damping keeps it finite
    r = rng.standard_normal((5, 2))
    r[3, 1] = 2 * r[3, 0]
    together = damped_solve_rows_many(J, r, 1e-14, 1e-300)
    for k in range(5):
        assert np.allclose(together[k], damped_solve_rows(J[k], r[k], 1e-14, 1e-300), rtol=1e-10, atol=1e-12)


def test_one_sum_tells_finite_values_from_a_nan_or_an_infinity_even_where_it_overflows():
    assert all_finite([1.0, -2.5, 0.0]) and all_finite([])
    assert not all_finite([1.0, math.nan]) and not all_finite([math.inf, 1.0]) and not all_finite([math.inf, -math.inf])
    assert all_finite([1e308, 1e308, -1e308])  # the sum overflows; every value is finite
    assert not all_finite([1e308, 1e308, math.nan])
