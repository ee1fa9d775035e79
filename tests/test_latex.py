"""Golden one-line tests for the LaTeX printer's pieces."""

from __future__ import annotations

from fractions import Fraction

from exactformer import exact as X
from exactformer.address import Address
from exactformer.latex import LatexPrinter, formula_tex, quantity_tex, tex_escape

P = LatexPrinter()
L = ("鬼", "金棒")


def test_escape_specials():
    assert tex_escape(r"\input{/etc/hostname}") == r"\textbackslash{}input\{/etc/hostname\}"
    assert tex_escape("$&#^_%~") == r"\$\&\#\textasciicircum{}\_\%\textasciitilde{}"
    assert tex_escape("a\x1bb\u202ec") == r"a\textbackslash{}x1bb\textbackslash{}u202ec"
    assert tex_escape("--") == "-{}-{}"
    assert tex_escape("鬼に金棒") == "鬼に金棒"


def test_constants():
    assert P.doprint(X.const(Fraction(131, 1000))) == r"\frac{131}{1000}"
    assert P.doprint(X.Const(X.Surd(Fraction(63, 2500), 2))) == r"\frac{63\sqrt{2}}{2500}"
    assert P.doprint(X.const(-3)) == "-3"
    assert P.doprint(X.Const(X.Surd(Fraction(1), 2))) == r"\sqrt{2}"


def test_nodes():
    a = X.Sym("w_11")
    assert P.doprint(a) == "w_{11}"
    assert P.doprint(X.exp(a)) == "e^{w_{11}}"
    assert P.doprint(X.div(X.exp(a), X.add(X.exp(a), X.ONE))) == r"\frac{e^{w_{11}}}{e^{w_{11}} + 1}"
    assert P.doprint(X.mul(X.const(Fraction(43, 100)), X.exp(a))) == r"\frac{43}{100} \, e^{w_{11}}"
    assert P.doprint(X.add(a, X.neg(X.ONE))) == "w_{11} - 1"
    assert LatexPrinter({"g": r"x_{\text{鬼},1}"}).doprint(X.Sym("g")) == r"x_{\text{鬼},1}"


def test_quantity_names():
    assert quantity_tex(Address(1, "scores", (0, 1)), L) == r"s_{\text{鬼},\text{金棒}}"
    assert quantity_tex(Address(2, "context", (1, 0)), L) == r"c^{(2)}_{\text{金棒},1}"
    assert quantity_tex(Address(1, "Wq", (0, 1)), L) == "W^{Q}_{1,2}"
    assert quantity_tex(Address(2, "Wq"), L) == "W^{Q(2)}"
    assert quantity_tex(Address(1, "sqrt_dk"), L) == r"\sqrt{d_k}"
    assert quantity_tex(Address(1, "weighted_v", (0, 1, 1)), L) == r"(\alpha v)_{\text{鬼},\text{金棒};2}"


def test_formulas():
    assert formula_tex("div", ["a", "b"]) == r"\frac{a}{b}"
    assert formula_tex("dot", ["a", "b", "c", "d"], r"\cdot") == r"a \cdot b + c \cdot d"
    assert formula_tex("exp", ["x"]) == r"\exp\left(x\right)"
