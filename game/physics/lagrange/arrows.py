"""Where a constraint row's force acts on the drawn bodies: the arrow of Aᵀλ (SPEC §7.8).

A row's multiplier is a force on the coordinates, Q = Aᵀ·λ. A student sees bodies, not
coordinates, so the force is put on the points the model draws, in this order, the first that
does Q's work exactly:

1. one point of a body one drags (the bead on its hoop, the sleigh's blade under its body);
2. shared among the bodies one drags (the rope's tension on each of the Atwood's masses);
3. a ball with what is left turning it: the force then acts off its centre, where that torque
   puts it (a rolling disc's friction, at the contact point);
4. one point of any moving body, then shared among them all.

A row none of these fits is not drawn (its λ_ID is in the values panel all the same). The
points' motion is read from the poses themselves (central differences), so any GRAPHICS block
serves, with no per-model code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ...model.poses import BallPose, BarPose, BlockPose, ForceArrow, Pose

#: a placement does Q's work when what it misses is below this fraction of |Q|
EXACT = 1e-6
#: the step of the central differences, relative to max(1, |q_k|)
STEP = 1e-6


@dataclass(frozen=True)
class DrawnPoint:
    """A point the model draws: where it is, how it moves with q (2 × n), whose it is."""

    id: str
    point: np.ndarray
    jacobian: np.ndarray
    draggable: bool
    #: the ball's radius when the point is a ball's centre (0 otherwise)
    radius: float = 0.0


Poses = Callable[[np.ndarray], Sequence[Pose]]


def _points(poses: Sequence[Pose]) -> list[tuple[str, float, float, bool, float]]:
    """(id, x, y, draggable, radius) of every point a pose is drawn from."""
    out: list[tuple[str, float, float, bool, float]] = []
    for p in poses:
        if isinstance(p, BallPose):
            out.append((p.id, p.x, p.y, p.draggable, abs(p.radius)))
        elif isinstance(p, BarPose):
            out += [(p.id, p.x, p.y, p.draggable, 0.0), (p.id, p.xf, p.yf, p.draggable, 0.0)]
        elif isinstance(p, BlockPose):
            out.append((p.id, p.x, p.y, p.draggable, 0.0))
    return out


def drawn_points(poses: Poses, q: np.ndarray) -> list[DrawnPoint]:
    """The points the model draws at ``q`` that move with q, with their Jacobians."""
    here = _points(poses(q))
    columns = []
    for k in range(len(q)):
        h = STEP * max(1.0, abs(float(q[k])))
        up, down = q.copy(), q.copy()
        up[k] += h
        down[k] -= h
        a, b = _points(poses(up)), _points(poses(down))
        columns.append([((pa[1] - pb[1]) / (2 * h), (pa[2] - pb[2]) / (2 * h)) for pa, pb in zip(a, b)])
    out = []
    for i, (gid, x, y, draggable, radius) in enumerate(here):
        J = np.array([[columns[k][i][0] for k in range(len(q))], [columns[k][i][1] for k in range(len(q))]])
        if np.all(np.isfinite(J)) and np.any(J != 0.0) and np.isfinite(x) and np.isfinite(y):
            out.append(DrawnPoint(gid, np.array([x, y]), J, draggable, radius))
    return out


def _fits(Q: np.ndarray, missed: np.ndarray) -> bool:
    return float(np.linalg.norm(missed)) <= EXACT * float(np.linalg.norm(Q))


def _one(Q: np.ndarray, points: Sequence[DrawnPoint]) -> list[tuple[DrawnPoint, np.ndarray, np.ndarray]]:
    for p in points:
        F = np.linalg.lstsq(p.jacobian.T, Q, rcond=None)[0]
        if _fits(Q, p.jacobian.T @ F - Q):
            return [(p, F, np.zeros(2))]
    return []


def _shared(Q: np.ndarray, points: Sequence[DrawnPoint]) -> list[tuple[DrawnPoint, np.ndarray, np.ndarray]]:
    """The least forces on ``points`` (one per place: a bar's end and the bob on it share one)
    whose work is Q's."""
    distinct: list[DrawnPoint] = []
    for p in points:
        if not any(np.allclose(p.point, d.point, rtol=0, atol=1e-9) for d in distinct):
            distinct.append(p)
    if len(distinct) < 2:
        return []
    J = np.vstack([p.jacobian for p in distinct])
    F = np.linalg.lstsq(J.T, Q, rcond=None)[0]
    if not _fits(Q, J.T @ F - Q):
        return []
    size = float(np.max(np.abs(F)))
    return [(p, F[2 * i:2 * i + 2], np.zeros(2)) for i, p in enumerate(distinct)
            if float(np.max(np.abs(F[2 * i:2 * i + 2]))) > EXACT * size]


def _turning(Q: np.ndarray, ball: DrawnPoint, points: Sequence[DrawnPoint]) -> np.ndarray | None:
    """How fast each coordinate turns ``ball`` (rad per unit), read from a point drawn inside it
    that turns rigidly about its centre (a mark on a disc); None when none does."""
    for p in points:
        d = p.point - ball.point
        r2 = float(d @ d)
        if p is ball or not 0.0 < r2 <= ball.radius ** 2 * (1 + 1e-9):
            continue
        moves = p.jacobian - ball.jacobian
        omega = (d[0] * moves[1] - d[1] * moves[0]) / r2
        rigid = np.outer(np.array([-d[1], d[0]]), omega)
        if np.all(np.abs(moves - rigid) <= 1e-5 * (np.abs(moves) + np.sqrt(r2))) and np.any(omega != 0.0):
            return omega
    return None


def _ball(Q: np.ndarray, balls: Sequence[DrawnPoint],
          points: Sequence[DrawnPoint]) -> list[tuple[DrawnPoint, np.ndarray, np.ndarray]]:
    """The force on a ball, acting off its centre where the torque Q's rest asks for it:
    a force F at offset d turns the ball by d × F."""
    for b in balls:
        F = np.linalg.lstsq(b.jacobian.T, Q, rcond=None)[0]
        rest = Q - b.jacobian.T @ F
        omega = _turning(Q, b, points)
        force2 = float(F @ F)
        if omega is None or force2 == 0.0:
            continue
        torque = float(omega @ rest) / float(omega @ omega)
        if _fits(Q, rest - torque * omega):
            return [(b, F, torque / force2 * np.array([F[1], -F[0]]))]
    return []


def place(Q: np.ndarray, points: Sequence[DrawnPoint]) -> list[tuple[DrawnPoint, np.ndarray, np.ndarray]]:
    """Where the generalized force ``Q`` acts: (point, force, offset of the point of application
    from it) for each body it acts on; empty when no placement does Q's work."""
    if not np.all(np.isfinite(Q)) or not np.any(Q != 0.0):
        return []
    grabbed = [p for p in points if p.draggable]
    balls = [p for p in grabbed if p.radius > 0] + [p for p in points if p.radius > 0 and not p.draggable]
    return (_one(Q, grabbed) or _shared(Q, grabbed) or _ball(Q, balls, points)
            or _one(Q, points) or _shared(Q, points))


def row_arrows(rows: Sequence[tuple[str, np.ndarray]], points: Sequence[DrawnPoint],
               length_per_force: float) -> list[ForceArrow]:
    """Each row's force (id, Q) as arrows on the bodies, ``length_per_force`` long per unit of force."""
    out = []
    for rid, Q in rows:
        for p, F, offset in place(Q, points):
            x, y = p.point + offset
            out.append(ForceArrow(rid, float(x), float(y), float(F[0]) * length_per_force,
                                  float(F[1]) * length_per_force, "constraint"))
    return out
