"""Certified evaluation: arb balls (python-flint), decided exactly when balls cannot.

The whole computation is evaluated a layer at a time with ball matrices
(``arb_mat``), so cost follows the number of quantities. A decision such as
"is E(q) ≥ x?" starts at 128 bits and doubles the precision while the ball
straddles x; a rational quantity is compared as a Fraction; a ball that still
straddles at the cap is settled by SymPy (``together``/``cancel``), which is
how an exact tie such as a softmax sum equal to 1/4 is proved.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import lcm

from flint import arb, arb_mat, ctx, fmpq, fmpz, fmpz_mat

from . import exact as X
from .address import Address
from .errors import ExactformerError
from .graph import Graph
from .model import Number

PRECISIONS = (128, 512, 2048, 8192)  # bits; each decision climbs these


class SymbolicValue(ExactformerError):
    """A value that depends on a symbolic given has no decimal value."""

    def __init__(self, symbols: frozenset[str]) -> None:
        super().__init__(f"this value depends on the symbolic given(s) {', '.join(sorted(symbols))}: "
                         "it has a closed form but no decimal value")
        self.symbols = symbols


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


def expr_ball(e: X.Expr, memo: dict | None = None) -> arb:
    """Ball of an exact expression at the current precision (NaN where a symbol enters)."""
    return X.fold(e, _ball_node, memo)


def _ball_node(e: X.Expr, cs: tuple) -> arb:
    if isinstance(e, X.Const):
        s = e.value
        return q2arb(s.q) if s.n == 1 else q2arb(s.q) * arb(s.n).sqrt()
    if isinstance(e, (X.Sym, X.Ref)):
        return arb.nan()
    if isinstance(e, X.Add):
        return sum(cs[1:], cs[0])
    if isinstance(e, X.Mul):
        out = cs[0]
        for c in cs[1:]:
            out *= c
        return out
    if isinstance(e, X.Div):
        return cs[0] / cs[1]
    if isinstance(e, X.Exp):
        return cs[0].exp()
    if isinstance(e, X.Sqrt):
        return cs[0].sqrt()
    raise AssertionError(type(e))


def _given(v: Number | X.Expr) -> arb:
    return expr_ball(v.value if isinstance(v, Number) else v)


def _mat(rows) -> arb_mat:
    rows = [list(r) for r in rows]
    return arb_mat(len(rows), len(rows[0]), [x for r in rows for x in r])


def _given_mat(rows) -> arb_mat:
    """A matrix of givens: integers over one common denominator when it has no surd or symbol."""
    rows = [list(r) for r in rows]
    rats = [n.rational for r in rows for n in r]
    if all(q is not None for q in rats):
        d = lcm(*(q.denominator for q in rats))
        ints = fmpz_mat(len(rows), len(rows[0]), [q.numerator * (d // q.denominator) for q in rats])
        return arb_mat(ints) / d if d != 1 else arb_mat(ints)
    return _mat([_given(n) for n in r] for r in rows)


class Numeric:
    """Balls for every quantity of a graph, computed per precision and cached."""

    def __init__(self, graph: Graph) -> None:
        self.g = graph
        self._by_prec: dict[int, list[dict]] = {}

    def layers(self, prec: int) -> list[dict]:
        got = self._by_prec.get(prec)
        if got is None:
            with precision(prec):
                got = self._evaluate()
            self._by_prec[prec] = got
        return got

    def _evaluate(self) -> list[dict]:
        m, g = self.g.model, self.g
        n = m.n
        x = _given_mat(m.embeddings[p.token] for p in m.positions) if m.embeddings else None
        out = []
        for li, L in enumerate(m.layers, start=1):
            v: dict = {"X": x}
            if L.direct:
                q, k, val = (_given_mat(T or ()) for T in (L.Q, L.K, L.V))
            else:
                assert x is not None  # a layer with weights has an input: embeddings or the last context
                w = {s: _given_mat(getattr(L, s)) for s in ("Wq", "Wk", "Wv")}
                q, k, val = x * w["Wq"], x * w["Wk"], x * w["Wv"]
                v.update(w)
            sqrt_dk = _given(g.given(Address(li, "sqrt_dk")))
            scores = q * k.transpose()  # (n, n)
            scaled = scores * (1 / sqrt_dk)
            exps = [[None if m.masked(i, j) else scaled[i, j].exp() for j in range(n)] for i in range(n)]
            expsum = [sum((e for e in row if e is not None), arb(0)) for row in exps]
            weights = _mat([arb(0) if e is None else e / s for e in row] for row, s in zip(exps, expsum))
            context = weights * val  # (n, d_v)
            v.update(Q=q, K=k, V=val, sqrt_dk=sqrt_dk, scores=scores, scaled=scaled, exp=exps,
                     expsum=expsum, weights=weights, context=context)
            out.append(v)
            x = context
        return out

    def ball(self, a: Address, prec: int = PRECISIONS[0]) -> arb:
        """Certified ball of scalar quantity a at prec bits (NaN if it depends on a symbol)."""
        v = self.layers(prec)[a.layer - 1]
        s, ix = a.step, a.idx
        if s == "sqrt_dk":
            return v["sqrt_dk"]
        if s == "expsum":
            return v["expsum"][ix[0]]
        if s == "exp":
            return v["exp"][ix[0]][ix[1]]
        if s == "weighted_v":
            i, j, c = ix
            return v["weights"][i, j] * v["V"][j, c]
        return v[s][ix[0], ix[1]]


def compare(ball: Callable[[int], arb], exact: Callable[[], X.Expr], x: Fraction) -> int:
    """Sign of (value − x), decided with certainty; ``exact`` is asked only when balls straddle."""
    for k, prec in enumerate(PRECISIONS):
        with precision(prec):
            b = ball(prec)
            if b.is_nan():
                _refuse_symbolic(exact)  # else too few bits: d is NaN too, and the loop climbs
            d = b - q2arb(x)
            if d > 0:
                return 1
            if d < 0:
                return -1
        if k == 0:
            r = X.rational_of(exact())
            if r is not None:
                return (r > x) - (r < x)
    _require_settled(ball)
    return _sympy_sign(exact(), x)


def _refuse_symbolic(exact: Callable[[], X.Expr]) -> None:
    """A NaN ball means a symbolic given only when the value has one; otherwise the precision was too low."""
    symbols = X.free_symbols(exact())
    if symbols:
        raise SymbolicValue(symbols)


def _require_settled(ball: Callable[[int], arb]) -> None:
    """At the cap, only an exact tie may be left: a ball tight relative to its size (or around zero)."""
    with precision(PRECISIONS[-1]):
        b = ball(PRECISIONS[-1])
        if not (b.is_finite() and b.rad() <= (abs(b).upper() + 1) * arb(2) ** -1000):
            raise TooLarge(b.str(5))


class TooLarge(ExactformerError):
    """A value whose magnitude no ball can hold precisely enough to decide (e.g. e^(e^1000))."""

    def __init__(self, ball: str) -> None:
        super().__init__(f"a value is too large to evaluate with certainty ({ball}); check the givens' magnitudes")


def _sympy_sign(e: X.Expr, x: Fraction) -> int:
    """Last resort for a value that no ball separates from x (a tie): prove equality exactly."""
    import sympy

    from .symbolic import to_sympy

    d = sympy.cancel(sympy.together(to_sympy(e) - sympy.Rational(x.numerator, x.denominator)))
    if d == 0:
        return 0
    val = sympy.N(d, 3000)
    return 0 if val == 0 else (1 if val > 0 else -1)


def decimal_text(ball: Callable[[int], arb], exact: Callable[[], X.Expr], sig: int, *, exact_first: bool) -> str:
    """At least ``sig`` significant digits: exact when the decimal ends, else truncated with '…'.

    ``exact_first``: the exact form is cheap (a layer-one rational), so look at it first.
    """
    r = X.rational_of(exact()) if exact_first else None
    if r is not None:
        return fraction_text(r, sig)
    for prec in PRECISIONS:
        with precision(prec):
            b = ball(prec)
            if b.is_nan():
                _refuse_symbolic(exact)
                continue  # NaN from too few bits (a huge value divided by itself): climb
            if b.rad() == 0:  # an exact dyadic value
                mant, e2 = (int(t) for t in b.mid().man_exp())
                return fraction_text(Fraction(mant) * Fraction(2) ** e2, sig)
            got = _truncate(b, sig)
            if got is not None:
                return got
    # a terminating decimal that no ball can truncate (e.g. a uniform weight of exactly 1/4)
    _require_settled(ball)
    import sympy

    from .symbolic import to_sympy

    v = to_sympy(exact())
    if v.is_Rational:
        return fraction_text(Fraction(int(v.p), int(v.q)), sig)
    return str(sympy.N(v, sig + 5))[: sig + 2] + "…"


def _truncate(b: arb, sig: int) -> str | None:
    """The first ``sig`` significant digits of the value in ball b, or None while b straddles a digit.

    Plain decimals for ordinary magnitudes; ``1.234…e+430`` past 10^±60.
    """
    neg = b < 0
    if not neg and not b > 0:
        return None
    a = -b if neg else b
    man, e2 = a.mid().man_exp()
    bits = int(man).bit_length() + int(e2) - 1  # floor(log2 a), near enough
    if abs(bits) < 10**6:
        e10 = bits * 30103 // 100000  # ≈ floor(log10 a), off by at most one; corrected below
    else:  # astronomical: 0.30103 ≈ log10(2) is not close enough, so ask arb for log10 itself
        f = a.mid().log_base(10).floor()
        z = f.unique_fmpz()
        e10 = int(z) if z is not None else int(f.mid().floor().unique_fmpz() or 0)
    for _ in range(4):
        k = sig - 1 - e10
        if abs(k) <= 10_000:
            scaled = a * fmpz(10) ** k if k >= 0 else a / fmpz(10) ** -k
        else:
            scaled = a * (arb(k) * arb(10).log()).exp()  # 10^k, certified, for astronomical magnitudes
        z = scaled.floor().unique_fmpz()
        if z is None:
            return None
        t = int(z)
        if t >= 10 ** sig:
            e10 += 1
        elif t < 10 ** (sig - 1):
            e10 -= 1
        elif abs(e10) > 60:
            digits = str(t)
            return ("-" if neg else "") + f"{digits[0]}.{digits[1:]}…e{e10:+d}"
        else:
            return ("-" if neg else "") + _place(t, k) + "…"
    return None


def _place(digits: int, places: int) -> str:
    """The integer ``digits`` × 10^−places as a plain decimal string."""
    if places <= 0:
        return str(digits * 10 ** -places)
    s = str(digits).rjust(places + 1, "0")
    return s[:-places] + "." + s[-places:]


def fraction_text(r: Fraction, sig: int) -> str:
    """A rational as a decimal: exact if it terminates within ``sig`` digits, else truncated with '…'."""
    if r == 0:
        return "0"
    neg, a = r < 0, abs(r)
    d = a.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    places = 0
    while (a * 10 ** places).denominator != 1 and places <= sig + 40:
        places += 1
    digits = int(a * 10 ** places)
    if d == 1 and len(str(digits).lstrip("0")) <= max(sig, len(str(int(a)))):
        return ("-" if neg else "") + _place(digits, places)
    e10 = len(str(int(a))) - 1 if a >= 1 else -len(str(int(1 / a)))
    while int(a * Fraction(10) ** (sig - 1 - e10)) >= 10 ** sig:
        e10 += 1
    while int(a * Fraction(10) ** (sig - 1 - e10)) < 10 ** (sig - 1):
        e10 -= 1
    return ("-" if neg else "") + _place(int(a * Fraction(10) ** (sig - 1 - e10)), sig - 1 - e10) + "…"
