"""The math functions an exact value may apply, one row each (as jax and tinygrad register an op): how the
text and TeX printers write it, its SymPy form, its arb ball, how it maps an interval, and its name in a line
of working. Every printer, evaluator and reader takes a function's part from its row, so adding a function
is one row here (and, where it needs one, the kinds' formula that uses it)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

from flint import arb


class IntervalRule(enum.Enum):
    """How a function maps an interval of arguments (numeric.backends.IntervalBackend)."""

    INCREASING = "increasing"  # the function of each end
    ENCLOSE = "enclose"  # the function of one ball holding the whole interval (sin, cos)
    DECIDED = "decided"  # a branch (ReLU, its step): each backend decides it by its own means


class Domain(enum.Enum):
    REAL = "real"
    NONNEGATIVE = "nonnegative"  # an interval is cut to its part ≥ 0; a line of working's negative is refused
    POSITIVE = "positive"  # an interval that reaches 0 is undefined


def _step_ball(a: arb) -> arb:
    """ReLU′ of a ball: 1, 0, or [0, 1] when the ball holds 0 and more (undecided at this precision)."""
    return arb(1) if a > 0 else arb(0) if (a < 0 or a.is_zero()) else arb(0.5, 0.5)


class Func(enum.Enum):
    """The functions an exact value may apply; the value is the name printed for it."""

    _value_: str
    text: str  # as exact.text writes it, "{}" the argument
    tex: str | None  # the name a TeX or MathML call writes; None: a layout of its own (exact.latex)
    sympy: Callable[[Any, Any], Any]  # (the sympy module, its argument) -> its SymPy form
    ball: Callable[[arb], arb]  # its arb ball, for a node of an exact value
    interval: IntervalRule
    domain: Domain
    words: str  # what a message calls it
    method: str  # the backends' method for it (numeric.backends: M.exp, M.tanh, …)
    grammar: str | None  # its name in a line of working (read.grammar); None: never written in one

    def __new__(cls, name: str, text: str, tex: str | None, sympy: Callable[[Any, Any], Any],
                ball: Callable[[arb], arb], interval: IntervalRule, domain: Domain, words: str, method: str,
                grammar: str | None) -> Func:
        obj = object.__new__(cls)
        obj._value_ = name
        obj.text, obj.tex, obj.sympy, obj.ball, obj.interval = text, tex, sympy, ball, interval
        obj.domain, obj.words, obj.method, obj.grammar = domain, words, method, grammar
        return obj

    EXP = ("exp", "e^({})", None, lambda sp, a: sp.exp(a), arb.exp, IntervalRule.INCREASING, Domain.REAL,
           "exponential", "exp", "exp")
    LOG = ("ln", "ln({})", "ln", lambda sp, a: sp.log(a), arb.log, IntervalRule.INCREASING, Domain.POSITIVE,
           "logarithm", "log", "ln")
    SQRT = ("sqrt", "√({})", None, lambda sp, a: sp.sqrt(a), arb.sqrt, IntervalRule.INCREASING, Domain.NONNEGATIVE,
            "square root", "sqrt", "sqrt")
    ERF = ("erf", "erf({})", "erf", lambda sp, a: sp.erf(a), arb.erf, IntervalRule.INCREASING, Domain.REAL,
           "erf", "erf", "erf")
    TANH = ("tanh", "tanh({})", "tanh", lambda sp, a: sp.tanh(a), arb.tanh, IntervalRule.INCREASING, Domain.REAL,
            "tanh", "tanh", "tanh")
    SIN = ("sin", "sin({})", "sin", lambda sp, a: sp.sin(a), arb.sin, IntervalRule.ENCLOSE, Domain.REAL,
           "sine", "sin", "sin")
    COS = ("cos", "cos({})", "cos", lambda sp, a: sp.cos(a), arb.cos, IntervalRule.ENCLOSE, Domain.REAL,
           "cosine", "cos", "cos")
    # only for a value that cannot be decided (a symbol); numbers decide it
    RELU = ("relu", "max(0, {})", None, lambda sp, a: sp.Max(0, a), lambda a: a.max(0), IntervalRule.DECIDED,
            Domain.REAL, "ReLU", "relu", "relu")
    # Heaviside with H(0) = 0 (ReLU's derivative), likewise only for an undecidable value
    STEP = ("H", "[{} > 0]", None, lambda sp, a: sp.Heaviside(a, 0), _step_ball, IntervalRule.DECIDED, Domain.REAL,
            "step", "step", None)


BY_GRAMMAR = {f.grammar: f for f in Func if f.grammar is not None}  # a line of working's name -> its function
