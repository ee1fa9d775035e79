"""The project's own grammar for numbers and lines of working. Never ``eval``.

    chain  := expr (REL expr)*            REL: = ≈ ≒
    expr   := term (("+" | "-") term)*
    term   := unary (("×" | "*" | "·" | "/" | "÷") unary | implicit)*
    unary  := ("-" | "+") unary | power
    power  := atom ("^" unary)?
    atom   := NUMBER | "(" expr ")" | "{" expr "}" | "[" expr ("," expr)* "]"
            | ("exp" | "sqrt") "(" expr ")" | "√" atom | "e" | NAME

Implicit multiplication covers ``2√3`` and ``2(…)``; braces group like parentheses (``e^{0.5}``). Text is NFKC-normalised, so
full-width digits, spaces and brackets read as ASCII; Japanese punctuation around
a line is dropped.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from . import exact as X
from .errors import ParseError

MAX_EXPONENT = 100  # |e| in 1e±k; a bigger one is refused, not computed
MAX_DIGITS = 200

_NUMBER = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
RESERVED = frozenset({"e", "exp", "sqrt"})
_OPS = {"+": "+", "-": "-", "−": "-", "×": "*", "*": "*", "·": "*", "⋅": "*", "/": "/", "÷": "/",
        "^": "^", "(": "(", ")": ")", "{": "(", "}": ")", "[": "[", "]": "]", ",": ",", "√": "√",
        "=": "=", "≈": "≈", "≒": "≈"}
_AROUND = " \t\r\n\u3000。、，．：:；;！!？?"


@dataclass(frozen=True, slots=True)
class Num:
    """A decimal literal as written: ``decimals`` counts its places (``0.20``: 2; ``6.3e-02``: 3)."""

    text: str
    value: Fraction
    decimals: int


@dataclass(frozen=True, slots=True)
class EulerE:
    pass


@dataclass(frozen=True, slots=True)
class Name:
    name: str


@dataclass(frozen=True, slots=True)
class Neg:
    x: object


@dataclass(frozen=True, slots=True)
class Bin:
    op: str  # one of + - * / ^
    a: object
    b: object


@dataclass(frozen=True, slots=True)
class Call:
    fn: str  # exp or sqrt
    arg: object


@dataclass(frozen=True, slots=True)
class Vec:
    items: tuple


def normalize(text: str) -> str:
    """NFKC, the minus sign as ``-``, and surrounding punctuation dropped."""
    t = unicodedata.normalize("NFKC", text).replace("\u2212", "-")
    t = t.strip(_AROUND)
    return t[:-1] if t.endswith(".") and not t.endswith("..") else t


def tokenize(text: str) -> list[tuple[str, object, int]]:
    """Tokens as (kind, value, position): kinds NUM, NAME, and the operators themselves."""
    out: list[tuple[str, object, int]] = []
    k = 0
    while k < len(text):
        ch = text[k]
        if ch.isspace():
            k += 1
            continue
        m = _NUMBER.match(text, k)
        if m:
            out.append(("NUM", _literal(m, text), k))
            k = m.end()
            continue
        m = _NAME.match(text, k)
        if m:
            out.append(("NAME", m.group(), k))
            k = m.end()
            continue
        if ch in _OPS:
            out.append((_OPS[ch], ch, k))
            k += 1
            continue
        raise ParseError(f"unexpected character {ch!r}", text, k)
    return out


def _literal(m: re.Match, text: str) -> Num:
    mant, ex = m.group(1), int(m.group(2) or 0)
    if abs(ex) > MAX_EXPONENT:
        raise ParseError(f"exponent {ex} is out of range (at most ±{MAX_EXPONENT})", text, m.start())
    if len(mant) > MAX_DIGITS:
        raise ParseError(f"more than {MAX_DIGITS} digits", text, m.start())
    whole, _, frac = mant.partition(".")
    value = Fraction(int(whole + frac or "0")) * Fraction(10) ** (ex - len(frac))
    return Num(m.group(), value, len(frac) - ex)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.k = 0

    def peek(self) -> str | None:
        return self.toks[self.k][0] if self.k < len(self.toks) else None

    def take(self, kind: str | None = None):
        if self.k >= len(self.toks):
            raise ParseError("unexpected end" + (f" (expected {kind!r})" if kind else ""), self.text)
        tok = self.toks[self.k]
        if kind is not None and tok[0] != kind:
            raise ParseError(f"expected {kind!r}, found {tok[1]!r}", self.text, tok[2])
        self.k += 1
        return tok

    def error_here(self, what: str) -> ParseError:
        if self.k < len(self.toks):
            return ParseError(f"{what}, found {self.toks[self.k][1]!r}", self.text, self.toks[self.k][2])
        return ParseError(f"{what}, found the end", self.text)

    def expr(self):
        a = self.term()
        while self.peek() in ("+", "-"):
            a = Bin(self.take()[0], a, self.term())
        return a

    def term(self):
        a = self.unary()
        while True:
            p = self.peek()
            if p in ("*", "/"):
                a = Bin(self.take()[0], a, self.unary())
            elif p in ("√", "(") or (p == "NAME" and not isinstance(a, Vec)):
                a = Bin("*", a, self.unary())
            else:
                return a

    def unary(self):
        if self.peek() in ("-", "+"):
            op = self.take()[0]
            x = self.unary()
            return Neg(x) if op == "-" else x
        return self.power()

    def power(self):
        a = self.atom()
        if self.peek() == "^":
            self.take()
            return Bin("^", a, self.unary())
        return a

    def atom(self):
        p = self.peek()
        if p == "NUM":
            return self.take()[1]
        if p == "(":
            self.take()
            a = self.expr()
            self.take(")")
            return a
        if p == "[":
            self.take()
            items = [self.expr()]
            while self.peek() == ",":
                self.take()
                items.append(self.expr())
            self.take("]")
            return Vec(tuple(items))
        if p == "√":
            self.take()
            return Call("sqrt", self.atom())
        if p == "NAME":
            name = self.take()[1]
            if name in ("exp", "sqrt"):
                self.take("(")
                a = self.expr()
                self.take(")")
                return Call(name, a)
            return EulerE() if name == "e" else Name(name)
        raise self.error_here("expected a number, '(', '[', '√', exp(…) or sqrt(…)")


def parse_expression(text: str):
    """Parse one expression (no relation signs)."""
    p = _Parser(normalize(text))
    if not p.toks:
        raise ParseError("empty expression", text)
    a = p.expr()
    if p.peek() is not None:
        raise p.error_here("expected an operator or the end")
    return a


def parse_chain(text: str) -> tuple[list, list[str]]:
    """Parse ``a = b ≈ c``: the expressions and the relation signs between them."""
    p = _Parser(normalize(text))
    if not p.toks:
        raise ParseError("empty line of working", text)
    items, rels = [p.expr()], []
    while p.peek() in ("=", "≈"):
        rels.append(p.take()[0])
        items.append(p.expr())
    if p.peek() is not None:
        raise p.error_here("expected an operator, '=', '≈' or the end")
    if not rels:
        raise ParseError("a line of working needs '=', '≈' or '≒' before its result", text)
    return items, rels


def literal_of(node) -> Num | None:
    """The literal a node is, if it is one (a sign included): ``-0.25`` is one literal."""
    if isinstance(node, Num):
        return node
    if isinstance(node, Neg) and isinstance(node.x, Num):
        n = node.x
        return Num("-" + n.text, -n.value, n.decimals)
    return None


def evaluate(node, symbols: bool = False):
    """Exact value of an AST: an ``exact.Expr``, or a tuple of them for a vector."""
    if isinstance(node, Num):
        return X.const(node.value)
    if isinstance(node, EulerE):
        return X.exp(X.ONE)
    if isinstance(node, Name):
        if symbols and node.name not in RESERVED:
            return X.Sym(node.name)
        raise ParseError(f"unknown name {node.name!r}", node.name)
    if isinstance(node, Neg):
        return _map(evaluate(node.x, symbols), X.neg)
    if isinstance(node, Vec):
        items = tuple(evaluate(i, symbols) for i in node.items)
        if any(isinstance(i, tuple) for i in items):
            raise ParseError("a vector inside a vector", "[…]")
        return items
    if isinstance(node, Call):
        arg = evaluate(node.arg, symbols)
        if isinstance(arg, tuple):
            raise ParseError(f"{node.fn} of a vector", node.fn)
        if node.fn == "sqrt":
            r = X.rational_of(arg)
            if r is not None and r < 0:
                raise ParseError("square root of a negative number", str(r))
            return X.sqrt(arg)
        return X.exp(arg)
    a, b = evaluate(node.a, symbols), evaluate(node.b, symbols)
    return _binary(node.op, a, b, node)


def _map(v, f):
    return tuple(f(x) for x in v) if isinstance(v, tuple) else f(v)


def _binary(op: str, a, b, node):
    va, vb = isinstance(a, tuple), isinstance(b, tuple)
    if op in "+-":
        if va != vb or (va and len(a) != len(b)):
            raise ParseError("adding a vector and a number, or vectors of different lengths", op)
        f = X.add if op == "+" else X.sub
        return tuple(f(x, y) for x, y in zip(a, b)) if va else f(a, b)
    if op == "*":
        if va and vb:
            raise ParseError("a vector times a vector (write the dot product out)", op)
        if va or vb:
            vec, s = (a, b) if va else (b, a)
            return tuple(X.mul(s, x) for x in vec)
        return X.mul(a, b)
    if vb:
        raise ParseError(f"'{op}' by a vector", op)
    if op == "/":
        if X.rational_of(b) == 0:
            raise ParseError("division by zero", "/")
        return _map(a, lambda x: X.div(x, b))
    # op == "^"
    if va:
        raise ParseError("a vector to a power", op)
    if isinstance(node.a, EulerE):
        return X.exp(b)
    k = X.rational_of(b)
    if k is not None and k.denominator == 1 and abs(k) <= 64:
        if k < 0 and X.rational_of(a) == 0:
            raise ParseError("division by zero", "^")
        return X.power(a, int(k))
    if k == Fraction(1, 2):
        return X.sqrt(a)
    raise ParseError("only integer powers, ^(1/2) and e^(…) are supported", "^")
