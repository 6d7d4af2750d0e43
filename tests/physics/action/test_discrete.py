"""The discretised action (seed 004 §8, §12): its stationary path, its Morse index, relaxing a dragged path."""

from __future__ import annotations

import math

import numpy as np
import pytest
from project import MODELS

from game.model import load_model, parameter_values
from game.physics.action import DiscreteAction, Lagrangian


def oscillator(duration: float, nodes: int = 100) -> DiscreteAction:
    model = load_model(MODELS / "ejercicios" / "oscilador_accion.dat")
    return DiscreteAction(Lagrangian(model, parameter_values(model)), duration, nodes, [0.0], [1.0])


@pytest.mark.parametrize("duration, index", [(2.0, 0), (4.0, 1), (7.0, 2)])
def test_newton_on_the_discrete_action_finds_the_true_path_and_its_index(duration, index):
    action = oscillator(duration)
    path, ok = action.stationary(action.straight())
    assert ok
    exact = np.sin(action.times) / math.sin(duration)
    assert np.max(np.abs(path[:, 0] - exact)) < 5e-3 * max(1.0, np.max(np.abs(exact)))
    assert action.index(path) == index


def test_the_error_is_of_second_order_in_the_nodes():
    errors = []
    for nodes in (50, 100):
        action = oscillator(2.0, nodes)
        path, _ = action.stationary(action.straight())
        errors.append(abs(action.action(path) - 0.5 / math.tan(2.0)))
    assert 3.5 < errors[0] / errors[1] < 4.5


def test_a_dragged_node_raises_a_minimum_and_relaxing_brings_it_back():
    action = oscillator(2.0)
    path, _ = action.stationary(action.straight())
    least = action.action(path)
    dragged = path.copy()
    dragged[40, 0] += 0.3
    assert action.action(dragged) > least + 1e-3
    relaxed, ok = action.stationary(dragged)
    assert ok and action.action(relaxed) == pytest.approx(least, rel=1e-12)
    assert np.allclose(relaxed, path, atol=1e-9)


def test_a_free_end_is_a_variable_and_ends_with_p_0():
    model = load_model(MODELS / "ejercicios" / "caida_libre.dat")
    action = DiscreteAction(Lagrangian(model, parameter_values(model)), 1.0, 100, [0.0], [None])
    path, ok = action.stationary(action.straight())
    velocity_at_end = (path[-1, 0] - path[-2, 0]) / action.h
    assert ok and abs(velocity_at_end) < 9.81 * action.h  # p(T) = m·ẏ(T) = 0, to the grid's step
