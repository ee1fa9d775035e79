"""Certified interval arithmetic for recomputing a quantity from the document's own numbers.

An endpoint is a ``Fraction`` (exact) or an arb ball at the current precision;
operations stay exact while both sides are Fractions, so ties on rational
quantities are decided exactly. Comparisons answer True, False, or None when a
ball straddles (the caller raises the precision and asks again). Functions are
applied to the endpoints where they are monotone, and through the natural
interval extension where they are not, so every enclosure is sound.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import reduce

from flint import arb

from .ball import q2arb

End = Fraction | arb


def ball(x: End) -> arb:
    return q2arb(x) if isinstance(x, Fraction) else x


def _op(x: End, y: End, f) -> End:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return f(x, y)
    return f(ball(x), ball(y))


def _min(x: End, y: End) -> End:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return min(x, y)
    lt = le(x, y)  # the smaller end kept as it is when certain: an exact Fraction stays exact (ties decide)
    if lt is not None:
        return x if lt else y
    return ball(x).min(ball(y))


def _max(x: End, y: End) -> End:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return max(x, y)
    lt = le(x, y)
    if lt is not None:
        return y if lt else x
    return ball(x).max(ball(y))


def le(x: End, y: End) -> bool | None:
    """x ≤ y: True, False, or None when undecided at this precision."""
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x <= y
    d = ball(y) - ball(x)
    if d >= 0:
        return True
    if d < 0:
        return False
    return None


class Undefined(ArithmeticError):
    """The recomputation leaves the domain (a divisor or a log argument that may be zero)."""


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

    def __neg__(self) -> Interval:
        return Interval(-self.hi, -self.lo)

    def __sub__(self, o: Interval) -> Interval:
        return self + (-o)

    def __mul__(self, o: Interval) -> Interval:
        if self is o:  # x·x is a square: never negative
            return self.square()
        c = [_op(x, y, lambda a, b: a * b) for x in (self.lo, self.hi) for y in (o.lo, o.hi)]
        return Interval(reduce(_min, c), reduce(_max, c))

    def square(self) -> Interval:
        a, b = _op(self.lo, self.lo, lambda p, q: p * q), _op(self.hi, self.hi, lambda p, q: p * q)
        if le(Fraction(0), self.lo) is True:
            return Interval(a, b)
        if le(self.hi, Fraction(0)) is True:
            return Interval(b, a)
        return Interval(Fraction(0), _max(a, b))

    def contains_zero(self) -> bool:
        zero = Fraction(0)
        return le(self.lo, zero) is not False and le(zero, self.hi) is not False

    def __truediv__(self, o: Interval) -> Interval:
        """Raises Undefined when the divisor may contain zero (no finite recomputation)."""
        if o.contains_zero():
            raise Undefined("division by an interval that contains 0")
        inv = Interval(_op(Fraction(1), o.hi, lambda a, b: a / b), _op(Fraction(1), o.lo, lambda a, b: a / b))
        return self * inv

    def monotone(self, f, *, increasing: bool = True) -> Interval:
        a, b = f(ball(self.lo)), f(ball(self.hi))
        return Interval(a, b) if increasing else Interval(b, a)

    def positive_part(self) -> Interval:
        """max(0, x) (exact on Fractions)."""
        return Interval(_max(self.lo, Fraction(0)), _max(self.hi, Fraction(0)))

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
        lo, hi = (ball(x).str(digits, radius=False) for x in (self.lo, self.hi))
        return lo if lo == hi else f"[{lo}, {hi}]"

    def mid_ball(self) -> arb:
        """A ball holding the whole interval."""
        return arb.union(ball(self.lo), ball(self.hi))


def total(items: list[Interval]) -> Interval:
    return reduce(lambda a, b: a + b, items)
