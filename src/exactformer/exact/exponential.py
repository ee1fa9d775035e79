"""Whether an exact value is rational, decided without SymPy for quotients of exponential polynomials.

A softmax weight e^a / Σ e^b, a weight times a value, a context cell (Σ v·e^b) / (Σ e^b): each is N / D, where
N and D are sums Σ c·e^α with algebraic coefficients c and algebraic exponents α (rationals and surds q·√n,
and their sums). By the Lindemann–Weierstrass theorem (Baker's form), Σ c_k·e^(α_k) with distinct algebraic
α_k is zero only when every c_k is zero. So N / D equals a rational r exactly when N − r·D vanishes term by
term, once both are collected by exponent; when no rational r does that, N / D is irrational. Coefficients and
exponents are kept in a canonical form (Σ q·√n over distinct squarefree n, which are linearly independent over
the rationals), so comparing them is comparing dictionaries: integers and fractions only, no floats.

This is what a value left on a digit boundary by every ball asks (``numeric.ball.decimal_text``): a saturated
softmax weight within 2^-8192 of 1/4, or a weight times a value; SymPy's ``cancel`` took a tenth of a second for
each, and on a 64-term context cell crashed the interpreter in its heuristic gcd. A form of any other shape
(a logarithm, a symbol, a square root of a surd, too many terms) is not decided here: ``None``.
"""

from __future__ import annotations

from fractions import Fraction

from . import expr as X
from .functions import Func

MAX_TERMS = 4096  # terms of one collected sum (a product multiplies their counts): past it, not decided here
_RADICAND = 10**10  # _squarefree reduces every radicand below this fully (its trial division goes to 10^5)

IRRATIONAL = "irrational"  # the answer for a form proved not rational

# An algebraic number Σ q·√n as {n: q} (n squarefree, q ≠ 0); an exponential polynomial Σ c·e^α as
# {key(α): c}; a value as (N, D): N / D, with D None for 1.


class _Bail(Exception):
    """A form this module does not decide."""


_SQUAREFREE: dict[int, bool] = {1: True}


def _squarefree(n: int) -> bool:
    """n is a squarefree radicand below _RADICAND (so the canonical form's radicands are what they claim)."""
    got = _SQUAREFREE.get(n)
    if got is None:
        got = _SQUAREFREE[n] = 0 < n < _RADICAND and X._squarefree(n) == (1, n)
    return got


def _alg_mul(a: dict, b: dict) -> dict:
    out: dict[int, Fraction] = {}
    for n, p in a.items():
        for m, q in b.items():
            if n == 1 or m == 1:
                k, s = n * m, 1
            else:
                if n * m >= _RADICAND:
                    raise _Bail
                s, k = X._squarefree(n * m)
            out[k] = out.get(k, 0) + p * q * s
    return {k: v for k, v in out.items() if v}


def _alg_add(a: dict, b: dict) -> dict:
    out = dict(a)
    for n, q in b.items():
        out[n] = out.get(n, 0) + q
    return {k: v for k, v in out.items() if v}


def _key(a: dict) -> tuple:
    return tuple(sorted(a.items()))


def _accumulate(out: dict, k, c) -> None:
    """out[k] += c, a term that cancels dropped."""
    got = _alg_add(out[k], c) if k in out else c
    if got:
        out[k] = got
    else:
        out.pop(k, None)


def _poly_add(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, c in b.items():
        _accumulate(out, k, c)
    return out


def _poly_mul(a: dict, b: dict) -> dict:
    if len(a) * len(b) > MAX_TERMS:
        raise _Bail
    out: dict = {}
    for ka, ca in a.items():
        for kb, cb in b.items():
            k = ka if not kb else kb if not ka else _key(_alg_add(dict(ka), dict(kb)))
            _accumulate(out, k, _alg_mul(ca, cb))
    return out


def _times(x, y):
    """The product of two of these (D None is 1)."""
    if x is None:
        return y
    if y is None:
        return x
    return _poly_mul(x, y)


def _node(e: X.Expr, cs: tuple):
    if any(c is None for c in cs):
        return None
    try:
        if isinstance(e, X.Const):
            s = e.value
            if not _squarefree(s.n):
                return None
            return ({(): {s.n: s.q}} if s.q else {}), None
        if isinstance(e, X.Add):
            den = cs[0][1]
            if all(d is den for _, d in cs):  # one shared denominator (a context cell): add the numerators
                num: dict = {}
                for n, _ in cs:
                    num = _poly_add(num, n)
                return num, den
            num, den = cs[0]
            for n, d in cs[1:]:
                num, den = _poly_add(_times(num, d), _times(n, den)), _times(den, d)
            return num, den
        if isinstance(e, X.Mul):
            num, den = cs[0]
            for n, d in cs[1:]:
                num, den = _poly_mul(num, n), _times(den, d)
            return num, den
        if isinstance(e, X.Div):
            (n1, d1), (n2, d2) = cs
            if not n2:
                return None  # a division by an exact zero
            return _times(n1, d2), _times(d1, n2)
        if isinstance(e, X.Apply) and e.fn is Func.EXP:
            (n, d), = cs
            if d is not None or any(k for k in n):  # the exponent must be algebraic: no e^(e^x), no quotient
                return None
            alpha = n.get((), {})
            return ({_key(alpha): {1: Fraction(1)}} if alpha else {(): {1: Fraction(1)}}), None
    except _Bail:
        return None
    return None  # a symbol, a name, π, a logarithm, a root of a surd, a power, a max: not decided here


def rational_value(e: X.Expr, memo: dict | None = None) -> Fraction | str | None:
    """e's exact value when it is rational (a Fraction), IRRATIONAL when it is proved not to be, None when its
    form is not a quotient of exponential polynomials this module decides. ``memo``: shared between values of
    one model (node identity → collected form), so a softmax denominator is collected once for its whole row."""
    got = X.fold(e, _node, memo)
    if got is None:
        return None
    num, den = got
    if den is None:
        den = {(): {1: Fraction(1)}}
    if not den:
        return None  # N / 0: undefined, not for this module to say
    k0 = next(iter(den))
    n0, q0 = next(iter(den[k0].items()))
    r = Fraction(num.get(k0, {}).get(n0, 0)) / q0  # the only rational N / D can be: N − r·D has no (k0, n0) term
    for k in set(num) | set(den):
        a, b = num.get(k, {}), den.get(k, {})
        for n in set(a) | set(b):
            if a.get(n, 0) != r * b.get(n, 0):
                return IRRATIONAL
    return r
