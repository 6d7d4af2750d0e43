"""``check --equations``: a model's equations of motion as people read them (not generated code),
in the expression syntax of model files, so each side can be typed back or parsed (the tests
do): Lagrange's equation per coordinate, the constraint rows at acceleration level, and the
Gibbs–Appell form for mechanisms and models with velocity rows. The trees are the engine's
(:func:`game.physics.systems.build_equations`); here they are tidied, written and wrapped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TextIO

from ...expr import Binary, Name, Neg, Node, Num, algebra, to_text
from ...expr.tidy import tidy_terms
from ...messages import msg
from ...model import ModelFile
from ...physics.equations import Balance, Equations
from ...physics.systems import build_equations

A = algebra

#: lines are wrapped at a term before this many characters
WIDTH = 100
_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_POWER = re.compile(r"\^([0-9])(?![0-9.])")
#: a number with a fraction in written text (names may hold digits, never a point)
_NUMBER = re.compile(r"(?<![\w.])\d+\.\d+(?:e[-+]?\d+)?")


def print_equations(name: str, model: ModelFile, out: TextIO) -> None:
    """The equations of ``model`` (its file's name ``name``), as :func:`equation_lines` writes them."""
    for line in equation_lines(name, build_equations(model)):
        print(line, file=out)


def equation_lines(name: str, eq: Equations) -> list[str]:
    lines = [f"{name}: " + msg("equations.lagrange" if eq.kind == "lagrange" else "equations.mechanism").text(),
             "  " + msg("equations.names").text()]
    lines += _balances(eq.motion)
    if eq.rows:
        lines.append("  " + msg("equations.rows").text())
        lines += _balances(eq.rows)
    if eq.contacts:
        lines.append("  " + msg("equations.contacts").text())
    if eq.appell is not None:
        lines.append("  " + msg("equations.appell").text())
        lines += _wrapped("    S = ", _terms(eq.appell.S), None)
        for acc, tree, row in eq.appell.dependent:
            lines += _wrapped(f"    {msg('equations.from_row', name=row).text()}:  {acc} = ", _terms(tree), None)
        if not eq.appell.dependent and eq.rows:
            lines.append("    " + msg("equations.with_multipliers").text())
        lines += _balances(eq.appell.balances, lambda label: f"∂S/∂{label}")
    return lines


def _balances(balances: Sequence[Balance], label=lambda label: label) -> list[str]:
    out = []
    for b in balances:
        left = [t for coef, acc in b.terms for t in _product(coef, acc)] + _terms(b.rest)
        left = [t for t in left if t != "+ 0"]
        out += _wrapped(f"    {label(b.label)}:  ", left, _terms(b.right))
    return out


def _product(coef: Node, acc: str) -> list[str]:
    """coefficient·acceleration as one term (a sum in parentheses)."""
    terms = tidy_terms(coef)
    if terms == [A.ZERO]:
        return []
    if len(terms) == 1:
        negative, size = _sign(terms[0])
        return [("- " if negative else "+ ") + _written(A.mul(size, Name(acc)))]
    return [f"+ ({_joined(_terms_of(terms))})·{acc}"]


def _terms(tree: Node) -> list[str]:
    return _terms_of(tidy_terms(tree))


def _terms_of(terms: list[Node]) -> list[str]:
    out = []
    for t in terms:
        negative, size = _sign(t)
        out.append(("- " if negative else "+ ") + _written(size))
    return out


def _sign(term: Node) -> tuple[bool, Node]:
    """A term as (negative, its size): a minus in front of a product's first factor is the whole
    product's; a sum (a term kept whole) has no sign of its own."""
    if isinstance(term, Neg):
        return True, term.operand
    if isinstance(term, Num) and term.value < 0:
        return True, A.num(-term.value)
    if isinstance(term, Binary) and term.op in "*/":
        negative, left = _sign(term.left)
        if negative:
            return True, Binary(term.op, left, term.right)
    return False, term


def _written(tree: Node) -> str:
    """A tree as a model file writes it: · for products, superscript small powers, numbers to 11
    significant digits (the engine's 70.00000000000001 and 5.833333333333334 as 70 and
    5.8333333333)."""
    text = _NUMBER.sub(lambda m: f"{float(m.group(0)):.11g}", to_text(tree)).replace("*", "·")
    return _POWER.sub(lambda m: m.group(1).translate(_SUPERSCRIPTS), text)


def _joined(terms: list[str]) -> str:
    return " ".join(_words(terms))


def _wrapped(prefix: str, left: list[str], right: list[str] | None) -> list[str]:
    """prefix, the left side's terms, then = and the right side's unless ``right`` is None (an
    expression alone: S = …, a_x = …), wrapped between terms."""
    words = _words(left) + (["="] + _words(right) if right is not None else [])
    lines, line = [], prefix
    for word in words:
        if len(line) + 1 + len(word) > WIDTH and line != prefix:
            lines.append(line)
            line = " " * len(prefix) + word
        else:
            line += word if line == prefix else " " + word
    lines.append(line)
    return lines


def _words(terms: list[str]) -> list[str]:
    """Terms as the pieces a line breaks between: the first without '+ ', a minus kept with its term."""
    if not terms:
        return ["0"]
    first = terms[0][2:] if terms[0].startswith("+ ") else "-" + terms[0][2:]
    return [first, *terms[1:]]
