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

def mechanism_stage(t, y, active, inverse, rows, cols, values, JM, A, dy):
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
    lam = np.zeros(m)
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


def {KERNEL}(t0, h, steps, Y, active, inverse, rows, cols):
    count, size = Y.shape
    n, m = {n}, {m}
    out = np.empty_like(Y)
    values = np.empty({outputs})
    JM = np.empty((max(m, 1), n))
    A = np.empty((max(m, 1), max(m, 1)))
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
            mechanism_stage(t, y, act, inverse, rows, cols, values, JM, A, k1)
            for j in range(size):
                stage[j] = y[j] + (h / 2) * k1[j]
            mechanism_stage(t + h / 2, stage, act, inverse, rows, cols, values, JM, A, k2)
            for j in range(size):
                stage[j] = y[j] + (h / 2) * k2[j]
            mechanism_stage(t + h / 2, stage, act, inverse, rows, cols, values, JM, A, k3)
            for j in range(size):
                stage[j] = y[j] + h * k3[j]
            mechanism_stage(t + h, stage, act, inverse, rows, cols, values, JM, A, k4)
            for j in range(size):
                y[j] = y[j] + (h / 6) * (k1[j] + 2 * (k2[j] + k3[j]) + k4[j])
        out[i] = y
    return out
'''
