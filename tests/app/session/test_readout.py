"""What the live panels say (game/app/session/readout.py): values and energies as text."""

from __future__ import annotations

import math

from game.app.files import paths
from game.app.files.settings import Settings
from game.app.session.readout import ENERGY_COLUMNS, energy_lines
from game.app.session.session import Session
from game.model import read_catalog


def test_the_values_panel_shows_the_models_measures():
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("planetario1")
    lines = s.readout.lines("values")
    x, y, vx, vy = (*s.sim.q, *s.sim.qdot)
    assert lines[:4] == [f"x = {x:.6g}", f"y = {y:.6g}", f"vx = {vx:.6g}", f"vy = {vy:.6g}"]
    assert lines[4:] == [f"Lz = {x * vy - y * vx:.6g}", f"r = {math.hypot(x, y):.6g}"]



def test_the_values_panel_shows_angles_without_their_turns_and_keeps_them_in_the_state(session):
    # the double pendulum's angles only enter cos, sin and the bars' turns: 2π later is the same place
    sim = session.sim
    turned = [4 * math.pi + 0.5, -6 * math.pi - 1]
    sim.set_conditions(turned, [0.0, 0.0])
    assert session.readout.lines("values")[:4] == ["a1 = 0.5", "a2 = -1", "va1 = 0", "va2 = 0"]
    assert list(sim.q) == turned  # the state counts the turns
    sim.set_conditions([-math.pi, 3 * math.pi], [0.0, -0.0])
    assert session.readout.lines("values")[:4] == ["a1 = 3.14159", "a2 = 3.14159", "va1 = 0", "va2 = 0"]  # never "-0"



def test_the_values_panel_shows_round_off_as_0():
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("pendulo_doble_mecanismo")
    # the upper bar starts horizontal: A_y = −cos(π/2) = −6.1e-17, the lower bar's tension ~1e-17 N
    assert s.sim.q[1] != 0 and abs(s.sim.q[1]) < 1e-15
    lines = s.readout.lines("values")
    assert lines[:4] == ["A_x = 1", "A_y = 0", "B_x = 1.70711", "B_y = -0.707107"]
    assert "λ_b2 = 0" in lines and "λ_b1 = 0" in lines
    assert not any("e-1" in line or "-0 " in line or line.endswith("-0") for line in lines), lines



def test_energies_within_round_off_show_as_zero(session):
    """Both bars horizontal: Ep = −(M+m)·g·L·cos(π/2) − m·g·l·cos(π/2) = −1.8e-15, cos's round-off."""
    assert session.dialogs.apply_conditions({"a1": "pi/2", "a2": "pi/2"}) is None
    assert abs(session.sim.energies[1]) < 1e-14 and session.sim.energies[1] != 0
    lines = session.readout.lines("energy")
    assert "Ep = 0" in lines and "E = Ek + Ep = 0" in lines and "Ek = 0" in lines



def test_the_spread_is_named_in_the_interfaces_language(session, spanish):
    session.act("ensemble")
    session.clock.run(5)
    lines = session.readout.lines("values")
    assert any(line.startswith("dispersión = ") for line in lines) and not any("spread" in line for line in lines)
    spread = session.plots.plots[-1]
    assert session.plots.legend(spread, "es") == ("dispersión (escala log)",)
    session.set_language("en")
    assert any(line.startswith("spread = ") for line in session.readout.lines("values"))
    assert session.plots.legend(spread, "en") == ("spread (log scale)",)



def test_the_energy_panel_begins_with_its_expressions_wrapped_to_its_width(session):
    readout = session.readout
    wide, narrow = readout.lines("energy"), readout.lines("energy", columns=20)
    assert readout.expression_lines("energy") == len(energy_lines(session.model, ENERGY_COLUMNS))
    assert readout.expression_lines("energy", 20) == len(energy_lines(session.model, 20)) > 2
    assert wide[:2] == energy_lines(session.model, ENERGY_COLUMNS)[:2]
    assert wide[readout.expression_lines("energy"):] == narrow[readout.expression_lines("energy", 20):]
    assert readout.expression_lines("values") == len(readout.lines("values"))
