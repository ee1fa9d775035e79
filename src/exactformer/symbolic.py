"""Exact values as SymPy expressions, built only when asked (importing SymPy costs ~0.6 s)."""

from __future__ import annotations

import sympy

from . import exact as X


def to_sympy(e: X.Expr, memo: dict[int, sympy.Expr] | None = None, refs: dict[str, sympy.Symbol] | None = None):
    """The SymPy expression of e, sharing subexpressions (never expanded).

    Symbolic givens are plain identifiers (checked when the case is read), so they
    become SymPy symbols of the same name; a ``Ref`` gets a neutral name ``r_k``.
    """
    memo = {} if memo is None else memo
    refs = {} if refs is None else refs
    got = memo.get(id(e))
    if got is not None:
        return got
    if isinstance(e, X.Const):
        s = e.value
        q = sympy.Rational(s.q.numerator, s.q.denominator)
        got = q if s.n == 1 else q * sympy.sqrt(s.n)
    elif isinstance(e, X.Sym):
        got = sympy.Symbol(e.name, real=True)
    elif isinstance(e, X.Ref):
        got = refs.setdefault(e.label, sympy.Symbol(f"r_{len(refs)}", real=True))
    elif isinstance(e, X.Add):
        got = sympy.Add(*(to_sympy(t, memo, refs) for t in e.terms))
    elif isinstance(e, X.Mul):
        got = sympy.Mul(*(to_sympy(f, memo, refs) for f in e.factors))
    elif isinstance(e, X.Div):
        got = to_sympy(e.num, memo, refs) / to_sympy(e.den, memo, refs)
    elif isinstance(e, X.Exp):
        got = sympy.exp(to_sympy(e.arg, memo, refs))
    elif isinstance(e, X.Sqrt):
        got = sympy.sqrt(to_sympy(e.arg, memo, refs))
    else:
        raise AssertionError(type(e))
    memo[id(e)] = got
    return got
