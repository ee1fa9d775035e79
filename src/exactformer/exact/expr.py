"""Exact values as a small expression DAG.

Rationals and surds (q·√n) are folded as they are built, so a layer-one score is
the rational ``131/1000`` and a scaled score the surd ``63√2/2500``; ``exp``,
``log``, sums of exponentials and quotients are kept as nodes. Nodes are shared,
never expanded: every walk (balls, SymPy, text, LaTeX, sizes) is one ``fold``,
which visits each distinct node once, iteratively (a hundred layers deep is
fine), so cost follows the number of distinct nodes, never the size of the
expanded tree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from .functions import Func

T = TypeVar("T")

MAX_FOLD_BITS = 40_000  # a constant whose numerator or denominator outgrows this is refused (see SizeError)


class SizeError(ArithmeticError):
    """An exact constant too large to carry (e.g. ((10^64)^64)^64): the caller reports it as bad input."""


def _squarefree(n: int) -> tuple[int, int]:
    """Split n > 0 as s²·f with f squarefree; return (s, f). Radicands stay small (d_k, d_model, eps·…)."""
    s, f, p = 1, 1, 2
    while p * p <= n:
        if p > 100_000:  # a huge radicand: keep the rest unsplit (still exact, just not reduced)
            return s, f * n
        while n % (p * p) == 0:
            n //= p * p
            s *= p
        if n % p == 0:
            n //= p
            f *= p
        p += 1
    return s, f * n


def _check(q: Fraction) -> Fraction:
    if q.numerator.bit_length() > MAX_FOLD_BITS or q.denominator.bit_length() > MAX_FOLD_BITS:
        raise SizeError(f"an exact number with more than {MAX_FOLD_BITS * 3 // 10} digits")
    return q


@dataclass(frozen=True, slots=True)
class Surd:
    """The exact real q·√n, with n a squarefree positive integer (n = 1: rational)."""

    q: Fraction
    n: int = 1

    @staticmethod
    def sqrt(x: Fraction) -> Surd:
        """√x for a rational x ≥ 0: √(a/b) = √(ab)/b."""
        if x < 0:
            raise ValueError(f"square root of a negative number {x}")
        s, f = _squarefree(x.numerator * x.denominator)
        return Surd(_check(Fraction(s, x.denominator)), f if s else 1)

    def __mul__(self, o: Surd) -> Surd:
        s, f = _squarefree(self.n * o.n) if self.n != 1 and o.n != 1 else (1, self.n * o.n)
        return Surd(_check(self.q * o.q * s), f)

    def __truediv__(self, o: Surd) -> Surd:
        # (q1√n1)/(q2√n2) = q1/(q2·n2) · √(n1·n2)
        if o.q == 0:
            raise ZeroDivisionError("division by zero")
        return self * Surd(1 / (o.q * o.n), o.n)

    def __neg__(self) -> Surd:
        return Surd(-self.q, self.n)

    def plus(self, o: Surd) -> Surd | None:
        """The sum when it is again a surd (same radicand, or a zero), else None."""
        if o.q == 0:
            return self
        if self.q == 0:
            return o
        return Surd(_check(self.q + o.q), self.n) if self.n == o.n else None

    @property
    def rational(self) -> Fraction | None:
        return self.q if self.n == 1 or self.q == 0 else None

    def text(self) -> str:
        a, b = self.q.numerator, self.q.denominator
        if self.n == 1 or a == 0:
            head = int_text(a)
        else:
            head = ("" if a == 1 else "-" if a == -1 else int_text(a)) + f"√{self.n}"
        return head if b == 1 else f"{head}/{int_text(b)}"


INT_DIGITS = 1000  # an integer with more digits than this is written m·10^k (Python refuses str() past 4300)


def int_parts(n: int) -> tuple[str, int, bool]:
    """An integer as (digits, k, exact): n = digits·10^k when exact; else its leading digits, and more follow.
    Small integers are (str(n), 0, True); nothing here writes out a number past INT_DIGITS digits."""
    if n.bit_length() <= INT_DIGITS * 10 // 3:
        return str(n), 0, True
    neg, m = n < 0, abs(n)
    k = 0
    for step in (1000, 100, 10, 1):
        p = 10 ** step
        while m % p == 0:
            m //= p
            k += step
    sign = "-" if neg else ""
    if m.bit_length() <= INT_DIGITS * 10 // 3:
        return sign + str(m), k, True
    drop = m.bit_length() * 30103 // 100000 - 20  # keep about 20 leading digits
    return sign + str(m // 10 ** drop), k + drop, False


def int_text(n: int) -> str:
    """An integer as text: its digits, or ``m·10^k`` (``1.2…·10^k`` cut short) when it is huge."""
    digits, k, exact = int_parts(n)
    if k == 0:
        return digits
    head = digits if exact else digits + "…"
    return f"10^{k}" if head == "1" else f"{head}·10^{k}"


class Expr:
    """A node of the exact DAG (a plain slotted class: nodes are made by the million and never changed).
    Identity is the node; equal values may be distinct nodes."""

    __slots__ = ()

    def __repr__(self) -> str:  # bounded: a deep DAG prints as its head, never as its expansion
        from .text import text

        s = text(self, limit=200)
        return f"<{type(self).__name__} {s}>"


class Const(Expr):
    __slots__ = ("value",)

    def __init__(self, value: Surd) -> None:
        self.value = value


class Sym(Expr):
    """A symbolic given: ``name`` as the user wrote it (a plain identifier)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class Ref(Expr):
    """A named quantity kept opaque (its address): closed forms in terms of earlier quantities, formulas."""

    __slots__ = ("label", "key")

    def __init__(self, label: str, key: Any = None) -> None:
        self.label = label
        self.key = key  # what the label names (an Address), for printers that typeset it


class Pi(Expr):
    __slots__ = ()


class Add(Expr):
    __slots__ = ("terms",)

    def __init__(self, terms: tuple[Expr, ...]) -> None:
        self.terms = terms


class Mul(Expr):
    __slots__ = ("factors",)

    def __init__(self, factors: tuple[Expr, ...]) -> None:
        self.factors = factors


class Div(Expr):
    __slots__ = ("num", "den")

    def __init__(self, num: Expr, den: Expr) -> None:
        self.num, self.den = num, den


class Apply(Expr):
    __slots__ = ("fn", "arg")

    def __init__(self, fn: Func, arg: Expr) -> None:
        self.fn, self.arg = fn, arg


class Pow(Expr):
    """base^exponent for a rational exponent that is not an integer (10000^(1/3)); integer powers are products."""

    __slots__ = ("base", "exponent")

    def __init__(self, base: Expr, exponent: Fraction) -> None:
        self.base, self.exponent = base, exponent


class Max(Expr):
    """max of values that cannot be compared (symbols); numbers are compared and the largest kept."""

    __slots__ = ("args",)

    def __init__(self, args: tuple[Expr, ...]) -> None:
        self.args = args


ZERO = Const(Surd(Fraction(0)))
ONE = Const(Surd(Fraction(1)))
PI = Pi()


def const(x: Fraction | int | Surd) -> Const:
    if isinstance(x, Surd):
        return Const(x)
    q = _check(Fraction(x))
    if q == 0:
        return ZERO
    return ONE if q == 1 else Const(Surd(q))


def rational_of(e: Expr) -> Fraction | None:
    """The value of e when it is a rational constant, else None."""
    return e.value.rational if isinstance(e, Const) else None


def is_zero(e: Expr) -> bool:
    return isinstance(e, Const) and e.value.q == 0


def add(*xs: Expr) -> Expr:
    """Σ xs, folding constants that stay surds."""
    terms: list[Expr] = []
    consts: list[Surd] = []
    for x in xs:
        for t in x.terms if isinstance(x, Add) else (x,):
            if isinstance(t, Const):
                for k, c in enumerate(consts):
                    s = c.plus(t.value)
                    if s is not None:
                        consts[k] = s
                        break
                else:
                    consts.append(t.value)
            else:
                terms.append(t)
    merged = _common_denominator(terms) if not any(c.q != 0 for c in consts) else None
    if merged is not None:
        return merged
    terms += [Const(c) for c in consts if c.q != 0]
    if not terms:
        return ZERO
    return terms[0] if len(terms) == 1 else Add(tuple(terms))


def _common_denominator(terms: list[Expr]) -> Expr | None:
    """Σ c_k·(n_k/d) over one shared denominator node d is (Σ c_k·n_k)/d: a context vector reads
    (0.43·e^… + 0.6·e^… + …)/(e^… + …) instead of a sum of n fractions."""
    if len(terms) < 2:
        return None
    den, nums = None, []
    for t in terms:
        c: Expr = ONE
        if isinstance(t, Mul) and len(t.factors) == 2 and isinstance(t.factors[0], Const) and \
                isinstance(t.factors[1], Div):
            c, t = t.factors[0], t.factors[1]
        if not isinstance(t, Div) or (den is not None and t.den is not den):
            return None
        den = t.den
        nums.append(mul(c, t.num))
    assert den is not None
    return Div(add(*nums), den)


def mul(*xs: Expr) -> Expr:
    """Π xs, folding constants; a zero constant annihilates."""
    c = Surd(Fraction(1))
    rest: list[Expr] = []
    for x in xs:
        for f in x.factors if isinstance(x, Mul) else (x,):
            if isinstance(f, Const):
                c = c * f.value
            else:
                rest.append(f)
    if c.q == 0:
        return ZERO
    if not rest:
        return Const(c)
    if c != Surd(Fraction(1)):
        rest.insert(0, Const(c))
    return rest[0] if len(rest) == 1 else Mul(tuple(rest))


def neg(x: Expr) -> Expr:
    return mul(const(-1), x)


def sub(a: Expr, b: Expr) -> Expr:
    return add(a, neg(b))


def div(a: Expr, b: Expr) -> Expr:
    """a / b; a constant divisor folds into a coefficient."""
    if isinstance(b, Const):
        return mul(Const(Surd(Fraction(1)) / b.value), a)
    if is_zero(a):
        return ZERO
    return Div(a, b)


def apply(fn: Func, x: Expr) -> Expr:
    """fn(x), folded where the value is exact: e^0 = 1, ln 1 = 0, √(rational) a surd, sin 0 = 0 …"""
    r = rational_of(x)
    if fn is Func.SQRT:
        if r is not None:
            return Const(Surd.sqrt(r))
        if isinstance(x, Const):  # √(q√n) is not a surd: keep the node
            return Apply(fn, x)
    if r == 0 and fn in (Func.EXP, Func.COS):
        return ONE
    if r == 0 and fn in (Func.ERF, Func.TANH, Func.SIN, Func.RELU, Func.STEP):
        return ZERO
    if r == 1 and fn is Func.LOG:
        return ZERO
    if fn is Func.RELU and isinstance(x, Const):
        return x if x.value.q > 0 else ZERO
    if fn is Func.STEP and isinstance(x, Const):
        return ONE if x.value.q > 0 else ZERO
    return Apply(fn, x)


def exp(x: Expr) -> Expr:
    return apply(Func.EXP, x)


def log(x: Expr) -> Expr:
    return apply(Func.LOG, x)


def sqrt(x: Expr) -> Expr:
    return apply(Func.SQRT, x)


def power(x: Expr, k: int) -> Expr:
    """x^k for an integer k (negative: 1/x^|k|), by squaring (|k| is bounded by the callers)."""
    if k == 0:
        return ONE
    out: Expr = ONE
    base, n = x, abs(k)
    while n:
        if n & 1:
            out = mul(out, base)
        n >>= 1
        if n:
            base = mul(base, base)
    return out if k > 0 else div(ONE, out)


def rational_power(x: Expr, e: Fraction) -> Expr:
    """x^e for a rational e: integer powers multiply, ½ is a square root, an exact root folds (10000^(1/2) = 100)."""
    if e.denominator == 1:
        return power(x, e.numerator)
    if e.denominator == 2:
        return power(sqrt(x), e.numerator)
    r = rational_of(x)
    if r is not None and r > 0:
        num, den = _exact_root(r.numerator, e.denominator), _exact_root(r.denominator, e.denominator)
        if num is not None and den is not None:
            return power(const(Fraction(num, den)), e.numerator)
    return Pow(x, e)


def _exact_root(n: int, k: int) -> int | None:
    if n.bit_length() > 4000:
        return None
    r = round(n ** (1 / k)) if n.bit_length() < 1000 else None
    if r is None:
        lo, hi = 0, 1 << (n.bit_length() // k + 1)
        while lo < hi:
            mid = (lo + hi) // 2
            if mid ** k < n:
                lo = mid + 1
            else:
                hi = mid
        r = lo
    for c in (r - 1, r, r + 1):
        if c >= 0 and c ** k == n:
            return c
    return None


def children(e: Expr) -> tuple[Expr, ...]:
    if isinstance(e, Add):
        return e.terms
    if isinstance(e, Mul):
        return e.factors
    if isinstance(e, Div):
        return (e.num, e.den)
    if isinstance(e, (Apply, Pow)):
        return (e.arg,) if isinstance(e, Apply) else (e.base,)
    if isinstance(e, Max):
        return e.args
    return ()


def fold(e: Expr, f: Callable[[Expr, tuple], T], memo: dict[Any, Any] | None = None) -> T:
    """f(node, values of its children), bottom-up, once per distinct node: the DAG is never expanded.

    Iterative (no recursion limit). ``memo`` (keyed by node identity) may be shared between calls, so a
    second walk over the same subgraph is free: the root of every walk is kept alive in the memo, so no id
    in it can ever be reused by another node.
    """
    if memo is None:
        memo = {}
    else:
        memo.setdefault(_ALIVE, []).append(e)
    if id(e) in memo:
        return memo[id(e)]
    stack: list[tuple[Expr, bool]] = [(e, False)]
    while stack:
        node, ready = stack.pop()
        key = id(node)
        if key in memo:
            continue
        kids = children(node)
        if ready or not kids:
            memo[key] = f(node, tuple(memo[id(c)] for c in kids))
            continue
        stack.append((node, True))
        stack.extend((c, False) for c in kids if id(c) not in memo)
    return memo[id(e)]


_ALIVE = "alive"  # a memo's key for the roots it must keep alive (node keys are ints)


def free_symbols(e: Expr, memo: dict | None = None) -> frozenset[str]:
    """Names of the symbolic givens e depends on."""
    return fold(e, lambda n, cs: frozenset((n.name,)) if isinstance(n, Sym) else frozenset().union(*cs), memo)


def natural_order(names) -> list[str]:
    """Symbol names in natural order: s1, s2, s10, s100 (digit runs compared as numbers), not s1, s10, s100, s2."""
    import re

    return sorted(names, key=lambda n: [(0, int(p), p) if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", n)])


def tree_size(e: Expr, memo: dict | None = None, cap: int | None = None) -> int:
    """Node count of e written out as a tree (shared nodes counted each time), capped at ``cap``. Without a memo,
    a capped count stops as soon as it passes the cap: it costs at most ``cap`` steps, however large the DAG."""
    if cap is None:
        return fold(e, lambda n, cs: 1 + sum(cs), memo)
    if memo is None:
        count, stack = 0, [e]
        while stack:
            count += 1
            if count >= cap:
                return cap
            stack.extend(children(stack.pop()))
        return count
    return fold(e, lambda n, cs: min(cap, 1 + sum(cs)), memo)


def substitute(e: Expr, refs: Callable[[Ref], Expr], *, structural: bool = False) -> Expr:
    """e with every Ref replaced (a formula's slots filled with values or names); ``structural`` keeps the
    sums and products as they are (a formula shown with its numbers) instead of folding them."""
    def node(n: Expr, cs: tuple) -> Expr:
        if isinstance(n, Ref):
            return refs(n)
        if isinstance(n, Add):
            return Add(cs) if structural else add(*cs)
        if isinstance(n, Mul):
            return Mul(cs) if structural else mul(*cs)
        if isinstance(n, Div):
            return div(cs[0], cs[1])
        if isinstance(n, Apply):
            return apply(n.fn, cs[0])
        if isinstance(n, Pow):
            return rational_power(cs[0], n.exponent)
        if isinstance(n, Max):
            return Max(cs)
        return n

    return fold(e, node)
