"""Simultaneous impacts (SPEC §7.3, game/physics/lagrange/contacts/impacts.py): one ball striking two touching
balls at once, against the textbook result; the order of the contact rows does not matter;
momentum kept and kinetic energy never gained in any hit of three touching balls."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.model import read_model
from game.physics import Simulation

R = 0.1
#: the contact rows of the three balls A (1), B (2) and C (3), by name
PAIRS = {"AB": (1, 2), "AC": (1, 3), "BC": (2, 3)}


def pair_row(name: str) -> str:
    """A ball–ball contact; the slip is the relative speed of the centres across the line between them."""
    i, j = PAIRS[name]
    d = f"sqrt((x{i} - x{j})² + (y{i} - y{j})²)"
    slip = f"((vx{j} - vx{i})·(y{i} - y{j}) - (vy{j} - vy{i})·(x{i} - x{j}))/{d}"
    return f"<K>{name}|'{d} - 2·r'|'e'|'mu'|'{slip}'|{name}</K>"


def three_balls(order=("AB", "AC", "BC"), e: str = "1", mu: str = "0", ax: str = "0", vax: str = "0") -> str:
    """Ball A coming down the axis at 1 m/s onto B and C, which touch each other (centres 2r
    apart on y = 0): A meets both at once at t = 0.5 s, their centres an equilateral triangle."""
    start = {1: (ax, f"{math.sqrt(3) * R!r} + 0.5", vax, "-1"), 2: (f"{-R}", "0", "0", "0"), 3: (f"{R}", "0", "0", "0")}
    cis = [f"<CI>{c}{i}|{start[i][k]}|{c}</CI>" for k, c in enumerate(("x", "y")) for i in (1, 2, 3)]
    cis += [f"<CI>v{c}{i}|{start[i][2 + k]}|v{c}</CI>" for k, c in enumerate(("x", "y")) for i in (1, 2, 3)]
    names = [f"{c}{i}" for c in ("x", "y") for i in (1, 2, 3)]
    return "\n".join([
        "<GENERAL>", "escala=100", "Ox=0", "Oy=0", "dt=0.02", "N=10", "nQ=6", "</GENERAL>",
        "<PARAMETERS>", "<P>m|1|masa</P>", f"<P>r|{R}|radio</P>", f"<P>e|{e}|restitución</P>", f"<P>mu|{mu}|fricción</P>",
        "</PARAMETERS>", "<CIs>", *cis, "</CIs>",
        "<TMATRIX>", *(f"<T>{k},{k}|'m'</T>" for k in range(6)), "</TMATRIX>",
        "<ENERGIES>", "<Ek>½·m·(" + " + ".join(f"v{n}²" for n in names) + ")</Ek>", "<Ep>0</Ep>", "</ENERGIES>",
        "<CONTACTS>", *(pair_row(name) for name in order), "</CONTACTS>",
        *(f"<G>C|C{i}|'r'|'x{i}'|'y{i}'|'vx{i}'|'vy{i}'|1|-1|1</G>" for i in (1, 2, 3)), ""])


def first_hit(write_model, text: str):
    """The velocities (x1, x2, x3, y1, y2, y3 order) just before and after the first impact."""
    hits = []
    sim = Simulation(read_model(write_model(text)))
    sim.observers.append(type("Log", (), {"on_step": lambda self, s: hits.extend(s.impacts),
                                          "on_break": lambda self, s: None})())
    sim.step(30)  # 0.6 s
    return hits[0]


def test_a_ball_striking_two_touching_balls_at_once_gets_the_textbook_result(write_model):
    # equal masses, frictionless, e = 1, the three centres an equilateral triangle at the hit: the
    # impulses P along AB and AC are equal, and Newton's law on each contact with momentum gives
    # P/m = 2·v·cos30°/(1 + 2·cos²30°) = (2√3/5)·v: B and C leave at (2√3/5)·v at ±30° from the
    # axis and A comes back at v/5 (then ½·m·v² is kept: 1/25 + 2·12/25 = 1)
    hit = first_hit(write_model, three_balls())
    assert hit.t == pytest.approx(0.5, abs=1e-11)
    assert sorted(hit.contacts) == [0, 1]  # AB and AC; BC only touches
    speed = 2 * math.sqrt(3) / 5
    expected = [0.0, -speed * 0.5, speed * 0.5, 0.2, -speed * math.sqrt(3) / 2, -speed * math.sqrt(3) / 2]
    # the instant is located to 1e-12 s and the gaps to 1e-14 m, so the line between the centres
    # is off the exact 60° by ~1e-13 rad: 1e-10 leaves room for that and nothing else
    assert hit.after == pytest.approx(expected, abs=1e-10)
    assert 0.5 * hit.after @ hit.after == pytest.approx(0.5, rel=1e-12)
    assert hit.loss == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("e, mu", [("1", "0"), ("0.5", "0"), ("0.7", "0.4")])
def test_swapping_the_contact_rows_gives_the_same_hit(write_model, e, mu):
    # the rows AB, AC read in either order (and BC first or last): the same impulses, mirrored
    # left to right (B's velocity is C's with vx of the other sign)
    results = [first_hit(write_model, three_balls(order, e, mu)).after
               for order in (("AB", "AC", "BC"), ("AC", "AB", "BC"), ("BC", "AC", "AB"))]
    for after in results[1:]:
        assert after == pytest.approx(results[0], abs=1e-12)
    vx1, vx2, vx3, _vy1, vy2, vy3 = results[0]
    assert vx1 == pytest.approx(0.0, abs=1e-12)
    assert vx2 == pytest.approx(-vx3, abs=1e-12) and vy2 == pytest.approx(vy3, abs=1e-12)
    assert np.sum(results[0][:3]) == pytest.approx(0.0, abs=1e-12)  # momentum: 0 across, −m·v down
    assert np.sum(results[0][3:]) == pytest.approx(-1.0, abs=1e-12)


def test_an_inelastic_symmetric_hit_loses_what_newtons_law_says(write_model):
    # e = 0.5: the same algebra with (1 + e) for 2: P/m = (1 + e)·v·cos30°/(1 + 2·cos²30°) = 0.3√3·v,
    # so A goes on down at v − 2·P·cos30°/m = 0.1·v and B, C leave at 0.3√3·v
    hit = first_hit(write_model, three_balls(e="0.5"))
    speed = 0.3 * math.sqrt(3)
    expected = [0.0, -speed * 0.5, speed * 0.5, -0.1, -speed * math.sqrt(3) / 2, -speed * math.sqrt(3) / 2]
    assert hit.after == pytest.approx(expected, abs=1e-10)
    assert hit.loss == pytest.approx(0.5 - 0.5 * (0.01 + 2 * speed ** 2), rel=1e-9)


def touching_triangle(write_model, e: str, mu: str):
    """The contacts of three balls whose centres are an equilateral triangle (all touching)."""
    sim = Simulation(read_model(write_model(three_balls(e=e, mu=mu))))
    q = np.array([0.0, -R, R, math.sqrt(3) * R, 0.0, 0.0])
    return sim.system.contacts, q


@pytest.mark.parametrize("e, mu", [("1", "0"), ("0.3", "0"), ("1", "0.5"), ("0.6", "2")])
def test_any_hit_of_three_touching_balls_keeps_momentum_and_never_gains_energy(write_model, e, mu):
    contacts, q = touching_triangle(write_model, e, mu)
    pick = np.random.default_rng(11)
    for _ in range(200):
        v = pick.uniform(-2, 2, 6)
        after, _struck, _ = contacts.resolve(0.0, q, v.copy())  # m = 1: p = q̇
        before_energy, after_energy = 0.5 * v @ v, 0.5 * after @ after
        assert after_energy <= before_energy * (1 + 1e-12)
        if e == "1" and mu == "0":
            assert after_energy == pytest.approx(before_energy, rel=1e-12)
        # the impulses are internal: each pair's equal and opposite
        assert np.sum(after[:3]) == pytest.approx(np.sum(v[:3]), abs=1e-12)
        assert np.sum(after[3:]) == pytest.approx(np.sum(v[3:]), abs=1e-12)
        # and nothing approaches afterwards
        assert not contacts.resolve(0.0, q, after.copy())[1]


def test_a_symmetric_hit_with_friction_stays_symmetric(write_model):
    # A comes down the axis, B and C at rest: any Gauss–Seidel order would favour one side
    hit = first_hit(write_model, three_balls(e="0.8", mu="0.3"))
    vx1, vx2, vx3, _vy1, vy2, vy3 = hit.after
    assert vx1 == pytest.approx(0.0, abs=1e-12)
    assert (vx2, vy2) == pytest.approx((-vx3, vy3), abs=1e-12)
    assert 0.5 * hit.after @ hit.after <= 0.5


@pytest.mark.parametrize("e, speed, resting_speed, inelastic", [
    (1.0, -2.0, 0.0, False), (0.5, -2.0, 0.0, False), (0.5, -0.01, 0.05, True), (0.7, -3.0, 0.05, False)])
def test_one_struck_contact_in_floats_gets_the_impulse_of_the_general_solver(e, speed, resting_speed, inelastic):
    # a ball (mass 2) striking a wall along x with a moving wall's part in the rate: the closed form in
    # floats (struck_alone, taken for almost every impact of a box of balls) against simultaneous()'s row
    from game.physics.lagrange.contacts.impacts import ImpactRow, simultaneous, struck_alone

    J, WJ, v = [1.0, 0.0], [0.5, 0.0], [speed - 0.25, 0.3]
    rate = J[0] * v[0] + 0.25  # the wall moves at 0.25: the normal rate is speed
    impulse = struck_alone(J, WJ, v, rate, resting_speed, e)
    row = ImpactRow(np.array(J), np.array(WJ), 0.25, e, resting_speed, 1e-9)
    (general,) = simultaneous([row], np.array(v), inelastic=False)
    assert impulse == pytest.approx(general.normal, rel=1e-15)
    assert impulse == pytest.approx(-(1.0 + (0.0 if inelastic else e)) * speed / 0.5, rel=1e-15)  # Newton's law, by hand
    assert struck_alone(J, WJ, [0.5, 0.3], 0.5, resting_speed, e) == 0.0  # parting: no impulse
