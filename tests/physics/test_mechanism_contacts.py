"""Contacts on mechanisms (SPEC §7.8, §7.3): the falling bar of seed 003 Fig. 9 (models/barra_cae.dat)
keeps E + Eloss and its length, never crosses the floor, strikes first when free fall says, and
moves as a hand Lagrangian of the same bar with the Lagrangian contacts."""

from __future__ import annotations

import math

import numpy as np
import pytest
from mechanism_texts import mechanism
from sim_helpers import simulation

from game.model import load_model
from game.physics import Simulation
from game.physics.mechanism_contacts import ContactMechanism

#: the hand Lagrangian of the same bar: centre (x, y) and angle th, each end's contact with the floor
HAND_BAR = """<GENERAL>
escala=110
Ox=-40
Oy=150
dt=0.01
N=10
nQ=3
</GENERAL>
<PARAMETERS>
<P>g|9.81|g</P>
<P>m|1|m</P>
<P>L|1|L</P>
<P>h|1|h</P>
<P>alfa|pi/6|alfa</P>
<P>e|0.9|e</P>
<P>mu|0.2|mu</P>
</PARAMETERS>
<CIs>
<CI>x|L/2·cos(alfa)|x</CI>
<CI>y|h + L/2·sin(alfa)|y</CI>
<CI>th|alfa|th</CI>
<CI>vx|0|vx</CI>
<CI>vy|0|vy</CI>
<CI>vth|0|vth</CI>
</CIs>
<TMATRIX>
<T>0,0|'m'</T>
<T>1,1|'m'</T>
<T>2,2|'m·L²/12'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·m·(vx² + vy²) + ½·m·L²/12·vth²</Ek>
<Ep>m·g·y</Ep>
</ENERGIES>
<CONTACTS>
<K>pisoA|'y - L/2·sin(th)'|'e'|'mu'|'vx + L/2·sin(th)·vth'|A</K>
<K>pisoB|'y + L/2·sin(th)'|'e'|'mu'|'vx - L/2·sin(th)·vth'|B</K>
</CONTACTS>
<GRAPHICS>
<G>C|C1|0.05|'x'|'y'|'vx'|'vy'|1|-1|1</G>
</GRAPHICS>
"""


def ends(q: np.ndarray) -> tuple[float, float, float]:
    """(A_y, B_y, the bar's length) at the mechanism's coordinates (A_x, A_y, B_x, B_y)."""
    ax, ay, bx, by = q
    return ay, by, math.hypot(bx - ax, by - ay)


def test_the_falling_bar_keeps_its_energy_account_its_length_and_the_floor():
    sim = simulation("barra_cae")
    assert isinstance(sim.system, ContactMechanism)
    e0 = sim.energy
    worst_balance = worst_length = 0.0
    lowest = math.inf
    struck = 0
    for _ in range(round(5.0 / sim.model.general.dt)):
        sim.step()
        ay, by, length = ends(sim.q)
        lowest = min(lowest, ay, by)
        worst_length = max(worst_length, abs(length - 1.0))
        worst_balance = max(worst_balance, abs(sim.energy + sim.losses - e0))
        struck += len(sim.impacts)
    assert worst_balance < 1e-9
    assert worst_length < 1e-9
    assert lowest >= -1e-12
    assert struck > 10  # it bounces: e = 0.9
    assert 0.5 * e0 < sim.losses < e0  # the impacts and the friction took most of it
    assert sim.de < 1e-9


def test_the_first_impact_comes_when_the_lowest_end_has_fallen_freely():
    # released at rest, the bar falls without turning (gravity has no torque about its centre)
    sim = simulation("barra_cae")
    impacts = []
    while not impacts:
        sim.step()
        impacts = sim.impacts
    assert impacts[0].contacts == (0,)  # end A, the lower one
    assert impacts[0].t == pytest.approx(math.sqrt(2 * 1.0 / 9.81), abs=1e-10)
    # the impulse kept the bar's length: Φq·Δq̇ = 0, so the ends' velocities along the bar agree
    ax, ay, bx, by = impacts[0].q
    u = np.array([bx - ax, by - ay])
    va, vb = impacts[0].after[:2], impacts[0].after[2:]
    assert float(u @ (vb - va)) == pytest.approx(0.0, abs=1e-12)


def test_the_bar_moves_as_its_hand_lagrangian_through_its_first_impacts(write_model):
    # the same δ: two fourth-order approximations of one motion, with the same instants of impact
    mech = simulation("barra_cae")
    hand = Simulation(load_model(write_model(HAND_BAR, "barra_a_mano.dat")))
    worst = 0.0
    bounces = 0
    for _ in range(round(1.0 / mech.model.general.dt)):
        mech.step()
        hand.step()
        bounces += len(mech.impacts)
        x, y, th = hand.q
        vx, vy, vth = hand.qdot
        c, s = 0.5 * math.cos(th), 0.5 * math.sin(th)
        expected = [x - c, y - s, x + c, y + s]
        speeds = [vx + s * vth, vy - c * vth, vx - s * vth, vy + c * vth]
        worst = max(worst, float(np.max(np.abs(mech.q - expected))), float(np.max(np.abs(mech.qdot - speeds))))
    assert bounces >= 2
    assert worst < 1e-7
    assert mech.losses == pytest.approx(hand.losses, abs=1e-7)


def test_a_bar_lying_on_the_floor_rests_on_its_ends():
    # both ends on the floor, at rest: two resting contacts alongside the bar, nothing moves
    sim = simulation("barra_cae", h="0", alfa="0")
    sim.step(200)
    ay, by, length = ends(sim.q)
    assert abs(ay) < 1e-12 and abs(by) < 1e-12 and abs(length - 1.0) < 1e-12
    assert float(np.max(np.abs(sim.qdot))) < 1e-12
    assert sim.system.resting(sim.state) == 2
    assert abs(sim.reactions()["λ_barra"]) < 1e-9


def test_a_bar_at_rest_works_out_its_contact_terms_once_a_substep(monkeypatch):
    # the approach check, the resting modes and their forces ask for the same two contacts at the
    # same state: one evaluation (and one compliance solve), not three; inside the stages, the KKT
    # matrix the stage solved with serves the compliance, the same numbers as one built anew
    sim = simulation("barra_cae", h="0", alfa="0")
    sim.step(50)
    system = sim.system
    assert isinstance(system, ContactMechanism)
    system._terms_cache = ((), None)  # the step's own end asked for these very terms already
    worked_out = []
    original = system._work_out_terms
    monkeypatch.setattr(system, "_work_out_terms", lambda *args: worked_out.append(args) or original(*args))
    modes, _ = system.stepper._rest(sim.state)
    assert len(modes) == 2 and len(worked_out) == 1  # both ends rest
    built = []
    original_jacobian = system.jacobian
    monkeypatch.setattr(system, "jacobian", lambda *args: built.append(args) or original_jacobian(*args))
    system.modes = modes
    try:
        y = system.pack(sim.state)
        system.derivative(sim.t, y)
    finally:
        system.modes = ()
    assert not built  # the stage's KKT matrix, not Φq again
    q = np.asarray(sim.q)
    forces = np.eye(system.n)
    system._resting_kkt = system._stage_kkt
    via_stage = system._kkt_solve(sim.t, q, forces)
    system._resting_kkt = None
    assert np.array_equal(via_stage[0], system._kkt_solve(sim.t, q, forces)[0])


def test_a_bar_reaction_counts_the_push_of_a_resting_contact(write_model):
    # a bob on a massless bar from O = (0, 1), held at P = (1, 0) by the wall x = 1 it leans on:
    # at rest, the wall pushes m·g and the bar pulls with m·g·√2 (without the wall's force, 0)
    text = mechanism("<GRAVITY>'9.81'</GRAVITY>\n<POINT>O|0|1|0|0|1</POINT>\n<POINT>P|1|0</POINT>\n"
                     "<BAR>barra|O|P|0|0|0.05</BAR>\n<MASS>bola|P|1|0.1</MASS>") + "<CONTACTS>\n<K>pared|'P_x - 1'|'0'|'0'|'0'|</K>\n</CONTACTS>\n"
    sim = Simulation(load_model(write_model(text)))
    sim.step(50)
    assert sim.q == pytest.approx([1.0, 0.0], abs=1e-12)
    assert sim.reactions()["λ_barra"] == pytest.approx(9.81 * math.sqrt(2), abs=1e-9)


def test_a_sliding_bar_stops_where_friction_says(write_model):
    # lying on the floor and pushed along it at v0: Coulomb friction mu·m·g stops it after v0²/(2·mu·g)
    sim = simulation("barra_cae", h="0", alfa="0", A_vx="1", B_vx="1")
    start = sim.q[0]
    sim.step(round(1.0 / sim.model.general.dt))
    assert sim.q[0] - start == pytest.approx(1.0 / (2 * 0.2 * 9.81), abs=1e-6)
    assert float(np.max(np.abs(sim.qdot))) < 1e-12
    assert sim.losses == pytest.approx(0.5, abs=1e-9)


def test_a_bar_falling_flat_strikes_with_both_ends_at_once_and_bounces_flat():
    # one impulse problem for both contacts: a symmetric landing gives a symmetric bounce,
    # vy → −e·vy at both ends, no turning, the bar's length kept
    sim = simulation("barra_cae", alfa="0")
    impacts = []
    while not impacts:
        sim.step()
        impacts = sim.impacts
    (impact,) = impacts
    assert impact.contacts == (0, 1)
    assert impact.t == pytest.approx(math.sqrt(2 / 9.81), abs=1e-10)
    fall = -9.81 * impact.t
    assert impact.before[[1, 3]] == pytest.approx([fall, fall], abs=1e-9)
    assert impact.after == pytest.approx([0.0, -0.9 * fall, 0.0, -0.9 * fall], abs=1e-9)
    assert impact.loss == pytest.approx(0.5 * (1 - 0.81) * fall**2, rel=1e-9)
