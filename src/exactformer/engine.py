"""One place to ask a quantity for its exact value, closed form and certified decimal."""

from __future__ import annotations

from fractions import Fraction

from . import exact as X
from . import forms
from .address import Address
from .graph import Graph
from .model import Model, Number
from .numeric import Numeric, compare, decimal_text, fraction_text

# layer-one steps whose exact value is built cheaply (rationals and surds of the givens)
_CHEAP = frozenset({"X", "Wq", "Wk", "Wv", "Q", "K", "V", "sqrt_dk", "scores", "scaled"})
CLOSED_FORM_NODES = 3000  # a longer closed form is written in terms of the previous layer


class Engine:
    """Exact values and decisions for the quantities of one model."""

    def __init__(self, model: Model) -> None:
        self.graph = Graph(model)
        self.numeric = Numeric(self.graph)

    def cheap(self, a: Address) -> bool:
        return a.layer == 1 and a.step in _CHEAP

    def expr(self, a: Address) -> X.Expr:
        return self.graph.expr(a)

    def rational(self, a: Address) -> Fraction | None:
        """E(a) when it is a rational that is cheap to know (a layer-one step up to the scores), else None."""
        return X.rational_of(self.graph.expr(a)) if self.cheap(a) else None

    def compare(self, a: Address, x: Fraction) -> int:
        """Sign of E(a) − x, certain (ties included)."""
        r = self.rational(a)
        if r is not None:
            return (r > x) - (r < x)
        return compare(lambda p: self.numeric.ball(a, p), lambda: self.graph.expr(a), x)

    def decimal(self, a: Address, sig: int = 12) -> str:
        """E(a) to at least sig significant digits (raises SymbolicValue for a symbolic value)."""
        return decimal_text(lambda p: self.numeric.ball(a, p), lambda: self.graph.expr(a), sig,
                            exact_first=self.cheap(a))

    def symbols(self, a: Address) -> frozenset[str]:
        if not self.numeric.ball(a).is_nan():
            return frozenset()
        return X.free_symbols(self.graph.expr(a))

    def closed_form(self, a: Address) -> str:
        """The exact value as text, in the givens; past CLOSED_FORM_NODES, in the previous layer's context."""
        e = self.graph.expr(a)
        if a.layer > 1 and X.tree_size(e) > CLOSED_FORM_NODES:
            e = self.graph.expr(a, cut=a.layer)
        return forms.text(e)

    def operand_text(self, a: Address, sig: int) -> str:
        """How an input is shown once substituted: as written if given, exact if short, else a decimal."""
        f = self.graph.formula(a)
        if f.kind == "given":
            g = self.graph.given(a)
            return g.text if isinstance(g, Number) else forms.text(g)
        r = self.rational(a)
        if r is not None:
            return fraction_text(r, max(sig, 30))
        if self.cheap(a) and isinstance(self.graph.expr(a), X.Const):  # a surd such as 63√2/2500
            return forms.text(self.graph.expr(a))
        if self.symbols(a):
            return f"({forms.text(self.graph.expr(a))})"
        return self.decimal(a, sig)
