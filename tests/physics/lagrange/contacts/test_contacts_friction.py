"""Static and kinetic friction (the optional mu_k cell of a contact row, after SPEC §7.3's
fields): a contact sticks while it needs at most mu_s times the normal force (or impulse) and
slides with mu_k times it. Checked against the closed forms of a block on an incline and of a
ball bouncing obliquely."""

from __future__ import annotations

import math

import numpy as np
import pytest
from project import ROOT

from game.model import read_model
from game.physics import Simulation

G = 9.81
THETA = math.radians(25)  # tan θ = 0.466: between mu_k = 0.3 and mu_s = 0.6


def incline(v0: str, mu_k: str = "0.3") -> str:
    """A block (a point of mass M) on a plane through the origin that goes down to the right at θ;
    the gap is the distance above the plane, the slip the speed down the plane."""
    return f"""<GENERAL>
escala=100
Ox=0
Oy=0
dt=0.02
N=10
nQ=2
</GENERAL>
<PARAMETERS>
<P>g|{G}|gravedad</P>
<P>M|2|masa</P>
<P>th|{THETA!r}|ángulo del plano</P>
<P>mus|0.6|fricción estática</P>
<P>muk|{mu_k}|fricción cinética</P>
<P>v0|{v0}|empujón, plano abajo</P>
</PARAMETERS>
<CIs>
<CI>x|0|x</CI>
<CI>y|0|y</CI>
<CI>vx|v0·cos(th)|vx</CI>
<CI>vy|-v0·sin(th)|vy</CI>
</CIs>
<TMATRIX>
<T>0,0|'M'</T>
<T>1,1|'M'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·M·(vx² + vy²)</Ek>
<Ep>M·g·y</Ep>
</ENERGIES>
<CONTACTS>
<K>plano|'x·sin(th) + y·cos(th)'|'0'|'mus'|'vx·cos(th) - vy·sin(th)'|el plano inclinado|'muk'</K>
</CONTACTS>
<G>C|C1|0.1|'x'|'y'|'vx'|'vy'|1|-1|1</G>
"""


def along(sim: Simulation) -> tuple[float, float]:
    """Distance and speed down the plane."""
    (x, y), (vx, vy) = sim.q, sim.qdot
    return x * math.cos(THETA) - y * math.sin(THETA), vx * math.cos(THETA) - vy * math.sin(THETA)


def test_a_block_between_the_two_angles_stays_where_it_is_put(write_model):
    # tan θ < mu_s: sticking holds it, though mu_k alone could not
    sim = Simulation(read_model(write_model(incline("0"))))
    sim.step(100)  # 2 s
    s, v = along(sim)
    assert abs(s) < 1e-12 and abs(v) < 1e-12
    assert sim.losses == pytest.approx(0.0, abs=1e-12)


def test_pushed_down_it_slides_on_speeding_up_at_g_times_sin_minus_mu_k_cos(write_model):
    # once sliding, only mu_k acts: a = −g·(mu_k·cosθ − sinθ) = g·(sinθ − mu_k·cosθ) > 0, so it
    # never stops (with mu_k = mu_s it would decelerate and stop); RK4 follows this constant
    # acceleration exactly, so only round-off separates the positions from the closed form
    sim = Simulation(read_model(write_model(incline("1"))))
    a = G * (math.sin(THETA) - 0.3 * math.cos(THETA))
    assert a == pytest.approx(1.4786, abs=1e-4)
    for _ in range(5):
        sim.step(10)
        s, v = along(sim)
        assert s == pytest.approx(sim.t + 0.5 * a * sim.t ** 2, abs=1e-9)
        assert v == pytest.approx(1 + a * sim.t, abs=1e-9)
    # the friction's work is what was lost: mu_k·M·g·cosθ·s
    assert sim.losses == pytest.approx(0.3 * 2 * G * math.cos(THETA) * s, rel=1e-9)


def test_pushed_up_it_stops_after_v0_over_g_sin_plus_mu_k_cos_and_stays(write_model):
    # up the plane friction and weight both pull down: it stops at t = v0/(g·(sinθ + mu_k·cosθ)),
    # s = −v0²/(2·g·(sinθ + mu_k·cosθ)), and there sticking (tan θ < mu_s) holds it
    sim = Simulation(read_model(write_model(incline("-1"))))
    decel = G * (math.sin(THETA) + 0.3 * math.cos(THETA))
    sim.step(20)  # 0.4 s: it stopped at 0.142 s
    # the instant the slip reaches 0 is located to ~1e-12 s, at a deceleration of 6.9 m/s²:
    # what speed is left is ~1e-11 m/s, and in 1.4 s it moves ~1e-11 m
    s, v = along(sim)
    assert s == pytest.approx(-1 / (2 * decel), abs=1e-9)
    assert v == pytest.approx(0.0, abs=1e-10)
    sim.step(70)
    assert along(sim) == pytest.approx((-1 / (2 * decel), 0.0), abs=1e-9)


def test_without_mu_k_the_same_block_slides_to_a_stop(write_model):
    # the row without its last cell: mu_k = mu_s = 0.6 > tan θ, so the push dies out
    text = incline("1").replace("|el plano inclinado|'muk'</K>", "|el plano inclinado</K>")
    sim = Simulation(read_model(write_model(text)))
    decel = G * (0.6 * math.cos(THETA) - math.sin(THETA))
    sim.step(50)  # 1 s: stopped at 1/decel = 0.84 s
    assert along(sim) == pytest.approx((1 / (2 * decel), 0.0), abs=1e-9)


def ball(mu_s: str, mu_k: str) -> str:
    """The shipped bouncing ball (vx = 2, dropped from a gap of 1, e = 0.8) with mu_s and mu_k on the floor."""
    text = (ROOT / "models" / "pelota.dat").read_text(encoding="utf-8")
    return text.replace("<K>piso|'y - r'|'e'|'mu'|'vx'|el piso, y = 0</K>",
                        f"<K>piso|'y - r'|'e'|'{mu_s}'|'vx'|el piso, y = 0|'{mu_k}'</K>")


@pytest.mark.parametrize("mu_s, mu_k, vx", [
    # Pn = (1 + e)·4.42945 = 7.97301; stopping the slip needs Pt = 2 (m = 1)
    ("0.2", "0.1", 2 - 0.1 * 7.97301),   # 2 > 0.2·Pn: it slides through, and only mu_k·Pn acts
    ("0.3", "0.1", 0.0),                 # 2 ≤ 0.3·Pn = 2.39: it sticks, mu_k does not matter
])
def test_an_oblique_bounce_sticks_with_mu_s_and_slides_with_mu_k(write_model, mu_s, mu_k, vx):
    sim = Simulation(read_model(write_model(ball(mu_s, mu_k))))
    hits = []
    sim.observers.append(type("Log", (), {"on_step": lambda self, s: hits.extend(s.impacts),
                                          "on_break": lambda self, s: None})())
    sim.step(25)
    (first,) = hits
    assert first.after == pytest.approx([vx, 0.8 * 4.42945], abs=5e-6)
    assert np.all(np.isfinite(first.after))
