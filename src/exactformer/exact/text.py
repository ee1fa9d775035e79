"""Exact values (and formulas, whose inputs are ``Ref`` nodes) as one line of plain text.

The notation is the one the case grammar reads back: ``63√2/2500``,
``e^(11√2/250)/(e^(63√2/2500) + …)``, ``ln(…)``, ``(x - μ)²``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from . import expr as X

# precedence: 1 sum, 2 product/quotient, 3 atom
_ATOM, _PROD, _SUM = 3, 2, 1
_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def _const(s: X.Surd) -> tuple[str, int]:
    t = s.text()
    if t.startswith("-"):
        return t, _SUM
    return t, (_PROD if ("/" in t or "√" in t[1:]) else _ATOM)


def text(e: X.Expr, *, limit: int | None = None, ref: Callable[[X.Ref], str] | None = None,
         memo: dict | None = None) -> str:
    """One line of text; ``limit`` truncates every piece (for bounded reprs); ``ref`` names a Ref. ``memo`` may
    be shared by calls with the same ``limit`` and ``ref``: a subexpression is then written once."""
    def cut(s: str) -> str:
        return s if limit is None or len(s) <= limit else s[: limit - 1] + "…"

    def node(n: X.Expr, cs: tuple) -> tuple[str, int]:
        s, p = _text(n, cs, ref)
        return cut(s), p

    return X.fold(e, node, memo)[0]


def _wrap(sp: tuple[str, int], at_least: int) -> str:
    s, p = sp
    return s if p >= at_least else f"({s})"


def _text(e: X.Expr, cs: tuple, ref) -> tuple[str, int]:
    """(text, precedence) of a node from its children's."""
    if isinstance(e, X.Const):
        return _const(e.value)
    if isinstance(e, X.Sym):
        return e.name, _ATOM
    if isinstance(e, X.Ref):
        return (ref(e) if ref else e.label), _ATOM
    if isinstance(e, X.Pi):
        return "π", _ATOM
    if isinstance(e, X.Apply):
        return e.fn.text.format(cs[0][0]), _ATOM
    if isinstance(e, X.Pow):
        q = e.exponent
        return f"{_wrap(cs[0], _ATOM)}^({q.numerator}/{q.denominator})", _ATOM
    if isinstance(e, X.Max):
        return "max(" + ", ".join(c[0] for c in cs) + ")", _ATOM
    if isinstance(e, X.Add):
        out = ""
        for k, (s, _) in enumerate(cs):
            out += (" - " + s[1:]) if k and s.startswith("-") else ((" + " if k else "") + s)
        return out, _SUM
    if isinstance(e, X.Mul):
        return _product(e, cs)
    if isinstance(e, X.Div):
        n, d = cs
        return f"{_wrap(n, _PROD)}/{_wrap(d, _ATOM)}", _PROD
    raise AssertionError(type(e))


def _product(e: X.Mul, cs: tuple) -> tuple[str, int]:
    """c·a·b, with a repeated factor as a power ((x - μ)²) and a coefficient 1/n as a division."""
    fs = list(zip(e.factors, cs))
    sign, den = "", 1
    if isinstance(fs[0][0], X.Const) and fs[0][0].value.n == 1:
        q: Fraction = fs[0][0].value.q
        if q == -1:
            sign, fs = "-", fs[1:]
        elif abs(q.numerator) == 1 and q.denominator > 1:
            sign, den, fs = ("-" if q < 0 else ""), q.denominator, fs[1:]
        elif q < 0:  # -3/5·x, not (-3/5)·x
            sign = "-"
            fs = [(X.const(-q), _const(X.Surd(-q)))] + fs[1:]
    parts: list[str] = []
    k = 0
    while k < len(fs):
        f, sp = fs[k]
        run = 1
        while k + run < len(fs) and fs[k + run][0] is f:
            run += 1
        s = sp[0] if sp[1] == _ATOM or (sp[1] == _PROD and not parts and isinstance(f, X.Const)) else f"({sp[0]})"
        if run > 1:
            s = (sp[0] if sp[1] == _ATOM and not sp[0].startswith("-") else f"({sp[0]})") + \
                str(run).translate(_SUPERSCRIPT)
        parts.append(s)
        k += run
    body = "·".join(parts)
    if den != 1:
        body += f"/{den}"
    return sign + body, (_SUM if sign else _PROD)
