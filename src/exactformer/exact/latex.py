"""LaTeX for exact values and formulas, with every user string escaped.

``LatexPrinter`` prints the exact DAG the way SymPy's printers are built: one
``_print_<Node>`` method per node class. It never sees user text except through
``tex_escape``: token names reach TeX only inside ``\\text{…}`` with the TeX
specials, brackets and control characters escaped, so a token named
``\\input{/etc/hostname}`` prints as itself and ``[CLS]`` cannot be read as an
optional argument.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from fractions import Fraction

from . import expr as X

_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
            "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}",
            "-": r"\mbox{-}", "<": r"\textless{}", ">": r"\textgreater{}", "`": r"\textasciigrave{}",
            "'": r"\textquotesingle{}", '"': r"\textquotedbl{}", "|": r"\textbar{}",
            "[": "{[}", "]": "{]}", "…": r"\ldots{}"}
LABEL_CHARS = 24  # a longer token name is shortened inside formulas (the givens list it whole)


def tex_escape(s: str, *, breakable: bool = False) -> str:
    """User text as TeX text: specials escaped, control and format characters shown as \\xNN.

    ``breakable`` lets a long word break anywhere (a 1,000-character token in a list).
    """
    out = []
    for k, ch in enumerate(s):
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            code = ord(ch)
            out.append(r"\textbackslash{}" + (f"x{code:02x}" if code < 0x100 else f"u{code:04x}"))
        else:
            out.append(ch)
        if breakable and k % 8 == 7:
            out.append(r"\allowbreak{}")
    return "".join(out)


def tex_number(text: str) -> str:
    """A number as written (validated by the grammar) inside mathematics: a minus stays a minus sign."""
    return "-".join(tex_escape(part) for part in text.split("-")).replace("√", r"\surd ")


def short(label: str, limit: int = LABEL_CHARS) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def tok(label: str) -> str:
    """A token label inside mathematics."""
    return r"\text{" + tex_escape(short(label)) + "}"


class TexMarkup:
    """How the printer writes each piece in LaTeX (``MathMLMarkup`` writes the same pieces as MathML)."""

    minus = "-"  # a leading minus: the printer strips and re-adds it, so it must be recognisable

    @staticmethod
    def num(text: str) -> str:
        return text

    @staticmethod
    def ident(name: str) -> str:
        return {"pi": r"\pi"}.get(name, name)

    @staticmethod
    def text(label: str) -> str:
        return tok(label)

    @staticmethod
    def binop(op: str) -> str:
        return f" {op} "

    @staticmethod
    def times(dot: bool) -> str:
        return r" \cdot " if dot else r" \, "

    @staticmethod
    def paren(s: str, linear: bool) -> str:
        return rf"\bigl({s}\bigr)" if linear else rf"\left({s}\right)"

    @staticmethod
    def frac(num: str, den: str) -> str:
        return rf"\frac{{{num}}}{{{den}}}"

    @staticmethod
    def slash(num: str, den: str) -> str:
        return f"{num}/{den}"

    @staticmethod
    def sqrt(s: str) -> str:
        return rf"\sqrt{{{s}}}"

    @staticmethod
    def sup(base: str, exp: str) -> str:
        """``base^{exp}``; a base that has a superscript of its own (Σ^{out}_{t}) is braced first: TeX refuses
        a double superscript."""
        depth = 0
        for ch in base:
            depth += (ch == "{") - (ch == "}")
            if ch == "^" and depth == 0:
                return f"{{{base}}}^{{{exp}}}"
        return f"{base}^{{{exp}}}"

    @staticmethod
    def sub(base: str, sub: str) -> str:
        return f"{base}_{{{sub}}}"

    @staticmethod
    def fn(name: str) -> str:
        return {"ln": r"\ln", "erf": r"\operatorname{erf}", "tanh": r"\tanh", "sin": r"\sin", "cos": r"\cos",
                "max": r"\max"}[name]

    @staticmethod
    def italic(name: str) -> str:
        return name if len(name) == 1 else rf"\mathit{{{name}}}"

    @staticmethod
    def seq(parts: list[str], sep: str) -> str:
        return {",": ", ", ";": ",", ">": " > "}[sep].join(parts)

    @staticmethod
    def bracket(s: str) -> str:
        return f"[{s}]"


class LatexPrinter:
    """Exact values as LaTeX (or, with ``markup=MathMLMarkup``, as MathML: one printer, two notations).
    ``symbols`` maps a symbol's name to its markup (for --symbolic); ``refs`` typesets a Ref (a named
    quantity in a formula or a cut closed form); ``dot`` writes products of numbers with a centred dot."""

    def __init__(self, symbols: dict[str, str] | None = None, refs: Callable[[X.Ref], str] | None = None, *,
                 linear: bool = False, dot: bool = False, markup=TexMarkup) -> None:
        self.symbols = symbols or {}
        self.refs = refs
        self.m = markup
        self.times = markup.times(dot)  # between names a thin space (q k); between numbers a dot (0.2 · 0.22)
        self.linear = linear  # fractions a/b and small parentheses: a long form can break across lines
        self._inline = 0  # > 0 inside an exponent: fractions are written a/b, not stacked

    def _paren(self, s: str) -> str:
        return self.m.paren(s, self.linear)

    def doprint(self, e: X.Expr) -> str:
        return self._print(e)[0]

    def _print(self, e: X.Expr) -> tuple[str, int]:
        """(markup, precedence): 1 sum, 2 product, 3 atom. A negative value's markup starts with m.minus."""
        return getattr(self, "_print_" + type(e).__name__)(e)

    def _neg(self, s: str) -> bool:
        return s.startswith(self.m.minus)

    def _frac(self, num: str, den: str, num_prec: int = 3, den_prec: int = 3) -> str:
        if self._inline or self.linear:
            n = num if num_prec >= 2 else self._paren(num)
            d = den if den_prec >= 3 else self._paren(den)
            return self.m.slash(n, d)
        return self.m.frac(num, den)

    def _int(self, n: int) -> str:
        """An integer; a huge one as m·10^k (X.int_parts), never written out past X.INT_DIGITS digits."""
        digits, k, exact = X.int_parts(n)
        if k == 0:
            return self.m.num(digits)
        ten = self.m.sup(self.m.num("10"), self.m.num(str(k)))
        return ten if digits == "1" and exact else self.m.num(digits + ("" if exact else "…")) + self.times + ten

    def _print_Const(self, e: X.Const) -> tuple[str, int]:
        s = e.value
        a, b = s.q.numerator, s.q.denominator
        sign, a = (self.m.minus if a < 0 else ""), abs(a)
        root = self.m.sqrt(self.m.num(str(s.n))) if s.n != 1 and a else ""
        num = (self._int(a) if a != 1 or not root else "") + root
        body = num if b == 1 else self._frac(num, self._int(b))
        return sign + body, (1 if sign else 3 if b == 1 and not root else 2)

    def _print_Sym(self, e: X.Sym) -> tuple[str, int]:
        if e.name in self.symbols:
            return self.symbols[e.name], 3
        base, _, sub = e.name.partition("_")  # an identifier: [A-Za-z_][A-Za-z0-9_]*
        base = self.m.italic(base)
        return (self.m.sub(base, self.m.seq([self.m.ident(x) for x in sub.split("_")], ";")) if sub else base), 3

    def _print_Ref(self, e: X.Ref) -> tuple[str, int]:
        return (self.refs(e) if self.refs else self.m.text(e.label)), 3

    def _print_Pi(self, e: X.Pi) -> tuple[str, int]:
        return self.m.ident("pi"), 3

    def _print_Add(self, e: X.Add) -> tuple[str, int]:
        out = ""
        for k, t in enumerate(e.terms):
            s, _ = self._print(t)
            if k and self._neg(s):
                out += self.m.binop("-") + s[len(self.m.minus):]
            else:
                out += (self.m.binop("+") if k else "") + s
        return out, 1

    def _print_Mul(self, e: X.Mul) -> tuple[str, int]:
        fs, sign, den = list(e.factors), "", 1
        if isinstance(fs[0], X.Const) and fs[0].value.n == 1:
            q: Fraction = fs[0].value.q
            if q == -1:
                sign, fs = self.m.minus, fs[1:]
            elif abs(q.numerator) == 1 and q.denominator > 1 and len(fs) > 1:
                sign, den, fs = (self.m.minus if q < 0 else ""), q.denominator, fs[1:]
            elif q < 0:
                sign, fs = self.m.minus, [X.const(-q)] + fs[1:]
        parts = []
        k = 0
        while k < len(fs):
            f, run = fs[k], 1
            while k + run < len(fs) and fs[k + run] is f:
                run += 1
            s, p = self._print(f)
            if run > 1:
                parts.append(self.m.sup(s if p == 3 and not self._neg(s) else self._paren(s), self.m.num(str(run))))
            else:
                parts.append(s if p == 3 or (k == 0 and p == 2 and isinstance(f, X.Const)) else self._paren(s))
            k += run
        body = self.times.join(parts)
        if den != 1:
            return sign + self._frac(body, self._int(den), 2), 2 if not sign else 1
        return sign + body, (1 if sign else 2)

    def _print_Div(self, e: X.Div) -> tuple[str, int]:
        (n, pn), (d, pd) = self._print(e.num), self._print(e.den)
        return self._frac(n, d, pn, pd), 2

    def _exponent(self, e: X.Expr) -> str:
        self._inline += 1
        try:
            return self._print(e)[0]
        finally:
            self._inline -= 1

    def _print_Apply(self, e: X.Apply) -> tuple[str, int]:
        if e.fn is X.Func.EXP:
            return self.m.sup(self.m.ident("e"), self._exponent(e.arg)), 3
        arg = self._print(e.arg)[0]
        if e.fn is X.Func.SQRT:  # in linear mode a power, so a long root can break across lines
            half = self.m.slash(self.m.num("1"), self.m.num("2"))
            return (self.m.sup(self._paren(arg), half) if self.linear else self.m.sqrt(arg)), 3
        if e.fn is X.Func.RELU:
            return self.m.fn("max") + self._paren(self.m.seq([self.m.num("0"), arg], ",")), 3
        if e.fn is X.Func.STEP:
            return self.m.bracket(self.m.seq([arg, self.m.num("0")], ">")), 3
        assert e.fn.tex is not None, e.fn  # every function without a name of its own is laid out above
        return self.m.fn(e.fn.tex) + self._paren(arg), 3

    def _print_Pow(self, e: X.Pow) -> tuple[str, int]:
        s, p = self._print(e.base)
        q = e.exponent
        base = s if p == 3 and not self._neg(s) else self._paren(s)
        sign = self.m.minus if q < 0 else ""
        return self.m.sup(base, sign + self.m.slash(self.m.num(str(abs(q.numerator))), self.m.num(str(q.denominator)))), 3

    def _print_Max(self, e: X.Max) -> tuple[str, int]:
        return self.m.fn("max") + self._paren(self.m.seq([self._print(a)[0] for a in e.args], ",")), 3


def decimal_tex(text: str) -> str:
    """An engine decimal: ``0.0622539…`` as ``0.0622539\\ldots``; ``1.2…e-45`` and a tiny plain decimal
    (more than six leading zeros) in scientific notation, ``1.2\\ldots\\times10^{-45}``; a value whose digits
    could not be certified as its certified bound, ``\\approx 0\\ (|x| < 10^{-2458})``."""
    from ..numeric.ball import decimal_parts

    d = decimal_parts(text).scientific()
    out = ("-" if d.negative else "") + d.digits + (r"\ldots" if d.truncated else "")
    out += rf"\times 10^{{{d.exp10}}}" if d.exp10 else ""
    if d.bound is None:
        return out
    if d.digits == "0":
        return rf"\approx 0\ (|x| < 10^{{{d.bound}}})"
    return rf"\approx {out}\ (\pm 10^{{{d.bound}}})"


_BREAK_MARKS = re.compile(r"[{}]|\\left|\\right|(?= [+-] )")


def break_lines(tex: str, width: int) -> list[str]:
    """Split a long formula at its top-level + and − (outside braces and \\left…\\right), each piece at most
    about ``width`` characters, so an align* line never runs off the page or past TeX's input buffer."""
    if len(tex) <= width:
        return [tex]
    cuts, depth = [], 0
    for m in _BREAK_MARKS.finditer(tex):  # (only the characters that matter, not each one in turn)
        t = m.group()
        if t == "{" or t == r"\left":
            depth += 1
        elif t == "}" or t == r"\right":
            depth -= 1
        elif depth == 0:  # " + " or " - " starts here
            cuts.append(m.start())
    lines, start, last = [], 0, 0
    for c in cuts + [len(tex)]:
        if c - start > width and last > start:
            lines.append(tex[start:last])
            start = last
        last = c
    lines.append(tex[start:])
    return [x.strip() for x in lines if x.strip()]
