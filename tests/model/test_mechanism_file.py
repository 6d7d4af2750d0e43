"""Mechanism files (SPEC §7.5): the MECHANISM block read into points and elements, the
coordinates named after the free points, and every mistake named with file, line and column
— by the reader, by validation, and by `check`, which also assembles the mechanism."""

from __future__ import annotations

import pytest
from mechanism_texts import EVERYTHING, mechanism

from game.app.cli import main
from game.messages import text
from game.model import ModelFileError, load_model, read_model
from game.model.mechanism import ROWS, layout
from game.physics import Simulation

PENDULUM = """<POINT>O|0|1|0|0|1</POINT>
<POINT>P|1|1</POINT>
<BAR>barra|O|P|0|0|0.05</BAR>
<MASS>bola|P|1|0.1</MASS>"""


def test_a_mechanism_is_read_into_points_elements_and_conditions(write_model):
    m = read_model(write_model(EVERYTHING))
    mech = m.mechanism
    assert mech is not None and m.kinetic is None and not m.tmatrix and not m.graphics
    assert mech.gravity is not None and mech.gravity.text == "'g'"
    assert [p.id for p in mech.points] == ["O", "S", "R1", "R2", "A", "B", "C", "D"]
    assert [p.id for p in mech.free_points] == ["A", "B", "C", "D"]
    assert [(e.tag, e.id, e.points) for e in mech.elements][3:5] == [
        ("SLIDER", "collar", ("C", "A", "B")), ("SLIDER", "bloque", ("D", "R1", "R2"))]
    bar = mech.elements[1]
    assert bar.value("mass").text == "2" and bar.value("inertia").text == "0.3"
    assert mech.elements[2].value("inertia") is None  # '' = a uniform rod
    force = mech.elements[-1]
    assert (force.tag, force.id, force.points) == ("FORCE", "", ("B",))
    # the coordinates are x, y of every free point (no nQ), then the velocities (SPEC §7.5)
    assert m.n == 8
    assert m.coordinates == ("A_x", "A_y", "B_x", "B_y", "C_x", "C_y", "D_x", "D_y")
    assert m.velocities[:2] == ("A_vx", "A_vy")
    assert [c.value.text for c in m.conditions[:2]] == ["0", "-0.5"]
    assert m.conditions[8].value.text == "0.8"  # A's vx
    assert m.conditions[0].description == "x del punto A"


def test_optional_cells_may_be_left_out(write_model):
    m = load_model(write_model(mechanism(PENDULUM.replace("<POINT>P|1|1</POINT>", "<POINT>P|1|1|0.5</POINT>"))))
    assert m.conditions[2].value.text == "0.5" and m.conditions[3].value.text == "0"  # vy left out: 0
    assert m.mechanism is not None and not m.mechanism.point("P").fixed


def _problems(write_model, text: str) -> list[str]:
    path = write_model(text)
    with pytest.raises(ModelFileError) as caught:
        Simulation(load_model(path))
    return [f"{p.location.line}:{p.location.column}: {p.message}" for p in caught.value.problems]


@pytest.mark.parametrize("rows, expected", [
    # unknown points, with a suggestion
    (PENDULUM.replace("<BAR>barra|O|P|", "<BAR>barra|O|PP|"),
     "11:14: unknown point 'PP' in BAR barra — did you mean 'P'?"),
    (PENDULUM + "\n<SLIDER>s|P|O|Z</SLIDER>", "13:15: unknown point 'Z' in SLIDER s"),
    # a bar of zero length: the same point twice, or two points that start together
    (PENDULUM.replace("<BAR>barra|O|P|", "<BAR>barra|P|P|"), "11:14: BAR barra joins point 'P' to itself"),
    (PENDULUM + "\n<POINT>Q|1|1</POINT>\n<BAR>b2|P|Q|1</BAR>",
     "14:6: BAR b2 has zero length: points 'P' and 'Q' start at the same place"),
    # a slider on two coincident points
    (PENDULUM + "\n<POINT>A|0|0|0|0|1</POINT>\n<POINT>B|0|0|0|0|1</POINT>\n<SLIDER>guia|P|A|B</SLIDER>",
     "15:9: SLIDER guia: points 'A' and 'B' start at the same place, so they define no line to slide on"),
    # counts: cells of a row, repeated ids, nothing free, nothing that can move
    ("<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0</POINT>\n<BAR>b|O</BAR>",
     "11:1: a BAR row has 3 to 6 cells, id|P1|P2|mass|inertia|width (found 2)"),
    (PENDULUM + "\n<MASS>barra|P|1</MASS>", "13:7: 'barra' is defined twice (first at line 11)"),
    ("<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0|0|0|1</POINT>\n<BAR>b|O|P|1</BAR>",
     "8:1: the mechanism has no free point (fixed = 0): nothing can move"),
    ("<POINT>O|0|0|0|0|1</POINT>\n<POINT>Q|2|0|0|0|1</POINT>\n<POINT>P|1|1</POINT>\n"
     "<BAR>a|O|P|1</BAR>\n<BAR>b|Q|P|1</BAR>",
     "8:1: the mechanism cannot move: its 2 coordinates are fixed by 2 independent constraints"),
    # a motion without mass
    ("<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0</POINT>\n<BAR>b|O|P</BAR>",
     "10:8: a motion the constraints allow moves no mass (points P)"),
    # names in expressions
    (PENDULUM.replace("<MASS>bola|P|1|", "<MASS>bola|P|mm|"), "12:14: unknown name 'mm'"),
    (PENDULUM + "\n<FORCE>P|'-c·P_vx'|'0'</FORCE>", "13:12: unknown name 'c' (a force may use"),
    (PENDULUM + "\n<FORCE>O|'1'|'0'</FORCE>", "13:8: a force on the fixed point 'O' does nothing"),
    # a bad flag, a negative mass
    (PENDULUM.replace("<POINT>P|1|1</POINT>", "<POINT>P|1|1|0|0|2</POINT>"),
     "10:18: fixed must be 1 (a fixed point) or 0 (a free one), not '2'"),
    (PENDULUM.replace("<MASS>bola|P|1|", "<MASS>bola|P|-1|"), "12:14: the mass of MASS bola must be a number ≥ 0"),
])
def test_mistakes_in_a_mechanism_are_named_where_they_are(write_model, rows, expected):
    problems = _problems(write_model, mechanism(rows))
    assert any(p.startswith(expected) for p in problems), problems


@pytest.mark.parametrize("rows, expected", [
    # a free point again on a line of its own, on the line of the first, and as a fixed point
    (PENDULUM + "\n<POINT>P|2|1</POINT>", "13:8: point 'P' is defined twice (first at line 10)"),
    (PENDULUM.replace("<POINT>P|1|1</POINT>", "<POINT>P|0|1.5</POINT><POINT>P|1|1</POINT>"),
     "10:30: point 'P' is defined twice (first at line 10)"),
    (PENDULUM + "\n<POINT>P|2|1|0|0|1</POINT>", "13:8: point 'P' is defined twice (first at line 10)"),
])
def test_a_point_defined_twice_is_one_message_at_the_second(write_model, rows, expected):
    # not one more for each of its coordinates and velocities P_x, P_y, P_vx, P_vy
    assert _problems(write_model, mechanism(rows)) == [expected]


def test_a_point_defined_twice_is_one_message_in_spanish_too(write_model, spanish):
    assert _problems(write_model, mechanism(PENDULUM + "\n<POINT>P|2|1</POINT>")) == [
        "13:8: el punto 'P' se define dos veces (la primera vez en la línea 10)"]


def test_a_point_named_like_a_parameter_is_still_told(write_model):
    text = mechanism(PENDULUM).replace("</PARAMETERS>", "<P>P_x|1|x</P>\n</PARAMETERS>")
    problems = _problems(write_model, text)
    assert any("'P_x' is defined twice" in p for p in problems), problems


def test_a_mechanism_file_has_no_lagrangian_blocks_and_no_nq(write_model):
    text = mechanism(PENDULUM).replace("</GENERAL>", "nQ=3\n</GENERAL>") + "<CIs>\n<CI>x|0|x</CI>\n</CIs>\n"
    problems = _problems(write_model, text)
    assert any(p.startswith("4:4: nQ=3, but a mechanism's coordinates are the x and y of its free points: 2 here")
               for p in problems), problems
    assert any("a mechanism file has no <CIs> block" in p for p in problems), problems


def test_check_names_each_broken_mechanism_and_passes_good_ones(write_model, capsys):
    good = write_model(mechanism(PENDULUM), "bien.dat")
    unknown = write_model(mechanism(PENDULUM.replace("|O|P|0|0|", "|O|Q|0|0|")), "punto.dat")
    stuck = write_model(mechanism(
        "<POINT>O2|0|0|0|0|1</POINT>\n<POINT>O4|3|0|0|0|1</POINT>\n<POINT>A|1|0</POINT>\n"
        "<POINT>B|2|sqrt(1.2² - 1)</POINT>\n<BAR>m|O2|A|1</BAR>\n<BAR>b|A|B|1</BAR>\n<BAR>c|O4|B|1</BAR>\n"
        "<DRIVER>motor|O2|A|'pi'</DRIVER>"), "montaje.dat")
    dead = write_model(mechanism(
        "<POINT>O1|0|0|0|0|1</POINT>\n<POINT>O2|2|0|0|0|1</POINT>\n<POINT>C1|0.5|0</POINT>\n"
        "<POINT>C2|2.5|0</POINT>\n<BAR>m1|O1|C1|1</BAR>\n<BAR>m2|O2|C2|1</BAR>\n<BAR>p|C1|C2|1</BAR>"), "muerto.dat")
    assert main(["check", str(good)]) == 0
    assert "1 model checked: valid" in capsys.readouterr().out
    assert main(["check", str(good), str(unknown), str(stuck), str(dead)]) == 1
    out = capsys.readouterr().out
    assert f"{unknown}:11:14: unknown point 'Q' in BAR barra" in out
    assert f"{stuck}:16:9: the initial points cannot be assembled" in out  # at the motor that cannot turn there
    assert f"{dead}:8:1: the initial points are at a dead point" in out
    assert "bien.dat" not in out
    assert "3 problems in 3 files" in out


#: the pendulum with its bob named λ: its coordinates are λ_x, λ_y, its velocities λ_vx, λ_vy
LAMBDA = PENDULUM.replace("P|1|1", "λ|1|1").replace("|P|", "|λ|")


@pytest.mark.parametrize("rows, measures, expected", [
    # a measure named like a coordinate, or like a reaction column
    (PENDULUM, "<M>P_x|'2·P_x'|x</M>", "15:4: 'P_x' is already a parameter or a condition"),
    (PENDULUM, "<M>λ_barra|'P_y'|y</M>", "15:4: 'λ_barra' is the column of the reaction of BAR barra"),
    # a point whose coordinate is the column of a reaction: point 'λ' has λ_x, BAR 'x' has λ_x
    (LAMBDA.replace("barra", "x"), "",
     "11:6: the reaction of BAR x is the column 'λ_x', which is already a coordinate or velocity of point 'λ'"),
    (LAMBDA.replace("barra", "vx"), "", "11:6: the reaction of BAR vx is the column 'λ_vx'"),
    # a measure's expression is checked as in any model (it crashed check before)
    (PENDULUM, "<M>h|'P_y + zz'|h</M>", "15:13: unknown name 'zz'"),
])
def test_check_refuses_two_columns_of_one_name(write_model, capsys, rows, measures, expected):
    # each would be two CSV columns of one name in `simulate`
    text = mechanism(rows) + (f"<MEASURES>\n{measures}\n</MEASURES>\n" if measures else "")
    path = write_model(text)
    assert main(["check", str(path)]) == 1
    assert f"{path}:{expected}" in capsys.readouterr().out
    assert main(["simulate", str(path), "--seconds", "0.02"]) != 0
    assert f"{path}:{expected}" in capsys.readouterr().err


def test_a_measure_of_a_mechanism_is_a_column_after_the_reactions(write_model, capsys, tmp_path):
    path = write_model(mechanism(PENDULUM) + "<MEASURES>\n<M>h|'P_y - 1'|h</M>\n</MEASURES>\n")
    assert main(["check", str(path)]) == 0
    out = tmp_path / "out.csv"
    assert main(["simulate", str(path), "--seconds", "0.02", "--csv", str(out)]) == 0
    header = out.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header == ["t", "P_x", "P_y", "P_vx", "P_vy", "Ek", "Ep", "E", "DE", "λ_barra", "h"]


def test_the_manuals_mechanism_example_is_a_valid_file(write_model):
    import html
    import re

    from project import ROOT

    manual = (ROOT / "docs" / "manual.html").read_text(encoding="utf-8")
    section = manual[manual.index('id="mec-ejemplo"'):]
    text = html.unescape(re.search(r"<pre><code>(.*?)</code></pre>", section, re.S).group(1))
    sim = Simulation(load_model(write_model(text, "manual.dat")))
    assert sim.model.coordinates == ("A_x", "A_y", "B_x", "B_y")
    assert sim.reaction_ids == ("manivela", "biela", "balancin", "motor")  # the frame carries nothing
    b = sim.q[2:]
    assert (b[0] - 10) ** 2 + b[1] ** 2 == pytest.approx(35**2) and (b[0] - 40) ** 2 + b[1] ** 2 == pytest.approx(30**2)


@pytest.mark.parametrize("rows, expected", [
    (PENDULUM.replace("<BAR>barra|O|P|", "<BAR>barra|O|PP|"),
     "11:14: punto desconocido 'PP' en BAR barra — ¿quiso decir 'P'?"),
    (PENDULUM + "\n<POINT>Q|1|1</POINT>\n<BAR>b2|P|Q|1</BAR>",
     "14:6: BAR b2 tiene longitud cero: los puntos 'P' y 'Q' empiezan en el mismo lugar"),
    (PENDULUM + "\n<POINT>A|0|0|0|0|1</POINT>\n<POINT>B|0|0|0|0|1</POINT>\n<SLIDER>guia|P|A|B</SLIDER>",
     "15:9: SLIDER guia: los puntos 'A' y 'B' empiezan en el mismo lugar, así que no definen ninguna recta "
     "sobre la cual deslizarse"),
    # the cells of a row as the manual names them in Spanish
    ("<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0</POINT>\n<BAR>b|O</BAR>",
     "11:1: una fila BAR tiene de 3 a 6 celdas, id|P1|P2|masa|inercia|ancho (hay 2)"),
    (PENDULUM + "\n<SLIDER>s|P|O</SLIDER>", "13:1: una fila SLIDER tiene 4 celdas, id|P|A|B (hay 3)"),
    (PENDULUM + "\n<MASS>barra|P|1</MASS>", "13:7: 'barra' se define dos veces (la primera en la línea 11)"),
    (PENDULUM + "\n<MASS>2b|P|1</MASS>",
     "13:7: '2b' no es un nombre válido de elemento (letras, cifras y _, empezando por una letra)"),
    ("<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0|0|0|1</POINT>\n<BAR>b|O|P|1</BAR>",
     "8:1: el mecanismo no tiene ningún punto libre (fixed = 0): nada puede moverse"),
    ("<POINT>O|0|0|0|0|1</POINT>\n<POINT>Q|2|0|0|0|1</POINT>\n<POINT>P|1|1</POINT>\n"
     "<BAR>a|O|P|1</BAR>\n<BAR>b|Q|P|1</BAR>",
     "8:1: el mecanismo no puede moverse: sus 2 coordenadas quedan fijadas por 2 ligaduras independientes "
     "(quite una barra o agregue un DRIVER que lo mueva)"),
    ("<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0</POINT>\n<BAR>b|O|P</BAR>",
     "10:8: un movimiento que las ligaduras permiten no mueve ninguna masa (puntos P): dé masa a las barras "
     "o ponga una MASS en esos puntos"),
    (PENDULUM.replace("<MASS>bola|P|1|0.1", "<MASS>bola|P|1|rr"),
     "12:16: nombre desconocido 'rr' (el radio de una fila MASS puede usar los parámetros)"),
    (PENDULUM + "\n<FORCE>O|'1'|'0'</FORCE>", "13:8: una fuerza sobre el punto fijo 'O' no hace nada"),
    (PENDULUM.replace("<POINT>P|1|1</POINT>", "<POINT>P|1|1|0|0|2</POINT>"),
     "10:18: fixed debe ser 1 (punto fijo) o 0 (punto libre), no '2'"),
    (PENDULUM.replace("<MASS>bola|P|1|", "<MASS>bola|P|-1|"),
     "12:14: la masa de MASS bola debe ser un número ≥ 0, no -1"),
    (PENDULUM.replace("|0|0|0.05<", "|0|0|log(0)<"),
     "11:20: el ancho de BAR barra no se puede calcular: sin valor real aquí"),
])
def test_mistakes_in_a_mechanism_are_told_in_spanish_at_the_same_place(write_model, spanish, rows, expected):
    problems = _problems(write_model, mechanism(rows))
    assert any(p.startswith(expected) for p in problems), problems


def test_the_english_layout_of_each_row_is_its_cells():
    # the catalogue writes out some rows' cells (the Spanish names are the manual's): in English
    # they must be the cells the reader reads, in its order
    for tag, (names, _) in ROWS.items():
        assert text(layout(tag), "en") == "|".join(names), tag


def test_check_tells_a_broken_mechanism_in_spanish(write_model, capsys, spanish):
    stuck = write_model(mechanism(
        "<POINT>O2|0|0|0|0|1</POINT>\n<POINT>O4|3|0|0|0|1</POINT>\n<POINT>A|1|0</POINT>\n"
        "<POINT>B|2|sqrt(1.2² - 1)</POINT>\n<BAR>m|O2|A|1</BAR>\n<BAR>b|A|B|1</BAR>\n<BAR>c|O4|B|1</BAR>\n"
        "<DRIVER>motor|O2|A|'pi'</DRIVER>"), "montaje.dat")
    assert main(["check", "--lang", "es", str(stuck)]) == 1
    out = capsys.readouterr().out
    assert (f"{stuck}:16:9: los puntos iniciales no se pueden ensamblar: no se pueden cumplir todas las "
            "ligaduras (los puntos están demasiado lejos") in out
    assert "DRIVER motor es la ligadura que más lejos queda de cumplirse" in out
    assert out.splitlines()[-1] == "1 problema en 1 archivo"
