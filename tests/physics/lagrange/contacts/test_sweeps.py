"""Projected Gauss–Seidel's sweeps in native code (game/physics/lagrange/contacts/sweeps.py): the
Python sweeps' answer, bit for bit, on problems like those of piles and impacts (normal rows, their
friction rows, with and without a start), and used once compiled."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from game.physics.lagrange import compiled
from game.physics.lagrange.contacts import complementarity, sweeps


def problems(count: int, seed: int = 0) -> list[tuple]:
    rng = np.random.default_rng(seed)
    out = []
    for k in range(count):
        contacts = int(rng.integers(1, 25))
        rubbing = bool(k % 2)
        normal_of = [-1] * contacts + (list(range(contacts)) if rubbing else [])
        m = len(normal_of)
        A = rng.standard_normal((m, m + 2))
        G = A @ A.T + (1e-3 if k % 3 == 0 else 0.0) * np.eye(m)  # some only semi-definite
        b = 10.0 * rng.standard_normal(m)
        mu = [0.0] * contacts + ([float(x) for x in rng.uniform(0.0, 1.0, contacts)] if rubbing else [])
        start = np.abs(rng.standard_normal(m)) if k % 4 < 2 else None
        out.append((G, b, normal_of, mu, int(rng.integers(1, 500)), 1e-12, start))
    return out


class Compiled:
    """A compiled job that is done: its function."""

    def __init__(self, fn) -> None:
        self.fn = fn
        self.ready = threading.Event()
        self.ready.set()


@pytest.fixture
def native(monkeypatch, request):
    folder = request.config.cache.mkdir("cenm-compiled")
    monkeypatch.setenv(compiled.SWITCH, "1")
    monkeypatch.setattr(compiled, "cache_folder", lambda: folder)
    monkeypatch.setattr(sweeps, "_job", [])
    assert sweeps.native_sweeps() is None  # asked once: compiling in the background, Python meanwhile
    job = sweeps._job[0]
    assert job is not None and job.wait(300), job.error if job is not None else "compiled path off"
    return job.fn


def test_the_native_sweeps_give_the_python_answer_bit_for_bit(native, monkeypatch):
    cases = problems(200)
    monkeypatch.setattr(sweeps, "_job", [None])  # the Python sweeps
    expected = [complementarity.projected_gauss_seidel(*case) for case in cases]
    calls = []

    def counted(*args):
        calls.append(len(args[1]))
        return native(*args)

    monkeypatch.setattr(sweeps, "_job", [Compiled(counted)])
    got = [complementarity.projected_gauss_seidel(*case) for case in cases]
    assert len(calls) == len(cases)  # every problem went through the native sweeps
    for case, a, b in zip(cases, expected, got):
        assert np.array_equal(a, b), (len(case[1]), case[4])
    # and they are answers: normal forces ≥ 0, friction inside its cone
    for (_, _, normal_of, mu, *_), f in zip(cases, got):
        for i, n in enumerate(normal_of):
            assert f[i] >= 0 if n < 0 else abs(f[i]) <= mu[i] * f[n] + 1e-12


def test_without_the_compiled_path_the_python_sweeps_serve(monkeypatch):
    monkeypatch.setenv(compiled.SWITCH, "0")
    monkeypatch.setattr(sweeps, "_job", [])
    assert sweeps.native_sweeps() is None and sweeps._job == []  # nothing started
    G, b, normal_of, mu, _, tolerance, start = problems(1, seed=3)[0]
    f = complementarity.projected_gauss_seidel(G, b, normal_of, mu, 50, tolerance, start)
    assert f.shape == (len(b),) and (f[[i for i, n in enumerate(normal_of) if n < 0]] >= 0).all()
