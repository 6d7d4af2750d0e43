"""Mechanisms in natural coordinates (SPEC §7.5) against known results: a Lagrangian twin,
the pendulum's period and tension, four-bar and slider–crank kinematics, conservation,
an independent Gibbs–Appell computation, redundant constraints and dead points."""

from __future__ import annotations

import math

import numpy as np
import pytest
from mechanism_texts import EVERYTHING, free_four_bar, mechanism
from project import MODELS
from sim_helpers import period, simulation

from game.app.cli import main
from game.messages import set_language
from game.model import ModelFileError, load_model
from game.physics import Simulation, SimulationError
from game.physics.mechanism import MechanismSystem
from game.physics.mechanism.gibbs_appell import GibbsAppell


def mechanism_simulation(write_model, text: str, name: str = "m.dat") -> Simulation:
    return Simulation(load_model(write_model(text, name)))


def test_the_mechanism_double_pendulum_moves_as_its_lagrangian_twin():
    # Same dt and N (δ = 1 ms) in (θ, p) and in (x, y) with constraints: two 4th-order
    # approximations of one motion, ~1e-10 apart over 5 s of this chaotic swing.
    twin, mech = simulation("pendulo_doble"), simulation("pendulo_doble_mecanismo")
    assert mech.model.coordinates == ("A_x", "A_y", "B_x", "B_y")
    worst = 0.0
    for _ in range(round(5.0 / twin.model.general.dt)):
        twin.step()
        mech.step()
        (a1, a2), (w1, w2) = twin.q, twin.qdot
        bobs = [math.sin(a1), -math.cos(a1), math.sin(a1) + math.sin(a2), -math.cos(a1) - math.cos(a2)]
        speeds = [w1 * math.cos(a1), w1 * math.sin(a1), w1 * math.cos(a1) + w2 * math.cos(a2),
                  w1 * math.sin(a1) + w2 * math.sin(a2)]
        worst = max(worst, float(np.max(np.abs(mech.q - bobs))), float(np.max(np.abs(mech.qdot - speeds))))
    assert mech.t == pytest.approx(5.0)
    assert worst < 1e-8
    assert abs(twin.q[0] - math.pi / 2) > 1  # it swung


def test_simple_pendulum_period_and_rod_tension():
    # Point mass 1 on a massless bar of length 1 from a pivot at (0, 1), released horizontal:
    # T = 4·K(sin 45°)·sqrt(l/g) = 2.36784 s.
    sim = simulation("pendulo_mecanismo")
    m, g, l = (sim.parameters[k] for k in ("m", "g", "l"))
    ts, xs, vs, worst_formula, worst_energy = [], [], [], 0.0, 0.0
    for _ in range(round(7.0 / sim.model.general.dt)):  # three upward crossings of x = 0
        sim.step()
        x, y = sim.q
        vx, vy = sim.qdot
        tension = sim.reactions()["λ_barra"]
        cos = (l - y) / l  # the angle from the downward vertical through the pivot (0, l)
        # λ against m·(g·cosθ + l·θ̇²) at the same state: only round-off between them
        worst_formula = max(worst_formula, abs(tension - m * (g * cos + (vx**2 + vy**2) / l)) / (m * g))
        if cos > 0.05:  # released horizontal, energy gives θ̇² = 2g·cosθ/l: λ = 3·m·g·cosθ
            worst_energy = max(worst_energy, abs(tension / (3 * m * g * cos) - 1))
        ts.append(sim.t)
        xs.append(x)
        vs.append(vx)
    assert worst_formula < 1e-9
    assert worst_energy < 1e-6
    assert period(np.array(ts), np.array(xs), np.array(vs)) == pytest.approx(2.36784, abs=1e-4)


def test_rod_tension_at_the_bottom_is_three_weights():
    # the bob passing the bottom with the speed a release from horizontal gives it
    sim = simulation("pendulo_mecanismo", P_x="0", P_y="0", P_vx="sqrt(2·g·l)")
    m, g = sim.parameters["m"], sim.parameters["g"]
    assert sim.reactions()["λ_barra"] == pytest.approx(3 * m * g, rel=1e-6)


def _rocker_and_transmission(q) -> tuple[float, float]:
    """The rocker's angle at O4 from the direction O2→O4 (+x), and the angle between coupler
    and rocker at B, in degrees."""
    a, b, o4 = q[:2], q[2:], np.array([40.0, 0.0])
    rocker = math.degrees(math.atan2(b[1] - o4[1], b[0] - o4[0]))
    u, w = a - b, o4 - b
    return rocker, math.degrees(math.acos(u @ w / np.linalg.norm(u) / np.linalg.norm(w)))


def _peak(values: list[float], k: int) -> float:
    """The extremum of the parabola through three samples around index k."""
    y0, y1, y2 = values[k - 1], values[k], values[k + 1]
    return y1 - (y2 - y0) ** 2 / (8 * (y2 - 2 * y1 + y0))


def test_four_bar_crank_rocker_swing_and_transmission_angle():
    sim = simulation("cuadrilatero")  # ground 40, crank 10, coupler 35, rocker 30, open assembly
    assert _rocker_and_transmission(sim.q)[1] == pytest.approx(54.315, abs=0.01)
    omega = sim.parameters["w"]
    rockers = [_rocker_and_transmission(sim.q)[0]]
    for _ in range(round(2 * math.pi / omega / sim.model.general.dt) + 2):  # a whole turn of the crank
        sim.step()
        crank = math.atan2(sim.q[1], sim.q[0])
        assert math.cos(crank - omega * sim.t) == pytest.approx(1.0, abs=1e-12)  # the motor's angle, exactly
        rockers.append(_rocker_and_transmission(sim.q)[0])
    lo, hi = int(np.argmin(rockers)), int(np.argmax(rockers))
    # extremes: crank and coupler in line, |O2B| = 35 ∓ 10 (law of cosines)
    assert _peak(rockers, lo) == pytest.approx(101.415, abs=0.01)
    assert _peak(rockers, hi) == pytest.approx(141.375, abs=0.01)


def test_slider_crank_position_velocity_and_acceleration():
    # r = 1, l = 3, crank at ω = π/2 from θ = 0: 90° at t = 1, 180° at t = 2. A driven mechanism has
    # no freedom left: positions are projected exactly each step and accelerations are kinematic.
    sim = simulation("biela_manivela")
    assert isinstance(sim.system, MechanismSystem)
    omega = sim.parameters["w"]
    x = lambda: (sim.q[2], sim.qdot[2], sim.system.accelerations(sim.t, sim.q, sim.qdot)[0][2])
    pos, vel, acc = x()
    assert pos == pytest.approx(4.0, abs=1e-9)
    assert acc / omega**2 == pytest.approx(-4 / 3, abs=1e-9)
    sim.step(100)
    pos, vel, acc = x()
    assert sim.t == pytest.approx(1.0)
    assert pos == pytest.approx(math.sqrt(8), abs=1e-9)
    assert vel / omega == pytest.approx(-1.0, abs=1e-9)
    sim.step(100)
    pos, vel, acc = x()
    assert pos == pytest.approx(2.0, abs=1e-9)
    assert acc / omega**2 == pytest.approx(2 / 3, abs=1e-9)
    assert abs(sim.q[3]) < 1e-12  # the piston stays on its guide


def test_a_free_four_bar_keeps_its_constraints_and_energy_for_a_minute(write_model):
    # dt = 0.02 s, N = 3 (δ = 6.7 ms): RK4's energy error is ~1e-9 here (4e-11 at N = 4, 2e-8 at N = 2);
    # the projections keep Φ at round-off
    sim = mechanism_simulation(write_model, free_four_bar("0.02", "3"))
    assert not sim.does_work
    e0 = sim.energy
    fastest = 0.0
    for _ in range(60):
        sim.step(round(1 / 0.02))
        fastest = max(fastest, float(np.max(np.abs(sim.qdot))))
    assert sim.t == pytest.approx(60.0)
    assert float(np.max(np.abs(sim.system.constraint_values(sim.q, sim.t)))) < 1e-9
    assert abs(sim.energy - e0) / abs(e0) < 1e-7
    assert fastest > 10  # it swung (lengths of tens, speeds of tens per second)


def test_gibbs_appell_agrees_with_the_multipliers_at_a_thousand_admissible_states(write_model):
    # two independent derivations (the engine's trees, mass matrix and KKT solve; Gauss's principle
    # element by element, Gauss–Jordan for the admissible set): they meet to round-off
    models = [load_model(write_model(EVERYTHING, "todo.dat"))] + [
        load_model(MODELS / f"{stem}.dat") for stem in ("pendulo_doble_mecanismo", "biela_manivela",
                                                         "paralelogramo", "watt")]
    rng = np.random.default_rng(7)
    worst, count = 0.0, 0
    for model in models:
        sim = Simulation(model)
        system = sim.system
        assert isinstance(system, MechanismSystem)
        gibbs_appell = GibbsAppell(model, sim.parameters)
        for _ in range(200):
            t = float(rng.uniform(0, 5))
            q = system.assemble(sim.q + rng.normal(0, 0.01 * system.size, system.n), t)
            v = system.admissible_velocities(q, rng.normal(0, 2, system.n), t)
            engine, _ = system.accelerations(t, q, v)
            appell = gibbs_appell.accelerations(t, q, v)
            worst = max(worst, float(np.max(np.abs(engine - appell))) / max(1.0, float(np.max(np.abs(appell)))))
            count += 1
    assert count == 1000
    assert worst < 1e-10


def test_every_row_kind_moves_with_its_work_accounted(write_model):
    # motor, damper and force do work: E − W − E₀ stays at integration error
    sim = mechanism_simulation(write_model, EVERYTHING)
    assert sim.does_work
    assert "λ_collar" in sim.sample_names() and sim.sample_names()[-1] == "W"
    sim.step(300)
    assert abs(sim.work) > 0.05
    assert sim.de < 1e-8 * abs(sim.e0)
    assert float(np.max(np.abs(sim.system.constraint_values(sim.q, sim.t)))) < 1e-10


def test_redundant_parallelogram_moves_and_shares_its_load():
    sim = simulation("paralelogramo")
    system = sim.system
    assert isinstance(system, MechanismSystem)
    assert (system.m, system.rank) == (6, 5)  # three cranks where two would do
    shape = sim.q[2:4] - sim.q[:2], sim.q[4:6] - sim.q[:2]
    turned, before = 0.0, math.atan2(sim.q[1], sim.q[0])
    for _ in range(300):
        sim.step()
        now = math.atan2(sim.q[1], sim.q[0])
        turned += (now - before + math.pi) % (2 * math.pi) - math.pi
        before = now
    assert abs(turned) > 2 * math.pi  # whole turns, through the positions where two cranks would lock
    assert np.allclose(sim.q[2:4] - sim.q[:2], shape[0], atol=1e-9)  # the plate translates
    assert np.allclose(sim.q[4:6] - sim.q[:2], shape[1], atol=1e-9)
    assert sim.de < 1e-8 * abs(sim.e0)
    forces = sim.reactions()
    cranks = [forces[f"λ_manivela{i}"] for i in (1, 2, 3)]
    assert max(cranks) - min(cranks) < 1e-9 * max(abs(c) for c in cranks)  # least norm: shared evenly
    assert all(abs(forces[f"λ_placa{p}"]) < 1e-9 for p in ("12", "23", "31"))


DOUBLE_ROCKER = """<POINT>O2|0|0|0|0|1</POINT>
<POINT>O4|3|0|0|0|1</POINT>
<POINT>A|1|0</POINT>
<POINT>B|2|sqrt(1.2² - 1)</POINT>
<BAR>manivela|O2|A|1</BAR>
<BAR>biela|A|B|1</BAR>
<BAR>balancin|O4|B|1</BAR>
<DRIVER>motor|O2|A|'t'</DRIVER>"""


def test_a_motor_driving_past_a_dead_point_is_stopped_and_reported(write_model):
    # coupler and rocker (1.2 + 1.2) reach full stretch when |O4A| = 2.4: crank angle acos(0.7067) = 0.785
    sim = mechanism_simulation(write_model, mechanism(DOUBLE_ROCKER))
    with pytest.raises(SimulationError, match="singular configuration") as caught:
        for _ in range(200):
            sim.step()  # one step at a time, as the window does
    assert 0.77 < sim.t < 0.786  # the last good state is kept, and the error names it
    assert caught.value.t == sim.t and caught.value.values["B_x"] == sim.q[2]
    assert float(np.max(np.abs(sim.system.constraint_values(sim.q, sim.t)))) < 1e-9


def test_a_dead_point_is_told_in_the_language_of_the_moment(write_model, spanish):
    sim = mechanism_simulation(write_model, mechanism(DOUBLE_ROCKER))
    with pytest.raises(SimulationError) as caught:
        for _ in range(200):
            sim.step()
    error = caught.value
    assert error.why.key.startswith("mechanism.singular")  # the reason is a catalogue message
    assert error.reason.startswith("configuración singular: las ligaduras ya no ")
    assert error.reason.endswith("(un punto muerto, donde las barras se alinean)")
    assert str(error).startswith(f"{error.reason} en t={sim.t:.6g} (A_x=")
    set_language("en")  # the same error, read again in English
    assert error.reason.startswith("singular configuration: the constraints ")


#: the simple pendulum of the library pulled sideways by a force that grows as exp(exp(10·t))
BLOWING_UP = (MODELS / "pendulo_mecanismo.dat").read_text(encoding="utf-8").replace(
    "<MASS>bola|P|m|0.1</MASS>", "<MASS>bola|P|m|0.1</MASS>\n<FORCE>P|'exp(exp(t·10))'|'0'</FORCE>")


@pytest.mark.parametrize("language, start", [
    ("en", "the motion diverged within one step: a force, a spring or a driver is too strong or changes too fast"),
    ("es", "el movimiento divergió dentro de un paso: una fuerza, un resorte o un motor es demasiado fuerte"),
])
def test_a_force_that_blows_up_is_not_called_a_dead_point(write_model, language, start):
    # one bar can never be at a dead point; a force of 1e7 at t = 0.28 s throws the bob far off its
    # circle within one step, and the step's failure said "singular configuration … a dead point"
    sim = mechanism_simulation(write_model, BLOWING_UP)
    with pytest.raises(SimulationError) as caught:
        for _ in range(100):
            sim.step()
    error = caught.value
    set_language(language)
    try:
        assert error.why.key == "mechanism.ran_away" and error.reason.startswith(start)
        assert "punto muerto, donde" not in str(error) and "dead point, where" not in str(error)
    finally:
        set_language("en")
    assert 0.2 < error.t == sim.t < 0.3 and np.all(np.isfinite(sim.q))  # the last good state is kept


def test_a_failure_lists_eight_values_and_keeps_them_all():
    values = {f"P{k}_x": float(k) for k in range(200)}
    error = SimulationError("the motion stopped", 1.5, values)
    assert str(error) == ("the motion stopped at t=1.5 (P0_x=0, P1_x=1, P2_x=2, P3_x=3, P4_x=4, P5_x=5, P6_x=6, "
                          "P7_x=7, …)")
    assert error.values == values  # all of them, for whoever needs them
    few = SimulationError("the motion stopped", 1.5, {"x": 1.0, "vx": 2.0})
    assert str(few) == "the motion stopped at t=1.5 (x=1, vx=2)"


def test_a_dead_point_of_a_big_mechanism_says_a_line_not_its_whole_state(write_model):
    # the double rocker driven past its dead point, with 25 loose balls besides: the message used
    # to list all 112 coordinates and velocities on one line; now the first 8
    balls = "\n".join(f"<POINT>Q{k}|{k}|5|0|0</POINT>\n<MASS>b{k}|Q{k}|1</MASS>" for k in range(25))
    sim = mechanism_simulation(write_model, mechanism(DOUBLE_ROCKER + "\n" + balls))
    with pytest.raises(SimulationError) as caught:
        for _ in range(200):
            sim.step()
    error = caught.value
    assert error.why.key.startswith("mechanism.singular") and 0.77 < error.t < 0.786
    assert str(error).count("=") == 1 + 8 and str(error).endswith(", B_y=0.427934, Q0_x=0, Q0_y=5, Q1_x=1, Q1_y=5, …)")
    assert len(error.values) == 2 * sim.system.n == 108


def test_a_start_no_way_can_assemble_is_still_refused(write_model, capsys):
    # typed conditions out of all numbers: none of the three ways assembles them
    system = simulation("cuadrilatero").system
    with pytest.raises(SimulationError) as caught:
        system.state(np.array([1e300, 0, 30, 28]), np.zeros(4))
    assert caught.value.why.key == "mechanism.unmet"
    # `simulate` says so at the mechanism's block
    assert main(["simulate", "cuadrilatero", "--seconds", "0.1", "--set", "A_x=1e300"]) == 2
    err = capsys.readouterr().err
    assert "cuadrilatero.dat:27:1: the model cannot start: the constraints cannot all be met" in err
    # a motor set (by a parameter) where the crank cannot turn: said at the motor's row
    rows = DOUBLE_ROCKER.replace("'t'", "'th'")
    path = write_model(mechanism(rows, parameters="<P>th|0|ángulo</P>"))
    assert main(["simulate", str(path), "--seconds", "0.1", "--set", "th=pi"]) == 2
    err = capsys.readouterr().err
    assert f"{path}:16:9: the initial points cannot be assembled" in err
    assert "DRIVER motor is the one furthest from being met" in err


def test_a_mechanism_that_cannot_be_assembled_is_refused_where_it_fails(write_model):
    rows = DOUBLE_ROCKER.replace("'t'", "'pi'")  # the crank pointing away: |O4A| = 4 > 2.4
    path = write_model(mechanism(rows))
    with pytest.raises(ModelFileError) as caught:
        Simulation(load_model(path))
    problem = caught.value.problems[0]
    assert "the initial points cannot be assembled" in problem.message
    assert "DRIVER motor is the one furthest from being met" in problem.message
    assert (problem.location.line, problem.location.column) == (16, 9)  # the motor's row, at its id


@pytest.mark.parametrize("far", [
    "<POINT>Z|1e10|0|0|0|1</POINT>",  # a fixed point that no row uses
    "<POINT>Z|-3e12|5e11</POINT>\n<MASS>lejos|Z|2|0.1</MASS>",  # a point mass falling on its own, far away
])
def test_a_far_point_no_bar_joins_changes_nothing_of_the_rest(write_model, far):
    # Tolerances go with the size of what the bars join: a far point that no constraint holds
    # once made every bar "of zero length" (1e-9 × its distance) and loosened the assembly.
    # The pendulum must move exactly as without it: nothing it does depends on that point.
    pendulum = (MODELS / "pendulo_mecanismo.dat").read_text(encoding="utf-8")
    alone = mechanism_simulation(write_model, pendulum, "solo.dat")
    text = pendulum.replace("<BAR>barra", f"{far}\n<BAR>barra")
    assert main(["check", str(write_model(text, "lejos.dat"))]) == 0
    with_far = mechanism_simulation(write_model, text, "lejos.dat")
    assert isinstance(with_far.system, MechanismSystem) and with_far.system.size == alone.system.size == 1.0
    for _ in range(200):  # 2 s
        alone.step()
        with_far.step()
    assert np.array_equal(with_far.q[:2], alone.q) and np.array_equal(with_far.qdot[:2], alone.qdot)
    x, y = alone.q
    assert math.hypot(x, y - 1) == pytest.approx(1.0, abs=1e-12)  # the bar kept its length
    assert abs(x) > 0.1  # it swung


def test_a_bar_of_zero_length_far_from_the_origin_is_still_told(write_model):
    rows = ("<POINT>O|1e10|0|0|0|1</POINT>\n<POINT>P|1e10|0</POINT>\n<BAR>barra|O|P|0|0|0.05</BAR>\n"
            "<MASS>bola|P|1|0.1</MASS>")
    with pytest.raises(ModelFileError) as caught:
        mechanism_simulation(write_model, mechanism(rows))
    assert "BAR barra has zero length" in str(caught.value.problems[0].message)


def test_a_csv_row_solves_for_the_accelerations_once(monkeypatch):
    # simulate --accelerations asks for the reactions (λ, in the step's sample), q̈ and Appell's S of
    # each row: one solve
    sim = simulation("paralelogramo")
    system = sim.system
    calls = []
    solve = system.accelerations
    monkeypatch.setattr(system, "accelerations", lambda *args: calls.append(args) or solve(*args))
    for steps in (1, 2):
        sim.step()
        acc = system.accelerations_of(sim.state)
        S = system.appell(sim.state)
        assert len(calls) == steps
    assert np.array_equal(acc, solve(sim.t, sim.q, sim.qdot)[0])
    assert float(acc @ system.mass @ acc) / 2 == S
    assert np.array_equal(system.multipliers(sim.state), solve(sim.t, sim.q, sim.qdot)[1])
