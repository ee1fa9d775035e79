"""The exact DAG: folding rules and one-line golden closed forms."""

from __future__ import annotations

from fractions import Fraction

from exactformer import exact as X
from exactformer import forms


def c(x):
    return X.const(Fraction(x))


def test_surd_arithmetic():
    """√a·√b folds, q√n/√n is rational, squares leave the radical."""
    r2 = X.Surd.sqrt(Fraction(2))
    assert r2 * r2 == X.Surd(Fraction(2))
    assert X.Surd(Fraction(63, 1250)) / r2 == X.Surd(Fraction(63, 2500), 2)
    assert X.Surd.sqrt(Fraction(12)) == X.Surd(Fraction(2), 3)
    assert X.Surd.sqrt(Fraction(1, 8)) == X.Surd(Fraction(1, 4), 2)


def test_folding():
    """Constants fold through +, ×, ÷; a zero annihilates; exp(0) is 1."""
    assert X.rational_of(X.add(c("0.1"), c("0.2"))) == Fraction(3, 10)
    assert X.mul(c(0), X.Sym("a")) is X.ZERO
    assert X.exp(c(0)) is X.ONE
    assert isinstance(X.add(X.Const(X.Surd.sqrt(Fraction(2))), c(1)), X.Add)


def test_golden_closed_forms():
    """Closed forms print in the case grammar's own notation."""
    s2 = X.Const(X.Surd.sqrt(Fraction(2)))
    a = X.Sym("a")
    assert forms.text(X.div(c("0.0504"), s2)) == "63√2/2500"
    assert forms.text(X.exp(X.div(c("0.088"), s2))) == "e^(11√2/250)"
    assert forms.text(X.add(a, X.neg(c(2)))) == "a - 2"
    assert forms.text(X.mul(c("0.43"), X.exp(a))) == "43/100·e^(a)"
    assert forms.text(X.div(X.add(a, c(1)), X.add(X.exp(a), c(1)))) == "(a + 1)/(e^(a) + 1)"
    assert forms.text(X.mul(c(-1), a)) == "-a"
    assert forms.text(c("-0.25")) == "-1/4"


def test_tree_size_counts_shared_nodes_each_time():
    """Sharing keeps the DAG small while its tree can be exponential."""
    e = X.Sym("a")
    for _ in range(30):
        e = X.Add((e, e))
    assert X.tree_size(e) == 2 ** 31 - 1
