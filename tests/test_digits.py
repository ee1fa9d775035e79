"""The digit mutators of the search for why (audit/explain.py) by hand: the slips a printed decimal may have,
each written out."""

from __future__ import annotations

from fractions import Fraction as F

from exactformer.audit.explain import (
    _digit_spans,
    _fixed,
    _flip,
    _negate,
    _one_digit,
    _parse,
    _shifts,
    _significant,
    _swaps,
    _text,
    _value,
)
from exactformer.numeric.intervals import Interval
from exactformer.read.case import load

from .conftest import SEED


def test_parse_value_text():
    """'-0.0764' is (sign, integer digits, fraction digits); its value −764/10000; written back as it was.
    Scientific notation and more than 30 digits are not digit strings the mutators work on."""
    p = _parse("-0.0764")
    assert p == ("-", "0", "0764") and _value(p) == F(-764, 10000) and _text(p) == "-0.0764"
    assert _parse(" 3.50 ") == ("", "3", "50") and _value(_parse("3.50")) == F(7, 2)
    assert _parse("12") == ("", "12", "")
    assert _parse("1e-5") is None and _parse("1" * 31) is None and _parse("") is None and _parse(None) is None
    assert _text(("", "007", "5")) == "7.5"  # leading zeros of the integer part dropped


def test_adjacent_digits_swapped():
    """Each pair of adjacent different digits, within the integer part or within the fraction part:
    −0.0764 → −0.7064, −0.0674, −0.0746 (the equal pair of 0.11 gives nothing; 12.5 swaps 1 and 2 only)."""
    got = [(_text(n), x, y) for n, x, y in _swaps(_parse("-0.0764"))]
    assert got == [("-0.7064", "0", "7"), ("-0.0674", "7", "6"), ("-0.0746", "6", "4")]
    assert list(_swaps(_parse("0.11"))) == []
    assert [_text(n) for n, *_ in _swaps(_parse("12.5"))] == ["21.5"]


def test_one_digit_wrong():
    """Every digit replaced by each of the 9 others: 3 places × 9 = 27 for 0.25; at place 2 only, 0.20 … 0.29
    without 0.25 itself."""
    assert len(list(_one_digit(_parse("0.25")))) == 27
    assert [_text(n) for n, *_ in _one_digit(_parse("0.25"), only=2)] == \
        ["0.20", "0.21", "0.22", "0.23", "0.24", "0.26", "0.27", "0.28", "0.29"]
    n, pos, old, new = next(_one_digit(_parse("-1.5"), only=0))
    assert (_text(n), pos, old, new) == ("-0.5", 0, "1", "0")


def test_digit_spans_cover_every_digit_at_a_place():
    """For 0.25: any digit in the units place gives [0.25, 9.25], in the tenths [0.05, 0.95], in the
    hundredths [0.20, 0.29]; for −0.25 the same ranges negated."""
    assert list(_digit_spans(_parse("0.25"))) == [
        (0, Interval(F(1, 4), F(37, 4))), (1, Interval(F(1, 20), F(19, 20))), (2, Interval(F(1, 5), F(29, 100)))]
    assert list(_digit_spans(_parse("-0.25")))[2] == (2, Interval(F(-29, 100), F(-1, 5)))


def test_decimal_point_shifted():
    """−0.0764 with its point one place left is −0.00764 (5 places), one place right −0.764 (3 places); 12.5
    gives 1.25 and 125; 7 has no place to its right to shift into."""
    assert [(_value(n), k) for n, k in _shifts(_parse("-0.0764"))] == [(F(-764, 100000), 5), (F(-764, 1000), 3)]
    assert [(_text(n), k) for n, k in _shifts(_parse("12.5"))] == [("1.25", 2), ("125", 0)]
    assert [(_text(n), k) for n, k in _shifts(_parse("7"))] == [("0.7", 1)]


def test_signs_and_significant_digits():
    assert _text(_negate(_parse("0.5"))) == "-0.5" and _text(_negate(_parse("-0.5"))) == "0.5"
    assert _flip("0.5") == "-0.5" and _flip("-0.5") == "0.5"
    # leading zeros and the sign are not significant; trailing zeros written are
    assert _significant("-0.00120") == 3 and _significant("12.0") == 3 and _significant("0.0764") == 3


def test_fixed_rounds_the_exact_value():
    """_fixed writes E rounded to k places, certainly: the seed's Q[鬼][1] = 0.9·0.1 + 0.2·0.3 + 0.1·0.5 = 0.2
    exactly, and its sqrt_dk = √2 = 1.41421356… is 1.4142 to 4 places, 1.41 to 2."""
    e = load(SEED).engine
    g = e.graph
    assert _fixed(e, g.parse("Q[鬼][1]"), 3) == "0.200"
    assert _fixed(e, g.parse("sqrt_dk"), 4) == "1.4142" and _fixed(e, g.parse("sqrt_dk"), 2) == "1.41"
