"""Frozen values that cross stages: numbers as written, positions, the model's settings, claims."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..exact import expr as X


@dataclass(frozen=True, slots=True)
class Number:
    """A number as the document wrote it."""

    value: X.Expr  # the exact value (a folded constant, or a symbol)
    text: str  # the digits as written, e.g. "0.20"
    decimals: int | None  # places written ("0.20": 2); None for "1/3", "√2", a symbol
    rational: Fraction | None = field(init=False, repr=False, compare=False)  # the value, when rational
    _interval: tuple[Fraction, Fraction] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rational", X.rational_of(self.value))

    def interval(self) -> tuple[Fraction, Fraction]:
        """I(r) = [r − ½·10^−k, r + ½·10^−k]; a point for a number that is not a decimal. Worked out once (the
        audit and the search for why ask for it of every claim under every model they try)."""
        got = self._interval
        if got is None:
            r = self.rational
            assert r is not None
            if self.decimals is None:
                got = (r, r)
            else:
                h = Fraction(1, 2) * Fraction(10) ** (-self.decimals)
                got = (r - h, r + h)
            object.__setattr__(self, "_interval", got)
        return got

    @staticmethod
    def of(q: Fraction | int) -> Number:
        """An exact constant with no written digits (a default γ = 1)."""
        return Number(X.const(q), str(q), None)


def exact_of(v: Number | X.Expr) -> X.Expr:
    """The exact value of a given: a Number as written, or an exact expression (√d_k, a sinusoid)."""
    return v.value if isinstance(v, Number) else v


Vector = tuple[Number, ...]
Matrix = tuple[Vector, ...]


@dataclass(frozen=True, slots=True)
class Position:
    """A place in the sequence: ``label`` is ``に#2`` for a token's second occurrence."""

    index: int
    token: str
    label: str


class Layout(enum.Enum):
    ROW = "row"  # x·W, W is in×out
    COLUMN = "column"  # W·x, W is out×in (PyTorch's nn.Linear.weight)


class Mask(enum.Enum):
    NONE = "none"
    CAUSAL = "causal"
    NO_SELF = "no_self"  # attention to the other tokens only (model.md 6b)
    PADDING = "padding"  # a key padding mask: no query looks at a padding token (<pad>, [PAD])


PAD_TOKEN = re.compile(r"<pad>|\[pad\]|pad|<\|pad\|>|\[PAD\]", re.IGNORECASE)  # what padding tokens are called


class ScaleKind(enum.Enum):
    SQRT_DK = "sqrt_dk"
    NONE = "none"
    NUMBER = "number"


@dataclass(frozen=True)
class Scale:
    kind: ScaleKind = ScaleKind.SQRT_DK
    number: Number | None = None


class Softmax(enum.Enum):
    PLAIN = "plain"
    MAX_SHIFTED = "max_shifted"


class SoftmaxOver(enum.Enum):
    """What an attention softmax normalises: each query's row (the definition), or the whole score matrix at once
    (code that sums np.exp(x) with no axis: one sum, and one max, over every unmasked cell)."""

    ROWS = "rows"
    ALL = "all"


class EmbedScale(enum.Enum):
    NONE = "none"
    SQRT_DMODEL = "sqrt_dmodel"


class PositionKind(enum.Enum):
    SINUSOIDAL = "sinusoidal"
    LEARNED = "learned"


class PositionOrder(enum.Enum):
    INTERLEAVED = "interleaved"
    HALVES = "halves"


@dataclass(frozen=True)
class Positions:
    kind: PositionKind
    base: Number | None = None
    start: int = 0
    order: PositionOrder = PositionOrder.INTERLEAVED
    table: tuple[Vector, ...] = ()  # learned: one row per position


@dataclass(frozen=True)
class Block:
    """One block of a layer: its unique name, its kind's module name, and the kind's own settings."""

    name: str
    kind: str  # "attention", "residual", "layernorm", "ffn", "linear"
    config: Any


@dataclass(frozen=True)
class Layer:
    blocks: tuple[Block, ...]


class LossKind(enum.Enum):
    CROSS_ENTROPY = "cross_entropy"
    SQUARED_ERROR = "squared_error"
    MSE = "mse"  # PyTorch's MSELoss, Keras' mean_squared_error: the mean of (t − o)² over every component
    BCE = "bce"  # binary cross-entropy of a sigmoid output: −[t·ln o + (1 − t)·ln(1 − o)], the mean over components
    GIVEN_GRADIENT = "given_gradient"


class LogBase(enum.Enum):
    LN = "ln"
    LOG2 = "log2"
    LOG10 = "log10"

    @property
    def base(self) -> X.Expr | None:
        return {LogBase.LN: None, LogBase.LOG2: X.const(2), LogBase.LOG10: X.const(10)}[self]


class Reduction(enum.Enum):
    MEAN = "mean"
    SUM = "sum"


class Update(enum.Enum):
    SIMULTANEOUS = "simultaneous"
    SEQUENTIAL = "sequential"


@dataclass(frozen=True)
class Head:
    """The output head: logits = h·W + b over ``vocab``, then softmax (``probs``)."""

    vocab: tuple[str, ...]
    W: Matrix | None  # d_model×|vocab| as the row layout reads it; None when tied
    tied: bool = False
    b: Vector | None = None
    ln: Any = None  # a layernorm config (GPT-2's ln_f), or None
    transpose: bool = False  # W written |vocab|×d_model (column layout)
    temperature: Any = None  # a Number T per position: the softmax is of logits / T (sampling), or None


@dataclass(frozen=True)
class Loss:
    kind: LossKind
    targets: tuple[tuple[int, Any], ...]  # (position, target token | vector of Numbers)
    log: LogBase = LogBase.LN
    reduction: Reduction = Reduction.MEAN
    dy: tuple[tuple[int, Vector], ...] = ()  # given_gradient: (position, upstream gradient row)


MAX_STEPS = 10_000_000  # the most training steps a case or --steps may ask for


@dataclass(frozen=True)
class Train:
    lr: Number
    # steps ≤ MAX_STEPS (the case file and --steps alike): a run that could never finish is refused
    steps: int
    params: tuple[str, ...] | None = None  # None: all
    frozen: tuple[str, ...] = ()
    update: Update = Update.SIMULTANEOUS


@dataclass(frozen=True)
class Model:
    """The givens of a case and its conventions."""

    positions: tuple[Position, ...]
    embeddings: dict[str, Vector]  # by distinct token; empty when Q/K/V are given
    layers: tuple[Layer, ...]
    scale: Scale = Scale()
    mask: Mask = Mask.NONE
    layout: Layout = Layout.ROW
    softmax: Softmax = Softmax.PLAIN
    embed_scale: EmbedScale = EmbedScale.NONE
    pos_enc: Positions | None = None
    head: Head | None = None
    loss: Loss | None = None
    train: Train | None = None
    names: tuple[tuple[str, str], ...] = ()  # a document's own symbol -> address text
    # givens = "rounded" (model.md 6b): each given written with k decimals stands for [g − ½·10⁻ᵏ, g + ½·10⁻ᵏ];
    # givens = ["Wq", …]: only those (weights a program printed beside inputs typed exactly)
    rounded_givens: bool = False
    rounded_only: tuple[str, ...] = ()

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(p.label for p in self.positions)

    @property
    def n(self) -> int:
        return len(self.positions)

    @property
    def tokens(self) -> tuple[str, ...]:
        """Distinct tokens of the sentence in order of first occurrence."""
        return tuple(dict.fromkeys(p.token for p in self.positions))

    @property
    def vocabulary(self) -> tuple[str, ...]:
        """The embedding table's rows (model.md 6b): the sentence's tokens, then any other word given an
        embedding; the head's vocabulary by default."""
        return tuple(self.embeddings) if self.embeddings else self.tokens


class Precision(enum.StrEnum):
    """How a claim's number was computed: exactly (a person's working, rounded to its digits), or by a program in
    binary floating point (right to its digits, or within a few ulps of that arithmetic)."""

    EXACT = "exact"
    FLOAT64 = "float64"
    FLOAT32 = "float32"

    @property
    def bits(self) -> int | None:
        """The significand's fraction bits (52, 23): an ulp of 1 is 2^-bits; None when exact."""
        return _BINARY[self][0] if self in _BINARY else None

    @property
    def tiniest(self) -> int:
        """e of the smallest subnormal step 2^-e (1074, 149): the ulp at 0."""
        return _BINARY[self][1]


_BINARY = {Precision.FLOAT64: (52, 1074), Precision.FLOAT32: (23, 149)}  # IEEE 754 double and single


@dataclass(frozen=True, slots=True)
class WorkLine:
    """A line of working as the document writes it, claimed for quantity ``of`` (None: arithmetic only)."""

    of: Any  # an Address, or None
    text: str
    items: tuple  # parsed expressions of the chain a = b ≈ c
    rels: tuple[str, ...]
    at: str
    line: int | None
    precision: Precision = Precision.EXACT
    source_line: int | None = None  # the line in the document it was read from (None: the case file's line)
    source_col: int | None = None
    own: bool = False  # of = "arithmetic": its numbers are claims of its own arithmetic (no quantity's)


class Role(enum.StrEnum):
    STATED = "stated"
    OPERAND = "operand"
    RESULT = "result"


@dataclass(frozen=True, slots=True)
class Claim:
    """One scalar number a document states, at one place."""

    address: Any  # model.address.Address
    number: Number
    at: str
    seq: int  # order in the case file; operands of a work line come before its result
    line: int | None = None
    work: int | None = None  # index of the work line it comes from
    role: Role = Role.STATED
    precision: Precision = Precision.EXACT  # a program's float print may be off by a few ulps
    source_line: int | None = None  # the line in the document it was read from (None: the case file's line)
    source_col: int | None = None  # 1-based column there, when the reader knows it
    written: str | None = None  # its address as the case or document wrote it, when not the canonical one


class TrendSays(enum.Enum):
    INCREASES = "increases"
    DECREASES = "decreases"
    INCREASES_EACH_STEP = "increases_each_step"
    DECREASES_EACH_STEP = "decreases_each_step"


@dataclass(frozen=True, slots=True)
class Trend:
    """A claim about how a quantity moves during training."""

    of: Any  # Address
    start: int
    end: int
    says: TrendSays
    at: str
    seq: int
    line: int | None = None
    source_line: int | None = None  # the line in the document it was read from (None: the case file's line)
    source_col: int | None = None


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
    trends: tuple[Trend, ...] = ()
    engine: Any = field(default=None, compare=False, repr=False)  # the one Engine every command uses
    reading: Any = field(default=None, compare=False, repr=False)  # what was read, when the case came from a document
    # an operand of a line of working that repeats a claim digit for digit, and the seq of that claim: judged
    # once, with it (read/claims.py _Claims.once)
    restated: tuple[tuple[Claim, int], ...] = ()
    parts: tuple[Case, ...] = ()  # further computations of the same document, each with its model and claims

    def claim(self, seq: int) -> Claim:
        """The claim numbered ``seq`` (claims and trends share one numbering; a part's start after the first's)."""
        got = self.__dict__.get("_by_seq")
        if got is None:
            got = {c.seq: c for c in self.claims}
            object.__setattr__(self, "_by_seq", got)
        return got[seq]
