"""Reading expression text into a tree (DescartesJS-style notation).

Accepted: decimal numbers, with or without exponent (``0.001``, ``1e-3``,
``2.5E+8``: what the program shows can be typed back), ``+ - * / ^`` and ``· × ÷ −``,
superscript powers (``x²``, ``l³``, ``r⁻¹``), ``½``, parentheses, unary minus,
Unicode letters in names (``µ`` and ``μ`` are the same name), ``pi``/``π``,
the functions of :data:`FUNCTIONS`, and ``Obj[id,_attr]`` references where the
caller allows them. One pair of single quotes around the whole text is dropped.

Bounded: an expression of more than :data:`MAX_LENGTH` characters, or nesting
more than :data:`MAX_NESTING` levels (parentheses, signs, powers, function
calls), is refused with a located message before any deep work starts.

Anything else — attribute access, indexing, lambdas, strings, calls of
unknown functions — is refused with an :class:`ExpressionError` that points at
the character. Nothing read here is ever run as Python.
"""

from __future__ import annotations

import difflib
import itertools
import re
import unicodedata
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from ..messages import Message, msg, thousands
from .errors import ExpressionError, Location
from .nodes import CONSTANTS, FUNCTIONS, Binary, Call, Name, Neg, Node, Num, Ref

_SUPERSCRIPT_DIGITS = {"⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4",
                       "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9"}
_SUPERSCRIPT_MINUS = "⁻"
_DIGITS = "0123456789"
#: Longest expression text read, in characters (a 60-link chain's Ek is about 70,000).
MAX_LENGTH = 200_000
#: Deepest nesting of parentheses, signs, powers and function calls.
MAX_NESTING = 50

_OPERATOR_ALIASES = {"·": "*", "×": "*", "÷": "/", "−": "-", "*": "*", "/": "/",
                     "+": "+", "-": "-", "^": "^", "⋅": "*", "∙": "*"}


def canonical_name(name: str) -> str:
    """One spelling per name: NFC, and the micro sign read as Greek mu."""
    return unicodedata.normalize("NFC", name).replace("\u00b5", "\u03bc")


@dataclass(frozen=True)
class Expression:
    """A parsed expression: the text as written, its tree, and where it came from."""

    text: str
    tree: Node
    location: Location
    #: Each variable name read, with the offset (in ``text``) of its first use.
    name_offsets: tuple[tuple[str, int], ...] = ()
    #: Each ``Obj[...]`` reference, with its offset in ``text``.
    ref_offsets: tuple[tuple[Ref, int], ...] = ()

    def location_of(self, offset: int) -> Location:
        return self.location.shifted(offset)


class _Token:
    __slots__ = ("kind", "offset", "text", "value")

    def __init__(self, kind: str, text: str, offset: int, value: float | None = None):
        self.kind = kind  # num, name, op, lpar, rpar, lbrk, rbrk, comma, sup, end
        self.text = text
        self.offset = offset
        self.value = value

    @property
    def number(self) -> float:
        assert self.value is not None
        return self.value


def _is_name_start(ch: str) -> bool:
    return ch.isalpha() or ch == "_"


def _is_name_char(ch: str) -> bool:
    return ch.isalpha() or ch in _DIGITS or ch == "_"


class _Lexer:
    def __init__(self, text: str, base: int, location: Location):
        self.text = text
        self.base = base  # offset of text[0] in the original field
        self.location = location

    def error(self, message: Message, offset: int) -> ExpressionError:
        return ExpressionError(message, self.location.shifted(self.base + offset))

    def tokens(self) -> list[_Token]:
        text = self.text
        out: list[_Token] = []
        i = 0
        n = len(text)
        while i < n:
            ch = text[i]
            if ch.isspace():
                i += 1
                continue
            start = i
            if ch in _DIGITS or (ch == "." and i + 1 < n and text[i + 1] in _DIGITS):
                while i < n and text[i] in _DIGITS:
                    i += 1
                if i < n and text[i] == ".":
                    i += 1
                    while i < n and text[i] in _DIGITS:
                        i += 1
                if i < n and text[i] == ".":
                    raise self.error(msg("expr.two_points"), i)
                if i < n and text[i] in "eE":
                    # an exponent: e or E, an optional sign, digits (1e-7, 2.5E+3)
                    j = i + 1
                    if j < n and text[j] in "+-":
                        j += 1
                    if j < n and text[j] in _DIGITS:
                        while j < n and text[j] in _DIGITS:
                            j += 1
                        i = j
                if i < n and text[i] == ".":
                    raise self.error(msg("expr.two_points"), i)
                if i < n and _is_name_start(text[i]):
                    raise self.error(msg("expr.missing_operator_between", left=text[start:i], right=text[i]), i)
                value = float(text[start:i])
                if value > 1e300:
                    raise self.error(msg("expr.number_too_large"), start)
                out.append(_Token("num", text[start:i], start, value))
                continue
            if ch == "½":
                out.append(_Token("num", ch, start, 0.5))
                i += 1
                continue
            if _is_name_start(ch):
                while i < n and _is_name_char(text[i]):
                    i += 1
                out.append(_Token("name", text[start:i], start))
                continue
            if ch in _SUPERSCRIPT_DIGITS or ch == _SUPERSCRIPT_MINUS:
                digits = ""
                sign = ""
                if ch == _SUPERSCRIPT_MINUS:
                    sign = "-"
                    i += 1
                while i < n and text[i] in _SUPERSCRIPT_DIGITS:
                    digits += _SUPERSCRIPT_DIGITS[text[i]]
                    i += 1
                if not digits:
                    raise self.error(msg("expr.superscript_minus"), start)
                out.append(_Token("sup", text[start:i], start, float(sign + digits)))
                continue
            if ch in _OPERATOR_ALIASES:
                out.append(_Token("op", _OPERATOR_ALIASES[ch], start))
                i += 1
                continue
            simple = {"(": "lpar", ")": "rpar", "[": "lbrk", "]": "rbrk", ",": "comma"}
            if ch in simple:
                out.append(_Token(simple[ch], ch, start))
                i += 1
                continue
            if ch == ".":
                raise self.error(msg("expr.attribute_access"), i)
            if ch in "'\"":
                raise self.error(msg("expr.inner_quote"), i)
            raise self.error(msg("expr.unexpected_character", char=ch), i)
        out.append(_Token("end", "", n))
        return out


class _Parser:
    def __init__(self, tokens: list[_Token], lexer: _Lexer, allow_refs: bool):
        self.toks = tokens
        self.pos = 0
        self.lexer = lexer
        self.allow_refs = allow_refs
        self.names: dict[str, int] = {}
        self.refs: dict[Ref, int] = {}
        self.depth = 0

    def peek(self) -> _Token:
        return self.toks[self.pos]

    def advance(self) -> _Token:
        tok = self.toks[self.pos]
        self.pos += 1
        return tok

    def error(self, message: Message, tok: _Token) -> ExpressionError:
        return self.lexer.error(message, tok.offset)

    def deeper(self, tok: _Token) -> None:
        """One more level of nesting, at ``tok``; refused beyond MAX_NESTING (each level is a
        few frames of this recursive-descent parser, and a level of the tree)."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.error(msg("expr.too_deep", limit=MAX_NESTING), tok)

    def parse(self) -> Node:
        if self.peek().kind == "end":
            raise self.error(msg("expr.empty"), self.peek())
        node = self.additive()
        tok = self.peek()
        if tok.kind != "end":
            if tok.kind == "rpar":
                raise self.error(msg("expr.unbalanced_close"), tok)
            if tok.kind == "lbrk":
                raise self.error(msg("expr.indexing"), tok)
            if tok.kind == "comma":
                raise self.error(msg("expr.stray_comma"), tok)
            raise self.error(msg("expr.missing_operator_before", token=tok.text), tok)
        return node

    def additive(self) -> Node:
        node = self.multiplicative()
        while self.peek().kind == "op" and self.peek().text in "+-":
            op = self.advance().text
            node = Binary(op, node, self.multiplicative())
        return node

    def multiplicative(self) -> Node:
        node = self.unary()
        while self.peek().kind == "op" and self.peek().text in "*/":
            op = self.advance().text
            node = Binary(op, node, self.unary())
        return node

    def unary(self) -> Node:
        tok = self.peek()
        if tok.kind == "op" and tok.text in "+-":
            self.advance()
            self.deeper(tok)
            operand = self.unary()
            self.depth -= 1
            return operand if tok.text == "+" else Neg(operand)
        return self.power()

    def power(self) -> Node:
        base = self.postfix()
        if self.peek().kind == "op" and self.peek().text == "^":
            self.deeper(self.advance())
            exponent = self.unary()  # right-associative; a^-b allowed
            self.depth -= 1
            return Binary("^", base, exponent)
        return base

    def postfix(self) -> Node:
        node = self.primary()
        while self.peek().kind == "sup":
            node = Binary("^", node, Num(self.advance().number))
        return node

    def primary(self) -> Node:
        tok = self.advance()
        if tok.kind == "num":
            return Num(tok.number)
        if tok.kind == "lpar":
            if self.peek().kind == "rpar":
                raise self.error(msg("expr.empty_parentheses"), self.peek())
            self.deeper(tok)
            node = self.additive()
            self.depth -= 1
            close = self.peek()
            if close.kind != "rpar":
                if close.kind == "end":
                    raise self.error(msg("expr.unbalanced_open"), tok)
                raise self.error(msg("expr.expected_close", token=close.text), close)
            self.advance()
            return node
        if tok.kind == "name":
            return self.name(tok)
        if tok.kind == "end":
            raise self.error(msg("expr.ends_early"), tok)
        if tok.kind == "rpar":
            raise self.error(msg("expr.unbalanced_close"), tok)
        if tok.kind == "sup":
            raise self.error(msg("expr.superscript_alone"), tok)
        if tok.kind == "op":
            raise self.error(msg("expr.operator_alone", op=tok.text), tok)
        raise self.error(msg("expr.unexpected", token=tok.text), tok)

    def name(self, tok: _Token) -> Node:
        ident = canonical_name(tok.text)
        nxt = self.peek()
        if ident == "Obj" and nxt.kind == "lbrk":
            return self.reference(tok)
        if nxt.kind == "lpar":
            if ident not in FUNCTIONS:
                raise self.error(msg("expr.unknown_function", name=tok.text, hint=suggestion(ident, FUNCTIONS)), tok)
            return self.call(ident, tok)
        if nxt.kind == "lbrk":
            raise self.error(msg("expr.indexing"), nxt)
        if ident in FUNCTIONS:
            raise self.error(msg("expr.function_needs_parentheses", name=ident), tok)
        if ident in CONSTANTS:
            return Num(CONSTANTS[ident])
        if ident == "Obj":
            raise self.error(msg("expr.obj_needs_brackets"), tok)
        self.names.setdefault(ident, tok.offset)
        return Name(ident)

    def call(self, func: str, tok: _Token) -> Node:
        self.advance()  # (
        args: list[Node] = []
        if self.peek().kind == "rpar":
            raise self.error(msg("expr.needs_argument", name=func), self.peek())
        self.deeper(tok)
        while True:
            args.append(self.additive())
            sep = self.peek()
            if sep.kind == "comma":
                self.advance()
                continue
            if sep.kind == "rpar":
                self.advance()
                break
            if sep.kind == "end":
                raise self.error(msg("expr.unbalanced_open"), tok)
            raise self.error(msg("expr.expected_comma_or_close", token=sep.text), sep)
        self.depth -= 1
        arity = FUNCTIONS[func]
        if arity is None and len(args) < 2:
            raise self.error(msg("expr.at_least_two", name=func), tok)
        if arity is not None and len(args) != arity:
            key = "expr.arity_one" if arity == 1 else "expr.arity"
            raise self.error(msg(key, name=func, arity=arity, given=len(args)), tok)
        return Call(func, tuple(args))

    def reference(self, tok: _Token) -> Node:
        if not self.allow_refs:
            raise self.error(msg("expr.refs_not_allowed"), tok)
        self.advance()  # [
        ident = self.advance()
        if ident.kind != "name":
            raise self.error(msg("expr.obj_needs_id"), ident)
        comma = self.advance()
        if comma.kind != "comma":
            raise self.error(msg("expr.obj_needs_comma"), comma)
        attr = self.advance()
        if attr.kind != "name" or not attr.text.startswith("_"):
            raise self.error(msg("expr.obj_attribute"), attr)
        close = self.advance()
        if close.kind != "rbrk":
            raise self.error(msg("expr.obj_not_closed"), close)
        ref = Ref(canonical_name(ident.text), attr.text)
        self.refs.setdefault(ref, tok.offset)
        return ref


#: Suggestions are looked for among at most this many known words (difflib is quadratic).
_SUGGEST_AMONG = 2000


def suggestion(word: str, known: Iterable[str]) -> str | Message:
    """`` — did you mean 'x'?`` for the closest known word, or ''."""
    words = list(itertools.islice(known, _SUGGEST_AMONG))
    close = difflib.get_close_matches(word, words, n=1, cutoff=0.6)
    return msg("expr.did_you_mean", word=close[0]) if close else ""


#: A cell that is just a plain number or just an ASCII name, with spaces around.
_SIMPLE = re.compile(r"\s*(?:(\d+(?:\.\d*)?|\.\d+)|([A-Za-z_][A-Za-z0-9_]*))\s*", re.ASCII)


def unquote(text: str) -> tuple[str, int]:
    """Drop one pair of single quotes around ``text``; return the inside and its offset."""
    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    if len(stripped) >= 2 and stripped[0] == "'" and stripped[-1] == "'":
        return stripped[1:-1], lead + 1
    return text, 0


def parse(text: str, location: Location | None = None, *, allow_refs: bool = False) -> Expression:
    """Parse expression text. ``location`` is where ``text[0]`` sits in its file."""
    location = location or Location()
    if len(text) > MAX_LENGTH:
        raise ExpressionError(msg("expr.too_long", length=thousands(len(text)), limit=thousands(MAX_LENGTH)), location)
    inner, base = unquote(text)
    if base == 0 and inner.strip().startswith("'"):
        lead = len(inner) - len(inner.lstrip())
        raise ExpressionError(msg("expr.quote_not_closed"), location.shifted(lead))
    simple = _SIMPLE.fullmatch(inner)
    if simple is not None:
        # most cells are one plain number or one name: no lexer, no parser
        number_text, name = simple.group(1), simple.group(2)
        offset = base + simple.start(1 if number_text is not None else 2)
        if number_text is not None and float(number_text) <= 1e300:
            return Expression(text=text, tree=Num(float(number_text)), location=location)
        if name is not None and name not in FUNCTIONS and name not in CONSTANTS and name != "Obj":
            return Expression(text=text, tree=Name(name), location=location, name_offsets=((name, offset),))
    lexer = _Lexer(inner, base, location)
    parser = _Parser(lexer.tokens(), lexer, allow_refs)
    tree = parser.parse()
    return Expression(
        text=text,
        tree=tree,
        location=location,
        name_offsets=tuple((n, base + o) for n, o in parser.names.items()),
        ref_offsets=tuple((r, base + o) for r, o in parser.refs.items()),
    )


def check_names(expr: Expression, known: Collection[str], what: str | Message = "") -> None:
    """Refuse the first name in ``expr`` that is not in ``known`` (a set or a mapping is
    used as it is; ``what`` says which names are allowed there, e.g. ``msg("where.ep")``)."""
    if not isinstance(known, (set, frozenset, dict)):
        known = set(known)
    if isinstance(what, str) and what:
        what = " " + what
    for name, offset in expr.name_offsets:
        if name not in known:
            raise ExpressionError(msg("expr.unknown_name", name=name, what=what, hint=suggestion(name, known)),
                                  expr.location_of(offset))
