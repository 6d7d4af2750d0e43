"""Which coordinates are angles, for showing them wrapped to (−π, π].

A model file has no mark that says "this coordinate is an angle" (units are not written).
What it does say is how each coordinate enters the physics and the drawing: a coordinate
that appears only as ``sin``, ``cos`` or ``tan`` of k·q + (anything without q), with k a
whole number, or as the angle of a bar or a block (drawn turned by it), leaves everything
the same when it grows by 2π: the energies, T, the forces, the contacts and the picture.
Such a coordinate is an angle, and 12.57 (two turns) and 0 are the same place. One that
also appears anywhere else (a torsion spring's ½·k·θ², a bead's x) is not wrapped: there
the turns count. Measures are readouts, not physics: they do not decide.

Only what is shown is wrapped (the Values panel); the state keeps counting turns.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ..expr import Node, algebra, names_in
from ..expr.nodes import Call, Name, children
from .types import ModelFile

#: functions of period 2π (tan's is π: a divisor of it)
_PERIODIC = ("sin", "cos", "tan")
#: the graphic fields drawn as a turn (the body is rotated by them)
_TURNS = {("Bar", "angle"), ("Blk", "angle")}

#: the answer for the models asked about lately, by identity (a model never changes)
_known: dict[int, tuple[ModelFile, frozenset[str]]] = {}


def angle_coordinates(model: ModelFile) -> frozenset[str]:
    """The coordinates of ``model`` that are angles (see the module's docstring); none for a
    mechanism, whose coordinates are the x and y of points."""
    kept = _known.get(id(model))
    if kept is not None and kept[0] is model:
        return kept[1]
    found = _angles(model) if model.mechanism is None else frozenset()
    if len(_known) >= 8:
        _known.clear()
    _known[id(model)] = (model, found)
    return found


def wrapped(angle: float) -> float:
    """``angle`` in (−π, π]: the same direction, without its whole turns."""
    a = math.remainder(angle, math.tau)
    return a + math.tau if a <= -math.pi else a


def _roots(model: ModelFile) -> Iterator[Node]:
    """Every expression of the motion and the drawing (a drawn turn as the sine of itself)."""
    for e in model.tmatrix:
        yield e.value.tree
    for expr in (model.kinetic, model.potential):
        if expr is not None:
            yield expr.tree
    for f in model.forces:
        yield f.value.tree
    for c in model.contacts:
        yield from (c.gap.tree, c.restitution.tree, c.friction.tree, c.slip.tree)
    for g in model.graphics:
        for name, expr in g.fields:
            yield Call("sin", (expr.tree,)) if (g.kind, name) in _TURNS else expr.tree


def _whole_turns(argument: Node, q: str) -> bool:
    """Is ``argument`` k·q + (terms without q) with k a whole number other than 0?"""
    k = algebra.constant_value(algebra.diff(argument, q))
    return k is not None and k != 0 and k == round(k)


def _angles(model: ModelFile) -> frozenset[str]:
    coordinates = frozenset(model.coordinates)
    turning: set[str] = set()  # met inside sin/cos/tan of a whole number of it
    other: set[str] = set()  # met anywhere else
    seen: set[tuple[Node, frozenset[str]]] = set()
    # (node, the coordinates already inside a periodic function here): no recursion, each pair once
    stack = [(root, frozenset[str]()) for root in _roots(model)]
    while stack:
        node, covered = stack.pop()
        if (node, covered) in seen:
            continue
        seen.add((node, covered))
        open_names = (names_in(node) & coordinates) - covered - other
        if not open_names:
            continue  # nothing more to learn below
        if isinstance(node, Name):
            other.add(node.id)
        elif isinstance(node, Call) and node.func in _PERIODIC:
            (argument,) = node.args
            turns = {q for q in open_names if _whole_turns(argument, q)}
            turning |= turns
            stack.append((argument, covered | turns))
        else:
            stack.extend((child, covered) for child in children(node))
    return frozenset(turning - other)
