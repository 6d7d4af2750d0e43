"""A kiosk left alone: the two-step timeout, the attract loop and self-healing, without a window."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from model_texts import one_coordinate

from game.app.files import paths
from game.app.files.settings import Settings, Show, load_settings
from game.app.kiosk.kiosk import ATTRACT, COUNTDOWN, INTERACTIVE, Kiosk
from game.app.session.session import Session
from game.messages import language
from game.model import read_catalog

SHOWS = (Show("pendulo_triple", 5.0, (("a1", "2.2"), ("a2", "2.6"))), Show("kapitza", 3.0))


def test_the_timeout_has_two_steps_and_the_loop_cycles():
    k = Kiosk(idle_seconds=10, countdown_seconds=4, shows=SHOWS)
    assert k.tick(9.9) is None and k.phase == INTERACTIVE
    assert k.tick(0.2) is None and k.phase == COUNTDOWN and k.seconds_left == 4
    assert k.tick(1.5) is None and k.seconds_left == 3  # 2.5 s left: the screen says 3
    assert k.tick(2.6) is SHOWS[0] and k.phase == ATTRACT
    assert k.tick(4.9) is None
    assert k.tick(0.2) is SHOWS[1]
    assert k.tick(3.0) is SHOWS[0]  # round and round


def test_input_keeps_it_interactive_and_answers_the_countdown():
    k = Kiosk(idle_seconds=10, countdown_seconds=4, shows=SHOWS)
    for _ in range(5):
        k.tick(8)
        assert not k.touch()  # a visitor playing: not swallowed, the timer starts again
    assert k.phase == INTERACTIVE
    k.tick(11)
    assert k.phase == COUNTDOWN and k.touch() and k.phase == INTERACTIVE  # "still there?" — yes
    k.tick(10.5)
    k.tick(4.5)
    assert k.phase == ATTRACT and k.touch() and k.phase == INTERACTIVE


@pytest.fixture
def kiosk_session() -> Session:
    s = Session(read_catalog(paths.CATALOG, paths.MODELS),
                replace(Settings(), language="es", kiosk=True, kiosk_idle_seconds=10, kiosk_countdown_seconds=4,
                        kiosk_attract=SHOWS))
    s.open("pendulo_doble")
    return s


def run_kiosk(s: Session, seconds: float, frame: float = 0.1) -> None:
    for _ in range(round(seconds / frame)):
        s.tick(frame)
        s.clock.advance(frame)


def test_the_session_shows_the_countdown_then_the_attract_loop(kiosk_session, spanish):
    s = kiosk_session
    s.act("energy")
    s.act("parameters")
    run_kiosk(s, 10.2)
    assert s.kiosk.caption.startswith("¿Sigues ahí?") and s.kiosk.caption.endswith("· 4")
    assert s.entry.stem == "pendulo_doble"  # the countdown only asks
    run_kiosk(s, 4.0)
    # the first show: its model, its conditions, moving, trails on, nothing else open
    assert s.entry.stem == "pendulo_triple" and s.kiosk.caption == "Toca para jugar"
    assert s.view.animating and s.view.dialog is None and not s.view.panels
    assert s.sim.user_q[:2] == pytest.approx([2.2, 2.6], abs=1e-12) and s.sim.user_q[2] == 0  # a3 from the file
    run_kiosk(s, 2.0)
    assert len(s.showing.trail_list()[0]) > 50
    run_kiosk(s, 3.1)
    assert s.entry.stem == "kapitza" and s.view.animating
    # a touch: back to the interactive screen on the model shown, still moving
    assert s.kiosk.touched()
    assert s.kiosk.caption is None and s.entry.stem == "kapitza" and s.view.animating
    assert not s.kiosk.touched()  # the next touch is an ordinary one


def test_each_show_starts_clean_whatever_the_last_visitor_left_on(kiosk_session, spanish):
    s = kiosk_session
    s.open("cuadrilatero")
    s.act("reactions")  # a mechanism's reactions, left on when the visitor chose another model
    s.actions.choose(s.catalog.entries.index(s.catalog.find("pendulo_doble")))
    # whatever is left on goes: the plots and chaos, and the rest
    s.act("plots")
    s.act("ensemble")
    for name in ("speed3", "vectors", "energy", "values", "edit", "zoom_in", "language"):
        s.act(name)
    s.plots.change(0, kind="xy")
    v = s.view
    assert v.plots and v.ensemble and len(s.showing.ghosts()[0].fields["x"]) == 50 and s.clock.scheduler.speed == 4.0
    assert v.reactions and v.framing.manual and language() == "en"
    run_kiosk(s, 14.2)
    assert s.kiosk.idle.phase == ATTRACT and s.entry.stem == "pendulo_triple" and v.animating
    assert not (v.plots or v.ensemble or v.vectors or v.reactions or v.edit_velocities or v.panels or v.menu)
    assert s.plots.plots == [] and s.plots.ensemble is None and s.showing.ghosts() == []
    assert v.speed_index == 1 and s.clock.scheduler.speed == 1.0 and not v.framing.manual
    assert language() == "es" and s.kiosk.caption == "Toca para jugar"
    t = s.sim.t
    run_kiosk(s, 2.0)
    assert s.sim.t - t == pytest.approx(2.0, abs=0.03)  # at 1×
    # the next visitor's plots are the usual ones, not the last visitor's
    assert s.kiosk.touched()
    s.actions.table["plots"]()
    assert [p.spec.kind for p in s.plots.plots] == ["energy", "phase"]


def test_a_show_that_cannot_open_gives_way_to_the_next(kiosk_session):
    s = kiosk_session
    s.kiosk.idle.shows = (Show("no_such_model", 5.0), SHOWS[1])
    run_kiosk(s, 14.2)
    assert s.entry.stem == "kapitza" and s.view.animating


def test_without_shows_the_attract_loop_is_the_model_from_its_own_conditions(kiosk_session):
    s = kiosk_session
    s.kiosk.idle.shows = ()
    s.sim.set_conditions([1.0, 0.5], [0.0, 0.0])
    run_kiosk(s, 14.2)
    assert s.entry.stem == "pendulo_doble" and s.view.animating
    assert np.allclose(s.sim.user_q, [np.pi / 2, np.pi / 4])


def test_a_failed_simulation_starts_again_after_a_few_seconds(tmp_path, monkeypatch, spanish):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "raiz.dat").write_text(
        one_coordinate("m", "½·m·vx²", "m·sqrt(x)", x0="0.2", v0="-1"), encoding="utf-8")
    (tmp_path / "models.xml").write_text(
        "<MODELS><MODEL><FILE>raiz.dat</FILE><TITLE>Raíz</TITLE></MODEL></MODELS>", encoding="utf-8")
    s = Session(read_catalog(tmp_path / "models.xml"), replace(Settings(), kiosk=True, kiosk_heal_seconds=3))
    s.open()
    s.act("animate")
    while s.view.animating:
        run_kiosk(s, 0.1)
    assert "Ep no se puede calcular" in s.banner.text  # in the interface's language (Spanish)
    stopped_at, waited = s.sim.q.copy(), 0.0
    while not s.view.animating and waited < 10:
        run_kiosk(s, 0.1)
        waited += 0.1
        assert s.view.animating or np.array_equal(s.sim.q, stopped_at)  # the message stays a while
    assert waited == pytest.approx(3.0, abs=0.11)  # kiosk_heal_seconds, to a frame
    assert s.banner.text is None and s.sim.t <= 0.1 and s.sim.user_q[0] == 0.2  # from the model's conditions again


def test_a_desktop_never_restarts_by_itself(tmp_path):
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open("pendulo_doble")
    run_kiosk(s, 1000.0, frame=10.0)
    assert s.kiosk.idle is None and s.kiosk.caption is None and not s.view.animating


def test_the_attract_loop_from_a_settings_file(tmp_path):
    p = tmp_path / "kiosko.toml"
    p.write_text('kiosk = true\nkiosk_countdown_seconds = 5\n'
                 '[[kiosk_attract]]\nmodel = "pendulo_doble"\nseconds = 30\nconditions = { a1 = "3", a2 = "pi" }\n'
                 '[[kiosk_attract]]\nmodel = "kapitza"\n', encoding="utf-8")
    s, problems = load_settings(p)
    assert problems == []
    assert s.kiosk_countdown_seconds == 5
    assert s.kiosk_attract == (Show("pendulo_doble", 30.0, (("a1", "3"), ("a2", "pi"))), Show("kapitza", 40.0))
    p.write_text('[[kiosk_attract]]\nseconds = 3\n', encoding="utf-8")
    s, problems = load_settings(p)  # a bad loop is told, and the program's own is used
    assert s.kiosk_attract == Settings().kiosk_attract
    assert len(problems) == 1 and "kiosko.toml:1" in problems[0] and "kiosk_attract #1 needs model" in problems[0]


def test_every_default_show_opens_with_its_conditions():
    s = Session(read_catalog(paths.CATALOG, paths.MODELS), Settings())
    s.open()
    for show in Settings().kiosk_attract:
        assert s.kiosk.start_show(show), show.model
        s.sim.reset()  # a show is run a moment ahead to start in motion (game.app.kiosk.leadin): its start
        for name, text in show.conditions:
            assert s.sim.values()[name] == pytest.approx(eval(text.replace("pi", "3.141592653589793")))


def test_release_memory_collects_reference_cycles_at_once():
    """What dropped widgets held goes back when the window asks, not at Python's next full
    collection (scheduled by counts of objects, not bytes)."""
    import gc
    import weakref

    from game.app.window.healing import release_memory

    class Node:
        pass

    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle, as a pygame_gui text layout and its rows are
    gone = weakref.ref(a)
    gc.disable()
    try:
        del a, b
        assert gone() is not None
        release_memory()
        assert gone() is None
    finally:
        gc.enable()


def test_release_memory_gives_back_the_table_a_model_load_left_of_interned_expressions():
    """Deriving a model's equations makes tens of thousands of expression nodes for a while; the
    dict that interns them stays that large when they go (a dict never shrinks). The window's
    release rebuilds it at the size of what lives, with the same nodes."""
    import sys

    from game.app.window.healing import release_memory
    from game.expr import Name, nodes, parse

    kept = parse("a*sin(b) + c")
    release_memory()
    before = sys.getsizeof(nodes._LIVE)
    passing = [Name(f"x{i}") for i in range(50_000)]  # as many as a load makes and drops
    during = sys.getsizeof(nodes._LIVE)
    del passing
    assert sys.getsizeof(nodes._LIVE) == during  # gone, but the table is as large
    entries = dict(nodes._LIVE)
    release_memory()
    assert nodes._LIVE.items() <= entries.items() and parse("a*sin(b) + c").tree is kept.tree  # (the collection may drop more)
    assert sys.getsizeof(nodes._LIVE) <= before < during
