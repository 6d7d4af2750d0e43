"""Camera: the model (y up) <-> pixel (y down) mapping."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from render_helpers import EXAMPLE_CAMERA

from game.render import Camera


def test_known_points_of_the_worked_example() -> None:
    cam = EXAMPLE_CAMERA  # escala 100, no shift, viewport (0, 48, 800, 500)
    assert cam.to_pixels(0.0, 0.0) == (400.0, 298.0)  # centre of the viewport
    assert cam.to_pixels(1.0, -1.0) == (500.0, 398.0)  # right and DOWN on screen
    assert cam.to_pixels(-2.0, 1.5) == (200.0, 148.0)
    assert cam.origin_px == (400.0, 298.0)


def test_shift_moves_origin_right_and_down() -> None:
    cam = Camera(escala=90, ox=10, oy=-60, viewport=(0, 48, 800, 500))
    # Ox > 0 right, Oy > 0 down (here Oy < 0: the origin is raised).
    assert cam.to_pixels(0.0, 0.0) == (410.0, 238.0)
    assert cam.to_pixels(1.0, 1.0) == (500.0, 148.0)


def test_to_model_of_known_pixels() -> None:
    assert EXAMPLE_CAMERA.to_model(400.0, 298.0) == (0.0, 0.0)
    assert EXAMPLE_CAMERA.to_model(500.0, 398.0) == (1.0, -1.0)


@given(
    escala=st.floats(0.5, 1000),
    ox=st.floats(-500, 500),
    oy=st.floats(-500, 500),
    x=st.floats(-1e3, 1e3),
    y=st.floats(-1e3, 1e3),
)
def test_round_trip(escala: float, ox: float, oy: float, x: float, y: float) -> None:
    cam = Camera(escala=escala, ox=ox, oy=oy, viewport=(3, 40, 1000, 600))
    mx, my = cam.to_model(*cam.to_pixels(x, y))
    assert math.isclose(mx, x, rel_tol=1e-12, abs_tol=1e-9)
    assert math.isclose(my, y, rel_tol=1e-12, abs_tol=1e-9)
    px, py = cam.to_pixels(*cam.to_model(x, y))
    assert math.isclose(px, x, rel_tol=1e-12, abs_tol=1e-9)
    assert math.isclose(py, y, rel_tol=1e-12, abs_tol=1e-9)


def test_arrays_match_scalars() -> None:
    cam = Camera(escala=73.5, ox=-12, oy=31, viewport=(0, 48, 1280, 616))
    xs = np.array([0.0, 1.25, -3.5, 2.0])
    ys = np.array([0.0, -0.5, 4.0, 1e-3])
    px, py = cam.to_pixels(xs, ys)
    assert isinstance(px, np.ndarray) and px.shape == xs.shape
    for i in range(len(xs)):
        assert (px[i], py[i]) == cam.to_pixels(float(xs[i]), float(ys[i]))
    mx, my = cam.to_model(px, py)
    np.testing.assert_allclose(mx, xs, atol=1e-12)
    np.testing.assert_allclose(my, ys, atol=1e-12)


def test_lengths() -> None:
    assert EXAMPLE_CAMERA.length_to_pixels(0.15) == pytest.approx(15.0)
    assert EXAMPLE_CAMERA.length_to_model(10.0) == pytest.approx(0.1)


@pytest.mark.parametrize("escala", [0.0, -5.0, math.nan, math.inf])
def test_bad_scale_rejected(escala: float) -> None:
    with pytest.raises(ValueError):
        Camera(escala=escala)
