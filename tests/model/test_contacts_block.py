"""The CONTACTS block (SPEC §7.3): read as written, and each mistake named with file:line:column."""

from __future__ import annotations

import pytest
from model_texts import one_coordinate

from game.model import read_model, validate
from game.model.reader import ModelFileError

PARAMS = "<P>m|1|masa</P><P>g|9.81|gravedad</P><P>e|0.8|restitución</P><P>r|0.1|radio</P>"


def ball(contacts: str, x0: str = "1") -> str:
    """A ball on a vertical line (x is its height) with the given contact rows."""
    return one_coordinate("m", "½·m·vx²", "m·g·x", params=PARAMS, x0=x0,
                          extra=f"<CONTACTS>\n{contacts}\n</CONTACTS>")


def problems(write_model, contacts: str, x0: str = "1") -> list[str]:
    return [str(p) for p in validate(read_model(write_model(ball(contacts, x0))))]


def test_a_contact_row_is_read_as_written(write_model):
    model = read_model(write_model(ball("<K>suelo|'x - r'|'e'|'0.2'|'vx'|el piso</K>")))
    (c,) = model.contacts
    assert (c.id, c.gap.text, c.restitution.text, c.friction.text, c.slip.text, c.description) == (
        "suelo", "'x - r'", "'e'", "'0.2'", "'vx'", "el piso")
    assert (c.location.line, c.location.column) == (24, 4)
    assert validate(model) == []


def test_mu_k_may_follow_the_description(write_model):
    model = read_model(write_model(ball("<K>suelo|'x - r'|'e'|'0.2'|'vx'|el piso|'0.1'</K>")))
    (c,) = model.contacts
    assert (c.description, c.friction.text, c.kinetic.text) == ("el piso", "'0.2'", "'0.1'")
    assert validate(model) == []
    # without it, mu_k is mu; and it may equal mu
    assert read_model(write_model(ball("<K>suelo|'x - r'|'e'|'0.2'|'vx'|el piso</K>"))).contacts[0].kinetic is None
    assert problems(write_model, "<K>suelo|'x - r'|'e'|'0.2'|'vx'||'0.2'</K>") == []


def test_a_mu_k_above_mu_is_refused_by_check(write_model, capsys):
    from game.app.cli import main

    path = write_model(ball("<K>suelo|'x - r'|'e'|'0.2'|'vx'|el piso|'0.5'</K>"))
    assert main(["check", str(path)]) != 0
    out = capsys.readouterr()
    assert (f"{path}:24:41: mu_k (kinetic friction) of contact 'suelo' must be between 0 and mu = 0.2, "
            f"but it is 0.5") in out.out + out.err


def test_the_description_may_be_left_out(write_model):
    model = read_model(write_model(ball("<K>suelo|'x - r'|'e'|'0'|'0'</K>")))
    assert model.contacts[0].description == ""


@pytest.mark.parametrize("row, found", [("<K>suelo|'x - r'|'e'</K>", 3), ("<K>suelo|'x - r'|'e'|'0'</K>", 4),
                                        ("<K>suelo|'x - r'|'e'|'0'|'0'|piso|'0'|más</K>", 8)])
def test_a_row_with_missing_cells_is_refused_where_it_starts(write_model, row, found):
    # 5 cells are accepted (the description and mu_k may be left out), so the message says 5 to 7
    with pytest.raises(ModelFileError) as exc:
        read_model(write_model(ball(row)))
    assert (f"m.dat:24:1: a contact row has 5 to 7 cells, id|'gap'|'e'|'mu'|'slip'|description|'mu_k', "
            f"the description and mu_k optional (found {found})") in str(exc.value)


def test_a_bad_contact_name_is_refused(write_model):
    with pytest.raises(ModelFileError, match=r"m.dat:24:4: '2s' is not a valid contact name"):
        read_model(write_model(ball("<K>2s|'x - r'|'e'|'0'|'0'|</K>")))


def test_a_contact_row_outside_its_block_is_refused(write_model):
    text = one_coordinate("m", "½·m·vx²", "m·g·x", params=PARAMS, extra="<FORCES>\n<K>s|'x'|'1'|'0'|'0'|</K>\n</FORCES>")
    with pytest.raises(ModelFileError, match=r"<K> row inside <FORCES>"):
        read_model(write_model(text))


@pytest.mark.parametrize("row, expected", [
    # slip must be linear in the velocities: the place of the velocity that is not
    ("<K>s|'x - r'|'e'|'0.2'|'vx²'|</K>", ":24:25: slip must be linear in the velocities (as in 'vx' or 'vx + r·vθ'), "
                                          "but it is not linear in 'vx'"),
    ("<K>s|'x - r'|'e'|'0.2'|'x·sin(vx)'|</K>", ":24:31: slip must be linear in the velocities"),
    ("<K>s|'x - r'|'e'|'0.2'|'abs(vx)'|</K>", ":24:29: slip must be linear in the velocities"),
    # names each field may use
    ("<K>s|'x - rr'|'e'|'0'|'0'|</K>", ":24:11: unknown name 'rr' (a gap may use parameters, coordinates and t)"),
    ("<K>s|'x - r + vx'|'e'|'0'|'0'|</K>", ":24:15: unknown name 'vx' (a gap may use parameters, coordinates and t)"),
    ("<K>s|'x - r'|'e·x'|'0'|'0'|</K>", ":24:17: unknown name 'x' (e may use only the parameters)"),
    ("<K>s|'x - r'|'e'|'mu'|'0'|</K>", ":24:19: unknown name 'mu' (mu may use only the parameters)"),
    ("<K>s|'x - r'|'e'|'0'|'vy'|</K>", ":24:23: unknown name 'vy' (slip may use parameters, coordinates, velocities and t)"),
    # the coefficients at the parameters' values
    ("<K>s|'x - r'|'2·e'|'0'|'0'|</K>", ":24:14: e (restitution) of contact 's' must be between 0 and 1, but it is 1.6"),
    ("<K>s|'x - r'|'e'|'-0.1'|'vx'|</K>", ":24:18: mu (friction) of contact 's' must be 0 or more, but it is -0.1"),
    ("<K>s|'x - r'|'log(e - 1)'|'0'|'0'|</K>", ":24:14: e (restitution) of contact 's' cannot be computed"),
    # ids
    ("<K>s|'x - r'|'e'|'0'|'0'|</K>\n<K>s|'x + 5'|'e'|'0'|'0'|</K>", ":25:4: 's' is defined twice (first at line 24)"),
    # mu_k, the optional last cell: a parameter expression between 0 and mu (the static one)
    ("<K>s|'x - r'|'e'|'0.2'|'vx'|piso|'0.3'</K>",
     ":24:34: mu_k (kinetic friction) of contact 's' must be between 0 and mu = 0.2, but it is 0.3"),
    ("<K>s|'x - r'|'e'|'0.2'|'vx'|piso|'-0.1'</K>",
     ":24:34: mu_k (kinetic friction) of contact 's' must be between 0 and mu = 0.2, but it is -0.1"),
    ("<K>s|'x - r'|'e'|'0.2'|'vx'||'mu'</K>", ":24:31: unknown name 'mu' (mu_k may use only the parameters)"),
    ("<K>s|'x - r'|'e'|'0.2'|'vx'|piso|'log(e - 1)'</K>", ":24:34: mu_k (kinetic friction) of contact 's' cannot be computed"),
])
def test_each_mistake_is_named_where_it_is(write_model, row, expected):
    found = problems(write_model, row)
    assert any(expected in p for p in found), found


def test_a_slip_that_is_linear_but_not_written_so_is_accepted(write_model):
    # (vx + 1)² − vx² − 1 = 2·vx: linear, though its derivative reads vx until simplified
    assert problems(write_model, "<K>s|'x - r'|'e'|'0.2'|'(vx + 1)² - vx² - 1'|</K>") == []


def test_conditions_that_start_inside_a_contact_are_refused(write_model):
    found = problems(write_model, "<K>suelo|'x - r'|'e'|'0'|'0'|</K>", x0="0.05")
    assert any(":24:10: the initial conditions put contact 'suelo' inside (its gap is -0.05" in p for p in found)


def test_touching_at_the_start_is_fine(write_model):
    assert problems(write_model, "<K>suelo|'x - r'|'e'|'0'|'0'|</K>", x0="0.1") == []


def _pendulum_with(write_model, rows: str) -> list[str]:
    from mechanism_texts import mechanism

    text = mechanism("<POINT>O|0|1|0|0|1</POINT>\n<POINT>P|1|1</POINT>\n<BAR>barra|O|P|0|0|0.05</BAR>\n"
                     "<MASS>bola|P|1|0.1</MASS>") + "<CONTACTS>\n" + rows + "\n</CONTACTS>\n"
    return [str(p) for p in validate(read_model(write_model(text)))]


def test_a_mechanism_file_with_contacts_of_its_points_is_accepted(write_model):
    # SPEC §7.8: gaps and slips written with the points' coordinates and velocities
    assert _pendulum_with(write_model, "<K>suelo|'P_y + 0.5'|'1'|'0.2'|'P_vx'|</K>") == []


@pytest.mark.parametrize(("row", "expected"), [
    ("<K>suelo|'Q_y'|'1'|'0'|'0'|</K>", "unknown name 'Q_y'"),
    ("<K>suelo|'P_y + 1'|'1'|'0.2'|'Q_vx'|</K>", "'Q_vx'"),
    ("<K>suelo|'sqrt(P_y - 2)'|'1'|'0'|'0'|</K>", "contact 'suelo'"),
    ("<K>suelo|'P_y + 1'|'sqrt(-1)'|'0'|'0'|</K>", "contact 'suelo'"),
    ("<K>suelo|'P_y - 2'|'1'|'0'|'0'|</K>", "inside"),
])
def test_a_mechanism_contact_that_cannot_be_is_named_where_it_is(write_model, row, expected):
    found = _pendulum_with(write_model, row)
    assert found and all(":" in p.split(" ")[0] for p in found), found
    assert any(expected in p for p in found), found


def test_the_messages_are_written_in_the_language_of_the_moment(write_model):
    from game.messages import set_language

    found = validate(read_model(write_model(ball("<K>s|'x - r'|'2·e'|'0'|'vx²'|</K>"))))
    assert [p.key for p in found] == ["check.slip_not_linear"]
    set_language("es")
    try:
        assert "el deslizamiento debe ser lineal en las velocidades" in str(found[0])
        found = validate(read_model(write_model(ball("<K>s|'x - r'|'2·e'|'0'|'vx'|</K>"))))
        assert "e (restitución) del contacto 's' debe estar entre 0 y 1, pero vale 1.6" in str(found[0])
    finally:
        set_language("en")


def test_a_file_with_more_contacts_than_can_be_followed_is_refused(write_model):
    rows = "\n".join(f"<K>s{k}|'x + {k}'|'e'|'0'|'0'|</K>" for k in range(501))
    with pytest.raises(ModelFileError) as exc:
        read_model(write_model(ball(rows)))
    assert "m.dat:524:1: more than 500 contacts" in str(exc.value)


# -- gaps that could never stop anything ----------------------------------------------------------


@pytest.mark.parametrize("gap, says", [
    ("0", "does not depend on the coordinates, so the bodies can never close it"),
    ("r - r", "does not depend on the coordinates"),
    ("abs(x - r)", "is never below 0, whatever the coordinates, so it can never stop anything"),
    ("(x - r)²", "is never below 0, whatever the coordinates"),
    ("(x - r)·(x - r)", "reaches 0 with no slope (its derivatives by the coordinates are all 0 there, at x = 0.1)"),
    ("(x - r)³", "reaches 0 with no slope (its derivatives by the coordinates are all 0 there, at x = 0.1)"),
])
def test_a_gap_that_cannot_stop_the_ball_is_refused_where_it_is_written(write_model, gap, says):
    # each of these passed check and the ball fell through the floor without a word; the
    # ball starts at x = 1, above the floor, so every one of them is ≥ 0 at the start
    found = problems(write_model, f"<K>suelo|'{gap}'|'e'|'0'|'0'|</K>")
    assert any(f":24:10: the gap of contact 'suelo' {says}" in p for p in found), found


@pytest.mark.parametrize("gap", ["x - r", "exp(10·x) - exp(10·r)", "abs(x) - r", "x³ - r³", "max(-x, x - 0.1) - r",
                                 "sqrt(x² + 1) - 1 - r"])
def test_a_gap_that_crosses_0_with_a_slope_is_fine(write_model, gap):
    # x³ − r³ is flat at x = 0, but it crosses 0 at x = r with slope 3·r²
    assert problems(write_model, f"<K>suelo|'{gap}'|'e'|'0'|'0'|</K>") == []


def test_a_touching_start_with_a_flat_gap_is_refused_too(write_model):
    found = problems(write_model, "<K>suelo|'(x - r)³'|'e'|'0'|'0'|</K>", x0="0.1")
    assert any("reaches 0 with no slope" in p for p in found), found


@pytest.mark.parametrize("gap", ["0", "abs(y - r)", "(y - r)^2"])
def test_the_loader_and_check_refuse_the_shipped_ball_with_a_gap_that_cannot_push(write_model, capsys, gap):
    from project import ROOT

    from game.app.cli import main
    from game.model import load_model

    text = (ROOT / "models" / "pelota.dat").read_text(encoding="utf-8")
    path = write_model(text.replace("<K>piso|'y - r'|", f"<K>piso|'{gap}'|"), "pelota.dat")
    with pytest.raises(ModelFileError, match=r"pelota.dat:35:9: the gap of contact 'piso' "):
        load_model(path)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:35:9: the gap of contact 'piso' " in out


# -- cells in the wrong place, coefficients too large, gaps the engine cannot follow --------------


def test_a_quoted_sixth_cell_is_mu_k_not_a_description(write_model):
    model = read_model(write_model(ball("<K>suelo|'x - r'|'e'|'0.5'|'vx'|'0.1'</K>")))
    (c,) = model.contacts
    assert (c.description, c.kinetic.text if c.kinetic else None) == ("", "'0.1'")
    # so it is checked as mu_k, where it is written
    (found,) = problems(write_model, "<K>suelo|'x - r'|'e'|'0.5'|'vx'|'0.9'</K>")
    assert found.endswith("m.dat:24:33: mu_k (kinetic friction) of contact 'suelo' must be between 0 and mu = 0.5, "
                          "but it is 0.9")


def test_a_translation_in_mu_ks_place_is_said_as_such(write_model):
    with pytest.raises(ModelFileError) as info:
        read_model(write_model(ball("<K>suelo|'x - r'|'e'|'0.5'|'vx'|el piso|en: the floor</K>")))
    (problem,) = info.value.problems
    assert str(problem).endswith("m.dat:24:41: 'en: the floor' is a translation, but a contact's description has "
                                 "none: the cell after it is mu_k (id|'gap'|'e'|'mu'|'slip'|description|'mu_k')")


@pytest.mark.parametrize("row, key", [("<K>suelo|'x - r'|'e'|'1e300'|'vx'|</K>", "mu"),
                                      ("<K>suelo|'x - r'|'e'|'1e300'|'vx'||'1e300'</K>", "mu_k"),
                                      ("<K>suelo|'x - r'|'e'|'1e7'|'vx'||'0.5'</K>", "mu")])
def test_friction_too_large_to_compute_is_refused_by_check(write_model, row, key):
    found = problems(write_model, row)
    assert any(f"{key} (friction) of contact 'suelo' is" in p and "more than 1e+06" in p for p in found), found


@pytest.mark.parametrize("gap, says", [
    ("1e-9·(x - r)", "changes by only 1e-09 per unit of the coordinates"),
    ("1e-12·(x - r)", "changes by only 1e-12 per unit of the coordinates"),
    ("(1 + 1e-17·(x - r)) - 1", "changes by only 1e-17 per unit of the coordinates"),
    ("(x - r + 1e17) - 1e17", "cannot be computed to the digits its motion needs: its derivative is 1 but its values change by 0 per unit"),
])
def test_a_gap_too_gentle_or_lost_to_round_off_is_refused(write_model, gap, says):
    # each of these passed check: the ball stopped in the air, bounced above the floor or fell through it
    found = problems(write_model, f"<K>suelo|'{gap}'|'e'|'0'|'0'|</K>")
    assert any(f":24:10: the gap of contact 'suelo' {says}" in p for p in found), found


def test_a_gap_that_fades_with_time_stops_the_run_before_the_ball_goes_through(write_model):
    from game.physics import Simulation, SimulationError

    model = read_model(write_model(ball("<K>suelo|'(x - r)·exp(-700·t)'|'e'|'0'|'0'|</K>")))
    assert validate(model) == []  # at the start it is a good gap
    sim = Simulation(model)
    with pytest.raises(SimulationError) as info:
        for _ in range(200):
            sim.step(1)
    assert "a contact can no longer be followed: the gap of contact 'suelo' changes by only" in str(info.value)
    assert sim.t < 0.1 and sim.q[0] > 0.9  # stopped the moment it faded, high above the floor
