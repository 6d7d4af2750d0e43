"""The builder without its window (issue 36 item 1): a drawing of points and the elements between
them — bars, springs, masses, sliders, a motor, forces — made by calls in model units, undone and
redone, counted (its degrees of freedom in words, from the rank of the constraints' Jacobian that
the mechanism engine itself builds) and written as a ``<MECHANISM>`` file (SPEC §7.5) that the
program's own reader loads and ``check`` accepts. No pygame here: the window turns clicks and drags
into :meth:`Builder.add_point`, :meth:`Builder.add_bar` … and draws :attr:`Builder.drawing`.

Every action replaces the drawing by a new one (a :class:`Drawing` is frozen), so undo and redo are
two stacks of drawings, and an action refused (a bar from a point to itself, 500 elements) leaves the
drawing as it was and says why in :attr:`Builder.said`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from ...messages import Message, msg
from ...model import ModelFileError, parameter_values
from ...model.general import LIMITS
from ...model.reader import read_model
from ...physics.mechanism.assembly import Assembly
from ..files.saving import NAME, read_back

#: what the builder's elements are, and the prefix of their names in the file
KINDS = ("bar", "spring", "mass", "slider", "motor", "force")
#: the rows a drawing may have, points and elements (the reader's limit, less the GRAVITY row)
MOST_ROWS = LIMITS.mechanism_rows - 1
#: a point dropped within this fraction of the grid of another joins it
JOIN = 0.4
#: dropped within this fraction of the grid of a grid node it lands on the node, before any line;
#: farther from the nodes but within it of where a bar or a slider's guide crosses a grid line or
#: another of them, on that crossing; else within it of such a line, on the line (Linkage's snaps);
#: anywhere else on the nearest node
PULL = 0.25
#: how many drawings undo remembers
UNDO_DEPTH = 200


@dataclass(frozen=True)
class Joint:
    """A point of the drawing, in model units; a fixed one is pinned to the ground."""

    id: str
    x: float
    y: float
    fixed: bool = False


@dataclass(frozen=True)
class Piece:
    """An element between points: its kind (one of :data:`KINDS`), name, points in the file's order
    (a slider's P, A, B) and numbers (a bar's mass; a spring's k, length, damping; a mass's mass
    and radius; a motor's angular speed w; a force's fx, fy)."""

    kind: str
    id: str
    points: tuple[str, ...]
    numbers: tuple[tuple[str, float], ...] = ()

    def number(self, name: str) -> float:
        return dict(self.numbers)[name]


@dataclass(frozen=True)
class Drawing:
    joints: tuple[Joint, ...] = ()
    pieces: tuple[Piece, ...] = ()

    def joint(self, pid: str) -> Joint:
        return next(j for j in self.joints if j.id == pid)

    def has(self, name: str) -> bool:
        return any(j.id == name for j in self.joints) or any(p.id == name for p in self.pieces)

    @property
    def rows(self) -> int:
        return len(self.joints) + len(self.pieces)

    def free(self) -> int:
        return sum(not j.fixed for j in self.joints)


@dataclass(frozen=True)
class Landing:
    """Where a point dropped lands: ``kind`` "point" (it joins the point ``on``), "grid" (a node),
    "line" (on the element ``on``, whose line runs through ``line``), "crossing" (where that line
    crosses a grid line, or ``across``, another element's line) or "free" (no grid)."""

    x: float
    y: float
    kind: str
    on: str | None = None
    line: tuple[tuple[float, float], tuple[float, float]] | None = None
    across: tuple[tuple[float, float], tuple[float, float]] | None = None


@dataclass
class Builder:
    """A drawing being built: every action on it, its undo and redo, its freedom and its file.
    ``grid`` (model units) is where points snap and the scale of what is drawn (a bar's width)."""

    grid: float = 0.5
    gravity: float = 9.81
    drawing: Drawing = field(default_factory=Drawing)
    #: why the last action did nothing (None: it was done)
    said: Message | None = None
    _undo: list[Drawing] = field(default_factory=list)
    _redo: list[Drawing] = field(default_factory=list)

    # -- the drawing changes ------------------------------------------------------------------

    def _change(self, drawing: Drawing) -> bool:
        self._undo.append(self.drawing)
        del self._undo[:-UNDO_DEPTH]
        self._redo.clear()
        self.drawing, self.said = drawing, None
        return True

    def _refuse(self, key: str, **values: object) -> bool:
        self.said = msg(key, **values)
        return False

    def _none(self, key: str, **values: object) -> str | None:
        """Refused, for an action that returns the name of what it made."""
        self._refuse(key, **values)
        return None

    def undo(self) -> bool:
        if not self._undo:
            return self._refuse("build.nothing_to_undo")
        self._redo.append(self.drawing)
        self.drawing, self.said = self._undo.pop(), None
        return True

    def redo(self) -> bool:
        if not self._redo:
            return self._refuse("build.nothing_to_redo")
        self._undo.append(self.drawing)
        self.drawing, self.said = self._redo.pop(), None
        return True

    def _name(self, prefix: str) -> str:
        k = 1
        while self.drawing.has(f"{prefix}{k}"):
            k += 1
        return f"{prefix}{k}"

    def snap(self, x: float, y: float) -> tuple[float, float]:
        """(x, y) on the grid (no grid: as it is)."""
        g = self.grid
        return (round(x / g) * g, round(y / g) * g) if g > 0 else (x, y)

    def point_at(self, x: float, y: float, reach: float | None = None, but: str | None = None) -> str | None:
        """The point nearest (x, y) within ``reach`` (default: :data:`JOIN` of the grid), if any
        (``but`` that one)."""
        reach = JOIN * self.grid if reach is None else reach
        best, nearest = None, reach
        for j in self.drawing.joints:
            d = math.hypot(j.x - x, j.y - y)
            if d <= nearest and j.id != but:
                best, nearest = j.id, d
        return best

    def landing(self, x: float, y: float, moving: str | None = None) -> Landing:
        """Where a point dropped at (x, y) lands (``moving``: the point being moved, whose own elements'
        lines move with it and are not snapped to): on a point near it, else on a grid node near it,
        else on a bar or a slider's guide near it, else on the nearest node."""
        there = self.point_at(x, y, but=moving)
        if there is not None:
            j = self.drawing.joint(there)
            return Landing(j.x, j.y, "point", there)
        g = self.grid
        if g <= 0:
            return Landing(x, y, "free")
        gx, gy = self.snap(x, y)
        spot = Landing(gx, gy, "grid")
        if math.hypot(gx - x, gy - y) > PULL * g:
            spot = self._crossing(x, y, moving) or self._on_line(x, y, moving) or spot
        there = self.point_at(spot.x, spot.y, but=moving)
        if there is not None:
            j = self.drawing.joint(there)
            return Landing(j.x, j.y, "point", there)
        return spot

    def _lines(self, moving: str | None) -> list[tuple[str, Joint, Joint, bool]]:
        """The lines a point may land on: each bar (between its ends) and slider's guide (its whole
        line) that does not move with the point ``moving``: (element, one end, the other, whole)."""
        d = self.drawing
        out = []
        for p in d.pieces:
            if p.kind == "bar" and moving not in p.points:
                a, b, whole = d.joint(p.points[0]), d.joint(p.points[1]), False
            elif p.kind == "slider" and moving not in p.points[1:]:
                a, b, whole = d.joint(p.points[1]), d.joint(p.points[2]), True
            else:
                continue
            if (b.x - a.x) ** 2 + (b.y - a.y) ** 2 > 0:
                out.append((p.id, a, b, whole))
        return out

    def _on_line(self, x: float, y: float, moving: str | None) -> Landing | None:
        """The nearest bar or slider's guide within :data:`PULL` of the grid of (x, y), and the foot of
        the perpendicular on it."""
        best, nearest = None, PULL * self.grid
        for pid, a, b, whole in self._lines(moving):
            dx, dy = b.x - a.x, b.y - a.y
            u = ((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy)
            if not (whole or 0 <= u <= 1):
                continue
            fx, fy = a.x + u * dx, a.y + u * dy
            gap = math.hypot(x - fx, y - fy)
            if gap <= nearest:
                best, nearest = Landing(fx, fy, "line", pid, ((a.x, a.y), (b.x, b.y))), gap
        return best

    def _crossing(self, x: float, y: float, moving: str | None) -> Landing | None:
        """The nearest crossing within :data:`PULL` of the grid of (x, y) of a bar or slider's guide
        with a grid line (the one through round(x) or round(y): no other comes that near) or with
        another of them."""
        g = self.grid
        lines = self._lines(moving)
        best, nearest = None, PULL * g
        for k, (pid, a, b, whole) in enumerate(lines):
            dx, dy = b.x - a.x, b.y - a.y
            along = [(round(x / g) * g - a.x) / dx] if dx else []  # the vertical grid line near x
            along += [(round(y / g) * g - a.y) / dy] if dy else []  # the horizontal one near y
            found: list[tuple[float, tuple[tuple[float, float], tuple[float, float]] | None]] = [(u, None) for u in along]
            for _, c, e, whole_too in lines[k + 1:]:
                ex, ey = e.x - c.x, e.y - c.y
                det = dx * ey - dy * ex
                if abs(det) <= 1e-12 * (dx * dx + dy * dy + ex * ex + ey * ey):
                    continue  # parallel
                u = ((c.x - a.x) * ey - (c.y - a.y) * ex) / det
                v = ((c.x - a.x) * dy - (c.y - a.y) * dx) / det
                if whole_too or 0 <= v <= 1:
                    found.append((u, ((c.x, c.y), (e.x, e.y))))
            for u, across in found:
                if not (whole or 0 <= u <= 1):
                    continue
                cx, cy = a.x + u * dx, a.y + u * dy
                gap = math.hypot(x - cx, y - cy)
                if gap <= nearest:
                    best, nearest = Landing(cx, cy, "crossing", pid, ((a.x, a.y), (b.x, b.y)), across), gap
        return best

    def _room(self) -> bool:
        if self.drawing.rows >= MOST_ROWS:
            return self._refuse("build.too_many", most=MOST_ROWS)
        return True

    def add_point(self, x: float, y: float, fixed: bool = False) -> str | None:
        """A point where (x, y) lands (:meth:`landing`: the grid, or a bar's line); on an existing point,
        that point (it is not doubled). Returns its name (None: refused, :attr:`said` says why)."""
        spot = self.landing(x, y)
        there = spot.on if spot.kind == "point" else None
        if there is not None:
            self.said = None
            if fixed and not self.drawing.joint(there).fixed:
                self.set_fixed(there, True)
            return there
        if not self._room():
            return None
        if not fixed and self.drawing.free() >= LIMITS.free_points:
            return self._none("build.too_many_free", most=LIMITS.free_points)
        pid = self._name("P")
        self._change(replace(self.drawing, joints=(*self.drawing.joints, Joint(pid, spot.x, spot.y, fixed))))
        return pid

    def set_fixed(self, pid: str, fixed: bool) -> bool:
        joints = tuple(replace(j, fixed=fixed) if j.id == pid else j for j in self.drawing.joints)
        return self._change(replace(self.drawing, joints=joints))

    def move_point(self, pid: str, x: float, y: float) -> bool:
        """Move a point where (x, y) lands (:meth:`landing`); dropped on another point it joins it: the
        other point stays and every element of this one is carried over, unless an element would then
        join a point to itself."""
        spot = self.landing(x, y, moving=pid)
        if spot.kind == "point" and spot.on is not None:
            return self._join(pid, spot.on)
        x, y = spot.x, spot.y
        joints = tuple(replace(j, x=x, y=y) if j.id == pid else j for j in self.drawing.joints)
        return self._change(replace(self.drawing, joints=joints))

    def move_element(self, name: str, dx: float, dy: float) -> bool:
        """Move an element by (dx, dy) rounded to whole grid steps: all its points move (a bar's or a
        spring's two ends, a slider's point and guide), and the elements sharing them stretch to follow;
        refused when a bar, spring, motor or guide would then have its two ends at one place."""
        piece = next((p for p in self.drawing.pieces if p.id == name), None)
        if piece is None:
            return self._refuse("build.no_element", element=name)
        dx, dy = self.snap(dx, dy)
        if dx == 0 and dy == 0:
            self.said = None
            return False
        moved = set(piece.points)
        joints = tuple(replace(j, x=j.x + dx, y=j.y + dy) if j.id in moved else j for j in self.drawing.joints)
        drawing = replace(self.drawing, joints=joints)
        for p in drawing.pieces:
            ends = p.points[1:] if p.kind == "slider" else p.points
            if len(ends) == 2:
                a, b = drawing.joint(ends[0]), drawing.joint(ends[1])
                if math.hypot(b.x - a.x, b.y - a.y) <= 1e-9 * max(1.0, self.grid):
                    return self._refuse("build.zero_length", p1=a.id, p2=b.id)
        return self._change(drawing)

    def _join(self, pid: str, into: str) -> bool:
        pieces = []
        for p in self.drawing.pieces:
            points = tuple(into if q == pid else q for q in p.points)
            if len(set(points)) < len(points):
                return self._refuse("build.join_collapses", point=pid, other=into, element=p.id)
            pieces.append(replace(p, points=points))
        joints = tuple(replace(j, fixed=j.fixed or self.drawing.joint(pid).fixed) if j.id == into else j
                       for j in self.drawing.joints if j.id != pid)
        return self._change(Drawing(joints, tuple(pieces)))

    def _between(self, kind: str, points: tuple[str, ...], numbers: Mapping[str, float]) -> str | None:
        if not self._points_exist(*points) or not self._room():
            return None
        name = self._name(kind)
        piece = Piece(kind, name, points, tuple(numbers.items()))
        self._change(replace(self.drawing, pieces=(*self.drawing.pieces, piece)))
        return name

    def _length(self, p1: str, p2: str) -> float:
        a, b = self.drawing.joint(p1), self.drawing.joint(p2)
        return math.hypot(b.x - a.x, b.y - a.y)

    def _two_points(self, p1: str, p2: str) -> bool:
        if p1 == p2:
            return self._refuse("build.same_point", point=p1)
        if self._length(p1, p2) <= 1e-9 * max(1.0, self.grid):
            return self._refuse("build.zero_length", p1=p1, p2=p2)
        return True

    def add_bar(self, p1: str, p2: str, mass: float = 1.0) -> str | None:
        """A rigid bar between two points (its length as drawn), with its mass at its midpoint."""
        if not self._points_exist(p1, p2) or not self._two_points(p1, p2):
            return None
        return self._between("bar", (p1, p2), {"mass": mass})

    def add_spring(self, p1: str, p2: str, k: float = 20.0, length: float | None = None,
                   damping: float = 0.0) -> str | None:
        """A spring of stiffness k (its rest length as drawn unless given) and damping."""
        if not self._points_exist(p1, p2) or not self._two_points(p1, p2):
            return None
        rest = self._length(p1, p2) if length is None else length
        return self._between("spring", (p1, p2), {"k": k, "length": rest, "damping": damping})

    def add_mass(self, p: str, mass: float = 1.0) -> str | None:
        return self._between("mass", (p,), {"mass": mass, "radius": self.grid / 4})

    def add_slider(self, p: str, a: str, b: str) -> str | None:
        """P kept on the line through A and B."""
        if not self._points_exist(p, a, b):
            return None
        if a == b or self._length(a, b) <= 1e-9 * max(1.0, self.grid):
            return self._none("build.slider_no_line", a=a, b=b)
        if p in (a, b):
            return self._none("build.slider_own_line", point=p)
        return self._between("slider", (p, a, b), {})

    def add_motor(self, p1: str, p2: str, w: float = 1.0) -> str | None:
        """A motor turning the direction p1→p2 at w rad/s from its angle as drawn."""
        if not self._points_exist(p1, p2) or not self._two_points(p1, p2):
            return None
        if any(p.kind == "motor" for p in self.drawing.pieces):
            return self._none("build.one_motor")
        return self._between("motor", (p1, p2), {"w": w})

    def add_force(self, p: str, fx: float = 0.0, fy: float = -1.0) -> str | None:
        return self._between("force", (p,), {"fx": fx, "fy": fy})

    def _points_exist(self, *points: str) -> bool:
        for p in points:
            if not any(j.id == p for j in self.drawing.joints):
                return self._refuse("build.no_point", point=p)
        return True

    def set_number(self, name: str, key: str, value: float) -> bool:
        """A number of an element (a bar's mass, a spring's k …); refused if not finite or negative
        where it cannot be (everything but a force's components and a motor's speed)."""
        piece = next((p for p in self.drawing.pieces if p.id == name), None)
        if piece is None or key not in dict(piece.numbers):
            return self._refuse("build.no_element", element=name)
        signed = piece.kind in ("force", "motor")
        if not math.isfinite(value) or (value < 0 and not signed):
            return self._refuse("build.bad_number", value=value)
        numbers = tuple((k, value if k == key else v) for k, v in piece.numbers)
        pieces = tuple(replace(p, numbers=numbers) if p.id == name else p for p in self.drawing.pieces)
        return self._change(replace(self.drawing, pieces=pieces))

    def delete(self, name: str) -> bool:
        """Delete an element, or a point and every element on it."""
        d = self.drawing
        if not d.has(name):
            return self._refuse("build.no_element", element=name)
        joints = tuple(j for j in d.joints if j.id != name)
        pieces = tuple(p for p in d.pieces if p.id != name and name not in p.points)
        return self._change(Drawing(joints, pieces))

    def clear(self) -> bool:
        return self._change(Drawing()) if self.drawing.rows else False

    # -- what the drawing is --------------------------------------------------------------------

    def freedom(self) -> Message:
        """The drawing's degrees of freedom in words: from the rank of Φq where the points are drawn
        (the engine's own constraints and Jacobian), a motor taking one."""
        d = self.drawing
        if not d.free():
            return msg("build.dof.nothing_free")
        try:
            model = read_model("built.dat", self.to_mechanism())
            free, driven = Assembly(model, parameter_values(model)).freedom()
        except (ModelFileError, ValueError, ArithmeticError) as exc:
            return msg("build.dof.unknown", reason=str(exc))
        motors = sum(p.kind == "motor" for p in d.pieces)
        if motors and driven < free:
            if driven == 0:
                return msg("build.dof.driven")
            return msg("build.dof.driven_floppy", n=driven)
        if free == 0:
            return msg("build.dof.locked")
        if free == 1:
            return msg("build.dof.one")
        return msg("build.dof.floppy", n=free)

    def to_mechanism(self, title: str = "") -> str:
        """The drawing as a model file (SPEC §7.5): numbers written exactly (Python's shortest repr),
        so the file loads to the drawing bit for bit."""
        d = self.drawing
        xs = [j.x for j in d.joints] or [0.0]
        ys = [j.y for j in d.joints] or [0.0]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 4 * self.grid, 1e-6)
        scale = max(1e-6, min(1e6, 400 / span))
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        lines = [f"# {title or msg('build.title').text()}",
                 "<GENERAL>", f"escala={_n(scale)}", f"Ox={_n(-cx * scale)}", f"Oy={_n(cy * scale)}",
                 "dt=0.01", "N=5", "</GENERAL>",
                 "<PARAMETERS>",
                 f"<P>g|{_n(self.gravity)}|aceleración de la gravedad|en: acceleration of gravity</P>",
                 "</PARAMETERS>",
                 "<MECHANISM>", "<GRAVITY>'g'</GRAVITY>"]
        lines += [f"<POINT>{j.id}|{_n(j.x)}|{_n(j.y)}|0|0|{int(j.fixed)}</POINT>" for j in d.joints]
        width = _n(self.grid / 5)
        for p in d.pieces:
            lines.append(_row(p, width, d))
        lines.append("</MECHANISM>")
        return "\n".join(lines) + "\n"

    def save(self, folder: Path, name: str, overwrite: bool = False) -> Path | None:
        """Write the drawing as ``folder/name.dat`` after reading it back as ``check`` would;
        None (and :attr:`said`) when the name, an existing file or the check refuses it."""
        name = name.strip()
        if not NAME.fullmatch(name):
            self._refuse("build.bad_name", name=name)
            return None
        path = folder / f"{name}.dat"
        if path.exists() and not overwrite:
            self._refuse("build.exists", name=name)
            return None
        data = self.to_mechanism(name).encode("utf-8")
        refusal = read_back(path, data)
        if refusal is not None:
            self.said = msg("build.cannot_save", reason=str(refusal.message))
            return None
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".dat.tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
        self.said = None
        return path


def _n(value: float) -> str:
    """A number as the file writes it: the shortest text that reads back to the same float."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def _row(p: Piece, width: str, d: Drawing) -> str:
    n = {k: _n(v) for k, v in p.numbers}
    cells = "|".join(p.points)
    if p.kind == "bar":
        return f"<BAR>{p.id}|{cells}|{n['mass']}|''|{width}</BAR>"
    if p.kind == "spring":
        return f"<SPRING>{p.id}|{cells}|{n['k']}|{n['length']}|{n['damping']}</SPRING>"
    if p.kind == "mass":
        return f"<MASS>{p.id}|{cells}|{n['mass']}|{n['radius']}</MASS>"
    if p.kind == "slider":
        return f"<SLIDER>{p.id}|{cells}</SLIDER>"
    if p.kind == "motor":
        return f"<DRIVER>{p.id}|{cells}|'{motor_law(p, d)}'</DRIVER>"
    return f"<FORCE>{cells}|'{n['fx']}'|'{n['fy']}'</FORCE>"


def motor_law(p: Piece, d: Drawing) -> str:
    """A motor's angle as the file writes it: its angle as drawn at the start, turning at w."""
    a, b = d.joint(p.points[0]), d.joint(p.points[1])
    return f"{_n(math.atan2(b.y - a.y, b.x - a.x))} + {_n(p.number('w'))}·t"
