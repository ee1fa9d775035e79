"""Every table, array and line of a document matched to a quantity of a model (``models`` proposes the models).

Every table column, array and line is matched by its values: each step of the model, in every
orientation and with the document's row and column labels, is scored by how many cells agree with the
exact value (to their last digit, give or take one) and how many are close (within 20 %), so a table
that is half wrong is still recognised; a table that fits nothing is reported, not forced. The scores
only choose what a table *is*: the audit then judges every number exactly. When the document does not
say, the scale (√d_k or none) and the mask are the ones under which most numbers agree.
"""

from __future__ import annotations

import heapq
import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import prod
from types import MappingProxyType
from typing import NamedTuple

from ...errors import AddressError, ExactformerError, ParseError
from ...model.address import Address
from ...model.steps import CHECKS, TERMS
from ...model.values import LossKind, Mask
from .. import grammar as G
from ..claims import ARITHMETIC
from ..notes import Note, NoteKind
from . import chains
from . import items as I
from . import values as V
from .models import toml_str
from .names import result_name, role, setting, split_name, step_hint, updated
from .symbols import derivative
from .values import significant
from .worked import resolve

MAX_COMBOS = 256  # fixed-index choices tried per step and orientation
CLOSE = 0.2  # a cell within 20 % of the value counts as close (a wrong number of the right quantity)

@dataclass
class Reading:
    """What was read: the case as TOML, and notes for the reader (givens found, matches, what was skipped)."""

    toml: str
    notes: list[Note] = field(default_factory=list)
    matched: int = 0
    unmatched: int = 0
    lang: str = "en"  # the language the document is written in (an HTML document's own lang attribute, if any)


@dataclass
class _Match:
    address_cells: list[tuple[Address, str]]
    step: str
    exact: int
    close: int
    cells: int
    error: float
    given: bool = False
    items: list[str] | None = None  # each claim as TOML (``"Q[the][1]" = "0.17"``), once written
    rows: list[int] = field(default_factory=list)  # each cell's row in the matched matrix
    named: bool = False  # bound by the document's name for it and its shape (``loose``), however few cells agree


# ---- matching --------------------------------------------------------------------------------------------------
class _Values:
    """A float near each quantity, from its certified ball: used only to choose what a table is."""

    def __init__(self, engine) -> None:
        self.engine = engine
        self.g = engine.graph
        self.fwd = engine.numeric.forward(128)
        self.lazy: dict[Address, float | None] = {}
        self.arrays: dict[str, list[float | None] | _Lazy] = {}
        self.matches: dict[tuple, _Match | None] = {}
        self.sorted: tuple[list[float], list[tuple[str, int]]] | None = None  # for _nearest, made on first use
        self.known: list[float] | None = None  # every value a line's operand may restate, givens and lazy steps too
        self._terms: list[Address] | None = None
        self.averaged = False  # the document averages the weights over the heads: a table may be those
        self.named = False  # the model's [names] are the document's own symbols (a network read from its formulas)
        self.differentiated = False  # the document differentiates its loss without a training step: a row may be
        # a gradient (∂L/∂z = p − y = (…)), though no weight is updated

    def get(self, a: Address) -> float | None:
        s = self.g.step(a.step)
        if not s.op.exists(s, a.idx):
            return None
        if s.lazy or a.grad or a.t:
            if a not in self.lazy:
                try:
                    b = self.engine.ball(a)
                    self.lazy[a] = float(b.mid()) if b.is_finite() else None
                except ExactformerError:
                    self.lazy[a] = None
            return self.lazy[a]
        known = self.arrays.get(s.key)  # the step's floats, when made already (``flat``: the same values)
        if known is not None:
            return known[s.flat(a.idx)]  # type: ignore[index]
        b = self.fwd[s.key][s.flat(a.idx)]
        return float(b.mid()) if b is not None and b.is_finite() else None

    def terms(self) -> list[Address]:
        """Every cell of the products inside matrix products, when there are few (else none)."""
        if self._terms is None:
            steps = [s for s in self.g.steps.values() if s.spec.name == TERMS]
            self._terms = [] if sum(prod(s.dims) for s in steps) > MAX_TERM_CELLS else \
                [Address(s.key, idx) for s in steps for idx in product(*(range(d) for d in s.dims))]
        return self._terms

    def flat(self, s, grad: bool = False, t: int = 0) -> list[float | None] | _Lazy:
        """The step's values in its flat order (None where a value does not exist or is undefined); a lazy
        step's cells, and its gradients or values after a training step (``grad``, ``t``), are evaluated one by
        one, on first use."""
        key = s.key if not (grad or t) else f"{s.key}|{int(grad)}|{t}"
        got = self.arrays.get(key)
        if got is None:
            got = _Lazy(self, s, grad, t) if s.lazy or grad or t else \
                [self.get(Address(s.key, s.unflat(o))) for o in range(prod(s.dims))]
            self.arrays[key] = got
        return got


class _Lazy:
    """A lazy step's values, each evaluated when a candidate first looks at it (most are never looked at)."""

    def __init__(self, vals: _Values, step, grad: bool = False, t: int = 0) -> None:
        self.vals, self.step, self.grad, self.t = vals, step, grad, t

    def __getitem__(self, o: int) -> float | None:
        return self.vals.get(Address(self.step.key, self.step.unflat(o), self.grad, self.t))


def _value(text: str) -> float:
    """A printed number's value: 29.1% is 0.291."""
    return float(text[:-1]) / 100 if text.endswith("%") else float(text)


def _score(cells: list[tuple[Address, str]], vals: _Values,
           reported: list[tuple[float, float]] | None = None) -> tuple[int, int, float] | None:
    """``reported``: the cells' numbers and units, when the caller scores the same texts many times."""
    got = [vals.get(a) for a, _ in cells]
    return _tally(reported if reported is not None else [(_value(t), _reach(t)) for _, t in cells], got, need=0)


def _reach(t: str) -> float:
    """One unit of a number's last digit as the reader counts agreement (``V.reach``), of the decimals its program
    kept when it rounded before printing (torch pads 0.981 to 0.9810)."""
    kept = _KEPT.get()
    u = V.reach(t)
    if _WHOLE.fullmatch(t):
        return min(u, WHOLE_REACH)  # "mean = 4" is not the mean 4.5 (its unit would allow it); "1" is 0.99995
    return u if kept is None or "." not in t or len(t.split(".")[1]) <= kept else max(u, 10.0 ** -kept)


_WHOLE = re.compile(r"[-+−]?\d{1,6}")
WHOLE_REACH = 0.3  # a whole number's unit as the reader counts agreement (1.5 of it: within 0.45 of its value)


# the decimals the item being matched was rounded to by its program before printing (None: as printed)
_KEPT: ContextVar[int | None] = ContextVar("kept", default=None)


def _tally(reported: list[tuple[float, float]], values: Iterable[float | None], need: int,
           misses: int | None = None) -> tuple[int, int, float] | None:
    """(cells within 1.5 units of their last digit, cells within 20 % more, summed relative error); None when
    a cell has no value, or as soon as fewer than ``need`` cells can agree or more than ``misses`` cells are
    neither (a candidate that cannot win, or could not be accepted)."""
    exact = close = 0
    err = 0.0
    left = len(reported)
    allowed = left if misses is None else misses
    for (r, u), v in zip(reported, values):
        if v is None and r == 0:  # e^x of a masked cell written 0: the model has none there, nor a claim
            left -= 1
            continue
        if v is None or not math.isfinite(v):  # (e^1000 overflows a float: nothing is near it, nor far)
            return None
        left -= 1
        d = abs(r - v)
        if d <= 1.5 * u:
            exact += 1
        else:
            if d <= CLOSE * abs(v) + 1.5 * u:
                close += 1
            else:
                allowed -= 1
            if exact + left < need or allowed < 0:
                return None
        err += d / (abs(v) + u)
    return exact, close, err


def _axis_map(step, ax: int | None, labels: list[str] | None, count: int, no_self: bool = False) \
        -> list[int | None] | None:
    if ax is None:
        return [None] if count == 1 else None
    size = step.dims[ax]
    names = step.labels[ax]
    if labels is not None and names is not None:
        index = {lab: k for k, lab in enumerate(names)}
        found = [index.get(lab) for lab in labels]
        if not all(i is not None for i in found):
            folded = {lab.casefold(): k for k, lab in enumerate(names)}
            found = [folded.get(lab.casefold()) for lab in labels]
        if not all(i is not None for i in found) and any("=" in nm for nm in names):
            found = [_setting_row(lab, names) for lab in labels]  # (only rows named T=0.5 are rows of a setting)
        if all(i is not None for i in found):
            return found
        return list(range(size)) if count == size else None  # labels of the document's own: rows by position
    if labels is not None and names is None and all(lab.isdigit() for lab in labels):
        nums = [int(lab) - (0 if "0" in labels else 1) for lab in labels]  # rows numbered from 0 or from 1
        return list(nums) if all(0 <= i < size for i in nums) else None
    if count == size - 1 and no_self:  # one query of its own, last: its row leaves itself out
        return list(range(size - 1))
    own: list[int | None] = [k for k, lab in enumerate(names or ()) if not _SETTING_ROW.fullmatch(lab)]
    if labels is None and count == len(own) < size:  # rows added for a setting (T=0.6) are no positions of a
        return own  # table printed a row per position
    return list(range(size)) if count == size else None


def _setting_row(label: str, names: list[str]) -> int | None:
    """The row named ``T=0.5`` (a row per value of a setting) that a bare number labels: ``0.5`` or ``0.50``, as
    a loop prints its variable before each result (``print(T, p)``)."""
    n = V.number(V.clean(label).strip())
    if n is None:
        return None
    for k, name in enumerate(names):
        m = _SETTING_ROW.fullmatch(name)
        if m and V.number(m.group(1)) is not None and Fraction(m.group(1)) == Fraction(n):
            return k
    return None


_SETTING_ROW = re.compile(r"[^\W\d]\w{0,15}=(" + V.NUMBER.pattern + r")")


_SHARES = {"weights", "avg_weights", "probs"}  # the quantities a document may state in percent


def match_matrix(rows: list[list[str]], row_labels, col_labels, vals: _Values, hint: str | None = None,
                 after: bool = False, moved: bool = False, own: bool = True) -> _Match | None:
    """The step, orientation and fixed indices under which the most cells agree (then the most are close);
    ``moved``: a slip upstream moved a whole row of the forward pass, so the gradients and updated weights
    after it may be close in every cell without any agreeing. ``own``: the array may be this model's written
    result (a function written on another input is another computation's, however near).

    A candidate is dropped as soon as it cannot agree on as many cells as the best so far, so the cost is
    about one pass over the table per candidate that fits its shape; a table printed again (a notebook run
    twice) is matched once."""
    memo = (tuple(map(tuple, rows)), tuple(row_labels or ()), tuple(col_labels or ()), hint, after, moved, own,
            _KEPT.get())
    if memo not in vals.matches:
        got = None
        if hint is not None:  # the document's own name for it, if its values allow
            got = _match_matrix(rows, row_labels, col_labels, vals, lambda s: s.spec.name == hint)
        if got is None or got.exact < got.cells:  # a name is a prior: more cells agreeing elsewhere win
            other = _match_matrix(rows, row_labels, col_labels, vals, after=after, moved=moved)
            if hint in ("Q", "K", "V") and other is not None and 2 * other.exact < other.cells and \
                    vals.g.step(other.step).spec.name != hint:
                other = None  # Q_cat with 1 of 4 cells as some K's: a chance, against its symbol (K printed with
                # slips, 6 of 32 cells to their digit, is still K, not the V 11 of its cells happen to fit)
            got = other if got is None or (other is not None and other.exact > got.exact) else got
        if got is None and hint in _NAMED_WHOLE and len(rows) >= 2:  # "K = [8 × 4]" named and of K's shape, its
            got = _match_matrix(rows, row_labels, col_labels, vals, lambda s: s.spec.name == hint, loose=LOOSE_SHARE)
            # cells mostly wrong (K = X·W_K misprinted): K, wrong where it is
        if got is None and own and hint in ("weights", "probs") and (written := _written_step(vals.g)) is not None:
            got = _match_matrix(rows, row_labels, col_labels, vals, written, loose=WRITTEN_SHARE)
            # softmax([1, 2, 3]) = [0.0116, …]: the function's values, wrong where they are
        if got is not None and got.step == "head.W" and _identity_head(vals.g):
            got = None  # the identity a reader puts over logits the document gives: no given of the document's
        if got is not None and got.cells == 1 and got.exact == 0 and not got.named and not (row_labels or col_labels) \
                and hint is None:
            got = None  # 0.076 near some 0.090: one number, off and named as nothing, says nothing of what it is
        vals.matches[memo] = got
    return vals.matches[memo]


def _identity_head(g) -> bool:
    """Whether the model's output layer is the identity over the logits (the document gives logits, not W)."""
    head = g.model.head
    rows = [[getattr(x, "text", x) for x in r] for r in head.W] if head is not None and head.W is not None else []
    return bool(rows) and all(str(c) == ("1" if i == j else "0") for i, r in enumerate(rows) for j, c in enumerate(r))


def _written_step(g) -> Callable | None:
    """For a model that is one function of a printed array (an ``fn`` block, or the output softmax over one row of
    logits and nothing before it), which steps are its values; else None."""
    if not g.model.layers:
        return (lambda s: s.spec.name == "probs") if g.model.head is not None else None
    return (lambda s: s.key.endswith("fn")) if [b.kind for b in g.model.layers[0].blocks] == ["fn"] else None


def _match_matrix(rows: list[list[str]], row_labels, col_labels, vals: _Values, only=None,
                  after: bool = False, moved: bool = False, loose: float | None = None) -> _Match | None:
    """``after``: the item is named as a weight after the training step (W'), so half of its cells agreeing, the
    rest close, is enough (a slip in one gradient moves a column). ``loose``: the document names the step, so a
    matrix of exactly its shape, as it is laid out (a row per position), is it when that share of its cells are
    near (within 20 %), however many are wrong."""
    g = vals.g
    r, c = len(rows), len(rows[0])
    no_self = g.model.mask is Mask.NO_SELF
    present = [t is not None for row in rows for t in row]  # blank and masked cells (−∞) state nothing
    reported = [(_value(t), _reach(t)) for row in rows for t in row if t is not None]
    best: tuple | None = None
    backward, trains = _backward(g), g.model.train is not None
    steps = [(s, False, 0) for s in sorted(g.steps.values(), key=lambda s: s.lazy)]  # lazy steps last: pruned
    if backward or (vals.differentiated and len(present) >= 2):  # a table of gradients, or of the weights after
        small = [s for s, _, _ in steps if not s.lazy and prod(s.dims) <= MAX_BACKWARD_CELLS]  # the step
        steps += [(s, True, 0) for s in small] + ([(s, False, 1) for s in small] if trains else [])
    shares = any(t is not None and t.endswith("%") for row in rows for t in row)  # 70 %: a share, a probability
    for s, grad, t in steps:
        if (not s.listed and s.spec.name not in CHECKS) or not s.dims or (only is not None and not only(s)) or \
                (s.spec.name == "avg_weights" and not vals.averaged) or (only is None and s.spec.name in CHECKS) or \
                (shares and (grad or s.spec.name not in _SHARES)) or (grad and s.spec.name in _SEEDS):
            continue  # a contraction's products are read from lines of working only; a check of the output only
            # when the document names it (any row of 1.0000 would fit a variance of 1); ∂L/∂L = 1 is no result
            # (∂z_2/∂b_2 = 1 is not it)
        k = len(s.dims)
        strides = [s.flat(tuple(int(x == y) for y in range(k))) for x in range(k)]
        col_axes: list[int | None] = [None, *range(k)]
        col_maps = [_axis_map(s, ac, col_labels, c, no_self) for ac in col_axes]
        if s.spec.name == "PE.angle" and k == 2 and (c + 1) // 2 == s.dims[1] and c >= 4 and r >= 3:  # an angle a
            # column (pos/10000^(2⌊j/2⌋/d)), a table of positions
            col_axes, col_maps = col_axes + [1], col_maps + [[j // 2 for j in range(c)]]
        for ar in [None, *range(k)]:
            ri = _axis_map(s, ar, row_labels, r, no_self)
            if ri is None:
                continue
            for ac, ci in zip(col_axes, col_maps):
                if ar == ac and ar is not None:
                    continue
                if ci is None:
                    continue
                flat = vals.flat(s, grad, t)
                fixed = [x for x in range(k) if x not in (ar, ac)]
                rs = [0 if i is None else i * strides[ar] for i in ri]  # type: ignore[index]
                cs = [0 if j is None else j * strides[ac] for j in ci]  # type: ignore[index]
                for n, combo in enumerate(product(*(range(s.dims[x]) for x in fixed))):
                    if n >= MAX_COMBOS:
                        break
                    base = sum(v * strides[x] for x, v in zip(fixed, combo))
                    values = (flat[base + a + b] for (a, b), keep in zip(product(rs, cs), present) if keep)
                    sc = _tally(reported, values, best[0][0] if best else 0,
                                None if loose is not None else len(reported) // 2)
                    if sc is None:
                        continue
                    key = (sc[0], sc[1], -sc[2])
                    if best is None or key > best[0]:
                        best = (key, s, base, rs, cs, sc, grad, t, (ar, ac))
    if best is None:
        return None
    _, s, base, rs, cs, (exact, close, err), grad, t, axes = best
    texts = [x for row in rows for x in row]
    flat = vals.flat(s, grad, t)
    kept = [(k, base + a + b, x) for k, ((a, b), x) in enumerate(zip(product(rs, cs), texts))
            if x is not None and flat[base + a + b] is not None]  # (a masked cell written 0 claims nothing)
    cells = [(Address(s.key, s.unflat(o), grad, t), x) for _, o, x in kept]
    rows_of = [k // c for k, _, _ in kept]
    n = len(cells)
    if loose is not None:
        k = len(s.dims)
        if (r, c) != tuple(s.dims[-2:]) or axes[1] != k - 1 or axes[0] not in (k - 2, None if r == 1 else k - 2) \
                or rs != sorted(rs) or cs != sorted(cs) or exact + close < loose * n:
            return None  # (its shape and layout exactly, not a transposed or a partial reading)
    elif not (exact >= 1 and exact + close >= 0.5 * n) and not (exact == 0 and close >= 0.75 * n):
        return None

    if (grad or t) and exact < max(1, 0.75 * n) and not (after and t and exact >= 0.5 * n and exact + close == n) \
            and not (moved and n >= 4 and exact + close == n):
        return None  # a gradient or an updated weight: most of its cells must agree (all close after a slip)
    restated = g.restates_givens(s.key) and not (grad or t)
    return _Match(cells, s.key, exact, close, n, err, given=restated, rows=rows_of, named=loose is not None)


def _columns(t: I.Table) -> list[tuple[list[list[str]], list[str] | None, str | None]]:
    """A table as the matrices it holds: all-number cells as one matrix; a column of vectors as a matrix of its
    own (rows by the table's rows); a column of numbers beside vectors as a vector."""
    heads = t.col_labels
    if heads and len(heads) == len(t.rows[0]) and len(heads) > 1:
        index = [k for k, h in enumerate(heads) if (_INDEX_HEAD.fullmatch(V.clean(h).strip().lower()) and
                 V.counting([r[k] for r in t.rows])) or id_column(h, [r[k] for r in t.rows])]
        if index and len(index) < len(heads):  # | 词 | pos | x |: the positions' numbers, no claim
            keep = [k for k in range(len(heads)) if k not in index]
            t = I.Table([[r[k] for k in keep] for r in t.rows], t.row_labels, [heads[k] for k in keep],
                        t.line, t.at, t.name, t.row_lines)
            heads = t.col_labels
        assert heads is not None
        ones = [k for k, h in enumerate(heads) if (step_hint(h) == "expsum" or _CHECK.search(h)) and
                all(isinstance(c, str) and _value(c) == 1 for c in (r[k] for r in t.rows))]
        if ones:  # | … | row sum | with 1.0000 in every row: the softmax checked, not a number it computes
            keep = [k for k in range(len(heads)) if k not in ones]
            t = I.Table([[r[k] for k in keep] for r in t.rows], t.row_labels, [heads[k] for k in keep],
                        t.line, t.at, t.name, t.row_lines)
    if all(not isinstance(c, list) for r in t.rows for c in r):
        hints = [step_hint(h) for h in t.col_labels] if t.col_labels else []
        if not (any(hints) and len(set(hints)) > 1):
            one = t.col_labels[0] if t.col_labels and len(hints) == 1 and hints[0] else None  # | unit | ReLU |
            return [([list(r) for r in t.rows], t.col_labels, one)]  # type: ignore[arg-type]
        # | token | mean | variance | std |: a column per step
    out: list[tuple[list[list[str]], list[str] | None, str | None]] = []
    for k in range(len(t.rows[0])):
        col = [r[k] for r in t.rows]
        head = t.col_labels[k] if t.col_labels else None
        width = next((len(v) for v in col if isinstance(v, list)), None)
        if width is not None:
            out.append(([list(v) if isinstance(v, list) else [None] * width for v in col], None, head))  # type: ignore[list-item]
        else:
            out.append(([[v] for v in col], None, head))  # type: ignore[list-item]
    return [m for m in out if any(c is not None for r in m[0] for c in r)]


# ---- the whole reading -----------------------------------------------------------------------------------
SCALAR_DIGITS = 4  # significant digits a lone labelled cell needs to be read as a quantity by its value alone
_WEIGHT_NAME = re.compile(r"W_?[A-Za-z]\w*")  # W_proj, W_attn, Wout: a weight matrix by its name (not "Weights")
_TRAINED = re.compile(r"(?:grad|step\d+)\.")  # what a weight's name may also hold: its gradient, its update
_IDS = re.compile(r"(?:\w+_)?ids?|idx|indices|token_?ids", re.IGNORECASE)  # input_ids = tensor([[0, 1, 2]])
_ROOT_WORK = re.compile(r"\s*(?:√|sqrt)\s*\(?\s*\d{1,4}\s*\)?\s*(?:≈|≃|=|~)\s*\d+\.\d+\s*")  # a root's value, alone


@dataclass
class Claims:
    """The [[claims]] groups read from a document, and how well its tables fit the model."""

    toml: str
    matched: int  # tables, arrays and lines matched to a quantity
    unmatched: int  # ... that fit none
    agree: int  # cells of the matched tables that agree with the model to their last digit
    cells: int  # cells of the matched tables
    work: int = 0  # lines of working matched to a quantity
    groups: tuple[tuple[int | None, str], ...] = ()  # each group's text, with the id of the item it was read from
    fit: dict[int, Fit] = field(default_factory=dict)  # by item id: how well it fits the model
    said: dict[int, range] = field(default_factory=dict)  # by item id: the notes on it (indices in the notes)
    amplified: bool = False  # ln of givens printed rounded: cells that agree to their last digit are fewer than it
    # explains (ln 0.0399 of a softmax printed to 4 places, −3.2216 from its unrounded value)

    def without(self, items: Collection[int]) -> str:
        """The groups, less those read from ``items`` (which another computation of the document explains)."""
        return "\n".join(text for owner, text in self.groups if owner not in items)

    def only(self, items: Collection[int]) -> str:
        """The groups read from ``items``."""
        return "\n".join(text for owner, text in self.groups if owner in items)

    def explained(self, item_id: int, share: float = 0.5) -> bool:
        """Whether the model explains the item: a line of working it matches, or at least ``share`` of a table's
        cells (one at least) agreeing to their last digit."""
        f = self.fit.get(item_id)
        return f is not None and (f.lines > 0 or (f.cells > 0 and f.agree >= max(1.0, share * f.cells)))


@dataclass
class Fit:
    """How one item of the document fits a model: its cells that agree, its cells claimed, its lines matched."""

    agree: int = 0
    cells: int = 0
    lines: int = 0  # lines of working matched to a quantity (their results agreeing or not)
    restated: int = 0  # cells that print the model's givens again, to their digits (the item is its input, shown)


def _perfect_fit(f: Fit | None) -> bool:
    """Every cell of the item the model claims agrees with it to its last digit."""
    return f is not None and f.cells > 0 and f.agree == f.cells


def _add_fit(fit: dict[int, Fit], owner: int, agree: int, cells: int, lines: int, restated: int) -> None:
    f = fit.setdefault(owner, Fit())
    f.agree, f.cells, f.lines, f.restated = f.agree + agree, f.cells + cells, f.lines + lines, f.restated + restated


def _note_span(said: dict[int, range], owner: int, start: int, end: int) -> None:
    if end > start:
        said[owner] = range(said[owner].start, end) if owner in said else range(start, end)


class _Groups(list):
    """The [[claims]] groups in the order they are read, each remembered with the item it comes from."""

    def __init__(self) -> None:
        super().__init__()
        self.owner: int | None = None
        self.owners: list[int | None] = []

    def append(self, text: str) -> None:  # type: ignore[override]
        super().append(text)
        self.owners.append(self.owner)

    def __iadd__(self, texts):  # type: ignore[override,misc]
        for t in texts:
            self.append(t)
        return self


_DIFFERENTIATED = re.compile(r"∂\s*\(?\s*[Lℓ]|\\partial\s*\(?\s*(?:L|\\ell)|\bdL\s*/\s*d|gradient|градиент|梯度|勾配|"
                             r"기울기|gradien|gradiente|\bbackward\b|\.grad\b", re.IGNORECASE)  # the loss's derivative,
# named or written (∂ℓ/∂z, a "backward" section, PyTorch's x.grad)
_AVERAGED = re.compile(r"multiheadattention|average_attn_weights|averaged?\s+(?:over|across)\s+(?:the\s+|all\s+)?heads|"
                       r"promediad[oa]s?\s+(?:sobre|entre)\s+(?:las\s+)?cabezas|moyenn[ée]e?s?\s+sur\s+les\s+têtes|"
                       r"über\s+die\s+köpfe\s+gemittelt|ヘッド(?:間|全体)?で平均|헤드\s*평균|(?:各|多)头平均", re.IGNORECASE)


def claims_toml(found: I.Items, engine, notes: list[Note], givens: Collection[int] = (),
                restated: Collection[str] = (), by_symbol: bool = False) -> Claims:
    """Every table, array and line as [[claims]] groups; ``givens`` are the ids of the items read as inputs,
    ``restated`` the steps whose values are the givens again (a table of them restates, it claims nothing);
    ``by_symbol``: the model's [names] are the document's own symbols, by which its lines are read (``_symbols``).
    A float32 notebook's printed outputs are claimed with ``precision = "float32"``."""
    with _precisions(found):
        return _claims_toml(found, engine, notes, givens, restated, by_symbol)


@contextmanager
def _precisions(found: I.Items) -> Iterator[None]:
    """While a document's groups are written: which of its lines a program printed, and in which precision."""
    mark = _SINGLE.set(found.single)
    lines = _SINGLE_LINES.set(frozenset(ln for x in found.found if isinstance(x, I.Named) and x.single
                                        for ln in [x.line, *(x.row_lines or [])]))
    printed = _PROGRAM_LINES.set(frozenset(x.line for x in found.found if isinstance(x, I.Work) and x.computed and
                                           not I.is_output(x.line)))
    rounded = _ROUNDED_LINES.set({ln: x.rounded_to for x in found.found if isinstance(x, I.Named) and
                                  x.rounded_to is not None for ln in [x.line, *(x.row_lines or [])]})
    try:
        yield
    finally:
        _SINGLE.reset(mark)
        _SINGLE_LINES.reset(lines)
        _PROGRAM_LINES.reset(printed)
        _ROUNDED_LINES.reset(rounded)


# the document being claimed computes in float32: its groups of printed outputs say so (set by claims_toml)
_SINGLE: ContextVar[bool] = ContextVar("single", default=False)
# … and the lines of arrays whose print says dtype=float32, in any document
_SINGLE_LINES: ContextVar[frozenset[int]] = ContextVar("single_lines", default=frozenset())
# … and the lines of a post's output blocks that its Python printed (read as a program's prints: in float64)
_PROGRAM_LINES: ContextVar[frozenset[int]] = ContextVar("program_lines", default=frozenset())
# … and the lines of arrays the code rounded before printing them, with the decimals it kept
_ROUNDED_LINES: ContextVar[Mapping[int, int]] = ContextVar("rounded_lines", default=MappingProxyType({}))


def _claims_toml(found: I.Items, engine, notes: list[Note], givens: Collection[int], restated: Collection[str],
                 by_symbol: bool) -> Claims:
    from ..claims import matcher

    vals = _Values(engine)
    written = chains.written_results(found.found)  # a function written on an input: whose computation it is
    _KEPT.set(None)  # (no item's rounding yet: each item sets its own below)
    vals.averaged = bool(_AVERAGED.search(" ".join(found.prose)))
    vals.named = by_symbol
    vals.differentiated = engine.graph.model.loss is not None and bool(_DIFFERENTIATED.search(" ".join(found.prose)))
    g = engine.graph
    m = matcher(g, engine)
    groups = _Groups()
    fits: dict[int, Fit] = {}
    claimed = _Claimed()  # every quantity a group claims: what a drawing's numbers and the prose's restate
    after_slip = _Downstream(g, vals)  # the last row matched, for a row that follows it moved by a slip
    other = _OtherTokens(g)
    loose = list(found.loose)  # numbers no item took, and the cells of short vectors that fit no row
    matched = unmatched = agree = cells = work = 0
    moved = False  # a whole row of the forward pass moved by a slip (its gradients move with it)
    symbols = _symbols(found, g, vals) if by_symbol else {}  # the document's own symbol for a number, where it names one
    logs = [item for item in found.found if isinstance(item, I.LogRow)]
    lines = shown = 0  # lines of working matched to a quantity; cells that print a given again
    built_in = 0  # cells that agree with any model of their kind (a LayerNorm's output has mean 0): no evidence
    before = (0, 0, 0, len(notes), 0)
    said: dict[int, range] = {}
    stated_as = _roles_given_otherwise(found, givens)
    # where a program printed lines of working (a notebook's, a post's): the arrays and tables by id; each line one
    # is printed on, with the items printed there; the lines each is known to stand on, and its numbers (a vector
    # wrapped over lines: those after its first stand on lines no item records)
    arrays = {id(x): x for x in found.found if isinstance(x, (I.Named, I.Table))} \
        if any(isinstance(x, I.Work) and x.computed for x in found.found) else {}
    printed: dict[int, list[int]] = {}
    lines_of: dict[int, set[int]] = {}
    texts: dict[int, set[str]] = {}
    for o, x in arrays.items():
        lines_of[o] = {x.line, *(x.row_lines or ())}
        texts[o] = {t for t in I._flat(x.array if isinstance(x, I.Named) else x.rows) if isinstance(t, str)}
        for k in range(x.line, x.line + max(len(texts[o]), len(lines_of[o]), 1)):
            printed.setdefault(k, []).append(o)
    for owner, item in [(id(x), r) for x in found.found for r in _quantity_rows(x, other)]:
        if groups.owner is not None:  # what the item before added: its fit, its notes
            _add_fit(fits, groups.owner, agree - before[0], cells - before[1], lines - before[2], shown - before[4])
            _note_span(said, groups.owner, before[3], len(notes))
        groups.owner, before = owner, (agree, cells, lines, len(notes), shown)
        if id(item) in givens or isinstance(item, I.LogRow) or _code_setting(item, found):
            continue
        if _big_mask(item):
            notes.append(Note(f"{I.where(item.line)}: a mask of 0 and a huge negative number (−1e10 for −∞): "
                              "not a claim"))
            continue
        if isinstance(item, I.Work) and _ROOT_WORK.fullmatch(item.text) and (root := I._said_root(item.text)):
            item = I.Table([[root]], None, None, item.line, item.at, "√dk", [item.line])  # √2 ≈ 1.4142: the scale
        if isinstance(item, I.Work) and item.computed and any(
                _perfect_fit(fits.get(o)) or not arrays[o].programmed for o in printed.get(item.line, ())
                if o in fits and fits[o].agree and (item.line in lines_of[o] or result_text(item.text) in texts[o])):
            continue  # what the program printed on a line the model explains: the model's claim
        if isinstance(item, I.Work):
            got_line = None if item.computed or (item.name and setting(item.name) and not _FUNCTION.search(item.text)
                                                 and id(item) not in symbols) else _work(item, g, vals, m, symbols,
                                                                                         claimed.said)
            of = g.name(got_line.address) if got_line and not got_line.alone else \
                ARITHMETIC if got_line is None and (item.computed or _beyond(item, g, vals, claimed)) else None
            group = _readable_work(item, of, engine, m, notes)
            if group is None:
                continue
            if got_line is not None and got_line.alone:  # ∂L/∂w₁ = (−0.875)·0.23·0.2·0.25·0.5 ≈ −0.005 off: the
                result = result_text(item.text)  # result as its name says, the working as arithmetic
                group = group.replace("# " + I.where(item.line) + ": no quantity fits its result: checked as "
                                      "arithmetic only\n", f"# {I.where(item.line)}: its name says "
                                      f"{g.name(got_line.address)}; its operands fit no reading of it: checked as "
                                      f"arithmetic\nvalues = {{ {toml_str(g.name(got_line.address))} = "
                                      f"{toml_str(result or '')} }}\n")
            if got_line is None:
                if not item.computed:  # (a program's print is its arithmetic, as a rule: no note)
                    notes.append(Note(f"line of working at {I.where(item.line)}: no quantity fits its result "
                                      "(its arithmetic is still checked)", NoteKind.UNMATCHED))
            else:  # a line counts for the model when its result agrees with it (a line of operands counts when
                # they are the quantity's: 0.1 + 0.141 = 0.241 near some softmax weight says nothing of attention)
                counts = got_line.agrees and (bool(got_line.operands) or _literal_count_of(item.text) <= 1)
                matched, work, lines = matched + 1, work + counts, lines + 1
                claimed.add(got_line.address, result_text(item.text), item.line)
                claimed.operands(got_line.operands, g)
            groups.append(group)
            continue
        by_name = _named_rows(item, g, vals) if isinstance(item, I.Table) and g.model.names else None
        if by_name is not None:  # | w1 | 0.2 | 0.199426291 |: rows named by the document's own symbols
            for named_col, col in by_name:
                matched, agree, cells = matched + 1, agree + named_col.exact, cells + named_col.cells
                groups.append(_group(item.at, named_col, g, f"table at {I.where(item.line)}, column {col + 1}", notes,
                                     claimed, item.row_lines or [item.line]))
            continue
        products = _product_rows(item) if isinstance(item, I.Table) else []
        for line, label, text in products:  # | 鬼 | 0.2368 | [0.43, 0.68] | [0.102, 0.161] |: a × v = a·v
            got_line = _work(I.Work(text, (label, "") if label else None, line, item.at), g, vals, m)
            if got_line is None:
                continue
            matched, work, lines = matched + 1, work + got_line.agrees, lines + 1
            claimed.add(got_line.address, result_text(text), line)
            groups.append(_work_group(item.at, line, g.name(got_line.address), text))
        if products:
            continue
        if other.table(item):  # | tu | … | bevi | … |: another sentence's rows, not this model's
            unmatched += 1
            notes.append(Note(f"table at {I.where(item.line)}: its rows name tokens the model does not have "
                              f"({', '.join(item.row_labels[:4])}): not audited", NoteKind.UNMATCHED))
            continue
        if id(item) in symbols:  # out_{h2} = 0.5969, ∂E_o1/∂out_h1 = 0.0554: one number under the document's own symbol
            symbol = symbols[id(item)]
            text = _cell_text(item)
            if symbol is None:
                notes.append(Note(f"{item.name} at {I.where(item.line)}: a given restated, or a number that needs "
                                  "weights the document states nowhere: not a claim"))
                continue
            sc = _score([(symbol, text)], vals)
            matched, agree, cells = matched + 1, agree + int(sc is not None and sc[0] == 1), cells + 1
            claimed.add(symbol, text, item.line)
            groups.append(f"[[claims]]\n# {item.name} at {I.where(item.line)}: the document's symbol for "
                          f"{g.name(symbol)}\nat = {toml_str(item.at)}{_line_key(item.line)}\nvalues = "
                          f"{{ {toml_str(g.name(symbol))} = {toml_str(text)} }}\n")
            continue
        if isinstance(item, I.Named) and item.alias is not None:  # Q = X in code: the array named again
            notes.append(Note(f"{item.name} at {I.where(item.line)}: {item.alias} under another name, no number of "
                              "its own: not a claim"))
            continue
        _KEPT.set(getattr(item, "rounded_to", None))  # (its code rounded it before printing: 0.9810 is 0.981)
        for rows, row_labels, col_labels, what, hint, bare, row_lines, head in _matrices(item):
            scalar = hint is not None and any(s.spec.name == hint and not s.dims for s in g.steps.values())
            if len(rows) == 1 and len(rows[0]) == 1 and rows[0][0] is not None and _value(rows[0][0]) in (0, 1) and \
                    (hint in (None, "weights", "expsum") or ("." not in rows[0][0] and not scalar)):
                notes.append(Note(f"{what}: a lone {rows[0][0]} (a row's sum of weights, ∂z/∂b = 1): not a claim"))
                continue  # print(weights[0].sum()) → tensor(1.): a check, as ∂z_2/∂b_2 = 1 is a derivative anywhere
            if (_backward(g) or scalar) and len(rows) == 1 and len(rows[0]) == 1 and rows[0][0] is not None:
                fit = [a for key, a in _fits([rows[0][0]], g, vals, None, hint) if key[2] <= -1 and
                       not _given_as_it_was(a, rows[0][0], g, vals) and
                       (not scalar or key[0] < 0) and  # "÷ √2 ≈ 1.4142": the scale it names, or nothing
                       (hint != "sqrt_dk" or _to_its_digits(a, rows[0][0], vals))]  # √2 ≈ 1.41 of a scale 1.4: no
                if fit:  # "z = 1.0039" after the step: a number of the pass after training, or a gradient
                    matched, agree, cells = matched + 1, agree + 1, cells + 1
                    claimed.add(fit[0], rows[0][0], row_lines[0])
                    groups.append(f"[[claims]]\n# {what}: matched to {g.name(fit[0])}\nat = {toml_str(item.at)}"
                                  f"{_line_key(row_lines[0])}\nvalues = {{ {toml_str(g.name(fit[0]))} = "
                                  f"{toml_str(rows[0][0])} }}\n")
                    notes.append(Note(f"{what}: {g.name(fit[0])}"))
                    continue
                if derivative(getattr(item, "name", "") or ""):  # ∂net_o1/∂out_h1 = 0.4 that no gradient is to
                    notes.append(Note(f"{what}: a derivative no quantity is to its last digit: not a claim"))
                    continue  # its last digit: no forward quantity it happens to be near
            if hint == "sqrt_dk" and len(rows) == 1 and len(rows[0]) == 1:  # a root stated, and no scale it is
                notes.append(Note(f"{what}: a square root that is no scale of the model: not a claim"))
                continue
            check = _output_check(hint, rows, vals)
            hint = check or hint  # 평균: tensor([[0.0000], …]), 분산: [[1.0000], …]: a LayerNorm lesson's check
            if isinstance(item, I.Named) and len(rows) == 1 and len(rows[0]) >= 2 and \
                    _INDEX_HEAD.fullmatch(I.strip_role(item.name).strip().lower() or "-") and V.counting(rows[0]):
                notes.append(Note(f"{what}: the positions themselves (0, 1, 2, …): not a claim"))
                continue  # position = [0, 1, 2, 3]: the indices a loop runs over, a setting
            zeros = all(c is None or _value(c) == 0 for r in rows for c in r)
            bits = len(rows) >= 2 and all(c is None or V.BIT.fullmatch(c) for r in rows for c in r)
            computed = (zeros or bits) and _exact_quantity(rows, vals, zeros)  # weights of 0 (or a saturated 1)
            if zeros and not computed and not check:
                notes.append(Note(f"{what}: all zeros, an initial value: not a claim"))
                continue  # context = [0.0, 0.0] before a loop adds to it
            if len(rows) == 1 and V.one_hot(rows[0]) is not None and not check and \
                    not _named_exactly(rows, hint, vals):
                notes.append(Note(f"{what}: a one-hot row (a target): not a claim"))
                continue  # y = (0, 0, 1, 0)
            if isinstance(item, I.Named) and item.literal and all(c is not None and "." not in c for r in rows for c in r) \
                    and (role(item.name) is None or not _named_exactly(rows, hint, vals)):  # (v = np.array([1, 4, 2])
                # beside u: an input of a warm-up, not V's row it half matches)
                notes.append(Note(f"{what}: whole numbers the code builds (an input of its own): not a claim"))
                continue  # a = np.array([1, 2, 3]) for np.multiply(a, b): a warm-up's input, not the model's
            if isinstance(item, I.Named) and _IDS.fullmatch(I.strip_role(item.name).strip()) and \
                    all(c is not None and c.isdigit() for r in rows for c in r):
                notes.append(Note(f"{what}: token ids (whole numbers): not a claim"))
                continue  # input_ids = tensor([[0, 1, 2]]): which words, not a quantity
            if bits and not computed and not check and not _named_exactly(rows, hint, vals):
                notes.append(Note(f"{what}: only 0s and 1s (a mask, an identity): not a claim"))
                continue  # tf.linalg.band_part(ones, -1, 0): [[1. 0. 0.] [1. 1. 0.] …]
            got = match_matrix(rows, row_labels, col_labels, vals, hint,
                               after=isinstance(item, I.Named) and role(item.name) is not None and updated(item.name),
                               moved=moved, own=written.get(id(item)) in givens if id(item) in written else True)
            if got is not None and got.exact < got.cells and not got.named and _only_zeros_agree(got, vals):
                got = None  # only its zeros agree (a dropout's kept weights over weighted values masked to 0): chance
            if got is None and row_labels and len(rows) >= 2 and all(len(r) == 1 for r in rows):
                # | `<eos>` | -0.18 | …: a column per quantity, a row per word: one position's row, standing
                got = _standing(match_matrix([[r[0] for r in rows]], None, [lab.strip("`*_ ") for lab in row_labels],
                                             vals, hint), len(rows))
            if isinstance(item, I.Table) and (got is None or got.exact < got.cells):  # | true next | p |: each
                got = _target_column(rows, row_labels, g, vals) or got  # position's p of its own target
            standing = [] if got is not None or not row_labels or len(rows) < 2 or len(rows[0]) < 2 else [
                part for j in range(len(rows[0])) if (part := _standing(match_matrix(
                    [[r[j] for r in rows]], None, [lab.strip("`*_ ") for lab in row_labels], vals, hint),
                    len(rows))) is not None]
            standing = [p for p in standing if p.exact == p.cells >= 3 and not p.given and
                        any("." in t for _, t in p.address_cells)]  # every cell to its last digit: no chance fit
            if not _in_order(standing):
                standing = []  # sin, sin, cos, cos read as a PE laid out sin, cos, sin, cos: the columns shuffled
            if len(standing) >= 2:  # tief | 0.5840 | 1.7932 | 0.2958: each column one position's row of a step
                for k, part in enumerate(standing):
                    matched, agree, cells = matched + 1, agree + part.exact, cells + part.cells
                    groups.append(_group(item.at, part, g, f"{what}, column {k + 1}", notes, claimed, row_lines))
                continue
            by_row = [] if got is not None or not row_labels or len(rows) < 2 or \
                (len(rows[0]) < 2 and any(len(r) != 1 for r in rows)) or \
                len(rows) <= g.model.n else _apart(rows, row_labels, col_labels, vals, False)
            by_col = [] if got is not None or by_row or not col_labels or len(rows) < 2 or len(rows[0]) < 2 or \
                len(col_labels) != len(rows[0]) else _apart(rows, row_labels, col_labels, vals, True)
            if by_row or by_col:  # | x̂ | … | then | y = γx̂ + β | …; | x | y | ŷ | e² |: a quantity a row or column
                for k, part in by_row or by_col:
                    at = ([row_lines[k]] if k < len(row_lines) else row_lines[:1]) if by_row else row_lines
                    matched, agree, cells = matched + 1, agree + (0 if part.given else part.exact), \
                        cells + (0 if part.given else part.cells)
                    shown += part.exact if part.given else 0
                    groups.append(_group(item.at, part, g, f"{what}, " + (f"row {row_labels[k]!r}" if by_row else
                                                                          f"column {col_labels[k]!r}"),
                                         notes, claimed, at))
                continue
            if got is not None and g.step(got.step).spec.name in restated and not got.address_cells[0][0].grad:
                got.given = True
            if got is not None and not got.given and isinstance(item, I.Named) and item.echo and not check:
                notes.append(Note(f"{what}: the program prints numbers its code writes: not a claim"))
                continue  # y = torch.tensor([0., 1., 1.]), then print(y.numpy()): the labels again (or a given)
            if got is not None and not got.given and _one_digit(got, vals) and \
                    not (hint is not None and len(rows) >= 2 and g.step(got.step).spec.name == hint and
                         _FORMULA_NAME.fullmatch(getattr(item, "name", "") or "")) and \
                    not (hint in ("weights", "probs") and _written_step(g) is not None):
                got = None  # (0.8, 0.1, 0.5) as sin(1) ≈ 0.84, …: one-digit numbers fit values they are not (a
                # matrix the document names as that step, softmax(QKᵀ) to one place, is what it says; so is
                # "Softmax: [0.3, 0.5, 0.2]" under the array a model of that one function takes)
            if got is not None and bare and not _strong(got, rows, bare, vals):
                got = None  # a stray vector (or a symbol's one number) that fits some cell by chance is no claim
            named = role(getattr(item, "name", "") or "")
            if named in stated_as and stated_as[named] != item.name:  # "Values" printed after "V": a result under a word, the role stated by its symbol
                named = None
            if got is not None and named in ("Q", "K", "V", "X") and g.step(got.step).spec.name not in (named, "in"):
                got = None  # "keys = {…}" is K or nothing
            if got is not None and not got.given and isinstance(item, I.Named) and \
                    _WEIGHT_NAME.fullmatch(I.strip_role(item.name).strip()) and hint is None and \
                    not _TRAINED.match(g.name(got.address_cells[0][0])):  # "Weights": the attention's, a step
                got = None  # W_proj = [[…]]: a weight the document gives, not an activation (its gradient, its update)
            parts = _head_blocks(rows, row_labels, vals, hint) if got is None else None
            if parts:  # | 猫 | q₁ q₂ | q₃ q₄ |: the heads' Q side by side (Q_all), a block per head
                for k, part in enumerate(parts):
                    matched, agree, cells = matched + 1, agree + part.exact, cells + part.cells
                    groups.append(_group(item.at, part, g, f"{what}, head {k + 1}'s columns", notes, claimed,
                                         row_lines))
                continue
            fused = _qkv_blocks(rows, row_labels, vals) if got is None and isinstance(item, I.Named) and \
                _fused_output(item) else None
            if fused:  # qkv = x @ W_qkv.T printed before it is split: Q, K and V side by side
                for step, part in zip("QKV", fused):
                    matched, agree, cells = matched + 1, agree + part.exact, cells + part.cells
                    groups.append(_group(item.at, part, g, f"{what}, {step}'s columns", notes, claimed, row_lines))
                continue
            if got is None:
                got = _named_row(item, g, vals)  # q_{밥을} = (…) that fits nothing: its own row, audited (a slip's)
            if got is None:
                got = _named_matrix(rows, row_labels, col_labels, hint, vals)  # "Scores = [[…]]", its numbers made up
            if got is None:
                got = _labelled_row(item, g, vals)  # " how" : [0.67, …] after a slip: that token's row, audited
            if got is None and isinstance(item, I.Table):
                got = _named_column(rows, row_labels, head, hint, g, vals)  # | 词 | 新 p |: after a slip
            if got is None:
                got = _rescaled(rows, row_labels, col_labels, vals, hint)  # scores over √d_model where √d_k was meant
            if got is None and isinstance(item, I.Named) and len(rows) == 1:
                got = after_slip.row(rows[0])  # the row after the one just matched, moved by a slip upstream
            scalars = _scalar_columns(item, rows, col_labels, g, vals) if got is None else []
            if scalars:  # ##  y  E  over 0.6514221 0.0110377: each labelled column a number of its own
                for a, t in scalars:
                    matched, agree, cells = matched + 1, agree + 1, cells + 1
                    claimed.add(a, t, row_lines[0])
                    groups.append(f"[[claims]]\n# {what}, column: matched to {g.name(a)}\nat = {toml_str(item.at)}"
                                  f"{_line_key(row_lines[0])}\nvalues = {{ {toml_str(g.name(a))} = {toml_str(t)} }}\n")
                notes.append(Note(f"{what}: each column a number of its own: "
                                  + ", ".join(g.name(a) for a, _ in scalars)))
                continue
            if got is None:
                unmatched += 1
                if isinstance(item, I.Named) and len(rows) == 1 and len(rows[0]) <= MAX_LOOSE_VECTOR:
                    got = _restated_row(rows[0], claimed, g, vals)  # "its new vector is [0.45, 0.58]"
                    if got is not None:
                        unmatched, matched = unmatched - 1, matched + 1
                        groups.append(_group(item.at, got, g, f"{what}, a row stated before, rounded", notes,
                                             claimed, [row_lines[0]]))
                        continue
                    loose += [(t, row_lines[0]) for t in rows[0] if t is not None]  # (0.533, 0.418, 0.564): a diagonal
                    notes.append(Note(f"{what}: fits no row of the model; its numbers are read one by one",
                                      NoteKind.UNMATCHED))
                    continue
                notes.append(Note(f"{what}: fits no quantity of the model (not audited)", NoteKind.UNMATCHED))
                continue
            matched += 1
            shown += got.exact if got.given else 0  # givens printed again to their last digit
            if not got.given:  # a given printed again explains nothing: no credit to the model
                agree, cells = agree + got.exact, cells + got.cells
                if check:  # the item is the model's (its fit says so), but it chooses no model over another
                    built_in += got.exact
            first = got.address_cells[0][0]
            moved = moved or (not got.given and not (first.grad or first.t) and got.cells >= 3 and got.exact == 0
                              and got.close >= 0.75 * got.cells)  # a whole row moved: a slip upstream
            after_slip.matched(got, len(rows))
            if isinstance(item, I.Named) and len(rows) == 1 and len(row_lines) == len(rows[0]) == len(got.rows) > 1 \
                    and V.column(item.array) is not None:  # a column read as one row (a mean a line): each
                got = replace(got, rows=list(range(len(got.rows))))  # number on its own line
            groups.append(_group(item.at, got, g, what, notes, claimed, row_lines))
    _KEPT.set(None)
    if groups.owner is not None:
        _add_fit(fits, groups.owner, agree - before[0], cells - before[1], lines - before[2], shown - before[4])
        _note_span(said, groups.owner, before[3], len(notes))
    groups.owner = None  # a log, the prose's numbers, a drawing's: no item of their own
    for log, cells_of in _log_claims(logs, g, vals):  # epoch 2 | loss 0.0599 | w 1.3098: each step's numbers
        matched, agree, cells = matched + 1, agree + len(cells_of), cells + len(cells_of)
        for a, text in cells_of:
            claimed.add(a, text, log.line)
        values = ", ".join(f"{toml_str(g.name(a))} = {toml_str(text)}" for a, text in cells_of)
        groups.append(f"[[claims]]\n# training log at {I.where(log.line)}: step {log.step}\nat = {toml_str(log.at)}"
                      f"{_line_key(log.line)}\nvalues = {{ {values} }}\n")
        notes.append(Note(f"training log at {I.where(log.line)}: " + ", ".join(g.name(a) for a, _ in cells_of)))
    if found.diagram:
        groups += _restatements(found.diagram, claimed, g, vals, notes, "a drawing's numbers", 1,
                                _drawn_cells(g, vals, claimed))
    if len(loose) > MAX_LOOSE:  # a page of prose full of numbers: the first ones are read, the rest said so
        notes.append(Note(f"numbers in the prose: {len(loose) - MAX_LOOSE:,} after the first {MAX_LOOSE:,} not read",
                          NoteKind.NOT_READ))
        loose = loose[:MAX_LOOSE]
    if loose:
        groups += _restatements(loose, claimed, g, vals, notes, "numbers in the prose", LOOSE_DIGITS)
    owned = list(zip(groups.owners, groups))
    misread = {o for o, f in fits.items() if o in arrays and arrays[o].programmed and f.cells and not _perfect_fit(f)}
    if misread:  # an array the program computed, which the model matches only in part: the model misreads it,
        owned = [(o, t) for o, t in owned if o not in misread]  # and the program's arithmetic claims it instead
        matched -= len(misread)  # (items it does not explain: no model that misreads one is perfect)
        unmatched += len(misread)
        agree -= sum(fits[o].agree for o in misread)
        cells -= sum(fits[o].cells for o in misread)
        for o in misread:
            for k in said.get(o, ()):  # (its notes said it matched: now they say why it is not the model's)
                notes[k] = Note(f"{arrays[o].name or 'array'} at {I.where(arrays[o].line)}: the program computed it, "
                                f"and the model fits {fits[o].agree} of its {fits[o].cells} cells: claimed as the "
                                "program's arithmetic", NoteKind.UNMATCHED)
            del fits[o]
    return Claims("\n".join(t for _, t in owned), matched, unmatched, agree - built_in, cells - built_in, work,
                  tuple(owned), fits, said, _amplified(g.model))


MAX_LOG_CELLS = 64  # the cells of each step a training log's names are looked for in (a small model's)


def _to_digits(v: float | None, text: str) -> bool:
    """Whether a value is a printed number to its last digit (to choose what a log's column is; never a verdict)."""
    return v is not None and abs(v - _value(text)) <= 0.5 * V.unit(text) * (1 + 1e-9)


def _log_claims(logs: list[I.LogRow], g, vals: _Values) -> list[tuple[I.LogRow, list[tuple[Address, str]]]]:
    """A training log's lines as claims: each printed name (``loss``, ``w``, ``b``) is the one quantity whose values
    after the line's step (or before it: a loss printed before the update) agree with most of its numbers, to their
    last digit, the same offset on every line."""
    train = g.model.train
    if not logs or train is None:
        return []
    steps = [s for s in g.steps.values() if s.listed and prod(s.dims) <= MAX_LOG_CELLS]
    chosen: dict[str, tuple[object, int, int]] = {}
    for name in dict.fromkeys(n for log in logs for n, _ in log.values):
        series = [(log.step, text) for log in logs for n, text in log.values if n == name]
        best: tuple | None = None
        for s in steps:
            for shift in (0, -1):  # w after the step's update; the loss computed before it
                ts = [n + shift for n, _ in series]
                if min(ts) < 0 or max(ts) > train.steps:
                    continue
                for o in range(prod(s.dims)):
                    hits = sum(_to_digits(vals.flat(s, False, t)[o], text) for t, (_, text) in zip(ts, series))
                    if best is None or (hits, shift == 0) > best[0]:
                        best = ((hits, shift == 0), s, o, shift)
        if best is not None and best[0][0] >= max(2, (len(series) + 1) // 2):
            chosen[name] = best[1:]
    out = []
    for log in logs:
        cells_of = [(Address(s.key, s.unflat(o), False, log.step + shift), text)  # type: ignore[attr-defined]
                    for n, text in log.values if n in chosen for s, o, shift in [chosen[n]]
                    if log.step + shift >= 0]
        if cells_of:
            out.append((log, cells_of))
    return out


def arithmetic_only(found: I.Items, engine, notes: list[Note]) -> Claims:
    """The document's lines of working, each checked as arithmetic only (no quantity claimed): what is left to
    audit when no model fits the document."""
    from ..claims import matcher

    m = matcher(engine.graph, engine)
    with _precisions(found):
        groups = [(id(item), group) for item in found.found if isinstance(item, I.Work)
                  if (group := _readable_work(item, ARITHMETIC, engine, m, notes)) is not None]
    return Claims("\n".join(g for _, g in groups), 0, 0, 0, 0, 0, tuple(groups))


_COMPUTED_PROBLEMS: dict[str, str | None] = {}  # why a program's line of working cannot be a claim, by its text


def _readable_work(item: I.Work, of: str | None, engine, m, notes: list[Note]) -> str | None:
    """A line of working's [[claims]] group (claiming ``of``, or checked as arithmetic only), or None, with the note
    that says why, when the case could not hold it."""
    once = item.computed and of == ARITHMETIC  # a program's working: numbers and functions, whatever the model
    if once and item.text in _COMPUTED_PROBLEMS:
        problem = _COMPUTED_PROBLEMS[item.text]
    else:
        problem = _unreadable(_work_claims(item.at, item.line, of, item.text), engine, m)
        if once:
            if len(_COMPUTED_PROBLEMS) >= 4096:
                _COMPUTED_PROBLEMS.clear()
            _COMPUTED_PROBLEMS[item.text] = problem
    if problem:
        notes.append(Note(f"not read: {I.where(item.line)} {I.G.clip(item.text, 50)!r}: {problem}",
                          NoteKind.NOT_READ))
        return None
    return _work_group(item.at, item.line, of, item.text)


MAX_LOOSE = 20_000  # numbers standing alone in the prose that are matched to what the document states
MIN_RESTATED_ROW = 2  # numbers a short vector must have to restate a row on their rounded values


def _restated_row(row: list[str | None], claimed: _Claimed, g, vals: _Values) -> _Match | None:
    """A short vector that fits no row to its digits ("its new vector is [0.45, 0.58]", rounded to 2 decimals)
    and is, cell by cell, a row the document states before it, rounded: that row, when exactly one such row (of
    a step, its last axis) fits."""
    if len(row) < MIN_RESTATED_ROW or any(t is None or "." not in t or significant(t) < 2 for t in row):
        return None
    fits: set[tuple[str, tuple[int, ...], bool, int]] = set()
    for a in claimed.texts:
        st = g.step(a.step)
        if not a.idx or len(a.idx) != len(st.dims) or st.dims[-1] != len(row) or \
                (a.step, a.idx[:-1], a.grad, a.t) in fits:
            continue
        cells = [(Address(a.step, a.idx[:-1] + (j,), a.grad, a.t), t) for j, t in enumerate(row)]
        if all((v := vals.get(c)) is not None and t is not None and abs(_value(t) - v) <= 0.5 * V.unit(t) * (1 + 1e-9)
               for c, t in cells):
            fits.add((a.step, a.idx[:-1], a.grad, a.t))
    if len(fits) != 1:
        return None
    key, idx, grad, t = next(iter(fits))
    cells = [(Address(key, idx + (j,), grad, t), x) for j, x in enumerate(row)]
    return _scored(cells, vals, [0] * len(cells))  # type: ignore[arg-type]


MAX_LOOSE_VECTOR = 8  # a short vector that fits no row may restate values one by one (a table's diagonal)
LOOSE_DIGITS = 3  # significant digits a number in the prose must state to restate a value on its own


def _given_as_it_was(a: Address, text: str, g, vals: _Values) -> bool:
    """Whether a number fitting a value after the step (or a gradient's) is a given printed again as it was
    before the step (x1 = 0.5: the input, unchanged by training)."""
    if a.grad or not g.restates_givens(a.step):
        return False
    before = vals.get(Address(a.step, a.idx))
    return before is not None and abs(_value(text) - before) <= 1.5 * V.unit(text)


def _restatements(numbers: list[tuple[str, int]], claimed: _Claimed, g, vals: _Values,
                  notes: list[Note], what: str, digits: int, drawn: list[Address] | None = None) -> list[str]:
    """Numbers standing alone (a circuit's SVG labels to 2 decimals; "puis 0.3135 et 0.1532" in a sentence;
    "52.9%"): each claims a quantity the document states elsewhere (``claimed``: the quantities and the
    document's first number for each) when it is that quantity's value rounded, or the document's own number for
    it rounded (a slip's restatement, judged as one); with fewer than ``digits`` significant digits a lone number
    is no evidence of anything, and it is left out (and said so). A circuit's drawing labels each node of the
    graph (``drawn``: the cells of a small model), so a drawn number that restates nothing claims the one cell
    it is the value of, rounded, when no other cell and no given rounds to it."""
    index = _ByValue(vals)  # the claimed scalars by their values and by the document's numbers for them
    for a, said in claimed.texts.items():
        if g.is_scalar(a):
            index.add(a, said)
    out, left = [], 0
    percents = _percents_of_a_row(numbers, claimed, g, vals)
    for n, (text, line) in enumerate(numbers):
        plain = text.rstrip("%")
        if n in percents:  # "39% to 'The', 39% to 'cat' and 22% to 'sat'": the weights it printed, as percentages
            a = percents[n]
            claimed.add(a, text, line)
            out.append(f"[[claims]]\n# {what}: {g.name(a)} as a percentage\nat = "
                       f"{toml_str(f'{what} ({I.where(line)})')}{_line_key(line)}\nvalues = {{ "
                       f"{toml_str(g.name(a))} = {toml_str(text)} }}\n")
            continue
        if "." not in plain and text.endswith("%"):
            continue  # a whole percentage alone ("50% of the time") states nothing the model has
        if "." not in plain or significant(plain) < max(digits, 1) or significant(plain.rstrip("0")) < min(digits, 2):
            left += 1  # the upstream 1, a count, a sum 1.0000, 0.0100: no evidence (trailing zeros are no digits)
            continue
        x = _value(text)
        half = 0.5 * V.unit(text) * (1 + 1e-9)  # a restatement rounds the value: −0.2 is no copy of −0.289
        fits = []  # (not the value rounded, how far, the address): the values first, then the document's numbers
        for a in index.near(x, half):
            v = vals.get(a)
            if v is not None:
                fits.append((abs(x - v) > half, abs(x - v), a))
        if not fits and significant(plain) >= NEIGHBOUR_DIGITS:  # "then 0.4507": the next cell of a row stated here
            ranked = [(rank, abs(x - v), a) for rank, a in claimed.beside(line, g)
                      if (v := vals.get(a)) is not None and abs(x - v) <= half]  # the steps stated here first
            fits = [(False, d, a) for rank, d, a in ranked if rank == min(r[0] for r in ranked)]
        if not fits and drawn:  # w1·x1 = 1.2 on the edge out of a product node: stated nowhere else
            near = [(v, a) for a in drawn if (v := vals.get(a)) is not None and abs(x - v) <= half]
            one = near[0][1] if near and all(abs(v - near[0][0]) <= 1e-12 * (1 + abs(v)) for v, _ in near) else None
            fits = [(False, abs(x - near[0][0]), one)] if one is not None and (one.grad or not g.step(one.step).is_given) \
                else []  # one value (a copy's the same: the input and its gradient, named first), no given
        if not fits:
            left += 1
            continue
        a = min(fits, key=lambda f: f[:2])[2]
        if a not in claimed.texts:  # "then 0.5423", and later "(0.549, 0.542)": stated once, restated after
            claimed.add(a, text, line)
            index.add(a, text)
        out.append(f"[[claims]]\n# {what}: {g.name(a)} again\nat = "
                   f"{toml_str(f'{what} ({I.where(line)})')}{_line_key(line)}\nvalues = {{ "
                   f"{toml_str(g.name(a))} = {toml_str(text)} }}\n")
    if out or (left and digits <= 1):
        notes.append(Note(f"{what}: {len(out)} restate quantities the document states elsewhere"
                          + (f", {left} restate none (not read)" if left else ""),
                          NoteKind.UNMATCHED if left else NoteKind.READ))
    return out


MAX_ROW_CELLS = 256  # cells of a step whose row a sentence's percentages may restate


def _percents_of_a_row(numbers: list[tuple[str, int]], claimed: _Claimed, g, vals: _Values) -> dict[int, Address]:
    """Whole percentages a sentence gives together ("about 39% to The, 39% to cat and 22% to sat"), each of two
    digits or more: the cells of one step the document printed as decimals before (0.39, 0.22), when two or more
    of them on one line are each 100 times the document's own number for a cell of that one step; each such
    percentage the next cell (in order) of that step whose number or value it is. Any other percentage, and one
    alone, is no evidence: 50% restates nothing."""
    by_line: dict[int, list[int]] = {}
    for n, (text, line) in enumerate(numbers):
        if text.endswith("%") and "." not in text and len(text[:-1].strip().lstrip("0")) >= 2:
            by_line.setdefault(line, []).append(n)
    out: dict[int, Address] = {}
    own: dict[Fraction, list[Address]] = {}  # 100 × the document's own number → the cells it was printed for
    for a, said in claimed.texts.items() if by_line else ():
        if said is not None and not a.grad and not a.t and (x := V.number(said)) is not None:
            own.setdefault(Fraction(x) * 100, []).append(a)
    for on_line in by_line.values():
        ns = [n for n in on_line if Fraction(numbers[n][0][:-1].strip()) in own]  # (another, "50% of the units": not)
        pcts = [Fraction(numbers[n][0][:-1].strip()) for n in ns]
        steps = {a.step for p in pcts for a in own[p]}
        if len(ns) < 2 or len(steps) != 1:
            continue
        st = g.step(next(iter(steps)))
        if prod(st.dims) > MAX_ROW_CELLS:
            continue
        cells = [Address(st.key, idx) for idx in product(*(range(d) for d in st.dims))]
        used: set[Address] = set()
        for n, p in zip(ns, pcts):
            fits = [a for a in cells if a not in used and (a in own.get(p, []) or (
                (v := vals.get(a)) is not None and abs(v * 100 - float(p)) <= 0.5))]
            fits.sort(key=lambda a: (a not in own.get(p, []), a.idx))
            a = fits[0] if fits else own[p][0]
            used.add(a)
            out[n] = a
    return out


MAX_DRAWN = 96  # cells (forward) of a model small enough to be drawn as a circuit, node by node


def _drawn_cells(g, vals: _Values, claimed: _Claimed) -> list[Address]:
    """Every cell of a small model (its givens too, so that a drawn given is known as one; a contraction's
    products; and the gradients of them all when the document claims gradients), in the graph's order (the
    upstream first); none when the model is too large to be drawn as a circuit."""
    steps = [s for s in g.steps.values() if s.listed or s.spec.name == TERMS]
    if sum(prod(s.dims) for s in steps) > MAX_DRAWN:
        return []
    grads = (False, True) if any(a.grad and not a.t for a in claimed.texts) else (False,)
    return [Address(s.key, idx, grad) for grad in grads for s in steps if not (grad and s.is_given and not s.param)
            for idx in product(*(range(d) for d in s.dims))]


NEIGHBOUR_DIGITS = 4  # significant digits a number must state to restate a cell no group claims


class _ByValue:
    """Addresses by a float near their value and by the document's number for them: the ones within a half unit of
    a number, found by bisection (a page of numbers is matched in n log n, not n²)."""

    def __init__(self, vals: _Values) -> None:
        self.vals = vals
        self.keys: list[float] = []
        self.items: list[Address] = []

    def add(self, a: Address, said: str | None) -> None:
        v = self.vals.get(a)
        if v is None:
            return
        for key in {v, _said(said) if said is not None else v}:
            if key == key:  # not NaN
                k = bisect_right(self.keys, key)
                self.keys.insert(k, key)
                self.items.insert(k, a)

    def near(self, x: float, half: float) -> list[Address]:
        lo, hi = bisect_left(self.keys, x - half), bisect_right(self.keys, x + half)
        return list(dict.fromkeys(self.items[lo:hi]))


class _Claimed:
    """The quantities the groups claim, each with the document's first number for it (``texts``), and the steps
    claimed on each line (``steps``): what a number standing alone may restate."""

    def __init__(self) -> None:
        self.texts: dict[Address, str | None] = {}
        self.said: set[str] = set()  # the numbers of those texts, as written
        self.steps: dict[int, set[tuple[str, bool, int]]] = {}
        self._beside: dict[int, list[tuple[int, Address]]] = {}  # by line, as the prose's numbers ask

    def add(self, a: Address, text: str | None, line: int | None) -> None:
        if self.texts.setdefault(a, text) is not None:
            self.said.add(self.texts[a])  # type: ignore[arg-type]
        if line is not None:
            known = self.steps.setdefault(line, set())
            if (a.step, a.grad, a.t) not in known:
                known.add((a.step, a.grad, a.t))
                for k in range(line - 2, line + 3):  # the lines whose neighbourhood this step joins
                    self._beside.pop(k, None)

    def operands(self, ops, g) -> None:
        """A line's operands: the document's numbers for quantities it computed (0.3423 · 1.0 + …: the weight it
        printed, a slip's restatement matched by its text), not the givens."""
        for a, num in ops:
            if g.is_scalar(a) and not g.restates_givens(a.step):
                self.add(a, num.text, None)

    def beside(self, line: int, g) -> list[tuple[int, Address]]:
        """The cells of the (small) steps claimed on this line or the two either side of it (rank 0), then of
        the steps just before and after those (rank 1)."""
        got = self._beside.get(line)
        if got is None:
            got = self._beside[line] = self._cells_beside(line, g)
        return got

    def _cells_beside(self, line: int, g) -> list[tuple[int, Address]]:
        keys = set().union(*(self.steps.get(k, set()) for k in range(line - 2, line + 3)))
        near = {s for s, _, _ in keys}  # then the steps right before and after them (scores, then scaled, then exp)
        around = {(i.key, grad, t) for k, grad, t in keys for i in g.step(k).inputs} | \
            {(c.key, grad, t) for c in g.steps.values() if any(i.key in near for i in c.inputs)
             for k, grad, t in keys if any(i.key == k for i in c.inputs)}
        return [(rank, Address(k, idx, grad, t)) for rank, group in enumerate((sorted(keys), sorted(around - keys)))
                for k, grad, t in group if prod(g.step(k).dims) <= MAX_BESIDE
                for idx in product(*(range(d) for d in g.step(k).dims))]


MAX_BESIDE = 256  # cells of a step a number standing alone may be matched against


def _said(text: str) -> float:
    try:
        return _value(text)
    except ValueError:
        return float("nan")


def result_text(work: str) -> str | None:
    """The last number of a line of working: its stated result."""
    nums = V.NUMBER.findall(work)
    return nums[-1].replace("−", "-").replace("‐", "-").replace("–", "-") if nums else None


def _named_rows(t: I.Table, g, vals: _Values) -> list[tuple[_Match, int]] | None:
    """A table whose rows are named by the case's [names] (w1 … w4), one number a cell: each column as the
    named quantities, before the training step, after it, or their gradients, whichever its numbers fit; None
    when the rows are not so named. Named across the top instead (R's named vector ``##  w1  w2  b1`` over its
    numbers), the table is read turned: a row per column."""
    names = dict(g.model.names)
    if not t.row_labels and t.col_labels and len(t.col_labels) == len(t.rows[0]) and \
            all(lab in names for lab in t.col_labels):
        t = I.Table([[r[j] for r in t.rows] for j in range(len(t.col_labels))], list(t.col_labels), None,
                    t.line, t.at, t.name, t.row_lines[:1] * len(t.col_labels) if t.row_lines else None)
    if not t.row_labels or not all(lab in names for lab in t.row_labels) or \
            not all(isinstance(c, str) or c is None for r in t.rows for c in r):
        return None
    try:
        base = [g.parse(names[lab]) for lab in t.row_labels]
    except ExactformerError:
        return None
    out = []
    for col in range(len(t.rows[0])):
        texts = [r[col] for r in t.rows]
        best: tuple | None = None
        head = t.col_labels[col] if t.col_labels and col < len(t.col_labels) else ""
        said = (True, 0) if _GRADIENT_HEAD.search(head) else (False, 1) if head and updated(head) else None
        for grad, step in ((False, 0), (False, 1), (True, 0)) if said is None else (said,):
            cells = [(a.at(grad=grad, t=step), x) for a, x in zip(base, texts) if isinstance(x, str)]
            sc = _score(cells, vals)
            if sc is not None and (best is None or sc[0] > best[0][0]):
                best = (sc, cells, grad or step)
        if best is None or (best[0][0] == 0 and said is None):  # (a column its head names: claimed as that, a
            continue  # slip upstream moving every number of it)
        (exact, close, err), cells, moved = best
        out.append((_Match(cells, cells[0][0].step, exact, close, len(cells), err, given=not moved,
                           rows=list(range(len(cells)))), col))
    return out


_GRADIENT_HEAD = re.compile(r"^\W*(?:gradients?|grad|∂L/∂\w*|dL/d\w*|梯度|勾配|기울기|gradiente|gradient|градиент)\W*$",
                            re.IGNORECASE)  # | Parameter | Gradient |: the column of each named weight's gradient


def _scalar_columns(item, rows, col_labels, g, vals: _Values) -> list[tuple[Address, str]]:
    """A one-row table of a worked backward pass whose columns are labelled by symbols (R's named vector
    ``##  d3  d1  d2`` over its numbers, ``| y | E |``), that fits no row of the model: each cell as the one
    quantity (a forward value, a gradient, a value after the step) it agrees with to its last digit. Every cell
    must so agree, with at least SCALAR_DIGITS significant digits, or none is taken: a chance fit is no claim."""
    if not isinstance(item, I.Table) or not _backward(g) or len(rows) != 1 or len(rows[0]) < 2 or \
            not col_labels or len(col_labels) != len(rows[0]):
        return []
    out = []
    for t in rows[0]:
        if not isinstance(t, str) or "." not in t or significant(t) < SCALAR_DIGITS:
            return []
        fit = [a for key, a in _fits([t], g, vals, None) if key[2] <= -1 and not _given_as_it_was(a, t, g, vals)]
        if not fit:
            return []
        out.append((fit[0], t))
    return out if len({a for a, _ in out}) == len(out) else []


def _apart(rows, row_labels, col_labels, vals: _Values, by_column: bool) -> list[tuple[int, _Match]]:
    """A table whose labelled rows (or columns) are each a quantity of its own, though the whole fits none: more
    rows than the model has positions (``| x̂ | … |``, ``| y = γx̂ + β | … |`` on one token), or columns of data
    and of working side by side (``| x | y | ŷ | e | e² |``). Each is matched alone; those that fit, every cell to
    its last digit (no chance fit), if at least two do, each a different quantity."""
    out, nodes, numbered = [], [], 0
    labels = col_labels if by_column else row_labels
    for k, lab in enumerate(labels):
        part_rows, part_labels, heads = ([[r[k]] for r in rows], row_labels, [lab]) if by_column else \
            ([list(rows[k])], None, col_labels)
        one = None if by_column else [j for j, c in enumerate(rows[k]) if c is not None]
        if one is not None and len(one) == 1:  # | v | e^{u} | 0.6440 |: a graph's node, its working, its value
            numbered += 1
            part = match_matrix([[rows[k][one[0]]]], None, [col_labels[one[0]]] if col_labels else None, vals,
                                step_hint(lab) if lab else None)
            if part is None or part.exact < part.cells or part.address_cells[0][0].t or \
                    vals.g.step(part.step).is_given:
                part = _term_node(rows[k][one[0]], vals) or part  # | a₁ | w₁x₁ | 0.84 |: a product inside a sum
            if part is not None and part.exact == part.cells == 1 and "." in part.address_cells[0][1]:
                nodes.append((k, part))
            continue
        if any(c is None for r in part_rows for c in r):
            continue
        part = match_matrix(part_rows, part_labels, heads, vals, step_hint(lab) if lab else None)
        if part is not None and part.exact == part.cells >= 2 and any("." in t for _, t in part.address_cells):
            out.append((k, part))
    if not out and numbered == len(labels) >= 3 and len(nodes) == numbered and _one_pass(nodes, vals):
        return nodes  # every node's number, each a quantity of its own, in the order the graph computes them
    kinds = [(p.step, p.address_cells[0][0].grad, p.address_cells[0][0].t) for _, p in out]
    if by_column and len(out) == 1 and all(any(r[k] is None for r in rows) for k in range(len(labels))
                                           if k != out[0][0]):
        return out  # | i | 2i/6 | 10000^(2i/6) |: the one column of numbers beside working not read (1/3)
    return out if len(out) >= 2 and len(set(kinds)) == len(kinds) else []  # one step's columns: a layout misread


def _term_node(text: str, vals: _Values) -> _Match | None:
    """The one product inside a matrix product (before any step) that a number agrees with to its last digit."""
    hits = [a for a in vals.terms() if (sc := _score([(a, text)], vals)) is not None and sc[0] == 1]
    return _Match([(hits[0], text)], hits[0].step, 1, 0, 1, 0.0, rows=[0]) if len(hits) == 1 else None


def _one_pass(nodes: list[tuple[int, _Match]], vals: _Values) -> bool:
    """Whether a table's rows, each one number matched alone, are distinct quantities of one pass (all values,
    or all gradients, of one training step) in the order the graph computes them (or, for gradients, in the
    order the backward pass does)."""
    firsts = [p.address_cells[0][0] for _, p in nodes]
    if len({(a.step, a.idx) for a in firsts}) < len(firsts) or len({(a.grad, a.t) for a in firsts}) != 1:
        return False
    order = [(vals.g.order.get(a.step.removesuffix("." + TERMS), -1) - (0.5 if a.step.endswith("." + TERMS) else 0),
              a.idx) for a in firsts]  # a sum's products come before it
    return order == sorted(order) or (firsts[0].grad and order == sorted(order, reverse=True))


def _head_blocks(rows, row_labels, vals: _Values, hint) -> list[_Match] | None:
    """A matrix as wide as the heads' Q (K, V, context) side by side: each head's block of columns matched on its
    own, when every cell of every block agrees; else None."""
    g = vals.g
    heads = sum(1 for s in g.steps.values() if s.spec.name == "Q")
    width = len(rows[0])
    if heads < 2 or width % heads or any(len(r) != width for r in rows):
        return None
    w = width // heads
    out = []
    for k in range(heads):
        part = match_matrix([r[k * w:(k + 1) * w] for r in rows], row_labels, None, vals, hint)
        if part is None or part.exact < part.cells:
            return None
        out.append(part)
    return out


def _product_rows(t: I.Table) -> list[tuple[int, str | None, str]]:
    """A table whose columns are a number, a vector and their product (a weight, a value and the weighted value,
    each row a multiplication a reader checks): its rows as lines of working ``a × [v] = [a·v]``; else []."""
    if not t.rows or len(t.rows[0]) != 3:
        return []
    out = []
    for k, (a, v, w) in enumerate(t.rows):
        if not (isinstance(a, str) and isinstance(v, list) and isinstance(w, list) and len(v) == len(w)):
            return []
        if any(abs(_value(a) * _value(x) - _value(y)) > 0.02 * max(1.0, abs(_value(y))) for x, y in zip(v, w)):
            return []
        line = t.row_lines[k] if t.row_lines and k < len(t.row_lines) else t.line
        label = t.row_labels[k] if t.row_labels else None
        out.append((line, label, f"{a} × [{', '.join(v)}] = [{', '.join(w)}]"))
    return out


def _unreadable(group: dict, engine, m) -> str | None:
    """Why a line of working cannot be a claim of this case (the case loader's own message), or None; ``group``:
    its [[claims]] group as the TOML reader gives it back (``_work_claims``), ``m``: the reading's matcher over
    ``engine``."""
    from ..claims import read_claims
    from ..toml import Reader

    try:
        read_claims(Reader("document", ""), [group], engine, m)
    except ExactformerError as e:
        return getattr(e, "message", None) or str(e).splitlines()[0]
    return _undecided(group["work"][0]["line"])


@lru_cache(maxsize=4096)
def _undecided(text: str) -> str | None:
    """Why a line's value cannot be told in decimals (``e^(-1e10000)``: an argument too large for any ball), or
    None: a line the audit could not judge is skipped and listed, never fatal. Once per line text."""
    from ...numeric.backends import ExactBackend
    from ...numeric.ball import TooLarge, Undecidable, expr_decimal

    try:
        chain, _ = G.parse_chain(text)
        got = G.evaluate(chain[0], ExactBackend())
        for v in got if isinstance(got, tuple) else (got,):
            expr_decimal(v, 12)
    except (TooLarge, Undecidable) as e:
        return str(e)
    except (ExactformerError, ArithmeticError, ValueError):
        return None  # (what the case refuses, it has said above)
    return None


MAX_BACKWARD_CELLS = 256  # a step's size up to which its gradients and updated values are candidates for a table
MIN_DIGITS = 6  # decimals a bare array must state, together, to be claimed on its values alone
SYMBOL_DIGITS = 3  # decimals one number under a symbol that names no step (y = 0.7109) must state


def _strong(got: _Match, rows: list[list[str]], need: int, vals: _Values) -> bool:
    """A bare array (no name, no labels, not in a table), or one number under a symbol that suggests no step, is
    a claim only when every cell agrees and its cells say enough digits (``need``) that a chance fit is
    unlikely. A cell agrees to its last digit, or to 4 significant digits when it states 5 or more (0.31188 summed
    from weights rounded to 4 places, where the value is 0.311824)."""
    digits = sum(len(t.split(".")[1]) if t and "." in t and "e" not in t.lower() else 0 for r in rows for t in r)
    if got.cells >= 4 and got.exact + got.close == got.cells and got.exact >= 0.75 * got.cells:
        return True  # a printed matrix a few of whose cells are off (a slip, or givens printed rounded)
    agree = got.exact if got.exact == got.cells else sum(
        1 for a, t in got.address_cells if (v := vals.get(a)) is not None and
        abs(_value(t) - v) <= max(1.5 * V.unit(t), ROUNDED_INPUTS * abs(v) if significant(t) >= 5 else 0.0))
    return agree == got.cells and (digits >= need or got.cells >= 4)


ROUNDED_INPUTS = 3e-4  # how far a result summed from operands rounded to 4 significant digits may stray


def _bare(name: str, hint: str | None, rows: list[list[str]], table: bool) -> int:
    """The digits an item's cells must state, together, to be claimed on their values alone (0: no such rule):
    an unnamed vector or a one-row table whose name suggests no step; one number under a symbol, fewer."""
    if hint is not None or len(rows) != 1:
        return 0
    if name and len(rows[0]) == 1 and result_name(name):
        return SYMBOL_DIGITS
    return MIN_DIGITS if table or not name else 0


def _matrices(item):
    """The matrices an item offers for matching: (rows, row labels, column labels, what it is (for notes), the
    step its name suggests, whether it is bare, the lines of its rows, the head of the column it is, if one).
    A table gives one per block of numbers; an array not named as a given gives itself."""
    if isinstance(item, I.Table):
        hint = step_hint(item.name) if item.name else None
        lines = item.row_lines or [item.line]
        hints = [step_hint(lab) for lab in item.row_labels or []]
        if len(hints) >= 2 and all(hints) and len(set(hints)) > 1 and \
                all(isinstance(c, str) or c is None for r in item.rows for c in r):
            for k, (row, h) in enumerate(zip(item.rows, hints)):  # | x − μ | … | then | (x − μ)² | … |: a step a row
                at = [lines[k]] if k < len(lines) else lines[:1]
                yield [list(row)], None, item.col_labels, f"table at {I.where(item.line)}, row " \
                    f"{item.row_labels[k]!r}", h, 0, at, None  # type: ignore[index]
            return
        for rows, col_labels, head in _columns(item):
            at_hint = (step_hint(head) if head else None) or hint
            bare = 0 if item.col_labels else _bare(item.name or "", at_hint, item.rows, True)  # "Nov 5, 2023": a row
            yield rows, item.row_labels, col_labels, f"table at {I.where(item.line)}" + (
                f", column {head!r}" if head else ""), at_hint, bare, lines, head
    elif isinstance(item, I.Named) and _SHAPE.search(item.name or ""):
        return  # shape=(3, 2), len(tokens): sizes, not values
    elif isinstance(item, I.Named) and (role(item.name) in (None, "Q", "K", "V", "X") or updated(item.name) or
                                        _fused_output(item)):
        # weights are givens, unless named as after a training step (W_out' = …)
        arr = item.array
        rows = arr if isinstance(arr[0], list) else [arr]
        if (col := V.column(arr)) is not None and (split_name(item.name or "")[1] is not None or
                                                   step_hint(item.name or "") in _PER_ROW):
            rows = [col]  # q_1 printed as a (d, 1) column (W_q @ x_1): one token's row; a
            # row statistic kept as a column (x.mean(-1, keepdim=True) prints [[2.], [5.]]): one per token
        name = item.name or (_printed_by(item.at) if len(arr) == 1 and not isinstance(arr[0], list) else "")
        hint = (step_hint(name) or _qkv(role(name))) if name else None  # "Keys: [1, 0]": K before the input
        bare = 0 if item.row_labels else _bare(item.name, hint, rows, False)
        yield rows, item.row_labels, None, f"{item.name or 'array'} at {I.where(item.line)}", \
            hint, bare, item.row_lines or [item.line], None


_NAMED_WHOLE = {"Q", "K", "V", "scores", "scaled", "context"}  # steps a named matrix of their shape is, if near
LOOSE_SHARE = 0.5  # of a named matrix's cells that must be near its step's (the rest may be wrong)
WRITTEN_SHARE = 0.0  # … of a function's values written on its input (softmax([…]) = […]): none, the line says it
_SEEDS = {"loss", "loss.pos", "loss.comp", "loss.sum"}  # the loss itself: its gradient is the 1 backprop starts from
_PER_ROW = {"mean", "var", "std", "rstd", "expsum", "sum"}  # steps of one number per token (a row's statistic)


def _amplified(model) -> bool:
    """Whether a model takes ln of givens printed rounded (a chain's ln of a printed softmax), or normalises them
    (a LayerNorm divides by their spread), either of which magnifies their rounding in its results' last digits."""
    return model.rounded_givens and any((b.kind == "fn" and b.config.op in ("log", "neglog")) or b.kind == "layernorm"
                                        for layer in model.layers for b in layer.blocks)


def _qkv(r: str | None) -> str | None:
    return r if r in ("Q", "K", "V") else None


_ID_COLUMN = re.compile(r"(?:token|input|word)?[ _]?ids?|索引|번호", re.IGNORECASE)


def id_column(head: str, cells: list) -> bool:
    """Whether a table's column numbers its rows by the vocabulary (| Token ID | Dim 1 | …: 65, 0, 62, 65): which
    token, not a quantity."""
    return bool(_ID_COLUMN.fullmatch(V.clean(head).strip())) and \
        all(isinstance(c, str) and c.isdigit() for c in cells)




def _output_check(hint: str | None, rows: list[list], vals: _Values) -> str | None:
    """The step a LayerNorm lesson's check of its output is (``ymean``, ``yvar``, ``ystd``): numbers of 0 or 1 only,
    named as a mean, a variance or a standard deviation, in a model with a LayerNorm, and not the row's own (the
    mean of an input row may be 0 too); else None."""
    if hint not in ("mean", "var", "std") or not any(s.spec.name == "y" + hint for s in vals.g.steps.values()):
        return None
    cells = [c for r in rows for c in r]
    if not cells or not all(isinstance(c, str) and _value(c) in (0, 1) for c in cells):
        return None
    own = _match_matrix(rows, None, None, vals, lambda s: s.spec.name == hint)
    return None if own is not None and own.exact == own.cells else "y" + hint  # "mean = 0.0000" of a row: its mean


def _fused_output(item: I.Named) -> bool:
    """An array named as the fused projection (``qkv``) that has no fused weight's shape (d × 3d or 3d × d): the
    projection's output, x·W = [q | k | v] a row per position, as the code that splits it into q, k, v names it."""
    shape = V.shape(item.array)
    return role(item.name) == "Wqkv" and len(shape) == 2 and shape[1] % 3 == 0 and \
        3 not in (shape[1] / shape[0], shape[0] / shape[1])


def _qkv_blocks(rows, row_labels, vals: _Values) -> list[_Match] | None:
    """A row per position three times as wide as Q (x·W of a fused projection, [q | k | v]): Q, K and V side by
    side, each block matched on its own, when every cell of every block agrees; else None."""
    width = len(rows[0])
    if width % 3 or any(len(r) != width for r in rows):
        return None
    w = width // 3
    out = []
    for k, step in enumerate(("Q", "K", "V")):
        part = match_matrix([r[k * w:(k + 1) * w] for r in rows], row_labels, None, vals, step)
        if part is None or part.exact < part.cells or vals.g.step(part.step).spec.name != step:
            return None
        out.append(part)
    return out


def _printed_by(at: str) -> str:
    """The expression a notebook cell ends on, whose value the cell printed (``loss`` above ``tensor(2.1950)``,
    ``torch.exp(loss)``): the name of a scalar printed without one."""
    m = _LAST_EXPR.fullmatch(at)
    return m.group(1) if m else ""


_LAST_EXPR = re.compile(r"((?:[A-Za-z_][\w.]{0,30}\()?[A-Za-z_]\w{0,30}\)?(?:\.item\(\))?) \(line \d+\)")
_INDEX_HEAD = re.compile(r"pos|position|posición|posição|位置|위치|#|idx|index|t")  # a column numbering the rows
_CHECK = re.compile(r"check|kontroll|v[ée]rif|comprob|確認|검증|校验|检查", re.IGNORECASE)
_SHAPE = re.compile(r"(?:^|[._\s])(?:shape|size|len|dims?|ndim)$", re.IGNORECASE)


def _work_group(at: str, line: int, of: str | None, text: str) -> str:
    """A line of working as a [[claims]] group: of its quantity; its numbers claims of its own arithmetic
    (``of = "arithmetic"``: beyond the model); or (a quantity's, worked from other numbers) checked as arithmetic
    only."""
    head = f"[[claims]]\nat = {toml_str(at)}{_line_key(line)}\n"
    if of is None:
        return (head + f"# {I.where(line)}: no quantity fits its result: checked as arithmetic only\n"
                f"work = [{{ line = {toml_str(text)} }}]\n")
    if of == ARITHMETIC:
        return (head + f"# {I.where(line)}: beyond the model: its numbers are claims of its own arithmetic\n"
                f"work = [{{ of = {toml_str(of)}, line = {toml_str(text)} }}]\n")
    return head + f"work = [{{ of = {toml_str(of)}, line = {toml_str(text)} }}]\n"


def _work_claims(at: str, line: int, of: str | None, text: str) -> dict:
    """The group ``_work_group`` writes, as parsing its TOML gives it (its strings are written exactly)."""
    group: dict = {"at": at}
    if line is not None and line < I.CELL:
        group["line"] = line
    group["work"] = [{"line": text} if of is None else {"of": of, "line": text}]
    return group


def _line_key(line: int | None) -> str:
    """The group's ``line`` key: the document line its numbers are written on (a notebook's lines are placed
    by its cell, from ``at``); and for what a program printed, its ``precision``: float32 when the notebook computes
    in it, else float64 (NumPy's and Python's floats: a full repr may be a few ulps off the exact value)."""
    kept = _ROUNDED_LINES.get().get(line) if line is not None else None
    rounded = f"\ndecimals = {kept}" if kept is not None else ""  # torch.round(x * 1000) / 1000 printed 0.9810
    if line is not None and I.is_output(line):
        return f'\nprecision = "{"float32" if _SINGLE.get() or line in _SINGLE_LINES.get() else "float64"}"' + rounded
    single = '\nprecision = "float32"' if line is not None and line in _SINGLE_LINES.get() else \
        f'\nprecision = "{"float32" if _SINGLE.get() else "float64"}"' if line is not None and \
        line in _PROGRAM_LINES.get() else ""
    return (f"\nline = {line}" if line is not None and line < I.CELL else "") + single + rounded


class _OtherTokens:
    """Which tables are about other tokens than the model's: rows named by words none of which names a position
    or any label of the model's steps, when the positions are named by the document's own words (a second
    sentence worked with the same weights). The model's labels are gathered once, on the first table asked."""

    def __init__(self, g) -> None:
        self.g = g
        self.labels: set[str] | None = None

    def table(self, item) -> bool:
        labels = item.row_labels if isinstance(item, I.Table) else None
        tokens = {p.token for p in self.g.model.positions}
        if not labels or len(labels) < 2 or all(re.fullmatch(r"x\d+", t) for t in tokens):
            return False
        words = [lab.strip("`*_ ") for lab in labels]
        if not all(re.fullmatch(r"[^\W\d_][^\s\d=]{0,20}", w) for w in words):  # pos 0, row 1, h1 = 0.5: no token
            return False
        if all(step_hint(w) is not None for w in words):  # | logit | … | / | probability | … |: rows named by steps
            return False
        if self.labels is None:
            self.labels = tokens | {lab for s in self.g.steps.values() for ax in s.labels if ax for lab in ax}
        return not set(words) & self.labels


def _roles_given_otherwise(found: I.Items, givens: Collection[int]) -> dict[str, str]:
    """The roles (Q, K, V, X) the model takes from an item of the document, each with that item's name. Another
    item named for the same role under another name ("Values", "Attention" printed after "V") is no restatement
    of it by its name alone: a program's result labelled with a word (its values decide)."""
    got: dict[str, str] = {}
    for x in found.found:
        if id(x) in givens and isinstance(x, I.Named) and (r := role(x.name)) in ("Q", "K", "V", "X"):
            got.setdefault(r, x.name)
    return got


MASK_FILL = 1e4  # a mask fills with a negative number at least this large (−1e9, −1e10, −10000 for −∞)


def _big_mask(item) -> bool:
    """A table or array of 0 and one huge negative number (``0 -1e10 -1e10``): an additive mask, no result."""
    rows = item.rows if isinstance(item, I.Table) else item.array if isinstance(item, I.Named) else None
    if not rows or not isinstance(rows[0], list):
        return False
    texts = {V.number(c) if isinstance(c, str) else None for r in rows for c in r}
    if None in texts:
        return False
    big = {float(t) for t in texts if t is not None and float(t) != 0}
    return len(big) == 1 and min(big) <= -MASK_FILL


def _code_setting(item, found: I.Items) -> bool:
    """A whole number the code assigns to a name (``max_positional_encoding_input = 5``): a setting, never a
    result (a program prints its results; it does not type them)."""
    return isinstance(item, I.Named) and bool(item.name) and len(item.array) == 1 and \
        isinstance(item.array[0], str) and item.array[0].lstrip("-").isdigit() and found.in_code(item.line) and \
        not I.is_output(item.line)  # (score(s, h) printing 927 is a result)


def _quantity_rows(item, other: _OtherTokens) -> list:
    """A table over a vocabulary whose rows are named by quantities, not tokens (``logits``, ``e^z``, ``p`` over
    ``el gato …``, one position's output worked row by row): a one-row table per quantity, named by it. Any other
    item is itself."""
    if not isinstance(item, I.Table) or not item.col_labels or not item.row_labels or \
            len(item.col_labels) != len(item.rows[0]) or not other.table(item) or \
            not all(step_hint(lab.strip("`*_ ")) is not None for lab in item.row_labels):
        return [item]
    lines = item.row_lines or [item.line] * len(item.rows)
    return [I.Table([row], None, item.col_labels, at, item.at, lab.strip("`*_ "), [at])
            for row, lab, at in zip(item.rows, item.row_labels, lines)]


def _exact_quantity(rows: list[list[str | None]], vals: _Values, zeros: bool) -> bool:
    """Whether a matrix (two rows or more) of 0s, or of 0s and 1s, is a computed quantity of the model to the
    last digit of every cell (a key's weighted values when its weights are 0, a softmax saturated to 1 and 0):
    printed, not an initial value nor a mask. Zeros must be zero exactly, not merely small."""
    if len(rows) < 2:
        return False
    got = match_matrix([[t or "0" for t in r] for r in rows], None, None, vals)
    return got is not None and not got.given and got.exact == got.cells and \
        all(_to_its_digits(a, t, vals) and (not zeros or vals.get(a) == 0) for a, t in got.address_cells)


def _only_zeros_agree(got: _Match, vals: _Values) -> bool:
    """Whether the cells of a match that agree with the model (within 1.5 units of their last digit) are zeros
    only, some of them, and no other cell is even near its value: a masked zero fits any matrix with zeros in
    those places, so they are no evidence."""
    near = [(t, abs(_value(t) - v) <= 1.5 * V.reach(t)) for a, t in got.address_cells
            if (v := vals.get(a)) is not None and abs(_value(t) - v) <= CLOSE * abs(v) + 1.5 * V.reach(t)]
    return any(exact for _, exact in near) and all(_value(t) == 0 for t, _ in near)  # (a nonzero cell near its
    # value, a slip upstream moving it, keeps the match: a ReLU's zeros then are evidence too)


def _to_its_digits(a: Address, t: str, vals: _Values) -> bool:
    """Whether ``t`` is the quantity's value rounded to its digits (not merely one unit off in the last)."""
    v = vals.get(a)
    return v is not None and abs(_value(t) - v) <= 0.5 * V.unit(t) * (1 + 1e-9)


_FORMULA_NAME = re.compile(r"\S*(?:\w\(\S*\)|\^\{?(?:T|\\top)\}?)\S*")  # softmax(QK^T), QK^T: named by its formula
# (written without spaces: "weights (rounded)" is a word and a remark)


def _one_digit(got: _Match, vals: _Values) -> bool:
    """Whether a match rests on numbers of one significant digit that are not the values themselves: 0.8 for
    0.8415 agrees to its last digit, and so does nearly anything. A one-digit number equal to its value (0.5 for
    1/2) is fine. Whole numbers (−1, 0, 2) state exact values: at least half of them must be their values."""
    cells = got.address_cells
    if len(cells) >= 2 and all(re.fullmatch(r"[-+−]?\d+", t) for _, t in cells):  # −1, 0, 2 of a perceptron's table
        return sum(abs(_value(t) - v) < 1e-12 for a, t in cells if (v := vals.get(a)) is not None) * 2 < len(cells)
    return len(cells) >= 2 and all(_chance_digit(a, t, vals) for a, t in cells)


def _chance_digit(a: Address, t: str, vals: _Values) -> bool:
    """Whether ``t`` states one significant digit of a value it is not (0.8 for 0.8415): it agrees to its last
    digit with nearly anything."""
    digits = t.lstrip("+-−").replace(".", "").lstrip("0")
    v = vals.get(a)
    shown = digits if len(t.partition(".")[2]) >= 2 else digits.rstrip("0")  # 0.40 to two places: 0.401, not 0.43
    return len(shown) <= 1 and v is not None and abs(_value(t) - v) >= 1e-12


def _in_order(parts: list[_Match]) -> bool:
    """Whether a table's columns, each matched as a row of one step, are that step's rows in the table's order
    (the index that stays fixed along each column increases from column to column)."""
    fixed = []
    for p in parts:
        idxs = [a.idx for a, _ in p.address_cells]
        keep = tuple((k, idxs[0][k]) for k in range(len(idxs[0])) if all(i[k] == idxs[0][k] for i in idxs))
        fixed.append((p.step, keep))
    by_step: dict[str, list[tuple]] = {}
    for step, keep in fixed:
        by_step.setdefault(step, []).append(keep)
    return all(all(a < b for a, b in zip(ks, ks[1:])) for ks in by_step.values())


def _standing(got: _Match | None, n: int) -> _Match | None:
    """A table's column matched as one row of a step: each cell stays on its own table row (its own line)."""
    if got is not None and len(got.address_cells) == n:
        got = _Match(got.address_cells, got.step, got.exact, got.close, got.cells, got.error, got.given,
                     rows=list(range(n)))
    return got


def _named_exactly(rows: list[list[str]], hint: str | None, vals: _Values) -> bool:
    """Whether a one-hot row (y = (0, 0, 1): a target, as a rule) or a matrix of 0s and 1s (a mask) is named as a step
    ("Query: [1, 0]", "Keys: [1, 0] and [0, 1]", "Attention Scores (Q × K^T / √d):" over an identity) and is, to the
    last digit, rows of that step: a toy example's Q, K or V, its scores."""
    if hint is None:
        return False
    got = _match_matrix(rows, None, None, vals, lambda s: s.spec.name == hint)
    return got is not None and got.exact == got.cells


def _named_row(item, g, vals: _Values) -> _Match | None:
    """A vector named by a step and a position (``q_{밥을}``, ``k_{cat}``) as wide as that step's rows: the row
    it names, claimed whatever its numbers (a slip upstream makes every one of them differ)."""
    if not isinstance(item, I.Named) or not item.array or isinstance(item.array[0], list):
        return None
    base, sub = split_name(item.name or "")
    r = role(base) if sub else None
    if r not in ("Q", "K", "V") or any(c is None for c in item.array):
        return None
    steps = [st for st in g.steps.values() if st.spec.name == r and len(st.dims) == 2 and st.labels[0] and
             st.dims[1] == len(item.array) and sub in st.labels[0] and not st.is_given]
    if len(steps) != 1:  # one head's, one layer's: several would be a guess
        return None
    st = steps[0]
    row = st.labels[0].index(sub)
    return _scored([(Address(st.key, (row, j)), t) for j, t in enumerate(item.array)], vals, [0] * len(item.array))


NEAR_MATRIX = 0.5  # how far (relative) any cell of a matrix named as a step may lie from the model's, most of
# them (NEAR_NAMED) nearer, and the matrix still be that step


def _named_matrix(rows, row_labels, col_labels, hint: str | None, vals: _Values) -> _Match | None:
    """A matrix the document names as a step (``Scores = […]``, ``Weights``, an equation image's ``\\text{Scores}``)
    that is exactly that step's shape, its rows and columns the step's own, when the model has one such step: the
    step, claimed whatever its numbers when each lies near the model's value (most within ``NEAR_NAMED``, all
    within ``NEAR_MATRIX``): a post whose numbers drifted as its author worked them (or made them up) still
    states that step, and the audit judges every cell."""
    if hint is None or len(rows) < 2 or any(len(r) != len(rows[0]) or None in r for r in rows) or len(rows[0]) < 2:
        return None
    steps = [st for st in vals.g.steps.values() if st.spec.name == hint and st.listed and not st.is_given and
             not st.lazy and len(st.dims) == 2]
    if len(steps) != 1:  # one head's, one layer's: several would be a guess
        return None
    st = steps[0]
    ri = _axis_map(st, 0, row_labels, len(rows))
    ci = _axis_map(st, 1, col_labels, len(rows[0]))
    if ri is None or ci is None or None in ri or None in ci or st.dims != (len(rows), len(rows[0])):
        return None
    cells = [(Address(st.key, (i, j)), t) for i, row in zip(ri, rows) for j, t in zip(ci, row)
             if i is not None and j is not None]  # (none is: checked above)
    off = [_off_model(t, v) if (v := vals.get(a)) is not None else None for a, t in cells]
    if any(d is None or d > NEAR_MATRIX for d in off) or sum(d <= NEAR_NAMED for d in off) * 2 <= len(off):  # type: ignore[operator]
        return None
    return _scored(cells, vals, [i // len(rows[0]) for i in range(len(cells))])


def _row_token(item) -> str | None:
    """The token a vector is labelled by: its comment's (``[…]  # "how"``), or its name's when the name is a quoted
    token (``",": […]``)."""
    if not isinstance(item, I.Named):
        return None
    quoted = re.fullmatch(r"[\"'“]([^\"'”]{1,30})[\"'”]", (item.name or "").strip())
    return item.label or ((quoted.group(1).strip() or quoted.group(1)) if quoted else None)


def _labelled_row(item, g, vals: _Values) -> _Match | None:
    """A vector labelled by a token (its comment, or its quoted label: ``" how" : [0.67, …]``) that fits no row by
    its values: that token's row of the step it is nearest, when every cell is close (a slip upstream moves them
    all); None for a label that is no token of the model."""
    token = _row_token(item)
    if token is None or not item.array or isinstance(item.array[0], list) or any(c is None for c in item.array):
        return None
    best: tuple | None = None
    for st in g.steps.values():
        if not st.listed or g.restates_givens(st.key) or len(st.dims) != 2 or not st.labels[0] or \
                token not in st.labels[0] or st.dims[1] != len(item.array):
            continue
        row = st.labels[0].index(token)
        got = _scored([(Address(st.key, (row, j)), t) for j, t in enumerate(item.array)], vals, [0] * len(item.array))
        if got is not None and got.exact + got.close == got.cells and (best is None or
                                                                        (got.exact, -got.error) > best[0]):
            best = ((got.exact, -got.error), got)
    return best[1] if best is not None else None


def _scored(cells: list[tuple[Address, str]], vals: _Values, rows: list[int]) -> _Match | None:
    """The cells placed by their names or their place (not by their values) as a match, scored as any other."""
    sc = _score(cells, vals)
    return None if sc is None else _Match(cells, cells[0][0].step, sc[0], sc[1], len(cells), sc[2], rows=rows)


def _off_model(text: str, v: float) -> float:
    """How far a number lies from the model's value, relative to it (to 0.1 at least): a slip's later numbers
    stay within ``NEAR_NAMED`` of it."""
    return abs(_value(text) - v) / max(abs(v), 0.1)


def _named_column(rows, row_labels, head: str | None, hint: str | None, g, vals: _Values) -> _Match | None:
    """A table's column headed by a result's name (| 新 p |, | probability |) whose rows are the words of one
    axis of that step: the cells it names, claimed whatever their numbers when each lies near the model's
    value (a slip upstream moves every one of them; a column of other numbers lies elsewhere). A head named
    after the training step is the step after it."""
    if hint is None or not row_labels or any(len(r) != 1 or r[0] is None for r in rows):
        return None
    t = 1 if g.model.train is not None and head is not None and updated(head) else 0
    labels = [lab.strip("`*_ ") for lab in row_labels]
    if len(set(labels)) < len(labels):
        return None  # "the cat the": a repeated word names no one row
    found = []
    for st in g.steps.values():
        if st.spec.name != hint or not st.listed or st.is_given or st.lazy:
            continue
        axes = [k for k, labs in enumerate(st.labels) if labs and st.dims[k] == len(labels) and
                all(lab in labs for lab in labels)]
        if len(axes) == 1 and all(d == 1 for k, d in enumerate(st.dims) if k != axes[0]):
            found.append((st, axes[0]))
    if len(found) != 1:  # one step so named: several would be a guess
        return None
    st, axis = found[0]
    cells = []
    for lab, r in zip(labels, rows):
        idx = tuple(st.labels[axis].index(lab) if k == axis else 0 for k in range(len(st.dims)))
        a = Address(st.key, idx, False, t)
        v = vals.get(a)
        if v is None or _off_model(r[0], v) > NEAR_NAMED:
            return None
        cells.append((a, r[0]))
    return _scored(cells, vals, list(range(len(cells))))


RESCALED = ("scores", "scaled")  # the attention steps a slip in the scaling factor multiplies, every cell alike
MIN_RESCALED = 4  # cells a table must have to show one common factor


def _rescaled(rows, row_labels, col_labels, vals: _Values, hint: str | None = None) -> _Match | None:
    """A table of attention scores every cell of which is the model's score times one common factor, to its
    printed digits (divided by √d_model where √d_k is meant, scaled where the text says no scaling, or the
    reverse): that step, each cell claimed (and judged wrong); only when one such step of the table's shape and
    labels fits, or several of the same values, or the one the document names (scores and the scaled scores
    are proportional whenever the scale is not 1)."""
    if not rows or any(len(r) != len(rows[0]) for r in rows) or len(rows) * len(rows[0]) < MIN_RESCALED:
        return None
    texts = [t for row in rows for t in row]
    if any(t is None or significant(t) < 2 for t in texts):
        return None
    g, found = vals.g, []
    for st in g.steps.values():
        if st.spec.name not in RESCALED or st.is_given or st.lazy or len(st.dims) != 2:
            continue
        ri = _axis_map(st, 0, row_labels, len(rows))
        ci = _axis_map(st, 1, col_labels, len(rows[0]))
        if ri is None or ci is None or None in ri or None in ci:
            continue
        cells = [(Address(st.key, (i, j)), t) for i, row in zip(ri, rows) for j, t in zip(ci, row)
                 if i is not None and j is not None]  # (none is: checked above)
        got = [vals.get(a) for a, _ in cells]
        if any(v is None for v in got):
            continue
        big = max(range(len(cells)), key=lambda k: abs(got[k]))  # type: ignore[arg-type]
        if abs(got[big]) < 1e-9:  # type: ignore[arg-type]
            continue
        factor = _value(cells[big][1]) / got[big]  # type: ignore[operator]
        if factor <= 0 or all(abs(_value(t) - v) <= 1.5 * V.unit(t) for (_, t), v in zip(cells, got)):  # type: ignore[operator]
            continue  # the model's own values (matched elsewhere), or a sign flipped: no rescaling
        if all(abs(_value(t) - factor * v) <= 2.5 * V.unit(t) for (_, t), v in zip(cells, got)):  # type: ignore[operator]
            found.append((cells, got, st.spec.name))  # (2.5 units: the cell's rounding, the factor's from the
            # largest cell)
    named = [f for f in found if f[2] == hint]
    found = named or found
    if not found or any(got != found[0][1] for _, got, _ in found):
        return None  # (scores and scaled alike when the scale is 1: the scores, the first)
    return _scored(found[0][0], vals, [i // len(rows[0]) for i in range(len(found[0][0]))])


def _target_column(rows, row_labels, g, vals: _Values) -> _Match | None:
    """A column of a table a row per position (a loss's positions) that states the probability each position
    gives its own target (| position | true next | p |): probs[t][target_t], every cell to its last digit."""
    loss = g.model.loss
    targets = dict(loss.targets) if loss is not None and loss.kind is LossKind.CROSS_ENTROPY else {}
    probs = [st for st in g.steps.values() if st.spec.name == "probs" and len(st.dims) == 2 and
             st.labels[0] and st.labels[1] and not st.is_given]
    if not targets or not row_labels or len(probs) != 1 or any(len(r) != 1 or r[0] is None for r in rows):
        return None
    st = probs[0]
    cells = []
    for lab, r in zip((lab.strip("`*_ ") for lab in row_labels), rows):
        t = st.labels[0].index(lab) if lab in st.labels[0] else None
        target = targets.get(t) if t is not None else None
        if t is None or not isinstance(target, str) or target not in st.labels[1]:
            return None
        cells.append((Address(st.key, (t, st.labels[1].index(target))), r[0]))
    got = _scored(cells, vals, list(range(len(cells))))
    return got if got is not None and got.exact == got.cells >= 2 else None


NEAR_NAMED = 0.25  # how far (relative) a named column's numbers may lie from the model's and still be its own


class _Downstream:
    """The row a document works out next, after one it states by value: a vector that fits no row (a slip
    upstream moved all its numbers) is the same position's row of a step a few steps downstream of the row
    matched just before it, when every number lies near that row's (x̂ from a slipped std, then γ·x̂ + β)."""

    def __init__(self, g, vals: _Values) -> None:
        self.g, self.vals = g, vals
        self.last: tuple[str, int] | None = None  # (step, position) of the last one-row match
        self._order: list[str] | None = None

    def matched(self, got: _Match, nrows: int) -> None:
        first = got.address_cells[0][0]
        if len(got.address_cells) == 1:
            return  # "합 = 2.7000" between two rows: a scalar of the same working
        one = nrows == 1 and not (first.grad or first.t) and len(first.idx) == 2 and \
            all(a.idx[0] == first.idx[0] and not (a.grad or a.t) for a, _ in got.address_cells)
        self.last = (got.step, first.idx[0]) if one else None

    def row(self, row: list[str | None]) -> _Match | None:
        texts = [t for t in row if t is not None]
        if self.last is None or len(texts) < 2 or len(texts) < len(row):
            return None
        step, pos = self.last
        g, best = self.g, None
        rows = g.step(step).dims[0]
        for key in self._downstream(step):
            st = g.step(key)
            if not st.listed or st.is_given or st.dims != (rows, len(texts)):
                continue
            cells = [(Address(key, (pos, j)), t) for j, t in enumerate(texts)]
            got = [v for a, _ in cells if (v := self.vals.get(a)) is not None]
            if len(got) < len(cells):
                continue
            off = [_off_model(t, v) for (_, t), v in zip(cells, got)]
            if max(off) <= NEAR_NAMED and (best is None or sum(off) < best[0]):
                best = (sum(off), cells)
        self.last = None
        if best is None:
            return None
        return _scored(best[1], self.vals, [0] * len(best[1]))

    def _downstream(self, step: str) -> list[str]:
        """The steps computed within a few steps after ``step``, in the model's order (a LayerNorm's working
        squares, then its normalised rows: a side branch, then the main line)."""
        if self._order is None:
            self._order = list(self.g.steps)
        k = self._order.index(step)
        return self._order[k + 1:k + 1 + DOWNSTREAM]


DOWNSTREAM = 10  # steps after the last matched row, in the model's order, a slipped row may belong to


def _group(at: str, got: _Match, g, what: str, notes: list[Note], claimed: _Claimed,
           row_lines: list[int | None]) -> str:
    """The claims of one matched table or array: a group for each line its rows are written on (its quantities
    noted in ``claimed``)."""
    first = got.address_cells[0][0]
    name = (f"step{first.t}." if first.t else "") + ("grad." if first.grad else "") + g.step(got.step).short
    if not got.given:
        for (a, t), r in zip(got.address_cells, got.rows):
            claimed.add(a, t, row_lines[r] if r < len(row_lines) else row_lines[0])
    if got.given:
        notes.append(Note(f"{what}: restates the given {name} ({got.exact} of {got.cells} cells agree)"))
        return f"# {what}: restates the given {name}; not a claim\n"
    conf = f"{got.exact} of {got.cells} cells agree to their last digit" + \
        (f", {got.close} more are close" if got.close else "")
    notes.append(Note(f"{what}: {name} ({conf})"))
    if got.items is None:  # a table printed again: its claims' text made once
        got.items = [f"{toml_str(g.name(a))} = {toml_str(t)}" for a, t in got.address_cells]
    by_line: dict[int | None, list[tuple[list[str], set[Address]]]] = {}  # each line's groups: a quantity the
    for item, r, (a, _) in zip(got.items, got.rows, got.address_cells):  # table states twice (an angle in each
        line = row_lines[r] if r < len(row_lines) else row_lines[0]  # column of its pair) once in each
        groups = by_line.setdefault(line if line is not None and line < I.CELL else None, [])
        home = next((grp for grp in groups if a not in grp[1]), None)
        if home is None:
            groups.append(home := ([], set()))
        home[0].append(item)
        home[1].add(a)
    out = [f"# {what}: matched to {name} ({conf})\n"]
    cell = row_lines[0] if row_lines and row_lines[0] is not None and row_lines[0] >= I.CELL else None
    for line, groups in by_line.items():  # (a notebook's line, placed by ``at``, still says what printed it)
        out += [f"[[claims]]\nat = {toml_str(at)}{_line_key(line if line is not None else cell)}\n"
                f"values = {{ {', '.join(items)} }}\n" for items, _ in groups]
    return "".join(out)


class _Line(NamedTuple):
    """The quantity a line of working computes, and whether its stated result agrees with the model's."""

    address: Address
    agrees: bool
    operands: tuple = ()  # (address, number) of each operand the line restates: the document's text for it
    alone: bool = False  # its result claimed alone, its arithmetic checked apart (operands that fit nothing)


_FUNCTION = re.compile(r"σ|sigmoid|softmax|exp|tanh|√|sqrt|\bln\b|\blog")  # a setting is never worked out so


def _work(item: I.Work, g, vals: _Values, m, symbols: dict[int, Address | None] | None = None,
          stated: Collection[str] = ()) -> _Line | None:
    """The quantity a line of working computes: the one its own symbol names (``symbols``, see ``_symbols``),
    else the one its result fits whose formula its operands fit, the label ("鬼→金棒:") choosing between equals."""
    try:
        chain, _ = G.parse_chain(item.text)
    except ParseError:
        return None
    last = chain[-1] if G.literal_of(chain[-1]) is not None or isinstance(chain[-1], G.Vec) else chain[0]
    lits = [G.literal_of(x) for x in last.items] if isinstance(last, G.Vec) else [G.literal_of(last)]
    if any(x is None for x in lits):
        return None
    texts = [x.text for x in lits]  # type: ignore[union-attr]
    if symbols and id(item) in symbols:  # ∂E_total/∂w_5 = … = 0.0822: the quantity its name is, whatever its value
        said = symbols[id(item)]
        return None if said is None else _symbol_line(said, texts[0], chain, g, vals, m)
    cands = _by_operands(_fits(texts, g, vals, item.label), chain[0], g, m) if len(texts) == 1 else \
        _fits(texts, g, vals, item.label)
    term = _product_term(chain[0], texts[0], vals, m) if len(texts) == 1 else None
    if term is not None:  # 0.5 · 2.0 = 1: a product inside a dot product, unless a listed quantity fits better
        fit = m.fit(term, chain[0]) or 0
        if all((m.fit(a, chain[0]) or 0) < fit for key, a in cands[:40] if -key[2] == 1):
            return _Line(term, True)
    named = _named_address(item, g) if len(texts) == 1 else None  # σ² of the row the line is about
    agreed = len(texts) == 1 and any(-key[2] == 1 and _to_digits(vals.get(a), texts[0]) for key, a in cands[:40])
    whole = 2 * _literal_count(chain[0])  # the operands' fit when each agrees to its last digit
    # some quantity is the result, rounded to its last digit
    for key, a in cands[:40]:
        if named is not None and -key[2] < len(texts) and g.step(a.step).spec.name != g.step(named.step).spec.name:
            continue  # σ² = 2.0/3 = 0.6667 for a row: a variance off, not the std it happens to be near
        try:
            ops = m.operands(a, chain[0])
            ops = ops if ops is not None else m.operands(a, chain[-1])
            if ops is not None and (ops or not g.restates_givens(a.step)):  # 8.5/3 is no working of a given
                if -key[2] < len(texts) and not key[1] and ((_far(ops, vals) if ops else (
                        g.step(a.step).is_given or _literal_count(chain[0]) > 1)) or
                        (agreed and not _one_agrees(ops, vals))):
                    continue  # a result only near the quantity: every operand far from it, or none (a given's, or
                    # none of the line's numbers: 2 ÷ 1.41 = 1.41 is no score of 1.5); or
                    # near while another quantity agrees to the last digit, and none of its operands does either
                    # (0.364² = 0.1325 is σ² restated, not the square 0.35² = 0.1225 of another row)
                if whole >= 4 and len(texts) == 1 and (m.fit(a, chain[0]) or 0) < whole and \
                        (off := _by_its_operands(chain[0], texts, g, vals, m, named)) is not None and off[0] >= whole:
                    return _Line(off[1], False)  # every operand is another quantity's (cat's query, sat's key):
                    # that one, a slip, not the one its result happens to round (sat·sat)
                return _Line(a, -key[2] == len(texts), tuple(ops))
        except (AddressError, ExactformerError, ArithmeticError):
            continue
    exact = [(key, a) for key, a in cands if key[2] <= -1 and (a.grad or a.t or not g.restates_givens(a.step))] \
        if len(texts) > 1 or float(texts[0]) != 0 else []
    # by its value alone: no input the document gives, and no zero (0.000 is the mean of many rows); unless every
    # operand of another quantity's formula is there to its last digit (0.3×0.1 + 0.4×0.3 + 0.1×0.6 = 0.13: q·k of
    # that pair, a slip, not a score elsewhere that happens to round to 0.13). The operands are asked only when
    # they may decide (a search of the nearest quantities: no cost to a line its value settles)
    off = _by_its_operands(chain[0], texts, g, vals, m, named) if len(texts) == 1 and (not exact or whole >= 4) \
        else None
    if exact and not (off is not None and off[0] >= whole):
        return _Line(exact[0][1], -exact[0][0][2] == len(texts))
    if off is not None:
        return _Line(off[1], False)
    if named is None:
        return None
    try:
        part = m.fit(named, chain[0]) or 0  # σ² = 8.5/3: 8.5 its sum of squares, 3 a slip of its divisor
    except (AddressError, ExactformerError, ArithmeticError):
        part = 0
    return _Line(named, False) if part > 0 or _GRADIENT_NAME.search(item.name or "") or \
        _any_known(chain[0], g, vals, stated) else None  # (∂L/∂b = (−0.9)/4 names b's gradient, a slip or not)
    # (sample 1 loss = −(0·ln 0.3 + 1·ln 0.4) = 0.91 of other numbers than the model's: its own arithmetic)


def _any_known(node, g, vals: _Values, stated: Collection[str] = ()) -> bool:
    """Whether a line's operands hold a number of the model's (a value it computes or is given, rounded to the
    operand's digits, or one the document stated for a quantity before: ``stated``, a slip carried on), of those
    written with decimals (beside 0 and 1): one of two significant digits or more, or, when all are shorter (0.1,
    0.7), every one of them. A line with no such operand to ask holds one."""
    lits = [n for n in G.numbers_in(node) if "." in n.text and float(n.value) not in (0.0, 1.0)]
    if not lits:  # whole numbers only (√64 = 8, d_k = 4 / 2 = 2): a setting's arithmetic, no other example's
        return True
    if vals.known is None:  # the givens and every step's values (a lazy step's when it is small: Σ(x − μ)² = 8.5)
        cells = ((st, vals.flat(st)) for st in g.steps.values() if st.dims and (not st.lazy or prod(st.dims) <= MAX_KNOWN))
        vals.known = sorted(v for st, got in cells for o in range(prod(st.dims)) if (v := got[o]) is not None)
    keys = vals.known

    def known(n) -> bool:
        x, half = float(n.value), 0.5 * V.unit(n.text) * (1 + 1e-9)
        return n.text in stated or bisect_right(keys, x + half) > bisect_left(keys, x - half)

    long = [n for n in lits if len(n.text.lstrip("-−0.").replace(".", "")) >= 2]
    return any(known(n) for n in long) if long else all(known(n) for n in lits)


MAX_KNOWN = 4096  # cells of a lazy step an operand is looked for in (a bigger one is not worked by hand)


def _literal_count_of(text: str) -> int:
    """How many numbers a line of working's first side writes (``0.1 + 0.141 = 0.241``: 2)."""
    try:
        chain, _ = G.parse_chain(text)
    except ParseError:
        return 0
    return _literal_count(chain[0])


def _by_its_operands(node, texts: list[str], g, vals: _Values, m, named: Address | None) -> tuple[int, Address] | None:
    """A result off (propagated, or a slip): the quantity the operands say, with how well they fit it (half the
    operands agreeing to their last digit, or all close); cos(3) = 0.9900 for −0.9900 by its argument."""
    if not isinstance(node, (G.Bin, G.Call)):
        return None
    best: tuple[int, Address] | None = None
    need = max(1, _literal_count(node))
    near = _nearest(float(texts[0]), g, vals)
    if isinstance(node, G.Call):  # a function of stated numbers: its sign may be the slip
        near += [a for a in _nearest(-float(texts[0]), g, vals) if a not in near]
    for a in near:
        try:
            fit = m.fit(a, node)
        except (AddressError, ExactformerError, ArithmeticError):
            continue
        if fit is not None and fit >= need and (best is None or fit > best[0]):
            best = (fit, a)
    if best is not None and (named is None or g.step(best[1].step).spec.name == g.step(named.step).spec.name):
        return best
    return None


def _one_agrees(ops, vals: _Values) -> bool:
    """Whether one of a line's operands agrees with the quantity's own operand to its last digit (a slip downstream
    keeps the operands upstream of it)."""
    return any((v := vals.get(a)) is not None and abs(V.as_float(lit.value) - v) <= 1.5 * V.unit(lit.text) for a, lit in ops)


def _symbols(found: I.Items, g, vals: _Values) -> dict[int, Address | None]:
    """Each line of working and named number by the quantity its own symbol names, in a model read from the
    document's formulas (its ``[names]`` are the document's symbols, ``worked.resolve``), by the item's id: None
    when that quantity is no claim (a given restated, or it needs a weight the document states nowhere). A weight's
    name on a line of working (w5 = 0.4 − 0.5 × 0.0787 = 0.3607) is the weight after the step. A symbol the
    document sets over two different numbers names only those its value agrees with (∂E_o1/∂out_h1 over 0.1352,
    then over 0.0541), or, when none does, those near it (a slip upstream): the others are read by their
    values."""
    if not g.model.names:
        return {}
    got: dict[int, tuple[Address | None, str]] = {}
    for item in found.found:
        work = isinstance(item, I.Work)
        if not (work and item.name or _one_cell(item)):
            continue
        a = resolve(item.name, g)
        if a is None:
            continue
        text = result_text(item.text) if work else _cell_text(item)
        if text is None:
            continue
        if g.restates_givens(a.step) and not a.t and not a.grad:
            a = a.at(t=1) if work and g.model.train is not None and g.trainable(a) else None
        got[id(item)] = (None if a is not None and vals.get(a) is None else a, text)
    said: dict[Address, set[str]] = {}
    for a, text in got.values():
        if a is not None:
            said.setdefault(a, set()).add(text)
    out: dict[int, Address | None] = {}
    for k, (a, text) in got.items():
        if a is not None and len(said[a]) > 1:
            scores = {t: _score([(a, t)], vals) for t in said[a]}
            best = 0 if any(sc and sc[0] for sc in scores.values()) else 1  # those to the digit, else those close
            if not (sc := scores[text]) or not sc[best]:
                continue
        out[k] = a
    return out


def _symbol_line(a: Address, text: str, chain, g, vals: _Values, m) -> _Line:
    """A line named by a symbol of the document, as that quantity: its result and the operands that fit. When some
    operand fits its place in the formula only by chance (a one-digit number, or none near: a slip upstream, or
    working deeper than the formula is read), the result is claimed alone and the line's arithmetic checked
    apart: a reading of its operands would be a guess."""
    ops = None
    try:
        ops = m.operands(a, chain[0]) if len(chain) > 1 else None
    except (AddressError, ExactformerError, ArithmeticError):
        ops = None
    sc = _score([(a, text)], vals)
    agrees = sc is not None and sc[0] == 1
    guessed = ops is None or any((got := _score([(b, lit.text)], vals)) is None or got[0] + got[1] == 0 or
                                 _chance_digit(b, lit.text, vals) for b, lit in ops)
    return _Line(a, agrees, tuple(ops or ()), alone=guessed and len(chain) > 1)


def _cell_text(item) -> str:
    """A one-number item's number (``_one_cell``)."""
    got = item.rows[0][0] if isinstance(item, I.Table) else item.array[0]
    assert isinstance(got, str)
    return got


def _one_cell(item) -> bool:
    """A named one-number item: ``y = 0.7109`` (an array of one), or a table of one cell under a name."""
    if isinstance(item, I.Named):
        return bool(item.name) and len(item.array) == 1 and isinstance(item.array[0], str)
    return isinstance(item, I.Table) and bool(item.name) and len(item.rows) == 1 and len(item.rows[0]) == 1 and \
        isinstance(item.rows[0][0], str)


def _far(ops, vals: _Values) -> bool:
    """Whether every operand of a line is far (5 % or more) from every operand the quantity's formula has:
    0.5613 / 0.9268 is no working of 1.2 / 2, however near its result; a slip's operands stay near."""
    got = [v for a, _ in ops if (v := vals.get(a)) is not None]
    if not ops or len(got) < len(ops):
        return False
    return not any(abs(V.as_float(lit.value) - v) <= 0.05 * max(abs(v), 1e-9)  # in any order: 1 − 0.4228 for p − y
                   for _, lit in ops for v in got)


MAX_TERM_CELLS = 2_000  # products inside dot products looked at for a line a·b = c (small models only)


def _product_term(node, text: str, vals: _Values, m) -> Address | None:
    """The product inside a matrix product (a ``terms`` cell) that a line ``a · b = c`` of two numbers is: its
    value and both its operands agree with the line to their last digit."""
    if not (isinstance(node, G.Bin) and node.op == "*" and G.literal_of(node.a) is not None and
            G.literal_of(node.b) is not None):
        return None
    best: tuple[float, Address] | None = None
    for a in vals.terms():
        sc = _score([(a, text)], vals)
        if sc is None or sc[0] != 1:
            continue
        try:
            ops = m.operands(a, node)
        except (AddressError, ExactformerError, ArithmeticError):
            continue
        if not ops or len(ops) != 2:
            continue
        cells = [(a, text)] + [(b, lit.text) for b, lit in ops]
        got = [vals.get(b) for b, _ in cells]
        known = [v for v in got if v is not None]
        if len(known) < len(got):
            continue
        # the nearest reading wins: 0.2 · 0.5 = 0.1 is the product of those two, not of 0.3 · 0.5 = 0.15
        off = sum(abs(_value(t) - v) / V.unit(t) for (_, t), v in zip(cells, known))
        if off <= 1.5 * len(cells) and (best is None or off < best[0]):
            best = (off, a)
    return best[1] if best is not None else None


def _by_operands(cands: list[tuple[tuple, Address]], node, g, m) -> list[tuple[tuple, Address]]:
    """Quantities that fit a line's result equally well, ordered by how well the line's operands fit their
    formulas: ``(0.1)² = 0.01`` is the square of the deviation that is 0.1, not of one that is −0.1."""
    if len(cands) < 2 or cands[0][0][:3] != cands[1][0][:3]:
        return cands
    tied = [c for c in cands if c[0][:3] == cands[0][0][:3]][:MAX_TIED]

    def fit(c) -> int:
        try:
            return m.fit(c[1], node) or 0
        except (AddressError, ExactformerError, ArithmeticError):
            return 0
    return sorted(tied, key=fit, reverse=True) + cands[len(tied):]


MAX_TIED = 16  # equally fitting quantities a line's operands choose between


def _literal_count(node) -> int:
    """How many numbers a parsed expression states."""
    return sum(isinstance(n, G.Num) for n in G.nodes(node))


def _named_address(item: I.Work, g) -> Address | None:
    """The quantity a line's own name and row label say it computes (``**猫**：σ^2 = 0.527 / 3 = 0.1757`` →
    var[猫]) when its value fits nothing: a step of that name with one axis the label names, in one place only,
    or the one scalar of that name (the loss, the perplexity) when no label is given."""
    grad = _GRADIENT_NAME.fullmatch(re.sub(r"\\partial\s*", "∂", item.name or "").replace(" ", ""))
    names = dict(g.model.names)
    if grad and grad.group(1) in names and _backward(g):  # "∂L/∂b = (2/3)·(−3.0) = −2.0000": b's gradient, off
        try:
            return g.parse(names[grad.group(1)]).at(grad=True)
        except (AddressError, ExactformerError):
            return None
    hint = step_hint(item.name) if item.name else None
    scalar = [st for st in g.steps.values() if st.spec.name == hint and not st.dims and not st.is_given]
    if len(scalar) == 1 and item.label is None:  # "loss = (a + b + c) / 3 = 0.2376": the model's one loss
        return Address(scalar[0].key, ())
    if hint is None or item.label is None:
        return None
    steps = [st for st in g.steps.values() if st.spec.name == hint and len(st.dims) == 1 and st.labels[0]]
    if len(steps) != 1 or item.label[0] not in steps[0].labels[0]:
        return None
    return Address(steps[0].key, (steps[0].labels[0].index(item.label[0]),))


_GRADIENT_NAME = re.compile(r"(?:∂|d)(?:L|E|J|loss)/(?:∂|d)\(?([^\W\d]\w{0,4})\)?")  # ∂L/∂w1, dL/db, ∂E/∂(w)


def _indexed(s) -> bool:
    """Whether a step's values are in the sorted index (computed, not lazy, with cells)."""
    return not (s.is_given or s.lazy or not s.dims or not s.listed)


def _sorted(g, vals: _Values) -> tuple[list[float], list[tuple[str, int]]]:
    """Every indexed cell's value, sorted, with its step and flat offset: made once per model."""
    if vals.sorted is None:
        pairs = [(v, s.key, o) for s in g.steps.values() if _indexed(s)
                 for o, v in enumerate(vals.flat(s)) if v is not None]  # type: ignore[arg-type]
        pairs.sort(key=lambda p: p[0])
        vals.sorted = ([p[0] for p in pairs], [(p[1], p[2]) for p in pairs])
    return vals.sorted


def _near(x: float, unit: float, g, vals: _Values) -> dict[str, list[int]]:
    """The indexed cells a stated number can be (to its last digit, or close: within CLOSE of the value), by
    step: a bisection in the sorted values instead of a look at every cell."""
    keys, where = _sorted(g, vals)
    reach = CLOSE * (abs(x) + 1.5 * unit) / (1 - CLOSE) + 1.5 * unit
    out: dict[str, list[int]] = {}
    for i in range(bisect_left(keys, x - reach), bisect_right(keys, x + reach)):
        key, o = where[i]
        out.setdefault(key, []).append(o)
    return out


NEAREST = 24  # quantities, nearest the stated result first, whose formula a line's operands may fit


def _beyond(item: I.Work, g, vals: _Values, claimed: _Claimed) -> bool:
    """Whether a line of working that fits no quantity states numbers beyond the model: no stated result lies
    within CLOSE of any of its values (0.1188 + 0.2304 + 0.5402 ≈ 0.889 when the model stops before scores), it is
    no check of a normalisation (a row summing to 0.000 or 1.000), and its operands are not the document's numbers
    for the model's quantities (0.9122 + 1.1766 = 2.0888: a sum of two of its exponentials, the third left out, is a
    wrong statement of their sum). A line that is any of those may be a quantity of the model worked from other
    numbers: its arithmetic alone is then no claim about it."""
    text = result_text(item.text)
    x = V.number(text) if text is not None else None
    if text is None or x is None or float(x) in (0.0, 1.0):
        return False
    try:
        chain, _ = G.parse_chain(item.text)
    except ParseError:
        return False
    ops = [n.text for n in G.numbers_in(chain[0]) if n.value.denominator != 1]
    if ops and all(t in claimed.said for t in ops):
        return False
    if not _any_known(chain[0], g, vals, claimed.said):  # operands of another example than the model's: its own
        # arithmetic
        return True
    v, unit = float(x), V.unit(text)
    near = [(a, w) for a in _nearest(v, g, vals) if (w := vals.get(a)) is not None]
    close = [a for a, w in near if abs(w - v) <= CLOSE * abs(w) + 1.5 * unit]
    return all(g.step(a.step).is_given or g.restates_givens(a.step) for a in close)  # (1.8 + 1.36 = 3.16: the input
    # the model starts from, made of numbers before it: that arithmetic is the document's claim)


def _nearest(x: float, g, vals: _Values) -> list[Address]:
    """The computed scalars (non-lazy steps) whose values are nearest ``x``: from one sorted list of them per
    model, so each line that asks costs a bisection, not a pass over every value."""
    keys, where = _sorted(g, vals)
    k = bisect_left(keys, x)
    window = range(max(0, k - NEAREST), min(len(keys), k + NEAREST))
    best = heapq.nsmallest(NEAREST, window, key=lambda i: abs(keys[i] - x))
    return [Address(key, g.step(key).unflat(o)) for key, o in (where[i] for i in best)]


def _fits(texts: list[str], g, vals: _Values, label, hint: str | None = None) -> list[tuple[tuple, Address]]:
    """The quantities (a scalar, or a row for a vector) whose values the stated numbers fit, best first: the
    step the name suggests, then the label's fit, then agreement; gradients and updated values too when the
    model trains a step."""
    cands: list[tuple[tuple, Address]] = []
    trains = _backward(g)
    near = None if trains else _near(_value(texts[0]), V.unit(texts[0]), g, vals)
    reported = [(_value(t), _reach(t)) for t in texts]  # every candidate is scored on the same numbers
    for s in g.steps.values():
        if not s.listed or (s.is_given and not (trains and s.param) and g.restates_givens(s.key)) or \
                s.spec.name in CHECKS:
            continue  # sin/cos positions and √d_k are worked out: they may be results; a check of a LayerNorm's
            # output is no line's (a sum of its row is 0 too)
        if near is not None and _indexed(s):  # only the cells whose value is near the first number
            firsts = [s.unflat(o) for o in near.get(s.key, ())]
            addrs = [Address(s.key, i) for i in firsts] if len(texts) == 1 else \
                [Address(s.key, i[:-1]) for i in firsts if s.dims[-1] == len(texts) and i[-1] == 0]
        elif len(texts) == 1:
            addrs = [Address(s.key, idx) for idx in product(*(range(d) for d in s.dims))]
        else:
            if not s.dims or s.dims[-1] != len(texts):
                continue
            addrs = [Address(s.key, idx) for idx in product(*(range(d) for d in s.dims[:-1]))]
        if trains and len(addrs) <= 64:  # a training step's gradients and updated values
            fixed = s.is_given and not s.param  # √d_k, sin/cos positions: the same before and after the step
            addrs = ([] if s.is_given and not fixed else addrs) + \
                ([] if s.spec.name in _SEEDS else [a.at(grad=True) for a in addrs]) + \
                ([a.at(t=1) for a in addrs] if g.model.train is not None and not fixed else [])
        for a in addrs:
            if g.has_symbols and len(texts) == 1 and not a.t and g.stated(a):
                continue  # an output the model takes as the document states it: a given
            cells = [(a, texts[0])] if len(texts) == 1 else [(a.with_idx(k), t) for k, t in enumerate(texts)]
            sc = _score(cells, vals, reported)
            if sc is None or sc[0] + sc[1] < len(cells):
                continue
            fit = _label_fit(s, a, label)
            # (in a model of the document's own symbols, a bias's gradient after its unit's δ = ∂E/∂net among
            # equals: the δ is what a line of backpropagation by hand works out)
            cands.append(((-int(hint is not None and s.spec.name == hint and not a.grad), -fit, -sc[0], sc[2],
                           int(vals.named and a.grad and s.param)), a))
    cands.sort(key=lambda x: x[0])
    return cands


def _backward(g) -> bool:
    """Whether the document works a backward pass: the model trains, or differentiates a given upstream gradient."""
    loss = g.model.loss
    return g.model.train is not None or (loss is not None and loss.kind is LossKind.GIVEN_GRADIENT)


def _label_fit(s, a: Address, label: tuple[str, str] | None) -> int:
    if label is None:
        return 0
    names = [s.labels[k][i] if s.labels[k] is not None and i < len(s.labels[k]) else None
             for k, i in enumerate(a.idx)]
    return 2 if names[:2] == list(label) else (1 if label[0] in names else 0)
