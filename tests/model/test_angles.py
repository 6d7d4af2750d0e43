"""Which coordinates are angles (shown wrapped to (−π, π]): those that enter the physics and the
drawing only through sin, cos or tan of a whole number of turns of them, or as a drawn turn."""

from __future__ import annotations

import math

import pytest
from model_texts import SLIDING

from game.app.files import paths
from game.model import load_model, read_catalog
from game.model.angles import angle_coordinates, wrapped


@pytest.mark.parametrize("stem, angles", [
    ("pendulo_doble", {"a1", "a2"}),
    ("pendulo_deslizante", {"a"}),  # the block's x is a length
    ("pendulo_elastico", {"a"}),  # r is a length
    ("escalera", {"φ"}),
    ("cuna_newton", {"θ1", "θ2", "θ3", "θ4", "θ5"}),
    ("pendulo_pared", set()),  # its wall is at θ = 0 (the gap is θ itself): turns are not the same place
    ("resorte_horizontal", set()),
    ("pendulo_doble_mecanismo", set()),  # a mechanism's coordinates are x and y of points
])
def test_the_shipped_models_angles(stem, angles):
    entry = read_catalog(paths.CATALOG, paths.MODELS).find(stem)
    assert entry is not None
    assert angle_coordinates(load_model(entry.path)) == angles


@pytest.mark.parametrize("ep, angle", [
    ("-mgl·cos(a)", True),
    ("-mgl·cos(2·a - pi/3)", True),  # two turns of a: 2π still comes back
    ("-mgl·cos(a) + ½·a²", False),  # a torsion spring counts the turns
    ("-mgl·cos(a/2)", False),  # half a turn: 2π is not the same place
    ("-mgl·cos(a)·x", True),  # x is outside the cosine but is not a
    ("-mgl·sin(cos(a))", True),
])
def test_an_angle_is_what_only_turns_change_nothing_of(write_model, ep, angle):
    model = load_model(write_model(SLIDING.replace("<Ep>-mgl·cos(a)</Ep>", f"<Ep>{ep}</Ep>")))
    assert angle_coordinates(model) == ({"a"} if angle else set())


def test_a_coordinate_drawn_as_a_position_is_not_an_angle(write_model):
    # a in a drawn x (not inside a turn) is a place on the screen: 2π further is elsewhere
    text = SLIDING.replace("<G>Blk|B1|0.8|0.4|'x'|", "<G>Blk|B1|0.8|0.4|'x + a'|")
    assert angle_coordinates(load_model(write_model(text))) == set()


@pytest.mark.parametrize("value, shown", [
    (0.0, 0.0), (4 * math.pi + 0.5, 0.5), (-4 * math.pi - 0.5, -0.5), (math.pi, math.pi), (-math.pi, math.pi),
    (3 * math.pi, math.pi), (-2.5, -2.5),
])
def test_wrapped_is_in_minus_pi_to_pi(value, shown):
    assert wrapped(value) == pytest.approx(shown, abs=1e-12)
    assert -math.pi < wrapped(value) <= math.pi
