"""Where the motion goes: the automatic framing looks a copy of the run ahead
(:func:`look_ahead`) so a model opens framed for its whole swing or orbit, not
for the pose of one instant.

The motion from a state is fixed by the model's text, its parameters, its step and
that state (and how far a look goes), so what a look saw is kept by those (:data:`KEPT` looks, a few hundred
bytes each): a window resized again and again while paused, a Reset, a model the
kiosk's show opens every few minutes, all ask once.
"""

from __future__ import annotations

import hashlib
import math
from collections import OrderedDict
from contextlib import closing

from ...physics import Kinematics, Simulation
from .framing import Box, extent, union

#: the automatic framing looks this many seconds of the motion ahead (a planet's orbit, a few
#: swings of a pendulum) ...
LOOK_AHEAD = 10.0
#: ... or as far as this much work reaches, in microseconds of the costliest substeps of its kind
#: (:func:`substep_cost`): about 0.15 s, so a model with contacts or a mechanism, slower to
#: simulate, is looked at less far and a resize does not freeze the window. Counted in
#: substeps, not timed, so a look sees the same motion however busy the machine is.
LOOK_AHEAD_WORK = 150_000
#: looks kept (the models of a kiosk's show and a few states of each)
KEPT = 64

#: what each kept look saw (the box the bodies moved in, whether it saw all of it), by what decided it
_seen: OrderedDict[tuple[object, ...], tuple[Box | None, bool]] = OrderedDict()


def digest(raw: bytes) -> bytes:
    """What stands for a model's text in the key of a look."""
    return hashlib.blake2b(raw, digest_size=16).digest()


def substep_cost(sim: Simulation) -> int:
    """Microseconds one substep of ``sim``'s look may take (with its share of drawing the poses of
    a step), at most, as timed (processor time) for the shipped models on the development machine
    (``bench --look``, ``--after`` for states come to rest): each kind of system says its own
    (:meth:`~game.physics.state.MotionSystem.substep_cost`)."""
    return sim.system.substep_cost(sim.state)


def look_ahead(source: bytes, sim: Simulation, kinematics: Kinematics) -> tuple[Box | None, bool]:
    """Where the bodies go over the next :data:`LOOK_AHEAD` seconds from ``sim``'s present state
    (a copy of the motion run ahead; the run itself does not move), and whether it saw all of
    them: a model slow to simulate is looked at for :data:`LOOK_AHEAD_WORK` of work at most
    (its steps fixed before it starts: the same however long they take). ``source`` is the
    :func:`digest` of the model's text."""
    state = sim.state
    g = sim.model.general
    key = (LOOK_AHEAD, LOOK_AHEAD_WORK, source, sim.derivatives, tuple(sim.parameters.items()), g,
           state.t, state.q.tobytes(), state.p.tobytes())
    if key in _seen:
        _seen.move_to_end(key)
        return _seen[key]
    boxes = []
    wanted = math.ceil(LOOK_AHEAD / g.dt - 1e-9)
    steps = min(wanted, max(1, LOOK_AHEAD_WORK // (substep_cost(sim) * g.n_substeps)))
    whole = steps == wanted  # also when the motion fails within the look: the run stops there too
    with closing(sim.ahead(steps)) as states:
        for ahead in states:
            try:
                box = extent(kinematics.poses(ahead.t, ahead.q.tolist(), sim.system.velocities(ahead).tolist()))
            except (ArithmeticError, ValueError):  # a pose that cannot be drawn: look no further
                whole = False
                break
            if box is not None:
                boxes.append(box)
    _seen[key] = (union(boxes), whole)
    while len(_seen) > KEPT:
        _seen.popitem(last=False)
    return _seen[key]
