"""Property-based tests: the parser never fails in any way but its own, and the
compiled code, the printer and the derivative agree with plain references."""

from __future__ import annotations

import itertools
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
from game.expr.codegen import ARRAY_NAMESPACE, SCALAR_NAMESPACE
from game.expr.nodes import FUNCTIONS, reduce

ALPHABET = "0123456789.+-*/^()[],' ·×÷−²³⁻½πµμθxyzabtsincoqrlgObj_\t\n|=\"$;:{}@#!~`"


@settings(max_examples=250, suppress_health_check=[HealthCheck.too_slow])
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


def array_reference(tree, arrays):
    """The tree walked with NumPy's functions, element by element: what the generated code
    must compute on arrays. (NumPy's sin or pow may differ from the C library's by an ulp
    or two; an ill-conditioned tree such as sin(9^9.5) turns that into any value, so the
    array code is compared with this walk, and NumPy's functions with the scalar ones on
    their own, below.)"""
    env = dict(zip(NAMES, arrays))

    def combine(n, kids):
        if isinstance(n, Num):
            return np.float64(n.value)
        if isinstance(n, Name):
            return env[n.id]
        if isinstance(n, Neg):
            return -kids[0]
        if isinstance(n, Binary):
            a, b = kids
            if n.op == "^":
                e = n.right.value if isinstance(n.right, Num) else None
                if e in (2.0, 3.0, 4.0):
                    return a * a if e == 2 else (a * a * a if e == 3 else a * a * a * a)
                return ARRAY_NAMESPACE["f_sqrt"](a) if e == 0.5 else ARRAY_NAMESPACE["f_pow"](a, b)
            return {"+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide}[n.op](a, b)
        return ARRAY_NAMESPACE[f"f_{n.func}"](*kids)

    with np.errstate(all="ignore"):
        return np.broadcast_to(reduce(tree, combine), arrays[0].shape)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(trees, points)
def test_compiled_agrees_with_the_reference_evaluator(tree, point):
    # Both follow IEEE 754: a value too large becomes ±inf and goes on; only the final
    # value must be finite (see game/expr/evaluate.py). So they agree exactly.
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
    assert got == expected
    # the very same code on arrays, element by element
    arrays = [np.array([v, v]) for v in point]
    got_array = np.broadcast_to(f(*arrays), (2,))
    assert np.array_equal(got_array, array_reference(tree, arrays), equal_nan=True)


@pytest.mark.parametrize("func", sorted(FUNCTIONS))
def test_array_functions_are_the_scalar_ones(func):
    rng = np.random.default_rng(7)
    arity = FUNCTIONS[func] or 3
    args = [rng.uniform(-0.99, 0.99, 200) * (1 if func in ("asin", "acos") else 20) for _ in range(arity)]
    if func in ("log", "sqrt"):
        args = [np.abs(a) + 1e-3 for a in args]
    scalar, array = SCALAR_NAMESPACE[f"f_{func}"], ARRAY_NAMESPACE[f"f_{func}"]
    expected = [scalar(*(float(a[k]) for a in args)) for k in range(200)]
    assert np.allclose(array(*args), expected, rtol=1e-14, atol=0)
    # signed zeros, infinities and NaN as the scalar version treats them
    special = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0]
    for xs in itertools.product(special, repeat=min(arity, 2)):
        try:
            want = scalar(*xs)
        except (ValueError, OverflowError):
            continue
        with np.errstate(all="ignore"):
            have = float(array(*(np.array([x]) for x in xs))[0])
        assert (math.isnan(want) and math.isnan(have)) or (want == have and math.copysign(1, want) == math.copysign(1, have)), (xs, want, have)


def test_overflow_goes_on_as_infinity_and_only_the_final_value_must_be_finite():
    # (1/y)² overflows for y = 1.5e-171; atan2(1/y, ∞) is 0, which is also what the true
    # value, about 1.5e-171, rounds to at this scale
    tree = parse("atan2(y^-1, (y^-1)^2)").tree
    f = compile_trees([tree], ["y"])
    assert evaluate(tree, {"y": 1.5e-171}) == f(1.5e-171) == 0.0
    for text in ("(y^-1)^2", "9^9^9^9·y", "exp(1/y)", "cosh(1/y)"):
        tree = parse(text).tree
        with pytest.raises(EvaluationError, match="not a finite number"):
            evaluate(tree, {"y": 1.5e-171})
        assert not math.isfinite(compile_trees([tree], ["y"])(1.5e-171))


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
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


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
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
