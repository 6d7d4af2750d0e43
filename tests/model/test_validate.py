"""Validation: what model authors get wrong, each named with file:line:column."""

from __future__ import annotations

import pytest
from model_texts import SLIDING, one_coordinate

from game.model import read_model, validate


def problems(write_model, text):
    return [str(p) for p in validate(read_model(write_model(text)))]


def test_the_spec_example_is_valid(write_model):
    assert problems(write_model, SLIDING) == []


@pytest.mark.parametrize("old, new, expected", [
    # unknown names, with a suggestion
    ("-mgl·cos(a)", "-mgll·cos(a)", ":30:6: unknown name 'mgll' (Ep may use parameters, coordinates and t) — did you mean 'mgl'?"),
    ("'M+m'", "'M+mm'", ":23:11: unknown name 'mm'"),
    ("<P>mgl|m·g·l|", "<P>mgl|m·g·l·h|", ":14:14: unknown name 'h' (a parameter value may use only the parameters above it)"),
    # a parameter may only use parameters above it
    ("<P>g|9.81|", "<P>g|M·4.9|", ":10:6: unknown name 'M' (a parameter value may use only the parameters above it)"),
    # T may not use velocities; Ep may not either
    ("'m·l²'", "'m·l²·va'", ":26:14: unknown name 'va' (T may use parameters, coordinates and t)"),
    ("-mgl·cos(a)", "-mgl·cos(a)+vx", ":30:17: Ep may not depend on the velocity 'vx'"),
    # duplicates and reserved words
    ("<P>l|1.5|", "<P>m|1.5|", ":13:4: 'm' is defined twice (first at line 12)"),
    ("<CI>x|0|", "<CI>g|0|", ":17:5: 'g' is defined twice (first at line 10)"),
    ("<P>mgl|", "<P>pi|", ":14:4: 'pi' is a reserved word"),
    ("<G>C|C1|", "<G>C|b0|", ":35:6: object 'b0' is defined twice (first at line 34)"),
    # nQ against the CIs
    ("nQ=2", "nQ=3", ":7:4: nQ=3 but <CIs> has 4 rows; it needs 6: the 3 coordinates, then their 3 velocities"),
    ("nQ=2", "nQ=1", ":7:4: nQ=1 but <CIs> has 4 rows; it needs 2: the coordinate, then its velocity"),
    # T shape
    ("<T>1,0|'m·l·cos(a)'</T>\n", "", ":24:4: T is not symmetric: entry 0,1 is given but 1,0 is missing"),
    ("<T>1,0|'m·l·cos(a)'</T>", "<T>1,0|'m·l·sin(a)'</T>", ":25:4: T is not symmetric at the initial conditions: T[0,1] = 1.38582 but T[1,0] = 0.574025"),
    ("<T>1,1|", "<T>2,2|", ":26:4: T index 2,2 is outside a 2×2 matrix"),
    ("<T>1,1|'m·l²'</T>", "<T>1,1|'m·l²'</T><T>0,0|'M'</T>", ":26:21: T entry 0,0 is given twice (first at line 23)"),
    # T against the Hessian of Ek
    ("'m·l²'", "'m·l'", ":26:4: TMATRIX disagrees with Ek: T[1,1] = 1.5 but ∂²Ek/∂va² = 2.25 at the initial conditions"),
    ("<T>0,1|'m·l·cos(a)'</T>\n<T>1,0|'m·l·cos(a)'</T>", "<T>0,1|'m·cos(a)'</T>\n<T>1,0|'m·cos(a)'</T>",
     ":24:4: TMATRIX disagrees with Ek: T[0,1] = 0.92388 but ∂²Ek/∂vx∂va = 1.38582"),
    # not positive definite at the initial conditions
    ("½·(M+m)·vx²", "-½·(M+m)·vx²", "TMATRIX disagrees with Ek: T[0,0] = 3 but ∂²Ek/∂vx² = -3"),
    # Obj references
    ("Obj[B1,_x]", "Obj[B2,_x]", ":34:20: Obj[B2,_x] refers to a missing object 'B2'"),
    ("Obj[b0,_xf]", "Obj[b0,_r]", ":35:14: a barra (Bar) has no attribute _r"),
    ("<G>C|C1|0.15|", "<G>Spr|R|1|0.1|'0'|'0'|'x'|'1'|-1</G>\n<G>C|C1|Obj[R,_k]|",
     ":36:9: a spring's _k is not available: a Spr row has no stiffness field"),
    ("Obj[B1,_y]", "Obj[C1,_y]", "Obj[...] references form a cycle: b0.y → C1.y → b0.y"),
    ("|1|B1</G>", "|1|B9</G>", ":34:8: parent 'B9' of 'b0' is not an object of this model"),
])
def test_mistakes_are_named_where_they_are(write_model, old, new, expected):
    assert old in SLIDING
    found = problems(write_model, SLIDING.replace(old, new, 1))
    assert any(expected in p for p in found), found
    # a renamed definition also leaves its uses unknown; anything else must be this one problem
    assert len(found) == 1 or "defined twice" in expected or "reserved" in expected, found


def test_indefinite_T_is_reported(write_model):
    text = one_coordinate("-m", "-½·m·vx²", "½·x²")
    found = problems(write_model, text)
    assert len(found) == 1 and "T is not positive definite at the initial conditions" in found[0]


def test_singular_T_at_the_initial_conditions(write_model):
    text = one_coordinate("m·x²", "½·m·x²·vx²", "½·x²", x0="0")
    found = problems(write_model, text)
    assert len(found) == 1 and "not positive definite" in found[0]


def test_force_rows_are_checked(write_model):
    forces = "<FORCES>\n<F>x|'-b·vx'|amortiguamiento</F>\n<F>y|'1'|nada</F>\n</FORCES>"
    text = one_coordinate("m", "½·m·vx²", "½·x²", extra=forces)
    found = problems(write_model, text)
    assert any("unknown name 'b'" in p for p in found)
    assert any("'y' is not a coordinate" in p for p in found)


def test_one_row_is_said_in_the_singular(write_model, spanish):
    text = one_coordinate("m", "½·m·vx²", "0").replace("<CI>vx|0|velocidad</CI>\n", "").replace("nQ=1", "nQ=2")
    found = problems(write_model, text)
    assert any("nQ=2 pero <CIs> tiene 1 fila; necesita 4: las 2 coordenadas y luego sus 2 velocidades" in p
               for p in found), found


@pytest.mark.parametrize("old, new, expected", [
    ("nQ=2", "nQ=2\nperiodo=2·pi/x", ":8:14: unknown name 'x' (periodo may use only the parameters)"),
    ("nQ=2", "nQ=2\nperiodo=l - 2", ":8:9: periodo must be a positive number of seconds, not -0.5"),
    ("posición del bloque</CI>", "posición del bloque|range: l:-l</CI>", ":17:36: the range of x must go from a lower"),
    ("posición del bloque</CI>", "posición del bloque|range: 0:va</CI>", ":17:38: unknown name 'va' (a range may use"),
    ("masa pendular</P>", "masa pendular|range: 0:sqrt(-M)</P>", ":12:31: the range of m cannot be computed"),
])
def test_periodo_and_ranges_must_have_values_with_the_parameters(write_model, old, new, expected):
    found = problems(write_model, SLIDING.replace(old, new, 1))
    assert len(found) == 1 and expected in found[0], found


def test_periodo_and_ranges_with_values_are_valid(write_model):
    text = SLIDING.replace("nQ=2", "nQ=2\nperiodo=2·pi/g").replace("posición del bloque</CI>",
                                                                   "posición del bloque|range: -l:l|unit: m</CI>")
    assert problems(write_model, text) == []
