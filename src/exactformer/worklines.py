"""Match a line of working's operands to the formula of the quantity it computes.

``1.0704 / 4.3752 ≈ 0.2432`` of ``weights[鬼,金棒]`` fits ``exp[i,j] / expsum[i]``,
so it claims ``exp[鬼,金棒] = 1.0704`` and ``expsum[鬼] = 4.3752``. Matching
recurses: ``0.2368×0.43 + …`` of ``context[鬼][1]`` matches each product to a
``weighted_v`` and then to ``weights × V``. A line that does not fit is still
checked as arithmetic and reported ``unmatched``.
"""

from __future__ import annotations

from . import grammar as G
from .address import Address
from .graph import Graph

Operands = list[tuple[Address, G.Num]]


def _terms(node) -> list:
    """Flatten a chain of '+' into its terms."""
    if isinstance(node, G.Bin) and node.op == "+":
        return _terms(node.a) + _terms(node.b)
    return [node]


def match_scalar(g: Graph, a: Address, node) -> Operands | None:
    """Operand claims of node read as the value of scalar a, or None if its shape does not fit."""
    lit = G.literal_of(node)
    if lit is not None:
        return [(a, lit)]
    f = g.formula(a)
    if f.kind in ("given", "zero"):
        return []  # an exact form such as √2 for sqrt_dk claims nothing (the line's arithmetic is still checked)
    if f.kind == "exp":
        if isinstance(node, G.Call) and node.fn == "exp":
            return match_scalar(g, f.args[0], node.arg)
        if isinstance(node, G.Bin) and node.op == "^" and isinstance(node.a, G.EulerE):
            return match_scalar(g, f.args[0], node.b)
        return None
    if f.kind in ("div", "mul"):
        op = "/" if f.kind == "div" else "*"
        if not (isinstance(node, G.Bin) and node.op == op):
            return None
        pairs = [(node.a, node.b)] + ([(node.b, node.a)] if op == "*" else [])
        for x, y in pairs:
            got = _all([match_scalar(g, f.args[0], x), match_scalar(g, f.args[1], y)])
            if got is not None:
                return got
        return None
    terms = _terms(node)
    if f.kind == "sum" and len(terms) == len(f.args):
        return _all([match_scalar(g, b, t) for b, t in zip(f.args, terms)])
    if f.kind == "dot" and len(terms) * 2 == len(f.args):
        out = []
        for k, t in enumerate(terms):
            if not (isinstance(t, G.Bin) and t.op == "*"):
                return None
            got = _all([match_scalar(g, f.args[2 * k], t.a), match_scalar(g, f.args[2 * k + 1], t.b)])
            if got is None:
                return None
            out += got
        return out
    return None


def match_row(g: Graph, row: Address, node) -> Operands | None:
    """Operand claims of node read as the vector ``row`` (context[i], weighted_v[i,j], V[j], …)."""
    comps = g.scalars(row)
    if isinstance(node, G.Vec):
        if len(node.items) != len(comps):
            return None
        return _all([match_scalar(g, c, item) for c, item in zip(comps, node.items)])
    if row.step == "context":
        i = row.idx[0]
        js = [j for j in range(g.model.n) if not g.model.masked(i, j)]
        terms = _terms(node)
        if len(terms) != len(js):
            return None
        return _all([match_row(g, Address(row.layer, "weighted_v", (i, j)), t) for j, t in zip(js, terms)])
    if row.step == "weighted_v" and isinstance(node, G.Bin) and node.op == "*":
        i, j = row.idx
        w, v = Address(row.layer, "weights", (i, j)), Address(row.layer, "V", (j,))
        for x, y in ((node.a, node.b), (node.b, node.a)):
            got = _all([match_scalar(g, w, x), match_row(g, v, y)])
            if got is not None:
                return got
    return None


def _all(parts: list) -> list | None:
    if any(p is None for p in parts):
        return None
    return [x for p in parts for x in p]


def results(g: Graph, of: Address, node) -> Operands | None:
    """The claims a stated result makes: a literal for a scalar, a vector of literals for a row."""
    if of.is_scalar:
        lit = G.literal_of(node)
        return [(of, lit)] if lit is not None else None
    comps = g.scalars(of)
    if not isinstance(node, G.Vec) or len(node.items) != len(comps):
        return None
    lits = [lit for i in node.items if (lit := G.literal_of(i)) is not None]
    return list(zip(comps, lits)) if len(lits) == len(comps) else None


def operands(g: Graph, of: Address, node) -> Operands | None:
    return match_scalar(g, of, node) if of.is_scalar else match_row(g, of, node)
