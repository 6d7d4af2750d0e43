"""``python main.py soak --hours H``: days of kiosk use, headless, at full speed.

The real window (SDL's dummy driver) in kiosk mode, driven by made-up visitors through real
pygame events — finger taps, finger and mouse drags of bodies, buttons, the menu (model
after model), the Parameters and Conditions panels with good and bad values typed, resets,
the language switch, pinches, the plots (their menus and buttons) and the chaos control's
ghosts — and left alone in between, so the "Still there?" countdown
and the attract loop run too. Each frame stands for ``frame_seconds`` of the kiosk's clock
(the scheduler's catch-up cap: the simulation keeps up with it); nothing sleeps.

It reports frames, kiosk hours, errors recovered, the resident memory every hour, frame-time
percentiles and the slowest frames (what the visitors were doing, on which model). Memory is
measured in one reference state — the first model of the menu just opened from its file, and
what the window dropped given back, as it does within a second — because the model on screen
holds buffers of its own that fill as it runs (its history, up to 16 MB, and its trails):
growth measured that way is what the program keeps, not what the present model uses. Before the
start every model of the menu is opened once.
"""

from __future__ import annotations

import gc
import heapq
import os
import random
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

import numpy as np

from ...ui.theme import drawing_pending
from ..files.settings import Settings
from ..session.controls import BY_NAME, CONTROLS
from ..window.healing import release_memory
from .screenshot import headless, window_size

#: seconds of the kiosk's clock of the "after warm-up" row: the first hour of visitors (every model
#: of the menu was opened once before the start: :func:`first_tour`)
WARM_UP = 3600.0

#: the slowest frames the report names, each with what the visitors were doing and the model
SLOWEST = 3

#: frames a reading waits at most for pygame_gui's queued drawing (a widget's states, one a frame)
SETTLING_FRAMES = 100

Step = Callable[[], None]


def rss_mb() -> float:
    """The resident memory of this process, in MB (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        return 0.0


class Visitors:
    """Made-up visitors: they come now and then, play a while, and leave the kiosk alone."""

    def __init__(self, app, rng: random.Random):
        import pygame

        self.pg = pygame
        self.app, self.rng = app, rng
        self.queue: deque[Step] = deque()
        self.present_until = 0.0
        self.next_visit = 60.0
        self.next_action = 0.0
        self.actions: dict[str, int] = {}
        #: what the visitors were last doing: an action's kind, "arriving", or "away" (the attract loop)
        self.doing = "away"

    # -- posting real events ---------------------------------------------------------------

    def post(self, kind: int, **fields) -> None:
        self.pg.event.post(self.pg.event.Event(kind, **fields))

    def finger(self, kind: int, pos, fid: int = 0) -> None:
        w, h = self.app.screen.get_size()
        self.post(kind, touch_id=1, finger_id=fid, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, pressure=1.0)

    def tap(self, pos) -> list[Step]:
        """A finger tap, with SDL's mouse copy of it (which presses the buttons)."""
        pos = (int(pos[0]), int(pos[1]))

        def down() -> None:
            self.finger(self.pg.FINGERDOWN, pos)
            self.post(self.pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=True)
            self.post(self.pg.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)

        def up() -> None:
            self.finger(self.pg.FINGERUP, pos)
            self.post(self.pg.MOUSEBUTTONUP, pos=pos, button=1, touch=True)

        return [down, up]

    def press(self, name: str) -> list[Step]:
        """A control of the command table tapped, if the window shows its button."""
        control = BY_NAME[name]  # (a name not in the table fails here)
        b = self.app.bars.buttons.get(control.name)
        return self.tap(b.rect.center) if b is not None and b.visible else []

    def drag(self, start, end, steps: int, by_finger: bool) -> list[Step]:
        a, b = np.array(start, float), np.array(end, float)
        points = [tuple(int(v) for v in a + (b - a) * k / steps) for k in range(steps + 1)]
        if by_finger:
            return ([lambda: self.finger(self.pg.FINGERDOWN, points[0])]
                    + [lambda p=p: self.finger(self.pg.FINGERMOTION, p) for p in points[1:]]
                    + [lambda: self.finger(self.pg.FINGERUP, points[-1])])
        return ([lambda: self.post(self.pg.MOUSEBUTTONDOWN, pos=points[0], button=1)]
                + [lambda p=p: self.post(self.pg.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)) for p in points[1:]]
                + [lambda: self.post(self.pg.MOUSEBUTTONUP, pos=points[-1], button=1)])

    def key(self, k: int) -> None:
        self.post(self.pg.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        self.post(self.pg.KEYUP, key=k, mod=0, unicode="", scancode=0)

    # -- what visitors do -------------------------------------------------------------------

    def random_point(self):
        vx, vy, vw, vh = self.app.layout.viewport
        return (vx + self.rng.uniform(0, vw - 1), vy + self.rng.uniform(0, vh - 1))

    def pause(self) -> list[Step]:
        return self.press("animate") if self.app.session.view.animating else []

    def body(self):
        s = self.app.session
        handles = list(s.kinematics.handles)
        if not handles:
            return None
        gid = self.rng.choice(handles)
        x, y = s.kinematics.handle_point(gid, s.sim.t, s.sim.q)
        return self.app.camera.to_pixels(float(x), float(y))

    def act(self, kind: str) -> list[Step]:
        s, rng = self.app.session, self.rng
        if s.view.menu and kind != "menu":
            return self.press("menu")
        if self.app.panel is not None and kind != "panel":
            return [lambda: self.key(self.pg.K_ESCAPE)]
        if kind == "tap":
            return self.tap(self.random_point())
        if kind == "drag":
            steps = self.pause()
            if rng.random() < 0.5:
                steps += self.press("edit")
            start = self.body()
            if start is None:
                return steps
            end = (start[0] + rng.uniform(-200, 200), start[1] + rng.uniform(-200, 200))
            return steps + [lambda: None] + self.drag(start, end, rng.randint(3, 12), rng.random() < 0.6)
        if kind == "menu":
            return self.press("menu") + [lambda: None, self.choose_model]
        if kind == "dock":
            return self.use_dock()
        if kind == "panel":
            return self.pause() + self.press(rng.choice(("parameters", "conditions"))) + [lambda: None, self.edit_value]
        if kind == "pinch":
            c = self.random_point()
            far = (c[0] + 140, c[1])

            def lift() -> None:
                self.finger(self.pg.FINGERUP, c, 0)
                self.finger(self.pg.FINGERUP, far, 1)

            return [lambda: self.finger(self.pg.FINGERDOWN, c, 0),
                    lambda: self.finger(self.pg.FINGERDOWN, (c[0] + 60, c[1]), 1),
                    lambda: self.finger(self.pg.FINGERMOTION, far, 1), lift]
        if kind in BY_NAME:  # a control of the command table (paused first when animating locks it)
            return (self.pause() if BY_NAME[kind].locked_while_animating else []) + self.press(kind)
        return []

    def choose_model(self) -> None:
        menu = self.app.menu
        if menu is not None and menu.items:
            self.queue.extendleft(reversed(self.tap(self.rng.choice(menu.items).rect.center)))

    def use_dock(self) -> list[Step]:
        """One of the plots' controls: a menu and then one of its options, or a button (clear,
        remove, add); the plots open first."""
        dock = self.app.dock.widgets
        if dock is None:
            return self.press("plots")
        menus = [m for row in dock.menus for m in row.values()]
        others = [b for row in dock.buttons for b in row.values()] + ([dock.add] if dock.add is not None else [])
        target = self.rng.choice(menus + others)
        steps = self.tap(target.rect.center)
        if any(target is m for m in menus):
            steps += [lambda: None, lambda: self.choose_option(target)]
        return steps

    def choose_option(self, menu) -> None:
        """A tap on one of the options an open menu shows."""
        listed = getattr(menu.current_state, "options_selection_list", None)
        if listed is None or not menu.alive():
            return
        shown = [item["button_element"] for item in listed.item_list if item.get("button_element") is not None]
        shown = [b for b in shown if listed.rect.contains(b.rect)]
        if shown:
            self.queue.extendleft(reversed(self.tap(self.rng.choice(shown).rect.center)))

    def edit_value(self) -> None:
        """In the open panel: a value pressed, a good or a bad text typed, Enter, Accept (a kiosk's
        panel: − or + pressed a few times, past its limits or the model's at times, then Accept)."""
        panel = self.app.panel
        if panel is not None and getattr(panel, "plus", None):
            i = self.rng.randrange(len(panel.plus))
            button = (panel.minus, panel.plus)[self.rng.randrange(2)][i]
            wait: Step = lambda: None  # a frame: the press reaches the panel
            presses = [step for _ in range(self.rng.randint(1, 15)) for step in (*self.tap(button.rect.center), wait)]
            accept = self.tap(panel.accept_button.rect.center) + [wait, lambda: self.key(self.pg.K_ESCAPE)]
            self.queue.extendleft(reversed(presses + accept))
            return
        if panel is None or not getattr(panel, "value_buttons", None):
            return
        i = self.rng.randrange(len(panel.value_buttons))
        good = f"{self.rng.uniform(0.2, 2.5):.3f}"
        text = self.rng.choice([good, good, good, "2*", "sqrt(-1)", "1/0", "xyz", "0", "-1", "1e400"])

        def clear() -> None:
            for _ in range(40):
                self.key(self.pg.K_BACKSPACE)

        def type_text() -> None:
            for ch in text:
                self.post(self.pg.TEXTINPUT, text=ch)

        steps: list[Step] = [*self.tap(panel.value_buttons[i].rect.center), lambda: None, clear, type_text,
                             lambda: self.key(self.pg.K_RETURN)]
        accept = panel.accept_button
        steps += self.tap(accept.rect.center) + [lambda: None] + [lambda: self.key(self.pg.K_ESCAPE)]
        self.queue.extendleft(reversed(steps))

    #: what visitors do besides pressing a control, and how often: a tap of the scene, a drag of a body,
    #: the menu and a model chosen, a panel opened and a value typed, a pinch, the plots' dock
    GESTURES: ClassVar[dict[str, float]] = {"tap": 4, "drag": 4, "menu": 1, "panel": 3, "pinch": 1, "dock": 2}
    #: every action and its weight: the gestures, and each control as often as the command table says
    ACTIONS: ClassVar[dict[str, float]] = {**GESTURES, **{c.name: c.soak for c in CONTROLS if c.soak}}

    # -- the clock ---------------------------------------------------------------------------

    def before_frame(self, now: float) -> None:
        """Post this frame's events."""
        if self.queue:
            self.queue.popleft()()
            return
        if now >= self.present_until:
            if now < self.next_visit:
                self.doing = "away"
                return
            # someone arrives: plays 30 s to 4 min; the next one comes after ~5 min on average
            self.doing = "arriving"
            self.present_until = now + self.rng.uniform(30, 240)
            self.next_visit = self.present_until + self.rng.expovariate(1 / 300)
            self.queue.extend(self.tap(self.random_point()))
            return
        if now >= self.next_action:
            self.next_action = now + self.rng.uniform(0.5, 5.0)
            kind = self.rng.choices(list(self.ACTIONS), weights=list(self.ACTIONS.values()))[0]
            self.actions[kind] = self.actions.get(kind, 0) + 1
            self.doing = kind
            self.queue.extend(self.act(kind))


def reference_memory(app) -> tuple[float, int]:
    """Resident MB and Python objects with the first model of the menu just opened (the visitors
    carry on from there), once its widgets are drawn in full (:func:`drawing_pending`) and the
    window has given back what it dropped (it does so within a second of its clock:
    :meth:`game.app.window.widgets.Widgets.give_back`; pygame_gui's recent shadows, within 10 s)."""
    app.session.kiosk.fresh_view()  # no plots or chaos ensemble left on (their records are the model's, not kept)
    app.session.kiosk.recover()  # nothing half-done open; the model reopened from its file…
    app.session.load(0)  # …and the first one, whose history is empty
    app.frame(0.0)
    for _ in range(SETTLING_FRAMES):  # the widgets drawn in full, whenever they were built
        if not drawing_pending(app.manager):
            break
        app.frame(0.0)
    # pygame_gui keeps the shadows it drew last (the menu's: 3.4 MB) for 10 s of its clock, which
    # a reading's frames do not advance: without this, a reading held whatever a visitor had just opened
    app.manager.get_theme().shadow_generator.clear_short_term_caches()
    release_memory()
    return rss_mb(), len(gc.get_objects())


def first_tour(app) -> None:
    """Every model of the menu opened once, as an operator checks a new kiosk: each keeps its
    equations and code for its file's parameters (a few hundred kB, 32 models at most:
    :data:`game.physics.lagrange.system.KEPT_SYSTEMS`), and visitors choosing at random take hours to have
    opened them all."""
    for index in range(len(app.session.catalog.entries)):
        app.session.load(index)
        app.frame(0.0)


def readings(total: int, frame_seconds: float) -> dict[int, str]:
    """The frames before which memory is read, and what each is called: the start, every hour, the
    end of the warm-up (also when it is the middle of the run, or an hour), the middle."""
    hour = round(3600 / frame_seconds)
    marks = {i: f"{i // hour} h" for i in range(hour, total, hour)}
    marks.update({0: "start", total // 2: "middle"})
    warm = round(WARM_UP / frame_seconds)
    if warm < total:
        marks[warm] = "after warm-up"
    return marks


def growth(memory: list[tuple[str, float, float, int]]) -> str:
    """The report's line on memory growth from the reading after the warm-up to the end (each reading
    is (when, kiosk hours, RSS MB, Python objects), the last one the end's); none in a shorter run."""
    warm = next((m for m in memory[:-1] if m[0] == "after warm-up"), None)
    if warm is None:
        return (f"growth after warm-up: not measured: the run ({memory[-1][1]:.2f} kiosk h) was shorter than "
                f"the warm-up ({WARM_UP / 3600:g} h)")
    after = [m[2] for m in memory if m[1] >= warm[1]]
    return (f"growth after warm-up: {memory[-1][2] - warm[2]:+.1f} MB at the end, "
            f"{max(after) - warm[2]:+.1f} MB at most")


def soak(hours: float, frame_seconds: float = 0.1, seed: int = 1, size: str = "1280x720",
         out=None) -> int:
    headless()
    out = out or sys.stdout
    home = None
    if not os.environ.get("CENM_HOME"):  # the soak's log and files in a folder of its own
        home = tempfile.TemporaryDirectory(prefix="cenm-soak-")
        os.environ["CENM_HOME"] = home.name
    import pygame

    from ..window.window import App

    w, h = window_size(size)  # a bad --size is refused as screenshot refuses it
    app = App(replace(Settings(), kiosk=True, width=w, height=h), None)
    app.screen = pygame.display.set_mode((w, h))  # the dummy driver has no full screen size of its own
    app.resize((w, h))
    first_tour(app)
    visitors = Visitors(app, random.Random(seed))
    total = round(hours * 3600 / frame_seconds)
    # the soak's own record, written in full now: np.zeros maps pages the frames would only
    # touch one by one (4 kB every 1,024 frames), which the readings took for the kiosk's growth
    # (+1.7 MB in a day of 0.2 s frames)
    times = np.full(total, np.nan, dtype=np.float32)
    memory: list[tuple[str, float, float, int]] = []  # (when, kiosk hours, RSS MB, Python objects)
    unhandled = 0
    marks = readings(total, frame_seconds)
    started = time.perf_counter()
    heals = failures = 0
    slowest: list[tuple[float, float, str, str]] = []  # a heap of the slowest frames: (s, kiosk s, doing, model)
    for i in range(total):
        now = i * frame_seconds
        if i in marks:
            memory.append((marks[i], now / 3600, *reference_memory(app)))
        visitors.before_frame(now)
        stopped = app.session.clock.stopped_for
        t0 = time.perf_counter()
        try:
            app.frame(frame_seconds)
        except Exception as exc:  # the frame guards itself: anything here would kill a kiosk window
            unhandled += 1
            print(f"unhandled: {type(exc).__name__}: {exc}", file=out)
            break
        times[i] = time.perf_counter() - t0
        if len(slowest) < SLOWEST or times[i] > slowest[0][0]:
            frame = (float(times[i]), now, visitors.doing, app.session.entry.path.stem)
            (heapq.heappush if len(slowest) < SLOWEST else heapq.heapreplace)(slowest, frame)
        failures += stopped is None and app.session.clock.stopped_for is not None
        heals += stopped is not None and app.session.clock.stopped_for is None
        if i and i % round(1800 / frame_seconds) == 0:
            print(f"  {now / 3600:5.1f} h  {i:>9,} frames  RSS {rss_mb():6.1f} MB  "
                  f"{time.perf_counter() - started:6.0f} s", file=out, flush=True)
    frames = i + 1
    memory.append(("end", frames * frame_seconds / 3600, *reference_memory(app)))
    wall = time.perf_counter() - started
    ms = times[: frames - unhandled] * 1000  # (a frame that raised was not timed)
    print(f"Soak: {frames:,} frames of {frame_seconds:g} s = {frames * frame_seconds / 3600:.2f} kiosk hours "
          f"in {wall / 60:.1f} min of wall time ({w}×{h}, SDL {pygame.display.get_driver()} driver, seed {seed})", file=out)
    print("visitor actions: " + ", ".join(f"{k} {v}" for k, v in sorted(visitors.actions.items())), file=out)
    print(f"errors recovered: {app.guard.recovered} frames that raised (model reloaded); {failures} simulations "
          f"that failed, {heals} restarted from their conditions; unhandled exceptions: {unhandled}", file=out)
    print(f"{'memory':<16}{'kiosk h':>8}{'RSS MB':>9}{'objects':>10}   (first model just opened)", file=out)
    for when, at, mb, objects in memory:
        print(f"{when:<16}{at:>8.2f}{mb:>9.1f}{objects:>10,}", file=out)
    print(growth(memory), file=out)
    if ms.size:
        p50, p95, p99 = np.percentile(ms, [50, 95, 99])
        print(f"frame ms: p50 {p50:.2f}  p95 {p95:.2f}  p99 {p99:.2f}  max {ms.max():.1f}", file=out)
    print("slowest frames: " + "; ".join(f"{1000 * t:.0f} ms at {at / 3600:.2f} h ({doing}, {stem})"
                                         for t, at, doing, stem in sorted(slowest, reverse=True)), file=out)
    pygame.quit()
    if home is not None:
        os.environ.pop("CENM_HOME", None)
        home.cleanup()
    return 1 if unhandled else 0
