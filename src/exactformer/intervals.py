"""Certified interval arithmetic for recomputing a quantity from the document's own numbers.

An endpoint is a ``Fraction`` (exact) or an arb ball at the current precision;
operations stay exact while both sides are Fractions, so ties on rational
quantities are decided exactly. Comparisons answer True, False, or None when a
ball straddles (the caller raises the precision and asks again).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import reduce

from flint import arb

from .numeric import q2arb

End = Fraction | arb


def _ball(x: End) -> arb:
    return q2arb(x) if isinstance(x, Fraction) else x


def _op(x: End, y: End, f) -> End:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return f(x, y)
    return f(_ball(x), _ball(y))


def _min(x: End, y: End) -> End:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return min(x, y)
    return _ball(x).min(_ball(y))


def _max(x: End, y: End) -> End:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return max(x, y)
    return _ball(x).max(_ball(y))


def le(x: End, y: End) -> bool | None:
    """x ≤ y: True, False, or None when undecided at this precision."""
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x <= y
    d = _ball(y) - _ball(x)
    if d >= 0:
        return True
    if d < 0:
        return False
    return None


@dataclass(frozen=True, slots=True)
class Interval:
    """The closed interval [lo, hi]."""

    lo: End
    hi: End

    @staticmethod
    def point(x: End) -> Interval:
        return Interval(x, x)

    def hull(self, x: End) -> Interval:
        return Interval(_min(self.lo, x), _max(self.hi, x))

    def __add__(self, o: Interval) -> Interval:
        return Interval(_op(self.lo, o.lo, lambda a, b: a + b), _op(self.hi, o.hi, lambda a, b: a + b))

    def __mul__(self, o: Interval) -> Interval:
        c = [_op(x, y, lambda a, b: a * b) for x in (self.lo, self.hi) for y in (o.lo, o.hi)]
        return Interval(reduce(_min, c), reduce(_max, c))

    def __truediv__(self, o: Interval) -> Interval | None:
        """None when the divisor may contain zero (no finite recomputation)."""
        zero = Fraction(0)
        if le(o.lo, zero) is not False and le(zero, o.hi) is not False:
            return None
        inv = Interval(_op(Fraction(1), o.hi, lambda a, b: a / b), _op(Fraction(1), o.lo, lambda a, b: a / b))
        return self * inv

    def exp(self) -> Interval:
        return Interval(_ball(self.lo).exp(), _ball(self.hi).exp())  # exp is increasing

    def meets(self, lo: Fraction, hi: Fraction) -> bool | None:
        """Does [self.lo, self.hi] meet [lo, hi]? None when undecided at this precision."""
        a, b = le(self.lo, hi), le(lo, self.hi)
        if a is False or b is False:
            return False
        if a is None or b is None:
            return None
        return True

    def text(self, digits: int = 8) -> str:
        """``0.22946089`` for a (near-)point, ``[0.0622254, 0.0622260]`` otherwise."""
        lo, hi = (_ball(x).str(digits, radius=False) for x in (self.lo, self.hi))
        return lo if lo == hi else f"[{lo}, {hi}]"


def total(items: list[Interval]) -> Interval:
    return reduce(lambda a, b: a + b, items)
