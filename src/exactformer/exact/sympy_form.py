"""Exact values as SymPy expressions, built only when asked (importing SymPy costs ~0.6 s)."""

from __future__ import annotations

import sympy

from . import expr as X


def to_sympy(e: X.Expr, refs: dict[str, sympy.Symbol] | None = None):
    """The SymPy expression of e, sharing subexpressions (never expanded).

    Symbolic givens are plain identifiers (checked when the case is read), so they
    become SymPy symbols of the same name; a ``Ref`` gets a neutral name ``r_k``:
    no user text ever reaches SymPy's parser.
    """
    refs = {} if refs is None else refs

    def node(n: X.Expr, cs: tuple):
        if isinstance(n, X.Const):
            q = sympy.Rational(n.value.q.numerator, n.value.q.denominator)
            return q if n.value.n == 1 else q * sympy.sqrt(n.value.n)
        if isinstance(n, X.Sym):
            return sympy.Symbol(n.name, real=True)
        if isinstance(n, X.Ref):
            return refs.setdefault(n.label, sympy.Symbol(f"r_{len(refs)}", real=True))
        if isinstance(n, X.Pi):
            return sympy.pi
        if isinstance(n, X.Add):
            return sympy.Add(*cs)
        if isinstance(n, X.Mul):
            return sympy.Mul(*cs)
        if isinstance(n, X.Div):
            return cs[0] / cs[1]
        if isinstance(n, X.Apply):
            return n.fn.sympy(sympy, cs[0])
        if isinstance(n, X.Pow):
            return sympy.Pow(cs[0], sympy.Rational(n.exponent.numerator, n.exponent.denominator))
        if isinstance(n, X.Max):
            return sympy.Max(*cs)
        raise AssertionError(type(n))

    return X.fold(e, node)
