"""The builder as the session runs it (issue 36 item 1): the control 'build' pauses the model and
shows the drawing (a mechanism on screen is taken as it stands, anything else gives an empty one);
a tool chosen in the window's strip turns a press and a release on the scene, in model units, into
an action on the :class:`~game.app.session.building.Builder`; Run writes the drawing and opens it as
a model (Edit goes back to the drawing, kept as it was); Save puts it in the user's models, in the
menu at once. No pygame here.
"""

from __future__ import annotations

import math
from pathlib import Path

from ...expr import TIME, EvaluationError, ExpressionError, Location, evaluate
from ...messages import Message, msg
from ...model import Catalog, CatalogEntry
from ...model.mechanism import Element, coordinate_names, element_number, point_positions, size
from ...model.steps import step_at_least
from ..files.saving import free_name, mine_entry
from .banner import FirstLine
from .building import KINDS, Builder, Drawing, Joint, Landing, Piece, motor_law
from .framer import Framer
from .onscreen import UNREADABLE, OnScreen, View, build

#: the tools of the strip, in its order (the buttons after them are actions: undo, redo, run, save)
TOOLS = ("point", "fixed", "bar", "spring", "mass", "slider", "motor", "force", "delete")
#: pixels between grid points at least, when a drawing starts on a model's scene
GRID_PIXELS = 24
#: the file a drawing is run from (in the user's state folder; a temporary one without user folders)
SCRATCH = "construccion.dat"


class BuildMode:
    def __init__(self, session: OnScreen, framer: Framer):
        self.session, self.framer = session, framer
        self.builder = Builder()
        self.tool = "bar"
        #: where a bar or spring being drawn starts (a point's name), or the point being moved
        self.start: str | None = None
        self.moving: str | None = None
        #: where the pointer is while a bar is drawn (model units)
        self.pointer: tuple[float, float] | None = None
        self._counted: tuple[Drawing, str, Message] | None = None
        #: the element whose numbers the property panel shows (a press on it with the point tool)
        self.selected: str | None = None
        #: how near a press is on a point (model units, the last press's)
        self.reach = 0.0
        #: where the selected element was taken to be dragged (model units)
        self.grabbed: tuple[float, float] | None = None

    @property
    def view(self) -> View:
        return self.session.view

    # -- on and off ---------------------------------------------------------------------------

    def flip(self) -> None:
        """The control 'build': the drawing shown (the model paused) or the drawing run."""
        if self.view.building:
            self.run()
            return
        self.view.animating = False
        said: Message | None = None
        if not self.builder.drawing.rows:
            if self.session.model.mechanism is not None:
                self.builder, said = from_mechanism(self.session)
            else:  # a grid the student can see and hit: a round step at least GRID_PIXELS apart on screen
                self.builder.grid = step_at_least(GRID_PIXELS / self.framer.camera()[0])
        self.view.building = True
        self.session.banner.say(said, "info" if said is not None else None)

    def run(self) -> bool:
        """The drawing as a model on screen, paused at its start; the banner says why when it cannot
        run yet (and the drawing stays open, nothing lost)."""
        s = self.session
        path = self._scratch()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.builder.to_mechanism(), encoding="utf-8")
            built = build(path)
        except (OSError, *UNREADABLE) as exc:
            s.banner.say(msg("build.cannot_run", reason=FirstLine(exc)), "load")
            return False
        s.entry = CatalogEntry(path.name, msg("build.title").text(), path, Location(str(path)))
        s.install(built)
        self.view.building = False
        self.view.animating = False
        self.session.look_again()
        return True

    def _scratch(self) -> Path:
        folders = self.session.folders
        if folders is not None:
            return folders.state.parent / SCRATCH
        import tempfile

        return Path(tempfile.gettempdir()) / SCRATCH

    def save(self) -> Path | None:
        """The drawing in the user's models ("Mis modelos", in the menu at once) under a free name."""
        s = self.session
        if s.folders is None or s.settings.kiosk:
            return None
        name = free_name(s.folders.models, msg("build.file_name").text())
        path = self.builder.save(s.folders.models, name)
        if path is None:
            s.banner.say(self.builder.said, "notice")
            return None
        entries = [e for e in s.catalog.entries if e.path != path]
        s.catalog = Catalog(s.catalog.path, (*entries, mine_entry(path)))
        s.banner.say(msg("banner.model_saved", path=str(path)), "done")
        return path

    # -- what the strip and the scene do ---------------------------------------------------------

    def act(self, name: str) -> None:
        """A button of the strip: a tool chosen, or undo, redo, run, save."""
        if name in TOOLS:
            self.tool, self.start, self.selected = name, None, None
        elif name == "undo":
            self.builder.undo()
        elif name == "redo":
            self.builder.redo()
        elif name == "run":
            self.run()
        elif name == "save":
            self.save()

    def press(self, at: tuple[float, float], reach: float) -> None:
        """The pointer pressed on the scene at ``at`` (model units; ``reach``: how near a point or an
        element a press is on it)."""
        b, tool = self.builder, self.tool
        near = b.point_at(*at, reach=reach)
        self.selected, self.reach, self.grabbed = None, reach, None
        if tool in ("point", "fixed"):
            element = self.element_at(at, reach) if near is None and tool == "point" else None
            if near is not None and tool == "point":
                self.moving = near  # dragged: moved, or dropped on another point to join it
            elif element is not None:
                self.selected = element  # its numbers in the property panel; dragged, it moves
                self.grabbed = self.pointer = at
            else:
                b.add_point(*at, fixed=tool == "fixed")
        elif tool == "slider":
            self.start = near  # dragged onto a bar: the point slides along the bar's line
            self.pointer = at
            if near is None:
                b.said = msg("build.slider_how")
        elif tool == "motor":
            bar = self._bar_at(at, reach)
            if bar is None:
                b.said = msg("build.motor_how")
            else:
                p1, p2 = bar.points
                if b.drawing.joint(p2).fixed and not b.drawing.joint(p1).fixed:
                    p1, p2 = p2, p1  # turning about its support
                b.add_motor(p1, p2)
        elif tool == "force":
            pid = near if near is not None else b.add_point(*at)
            if pid is not None:
                b.add_force(pid)
        elif tool in ("bar", "spring"):
            self.start = near if near is not None else b.add_point(*at)
            self.pointer = at
        elif tool == "mass":
            pid = near if near is not None else b.add_point(*at)
            if pid is not None:
                b.add_mass(pid)
        elif tool == "delete":
            name = near or self.element_at(at, reach)
            if name is not None:
                b.delete(name)

    def move(self, at: tuple[float, float]) -> None:
        if self.start is not None or self.moving is not None or self.grabbed is not None:
            self.pointer = at

    def release(self, at: tuple[float, float], reach: float) -> None:
        b = self.builder
        if self.grabbed is not None:
            (x0, y0), self.grabbed = self.grabbed, None
            if self.selected is not None and math.hypot(at[0] - x0, at[1] - y0) > reach:
                b.move_element(self.selected, at[0] - x0, at[1] - y0)
        elif self.moving is not None:
            pid, self.moving = self.moving, None
            joint = b.drawing.joint(pid)
            if math.hypot(joint.x - at[0], joint.y - at[1]) > reach:
                b.move_point(pid, *at)
        elif self.start is not None and self.tool == "slider":
            start, self.start = self.start, None
            bar = self._bar_at(at, reach)
            if bar is None or start in bar.points:
                b.said = msg("build.slider_how")
            else:
                b.add_slider(start, *bar.points)
        elif self.start is not None:
            start, self.start = self.start, None
            end = b.point_at(*at, reach=reach)
            if end == start:
                return  # a click: the point alone
            end = end if end is not None else b.add_point(*at)
            if end is not None:
                (b.add_bar if self.tool == "bar" else b.add_spring)(start, end)
        self.pointer = None

    def landing(self) -> Landing | None:
        """Where the point dragged (moved, or a bar's or spring's end) would land if let go now: the
        hint the scene shows (None: nothing dragged, or a point let go where it is)."""
        at, b = self.pointer, self.builder
        if at is None:
            return None
        if self.moving is not None:
            joint = b.drawing.joint(self.moving)
            if math.hypot(joint.x - at[0], joint.y - at[1]) <= self.reach:
                return None
            return b.landing(*at, moving=self.moving)
        if self.start is not None and self.tool in ("bar", "spring"):
            end = b.point_at(*at, reach=self.reach)
            if end is not None:
                joint = b.drawing.joint(end)
                return Landing(joint.x, joint.y, "point", end)
            return b.landing(*at)
        return None

    def carried(self) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The selected element being dragged, where it would go if let go now (a bar's or a spring's two
        ends; a single point's from and to): the scene's rubber line."""
        if self.grabbed is None or self.pointer is None or self.selected is None:
            return None
        d = self.builder.drawing
        piece = next((p for p in d.pieces if p.id == self.selected), None)
        if piece is None:
            return None
        dx, dy = self.builder.snap(self.pointer[0] - self.grabbed[0], self.pointer[1] - self.grabbed[1])
        ends = [d.joint(q) for q in (piece.points[1:] if piece.kind == "slider" else piece.points)]
        if len(ends) == 1:
            return (ends[0].x, ends[0].y), (ends[0].x + dx, ends[0].y + dy)
        return (ends[0].x + dx, ends[0].y + dy), (ends[1].x + dx, ends[1].y + dy)

    def _bar_at(self, at: tuple[float, float], reach: float) -> Piece | None:
        d = self.builder.drawing
        best, nearest = None, reach
        for p in d.pieces:
            if p.kind == "bar":
                gap = _to_segment(at, d.joint(p.points[0]), d.joint(p.points[1]))
                if gap <= nearest:
                    best, nearest = p, gap
        return best

    def numbers(self) -> tuple[str, tuple[tuple[str, float], ...]] | None:
        """The selected element's name and numbers (None: nothing selected, or it is gone)."""
        piece = next((p for p in self.builder.drawing.pieces if p.id == self.selected), None)
        return (piece.id, piece.numbers) if piece is not None else None

    def set_number(self, key: str, text: str) -> bool:
        """A number typed in the property panel for the selected element (a decimal comma is taken)."""
        if self.selected is None:
            return False
        try:
            value = float(text.strip().replace(",", "."))
        except ValueError:
            self.builder.said = msg("build.not_a_number", text=text)
            return False
        return self.builder.set_number(self.selected, key, value)

    def element_at(self, at: tuple[float, float], reach: float) -> str | None:
        """The bar or spring passing within ``reach`` of ``at``, or a mass or force's point."""
        d = self.builder.drawing
        best, nearest = None, reach
        for p in d.pieces:
            ends = [d.joint(q) for q in p.points[:2]]
            gap = _to_segment(at, ends[0], ends[-1])
            if gap <= nearest:
                best, nearest = p.id, gap
        return best

    # -- what it says --------------------------------------------------------------------------

    def words(self) -> Message:
        """The drawing's degrees of freedom in words (counted once per drawing), or what the last
        action refused."""
        b = self.builder
        return b.said if b.said is not None else self.freedom()

    def freedom(self) -> Message:
        """The drawing's degrees of freedom in words, counted once per drawing and language."""
        b = self.builder
        key = (b.drawing, self.session.settings.interface_language)
        if self._counted is None or self._counted[:2] != key:
            self._counted = (b.drawing, key[1], b.freedom())
        return self._counted[2]


    def heading(self) -> str:
        """What the window's title says while building: that it is building, and the drawing's freedom."""
        return msg("build.heading", freedom=self.freedom()).text()


def _to_segment(at: tuple[float, float], a: Joint, b: Joint) -> float:
    dx, dy = b.x - a.x, b.y - a.y
    length2 = dx * dx + dy * dy
    u = 0.0 if length2 == 0 else max(0.0, min(1.0, ((at[0] - a.x) * dx + (at[1] - a.y) * dy) / length2))
    return math.hypot(at[0] - a.x - u * dx, at[1] - a.y - u * dy)


def from_mechanism(s: OnScreen) -> tuple[Builder, Message | None]:
    """The mechanism on screen as a drawing: its points where they are now, its bars, springs, masses,
    sliders, motor and forces with their numbers (a motor's angle becomes its rate at the start, a
    force's components their values there: the builder draws numbers), and what to say about it once
    (None: its file is all plain numbers, nothing changes): that its parameters and expressions are
    taken at their present values, and which elements had no value and were left out."""
    mech = s.model.mechanism
    assert mech is not None
    params = dict(s.sim.parameters)
    where = point_positions(mech, params)
    now = dict(zip(s.model.coordinates, (float(v) for v in s.sim.q)))
    for p in mech.free_points:
        x, y = coordinate_names(p.id)
        where[p.id] = (now.get(x, where[p.id][0]), now.get(y, where[p.id][1]))
    joints = [Joint(p.id, *where[p.id], p.fixed) for p in mech.points]
    speeds = dict(zip(s.model.velocities, (float(v) for v in s.sim.qdot)))
    at_start = {**params, **now, **speeds, TIME: 0.0}
    pieces, left_out = [], []
    for k, e in enumerate(mech.elements):
        kind = "motor" if e.drives else e.tag.lower()  # the builder's names are the rows' (a DRIVER: a motor)
        name = e.id or f"{kind}{k + 1}"
        try:
            numbers = _numbers(kind, e, params, at_start, where) if kind in KINDS else None
        except (ExpressionError, EvaluationError):
            numbers = None
        if numbers is None:
            left_out.append(name)  # no value here: left out of the drawing (its file keeps it), and said
            continue
        pieces.append(Piece(kind, name, tuple(e.points), tuple(numbers.items())))
    gravity = evaluate(mech.gravity.tree, params) if mech.gravity is not None else 0.0
    builder = Builder(grid=max(size(mech, where) / 20, 1e-6), gravity=gravity,
                      drawing=Drawing(tuple(joints), tuple(pieces)))
    if left_out:
        return builder, msg("build.numbers_now_left_out_one" if len(left_out) == 1 else "build.numbers_now_left_out", model=s.title, elements=", ".join(left_out))
    return builder, (None if _kept(s, builder) else msg("build.numbers_now", model=s.title))


def _kept(s: OnScreen, builder: Builder) -> bool:
    """The mechanism's file says nothing the drawing loses: no parameter but g, every cell a plain number
    but gravity's 'g' and a motor's angle written as the builder writes it (a file the builder saved)."""
    mech = s.model.mechanism
    assert mech is not None
    if any(p.name != "g" for p in s.model.parameters):
        return False
    laws = {p.id: motor_law(p, builder.drawing) for p in builder.drawing.pieces if p.kind == "motor"}
    cells = [(mech.gravity, "g"), *((c, None) for p in mech.points for c in (p.x, p.y, p.vx, p.vy))]
    cells += [(v, laws.get(e.id) if name == "angle" else None) for e in mech.elements for name, v in e.values]
    return all(c is None or _plain(c.text, own) for c, own in cells)


def _plain(text: str, own: str | None) -> bool:
    """A cell written as a plain number, or empty, or as the builder itself writes it (``own``)."""
    text = text.strip().strip("'").strip()
    if text in ("", own):
        return True
    try:
        float(text)
    except ValueError:
        return False
    return True


def _numbers(kind: str, e: Element, params: dict[str, float], at_start: dict[str, float],
             where: dict[str, tuple[float, float]]) -> dict[str, float]:
    if kind == "bar":
        return {"mass": element_number(e, "mass", params, 0.0)}
    if kind == "spring":
        (x1, y1), (x2, y2) = where[e.points[0]], where[e.points[1]]
        return {"k": element_number(e, "k", params, 0.0),
                "length": element_number(e, "length", params, math.hypot(x2 - x1, y2 - y1)),
                "damping": element_number(e, "damping", params, 0.0)}
    if kind == "mass":
        return {"mass": element_number(e, "mass", params, 0.0), "radius": element_number(e, "radius", params, 0.1)}
    if kind == "motor":
        angle = e.value("angle")
        assert angle is not None
        h = 1e-3  # its rate at the start, by a central difference
        rate = (evaluate(angle.tree, {**params, TIME: h}) - evaluate(angle.tree, {**params, TIME: -h})) / (2 * h)
        return {"w": rate}
    if kind == "force":
        fx, fy = e.value("Fx"), e.value("Fy")
        return {"fx": evaluate(fx.tree, at_start) if fx else 0.0, "fy": evaluate(fy.tree, at_start) if fy else 0.0}
    return {}
