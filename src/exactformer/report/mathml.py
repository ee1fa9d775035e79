"""The pieces of MathML the exact printer writes (``LatexPrinter(markup=MathMLMarkup)``).

The printer that writes a formula's LaTeX writes its MathML: only these pieces differ. User text (a
token's name) reaches MathML only through ``text``, escaped for HTML; every other piece is made here from
digits and fixed names. Browsers render MathML Core natively (Chromium since 109, Firefox, Safari).
"""

from __future__ import annotations

import re

from .escape import html_text

_TAG = re.compile(r"<(/?)[a-z]+[^>]*?(/?)>")


def row(x: str) -> str:
    """``x`` as one MathML element: itself when it is one already, else wrapped in ``<mrow>`` (msub, msup
    and mfrac take exactly two elements; a needless mrow only makes the page bigger)."""
    while x.startswith("<mrow>") and x.endswith("</mrow>") and _elements(x[6:-7]) == 1:
        x = x[6:-7]
    return x if _elements(x) == 1 else f"<mrow>{x}</mrow>"


def _elements(x: str) -> int:
    """How many top-level elements ``x`` is (text outside any element counts as many)."""
    if not (x.startswith("<") and x.endswith(">")):
        return 2
    depth = tops = 0
    for m in _TAG.finditer(x):
        if m.group(2):  # <mspace/>
            tops += depth == 0
        elif m.group(1):
            depth -= 1
            if depth < 0:  # "<mrow>a</mrow><mrow>b</mrow>" cut inside: not one element
                return 2
        else:
            tops += depth == 0
            depth += 1
    return tops


class MathMLMarkup:
    minus = "<mo>\u2212</mo>"

    @staticmethod
    def num(text: str) -> str:
        return f"<mn>{html_text(text)}</mn>"

    @staticmethod
    def ident(name: str) -> str:
        return "<mi>\u03c0</mi>" if name == "pi" else f"<mi>{html_text(name)}</mi>"

    @staticmethod
    def text(label: str) -> str:
        return f"<mtext>{html_text(label)}</mtext>"

    @staticmethod
    def binop(op: str) -> str:
        return "<mo>\u2212</mo>" if op == "-" else "<mo>+</mo>"

    @staticmethod
    def times(dot: bool) -> str:
        return "<mo>\u00b7</mo>" if dot else "<mo>\u2062</mo>"  # a centred dot, or invisible times

    @staticmethod
    def paren(s: str, linear: bool) -> str:
        return f"<mrow><mo>(</mo>{s}<mo>)</mo></mrow>"

    @staticmethod
    def frac(num: str, den: str) -> str:
        return f"<mfrac>{row(num)}{row(den)}</mfrac>"

    @staticmethod
    def slash(num: str, den: str) -> str:
        return f"<mrow>{num}<mo>/</mo>{den}</mrow>"

    @staticmethod
    def sqrt(s: str) -> str:
        return f"<msqrt>{s}</msqrt>"

    @staticmethod
    def sup(base: str, exp: str) -> str:
        return f"<msup>{row(base)}{row(exp)}</msup>"

    @staticmethod
    def sub(base: str, sub: str) -> str:
        return f"<msub>{row(base)}{row(sub)}</msub>"

    @staticmethod
    def fn(name: str) -> str:
        return f"<mi>{html_text(name)}</mi>"

    @staticmethod
    def italic(name: str) -> str:
        return f"<mi>{html_text(name)}</mi>"

    @staticmethod
    def seq(parts: list[str], sep: str) -> str:
        return {",": "<mo>,</mo>", ";": "<mo>,</mo>", ">": "<mo>&gt;</mo>"}[sep].join(parts)

    @staticmethod
    def bracket(s: str) -> str:
        return f"<mrow><mo>[</mo>{s}<mo>]</mo></mrow>"


def math(body: str, display: bool = False) -> str:
    return ('<math display="block">' if display else "<math>") + body + "</math>"


def decimal_mathml(text: str) -> str:
    """An engine decimal (``0.0622539…``, ``1.2…e-45``) as MathML."""
    mant, e, ex = text.partition("e")
    body = f"<mn>{html_text(mant)}</mn>"
    if e:
        body += f"<mo>\u00d7</mo><msup><mn>10</mn><mn>{html_text(ex)}</mn></msup>"
    return body
