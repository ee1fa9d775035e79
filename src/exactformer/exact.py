"""Exact values as a small expression DAG.

Rationals and surds (q·√n) are folded as they are built, so a layer-one score is
the rational ``131/1000`` and a scaled score the surd ``63√2/2500``; ``exp``, sums
of exponentials and quotients are kept as nodes. Nodes are shared, never
expanded: evaluating is once per distinct node (see ``numeric``), printing a
closed form is on demand, and SymPy is imported only by ``to_sympy``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce
from typing import Any, TypeVar

T = TypeVar("T")


def _squarefree(n: int) -> tuple[int, int]:
    """Split n > 0 as s²·f with f squarefree; return (s, f)."""
    s, f, p = 1, 1, 2
    while p * p <= n:
        while n % (p * p) == 0:
            n //= p * p
            s *= p
        if n % p == 0:
            n //= p
            f *= p
        p += 1
    return s, f * n


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
        return Surd(Fraction(s, x.denominator), f if s else 1)

    def __mul__(self, o: Surd) -> Surd:
        s, f = _squarefree(self.n * o.n)
        return Surd(self.q * o.q * s, f)

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
        return Surd(self.q + o.q, self.n) if self.n == o.n else None

    @property
    def rational(self) -> Fraction | None:
        return self.q if self.n == 1 or self.q == 0 else None

    def text(self) -> str:
        a, b = self.q.numerator, self.q.denominator
        if self.n == 1 or a == 0:
            head = str(a)
        else:
            head = ("" if a == 1 else "-" if a == -1 else str(a)) + f"√{self.n}"
        return head if b == 1 else f"{head}/{b}"


class Expr:
    """A node of the exact DAG. Identity is the node; equal values may be distinct nodes."""

    __slots__ = ()


@dataclass(frozen=True, eq=False, slots=True)
class Const(Expr):
    value: Surd


@dataclass(frozen=True, eq=False, slots=True)
class Sym(Expr):
    """A symbolic given: ``name`` as the user wrote it (a plain identifier)."""

    name: str


@dataclass(frozen=True, eq=False, slots=True)
class Ref(Expr):
    """A named quantity kept opaque (its address), for closed forms of deep layers."""

    label: str


@dataclass(frozen=True, eq=False, slots=True)
class Add(Expr):
    terms: tuple[Expr, ...]


@dataclass(frozen=True, eq=False, slots=True)
class Mul(Expr):
    factors: tuple[Expr, ...]


@dataclass(frozen=True, eq=False, slots=True)
class Div(Expr):
    num: Expr
    den: Expr


@dataclass(frozen=True, eq=False, slots=True)
class Exp(Expr):
    arg: Expr


@dataclass(frozen=True, eq=False, slots=True)
class Sqrt(Expr):
    """√arg for an argument that is not a constant (constants fold to ``Surd``)."""

    arg: Expr


ZERO = Const(Surd(Fraction(0)))
ONE = Const(Surd(Fraction(1)))


def const(x: Fraction | int | Surd) -> Const:
    return Const(x if isinstance(x, Surd) else Surd(Fraction(x)))


def rational_of(e: Expr) -> Fraction | None:
    """The value of e when it is a rational constant, else None."""
    return e.value.rational if isinstance(e, Const) else None


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
    terms += [Const(c) for c in consts if c.q != 0]
    if not terms:
        return ZERO
    return terms[0] if len(terms) == 1 else Add(tuple(terms))


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
    if isinstance(a, Const) and a.value.q == 0:
        return ZERO
    return Div(a, b)


def exp(x: Expr) -> Expr:
    return ONE if isinstance(x, Const) and x.value.q == 0 else Exp(x)


def sqrt(x: Expr) -> Expr:
    r = rational_of(x)
    return Const(Surd.sqrt(r)) if r is not None else Sqrt(x)


def power(x: Expr, k: int) -> Expr:
    """x^k for an integer k (negative: 1/x^|k|)."""
    if k == 0:
        return ONE
    p = reduce(lambda a, _: mul(a, x), range(abs(k) - 1), x)
    return p if k > 0 else div(ONE, p)


def children(e: Expr) -> tuple[Expr, ...]:
    if isinstance(e, Add):
        return e.terms
    if isinstance(e, Mul):
        return e.factors
    if isinstance(e, Div):
        return (e.num, e.den)
    if isinstance(e, (Exp, Sqrt)):
        return (e.arg,)
    return ()


def fold(e: Expr, f: Callable[[Expr, tuple], T], memo: dict[int, Any] | None = None) -> T:
    """f(node, values of its children), bottom-up, once per distinct node: the DAG is never expanded.

    Every walk over exact values (balls, SymPy, text, symbols, sizes) is one ``f``.
    """
    memo = {} if memo is None else memo
    if id(e) not in memo:
        memo[id(e)] = f(e, tuple(fold(c, f, memo) for c in children(e)))
    return memo[id(e)]


def free_symbols(e: Expr) -> frozenset[str]:
    """Names of the symbolic givens e depends on."""
    return fold(e, lambda n, cs: frozenset((n.name,)) if isinstance(n, Sym) else frozenset().union(*cs))


def tree_size(e: Expr) -> int:
    """Node count of e written out as a tree (shared nodes counted each time)."""
    return fold(e, lambda n, cs: 1 + sum(cs))
