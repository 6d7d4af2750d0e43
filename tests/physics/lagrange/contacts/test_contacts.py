"""Contacts (SPEC §7.3) against results known in closed form: bounces, exchanges of
velocity, Newton's cradle, a pendulum against a wall, friction at an impact and while
sliding, and no tunnelling. Each number is the one issue 10 names."""

from __future__ import annotations

import math

import numpy as np
import pytest
from model_texts import THIN_WALL, cradle, one_coordinate
from project import MODELS, ROOT
from sim_helpers import simulation as shipped

from game.model import read_catalog, read_model
from game.physics import Simulation

G = 9.81
H = 1.0


class ImpactLog:
    """An observer keeping every impact of a simulation (each step's ``sim.impacts``)."""

    def __init__(self, sim: Simulation):
        self.impacts: list = []
        sim.observers.append(self)

    def on_step(self, sim: Simulation) -> None:
        self.impacts += sim.impacts

    def on_break(self, sim: Simulation) -> None:
        self.impacts.clear()


def watched(sim: Simulation) -> Simulation:
    sim.log = ImpactLog(sim)  # type: ignore[attr-defined]
    return sim


def impacts(sim: Simulation):
    """The impacts so far, oldest first."""
    return sim.log.impacts  # type: ignore[attr-defined]


def simulation(stem: str, **settings: str) -> Simulation:
    return watched(shipped(stem, **settings))


def vertical_ball(**settings: str) -> Simulation:
    # the shipped ball, dropped straight down from a gap of h = 1 above the floor
    return simulation("pelota", x="0", vx="0", **settings)


def with_contacts() -> list[str]:
    """The shipped models with contacts, found by reading the files."""
    return [e.stem for e in read_catalog(ROOT / "models.xml", MODELS).entries if read_model(e.path).contacts]


@pytest.mark.parametrize("stem", with_contacts())
def test_energy_lost_in_contacts_balances_every_shipped_model(stem):
    # E − W − E₀ + Eloss stays at integration error through impacts, resting and sliding
    sim = shipped(stem)
    sim.step(round(2.5 / sim.model.general.dt))
    assert sim.de / abs(sim.e0) < 1e-7
    assert sim.losses >= -1e-12 * abs(sim.e0)


# -- a ball bouncing on the floor -------------------------------------------------------------------


def test_first_impact_instant_and_speed():
    sim = vertical_ball()
    sim.step(25)  # 0.5 s: one impact
    (first,) = impacts(sim)
    # free fall is a polynomial of degree 2: RK4 follows it exactly, so only the location's
    # tolerance (1e-12 s) separates the instant from √(2h/g) = 0.45152 s
    assert first.t == pytest.approx(math.sqrt(2 * H / G), abs=1e-10)
    assert first.t == pytest.approx(0.45152, abs=5e-6)
    assert -first.before[1] == pytest.approx(4.42945, abs=5e-6)
    assert first.after[1] == pytest.approx(0.8 * 4.42945, abs=5e-6)


def test_apex_heights_fall_as_e_to_the_2k_and_the_ball_comes_to_rest_before_the_zeno_time():
    sim = vertical_ball()
    r, e, dt = sim.parameters["r"], sim.parameters["e"], sim.model.general.dt
    rows = []
    for _ in range(300):  # 6 s
        sim.step()
        rows.append((sim.t, sim.q[1] - r, sim.qdot[1], len(impacts(sim))))
    t, gap, vy, count = (np.array(c) for c in zip(*rows))
    # in flight the apex of the present arc is gap + vy²/2g (exact for a parabola)
    for k in range(1, 11):
        in_flight = (count == k) & (gap > 1e-3)
        apex = gap[in_flight] + vy[in_flight] ** 2 / (2 * G)
        assert apex.size, f"no step in flight after bounce {k}"
        assert np.allclose(apex, H * e ** (2 * k), rtol=1e-6, atol=0)
    # rest: from some step on the ball lies on the floor, still, with no jitter and not sunk
    moving = np.flatnonzero((gap > 1e-9) | (np.abs(vy) > 1e-9))
    rest = t[moving[-1] + 1]
    zeno = 2 * math.sqrt(2 * H / G) / (1 - e) - math.sqrt(2 * H / G)
    assert zeno == pytest.approx(4.0637, abs=1e-4)
    assert rest <= zeno + dt
    assert np.all(gap >= -1e-9)
    assert t[-1] - rest > 1.5  # and it stayed there for seconds


def test_elastic_bounces_keep_the_energy():
    sim = vertical_ball(e="1")
    e0 = sim.energy
    worst = 0.0
    while len(impacts(sim)) < 100:
        sim.step(5)
        worst = max(worst, abs(sim.energy - e0) / e0)
    assert worst < 1e-8
    assert sim.losses == pytest.approx(0.0, abs=1e-9 * e0)


# -- impacts between bodies ---------------------------------------------------------------------


def head_on(e: str) -> Simulation:
    # the billiard balls on the table's axis, no cloth friction: the white at 2 m/s, the red at −0.5 m/s
    return simulation("billar", mup="0", eb=e, x1="-1", y1="0", vx1="2", vy1="0", x2="0.5", y2="0", vx2="-0.5")


@pytest.mark.parametrize("e, expected", [("1", (-0.5, 2.0)), ("0", (0.75, 0.75))])
def test_two_equal_balls_head_on_exchange_or_move_together(e, expected):
    sim = head_on(e)
    sim.step(40)  # 0.8 s: they meet at t = 0.5 s − 2r/2.5; the cushions are further away
    (hit,) = impacts(sim)
    assert hit.contacts == (0,)
    assert (hit.after[0], hit.after[2]) == pytest.approx(expected, abs=1e-12)
    m = sim.parameters["m"]
    assert m * (hit.after[0] + hit.after[2]) == pytest.approx(m * (hit.before[0] + hit.before[2]), abs=1e-14)
    assert hit.after[1] == hit.after[3] == 0.0
    # and afterwards: each keeps its velocity (e = 0: together, touching)
    assert (sim.qdot[0], sim.qdot[2]) == pytest.approx(expected, abs=1e-12)
    if e == "0":
        gap = sim.q[2] - sim.q[0] - 2 * sim.parameters["r"]
        assert abs(gap) < 1e-9


@pytest.mark.parametrize("balls", [3, 5])
@pytest.mark.parametrize("lifted", [1, 2])
def test_newtons_cradle_sends_out_as_many_balls_as_come_in(write_model, balls, lifted):
    model = read_model(write_model(cradle(balls, lifted)))
    sim = watched(Simulation(model))
    l, g = sim.parameters["l"], sim.parameters["g"]
    incoming = math.sqrt(2 * g * l * (1 - math.cos(math.pi / 6)))  # the lifted balls at the bottom
    sim.step(30)  # 0.6 s: one chain of impacts, at t ≈ 0.51 s
    (chain,) = impacts(sim)
    speeds = np.abs(chain.after) * l
    assert np.all(np.abs(chain.before[:lifted] * l - incoming) < 1e-6)
    assert np.all(np.abs(speeds[-lifted:] - incoming) < 1e-6)  # the last ones leave at that speed
    assert np.all(speeds[:-lifted] < 1e-6 * incoming)  # the others stay
    assert sim.losses == pytest.approx(0.0, abs=1e-12)


def test_the_shipped_cradle_swings_the_last_ball_up_to_the_first_ones_angle():
    sim = simulation("cuna_newton")
    worst = 0.0
    for _ in range(60):  # to t = 1.2 s: the fifth ball is up and on its way back
        sim.step()
        worst = max(worst, sim.q[4])
    # the turning point from energy at any step of the swing (exact for a pendulum)
    theta, omega = sim.q[4], sim.qdot[4]
    l, g = sim.parameters["l"], sim.parameters["g"]
    amplitude = math.acos(math.cos(theta) - l * omega ** 2 / (2 * g))
    assert amplitude == pytest.approx(math.pi / 6, abs=1e-8)
    assert np.all(np.abs(sim.q[:4]) < 1e-6)


def test_pendulum_rebounds_from_the_wall_to_28_955_degrees():
    sim = simulation("pendulo_pared")
    sim.step(60)  # 1.2 s: one impact at the bottom, then the swing back up
    assert len(impacts(sim)) == 1
    theta, omega = sim.q[0], sim.qdot[0]
    l, g = sim.parameters["l"], sim.parameters["g"]
    amplitude = math.degrees(math.acos(math.cos(theta) - l * omega ** 2 / (2 * g)))
    assert amplitude == pytest.approx(28.955, abs=0.01)
    assert amplitude == pytest.approx(math.degrees(math.acos(0.875)), abs=1e-6)


# -- friction ------------------------------------------------------------------------------------


def test_oblique_impact_with_friction_slides_through_the_impact():
    sim = simulation("pelota")  # vx = 2, dropped from h = 1, e = 0.8, mu = 0.2
    sim.step(25)
    (first,) = impacts(sim)
    assert first.before == pytest.approx([2.0, -4.42945], abs=5e-6)
    # |Pt| = mu·Pn with Pn = (1 + e)·4.42945: the slip would need 2, friction gives only 1.59460
    assert first.after == pytest.approx([0.40540, 3.54356], abs=5e-6)


def test_a_block_sliding_on_a_rough_floor_stops_after_v2_over_2_mu_g():
    sim = simulation("bloque_friccion")  # v = 3, mu = 0.3
    v, mu, g = sim.qdot[0], sim.parameters["mu"], sim.parameters["g"]
    x0, y0 = sim.q
    sim.step(75)  # 1.5 s: it stops at v/(mu·g) = 1.02 s
    distance = sim.q[0] - x0
    assert distance == pytest.approx(v ** 2 / (2 * mu * g), rel=0.005)
    assert distance == pytest.approx(v ** 2 / (2 * mu * g), rel=1e-6)  # in fact, to the substep's accuracy
    stopped = sim.q.copy()
    sim.step(50)
    assert np.array_equal(sim.q, stopped) and np.all(sim.qdot == 0.0)  # no creep, no jitter
    assert sim.q[1] == y0
    # the kinetic energy went into the floor: E + Eloss = E₀
    assert sim.losses == pytest.approx(0.5 * sim.parameters["M"] * v ** 2, rel=1e-9)
    assert abs(sim.balance) < 1e-9


def test_kinetic_energy_never_rises_at_an_impact_with_spin_and_friction():
    # the rolling ball of the staircase, thrown with every combination of spin and speed
    for spin in (-60.0, 0.0, 60.0):
        for mu in ("0.1", "2"):
            sim = simulation("escalera", mu=mu, vφ=str(spin), vx="0.3")
            sim.step(40)
            hits = impacts(sim)
            assert hits
            T = np.diag([sim.parameters["m"], sim.parameters["m"], sim.parameters["I"]])
            for hit in hits:
                before, after = hit.before @ T @ hit.before, hit.after @ T @ hit.after
                assert after <= before * (1 + 1e-12)
                assert hit.loss >= -1e-12 * before


# -- no tunnelling ------------------------------------------------------------------------------


def test_a_ball_at_50_m_per_s_does_not_pass_through_a_thin_wall(write_model):
    # one substep per step of 0.02 s: the ball moves 1 m per substep, from x = −0.55 to 0.45
    # across a wall 0.1 thick, so both ends of the substep are outside it; the gap's rate at the
    # start gives it away
    sim = watched(Simulation(read_model(write_model(THIN_WALL))))
    xs = []
    for _ in range(10):
        sim.step()
        xs.append(sim.q[0])
    (hit,) = impacts(sim)
    assert hit.t == pytest.approx((0.55 - 0.1) / 50, abs=1e-12)
    assert max(xs) <= -0.1 + 1e-9
    assert sim.qdot[0] == pytest.approx(-50.0)


@pytest.mark.parametrize("start", [-0.21, -0.22, -0.55, -0.7])
def test_no_start_lets_a_fast_ball_through_the_thin_wall(write_model, start):
    # from −0.21 or −0.22 the first Newton step lands on the wall's face (x = −r, gap 0 to the
    # last bit): the pass-through must still be seen, wherever the substep happens to begin
    sim = watched(Simulation(read_model(write_model(THIN_WALL.replace("<CI>x|-0.55|", f"<CI>x|{start}|")))))
    sim.step(3)
    (hit,) = impacts(sim)
    assert hit.t == pytest.approx((-0.1 - start) / 50, abs=1e-12)
    assert sim.q[0] < -0.1 and sim.qdot[0] == pytest.approx(-50.0)


def test_a_ball_that_turns_back_inside_a_substep_does_not_pass_through(write_model):
    # it starts moving away at 5 m/s and is pushed back at 3,000 m/s²: at the start of the
    # substep the gap opens; it closes at t = (5 + √925)/3000 s at 30.4 m/s, and at the end of
    # the substep (x = 0.3 if nothing stopped it) it opens again: only the end's rate tells
    text = (THIN_WALL.replace("<CI>x|-0.55|", "<CI>x|-0.2|").replace("<CI>vx|50|", "<CI>vx|-5|")
            .replace("<P>r|0.1|radio</P>", "<P>r|0.05|radio</P>\n<P>a|3000|empuje</P>")
            .replace("<Ep>0</Ep>", "<Ep>-m·a·x</Ep>"))
    sim = watched(Simulation(read_model(write_model(text))))
    sim.step()
    (hit,) = impacts(sim)
    assert hit.t == pytest.approx((5 + math.sqrt(925)) / 3000, abs=1e-12)
    assert sim.q[0] <= -0.05 + 1e-9  # on the near side of the wall, not through it


def test_several_impacts_in_one_substep_are_taken_in_time_order(write_model):
    # between two walls 0.3 apart at 50 m/s and one substep of 0.02 s: three or four impacts a substep
    text = THIN_WALL.replace("'max(-x, x - 0.1) - r'", "'x + 0.15 - r'").replace(
        "<CONTACTS>", "<CONTACTS>\n<K>otro|'0.15 - r - x'|'1'|'0'|'0'|the other wall</K>").replace(
        "<CI>x|-0.55|", "<CI>x|0|")
    sim = watched(Simulation(read_model(write_model(text))))
    sim.step(5)
    hits = impacts(sim)
    times = [h.t for h in hits]
    assert times == sorted(times) and len(hits) >= 15
    assert [h.contacts for h in hits] == [(k % 2,) for k in range(len(hits))]  # right (0), left (1), right…
    assert np.all(np.diff(times) == pytest.approx(0.1 / 50, abs=1e-11))
    assert sim.energy == pytest.approx(0.5 * 50 ** 2, rel=1e-12)
    assert abs(sim.q[0]) <= 0.05 + 1e-9


def test_a_fast_ball_stays_in_the_shipped_box():
    sim = simulation("pelota", vx="50", vy="20", e="1", mu="0")
    L, r = sim.parameters["L"], sim.parameters["r"]
    for _ in range(100):
        sim.step()
        assert abs(sim.q[0]) <= L - r + 1e-9 and sim.q[1] >= r - 1e-9


# -- a surface that moves -----------------------------------------------------------------------


def shaker(omega: str) -> str:
    """A ball resting on a platform that moves up and down as A·sin(ω·t) (the gap depends on t)."""
    return one_coordinate(
        "m", "½·m·vx²", "m·g·x", params=f"<P>m|1|masa</P><P>g|9.81|gravedad</P><P>A|0.05|amplitud</P><P>w|{omega}|ω</P>",
        x0="0.1", v0="A·w", dt="0.01", n="10",
        extra="<CONTACTS>\n<K>plataforma|'x - 0.1 - A·sin(w·t)'|'0'|'0'|'0'|</K>\n</CONTACTS>")


def test_a_ball_rides_a_platform_that_accelerates_down_slower_than_g(write_model):
    sim = watched(Simulation(read_model(write_model(shaker("10")))))  # A·ω² = 5 < g
    A, w = sim.parameters["A"], sim.parameters["w"]
    for _ in range(150):
        sim.step()
        assert sim.q[0] == pytest.approx(0.1 + A * math.sin(w * sim.t), abs=1e-9)
    assert impacts(sim) == []
    assert abs(sim.balance) < 1e-9  # the platform's work is in Eloss (negative when it lifts)


def test_a_ball_leaves_a_platform_that_accelerates_down_faster_than_g(write_model):
    sim = watched(Simulation(read_model(write_model(shaker("20")))))  # A·ω² = 20 > g
    A, w, g = sim.parameters["A"], sim.parameters["w"], sim.parameters["g"]
    sim.step(4)  # 0.04 s
    # it rides until the platform's acceleration −A·ω²·sin(ωt) reaches −g, then flies
    t_off = math.asin(g / (A * w * w)) / w
    y_off, v_off = 0.1 + A * math.sin(w * t_off), A * w * math.cos(w * t_off)
    dt = sim.t - t_off
    assert sim.q[0] == pytest.approx(y_off + v_off * dt - 0.5 * g * dt * dt, abs=1e-9)
    assert sim.q[0] - 0.1 - A * math.sin(w * sim.t) > 1e-4  # above the platform


# -- a pile ---------------------------------------------------------------------------------------


def test_balls_falling_into_a_pile_come_to_rest_without_sinking(write_model):
    # four balls of the box, now with weight, restitution 0.5 and friction: they bounce, land on
    # each other and on the floor, and settle; several contacts rest at once (an LCP)
    from game.app.commands.ballbox import ball_box

    text = ball_box(4).replace("<P>g|0|", "<P>g|9.81|").replace("<P>e|1|", "<P>e|0.5|").replace("<P>mu|0|", "<P>mu|0.3|")
    sim = watched(Simulation(read_model(write_model(text))))
    contacts = sim.system.contacts
    for _ in range(150):  # 3 s
        sim.step()
        assert min(contacts.gaps(sim.t, sim.q.tolist())) >= -1e-9
    assert np.max(np.abs(sim.qdot)) < 1e-9  # at rest
    assert abs(sim.balance) < 1e-8 * abs(sim.e0) + 1e-9
    assert len(impacts(sim)) > 10


def test_a_pile_of_frictionless_balls_lies_still_without_events(write_model):
    # three inelastic frictionless balls fall into the box and end on its floor side by side, one
    # against the left wall: the pairs that touch with no normal speed and nothing pressing them
    # (round-off left by the impacts that stopped them) rest with the floor contacts, instead of
    # crossing their gaps by round-off and firing an event in every substep
    from game.app.commands.ballbox import ball_box

    text = ball_box(3).replace("<P>g|0|", "<P>g|9.81|").replace("<P>e|1|", "<P>e|0|")
    sim = watched(Simulation(read_model(write_model(text))))
    sim.step(200)  # 4 s: they have landed and stopped
    contacts, stepper = sim.system.contacts, sim.system.stepper
    ids = [c.id for c in contacts.items]
    gaps = dict(zip(ids, contacts.gaps(sim.t, sim.q.tolist())))
    # on the floor, touching each other (gap ≤ round-off of the touching test), ball 3 at the wall
    assert all(abs(gaps[k]) <= 1e-9 for k in ("abajo1", "abajo2", "abajo3", "izq3", "b1_2", "b1_3"))
    assert np.max(np.abs(sim.qdot)) < 1e-12  # (not creeping into each other at 1e-9 m/s)
    q, e, losses, located = sim.q.copy(), sim.de, sim.losses, stepper.located
    seen = len(impacts(sim))
    sim.step(50)  # 1 s = 500 substeps at rest
    assert stepper.located == located  # no event instant to locate (2 per substep before)
    assert len(impacts(sim)) == seen
    assert np.max(np.abs(sim.q - q)) < 1e-12  # still: no drift into or out of the contacts
    assert np.max(np.abs(sim.qdot)) < 1e-12
    # nothing is gained or lost at rest: the balance and the losses stay where they were
    assert sim.de == pytest.approx(e, abs=1e-12 * abs(sim.e0)) and sim.losses == pytest.approx(losses, abs=1e-12)


#: contacts on the block and pendulum of SLIDING (T not diagonal): a wall the block rubs, a
#: floor under the bob that moves with t and rubs, a frictionless wall on the other side
SLIDING_CONTACTS = """<CONTACTS>
<K>pared|'x + 1'|'0.5'|'0.3'|'vx·cos(a) + va'|</K>
<K>suelo|'l·(1 - cos(a)) + 0.2 + 0.1·sin(t)'|'0'|'0.2'|'vx + l·cos(a)·va'|</K>
<K>otra|'1 - x'|'1'|'0'|'vx'|</K>
</CONTACTS>
"""


def test_one_generated_call_gives_a_set_of_contacts_the_terms_of_their_own_functions(write_model):
    # the terms a pile's resting contacts need come from one generated function for all of
    # them once the same set has been asked for often enough: it must give what each contact's
    # own functions give (friction terms only where there is friction: elsewhere 0)
    from model_texts import SLIDING

    from game.physics.lagrange.contacts.contacts import GROUP_AFTER

    sim = Simulation(read_model(write_model(SLIDING.replace("<GRAPHICS>", SLIDING_CONTACTS + "<GRAPHICS>"))))
    contacts = sim.system.contacts
    every = (0, 1, 2)
    rng = np.random.default_rng(1)
    states = [(0.3 * i, (sim.q + rng.normal(0, 0.3, 2)).tolist(), rng.normal(0, 1, 2).tolist())
              for i in range(GROUP_AFTER)]
    apart = contacts.batch(every, *states[0])
    for state in states[1:]:
        contacts.batch(every, *state)
    together = contacts.batch(every, *states[0])
    assert together is not apart
    assert together.J is not apart.J
    for name in ("velocity", "momentum_rate", "acceleration"):
        assert np.asarray(getattr(together, name)) == pytest.approx(np.asarray(getattr(apart, name)), rel=1e-12)
    for name in ("pivot", "work_power", "support_power"):
        assert getattr(together, name) == pytest.approx(getattr(apart, name), rel=1e-12, abs=1e-14)
    for name in ("gap", "rate", "c", "J", "WJ"):
        assert getattr(together, name) == pytest.approx(getattr(apart, name), rel=1e-12, abs=1e-14)
    rubs = [0, 1]
    for name in ("slip", "d", "S", "WS"):
        assert getattr(together, name)[rubs] == pytest.approx(getattr(apart, name)[rubs], rel=1e-12, abs=1e-14)
        assert not np.any(getattr(together, name)[2])
    assert np.any(apart.WJ[:, 1]) and np.any(apart.WJ[0] != apart.J[0] / sim.parameters["M"])  # T⁻¹ mixes x and a


def test_a_gap_that_cannot_be_computed_names_its_contact(write_model):
    from game.physics.state import SimulationError

    # the floor's gap written as sqrt(y − 1): it has no value once the ball falls below y = 1
    text = (ROOT / "models" / "pelota.dat").read_text(encoding="utf-8").replace("<K>piso|'y - r'|", "<K>piso|'sqrt(y - 1)'|")
    sim = Simulation(read_model(write_model(text)))
    with pytest.raises(SimulationError) as stop:
        sim.step(100)
    assert "the gap of contact 'piso' cannot be computed: no real value" in str(stop.value)
    assert sim.q[1] >= 1  # the last good state


def test_a_new_step_reaches_the_contacts_rule_for_resting_speeds():
    sim = shipped("pelota")
    sim.set_step(0.01, 40)
    assert sim.system.contacts.delta == sim.system.delta == pytest.approx(0.01 / 40)


@pytest.mark.parametrize("e", ["1", "0.5"])
def test_a_struck_ball_is_told_parting_in_floats_as_the_general_path_tells_it(monkeypatch, e):
    # after an impulse the touching contact parts: resting() decides that from one contact's numbers
    # in floats and puts its gap back (_parting_alone, _gap_back); the general path, on arrays, must
    # say the same: no contact rests, and the same q and p (the gap put back the same way)
    from game.physics.lagrange.contacts import contacts as module
    from game.physics.lagrange.contacts import stepper

    struck = []
    respond = stepper.ContactRK4._respond

    def keep(self, system, at, resting):
        new = respond(self, system, at, resting)
        if new is not at:
            struck.append(new)
        return new

    monkeypatch.setattr(stepper.ContactRK4, "_respond", keep)
    sim = head_on(e)
    sim.step(40)
    (after,) = struck
    contacts = sim.system.contacts

    def rest_check():
        contacts._last_batch = contacts._last_touching = None
        return contacts.resting(after.t, after.q, after.p, ())

    told = []
    parting = module.Contacts._parting_alone
    monkeypatch.setattr(module.Contacts, "_parting_alone", lambda *args: told.append(parting(*args)) or told[-1])
    modes, q, p = rest_check()
    assert told and told[-1] is not False  # the shortcut decided
    assert contacts.batch((0,), after.t, after.q.tolist(), after.p.tolist()).gap[0] < -1e-15  # so it is put back
    monkeypatch.setattr(module.Contacts, "_parting_alone", lambda *args: False)
    general_modes, general_q, general_p = rest_check()
    assert modes == general_modes == ()
    assert np.array_equal(q, general_q) and np.array_equal(p, general_p)
    assert not np.array_equal(q, after.q)


class _Forgetful(dict):
    """A stepper's ``still`` or ``lying`` that remembers nothing: every substep and step worked out."""

    def __setitem__(self, key, value) -> None:
        pass


@pytest.mark.parametrize("stem, steps", [("pelota", 1500), ("bloque_friccion", 400), ("pile", 1000)])
def test_a_body_lying_still_is_not_worked_out_again_and_moves_as_if_it_were(write_model, stem, steps):
    # the ball after its bounces, the block after it stops, a pile of frictionless balls (its resting
    # forces an LCP started from the last ones): a substep gives back its state to the last bit, so
    # the stepper remembers it and skips the same substep after, and a whole step that gave back its
    # state is not taken again; the run must be, bit for bit, the one that works out every substep
    def fresh() -> Simulation:
        if stem != "pile":
            return simulation(stem)
        from game.app.commands.ballbox import ball_box

        text = ball_box(5, g=9.81, e=0.0, half_width=1.55)
        return Simulation(read_model(write_model(text)))

    remembering, working = fresh(), fresh()
    working.system.stepper.still = _Forgetful()
    working.system.stepper.lying = _Forgetful()
    taken = {id(remembering): 0, id(working): 0}
    for sim in (remembering, working):
        substep = sim.system.stepper._substep

        def counted(*args, sim=sim, substep=substep):
            taken[id(sim)] += 1
            return substep(*args)

        sim.system.stepper._substep = counted
        for _ in range(steps):  # a step a call, as the window takes them
            sim.step()
    assert remembering.system.resting(remembering.state) == (10 if stem == "pile" else 1)  # it lies still
    assert remembering.system.stepper.still and remembering.system.stepper.lying
    assert taken[id(remembering)] < taken[id(working)] // 2
    for a, b in ((remembering.state, working.state),):
        assert (a.t, a.work, a.support_work, a.losses) == (b.t, b.work, b.support_work, b.losses)
        assert np.array_equal(a.q, b.q) and np.array_equal(a.p, b.p)
    assert remembering.de == working.de


def test_a_pile_that_creeps_by_round_off_lies_still_and_costs_nothing(write_model):
    # 16 frictionless balls in a box: the pile is statically indeterminate, and the LCP's answer
    # leaves a grazing contact separating at ~1e-8 m/s², whose speed settling takes back after
    # every substep, so a coordinate crept by ~3e-14 a substep and no substep gave back its state.
    # Motion below round-off is no motion: the pile lies still, to the last bit, and its substeps
    # are not worked out again
    from game.app.commands.ballbox import ball_box

    sim = watched(Simulation(read_model(write_model(ball_box(16, g=9.81, e=0.0, half_width=1.55)))))
    sim.step(150)  # 3 s: landed and settled
    stepper, contacts = sim.system.stepper, sim.system.contacts
    taken = [0]
    substep = stepper._substep

    def counted(*args):
        taken[0] += 1
        return substep(*args)

    stepper._substep = counted
    before, located = sim.state, stepper.located
    sim.step(50)  # 1 s, 500 substeps
    assert np.array_equal(sim.q, before.q) and np.array_equal(sim.state.p, before.p)
    assert (sim.state.work, sim.state.losses) == (before.work, before.losses)
    assert sim.t == pytest.approx(before.t + 1.0)
    assert taken[0] <= 2 and stepper.located == located  # remembered, no event
    assert sim.system.resting(sim.state) == 32  # on the floor, the walls and each other
    assert min(contacts.gaps(sim.t, sim.q.tolist())) >= -1e-9
    assert np.max(np.abs(sim.qdot)) < 1e-14


def test_a_body_that_starts_to_move_from_rest_is_not_taken_for_still(write_model):
    # the ball resting on a frictionless floor, pulled sideways by an acceleration of 1e-10 m/s²
    # (10⁻¹¹ g): after one substep it moves 5e-17 m and has a speed of 1e-13 m/s; the still test
    # must tell that from round-off, and x = a·t²/2 (RK4 is exact for it) must come out
    text = ((MODELS / "pelota.dat").read_text(encoding="utf-8")
            .replace("<Ep>m·g·y</Ep>", "<Ep>m·g·y - m·a·x</Ep>")
            .replace("<PARAMETERS>\n", "<PARAMETERS>\n<P>a|1e-10|tirón horizontal</P>\n")
            .replace("<CI>x|-2|", "<CI>x|0|").replace("<CI>y|1.1|", "<CI>y|0.1|")
            .replace("<CI>vx|2|", "<CI>vx|0|").replace("<P>mu|0.2|", "<P>mu|0|"))
    sim = Simulation(read_model(write_model(text)))
    assert sim.system.resting(sim.state) == 1
    sim.step(200)  # 4 s
    assert sim.q[0] == pytest.approx(0.5e-10 * 16.0, rel=1e-6)
    assert sim.qdot[0] == pytest.approx(4e-10, rel=1e-6)


@pytest.mark.parametrize("offset, falls", [(5.551115123125783e-17, False), (1e-10, True)])
def test_a_ball_balanced_on_another_to_round_off_stays_and_one_off_balance_falls(write_model, offset, falls):
    # ball 2 on top of ball 1 on the floor: one unit in the last place off centre, the push that tips it
    # is round-off, and the pile lies still as an ideal rigid one would (round-off tipped it over in
    # about 5 s before); 1e-10 off, it is a real push and the ball falls off
    import re

    from game.app.commands.ballbox import ball_box

    text = ball_box(2, g=9.81, e=0.0, half_width=1.55)
    for name, value in (("x1", 0.3), ("y1", -1.45), ("x2", 0.3 + offset), ("y2", -1.25),
                        ("vx1", 0), ("vy1", 0), ("vx2", 0), ("vy2", 0)):
        text = re.sub(rf"<CI>{name}\|[^|]*\|", f"<CI>{name}|{value!r}|", text)
    sim = Simulation(read_model(write_model(text)))
    assert sim.system.resting(sim.state) == 2  # on the floor, and on each other
    sim.step(500)  # 10 s
    if falls:
        assert sim.q[3] == pytest.approx(-1.45) and abs(sim.q[2] - sim.q[0]) > 0.2
    else:
        assert sim.q[3] == -1.25 and abs(sim.q[2] - sim.q[0]) < 1e-15
