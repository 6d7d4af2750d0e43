"""Command line (SPEC §6): the window by default, and headless commands."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Sequence

from ..messages import language_from_environment, msg, set_language
from .commands.usage import UsageError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cenm", description="Cuerpos en Movimiento — real-time 2D mechanics from model files.")
    p.add_argument("--model", help="model to open (file stem, title, or path to a .dat file)")
    p.add_argument("--fullscreen", action="store_true", help="open full screen")
    p.add_argument("--kiosk", action="store_true", help="kiosk mode: full screen, cannot be closed by accident")
    p.add_argument("--config", help="settings file (TOML)")
    p.add_argument("--lang", choices=("es", "en"),
                   help="language of the interface (default: the settings', the last run's, else from LANG, LC_ALL, "
                        "LC_MESSAGES)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    c = sub.add_parser("check", help="validate model files and models.xml")
    c.add_argument("files", nargs="*", help="model files or a models.xml (default: models.xml and all it lists)")
    c.add_argument("--show-code", action="store_true",
                   help="also print the Python generated for each model (what one RK4 substep runs)")
    c.add_argument("--equations", action="store_true",
                   help="also print each model's equations of motion, readable (Lagrange; Gibbs–Appell for "
                        "mechanisms and velocity constraints)")
    c.add_argument("--lang", dest="command_lang", choices=("es", "en"),
                   help="language of the messages (default: from LANG, LC_ALL, LC_MESSAGES)")

    s = sub.add_parser("simulate", help="run a model headless and write one CSV row per step")
    s.add_argument("model", help="model name from models.xml or path to a .dat file")
    s.add_argument("--seconds", type=float, required=True, help="simulated seconds")
    s.add_argument("--csv", help="output file (default: standard output)")
    s.add_argument("--set", action="append", default=[], metavar="NAME=EXPR",
                   help="override a parameter or a condition (repeatable)")
    s.add_argument("--derivatives", choices=("exact", "numeric"), default="exact",
                   help="∂L/∂q exactly (default) or by central differences like CenM")
    s.add_argument("--action", action="store_true",
                   help="add the column S, the action ∫ (Ek − Ep) dt from t = 0, after DE")
    s.add_argument("--accelerations", action="store_true",
                   help="add a column a_NAME (q̈) per coordinate, and a mechanism's Appell function S")
    s.add_argument("--lang", dest="command_lang", choices=("es", "en"),
                   help="language of the messages (default: from LANG, LC_ALL, LC_MESSAGES)")

    sc = sub.add_parser("screenshot", help="render the scene of a model to a PNG, headless")
    sc.add_argument("model", help="model name or .dat path; 'all' for every model of models.xml")
    sc.add_argument("out", help="PNG file to write (with 'all': a folder)")
    sc.add_argument("--seconds", type=float, default=0.0, help="simulate this long first (trails grow)")
    sc.add_argument("--size", default="1280x720", help="window size WxH")
    sc.add_argument("--panels", default="", metavar="NAMES",
                    help="live panels to open, comma-separated: energy,values")
    sc.add_argument("--vectors", action="store_true", help="show the velocity arrows")
    sc.add_argument("--lang", dest="command_lang", choices=("es", "en"),
                    help="language of the picture and of the messages (default: from LANG, LC_ALL, LC_MESSAGES)")

    cm = sub.add_parser("chaosmap", help="time until a condition first holds, over a grid of starts (CSV, PNG)")
    cm.add_argument("model", help="model name from models.xml or path to a .dat file")
    cm.add_argument("--x", required=True, metavar="COORD[=LO:HI]", help="condition swept across (an angle: −π:π by default)")
    cm.add_argument("--y", required=True, metavar="COORD[=LO:HI]", help="condition swept up")
    cm.add_argument("--grid", type=int, required=True, metavar="N", help="N×N cells")
    cm.add_argument("--seconds", type=float, required=True, help="longest simulated time per cell")
    cm.add_argument("--until", required=True, metavar="EXPR",
                    help="the condition, one comparison, as in 'abs(a2) > pi' (the lower arm flips)")
    cm.add_argument("--png", metavar="OUT.png", help="picture: log-time colours, never = white")
    cm.add_argument("--csv", metavar="OUT.csv", help="x,y,time per cell (empty time = never)")
    cm.add_argument("--set", action="append", default=[], metavar="NAME=EXPR",
                    help="override a parameter or another condition (repeatable)")
    cm.add_argument("--dt", type=float, help="step of time (default: the model's dt)")
    cm.add_argument("--substeps", type=int, help="RK4 substeps per step (default: the model's N)")
    cm.add_argument("--jobs", type=int, help="worker processes of the local cluster (default: one per core; 1: "
                                              "this process alone)")
    cm.add_argument("--scheduler", metavar="ADDRESS",
                    help="run the cells on an existing dask cluster (tcp://HOST:8786) instead of a local one")
    cm.add_argument("--lang", dest="command_lang", choices=("es", "en"),
                    help="language of the messages (default: from LANG, LC_ALL, LC_MESSAGES)")

    sw = sub.add_parser("sweep", help="a grid over parameters and conditions: a summary of the motion per cell "
                                      "(CSV, PNG)")
    sw.add_argument("model", help="model name from models.xml or path to a .dat file")
    sw.add_argument("--over", action="append", required=True, metavar="NAME=LO:HI:N",
                    help="a parameter or condition and N values from LO to HI (repeatable: every combination)")
    sw.add_argument("--seconds", type=float, required=True, help="simulated seconds per cell")
    sw.add_argument("--until", metavar="EXPR", help="a condition whose first time is recorded, as in 'abs(a2) > pi'")
    sw.add_argument("--csv", metavar="OUT.csv", help="one row per cell, named columns")
    sw.add_argument("--png", metavar="OUT.png", help="one column as colours (one or two --over)")
    sw.add_argument("--colour", metavar="COLUMN", help="the column --png draws (default: until, else lyapunov)")
    sw.add_argument("--set", action="append", default=[], metavar="NAME=EXPR",
                    help="override a parameter or a condition for every cell (repeatable)")
    sw.add_argument("--dt", type=float, help="step of time (default: the model's dt)")
    sw.add_argument("--substeps", type=int, help="RK4 substeps per step (default: the model's N)")
    sw.add_argument("--jobs", type=int, help="worker processes of the local cluster (default: one per core)")
    sw.add_argument("--scheduler", metavar="ADDRESS", help="run the cells on an existing dask cluster")
    sw.add_argument("--lang", dest="command_lang", choices=("es", "en"),
                    help="language of the messages (default: from LANG, LC_ALL, LC_MESSAGES)")

    mo = sub.add_parser("modes", help="equilibria, their stability and normal modes (a table; CSV with --csv)")
    mo.add_argument("model", help="model name from models.xml or path to a .dat file")
    mo.add_argument("--set", action="append", default=[], metavar="NAME=EXPR",
                    help="override a parameter or a condition (repeatable; conditions centre the search)")
    mo.add_argument("--period", metavar="T",
                    help="the period of a periodically driven model (its equilibria are judged over it, by Floquet)")
    mo.add_argument("--csv", metavar="OUT.csv", help="one row per equilibrium and mode")
    mo.add_argument("--lang", dest="command_lang", choices=("es", "en"),
                    help="language of the table and the messages (default: from LANG, LC_ALL, LC_MESSAGES)")

    ac = sub.add_parser("action", help="true paths between positions at two times: their action and Morse index")
    ac.add_argument("model", help="model name from models.xml or path to a .dat file")
    ac.add_argument("--time", required=True, metavar="T", help="the time T (an expression of the parameters)")
    ac.add_argument("--to", action="append", default=[], metavar="COORD=VALUE|free",
                    help="a coordinate's position at T, or free (p(T) = 0); one not named is free")
    ac.add_argument("--from", dest="start", action="append", default=[], metavar="COORD=VALUE",
                    help="a coordinate's position at t = 0 (default: the file's)")
    ac.add_argument("--vary", metavar="K|EXPR",
                    help="S(q + ε·η) for ε in [−1, 1] into the CSV and the PNG: η = sin(Kπt/T), or an expression of t")
    ac.add_argument("--csv", metavar="OUT.csv", help="one row per path (path,S,index,velocities), then eps,S rows")
    ac.add_argument("--png", metavar="OUT.png", help="the paths q(t), and S(ε) beside them")
    ac.add_argument("--set", action="append", default=[], metavar="NAME=EXPR",
                    help="override a parameter or a condition (repeatable)")
    ac.add_argument("--lang", dest="command_lang", choices=("es", "en"),
                    help="language of the messages (default: from LANG, LC_ALL, LC_MESSAGES)")

    b = sub.add_parser("bench", help="measure engine speed (or frame times with --frames)")
    b.add_argument("--frames", action="store_true", help="frame-time statistics of the window, headless "
                                                          "(of the triple pendulum, or of the first --model)")
    b.add_argument("--idle", action="store_true",
                   help="the window paused with no input for a few seconds: its share of a core, its frames")
    b.add_argument("--chaosmap", action="store_true",
                   help="the double pendulum's chaos map at 256² and 512²: wall time and rates, next to hand-written code")
    b.add_argument("--compiled", action="store_true",
                   help="the engine on its native code against numba at its best: one state, a batch, the chaos map")
    b.add_argument("--ensemble", action="store_true",
                   help="the chaos control's 50 copies against one, per shipped model (ms per 1/60 s, ratio)")
    b.add_argument("--mechanisms", action="store_true",
                   help="each shipped mechanism's µs per substep, plain and in machine code, against its "
                        "Lagrangian counterpart where one exists")
    b.add_argument("--load", action="store_true",
                   help="load time of N-link pendulum chains (N = 5, 10, 20, …) and their real-time factor")
    b.add_argument("--contacts", action="store_true",
                   help="how the cost of a step grows with the number of contacts (boxes of 2 to 28 balls): "
                        "pairs the broad phase checks, × pymunk on the same balls")
    b.add_argument("--constraints", action="store_true",
                   help="constrained models against the same motion written without constraints")
    b.add_argument("--look", action="store_true",
                   help="the automatic framing's look ahead of each model: how far it sees, the time it takes")
    b.add_argument("--after", type=float, default=0.0, metavar="SECONDS",
                   help="with --look: from the state each model reaches after this many seconds of its motion")
    b.add_argument("--pile", action="store_true",
                   help="a pile of frictionless balls at rest (5, 10, 16, 20 balls): × real time, events located")
    b.add_argument("--modes", action="store_true",
                   help="time of equilibria and modes for each shipped model and a 20-link chain")
    b.add_argument("--action", action="store_true",
                   help="the double pendulum's two-point problem over 2 s: every path in the default box, timed")
    b.add_argument("--quick", action="store_true", help="shorter runs (rougher figures)")
    b.add_argument("--huge-arrows", action="store_true",
                   help="with --frames: velocity arrows 1e9 pixels long per unit of speed")
    b.add_argument("--fade", action="store_true", help="with --frames: fading trails instead of lasting ones")
    b.add_argument("--trail-points", type=int, help="with --frames: points per trail (default 20,000)")
    b.add_argument("--model", dest="bench_models", action="append", metavar="STEM",
                   help="only this model (repeatable; default: every model of models.xml); with --frames, the "
                        "model whose frames are timed (default: pendulo_triple; a .dat file too)")

    k = sub.add_parser("soak", help="days of kiosk use, headless, at full speed: memory, errors, frame times")
    k.add_argument("--hours", type=float, required=True, help="hours of the kiosk's clock")
    k.add_argument("--frame-seconds", type=float, default=0.1, help="kiosk seconds per frame (default 0.1)")
    k.add_argument("--seed", type=int, default=1, help="the visitors' random seed")
    k.add_argument("--size", default="1280x720", help="window size WxH")
    return p


def pygame_problem() -> str | None:
    """Classic pygame and pygame-ce share the pygame/ folder; only -ce works with pygame_gui."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        return "pygame-ce is not installed: run  python3 -m pip install -e ."
    if not getattr(pygame, "IS_CE", False):
        return ("classic pygame is installed over pygame-ce; run  python3 -m pip uninstall -y pygame  "
                "then  python3 -m pip install --force-reinstall pygame-ce")
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command is not None:
        set_language(getattr(args, "command_lang", None) or args.lang or language_from_environment())
    elif args.lang:
        set_language(args.lang)
    try:
        if args.command is not None:
            from .commands.usage import check_flags

            check_flags(args.command, vars(args))  # before any work
        if args.command == "check":
            from .commands.check import check

            return check(args.files, show_code=args.show_code, equations=args.equations)
        if args.command == "simulate":
            from .commands.simulate import simulate

            return simulate(args.model, args.seconds, args.csv, args.set, args.derivatives, action=args.action,
                            accelerations=args.accelerations)
        if args.command == "chaosmap":
            from .commands.chaosmap import chaosmap_command

            return chaosmap_command(args.model, args.x, args.y, args.grid, args.seconds, args.until, args.png,
                                    args.csv, args.set, args.dt, args.substeps, args.jobs, scheduler=args.scheduler)
        if args.command == "sweep":
            from .commands.sweep import sweep_command

            return sweep_command(args.model, args.over, args.seconds, args.until, args.csv, args.png, args.colour,
                                 args.set, args.dt, args.substeps, args.jobs, args.scheduler)
        if args.command == "modes":
            from .commands.modes import modes

            return modes(args.model, args.set, args.period, args.csv)
        if args.command == "action":
            from .commands.action import action

            return action(args.model, args.time, args.to, args.start, args.vary, args.csv, args.png, args.set)
        if args.command == "bench":
            if args.bench_models:
                from .commands.usage import catalog_stems

                args.bench_models = catalog_stems(args.bench_models, also=("cadena",), files=args.frames or args.idle)
            if args.action:
                from .commands.action import bench_action

                return bench_action()
            if args.modes:
                from .commands.modes import bench_modes

                return bench_modes()
            if args.chaosmap:
                from .commands.bench import bench_chaosmap

                return bench_chaosmap(quick=args.quick)
            if args.ensemble:
                from .commands.benchensemble import bench_ensemble

                return bench_ensemble(quick=args.quick, models=args.bench_models)
            if args.mechanisms:
                from .commands.benchmechanisms import mechanisms_per_substep

                return mechanisms_per_substep(quick=args.quick, models=args.bench_models)
            if args.compiled:
                from .commands.benchcompiled import bench_compiled

                return bench_compiled(quick=args.quick)
            if args.idle:
                from .commands.framebench import bench_idle

                return bench_idle(2.0 if args.quick else 5.0, (args.bench_models or ["pendulo_doble"])[0])
            if args.frames:
                from .commands.framebench import bench_frames

                return bench_frames(quick=args.quick, model=(args.bench_models or ["pendulo_triple"])[0],
                                    huge_arrows=args.huge_arrows, fade=args.fade, points=args.trail_points,
                                    chaos=not args.bench_models)
            if args.constraints:
                from .commands.constraintbench import bench_constraints

                return bench_constraints(quick=args.quick)
            if args.look:
                from .commands.bench import bench_look

                return bench_look(args.bench_models, after=args.after)
            if args.load:
                from .commands.bench import bench_load

                return bench_load(quick=args.quick)
            if args.pile:
                from .commands.bench import bench_pile

                return bench_pile(quick=args.quick)
            if args.contacts:
                from .commands.bench import bench_contacts

                return bench_contacts(quick=args.quick)
            from .commands.bench import bench_engine

            return bench_engine(quick=args.quick, models=args.bench_models)
        if args.command == "soak":
            from .commands.soak import soak

            return soak(args.hours, args.frame_seconds, args.seed, args.size)
        if args.command == "screenshot":
            problem = pygame_problem()
            if problem:
                print(f"error: {problem}", file=sys.stderr)
                return 2
            if args.model != "all" and not _model_runs(args.model):
                return 2
            from .commands.screenshot import screenshot

            return screenshot(args.model, args.out, args.seconds, args.size, args.vectors,
                              [n for n in args.panels.split(",") if n], args.command_lang or args.lang)
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no sound is used: no sound-card noise
        return open_window(model=args.model, fullscreen=args.fullscreen, kiosk=args.kiosk,
                           config=args.config, lang=args.lang,
                           argv=list(sys.argv[1:] if argv is None else argv))
    except UsageError as exc:
        print(msg("cmd.error", reason=exc.reason), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (`simulate … | head`): stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def open_window(model: str | None = None, fullscreen: bool = False, kiosk: bool = False, config: str | None = None,
        lang: str | None = None, argv: Sequence[str] = ()) -> int:
    from ..model import ModelFileError
    from .files.saving import Remembered
    from .files.settings import SPEEDS, SettingsError, load_settings
    from .files.userdirs import user_folders
    from .kiosk.supervisor import SUPERVISED, supervise
    from .session.session import LoadError
    from .window.healing import long_running_process, open_log

    try:
        settings, problems = load_settings(config, lang)
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem, file=sys.stderr)
    settings = dataclasses.replace(settings, fullscreen=settings.fullscreen or fullscreen, kiosk=settings.kiosk or kiosk,
                       language=lang or settings.language)
    folders = user_folders()
    if settings.kiosk and not os.environ.get(SUPERVISED):
        # the window runs in a child process that is started again if it dies or hangs
        return supervise(argv, open_log(folders.log))
    remembered = Remembered() if settings.kiosk else Remembered.read(folders.state)
    if remembered.speed in SPEEDS:  # a desktop comes back as it was left
        settings = dataclasses.replace(settings, speed=remembered.speed)
    settings = dataclasses.replace(settings, language=lang or remembered.language or settings.language,
                                   first_run_hint=not remembered.hint_seen)  # a kiosk's every visitor is new
    set_language(settings.interface_language)  # the messages of models (banner, panels) in the interface's language
    long_running_process()  # before SDL starts: SIGTERM must end a kiosk's window
    if missing := pygame_problem():
        print(f"error: {missing}", file=sys.stderr)
        return 2
    import pygame

    pygame.display.init()
    if pygame.display.get_driver() in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        print(msg("cmd.error", reason=msg("cmd.no_display")))
        return 2
    from .window.window import App

    try:
        try:
            app = App(settings, model or remembered.model, remember=True)
        except LoadError:
            if model or not remembered.model:
                raise
            app = App(settings, None, remember=True)  # the model remembered is gone: the first one
    except (LoadError, ModelFileError) as exc:
        print(f"error: {exc}")
        return 2
    if problems:  # the settings file is told about on screen too, with the model's own problem if any
        banner = app.session.banner
        banner.say("\n".join([*problems, *([banner.text] if banner.text else [])]), "notice")
    return app.run()


def _model_runs(name: str) -> bool:
    """A model the window could show; else its problems are printed (the window itself would
    quietly open another model instead)."""
    from .commands.usage import find_model
    from .files.opening import model_problems

    _, problems = model_problems(find_model(name))
    for p in problems:
        print(p, file=sys.stderr)
    return not problems
