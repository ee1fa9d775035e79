"""The project's own grammar: numbers as written, lines of working, and nothing ever executed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from exactformer.errors import ParseError
from exactformer.exact import expr as X
from exactformer.exact import text as forms
from exactformer.numeric.backends import ExactBackend
from exactformer.read import grammar as G


def value(text: str):
    return G.evaluate(G.parse_expression(text), ExactBackend())


@pytest.mark.parametrize("text,q,n", [
    ("1/3", Fraction(1, 3), 1), ("-0.25", Fraction(-1, 4), 1), ("1e-2", Fraction(1, 100), 1),
    ("6.3379e-02", Fraction(63379, 1000000), 1), ("√2", Fraction(1), 2), ("sqrt(2)/2", Fraction(1, 2), 2),
    ("2√3", Fraction(2), 3), ("√8", Fraction(2), 2), ("√(1/2)", Fraction(1, 2), 2), ("０．５", Fraction(1, 2), 1),
    ("(1/2)^2", Fraction(1, 4), 1), ("2^-1", Fraction(1, 2), 1), ("−0.5", Fraction(-1, 2), 1),
])
def test_number_strings(text, q, n):
    """Number strings fold to exact surds q·√n."""
    v = value(text)
    assert isinstance(v, X.Const) and v.value == X.Surd(q, n)


@pytest.mark.parametrize("text,decimals", [("0.20", 2), ("0.2", 1), ("6.3379e-02", 6), ("1e-2", 2), ("12", 0),
                                           ("1.5e1", 0), ("-0.0356", 4)])
def test_literal_keeps_its_places(text, decimals):
    """A literal remembers how many decimals it was written with."""
    lit = G.literal_of(G.parse_expression(text))
    assert lit.decimals == decimals and lit.text == text.replace("−", "-")


def test_work_line_chain_and_japanese_punctuation():
    """Chains a = b ≈ c, ≒, full-width spaces and a trailing 。 are read as the document writes them."""
    items, rels = G.parse_chain("　1.0704 ／ 4.3752 ≒ 0.2432。")
    assert rels == ["≈"] and len(items) == 2
    items, rels = G.parse_chain("0.0504/1.4142 = 0.035638 ≈ 0.0356")
    assert rels == ["=", "≈"] and G.literal_of(items[2]).text == "0.0356"


def test_exp_forms_and_vectors():
    """exp(…), e^(…), √ and vectors [a, b] scaled and added."""
    assert forms.text(value("exp(0.5)")) == "e^(1/2)"
    assert forms.text(value("e^(0.5)")) == "e^(1/2)"
    assert forms.text(value("e^{0.5}")) == "e^(1/2)"
    v = value("0.5 × [0.2, 0.4] + [1, 1]")
    assert [X.rational_of(x) for x in v] == [Fraction(11, 10), Fraction(6, 5)]
    assert [forms.text(x) for x in value("exp([0, 0.5])")] == ["1", "e^(1/2)"]  # a function of a vector: each component


@pytest.mark.parametrize("text", [
    "__import__('os').system('echo PWNED')", "os.system('x')", "0.1.2", "1e1000000", "1/0", "[1, 2] × [3, 4]",
    "2^(1/1000)", "(-8)^(1/3)", "max([1, 2], 3)", "", "1 +", "√-4",
])
def test_refused(text):
    """Code, malformed numbers, huge exponents and unsupported operations are refused, never run."""
    with pytest.raises(ParseError):
        value(text)


def test_huge_exponent_is_refused_before_any_big_number_is_built(monkeypatch):
    """1e1000000 is refused from its exponent alone: no power of ten is ever computed."""
    class NoPower(Fraction):
        def __pow__(self, other):
            raise AssertionError("a power was computed")

    monkeypatch.setattr(G, "Fraction", NoPower)
    with pytest.raises(ParseError, match="out of range"):
        G.tokenize("1e1000000")


@pytest.mark.parametrize("text", ["(" * 200 + "1" + ")" * 200, "-" * 100_000 + "1", "√" * 5000 + "2",
                                  "1" * 20_000 + "+1", "NaN", "inf"])
def test_hostile_lines_are_refused_cleanly(text):
    """Deep nesting, 100k signs, 5k roots, huge lines, NaN and inf: a ParseError, never a crash."""
    with pytest.raises(ParseError):
        value(text)


def test_superscripts_functions_and_markdown_asterisks():
    """² is a power, ln/max/σ are functions, and \\* (escaped Markdown) multiplies."""
    assert forms.text(value("(0.5 - 0.25)²")) == "1/16"
    assert X.rational_of(value("max(0, 0.3)")) == Fraction(3, 10)
    assert forms.text(value("-ln(0.25)")) == "-ln(1/4)"
    assert X.rational_of(value("0.5 \\* 0.4")) == Fraction(1, 5)
    assert forms.text(value("σ(0)")) == "1/2"


def test_long_numbers_are_read_and_messages_are_short():
    """A 300-digit decimal and e^800's 2.7264e+347 are numbers; an unreadable megabyte is not echoed."""
    assert G.literal_of(G.parse_expression("0." + "1" * 300)).decimals == 300
    assert G.literal_of(G.parse_expression("2.7264e+347")).value > 10 ** 347
    with pytest.raises(ParseError) as err:
        value("1" * 1_000_000 + "x")
    assert len(str(err.value)) < 400


def test_a_positive_base_to_a_rational_power():
    """10000^0.4 and 10000^(2/5), as positional-encoding notes write the denominators: e^(k·ln a), exactly (its
    value checked against mpmath); a negative base to such a power is refused."""
    import mpmath

    from exactformer.numeric.ball import expr_ball

    for text in ("10000^0.4", "10000^(2/5)"):
        chain, _ = G.parse_chain(text + " = 39.8107")
        got = expr_ball(G.evaluate(chain[0], ExactBackend()), {})
        assert abs(float(got.mid()) - float(mpmath.mpf(10000) ** mpmath.mpf("0.4"))) < 1e-9
    chain, _ = G.parse_chain("(-8)^(1/3) = -2")
    with pytest.raises(ParseError):
        G.evaluate(chain[0], ExactBackend())
