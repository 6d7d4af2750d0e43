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
import time
from collections import OrderedDict
from contextlib import closing

from ..physics import Simulation
from ..physics.kinematics import Kinematics
from ..physics.mechanism_kinematics import MechanismKinematics
from .framing import Box, extent, union

#: the automatic framing looks this many seconds of the motion ahead (a planet's orbit, a few
#: swings of a pendulum) ...
LOOK_AHEAD = 10.0
#: ... or as far as this many seconds of work reach (a model with contacts or a mechanism is
#: slower to simulate: it is looked at less far, and a resize does not freeze the window)
LOOK_AHEAD_WALL = 0.15
#: looks kept (the models of a kiosk's show and a few states of each)
KEPT = 64

#: what each kept look saw (the box the bodies moved in, whether it saw all of it), by what decided it
_seen: OrderedDict[tuple[object, ...], tuple[Box | None, bool]] = OrderedDict()


def digest(raw: bytes) -> bytes:
    """What stands for a model's text in the key of a look."""
    return hashlib.blake2b(raw, digest_size=16).digest()


def look_ahead(source: bytes, sim: Simulation, kinematics: Kinematics | MechanismKinematics) -> tuple[Box | None, bool]:
    """Where the bodies go over the next :data:`LOOK_AHEAD` seconds from ``sim``'s present state
    (a copy of the motion run ahead; the run itself does not move), and whether it saw all of
    them: a model slow to simulate is looked at for :data:`LOOK_AHEAD_WALL` seconds of work at
    most. ``source`` is the :func:`digest` of the model's text."""
    state = sim.state
    key = (LOOK_AHEAD, LOOK_AHEAD_WALL, source, sim.derivatives, tuple(sim.parameters.items()), sim.model.general,
           state.t, state.q.tobytes(), state.p.tobytes())
    if key in _seen:
        _seen.move_to_end(key)
        return _seen[key]
    boxes = []
    whole = True  # also when the motion fails within the look: the run stops there too
    give_up = time.perf_counter() + LOOK_AHEAD_WALL
    with closing(sim.ahead(math.ceil(LOOK_AHEAD / sim.model.general.dt - 1e-9))) as states:
        for ahead in states:
            try:
                box = extent(kinematics.poses(ahead.t, ahead.q.tolist(), sim.system.velocities(ahead).tolist()))
            except (ArithmeticError, ValueError):  # a pose that cannot be drawn: look no further
                whole = False
                break
            if box is not None:
                boxes.append(box)
            if time.perf_counter() > give_up:
                whole = False
                break
    _seen[key] = (union(boxes), whole)
    while len(_seen) > KEPT:
        _seen.popitem(last=False)
    return _seen[key]
