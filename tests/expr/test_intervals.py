"""What values a tree can take over ranges of its names: always safe (the value at any point of
the ranges is inside), and finite where a model's drawing is bounded whatever its coordinates."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.expr import Binary, Call, EvaluationError, Name, Neg, Num, evaluate, parse
from game.expr.intervals import value_range


def tree(text: str):
    return parse(text).tree


@pytest.mark.parametrize(("text", "expected"), [
    ("1.5*sin(a)", (-1.5, 1.5)),
    ("-1.5*cos(a) + 2", (0.5, 3.5)),
    ("sin(a)^2", (0.0, 1.0)),
    ("(1 + sin(t))/2", (0.0, 1.0)),
    ("2/(3 + cos(a))", (0.5, 1.0)),
    ("1/(1 + a^2)", (0.0, 1.0)),
    ("exp(-a^2)", (0.0, 1.0)),
    ("abs(cos(a)) - 4", (-4.0, -3.0)),
    ("0*x", (0.0, 0.0)),
    ("atan2(y, x)", (-math.pi, math.pi)),
])
def test_bounded_drawings_are_known_to_be_bounded(text, expected):
    assert value_range(tree(text), {}) == pytest.approx(expected)


@pytest.mark.parametrize("text", ["x", "r*sin(a)", "a^2 - 1", "tan(a)", "1/sin(a)", "x - x"])
def test_what_a_free_coordinate_reaches_is_not_bounded(text):
    lo, hi = value_range(tree(text), {})
    assert math.isinf(lo) or math.isinf(hi)


def test_ranges_of_names_narrow_the_answer():
    assert value_range(tree("x^2 + y"), {"x": (-2.0, 1.0), "y": (0.5, 0.5)}) == pytest.approx((0.5, 4.5))
    assert value_range(tree("sqrt(x)"), {"x": (-1.0, 9.0)}) == pytest.approx((0.0, 3.0))
    assert value_range(tree("2*y - 1"), {"y": (0.5, 0.5)}) == (0.0, 0.0)  # a point stays exact


NAMES = ("x", "y", "z")
leaves = st.one_of(st.floats(-10, 10).map(lambda v: Num(round(v, 3))), st.sampled_from([Name(n) for n in NAMES]))
trees = st.recursive(leaves, lambda c: st.one_of(
    st.builds(Neg, c),
    st.builds(Binary, st.sampled_from("+-*/"), c, c),
    st.builds(Binary, st.just("^"), c, st.integers(-2, 4).map(lambda k: Num(float(k)))),
    st.builds(Binary, st.just("^"), c, c),
    st.builds(lambda f, a: Call(f, (a,)), st.sampled_from(
        ["sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "exp", "log", "sqrt",
         "abs", "sgn", "floor", "ceil"]), c),
    st.builds(lambda f, a, b: Call(f, (a, b)), st.sampled_from(["atan2", "min", "max"]), c, c),
), max_leaves=12)
box = st.tuples(st.floats(-3, 3), st.floats(0, 3))


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(trees, st.tuples(*(box for _ in NAMES)), st.tuples(*(st.floats(0, 1) for _ in NAMES)))
def test_the_value_at_any_point_of_the_ranges_is_inside(t, ranges, where):
    named = {n: (lo, lo + w) for n, (lo, w) in zip(NAMES, ranges)}
    point = {n: lo + f * (hi - lo) for n, (lo, hi), f in zip(NAMES, named.values(), where)}
    try:
        v = evaluate(t, point)
    except (EvaluationError, OverflowError):
        return
    lo, hi = value_range(t, named)
    assert lo <= v <= hi


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(trees, st.tuples(*(st.floats(-1e3, 1e3) for _ in NAMES)))
def test_with_names_free_the_value_anywhere_is_inside(t, point):
    try:
        v = evaluate(t, dict(zip(NAMES, point)))
    except (EvaluationError, OverflowError):
        return
    lo, hi = value_range(t, {})
    assert lo <= v <= hi
