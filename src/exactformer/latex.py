"""LaTeX for exact values and quantity names, with every user string escaped.

``LatexPrinter`` prints the exact DAG the way SymPy's printers are built: one
``_print_<Node>`` method per node class. It never sees user text except through
``tex_escape``: token names reach TeX only inside ``\\text{…}`` with the ten
special characters and control characters escaped, so a token named
``\\input{/etc/hostname}`` prints as itself.
"""

from __future__ import annotations

import unicodedata
from fractions import Fraction

from . import exact as X
from .address import Address

_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
            "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}",
            "-": "-{}", "<": r"\textless{}", ">": r"\textgreater{}", "`": r"\textasciigrave{}",
            "'": r"\textquotesingle{}", '"': r"\textquotedbl{}", "|": r"\textbar{}"}


def tex_escape(s: str) -> str:
    """User text as TeX text: specials escaped, control and format characters shown as \\xNN."""
    out = []
    for ch in s:
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            code = ord(ch)
            out.append(r"\textbackslash{}" + (f"x{code:02x}" if code < 0x100 else f"u{code:04x}"))
        else:
            out.append(ch)
    return "".join(out)


def tok(label: str) -> str:
    return r"\text{" + tex_escape(label) + "}"


class LatexPrinter:
    """Exact values as LaTeX. ``symbols`` maps a symbol's name to its LaTeX (for --symbolic)."""

    def __init__(self, symbols: dict[str, str] | None = None, refs=None) -> None:
        self.symbols = symbols or {}
        self.refs = refs  # label -> LaTeX for a Ref (a quantity of an earlier layer)

    def doprint(self, e: X.Expr) -> str:
        return self._print(e)[0]

    def _print(self, e: X.Expr) -> tuple[str, int]:
        """(LaTeX, precedence): 1 sum, 2 product, 3 atom."""
        return getattr(self, "_print_" + type(e).__name__)(e)

    def _print_Const(self, e: X.Const) -> tuple[str, int]:
        s = e.value
        a, b = s.q.numerator, s.q.denominator
        sign, a = ("-" if a < 0 else ""), abs(a)
        root = rf"\sqrt{{{s.n}}}" if s.n != 1 and a else ""
        num = (str(a) if a != 1 or not root else "") + root
        body = num if b == 1 else rf"\frac{{{num}}}{{{b}}}"
        return sign + body, (1 if sign else 3 if b == 1 and not root else 2)

    def _print_Sym(self, e: X.Sym) -> tuple[str, int]:
        if e.name in self.symbols:
            return self.symbols[e.name], 3
        base, _, sub = e.name.partition("_")  # an identifier: [A-Za-z_][A-Za-z0-9_]*
        base = base if len(base) == 1 else rf"\mathit{{{base}}}"
        return (f"{base}_{{{sub.replace('_', ',')}}}" if sub else base), 3

    def _print_Ref(self, e: X.Ref) -> tuple[str, int]:
        return (self.refs(e.label) if self.refs else tok(e.label)), 3

    def _print_Add(self, e: X.Add) -> tuple[str, int]:
        out = ""
        for k, t in enumerate(e.terms):
            s, _ = self._print(t)
            out += (" - " + s[1:]) if k and s.startswith("-") else ((" + " if k else "") + s)
        return out, 1

    def _print_Mul(self, e: X.Mul) -> tuple[str, int]:
        fs, sign = list(e.factors), ""
        if isinstance(fs[0], X.Const) and fs[0].value == X.Surd(Fraction(-1)):
            sign, fs = "-", fs[1:]
        parts = []
        for k, f in enumerate(fs):
            s, p = self._print(f)
            parts.append(s if p == 3 or (k == 0 and p == 2 and isinstance(f, X.Const)) else rf"\left({s}\right)")
        return sign + r" \, ".join(parts), (1 if sign else 2)

    def _print_Div(self, e: X.Div) -> tuple[str, int]:
        return rf"\frac{{{self._print(e.num)[0]}}}{{{self._print(e.den)[0]}}}", 2

    def _print_Exp(self, e: X.Exp) -> tuple[str, int]:
        return f"e^{{{self._print(e.arg)[0]}}}", 3

    def _print_Sqrt(self, e: X.Sqrt) -> tuple[str, int]:
        return rf"\sqrt{{{self._print(e.arg)[0]}}}", 3


def quantity_tex(a: Address, labels: tuple[str, ...]) -> str:
    """The paper's name of a quantity: q_{鬼,1}, s_{鬼,金棒}, \\tilde s, a_{ij}, c_{i,m}; ^{(l)} after layer 1."""
    ix = a.idx
    L = "" if a.layer == 1 else f"^{{({a.layer})}}"
    sup = "" if a.layer == 1 else f"({a.layer})"  # W^{Q(2)}: the layer beside Q, not a second superscript
    if not ix and a.step != "sqrt_dk":  # a whole step: the matrix's letter
        if a.step in ("Wq", "Wk", "Wv"):
            return f"W^{{{a.step[1].upper()}{sup}}}"
        return {"X": "X", "Q": "Q", "K": "K", "V": "V", "scores": "S", "scaled": r"\tilde{S}", "exp": "E",
                "expsum": r"\Sigma", "weights": "A", "weighted_v": "AV", "context": "C"}[a.step] + L
    t = lambda k: tok(labels[ix[k]])  # noqa: E731
    n = lambda k: str(ix[k] + 1)  # noqa: E731
    if a.step == "X":
        return f"x_{{{t(0)},{n(1)}}}" if len(ix) == 2 else f"x_{{{t(0)}}}"
    if a.step in ("Wq", "Wk", "Wv"):
        head = f"W^{{{a.step[1].upper()}{sup}}}"
        return f"{head}_{{{n(0)},{n(1)}}}" if len(ix) == 2 else head
    if a.step in ("Q", "K", "V"):
        base = a.step.lower() + L
        return f"{base}_{{{t(0)},{n(1)}}}" if len(ix) == 2 else f"{base}_{{{t(0)}}}"
    if a.step == "sqrt_dk":
        return r"\sqrt{d_k}" + L
    base = {"scores": "s", "scaled": r"\tilde{s}", "exp": r"\varepsilon", "expsum": r"\Sigma",
            "weights": r"\alpha", "weighted_v": r"(\alpha v)", "context": "c"}[a.step] + L
    if a.step == "expsum":
        return f"{base}_{{{t(0)}}}"
    if a.step == "context":
        return f"{base}_{{{t(0)},{n(1)}}}" if len(ix) == 2 else f"{base}_{{{t(0)}}}"
    sub = ",".join([t(0), t(1)][: len(ix)])
    if a.step == "weighted_v" and len(ix) == 3:
        sub += f";{n(2)}"
    return f"{base}_{{{sub}}}"


def formula_tex(kind: str, parts: list[str], times: str = r"\,") -> str:
    """A formula's inputs joined by its kind, in LaTeX (the same shapes as ``forms.formula_line``).

    ``times`` is a thin space between names (q k) and ``\\cdot`` between numbers (0.2 · 0.22).
    """
    if kind == "dot":
        return " + ".join(f"{a} {times} {b}" for a, b in zip(parts[::2], parts[1::2]))
    if kind == "div":
        return rf"\frac{{{parts[0]}}}{{{parts[1]}}}"
    if kind == "exp":
        return rf"\exp\left({parts[0]}\right)"
    if kind == "sum":
        return " + ".join(parts)
    if kind == "mul":
        return rf"{parts[0]} {times} {parts[1]}"
    return "0"


def decimal_tex(text: str) -> str:
    """An engine decimal: ``0.0622539…`` as ``0.0622539\\ldots``."""
    return text.replace("…", r"\ldots")
