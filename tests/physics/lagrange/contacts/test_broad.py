"""The broad phase of contacts between round bodies (game/physics/lagrange/contacts/broad.py): it
finds every pair that can meet, and a run with it is the run that checks every pair, bit for bit."""

from __future__ import annotations

import itertools
import math
import re
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app.commands.ballbox import ball_box
from game.expr import parse, to_text
from game.model import read_model
from game.physics.lagrange.contacts import broad
from game.physics.lagrange.contacts.broad import BROAD_MIN, BroadPhase, spheres_of
from game.physics.simulation import Simulation


def _sim(tmp_path, text: str, name: str = "caja.dat") -> Simulation:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return Simulation(read_model(path))


def _run(sim: Simulation, steps: int) -> tuple[np.ndarray, np.ndarray, list]:
    impacts = []
    for _ in range(steps):
        sim.step()
        impacts += [(i.t, i.contacts) for i in sim.impacts]
    return sim.q.copy(), sim.qdot.copy(), impacts


def _pair(text: str):
    return broad._pair(parse(text.replace("²", "^2")).tree)


def test_a_gap_between_two_centres_is_a_pair_and_others_are_not():
    a, b, c = _pair("sqrt((x1 - x2)² + (y1 - y2)²) - 0.2")
    assert [to_text(x) for x in a] == ["x1", "y1"] and [to_text(x) for x in b] == ["x2", "y2"] and c == 0.2
    assert len(_pair("sqrt((x1 - x2)² + (y1 - y2)² + (z1 - z2)²) - 1")[0]) == 3
    for text in ("x1 - 0.1 + 1.5", "sqrt((x1 - x2)² + (y1 - y2)²) - r",  # r unbound: not a number
                 "sqrt((x1 - x2)² + y1²) - 0.2", "sqrt((x1 - x2)²) - 0.2", "(x1 - x2)² + (y1 - y2)² - 0.2"):
        assert _pair(text) is None, text


def test_a_box_of_balls_has_a_broad_phase_and_a_cradle_keeps_the_plain_loop(tmp_path):
    sim = _sim(tmp_path, ball_box(7))
    spheres = sim.system.code.broad.spheres
    assert spheres.dim == 2 and len(spheres.points) == 7 and len(spheres.pairs) == 21 == BROAD_MIN
    assert sim.system.stepper.broad is not None
    assert _sim(tmp_path, ball_box(6), "seis.dat").system.code.broad is None  # 15 pairs: fewer than BROAD_MIN
    cradle = Simulation(read_model("models/cuna_newton.dat"))
    assert cradle.system.code.broad is None and spheres_of([c.gap for c in cradle.system.contacts.items]) is None


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 30), st.floats(0.0, 0.5), st.integers(0, 10_000))
def test_near_finds_every_pair_within_twice_the_margin(count, margin, seed):
    """Against every pair by itself: nothing within 2·margin is left out, nothing else let in."""
    pick = np.random.default_rng(seed)
    positions = pick.uniform(-2, 2, (count, 2))
    radii = pick.uniform(0.01, 0.3, count)
    pairs = tuple((k, a, b, float(radii[a] + radii[b]))
                  for k, (a, b) in enumerate(itertools.combinations(range(count), 2)))
    spheres = broad.Spheres(tuple((None,) * 2 for _ in range(count)), pairs, 2, len(pairs))  # type: ignore[misc]
    phase = BroadPhase(broad.BroadCode(spheres, *[None] * 7))  # only the distances, no generated code
    found = set(phase.near(tuple(positions.ravel().tolist()), margin))
    every = {i for i, (_, a, b, c) in enumerate(pairs) if np.linalg.norm(positions[a] - positions[b]) - c <= 2 * margin}
    assert found == every


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(7, 10), st.integers(0, 1000), st.sampled_from([(0.0, 1.0), (9.81, 0.6), (9.81, 0.0)]),
       st.sampled_from([broad.FOCUS_MIN, 0]))
def test_a_random_box_runs_as_with_every_pair_checked(tmp_path, k, seed, gravity_restitution, focus_min):
    """Gas or pile, the state and the impacts are those of the loop that checks every pair, bit for
    bit; and so with the substeps that locate events computing only the gaps within reach (which
    a box this small does not do by itself: FOCUS_MIN)."""
    g, e = gravity_restitution
    text = ball_box(k, seed=seed, g=g, e=e)
    fast, every = _sim(tmp_path, text, f"a{k}_{seed}.dat"), _sim(tmp_path, text, f"b{k}_{seed}.dat")
    every.system.stepper.broad = None
    with mock.patch.object(broad, "FOCUS_MIN", focus_min):
        q, v, impacts = _run(fast, 40)
    q_all, v_all, impacts_all = _run(every, 40)
    assert fast.system.stepper.broad.windows > 0
    assert np.array_equal(q, q_all) and np.array_equal(v, v_all)
    assert impacts == impacts_all


def _fast_ball(k: int = 9) -> str:
    """A box of 9 balls on a 3 × 3 grid, ball 1 (top left) thrown at 60 m/s along its row at ball 2
    (0.8 m away): it crosses 0.12 m a substep, far more than a window of a slow box allows."""
    text = ball_box(k)
    text = re.sub(r"<CI>vx1\|[^|]*\|", "<CI>vx1|60|", text)
    return re.sub(r"<CI>vy1\|[^|]*\|", "<CI>vy1|0|", text)


def _too_narrow(guarded: bool):
    """BroadPhase.window with a margin for balls at rest (the floor), and with or without its guard."""
    original = BroadPhase.window

    def window(self, system, state, substeps, widen, count=True):
        near, hold, limit = original(self, system, state, 0, widen, count)
        return near, hold, limit if guarded else math.inf
    return window


@pytest.mark.parametrize("focus_min", [broad.FOCUS_MIN, 0])
def test_a_fast_ball_that_outruns_its_window_still_hits(tmp_path, monkeypatch, focus_min):
    """Windows made for balls at rest: the loop sees the fast ball leave its window and makes a
    wider one, so it hits ball 2 as when every pair is checked (and so do the substeps that
    locate events, focused or not). Without that guard it would go through ball 2 (the check
    that this test can fail)."""
    monkeypatch.setattr(broad, "FOCUS_MIN", focus_min)
    every = _sim(tmp_path, _fast_ball(), "every.dat")
    every.system.stepper.broad = None
    expected = _run(every, 3)
    assert any("b1_2" in [every.system.contacts.items[i].id for i in contacts] for _, contacts in expected[2])
    monkeypatch.setattr(BroadPhase, "window", _too_narrow(True))
    guarded = _sim(tmp_path, _fast_ball(), "guarded.dat")
    got = _run(guarded, 3)
    assert np.array_equal(got[0], expected[0]) and np.array_equal(got[1], expected[1]) and got[2] == expected[2]
    monkeypatch.setattr(BroadPhase, "window", _too_narrow(False))
    blind = _sim(tmp_path, _fast_ball(), "blind.dat")
    missed = _run(blind, 3)
    assert not np.array_equal(missed[0], expected[0])


@pytest.mark.parametrize("k", [20, 28])
def test_few_pairs_are_checked_in_a_spread_box(tmp_path, k):
    """In a gas of k balls a window checks a few pairs per ball, not k·(k − 1)/2."""
    sim = _sim(tmp_path, ball_box(k), f"gas{k}.dat")
    _run(sim, 10)
    phase = sim.system.stepper.broad
    assert phase.checked / phase.windows < 2 * k
