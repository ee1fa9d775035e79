"""Frozen values that cross stages: numbers as written, the model's givens, claims."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from . import exact as X
from .address import Address


@dataclass(frozen=True, slots=True)
class Number:
    """A number as the document wrote it."""

    value: X.Expr  # the exact value (a folded constant, or a symbol)
    text: str  # the digits as written, e.g. "0.20"
    decimals: int | None  # places written ("0.20": 2); None for "1/3", "√2", a symbol
    rational: Fraction | None = field(init=False, repr=False, compare=False)  # the value, when rational

    def __post_init__(self) -> None:
        object.__setattr__(self, "rational", X.rational_of(self.value))

    def interval(self) -> tuple[Fraction, Fraction]:
        """I(r) = [r − ½·10^−k, r + ½·10^−k]; a point for a number that is not a decimal."""
        r = self.rational
        assert r is not None and self.decimals is not None
        h = Fraction(1, 2) * Fraction(10) ** (-self.decimals)
        return r - h, r + h


Matrix = tuple[tuple[Number, ...], ...]


@dataclass(frozen=True, slots=True)
class Position:
    """A place in the sequence: ``label`` is ``に#2`` for a token's second occurrence."""

    index: int
    token: str
    label: str


@dataclass(frozen=True, slots=True)
class Layer:
    """One attention layer: weights (rows d_in, columns d_k/d_v), or Q/K/V given directly."""

    Wq: Matrix | None = None
    Wk: Matrix | None = None
    Wv: Matrix | None = None
    Q: Matrix | None = None  # rows by position, when given directly
    K: Matrix | None = None
    V: Matrix | None = None

    @property
    def direct(self) -> bool:
        return self.Q is not None

    @property
    def d_k(self) -> int:
        m = self.Q if self.direct else self.Wq
        assert m is not None  # a layer has Q/K/V or Wq/Wk/Wv: the loader checks
        return len(m[0])

    @property
    def d_v(self) -> int:
        m = self.V if self.direct else self.Wv
        assert m is not None
        return len(m[0])


@dataclass(frozen=True, slots=True)
class Model:
    """The givens of a case."""

    positions: tuple[Position, ...]
    embeddings: dict[str, tuple[Number, ...]]  # by distinct token; empty when Q/K/V are given
    layers: tuple[Layer, ...]
    scale: str = "sqrt_dk"  # "sqrt_dk", "none" or "number"
    scale_number: Number | None = None
    mask: str = "none"  # "none" or "causal"

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(p.label for p in self.positions)

    @property
    def n(self) -> int:
        return len(self.positions)

    def masked(self, i: int, j: int) -> bool:
        return self.mask == "causal" and j > i


@dataclass(frozen=True, slots=True)
class WorkLine:
    """A line of working as the document writes it, claimed for quantity ``of``."""

    of: Address
    text: str
    items: tuple  # parsed expressions of the chain a = b ≈ c
    rels: tuple[str, ...]
    at: str
    line: int | None


@dataclass(frozen=True, slots=True)
class Claim:
    """One scalar number a document states, at one place."""

    address: Address
    number: Number
    at: str
    seq: int  # order in the case file; operands of a work line come before its result
    line: int | None = None
    work: int | None = None  # index of the work line it comes from
    role: str = "stated"  # "stated", "operand" or "result"


@dataclass(frozen=True)
class Case:
    """A loaded case file."""

    path: str
    title: str
    source: str | None
    model: Model
    claims: tuple[Claim, ...] = ()
    work: tuple[WorkLine, ...] = ()
    unmatched: tuple[int, ...] = field(default=())  # work lines whose operands did not fit
