"""Graphic objects as expressions: every attribute of every object (SPEC §4,
manual §6.7) becomes a tree of parameters, coordinates, velocities and ``t``,
with ``Obj[id,_attr]`` references replaced by what they point at.

Missing objects, attributes an object does not have, and references that go
round in a cycle are reported with the place of the reference.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..expr import TIME, ExpressionError, Location, Name, Node, Ref, algebra, suggestion
from .types import TYPE_NAMES, Graphic

A = algebra
HALF = A.num(0.5)


def _sin(n: Node) -> Node:
    return A.call("sin", n)


def _cos(n: Node) -> Node:
    return A.call("cos", n)


#: The attributes each kind of object has (manual §6.7), besides _type/_draggable/_parent.
ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "C": ("_x", "_y", "_vx", "_vy", "_r", "_rastro", "_vtot"),
    "Bar": ("_x", "_y", "_vx", "_vy", "_w", "_h", "_xf", "_yf", "_a", "_va", "_vxf", "_vyf"),
    "Blk": ("_x", "_y", "_vx", "_vy", "_w", "_h", "_xf", "_yf", "_a", "_va", "_vxf", "_vyf", "_vtot"),
    "Spr": ("_x", "_y", "_w", "_h", "_xf", "_yf", "_a", "_va", "_vxf", "_vyf", "_l"),
}
_TEXT_ATTRIBUTES = ("_type", "_parent")


class GraphicsResolver:
    """Resolves fields and attributes of a model's graphic objects, on demand and once.

    ``coordinates`` and ``velocities`` pair each coordinate with its velocity, for the
    attributes that are time derivatives (a spring's end velocity).
    """

    def __init__(self, graphics: Sequence[Graphic], coordinates: Sequence[str], velocities: Sequence[str]):
        self.objects = {g.id: g for g in graphics}
        self.order = [g.id for g in graphics]
        self.rates = dict(zip(coordinates, velocities))
        self._fields: dict[tuple[str, str], Node] = {}
        self._active: list[tuple[str, str]] = []

    # -- public -------------------------------------------------------------------

    def field(self, gid: str, name: str) -> Node:
        key = (gid, name)
        if key in self._fields:
            return self._fields[key]
        g = self.objects[gid]
        expr = g.field(name)
        if key in self._active:
            loop = self._active[self._active.index(key):] + [key]
            path = " → ".join(f"{o}.{f}" for o, f in loop)
            raise ExpressionError(f"Obj[...] references form a cycle: {path}", expr.location)
        self._active.append(key)
        try:
            offsets = dict(expr.ref_offsets)

            def leaf(n: Node) -> Node:
                if isinstance(n, Ref):
                    return self._reference(n, expr.location_of(offsets.get(n, 0)))
                return n

            tree = A.rebuild(expr.tree, leaf)
        finally:
            self._active.pop()
        self._fields[key] = tree
        return tree

    def attribute(self, gid: str, attr: str, location: Location | None = None) -> Node:
        """The tree of ``Obj[gid,attr]``."""
        g = self.objects[gid]
        if attr == "_draggable":
            return A.num(1.0 if g.draggable else 0.0)
        if attr in _TEXT_ATTRIBUTES:
            raise ExpressionError(f"{attr} is a text value, not a number", location)
        known = ATTRIBUTES[g.kind]
        if g.kind == "Spr" and attr == "_k":
            raise ExpressionError(
                "a spring's _k is not available: a Spr row has no stiffness field; "
                "write the constant as a parameter", location)
        if attr not in known:
            kind = TYPE_NAMES[g.kind]
            raise ExpressionError(
                f"a {kind} ({g.kind}) has no attribute {attr}{suggestion(attr, known)} (it has {' '.join(known)})", location)
        return _ATTRIBUTE_RULES[g.kind](self, gid, attr)

    def time_derivative(self, tree: Node) -> Node:
        """d/dt of a tree of coordinates and t: Σ ∂/∂qᵢ · q̇ᵢ + ∂/∂t."""
        total = A.diff(tree, TIME)
        for q, v in self.rates.items():
            total = A.add(total, A.mul(A.diff(tree, q), Name(v)))
        return total

    # -- internals ----------------------------------------------------------------

    def _reference(self, ref: Ref, location: Location) -> Node:
        if ref.obj not in self.objects:
            raise ExpressionError(
                f"Obj[{ref.obj},{ref.attr}] refers to a missing object '{ref.obj}'{suggestion(ref.obj, self.objects)}", location)
        return self.attribute(ref.obj, ref.attr, location)


def _bar_like(r: GraphicsResolver, gid: str, attr: str, reach: Node) -> Node:
    """Attributes shared by bars and blocks; ``reach`` is the pivot→end distance."""
    f = lambda name: r.field(gid, name)
    direct = {"_x": "x", "_y": "y", "_vx": "vx", "_vy": "vy", "_w": "width", "_a": "angle", "_va": "vangle"}
    if attr in direct:
        return f(direct[attr])
    a = f("angle")
    if attr == "_xf":
        return A.add(f("x"), A.mul(reach, _sin(a)))
    if attr == "_yf":
        return A.sub(f("y"), A.mul(reach, _cos(a)))
    if attr == "_vxf":
        return A.add(f("vx"), A.mul(A.mul(reach, _cos(a)), f("vangle")))
    if attr == "_vyf":
        return A.add(f("vy"), A.mul(A.mul(reach, _sin(a)), f("vangle")))
    if attr == "_vtot":
        return A.call("sqrt", A.add(A.pow_(f("vx"), A.TWO), A.pow_(f("vy"), A.TWO)))
    raise KeyError(attr)


def _bar(r: GraphicsResolver, gid: str, attr: str) -> Node:
    if attr == "_h":
        return r.field(gid, "length")
    return _bar_like(r, gid, attr, r.field(gid, "length"))


def _block(r: GraphicsResolver, gid: str, attr: str) -> Node:
    # A block's "free end" is the middle of its lower side (where a pendulum hangs).
    if attr == "_h":
        return r.field(gid, "height")
    return _bar_like(r, gid, attr, A.mul(HALF, r.field(gid, "height")))


def _ball(r: GraphicsResolver, gid: str, attr: str) -> Node:
    f = lambda name: r.field(gid, name)
    if attr == "_rastro":
        return A.num(1.0 if r.objects[gid].trail else 0.0)
    if attr == "_vtot":
        return A.call("sqrt", A.add(A.pow_(f("vx"), A.TWO), A.pow_(f("vy"), A.TWO)))
    return f({"_x": "x", "_y": "y", "_vx": "vx", "_vy": "vy", "_r": "radius"}[attr])


def _spring(r: GraphicsResolver, gid: str, attr: str) -> Node:
    f = lambda name: r.field(gid, name)
    direct = {"_x": "x1", "_y": "y1", "_xf": "x2", "_yf": "y2", "_w": "thickness", "_h": "length"}
    if attr in direct:
        return f(direct[attr])
    dx = A.sub(f("x2"), f("x1"))
    dy = A.sub(f("y2"), f("y1"))
    if attr == "_l":
        return A.call("sqrt", A.add(A.pow_(dx, A.TWO), A.pow_(dy, A.TWO)))
    if attr == "_a":
        return A.call("atan2", dx, A.neg(dy))
    if attr == "_va":
        return r.time_derivative(A.call("atan2", dx, A.neg(dy)))
    if attr == "_vxf":
        return r.time_derivative(f("x2"))
    if attr == "_vyf":
        return r.time_derivative(f("y2"))
    raise KeyError(attr)


_ATTRIBUTE_RULES = {"Bar": _bar, "Blk": _block, "C": _ball, "Spr": _spring}
