"""Constraints with multipliers in Lagrangian models (SPEC §7.8), against closed forms: the shipped
models' tensions, normal forces and accelerations, energy kept where the rows do no work, the rows
kept along the motion, redundant rows, and a start off the constraints assembled."""

from __future__ import annotations

import math

import numpy as np
import pytest
from project import MODELS
from sim_helpers import simulation

from game.model import read_model
from game.physics import Simulation


def run(sim: Simulation, seconds: float, each=None) -> None:
    for _ in range(round(seconds / sim.model.general.dt)):
        sim.step()
        if each is not None:
            each(sim)


def test_atwood_tension_is_2_m1_m2_g_over_m1_plus_m2():
    sim = simulation("maquina_atwood")
    m1, m2, g = (sim.parameters[k] for k in ("m1", "m2", "g"))
    tension = 2 * m1 * m2 * g / (m1 + m2)
    seen = []
    run(sim, 3.0, lambda s: seen.append(s.reactions()["λ_T"]))
    assert max(abs(t - tension) for t in seen) < 1e-9
    names = sim.sample_names()
    assert names[names.index("DE") + 1] == "λ_T"  # the multiplier's column right after DE
    assert abs(sim.q.sum() - sim.parameters["L"]) < 1e-12 and sim.de < 1e-9


@pytest.mark.parametrize("stem", ["disco_rodando", "ejercicios/disco_rodando_ligadura"])
def test_a_disc_rolls_down_the_incline_with_g_sin_alpha_over_1_plus_I_over_m_r2(stem):
    sim = simulation(stem)
    p = sim.parameters
    a = p["g"] * math.sin(p["alfa"]) / (1 + p["I"] / (p["m"] * p["r"] ** 2))
    worst = [0.0, 0.0]

    def watch(s: Simulation) -> None:
        vx, w = s.qdot
        worst[0] = max(worst[0], abs(vx - p["r"] * w))
        worst[1] = max(worst[1], abs(s.system.accelerations(s.state)[0] - a))

    run(sim, 10.0, watch)
    assert worst[0] <= 1e-10 and worst[1] < 1e-9
    v0 = float(sim.user_qdot[0])
    assert abs(sim.q[0] - (v0 * sim.t + 0.5 * a * sim.t ** 2)) < 1e-9
    # the friction that makes it roll, up the plane (both rows have A = (1, −r)): m·a = m·g·sin α + λ
    assert abs(sim.reactions()["λ_roce"] + p["I"] * a / p["r"] ** 2) < 1e-9


def test_the_chaplygin_sleigh_keeps_its_energy_and_its_blade():
    sim = simulation("ejercicios/trineo_chaplygin")
    e0 = sim.energy
    worst = [0.0]

    def watch(s: Simulation) -> None:
        vx, vy, _ = s.qdot
        th = s.q[2]
        worst[0] = max(worst[0], abs(vy * math.cos(th) - vx * math.sin(th)))

    run(sim, 10.0, watch)
    assert abs(sim.energy - e0) < 1e-9 and sim.de < 1e-9 and worst[0] < 1e-10
    assert not sim.does_work  # a blade that does no work: no W column


def test_a_knife_edge_on_an_incline_follows_its_closed_form():
    # θ = ω·t, x = (g·sin α / 2ω²)·sin²(ωt), y = (g·sin α / 2ω²)·(ωt − ½·sin 2ωt)
    sim = simulation("ejercicios/filo_cuchillo")
    p = sim.parameters
    w = float(sim.qdot[2])
    k = p["g"] * math.sin(p["alfa"]) / (2 * w * w)
    run(sim, 5.0)
    t = sim.t
    x, y, th = sim.q
    assert abs(th - w * t) < 1e-9
    assert abs(x - k * math.sin(w * t) ** 2) < 1e-9 and abs(y - k * (w * t - 0.5 * math.sin(2 * w * t))) < 1e-9


def test_a_bead_on_a_turning_hoop_feels_its_normal_force_and_keeps_its_jacobi_integral():
    sim = simulation("ejercicios/cuenta_aro_giratorio")
    p = sim.parameters
    assert sim.system.jacobi  # Ek has ½·m·ω²·r²·sin²a: no t, so h is what is kept
    run(sim, 5.0)
    r, a = sim.q
    _, va = sim.qdot
    normal = p["m"] * (r * va ** 2 + p["w"] ** 2 * r * math.sin(a) ** 2 + p["g"] * math.cos(a))
    assert abs(sim.reactions()["λ_N"] - normal) < 1e-9
    assert abs(r - p["R"]) < 1e-12 and sim.de < 1e-9 and not sim.too_coarse


def test_the_25_28_system_keeps_its_row_and_energy():
    sim = simulation("ejercicios/ligadura_no_holonoma")
    run(sim, 10.0)
    x, _, _ = sim.q
    _, vy, vz = sim.qdot
    assert abs(vz - x * vy) < 1e-10 and sim.de < 1e-8


def atwood_text(rows: str, y2: str = "1.2") -> str:
    text = (MODELS / "maquina_atwood.dat").read_text(encoding="utf-8")
    start = text.index("<CONSTRAINTS>")
    end = text.index("</CONSTRAINTS>") + len("</CONSTRAINTS>")
    text = text[:start] + f"<CONSTRAINTS>\n{rows}\n</CONSTRAINTS>" + text[end:]
    return text.replace("<CI>y2|1.2|", f"<CI>y2|{y2}|")


def test_redundant_rows_share_the_load_and_leave_the_motion_alone(write_model):
    one = simulation("maquina_atwood")
    two = Simulation(read_model(write_model(atwood_text(
        "<C>T|'L - y1 - y2'|cuerda</C>\n<C>U|'2·(L - y1 - y2)'|la misma, otra vez</C>"))))
    assert (two.system.m, two.system.rank) == (2, 1)
    run(one, 1.0)
    run(two, 1.0)
    assert np.allclose(one.q, two.q, atol=1e-12, rtol=0)
    lam = two.reactions()
    # least norm: λ_T + 2·λ_U = the tension, λ_U = 2·λ_T
    assert abs(lam["λ_T"] + 2 * lam["λ_U"] - one.reactions()["λ_T"]) < 1e-9 and abs(lam["λ_U"] - 2 * lam["λ_T"]) < 1e-9


def test_a_start_off_the_constraints_is_assembled_to_the_nearest_valid_one(write_model):
    sim = Simulation(read_model(write_model(atwood_text("<C>T|'L - y1 - y2'|cuerda</C>", y2="1.6"))))
    # y1 + y2 = 3.4 for L = 3: both move by 0.2, the nearest point of the line
    assert np.allclose(sim.q, [1.6, 1.4], atol=1e-12, rtol=0)
    sim.set_conditions([2.0, 2.0], [1.0, 0.0])  # a drag, a typed condition: the same
    assert np.allclose(sim.q, [1.5, 1.5], atol=1e-12, rtol=0) and np.allclose(sim.qdot, [0.5, -0.5], atol=1e-12)


@pytest.mark.parametrize("stem", ["maquina_atwood", "disco_rodando", "ejercicios/trineo_chaplygin",
                                  "ejercicios/cuenta_aro_giratorio"])
def test_the_quick_check_after_a_step_never_skips_a_projection_the_rows_need(stem):
    """``kept`` (generated code, most steps) says a state needs nothing only where ``project``
    would leave it as it is: states pushed off the rows by up to 1e-12 (and not at all)."""
    sim = simulation(stem)
    rows = sim.system.rows
    rng = np.random.default_rng(7)
    kept = needed = 0
    for k in range(400):
        run(sim, 0.01)
        q, qdot = sim.q.copy(), sim.qdot.copy()
        push = 10.0 ** rng.uniform(-17, -12) * rng.standard_normal(len(q))
        qdot = qdot + push * (k % 2)
        q = q + push * (1 - k % 2) * (k % 4 == 0)
        p = sim.system.code.momenta.scalar(sim.t, *q.tolist(), *qdot.tolist())
        if rows.kept(sim.t, q.tolist(), list(p)):
            kept += 1
            assert rows.project(q, qdot, sim.t) is None
        else:
            needed += 1
    assert kept > 50 and needed > 10


def test_constant_pivots_are_worked_out_once_not_at_every_substep():
    source = simulation("maquina_atwood").system.source
    rhs = source[source.index("def rhs"):source.index("def advance")]
    assert "pivot = 1.0" in rhs and "f_lowest" not in rhs


@pytest.mark.parametrize("stem", ["maquina_atwood", "disco_rodando"])
def test_a_constant_multiplier_is_worked_out_once_not_at_every_substep(stem):
    """Constant masses and weights: λ and the forces it makes are numbers in rhs (no solve of
    A·T⁻¹·Aᵀ per call), and they are the multipliers the motion shows."""
    sim = simulation(stem)
    source = sim.system.source
    rhs = source[source.index("def rhs"):source.index("def advance")]
    assert "gr0" not in rhs and "lx0" not in rhs and "lam0" not in rhs
    body = [line.strip() for line in rhs.splitlines()[1:-1]]
    assert len(body) <= 12, rhs
