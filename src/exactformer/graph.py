"""The computation as a graph of named quantities (case-format.md's address table).

Nothing is materialised up front: ``formula(a)`` says how quantity ``a`` is made
and from which addresses, ``expr(a)`` builds its exact value on demand, sharing
every input's node, so cost grows with the number of quantities, never with the
size of an expanded expression.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from . import exact as X
from .address import SHAPES, Address, format_address, parse_address
from .errors import AddressError
from .model import Model, Number

# paper order; within a layer, a step's inputs come from earlier steps
ORDER = ("X", "Wq", "Wk", "Wv", "Q", "K", "V", "sqrt_dk", "scores", "scaled", "exp", "expsum",
         "weights", "weighted_v", "context")


@dataclass(frozen=True, slots=True)
class Formula:
    """How a quantity is made: ``dot`` takes args as pairs (a₁, b₁, a₂, b₂, …)."""

    kind: str  # given, dot, div, exp, sum, mul, zero
    args: tuple[Address, ...] = ()


class Graph:
    """Quantities of one model: shapes, formulas, exact values."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.labels = model.labels
        self.n_layers = len(model.layers)
        self._expr: dict[tuple[Address, int], X.Expr] = {}
        self.d_model = len(next(iter(model.embeddings.values()))) if model.embeddings else None

    # ---- shapes and names -------------------------------------------------------------
    def dims(self, layer: int, step: str) -> tuple[int, ...] | None:
        """Index ranges of a step in a layer, or None when the step does not exist there."""
        m, L = self.model, self.model.layers[layer - 1]
        n = m.n
        d_in = (self.d_model or 0) if layer == 1 else m.layers[layer - 2].d_v  # 0: Q/K/V given, no weights
        table: dict[str, tuple[int, ...] | None] = {
            "X": (n, self.d_model) if layer == 1 and self.d_model else None,
            "Wq": None if L.direct else (d_in, L.d_k),
            "Wk": None if L.direct else (d_in, L.d_k),
            "Wv": None if L.direct else (d_in, L.d_v),
            "Q": (n, L.d_k), "K": (n, L.d_k), "V": (n, L.d_v), "sqrt_dk": (),
            "scores": (n, n), "scaled": (n, n), "exp": (n, n), "expsum": (n,), "weights": (n, n),
            "weighted_v": (n, n, L.d_v), "context": (n, L.d_v),
        }
        return table[step]

    def shape(self, layer: int, step: str) -> tuple[int, ...]:
        """Index ranges of a step known to exist in this layer."""
        dims = self.dims(layer, step)
        assert dims is not None, (layer, step)
        return dims

    def check(self, a: Address) -> Address:
        """Return a if it names a quantity (or a row of them); raise AddressError if not."""
        dims = self.dims(a.layer, a.step)
        if dims is None:
            raise AddressError(f"{self.name(a)}: this case has no {a.step} in layer {a.layer}")
        for k, (i, d) in enumerate(zip(a.idx, dims)):
            if not 0 <= i < d:
                what = "position" if SHAPES[a.step][k] == "p" else "index"
                raise AddressError(f"{self.name(a)}: {what} {i + 1} is out of range 1..{d}")
        if a.step == "exp" and len(a.idx) == 2 and self.model.masked(*a.idx):
            raise AddressError(f"{self.name(a)} is masked by the causal mask: it has no exp (its weight is 0)")
        return a

    def parse(self, text: str) -> Address:
        return self.check(parse_address(text, self.labels, n_layers=self.n_layers))

    def name(self, a: Address) -> str:
        return format_address(a, self.labels)

    def scalars(self, a: Address) -> list[Address]:
        """The scalar addresses under a (a itself when scalar), in reading order."""
        dims = self.dims(a.layer, a.step) or ()
        rest = [range(d) for d in dims[len(a.idx):]]
        out = [a.with_idx(*t) for t in product(*rest)]
        if a.step == "exp":
            out = [b for b in out if not self.model.masked(*b.idx)]
        return out

    def steps(self, layer: int) -> list[str]:
        return [s for s in ORDER if self.dims(layer, s) is not None]

    # ---- formulas ---------------------------------------------------------------------
    def formula(self, a: Address) -> Formula:
        """The formula of a scalar quantity and its input addresses."""
        layer, s, ix = a.layer, a.step, a.idx
        A = lambda step, *idx, at=layer: Address(at, step, idx)  # noqa: E731
        m = self.model
        if s in ("X", "Wq", "Wk", "Wv", "sqrt_dk") or (s in "QKV" and m.layers[layer - 1].direct):
            return Formula("given")
        if s in "QKV":
            t, c = ix
            d_in = len(getattr(m.layers[layer - 1], "W" + s.lower()))
            xin = (lambda k: A("X", t, k)) if layer == 1 else (lambda k: A("context", t, k, at=layer - 1))
            return Formula("dot", tuple(x for k in range(d_in) for x in (xin(k), A("W" + s.lower(), k, c))))
        if s == "scores":
            i, j = ix
            return Formula("dot", tuple(x for k in range(m.layers[layer - 1].d_k) for x in (A("Q", i, k), A("K", j, k))))
        if s == "scaled":
            return Formula("div", (A("scores", *ix), A("sqrt_dk")))
        if s == "exp":
            return Formula("exp", (A("scaled", *ix),))
        if s == "expsum":
            (i,) = ix
            return Formula("sum", tuple(A("exp", i, j) for j in range(m.n) if not m.masked(i, j)))
        if s == "weights":
            if m.masked(*ix):
                return Formula("zero")
            return Formula("div", (A("exp", *ix), A("expsum", ix[0])))
        if s == "weighted_v":
            i, j, c = ix
            if m.masked(i, j):
                return Formula("zero")
            return Formula("mul", (A("weights", i, j), A("V", j, c)))
        if s == "context":
            i, c = ix
            return Formula("sum", tuple(A("weighted_v", i, j, c) for j in range(m.n) if not m.masked(i, j)))
        raise AssertionError(s)

    def given(self, a: Address) -> Number | X.Expr:
        """The given number at a given address (sqrt_dk: its exact value)."""
        m, L = self.model, self.model.layers[a.layer - 1]
        if a.step == "X":
            return m.embeddings[m.positions[a.idx[0]].token][a.idx[1]]
        if a.step == "sqrt_dk":
            if m.scale == "number":
                assert m.scale_number is not None
                return m.scale_number
            return X.ONE if m.scale == "none" else X.Const(X.Surd.sqrt(Fraction(L.d_k)))
        table = getattr(L, a.step)
        return table[a.idx[0]][a.idx[1]]

    # ---- exact values -----------------------------------------------------------------
    def expr(self, a: Address, cut: int = 1) -> X.Expr:
        """Exact value of scalar a; layers below ``cut`` stay as named references."""
        key = (a, cut)
        got = self._expr.get(key)
        if got is not None:
            return got
        if a.layer < cut:
            got = X.Ref(self.name(a))
        else:
            got = self._build(a, cut)
        self._expr[key] = got
        return got

    def _build(self, a: Address, cut: int) -> X.Expr:
        f = self.formula(a)
        e = lambda b: self.expr(b, cut)  # noqa: E731
        if f.kind == "given":
            g = self.given(a)
            return g.value if isinstance(g, Number) else g
        if f.kind == "zero":
            return X.ZERO
        if f.kind == "dot":
            return X.add(*(X.mul(e(p), e(q)) for p, q in zip(f.args[::2], f.args[1::2])))
        if f.kind == "div":
            return X.div(e(f.args[0]), e(f.args[1]))
        if f.kind == "exp":
            return X.exp(e(f.args[0]))
        if a.step == "context":
            # Σ_j V[j]·e^{s_ij} / Σ_j e^{s_ij}: one shared denominator reads better than n of them
            i, c = a.idx
            terms = [X.mul(e(Address(a.layer, "V", (w.idx[1], c))), e(Address(a.layer, "exp", (i, w.idx[1]))))
                     for w in f.args]
            return X.div(X.add(*terms), e(Address(a.layer, "expsum", (i,))))
        if f.kind == "sum":
            return X.add(*(e(b) for b in f.args))
        if f.kind == "mul":
            return X.mul(e(f.args[0]), e(f.args[1]))
        raise AssertionError(f.kind)

    def depth(self, a: Address) -> int:
        """Position in the pipeline: inputs always have a smaller depth."""
        return (a.layer - 1) * len(ORDER) + ORDER.index(a.step)
