"""Reading expression text into a tree (DescartesJS-style notation).

Accepted: decimal numbers without exponent, ``+ - * / ^`` and ``· × ÷ −``,
superscript powers (``x²``, ``l³``, ``r⁻¹``), ``½``, parentheses, unary minus,
Unicode letters in names (``µ`` and ``μ`` are the same name), ``pi``/``π``,
the functions of :data:`FUNCTIONS`, and ``Obj[id,_attr]`` references where the
caller allows them. One pair of single quotes around the whole text is dropped.

Anything else — attribute access, indexing, lambdas, strings, calls of
unknown functions — is refused with an :class:`ExpressionError` that points at
the character. Nothing read here is ever run as Python.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import ExpressionError, Location
from .nodes import CONSTANTS, FUNCTIONS, Binary, Call, Name, Neg, Node, Num, Ref

_SUPERSCRIPT_DIGITS = {"⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4",
                       "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9"}
_SUPERSCRIPT_MINUS = "⁻"
_DIGITS = "0123456789"
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


@dataclass(frozen=True)
class _Token:
    kind: str  # num, name, op, lpar, rpar, lbrk, rbrk, comma, sup, end
    text: str
    offset: int
    value: object = None

    @property
    def number(self) -> float:
        assert isinstance(self.value, float)
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

    def error(self, message: str, offset: int) -> ExpressionError:
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
                    raise self.error("a number has two decimal points", i)
                if i < n and text[i] in "eE" and i + 1 < n and (text[i + 1] in _DIGITS + "+-"):
                    raise self.error("numbers are written without exponent (write 0.001, not 1e-3)", start)
                if i < n and _is_name_start(text[i]):
                    raise self.error(
                        f"missing operator between '{text[start:i]}' and '{text[i]}' (write {text[start:i]}·{text[i]})", i)
                value = float(text[start:i])
                if value > 1e300:
                    raise self.error("this number is too large", start)
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
                    raise self.error("a superscript minus must be followed by superscript digits", start)
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
                raise self.error("'.' is not allowed here (attribute access is not part of the language)", i)
            if ch in "'\"":
                raise self.error("quotes may only wrap the whole expression", i)
            raise self.error(f"unexpected character '{ch}'", i)
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

    def peek(self) -> _Token:
        return self.toks[self.pos]

    def advance(self) -> _Token:
        tok = self.toks[self.pos]
        self.pos += 1
        return tok

    def error(self, message: str, tok: _Token) -> ExpressionError:
        return self.lexer.error(message, tok.offset)

    def parse(self) -> Node:
        if self.peek().kind == "end":
            raise self.error("empty expression", self.peek())
        node = self.additive()
        tok = self.peek()
        if tok.kind != "end":
            if tok.kind == "rpar":
                raise self.error("unbalanced parenthesis: ')' without '('", tok)
            if tok.kind == "lpar":
                raise self.error("missing operator before '('", tok)
            if tok.kind == "lbrk":
                raise self.error("indexing with '[...]' is only allowed as Obj[id,_attr]", tok)
            if tok.kind == "comma":
                raise self.error("',' outside a function's arguments", tok)
            raise self.error(f"missing operator before '{tok.text}'", tok)
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
            operand = self.unary()
            return operand if tok.text == "+" else Neg(operand)
        return self.power()

    def power(self) -> Node:
        base = self.postfix()
        if self.peek().kind == "op" and self.peek().text == "^":
            self.advance()
            return Binary("^", base, self.unary())  # right-associative; a^-b allowed
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
                raise self.error("empty parentheses", self.peek())
            node = self.additive()
            close = self.peek()
            if close.kind != "rpar":
                if close.kind == "end":
                    raise self.error("unbalanced parenthesis: '(' is never closed", tok)
                raise self.error(f"expected ')' but found '{close.text}'", close)
            self.advance()
            return node
        if tok.kind == "name":
            return self.name(tok)
        if tok.kind == "end":
            raise self.error("the expression ends where a value was expected", tok)
        if tok.kind == "rpar":
            raise self.error("unbalanced parenthesis: ')' without '('", tok)
        if tok.kind == "sup":
            raise self.error("a superscript power needs something before it", tok)
        if tok.kind == "op":
            raise self.error(f"'{tok.text}' needs a value before it", tok)
        raise self.error(f"unexpected '{tok.text}'", tok)

    def name(self, tok: _Token) -> Node:
        ident = canonical_name(tok.text)
        nxt = self.peek()
        if ident == "Obj" and nxt.kind == "lbrk":
            return self.reference(tok)
        if nxt.kind == "lpar":
            if ident not in FUNCTIONS:
                raise self.error(f"unknown function '{tok.text}'{_suggest(ident, FUNCTIONS)}", tok)
            return self.call(ident, tok)
        if nxt.kind == "lbrk":
            raise self.error("indexing with '[...]' is only allowed as Obj[id,_attr]", nxt)
        if ident in FUNCTIONS:
            raise self.error(f"function '{ident}' needs its argument in parentheses", tok)
        if ident in CONSTANTS:
            return Num(CONSTANTS[ident])
        if ident == "Obj":
            raise self.error("Obj must be followed by [id,_attr]", tok)
        self.names.setdefault(ident, tok.offset)
        return Name(ident)

    def call(self, func: str, tok: _Token) -> Node:
        self.advance()  # (
        args: list[Node] = []
        if self.peek().kind == "rpar":
            raise self.error(f"{func}() needs an argument", self.peek())
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
                raise self.error("unbalanced parenthesis: '(' is never closed", tok)
            raise self.error(f"expected ',' or ')' but found '{sep.text}'", sep)
        arity = FUNCTIONS[func]
        if arity is None and len(args) < 2:
            raise self.error(f"{func} needs at least two arguments", tok)
        if arity is not None and len(args) != arity:
            word = "argument" if arity == 1 else "arguments"
            raise self.error(f"{func} takes {arity} {word}, not {len(args)}", tok)
        return Call(func, tuple(args))

    def reference(self, tok: _Token) -> Node:
        if not self.allow_refs:
            raise self.error("Obj[...] references are only allowed in graphic objects", tok)
        self.advance()  # [
        ident = self.advance()
        if ident.kind != "name":
            raise self.error("Obj[...] needs an object identifier first, as in Obj[b0,_xf]", ident)
        comma = self.advance()
        if comma.kind != "comma":
            raise self.error("Obj[...] needs a comma between the identifier and the attribute", comma)
        attr = self.advance()
        if attr.kind != "name" or not attr.text.startswith("_"):
            raise self.error("an attribute starts with '_', as in Obj[b0,_xf]", attr)
        close = self.advance()
        if close.kind != "rbrk":
            raise self.error("Obj[...] is not closed with ']'", close)
        ref = Ref(canonical_name(ident.text), attr.text)
        self.refs.setdefault(ref, tok.offset)
        return ref


def _suggest(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" — did you mean '{close[0]}'?" if close else ""


def suggestion(word: str, known: Iterable[str]) -> str:
    """`` — did you mean 'x'?`` for the closest known word, or ''."""
    return _suggest(word, known)


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
    inner, base = unquote(text)
    if base == 0 and inner.strip().startswith("'"):
        lead = len(inner) - len(inner.lstrip())
        raise ExpressionError("this quote ' is never closed", location.shifted(lead))
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


def check_names(expr: Expression, known: Iterable[str], what: str = "") -> None:
    """Refuse the first name in ``expr`` that is not in ``known``."""
    known = set(known)
    for name, offset in expr.name_offsets:
        if name not in known:
            where = f" {what}" if what else ""
            raise ExpressionError(f"unknown name '{name}'{where}{_suggest(name, known)}", expr.location_of(offset))
