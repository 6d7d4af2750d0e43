"""Hostile model files (issue 14): every input ends in bounded time and memory, with the
program's own located message — never a traceback, a hang or gigabytes.

One test (or a few) per class of the issue; big inputs are generated here, never committed.
Times are CPU seconds of this process, so other work on the machine does not fail them.
"""

from __future__ import annotations

import gc
import math
import time
import tracemalloc
from contextlib import contextmanager

import pytest
from mechanism_texts import EVERYTHING, mechanism
from model_texts import SLIDING, one_coordinate

from game.app.files.opening import model_problems
from game.expr import ExpressionError, SourceError, names_in, parse
from game.expr.nodes import size
from game.model import GraphicsResolver, ModelFileError, load_model, parameter_values, reader
from game.model.reader import LIMITS, MAX_FILE_BYTES, MAX_PROBLEMS
from game.physics import Simulation
from game.physics.lagrange.kinematics import GraphicsKinematics


@contextmanager
def cpu(seconds: float):
    """The block must take less than ``seconds`` of this process's CPU time."""
    start = time.process_time()
    yield
    spent = time.process_time() - start
    assert spent < seconds, f"took {spent:.2f} s of CPU"


@contextmanager
def memory(megabytes: float):
    """The block must allocate less than ``megabytes`` at its peak (tracemalloc: slow, so
    only around work that is quick when it is right)."""
    tracemalloc.start()
    try:
        yield
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < megabytes * 2**20, f"peaked at {peak / 2**20:.0f} MB"


def problems(path) -> list[str]:
    """What check says about a file (read, validate, build as the commands do), as text."""
    _, found = model_problems(path)
    assert all(isinstance(p, SourceError) for p in found)
    return [str(p) for p in found]


def spring(**kw) -> str:
    return one_coordinate("m", "½·m·vx²", "½·k·x²", params="<P>m|1|masa</P><P>k|4|rigidez</P>", **kw)


# -- 1. tracebacks instead of messages -------------------------------------------------------------

DEEP = 10_000


@pytest.mark.parametrize("value, column", [
    ("(" * DEEP + "1" + ")" * DEEP, 51),
    ("-" * DEEP + "1", 51),
    ("(" * 200 + "1" + ")" * 200, 51),
    ("sin(" * 200 + "1" + ")" * 200, 201),
    ("2^" * DEEP + "2", 102),
], ids=["10000 parentheses", "10000 minuses", "200 parentheses", "200 calls", "10000 powers"])
def test_deep_nesting_is_a_located_error(write_model, value, column):
    path = write_model(spring().replace("<P>m|1|", f"<P>m|{value}|"))
    with cpu(1.0):
        found = problems(path)
    # <P>m| puts the value at column 6 of line 10
    assert found == [f"{path}:10:{5 + column}: the expression nests more than 50 levels deep "
                     "(parentheses, signs, powers or function calls); write it in steps with parameters"]


def test_a_megabyte_expression_is_refused_with_its_length(write_model):
    path = write_model(spring().replace("<P>m|1|", "<P>m|" + "+".join(["1"] * 500_000) + "|"))
    with cpu(1.0):
        found = problems(path)
    assert len(found) == 1 and ":10:6: this expression is 999,999 characters long; the limit is 200,000" in found[0]


def test_a_long_flat_sum_is_fine_everywhere(write_model):
    # 5,000 terms: one level of the tree per term, far deeper than Python's recursion limit
    terms = "+".join(f"x{i % 7}·{i % 5}" for i in range(5_000))
    tree = parse(terms).tree
    from game.expr import compile_trees, diff, evaluate

    env = {f"x{k}": 0.5 for k in range(7)}
    assert evaluate(tree, env) == pytest.approx(0.5 * sum(i % 5 for i in range(5_000)))
    assert evaluate(diff(tree, "x3"), env) == sum(i % 5 for i in range(5_000) if i % 7 == 3)
    f = compile_trees([tree], sorted(env))
    assert f(*[0.5] * 7) == pytest.approx(evaluate(tree, env))
    assert max(len(line) - len(line.lstrip("(")) for line in f.source.splitlines()) < 30


def test_a_t_index_of_five_thousand_digits(write_model):
    path = write_model(spring().replace("<T>0,0|", "<T>" + "9" * 5000 + ",0|"))
    found = problems(path)
    assert len(found) == 1 and ":17:4: T index '99999999999999999999…' is too large" in found[0]


def test_a_thousand_coordinates_are_refused_at_once(write_model):
    n = 1000
    rows = "\n".join(f"<CI>x{k}|0|x</CI>" for k in range(n)) + "\n" + "\n".join(f"<CI>v{k}|0|v</CI>" for k in range(n))
    text = spring().replace("nQ=1", f"nQ={n}").replace("<CI>x|0|posición</CI>\n<CI>vx|0|velocidad</CI>", rows)
    text = text.replace("<T>0,0|'m'</T>", "\n".join(f"<T>{k},{k}|'m'</T>" for k in range(n)))
    with cpu(0.5):
        found = problems(write_model(text))
    assert found == [f"{found[0].split(':')[0]}:7:4: nQ = 1000 coordinates is more than this program can run "
                     f"(at most {LIMITS.coordinates})"]


@pytest.mark.parametrize("ep, x0, words", [
    ("log(x)", "0", ":21:5: Ep cannot be computed at the initial conditions: no real value here"),
    ("sqrt(x)", "0", ":21:5: the model cannot start: ∂L/∂x cannot be computed: division by zero at t=0 (x=0, vx=0)"),
    ("x·log(x+1) + k·sqrt(x)", "0", ":21:5: the model cannot start: ∂L/∂x cannot be computed: division by zero"),
    ("9^9^9^9·x", "0", ":21:5: Ep cannot be computed at the initial conditions: the result is not a finite number"),
    # finite itself (0.5^huge underflows to 0) but not its derivative, which simulate needs
    ("x^9^9^9", "0.5", ":21:5: the model cannot start: ∂L/∂x cannot be computed: the result is not a finite number"),
])
def test_an_energy_that_cannot_be_computed_at_the_start(write_model, ep, x0, words):
    found = problems(write_model(spring(x0=x0).replace("½·k·x²", ep)))
    assert len(found) == 1 and words in found[0], found


def test_a_power_tower_in_ep_stops_simulate_with_a_message(write_model):
    import io

    from game.app.commands.simulate import simulate

    path = write_model(spring(x0="0.5").replace("½·k·x²", "½·k·x² + 9^9^9^9·x²"))
    out, err = io.StringIO(), io.StringIO()
    with cpu(1.0):
        assert simulate(str(path), 1.0, None, [], "exact", out=out, err=err) == 2
    assert out.getvalue() == ""
    assert f"{path}:21:5: Ep cannot be computed at the initial conditions: the result is not a finite number" in err.getvalue()


@pytest.mark.parametrize("old, new, words", [
    ("<G>C|C1|0.1|", "<G>C|C1|sqrt(-1)|", ":24:9: radius of 'C1' cannot be computed at the initial conditions"),
    ("<G>C|C1|0.1|'x'|", "<G>C|C1|0.1|'1e300·1e300'|", ":24:13: x of 'C1' cannot be computed at the initial conditions: "
                                                      "the result is not a finite number"),
    ("Ox=0", "Ox=" + "9" * 400, ":3:4: Ox = 9999999999999999999999999999999999999… is too large to be a number here"),
])
def test_a_graphic_that_cannot_be_drawn_at_the_start(write_model, old, new, words):
    found = problems(write_model(spring().replace(old, new)))
    assert len(found) == 1 and words in found[0], found


def test_a_graphic_that_leaves_its_domain_during_the_run_stops_the_motion_before_it(write_model):
    from game.physics.observe.records import TrailRecorder
    from game.physics.state import SimulationError

    # x = 0.5·cos 2t reaches 0 at t = π/4, where the ball's sqrt(x) has no real value
    model = load_model(write_model(spring(x0="0.5").replace("<G>C|C1|0.1|'x'|", "<G>C|C1|0.1|'sqrt(x)'|")))
    sim = Simulation(model)
    kinematics = GraphicsKinematics(model, sim.parameters)
    sim.observers.append(TrailRecorder(lambda: kinematics.poses(sim.t, sim.q.tolist(), sim.qdot.tolist()), ["C1"], 100))
    with pytest.raises(SimulationError) as stop:
        sim.step(200)
    assert "a body or a measure cannot be computed here: no real value" in str(stop.value)
    assert sim.t < math.pi / 4 < stop.value.t and sim.q[0] > 0  # the last good state is kept
    assert kinematics.poses(sim.t, sim.q.tolist(), sim.qdot.tolist())[0].x == pytest.approx(math.sqrt(sim.q[0]))


# -- 2. hangs that check called valid ----------------------------------------------------------------

@pytest.mark.parametrize("old, new, words", [
    ("N=10", "N=1000000000", ":6:3: N = 1e+09 substeps per step is more than can be computed in time (at most 10,000)"),
    ("N=10", "N=100000000000000000000", ":6:3: N = 1e+20 substeps per step"),
    ("N=10", "N=1e20", ":6:3: N = 1e+20 substeps per step"),
    ("dt=0.01", "dt=0.000000001", ":5:4: dt = 1e-09 s is outside the range that can be animated (1e-06 to 10 s)"),
    ("dt=0.01", "dt=0.000005", ":5:4: dt = 5e-06 with N = 10 means 2,000,000 substeps per simulated second"),
    ("dt=0.01", "dt=1e400", ":5:4: dt = 1e400 is too large to be a number here"),
])
def test_settings_whose_cost_cannot_be_met(write_model, old, new, words):
    with cpu(0.5):
        found = problems(write_model(spring().replace(old, new)))
    assert len(found) == 1 and words in found[0], found


# -- 3. exponential or quadratic blow-ups --------------------------------------------------------------

def objects(rows: list[str]) -> str:
    return spring().split("<G>")[0] + "\n".join(rows) + "\n"


def test_references_doubling_at_every_level_are_shared(write_model):
    # each level reads both coordinates of the level above: 2⁴⁰ paths, 80 distinct values
    rows = ["<G>C|o0|0.1|'x'|'1'|'vx'|'0'|0|-1|0</G>"]
    rows += [f"<G>C|o{k}|0.1|(Obj[o{k - 1},_x]+Obj[o{k - 1},_y])/2|(Obj[o{k - 1},_x]-Obj[o{k - 1},_y])/2+1|"
             f"Obj[o{k - 1},_vx]+Obj[o{k - 1},_vy]|'0'|0|-1|0</G>" for k in range(1, 41)]
    path = write_model(objects(rows))
    with cpu(1.5):
        assert problems(path) == []
        model = load_model(path)
        resolver = GraphicsResolver(model.graphics, model.coordinates, model.velocities)
        x40 = resolver.field("o40", "x")
        assert size(x40) < 40 * 20 and names_in(x40) == {"x"}
        sim = Simulation(model)
        GraphicsKinematics(model, sim.parameters).poses(0.0, [0.3], [0.0])


def test_an_obj_chain_a_thousand_deep(write_model):
    rows = ["<G>C|o0|0.1|'x'|'0'|'vx'|'0'|0|-1|0</G>"]
    rows += [f"<G>C|o{k}|0.1|Obj[o{k - 1},_x]+0.001|'0'|Obj[o{k - 1},_vx]|'0'|0|-1|0</G>" for k in range(1, 1001)]
    path = write_model(objects(rows))
    with cpu(1.8):
        assert problems(path) == []  # read, checked, built and drawn at t = 0 as the window does
    poses = GraphicsKinematics(load_model(path), {"m": 1.0, "k": 4.0}).poses(0.0, [0.25], [0.0])
    assert poses[-1].x == pytest.approx(0.25 + 1.0)


def test_chained_parameters_check_in_linear_time(write_model):
    def cost(n: int) -> float:
        chain = "\n".join(f"<P>p{i}|{f'p{i - 1}' if i else 'm'}+1|x</P>" for i in range(n))
        path = write_model(spring().replace("<P>k|4|rigidez</P>", "<P>k|4|rigidez</P>\n" + chain), name=f"p{n}.dat")
        best = math.inf
        for _ in range(2):  # the better of two: a garbage collection must not decide the ratio
            gc.collect()
            start = time.process_time()
            assert problems(path) == []
            best = min(best, time.process_time() - start)
        return best

    small, large = cost(500), cost(4_000)
    assert large < 1.0
    # 8 × the parameters: quadratic would be 64 × (20,000 took 31 s: 500 would then take 20 ms
    # and 4,000 1.2 s, a ratio of 40 even with 10 ms of the rest of the file in both)
    assert large / small < 16
    assert parameter_values(load_model(write_model(
        spring().replace("<P>k|4|rigidez</P>", "<P>k|4|rigidez</P>\n<P>p0|m+1|x</P>\n<P>p1|p0+1|x</P>"))))["p1"] == 3


def test_two_hundred_products_in_ek(write_model):
    factors = "·".join(f"(1 + 0.001·sin({j}·x)·cos({j}·x))" for j in range(1, 201))
    text = one_coordinate(f"m·{factors}", f"½·m·vx²·{factors}", "½·x²", x0="0.1")
    path = write_model(text)
    with cpu(1.5):
        assert problems(path) == []
    sim = Simulation(load_model(path))
    sim.step(5)
    assert abs(sim.energy - sim.e0) < 1e-9


def test_thirty_link_chain_checks_and_sixty_one_is_refused_at_once(write_model):
    from game.app.commands.bench import pendulum_chain_text

    with cpu(1.0):  # read and validated (built in tests/physics/test_chains.py)
        load_model(write_model(pendulum_chain_text(30)))
    with cpu(0.3):
        found = problems(write_model(pendulum_chain_text(61), name="c61.dat"))
    assert len(found) == 1 and "nQ = 61 coordinates is more than this program can run (at most 60)" in found[0]


def free_points_text(k: int, fixed: int = 0) -> str:
    """A mechanism of ``k`` free points, each a ball of its own (nothing joins them), and ``fixed``
    fixed points besides."""
    rows = [f"<POINT>F{i}|{i}|1|0|0|1</POINT>" for i in range(fixed)]
    rows += [f"<POINT>Q{i}|{i}|0|0|0</POINT><MASS>m{i}|Q{i}|1|0.1</MASS>" for i in range(k)]
    return mechanism("\n".join(rows))


def test_a_mechanism_of_thirty_free_points_checks_and_thirty_one_are_refused_at_once(write_model):
    # the coordinates of a mechanism are 2 per free point, against the same 60 as nQ: 300 points
    # used to check in seconds and then run for minutes, 2,000 took 2 minutes and 1.3 GB to check
    from game.app.commands.bench import chain_text

    with cpu(1.5):
        assert problems(write_model(chain_text(30), "chain30.dat")) == []
    text = chain_text(31)
    path = write_model(text, "chain31.dat")
    with cpu(0.3):
        found = problems(path)
    assert found == [f"{path}:{place(text, '<POINT>P31|')}: more than 30 free points: a mechanism's coordinates are "
                     "the x and y of its free points, and a model has at most 60 (the rest of the file was not read)"]
    with cpu(0.5), memory(30):  # 5,000 bare points: > 2 minutes and 5.6 GB before
        found = problems(write_model(free_points_text(5000), "bare.dat"))
    assert len(found) == 1 and "more than 30 free points" in found[0]


def test_a_mechanism_block_of_more_than_five_hundred_rows_is_refused_at_the_row_past_the_limit(write_model):
    # 30 free points in a chain braced by every bar that fits in 500 rows: checks in about a second
    from game.app.commands.bench import chain_text

    braces = [f"<BAR>x{i}_{j}|P{i}|P{j}|1</BAR>" for i in range(1, 31) for j in range(i + 2, 31)]  # 406
    braces += [f"<BAR>d{k}|P{k % 30}|P{k % 30 + 1}|1</BAR>" for k in range(500 - 62 - len(braces))]  # links twice
    largest = chain_text(30).replace("</MECHANISM>", "\n".join(braces) + "\n</MECHANISM>")
    with cpu(2.0):
        found = problems(write_model(largest, "largest.dat"))
    assert len(found) == 1 and "the initial points are at a dead point" in found[0], found  # (all in line)
    one_more = largest.replace("</MECHANISM>", "<BAR>extra|P1|P3|1</BAR>\n</MECHANISM>")
    path = write_model(one_more, "one_more.dat")
    with cpu(0.5):
        found = problems(path)
    assert found == [f"{path}:{place(one_more, '<BAR>extra|')}: more than 500 rows in <MECHANISM> (points and "
                     "elements); this many could not be followed in time (the rest of the file was not read)"]
    # thousands of fixed points count as rows too: they cannot make a file slow either
    path = write_model(free_points_text(2, fixed=20_000), "fixed.dat")
    gc.collect()  # (the big model above, not this file's reading)
    with cpu(0.5):
        found = problems(path)
    assert len(found) == 1 and "more than 500 rows in <MECHANISM>" in found[0]


# -- 4. huge files ----------------------------------------------------------------------------------------

def test_a_fifty_megabyte_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.dat"
    with open(path, "wb") as f:
        f.truncate(50_000_000)  # sparse: nothing is written, nothing is read
    with cpu(0.2), memory(5):
        found = problems(path)
    assert found == [f"{path}:1:1: the file is 50,000,000 bytes; model files are limited to {MAX_FILE_BYTES:,} bytes"]


def test_reading_stops_after_the_first_problems(write_model):
    bad = "<P>1bad|(|x</P>\n" * 20_000  # two problems each
    with cpu(1.0), memory(150):
        found = problems(write_model(SLIDING.replace("<PARAMETERS>\n", "<PARAMETERS>\n" + bad)))
    assert len(found) == MAX_PROBLEMS + 1
    assert found[-1].endswith(f"more than {MAX_PROBLEMS} problems; the rest of the file was not checked")


def test_twenty_thousand_coordinates_with_their_rows(write_model):
    n = 20_000
    rows = "\n".join(f"<CI>x{k}|0|x</CI>" for k in range(n)) + "\n" + "\n".join(f"<CI>v{k}|0|v</CI>" for k in range(n))
    text = spring().replace("nQ=1", f"nQ={n}").replace("<CI>x|0|posición</CI>\n<CI>vx|0|velocidad</CI>", rows)
    text = text.replace("<Ek>½·m·vx²</Ek>", "<Ek>" + " + ".join(f"½·m·v{k}²" for k in range(n)) + "</Ek>")
    with cpu(0.5), memory(60):
        found = problems(write_model(text))
    assert len(found) == 1 and "nQ = 20000 coordinates is more than this program can run" in found[0]


@pytest.mark.parametrize("limit, row", [("MAX_ROWS", "<P>p{i}|{i}|x</P>"), ("MAX_EXPRESSION_TEXT", "<P>p{i}|{i}+1|x</P>")])
def test_reading_stops_at_the_limits_of_rows_and_text(write_model, monkeypatch, limit, row):
    # the limits (30,000 rows, 500,000 characters) made small: the same code stops reading
    monkeypatch.setattr(reader, limit, 1000)
    rows = "\n".join(row.format(i=i) for i in range(1500))
    found = problems(write_model(spring().replace("<P>k|4|rigidez</P>", "<P>k|4|rigidez</P>\n" + rows)))
    words = "more than 1,000 rows" if limit == "MAX_ROWS" else "add up to more than 1,000 characters"
    assert len(found) == 1 and words in found[0], found


# -- 6. accepted by check, refused later -------------------------------------------------------------

@pytest.mark.parametrize("escala", ["0", "-5", "0.0", "1e400", "1e-9", "1e9"])
def test_check_refuses_every_escala_the_camera_refuses(write_model, escala):
    found = problems(write_model(spring().replace("escala=100", f"escala={escala}")))
    assert len(found) == 1 and ":2:8: escala" in found[0], found


@pytest.mark.parametrize("escala", ["0.5", "100", "2e3"])
def test_escalas_that_can_be_drawn_pass(write_model, escala):
    pytest.importorskip("pygame")
    from game.render.camera import Camera

    assert problems(write_model(spring().replace("escala=100", f"escala={escala}"))) == []
    Camera(float(escala), 0.0, 0.0, (0, 0, 800, 600))


def test_every_problem_is_the_programs_own_error(write_model):
    # a reference to a spring's _k, a cycle, a missing object: all ExpressionErrors with a place
    text = SLIDING.replace("Obj[B1,_y]", "Obj[C1,_y]")
    with pytest.raises(ModelFileError) as info:
        load_model(write_model(text))
    assert all(isinstance(p, ExpressionError) and p.location.line > 1 for p in info.value.problems)


# -- mechanisms: every row's expressions, the same way (the audit of the MECHANISM block) ----------------

def place(text: str, snippet: str) -> str:
    """``line:column`` of ``snippet`` in ``text`` (once)."""
    assert text.count(snippet) == 1, snippet
    at = text.index(snippet)
    return f"{text.count(chr(10), 0, at) + 1}:{at - text.rfind(chr(10), 0, at)}"


@pytest.mark.parametrize("old, new, words", [
    ("<GRAVITY>'g'", "<GRAVITY>'sqrt(-1)'", "the gravity cannot be computed: no real value"),
    ("<GRAVITY>'g'", "<GRAVITY>'1e300·1e300·g'", "the gravity cannot be computed: the result is not a finite number"),
    ("|'-pi/2 + 0.4·sin(2·t)'", "|'log(t)'", "the angle of DRIVER motor cannot be computed at t = 0: no real value"),
    ("|'-pi/2 + 0.4·sin(2·t)'", "|'1/t'", "the angle of DRIVER motor cannot be computed at t = 0: division by zero"),
    ("|'-0.2·B_vx + 0.1·sin(t)'", "|'log(0)'",
     "the model cannot start: the force Fx of FORCE B cannot be computed: no real value"),
    ("|'0.05·B_x'", "|'sqrt(-1 - B_x²)'", "the model cannot start: the force Fy of FORCE B cannot be computed: no real"),
    ("|'0.05·B_x'", "|'9^9^9^9·B_x'", "the force Fy of FORCE B cannot be computed: the result is not a finite number"),
    ("|O|A|0.4", "|O|A|sqrt(-1)", "the mass of BAR manivela cannot be computed: no real value"),
    ("|A|B|2|0.3|", "|A|B|2|log(0)|", "the inertia of BAR barra cannot be computed: no real value"),
    ("|B|D|0.7|''|0.03", "|B|D|0.7|''|1/0", "the width of BAR tirante cannot be computed: division by zero"),
    ("|C|0.5|", "|C|0.5/0|", "the mass of MASS mc cannot be computed: division by zero"),
    ("|D|1.2|0.06", "|D|1.2|sqrt(-1)", "the radius of MASS md cannot be computed: no real value"),
    ("|S|C|k|", "|S|C|log(-k)|", "the k of SPRING resorte cannot be computed: no real value"),
    ("|S|C|k|''|", "|S|C|k|log(0)|", "the length of SPRING resorte cannot be computed: no real value"),
    ("|''|0.3</SPRING>", "|''|1/0</SPRING>", "the damping of SPRING resorte cannot be computed: division by zero"),
    ("<POINT>S|1|", "<POINT>S|1/0|", "the position of point S cannot be computed: division by zero"),
    ("<POINT>A|0|", "<POINT>A|log(0)|", "the value of A_x cannot be computed: no real value"),
    ("|0|0.3|0</POINT>", "|0|sqrt(-1)|0</POINT>", "the value of B_vy cannot be computed: no real value"),
])
def test_a_mechanism_value_that_cannot_be_computed_is_a_located_error(write_model, old, new, words):
    # every expression cell of every row: GRAVITY, DRIVER and FORCE used to escape as tracebacks
    # from the engine (check, simulate, screenshot and the window alike); each problem is told at
    # the cell that changed
    text = EVERYTHING.replace(old, new)
    path = write_model(text)
    with cpu(1.0):
        found = problems(path)
    changed = next(i for i, (a, b) in enumerate(zip(old, new)) if a != b)
    cell = new[max(new.rfind("|", 0, changed), new.rfind(">", 0, changed)) + 1:]
    cell = cell.split("|")[0].split("<")[0]
    assert len(found) == 1 and words in found[0], found
    assert found[0].startswith(f"{path}:{place(text, cell)}: "), found


def test_gravity_and_motors_refused_through_simulate_and_the_window(write_model):
    import io

    from game.app.commands.simulate import simulate
    from game.app.files import paths
    from game.app.session.session import Session
    from game.model import read_catalog

    for old, cell, words in [("'g'", "'sqrt(-1)'", "the gravity cannot be computed"),
                             ("'-pi/2 + 0.4·sin(2·t)'", "'log(t)'", "the angle of DRIVER motor cannot be computed at t = 0")]:
        text = EVERYTHING.replace(old, cell)
        path = write_model(text)
        out, err = io.StringIO(), io.StringIO()
        assert simulate(str(path), 1.0, None, [], "exact", out=out, err=err) == 2
        assert f"{path}:{place(text, cell)}: {words}" in err.getvalue() and out.getvalue() == ""
        session = Session(read_catalog(paths.CATALOG, paths.MODELS))
        session.open(str(path))  # the window: the next model opens, the banner says why not this one
        assert session.entry.path != path and session.banner.text is not None and str(path) in session.banner.text


def test_parameters_set_on_the_command_line_are_refused_with_the_row_they_break(write_model):
    import io

    from game.app.commands.simulate import simulate

    text = EVERYTHING.replace("<GRAVITY>'g'", "<GRAVITY>'9.81/k'").replace("'-pi/2 + 0.4·sin(2·t)'",
                                                                          "'-pi/2 + log(g)·sin(2·t)'")
    path = write_model(text)
    assert problems(path) == []
    for setting, cell, words in [("k=0", "'9.81/k'", "the gravity cannot be computed: division by zero"),
                                 ("g=0", "'-pi/2 + log(g)·sin(2·t)'",
                                  "the angle of DRIVER motor cannot be computed at t = 0: no real value")]:
        out, err = io.StringIO(), io.StringIO()
        assert simulate(str(path), 0.1, None, [setting], "exact", out=out, err=err) == 2
        assert f"{path}:{place(text, cell)}: {words}" in err.getvalue(), err.getvalue()


@pytest.mark.parametrize("setting, words", [
    ("d=0", "cuadrilatero.dat:33:6: BAR bancada has zero length"),  # was a ZeroDivisionError traceback
    ("m=-1", "cuadrilatero.dat:34:20: the mass of BAR manivela must be a number ≥ 0, not -10"),  # LinAlgError
])
def test_simulate_set_values_that_break_a_mechanism_are_said_as_check_says_them(setting, words):
    import io

    from game.app.commands.simulate import simulate

    out, err = io.StringIO(), io.StringIO()
    assert simulate("cuadrilatero", 0.1, None, [setting], "exact", out=out, err=err) == 2
    assert words in err.getvalue() and "Traceback" not in err.getvalue()


#: a crank turned by a motor whose angle has no value from t = 0.5 on (it turns ever faster before)
FAILING_MOTOR = mechanism("<GRAVITY>'9.81'</GRAVITY>\n<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0</POINT>\n"
                          "<BAR>b|O|P|1</BAR>\n<DRIVER>d|O|P|'log(0.5 - t)'</DRIVER>", general="dt=0.01\nN=10")


@pytest.mark.parametrize("text, value, cell", [
    (FAILING_MOTOR, "'log(0.5 - t)'", "DRIVER d angle"),
    (EVERYTHING.replace("|'-0.2·B_vx + 0.1·sin(t)'", "|'sqrt(0.3 - t)'"), "'sqrt(0.3 - t)'", "FORCE B Fx"),
], ids=["driver", "force"])
def test_a_motor_or_force_that_fails_later_stops_the_run_with_its_row(write_model, text, value, cell):
    import io

    from game.app.commands.simulate import simulate

    path = write_model(text)
    assert problems(path) == []  # it has values at t = 0
    out, err = io.StringIO(), io.StringIO()
    with cpu(1.5):
        assert simulate(str(path), 1.0, None, [], "exact", out=out, err=err) == 1
    said = err.getvalue().splitlines()
    what = "the angle of DRIVER d" if cell.startswith("DRIVER") else "the force Fx of FORCE B"
    assert said[1].startswith(f"error: the simulation stopped: {what} cannot be computed: no real value here")
    assert said[2] == f"  in {path}:{place(text, value)}: {cell} = {value}"
    assert "Traceback" not in err.getvalue()


def test_a_mechanism_whose_numbers_overflow_is_refused(write_model):
    # each number is allowed (up to 1e300), but a bar 1e200 long has L² = inf, and m·g overflows
    bar = mechanism("<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1e200|0</POINT>\n<BAR>b|O|P|1</BAR>")
    heavy = mechanism("<GRAVITY>'1e300'</GRAVITY>\n<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0</POINT>\n"
                      "<BAR>b|O|P</BAR>\n<MASS>m|P|1e300|0.1</MASS>")
    for name, text in [("bar.dat", bar), ("heavy.dat", heavy)]:
        path = write_model(text, name)
        assert problems(path) == [f"{path}:8:1: the mechanism's numbers are too large to compute with (a length "
                                  "squared, a mass times gravity or a stiffness is not a finite number)"]
