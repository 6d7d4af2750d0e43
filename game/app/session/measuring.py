"""The measuring tools without their window (issue 36 item 2): a tray of tools the student drops on
the scene — a stopwatch, a period timer, a ruler and a protractor — each a :class:`Tool` in model
units, read out in the window's language. No pygame here: the window turns the tools into pixels
and mouse events into :meth:`Measuring.place`, :meth:`Measuring.move` and :meth:`Measuring.press`.

- the stopwatch and the period timer are observers of the simulation's steps
  (:mod:`game.physics.observe.timing`): they run on the model's time, so they are right at ½× and 4×;
- a period timer dropped on a body times its crossings of a line through where the body rests
  (the stable equilibrium nearest the motion, from the analysis the modes panel makes), across the
  way the body moves there; dropped elsewhere, a coordinate's crossings of its value at rest. Its
  line can be dragged (the chosen line); a drag of a body, Reset or new parameters start it again;
- a ruler's ends snap to the bodies' points and pivots, so it reads a length of the model exactly;
- a protractor dropped on a bar's end reads the bar's angle from the downward vertical there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ...messages import Message, msg
from ...model.poses import BarPose, Pose
from ...physics.observe.series import angular_coordinates
from ...physics.observe.timing import PeriodTimer, Stopwatch
from ...physics.observe.watched import Watched
from .modes import Modes
from .onscreen import OnScreen

Point = tuple[float, float]

#: the tools of the tray, in its order
KINDS = ("stopwatch", "period", "ruler", "protractor")
#: a small step of a mode's shape: how a body moves from where it rests
NUDGE = 1e-6


@dataclass
class Tool:
    """One tool on the scene. ``points`` (model units): the stopwatch's place; the period timer's
    line passes through its point; the ruler's two ends; the protractor's pivot."""

    kind: str
    number: int
    points: list[Point]
    #: the body a period timer times, or the bar a protractor reads (with the end it sits on)
    body: str | None = None
    end: int = 0
    #: the coordinate a period timer times (when not a body), its level and whether it is an angle
    coordinate: int = 0
    level: float = 0.0
    angle: bool = False
    #: a period timer's line: its unit normal (the body's signed distance along it is what crosses 0)
    normal: Point = (1.0, 0.0)
    watch: Stopwatch = field(default_factory=Stopwatch)
    timer: PeriodTimer | None = None


class Measuring:
    def __init__(self, session: OnScreen, modes: Modes):
        self.session, self.modes = session, modes
        self.tools: list[Tool] = []
        self._aimed_for: tuple = ()
        self._watched: Watched | None = None
        #: the poses of the state they were built for (a frame reads them several times)
        self._posed: tuple[tuple, list[Pose]] = ((), [])

    def _parameters(self) -> tuple:
        return tuple(sorted(self.session.sim.parameters.items()))

    # -- the simulation tells every tool of its steps -----------------------------------------

    def on_step(self, sim: Watched) -> None:
        for tool in self.tools:
            tool.watch.on_step(sim)
            if tool.timer is not None:
                tool.timer.on_step(sim)

    def on_break(self, sim: Watched) -> None:
        if sim is not self._watched:  # another model (or its file again): the tools measured the one before
            self.tools, self._watched = [], sim
        if self.tools and self._aimed_for != self._parameters():
            # new parameters move where the bodies rest: each timer's line and level found again
            for tool in self.tools:
                if tool.kind == "period":
                    self._aim(tool, tool.body)
        self._aimed_for = self._parameters()
        for tool in self.tools:
            tool.watch.on_break(sim)
            if tool.timer is not None:
                tool.timer.on_break(sim)

    def clear(self) -> None:
        """No tool on the scene (the tray's "clear", another model)."""
        self.tools = []

    # -- placing, moving, pressing --------------------------------------------------------------

    def place(self, kind: str, point: Point, slack: float) -> Tool | None:
        """Drop a tool of ``kind`` at ``point`` (model units; ``slack``: how near a body's point counts
        as on it). A protractor not dropped on a bar's end is not placed: the banner says where it goes."""
        if kind not in KINDS:
            raise ValueError(f"no measuring tool {kind!r}")
        number = 1 + sum(t.kind == kind for t in self.tools)
        at = self.snap(point, slack)
        tool = Tool(kind, number, [at])
        if kind == "ruler":
            # its second end a fifth of the view to the right: then the student drags each where wanted
            tool.points.append(self.snap((at[0] + 60 * slack, at[1]), slack))
        elif kind == "protractor":
            found = self._bar_end(at, slack)
            if found is None:
                self.session.banner.say(msg("measure.protractor.where"), "notice")
                return None
            tool.body, tool.end = found
        elif kind == "period":
            self._aim(tool, self._body_at(point, slack))
            self._aimed_for = self._parameters()
        self.tools.append(tool)
        sim = self.session.sim
        self.on_break_of(tool, sim)
        return tool

    @staticmethod
    def on_break_of(tool: Tool, sim: Watched) -> None:
        tool.watch.on_break(sim)
        if tool.timer is not None:
            tool.timer.on_break(sim)

    def move(self, tool: Tool, handle: int, point: Point, slack: float) -> None:
        """Drag a tool's handle to ``point``: a ruler's end (snapping to the bodies' points), the
        stopwatch, the period timer's line (a chosen line: its timing starts again) or its readout."""
        if tool.kind == "protractor":
            return  # it sits on its bar's end
        tool.points[handle] = self.snap(point, slack) if tool.kind == "ruler" else (float(point[0]), float(point[1]))
        if tool.kind == "period" and tool.body is not None:
            self.on_break_of(tool, self.session.sim)  # a line of the student's: timed afresh

    def press(self, tool: Tool, button: str) -> None:
        """A button of a tool's readout: the stopwatch's start/stop and reset, the period timer's next
        target, and every tool's close."""
        sim = self.session.sim
        if button == "close":
            self.tools.remove(tool)
        elif button == "start":
            tool.watch.stop() if tool.watch.running else tool.watch.start(sim.t)
        elif button == "reset":
            tool.watch.reset()
        elif button == "next":
            self._next_target(tool)
            self.on_break_of(tool, sim)

    def buttons(self, tool: Tool) -> list[tuple[str, str]]:
        """A tool's buttons: (name, words)."""
        close = ("close", "×")
        if tool.kind == "stopwatch":
            start = msg("measure.stop" if tool.watch.running else "measure.start").text()
            return [("start", start), ("reset", msg("measure.reset").text()), close]
        if tool.kind == "period":
            return [("next", msg("measure.next").text()), close]
        return [close]

    # -- what the tools read ------------------------------------------------------------------------

    def where(self, tool: Tool) -> list[Point]:
        """The tool's points now (a protractor's pivot and its bar's other end follow the bar)."""
        if tool.kind == "protractor":
            bar = self._pose(tool.body)
            if not isinstance(bar, BarPose):
                return list(tool.points)
            ends = [(bar.x, bar.y), (bar.xf, bar.yf)]
            return [ends[tool.end], ends[1 - tool.end]]
        if tool.kind == "period" and tool.body is not None:
            return [tool.points[0]]
        return list(tool.points)

    def readings(self, tool: Tool) -> list[tuple[str, float | None, str]]:
        """What a tool reads: (quantity, value or None while unknown, unit) — the CSV's rows."""
        if tool.kind == "stopwatch":
            return [("t", tool.watch.elapsed, "s")]
        if tool.kind == "ruler":
            (ax, ay), (bx, by) = tool.points
            return [("L", math.hypot(bx - ax, by - ay), ""),
                    ("dx", bx - ax, ""), ("dy", by - ay, "")]
        if tool.kind == "protractor":
            angle = self.angle(tool)
            return [("theta", None if angle is None else math.degrees(angle), "°")]
        timer = tool.timer
        assert timer is not None
        return [("T", timer.period, "s"), ("T_mean", timer.mean, "s"), ("n", float(len(timer.periods)), "")]

    def angle(self, tool: Tool) -> float | None:
        """A protractor's bar: the angle from the downward vertical at its pivot to its other end
        (counter-clockwise positive, as a pendulum's angle), in radians; None if the bar is gone."""
        if not isinstance(self._pose(tool.body), BarPose):
            return None
        pivot, far = self.where(tool)
        return math.atan2(far[0] - pivot[0], -(far[1] - pivot[1]))

    def title(self, tool: Tool) -> str:
        """The tool's name, and what it times or reads."""
        name = msg(f"measure.{tool.kind}", number=tool.number).text()
        if tool.kind == "period":
            return f"{name}: {self.target(tool)}"
        if tool.kind == "protractor":
            return f"{name}: {tool.body}"
        return name

    def target(self, tool: Tool) -> str:
        return tool.body if tool.body is not None else self.session.model.coordinates[tool.coordinate]

    def lines(self, tool: Tool) -> list[str]:
        """The readout: its title, then its values, in the window's language."""
        return [self.title(tool), self._value_line(tool).text()]

    def _value_line(self, tool: Tool) -> Message:
        if tool.kind == "stopwatch":
            return msg("measure.stopwatch.reads", t=f"{tool.watch.elapsed:.3f}")
        if tool.kind == "ruler":
            (ax, ay), (bx, by) = tool.points
            return msg("measure.ruler.reads", length=f"{math.hypot(bx - ax, by - ay):.6g}")
        if tool.kind == "protractor":
            angle = self.angle(tool)
            if angle is None:
                return msg("measure.protractor.gone")
            return msg("measure.protractor.reads", degrees=f"{math.degrees(angle):.2f}", radians=f"{angle:.4f}")
        timer = tool.timer
        assert timer is not None
        if timer.period is None or timer.mean is None:
            return msg("measure.period.waiting")
        return msg("measure.period.reads", period=f"{timer.period:.6f}", n=len(timer.periods), mean=f"{timer.mean:.6f}")

    # -- where things are -----------------------------------------------------------------------------

    def _poses(self) -> list[Pose]:
        """The bodies now: built once for a state (a protractor reads its bar for where it is, its
        angle and its line, each frame)."""
        s = self.session
        sim = s.sim
        q, qdot = sim.state.q, sim.qdot
        key = (id(s.kinematics), sim.t, q.tobytes(), qdot.tobytes())
        if self._posed[0] != key:
            self._posed = (key, s.kinematics.poses(sim.t, q.tolist(), qdot.tolist()))
        return self._posed[1]

    def _pose(self, gid: str | None) -> Pose | None:
        return next((p for p in self._poses() if p.id == gid), None)

    def snap(self, point: Point, slack: float) -> Point:
        """``point``, or the nearest of the bodies' points and fixed pivots within ``slack`` of it,
        exactly (so a ruler between two of them reads the model's own length)."""
        points = [a for p in self._poses() for a in p.anchors()] + list(self.session.kinematics.fixed_pivots)
        best = min(points, key=lambda a: math.dist(a, point), default=None)
        if best is not None and math.dist(best, point) <= slack:
            return float(best[0]), float(best[1])
        return float(point[0]), float(point[1])

    def _bar_end(self, point: Point, slack: float) -> tuple[str, int] | None:
        """The bar with an end within ``slack`` of ``point`` (the nearest), and which end."""
        found = [(math.dist(end, point), p.id, k) for p in self._poses() if isinstance(p, BarPose) and not p.ground
                 for k, end in enumerate(((p.x, p.y), (p.xf, p.yf)))]
        best = min(found, default=None)
        return (best[1], best[2]) if best is not None and best[0] <= slack else None

    def _body_at(self, point: Point, slack: float) -> str | None:
        return next((p.id for p in reversed(self._poses()) if p.hit(point[0], point[1], slack)), None)

    # -- what a period timer times ---------------------------------------------------------------------

    def _rest(self) -> np.ndarray | None:
        """The coordinates where the model rests: the stable equilibrium nearest the present state
        (None: the model has none the analysis finds)."""
        analysis = self.modes.analysis
        q = self.session.sim.q
        if analysis is None:
            return None
        stable = [e.q for e in analysis.equilibria if e.kind.endswith("stable") and not e.kind.endswith("unstable")
                  and len(e.q) == len(q)]
        return min(stable, key=lambda r: float(np.linalg.norm(r - q)), default=None)

    def _aim(self, tool: Tool, body: str | None) -> None:
        """Point a period timer at ``body`` (its line through the body's rest) or, without one, at
        its coordinate (the level: its value at rest)."""
        sim = self.session.sim
        tool.body = body
        rest = self._rest()
        if body is None:
            names = self.session.model.coordinates
            tool.angle = names[tool.coordinate] in angular_coordinates(self.session.model)
            tool.level = float(rest[tool.coordinate]) if rest is not None else float(sim.q[tool.coordinate])
            tool.timer = PeriodTimer(self._coordinate_signal(tool), cut=math.pi if tool.angle else math.inf)
            return
        here = self._point_of(body, sim.t, sim.q, sim.qdot)
        if rest is None:
            at, way = here, self._point_velocity(body)
        else:
            zero = np.zeros_like(rest)
            at = self._point_of(body, sim.t, rest, zero)
            way = self._way_from_rest(body, rest)
        if math.hypot(*way) < 1e-12:
            way = (1.0, 0.0)  # no way known: across a vertical line
        n = math.hypot(*way)
        tool.points = [at]
        tool.normal = (way[0] / n, way[1] / n)
        tool.timer = PeriodTimer(self._body_signal(tool))

    def _next_target(self, tool: Tool) -> None:
        """The period timer's next target: its coordinates in turn (a body's timer goes to the first)."""
        if tool.body is not None:
            tool.coordinate = 0
        else:
            tool.coordinate = (tool.coordinate + 1) % len(self.session.model.coordinates)
        self._aim(tool, None)

    def _coordinate_signal(self, tool: Tool):
        i = tool.coordinate
        if tool.angle:
            return lambda t, q, v: math.remainder(float(q[i]) - tool.level, 2 * math.pi)
        return lambda t, q, v: float(q[i]) - tool.level

    def _body_signal(self, tool: Tool):
        body = tool.body
        assert body is not None

        def signal(t: float, q: np.ndarray, v: np.ndarray) -> float:
            x, y = self._point_of(body, t, q, v)
            (px, py), (nx, ny) = tool.points[0], tool.normal
            return (x - px) * nx + (y - py) * ny

        return signal

    def _point_of(self, body: str, t: float, q, v) -> Point:
        """The point of a body that shows it moving (a bob's centre, a bar's free end): a body one
        can drag has it as its handle, whose own expressions are all that run (the period timer asks
        every step); of another, its pose."""
        kinematics = self.session.kinematics
        if body in kinematics.handles:
            x, y = kinematics.handle_point(body, t, q)
            return float(x), float(y)
        poses = kinematics.poses(t, np.asarray(q).tolist(), np.asarray(v).tolist())
        pose = next(p for p in poses if p.id == body)
        arrow = pose.velocity_point()
        if arrow is not None:
            return float(arrow.x), float(arrow.y)
        x, y = pose.anchors()[-1]
        return float(x), float(y)

    def _point_velocity(self, body: str) -> Point:
        pose = self._pose(body)
        arrow = pose.velocity_point() if pose is not None else None
        return (float(arrow.vx), float(arrow.vy)) if arrow is not None else (0.0, 0.0)

    def _way_from_rest(self, body: str, rest: np.ndarray) -> Point:
        """Which way the body moves from where it rests: along the model's slowest mode there."""
        analysis = self.modes.analysis
        e = next((e for e in analysis.equilibria if np.array_equal(e.q, rest)), None) if analysis else None
        shapes = [np.real(m.shape) for m in e.modes] if e is not None and e.modes else list(np.eye(len(rest)))
        t, zero = self.session.sim.t, np.zeros_like(rest)
        for shape in shapes:
            a = self._point_of(body, t, rest + NUDGE * shape, zero)
            b = self._point_of(body, t, rest - NUDGE * shape, zero)
            way = (a[0] - b[0], a[1] - b[1])
            if math.hypot(*way) > 1e-12:
                return way
        return (0.0, 0.0)
