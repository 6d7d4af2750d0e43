"""The text of a mechanism's batch step for numba (issue 33): the RK4 substeps of a step of dt for
every copy, the stage's accelerations through M⁻¹ as :class:`~.copies.MechanismCopies` takes them
on arrays, in loops numba compiles to machine code.

Only the text is written here (no numba in this room): :mod:`game.physics.systems` hands it to the
background compiler of :mod:`game.physics.lagrange.compiled` with the runtime the generated source
needs, and the copies switch to it when it is ready. A stage per copy: the generated values, Φq's
entries (the rows not in use left out) into J·M⁻¹ and A = J·M⁻¹·Jᵀ (plus 1 on the diagonal of a
row not in use), its Cholesky factor, λ, q̈ = M⁻¹·Q − (J·M⁻¹)ᵀ·λ. A factor that breaks down (the
rows no longer independent: a dead point) gives NaN, and the copy is marked failed.
"""

from __future__ import annotations

#: the kernel's name in the module, and the types numba compiles it for
KERNEL = "mechanism_substeps"
SIGNATURE = "(float64, float64, int64, float64[:, ::1], float64[:, ::1], float64[:, ::1], int64[::1], int64[::1])"


def kernel_text(function: str, n: int, m: int, entries: int, outputs: int) -> str:
    """The kernel for the generated function ``function`` of (t, q…, q̇…), whose ``outputs`` values
    are Φq's ``entries`` entries, γ (m), Q (n), the power of forces and dampers, Φt (m), 0."""
    args = ", ".join(f"y[{k}]" for k in range(2 * n))
    copy = "\n".join(f"    values[{j}] = r[{j}]" for j in range(outputs))
    return f'''

def mechanism_stage(t, y, active, inverse, rows, cols, values, JM, A, lam, dy):
    r = {function}(t, {args})
{copy}
    n, m, k = {n}, {m}, {entries}
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += inverse[i, j] * values[k + m + j]
        dy[n + i] = s
    # J·M⁻¹ and A = J·M⁻¹·Jᵀ over Φq's entries only (a row has a few: a bar reads its two points)
    JM[:, :] = 0.0
    A[:, :] = 0.0
    lam[:] = 0.0
    for e in range(k):
        if active[rows[e]] > 0.0:
            a, c, v = rows[e], cols[e], values[e]
            for j in range(n):
                JM[a, j] += v * inverse[c, j]
            lam[a] += v * dy[n + c]
    for e in range(k):
        if active[rows[e]] > 0.0:
            b, c, v = rows[e], cols[e], values[e]
            for a in range(m):
                A[a, b] += JM[a, c] * v
    for a in range(m):
        if active[a] <= 0.0:
            A[a, a] += 1.0
        else:
            lam[a] -= values[k + a]
    for a in range(m):  # Cholesky, A = L·Lᵀ in A's lower triangle
        for b in range(a + 1):
            s = A[a, b]
            for c in range(b):
                s -= A[a, c] * A[b, c]
            if a == b:
                A[a, a] = math.sqrt(s) if s > 0.0 else math.nan
            else:
                A[a, b] = s / A[b, b]
    for a in range(m):
        s = lam[a]
        for c in range(a):
            s -= A[a, c] * lam[c]
        lam[a] = s / A[a, a]
    for a in range(m - 1, -1, -1):
        s = lam[a]
        for c in range(a + 1, m):
            s -= A[c, a] * lam[c]
        lam[a] = s / A[a, a]
    driver = 0.0
    for a in range(m):
        driver += lam[a] * values[k + m + n + 1 + a]
    for j in range(n):
        s = dy[n + j]
        for a in range(m):
            s -= lam[a] * JM[a, j]
        dy[n + j] = s
        dy[j] = y[n + j]
    dy[2 * n] = values[k + m + n]
    dy[2 * n + 1] = driver


def mechanism_substep(t, h, y, act, inverse, rows, cols, values, JM, A, lam, k1, k2, k3, k4, stage):
    # one RK4 substep of y in place: the batch's and the single state's steps take the same one
    size = y.shape[0]
    mechanism_stage(t, y, act, inverse, rows, cols, values, JM, A, lam, k1)
    for j in range(size):
        stage[j] = y[j] + (h / 2) * k1[j]
    mechanism_stage(t + h / 2, stage, act, inverse, rows, cols, values, JM, A, lam, k2)
    for j in range(size):
        stage[j] = y[j] + (h / 2) * k2[j]
    mechanism_stage(t + h / 2, stage, act, inverse, rows, cols, values, JM, A, lam, k3)
    for j in range(size):
        stage[j] = y[j] + h * k3[j]
    mechanism_stage(t + h, stage, act, inverse, rows, cols, values, JM, A, lam, k4)
    for j in range(size):
        y[j] = y[j] + (h / 6) * (k1[j] + 2 * (k2[j] + k3[j]) + k4[j])


def {KERNEL}(t0, h, steps, Y, active, inverse, rows, cols):
    count, size = Y.shape
    n, m = {n}, {m}
    out = np.empty_like(Y)
    values = np.empty({outputs})
    JM = np.empty((max(m, 1), n))
    A = np.empty((max(m, 1), max(m, 1)))
    lam = np.empty(m)
    k1 = np.empty(size)
    k2 = np.empty(size)
    k3 = np.empty(size)
    k4 = np.empty(size)
    stage = np.empty(size)
    for i in range(count):
        y = Y[i].copy()
        act = active[i]
        for step in range(steps):
            t = t0 + step * h
            mechanism_substep(t, h, y, act, inverse, rows, cols, values, JM, A, lam, k1, k2, k3, k4, stage)
        out[i] = y
    return out
'''


#: the single motion's steps (the window's, :meth:`~.system.MechanismSystem.step_live`), and their types
STEPS = "mechanism_steps"
#: the functions it calls, compiled with it
STEPS_FUNCTIONS = ("mechanism_stage", "mechanism_substep", "mechanism_geometry", "mechanism_correct", "mechanism_choose")
STEPS_SIGNATURE = ("(float64, float64, int64, int64, float64[::1], float64[::1], float64[:, ::1], int64[::1],"
                   " int64[::1], float64[:, ::1], float64, int64, float64)")


def steps_text(function: str, n: int, m: int, entries: int, outputs: int) -> str:
    """:func:`kernel_text`'s stages, and whole steps of one state: the substeps, then the projection
    of :meth:`~.assembly.Assembly.project` (Gauss–Newton on the positions with the rows in use, the
    rows chosen again when some are redundant, the velocities projected) with the generated
    ``constraints`` function (Φ, Φq's entries, Φt) of the same source."""
    args = ", ".join(f"q[{k}]" for k in range(n))
    return kernel_text(function, n, m, entries, outputs) + f'''

def mechanism_geometry(t, q, rows, cols, phi, J, phi_t):
    r = constraints(t, {args})
    m, k = {m}, {entries}
    J[:, :] = 0.0
    for a in range(m):
        phi[a] = r[a]
        phi_t[a] = r[m + k + a]
    for e in range(k):
        J[rows[e], cols[e]] = r[m + e]


def mechanism_correct(J, rhs, active, metric_inverse, singular, SJ, G, x, w, out):
    """Δ of least mass-metric norm with J_S·Δ = rhs_S (rows S in use) by the normal equations;
    False when the rows in use are nearly dependent (Cholesky's diagonal, as Assembly._correction)."""
    n, m = {n}, {m}
    for a in range(m):
        for j in range(n):
            s = 0.0
            if active[a] > 0.0:
                for c in range(n):
                    s += J[a, c] * metric_inverse[c, j]
            SJ[a, j] = s
    for a in range(m):
        for b in range(a + 1):
            s = 0.0
            for j in range(n):
                s += SJ[a, j] * SJ[b, j]
            G[a, b] = s
        if active[a] <= 0.0:
            G[a, a] += 1.0
    largest, smallest = 0.0, math.inf
    for a in range(m):
        for b in range(a + 1):
            s = G[a, b]
            for c in range(b):
                s -= G[a, c] * G[b, c]
            if a == b:
                G[a, a] = math.sqrt(s) if s > 0.0 else math.nan
            else:
                G[a, b] = s / G[b, b]
        if active[a] > 0.0:
            d = G[a, a]
            if not d >= 0.0:
                return False
            largest = max(largest, d)
            smallest = min(smallest, d)
    if not smallest > singular * max(largest, 1e-300):
        return False
    for a in range(m):
        s = rhs[a] if active[a] > 0.0 else 0.0
        for c in range(a):
            s -= G[a, c] * x[c]
        x[a] = s / G[a, a]
    for a in range(m - 1, -1, -1):
        s = x[a]
        for c in range(a + 1, m):
            s -= G[c, a] * x[c]
        x[a] = s / G[a, a]
    for c in range(n):
        s = 0.0
        for a in range(m):
            s += SJ[a, c] * x[a]
        w[c] = s
    for j in range(n):
        s = 0.0
        for c in range(n):
            s += metric_inverse[j, c] * w[c]
        out[j] = s
    return True


def mechanism_choose(J, active, rank, singular, rest, chosen, w):
    """The ``rank`` rows of Φq that best span it (Gram–Schmidt with pivoting, as
    Assembly._select_rows) into ``active``; False at a singular configuration."""
    n, m = {n}, {m}
    scale = 0.0
    for a in range(m):
        s = 0.0
        for j in range(n):
            rest[a, j] = J[a, j]
            s += J[a, j] * J[a, j]
        scale = max(scale, s)
        chosen[a] = 0.0
    for _ in range(rank):
        best, i = -math.inf, 0
        for a in range(m):
            s = -1.0
            if chosen[a] <= 0.0:
                s = 0.0
                for j in range(n):
                    s += rest[a, j] * rest[a, j]
            if s > best:
                best, i = s, a
        if not best > singular * singular * scale:
            return False
        norm = math.sqrt(best)
        for j in range(n):
            w[j] = rest[i, j] / norm
        for a in range(m):
            s = 0.0
            for j in range(n):
                s += rest[a, j] * w[j]
            for j in range(n):
                rest[a, j] -= s * w[j]
        chosen[i] = 1.0
    for a in range(m):
        active[a] = chosen[a]
    return True


def {STEPS}(t, h, substeps, steps, y, active, inverse, rows, cols, metric_inverse, tolerance, rank, singular):
    """``steps`` steps of dt of the state y (q, q̇, W, W of drivers), in place, with the rows in use
    ``active`` (chosen again after each step when rank < m); returns the number taken: fewer when
    the next one could not be (y and ``active`` are then as before it)."""
    n, m, size = {n}, {m}, y.shape[0]
    values = np.empty({outputs})
    JM = np.empty((max(m, 1), n))
    A = np.empty((max(m, 1), max(m, 1)))
    lam = np.empty(m)
    k1 = np.empty(size)
    k2 = np.empty(size)
    k3 = np.empty(size)
    k4 = np.empty(size)
    stage = np.empty(size)
    z = np.empty(size)
    act = np.empty(max(m, 1))
    phi = np.empty(max(m, 1))
    phi_t = np.empty(max(m, 1))
    J = np.empty((max(m, 1), n))
    SJ = np.empty((max(m, 1), n))
    G = np.empty((max(m, 1), max(m, 1)))
    x = np.empty(max(m, 1))
    dq = np.empty(n)
    w = np.empty(n)
    rhs = np.empty(max(m, 1))
    rest = np.empty((max(m, 1), n))
    chosen = np.empty(max(m, 1))
    for step in range(steps):
        for j in range(size):
            z[j] = y[j]
        for a in range(m):
            act[a] = active[a]
        for i in range(substeps):
            ti = t + i * h
            mechanism_substep(ti, h, z, act, inverse, rows, cols, values, JM, A, lam, k1, k2, k3, k4, stage)
        total = 0.0
        for j in range(size):
            total += z[j]
        if not math.isfinite(total):
            return step
        t_end = t + substeps * h
        if m:
            met = False
            for _ in range(4):
                mechanism_geometry(t_end, z, rows, cols, phi, J, phi_t)
                met = True
                for a in range(m):
                    if not abs(phi[a]) <= tolerance:
                        met = False
                if met:
                    break
                for a in range(m):
                    rhs[a] = -phi[a]
                if not mechanism_correct(J, rhs, act, metric_inverse, singular, SJ, G, x, w, dq):
                    return step
                for j in range(n):
                    z[j] = z[j] + dq[j]
            if not met:
                return step
            if rank < m and not mechanism_choose(J, act, rank, singular, rest, chosen, w):
                return step
            for a in range(m):
                s = 0.0
                for j in range(n):
                    s += J[a, j] * z[n + j]
                rhs[a] = -(s + phi_t[a])
            if not mechanism_correct(J, rhs, act, metric_inverse, singular, SJ, G, x, w, dq):
                return step
            for j in range(n):
                z[n + j] = z[n + j] + dq[j]
        for j in range(size):
            y[j] = z[j]
        for a in range(m):
            active[a] = act[a]
        t = t_end
    return steps
'''
