"""Messages in the user's language (issue 9 item 8): one catalogue, every message in Spanish
and English, chosen when the message is shown."""

from __future__ import annotations

import ast
import os
import re
import string
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from project import ROOT

from game import messages
from game.expr import EvaluationError, ExpressionError, Location, check_names, parse
from game.messages import CATALOGUE, Message, language_from_environment, msg, set_language


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


#: the program's source, without the catalogue itself (whose keys are all written there)
SOURCES = {path: ast.parse(path.read_text(encoding="utf-8")) for path in (ROOT / "game").rglob("*.py")
           if path.parent.name != "messages"}
#: the first words of the keys: ``expr``, ``read``, ``control``…
FAMILIES = {key.split(".")[0] for key in CATALOGUE}
#: a string of the program that is a key, or looks like one: a family, then words after dots
KEYLIKE = re.compile(rf"^(?:{'|'.join(sorted(FAMILIES))})\.[a-z_]+(?:\.[A-Za-z_]+)?$")


def where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"


def keys_in_the_source() -> dict[str, str]:
    """Every string of game/ that is written as a catalogue key: given to msg(...), or kept in a
    table until it is said (a control's tooltip, a setting's rule, the key chosen with an if)."""
    found = {}
    for path, tree in SOURCES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "msg" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    found[first.value] = where(path, node)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and KEYLIKE.match(node.value):
                found.setdefault(node.value, where(path, node))
    return found


def keys_chosen_at_run_time() -> dict[str, str]:
    """The families of keys the program completes at run time, as f"plot.kind.{kind}": the words
    before the first blank (``plot.kind.``), with where."""
    found = {}
    for path, tree in SOURCES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                start = str(node.values[0].value)
                if start.split(".")[0] in FAMILIES and start.endswith(".") and len(node.values) > 1:
                    found[start] = where(path, node)
    return found


def test_every_message_exists_in_both_languages_with_the_same_blanks():
    same = {"bar.clock", "plot.lyapunov", "plot.short.poincare", "window.title"}  # the same words, or none, in both
    for key, texts in CATALOGUE.items():
        assert len(texts) == len(messages.LANGUAGES) and all(t.strip() for t in texts), key
        english, spanish = texts
        assert placeholders(english) == placeholders(spanish), key
        assert english != spanish or key.startswith(("unit.", "cmd.error")) or key in same, f"{key} is not translated"


def test_every_key_the_program_uses_is_in_the_catalogue_and_every_key_is_used():
    used = keys_in_the_source()
    missing = {k: at for k, at in used.items() if k not in CATALOGUE}
    assert not missing
    assert len(used) > 300
    prefixes = keys_chosen_at_run_time()
    assert {p: at for p, at in prefixes.items() if not any(k.startswith(p) for k in CATALOGUE)} == {}
    assert {"banner.body.", "banner.size.", "export.", "reaction.", "plot.kind.", "label.", "control.",
            "panel.title.", "what.", "where."} <= set(prefixes)
    unused = [k for k in CATALOGUE if k not in used and not k.startswith(tuple(prefixes))]
    assert not unused


def test_the_families_chosen_at_run_time_hold_what_their_tables_ask_for():
    """A family completed at run time holds exactly what can be asked of it: the tooltip of each
    control shown (and Pause), the word beside each icon of the bottom bar (and Pause, and the
    language button's), each kind of plot in full and short."""
    from game.app.session.controls import CONTROLS
    from game.app.session.plotkinds import PLOT_KINDS

    def family(prefix: str) -> set[str]:
        return {k for k in CATALOGUE if k.startswith(prefix)}

    shown = [c for c in CONTROLS if c.place is not None]
    assert family("control.") == {c.tooltip_key for c in shown} | {"control.pause"}
    assert family("label.") == {f"label.{c.name}" for c in shown if c.place == "bottom"} | {"label.pause",
                                                                                             "label.language"}
    assert family("plot.kind.") == {f"plot.kind.{k.name}" for k in PLOT_KINDS}
    assert family("plot.short.") == {f"plot.short.{k.name}" for k in PLOT_KINDS}


def test_an_error_is_written_in_the_language_of_the_moment(spanish):
    e = parse("gg·m", Location("pend.dat", 3, 10))
    with pytest.raises(ExpressionError) as info:
        check_names(e, ["g", "m"], msg("where.ep"))
    err = info.value
    assert str(err) == "pend.dat:3:10: nombre desconocido 'gg' (Ep puede usar parámetros, coordenadas y t) — ¿quiso decir 'g'?"
    assert err.key == "expr.unknown_name"
    set_language("en")
    assert err.message == "unknown name 'gg' (Ep may use parameters, coordinates and t) — did you mean 'g'?"
    assert str(err) == f"pend.dat:3:10: {err.message}"


def test_syntax_errors_in_spanish(spanish):
    with pytest.raises(ExpressionError) as info:
        parse("2·", Location("m.dat", 1, 1))
    assert str(info.value) == "m.dat:1:3: la expresión termina donde se esperaba un valor"


@pytest.mark.parametrize("exc, key", [
    (ZeroDivisionError("float division by zero"), "eval.division_by_zero"),
    (ZeroDivisionError("0 raised to a negative power"), "eval.zero_negative_power"),
    (OverflowError("(34, 'Numerical result out of range')"), "eval.overflow"),
    (ValueError("math domain error"), "eval.domain"),
])
def test_pythons_arithmetic_errors_are_told_in_words(exc, key, spanish):
    err = EvaluationError.of(exc)
    assert isinstance(err.reason, Message) and err.reason.key == key
    assert str(err) == CATALOGUE[key][1]


@pytest.mark.parametrize("environ, language", [
    ({}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "es_MX.UTF-8"}, "es"),
    ({"LANG": "es"}, "es"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),
    ({"LANG": "es_ES.UTF-8", "LC_MESSAGES": "en_GB"}, "en"),
    ({"LANG": "es_ES.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "", "LANG": "es_AR.UTF-8"}, "es"),
])
def test_the_language_of_the_commands_comes_from_the_environment(environ, language):
    assert language_from_environment(environ) == language


@pytest.mark.parametrize("lang, language", [("es_MX.UTF-8", "es"), ("C.UTF-8", "en")])
def test_the_program_starts_in_the_language_of_its_environment(lang, language):
    """One default language, everywhere: what the program says before anyone chooses (a model read
    from Python, the window before --lang or its settings) is in the environment's."""
    env = {**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""}
    said = subprocess.run([sys.executable, "-c", "from game.messages import language, msg; "
                           "print(language(), msg('expr.empty'))"], capture_output=True, text=True, env=env, cwd=ROOT,
                          check=True).stdout.split(" ", 1)
    assert said == [language, f"{CATALOGUE['expr.empty'][messages.LANGUAGES.index(language)]}\n"]


def test_an_unknown_key_or_language_is_refused_at_once():
    with pytest.raises(KeyError):
        msg("no.such.message")
    with pytest.raises(ValueError):
        set_language("fr")


AREA_FILES = sorted((ROOT / "game" / "messages").glob("*.py"))


def test_no_key_is_written_twice_in_the_catalogue():
    # a second entry silently replaces the first (Python keeps the last): each key once, in one area
    keys = [k.value for path in AREA_FILES for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Dict) for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
    assert len(keys) >= len(CATALOGUE)
    assert sorted(k for k in set(keys) if keys.count(k) > 1) == []
    assert sum(len(area.WORDS) for area in messages.AREAS) == len(CATALOGUE)


def test_a_key_defined_in_two_areas_stops_the_import():
    one, other = SimpleNamespace(__name__="one", WORDS={"a.b": ("x", "y")}), SimpleNamespace(
        __name__="other", WORDS={"a.b": ("z", "w")})
    with pytest.raises(ValueError, match=r"'a\.b'"):
        messages._merged((one, other))


def test_each_family_of_keys_lives_in_one_area_and_each_area_is_short():
    """A key's first word is its family (``expr.``, ``read.``…): finding a message's area is
    finding its family's. An area file stays within the line budget of a module."""
    areas: dict[str, set[str]] = {}
    for area in messages.AREAS:
        assert area.__file__ in {str(p) for p in AREA_FILES}
        for key in area.WORDS:
            areas.setdefault(key.split(".")[0], set()).add(area.__name__)
    assert {family: where for family, where in areas.items() if len(where) > 1} == {}
    assert set(AREA_FILES) == {Path(a.__file__) for a in messages.AREAS} | {ROOT / "game" / "messages" / "__init__.py"}
    for path in AREA_FILES:
        assert sum(1 for _ in path.open(encoding="utf-8")) < 600, path


def test_big_counts_are_grouped_as_each_language_groups_them(write_model):
    """500,000 reads as five hundred in Spanish, whose decimal mark is the comma: Spanish groups
    thousands with a space that does not break the number."""
    from game.messages import thousands
    from game.model import ModelFileError, load_model

    assert msg("cmd.too_many_substeps", substeps="7", limit=thousands(500_000)).text("en").endswith("(at most 500,000)")
    assert msg("cmd.too_many_substeps", substeps="7", limit=thousands(500_000)).text("es").endswith("(como mucho 500\u00a0000)")
    import re

    text = (ROOT / "models" / "pendulo_simple.dat").read_text(encoding="utf-8")
    path = write_model(re.sub(r"(?m)^N=\d+$", "N=100000000", text))  # far more substeps than may run
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    set_language("es")
    said = str(refused.value)
    assert len(refused.value.problems) == 1 and "N = 1e+08" in said
    assert "\u00a0000" in said and ",000" not in said, said
    set_language("en")
    assert ",000" in str(refused.value)
