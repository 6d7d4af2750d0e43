"""`check --equations`: the printed equations are parsed back with the program's own parser,
evaluated at random states and solved for the accelerations (and multipliers), which must be the
engine's (``accelerations_of``) to 1e-10."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

import numpy as np
import pytest
from project import MODELS, ROOT

from game.app.commands.check import check
from game.expr import Node, diff, evaluate, parse
from game.model import condition_values, load_model, parameter_values
from game.physics import build_system

START = re.compile(r"^ {4}(\S.*?):  (.*)$")
EXPRESSION = re.compile(r"^ {4}S = (.*)$")


@dataclass
class Printed:
    """What ``check --equations`` printed for one model, parsed back."""

    motion: list[tuple[str, Node, Node]] = field(default_factory=list)
    rows: list[tuple[str, Node, Node]] = field(default_factory=list)
    appell: list[tuple[str, Node, Node]] = field(default_factory=list)
    dependent: list[tuple[str, Node]] = field(default_factory=list)
    S: Node | None = None
    text: str = ""


def printed(path: str, lang: str = "en") -> Printed:
    from game.messages import language, set_language

    before = language()
    set_language(lang)
    try:
        out = io.StringIO()
        assert check([str(MODELS / path)], out=out, equations=True) == 0, out.getvalue()
    finally:
        set_language(before)
    text = out.getvalue()
    # join continuation lines onto the line they continue
    lines: list[str] = []
    for line in text.splitlines():
        if lines and line.startswith(" " * 6) and ":  " not in line and not line.strip().startswith("("):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    result = Printed(text=text)
    section = result.motion
    for line in lines:
        if "at acceleration level" in line or "en aceleraciones" in line:
            section = result.rows
        elif "Gibbs–Appell" in line:
            section = result.appell
        elif m := EXPRESSION.match(line):
            result.S = parse(m.group(1)).tree
        elif m := START.match(line):
            label, equation = m.groups()
            left, right = equation.split(" = ")
            if label.startswith(("by ", "por ")):
                result.dependent.append((left, parse(right).tree))
            else:
                section.append((label, parse(left).tree, parse(right).tree))
    return result


def engine_states(path: str, count: int = 4, seed: int = 1):
    """(system, env, q̈, λ) at random states on the model's constraints."""
    model = load_model(MODELS / path)
    params = parameter_values(model)
    system = build_system(model, params)
    start = condition_values(model, params)
    rng = np.random.default_rng(seed)
    q0 = np.array([start[c] for c in model.coordinates])
    v0 = np.array([start[v] for v in model.velocities])
    for _ in range(count):
        q = q0 + 0.02 * (1 + np.abs(q0)) * rng.normal(size=len(q0))
        v = v0 + 0.5 * rng.normal(size=len(v0))
        state = system.state(q, v, float(rng.uniform(0, 2)))
        qdot = system.velocities(state)
        acc = system.accelerations_of(state)
        lam = system.multipliers(state) if model.mechanism is not None else system.reactions(state)
        env = {**params, "t": state.t, **dict(zip(model.coordinates, state.q)), **dict(zip(model.velocities, qdot))}
        names = {f"a_{c}": a for c, a in zip(model.coordinates, acc)}
        names.update({f"λ_{i}": x for i, x in zip(system.reaction_ids, lam)})
        yield env, names


def solve(equations: list[tuple[str, Node, Node]], unknowns: list[str], env: dict[str, float]) -> np.ndarray:
    """The printed equations are linear in the unknowns: their matrix and their solution."""

    def residuals(u: np.ndarray) -> np.ndarray:
        values = {**env, **dict(zip(unknowns, u))}
        return np.array([evaluate(left, values) - evaluate(right, values) for _, left, right in equations])

    zero = residuals(np.zeros(len(unknowns)))
    M = np.column_stack([residuals(np.eye(len(unknowns))[k]) - zero for k in range(len(unknowns))])
    return np.linalg.solve(M, -zero)


def close(found: np.ndarray, engine: np.ndarray) -> None:
    assert np.max(np.abs(found - engine)) <= 1e-10 * (1 + np.max(np.abs(engine))), (found, engine)


@pytest.mark.parametrize("path", [
    "pendulo_simple.dat", "pendulo_doble.dat", "pendulo_triple.dat", "maquina_atwood.dat", "disco_rodando.dat",
    "pendulo_soporte_oscilante.dat", "pendulo_amortiguado.dat", "ejercicios/trineo_chaplygin.dat",
    "ejercicios/ligadura_no_holonoma.dat", "ejercicios/cuenta_aro_giratorio.dat", "pendulo_mecanismo.dat",
    "cuadrilatero.dat", "biela_manivela.dat",
])
def test_the_printed_equations_solved_give_the_engines_accelerations_and_multipliers(path):
    p = printed(path)
    assert len(p.motion) >= 1
    for env, engine in engine_states(path):
        unknowns = list(engine)  # a_NAME…, then λ_ID…
        found = solve(p.motion + p.rows, unknowns, env)
        close(found, np.array([engine[k] for k in unknowns]))


@pytest.mark.parametrize("path", [
    "disco_rodando.dat", "ejercicios/trineo_chaplygin.dat", "ejercicios/ligadura_no_holonoma.dat",
    "ejercicios/filo_cuchillo.dat", "pendulo_mecanismo.dat", "cuadrilatero.dat",
])
def test_the_gibbs_appell_lines_solved_give_the_engines_accelerations(path):
    p = printed(path)
    assert p.appell and p.S is not None
    for env, engine in engine_states(path):
        free = [label.removeprefix("∂S/∂") for label, _, _ in p.appell]
        multipliers = [k for k in engine if k.startswith("λ_")] if not p.dependent else []
        found = solve(p.appell + (p.rows if multipliers else []), free + multipliers, env)
        values = {**env, **dict(zip(free, found))}
        for name, tree in p.dependent:  # the accelerations the constraints fix, from the free ones
            values[name] = evaluate(tree, values)
        accs = [k for k in engine if k.startswith("a_")]
        close(np.array([values[k] for k in accs]), np.array([engine[k] for k in accs]))
        # ∂S/∂aᵢ of the printed S: the left sides where no acceleration is fixed (S before the rows)
        if not p.dependent:
            for label, left, _ in p.appell:
                name = label.removeprefix("∂S/∂")
                assert abs(evaluate(diff(p.S, name), values) - evaluate(left, values)) <= 1e-10 * (
                    1 + abs(evaluate(left, values)))


def test_the_simple_pendulum_reads_as_a_textbook_writes_it():
    assert "    a:  m·l²·a_a + m·g·l·sin(a) = 0" in printed("pendulo_simple.dat").text.splitlines()


def test_the_atwood_machine_has_its_tension_and_the_rope_at_acceleration_level():
    lines = printed("maquina_atwood.dat").text.splitlines()
    assert "    y1:  m1·a_y1 - m1·g = -λ_T" in lines
    assert "    T:  -a_y1 - a_y2 = 0" in lines


def test_the_rolling_disc_by_gibbs_appell_has_no_multiplier():
    lines = printed("disco_rodando.dat").text.splitlines()
    assert "    S = 0.5·m·a_x² + 0.5·I·a_th²" in lines
    assert "    by roce:  a_x = r·a_th" in lines
    assert "    ∂S/∂a_th:  (m·r² + I)·a_th = m·g·sin(alfa)·r" in lines


def test_the_sleighs_appell_function_is_half_the_mass_times_the_squared_acceleration():
    """S printed differs from ½·m·|a_G|² + ½·I·α² (G its centre of mass, at b along the sleigh) by
    terms without accelerations only."""
    p = printed("ejercicios/trineo_chaplygin.dat")
    model = load_model(MODELS / "ejercicios/trineo_chaplygin.dat")
    params = parameter_values(model)
    m, b, inertia = params["m"], params["b"], params["I"]
    rng = np.random.default_rng(3)
    th, w = 0.7, 1.3
    differences = []
    for _ in range(3):
        ax, ay, ath = rng.normal(size=3)
        gx = ax - b * ath * np.sin(th) - b * w * w * np.cos(th)
        gy = ay + b * ath * np.cos(th) - b * w * w * np.sin(th)
        true = 0.5 * m * (gx * gx + gy * gy) + 0.5 * inertia * ath * ath
        env = {**params, "th": th, "w": w, "x": 0.1, "y": 0.2, "vx": 0.3, "vy": -0.4, "a_x": ax, "a_y": ay,
               "a_th": ath}
        assert p.S is not None
        differences.append(evaluate(p.S, env) - true)
    assert np.ptp(differences) < 1e-12


def test_a_mechanism_whose_rows_solved_are_long_keeps_its_multipliers():
    p = printed("cuadrilatero.dat")
    assert not p.dependent
    assert "with their multipliers" in p.text
    assert any("λ_biela" in line for line in p.text.splitlines() if line.startswith("    ∂S/∂a_"))


def test_spanish_and_english(run):
    es = run("check", "disco_rodando", "--equations", "--lang", "es")
    assert es.returncode == 0
    assert "ecuaciones del movimiento" in es.stdout and "    por roce:  a_x = r·a_th" in es.stdout
    en = run("check", "disco_rodando", "--equations", "--lang", "en")
    assert "equations of motion" in en.stdout and "    by roce:  a_x = r·a_th" in en.stdout


def test_every_shipped_model_prints_its_equations_and_contacts_are_said(run):
    r = run("check", "--equations", "--lang", "en")
    assert r.returncode == 0, r.stdout
    shipped = len(re.findall(r"<FILE>", (ROOT / "models.xml").read_text(encoding="utf-8")))
    assert r.stdout.count("equations of motion") == shipped  # every model of the menu
    pelota = run("check", "pelota", "--equations", "--lang", "en")
    assert "contacts act by impulses" in pelota.stdout
    bar = run("check", "barra_cae", "--equations", "--lang", "en")  # a mechanism with contacts
    assert bar.returncode == 0 and "equations of motion" in bar.stdout
    assert "  (contacts act by impulses and resting forces, not written here)" in bar.stdout.splitlines()
    barra = run("check", "barra_cae", "--equations", "--lang", "es")
    assert "  (los contactos actúan con impulsos y fuerzas en reposo, que no se escriben aquí)" in barra.stdout.splitlines()
    bead = run("check", str(ROOT / "models" / "ejercicios" / "cuenta_recta_rebota.dat"), "--equations", "--lang", "en")
    assert bead.returncode == 0 and "    alambre:  a_x - a_y = 0" in bead.stdout  # rows and contacts together
    assert "contacts act by impulses" in bead.stdout


def test_an_unknown_model_is_said_without_a_traceback(run):
    r = run("check", "no_such_model", "--equations", "--lang", "en")
    assert r.returncode == 1
    assert "cannot read the file" in r.stdout and "Traceback" not in r.stdout + r.stderr
