"""The exact DAG: folding rules and one-line golden closed forms."""

from __future__ import annotations

from fractions import Fraction

from exactformer.exact import expr as X
from exactformer.exact import text as forms
from exactformer.exact.functions import IntervalRule
from exactformer.exact.latex import LatexPrinter
from exactformer.numeric.backends import ExactBackend, IntervalBackend
from exactformer.numeric.ball import expr_ball, precision
from exactformer.read import grammar as G


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


def test_common_denominator_reads_as_one_fraction():
    """Σ c·(n/d) over one shared denominator prints as (Σ c·n)/d, as a context vector is written."""
    a, b = X.exp(X.Sym("a")), X.exp(X.Sym("b"))
    s = X.add(a, b)
    ctx = X.add(X.mul(c("0.43"), X.div(a, s)), X.mul(c("0.6"), X.div(b, s)))
    assert forms.text(ctx) == "(43/100·e^(a) + 3/5·e^(b))/(e^(a) + e^(b))"


def test_fold_is_iterative_and_repr_bounded():
    """A chain 100,000 nodes deep folds without recursion, and its repr stays short."""
    e = X.Sym("a")
    for k in range(100_000):
        e = X.exp(e) if k % 2 else X.add(e, X.Sym("b"))
    assert X.tree_size(e) > 100_000
    assert len(repr(e)) < 300


def test_rational_powers_fold_when_exact():
    """10000^(1/2) = 100 and 10000^(-1/4) = 1/10 fold; 10000^(1/3) stays a power."""
    assert X.rational_of(X.rational_power(c(10000), Fraction(1, 2))) == 100
    assert X.rational_of(X.rational_power(c(10000), Fraction(-1, 4))) == Fraction(1, 10)
    assert isinstance(X.rational_power(c(10000), Fraction(1, 3)), X.Pow)


def test_products_print_powers_and_negative_coefficients():
    """A repeated factor is a power; a negative coefficient leads with its sign."""
    a = X.Sym("a")
    d = X.add(a, X.neg(X.Sym("m")))
    assert forms.text(X.mul(d, d)) == "(a - m)²"
    assert forms.text(X.mul(c("-0.6"), a)) == "-3/5·a"


def test_exact_sizes_are_bounded():
    """An exact number past the size bound is refused (((10^64)^64)^64 is not computed)."""
    import pytest

    with pytest.raises(X.SizeError):
        X.power(X.power(X.power(c(10 ** 64), 64), 64), 64)


def test_capped_tree_size_agrees_with_the_fold():
    """A capped size (what decides whether a tie may go to SymPy) is the tree size up to the cap, for a shared
    DAG whose tree is astronomically large (2^60 leaves) as for a small one."""
    from exactformer.exact import expr as X

    x = X.Sym("x")
    e: X.Expr = x
    for _ in range(60):
        e = X.Mul((e, e))
    assert X.tree_size(e, cap=5000) == 5000
    small = X.add(X.mul(x, x), x)
    for cap in (1, 3, 5, 100):
        assert X.tree_size(small, cap=cap) == X.tree_size(small, {}, cap=cap) == min(cap, 5)


def test_every_function_of_the_table_prints_evaluates_and_reads():
    """Each row of the function table (exact.functions) serves every walk: text, TeX, SymPy, the ball; and a
    line of working that writes it by its grammar name reads as it, its interval meeting its ball."""
    import sympy  # heavy: only here

    from exactformer.exact.sympy_form import to_sympy

    for fn in X.Func:
        e = X.Apply(fn, X.Sym("x"))
        assert forms.text(e) == fn.text.format("x") and LatexPrinter().doprint(e)
        assert to_sympy(e).free_symbols == {sympy.Symbol("x", real=True)}
        if fn.grammar is None or fn.interval is IntervalRule.DECIDED:  # ReLU decides a number: no Apply
            continue
        node = G.parse_expression(f"{fn.grammar}(1/3)")
        exact = G.evaluate(node, ExactBackend())  # (√(1/3) folds to the surd √3/3)
        with precision(128):
            interval = G.evaluate(node, IntervalBackend())
            assert interval.mid_ball().overlaps(expr_ball(exact)), fn
