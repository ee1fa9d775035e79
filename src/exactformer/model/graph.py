"""The computation as a graph of named quantities.

``Graph(model)`` builds every step of the model (blocks, head, loss) once. Then,
for any address (a forward quantity, its gradient ``grad.``, or either after N
training steps ``stepN.``), ``formula(a)`` says which kind makes it from which
addresses and ``expr(a)`` builds its exact value on demand, sharing every input's
node, so cost grows with the number of quantities, never with the size of an
expanded expression.

Gradients are reverse mode over the named quantities: ``grad.a = Σ_c grad.c ·
∂c/∂a`` over the quantities c that use a, each local derivative the ``d`` of c's
kind. A training step updates every trainable given: ``step(t).p = step(t−1).p −
lr·step(t−1).grad.p``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from ..errors import AddressError, CaseError
from ..exact import expr as X
from . import kinds as K
from .address import Address, axis_label, format_indices, is_pair, label_index, read_indices
from .blocks import KINDS, attention
from .blocks import embedding as EMB
from .blocks import head as HEAD
from .blocks import loss as LOSS
from .build import Builder, Place
from .steps import AxisKind, Broadcast, Given, Map, Op, Step, StepSpec
from .values import LossKind, Model, Number, PositionKind, Update, exact_of

_STEP_PREFIX = re.compile(r"\s*step(\d+)\.")


def _half_unit(v) -> Fraction | None:
    """Half a unit of the last digit of a given written in decimals; None for anything else."""
    if not isinstance(v, Number) or v.decimals is None or v.rational is None:
        return None
    return Fraction(1, 2 * 10 ** v.decimals)


class UnknownStep(AddressError, KeyError):
    """A step name the model does not have."""

    def __str__(self) -> str:
        return str(self.args[0])


COS_SPEC = StepSpec("cos", (), r"\cos", "cosine similarity")


class UndefinedQuantity(ArithmeticError):
    """A quantity whose exact value divides by an exact zero (LayerNorm of a constant row with eps 0)."""

    def __init__(self, address: Address) -> None:
        super().__init__(address)
        self.address = address


@dataclass(frozen=True, slots=True)
class Formula:
    """How a scalar is made: a kind applied to input addresses."""

    kind: K.Kind
    args: tuple[Address, ...] = ()


_EVERY_CELL = (Op.exists, Map.exists, Broadcast.exists)  # exists() of these is True where present is None


class Graph:
    """Every step of one model; addresses, formulas and exact values."""

    def __init__(self, model: Model, *, reader=None, like: Graph | None = None, keep: int = 0) -> None:
        """``like``: a graph of the same case under its own conventions, whose names, spellings and trainable
        parameters this one shares (a convention changes formulas, not what the steps are called). ``keep``:
        this model's first ``keep`` layers (and its embeddings) are ``like``'s, so their steps are taken from it
        as they are, not built again (a convention in layer 37 of 200 builds layers 37 to 200)."""
        self.model = model
        self.labels = model.labels
        self.spellings: dict[str, list[str]] = {}
        self.step_names: list[str] = []
        b = Builder(model)
        self.block_outputs: list[dict[str, Step]] = []
        if like is not None and keep > 0:
            x: Step | None = like.prefix(b, keep)
            self.block_outputs = list(like.block_outputs[:keep])
        else:
            keep, x = 0, EMB.build(b, model)
        for li, layer in enumerate(model.layers[keep:], start=keep + 1):
            if x is not None:
                b.alias(f"L{li}.in", x)
            outputs: dict[str, Step] = {"in": x} if x is not None else {}
            for blk in layer.blocks:
                place = Place(li, blk.name, blk.kind)
                x = KINDS[blk.kind].build(b, blk.config, place, x, outputs)  # type: ignore[arg-type]
                outputs[blk.name] = x
            assert x is not None
            b.alias(f"L{li}.out", x)
            self.block_outputs.append(outputs)
        assert x is not None
        self.last = x
        if model.head is not None:
            x = HEAD.build(b, model, x)
        self.loss_step: Step | None = None
        if model.loss is not None:
            out = x
            if model.loss.kind is LossKind.GIVEN_GRADIENT and model.head is not None:
                out = b.steps["logits"]
            self.loss_step = LOSS.build(b, model, out)
        self.steps = b.steps
        self.aliases = b.aliases
        self.order = {k: n for n, k in enumerate(self.steps)}
        self._layer_end: dict[int, int] | None = None
        self.has_symbols = any(isinstance(exact_of(v), X.Sym) for s in self.steps.values() if s.is_given
                               for v in s.op.values)  # type: ignore[attr-defined]
        if like is None:
            self._spell()
        else:
            self.spellings, self.step_names = like.spellings, like.step_names
            for key, st in self.steps.items():
                other = like.steps.get(key)
                st.short = other.short if other is not None else key
        self._expr: dict[Address, X.Expr] = {}
        self._consumers: dict[str, dict[tuple, list[tuple[Address, int]]]] = {}
        self._loss_inputs: set[str] | None = None
        self._formulas: dict[Address, Formula] = {}
        self._parsed: dict[str, Address] = {}  # text -> address, and back: each read and printed once
        self._names: dict[Address, str] = {}
        from ..numeric.backends import ExactBackend

        self.exact_backend = ExactBackend()
        self.names: dict[str, str] = dict(model.names)
        if like is None:
            self._check_names(reader)
            self._check_rounded(reader)
            self._trainable = self._read_trainable(reader)
        else:
            self._trainable = like._trainable

    def prefix(self, b: Builder, keep: int) -> Step:
        """Put this graph's embeddings and first ``keep`` layers into b (the very steps); L{keep}.out."""
        last = self.layer_end(keep)
        for k, st in self.steps.items():
            if self.order[k] > last:
                break
            b.steps[k] = st
        b.aliases.update({k: v for k, v in self.aliases.items() if self.order[v] <= last})
        return self.step(f"L{keep}.out")

    def layer_end(self, li: int) -> int:
        """The order of the last step of layer li (its steps, and the embeddings, come no later)."""
        if self._layer_end is None:
            self._layer_end = {st.layer: self.order[k] for k, st in self.steps.items() if st.layer}
        return self._layer_end[li]

    # ---- spellings and names ----------------------------------------------------------------
    def _spell(self) -> None:
        """Every way an address may write each step (L1. and h1. optional, the attention block's name
        optional when the layer has one), and the canonical (shortest) one; with more than one layer the
        canonical one keeps its layer (``L1.ln1.var``, ``L1.out``: ``out`` would read as the model's output)."""
        attn_blocks: dict[int, list[str]] = {}
        for li, layer in enumerate(self.model.layers, start=1):
            attn_blocks[li] = [blk.name for blk in layer.blocks if blk.kind == "attention"]
        self.spellings = {}
        many = len(self.model.layers) > 1

        def add(sp: str, key: str) -> None:
            keys = self.spellings.setdefault(sp, [])
            if key not in keys:
                keys.append(key)

        for key, s in list(self.steps.items()) + [(k, self.steps[v]) for k, v in self.aliases.items()]:
            if s.spec.spelled:
                add(s.spec.spelled, key)
                if key == s.key:
                    s.short = s.spec.spelled
                continue
            parts = key.split(".")
            variants = {key}
            prefix = parts[0] if re.fullmatch(r"L\d+", parts[0]) else None
            li = int(prefix[1:]) if prefix else 0
            rest = parts[1:] if prefix else parts
            forms = [rest]
            if prefix and rest and rest[0] in attn_blocks.get(li, []) and len(attn_blocks[li]) == 1 and len(rest) > 1:
                forms.append(rest[1:])  # L1.attn.h1.scores → L1.h1.scores
            more = []
            for f in forms:
                if f and f[0] == "h1" and len(f) > 1:
                    more.append(f[1:])
                elif len(f) > 1 and f[1] == "h1":
                    more.append([f[0]] + f[2:])
            forms += more
            for f in forms:
                variants.add(".".join(([prefix] if prefix else []) + f))
                if li == 1:
                    variants.add(".".join(f))
            for v in variants:
                if v:
                    add(v, key)
            if key == s.key:
                head_step = s.head is not None
                named = [v for v in variants if v and (not many or prefix is None or v.startswith(f"{prefix}."))]
                best = min(named, key=lambda v: (len(v.split(".")), len(v)))
                if not head_step and s.block and prefix and rest and rest[0] == s.block:
                    # a block's own steps keep its name: attn.Wo, ln1.mean (only head steps drop it)
                    best = min((v for v in named if s.block in v.split(".")),
                               key=lambda v: (len(v.split(".")), len(v)))
                s.short = best
        for li, layer in enumerate(self.model.layers, start=1):  # a layer's output reads as Lk.out
            target = self.aliases.get(f"L{li}.out")
            if target and not (len(layer.blocks) == 1 and layer.blocks[0].kind == "attention"):
                self.steps[target].short = "out" if li == 1 and not many else f"L{li}.out"
        self.step_names = sorted({sp for sp in self.spellings if "." not in sp})

    def _check_rounded(self, reader) -> None:
        """Each name ``givens = [...]`` lists is a given of this model (a name that rounds nothing is a mistake)."""
        givens = [s for s in self.steps.values() if isinstance(s.op, Given)]
        for name in self.model.rounded_only:
            if not any(name in (s.spec.name, s.key, s.short) for s in givens) and reader is not None:
                raise reader.fail(f"model.givens names {name}, which is no given of this model", ("model", "givens"),
                                  expected="names of givens: " + ", ".join(dict.fromkeys(s.spec.name for s in givens)),
                                  found=name)

    def _check_names(self, reader) -> None:
        for name, target in self.names.items():
            if (name in self.spellings or name in self.steps) and reader is not None:
                raise reader.fail(f"[names] {name} shadows a step name", ("names", name),
                                  expected="a name that is not a step's", found=name)
            try:
                self.parse(target)
            except AddressError as e:
                if reader is not None:
                    raise reader.fail(f"[names] {name} is not an address: {e}", ("names", name),
                                      expected="an address of this case", found=target) from None
                raise

    # ---- addresses --------------------------------------------------------------------------
    def rounding(self, a: Address) -> Fraction | None:
        """Half a unit of the last written digit of a given, when the model takes its givens as rounded
        (model.md 6b: 0.412 stands for [0.4115, 0.4125]); None for an exact given or any computed quantity."""
        if not self.model.rounded_givens or a.grad or a.t:
            return None
        s = self.step(a.step)
        if not isinstance(s.op, Given) or not self._rounds(s):
            return None
        return _half_unit(s.op.values[s.flat(a.idx)] if s.dims else s.op.values[0])

    def _rounds(self, s: Step) -> bool:
        """Whether a given is among those the model takes as rounded (all, or those ``givens = [...]`` names)."""
        only = self.model.rounded_only
        return not only or s.spec.name in only or s.key in only or (s.short or "") in only

    def rounded_steps(self) -> list[Step]:
        """The givens taken as rounded: those with a number written in decimals (not √d_k, not a symbol)."""
        if not self.model.rounded_givens:
            return []
        return [s for s in self.steps.values() if isinstance(s.op, Given) and self._rounds(s) and
                any(_half_unit(v) is not None for v in s.op.values)]

    def stated(self, a: Address) -> bool:
        """Whether a quantity is an output the case states (``stated``: its weights are symbols): a given."""
        return not a.grad and isinstance(self.formula(a).kind, K.Stated)

    def restates_givens(self, key: str) -> bool:
        """Whether the step only copies givens: a given, the embedded rows X, the input without positions.
        A document printing it states no result of the computation."""
        s, pe = self.step(key), self.model.pos_enc
        if s.spec.name == "sqrt_dk":
            return False  # √d_k = 1.4142 is worked out from d_k: a claim
        if s.spec.name in ("PE", "PE.div", "PE.angle"):  # sin/cos values and their working are computed: claims
            return pe is None or pe.kind is not PositionKind.SINUSOIDAL
        if s.spec.name == "logits" and self._identity_head():
            return True  # the output softmax of logits the document gives: W = I, no bias, no LayerNorm
        return s.is_given or s.spec.name == "X" or (s.spec.name == "in" and pe is None)

    def _identity_head(self) -> bool:
        from .blocks.head import logits_given

        return logits_given(self.model)

    def step(self, key: str) -> Step:
        """The step named ``key``; a name this model lacks is an AddressError (a convention's model may have
        no PE where the case has one), still a KeyError to code that looks steps up."""
        try:
            return self.steps[self.aliases.get(key, key)]
        except KeyError:
            raise UnknownStep(f"{key} names no step of this model") from None

    def name(self, a: Address) -> str:
        got = self._names.get(a)
        if got is None:
            s = self.step(a.step)
            head = (f"step{a.t}." if a.t else "") + ("grad." if a.grad else "")
            got = head + s.short + format_indices(s.spec.axes, s.labels, a.idx)
            if len(self._names) < 200_000:
                self._names[a] = got
        return got

    def parse(self, text: str) -> Address:
        """Read an address; raises AddressError saying what is wrong with it. Each text is read once."""
        got = self._parsed.get(text)
        if got is None:
            got = self._parse(text)
            if len(self._parsed) < 200_000:
                self._parsed[text] = got
        return got

    def _parse(self, text: str) -> Address:
        if len(text) > 2000:
            raise AddressError("an address longer than 2000 characters")
        rest = text.strip()
        t, grad = 0, False
        m = _STEP_PREFIX.match(rest)
        if m:
            t, rest = int(m.group(1)), rest[m.end():]
            if t > 1_000_000:
                raise AddressError(f"{text!r}: training step {t} is too far")
        if rest.startswith("grad."):
            grad, rest = True, rest[5:]
        if rest in self.names:
            a = self._parse(self.names[rest])
            return Address(a.step, a.idx, a.grad or grad, t + a.t)
        if rest.startswith("cos(") and rest.endswith(")"):
            if grad:
                raise AddressError(f"{text!r}: a cosine similarity has no gradient (it is not part of the loss)")
            return Address(self._cos(rest[4:-1], text), (), False, t)
        a = self._plain(rest, text)
        a = Address(a.step, a.idx, grad, t)
        self._check_prefixes(a, text)
        return a

    def _check_prefixes(self, a: Address, text: str) -> None:
        if a.grad and self.loss_step is None:
            raise AddressError(f"{text!r}: a gradient needs a loss ([model.loss])")
        if a.t and self.model.train is None:
            raise AddressError(f"{text!r}: stepN. needs training ([train] with lr)")

    def _plain(self, rest: str, text: str) -> Address:
        cut = rest.find("[")
        head = (rest if cut < 0 else rest[:cut]).strip()
        keys = self.spellings.get(head)
        if not keys:
            close = difflib.get_close_matches(head, list(self.spellings), n=3)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise AddressError(f"unknown step {head!r} in {text!r}{hint}; steps are: {', '.join(self.step_names)}")
        tail = "" if cut < 0 else rest[cut:]
        partial = None
        for key in keys:
            s = self.step(key)
            lookups = tuple(label_index(lab) if lab is not None else None for lab in s.labels)
            for idx in read_indices(tail, s.spec.axes, lookups):
                a = Address(s.key, idx)
                if len(idx) == len(s.dims):
                    return self.check(a)
                partial = partial or a
        if partial is not None:
            return self.check(partial)
        s = self.step(keys[0])
        tokens = ", ".join(self.labels)
        if all(not self.step(k).dims for k in keys):  # loss of a case with no per-position loss
            raise AddressError(f"cannot read {text!r}: {s.short} is a single number, written without an index "
                               f"(positions: {tokens})")
        s = next(self.step(k) for k in keys if self.step(k).dims)
        want = s.short + format_indices(s.spec.axes, tuple(lab or ("1",) * 2 for lab in s.labels),
                                        tuple(range(len(s.dims))))
        raise AddressError(f"cannot read {text!r}: expected {s.short} indexed like {want} "
                           f"(positions: {tokens}; components are 1-based)")

    def check(self, a: Address) -> Address:
        """Return a if it names a quantity (or a row of them); raise AddressError if not."""
        s = self.step(a.step)
        for k, (i, d) in enumerate(zip(a.idx, s.dims)):
            if not 0 <= i < d:
                what = "index" if s.spec.axes[k] is AxisKind.INDEX else "entry"
                raise AddressError(f"{self.name(a)}: {what} {i + 1} is out of range 1..{d}")
        if len(a.idx) == len(s.dims) and not s.op.exists(s, a.idx):
            if s.spec.name == "exp":
                raise AddressError(f"{self.name(a)} is masked by the causal mask: it has no exp (its weight is 0)")
            raise AddressError(f"{self.name(a)} is not a quantity of this case (no target at that position)")
        return a

    def _cos(self, inner: str, text: str) -> str:
        """Register cos(A, B) of two rows as a derived step; return its key."""
        for cut in (k for k, ch in enumerate(inner) if ch == ","):
            try:
                a, b = self.parse(inner[:cut]), self.parse(inner[cut + 1:])
            except AddressError:
                continue
            ra, rb = self.scalars(a), self.scalars(b)
            if a.grad or b.grad or len(ra) != len(rb) or len(ra) < 1:
                raise AddressError(f"{text!r}: cos needs two rows of the same length")
            key = f"cos({self.name(a)}, {self.name(b)})"
            if key not in self.steps:
                inputs = tuple(dict.fromkeys(self.step(x.step) for x in ra + rb))
                pos = {s.key: k for k, s in enumerate(inputs)}
                args = tuple((pos[self.step(x.step).key], x.idx) for x in ra + rb)
                kind = K.COS_SELF if ra == rb else K.COS  # a row's cosine with itself is exactly 1
                s = Step(key, COS_SPEC, (), (), Map(lambda idx, args=args, kind=kind: (kind, args)), inputs, lazy=True)
                s.short = key
                s.exactness = max(x.exactness for x in inputs)
                if a.t != b.t:
                    raise AddressError(f"{text!r}: both rows must be at the same training step")
                s.offset_t = a.t
                self.steps[key] = s
                self.order[key] = len(self.order)
            return key
        raise AddressError(f"cannot read {text!r}: expected cos(ROW, ROW), e.g. cos(L3.out[鬼], L3.out[金棒])")

    def scalars(self, a: Address) -> list[Address]:
        """The scalar addresses under a (a itself when scalar), in reading order."""
        s = self.step(a.step)
        rest = [range(d) for d in s.dims[len(a.idx):]]
        return [Address(s.key, a.idx + t, a.grad, a.t) for t in product(*rest) if s.op.exists(s, a.idx + t)]

    def index_names(self, key: str, grad: bool, t: int, idxs: list[tuple[int, ...]]) -> list[str]:
        """``name`` of the scalars of one step at these indices (every index given), each label written once."""
        s = self.step(key)
        if len(idxs) < 8:
            return [self.name(Address(s.key, i, grad, t)) for i in idxs]
        head = (f"step{t}." if t else "") + ("grad." if grad else "") + s.short
        written = [[axis_label(s.spec.axes, s.labels, k, i)[0] for i in range(d)] for k, d in enumerate(s.dims)]
        if is_pair(s.spec.axes):
            w0, w1 = written[0], written[1]
            if len(s.dims) == 2:
                return [f"{head}[{w0[i]},{w1[j]}]" for i, j in idxs]
            return [f"{head}[{w0[c[0]]},{w1[c[1]]}]" + "".join(f"[{written[k][i]}]" for k, i in enumerate(c[2:], start=2))
                    for c in idxs]
        if len(s.dims) == 1:
            w0 = written[0]
            return [f"{head}[{w0[i]}]" for (i,) in idxs]
        if len(s.dims) == 2:
            w0, w1 = written[0], written[1]
            return [f"{head}[{w0[i]}][{w1[j]}]" for i, j in idxs]
        return [head + "".join(f"[{written[k][i]}]" for k, i in enumerate(c)) for c in idxs]

    def all_cell_names(self, key: str, grad: bool, t: int) -> list[str]:
        """``index_names`` of every cell of a step, in reading (row-major) order, built axis by axis."""
        s = self.step(key)
        if s.size < 8 or not s.dims:
            return self.index_names(key, grad, t, list(product(*(range(d) for d in s.dims))))
        head = (f"step{t}." if t else "") + ("grad." if grad else "") + s.short
        written = [[axis_label(s.spec.axes, s.labels, k, i)[0] for i in range(d)] for k, d in enumerate(s.dims)]
        if is_pair(s.spec.axes):
            names = [f"{head}[{x},{y}]" for x in written[0] for y in written[1]]
            rest = written[2:]
        else:
            names, rest = [head], written
        for labels in rest:
            names = [f"{x}[{y}]" for x in names for y in labels]
        return names

    def scalar_indices(self, a: Address) -> list[tuple[int, ...]]:
        """The indices of ``scalars(a)``, without an address for each."""
        s = self.step(a.step)
        rest = [range(d) for d in s.dims[len(a.idx):]]
        if not a.idx and getattr(s.op, "present", None) is None and type(s.op).exists in _EVERY_CELL:
            return list(product(*rest))
        return [a.idx + t for t in product(*rest) if s.op.exists(s, a.idx + t)]

    def is_scalar(self, a: Address) -> bool:
        return len(a.idx) == len(self.step(a.step).dims)

    def shape(self, key: str) -> tuple[int, ...]:
        return self.step(key).dims

    def depth(self, a: Address) -> int:
        """Position in the pipeline: inputs always have a smaller depth."""
        n = len(self.order) + 1
        k = self.order[self.step(a.step).key]
        base = a.t * 2 * n
        return base + (2 * n - 1 - k if a.grad else k)

    # ---- training ----------------------------------------------------------------------------
    def _read_trainable(self, reader) -> set[Address] | None:
        """Trainable scalar givens (None without [train]): params minus frozen, each entry an address or a
        prefix (``L1.attn.Wq`` covers every head's Wq)."""
        train = self.model.train
        if train is None:
            return None
        params = [s for s in self.steps.values() if s.param]
        names: dict[str, set[str]] = {}
        for sp, keys in self.spellings.items():
            for key in keys:
                names.setdefault(self.step(key).key, set()).update({sp, _drop_head(sp)})

        def covered(spec: str, where: str, k: int) -> set[Address]:
            spec = spec.strip()
            hits = [Address(s.key) for s in params if spec in names.get(s.key, ()) or spec == s.key]
            if not hits:
                try:
                    hits = [self.parse(spec)]
                except AddressError:
                    hits = []
            out = {x for h in hits for x in self.scalars(h) if self.step(x.step).param}
            if not out:
                if reader is not None:
                    raise reader.fail(f"{where} entry {spec!r} names no parameter", ("train", where),
                                      expected="a parameter address or prefix, e.g. L1.attn.Wq or head.W",
                                      found=spec)
                raise CaseError(f"train.{where}: {spec!r} names no parameter")
            return out

        every = {x for s in params for x in self.scalars(Address(s.key))}
        chosen = every if train.params is None else set().union(
            *(covered(p, "params", k) for k, p in enumerate(train.params)))
        frozen = set().union(*(covered(p, "frozen", k) for k, p in enumerate(train.frozen))) if train.frozen else set()
        return chosen - frozen

    def trainable(self, a: Address) -> bool:
        return self._trainable is not None and Address(a.step, a.idx) in self._trainable

    @property
    def params(self) -> list[Step]:
        """Steps that hold trainable givens, in model order."""
        if self._trainable is None:
            return []
        keys = {a.step for a in self._trainable}
        return [s for s in self.steps.values() if s.key in keys]

    # ---- formulas ----------------------------------------------------------------------------
    def formula(self, a: Address) -> Formula:
        """The formula of a scalar quantity and its input addresses (made once per quantity)."""
        got = self._formulas.get(a)
        if got is None:
            got = self._formulas[a] = self._formula(a)
        return got

    def _formula(self, a: Address) -> Formula:
        if a.grad:
            return self._grad_formula(a)
        s = self.step(a.step)
        if s.is_given:
            if a.t > 0 and self.trainable(a):
                tr = self.model.train
                assert tr is not None
                prev = Address(s.key, a.idx, False, a.t - 1)
                return Formula(K.SGD(tr.lr.value), (prev, prev.at(grad=True)))
            return Formula(K.GIVEN)
        kind, args = s.op.scalar(s, a.idx)
        at = a.t + s.offset_t
        return Formula(kind, tuple(Address(s.inputs[i].key, j, i in s.grad_inputs, at) for i, j in args))

    def consumers(self, a: Address) -> list[tuple[Address, int]]:
        """The scalars that use a (at a's training step), with a's position among their inputs."""
        s = self.step(a.step)
        table = self._consumers.get(s.key)
        if table is None:
            table = {}
            feeds = self._feeds_loss()
            for c in self.steps.values():
                if s not in c.inputs or not c.listed or c.key not in feeds:
                    continue  # a cosine, a contraction's products and a side step (a sigmoid's slope σ(1 − σ),
                    # a lesson's check) feed nothing the loss depends on: their share of a gradient is 0
                pos = [k for k, x in enumerate(c.inputs) if x is s]
                for o, _kind, args in c.plan():
                    cidx = c.unflat(o)
                    for k, (i, j) in enumerate(args):
                        if i in pos:
                            table.setdefault(s.unflat(j), []).append((Address(c.key, cidx), k))
            self._consumers[s.key] = table
        return [(Address(c.step, c.idx, False, a.t), k) for c, k in table.get(a.idx, [])]

    def _feeds_loss(self) -> set[str]:
        """The steps the loss depends on (itself too): those a gradient flows through, worked out once."""
        if self._loss_inputs is None:
            seen: set[str] = set()
            todo = [self.loss_step] if self.loss_step is not None else []
            while todo:
                s = todo.pop()
                if s.key not in seen:
                    seen.add(s.key)
                    todo += s.inputs
            self._loss_inputs = seen
        return self._loss_inputs

    def _grad_formula(self, a: Address) -> Formula:
        s = self.step(a.step)
        if self.loss_step is None:
            raise AddressError("a gradient needs a loss")
        if s is self.loss_step:
            return Formula(K.GIVEN)  # ∂loss/∂loss = 1
        fused = self._fused(a)
        if fused is not None:
            return fused
        terms, args = [], []
        sequential = self.model.train is not None and self.model.train.update is Update.SEQUENTIAL
        for c, k in self.consumers(a):
            f = self.formula(c)
            ins = list(f.args)
            if sequential and not self.trainable(a):  # a parameter's own gradient reads the forward pass;
                ins = [self._updated(x, c) for x in ins]  # what passes to the block's input, the updated weights
            with_out = f.kind.uses_out
            terms.append((f.kind, len(ins), k, with_out))
            args += [c.at(grad=True)] + ins + ([c] if with_out else [])
        return Formula(K.Chain(tuple(terms)), tuple(args))

    def _updated(self, x: Address, consumer: Address) -> Address:
        """Sequential update: a parameter input is read after its update when this is its first use."""
        if not self.trainable(x):
            return x
        first = min((self.order[self.step(c.step).key] for c, _ in self.consumers(x)), default=None)
        if first == self.order[self.step(consumer.step).key]:
            return x.at(t=x.t + 1)
        return x

    def _fused(self, a: Address) -> Formula | None:
        """Softmax then cross-entropy: grad.logits[t][v] = (p − y)/N, as documents write it (with a temperature,
        of the logits divided by it, which the softmax takes)."""
        loss = self.model.loss
        if loss is None or loss.kind is not LossKind.CROSS_ENTROPY or self.model.head is None:
            return None
        into = "logits" if self.model.head.temperature is None else "head.scaled"
        if self.step(a.step).key != into or len(a.idx) != 2:
            return None
        t, v = a.idx
        targets = dict(loss.targets)
        if t not in targets:
            return None
        from fractions import Fraction

        from .values import Reduction

        vocab = self.model.head.vocab
        c = Fraction(1, len(targets)) if loss.reduction is Reduction.MEAN else Fraction(1)
        kind = K.SoftmaxXent(1 if vocab[v] == targets[t] else 0, c, loss.log.base)
        return Formula(kind, (Address("probs", (t, v), False, a.t),))

    # ---- exact values --------------------------------------------------------------------------
    def expr(self, a: Address) -> X.Expr:
        """Exact value of scalar a (an iterative walk: deep chains of quantities never recurse)."""
        got = self._expr.get(a)
        if got is not None:
            return got
        stack = [a]
        while stack:
            top = stack[-1]
            if top in self._expr:
                stack.pop()
                continue
            f = self.formula(top)
            if top.grad and f.kind is K.GIVEN:
                self._expr[top] = X.ONE
                stack.pop()
                continue
            missing = [b for b in f.args if b not in self._expr]
            if missing:
                stack.extend(missing)
                continue
            stack.pop()
            self._expr[top] = self._build(top, f)
        return self._expr[a]

    def _build(self, a: Address, f: Formula) -> X.Expr:
        if f.kind is K.GIVEN:
            s = self.step(a.step)
            v = s.op.values[s.flat(a.idx)]  # type: ignore[attr-defined]
            return exact_of(v)
        xs = [self._expr[b] for b in f.args]
        try:
            return f.kind.f(self.exact_backend, xs)
        except ZeroDivisionError:
            raise UndefinedQuantity(a) from None

    def symbolic_formula(self, a: Address) -> X.Expr:
        """The formula with its inputs as named slots (Refs), its structure kept (numeric.backends.PATTERN)."""
        from ..numeric.backends import PATTERN

        f = self.formula(a)
        if f.kind is K.GIVEN:
            return X.Ref(self.name(a), a) if not a.grad else X.ONE
        refs = [X.Ref(self.name(b), b) for b in f.args]
        if f.kind is K.DIV and self.formula(f.args[1]).kind is K.GIVEN and not f.args[1].grad \
                and X.rational_of(self.expr(f.args[1])) == 1:
            return refs[0]  # no scaling (scale = "none"): s̃ = s, not s/1
        return f.kind.f(PATTERN, refs)


def _drop_head(key: str) -> str:
    """L1.attn.h2.Wq → L1.attn.Wq (a prefix without a head covers every head)."""
    return re.sub(r"(^|\.)h\d+\.", r"\1", key)


_ = attention  # the attention module registers its kind through model.blocks
