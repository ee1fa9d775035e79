"""Closed forms as plain text, in the notation the case grammar reads back (√, ·, e^(…))."""

from __future__ import annotations

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
    return _text(e, {})[0]


def _text(e: X.Expr, memo: dict[int, tuple[str, int]]) -> tuple[str, int]:
    got = memo.get(id(e))
    if got is not None:
        return got
    if isinstance(e, X.Const):
        got = _const(e.value)
    elif isinstance(e, X.Sym):
        got = e.name, _ATOM
    elif isinstance(e, X.Ref):
        got = e.label, _ATOM
    elif isinstance(e, X.Exp):
        got = f"e^({_text(e.arg, memo)[0]})", _ATOM
    elif isinstance(e, X.Sqrt):
        got = f"√({_text(e.arg, memo)[0]})", _ATOM
    elif isinstance(e, X.Add):
        out = ""
        for k, t in enumerate(e.terms):
            s, _ = _text(t, memo)
            if k and s.startswith("-"):
                out += " - " + s[1:]
            else:
                out += (" + " if k else "") + s
        got = out, _SUM
    elif isinstance(e, X.Mul):
        parts = []
        fs = list(e.factors)
        sign = ""
        if isinstance(fs[0], X.Const) and fs[0].value.q == -1 and fs[0].value.n == 1:
            sign, fs = "-", fs[1:]
        for f in fs:
            s, p = _text(f, memo)
            parts.append(s if p == _ATOM or (p == _PROD and f is fs[0] and isinstance(f, X.Const)) else f"({s})")
        got = sign + "·".join(parts), (_SUM if sign else _PROD)
    elif isinstance(e, X.Div):
        n, pn = _text(e.num, memo)
        d, pd = _text(e.den, memo)
        got = f"{n if pn >= _PROD else f'({n})'}/{d if pd == _ATOM else f'({d})'}", _PROD
    else:
        raise AssertionError(type(e))
    memo[id(e)] = got
    return got


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
