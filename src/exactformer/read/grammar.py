"""The project's own grammar for numbers and lines of working. Never ``eval``.

    chain  := expr (REL expr)*            REL: = ≈ ≒
    expr   := term (("+" | "-") term)*
    term   := unary (("×" | "*" | "·" | "/" | "÷") unary | implicit)*
    unary  := ("-" | "+") unary | power
    power  := atom ("^" unary)?
    atom   := NUMBER | "(" expr ")" | "{" expr "}" | "[" expr ("," expr)* "]"
            | FUNC "(" expr ("," expr)* ")" | "√" atom | "e" | "π" | NAME

FUNC is one of exp sqrt ln log log2 log10 max abs relu erf tanh sigmoid σ sin cos.
Implicit multiplication covers ``2√3`` and ``2(…)``; braces group like parentheses
(``e^{0.5}``); ``²`` and ``³`` are powers; ``\\*`` (escaped Markdown) multiplies.
Text is NFKC-normalised, so full-width digits, spaces and brackets read as ASCII;
Japanese punctuation around a line is dropped.

Bounds keep hostile input cheap: nesting deeper than ``MAX_DEPTH``, a line longer
than ``MAX_CHARS``, an exponent past ``MAX_EXPONENT`` or a number past
``MAX_DIGITS`` digits is refused with a ParseError, never a crash.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from ..errors import ParseError
from ..exact.functions import BY_GRAMMAR, Domain

MAX_EXPONENT = 10_000  # |e| in 1e±k (e^800 ≈ 2.7e347 is a legitimate exponential)
MAX_DIGITS = 10_000
MAX_DEPTH = 100  # nesting of parentheses, signs, roots and powers
MAX_CHARS = 20_000

_NUMBER = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d+))?")
_NAME = re.compile(r"[A-Za-z_σπ][A-Za-z0-9_]*")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
LOGS = ("ln", "log", "log2", "log10")  # ln is the table's; the others are ln over the log of their base
FUNCS = frozenset(BY_GRAMMAR) | frozenset(LOGS) | {"max", "abs", "sigmoid", "σ"}  # the table's functions, and these
NOT_NUMBERS = frozenset({"nan", "inf", "infinity"})  # case-insensitive: refused, never symbols
RESERVED = FUNCS | {"e", "π", "pi"}
_OPS = {"+": "+", "-": "-", "−": "-", "×": "*", "*": "*", "·": "*", "⋅": "*", "/": "/", "÷": "/", "⁄": "/",
        "^": "^", "(": "(", ")": ")", "{": "(", "}": ")", "[": "[", "]": "]", ",": ",", "√": "√",
        "=": "=", "≈": "≈", "≒": "≈", "\\": "\\"}
_AROUND = " \t\r\n\u3000。、，．：:；;！!？?"
_SUPERSCRIPTS = {"²": "^2", "³": "^3", "⁴": "^4"}


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
class PiConst:
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
    fn: str  # one of FUNCS
    args: tuple

    @property
    def arg(self):
        return self.args[0]


@dataclass(frozen=True, slots=True)
class Vec:
    items: tuple


def nodes(node):
    """Every node of a parsed expression, the node itself first (the one walk over its children)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, Bin):
            stack += [n.a, n.b]
        elif isinstance(n, Neg):
            stack.append(n.x)
        elif isinstance(n, Call):
            stack += list(n.args)
        elif isinstance(n, Vec):
            stack += list(n.items)


def clip(text: str, n: int = 80) -> str:
    """User text shortened for a message (a 1 MB number is not echoed whole)."""
    return text if len(text) <= n else text[: n - 1] + "…"


def normalize(text: str) -> str:
    """Superscript powers, NFKC, the minus sign as ``-``, and surrounding punctuation dropped."""
    for sup, rep in _SUPERSCRIPTS.items():
        text = text.replace(sup, rep)
    t = unicodedata.normalize("NFKC", text).replace("\u2212", "-")
    t = t.strip(_AROUND)
    return t[:-1] if t.endswith(".") and not t.endswith("..") else t


def tokenize(text: str) -> list[tuple[str, object, int]]:
    """Tokens as (kind, value, position): kinds NUM, NAME, and the operators themselves."""
    if len(text) > MAX_CHARS:
        raise ParseError(f"longer than {MAX_CHARS} characters", clip(text))
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
        if ch == "\\" and text[k + 1: k + 2] == "*":  # Markdown's escaped asterisk
            out.append(("*", "\\*", k))
            k += 2
            continue
        if ch in _OPS and ch != "\\":
            out.append((_OPS[ch], ch, k))
            k += 1
            continue
        raise ParseError(f"unexpected character {ch!r}", clip(text), k)
    return out


def _literal(m: re.Match, text: str) -> Num:
    mant, ex_text = m.group(1), m.group(2) or "0"
    if len(ex_text.lstrip("+-0")) > 6 or abs(int(ex_text)) > MAX_EXPONENT:
        raise ParseError(f"exponent {clip(ex_text.lstrip('+'), 20)} is out of range (at most ±{MAX_EXPONENT})", clip(text),
                         m.start())
    if len(mant) > MAX_DIGITS:
        raise ParseError(f"more than {MAX_DIGITS} digits", clip(text), m.start())
    ex = int(ex_text)
    whole, _, frac = mant.partition(".")
    n, e = int(whole + frac or "0"), ex - len(frac)
    value = Fraction(n * 10 ** e) if e >= 0 else Fraction(n, 10 ** -e)  # one normalisation, not three
    return Num(clip(m.group(), 200) if len(m.group()) > 200 else m.group(), value, len(frac) - ex)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.k = 0
        self.depth = 0

    def peek(self) -> str | None:
        return self.toks[self.k][0] if self.k < len(self.toks) else None

    def take(self, kind: str | None = None):
        if self.k >= len(self.toks):
            raise ParseError("unexpected end" + (f" (expected {kind!r})" if kind else ""), clip(self.text))
        tok = self.toks[self.k]
        if kind is not None and tok[0] != kind:
            raise ParseError(f"expected {kind!r}, found {tok[1]!r}", clip(self.text), tok[2])
        self.k += 1
        return tok

    def error_here(self, what: str) -> ParseError:
        if self.k < len(self.toks):
            return ParseError(f"{what}, found {clip(str(self.toks[self.k][1]), 20)!r}", clip(self.text),
                              self.toks[self.k][2])
        return ParseError(f"{what}, found the end", clip(self.text))

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseError(f"nested more than {MAX_DEPTH} levels deep", clip(self.text))

    def expr(self):
        self.deeper()
        a = self.term()
        while self.peek() in ("+", "-"):
            a = Bin(self.take()[0], a, self.term())
        self.depth -= 1
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
        signs = []
        while self.peek() in ("-", "+"):  # a run of signs, iteratively (100k minus signs cost nothing)
            signs.append(self.take()[0])
            if len(signs) > MAX_DEPTH:
                raise ParseError(f"more than {MAX_DEPTH} signs in a row", clip(self.text))
        x = self.power()
        for op in reversed(signs):
            x = Neg(x) if op == "-" else x
        return x

    def power(self):
        a = self.atom()
        if self.peek() == "^":
            self.take()
            self.deeper()
            b = self.unary()
            self.depth -= 1
            return Bin("^", a, b)
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
            self.deeper()
            a = self.atom()
            self.depth -= 1
            return Call("sqrt", (a,))
        if p == "NAME":
            name = self.take()[1]
            if name in FUNCS and self.peek() == "(":
                self.take("(")
                args = [self.expr()]
                while self.peek() == ",":
                    self.take()
                    args.append(self.expr())
                self.take(")")
                return Call("sigmoid" if name == "σ" else name, tuple(args))
            if name == "e":
                return EulerE()
            if name in ("π", "pi"):
                return PiConst()
            return Name(name)
        raise self.error_here("expected a number, '(', '[', '√' or a function such as exp(…)")


def parse_expression(text: str):
    """Parse one expression (no relation signs)."""
    p = _Parser(normalize(text))
    if not p.toks:
        raise ParseError("empty expression", clip(text))
    a = p.expr()
    if p.peek() is not None:
        raise p.error_here("expected an operator or the end")
    return a


def parse_chain(text: str) -> tuple[list, list[str]]:
    """Parse ``a = b ≈ c``: the expressions and the relation signs between them."""
    p = _Parser(normalize(text))
    if not p.toks:
        raise ParseError("empty line of working", clip(text))
    items, rels = [p.expr()], []
    while p.peek() in ("=", "≈"):
        rels.append(p.take()[0])
        items.append(p.expr())
    if p.peek() is not None:
        raise p.error_here("expected an operator, '=', '≈' or the end")
    if not rels:
        raise ParseError("a line of working needs '=', '≈' or '≒' before its result", clip(text))
    return items, rels


def numbers_in(node) -> list[Num]:
    """The numbers written in a parsed expression, each occurrence once, in order."""
    return [n for n in nodes(node) if isinstance(n, Num)]


def literal_of(node) -> Num | None:
    """The literal a node is, if it is one (a sign included): ``-0.25`` is one literal."""
    if isinstance(node, Num):
        return node
    if isinstance(node, Neg) and isinstance(node.x, Num):
        n = node.x
        return Num("-" + n.text, -n.value, n.decimals)
    return None


MAX_POWER = 64


def evaluate(node, M, *, log_base=None, symbols: bool = False, literal=None):
    """The value of an AST in backend M (``numeric.backends``): an exact Expr, a ball or an interval,
    or a tuple of them for a vector.

    ``log_base``: the case's ``log`` (an exact constant; None: natural); ``symbols``: a plain name
    is a symbol (givens); ``literal``: how a literal becomes a value (default: exactly as written).
    """
    from ..exact import expr as X

    lit = literal or (lambda n: M.const(n.value))

    def ev(n):
        if isinstance(n, Num):
            return lit(n)
        if isinstance(n, EulerE):
            return M.exp(M.one)
        if isinstance(n, PiConst):
            return M.pi()
        if isinstance(n, Name):
            if symbols and n.name not in RESERVED and n.name.lower() not in NOT_NUMBERS:
                return X.Sym(n.name)
            raise ParseError(f"unknown name {n.name!r}", clip(n.name))
        if isinstance(n, Neg):
            return _map(ev(n.x), M.neg)
        if isinstance(n, Vec):
            items = tuple(ev(i) for i in n.items)
            if any(isinstance(i, tuple) for i in items):
                raise ParseError("a vector inside a vector", "[…]")
            return items
        if isinstance(n, Call):
            args = [ev(a) for a in n.args]
            if len(args) == 1 and isinstance(args[0], tuple) and n.fn != "max":  # exp([0.71, 0]): each component
                return tuple(_call(n.fn, [a], M, log_base) for a in args[0])
            if any(isinstance(a, tuple) for a in args):
                raise ParseError(f"{n.fn} of a vector", n.fn)
            return _call(n.fn, args, M, log_base)
        return _binary(n.op, ev(n.a), ev(n.b), n, M)

    return ev(node)


def _call(fn: str, args: list, M, log_base):
    if fn == "max":
        return M.max(args)
    if len(args) != 1:
        raise ParseError(f"{fn} takes one argument", fn)
    a = args[0]
    if fn == "abs":  # |x| = max(x, −x): a derivative worked with absolute-value bars, |0.01 − 0.7514| = 0.7414
        return M.max([a, M.neg(a)])
    if fn in LOGS:
        _positive(M, a)
        base = {"log2": 2, "log10": 10}.get(fn)
        if fn == "log" and log_base is not None:
            return M.div(M.log(a), M.log(M.value(log_base)))
        return M.log(a) if base is None else M.div(M.log(a), M.log(M.const(base)))
    f = BY_GRAMMAR.get(fn)
    if f is not None:
        if f.domain is Domain.NONNEGATIVE:
            _nonnegative(M, a, f"{f.words} of a negative number")
        return getattr(M, f.method)(a)
    return M.div(M.one, M.add(M.one, M.exp(M.neg(a))))  # sigmoid


def _nonnegative(M, a, what: str) -> None:
    from ..exact import expr as X

    if isinstance(a, X.Expr):
        r = X.rational_of(a)
        if r is not None and r < 0:
            raise ParseError(what, str(r))


def _positive(M, a) -> None:
    from ..exact import expr as X

    if isinstance(a, X.Expr):
        r = X.rational_of(a)
        if r is not None and r <= 0:
            raise ParseError("logarithm of a number that is not positive", str(r))


def _map(v, f):
    return tuple(f(x) for x in v) if isinstance(v, tuple) else f(v)


def _binary(op: str, a, b, node, M):
    from ..exact import expr as X

    va, vb = isinstance(a, tuple), isinstance(b, tuple)
    if op in "+-":
        if va != vb or (va and len(a) != len(b)):
            raise ParseError("adding a vector and a number, or vectors of different lengths", op)
        f = M.add if op == "+" else M.sub
        return tuple(f(x, y) for x, y in zip(a, b)) if va else f(a, b)
    if op == "*":
        if va and vb:
            raise ParseError("a vector times a vector (write the dot product out)", op)
        if va or vb:
            vec, s = (a, b) if va else (b, a)
            return tuple(M.mul(s, x) for x in vec)
        return M.mul(a, b)
    if vb:
        raise ParseError(f"'{op}' by a vector", op)
    if op == "/":
        if isinstance(b, X.Expr) and X.rational_of(b) == 0:
            raise ParseError("division by zero", "/")
        return _map(a, lambda x: M.div(x, b))
    # op == "^"
    if va:
        raise ParseError("a vector to a power", op)
    if isinstance(node.a, EulerE):
        return M.exp(b)
    k = _exponent(node.b)
    if k is not None and k.denominator == 1 and abs(k) <= MAX_POWER:
        if k < 0 and isinstance(a, X.Expr) and X.rational_of(a) == 0:
            raise ParseError("division by zero", "^")
        out = M.one
        for _ in range(abs(int(k))):
            out = M.mul(out, a)
        return out if k > 0 else M.div(M.one, out)
    if k == Fraction(1, 2):
        return M.sqrt(a)
    if k is not None and abs(k.numerator) <= MAX_POWER and k.denominator <= MAX_POWER:
        _positive(M, a)  # 10000^0.4, 10000^(2/5): a positive base to a rational power, e^(k·ln a)
        return M.exp(M.mul(M.const(k), M.log(a)))
    raise ParseError("only powers with a small rational exponent (of a positive base) and e^(…) are supported", op)


def _exponent(node) -> Fraction | None:
    """A power's exponent, read from the text (so a huge one is refused before anything is computed)."""
    lit = literal_of(node)
    if lit is not None:
        return lit.value
    if isinstance(node, Bin) and node.op == "/":
        a, b = literal_of(node.a), literal_of(node.b)
        if a is not None and b is not None and b.value != 0:
            return a.value / b.value
    return None
