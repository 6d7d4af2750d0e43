"""The stepper's search for events in free flight, in native code (issue 33).

When the loop of free flight stops at a substep where a gap may cross, the stepper covers that
substep in Python (:mod:`.stepper`): the gaps at its start and end, the check of a body that went
through a thin obstacle and out, and the location of the instant (regula falsi, Illinois). Each of
those re-integrates the substep and evaluates every gap, dozens of times an event: in a box of 28
balls, 490 gaps each time. Here the same search, for a substep in which no contact rests, is a
function written for the model's generated source and compiled with it (:class:`~..compiled.SourceKernel`):
``next_event`` returns the instant the Python path would find, bit for bit (the same generated
``advance``, ``gaps``, ``gap_rates`` and ``rhs``, the same arithmetic in the same order), or says
that it found none, or that the numbers failed (a square root of a negative number is NaN in native
code, an error in Python): then the Python path does the substep and says why it failed.

``touching`` finds the contacts that touch (:meth:`~.contacts.Contacts.touching`: the stepper asks at
the start of every step whether some rest, and almost always none does).
"""

from __future__ import annotations

from ...steppers import PIVOT_MIN
from ..compiled import SourceKernel
from .emit import GAP_ROUNDOFF, LOCATED, PASS_THROUGH
from .terms import TOUCH

#: next_event's answer when the numbers failed (the Python path then does the substep)
FAILED = -2.0
#: next_event's answer when no event is in the substep
NONE = -1.0

NEXT_EVENT = "next_event"
TOUCHING = "touching"
#: the helpers both are made of, compiled with them
HELPERS = ("ne_state", "ne_values", "ne_rates", "ne_lowest", "ne_root", "ne_dip", "ne_locate", "ne_search")


def kernels(n: int, count: int) -> tuple[SourceKernel, ...]:
    """``next_event`` and ``touching`` for a model of ``n`` coordinates and ``count`` contacts."""
    return (SourceKernel(NEXT_EVENT, _search(n, count), "(float64, float64[::1], float64, float64, float64, float64)",
                         HELPERS),
            SourceKernel(TOUCHING, _touching(n, count), "(float64, float64[::1])"))


def _search(n: int, count: int) -> str:
    state = ", ".join(f"Y[{k}]" for k in range(2 * n))
    s_qs = ", ".join(f"S[{k}]" for k in range(n))
    s_state = ", ".join(f"S[{k}]" for k in range(2 * n))
    values = ", ".join(f"r[{k + 1}]" for k in range(2 * n + 2))
    stores = "\n".join(f"    S[{k}] = r[{k + 1}]" for k in range(2 * n))
    return f'''

def ne_state(t, Y, w, ws, h, S):
    # the state after h from (t, Y) into S (q…, p…), as the stepper's _move; its t, NaN if it fails
    if not h > 0.0:
        for i in range({2 * n}):
            S[i] = Y[i]
        return t
    r = advance(t, {state}, w, ws, h, 1)
    total = 0.0
    for x in ({values},):
        total += x
    if not r[{2 * n + 3}] > {PIVOT_MIN!r} or not total - total == 0.0:
        return math.nan
{stores}
    return r[0]


def ne_values(t, Y, w, ws, h, out, S):
    # the event functions (each gap + round-off) after h from (t, Y), as the stepper's _values; 1 if they fail
    at = ne_state(t, Y, w, ws, h, S)
    if at != at:
        return 1
    g = gaps(at, {s_qs})
    for i in range({count}):
        out[i] = g[i] + {GAP_ROUNDOFF!r}
        if out[i] != out[i]:
            return 1
    return 0


def ne_rates(t, Y, w, ws, h, out, S):
    # each gap's rate after h from (t, Y), as the stepper's _rates; 1 if they fail
    at = ne_state(t, Y, w, ws, h, S)
    if at != at:
        return 1
    v = rhs(at, {s_state})
    g = gap_rates(at, {s_qs}, {", ".join(f"v[{k}]" for k in range(n))})
    for i in range({count}):
        out[i] = g[i]
        if out[i] != out[i]:
            return 1
    return 0


def ne_lowest(values, watch):
    low = math.inf
    for i in range({count}):
        if watch[i] >= 0 and values[i] < low:
            low = values[i]
    return low


def ne_root(t, Y, w, ws, k, hi, f_lo, f_hi, tolerance, scratch, S):
    # stepper._root on event function k: the lo of (lo, hi) around its crossing; -2.0 if it fails
    lo = 0.0
    side = 0
    for iteration in range(200):
        if hi - lo <= tolerance or f_lo <= {LOCATED!r}:
            break
        if f_hi != f_lo:
            h = hi - f_hi * (hi - lo) / (f_hi - f_lo)
        else:
            h = 0.5 * (lo + hi)
        if iteration >= 40 or not (lo < h and h < hi):
            h = 0.5 * (lo + hi)
        if ne_values(t, Y, w, ws, h, scratch, S):
            return {FAILED!r}
        value = scratch[k]
        if value >= 0:
            lo = h
            f_lo = value
            if side == 1:
                f_hi *= 0.5
            side = 1
        else:
            hi = h
            f_hi = value
            if side == -1:
                f_lo *= 0.5
            side = -1
    return lo


def ne_dip(t, Y, w, ws, length, watch, k, h, direction, g, rate, values, rates, S):
    # stepper._dip: an h at which gap k is below 0, -1.0 if none, -2.0 if the numbers fail
    for _ in range(60):
        h += direction * (g + {PASS_THROUGH!r}) / -rate
        if not (0.0 < h and h < length):
            return {NONE!r}
        if ne_values(t, Y, w, ws, h, values, S):
            return {FAILED!r}
        if ne_lowest(values, watch) < 0:
            return h
        if ne_rates(t, Y, w, ws, h, rates, S):
            return {FAILED!r}
        g = values[k]
        rate = direction * rates[k]
        if rate >= 0:
            return {NONE!r}
    return {NONE!r}


def ne_locate(t, Y, w, ws, watch, length, tolerance, at_hi, at_lo, scratch, S):
    # stepper.locate with nothing past: the largest h with every watched event function still >= 0
    watched = 0
    for i in range({count}):
        if watch[i] >= 0:
            watched += 1
    hi = length
    if ne_values(t, Y, w, ws, length, at_hi, S):
        return {FAILED!r}
    for _ in range(watched + 1):
        k = -1
        for i in range({count}):
            if watch[i] >= 0 and (k < 0 or at_hi[i] < at_hi[k]):
                k = i
        lo = ne_root(t, Y, w, ws, k, hi, watch[k], at_hi[k], tolerance, scratch, S)
        if lo == {FAILED!r}:
            return {FAILED!r}
        if lo > 0:
            if ne_values(t, Y, w, ws, lo, at_lo, S):
                return {FAILED!r}
        else:
            for i in range({count}):
                at_lo[i] = watch[i]
        crossed = False
        for i in range({count}):
            if watch[i] >= 0 and not at_lo[i] >= 0:
                crossed = True
        if not crossed:
            return lo
        hi = lo
        for i in range({count}):
            at_hi[i] = at_lo[i]
    return 0.0


def ne_search(t, Y, w, ws, left, watch, values, rates, scratch, S):
    # stepper._crossing with nothing resting: an h by which the first event has happened, -1.0 if none
    if ne_lowest(values, watch) < 0:
        return left
    for side in range(2):
        h = 0.0 if side == 0 else left
        direction = 1.0 if side == 0 else -1.0
        if ne_rates(t, Y, w, ws, h, rates, S):
            return {FAILED!r}
        for k in range({count}):
            g = watch[k] if side == 0 else values[k]
            rate = direction * rates[k]
            if watch[k] >= 0 and g >= 0 and g + left * rate < {-PASS_THROUGH!r}:
                dip = ne_dip(t, Y, w, ws, left, watch, k, h, direction, g, rate, scratch, np.empty({count}), S)
                if dip != {NONE!r}:
                    return dip
    return {NONE!r}


def next_event(t, Y, w, ws, left, tolerance):
    watch = np.empty({count})
    values = np.empty({count})
    rates = np.empty({count})
    scratch = np.empty({count})
    S = np.empty({2 * n})
    if ne_values(t, Y, w, ws, 0.0, watch, S) or ne_values(t, Y, w, ws, left, values, S):
        return {FAILED!r}
    crossing = ne_search(t, Y, w, ws, left, watch, values, rates, scratch, S)
    if crossing < 0:
        return crossing
    return ne_locate(t, Y, w, ws, watch, crossing, tolerance, values, rates, scratch, S)

'''


def _touching(n: int, count: int) -> str:
    return f'''

def touching(t, Q):
    # the contacts whose gap is at most the slack, as Contacts.touching (and Contacts.slack); [-1] if a gap fails
    largest = 1.0
    for k in range({n}):
        if abs(Q[k]) > largest:
            largest = abs(Q[k])
    slack = {TOUCH!r} * largest
    g = gaps(t, {", ".join(f"Q[{k}]" for k in range(n))})
    out = np.empty({count}, dtype=np.int64)
    found = 0
    for i in range({count}):
        if g[i] != g[i]:
            out[0] = -1
            return out[:1].copy()
        if g[i] <= slack:
            out[found] = i
            found += 1
    return out[:found].copy()
'''
