"""numeric/intervals.py by hand: the interval arithmetic that recomputes a quantity from the document's own
numbers, and so decides ``rounding`` and ``propagated`` (R meets I(r)). Every value here is checked by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from flint import arb

from exactformer.numeric.ball import precision, q2arb
from exactformer.numeric.intervals import Interval, Undefined, ball, le, total


def test_fractions_stay_exact():
    """[1/3, 1/2] + [1/6, 1/4] = [1/2, 3/4]; − and · likewise, every end a Fraction."""
    a, b = Interval(F(1, 3), F(1, 2)), Interval(F(1, 6), F(1, 4))
    assert a + b == Interval(F(1, 2), F(3, 4))
    assert a - b == Interval(F(1, 12), F(1, 3))  # [1/3 − 1/4, 1/2 − 1/6]
    assert -a == Interval(F(-1, 2), F(-1, 3))
    assert Interval(F(-1), F(2)) * Interval(F(3), F(4)) == Interval(F(-4), F(8))  # ends −1·4 and 2·4
    assert Interval(F(-3), F(-2)) * Interval(F(-5), F(4)) == Interval(F(-12), F(15))  # −3·4 and −3·−5
    assert total([Interval.point(F(1, 10))] * 3) == Interval.point(F(3, 10))  # 0.1 + 0.1 + 0.1 = 0.3 exactly
    assert all(isinstance(x, F) for x in ((a + b).lo, (a * b).hi))


def test_a_square_is_never_negative():
    """x·x of the same interval is a square: [−2, 1]² = [0, 4]; two different intervals [−2, 1]·[−2, 1]
    = [−2, 4] (the ends −2·1 and −2·−2); [−3, −1]² = [1, 9]; [2, 3]² = [4, 9]."""
    x = Interval(F(-2), F(1))
    assert x * x == Interval(F(0), F(4))
    assert x * Interval(F(-2), F(1)) == Interval(F(-2), F(4))
    assert Interval(F(-3), F(-1)).square() == Interval(F(1), F(9))
    assert Interval(F(2), F(3)).square() == Interval(F(4), F(9))


def test_division_refuses_a_divisor_that_may_be_zero():
    """[1, 2] / [4, 8] = [1/8, 1/2]; a divisor [−1, 1] or [0, 1] gives no finite recomputation (Undefined), and
    one that only touches zero from above is still refused."""
    assert Interval(F(1), F(2)) / Interval(F(4), F(8)) == Interval(F(1, 8), F(1, 2))
    assert Interval(F(-1), F(2)) / Interval(F(4), F(8)) == Interval(F(-1, 4), F(1, 2))
    for d in (Interval(F(-1), F(1)), Interval(F(0), F(1)), Interval(F(-1), F(0))):
        with pytest.raises(Undefined):
            Interval(F(1), F(2)) / d
    assert not Interval(F(1, 10 ** 30), F(1)).contains_zero()
    assert Interval(F(0), F(1)).contains_zero()


def test_hull_and_positive_part():
    """The hull of the point 1/2 and 1/3 is [1/3, 1/2] (exact: a tie decides); max(0, [−1, 2]) = [0, 2];
    max(0, [−3, −1]) = [0, 0]."""
    assert Interval.point(F(1, 2)).hull(F(1, 3)) == Interval(F(1, 3), F(1, 2))
    assert Interval.point(F(1, 2)).hull(F(1, 2)) == Interval.point(F(1, 2))
    assert Interval(F(-1), F(2)).positive_part() == Interval(F(0), F(2))
    assert Interval(F(-3), F(-1)).positive_part() == Interval(F(0), F(0))


def test_comparisons_say_when_they_cannot_tell():
    """Fractions compare exactly (1/3 ≤ 1/3); a ball of 1/3 against the Fraction 1/3 is undecided (None), so
    the caller climbs the precision; against 1/2 it is certain."""
    assert le(F(1, 3), F(1, 3)) is True and le(F(1, 2), F(1, 3)) is False
    with precision(128):
        third = q2arb(F(1, 3))
        assert le(third, F(1, 3)) is None
        assert le(third, F(1, 2)) is True and le(F(1, 2), third) is False


def test_meets_decides_rounding_and_propagated():
    """R meets I(r) is the test of ``rounding`` and ``propagated``. I(0.45) = [0.445, 0.455]: R = [0.44, 0.445]
    touches it at 0.445 exactly (meets: a Fraction tie decides), R = [0.44, 0.4449] does not; a ball
    0.5 ± 0.1 against [0.55, 1] is undecided, against [0.7, 1] certainly apart."""
    lo, hi = F(445, 1000), F(455, 1000)
    assert Interval(F(44, 100), F(445, 1000)).meets(lo, hi) is True
    assert Interval(F(44, 100), F(4449, 10000)).meets(lo, hi) is False
    assert Interval(F(456, 1000), F(46, 100)).meets(lo, hi) is False
    assert Interval(F(0), F(1)).meets(lo, hi) is True  # R holding all of I(r)
    with precision(128):
        x = Interval.point(arb("0.5", "0.1"))
        assert x.meets(F(55, 100), F(1)) is None
        assert x.meets(F(7, 10), F(1)) is False


def test_monotone_functions_are_applied_to_the_ends():
    """exp on [0, 1] is [1, e]; 1/x on [3, 5], decreasing, is [1/5, 1/3]; each end a ball holding the value."""
    with precision(128):
        e = Interval(F(0), F(1)).monotone(lambda a: a.exp())
        assert e.lo.contains(arb(1)) and e.hi.contains(arb(1).exp())
        r = Interval(F(3), F(5)).monotone(lambda a: 1 / a, increasing=False)
        assert r.lo.contains(q2arb(F(1, 5))) and r.hi.contains(q2arb(F(1, 3)))


def test_text_and_the_ball_of_the_whole_interval():
    """A point prints as one decimal, an interval as its two ends; mid_ball holds both ends."""
    assert Interval.point(F(1, 3)).text() == "0.33333333"
    assert Interval(F(1, 3), F(1, 2)).text() == "[0.33333333, 0.50000000]"
    assert Interval.point(F(1, 4)).text(4) == "0.2500"
    with precision(128):
        b = Interval(F(1), F(2)).mid_ball()
        assert b.contains(arb(1)) and b.contains(arb(2)) and b.mid() == arb("1.5")
        assert ball(F(1, 4)) == arb("0.25")
