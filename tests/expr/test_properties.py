"""Property-based tests: the parser never fails in any way but its own, and the
compiled code, the printer and the derivative agree with plain references."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.expr import (
    Binary,
    Call,
    EvaluationError,
    ExpressionError,
    Name,
    Neg,
    Num,
    compile_trees,
    diff,
    evaluate,
    parse,
    to_text,
)

ALPHABET = "0123456789.+-*/^()[],' ·×÷−²³⁻½πµμθxyzabtsincoqrlgObj_\t\n|=\"$;:{}@#!~`"


@settings(max_examples=1500, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=40) | st.text(max_size=20))
def test_random_text_only_ever_raises_expression_error(text):
    try:
        parse(text, allow_refs=True)
    except ExpressionError as exc:
        assert exc.message and exc.location.column >= 1
        assert exc.location.column <= len(text) + 2


NAMES = ("x", "y", "z")
leaves = st.one_of(
    st.floats(min_value=0, max_value=10, allow_nan=False).map(lambda v: Num(round(v, 3))),
    st.sampled_from([Name(n) for n in NAMES]),
)


def _extend(children):
    return st.one_of(
        st.builds(Neg, children),
        st.builds(Binary, st.sampled_from("+-*/"), children, children),
        st.builds(Binary, st.just("^"), children, st.integers(-3, 4).map(lambda k: Num(float(k)))),
        st.builds(Binary, st.just("^"), children, children),
        st.builds(lambda f, a: Call(f, (a,)), st.sampled_from(
            ["sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "exp", "log", "sqrt",
             "abs", "sgn", "floor", "ceil"]), children),
        st.builds(lambda f, a, b: Call(f, (a, b)), st.sampled_from(["atan2", "min", "max"]), children, children),
    )


trees = st.recursive(leaves, _extend, max_leaves=12)
points = st.tuples(*(st.floats(-3, 3, allow_nan=False) for _ in NAMES))


def reference(tree, point):
    try:
        return evaluate(tree, dict(zip(NAMES, point)))
    except (EvaluationError, OverflowError):
        return None


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(trees, points)
def test_compiled_agrees_with_the_reference_evaluator(tree, point):
    expected = reference(tree, point)
    f = compile_trees([tree], NAMES)
    if expected is None:
        try:
            got = f(*point)
        except EvaluationError:
            return
        assert not math.isfinite(got)
        return
    got = f(*point)
    assert got == pytest.approx(expected, rel=1e-9, abs=1e-9)
    # the very same code on arrays, element by element
    arrays = [np.array([v, v]) for v in point]
    got_array = f(*arrays)
    got_array = np.broadcast_to(got_array, (2,))
    assert np.allclose(got_array, expected, rtol=1e-9, atol=1e-9)


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(trees, points)
def test_printed_text_parses_back_to_the_same_value(tree, point):
    expected = reference(tree, point)
    assume(expected is not None)
    again = parse(to_text(tree))
    assert reference(again.tree, point) == pytest.approx(expected, rel=1e-12, abs=1e-12)


smooth = st.recursive(
    leaves,
    lambda c: st.one_of(
        st.builds(Neg, c),
        st.builds(Binary, st.sampled_from("+-*"), c, c),
        st.builds(Binary, st.just("^"), c, st.integers(0, 3).map(lambda k: Num(float(k)))),
        st.builds(lambda f, a: Call(f, (a,)), st.sampled_from(["sin", "cos", "atan"]), c),
    ),
    max_leaves=8,
)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(smooth, points, st.sampled_from(NAMES))
def test_exact_derivative_matches_finite_differences(tree, point, var):
    d = diff(tree, var)
    env = dict(zip(NAMES, point))
    exact = evaluate(d, env)
    h = 1e-5
    i = NAMES.index(var)

    def at(shift):
        p = list(point)
        p[i] += shift
        return evaluate(tree, dict(zip(NAMES, p)))

    # fourth-order central difference
    numeric = (-at(2 * h) + 8 * at(h) - 8 * at(-h) + at(-2 * h)) / (12 * h)
    scale = max(1.0, abs(at(0.0)), abs(exact))
    assume(scale < 1e6)
    assert exact == pytest.approx(numeric, abs=1e-5 * scale)
