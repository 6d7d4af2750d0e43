"""The builder without its window: a drawing made by calls, its degrees of freedom in words, undo and
redo, the refused cases, and the file it writes (read by the program's own reader, accepted by check,
run to the same CSV bit for bit)."""

from __future__ import annotations

import io

import pytest

from game.app.commands.check import check
from game.app.commands.simulate import simulate
from game.app.files.userdirs import user_folders
from game.app.session.building import MOST_ROWS, Builder
from game.messages import set_language
from game.model import read_model


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def four_bar(b: Builder) -> dict[str, str]:
    """Grashof's crank–rocker drawn on a grid of 0.5: supports 4 apart, crank 1, coupler, rocker."""
    O2, O4 = b.add_point(0, 0, fixed=True), b.add_point(4, 0, fixed=True)
    A, B = b.add_point(0, 1), b.add_point(3.5, 2.5)
    assert None not in (O2, O4, A, B)
    for p1, p2 in ((O2, A), (A, B), (O4, B)):
        assert b.add_bar(p1, p2) is not None
    return {"O2": O2, "O4": O4, "A": A, "B": B}


def test_a_four_bar_has_one_degree_of_freedom_and_each_step_says_how_many():
    b = Builder(grid=0.5)
    assert b.freedom().text() == "Nothing can move yet: add a free point"
    p = four_bar(b)
    assert b.freedom().text() == "1 degree of freedom"
    b.undo()  # the rocker off: two bars hanging, two degrees
    assert b.freedom().text() == "floppy: 2 degrees of freedom"
    b.redo()
    assert b.freedom().text() == "1 degree of freedom"
    b.add_motor(p["O2"], p["A"], 2.0)
    assert b.freedom().text() == "driven by its motor (0 degrees of freedom left)"
    b.undo()
    b.add_bar(p["O2"], p["B"])  # a diagonal: a triangle and a bar, rigid
    assert b.freedom().text() == "locked (0 degrees of freedom): nothing can move"
    set_language("es")
    assert b.freedom().text() == "bloqueado (0 grados de libertad): nada puede moverse"


def test_points_snap_to_the_grid_and_a_point_dropped_on_another_joins_it():
    b = Builder(grid=0.5)
    p = b.add_point(0.9, 1.1)
    assert (b.drawing.joint(p).x, b.drawing.joint(p).y) == (1.0, 1.0)
    assert b.add_point(1.1, 0.9) == p  # on it: the same point, not a second one
    q = b.add_point(3, 1, fixed=True)
    bar = b.add_bar(p, q)
    r = b.add_point(5, 5)
    spring = b.add_spring(r, p)
    assert b.move_point(r, 3.1, 1.05)  # dropped on q: r joins q, its spring now hangs from q
    assert [j.id for j in b.drawing.joints] == [p, q]
    assert next(x for x in b.drawing.pieces if x.id == spring).points == (q, p)
    # dropping p on q would join the bar to itself: refused, nothing lost
    before = b.drawing
    assert not b.move_point(p, 3, 1)
    assert b.drawing is before and bar in b.said.text()
    b.undo()  # the join undone: r is back with its spring
    assert [j.id for j in b.drawing.joints] == [p, q, r]


def test_bad_cases_give_a_message_and_lose_nothing(tmp_path):
    b = Builder(grid=0.5)
    p, q = b.add_point(0, 0, fixed=True), b.add_point(1, 0)
    b.add_bar(p, q)
    before = b.drawing
    assert b.add_bar(q, q) is None and "two different points" in b.said.text()
    assert b.add_slider(q, p, p) is None and "guide" in b.said.text()
    assert b.add_slider(q, q, p) is None and "through itself" in b.said.text()
    assert b.add_bar(q, "P99") is None and "P99" in b.said.text()
    assert b.drawing is before
    # 500 rows: the reader's limit (with the GRAVITY row); the next is refused with the number
    b = Builder(grid=0.5)
    anchor, bob = b.add_point(0, 0, fixed=True), b.add_point(1, 0)
    b.add_bar(anchor, bob)  # a pendulum, and forces on its bob up to the limit
    for _ in range(MOST_ROWS - 3):
        assert b.add_force(bob, 0, -1) is not None
    assert b.drawing.rows == MOST_ROWS
    assert b.add_force(anchor) is None and str(MOST_ROWS) in b.said.text()
    full = b.drawing
    assert b.add_point(3, 3) is None and "nothing was added" in b.said.text()
    assert b.add_spring(anchor, anchor) is None and b.drawing is full  # (refused for itself first)
    # the full drawing is whole: it saves, and the file reads back to every one of its rows
    b.said = None
    path = b.save(tmp_path, "full")
    assert path is not None and read_model(path).mechanism is not None
    assert len(read_model(path).mechanism.elements) == MOST_ROWS - 2  # all but its two points
    assert b.undo() and b.drawing.rows == MOST_ROWS - 1


def test_every_action_undoes_and_redoes():
    b = Builder(grid=0.5)
    p = four_bar(b)
    drawings = [b.drawing]
    b.add_spring(p["A"], p["O4"], k=5)
    drawings.append(b.drawing)
    b.delete(p["B"])  # a point and its two bars
    assert len(b.drawing.pieces) == 2 and len(b.drawing.joints) == 3
    b.undo()
    assert b.drawing == drawings[-1]
    b.undo()
    assert b.drawing == drawings[0]
    b.redo()
    b.redo()
    assert len(b.drawing.joints) == 3
    assert not b.redo() and b.said.text() == "Nothing to redo"


def test_a_built_four_bar_saved_loads_checks_and_runs_to_the_same_csv_bit_for_bit(tmp_path):
    b = Builder(grid=0.5)
    four_bar(b)
    folder = user_folders().models
    path = b.save(folder, "my four bar")
    assert path == folder / "my four bar.dat" and path.exists()
    text = path.read_text(encoding="utf-8")
    model = read_model(path)
    assert model.mechanism is not None and len(model.mechanism.points) == 4
    assert check([str(path)], out=io.StringIO()) == 0
    runs = []
    for k in range(2):
        out = tmp_path / f"run{k}.csv"
        assert simulate(str(path), 3.0, str(out), [], "exact", out=io.StringIO(), err=io.StringIO()) == 0
        runs.append(out.read_bytes())
    # the drawing written again is the file saved, and it runs the same
    again = tmp_path / "again.dat"
    again.write_text(b.to_mechanism("my four bar"), encoding="utf-8")
    assert again.read_text(encoding="utf-8") == text
    out = tmp_path / "again.csv"
    assert simulate(str(again), 3.0, str(out), [], "exact", out=io.StringIO(), err=io.StringIO()) == 0
    assert runs[0] == runs[1] == out.read_bytes()
    assert len(runs[0].splitlines()) > 100
    # not over an existing file; a name no file can have
    assert b.save(folder, "my four bar") is None and "already exists" in b.said.text()
    assert b.save(folder, "../x") is None


def test_a_floppy_drawing_is_not_saved_and_says_why(tmp_path):
    b = Builder(grid=0.5)
    p = b.add_point(0, 0, fixed=True)
    b.add_point(1, 0)
    assert b.save(tmp_path, "nothing holds it") is None
    assert b.said is not None and "cannot be saved yet" in b.said.text()
    assert not (tmp_path / "nothing holds it.dat").exists()
    assert p == "P1"


def test_a_point_dropped_near_a_bar_or_a_slider_guide_lands_on_its_line_after_points_and_grid():
    b = Builder(grid=0.5)
    O, E = b.add_point(0, 0, fixed=True), b.add_point(4, 2)
    bar = b.add_bar(O, E)  # the line y = x/2
    # away from every grid node (the nearest, (1.5, 0.5), is 0.22 off) and 0.045 off the bar: on the bar
    spot = b.landing(1.3, 0.6)
    assert spot.kind == "line" and spot.on == bar and spot.line == ((0, 0), (4, 2))
    assert (spot.x, spot.y) == pytest.approx((1.28, 0.64)) and spot.y == pytest.approx(spot.x / 2)
    P = b.add_point(1.3, 0.6)
    joint = b.drawing.joint(P)
    assert (joint.x, joint.y) == (spot.x, spot.y)
    # as near a grid node as the bar: the node keeps its priority
    assert (b.landing(0.55, 0.4).kind, b.landing(0.55, 0.4).x, b.landing(0.55, 0.4).y) == ("grid", 0.5, 0.5)
    # near a point on the line: it joins the point
    assert b.landing(1.33, 0.62).kind == "point" and b.landing(1.33, 0.62).on == P
    # beyond the bar's end, nothing pulls but the grid
    assert b.landing(5.3, 2.6).kind == "grid"
    # a slider's guide pulls along its whole line, past its two points
    S = b.add_point(1, 3)
    b.add_slider(S, O, E)
    spot = b.landing(6.3, 3.2)
    assert spot.kind == "line" and spot.y == pytest.approx(spot.x / 2) and spot.x > 4
    # a point moved does not snap to its own bar's line (it moves with it); to another's it does
    Q, R = b.add_point(0, 4), b.add_point(2, 5)
    b.add_bar(Q, R)
    assert b.move_point(R, 2.7, 1.4) and b.drawing.joint(R).y == pytest.approx(b.drawing.joint(R).x / 2)
    assert b.landing(1.0, 4.3, moving=R).kind == "grid"
    b.undo()
    assert (b.drawing.joint(R).x, b.drawing.joint(R).y) == (2, 5)


def truss(b: Builder, bays: int = 9) -> None:
    """A Warren truss of 35 bars pinned at one end, hung from a support by two springs, three masses on
    it: 40 elements (the speed goal's built mechanism)."""
    low = [b.add_point(k, 0, fixed=(k == 0)) for k in range(bays + 1)]
    high = [b.add_point(k + 0.5, 1) for k in range(bays)]
    for k in range(bays):
        b.add_bar(low[k], low[k + 1])
        b.add_bar(low[k], high[k])
        b.add_bar(high[k], low[k + 1])
    for k in range(bays - 1):
        b.add_bar(high[k], high[k + 1])
    anchor = b.add_point(bays / 2, 6, fixed=True)
    b.add_spring(anchor, low[-1], k=200)
    b.add_spring(anchor, high[bays // 2], k=200)
    for p in (low[3], low[6], high[-1]):
        b.add_mass(p, 2.0)


def test_a_built_40_element_truss_saves_checks_and_its_frames_are_timed_by_bench(tmp_path, run):
    b = Builder(grid=0.5)
    truss(b)
    assert len(b.drawing.pieces) == 40 and b.said is None
    assert b.freedom().text() == "1 degree of freedom"  # rigid, turning about its pin against the springs
    path = b.save(tmp_path, "truss40")
    assert path is not None and check([str(path)], out=io.StringIO()) == 0
    r = run("--lang", "en", "bench", "--frames", "--quick", "--model", str(path))  # a file, not only a stem
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Frame times: truss40") and "reaction arrows on" in r.stdout
    assert "simulated 1.00 s in 60 frames" in r.stdout
    r = run("--lang", "en", "bench", "--model", str(path))  # the engine's table is of the menu's models
    assert r.returncode == 2 and "bench measures the models of the menu" in r.stderr


def test_a_point_dropped_near_where_a_line_crosses_the_grid_or_another_line_lands_on_the_crossing():
    b = Builder(grid=0.5)
    O, E = b.add_point(0, 0, fixed=True), b.add_point(4, 2)
    bar = b.add_bar(O, E)  # the line y = x/2: it crosses the grid line x = 1.5 at (1.5, 0.75), off every node
    spot = b.landing(1.55, 0.7)  # 0.25 of the grid from the nearest node, 0.07 from the crossing
    assert spot.kind == "crossing" and spot.on == bar and spot.across is None
    assert (spot.x, spot.y) == pytest.approx((1.5, 0.75))
    P = b.add_point(1.55, 0.7)
    assert (b.drawing.joint(P).x, b.drawing.joint(P).y) == pytest.approx((1.5, 0.75))
    # where it crosses x = 2.5 (at y = 1.25), likewise; between crossings and nodes, on the line
    spot = b.landing(2.55, 1.2)
    assert spot.kind == "crossing" and (spot.x, spot.y) == pytest.approx((2.5, 1.25))
    assert b.landing(2.27, 1.12).kind == "line"
    # two bars: where they cross (y = x/2 and y = 3 - 3x/7, at x = 42/13), off the grid's lines
    Q, R = b.add_point(0, 3, fixed=True), b.add_point(3.5, 1.5)
    other = b.add_bar(Q, R)
    spot = b.landing(3.25, 1.6)
    assert spot.kind == "crossing" and {spot.on} <= {bar, other} and spot.across is not None
    assert (spot.x, spot.y) == pytest.approx((42 / 13, 21 / 13))
    S = b.add_point(3.25, 1.6)
    assert (b.drawing.joint(S).x, b.drawing.joint(S).y) == pytest.approx((42 / 13, 21 / 13))
    # a grid node near the drop keeps its priority over a crossing, and a point over both
    assert b.landing(2.05, 1.05).kind == "grid"
    assert b.landing(1.52, 0.77).kind == "point" and b.landing(1.52, 0.77).on == P
