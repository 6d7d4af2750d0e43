"""The stepper seam: the fused RK4 loop, steps that stop at events, and projection after steps."""

from __future__ import annotations

import gc
import linecache
import math
import traceback
from types import SimpleNamespace

import numpy as np
import pytest
from model_texts import one_coordinate

from game.expr import parse
from game.messages import msg
from game.model import parameter_values, read_model
from game.physics import RK4, EventRK4, Projected, SimulationError, State, System

G, H, R = 9.81, 1.0, 0.1

# A ball of mass 1 falling from height H onto a floor at y = 0 (its centre at y = R touches).
FALLING = one_coordinate("m", "½·m·vx²", "m·g·x", params="<P>m|1|masa</P><P>g|9.81|gravedad</P>",
                         x0="1", dt="0.02", n="1")


def falling_system(write_model, respond, *, dt: str = "0.02", n: str = "1") -> System:
    text = FALLING.replace("dt=0.02", f"dt={dt}").replace("N=1", f"N={n}")
    model = read_model(write_model(text))
    gap = parse(f"x - {R}").tree
    return System(model, parameter_values(model), events=(gap,), respond=respond)


def bounce(e: float):
    """Reverse the momentum with restitution e (a point on a floor: J = 1)."""
    def respond(system: System, state: State, hits: list[int]) -> State:
        assert hits == [0]
        return State(state.t, state.q, -e * state.p, state.work, state.support_work, state.losses)
    return respond


def test_the_fused_loop_is_the_stepper_of_a_model_without_events(write_model):
    model = read_model(write_model(FALLING))
    system = System(model, parameter_values(model))
    assert isinstance(system.stepper, RK4) and system.code.advance_events is None


def test_an_event_inside_a_substep_is_located_and_the_grid_of_dt_is_kept(write_model):
    system = falling_system(write_model, bounce(1.0))
    assert isinstance(system.stepper, EventRK4)
    state = system.state([H], [0.0])
    for _ in range(40):  # 0.8 s: one impact
        state = system.step(state)
    # gravity is a polynomial of degree 2 in t: RK4 follows it exactly, so the instant is
    # the analytic one to the bisection's tolerance
    (t_hit, hits), = system.stepper.log
    assert hits == [0]
    assert t_hit == pytest.approx(math.sqrt(2 * (H - R) / G), abs=1e-11)
    assert t_hit % 0.02 > 1e-3  # inside a substep, not on its edge
    assert state.t == pytest.approx(0.8, abs=1e-12)  # whole steps of dt all the same
    # after an elastic bounce the motion mirrors the fall: the same height at t and 2·t_hit − t
    y = state.q[0]
    mirror = 2 * t_hit - 0.8
    assert y == pytest.approx(H - 0.5 * G * mirror ** 2, abs=1e-9)


def test_elastic_bounces_conserve_energy(write_model):
    system = falling_system(write_model, bounce(1.0))
    state = system.state([H], [0.0])
    ek, ep = system.energies(state)
    for _ in range(500):  # 10 s: more than ten bounces
        state = system.step(state)
    assert len(system.stepper.log) >= 10
    assert sum(system.energies(state)) == pytest.approx(ek + ep, rel=1e-10)
    assert state.q[0] >= R - 1e-9  # never through the floor


def test_with_events_that_never_fire_the_motion_is_the_plain_one_to_the_bit(write_model):
    plain_model = read_model(write_model(FALLING))
    plain = System(plain_model, parameter_values(plain_model))
    quiet = System(plain_model, parameter_values(plain_model), events=(parse("x + 100").tree,),
                   respond=bounce(1.0))
    a = b = None
    a = plain.state([H], [2.0])
    b = quiet.state([H], [2.0])
    a, b = plain.step(a, 30), quiet.step(b, 30)
    assert np.array_equal(a.q, b.q) and np.array_equal(a.p, b.p) and a.t == b.t


def stick(system: System, state: State, hits: list[int]) -> State:
    """A response that stops the ball on the floor without lifting it: the next substep hits again."""
    return State(state.t, state.q, 0.0 * state.p, state.work, state.support_work, state.losses)


def test_a_response_that_never_separates_is_a_failure_not_a_hang(write_model):
    system = falling_system(write_model, stick)
    state = system.state([H], [0.0])
    with pytest.raises(SimulationError, match="impacts in one substep"):
        for _ in range(100):
            state = system.step(state)
    assert state.q[0] >= R - 1e-9  # the last good state is kept by the caller


def test_a_response_that_never_separates_is_told_in_spanish(write_model, spanish):
    system = falling_system(write_model, stick)
    state = system.state([H], [0.0])
    with pytest.raises(SimulationError) as caught:
        for _ in range(100):
            state = system.step(state)
    limit = system.stepper.max_events_per_substep
    assert caught.value.reason == f"más de {limit} choques en un mismo subpaso (los contactos no llegan al reposo)"
    assert str(caught.value).startswith(f"{caught.value.reason} en t=")


def test_pythons_arithmetic_error_in_the_fused_loop_reaches_failure_in_words(spanish):
    # what the generated loop raised is handed to System.failure as a catalogue message, which
    # it reports when its replay finds no bad expression: a system whose loop always divides by zero
    class DividesByZero:
        n, delta = 1, 0.01

        def _raise(*args):
            raise ZeroDivisionError("float division by zero")

        code = SimpleNamespace(advance=SimpleNamespace(scalar=_raise))

        def failure(self, start, fallback, substeps):
            return SimulationError(fallback, start.t, {"x": float(start.q[0])})

    with pytest.raises(SimulationError) as caught:
        RK4().advance(DividesByZero(), State(0.5, np.array([1.0]), np.array([0.0])), 5)
    assert caught.value.why == msg("eval.division_by_zero")
    assert str(caught.value) == "división entre cero en t=0.5 (x=1)"


class Returns:
    """A system of two coordinates whose generated loop returns ``out`` (t, q…, p…, w, ws, worst)."""

    n, delta = 2, 0.01

    def __init__(self, out):
        self.code = SimpleNamespace(advance=SimpleNamespace(scalar=lambda *args: out))

    def failure(self, start, fallback, substeps):
        return SimulationError("failed", start.t, {})


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("where", range(6))  # q0, q1, p0, p1, w, ws
def test_a_step_that_leaves_a_value_not_finite_fails(bad, where):
    out = [0.1, 1.0, 2.0, 3.0, 4.0, 0.5, 0.25, 1.0]
    out[1 + where] = bad
    with pytest.raises(SimulationError):
        RK4().advance(Returns(tuple(out)), State(0.0, np.zeros(2), np.zeros(2)), 1)


def test_a_step_of_huge_finite_values_is_kept_and_its_state_read_only():
    # their sum overflows (the quick test of finiteness), each one is finite: a good step
    out = (0.1, 1e308, 1e308, -3.0, 4.0, 1e308, 0.0, 1.0)
    state = RK4().advance(Returns(out), State(0.0, np.zeros(2), np.zeros(2), losses=0.5), 1)
    assert (state.t, state.q.tolist(), state.p.tolist(), state.work, state.support_work, state.losses) == (
        0.1, [1e308, 1e308], [-3.0, 4.0], 1e308, 0.0, 0.5)
    assert not state.q.flags.writeable and not state.p.flags.writeable
    with pytest.raises(SimulationError):  # a pivot at or below the limit, or NaN, fails as before
        RK4().advance(Returns((*out[:-1], math.nan)), State(0.0, np.zeros(2), np.zeros(2)), 1)


def test_projection_runs_after_every_step(write_model):
    model = read_model(write_model(FALLING))
    system = System(model, parameter_values(model))
    seen: list[float] = []

    def floor(system: System, state: State) -> State:
        seen.append(state.t)
        q = np.maximum(state.q, R)  # a crude constraint: never below the floor
        return State(state.t, q, state.p, state.work, state.support_work, state.losses)

    system.stepper = Projected(RK4(), floor)
    state = system.step(system.state([H], [0.0]), 50)
    assert seen == pytest.approx([0.02 * (k + 1) for k in range(50)])
    assert state.q[0] == R


def test_generated_code_names_its_variables_and_shows_in_tracebacks(write_model):
    model = read_model(write_model(FALLING))
    system = System(model, parameter_values(model))
    source = system.code.source
    assert "# q0: coordinate x" in source and "v0: velocity vx" in source
    assert "m.dat" in system.code.filename
    # a traceback through generated code shows the generated line, not "<string>"
    with pytest.raises(TypeError) as failed:
        system.code.advance.scalar(0.0, 1.0, "not a number", 0.0, 0.0, 0.01, 1)
    text = "".join(traceback.format_exception(failed.value))
    assert system.code.filename in text and "= rhs(t + half" in text
    lines = linecache.getlines(system.code.filename)
    assert lines and lines[0].startswith("# Generated")


def test_generated_lines_go_with_the_last_function_compiled_from_them(write_model):
    """A kiosk compiles models for days: linecache holds the code that can still run, not the
    newest sources whatever they were (a box of balls is 0.5 MB of lines at each parameter typed)."""
    model = read_model(write_model(FALLING))
    system = System(model, {**parameter_values(model), "m": 2.0})  # (a value typed: not kept, see test_kept.py)
    filename, rhs = system.code.filename, system.code.rhs
    del system
    gc.collect()
    assert linecache.getlines(filename)  # rhs can still run, and raise
    del rhs
    gc.collect()
    assert filename not in linecache.cache


def test_a_state_made_by_a_step_is_the_state_the_dataclass_makes():
    # made_state skips the dataclass's __init__ (a step's cost): a field added to State
    # and forgotten there would be missing from every state a step makes
    from dataclasses import fields

    from game.physics.steppers import made_state

    q, p = np.array([1.0]), np.array([2.0])
    checked = State(0.5, q, p, 1.0, 2.0, 3.0)
    made = made_state(0.5, q, p, 1.0, 2.0, 3.0)
    assert vars(made) == vars(checked) and list(vars(made)) == [f.name for f in fields(State)]
