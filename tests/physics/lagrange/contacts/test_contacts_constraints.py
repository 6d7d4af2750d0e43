"""Contacts on a model with CONSTRAINTS (SPEC §7.8, issue 32): an impulse moves the coordinates
along the rows only (q̇⁺ = q̇⁻ + W·Jᵀ·P with W = T⁻¹ − T⁻¹Aᵀ(A·T⁻¹·Aᵀ)⁻¹A·T⁻¹), so the rows still
hold after it, the energy an impact takes is ½·(1 − e²)·(J·q̇⁻)²/(J·W·Jᵀ) (the effective mass
along the rows), and resting on the floor keeps them too; E + Eloss stays E₀."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from sim_helpers import simulation as shipped

from game.model import read_model
from game.physics import Simulation

from .test_contacts import impacts, watched

#: a slider (x, y) tied to a cart z by x − y + z/2 = 0, falling on the floor y = r: the impulse
#: of the floor moves all three (the cart too), and T is not a multiple of the identity
TIED = """<GENERAL>
escala=100
dt=0.01
N=10
nQ=3
</GENERAL>
<PARAMETERS>
<P>g|9.81|gravedad</P>
<P>m|1|masa</P>
<P>M|3|carro</P>
<P>r|0.1|radio</P>
<P>e|{e}|restitución</P>
</PARAMETERS>
<CIs>
<CI>x|1|x</CI>
<CI>y|1|altura</CI>
<CI>z|0|carro</CI>
<CI>vx|0.4|vx</CI>
<CI>vy|0|vy</CI>
<CI>vz|-0.8|vz</CI>
</CIs>
<TMATRIX>
<T>0,0|'m'</T>
<T>1,1|'m'</T>
<T>2,2|'M'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·m·(vx² + vy²) + ½·M·vz²</Ek>
<Ep>m·g·y</Ep>
</ENERGIES>
<CONSTRAINTS>
<C>guia|'x - y + z/2'|la guía</C>
</CONSTRAINTS>
<CONTACTS>
<K>piso|'y - r'|'e'|'0'|'0'|el piso</K>
</CONTACTS>
<GRAPHICS>
<G>C|bola|r|'x'|'y'|'vx'|'vy'|1|-1|1</G>
</GRAPHICS>
"""


def tied(write_model, e: str = "0.7") -> Simulation:
    return watched(Simulation(read_model(write_model(TIED.format(e=e)))))


def bead() -> Simulation:
    return watched(shipped("ejercicios/cuenta_recta_rebota"))


def run(sim: Simulation, seconds: float, watch=None) -> None:
    for _ in range(round(seconds / sim.model.general.dt)):
        sim.step()
        if watch is not None:
            watch(sim)


def test_a_bead_on_a_wire_leaves_the_floor_with_e_times_its_speed_along_the_wire():
    sim = bead()
    run(sim, 1.2)
    first = impacts(sim)[0]
    e = 0.8
    # it came down the wire y = x and leaves up it: q̇⁺ = −e·q̇⁻, so Ek⁺ = e²·Ek⁻
    assert np.allclose(first.after, -e * first.before, rtol=0, atol=1e-12)
    before = 0.5 * float(first.before @ first.before)
    assert abs(first.loss - (1 - e * e) * before) < 1e-9 * before


def test_the_wire_holds_and_e_plus_eloss_is_kept_through_the_bounces_and_at_rest():
    sim = bead()
    e0 = sim.energy
    worst = {"x": 0.0, "v": 0.0, "balance": 0.0}

    def watch(s: Simulation) -> None:
        q, v = s.q, s.qdot
        worst["x"] = max(worst["x"], abs(q[0] - q[1]))
        worst["v"] = max(worst["v"], abs(v[0] - v[1]))
        worst["balance"] = max(worst["balance"], abs(s.energy + s.losses - e0))

    run(sim, 10.0, watch)
    assert len(impacts(sim)) > 5 and sim.losses > 0.9 * (e0 - sim.energy)
    assert worst["x"] <= 1e-10 and worst["v"] <= 1e-10
    assert worst["balance"] <= 1e-9
    # it ends resting on the floor at the foot of the wire
    assert abs(sim.q[1] - 0.05) < 1e-9 and np.all(np.abs(sim.qdot) < 1e-9)


def compliance(T: np.ndarray, A: np.ndarray) -> np.ndarray:
    Ti = np.linalg.inv(T)
    return Ti - Ti @ A.T @ np.linalg.solve(A @ Ti @ A.T, A @ Ti)


def test_an_impact_on_a_tied_system_takes_the_energy_of_its_effective_mass_along_the_rows(write_model):
    e = 0.7
    sim = tied(write_model, str(e))
    A = np.array([[1.0, -1.0, 0.5]])
    J = np.array([0.0, 1.0, 0.0])
    T = np.diag([1.0, 1.0, 3.0])
    run(sim, 1.0)
    first = impacts(sim)[0]
    v, w = first.before, first.after
    W = compliance(T, A)
    assert abs(float(A[0] @ v)) < 1e-12 and abs(float(A[0] @ w)) < 1e-12  # on the rows before and after
    assert abs(float(J @ w) + e * float(J @ v)) < 1e-12  # the floor's rate reversed, times e
    assert np.allclose(w - v, W @ J * ((w - v)[1] / (W @ J)[1]), rtol=0, atol=1e-12)  # along W·Jᵀ
    expected = 0.5 * (1 - e * e) * float(J @ v) ** 2 / float(J @ W @ J)
    assert abs(first.loss - expected) < 1e-9 * expected
    assert abs(0.5 * float(v @ T @ v) - 0.5 * float(w @ T @ w) - expected) < 1e-9 * expected


def test_a_tied_system_comes_to_rest_on_the_floor_with_the_rows_held(write_model):
    sim = tied(write_model, "0.5")
    e0 = sim.energy
    run(sim, 6.0)
    q, v = sim.q, sim.qdot
    assert abs(q[0] - q[1] + q[2] / 2) < 1e-10 and abs(v[0] - v[1] + v[2] / 2) < 1e-10
    assert abs(q[1] - 0.1) < 1e-9 and abs(v[1]) < 1e-9
    assert abs(sim.energy + sim.losses - e0) < 1e-9


# -- the rows' multipliers with resting contacts (issue 32: λ counts the resting forces' share) --

BEAD = Path(__file__).resolve().parents[4] / "models" / "ejercicios" / "cuenta_recta_rebota.dat"


def test_the_wire_pulls_at_minus_half_the_weight_in_flight_and_not_at_all_at_rest():
    # by hand, with the wire's force λ·(1, −1) (the gradient of x − y): sliding freely,
    # m·ẍ = λ, m·ÿ = −m·g − λ and ẍ = ÿ give λ = −m·g/2; at rest on the floor y = r at the foot of
    # the wire, x says λ = 0 and y gives the floor all the weight, N = m·g
    sim = bead()
    assert abs(sim.reactions()["λ_alambre"] + 9.81 / 2) < 1e-12
    run(sim, 10.0)
    assert abs(sim.q[1] - 0.05) < 1e-9 and np.all(np.abs(sim.qdot) < 1e-9)
    assert abs(sim.reactions()["λ_alambre"]) < 1e-12


def pushed_bead(write_model, push: float) -> Simulation:
    """The bead with a horizontal force F (Ep gets −F·x), starting at rest at the foot of the wire."""
    text = BEAD.read_text(encoding="utf-8")
    text = text.replace("<Ep>m·g·y</Ep>", "<Ep>m·g·y - F·x</Ep>")
    text = text.replace("<PARAMETERS>", f"<PARAMETERS>\n<P>F|{push}|fuerza horizontal</P>")
    text = text.replace("<CI>x|1.5|", "<CI>x|0.05|").replace("<CI>y|1.5|", "<CI>y|0.05|")
    return Simulation(read_model(write_model(text)))


def test_a_bead_pushed_into_the_foot_of_its_wire_reads_the_wires_honest_reaction(write_model):
    # by hand, at rest at the foot with F pushing toward −x: x says F + λ = 0, y says
    # N − m·g − λ = 0, so λ = −F = 2 and the floor pushes N = m·g + 2
    sim = pushed_bead(write_model, -2.0)
    for _ in range(3):
        assert abs(sim.reactions()["λ_alambre"] - 2.0) < 1e-12
        assert np.all(np.abs(sim.qdot) < 1e-12) and abs(sim.q[1] - 0.05) < 1e-12
        sim.step()
    # pushed up the wire harder than its weight pulls down it (F > m·g) it leaves the floor: the
    # wire's force is that of free sliding, m·ẍ = F + λ, m·ÿ = −m·g − λ, ẍ = ÿ: λ = −(m·g + F)/2
    away = pushed_bead(write_model, 12.0)
    away.step()
    assert away.q[1] > 0.05
    assert abs(away.reactions()["λ_alambre"] + (9.81 + 12.0) / 2) < 1e-12


def test_a_tied_system_resting_on_the_floor_reads_no_force_in_its_row(write_model):
    # by hand, with the row's force λ·(1, −1, 1/2) and y held at r: m·ẍ = λ, M·z̈ = λ/2 and
    # ẍ = −z̈/2 give λ = 0 (the floor takes the weight); in flight, with ÿ free too,
    # λ·(2/m + 1/(4·M)) = −g: λ = −9.81·12/25
    sim = tied(write_model, "0.5")
    assert abs(sim.reactions()["λ_guia"] + 9.81 * 12 / 25) < 1e-12
    run(sim, 6.0)
    assert abs(sim.q[1] - 0.1) < 1e-9 and abs(sim.qdot[1]) < 1e-9
    assert abs(sim.reactions()["λ_guia"]) < 1e-12


def test_a_wire_that_tilts_with_t_makes_the_contact_terms_change_with_t(write_model):
    # the bead's wire tilts with t (y = 1 + x·sin t): at the same q and p, the floor's J·W·Jᵀ differs from one t to
    # another, so the contacts must not take the terms of one instant for another's (nothing else
    # in the model depends on t: what is remembered by q and p alone must include the rows)
    text = BEAD.read_text(encoding="utf-8").replace("'x - y'", "'y - 1 - x·sin(t)'")
    sim = Simulation(read_model(write_model(text)))
    contacts = sim.system.contacts
    q, p = [0.3, 0.05], [0.0, 0.0]
    early, late = contacts.rest(0, 0.2, q, p).gnn, contacts.rest(0, 0.9, q, p).gnn
    assert early != late
    assert (early, late) == (contacts.rest(0, 0.2, q, p).gnn, contacts.rest(0, 0.9, q, p).gnn)
