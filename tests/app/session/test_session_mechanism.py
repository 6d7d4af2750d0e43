"""A mechanism through the program without its window: its reactions in the Values panel and as
arrows (a control of the command table), dragging its points in x and v modes, typed conditions,
the energy panel, and `simulate` writing its λ columns."""

from __future__ import annotations

import csv
import io
import math

import numpy as np
import pytest
from mechanism_texts import EVERYTHING, free_four_bar, mechanism

from game.app.cli import main
from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session.session import Session
from game.model import read_catalog
from game.physics.mechanism import MechanismSystem


def opened(name: str) -> Session:
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open(name)
    return s


def test_reactions_are_listed_and_drawn_on_request():
    s = opened("biela_manivela")
    values = s.readout.lines("values")
    assert values[:2] == ["A_x = 1", "A_y = 0"]
    reactions = {ln.split(" = ")[0]: float(ln.split(" = ")[1]) for ln in values if ln.startswith("λ_")}
    assert list(reactions) == ["λ_manivela", "λ_biela", "λ_guia", "λ_motor"]
    # at θ = 0 the guide holds the piston's weight plus its share of the rod's: (mp + mb/2)·g
    g, mp, mb = (s.sim.parameters[k] for k in ("g", "mp", "mb"))
    assert reactions["λ_guia"] == pytest.approx((mp + mb / 2) * g, rel=1e-5)
    assert not s.actions.locked("reactions") and not s.showing.lit("reactions")
    assert s.showing.reaction_arrows()  # available whenever asked; the window asks when the control is on
    s.act("reactions")
    assert s.showing.lit("reactions")
    arrows = s.showing.reaction_arrows()
    kinds = {a.id: a.kind for a in arrows}
    assert kinds["guia"] == "normal" and set(kinds) == {"manivela", "biela", "guia"}  # a torque is no arrow
    longest = max(math.hypot(a.dx, a.dy) for a in arrows)
    assert longest == pytest.approx(0.25 * s.kinematics.size)  # the largest force seen: a quarter of the size
    guide = next(a for a in arrows if a.id == "guia")
    assert guide.dy > 0 and abs(guide.dx) < 1e-12  # the guide pushes the piston up


def test_the_reactions_control_is_inactive_for_a_lagrangian_model():
    s = opened("pendulo_doble")
    assert s.actions.locked("reactions") and s.showing.reaction_arrows() == []
    assert not any(ln.startswith("λ_") for ln in s.readout.lines("values"))


def test_the_energy_panel_of_a_mechanism():
    s = opened("watt")
    lines = s.readout.lines("energy")
    assert lines[:2] == ["Ek = 1/2·q̇·M·q̇", "Ep = Σ m·g·y + Σ 1/2·k·(d − L)²"]  # ½ written legibly
    s.clock.run(50)
    assert s.readout.lines("energy")[4] == f"E = Ek + Ep = {s.sim.energy:.6g}"
    assert s.sim.de < 1e-9 * abs(s.sim.e0)
    driven = opened("biela_manivela")  # the motor does work: W and E − W − E₀
    driven.clock.run(50)
    assert driven.readout.lines("energy")[-2].startswith("W = ") and driven.sim.work > 0.1


def test_dragging_a_point_in_x_mode_moves_the_linkage(write_model):
    s = opened(str(write_model(free_four_bar(), "libre.dat")))
    sim, kin = s.sim, s.kinematics
    system = sim.system
    assert isinstance(system, MechanismSystem)
    # drag the crank's end A once round its pivot: the coupler and rocker follow, B stays above
    # the line A–O4 (the open assembly), the bars keep their lengths
    for k in range(1, 37):
        angle = 2 * math.pi * k / 36
        s.dragging.grab("A", tuple(kin.handle_point("A", sim.t, sim.q)))
        s.dragging.drag_to((10 * math.cos(angle), 10 * math.sin(angle)))
        s.dragging.release()
        assert sim.q[:2] == pytest.approx([10 * math.cos(angle), 10 * math.sin(angle)], abs=1e-9)
        a, b = sim.q[:2], sim.q[2:]
        assert (b[0] - a[0]) * (0 - a[1]) - (b[1] - a[1]) * (40 - a[0]) < 0  # B left of A→O4: open
        assert float(np.max(np.abs(system.constraint_values(sim.q, 0.0)))) < 1e-9
    assert np.array_equal(sim.user_q, sim.q)  # Reset comes back here


def test_a_point_dragged_out_of_reach_goes_as_near_as_it_can():
    s = opened("pendulo_doble_mecanismo")
    sim = s.sim
    s.dragging.grab("B", tuple(s.kinematics.handle_point("B", 0, sim.q)))
    for _ in range(4):  # the mouse resting out of reach (the chain is 2 long): each event gets nearer
        s.dragging.drag_to((5.0, 5.0))
    s.dragging.release()
    assert sim.q[2:] == pytest.approx([math.sqrt(2), math.sqrt(2)], abs=1e-6)  # stretched towards the mouse
    assert math.hypot(*sim.q[:2]) == pytest.approx(1.0, abs=1e-9)


def test_v_mode_sets_velocities_the_constraints_allow():
    s = opened("pendulo_mecanismo")
    s.act("edit")
    sim = s.sim
    arrows = {a.id: a for a in s.showing.edit_arrows()}
    assert set(arrows) == {"P"}  # one arrow per point: the ball's and the joint's are the same
    x, y = sim.q
    rod = np.array([x, y - 1.0])  # from the pivot (0, 1)
    across = np.array([-rod[1], rod[0]])
    wanted = 1.5 * across + 0.8 * rod
    s.dragging.grab("P", (x, y), velocities=True)
    s.dragging.drag_to(tuple(np.array([x, y]) + wanted * s.settings.arrow_seconds))
    s.dragging.release()
    assert sim.qdot @ rod == pytest.approx(0.0, abs=1e-12)  # nothing along the bar
    assert sim.qdot == pytest.approx(1.5 * across, abs=1e-9)  # all the across part


def test_typed_conditions_are_assembled_to_the_nearest_valid_ones():
    s = opened("pendulo_mecanismo")
    s.act("conditions")
    assert [r.name for r in s.dialogs.condition_edits().rows()] == ["P_x", "P_y", "P_vx", "P_vy"]
    assert s.dialogs.apply_conditions({"P_x": "0", "P_y": "0.5"}) is None
    assert s.sim.q == pytest.approx([0.0, 0.0], abs=1e-12)  # straight below the pivot, on the bar's circle


def test_a_far_typed_condition_is_assembled_where_the_linkage_allows(capsys):
    # the four-bar's crank and motor put A at (10, 0) however far A is typed, as A_x = 11…30 do
    s = opened("cuadrilatero")
    s.act("conditions")
    assert s.dialogs.apply_conditions({"A_x": "50"}) is None
    assert s.sim.q[:2] == pytest.approx([10.0, 0.0], abs=1e-9)
    assert main(["simulate", "cuadrilatero", "--seconds", "0.02", "--set", "A_x=50"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert [float(v) for v in rows[1][1:3]] == pytest.approx([10.0, 0.0], abs=1e-9)


def test_simulate_writes_coordinates_energies_and_reactions(capsys):
    assert main(["simulate", "biela_manivela", "--seconds", "1", "--set", "w=pi"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["t", "A_x", "A_y", "B_x", "B_y", "A_vx", "A_vy", "B_vx", "B_vy", "Ek", "Ep", "E", "DE",
                       "λ_manivela", "λ_biela", "λ_guia", "λ_motor", "W"]
    assert len(rows) == 102
    half = dict(zip(rows[0], map(float, rows[51])))  # t = 0.5 at w = π: the crank at 90°
    assert half["t"] == pytest.approx(0.5)
    assert half["B_x"] == pytest.approx(math.sqrt(8), abs=1e-9) and half["B_vx"] == pytest.approx(-math.pi, abs=1e-9)
    assert abs(half["E"] - half["W"] - float(rows[1][11])) < 1e-9  # E − W − E₀


#: a double rocker driven past the end of its swing (coupler and rocker in line at t ≈ 0.785 s)
DRIVEN_PAST_A_DEAD_POINT = (
    "<GENERAL>\ndt=0.01\nN=5\n</GENERAL>\n<MECHANISM>\n"
    "<POINT>O2|0|0|0|0|1</POINT>\n<POINT>O4|3|0|0|0|1</POINT>\n<POINT>A|1|0</POINT>\n"
    "<POINT>B|2|sqrt(1.2² - 1)</POINT>\n<BAR>m|O2|A|1</BAR>\n<BAR>b|A|B|1</BAR>\n<BAR>c|O4|B|1</BAR>\n"
    "<DRIVER>motor|O2|A|'t'</DRIVER>\n</MECHANISM>\n")


def test_a_dead_point_pauses_with_a_banner_and_keeps_the_last_good_state(write_model, spanish):
    s = opened(str(write_model(DRIVEN_PAST_A_DEAD_POINT)))
    s.act("animate")
    for _ in range(120):
        s.clock.advance(1 / 60)
    assert not s.view.animating
    assert s.banner.text is not None and "configuración singular" in s.banner.text  # Spanish, as the test asks
    assert 0.77 < s.sim.t < 0.786 and np.all(np.isfinite(s.sim.q))
    assert float(np.max(np.abs(s.sim.system.constraint_values(s.sim.q, s.sim.t)))) < 1e-9


def test_the_reason_a_run_stopped_is_in_the_banners_language_whatever_the_messages_say(write_model, spanish):
    # a session made without the window (the messages left in English) used to show "La simulación
    # se detuvo: singular configuration…": there is one language now, the interface's and the reason's
    s = opened(str(write_model(DRIVEN_PAST_A_DEAD_POINT)))
    s.act("animate")
    for _ in range(120):
        s.clock.advance(1 / 60)
    assert s.banner.text is not None and s.banner.text.startswith("La simulación se detuvo: configuración singular: ")
    assert "singular configuration" not in s.banner.text
    s.set_language("en")
    assert s.banner.text.startswith("The simulation stopped: singular configuration: the constraints ")


def test_a_file_that_cannot_be_opened_is_said_in_the_banners_language(write_model, spanish):
    s = opened("pendulo_simple")
    path = write_model(DRIVEN_PAST_A_DEAD_POINT.replace("'t'", "'log(t)'"))
    s.user_files.add_file(path)
    assert not s.load(len(s.catalog.entries) - 1)
    assert s.banner.text is not None and "el ángulo de DRIVER motor no se puede calcular en t = 0" in s.banner.text
    assert f"{path}:" in s.banner.text and "cannot be computed" not in s.banner.text


def test_the_banner_of_a_dead_point_is_in_spanish_when_the_messages_are(write_model, spanish):
    # the window sets the messages' language to its own (cli.play): interface words and reason agree
    s = opened(str(write_model(DRIVEN_PAST_A_DEAD_POINT)))
    s.act("animate")
    for _ in range(120):
        s.clock.advance(1 / 60)
    assert s.banner.text is not None
    assert s.banner.text.startswith("La simulación se detuvo: configuración singular: las ligaduras ya no ")
    assert f"en t={s.sim.t:.6g} (A_x=" in s.banner.text


def test_a_point_a_motor_holds_is_refused_where_the_others_still_drag(write_model, spanish):
    # two degrees of freedom and a motor on the crank O–A: A has no motion of its own (the motor
    # sets the crank's direction, the bar its length), B and the collar C still do
    s = opened(str(write_model(EVERYTHING, "todo.dat")))
    sim, kin = s.sim, s.kinematics
    assert set(kin.handles) >= {"A", "B", "C"}
    q = sim.q.copy()
    a = tuple(kin.handle_point("A", sim.t, sim.q))
    s.dragging.grab("A", a)
    assert s.dragging.drag is None and s.banner.text is not None and "lo mueve el motor 'motor'" in s.banner.text  # (in Spanish)
    s.dragging.grab("manivela", a)  # the crank bar itself (a body, not a handle)
    assert s.dragging.drag is None and s.banner.text.startswith("'manivela' no se puede arrastrar")
    s.banner.say(None)
    b = kin.handle_point("B", sim.t, sim.q)
    s.dragging.grab("B", tuple(b))
    s.dragging.release((b[0] + 0.1, b[1]))
    assert s.banner.text is None and not np.array_equal(sim.q, q)
    assert sim.q[:2] == pytest.approx(q[:2], abs=1e-9)  # A stayed where the motor has it


def test_a_point_two_motors_hold_names_both(write_model):
    # a five-bar linkage with both cranks driven: nothing is left to drag
    rows = ("<POINT>O1|0|0|0|0|1</POINT>\n<POINT>O2|3|0|0|0|1</POINT>\n<POINT>A|0|1</POINT>\n<POINT>B|3|1</POINT>\n"
            "<POINT>C|1.5|2</POINT>\n<BAR>c1|O1|A|1</BAR>\n<BAR>c2|O2|B|1</BAR>\n<BAR>a|A|C|1</BAR>\n"
            "<BAR>b|B|C|1</BAR>\n<DRIVER>m1|O1|A|'pi/2 + t'</DRIVER>\n<DRIVER>m2|O2|B|'pi/2 - t'</DRIVER>")
    s = opened(str(write_model(mechanism(rows), "cinco.dat")))
    s.set_language("en")
    s.dragging.grab("C", (1.5, 2.0))
    assert s.dragging.drag is None
    assert s.banner.text == ("'C' cannot be dragged: the motors 'm1', 'm2' move it. To start elsewhere, change their "
                        "angles in Parameters.")
