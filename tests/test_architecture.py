"""Imports flow one way: the expression language, the model files and the engine
run headless and never import pygame."""

from __future__ import annotations

import ast
import subprocess
import sys

from project import ROOT

HEADLESS = ["expr", "model", "physics"]


def test_headless_packages_do_not_import_pygame_in_their_source():
    for pkg in HEADLESS:
        for path in (ROOT / "game" / pkg).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                    if node.level and node.module and node.module.split(".")[0] in ("render", "ui", "app"):
                        names.append("game." + node.module)
                for name in names:
                    assert not name.startswith(("pygame", "pygame_gui")), f"{path} imports {name}"
                    assert not name.startswith(("game.render", "game.ui", "game.app")), f"{path} imports {name}"


def test_importing_the_headless_commands_loads_no_pygame():
    code = ("import sys, game.expr, game.model, game.physics, game.app.commands.check, game.app.commands.simulate; "
            "assert not any(m.startswith('pygame') for m in sys.modules), sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
