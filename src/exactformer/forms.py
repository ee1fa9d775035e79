"""Closed forms as plain text, in the notation the case grammar reads back (√, ·, e^(…))."""

from __future__ import annotations

from fractions import Fraction

from . import exact as X

# precedence: 1 sum, 2 product/quotient, 3 atom
_ATOM, _PROD, _SUM = 3, 2, 1


def _const(s: X.Surd) -> tuple[str, int]:
    t = s.text()
    if t.startswith("-"):
        return t, _SUM
    return t, (_PROD if ("/" in t or "√" in t[1:]) else _ATOM)


def text(e: X.Expr) -> str:
    """A closed form as one line of text: ``63√2/2500``, ``e^(11√2/625)/(e^(…) + …)``."""
    return X.fold(e, _text)[0]


def _text(e: X.Expr, cs: tuple) -> tuple[str, int]:
    """(text, precedence) of a node from its children's."""
    if isinstance(e, X.Const):
        return _const(e.value)
    if isinstance(e, X.Sym):
        return e.name, _ATOM
    if isinstance(e, X.Ref):
        return e.label, _ATOM
    if isinstance(e, X.Exp):
        return f"e^({cs[0][0]})", _ATOM
    if isinstance(e, X.Sqrt):
        return f"√({cs[0][0]})", _ATOM
    if isinstance(e, X.Add):
        out = ""
        for k, (s, _) in enumerate(cs):
            out += (" - " + s[1:]) if k and s.startswith("-") else ((" + " if k else "") + s)
        return out, _SUM
    if isinstance(e, X.Mul):
        sign, fs = "", list(zip(e.factors, cs))
        if isinstance(fs[0][0], X.Const) and fs[0][0].value == X.Surd(Fraction(-1)):
            sign, fs = "-", fs[1:]
        parts = [s if p == _ATOM or (p == _PROD and k == 0 and isinstance(f, X.Const)) else f"({s})"
                 for k, (f, (s, p)) in enumerate(fs)]
        return sign + "·".join(parts), (_SUM if sign else _PROD)
    if isinstance(e, X.Div):
        (n, pn), (d, pd) = cs
        return f"{n if pn >= _PROD else f'({n})'}/{d if pd == _ATOM else f'({d})'}", _PROD
    raise AssertionError(type(e))


def formula_line(kind: str, parts: list[str], *, times: str = "·", plus: str = " + ") -> str:
    """Join a formula's rendered inputs by its kind (the same shape for names and for numbers)."""
    if kind == "dot":
        return plus.join(f"{a}{times}{b}" for a, b in zip(parts[::2], parts[1::2]))
    if kind == "div":
        return f"{parts[0]} / {parts[1]}"
    if kind == "exp":
        return f"e^({parts[0]})"
    if kind == "sum":
        return plus.join(parts)
    if kind == "mul":
        return f"{parts[0]}{times}{parts[1]}"
    if kind == "zero":
        return "0 (masked)"
    return "given"


def formula_text(graph, a) -> str:
    """The formula of a with its inputs named: ``Q[鬼][1]·K[金棒][1] + Q[鬼][2]·K[金棒][2]``."""
    f = graph.formula(a)
    return formula_line(f.kind, [graph.name(b) for b in f.args])


def substituted_text(engine, a, sig: int) -> str:
    """The formula with each input's value substituted."""
    f = engine.graph.formula(a)
    if f.kind == "given":
        return engine.operand_text(a, sig)
    parts = [engine.operand_text(b, sig) for b in f.args]
    return formula_line(f.kind, [f"({p})" if p.startswith("-") else p for p in parts])
