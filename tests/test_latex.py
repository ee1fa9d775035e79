"""Golden one-line tests for the LaTeX printer's pieces."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exactformer.derive.names import quantity_tex
from exactformer.exact import expr as X
from exactformer.exact.latex import LatexPrinter, break_lines, decimal_tex, tex_escape, tok
from exactformer.read.case import load

from .conftest import DERIVATIONS, SEED

P = LatexPrinter()


def test_escape_specials():
    assert tex_escape(r"\input{/etc/hostname}") == r"\textbackslash{}input\{/etc/hostname\}"
    assert tex_escape("$&#^_%~") == r"\$\&\#\textasciicircum{}\_\%\textasciitilde{}"
    assert tex_escape("a\x1bb\u202ec") == r"a\textbackslash{}x1bb\textbackslash{}u202ec"
    assert tex_escape("--") == r"\mbox{-}\mbox{-}"  # no -- or --- ligatures into dashes
    assert tex_escape("[CLS]") == "{[}CLS{]}"
    assert tex_escape("鬼に金棒") == "鬼に金棒"


def test_long_labels_are_shortened_in_formulas():
    assert tok("x" * 1000) == r"\text{" + "x" * 23 + r"\ldots{}}"


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


def test_exponents_use_inline_fractions():
    """e^{11√2/250}, not a stacked fraction in a superscript."""
    e = X.exp(X.Const(X.Surd(Fraction(11, 250), 2)))
    assert P.doprint(e) == r"e^{11\sqrt{2}/250}"


def test_linear_mode_and_line_breaking():
    """A long formula prints with inline fractions and breaks at its top-level + and −."""
    terms = [X.div(X.exp(X.Sym(f"a_{k}")), X.Sym("s")) for k in range(12)]
    tex = LatexPrinter(linear=True).doprint(X.Add(tuple(terms)))
    assert r"\frac" not in tex
    lines = break_lines(tex, 60)
    assert len(lines) > 2 and all(len(x) < 120 for x in lines) and "".join(lines).replace(" ", "") == \
        tex.replace(" ", "")


def _break_lines_by_hand(tex: str, width: int) -> list[str]:
    """break_lines as first written, a character at a time: the oracle for the one that looks only at what matters."""
    if len(tex) <= width:
        return [tex]
    cuts, depth = [], 0
    for k, ch in enumerate(tex):
        if ch == "{" or tex.startswith(r"\left", k):
            depth += 1
        elif ch == "}" or tex.startswith(r"\right", k):
            depth -= 1
        elif depth == 0 and tex.startswith((" + ", " - "), k):
            cuts.append(k)
    lines, start, last = [], 0, 0
    for c in cuts + [len(tex)]:
        if c - start > width and last > start:
            lines.append(tex[start:last])
            start = last
        last = c
    lines.append(tex[start:])
    return [x.strip() for x in lines if x.strip()]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["{", "}", r"\left(", r"\right)", " + ", " - ", " + - ", "a", "12", r"\frac", " ",
                                 r"\leftarrow", "x_{1}"]), max_size=80), st.integers(1, 40))
def test_line_breaking_agrees_with_a_walk_of_every_character(pieces, width):
    tex = "".join(pieces)
    assert break_lines(tex, width) == _break_lines_by_hand(tex, width)


def test_decimals():
    assert decimal_tex("0.0622539…") == r"0.0622539\ldots"
    assert decimal_tex("1.2345…e-45") == r"1.2345\ldots\times 10^{-45}"


@pytest.fixture(scope="module")
def seed():
    return load(SEED).engine.graph


@pytest.mark.parametrize("addr,want", [
    ("scores[鬼,金棒]", r"s_{\text{鬼},\text{金棒}}"),
    ("Wq[1][2]", "W^{Q}_{1,2}"),
    ("sqrt_dk", r"\sqrt{d_k}"),
    ("weighted_v[鬼,金棒][2]", r"(\alpha v)_{\text{鬼},\text{金棒};2}"),
    ("context[金棒][1]", r"c_{\text{金棒},1}"),
])
def test_quantity_names(seed, addr, want):
    assert quantity_tex(seed, seed.parse(addr)) == want


def test_layer_marks():
    g = load(next(p for p in DERIVATIONS if "three" in p.name)).engine.graph
    assert quantity_tex(g, g.parse("L2.context[金棒][1]")) == r"c^{(2)}_{\text{金棒},1}"
    assert quantity_tex(g, g.parse("L2.Wq")) == "W^{Q(2)}"


def test_a_power_of_a_superscripted_name_is_braced():
    """(Σ^{out}_t)² is written {Σ^{out}_t}^{2}: TeX refuses a double superscript (derive --grad of the continued
    seed stopped at it)."""
    from exactformer.exact.latex import TexMarkup

    assert TexMarkup.sup(r"\Sigma^{\mathrm{out}}_{\text{鬼}}", "2") == r"{\Sigma^{\mathrm{out}}_{\text{鬼}}}^{2}"
    assert TexMarkup.sup(r"x_{\text{鬼},1}", "2") == r"x_{\text{鬼},1}^{2}"
