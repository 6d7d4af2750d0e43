"""What watches the motion: step observers, trails and the history of a run (SPEC §8).

A :class:`~game.physics.simulation.Simulation` tells each of its observers
about every step it takes (``on_step``) and about every discontinuity
(``on_break``: conditions typed or dragged, a reset, new parameters), so
trails, plots, the CSV of ``simulate`` and later energy bookkeeping all see
the same steps, and none of them is called from the window loop.

Records are plain ring buffers of floats in model units: bounded memory,
no pixels, no pygame.
"""

from __future__ import annotations

import itertools
import math
import mmap
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ...model.poses import BallPose, BlockPose, JointPose
from .ring import Ring
from .watched import Watched

# Unique stamps for trail contents: a new trail or a cleared one gets a fresh
# stamp, so a drawing cache can never mistake one trail's points for another's.
_stamps = itertools.count()


class Trail(Ring):
    """The positions of one point, at most ``capacity`` of them, oldest first.

    Memory is fixed at construction. What happens when it is full depends on
    ``thin``:

    - ``thin=False`` (a fading trail): a ring; adding overwrites the oldest point.
    - ``thin=True`` (a trail that stays until the Eraser, as in CenM): the older
      half of the points is thinned to every other point, so the trail keeps
      its whole history in bounded memory; each time it fills, the older points
      get sparser (the oldest ones the most), the newest half stays at full
      resolution. The drawing keeps what
      it drew (see ``game.render.trails``): thinning only shows if the trail is
      drawn again from its points after a zoom, a pan or a resize.

    :meth:`break_here` marks a discontinuity, so the segment from the last point
    before it to the first point after it is not drawn (after the user drags a
    body, the trail must not show a jump as if it were motion). Runs keep their
    first and last points through any thinning. The points are the rows of a
    :class:`~.ring.Ring`.
    """

    def __init__(self, capacity: int, thin: bool = False) -> None:
        if capacity < 4 if thin else capacity < 2:
            raise ValueError(f"a trail needs a capacity of at least {4 if thin else 2} points, got {capacity}")
        super().__init__(np.empty((capacity, 2), dtype=np.float64), first_starts=False)
        self.thin = thin
        self._stamp = next(_stamps)

    @property
    def stamp(self) -> int:
        """Changes whenever the contents are replaced (a new trail, a clear)."""
        return self._stamp

    @property
    def nbytes(self) -> int:
        """Memory held by the points."""
        return self._rows.nbytes + self._starts.nbytes

    def add(self, x: float, y: float) -> None:
        """Append a position in model units, overwriting the oldest when full.

        A non-finite position is not stored; it acts as a break instead, so one
        bad value cannot poison the drawing.
        """
        if not (math.isfinite(x) and math.isfinite(y)):
            self.break_here()
            return
        if self.thin and self._count == self.capacity:
            self._thin_older_half()
        i = self._head
        self._rows[i, 0] = x
        self._rows[i, 1] = y
        self._written(i)

    def extend(self, xy: np.ndarray, starts: np.ndarray | None = None) -> None:
        """Append many points at once, as :meth:`add` would one by one; ``starts[i]`` breaks
        the line before point ``i`` (as :meth:`break_here` would)."""
        xy = np.asarray(xy, dtype=np.float64).reshape(-1, 2)
        brk = np.zeros(len(xy), dtype=bool) if starts is None else np.array(starts, dtype=bool)
        # a few points (a frame's worth) go faster one by one than through array operations
        if len(xy) <= 8 or not np.all(np.isfinite(xy)):
            for (x, y), b in zip(xy.tolist(), brk.tolist()):
                if b:
                    self.break_here()
                self.add(x, y)
            return
        k = len(xy)
        if k == 0:
            return
        if self._count == 0:
            brk[0] = False
        else:
            brk[0] |= self._pending_break
        self._pending_break = False
        cap = self.capacity
        keep = min(k, cap)
        slots = (self._head + np.arange(k - keep, k)) % cap
        self._rows[slots] = xy[k - keep:]
        self._starts[slots] = brk[k - keep:]
        self._head = (self._head + k) % cap
        self._count = min(self._count + k, cap)
        self._added += k
        self._lone = False

    def restart(self, x: float, y: float) -> None:
        """Start a new run at (x, y). Several restarts with no point added in between
        (a drag: one per mouse move) leave one starting point, the last."""
        self._restart((x, y))

    def _put(self, row: Sequence[float]) -> None:
        self.add(*row)

    def _keeps(self, row: Sequence[float]) -> bool:
        return all(math.isfinite(v) for v in row)

    def _thin_older_half(self) -> None:
        """Keep every other point of the older half, and every run's first and last point."""
        xy, starts = self.latest(self._count)
        starts[0] = True
        half = self._count // 2
        keep = np.ones(self._count, dtype=bool)
        keep[1:half:2] = False
        keep |= starts  # a run's first point
        keep[:-1] |= starts[1:]  # and its last
        keep[half:] = True
        k = int(keep.sum())
        if k == self._count:  # nothing to drop (all runs of one or two points): forget the oldest
            keep[0] = False
            k -= 1
        self._rows[:k] = xy[keep]
        self._starts[:k] = starts[keep]
        self._head = k % self.capacity
        self._count = k

    def clear(self) -> None:
        """Forget every point (the Eraser button)."""
        super().clear()
        self._stamp = next(_stamps)

    def points(self) -> np.ndarray:
        """A copy of the stored points, oldest first, shape ``(len(self), 2)``."""
        return self.latest(self._count)[0]

    def runs(self) -> list[np.ndarray]:
        """The points split at breaks: each array is one connected polyline."""
        pts = self.points()
        if not len(pts):
            return []
        return np.split(pts, np.flatnonzero(self.starts())[1:])


class History(Ring):
    """The run so far as named columns of floats, newest last, in a ring of ``capacity`` rows.

    Each row also says whether it starts a new run (after a break), so a plot
    never joins the points on either side of a drag or a reset.
    """

    def __init__(self, names: Sequence[str], capacity: int) -> None:
        if capacity < 2:
            raise ValueError(f"a history needs room for at least 2 rows, got {capacity}")
        self.names = tuple(names)
        super().__init__(zeroed_pages(capacity, len(self.names)), first_starts=True)

    def restart(self, row: Sequence[float]) -> None:
        """A new run starts at ``row``; restarts in a row keep only the last one."""
        self._restart(row)

    @property
    def settled(self) -> int:
        """Rows that will not change any more: all but a run's lone first row, which the next
        restart may still replace (a drag moves it with every mouse motion)."""
        return self._added - (1 if self._lone else 0)

    def column(self, name: str) -> np.ndarray:
        """One column, oldest row first."""
        return self._newest(self._rows[:, self.names.index(name)], self._count)

    def rows(self) -> np.ndarray:
        """Every row, oldest first, shape (len, number of names)."""
        return self._newest(self._rows, self._count)


def zeroed_pages(rows: int, columns: int) -> np.ndarray:
    """A ``rows`` × ``columns`` array of zeros (floats) in memory pages of its own, not from the heap.

    A history is made at its full size (up to 16 MB) with every model opened, and fills as the model
    runs. Taken from the heap (np.zeros), glibc gives it a hole that something freed earlier left
    (its mmap threshold only counts when no free block fits), and writes its zeros there: every page
    resident at once for a model shown a minute, then a hole again when it goes (a kiosk's soak read
    the same moment 11 MB apart, by where the history had landed). In an anonymous mapping, a page
    costs memory once written, and all of them go back to the system with the array."""
    if rows * columns == 0:
        return np.zeros((rows, columns))
    pages = mmap.mmap(-1, rows * columns * 8)
    return np.frombuffer(pages, dtype=np.float64).reshape(rows, columns)


#: poses_at(t, q, q̇) → the poses of the bodies then (a Kinematics' poses)
PosesAt = Callable[[float, Sequence[float], Sequence[float]], Sequence]


class TrailRecorder:
    """Keeps the trail of each ball that asks for one (``_rastro``), from the poses at each step
    and, with ``poses_at``, at each impact in between (a bounce's trail touches the floor,
    instead of cutting the corner between two steps)."""

    def __init__(self, poses: Callable[[], Sequence], ids: Sequence[str], capacity: int, thin: bool = False,
                 poses_at: PosesAt | None = None) -> None:
        #: the current poses, by id (the kinematics can change with the parameters)
        self.poses = poses
        self.poses_at = poses_at
        self.trails = {gid: Trail(capacity, thin) for gid in ids}

    def _points(self, poses: Sequence | None = None):
        for p in self.poses() if poses is None else poses:
            if p.id in self.trails:
                yield self.trails[p.id], p

    def on_step(self, sim: Watched) -> None:
        if self.poses_at is not None:
            for impact in sim.impacts:
                for trail, p in self._points(self.poses_at(impact.t, impact.q.tolist(), impact.after.tolist())):
                    trail.add(p.x, p.y)
        for trail, p in self._points():
            trail.add(p.x, p.y)

    def on_break(self, sim: Watched) -> None:
        for trail, p in self._points():
            trail.restart(p.x, p.y)

    def clear(self) -> None:
        for trail in self.trails.values():
            trail.clear()


class HistoryRecorder:
    """Keeps the history of a simulation's samples (see ``Simulation.sample``)."""

    def __init__(self, history: History) -> None:
        self.history = history

    def on_step(self, sim: Watched) -> None:
        self.history.append(sim.sample())

    def on_break(self, sim: Watched) -> None:
        self.history.restart(sim.sample())


@dataclass(frozen=True)
class Flash:
    """Where a contact acted (model units), when, and how hard: the change of speed of the body."""

    t: float
    x: float
    y: float
    strength: float


class FlashRecorder:
    """The places of the impacts of the last ``seconds`` of simulated time, to flash them.

    For each contact that got an impulse, each ball or block whose velocity that impulse
    changed gets a flash on its outline, on the side the contact's normal impulse came
    from (a ball on the floor flashes at its bottom; two balls that meet flash where they
    touch), as bright as the change. Contact by contact, not by the bodies' net change: in
    a Newton's cradle the middle balls end as they began, yet every contact along the row
    passed the impulse on, and each flashes.
    """

    def __init__(self, poses_at: PosesAt, seconds: float = 0.35, most: int = 64) -> None:
        self.poses_at = poses_at
        self.seconds = seconds
        self.flashes: deque[Flash] = deque(maxlen=most)

    def on_step(self, sim: Watched) -> None:
        for impact in sim.impacts:
            q = impact.q.tolist()
            before = self.poses_at(impact.t, q, impact.before.tolist())
            jumps = []
            for change, normal in impact.by_contact:  # each contact's own change of velocity
                after = self.poses_at(impact.t, q, (impact.before + change).tolist())
                pushed = self.poses_at(impact.t, q, (impact.before + normal).tolist())
                moved = [(b, a.vx - b.vx, a.vy - b.vy, n.vx - b.vx, n.vy - b.vy)
                         for b, a, n in zip(before, after, pushed) if isinstance(b, (BallPose, BlockPose, JointPose))]
                bodies = [m for m in moved if not isinstance(m[0], JointPose)]
                # a mechanism's contact without a ball or block (a bar's end on the floor) flashes at
                # the joint its normal impulse pushed most: the point the contact is written of
                joints = [m for m in moved if isinstance(m[0], JointPose)]
                if bodies:
                    jumps += bodies
                elif joints:
                    jumps.append(max(joints, key=lambda m: math.hypot(m[3], m[4])))
            biggest = max((math.hypot(dx, dy) for _, dx, dy, _, _ in jumps), default=0.0)
            for pose, dx, dy, nx, ny in jumps:
                size, push = math.hypot(dx, dy), math.hypot(nx, ny)
                if size > 0.05 * biggest and push > 0.0:
                    x, y = (pose.x, pose.y) if isinstance(pose, JointPose) else _outline_point(pose, -nx / push, -ny / push)
                    self.flashes.append(Flash(impact.t, x, y, size))

    def on_break(self, sim: Watched) -> None:
        self.flashes.clear()

    def current(self, t: float) -> list[tuple[Flash, float]]:
        """The flashes still shown at ``t``, each with its age as a fraction of the lifetime."""
        return [(f, (t - f.t) / self.seconds) for f in self.flashes if 0.0 <= t - f.t < self.seconds]


def _outline_point(pose: BallPose | BlockPose, dx: float, dy: float) -> tuple[float, float]:
    """The point of the body's outline in the direction (dx, dy) from its centre."""
    if isinstance(pose, BallPose):
        return pose.x + pose.radius * dx, pose.y + pose.radius * dy
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    along, across = c * dx + s * dy, -s * dx + c * dy  # the direction in the block's own axes
    reach = min(0.5 * pose.width / abs(along) if along else math.inf,
                0.5 * pose.height / abs(across) if across else math.inf)
    return pose.x + reach * dx, pose.y + reach * dy
