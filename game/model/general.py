"""The GENERAL block of a model file (SPEC §4): its ``key = value`` settings, and the limits
of what a model may ask for and still be computed in time (:data:`LIMITS`, which ``check``
applies to the settings and the reader to the size of the model)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..expr import Expression, ExpressionError, Location, parse
from ..messages import Message, msg, number, thousands
from .types import Setting


@dataclass(frozen=True)
class Limits:
    """What a model may ask for and still be computed in time (``check`` refuses the rest)."""

    #: coordinates (the generated code grows as nQ³: a 60-link chain loads in about 5 s,
    #: a 100-link one would take half a minute and then run at 1/20 of real time); a mechanism's
    #: are the x and y of its free points, so it has at most half as many free points
    coordinates: int = 60
    #: RK4 substeps per step of dt
    substeps: int = 10_000
    #: RK4 substeps per simulated second, N/dt: beyond this not even a pendulum keeps up
    rate: float = 1_000_000
    #: seconds per step
    dt: tuple[float, float] = (1e-6, 10.0)
    #: pixels per model unit
    escala: tuple[float, float] = (1e-6, 1e6)
    #: |Ox| and |Oy|, pixels
    offset: float = 1e6
    #: contacts (each one is generated code, checked every substep: a box of 16 balls has 184
    #: and loads in about 2 s; 500 would take about 6 s and run far slower than real time)
    contacts: int = 500
    #: rows of a MECHANISM block, points and elements together (the constraints are differentiated
    #: and generated, and the engine works with matrices of every constraint row: 30 free points
    #: with 470 bars check in about a second and run a step of dt in tens of milliseconds)
    mechanism_rows: int = 500

    @property
    def free_points(self) -> int:
        """A mechanism's free points: two coordinates each."""
        return self.coordinates // 2


LIMITS = Limits()

_DECIMAL = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
#: the keys GENERAL knows, as written in any case → as the program names them
_GENERAL_KEYS = {"escala": "escala", "ox": "Ox", "oy": "Oy", "dt": "dt", "n": "N", "nq": "nQ", "periodo": "periodo"}

#: records a problem at a place in the file
Problem = Callable[[str | Message, Location], None]


class GeneralRows:
    """Collects the settings of a GENERAL block, line by line as the reader meets them.

    ``problem(message, location)`` is the reader's way of recording a problem."""

    def __init__(self, problem: Problem):
        self.problem = problem
        self.settings: list[Setting] = []
        #: keys written with a value that is not a number (not also "missing")
        self.bad_settings: set[str] = set()
        #: ``periodo=``, an expression of the parameters (the motion never reads it)
        self.period: Expression | None = None
        self._period_seen = False

    def line(self, line: str, at: Callable[[int], Location]) -> bool:
        """Read one line (``at(k)``: where its k-th character is); False when reading must stop
        at once (a model with more coordinates than can run)."""
        stripped = line.strip()
        loc = at(len(line) - len(line.lstrip()))
        if not stripped or stripped.startswith(("#", "//")):
            return True
        if "=" not in stripped:
            self.problem(msg("read.general_not_key_value", text=stripped[:40]), loc)
            return True
        key, value = (s.strip() for s in stripped.split("=", 1))
        canonical = _GENERAL_KEYS.get(key.lower())
        if canonical is None:
            self.problem(msg("read.unknown_setting", key=key[:40]), loc)
            return True
        after = line.index("=") + 1
        value_loc = at(after + len(line[after:]) - len(line[after:].lstrip()))
        shown = value if len(value) <= 40 else value[:37] + "…"
        if canonical == "periodo":
            self._period(value, loc, value_loc)
            return True
        if not _DECIMAL.match(value):
            self.problem(msg("read.setting_not_number", key=canonical, value=shown), value_loc)
            self.bad_settings.add(canonical)
            return True
        if any(s.key == canonical for s in self.settings):
            self.problem(msg("read.setting_twice", key=canonical), loc)
            return True
        number_ = float(value)
        if not math.isfinite(number_):
            self.problem(msg("read.setting_infinite", key=canonical, text=shown), value_loc)
            self.bad_settings.add(canonical)
            return True
        self.settings.append(Setting(canonical, number_, value_loc))
        if canonical == "nQ" and number_ > LIMITS.coordinates:
            # every later row is sized by nQ: say so now rather than read them all
            self.problem(msg("read.nq_too_large", value=number(number_), limit=LIMITS.coordinates), value_loc)
            return False
        return True

    def _period(self, value: str, loc: Location, value_loc: Location) -> None:
        """``periodo=``: an expression (2·pi/W follows W when it is changed), not a plain decimal."""
        if self._period_seen:
            self.problem(msg("read.setting_twice", key="periodo"), loc)
            return
        self._period_seen = True
        try:
            self.period = parse(value, value_loc)
        except ExpressionError as exc:
            self.problem(exc.reason, exc.location)

    def check(self, block: Location, needed: tuple[str, ...]) -> None:
        """The ``needed`` keys are there (or were written wrong, which was said), and no setting
        asks for more than the rest of the program could honour (see :data:`LIMITS`)."""
        values = self.values
        for key in needed:
            if key not in values and key not in self.bad_settings:
                self.problem(msg("read.general_missing", key=key), block)
        check_limits(values, self.problem)

    @property
    def values(self) -> dict[str, Setting]:
        return {s.key: s for s in self.settings}


def check_limits(values: Mapping[str, Setting], problem: Problem) -> None:
    """GENERAL settings the rest of the program could not honour (see :data:`LIMITS`)."""
    whole = {}
    for key in ("N", "nQ"):
        s = values.get(key)
        if s is not None and (not s.value.is_integer() or s.value < 1):
            problem(msg("read.whole_number", key=key, value=number(s.value)), s.location)
        elif s is not None:
            whole[key] = s
    n = whole.get("N")
    if n is not None and n.value > LIMITS.substeps:
        problem(msg("read.n_too_large", value=number(n.value), limit=thousands(LIMITS.substeps)), n.location)
        n = None
    dt = values.get("dt")
    if dt is not None:
        low, high = LIMITS.dt
        if dt.value <= 0:
            problem(msg("read.dt_positive", value=number(dt.value)), dt.location)
            dt = None
        elif not low <= dt.value <= high:
            problem(msg("read.dt_range", value=number(dt.value), low=number(low), high=number(high)), dt.location)
            dt = None
    if n is not None and dt is not None and n.value / dt.value > LIMITS.rate:
        problem(msg("read.rate", dt=number(dt.value), n=number(n.value), rate=thousands(n.value / dt.value),
                    limit=thousands(LIMITS.rate)), dt.location)
    escala = values.get("escala")
    if escala is not None:
        low, high = LIMITS.escala
        if escala.value <= 0:
            problem(msg("read.escala", value=number(escala.value)), escala.location)
        elif not low <= escala.value <= high:
            problem(msg("read.escala_range", value=number(escala.value), low=number(low), high=number(high)),
                    escala.location)
    for key in ("Ox", "Oy"):
        s = values.get(key)
        if s is not None and abs(s.value) > LIMITS.offset:
            problem(msg("read.offset_range", key=key, value=number(s.value), limit=number(LIMITS.offset)),
                    s.location)
