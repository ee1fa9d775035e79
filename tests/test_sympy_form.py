"""exact/sympy_form.py by hand: each kind of node of an exact value as the SymPy expression it stands for."""

from __future__ import annotations

from fractions import Fraction as F

import sympy

from exactformer.exact import expr as X
from exactformer.exact.sympy_form import to_sympy


def test_constants_and_surds():
    """3/4, −2 and 3√2/4 (a surd q·√n) are SymPy's exact numbers; π is sympy.pi."""
    assert to_sympy(X.const(F(3, 4))) == sympy.Rational(3, 4)
    assert to_sympy(X.const(-2)) == -2
    assert to_sympy(X.Const(X.Surd(F(3, 4), 2))) == sympy.Rational(3, 4) * sympy.sqrt(2)
    assert to_sympy(X.sqrt(X.const(8))) == 2 * sympy.sqrt(2)  # folded to the surd 2√2 first
    assert to_sympy(X.PI) == sympy.pi


def test_arithmetic_nodes():
    """(1/2 + x)·3 / y and x^(1/3), with x and y symbolic givens (real symbols of the same name)."""
    x, y = X.Sym("x"), X.Sym("y")
    sx, sy = sympy.Symbol("x", real=True), sympy.Symbol("y", real=True)
    e = X.Div(X.Mul((X.Add((X.const(F(1, 2)), x)), X.const(3))), y)
    assert sympy.simplify(to_sympy(e) - (sympy.Rational(1, 2) + sx) * 3 / sy) == 0
    assert to_sympy(X.Pow(x, F(1, 3))) == sympy.Pow(sx, sympy.Rational(1, 3))
    assert to_sympy(X.Max((x, y))) == sympy.Max(sx, sy)


def test_functions():
    """Every function an exact value may apply, at a hand-known point: exp(0) = 1, ln(1) = 0, √(9/4) = 3/2,
    erf(0) = 0, tanh(0) = 0, sin(π) = 0, cos(π) = −1, relu(x) = max(0, x), H(x) with H(0) = 0."""
    at = {X.Func.EXP: (0, 1), X.Func.LOG: (1, 0), X.Func.SQRT: (F(9, 4), sympy.Rational(3, 2)),
          X.Func.ERF: (0, 0), X.Func.TANH: (0, 0)}
    for fn, (arg, want) in at.items():
        assert to_sympy(X.Apply(fn, X.const(arg))) == want, fn
    assert to_sympy(X.Apply(X.Func.SIN, X.PI)) == 0
    assert to_sympy(X.Apply(X.Func.COS, X.PI)) == -1
    sx = sympy.Symbol("x", real=True)
    assert to_sympy(X.Apply(X.Func.RELU, X.Sym("x"))) == sympy.Max(0, sx)
    h = to_sympy(X.Apply(X.Func.STEP, X.Sym("x")))
    assert h.subs(sx, 0) == 0 and h.subs(sx, 2) == 1 and h.subs(sx, -2) == 0
    assert set(X.Func) == set(at) | {X.Func.SIN, X.Func.COS, X.Func.RELU, X.Func.STEP}  # none left untested


def test_refs_get_neutral_names_shared_by_label():
    """A named quantity (Ref) becomes r_0, r_1 … in order of first use; the same label is the same symbol,
    and no user text reaches SymPy (a label with spaces or brackets is never parsed)."""
    refs: dict = {}
    a, b = X.Ref("scores[鬼,金棒] + 1"), X.Ref("Q[鬼][1]")
    e = to_sympy(X.Add((a, b, X.Ref("scores[鬼,金棒] + 1"))), refs)
    r0, r1 = sympy.Symbol("r_0", real=True), sympy.Symbol("r_1", real=True)
    assert e == 2 * r0 + r1
    assert refs == {"scores[鬼,金棒] + 1": r0, "Q[鬼][1]": r1}


def test_shared_subexpressions_are_built_once():
    """A DAG whose node is used twice ((1/3)·(1/3) through one node) converts to the same value, 1/9."""
    third = X.Div(X.const(1), X.const(3))
    assert to_sympy(X.Mul((third, third))) == sympy.Rational(1, 9)
