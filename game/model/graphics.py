"""Graphic objects as expressions: every attribute of every object (SPEC §4,
manual §6.7) becomes a tree of parameters, coordinates, velocities and ``t``,
with ``Obj[id,_attr]`` references replaced by what they point at.

Missing objects, attributes an object does not have, and references that go
round in a cycle are reported with the place of the reference.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from ..expr import TIME, ExpressionError, Location, Name, Node, Ref, algebra, suggestion
from ..messages import msg
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


class _Fields(Protocol):
    """What an attribute rule reads: the fields of the objects (and their time derivatives)."""

    objects: dict[str, Graphic]

    def field(self, gid: str, name: str) -> Node: ...

    def time_derivative(self, tree: Node) -> Node: ...


class _Probe:
    """Runs an attribute rule only to learn which fields it reads."""

    def __init__(self, objects: dict[str, Graphic]):
        self.objects = objects
        self.read: list[tuple[str, str]] = []

    def field(self, gid: str, name: str) -> Node:
        self.read.append((gid, name))
        return Name("@field")

    def time_derivative(self, tree: Node) -> Node:
        return tree


class GraphicsResolver:
    """Resolves fields and attributes of a model's graphic objects, on demand and once.

    ``coordinates`` and ``velocities`` pair each coordinate with its velocity, for the
    attributes that are time derivatives (a spring's end velocity).

    A field's references are resolved first, deepest first, with an explicit stack:
    a chain of objects each hanging from the one before, a thousand deep, needs no
    recursion, and an object read by many is resolved once and shared.
    """

    def __init__(self, graphics: Sequence[Graphic], coordinates: Sequence[str], velocities: Sequence[str]):
        self.objects = {g.id: g for g in graphics}
        self.order = [g.id for g in graphics]
        self.rates = dict(zip(coordinates, velocities))
        self._fields: dict[tuple[str, str], Node] = {}

    # -- public -------------------------------------------------------------------

    def field(self, gid: str, name: str) -> Node:
        key = (gid, name)
        if key in self._fields:
            return self._fields[key]
        path = [key]
        on_path = {key}
        pending = [iter(self._needs(key))]
        while path:
            for dep in pending[-1]:
                if dep in self._fields:
                    continue
                if dep in on_path:
                    loop = path[path.index(dep):] + [dep]
                    text = " → ".join(f"{o}.{f}" for o, f in loop)
                    raise ExpressionError(msg("obj.cycle", path=text), self.objects[dep[0]].field(dep[1]).location)
                path.append(dep)
                on_path.add(dep)
                pending.append(iter(self._needs(dep)))
                break
            else:
                done = path.pop()
                on_path.discard(done)
                pending.pop()
                self._fields[done] = self._build(done)
        return self._fields[key]

    def attribute(self, gid: str, attr: str, location: Location | None = None) -> Node:
        """The tree of ``Obj[gid,attr]``."""
        self._check(gid, attr, location)
        g = self.objects[gid]
        if attr == "_draggable":
            return A.num(1.0 if g.draggable else 0.0)
        for dep in self._reads(gid, attr):
            self.field(*dep)
        return _ATTRIBUTE_RULES[g.kind](self, gid, attr)

    def time_derivative(self, tree: Node) -> Node:
        """d/dt of a tree of coordinates and t: Σ ∂/∂qᵢ · q̇ᵢ + ∂/∂t."""
        total = A.diff(tree, TIME)
        for q, v in self.rates.items():
            total = A.add(total, A.mul(A.diff(tree, q), Name(v)))
        return total

    # -- internals ----------------------------------------------------------------

    def _check(self, gid: str, attr: str, location: Location | None) -> None:
        """Refuse an attribute that ``gid`` does not have (as a number)."""
        g = self.objects[gid]
        if attr == "_draggable":
            return
        if attr in _TEXT_ATTRIBUTES:
            raise ExpressionError(msg("obj.text_attribute", attr=attr), location)
        known = ATTRIBUTES[g.kind]
        if g.kind == "Spr" and attr == "_k":
            raise ExpressionError(msg("obj.spring_k"), location)
        if attr not in known:
            raise ExpressionError(msg("obj.no_attribute", kind=TYPE_NAMES[g.kind], code=g.kind, attr=attr,
                                      hint=suggestion(attr, known), known=" ".join(known)), location)

    def _reads(self, gid: str, attr: str) -> list[tuple[str, str]]:
        """The fields the attribute ``attr`` of ``gid`` is made of."""
        if attr == "_draggable":
            return []
        probe = _Probe(self.objects)
        _ATTRIBUTE_RULES[self.objects[gid].kind](probe, gid, attr)
        return probe.read

    def _needs(self, key: tuple[str, str]) -> Iterator[tuple[str, str]]:
        """The fields that field ``key`` reads through its Obj[...] references, checking each reference."""
        expr = self.objects[key[0]].field(key[1])
        for ref, offset in expr.ref_offsets:
            location = expr.location_of(offset)
            if ref.obj not in self.objects:
                raise ExpressionError(msg("obj.missing_object", obj=ref.obj, attr=ref.attr,
                                          hint=suggestion(ref.obj, self.objects)), location)
            self._check(ref.obj, ref.attr, location)
            yield from self._reads(ref.obj, ref.attr)

    def _build(self, key: tuple[str, str]) -> Node:
        """Field ``key`` with its references replaced (every field they read is resolved already)."""
        expr = self.objects[key[0]].field(key[1])
        if not expr.ref_offsets:
            return expr.tree
        offsets = dict(expr.ref_offsets)

        def leaf(n: Node) -> Node:
            if isinstance(n, Ref):
                return self.attribute(n.obj, n.attr, expr.location_of(offsets.get(n, 0)))
            return n

        return A.rebuild(expr.tree, leaf)


def _bar_like(r: _Fields, gid: str, attr: str, reach: Node) -> Node:
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


def _bar(r: _Fields, gid: str, attr: str) -> Node:
    if attr == "_h":
        return r.field(gid, "length")
    return _bar_like(r, gid, attr, r.field(gid, "length"))


def _block(r: _Fields, gid: str, attr: str) -> Node:
    # A block's "free end" is the middle of its lower side (where a pendulum hangs).
    if attr == "_h":
        return r.field(gid, "height")
    return _bar_like(r, gid, attr, A.mul(HALF, r.field(gid, "height")))


def _ball(r: _Fields, gid: str, attr: str) -> Node:
    f = lambda name: r.field(gid, name)
    if attr == "_rastro":
        return A.num(1.0 if r.objects[gid].trail else 0.0)
    if attr == "_vtot":
        return A.call("sqrt", A.add(A.pow_(f("vx"), A.TWO), A.pow_(f("vy"), A.TWO)))
    return f({"_x": "x", "_y": "y", "_vx": "vx", "_vy": "vy", "_r": "radius"}[attr])


def _spring(r: _Fields, gid: str, attr: str) -> Node:
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
