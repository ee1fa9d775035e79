"""The arithmetic a computation kind is written in: exact DAG, arb balls, intervals, exact rationals.

A kind (``model.kinds``) writes its formula and its derivative once, against a
backend ``M``: ``M.div(a, b)``, ``M.exp(x)``, ``M.relu(x)``. ``ExactBackend`` builds
the exact value (``PatternBackend``, fed ``Ref`` nodes, the formula itself, which the
printers show and lines of working are matched against); ``BALL`` evaluates certified
arb balls; ``INTERVAL`` recomputes from the document's own numbers; ``RATIONAL`` computes
a whole rational step at once as flint rationals. So the exact value, the certified
decimal, the formula shown and the audit's recomputation cannot disagree about what a
step computes.
"""

from __future__ import annotations

import operator
from fractions import Fraction
from functools import partial

from flint import arb, ctx, fmpq

from ..exact import expr as X
from ..exact.functions import Domain, IntervalRule
from .ball import expr_ball, q2arb, sign_of
from .intervals import Interval, Undefined, ball, le


class ExactBackend:
    """Builds exact values; a branch (ReLU, max) is decided with certainty, or kept symbolic."""

    def __init__(self) -> None:
        self.zero, self.one = X.ZERO, X.ONE
        self._memos: dict[int, dict] = {}  # balls of nodes per precision, shared by every decision

    def const(self, q: Fraction | int) -> X.Expr:
        return X.const(q)

    def value(self, e: X.Expr) -> X.Expr:
        return e

    add, mul, sub, neg, div = staticmethod(X.add), staticmethod(X.mul), staticmethod(X.sub), \
        staticmethod(X.neg), staticmethod(X.div)
    # exp, log, sqrt, erf, tanh, sin, cos: X.apply of the function (set below, from the function table)

    def square(self, a: X.Expr) -> X.Expr:
        return X.mul(a, a)

    def pi(self) -> X.Expr:
        return X.PI

    def _decidable(self, e: X.Expr) -> bool:
        return not X.fold(e, lambda n, cs: isinstance(n, (X.Sym, X.Ref)) or any(cs))

    def sign(self, e: X.Expr) -> int | None:
        """The certain sign of e, or None when e holds a symbol or a named quantity."""
        return sign_of(e, self._memos) if self._decidable(e) else None

    def relu(self, a: X.Expr) -> X.Expr:
        s = self.sign(a)
        if s is None:
            return X.apply(X.Func.RELU, a)
        return a if s > 0 else X.ZERO

    def step(self, a: X.Expr) -> X.Expr:
        """ReLU′: 1 for a > 0, 0 for a ≤ 0 (ReLU′(0) = 0, as PyTorch), decided exactly."""
        s = self.sign(a)
        if s is None:
            return X.apply(X.Func.STEP, a)
        return X.ONE if s > 0 else X.ZERO

    def _argmax(self, xs: list[X.Expr]) -> int | None:
        best = 0
        for k in range(1, len(xs)):
            s = self.sign(X.sub(xs[k], xs[best]))
            if s is None:
                return None
            if s > 0:
                best = k
        return best

    def max(self, xs: list[X.Expr]) -> X.Expr:
        k = self._argmax(xs)
        return X.Max(tuple(xs)) if k is None else xs[k]

    def is_max(self, k: int, xs: list[X.Expr]) -> X.Expr:
        """1 when xs[k] is the maximum (the first of equals), else 0."""
        best = self._argmax(xs)
        if best is None:
            return X.Ref(f"[{k + 1} is the max]")
        return X.ONE if best == k else X.ZERO


class BallBackend:
    """Certified arb balls at the current precision (set by the caller)."""

    zero, one = arb(0), arb(1)  # exact at any precision

    def __init__(self) -> None:
        self._consts: dict[tuple[int, int, int], arb] = {}
        self._values: dict[tuple[int, int], tuple[X.Expr, arb]] = {}  # by (id, precision), the expression kept

    def const(self, q: Fraction | int) -> arb:
        if isinstance(q, int):
            key = (q, 1, ctx.prec)
        else:
            key = (q.numerator, q.denominator, ctx.prec)  # (an int tuple hashes fast; a Fraction does not)
        got = self._consts.get(key)
        if got is None:
            got = self._consts[key] = q2arb(Fraction(q))
        return got

    def value(self, e: X.Expr) -> arb:
        """A kind's constant (eps, lr, a target), once per precision: a training run asks at every step."""
        key = (id(e), ctx.prec)
        got = self._values.get(key)
        if got is None or got[0] is not e:
            got = self._values[key] = (e, expr_ball(e))
        return got[1]

    @staticmethod
    def add(*xs: arb) -> arb:
        out = xs[0]
        for x in xs[1:]:
            out = out + x
        return out

    @staticmethod
    def mul(*xs: arb) -> arb:
        out = xs[0]
        for x in xs[1:]:
            out = out * x
        return out

    times = staticmethod(operator.mul)  # mul of two, without a call of its own (a kind's pass cell by cell)

    @staticmethod
    def sub(a: arb, b: arb) -> arb:
        return a - b

    @staticmethod
    def neg(a: arb) -> arb:
        return -a

    @staticmethod
    def div(a: arb, b: arb) -> arb:
        return a / b

    @staticmethod
    def square(a: arb) -> arb:
        return a * a

    # exp, log, erf, tanh, sin, cos: the function's ball (set below, from the function table)

    @staticmethod
    def sqrt(a: arb) -> arb:
        return a.nonnegative_part().sqrt()  # only of quantities ≥ 0 (variances, d_k): a ball past 0 is cut

    @staticmethod
    def pi() -> arb:
        return arb.pi()

    @staticmethod
    def relu(a: arb) -> arb:
        return a.max(0)

    @staticmethod
    def step(a: arb) -> arb:
        if a > 0:
            return arb(1)
        if a < 0 or a.is_zero():
            return arb(0)
        return arb(0.5, 0.5)  # undecided at this precision: [0, 1], sound; callers climb

    @staticmethod
    def max(xs: list[arb]) -> arb:
        out = xs[0]
        for x in xs[1:]:
            out = out.max(x)
        return out

    @staticmethod
    def is_max(k: int, xs: list[arb]) -> arb:
        undecided = False
        for j, x in enumerate(xs):
            if j == k:
                continue
            d = x - xs[k]
            if d > 0 or (j < k and d.is_zero()):
                return arb(0)
            if not d < 0 and not (j > k and d.is_zero()):
                undecided = True
        return arb(0.5, 0.5) if undecided else arb(1)


class IntervalBackend:
    """Interval arithmetic on the document's own numbers (sound enclosures; ties exact on rationals)."""

    zero = Interval.point(Fraction(0))
    one = Interval.point(Fraction(1))

    def const(self, q: Fraction | int) -> Interval:
        return Interval.point(Fraction(q))

    def value(self, e: X.Expr) -> Interval:
        r = X.rational_of(e)
        return Interval.point(r if r is not None else expr_ball(e))

    @staticmethod
    def add(*xs: Interval) -> Interval:
        out = xs[0]
        for x in xs[1:]:
            out = out + x
        return out

    @staticmethod
    def mul(*xs: Interval) -> Interval:
        out = xs[0]
        for x in xs[1:]:
            out = out * x
        return out

    @staticmethod
    def sub(a: Interval, b: Interval) -> Interval:
        return a - b

    @staticmethod
    def neg(a: Interval) -> Interval:
        return -a

    @staticmethod
    def div(a: Interval, b: Interval) -> Interval:
        return a / b

    @staticmethod
    def square(a: Interval) -> Interval:
        return a.square()

    # exp, log, sqrt, erf, tanh, sin, cos: by the function's interval rule and domain (set below)

    def pi(self) -> Interval:
        return Interval.point(arb.pi())

    @staticmethod
    def relu(a: Interval) -> Interval:
        return a.positive_part()

    @staticmethod
    def step(a: Interval) -> Interval:
        if le(a.lo, Fraction(0)) is False:
            return Interval.point(Fraction(1))
        if le(a.hi, Fraction(0)) is True:
            return Interval.point(Fraction(0))
        return Interval(Fraction(0), Fraction(1))

    @staticmethod
    def max(xs: list[Interval]) -> Interval:
        lo, hi = xs[0].lo, xs[0].hi
        for x in xs[1:]:
            lo = lo if le(x.lo, lo) is True else (x.lo if le(lo, x.lo) is True else ball(lo).max(ball(x.lo)))
            hi = hi if le(x.hi, hi) is True else (x.hi if le(hi, x.hi) is True else ball(hi).max(ball(x.hi)))
        return Interval(lo, hi)

    @staticmethod
    def is_max(k: int, xs: list[Interval]) -> Interval:
        if all(le(x.hi, xs[k].lo) is True for j, x in enumerate(xs) if j != k):
            return Interval.point(Fraction(1))
        if any(le(xs[k].hi, x.lo) is True and le(x.lo, xs[k].hi) is False for j, x in enumerate(xs) if j != k):
            return Interval.point(Fraction(0))
        return Interval(Fraction(0), Fraction(1))


def _interval_of(fn: X.Func):
    """How an interval of arguments maps under a function of the table (exact.functions)."""
    f = fn.ball
    if fn.interval is IntervalRule.ENCLOSE:
        def enclose(a: Interval) -> Interval:
            b = f(a.mid_ball())
            return Interval(b.lower(), b.upper())
        return enclose
    assert fn.interval is IntervalRule.INCREASING, fn
    if fn.domain is Domain.POSITIVE:
        def positive(a: Interval) -> Interval:
            if le(a.lo, Fraction(0)) is not False:
                raise Undefined(f"the {fn.words} of an interval that reaches 0")
            return a.monotone(f)
        return positive
    if fn.domain is Domain.NONNEGATIVE:
        return lambda a: a.positive_part().monotone(f)
    return lambda a: a.monotone(f)


for _fn in X.Func:  # each function of the table in each backend, but where a backend has its own (a branch,
    # ReLU or its step, each decides; the ball backend's square root cuts a ball at 0)
    for _cls, _method in ((ExactBackend, partial(X.apply, _fn)), (BallBackend, _fn.ball),
                          (IntervalBackend, None if _fn.interval is IntervalRule.DECIDED else _interval_of(_fn))):
        if _method is not None and _fn.method not in vars(_cls):
            setattr(_cls, _fn.method, staticmethod(_method))


class NotRational(ArithmeticError):
    """A rational step's cell met an operation with no rational value (its exactness was a first look)."""


class RationalBackend:
    """Exact rationals as flint fmpq: a whole rational step at once (Q, scores, a ReLU of them), with no DAG."""

    zero, one = fmpq(0), fmpq(1)

    def const(self, q: Fraction | int) -> fmpq:
        return fmpq(q) if isinstance(q, int) else fmpq(q.numerator, q.denominator)

    def value(self, e: X.Expr) -> fmpq:
        r = X.rational_of(e)
        if r is None:
            raise NotRational(e)
        return fmpq(r.numerator, r.denominator)

    @staticmethod
    def add(*xs: fmpq) -> fmpq:
        out = xs[0]
        for x in xs[1:]:
            out = out + x
        return out

    @staticmethod
    def mul(*xs: fmpq) -> fmpq:
        out = xs[0]
        for x in xs[1:]:
            out = out * x
        return out

    @staticmethod
    def sub(a: fmpq, b: fmpq) -> fmpq:
        return a - b

    @staticmethod
    def neg(a: fmpq) -> fmpq:
        return -a

    @staticmethod
    def div(a: fmpq, b: fmpq) -> fmpq:
        if b == 0:
            raise NotRational("division by zero")  # the exact path says which quantity is undefined
        return a / b

    @staticmethod
    def square(a: fmpq) -> fmpq:
        return a * a

    @staticmethod
    def _irrational(*xs):
        raise NotRational("not a rational operation")

    exp = log = sqrt = erf = tanh = sin = cos = pi = _irrational

    @staticmethod
    def relu(a: fmpq) -> fmpq:
        return a if a > 0 else fmpq(0)

    @staticmethod
    def step(a: fmpq) -> fmpq:
        return fmpq(1) if a > 0 else fmpq(0)

    @staticmethod
    def max(xs: list[fmpq]) -> fmpq:
        return max(xs)

    @staticmethod
    def is_max(k: int, xs: list[fmpq]) -> fmpq:
        best = max(range(len(xs)), key=lambda j: (xs[j], -j))  # the first of equals
        return fmpq(1) if best == k else fmpq(0)


BALL = BallBackend()
INTERVAL = IntervalBackend()
RATIONAL = RationalBackend()


class PatternBackend(ExactBackend):
    """Like ExactBackend, but keeps a formula's structure: no flattening of sums and products.

    Fed ``Ref`` slots, a kind's ``f`` or ``d`` becomes the formula as a document writes it
    (``grad.o·(o·(1 − o))``): what ``show`` prints and what a line of working is matched against.
    """

    def add(self, *xs: X.Expr) -> X.Expr:  # type: ignore[override]
        xs = tuple(x for x in xs if not X.is_zero(x))
        if not xs:
            return X.ZERO
        if all(isinstance(x, X.Const) for x in xs):
            return X.add(*xs)
        return xs[0] if len(xs) == 1 else X.Add(xs)

    def mul(self, *xs: X.Expr) -> X.Expr:  # type: ignore[override]
        if any(X.is_zero(x) for x in xs):
            return X.ZERO
        consts = [x for x in xs if isinstance(x, X.Const)]
        rest = [x for x in xs if not isinstance(x, X.Const)]
        c = X.mul(*consts) if consts else X.ONE
        if not rest:
            return c
        parts = ([c] if c is not X.ONE and X.rational_of(c) != 1 else []) + rest
        return parts[0] if len(parts) == 1 else X.Mul(tuple(parts))

    def neg(self, a: X.Expr) -> X.Expr:  # type: ignore[override]
        if isinstance(a, X.Const):
            return X.neg(a)
        if isinstance(a, X.Mul) and isinstance(a.factors[0], X.Const):
            return self.mul(X.neg(a.factors[0]), *a.factors[1:])
        return X.Mul((X.const(-1), a))

    def sub(self, a: X.Expr, b: X.Expr) -> X.Expr:  # type: ignore[override]
        return self.add(a, self.neg(b))

    def div(self, a: X.Expr, b: X.Expr) -> X.Expr:  # type: ignore[override]
        if isinstance(b, X.Const) and not isinstance(a, X.Const) and X.rational_of(b) is not None:
            return self.mul(X.div(X.ONE, b), a)
        return X.div(a, b)


PATTERN = PatternBackend()
