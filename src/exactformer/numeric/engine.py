"""Certified evaluation of a whole graph, and one place to ask a quantity for its value.

``Numeric`` evaluates every step with arb balls, a step at a time (ball matrices for
contractions, each kind's own formula for the rest), forward and backward, at a
given precision and training step; training updates the trainable givens between
steps. ``Engine`` answers what every command asks of a quantity: its exact value and
closed form, a certified comparison with a stated number, its certified decimal.
"""

from __future__ import annotations

import gc
from dataclasses import replace
from fractions import Fraction
from math import lcm

from flint import arb, arb_mat, fmpq, fmpq_mat, fmpz_mat

from ..errors import ExactformerError
from ..exact import expr as X
from ..exact import text as T
from ..model import kinds as K
from ..model.address import Address
from ..model.graph import Graph, UndefinedQuantity
from ..model.kinds import Exactness
from ..model.steps import Contract, Map
from ..model.values import Model, Update, exact_of
from .backends import BALL, RATIONAL, NotRational
from .ball import (
    PRECISIONS,
    SYMPY_NODES,
    DecimalParts,
    SymbolicValue,
    Undecidable,
    ball_text,
    ball_texts,
    compare,
    decimal_parts,
    decimal_text,
    expr_ball,
    fraction_text,
    precision,
    ratio_text,
    start_for,
)

CLOSED_FORM_NODES = 3000  # a closed form larger than this is written in terms of named quantities
CLOSED_FORM_CHARS = 10_000  # … and one whose text is longer than this, with more of its terms named


class UndefinedValue(ExactformerError):
    """A quantity the givens leave undefined (LayerNorm of a constant row with eps 0)."""

    def __init__(self, address: str, root: str, why: str) -> None:
        super().__init__(f"{address} is undefined: {why}")
        self.address, self.root, self.why = address, root, why


def _common_denominator(values) -> tuple[fmpz_mat, int] | None:
    """Rational givens as integers over one common denominator (computed once per step)."""
    rats = [X.rational_of(exact_of(v)) for v in values]
    if rats and all(q is not None for q in rats):
        d = lcm(*(q.denominator for q in rats))  # type: ignore[union-attr]
        if d.bit_length() < 4000:
            return fmpz_mat(1, len(rats), [q.numerator * (d // q.denominator) for q in rats]), d  # type: ignore
    return None


def _given_balls(values, common: tuple[fmpz_mat, int] | None) -> list:
    """Balls of givens at the current precision: one exact division when they are all rational."""
    if common is not None:
        ints, d = common
        m = arb_mat(ints)
        return (m / d if d != 1 else m).entries()
    return [expr_ball(exact_of(v)) for v in values]


class _Sources:
    """What a pass starts from: the givens' balls at each precision, and a rational step's exact cells."""

    def __init__(self, graph: Graph, exact_cells) -> None:
        self.g = graph
        self._exact_cells = exact_cells  # (a function that holds no reference to the Numeric: _Rationals.step)
        self._given: dict[tuple[int, str], list] = {}
        self._common: dict[str, tuple[fmpz_mat, int] | None] = {}

    def given(self, prec: int, key: str) -> list:
        got = self._given.get((prec, key))
        if got is None:
            values = self.g.steps[key].op.values  # type: ignore[attr-defined]
            if key not in self._common:
                self._common[key] = _common_denominator(values)
            with precision(prec):
                got = _given_balls(values, self._common[key])
            self._given[(prec, key)] = got
        return got

    def exact(self, s) -> list | None:
        if self._exact_cells is None or self.g.has_symbols or s.exactness is not Exactness.RATIONAL:
            return None
        return self._exact_cells(s)


_has = dict.__contains__  # a pass's own membership (``_Pass.__contains__`` answers for every step of the graph)


class _Pass(dict):
    """One pass's balls, by step, each step computed when first read (its inputs first, without recursion).
    A pass at a higher precision, run for the few values the first one left undecided, computes only the steps
    they depend on; a step computed from exact cells (Numeric._exact) needs no balls of its inputs (the
    512 × 512 weight matrices of Q = x·W_Q).

    It reads the givens and the exact cells from the Numeric's _Sources, not from the Numeric, which keeps the
    pass: no cycle, so a model dropped (a convention's, its 10,000 training steps cached) is freed at once, not
    by the collector."""

    def __init__(self, numeric: Numeric, prec: int, ps: dict[str, list], exact: bool) -> None:
        super().__init__()
        self.sources, self.g, self.prec, self.ps, self.exact = numeric.sources, numeric.g, prec, ps, exact

    def __missing__(self, key: str) -> list:
        s = self.g.steps.get(key)
        if s is None:
            raise KeyError(key)
        has = super().__contains__
        stack = [s]
        with precision(self.prec):
            while stack:
                top = stack[-1]
                if has(top.key):
                    stack.pop()
                    continue
                todo = self._make(top)
                if todo:
                    stack.extend(todo)
                    continue
                stack.pop()
        return super().__getitem__(key)

    def _make(self, s, ready: bool = False) -> list:
        """One step's balls, at the pass's precision (set by the caller): from its inputs' balls, or from its exact
        cells, or none needed (a lazy or a given step). Its inputs not yet known that it needs are returned
        instead, and nothing is made (``ready``: they are all known)."""
        k = s.key
        if s.lazy:
            self[k] = [None] * s.size
        elif s.is_given:
            self[k] = self.ps.get(k) or self.sources.given(self.prec, k)
        else:
            cells = self.sources.exact(s) if self.exact else None
            if cells is not None:
                self[k] = [None if x is None else arb(x) for x in cells]
            else:
                if not ready:
                    todo = [i for i in s.inputs if not _has(self, i.key)]
                    if todo:
                        return todo
                self[k] = s.op.forward(s, [self[i.key] for i in s.inputs], BALL)
        return []

    def fill(self, steps) -> None:
        """Every step of ``steps`` (inputs first) not yet known, in that order: what a backward pass reads, made
        without the walk each step read alone would take (the same balls: each step's from its inputs')."""
        has = super().__contains__
        with precision(self.prec):
            for s in steps:
                if not has(s.key):
                    self._make(s, ready=True)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self.g.steps

    def items(self):  # type: ignore[override]
        for k in self.g.steps:
            yield k, self[k]


class _Plan:
    """What every training step of a graph walks, worked out once: the steps the loss reads (inputs first), which
    a backward pass fills at once (``_Pass.fill``); every step's size; the parameter steps; each parameter's first
    reader (where a sequential update happens); the backward order, each step with its inputs' keys, the
    inputs it updates first (sequential) and the inputs whose gradients an update needs (None: every one).

    An update needs the gradient of a step only when the step depends on a parameter: the gradients of the
    embeddings, of a fixed bias or of anything else before or beside the parameters are left out of a run's
    steps (``Numeric.step``, not ``full``)."""

    def __init__(self, g: Graph, sequential: bool) -> None:
        order = list(g.steps.values())
        self.n = len(order)
        self.sizes = [(k, s.size) for k, s in g.steps.items()]
        self.params = [s.key for s in g.params]
        keys = set(self.params)
        first: dict[str, object] = {}
        for s in order:
            for i in s.inputs:
                if i.key in keys and i.key not in first:
                    first[i.key] = s
        self.first_use = first
        depends = set(keys)  # the parameters and every step computed from one
        for s in order:
            if any(i.key in depends for i in s.inputs):
                depends.add(s.key)
        self.backwards = []
        for s in reversed(order):
            if s.is_given or s.lazy:
                continue
            needed = frozenset(k for k, i in enumerate(s.inputs) if i.key in depends)
            self.backwards.append((s, s.key, tuple(i.key for i in s.inputs),
                                   frozenset(k for k, i in enumerate(s.inputs) if first.get(i.key) is s)
                                   if sequential else frozenset(),
                                   None if len(needed) == len(s.inputs) else needed))
        loss = g.loss_step
        read: set[str] = set()
        stack = [loss] if loss is not None else []
        while stack:  # the loss and everything under it: a backward pass reads each of them
            s = stack.pop()
            if s.key not in read:
                read.add(s.key)
                stack.extend(s.inputs)
        self.reads = [s for s in order if s.key in read]


class Numeric:
    """Balls for every quantity of a graph, computed per (precision, training step) and cached."""

    def __init__(self, graph: Graph, exact_cells=None) -> None:
        self.g = graph
        # a rational step's exact cells (fmpq, Engine._rational_step), or None: its balls are taken from them, so
        # an exact 0 (a V of one-decimal givens that sums to 0) is the exact ball 0, and 0 · weight is 0 too
        self.sources = _Sources(graph, exact_cells)
        self._fwd: dict[tuple[int, int], dict[str, list]] = {}
        self._bwd: dict[tuple[int, int], dict[str, list]] = {}
        self._params: dict[tuple[int, int], dict[str, list]] = {}
        self._lazy: dict[tuple[int, Address], arb] = {}
        self._whole: dict[tuple[int, int, str], list] = {}  # lazy steps evaluated at once, for many values
        self.passes = 0  # ball passes run (forward or backward over the whole graph, at one precision each)
        self._mask: dict[str, list[bool]] = {}  # trainable cells of each parameter step
        self._plan: _Plan | None = None  # what each training step walks (worked out once per graph)

    # ---- forward -----------------------------------------------------------------------------
    def given(self, prec: int, key: str) -> list:
        return self.sources.given(prec, key)

    def params(self, prec: int, t: int) -> dict[str, list]:
        """Values of the parameter steps after t updates (t = 0: as given)."""
        if t == 0:
            return {s.key: self.given(prec, s.key) for s in self.g.params}
        done = t  # the latest step known at or before t: found downward, so each forward pass of a run (which
        while done > 0 and (prec, done) not in self._params:  # asks for its own step, just made) finds it at once
            done -= 1
        paused = t - done > 64 and gc.isenabled()  # a run's passes make millions of balls, lists and dicts, none in
        if paused:  # a cycle (_Pass), and each kept: the collector's passes over them cost a tenth of 10,000 steps
            gc.disable()
        try:
            for k in range(done, t):  # step by step, never recursively (a trend may reach step 10,000)
                self._advance(prec, k)
        finally:
            if paused:
                gc.enable()
        return self._params[(prec, t)]

    def forward(self, prec: int, t: int = 0, params: dict[str, list] | None = None,
                same: dict[str, list] | None = None) -> dict[str, list]:
        """Every step's balls at ``prec`` after t training steps. ``same``: steps known to have these very
        values (another model's, for the steps before the one a convention changes), taken as they are."""
        key = (prec, t)
        if params is None and key in self._fwd:
            return self._fwd[key]
        ps = params if params is not None else self.params(prec, t) if t else {}
        vals: dict[str, list] = _Pass(self, prec, ps, t == 0 and params is None)
        for k in same or ():
            if k in self.g.steps:
                dict.__setitem__(vals, k, same[k])  # type: ignore[index]
        self.passes += 1
        if params is None:
            self._fwd[key] = vals
        return vals

    def _exact(self, s) -> list | None:
        return self.sources.exact(s)

    # ---- backward and training ------------------------------------------------------------------
    def trainable_mask(self, key: str) -> list[bool]:
        got = self._mask.get(key)
        if got is None:
            s = self.g.steps[key]
            got = [self.g.trainable(Address(key, s.unflat(o))) for o in range(s.size)]
            self._mask[key] = got
        return got

    def backward(self, prec: int, t: int = 0) -> dict[str, list]:
        """∂loss/∂(every quantity) at training step t; also the parameters of step t + 1."""
        key = (prec, t)
        if key not in self._bwd:
            vals = self.forward(prec, t)
            self.passes += 1
            grads, new = self.step(prec, vals)
            self._bwd[key] = grads
            self._params.setdefault((prec, t + 1), new)  # (a run already made them: the same balls, kept as made)
        return self._bwd[key]

    def _advance(self, prec: int, t: int) -> None:
        """The parameters of step t + 1, for a run through step t: a backward pass of only the gradients the
        update needs, not kept (asked for, ``backward`` works them all out from the same pass: the same balls)."""
        if (prec, t + 1) in self._params:
            return
        vals = self.forward(prec, t)
        self.passes += 1
        self._params[(prec, t + 1)] = self.step(prec, vals, full=False)[1]

    def step(self, prec: int, vals: dict[str, list], full: bool = True) -> tuple[dict[str, list], dict[str, list]]:
        """One backward pass from the forward values ``vals``: the gradients, and the parameters after one
        update (simultaneous, or sequential: each block's parameters updated before the gradient passes
        through them). Not ``full``: only the gradients the update needs (``_Plan``), each computed as in a full
        pass."""
        assert self.g.loss_step is not None
        train = self.g.model.train
        sequential = train is not None and train.update is Update.SEQUENTIAL
        lr = None
        plan = self._plan
        if plan is None or plan.n != len(self.g.steps):  # (a cosine asked for adds a step)
            plan = self._plan = _Plan(self.g, sequential)
        if isinstance(vals, _Pass):
            vals.fill(plan.reads)
        first_use = plan.first_use
        grads: dict[str, list] = {k: [None] * n for k, n in plan.sizes}
        new = {k: list(vals[k]) for k in plan.params}
        with precision(prec):
            if train is not None:
                lr = BALL.value(train.lr.value)
            grads[self.g.loss_step.key][0] = arb(1)
            for s, key, keys, updating, needed in plan.backwards:
                which = None if full else needed
                if which is not None and not which:
                    continue  # (nothing under it depends on a parameter)
                g = grads[key]
                if g.count(None) == len(g):
                    continue
                ins = [vals[k] for k in keys]
                acc = [grads[k] for k in keys]
                if updating:
                    s.op.backward(s, ins, vals[key], g, BALL, acc, updating)
                    for k in updating:
                        p = keys[k]
                        new[p] = self._update(p, vals[p], grads[p], lr)
                        ins[k] = new[p]
                    rest = frozenset(range(len(ins))) - updating
                    s.op.backward(s, ins, vals[key], g, BALL, acc, rest if which is None else rest & which)
                else:
                    s.op.backward(s, ins, vals[key], g, BALL, acc, which)
            if train is not None:
                for p in new:
                    if not (sequential and p in first_use):
                        new[p] = self._update(p, vals[p], grads[p], lr)
        return grads, new

    def value(self, vals: dict[str, list], grads: dict[str, list] | None, a: Address, prec: int) -> arb:
        """A quantity's ball read from one pass's values (a lazy one, such as cos, computed from them)."""
        s = self.g.step(a.step)
        if not s.lazy:
            v = (grads if a.grad else vals)[s.key][s.flat(a.idx)]  # type: ignore[index]
            return arb(0) if v is None else v
        f = self.g.formula(a)
        with precision(prec):
            return f.kind.f(BALL, [self.value(vals, grads, b.at(t=a.t), prec) for b in f.args])

    def _update(self, key: str, value: list, grad: list, lr) -> list:
        mask = self.trainable_mask(key)
        return [v - lr * g if m and g is not None else v for v, g, m in zip(value, grad, mask)]

    # ---- one quantity -----------------------------------------------------------------------------
    def ball(self, a: Address, prec: int = PRECISIONS[0]) -> arb:
        """Certified ball of scalar quantity a at prec bits (NaN if it depends on a symbol)."""
        s = self.g.step(a.step)
        if s.lazy:
            return self._per_scalar(a, prec)
        if a.grad:
            v = self.backward(prec, a.t)[s.key][s.flat(a.idx)]
            return arb(0) if v is None else v
        return self.forward(prec, a.t)[s.key][s.flat(a.idx)]

    def known(self, a: Address, below: int) -> tuple[int, arb] | None:
        """The ball of a non-lazy quantity that a pass already run at a precision below ``below`` holds (the
        highest such), with that precision; None when none holds it. Only a look: no step is computed."""
        s = self.g.step(a.step)
        if s.lazy:
            return None
        passes = self._bwd if a.grad else self._fwd
        for prec in reversed(PRECISIONS[:PRECISIONS.index(below)] if below in PRECISIONS else ()):
            cells = passes.get((prec, a.t))
            v = None if cells is None else dict.get(cells, s.key)
            if v is not None:
                b = v[s.flat(a.idx)]
                if b is None and a.grad:
                    b = arb(0)  # (no gradient reaches it: as ``ball`` reads it)
                return None if b is None else (prec, b)
        return None

    def whole(self, prec: int, t: int, key: str) -> list:
        """Every cell of a lazy step (weighted_v, a cosine) at once, from one pass's values: what many values
        of it ask for together, where one value alone is computed by itself."""
        got = self._whole.get((prec, t, key))
        if got is None:
            s = self.g.step(key)
            at = t + s.offset_t
            ins = [self._gradients(prec, at, i.key) if k in s.grad_inputs else self.whole(prec, at, i.key)
                   if i.lazy else self.forward(prec, at)[i.key] for k, i in enumerate(s.inputs)]
            with precision(prec):
                if s._plan is None and isinstance(s.op, Map):  # cell by cell, without keeping a plan of them all
                    got = [None] * s.size
                    for idx in s.indices():
                        kind, args = s.op.scalar(s, idx)
                        got[s.flat(idx)] = kind.f(BALL, [ins[i][s.inputs[i].flat(j)] for i, j in args])
                else:
                    got = s.op.forward(s, ins, BALL)
                self._whole[(prec, t, key)] = got
        return got

    def _gradients(self, prec: int, t: int, key: str) -> list:
        """A step's gradients from one backward pass (0 where none reaches it), as a lazy step reads them."""
        got = self.backward(prec, t)[key]
        return [arb(0) if v is None else v for v in got]

    def drop_whole(self, key: str) -> None:
        """Forget a lazy step's cells computed at once (``whole``): a step written out and not read again (show's
        JSON of the big model: 786,432 weighted_v balls); asked again, they are computed again, the same."""
        for k in [k for k in self._whole if k[2] == key]:
            del self._whole[k]

    def _per_scalar(self, a: Address, prec: int) -> arb:
        if not a.grad:
            cells = self._whole.get((prec, a.t, a.step))
            if cells is not None:
                v = cells[self.g.step(a.step).flat(a.idx)]
                if v is not None:
                    return v
        key = (prec, a)
        got = self._lazy.get(key)
        if got is None:
            f = self.g.formula(a)
            with precision(prec):
                xs = [self.ball(b, prec) for b in f.args]
                got = f.kind.f(BALL, xs)
            self._lazy[key] = got
        return got


class _Rationals:
    """A graph's rational steps, cell by cell, exactly (Engine._rational_step). Apart from the Engine, so that
    its Numeric, which reads them, holds no reference back to the Engine: a model dropped (a convention's, its
    training runs cached) is freed at once instead of waiting for the collector."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.cells: dict[str, list | None] = {}  # a rational step's cells (fmpq), or None

    def step(self, s) -> list | None:
        """Every cell of a rational step (Q = x·W, scores = Q·Kᵀ, a ReLU of them …) at once, exactly, as flint
        fmpq: contractions as rational matrices, the rest by the kinds' own formulas on rationals
        (numeric.backends.RATIONAL). The same values as the exact DAG, without one node per product. Inputs
        first, without recursion; None for a step that is not rational (or holds a symbol)."""
        if s.key in self.cells:
            return self.cells[s.key]
        stack = [s]
        while stack:
            top = stack[-1]
            if top.key in self.cells:
                stack.pop()
                continue
            if top.lazy or top.is_given or self.graph.has_symbols or top.exactness is not Exactness.RATIONAL:
                self.cells[top.key] = None
                stack.pop()
                continue
            todo = [i for i in top.inputs if not i.is_given and i.key not in self.cells]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            self.cells[top.key] = self._cells_of(top)
        return self.cells[s.key]

    def _cells_of(self, s) -> list | None:
        if any(not i.is_given and self.cells.get(i.key) is None for i in s.inputs):
            return None
        try:
            if isinstance(s.op, Contract):
                A, B = self._matrix(s.inputs[0]), self._matrix(s.inputs[1])
                out = (A * (B.transpose() if s.op.transpose else B)).entries()
                if s.op.bias:
                    bias = self._list(s.inputs[2])
                    cols = s.dims[1]
                    out = [x + bias[k % cols] for k, x in enumerate(out)]
                return out
            return s.op.forward(s, [self._list(i) for i in s.inputs], RATIONAL)
        except NotRational:
            return None

    def _list(self, s) -> list:
        if not s.is_given:
            return self.cells[s.key]  # type: ignore[return-value]
        out = []
        for v in s.op.values:
            q = X.rational_of(exact_of(v))
            if q is None:
                raise NotRational(v)
            out.append(fmpq(q.numerator, q.denominator))
        return out

    def _matrix(self, s) -> fmpq_mat:
        rows, cols = s.dims
        if s.is_given:
            common = _common_denominator(s.op.values)
            if common is None:
                raise NotRational(s.key)
            ints, d = common
            return fmpq_mat(fmpz_mat(rows, cols, ints.entries())) / d
        cells = self.cells[s.key]
        assert cells is not None
        return fmpq_mat(rows, cols, cells)


class Engine:
    """Exact values and decisions for the quantities of one model."""

    def __init__(self, model: Model | Graph) -> None:
        self.graph = model if isinstance(model, Graph) else Graph(model)
        self._rationals = _Rationals(self.graph)
        self.numeric = Numeric(self.graph, self._rationals.step)
        self._sizes: dict[int, int] = {}
        self._capped: dict = {}  # exact forms' sizes capped at what SymPy may be given (numeric.ball._provable)
        self._memos: dict = {}  # the exact decisions' walks (numeric.ball.decimal_text), shared between values
        self._unsettled: dict[tuple[Address, int], bool] = {}  # (value, digits) no ball of a pass's climb settled
        self._estimates: dict[object, dict[Address, int]] = {}
        self._over: dict[object, dict[Address, int]] = {}  # a quantity's size is known to exceed this cap
        self._decimal_texts: dict[tuple[Address, int], str] = {}
        self._bounded: dict[tuple[Address, int], X.Expr] = {}
        self._cuts: dict[object, dict[Address, X.Expr]] = {}
        self._symbols: dict[int, frozenset[str]] = {}
        self._texts: dict = {}  # closed forms' text, shared: a subexpression is written once

    def ball(self, a: Address, prec: int = PRECISIONS[0]) -> arb:
        return self.numeric.ball(a, prec)

    def exactness(self, a: Address) -> Exactness:
        s = self.graph.step(a.step)
        if a.grad or a.t:
            loss = self.graph.loss_step
            if loss is None or loss.exactness is not Exactness.RATIONAL or a.t > 2:
                return Exactness.TRANSCENDENTAL
            return Exactness.RATIONAL
        return s.exactness

    def cheap(self, a: Address) -> bool:
        """The exact value folds to a constant cheaply: a rational step (``Exactness.RATIONAL``)."""
        return self.exactness(a) is Exactness.RATIONAL

    def rational(self, a: Address) -> Fraction | None:
        """E(a) when it is a rational that is cheap to know, else None."""
        if not self.cheap(a):
            return None
        if not a.grad and not a.t:
            s = self.graph.step(a.step)
            if s.is_given:
                return X.rational_of(exact_of(s.op.values[s.flat(a.idx)]))  # type: ignore[attr-defined]
            cells = self._rational_step(s)
            if cells is not None:
                x = cells[s.flat(a.idx)]
                if x is not None:
                    return Fraction(int(x.p), int(x.q))
        return X.rational_of(self.expr(a))

    def _rational_step(self, s) -> list | None:
        return self._rationals.step(s)

    def compare(self, a: Address, x: Fraction) -> int:
        """Sign of E(a) − x, certain (ties included): a certified ball decides unless it straddles x; then the
        exact value (a rational folded exactly, else higher precisions)."""
        if self.cheap(a) and a in self.graph._expr:
            r = X.rational_of(self.graph._expr[a])
            if r is not None:
                return (r > x) - (r < x)
        self.require_defined(a)
        return compare(lambda p: self.numeric.ball(a, p), lambda: self.expr(a), x, symbolic=self.graph.has_symbols,
                       cheap=self.exactness(a) is not Exactness.TRANSCENDENTAL)

    def decimal(self, a: Address, sig: int = 12) -> str:
        """E(a) to at least sig significant digits (raises SymbolicValue for a symbolic value). A value that
        sits within 2⁻⁸⁰⁰⁰ of a digit boundary and cannot be proved either side (an exactly-zero gradient in
        transcendental form) is shown as its enclosure, ``≈0 (|x| < 1e-2400)``: certified, never guessed.
        Each (value, digits) is worked out once (a derivation shows one value in several places)."""
        key = (a, sig)
        got = self._decimal_texts.get(key)
        if got is None:
            got = self._decimal(a, sig)
            if len(self._decimal_texts) < 200_000:
                self._decimal_texts[key] = got
        return got

    def _decimal(self, a: Address, sig: int) -> str:
        r = self.rational(a)
        if r is not None:
            return fraction_text(r, sig)
        start = start_for(sig)
        known = self.numeric.known(a, start)
        if known is not None:  # a pass at fewer bits already run (the audit's comparisons) may certify the digits:
            with precision(known[0]):  # then they are these (certain digits do not depend on the precision), and
                got = ball_text(known[1], sig)  # no pass at ``start`` is run (10,000 training steps at 256 bits)
            if got is not None:
                return got
        self.require_defined(a, start)
        try:
            exact = (lambda: self.expr(a)) if self.graph.has_symbols else (lambda: self._tie_form(a))
            return decimal_text(lambda p: self.numeric.ball(a, p), exact, sig, exact_first=False,
                                symbolic=self.graph.has_symbols, sizes=self._capped, memos=self._memos,
                                unsettled=self._unsettled.pop((a, sig), False))
        except Undecidable:
            b = self.numeric.ball(a, PRECISIONS[-1])
            mag = abs(b).upper()
            exp10 = int(mag.log_base(10).ceil().unique_fmpz() or 0) if not mag.is_zero() else -2466
            if b.contains(0):
                return DecimalParts(False, "0", bound=exp10).text()
            rad = b.rad()
            bound = int(rad.log_base(10).ceil().unique_fmpz() or 0) if not rad.is_zero() else -2466
            mid = decimal_parts(arb(b.mid()).str(sig, radius=False))
            return replace(mid, bound=bound).text()

    def _tie_form(self, a: Address) -> X.Expr:
        """The exact value of a quantity no ball settles, for a proof of a tie: built with its rational
        contractions as constants (every cell of Q = x·W at once, exactly), and not at all past what SymPy may
        be given (a 512-term dot product per Q cell, built node by node for each value, filled gigabytes)."""
        e = self._cut(a, lambda b: False, 20 * SYMPY_NODES, "full")
        if e is None:
            raise Undecidable("the decimal digits of a value on a digit boundary")
        return e

    def shown_decimal(self, a: Address, sig: int = 12) -> str:
        """The decimal as a reader is shown it: a tiny one in scientific notation (``1.23…e-8``)."""
        return decimal_parts(self.decimal(a, sig)).scientific().text()

    def decimals(self, addrs: list[Address], sig: int = 12) -> list[str | None]:
        """Many values to at least ``sig`` digits at once: a rational step's exactly, every other from one ball
        pass per precision for all of them (a value too wide at one precision waits for the next pass with the
        others; none is refined alone). None where only ``decimal`` can answer: a symbol, an undefined value, a
        tie on a digit boundary that no ball settles."""
        out: list[str | None] = [None] * len(addrs)
        groups: dict[tuple[str, bool, int], list[int]] = {}
        for k, a in enumerate(addrs):
            groups.setdefault((a.step, a.grad, a.t), []).append(k)
        for (key, grad, t), ks in groups.items():
            got = self.step_decimals(key, grad, t, [addrs[k].idx for k in ks], sig)
            for k, v in zip(ks, got):
                out[k] = v
        return out

    def step_decimals(self, key: str, grad: bool, t: int, idxs: list[tuple[int, ...]], sig: int = 12,
                      flats: list[int] | range | None = None) -> list[str | None]:
        """``decimals`` of cells of one step (given by their indices, and their flat positions when known),
        without an address for each: a rational step's exactly, the others from one ball pass per precision
        (the passes are shared by every step: each precision's pass is computed once)."""
        g, n = self.graph, self.numeric
        s = g.step(key)
        out: list[str | None] = [None] * len(idxs)
        if not idxs:
            return out
        if flats is None:
            flats = [s.flat(i) for i in idxs]
        if not grad and not t and self.cheap(Address(key, idxs[0], grad, t)):
            cells = s.op.values if s.is_given else self._rational_step(s)  # type: ignore[attr-defined]
            if cells is not None:
                if s.is_given:
                    for k, o in enumerate(flats):
                        r = X.rational_of(exact_of(cells[o]))
                        out[k] = fraction_text(r, sig) if r is not None else None
                else:
                    for k, o in enumerate(flats):
                        x = cells[o]
                        if x is not None:
                            out[k] = ratio_text(int(x.p), int(x.q), sig)
                return out
            for k, i in enumerate(idxs):
                r = self.rational(Address(key, i, grad, t))
                if r is not None:
                    out[k] = fraction_text(r, sig)
            return out
        if g.has_symbols:
            return out
        todo = list(range(len(idxs)))
        for climb, prec in enumerate(PRECISIONS[PRECISIONS.index(start_for(sig)):]):
            if not todo:
                break
            if s.lazy and not grad and (climb == 0 or 4 * len(todo) > s.size):
                cells = n.whole(prec, t, s.key)  # (a few cells left: only those, from the pass's inputs)
            elif s.lazy:
                cells = None
            else:
                cells = (n.backward(prec, t) if grad else n.forward(prec, t))[s.key]
            zero = arb(0)
            balls = [zero if b is None else b for b in
                     ([cells[flats[k]] for k in todo] if cells is not None else
                      [n.ball(Address(key, idxs[k], grad, t), prec) for k in todo])]
            left = []
            for k, got in zip(todo, ball_texts(balls, sig)):
                if got is None:
                    left.append(k)
                else:
                    out[k] = got
            todo = left
        for k in todo:  # no precision settled them: ``decimal`` reads no ball again, it decides them exactly
            self._unsettled[(Address(key, idxs[k], grad, t), sig)] = True
        return out

    def symbols(self, a: Address) -> frozenset[str]:
        if not self.graph.has_symbols:
            return frozenset()
        b = self.numeric.ball(a)
        if b.is_finite():
            return frozenset()
        return X.free_symbols(self.expr(a), self._symbols)

    def symbolic(self, a: Address) -> bool:
        """Whether a quantity's value depends on a symbolic given (it has a closed form and no decimal)."""
        try:
            self.require_defined(a)
        except SymbolicValue:
            return True
        except ExactformerError:
            return False
        return False

    def require_defined(self, a: Address, start: int = PRECISIONS[0]) -> None:
        """Raise UndefinedValue (or SymbolicValue) for a quantity whose ball stays NaN at every precision."""
        for prec in PRECISIONS[PRECISIONS.index(start):]:
            if self.numeric.ball(a, prec).is_finite():
                return
            if prec == start and self.graph.has_symbols:
                try:
                    syms = X.free_symbols(self.graph.expr(a), self._symbols)
                except UndefinedQuantity:
                    break
                if syms:
                    raise SymbolicValue(syms)
        root, why = self._undefined_root(a)
        raise UndefinedValue(self.graph.name(a), root, why)

    def expr(self, a: Address) -> X.Expr:
        """The exact value (raises UndefinedValue where it divides by an exact zero)."""
        try:
            return self.graph.expr(a)
        except UndefinedQuantity:
            root, why = self._undefined_root(a)
            raise UndefinedValue(self.graph.name(a), root, why) from None

    def _undefined_root(self, a: Address) -> tuple[str, str]:
        """The first quantity on a's inputs that divides by an exact zero."""
        seen: set[Address] = set()
        stack = [a]
        last = a
        while stack:
            b = stack.pop()
            if b in seen:
                continue
            seen.add(b)
            if self.numeric.ball(b, PRECISIONS[-1]).is_finite():
                continue
            last = b
            f = self.graph.formula(b)
            if f.kind in (K.RECIP,) or isinstance(f.kind, K.Std):
                d = f.args[0]
                if self.numeric.ball(d, PRECISIONS[-1]).is_zero() or self._exact_zero(d):
                    what = "a variance of exactly 0 with eps = 0" if isinstance(f.kind, K.Std) or \
                        self.graph.step(d.step).spec.name == "std" else "a division by exactly 0"
                    return self.graph.name(b), f"{self.graph.name(b)} divides by {self.graph.name(d)} = 0 ({what})"
            stack.extend(f.args)
        return self.graph.name(last), f"{self.graph.name(last)} has no finite value"

    def _exact_zero(self, a: Address) -> bool:
        if self.exactness(a) is Exactness.TRANSCENDENTAL:
            return False  # (its ball at the cap already said whether it is 0)
        try:
            e = self.graph.expr(a)
        except UndefinedQuantity:
            return False
        return X.rational_of(e) == 0 or (isinstance(e, X.Const) and e.value.q == 0)

    # ---- closed forms -----------------------------------------------------------------------------
    def size(self, e: X.Expr) -> int:
        return X.tree_size(e, self._sizes, cap=10**12)

    def bounded(self, a: Address, limit: int = CLOSED_FORM_NODES) -> X.Expr:
        """The exact value when it is small; else in terms of its block's input (an attention-only layer: the
        previous layer's output); else its formula with the large inputs named (Refs). Sizes are estimated
        from the formulas first, so a deep quantity of a large model costs what it shows."""
        key = (a, limit)
        got = self._bounded.get(key)
        if got is None:
            got = self._bounded[key] = self._bounded_form(a, limit)
        return got

    def _bounded_form(self, a: Address, limit: int) -> X.Expr:
        g = self.graph
        s = g.step(a.step)
        if self.estimate(a, cap=4 * limit) <= 4 * limit:
            full = self._cut(a, lambda b: False, 20 * limit, "full")
            if full is not None and self.size(full) <= limit:
                return full
        if not a.grad:
            where = (s.block, s.layer)
            block = lambda b: not b.grad and (g.step(b.step).block, g.step(b.step).layer) != where  # noqa: E731
            if self.estimate(a, block, where, cap=4 * limit) <= 4 * limit:
                cut = self._cut(a, block, 20 * limit, where)
                if cut is not None and self.size(cut) <= limit:
                    return cut
        f = g.formula(a)
        if a.grad and f.kind is K.GIVEN:
            return X.ONE
        share = limit // (len(f.args) + 1)
        args = []
        for b in f.args:
            eb = self._cut(b, lambda x: False, 20 * share, "full") if self.estimate(b, cap=4 * share) <= 4 * share else None
            args.append(eb if eb is not None and self.size(eb) <= share else X.Ref(g.name(b), b))
        return f.kind.f(g.exact_backend, args)

    def estimate(self, a: Address, frontier=None, name=None, cap: int = 10**12) -> int:
        """The size of a's closed form written out, estimated from the formulas (a rational or algebraic
        quantity folds to one constant); with a frontier (memoised under ``name``), its quantities count as
        one name each. Iterative, and bounded: past ``cap`` it answers ``cap + 1`` as soon as it knows (a
        quantity under a, or as many distinct quantities, already counts that much), so asking about the loss
        of a large model costs about ``cap`` formulas, not the whole graph."""
        memo: dict[Address, int] = self._estimates.setdefault(name, {})
        if a in memo:
            return memo[a]
        # what earlier walks learnt: a quantity whose size exceeds this cap (so does every quantity above it)
        over: dict[Address, int] = self._over.setdefault(name, {})
        if over.get(a, -1) >= cap:
            return cap + 1
        stack = [a]
        opened = [False]  # stack[k]'s inputs were pushed: the opened entries are the chain from a to the top

        def exceeded(chain: bool) -> int:
            for b, o in zip(stack, opened) if chain else ((a, True),):
                if o and over.get(b, -1) < cap:
                    over[b] = cap
            return cap + 1

        new = 0
        while stack:
            if new > cap:  # more distinct quantities under a than cap: its written form has at least as many
                return exceeded(False)
            b = stack[-1]
            if b in memo:
                stack.pop()
                opened.pop()
                continue
            if b != a and frontier is not None and frontier(b):
                memo[b] = 1
                stack.pop()
                opened.pop()
                continue
            if not b.grad and not b.t and self.graph.step(b.step).exactness is not Exactness.TRANSCENDENTAL:
                memo[b] = 1
                stack.pop()
                opened.pop()
                continue
            if over.get(b, -1) >= cap:  # b, under a, is known to exceed cap: so does each quantity above it
                opened[-1] = True
                return exceeded(True)
            args = self.graph.formula(b).args
            missing = [x for x in args if x not in memo]
            if missing:
                opened[-1] = True
                stack.extend(missing)
                opened.extend([False] * len(missing))
                continue
            memo[b] = min(10**12, 1 + sum(memo[x] for x in args))
            new += 1
            stack.pop()
            opened.pop()
            if memo[b] > cap:  # a quantity under a (or a itself) already counts more than cap
                return exceeded(True)
        return memo[a]

    def _cut(self, a: Address, frontier, budget: int, name: object) -> X.Expr | None:
        """a's exact value with every quantity on the frontier kept as its name (a Ref), shared with earlier
        forms under the same frontier ``name``; None past ``budget`` formula inputs (too large to write out)."""
        g = self.graph
        memo: dict[Address, X.Expr] = self._cuts.setdefault(name, {})
        stack = [a]
        work = 0  # formula inputs visited: the cost of writing the form out
        while stack:
            if work > budget:
                return None
            b = stack[-1]
            if b in memo:
                stack.pop()
                continue
            if frontier(b) and b != a:
                memo[b] = X.Ref(g.name(b), b)
                stack.pop()
                continue
            cached = g._expr.get(b)
            if cached is None and not b.grad and not b.t and isinstance(g.step(b.step).op, Contract):
                r = self.rational(b)  # a rational contraction: every cell at once, exactly (fmpq matrices)
                cached = X.const(r) if r is not None else None
            if cached is not None:
                memo[b] = cached
                stack.pop()
                continue
            f = g.formula(b)
            if f.kind is K.GIVEN:
                memo[b] = X.ONE if b.grad else g.expr(b)
                stack.pop()
                continue
            work += len(f.args)
            missing = [x for x in f.args if x not in memo]
            if missing:
                stack.extend(missing)
                continue
            stack.pop()
            try:
                memo[b] = f.kind.f(g.exact_backend, [memo[x] for x in f.args])
            except ZeroDivisionError:
                raise UndefinedQuantity(b) from None
        return memo[a]

    def closed_form(self, a: Address, limit: int = CLOSED_FORM_NODES, chars: int = CLOSED_FORM_CHARS) -> str:
        """The exact value as text; past ``limit`` nodes, in terms of its inputs' names; and when even that
        is longer than ``chars``, with fewer nodes (more named terms), never cut short."""
        memo = self._texts.setdefault(chars, {})
        while True:
            try:
                got = T.text(self.bounded(a, limit), limit=chars, memo=memo)
            except X.SizeError as e:  # 1e10000·1e10000: the decimal is certain, the exact digits too many
                return f"(not written: {e})"
            if "…" not in got or limit <= 8:
                return got
            limit //= 2

    def operand_text(self, a: Address, sig: int) -> str:
        """How an input is shown once substituted: as written if given, exact if short, else a decimal."""
        f = self.graph.formula(a)
        if f.kind is K.GIVEN and not a.grad:
            s = self.graph.step(a.step)
            v = s.op.values[s.flat(a.idx)]  # type: ignore[attr-defined]
            return v.text if hasattr(v, "text") else T.text(v)
        r = self.rational(a)
        if r is not None:
            return fraction_text(r, max(sig, 30))
        if self.exactness(a) is not Exactness.TRANSCENDENTAL:
            e = self.graph.expr(a)
            if isinstance(e, X.Const):  # a surd such as 63√2/2500
                return T.text(e)
        if self.symbols(a):
            return f"({T.text(self.bounded(a), limit=400)})"
        return self.shown_decimal(a, sig)

    def formula_text(self, a: Address) -> str:
        """The formula with its inputs named: ``Q[鬼][1]·K[金棒][1] + Q[鬼][2]·K[金棒][2]``."""
        return T.text(self.graph.symbolic_formula(a), limit=4000)

    def substituted_text(self, a: Address, sig: int) -> str:
        """The formula with each input's value substituted."""
        f = self.graph.formula(a)
        if f.kind is K.GIVEN:
            return self.operand_text(a, sig)
        e = self.graph.symbolic_formula(a)
        if isinstance(e, X.Ref):  # the formula is one input (s̃ = s): its value, no parentheses
            return self.operand_text(e.key, sig)

        def ref(r: X.Ref) -> str:
            s = self.operand_text(r.key, sig)
            return f"({s})" if s.startswith("-") else s

        return T.text(e, ref=ref, limit=4000)

