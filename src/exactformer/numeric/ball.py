"""Certified numbers: arb balls (python-flint), decided exactly when balls cannot.

A decision such as "is E(q) ≥ x?" starts at 128 bits and doubles the precision
while the ball straddles x; a rational quantity is compared as a Fraction; a ball
that still straddles at the cap is settled by SymPy (``together``/``cancel``),
which is how an exact tie such as a softmax sum equal to 1/4 is proved. Floats
never decide anything here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from flint import arb, ctx, fmpq

from ..errors import ExactformerError
from ..exact import expr as X
from ..exact.exponential import IRRATIONAL, rational_value

PRECISIONS = (128, 256, 320, 512, 2048, 8192)  # bits; each decision climbs these


def start_for(sig: int, grad: bool = False) -> int:
    """The first precision worth trying for ``sig`` significant digits (≈ 3.33 bits a digit, and room for the
    error a deep computation gathers; a backward pass, with its cancellations, gathers more)."""
    want = sig * 10 // 3 + (160 if grad else 96)
    return next((p for p in PRECISIONS if p >= want), PRECISIONS[-1])


class SymbolicValue(ExactformerError):
    """A value that depends on a symbolic given has no decimal value."""

    def __init__(self, symbols: frozenset[str]) -> None:
        super().__init__(f"this value depends on the symbolic given(s) {', '.join(X.natural_order(symbols))}: "
                         "it has a closed form but no decimal value")
        self.symbols = symbols


class TooLarge(ExactformerError):
    """A value whose magnitude no ball can hold precisely enough to decide (e.g. e^(e^1000))."""

    def __init__(self, ball: str, what: str = "a value") -> None:
        super().__init__(f"{what} is too large to evaluate with certainty ({ball}); check the givens' magnitudes")


class Undecidable(ExactformerError):
    """A tie no ball settles whose exact form is too large to prove (it agrees to thousands of digits)."""

    def __init__(self, what: str) -> None:
        super().__init__(f"cannot prove {what} exactly: the value agrees to more than 2,400 digits and its exact "
                         "form is too large for a symbolic proof")


SYMPY_NODES = 5000  # a tie is proved symbolically only for an exact form of at most this many tree nodes


def _provable(e: X.Expr, what: str, sizes: dict | None = None) -> None:
    """Undecidable unless e is small enough for SymPy; ``sizes``: capped sizes shared between values of one model
    (their exact forms share nodes: each is counted once)."""
    if X.tree_size(e, sizes, cap=SYMPY_NODES + 1) > SYMPY_NODES:
        raise Undecidable(what)


MAX_FUNC_ARGUMENT = 2**20  # a function (exp, ln …) of an argument past this is not evaluated by SymPy


def _moderate_arguments(e: X.Expr, memo: dict | None = None) -> None:
    """Refuse (TooLarge) to have SymPy evaluate numerically a form whose function arguments are astronomically
    large: it would work for ever on e^(-1e10000), whose ball sits on zero (balls settle e^(1e9) - e^(1e9)
    themselves). An exact cancellation (e^x / e^x = 1) is still proved symbolically first. The first such
    argument in the walk's order is the one named; ``memo``: the nodes already found moderate (shared between
    values of one model: a softmax row's 64 exponentials are looked at once, not once per value)."""
    def node(n: X.Expr, cs: tuple) -> None:
        if isinstance(n, X.Apply):
            with precision(PRECISIONS[0]):
                b = expr_ball(n.arg)
                if not b.is_finite() or abs(b).upper() > MAX_FUNC_ARGUMENT:
                    raise TooLarge(b.str(5), f"the argument of {n.fn.value}")

    X.fold(e, node, memo)


class precision:
    """``with precision(bits):`` arb's working precision, restored after (a class: this is a hot path)."""

    __slots__ = ("bits", "old")

    def __init__(self, bits: int) -> None:
        self.bits = bits

    def __enter__(self) -> None:
        self.old = ctx.prec
        ctx.prec = self.bits

    def __exit__(self, *exc) -> None:
        ctx.prec = self.old


def q2arb(x: Fraction) -> arb:
    return arb(fmpq(x.numerator, x.denominator))


def surd_ball(s: X.Surd) -> arb:
    return q2arb(s.q) if s.n == 1 else q2arb(s.q) * arb(s.n).sqrt()


def expr_ball(e: X.Expr, memo: dict | None = None) -> arb:
    """Ball of an exact expression at the current precision (NaN where a symbol or a Ref enters)."""
    return X.fold(e, _ball_node, memo)


def _ball_node(e: X.Expr, cs: tuple) -> arb:
    if isinstance(e, X.Const):
        return surd_ball(e.value)
    if isinstance(e, (X.Sym, X.Ref)):
        return arb.nan()
    if isinstance(e, X.Pi):
        return arb.pi()
    if isinstance(e, X.Add):
        return sum(cs[1:], cs[0])
    if isinstance(e, X.Mul):
        out = cs[0]
        for c in cs[1:]:
            out *= c
        return out
    if isinstance(e, X.Div):
        return cs[0] / cs[1]
    if isinstance(e, X.Apply):
        return e.fn.ball(cs[0])
    if isinstance(e, X.Pow):
        return cs[0] ** q2arb(e.exponent)
    if isinstance(e, X.Max):
        out = cs[0]
        for c in cs[1:]:
            out = out.max(c)
        return out
    raise AssertionError(type(e))


def compare(ball: Callable[[int], arb], exact: Callable[[], X.Expr], x: Fraction, *,
            symbolic: bool = True, cheap: bool = True) -> int:
    """Sign of (value − x), decided with certainty; ``exact`` is asked only when balls straddle.

    ``symbolic``: the value may hold a symbol (a NaN ball may mean one); ``cheap``: its exact form is quick to
    build (a rational tie is then looked for first). A value of a large training run is neither: its balls
    climb the precisions, and only a true tie at the cap asks for the exact form."""
    for k, prec in enumerate(PRECISIONS):
        with precision(prec):
            b = ball(prec)
            if b.is_nan() and symbolic:
                refuse_symbolic(exact)  # else too few bits: d is NaN too, and the loop climbs
            d = b - q2arb(x)
            if d > 0:
                return 1
            if d < 0:
                return -1
            if d.is_exact():  # a ball of radius 0 is the value itself (ReLU of a negative is exactly 0)
                return 0
        if k == 0 and cheap:
            r = X.rational_of(exact())
            if r is not None:
                return (r > x) - (r < x)
    require_settled(ball)
    e = exact()
    _provable(e, f"whether the value equals {x}")
    return sympy_sign(e, x)


def sign_of(e: X.Expr, memo_by_prec: dict[int, dict] | None = None) -> int:
    """The sign of an exact constant expression, certain (balls, then SymPy for an exact zero)."""
    r = X.rational_of(e)
    if r is not None:
        return (r > 0) - (r < 0)
    memos = {} if memo_by_prec is None else memo_by_prec
    return compare(lambda p: expr_ball(e, memos.setdefault(p, {})), lambda: e, Fraction(0))


def refuse_symbolic(exact: Callable[[], X.Expr]) -> None:
    """A NaN ball means a symbolic given only when the value has one; otherwise the precision was too low."""
    symbols = X.free_symbols(exact())
    if symbols:
        raise SymbolicValue(symbols)


def require_settled(ball: Callable[[int], arb]) -> None:
    """At the cap, only an exact tie may be left: a ball tight relative to its size (or around zero)."""
    with precision(PRECISIONS[-1]):
        b = ball(PRECISIONS[-1])
        if not (b.is_finite() and b.rad() <= (abs(b).upper() + 1) * arb(2) ** -1000):
            raise TooLarge(b.str(5))


def sympy_sign(e: X.Expr, x: Fraction) -> int:
    """Last resort for a value that no ball separates from x (a tie): prove equality exactly."""
    import sympy

    from ..exact.sympy_form import to_sympy

    try:
        d = sympy.cancel(sympy.together(to_sympy(e) - sympy.Rational(x.numerator, x.denominator)))
    except (OverflowError, RecursionError, MemoryError):
        _moderate_arguments(e)  # an astronomical argument is refused as too large
        raise Undecidable("a comparison too large for an exact simplification") from None
    if d == 0:
        return 0
    _moderate_arguments(e)
    val = sympy.N(d, 3000)
    return 0 if val == 0 else (1 if val > 0 else -1)


def decimal_text(ball: Callable[[int], arb], exact: Callable[[], X.Expr], sig: int, *, exact_first: bool,
                 symbolic: bool = True, sizes: dict | None = None, memos: dict | None = None,
                 unsettled: bool = False) -> str:
    """At least ``sig`` significant digits: exact when the decimal ends, else truncated with '…'.

    Every integer digit of a large value is a digit of the value (never padding), up to 10^60;
    past that, certified scientific notation. ``exact_first``: the exact form is cheap (a rational
    step), so look at it first. A value no ball settles is decided exactly: a quotient of exponential
    polynomials (a softmax weight, a context cell) by exact.exponential, anything else by SymPy (``memos``:
    their walks' memos, shared between values of one model). ``unsettled``: the balls of every precision are
    known to leave sig digits undecided (a pass's values were read at each, Engine.step_decimals), so they are
    not read again.
    """
    r = X.rational_of(exact()) if exact_first else None
    if r is not None:
        return fraction_text(r, sig)
    memos = {} if memos is None else memos
    for prec in () if unsettled else PRECISIONS[PRECISIONS.index(start_for(sig)):]:
        with precision(prec):
            b = ball(prec)
            if b.is_nan():
                if symbolic:
                    refuse_symbolic(exact)
                continue  # NaN from too few bits (a huge value divided by itself, a long training run): climb
            got = ball_text(b, sig)
            if got is not None:
                return got
    # a terminating decimal that no ball can truncate (e.g. a uniform weight of exactly 1/4)
    require_settled(ball)
    import sympy

    from ..exact.sympy_form import to_sympy

    e = exact()
    _provable(e, "the decimal digits of a value on a digit boundary", sizes)
    known = rational_value(e, _memo(memos, "forms"))
    if isinstance(known, Fraction):
        return fraction_text(known, sig)
    if known == IRRATIONAL:  # as SymPy's answer that it is no rational (Lindemann–Weierstrass proves it here)
        _moderate_arguments(e, _memo(memos, "arguments"))
        raise Undecidable("the decimal digits of a value within 2^-8192 of a digit boundary")
    v = to_sympy(e)
    if not v.is_Rational:
        try:
            v = sympy.cancel(sympy.together(v))  # (e^½ + e^³⁄₂)/(2e^½ + 2e^³⁄₂) is 1/2; e^(10^100)/e^(10^100) is 1
        except (OverflowError, RecursionError, MemoryError):
            _moderate_arguments(e)  # an astronomical argument (e^(1e999) in a sum) is refused as too large
            raise Undecidable("the decimal digits of a value too large for an exact simplification") from None
    if v.is_Rational:
        return fraction_text(Fraction(int(v.p), int(v.q)), sig)
    # Not a terminating decimal, yet within 2⁻⁸¹⁹² of a digit boundary (a softmax weight 1 − e^-40000): SymPy's
    # N would round it (1.00000…), a digit the value does not have. Its enclosure is what is certain (an
    # astronomical argument, e^(-1e10000), is refused as too large first, as before).
    _moderate_arguments(e)
    raise Undecidable("the decimal digits of a value within 2^-8192 of a digit boundary")


MEMO_NODES = 100_000  # nodes a shared walk memo keeps before it starts again (each value's own nodes are in it)


def expr_decimal(v: X.Expr, sig: int) -> str:
    """An exact value's decimal text to ``sig`` significant digits (a line of working's value), from its own
    balls; raises TooLarge or Undecidable where none can tell it."""
    return decimal_text(lambda p: expr_ball(v), lambda: v, sig, exact_first=True)


def _memo(memos: dict, name: str) -> dict:
    """The shared memo ``name`` of decimal_text's walks, emptied once it holds MEMO_NODES nodes: what values share
    (a softmax row's denominator) is found again at once, and the 32,768 context cells of a saturated layer,
    each with its own 64-term numerator, do not stay in memory."""
    got = memos.get(name)
    if got is None or len(got) > MEMO_NODES:
        got = memos[name] = {}
    return got


def ball_text(b: arb, sig: int) -> str | None:
    """At least ``sig`` certain digits of a finite ball (exact for an exact dyadic one), or None while it is too
    wide (or not finite): the one reading of a ball as a decimal, for one value or a whole pass's values."""
    if not b.is_finite():
        return None
    if b.is_exact():
        mant, e2 = (int(t) for t in b.mid().man_exp())
        return fraction_text(Fraction(mant) * Fraction(2) ** e2, sig)
    return _truncate(b, sig)


def ball_texts(balls: list[arb], sig: int) -> list[str | None]:
    """``ball_text`` of each ball, for a pass's many values: the commonest case (an inexact ball whose first look
    settles sig digits: a plain magnitude, or one past 10^±60 in scientific notation) written out in one loop,
    anything else by ball_text. The same certificate as _truncate's first look: arb's decimal enclosure
    [m ± r]·10^e of the ball, whose two ends have sig + 9 digits and truncate to the same sig digits."""
    out: list[str | None] = []
    put = out.append
    n = sig + 9  # the ends' length for sig + 4 digits asked (five guard digits), as in _truncate
    if n >= len(_TEN):
        return [ball_text(b, sig) for b in balls]
    lower, low, high, nine, eight, ask, top = _TEN[n - 2], _TEN[n - 1], _TEN[n], _TEN[9], _TEN[8], sig + 4, sig - 1
    plain = min(top, 60)  # the largest leading place written as a plain decimal (past 10^60: scientific)
    zeros = _ZEROS
    for b in balls:
        if b.is_exact() or not b.is_finite():
            put(ball_text(b, sig))
            continue
        fm, fr, fe = b.mid_rad_10exp(ask)
        m, r = int(fm), int(fr)
        if m < 0:
            lo, hi, sign = -m - r, r - m, "-"
        else:
            lo, hi, sign = m - r, m + r, ""
        if low <= lo and hi < high:
            e10, unit = n - 1 + int(fe), nine  # the leading digit's place, and the nine guard digits
        elif lower <= lo and hi < low:  # (ends of sig + 8 digits: one guard digit fewer)
            e10, unit = n - 2 + int(fe), eight
        else:
            put(ball_text(b, sig))
            continue
        if -60 <= e10 <= plain:  # sig digits hold every integer digit: drop the guard digits
            t = lo // unit
            if hi // unit == t:
                digits = str(t)  # sig digits
                if e10 < 0:
                    put(sign + zeros[-e10 - 1] + digits + "…")
                elif e10 < top:
                    put(sign + digits[:e10 + 1] + "." + digits[e10 + 1:] + "…")
                else:
                    put(sign + digits + "…")
                continue
        elif e10 < -60 or e10 > 60:  # past 10^±60: sig digits in scientific notation, as _truncate_closer's
            t = lo // unit  # first look (the same as this one) writes them (a saturated softmax's 1e-315)
            if hi // unit == t:
                digits = str(t)
                put(f"{sign}{digits[0]}.{digits[1:]}…e{e10:+d}")
                continue
        put(ball_text(b, sig))
    return out


_TEN = [10 ** k for k in range(200)]
_ZEROS = ["0." + "0" * k for k in range(61)]  # before the first digit of 10^-1 … 10^-61


def _pow10(k: int) -> int:
    return _TEN[k] if k < 200 else 10 ** k


def _truncate(b: arb, sig: int) -> str | None:
    """The first significant digits of the value in ball b (at least ``sig``, and every integer digit
    below 10^60), or None while b straddles a digit. Plain decimals for ordinary magnitudes;
    ``1.234…e+430`` past 10^±60.

    Certified by integers alone: arb encloses b in the decimal ball [m ± r]·10^e (``mid_rad_10exp``), and
    the digits are printed only when both ends of that ball truncate to the same ones. The first look (at
    sig + 4 digits) settles almost every ball of a pass; it is written out here once, for speed (a million
    values are printed this way), and anything it does not settle is looked at again from the start."""
    fm, fr, fe = b.mid_rad_10exp(sig + 4)
    m, r, e = int(fm), int(fr), int(fe)
    a = -m if m < 0 else m
    lo = a - r
    if lo <= 0:
        return None
    hi = a + r
    n = sig + 9  # what arb gives for sig + 4 digits asked (five guard digits): almost always the ends' length
    if not (_pow10(n - 1) <= lo and hi < _pow10(n)):
        n = len(str(hi))
    if lo >= _pow10(n - 1):
        e10 = n - 1 + e
        if -60 <= e10 <= 60:
            need = max(sig, e10 + 1) if e10 >= 0 else sig
            drop = n - need
            if drop >= 0:
                unit = _pow10(drop)
                t = lo // unit
                if hi // unit == t:
                    places = need - 1 - e10
                    if places <= 0:
                        body = str(t * _pow10(-places))
                    else:
                        digits = str(t)
                        if len(digits) <= places:
                            digits = digits.rjust(places + 1, "0")
                        body = digits[:-places] + "." + digits[-places:]
                    return ("-" if m < 0 else "") + body + "…"
    return _truncate_closer(b, sig)


def _truncate_closer(b: arb, sig: int) -> str | None:
    """``_truncate`` for a ball its first look did not settle: closer looks, up to what the ball knows."""
    want, most = sig, 0
    while True:
        fm, fr, fe = b.mid_rad_10exp(want + 4)
        m, r, e = int(fm), int(fr), int(fe)
        neg = m < 0
        a = -m if neg else m
        lo, hi = a - r, a + r
        if lo <= 0:
            return None  # the ball reaches zero (or crosses it): no sign, no digits yet
        n = len(str(hi))
        if lo >= _pow10(n - 1):  # both ends have n digits
            e10 = n - 1 + e  # the leading digit's place
            need = max(sig, e10 + 1) if 0 <= e10 <= 60 else sig  # every integer digit of a number below 10^60
            drop = n - need
            if drop >= 0:
                unit = _pow10(drop)
                t = lo // unit
                if hi // unit == t:
                    if abs(e10) > 60:
                        digits = str(t)
                        return ("-" if neg else "") + f"{digits[0]}.{digits[1:]}…e{e10:+d}"
                    return ("-" if neg else "") + _place(t, need - 1 - e10) + "…"
                # Both ends truncate differently. The enclosure is the ball widened to the digits asked for, so
                # a value close to a digit boundary (1 − 4e-21, a saturated softmax weight, times 3.02) needs
                # more of them: ask for twice as many, until the ball itself knows no more (``most``).
                more = 2 * want + 8 if drop >= 8 else need + 8
            else:
                more = need + 8
        else:
            more = 2 * want + 8  # straddles a power of ten, or its midpoint was rounded up to one: look closer
        if not most:  # past this many digits the ball itself knows no more
            most = max(sig, min((max(b.rel_accuracy_bits(), 0) + 40) * 3 // 10, 3000))  # (Python's int→str limit)
        if want >= most or more <= want:
            return None
        want = min(more, most)


def _place(digits: int, places: int) -> str:
    """The integer ``digits`` × 10^−places as a plain decimal string (places ≥ 0 here)."""
    if places <= 0:
        return str(digits * 10 ** -places)
    s = str(digits).rjust(places + 1, "0")
    return s[:-places] + "." + s[-places:]


def fraction_text(r: Fraction, sig: int) -> str:
    """A rational as a decimal: exact if it terminates within ``sig`` digits (or is an integer), else
    truncated with '…' (scientific past 10^±60). Integer arithmetic only (it prints every given)."""
    return ratio_text(r.numerator, r.denominator, sig)


def ratio_text(n: int, d: int, sig: int) -> str:
    """``fraction_text`` of n/d in lowest terms, d > 0 (a flint fmpq's p and q), without making a Fraction."""
    if n == 0:
        return "0"
    neg = n < 0
    sign = "-" if neg else ""
    if neg:
        n = -n
    rest, v2, v5 = d, 0, 0
    while not rest & 1:
        rest >>= 1
        v2 += 1
    while rest % 5 == 0:
        rest //= 5
        v5 += 1
    whole = _ilog10(n, d) + 1 if n >= d else 1  # str() refuses integers past 4300 digits
    if rest == 1 and whole <= 80 and max(v2, v5) <= 80:  # terminating and short: written out whole
        places = max(v2, v5)
        digits = n * _pow10(places) // d
        text = str(digits)
        if len(text.lstrip("0")) <= max(sig, whole) and len(text) <= 80:
            return sign + _place(digits, places)
    e10 = whole - 1 if n >= d else -(_ilog10(d, n) + 1)

    def want(e: int) -> int:
        return max(sig, e + 1) if 0 <= e <= 60 else sig

    def scaled(k: int) -> int:  # ⌊(n/d)·10^k⌋
        return n * _pow10(k) // d if k >= 0 else n // (d * _pow10(-k))

    while scaled(want(e10) - 1 - e10) >= _pow10(want(e10)):
        e10 += 1
    while scaled(want(e10) - 1 - e10) < _pow10(want(e10) - 1):
        e10 -= 1
    w = want(e10)
    t = scaled(w - 1 - e10)
    if abs(e10) > 60:
        exact = Fraction(t) * Fraction(10) ** (e10 - w + 1) == Fraction(n, d)
        shown = str(t).rstrip("0") if exact else str(t)
        tail = ("." + shown[1:] if shown[1:] else "") + ("" if exact else "…")
        return sign + f"{shown[0]}{tail}e{e10:+d}"
    return sign + _place(t, w - 1 - e10) + "…"


def _ilog10(n: int, d: int) -> int:
    """⌊log10 n/d⌋ for n, d > 0, exactly, without writing the number out (str() refuses integers past 4300
    digits). Integers only: n/d lies in [10^e, 10^(e+1)) when d·10^e ≤ n < d·10^(e+1) (e < 0: scaled by 10^−e)."""
    e = (n.bit_length() - d.bit_length()) * 30103 // 100000

    def below(k: int) -> bool:  # n/d < 10^k
        return n < d * _pow10(k) if k >= 0 else n * _pow10(-k) < d

    while below(e):
        e -= 1
    while not below(e + 1):
        e += 1
    return e


# ---- the engine's decimals taken apart (one reading of one format, for every place that shows them) ----------
TINY_ZEROS = 6  # a plain decimal with more leading zeros than this (0.0000000123…) is shown in scientific notation


@dataclass(frozen=True)
class DecimalParts:
    """An engine decimal: ``±digits × 10^exp10`` (``digits`` as written, e.g. ``0.0622539`` or ``1.234``);
    ``truncated``: more digits follow (the text's …); ``bound``: the digits could not be certified, only
    that the value lies within 10^bound of them (no digit boundary could be decided either side)."""

    negative: bool
    digits: str
    exp10: int = 0
    truncated: bool = False
    bound: int | None = None

    def plain(self) -> str:
        """A plain decimal, as JSON wants it: ``0.0622539``, ``-1.234e+430`` (nothing else in it)."""
        out = ("-" if self.negative else "") + self.digits
        return out + (f"e{self.exp10:+d}" if self.exp10 else "")

    def scientific(self) -> DecimalParts:
        """The same value with a tiny plain decimal (more than TINY_ZEROS leading zeros) moved into the exponent:
        ``0.0000000123`` as ``1.23 × 10⁻⁸``."""
        body = self.digits
        if self.exp10 or not body.startswith("0." + "0" * (TINY_ZEROS + 1)):
            return self
        frac = body[2:]
        zeros = len(frac) - len(frac.lstrip("0"))
        rest = frac[zeros:]
        if not rest:
            return self
        digits = rest[0] + ("." + rest[1:] if len(rest) > 1 else "")
        return replace(self, digits=digits, exp10=-(zeros + 1))

    def text(self) -> str:
        """As the terminal shows it: ``0.0622539…``, ``1.23…e-8``, ``≈0 (|x| < 1e-2458)``, ``≈1.01 (±1e-2458)``."""
        core = ("-" if self.negative else "") + self.digits + ("…" if self.truncated else "")
        core += f"e{self.exp10:+d}" if self.exp10 else ""
        if self.bound is None:
            return core
        if self.digits == "0":
            return f"≈0 (|x| < 1e{self.bound})"
        return f"≈{core} (±1e{self.bound})"


_DECIMAL = re.compile(r"(≈)?(-)?(\d+(?:\.\d+)?)(…)?(?:e([+-]?\d+))?(?: \((?:\|x\| < |±)1e([+-]?\d+)\))?")


def decimal_parts(text: str) -> DecimalParts:
    """The engine's decimal ``text`` (``decimal_text``, ``fraction_text``, ``Engine.decimal``) taken apart."""
    m = _DECIMAL.fullmatch(text)
    if m is None:
        raise ValueError(f"not an engine decimal: {text[:80]!r}")
    approx, neg, digits, dots, e, bound = m.groups()
    return DecimalParts(bool(neg), digits, int(e) if e else 0, bool(dots),
                        int(bound) if approx and bound else (0 if approx else None))
