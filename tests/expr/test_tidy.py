"""Tidying trees for reading: the value kept (to round-off), terms that cancel gone, factored
forms kept when shorter."""

from __future__ import annotations

import math
import random

import pytest

from game.expr import diff, evaluate, parse, to_text
from game.expr.tidy import split_terms, tidy, tidy_terms


def text(source: str) -> str:
    return to_text(tidy(parse(source).tree))


@pytest.mark.parametrize("source, tidied", [
    ("-(-m*g*l*sin(a))", "m*g*l*sin(a)"),
    ("0.5*m*(2*r*r)", "m*r^2"),
    ("2*(y-1)/2", "y-1"),
    ("(M+m)*L^2", "(M+m)*L^2"),
    ("cos(th)*(sin(th)/cos(th))", "sin(th)"),
    ("x*y - y*x + 3", "3"),
    ("-M*g - m*g", "-M*g-m*g"),
])
def test_tidied_forms(source, tidied):
    assert text(source) == tidied


def test_the_terms_of_a_sum_are_listed_with_their_signs():
    terms = [to_text(t) for t in tidy_terms(parse("a*b - 2*c + d/e").tree)]
    assert terms == ["a*b", "-(2*c)", "d/e"]
    assert [to_text(t) for t in split_terms(parse("a - (b - c)").tree)] == ["a", "-b", "c"]


def test_a_tidied_tree_has_the_value_of_the_tree_it_came_from():
    """Derivatives of random expressions (the kind of tree the equations are made of) keep their
    values when tidied."""
    rng = random.Random(5)
    atoms = ["x", "y", "z", "2", "0.5", "sin(x)", "cos(y-z)", "sqrt(1+x^2)", "(x+y)", "exp(-z)"]
    for _ in range(200):
        source = rng.choice(atoms)
        for _ in range(rng.randint(2, 6)):
            source = f"({source}){rng.choice('+-*/')}({rng.choice(atoms)})"
        tree = diff(parse(source).tree, "x")
        env = {"x": 0.3, "y": -0.7, "z": 1.1}
        try:
            expected = evaluate(tree, env)
        except Exception:
            continue
        if not math.isfinite(expected):
            continue
        assert evaluate(tidy(tree), env) == pytest.approx(expected, rel=1e-11, abs=1e-11), source
