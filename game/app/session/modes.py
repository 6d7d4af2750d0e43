"""The modes panel without its window (issue 30 item 4; SPEC §7.6): the model's equilibria, found
once per model and parameters by the analysis of the ``modes`` command; the one chosen, where the
model is put at rest; an amplitude and a phase per mode of a stable centre, which set the start

    q(0) = q* + Σ A_k cos(φ_k) v_k,    q̇(0) = Σ −A_k ω_k sin(φ_k) v_k,

and the linear prediction q_lin(t) = q* + Σ A_k cos(ω_k t + φ_k) v_k, drawn beside the real motion
as a ghost until anything else starts the run again (Reset, a drag, new values, another model).
No pygame here.

An amplitude is set as the largest displacement it gives a coordinate (rad for an angle, model
units for a length): A_k = a_k / max|v_k|, since the shapes v_k are M-normalised and their size
means nothing to a student.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from ...expr import ExpressionError
from ...messages import Message, msg, number
from ...physics import Simulation
from ...physics.equilibrium import Analysis, Equilibrium, EquilibriumError, Mode, analyse
from ...physics.observe.series import angular_coordinates, drive_period
from .onscreen import OnScreen

#: analyses kept (model and parameters): a kiosk shows models all day, memory must stay flat
KEPT = 8
#: the largest amplitude a slider gives: this many radians for a mode led by an angle, this share of
#: the picture's half-height (model units) for one led by a length
MOST_ANGLE, MOST_LENGTH = 1.0, 0.25


@dataclass(frozen=True)
class EquilibriumRow:
    """One equilibrium as the panel lists it (words in the language of now)."""

    title: str
    where: str
    #: a line per mode: its frequency and period, or its rate
    detail: tuple[str, ...]
    #: a stable centre: its modes get an amplitude and a phase
    centre: bool


@dataclass(frozen=True)
class ModeRow:
    """One mode of the chosen stable centre: its words, and its amplitude (0 … ``most``) and phase (rad)."""

    title: str
    amplitude: float
    most: float
    amplitude_text: str
    phase: float
    phase_text: str


def is_centre(e: Equilibrium) -> bool:
    """A stable centre: every mode oscillates undamped, so the linear prediction is a sum of cosines."""
    return e.kind == "stable" and all(m.oscillates and m.eigenvalue.real == 0 for m in e.modes)


class Modes:
    def __init__(self, session: OnScreen):
        self.session = session
        self._found: dict[tuple, Analysis | Message] = {}
        #: the equilibrium chosen (its place in the analysis' list), or None
        self.chosen: int | None = None
        #: per mode of the chosen centre: the largest displacement it gives, and its phase (rad)
        self.amplitudes: list[float] = []
        self.phases: list[float] = []
        #: the run is the one started from the chosen point: the linear prediction is shown
        self.predicting = False
        #: changes when what the panel shows changes (the window builds it again)
        self.revision = 0
        self._placing = False
        self._sim: Simulation | None = None
        self._chosen_key: tuple | None = None

    # -- the analysis ---------------------------------------------------------------------------------

    def _key(self) -> tuple:
        s = self.session
        return s.source, tuple(sorted(s.sim.parameters.items()))

    def found(self) -> Analysis | Message:
        """The analysis of the model on screen with its parameters now, or why there is none
        (computed once for each: up to half a second for a shipped model)."""
        key = self._key()
        if key not in self._found:
            if len(self._found) >= KEPT:
                del self._found[next(iter(self._found))]
            self._found[key] = self._analyse()
        return self._found[key]

    def known(self) -> Analysis | None:
        """The analysis if it was made for the model and parameters on screen (never computed here:
        a plot asks every frame)."""
        found = self._found.get(self._key())
        return found if isinstance(found, Analysis) else None

    def _analyse(self) -> Analysis | Message:
        sim = self.session.sim
        # a driven model is judged over one period of its drive (Floquet), as ``modes --period`` does
        period = drive_period(sim.model, dict(sim.parameters))
        try:
            return analyse(sim.model, sim.parameters, period)
        except EquilibriumError as exc:
            return exc.message
        except (ExpressionError, ArithmeticError, ValueError, np.linalg.LinAlgError) as exc:
            return msg("modes.cannot_build", reason=str(exc) or type(exc).__name__)

    @property
    def analysis(self) -> Analysis | None:
        found = self.found()
        return found if isinstance(found, Analysis) else None

    # -- the control and the panel ----------------------------------------------------------------------

    def flip(self) -> None:
        """The control: the panel opens listing the equilibria (or the banner says why there are
        none), or closes, and the prediction with it."""
        view = self.session.view
        if view.modes:
            self.close()
            return
        found = self.found()
        if isinstance(found, Message):
            self.session.banner.say(msg("modes.panel.none", reason=found), "notice")
            return
        view.modes = True
        self.revision += 1

    def close(self) -> None:
        self.session.view.modes = False
        self.forget()

    def forget(self) -> None:
        """No equilibrium chosen, no prediction (another model, the panel closed)."""
        self.chosen, self.amplitudes, self.phases, self.predicting = None, [], [], False
        self.revision += 1

    def follow(self) -> None:
        """Every frame: after new parameters the panel lists the equilibria again, none chosen (they
        moved); an analysis that can no longer be made closes the panel and the banner says why."""
        if not self.session.view.modes:
            return
        found = self.found()
        if isinstance(found, Message):
            self.session.banner.say(msg("modes.panel.none", reason=found), "notice")
            self.close()
        elif self.chosen is not None and self._chosen_key != self._key():
            self.forget()

    def rows(self) -> list[EquilibriumRow]:
        analysis = self.analysis
        if analysis is None:
            return []
        return [_row(k, e, analysis) for k, e in enumerate(analysis.equilibria, 1)]

    @property
    def equilibrium(self) -> Equilibrium | None:
        analysis = self.analysis
        if self.chosen is None or analysis is None or self.chosen >= len(analysis.equilibria):
            return None
        return analysis.equilibria[self.chosen]

    def mode_rows(self) -> list[ModeRow]:
        """The modes of the chosen equilibrium, when it is a stable centre (else none: only a centre's
        small motions are a sum of cosines)."""
        e = self.equilibrium
        if e is None or not is_centre(e):
            return []
        unit = self._units()
        return [ModeRow(msg("modes.panel.mode", index=k, omega=number(m.rate), period=number(m.period or 0.0)).text(),
                        a, self._most(m.shape), msg("modes.panel.amplitude", value=f"{a:.3g}", unit=unit[k - 1]).text(),
                        phi, msg("modes.panel.phase", value=f"{math.degrees(phi):.0f}").text())
                for k, (m, a, phi) in enumerate(zip(e.modes, self.amplitudes, self.phases), 1)]

    def _units(self) -> list[str]:
        """Per mode of the chosen centre, the unit of its amplitude: that of the coordinate it moves most."""
        e = self.equilibrium
        assert e is not None
        angles = angular_coordinates(self.session.model)
        names = self.analysis.coordinates if self.analysis else ()
        return ["rad" if names[int(np.argmax(np.abs(m.shape)))] in angles else "" for m in e.modes]

    def _most(self, shape: np.ndarray) -> float:
        s = self.session
        names = self.analysis.coordinates if self.analysis else ()
        if names[int(np.argmax(np.abs(shape)))] in angular_coordinates(s.model):
            return MOST_ANGLE
        escala = s.model.general.escala
        return MOST_LENGTH * (400.0 / escala if escala > 0 else 1.0)

    # -- choosing and starting -------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        """The model put at rest at equilibrium ``index`` (the conditions Reset returns to, as the
        Conditions panel sets them: trails and plots break); its modes start still."""
        analysis = self.analysis
        if analysis is None or not 0 <= index < len(analysis.equilibria):
            return
        self.session.view.animating = False
        self.chosen, self._chosen_key = index, self._key()
        n = len(analysis.equilibria[index].modes) if is_centre(analysis.equilibria[index]) else 0
        self.amplitudes, self.phases = [0.0] * n, [0.0] * n
        self._start()
        self.revision += 1

    def set_mode(self, k: int, amplitude: float | None = None, phase: float | None = None) -> None:
        """Mode ``k``'s amplitude (its largest displacement, clipped to 0 … the slider's end) or phase
        (rad): the model waits at the new start, at rest in time (t = 0)."""
        e = self.equilibrium
        if e is None or not 0 <= k < len(self.amplitudes):
            return
        if amplitude is not None and math.isfinite(amplitude):
            self.amplitudes[k] = min(max(0.0, amplitude), self._most(e.modes[k].shape))
        if phase is not None and math.isfinite(phase):
            self.phases[k] = math.remainder(phase, 2 * math.pi)
        self.session.view.animating = False
        self._start()

    def _scaled(self) -> Iterator[tuple[Mode, float, float]]:
        """Each mode of the chosen equilibrium with the factor its slider's amplitude means (the
        largest displacement it gives one coordinate) and its phase."""
        e = self.equilibrium
        assert e is not None
        for m, a, phi in zip(e.modes, self.amplitudes, self.phases):
            yield m, a / float(np.max(np.abs(m.shape))), phi

    def start(self) -> tuple[np.ndarray, np.ndarray]:
        """q(0) and q̇(0) of the chosen equilibrium with the amplitudes and phases set: the linear
        prediction and its rate at t = 0."""
        q = self.linear(0.0)
        qdot = np.zeros(len(q))
        for m, A, phi in self._scaled():
            qdot -= A * m.rate * math.sin(phi) * m.shape
        return q, qdot

    def linear(self, t: float | np.ndarray) -> np.ndarray:
        """q_lin(t) = q* + Σ A cos(ω t + φ) v (one row per instant when ``t`` is an array)."""
        e = self.equilibrium
        assert e is not None
        t = np.asarray(t, dtype=float)
        out = np.broadcast_to(e.q.astype(float), (*t.shape, len(e.q))).copy()
        for m, A, phi in self._scaled():
            out += (A * np.cos(m.rate * t + phi))[..., None] * m.shape
        return out

    def _start(self) -> None:
        s = self.session
        q, qdot = self.start()
        self._placing = True
        try:
            s.sim.set_conditions(q, qdot)
        finally:
            self._placing = False
        self.predicting = bool(self.amplitudes)
        s.look_again()

    def ghost(self) -> np.ndarray | None:
        """Where the linear prediction has the model now (one row), or None when there is none to show."""
        s = self.session
        if not (self.predicting and s.view.modes and s.sim is self._sim) or self.equilibrium is None:
            return None
        return self.linear(np.array([s.sim.t]))

    # -- a step observer (of every model's run): anything that starts it again but a choice here ends the
    # prediction

    def on_step(self, sim: Simulation) -> None:
        pass

    def on_break(self, sim: Simulation) -> None:
        if sim is not self._sim:  # another model (or its file read again): the panel closes
            self._sim = sim
            self.session.plots.predictions = self.known
            if self.session.view.modes or self.chosen is not None:
                self.close()
        if not self._placing:
            self.predicting = False


def _row(index: int, e: Equilibrium, analysis: Analysis) -> EquilibriumRow:
    kind = msg(f"modes.kind.{e.kind}")
    title = msg("modes.equilibrium", index=index, kind=kind, ep=number(e.potential)).text()
    where = ", ".join(f"{c} = {number(float(x))}" for c, x in zip(analysis.coordinates, e.q))
    parts = []
    for m in e.modes:
        if m.oscillates:
            parts.append(msg("modes.panel.frequency", omega=number(m.rate), period=number(m.period or 0.0)).text())
        else:
            parts.append(msg("modes.panel.rate", rate=number(m.rate)).text())
    return EquilibriumRow(title, where, tuple(parts), is_centre(e))
