"""Steps: the named tensors of a model, and the ops that say how each of their scalars is made.

A ``StepSpec`` is the vocabulary entry a block module declares once: the step's
name, the kinds of its indices, its TeX symbol and a reader's label. A ``Step`` is
one tensor of a concrete model (``L1.attn.h1.scores``, 4×4): its spec, its sizes,
its inputs and its ``Op``. The op answers one question, ``scalar(idx)``: which
kind (``model.kinds``) makes that scalar, from which input scalars. Everything
else derives from that answer: the exact value, the formula shown, the certified
ball (generically per scalar, or, for a contraction, with ball matrices computing
the very same sums), the gradient, the lines of working it matches.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from flint import arb, arb_mat

from . import kinds as K
from .kinds import Exactness, Kind


class AxisKind(enum.Enum):
    POS = "p"  # a position in the sequence, by its label (鬼, に#2)
    TOKEN = "t"  # a vocabulary entry, by its token (E[鬼], probs[鬼][金棒])
    INDEX = "c"  # a component or a weight row, 1-based


P, T, C = AxisKind.POS, AxisKind.TOKEN, AxisKind.INDEX
TERMS = "terms"  # a contraction's products a[i][k]·W[k][j]: a lazy sub-step that lines of working may write
BACK = "back"  # a layer's shares of its input's gradient, ∂L/∂net[j]·W[i][j]: lazy, read from lines of working
CHECKS = ("ymean", "yvar", "ystd")  # a LayerNorm's check of its output (0 and 1 by design): asked for by address


@dataclass(frozen=True)
class StepSpec:
    """A step's name and how it is written: declared once, in its block's module."""

    name: str  # the sub-step name within its block ("scores", "mean"); "" for a block's own output
    axes: tuple[AxisKind, ...]
    tex: str  # its symbol; "{sup}" marks where the layer/head mark goes (default: a superscript)
    label: str  # a reader's name for a table or a section ("attention weights")
    spelled: str | None = None  # how an address writes it when that differs from its key ("loss" for loss.pos)

    def tex_symbol(self, sup: str) -> str:
        if "{sup}" in self.tex:
            return self.tex.replace("{sup}", sup)
        if not sup:
            return self.tex
        base = f"{{{self.tex}}}" if "^" in self.tex or "'" in self.tex else self.tex  # e^{x} marked: {e^{x}}^{⋆}
        return base + f"^{{{sup}}}"


Inputs = tuple[tuple[int, tuple[int, ...]], ...]  # (input number, its index) per argument


class Op:
    """How each scalar of a step is made. Subclasses give ``scalar``; contraction overrides the ball paths."""

    def scalar(self, step: Step, idx: tuple[int, ...]) -> tuple[Kind, Inputs]:
        raise NotImplementedError

    def exists(self, step: Step, idx: tuple[int, ...]) -> bool:
        """False for a cell that is not a quantity (a masked exponential)."""
        return True

    def exactness(self, step: Step) -> Exactness:
        kinds = {self.scalar(step, idx)[0] for idx in step.first_indices()}
        own = max((k.exactness for k in kinds), default=Exactness.RATIONAL)
        return max([own] + [s.exactness for s in step.inputs])

    # ---- certified evaluation over flat lists of balls (row-major) ---------------------
    def forward(self, step: Step, ins: list[list], M) -> list:
        out: list = [None] * step.size
        for o, kind, args in step.plan():
            out[o] = kind.f(M, [ins[i][j] for i, j in args])
        return out

    def backward(self, step: Step, ins: list[list], out: list, g: list, M, acc: list[list],
                 which: frozenset[int] | None = None) -> None:
        """Add ∂loss/∂(each input) to ``acc`` (per input, flat), given ∂loss/∂(each output) in ``g``;
        only into the inputs numbered in ``which`` when it is given."""
        for o, kind, args in step.plan():
            go = g[o]
            if go is None or go.is_zero():
                continue
            xs = [ins[i][j] for i, j in args]
            y = out[o]
            for k, (i, j) in enumerate(args):
                if which is not None and i not in which:
                    continue
                d = kind.d(M, k, xs, y)
                acc[i][j] = go * d if acc[i][j] is None else acc[i][j] + go * d


@dataclass(frozen=True, eq=False)
class Given(Op):
    """Numbers written in the case (or computed from it exactly, like a sinusoidal encoding)."""

    values: tuple[Any, ...]  # flat, row-major: model.Number or exact Expr

    def scalar(self, step, idx):
        return K.GIVEN, ()

    def exactness(self, step):
        from ..exact import expr as X
        from .values import exact_of

        worst = Exactness.RATIONAL
        for v in self.values:
            e = exact_of(v)
            if not isinstance(e, X.Const):
                return Exactness.TRANSCENDENTAL if not isinstance(e, X.Sym) else Exactness.ALGEBRAIC
            if e.value.n != 1:
                worst = Exactness.ALGEBRAIC
        return worst


@dataclass(frozen=True, eq=False)
class Contract(Op):
    """out[i,j] = Σ_k A[i,k]·B[k,j] (+ bias[j]); B read transposed (B[j,k]) with ``transpose``.

    Inputs: A, B, and the bias when there is one. The scalar formula is the dot product;
    the ball path multiplies ball matrices, which computes the same sums.
    """

    transpose: bool = False
    bias: bool = False

    def scalar(self, step, idx):
        i, j = idx
        n = step.inputs[0].dims[1]
        args: list[tuple[int, tuple[int, ...]]] = []
        for k in range(n):
            args += [(0, (i, k)), (1, (j, k) if self.transpose else (k, j))]
        if self.bias:
            args.append((2, (j,)))
        return (K.DOT_BIAS if self.bias else K.DOT), tuple(args)

    def exactness(self, step):
        return max(s.exactness for s in step.inputs)

    def _mats(self, step, ins):
        a, b = step.inputs[0], step.inputs[1]
        A = arb_mat(a.dims[0], a.dims[1], ins[0])
        B = arb_mat(b.dims[0], b.dims[1], ins[1])
        return A, (B.transpose() if self.transpose else B)

    def forward(self, step, ins, M):
        A, B = self._mats(step, ins)
        out = (A * B).entries()
        if self.bias:
            cols = step.dims[1]
            out = [x + ins[2][k % cols] for k, x in enumerate(out)]
        return out

    def backward(self, step, ins, out, g, M, acc, which=None):
        A, B = self._mats(step, ins)
        G = arb_mat(step.dims[0], step.dims[1], [x if x is not None else arb(0) for x in g])
        if which is None or 0 in which:
            accumulate(acc[0], (G * B.transpose()).entries())  # (n, k)
        if which is None or 1 in which:
            gb = A.transpose() * G  # (k, m)
            accumulate(acc[1], (gb.transpose() if self.transpose else gb).entries())
        if self.bias and (which is None or 2 in which):
            cols = step.dims[1]
            sums = [arb(0)] * cols
            for k, x in enumerate(g):
                if x is not None:
                    sums[k % cols] += x
            accumulate(acc[2], sums)


def accumulate(acc: list, contribution: list) -> None:
    """acc += contribution, cell by cell (None: nothing yet)."""
    acc[:] = [c if a is None else a + c for a, c in zip(acc, contribution)]


@dataclass(frozen=True, eq=False)
class Map(Op):
    """Any other step: a function from an index to (kind, inputs), supplied by the block."""

    fn: Any  # Callable[[tuple[int, ...]], tuple[Kind, Inputs]]
    present: Any = None  # Callable[[tuple[int, ...]], bool] | None

    def scalar(self, step, idx):
        return self.fn(idx)

    def exists(self, step, idx):
        return True if self.present is None else self.present(idx)


@dataclass(frozen=True, eq=False)
class Broadcast(Op):
    """Each cell from one cell of each input: input k is indexed by the output axes ``axes[k]`` (a LayerNorm's
    mean by the row alone, γ by the column alone). ``kind_of(idx)`` may vary the kind (0 for a masked weight)."""

    kind: Kind
    axes: tuple[tuple[int, ...], ...]
    present: Any = None  # Callable[[idx], bool]: False for a cell that is not a quantity
    kind_of: Any = None  # Callable[[idx], Kind]

    def scalar(self, step, idx):
        kind = self.kind if self.kind_of is None else self.kind_of(idx)
        if kind is K.ZERO:
            return kind, ()
        return kind, tuple((k, tuple(idx[a] for a in ax)) for k, ax in enumerate(self.axes))

    def exists(self, step, idx):
        return True if self.present is None else self.present(idx)

    def forward(self, step, ins, M):
        """Cell by cell by arithmetic on flat indices: no per-cell plan is built for a forward pass."""
        if len(step.dims) == 3 and self.present is None:
            return self._forward3(step, ins, M)
        if len(step.dims) > 2 or self.present is not None or self.kind_of is not None:
            return super().forward(step, ins, M)
        coef = self._coef(step)
        rows, cols = (step.dims + (1, 1))[:2]
        f, out = self.kind.f, []
        if len(ins) == 1:
            (a, c), = zip(ins, coef)
            return [f(M, [a[i * c[0] + j * c[1]]]) for i in range(rows) for j in range(cols)]
        for i in range(rows):
            for j in range(cols):
                out.append(f(M, [x[i * c[0] + j * c[1]] for x, c in zip(ins, coef)]))
        return out

    def backward(self, step, ins, out, g, M, acc, which=None):
        """Cell by cell by arithmetic on flat indices, like the forward pass (no plan is built)."""
        if len(step.dims) > 2 or self.present is not None or self.kind_of is not None:
            return super().backward(step, ins, out, g, M, acc, which)
        coef = self._coef(step)
        rows, cols = (step.dims + (1, 1))[:2]
        d = self.kind.d
        nin = [k for k in range(len(ins)) if which is None or k in which]
        for i in range(rows):
            for j in range(cols):
                o = i * cols + j
                go = g[o]
                if go is None or go.is_zero():
                    continue
                at = [i * c[0] + j * c[1] for c in coef]
                xs = [x[p] for x, p in zip(ins, at)]
                y = out[o]
                for k in nin:
                    v = go * d(M, k, xs, y)
                    a, p = acc[k], at[k]
                    a[p] = v if a[p] is None else a[p] + v

    def _forward3(self, step, ins, M):
        """A 3-index step (weighted_v = weights_ij · V_jk) row by row, each input's position by arithmetic; the
        kind of a cell from ``kind_of`` where there is one (a masked weight's product is 0), as ``scalar``."""
        d0, d1, d2 = step.dims
        coef = self._coef(step, 3)
        kind_of, out = self.kind_of, []
        f = self.kind.f
        times = getattr(M, "times", None) if self.kind is K.MUL and len(ins) == 2 else None

        def along(x, p, c):  # x[p + k·c] for every k
            return x[p:p + d2 * c:c] if c > 0 else [x[p]] * d2 if c == 0 else [x[p + k * c] for k in range(d2)]

        for i in range(d0):
            for j in range(d1):
                base = [i * c[0] + j * c[1] for c in coef]
                if kind_of is None:
                    if times is not None:  # a plain product (weighted_v: 786,432 cells of the big model)
                        out += map(times, along(ins[0], base[0], coef[0][2]), along(ins[1], base[1], coef[1][2]))
                    elif len(ins) == 2:
                        (a, b), (pa, pb), ca, cb = ins, base, coef[0][2], coef[1][2]
                        out += [f(M, [a[pa + k * ca], b[pb + k * cb]]) for k in range(d2)]
                    else:
                        out += [f(M, [x[p + k * c[2]] for x, p, c in zip(ins, base, coef)]) for k in range(d2)]
                    continue
                for k in range(d2):
                    kind = kind_of((i, j, k))
                    out.append(kind.f(M, [] if kind is K.ZERO else
                                      [x[p + k * c[2]] for x, p, c in zip(ins, base, coef)]))
        return out

    def _coef(self, step: Step, n: int = 2) -> list[list[int]]:
        coef = []
        for inp, ax in zip(step.inputs, self.axes):
            c = [0] * n
            for pos, a in enumerate(ax):
                c[a] = inp._strides[pos]
            coef.append(c)
        return coef

    def fast_plan(self, step: Step) -> list | None:
        """The plan by arithmetic on flat indices (a 2-index step: i·c₀ + j·c₁ per input)."""
        if len(step.dims) > 2:
            return None
        coef = self._coef(step)
        rows, cols = (step.dims + (1, 1))[:2] if len(step.dims) < 2 else step.dims
        out = []
        nin = range(len(coef))
        for i in range(rows if step.dims else 1):
            for j in range(cols if len(step.dims) == 2 else 1):
                idx = (i, j)[:len(step.dims)]
                if self.present is not None and not self.present(idx):
                    continue
                kind = self.kind if self.kind_of is None else self.kind_of(idx)
                args = [] if kind is K.ZERO else [(k, i * coef[k][0] + j * coef[k][1]) for k in nin]
                out.append((i * cols + j if len(step.dims) == 2 else i, kind, args))
        return out


@dataclass(frozen=True, eq=False)
class Rows(Op):
    """One scalar per row of input 0: a kind over the row's cells (``cols(i)`` of them), then each extra
    input's cell i (a variance's mean)."""

    kind: Kind
    cols: Any = None  # Callable[[i], list[int]]; None: every column

    def scalar(self, step, idx):
        (i,) = idx
        d = step.inputs[0].dims[1]
        js = range(d) if self.cols is None else self.cols(i)
        return self.kind, tuple((0, (i, j)) for j in js) + tuple((k, (i,)) for k in range(1, len(step.inputs)))

    def fast_plan(self, step: Step) -> list:
        d = step.inputs[0].dims[1]
        extra = range(1, len(step.inputs))
        out = []
        for i in range(step.dims[0]):
            js = range(d) if self.cols is None else self.cols(i)
            out.append((i, self.kind, [(0, i * d + j) for j in js] + [(k, i) for k in extra]))
        return out


@dataclass(eq=False)
class Step:
    """One tensor of a model: ``L1.attn.h1.scores`` with its sizes, inputs and op."""

    key: str  # canonical full path, e.g. "L1.attn.h1.scores"
    spec: StepSpec
    dims: tuple[int, ...]
    labels: tuple[tuple[str, ...] | None, ...]  # per axis: labels of a POS or TOKEN axis
    op: Op
    inputs: tuple[Step, ...] = ()
    layer: int = 0  # 0: model level (embeddings, head, loss)
    block: str | None = None
    head: int | None = None
    block_kind: str = ""  # the kind of its block ("attention", "layernorm", …; "head", "loss" at model level)
    param: bool = False  # a trainable given
    lazy: bool = False  # evaluated per scalar on demand, not in the vectorised pass (weighted_v)
    offset_t: int = 0  # a derived step over rows taken after this many training steps (cos(step3.…, …))
    grad_inputs: frozenset[int] = frozenset()  # the inputs it reads as their gradients (a lazy step's: BACK)
    short: str = ""  # the canonical printed name (shortest spelling)
    _exactness: Exactness | None = field(default=None, repr=False)
    _plan: list | None = field(default=None, repr=False)
    _strides: tuple[int, ...] = field(default=(), repr=False)

    def __post_init__(self) -> None:
        strides, s = [], 1
        for d in reversed(self.dims):
            strides.append(s)
            s *= d
        self._strides = tuple(reversed(strides))

    def __repr__(self) -> str:
        return f"<Step {self.key} {self.dims}>"

    @property
    def listed(self) -> bool:
        """Whether the step is shown among the model's steps: a cosine and a LayerNorm's check of its output are
        asked for by their address (the check's 0 and 1 need a proof each, no pass of balls gives them), and a
        contraction's products are read only from lines of working."""
        return self.spec.name not in ("cos", TERMS, BACK, *CHECKS)

    @property
    def exactness(self) -> Exactness:
        """Rational, algebraic or transcendental: worked out when first asked (a model built to try a convention
        asks for few), inputs first and without recursion (a 100-layer model is 1,000 steps deep)."""
        if self._exactness is None:
            stack = [self]
            while stack:
                s = stack[-1]
                if s._exactness is not None:
                    stack.pop()
                    continue
                todo = [i for i in s.inputs if i._exactness is None]
                if todo:
                    stack.extend(todo)
                    continue
                s._exactness = s.op.exactness(s)
                stack.pop()
        assert self._exactness is not None
        return self._exactness

    @exactness.setter
    def exactness(self, value: Exactness) -> None:
        self._exactness = value

    @property
    def size(self) -> int:
        n = 1
        for d in self.dims:
            n *= d
        return n

    @property
    def is_given(self) -> bool:
        return isinstance(self.op, Given)

    def flat(self, idx: tuple[int, ...]) -> int:
        st = self._strides
        n = len(idx)  # the common cases without a generator (printing a large model asks millions of times)
        if n == 2:
            return idx[0] * st[0] + idx[1] * st[1]
        if n == 1:
            return idx[0] * st[0]
        if n == 3:
            return idx[0] * st[0] + idx[1] * st[1] + idx[2] * st[2]
        return sum(i * s for i, s in zip(idx, st))

    def unflat(self, o: int) -> tuple[int, ...]:
        out = []
        for s in self._strides:
            out.append(o // s)
            o %= s
        return tuple(out)

    def indices(self):
        """Every index of the step that is a quantity, row-major."""
        for idx in product(*(range(d) for d in self.dims)):
            if self.op.exists(self, idx):
                yield idx

    def first_indices(self, limit: int = 4):
        out = []
        for idx in self.indices():
            out.append(idx)
            if len(out) >= limit:
                break
        return out

    def plan(self) -> list[tuple[int, Kind, list[tuple[int, int]]]]:
        """Per scalar: (flat index, kind, [(input number, flat index in it)]), computed once."""
        if self._plan is None and hasattr(self.op, "fast_plan"):
            self._plan = self.op.fast_plan(self)
        if self._plan is None:
            plan = []
            for idx in self.indices():
                kind, args = self.op.scalar(self, idx)
                plan.append((self.flat(idx), kind, [(i, self.inputs[i].flat(j)) for i, j in args]))
            self._plan = plan
        return self._plan
