"""Building a model's steps: the ``Builder`` blocks call, and the interface every block kind has.

A block kind (``model.blocks.*``) is one module holding everything about its
steps: the vocabulary (``StepSpec``s), how its table in a case file is read, how
its steps are built, its general formulas in LaTeX, and the conventions a
document might have used instead (``alternatives``, for explaining a wrong number).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import kinds as K
from .steps import TERMS, AxisKind, Broadcast, Contract, Given, Map, Op, Rows, Step, StepSpec
from .values import Model, Number


@dataclass(frozen=True)
class Place:
    """Where a block's steps live: ``L2.ln1``, or a model-level prefix such as ``head``."""

    layer: int  # 0: model level
    block: str | None  # the block's name; None for model-level steps without one
    kind: str  # the block kind's name

    def key(self, sub: str = "", head: int | None = None) -> str:
        parts = [f"L{self.layer}"] if self.layer else []
        if self.block:
            parts.append(self.block)
        if head is not None:
            parts.append(f"h{head}")
        if sub:
            parts.append(sub)
        return ".".join(parts)


@dataclass(frozen=True)
class Alternative:
    """Another convention a document may have used for a block (model.md's settings), for explaining a number."""

    id: str  # a stable identifier: "convention.variance=unbiased"
    detail: str  # one sentence a reader understands
    replace: Any  # the block's config (or, for a model-level one, the whole model) under that convention
    since: str = ""  # model-level: the step-key prefix from which values change ("grad." gradients only)


def square(w: tuple) -> bool:
    """A weight as read, (matrix, written out×in): can a document have used it transposed?"""
    m = w[0]
    return bool(m) and len(m) == len(m[0])


class BlockKind:
    """What every block kind provides; one instance per module in ``model.blocks``."""

    name = ""
    prefix = ""  # a block whose name starts with this is of this kind (attn, resid, ln, ffn, lin)
    steps: tuple[StepSpec, ...] = ()
    params: tuple[str, ...] = ()  # the sub-step names that are parameters

    def read(self, r, table: dict, key: tuple, ctx: ReadContext) -> tuple[Any, int]:
        """The block's config from its table, and the width of its output (raises CaseError)."""
        raise NotImplementedError

    def build(self, b: Builder, cfg: Any, place: Place, x: Step, outputs: dict[str, Step]) -> Step:
        """Create the block's steps; return the step of its output."""
        raise NotImplementedError

    def general_tex(self, cfg: Any, place: Place, model: Model) -> list[str]:
        """The block's formulas in general form, as this case computes them (LaTeX lines)."""
        return []

    def alternatives(self, cfg: Any) -> list[Alternative]:
        return []

    def spec(self, name: str) -> StepSpec:
        return next(s for s in self.steps if s.name == name)


@dataclass
class ReadContext:
    """What a block's reader needs to know about the model around it."""

    layout: Any
    scale: Any
    mask: Any
    softmax: Any
    positions: tuple  # model.values.Position
    layer: int  # 1-based
    block_widths: dict[str, int] = field(default_factory=dict)  # earlier blocks of the layer (and "in")
    stream: int = 0  # the width of the stream a block reads
    direct_allowed: bool = False  # Q/K/V may be given directly (a one-block first layer, no embeddings)
    softmax_over: Any = None  # model.values.SoftmaxOver: what attention's softmax normalises (None: each row)


class Builder:
    """Collects the steps of one model, in the order they are computed."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.steps: dict[str, Step] = {}
        self.aliases: dict[str, str] = {}
        self.labels = model.labels

    def _labels(self, axes: tuple[AxisKind, ...], tokens: tuple[str, ...] | None):
        out: list[tuple[str, ...] | None] = []
        for a in axes:
            if a is AxisKind.POS:
                out.append(self.labels)
            elif a is AxisKind.TOKEN:
                assert tokens is not None, "a TOKEN axis needs its tokens"
                out.append(tokens)
            else:
                out.append(None)
        return tuple(out)

    def add(self, key: str, spec: StepSpec, dims: tuple[int, ...], op: Op, inputs: tuple[Step, ...] = (), *,
            place: Place, head: int | None = None, param: bool = False, tokens: tuple[str, ...] | None = None,
            lazy: bool = False, grad_inputs: frozenset[int] = frozenset()) -> Step:
        assert key not in self.steps and key not in self.aliases, key
        assert not grad_inputs or lazy, "only a lazy step reads gradients"
        s = Step(key, spec, dims, self._labels(spec.axes, tokens), op, inputs, place.layer, place.block, head,
                 place.kind, param, lazy, grad_inputs=grad_inputs)
        self.steps[key] = s
        return s

    def alias(self, key: str, target: Step) -> None:
        """Another name for an existing step (``L1.out`` for the last block's output)."""
        if key != target.key and key not in self.steps:
            self.aliases[key] = target.key

    # ---- the common shapes of steps -----------------------------------------------------
    def given(self, spec: StepSpec, place: Place, values, *, head: int | None = None, param: bool = True,
              tokens: tuple[str, ...] | None = None, sub: str | None = None) -> Step:
        """A matrix (rows of Numbers), a vector, or a scalar written in the case."""
        dims: tuple[int, ...]
        if isinstance(values, (Number,)) or not isinstance(values, tuple):
            dims, flat = (), (values,)
        elif values and isinstance(values[0], tuple):
            dims, flat = (len(values), len(values[0])), tuple(x for row in values for x in row)
        else:
            dims, flat = (len(values),), tuple(values)
        key = place.key(spec.name if sub is None else sub, head)
        return self.add(key, spec, dims, Given(flat), place=place, head=head, param=param, tokens=tokens)

    def contract(self, spec: StepSpec, place: Place, a: Step, w: Step, bias: Step | None = None, *,
                 transpose: bool = False, head: int | None = None, tokens: tuple[str, ...] | None = None) -> Step:
        """a·W (+ b): one row per row of a; W read transposed when written out×in."""
        cols = w.dims[0] if transpose else w.dims[1]
        inputs = (a, w) + ((bias,) if bias is not None else ())
        key = place.key(spec.name, head)
        out = self.add(key, spec, (a.dims[0], cols), Contract(transpose, bias is not None), inputs, place=place,
                       head=head, tokens=tokens)
        # its products a[i][k]·W[k][j], each a number a line of working may write (0.4267·0.3 = 0.12801 inside
        # a dot product): evaluated only when asked for, and never listed as a step of its own
        terms = StepSpec(TERMS, spec.axes + (AxisKind.INDEX,), spec.tex, f"products of the {spec.label}")
        self.add(f"{key}.{TERMS}", terms, (a.dims[0], cols, a.dims[1]),
                 Broadcast(K.MUL, ((0, 2), (1, 2) if transpose else (2, 1)), None, None), (a, w), place=place,
                 head=head, tokens=tokens, lazy=True)
        return out

    def map(self, spec: StepSpec, place: Place, dims: tuple[int, ...], inputs: tuple[Step, ...], fn, *,
            present=None, head: int | None = None, tokens: tuple[str, ...] | None = None, lazy: bool = False,
            op: Op | None = None) -> Step:
        return self.add(place.key(spec.name, head), spec, dims, op or Map(fn, present), inputs, place=place,
                        head=head, tokens=tokens, lazy=lazy)

    def broadcast(self, spec: StepSpec, place: Place, dims: tuple[int, ...], kind: K.Kind,
                  inputs: tuple[tuple[Step, tuple[int, ...]], ...], *, present=None, kind_of=None,
                  head: int | None = None, tokens: tuple[str, ...] | None = None, lazy: bool = False) -> Step:
        """kind cell by cell; each input indexed by the output axes given with it (``(mean, (0,))``)."""
        op = Broadcast(kind, tuple(ax for _, ax in inputs), present, kind_of)
        return self.map(spec, place, dims, tuple(s for s, _ in inputs), None, op=op, head=head, tokens=tokens,
                        lazy=lazy)

    def elementwise(self, spec: StepSpec, place: Place, kind: K.Kind, inputs: tuple[Step, ...], *,
                    head: int | None = None, lazy: bool = False) -> Step:
        """kind applied cell by cell to inputs of the same shape (a scalar input broadcasts)."""
        dims = inputs[0].dims
        every = tuple(range(len(dims)))
        return self.broadcast(spec, place, dims, kind, tuple((s, every if s.dims else ()) for s in inputs),
                              head=head, lazy=lazy)

    def rows(self, spec: StepSpec, place: Place, x: Step, kind: K.Kind, *, extra: tuple[Step, ...] = (),
             cols=None, head: int | None = None, lazy: bool = False) -> Step:
        """One scalar per row of x: kind over the row's cells (``cols(i)`` of them), then ``extra[i]``."""
        return self.map(spec, place, (x.dims[0],), (x,) + extra, None, op=Rows(kind, cols), head=head, lazy=lazy)
