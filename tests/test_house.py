"""The house as the architecture says it is (docs/ARCHITECTURE.md), measured from the source.

Ratchets: each figure may only get better. A known exception (an import circle, a module over
its line budget) is listed with what it is today; the test fails when one grows or a new one
appears, and also when a listed one is gone (so the list is cut down as the house improves).
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from project import ROOT

GAME = ROOT / "game"

#: the rooms, lowest first: a module may import from its own room or a lower one, never a higher
#: one. A module belongs to the longest room name that prefixes its own; rooms that share a rank
#: (a tuple) do not import each other.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("game.messages",),
    ("game.expr",),
    ("game.model",),
    ("game.physics.state", "game.physics.numerics", "game.physics.equations"),
    ("game.physics.steppers",),
    ("game.physics.lagrange", "game.physics.mechanism"),
    ("game.physics.mechanism_contacts",),
    ("game.physics.observe",),
    ("game.physics.systems",),
    ("game.physics.simulation", "game.physics.equilibrium", "game.physics.action"),
    ("game.physics",),
    ("game.render",),
    ("game.ui",),
    ("game.app.files",),
    ("game.app.kiosk",),
    ("game.app.session",),
    ("game.app.window",),
    ("game.app.commands",),
    ("game.app.cli", "game.app"),
)

#: import circles that still stand (each a set of modules); none may be added
KNOWN_CIRCLES: list[frozenset[str]] = []

#: the most lines a module of game/ may have
LINE_BUDGET = 600
#: modules over the budget today, with their size: they may shrink, never grow
OVER_BUDGET: dict[str, int] = {
}


def module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in GAME.rglob("*.py")}


def imports_of(name: str, path: Path) -> set[str]:
    """The game modules ``name`` imports (also under TYPE_CHECKING: a circle of types is one too).
    A module importing its own package (whose __init__ re-exports it) is not an arrow."""
    mods = modules()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
    return {m for m in out if m in mods and m != name and not name.startswith(m + ".")}


@cache
def graph() -> dict[str, frozenset[str]]:
    return {name: frozenset(imports_of(name, path)) for name, path in modules().items()}


def circles() -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    g = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = set()
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        component.add(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
    return found


def rank(module: str) -> tuple[int, str]:
    """The layer of a module, and the room it is in."""
    best = (-1, "")
    for k, rooms in enumerate(LAYERS):
        for room in rooms:
            if (module == room or module.startswith(room + ".")) and len(room) > len(best[1]):
                best = (k, room)
    return best


def test_there_is_no_new_import_circle_between_game_modules():
    now = circles()
    new = [sorted(c) for c in now if not any(c <= known for known in KNOWN_CIRCLES)]
    assert not new, f"new import circles: {new}"
    gone = [sorted(k) for k in KNOWN_CIRCLES if not any(c & k for c in now)]
    assert not gone, f"these circles are gone: take them off KNOWN_CIRCLES {gone}"


def test_imports_run_only_down_the_layers():
    wrong = []
    for name, targets in graph().items():
        if name == "game":  # the package itself: its version, and NumPy's threads (it imports nothing of game)
            assert not targets
            continue
        here, room = rank(name)
        assert here >= 0, f"{name} is in no layer of LAYERS"
        package = modules()[name].name == "__init__.py"
        for target in targets:
            if package and target.startswith(name + "."):
                continue  # a package's __init__ re-exports its own modules' names
            there, other = rank(target)
            if there > here or (there == here and other != room and not (
                    room.startswith(other + ".") or other.startswith(room + "."))):
                wrong.append(f"{name} -> {target}")
    assert not wrong, "imports that run up or across the layers:\n" + "\n".join(sorted(wrong))


def test_every_module_keeps_to_its_line_budget():
    sizes = {str(p.relative_to(ROOT)): sum(1 for _ in p.open(encoding="utf-8")) for p in GAME.rglob("*.py")}
    over = {path: n for path, n in sizes.items() if n > LINE_BUDGET}
    grown = {p: (n, OVER_BUDGET.get(p)) for p, n in over.items() if n > OVER_BUDGET.get(p, LINE_BUDGET)}
    assert not grown, f"modules over {LINE_BUDGET} lines (now, allowed): {grown}"
    fixed = [p for p in OVER_BUDGET if sizes.get(p, 0) <= LINE_BUDGET]
    assert not fixed, f"within the budget now: take them off OVER_BUDGET {fixed}"


def test_headless_rooms_never_import_pygame():
    """The expression language, the model files, the engine and the session run without a display."""
    headless = ("game.messages", "game.expr", "game.model", "game.physics")
    for name, path in modules().items():
        if not name.startswith(headless):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            assert not any(n.split(".")[0] in ("pygame", "pygame_gui") for n in names), f"{name} imports {names}"


#: isinstance checks on the two kinds of system outside the engine (app code asks the protocol)
SYSTEM_ISINSTANCE = 0


def test_app_code_asks_the_motion_protocol_not_the_kind_of_system():
    found = [name for name, path in modules().items() if not name.startswith("game.physics")
             for _ in re.finditer(r"isinstance\([^)]*\b(System|MechanismSystem)\b", path.read_text(encoding="utf-8"))]
    assert len(found) <= SYSTEM_ISINSTANCE, found


#: files that write a joint kind's name ("SLIDER"): its class, which owns its engine terms too
JOINT_KIND_FILES = 1


def test_a_joint_kind_is_named_in_few_files():
    files = [name for name, path in modules().items() if re.search(r"[\"']SLIDER[\"']", path.read_text(encoding="utf-8"))]
    assert len(files) <= JOINT_KIND_FILES, files


#: the Session: a facade over parts with one job each (lines of the class, methods)
SESSION_LINES, SESSION_METHODS = 138, 10


def test_the_session_is_a_facade():
    for path in modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name == "Session":
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                methods = sum(isinstance(b, (ast.FunctionDef, ast.AsyncFunctionDef)) for b in node.body)
                assert lines <= SESSION_LINES and methods <= SESSION_METHODS, (lines, methods)
                return
    raise AssertionError("no Session class")


ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"


def room_path(room: str) -> str:
    """How the page names a room: its folder (``game/app/session/``) or its module (``game/app/cli.py``)."""
    parts = room.split(".")
    return "/".join(parts) + ("/" if (ROOT.joinpath(*parts)).is_dir() else ".py")


def test_the_architecture_page_names_every_room():
    page = ARCHITECTURE.read_text(encoding="utf-8")
    missing = [room for rank in LAYERS for room in rank if room != "game.app" and f"`{room_path(room)}`" not in page]
    assert not missing, f"docs/ARCHITECTURE.md does not name these rooms of LAYERS: {missing}"


def test_every_path_the_architecture_page_names_exists():
    page = ARCHITECTURE.read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:game|tests|tools)/[\w/.<>-]*)`", page))
    gone = [p for p in sorted(named) if "<" not in p and not (ROOT / p).exists()]
    assert named and not gone, f"docs/ARCHITECTURE.md names paths that do not exist: {gone}"
