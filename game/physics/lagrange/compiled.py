"""The generated source compiled to machine code by numba, in the background, cached on disk.

The generated module (:mod:`.codegen`) is plain Python: it runs at once, on floats and on arrays,
and stays the reference. This compiles that very source with numba (``njit``), unchanged, into
two native versions: one for a single state (division by zero raises, as in Python) and one for a
batch of states, one row per state, spread over the cores (``prange``; as NumPy's arrays do, a
row without a value becomes NaN instead of raising). The arithmetic is the same IEEE arithmetic in
the same order, the functions the same C library's: the results are the plain path's, bit for bit
on the shipped models (tests/physics/lagrange/test_compiled.py compares them).

numba's on-disk cache needs a file: the source is written to the user's cache folder
(``CENM_HOME/cache`` or platformdirs' user cache dir) under a hash of its text, so a model opened
again loads its machine code in a fraction of a second instead of compiling it (about 2 s).

Compiling runs on one background thread, so nothing waits for it: a model starts on the plain
path and its functions switch to the native ones when they are ready (``Compiled.scalar`` is
replaced; the batch path asks :attr:`Native.batch`). ``CENM_COMPILE=0`` turns it off; a missing
or broken numba (or a source it cannot compile) leaves the plain path, said once in the log.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import queue
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..steppers import PIVOT_MIN

log = logging.getLogger("cenm")

#: the environment variable that turns the compiled path off ("0")
SWITCH = "CENM_COMPILE"

#: the generated functions whose scalar version switches to the native one: those a step calls
#: (the others are called once in a while, and some say why they failed by the exception they raise,
#: which native code does not: a square root of a negative number is NaN there, not ValueError)
SWITCHED = ("rhs", "advance", "energies", "advance_events", "advance_broad")

# What the generated source calls its functions (game/expr/codegen.py's namespaces), for native code.
# The single-state module keeps Python's errors where numba can (division by zero raises); both
# follow the plain functions of game/expr/evaluate.py value for value.
_RUNTIME = '''\
# Written by game/physics/lagrange/compiled.py: the generated source below, compiled by numba.
import math

import numpy as np
from numba import njit, prange

f_sin = math.sin
f_cos = math.cos
f_tan = math.tan
f_asin = math.asin
f_acos = math.acos
f_atan = math.atan
f_atan2 = math.atan2
f_sinh = math.sinh
f_cosh = math.cosh
f_tanh = math.tanh
f_exp = math.exp
f_log = math.log
f_sqrt = math.sqrt
f_abs = abs
f_min = min
f_max = max


def f_sgn(x):
    return 1.0 if x > 0 else (-1.0 if x < 0 else (0.0 if x == 0 else math.nan))


def f_floor(x):
    return math.copysign(np.floor(x), x) if math.isfinite(x) else x


def f_ceil(x):
    return math.copysign(np.ceil(x), x) if math.isfinite(x) else x


def f_pow(a, b):
    if b == 2.0:
        return a * a
    if b == 3.0:
        return a * a * a
    if b == 4.0:
        return a * a * a * a
    if b == 0.5:
        return math.sqrt(a)
    if b == np.floor(b) and abs(b) <= 64 and a == 0 and b < 0:
        {zero_power}
    return math.pow(a, b)

'''

_SINGLE_LOWEST = '''
f_lowest = min
'''

# The batch's pivots: a NaN among them gives NaN, so a failed row reads as failed (as _np_lowest).
_BATCH_LOWEST = '''

def f_lowest(*args):
    out = args[0]
    for a in args[1:]:
        out = a if (a < out or a != a) else out
    return out
'''


def _batch_kernel(n: int, name: str, loop: str) -> str:
    """advance over the states of a batch: Y holds one state per column (q…, p… down the rows)."""
    state = ", ".join(f"Y[{k}, i]" for k in range(2 * n))
    stores = "\n".join(f"        out[{k}, i] = r[{k + 1}]" for k in range(2 * n))
    return f'''

def {name}(t, Y, w, ws, delta, steps):
    m = Y.shape[1]
    out = np.empty_like(Y)
    work = np.empty(m)
    support = np.empty(m)
    worst = np.empty(m)
    for i in {loop}(m):
        r = advance(t, {state}, w[i], ws, delta, steps)
{stores}
        work[i] = r[{2 * n + 1}]
        support[i] = r[{2 * n + 2}]
        worst[i] = r[{2 * n + 3}]
    return out, work, support, worst
'''


def _copies_kernel(n: int, loop: str) -> str:
    """``advance_copies``: the copies of a motion with contacts (one per row of Y: q…, p…), each through
    the loop of free flight its own step runs (``advance_events``, or with a broad phase its windows,
    ``advance_windows``: NA, NB, NC every pair, hold[0] the least margin), stopping where that loop
    stops: (Y, work, worst pivot, hit) with hit 1 for a copy whose step has an event, or that touches
    where it starts (``touching``, :mod:`.contacts.native`): it takes its step again on its own
    (:mod:`.copies`)."""
    if loop == "advance_windows":  # (t, Y, w, ws, worst, done, hit, …); hit 2: its last window ended early
        run = "        r = advance_windows(t, Y[i], w[i], 0.0, delta, steps, NA, NB, NC, hold[0])\n        out[i, :] = r[1]"
        work, worst, hit = "r[2] + r[3]", "r[4]", "1 if r[6] == 1 else 0"
    else:  # (t, q…, p…, w, ws, worst, done, hit)
        state = ", ".join(f"Y[i, {k}]" for k in range(2 * n))
        run = "\n".join([f"        r = advance_events(t, {state}, w[i], 0.0, delta, steps)",
                         *(f"        out[i, {k}] = r[{k + 1}]" for k in range(2 * n))])
        work, worst, hit = f"r[{2 * n + 1}] + r[{2 * n + 2}]", f"r[{2 * n + 3}]", f"r[{2 * n + 5}]"
    return f'''

def advance_copies(t, Y, w, delta, steps, NA, NB, NC, hold):
    m = Y.shape[0]
    out = np.empty_like(Y)
    work = np.empty(m)
    worst = np.empty(m)
    hit = np.empty(m, dtype=np.int64)
    for i in range(m):
        if touching(t, Y[i, :{n}]).shape[0] > 0:  # touching where its step starts (or a gap without a value)
            out[i, :] = Y[i]
            work[i] = w[i]
            worst[i] = 1.0
            hit[i] = 1
            continue
{run}
        work[i] = {work}
        worst[i] = {worst}
        hit[i] = {hit}
    return out, work, worst, hit
'''


#: the types advance_copies is compiled for (NA, NB, NC: every pair of a broad phase, hold: its least margin;
#: else empty)
COPIES_SIGNATURE = ("(float64, float64[:, ::1], float64[::1], float64, int64, int64[::1], int64[::1], float64[::1], "
                    "float64[::1])")


def module_text(source: str, functions: Iterable[str], n: int, batch: bool, copies: str | None = None,
                kernels: Iterable[SourceKernel] = ()) -> str:
    """The generated source as a module numba compiles: its runtime, the source, the batch kernel
    (or, for a model with contacts, the copies' kernel over ``copies``, its loop of free flight) and
    ``kernels`` written for that source (single-state module only)."""
    runtime = _RUNTIME.format(zero_power="return math.inf" if batch else
                              'raise ZeroDivisionError("0 raised to a negative power")')
    names = [*functions, "f_sgn", "f_floor", "f_ceil", "f_pow"]
    parts = [runtime, _BATCH_LOWEST if batch else _SINGLE_LOWEST, "\n", source]
    if copies is not None:
        names.append("advance_copies")
        parts.append(_copies_kernel(n, copies))
    for kernel in kernels:
        names += [*kernel.helpers, kernel.name]
        parts.append(kernel.text)
    if batch:
        names += ["f_lowest", "advance_rows"]
        parts += [_batch_kernel(n, "advance_batch", "prange"), _batch_kernel(n, "advance_rows", "range")]
    options = "cache=True, error_model='numpy'" if batch else "cache=True"
    wrap = f"\n\nfor _name in {tuple(names)!r}:\n    globals()[_name] = njit({options})(globals()[_name])\n"
    if batch:
        wrap += "advance_batch = njit(cache=True, parallel=True, error_model='numpy')(advance_batch)\n"
    return "".join(parts) + wrap


def cache_folder() -> Path:
    """Where the compiled modules and numba's cache of them go."""
    home = os.environ.get("CENM_HOME")
    if home:
        return Path(home) / "cache" / "compiled"
    import platformdirs

    return Path(platformdirs.user_cache_dir("cenm", appauthor=False)) / "compiled"


def enabled() -> bool:
    """The compiled path is wanted (``CENM_COMPILE`` is not "0") and numba imports."""
    if os.environ.get(SWITCH, "1").strip() in ("0", "no", "off", "false"):
        return False
    return _numba() is not None


_numba_module: list[Any] = []


def _numba():
    """numba, or None (said once in the log) when it does not import."""
    if not _numba_module:
        try:
            import numba
        except Exception as exc:  # a missing or broken install: the plain path serves
            log.warning("compiled path off: numba does not import (%s: %s)", type(exc).__name__, exc)
            _numba_module.append(None)
        else:
            _numba_module.append(numba)
    return _numba_module[0]


def load_module(text: str, folder: Path | None = None):
    """The module of ``text``, written once under the hash of its text (numba's cache is keyed by the
    file, its size and time: a file never rewritten keeps its cache)."""
    digest = hashlib.sha256(text.encode()).hexdigest()[:24]
    folder = folder or cache_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"cenm_{digest}.py"
    if not path.exists():
        partial = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    name = f"cenm_compiled_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[name] = module
    return module


def signatures(n: int) -> dict[str, str]:
    """The types each switched function is compiled for (floats, and the number of substeps)."""
    state = ", ".join(["float64"] * (2 * n))
    qs = ", ".join(["float64"] * n)
    return {
        "rhs": f"(float64, {state})",
        "advance": f"(float64, {state}, float64, float64, float64, int64)",
        "energies": f"(float64, {qs}, {qs})",
        "advance_events": f"(float64, {state}, float64, float64, float64, int64)",
        # the broad phase's loop (contacts/broad.py): its window's pairs and the points where it started as arrays
        "advance_broad": f"(float64, {state}, float64, float64, float64, int64, float64, int64, "
                         "int64[::1], int64[::1], float64[::1], float64[::1], float64)",
    }


BATCH_SIGNATURE = "(float64, float64[:, ::1], float64[::1], float64, float64, int64)"


@dataclass(frozen=True)
class SourceKernel:
    """A function written for one model's generated source (the broad phase's windows:
    :func:`~.contacts.broad.windows_kernel`), compiled into its single-state module for ``signature``."""

    name: str
    text: str
    signature: str
    #: the functions of ``text`` it calls, compiled with it
    helpers: tuple[str, ...] = ()


class Native:
    """A model's native code, made in the background: ``ready`` is set when it is done (or failed)."""

    def __init__(self, source: str, functions: tuple[str, ...], n: int, targets: dict[str, Any], batch: bool = True,
                 copies: str | None = None, kernels: tuple[SourceKernel, ...] = ()):
        self.source = source
        self.kernels = kernels
        #: the functions of ``kernels`` once compiled, by name
        self.extra: dict[str, Callable] = {}
        self.functions = functions
        self.n = n
        #: whether the batch kernels are made too (not for a model with contacts: its copies step apart)
        self.batched = batch
        #: a model with contacts: its loop of free flight, which the copies' kernel calls
        self.loop = copies
        #: advance_copies(t, Y, w, δ, steps, NA, NB, NC, hold) → (Y, work, worst, hit), once compiled (see _copies_kernel)
        self.copies: Callable | None = None
        #: the Compiled objects whose scalar switches (the generated functions, by name)
        self.targets = targets
        self.ready = threading.Event()
        #: advance_batch(t, Y (2n × m), w (m), ws, δ, steps) → (Y, work, support, worst), once compiled
        self.batch: Callable | None = None
        #: the same, on one thread (for a process forked from one that compiled: see _forked)
        self.rows: Callable | None = None
        #: the single-state native functions once compiled, by name
        self.single: dict[str, Callable] = {}
        self.error: str | None = None

    def build(self) -> None:
        """Compile (or load from the cache) both versions, then switch the scalar functions."""
        try:
            module = load_module(module_text(self.source, self.functions, self.n, batch=False, copies=self.loop,
                                             kernels=self.kernels))
            single = {}
            for name, signature in signatures(self.n).items():
                if name in self.functions and name in self.targets:
                    fn = getattr(module, name)
                    fn.compile(signature)
                    single[name] = fn
            if self.loop is not None:
                module.advance_copies.compile(COPIES_SIGNATURE)
            extra = {}
            for kernel in self.kernels:
                fn = getattr(module, kernel.name)
                fn.compile(kernel.signature)
                extra[kernel.name] = fn
            batch = None
            if self.batched:
                batch = load_module(module_text(self.source, self.functions, self.n, batch=True))
                batch.advance_batch.compile(BATCH_SIGNATURE)
                batch.advance_rows.compile(BATCH_SIGNATURE)
        except Exception as exc:  # numba refusing a source is the plain path's business, not a crash
            self.error = f"{type(exc).__name__}: {exc}".splitlines()[0]
            log.warning("compiled path off for this model: %s", self.error)
        else:
            self.single = single
            for name in SWITCHED:
                if name in single and name in self.targets:
                    self.targets[name].scalar = single[name]
            if self.loop is not None:
                self.copies = module.advance_copies
            self.extra = extra
            if batch is not None:
                self.batch = batch.advance_batch
                self.rows = batch.advance_rows
        finally:
            self.ready.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the native code (a command that would rather wait than run slowly); True if it is in use."""
        self.ready.wait(timeout)
        return bool(self.single) and (self.batch is not None or not self.batched)


class Kernel:
    """Generated source with a kernel written for it (a mechanism's batch step, :mod:`..mechanism.native`),
    compiled on the same background thread: ``fn`` once it is ready, None until then or if it failed."""

    def __init__(self, source: str, functions: tuple[str, ...], kernel: str, name: str, signature: str,
                 parallel: bool = False):
        runtime = _RUNTIME.format(zero_power="return math.inf")
        names = (*functions, *(() if parallel else (name,)), "f_sgn", "f_floor", "f_ceil", "f_pow", "f_lowest")
        wrap = f"\n\nfor _name in {names!r}:\n    globals()[_name] = njit(cache=True, error_model='numpy')(globals()[_name])\n"
        if parallel:  # its prange loop spread over the threads
            wrap += f"{name} = njit(cache=True, parallel=True, error_model='numpy')({name})\n"
        self.text = "".join([runtime, _BATCH_LOWEST, "\n", source, kernel, wrap])
        self.name = name
        self.signature = signature
        self.ready = threading.Event()
        self.fn: Callable | None = None
        self.error: str | None = None

    def build(self) -> None:
        try:
            fn = getattr(load_module(self.text), self.name)
            fn.compile(self.signature)
        except Exception as exc:  # numba refusing it leaves the arrays' path, not a crash
            self.error = f"{type(exc).__name__}: {exc}".splitlines()[0]
            log.warning("compiled kernel off for this model: %s", self.error)
        else:
            self.fn = fn
        finally:
            self.ready.set()

    def wait(self, timeout: float | None = None) -> bool:
        self.ready.wait(timeout)
        return self.fn is not None


def start_kernel(source: str, functions: tuple[str, ...], kernel: str, name: str, signature: str,
                 parallel: bool = False) -> Kernel | None:
    """Compile ``source`` and ``kernel`` (whose functions are ``functions``, then ``name``, with ``prange``
    over the threads if ``parallel``) in the background; None when the compiled path is off."""
    if not enabled():
        return None
    job = Kernel(source, functions, kernel, name, signature, parallel)
    _submit(job)
    return job


#: batches smaller than this run on one thread: waking the other threads costs more than it saves for
#: an ensemble's 50 copies (and on a busy machine a late thread holds up the whole step)
PARALLEL_FROM = 256

_jobs: queue.Queue[Native | Kernel] = queue.Queue()
_worker: list[threading.Thread] = []
#: this process was forked (a worker of chaosmap's pool): numba's threads of the parent are not
#: here, and its threading layers do not all survive a fork, so the batch runs on one thread
_in_child: list[bool] = []


def _forked() -> None:
    """In a forked child: no compiling thread came along (jobs get one of their own), one thread a batch."""
    global _jobs
    _jobs = queue.Queue()
    _worker.clear()
    _in_child.append(True)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


def _work() -> None:
    while True:
        _jobs.get().build()


def start(source: str, functions: tuple[str, ...], n: int, targets: dict[str, Any], batch: bool = True,
          copies: str | None = None, kernels: tuple[SourceKernel, ...] = ()) -> Native | None:
    """Compile a generated module in the background (one thread for every model, one model at a time);
    None when the compiled path is off."""
    if not enabled():
        return None
    native = Native(source, functions, n, targets, batch, copies, kernels)
    _submit(native)
    return native


def _submit(job: Native | Kernel) -> None:
    if not _worker:
        thread = threading.Thread(target=_work, name="cenm-compile", daemon=True)
        thread.start()
        _worker.append(thread)
    _jobs.put(job)


def _run_batch(native: Native | None, t: float, Y: np.ndarray, work: np.ndarray, delta: float, substeps: int
               ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """The batch kernel on states one per column of ``Y`` (q…, p… down the rows): (t, Y, work, support
    work, worst pivot); None while it is not ready."""
    if native is None:
        return None
    m = Y.shape[1]
    kernel = native.rows if _in_child or m < PARALLEL_FROM else native.batch
    if kernel is None:
        return None
    out, w_new, ws_new, worst = kernel(float(t), Y, work, 0.0, float(delta), int(substeps))
    # the generated loop's own end time: t0 + (step + 1)·δ after its last substep
    return (float(t + substeps * delta) if substeps > 0 else float(t)), out, w_new, ws_new, worst


def step_rows(native: Native | None, t: float, Y: np.ndarray, work: np.ndarray | float, delta: float, substeps: int
              ) -> tuple[float, np.ndarray, np.ndarray, np.ndarray] | None:
    """:func:`step_batch` for states one per row (q…, p…), as :meth:`~.system.System.step_batch` returns them:
    (t, Y, work, ok), with no list of columns on the way (an ensemble's 50 copies a frame: the copying
    around the kernel cost more than its arithmetic for the cheap models). None while it is not ready."""
    m = Y.shape[0]
    w = np.full(m, work) if isinstance(work, float) else np.ascontiguousarray(work, dtype=float)
    with np.errstate(all="ignore"):
        done = _run_batch(native, t, np.ascontiguousarray(Y.T, dtype=float), w, delta, substeps)
        if done is None:
            return None
        t_end, out, w_new, ws_new, worst = done
        total = w_new + ws_new
        ok = (worst > PIVOT_MIN) & np.isfinite(total) & np.isfinite(out).all(axis=0)
    return t_end, out.T, total, ok


def step_batch(native: Native | None, t: float, columns: list[np.ndarray], work: np.ndarray | float,
               delta: float, substeps: int):
    """The batch's substeps in native code, as the generated loop on arrays returns them: (t, q…, p…,
    work, support work, worst pivot), each an array over the states; None while it is not ready."""
    if native is None:
        return None
    m = len(columns[0])
    Y = np.ascontiguousarray(np.array(columns, dtype=float).reshape(len(columns), m))
    w = np.ascontiguousarray(np.broadcast_to(np.asarray(work, dtype=float), (m,)))
    done = _run_batch(native, t, Y, w, delta, substeps)
    if done is None:
        return None
    t_end, out, w_new, ws_new, worst = done
    return (t_end, *out, w_new, ws_new, worst)
