"""Chains: an array a document prints, computed from an array it printed before.

Tutorials and notebooks print an array and then a function of it: a row of attention scores, then its softmax
after dividing by √d_k; the scores with −∞ above the diagonal, then their softmax; the weights times a 0/1 mask,
then divided by their row sums; probabilities, then −ln of each; logits, then e^z. The later array is a result
computed from the earlier one *as printed* (rounded): ``find`` says which earlier array and which function
(``model.blocks.fn``'s ops) explain a printed array, so that the reader can read it as a computation of its own
(a model whose embeddings are the earlier array, ``givens = "rounded"``, and one ``fn`` block).

Floats only choose the function: each printed cell must lie within 1.5 units of its last digit of the values
the earlier array's digits allow; the audit then judges every number exactly.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from ...model.blocks.fn import ACTIVATIONS
from . import items as I
from . import values as V

MAX_BACK = 4  # the earlier arrays (the nearest first) a printed array may be computed from
SHARE = 0.8  # of a printed array's numbers that must fit the function
MIN_DIGITS = 10  # significant digits in the numbers that fit: two or three cells of 0.1 prove nothing
MAX_CELLS = 4096  # an array larger than this is no worked step
MIN_ROUNDED = 3  # decimals from which a printed array is taken as rounded (a program's print; 0.7 is exact)

# the divisors a softmax is tried with: none, √d for the widths worked examples use, and small whole numbers
_ROOTS = (2, 3, 5, 6, 7, 8, 10, 12, 16, 32, 64)


@dataclass
class Grid:
    """An item's numbers as rows (a vector is one row); None for a masked (−∞) or blank cell."""

    item: I.Named | I.Table
    rows: list[list[str | None]]
    labels: list[str] | None  # the item's own row labels, when every row has one and they differ

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0])

    @property
    def rounded(self) -> bool:
        """Whether it was printed rounded: some number with MIN_ROUNDED decimals or more (a program's output),
        not a hand-set 0.7."""
        return any(_decimals(c) >= MIN_ROUNDED for r in self.rows for c in r if c is not None)


@dataclass
class Chain:
    """A printed array (``result``) as a function of an earlier one (``source``): ``op`` (model.blocks.fn), its
    scale (a divisor or a factor, as the case writes it), its masked cells and the stated array it multiplies by."""

    source: Grid
    op: str
    result: I.Named | I.Table
    scale: str | None = None
    masked: list[tuple[int, int]] = field(default_factory=list)
    by: Grid | None = None
    written: bool = False  # the document writes the function on its input (softmax([1, 2]) = […]): no guess


def grid(x) -> Grid | None:
    """An item's numbers as a grid, or None (a table of vectors or words, an array of rank 3 or more)."""
    if isinstance(x, I.Named):
        a = x.array
        rows = [list(r) for r in a] if a and isinstance(a[0], list) else [list(a)]
        labels = x.row_labels if x.row_labels and len(x.row_labels) == len(rows) else None
    elif isinstance(x, I.Table):
        rows = [list(r) for r in x.rows]
        labels = x.row_labels if x.row_labels and len(x.row_labels) == len(rows) else None
    else:
        return None
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows) or len(rows) * len(rows[0]) > MAX_CELLS:
        return None
    if not all(c is None or (isinstance(c, str) and V.number(c) is not None) for r in rows for c in r):
        return None
    if all(c is None for r in rows for c in r):
        return None
    if labels is not None and len(set(labels)) != len(labels):
        labels = None
    return Grid(x, [[V.number(c) if c is not None else None for c in r] for r in rows], labels)


def find(items: list, earlier: list, temperatures: list[str], slipped: Collection[int] = (),
         code: Callable[[int], bool] = lambda line: False) -> list[Chain]:
    """The chains that explain printed arrays among ``items``, each from an array printed before it (among
    ``items`` and ``earlier``: what another computation of the document explains may still be a source; never one
    another computation matched with a slip, ``slipped``: what follows from a wrong number is that computation's,
    propagated), the nearest first; one chain per result, and none that only restates its source. A source
    printed rounded must be a program's output (``code`` says which lines are): 0.5423 worked by hand in a
    sentence may carry a slip, and what follows from it is then propagated, not right; a hand-set 0.7 is an input."""
    grids = [(x.line, k, gr) for k, x in enumerate([*items, *earlier]) if (gr := grid(x)) is not None]
    grids.sort(key=lambda t: (t[0], t[1]))
    inputs_of = _written_inputs(grids)
    mine = {id(x) for x in items}
    out: list[Chain] = []
    for pos, (line, _, b) in enumerate(grids):
        if id(b.item) not in mine:
            continue
        same = [inputs_of[id(b)]] if id(b) in inputs_of else []  # softmax([1, 2]) = […]: its input, on its line
        if not _digits_in(b) >= MIN_DIGITS and not same:
            continue  # (a function written on its input is said, not fitted: no digits needed to prove it)
        before = [gr for ln, _, gr in grids[:pos] if ln < line] + same
        masks = [gr for gr in reversed(before) if _mask_like(gr)]
        sources = [gr for gr in reversed(before) if not _mask_like(gr) and id(gr.item) not in slipped and
                   (not gr.rounded or code(gr.item.line))]
        sources = _same_place(b, sources) + sources[:MAX_BACK]
        written = next((a for a in sources if _written_on(b, a) and a.shape == b.shape), None)
        op = written_op(b) if written is not None else None  # (_written_on holds only for a named function)
        if written is not None and op is not None:  # softmax([1, 2, −∞, 3]) = [0.0116, …]: the function it names,
            masked = [(i, j) for i, r in enumerate(written.rows) for j, c in enumerate(r) if c is None]  # wrong or not
            if op == "softmax" or not masked:
                out.append(Chain(written, op, b.item, None, masked, written=True))
            continue
        got = next((c for a in sources for c in _fits(a, b, masks, temperatures)), None)
        if got is not None:
            out.append(got)
    return out


def written_results(items: list) -> dict[int, int]:
    """For each array that a function written on an array gives (``softmax([1, 2]) = [0.27, 0.73]``, ``After
    softmax: […]`` under ``Before softmax: […]``), by id, the id of that input: a computation the document states,
    however few its digits."""
    grids = [(x.line, k, gr) for k, x in enumerate(items) if (gr := grid(x)) is not None]
    grids.sort(key=lambda t: (t[0], t[1]))
    inputs_of = _written_inputs(grids)
    return {id(gr.item): id(inputs_of[id(gr)].item) for _, _, gr in grids if id(gr) in inputs_of}


def _written_inputs(grids: list[tuple[int, int, Grid]]) -> dict[int, Grid]:
    """For each array (by its grid's id) that a function written on the array just before it gives, that input:
    ``softmax([1, 2]) = [0.27, 0.73]``, or ``After softmax: […]`` under ``Before softmax: […]`` (one pass over the
    arrays in order)."""
    out: dict[int, Grid] = {}
    for (_, _, a), (_, _, b) in zip(grids, grids[1:]):
        if _written_on(b, a):
            out[id(b)] = a
    return out


def _written_on(b: Grid, a: Grid) -> bool:
    """Whether ``b`` is a function written on ``a``: ``softmax([1, 2, 3]) = [0.09, …]`` (the input unnamed just
    before the result named by the function, on its line), or ``Before softmax: [2.4, 1.2, 0.3]`` then ``After
    softmax: [0.66, 0.24, 0.10]`` on the next line or the one after (the result's name says the function, the
    input's does not)."""
    op = written_op(b)
    if op is None:
        return False
    if a.item.line == b.item.line:
        return not getattr(a.item, "name", "x")
    return 0 < b.item.line - a.item.line <= 2 and a.shape == b.shape and \
        written_op(a) is None and _BEFORE.search(str(getattr(a.item, "name", ""))) is not None


def written_op(b: Grid) -> str | None:
    """The function an array's name says it is the value of (``softmax``, ``After softmax``, ``σ``), if one."""
    name = str(getattr(b.item, "name", "")).strip()
    if name.lower() in _WRITTEN_FUNCTIONS:
        return _WRITTEN_FUNCTIONS[name.lower()]
    m = _AFTER.fullmatch(name)
    return _WRITTEN_FUNCTIONS[m.group(1).lower()] if m else None


_WRITTEN_FUNCTIONS = {"softmax": "softmax", "sigmoid": "sigmoid", "σ": "sigmoid", "relu": "relu", "tanh": "tanh",
                      "exp": "exp"}  # as written: the chain's op
# "After softmax", "after the softmax", "Softmax output": a result named by the function it went through
_AFTER = re.compile(r"(?i)(?:after\s+(?:the\s+)?|applying\s+)?(softmax|sigmoid|relu|tanh)(?:\s+(?:output|result|values?))?")
# … whose input is named as what came before it: "Before softmax", "scores", "logits", "input"
_BEFORE = re.compile(r"(?i)\bbefore\b|score|logit|input|\bscal|\bz\b|^x$|^$")


def _same_place(b: Grid, sources: list[Grid]) -> list[Grid]:
    """For a matrix of a batch printed as one tensor (scores [B, H, T, T], then their softmax), the matrix at its
    place in the nearest earlier batch of as many matrices: its source, however many matrices lie between."""
    mine = getattr(b.item, "batch", None)
    if not mine:
        return []
    k = next(i for i, x in enumerate(mine) if x is b.item)
    for gr in sources:
        theirs = getattr(gr.item, "batch", None)
        if theirs and theirs is not mine and len(theirs) == len(mine):
            return [x for x in sources if x.item is theirs[k]][:1]
    return []


def _fits(a: Grid, b: Grid, masks: list[Grid], temperatures: list[str]):
    """The functions of ``a`` that give ``b`` (as floats, within the digits either prints), the likeliest first."""
    if a.shape == b.shape:
        masked = [(i, j) for i, r in enumerate(a.rows) for j, c in enumerate(r) if c is None]
        for scale in _scales(temperatures):
            if _agrees(b, _softmax(a, scale, masked), a):
                yield Chain(a, "softmax", b.item, scale, masked)
                return
        if masked:
            return  # −∞ cells: only a softmax takes them
        negative = any(c is not None and c.lstrip().startswith("-") for r in a.rows for c in r)
        for op in ("normalize", "tril", "log", "neglog", "exp", *ACTIVATIONS, "shift"):
            if op == "relu" and not negative:
                continue  # max(0, x) of cells none of which is negative is the array again, no function of it
            if op in ACTIVATIONS and getattr(a.item, "literal", False) and \
                    getattr(b.item, "programmed", False):
                continue  # print(sigmoid(x)) of an x the code types: the program's arithmetic, as it computes it
            if _agrees(b, _each(a, op), a):
                yield Chain(a, op, b.item)
                return
        for m in masks:
            if m.shape == a.shape and _agrees(b, _times(a, m), a):
                yield Chain(a, "mul", b.item, by=m)
                return
    n, d = a.shape
    if b.shape == (n, n) and d != n and not any(c is None for r in a.rows for c in r) and _agrees(b, _gram(a)):
        yield Chain(a, "gram", b.item)
        return
    if b.shape in ((n, 1), (1, n)) and not any(c is None for r in a.rows for c in r):
        for op in ("sum", "mean"):
            got = _rows(a, op)
            if _agrees(b, got if b.shape == (n, 1) else [[c for r in got for c in r]]):
                yield Chain(a, op, b.item)
                return


def _scales(temperatures: list[str]) -> list[str | None]:
    return [None] + [f"√{k}" for k in _ROOTS] + [t for t in temperatures if t not in ("1", "1.0")] + ["2", "3", "4"]


def _value(scale: str | None) -> float:
    if scale is None:
        return 1.0
    return math.sqrt(float(scale[1:])) if scale.startswith("√") else float(scale)


Bounds = list[list[tuple[float, float] | None]]  # each cell's least and greatest value; None: no value (masked)


def _cells(a: Grid) -> list[list[tuple[float, float] | None]]:
    """Each printed number as the interval its digits allow (rounded), or the number itself (exact)."""
    rounded = a.rounded
    out = []
    for r in a.rows:
        row: list[tuple[float, float] | None] = []
        for c in r:
            if c is None:
                row.append(None)
                continue
            v, h = float(c), (0.5 * V.unit(c) if rounded else 0.0)
            row.append((v - h, v + h))
        out.append(row)
    return out


def _softmax(a: Grid, scale: str | None, masked: list[tuple[int, int]]) -> Bounds:
    """Each cell's softmax over its row's unmasked cells, at the ends its inputs allow (a cell's value grows
    with its own input and falls with the others'): its low end e^lo / (e^lo + the others' e^hi), its high end
    the other way round, each row's sums taken once (a row of n cells costs n, not n²)."""
    s = _value(scale)
    out: Bounds = []
    for row in _cells(a):
        live = [j for j, c in enumerate(row) if c is not None]
        xs = {j: (row[j][0] / s, row[j][1] / s) for j in live}  # type: ignore[index]
        top = max((x for j in live for x in xs[j]), default=0.0)
        e = {j: (math.exp(xs[j][0] - top), math.exp(xs[j][1] - top)) for j in live}
        sums = (math.fsum(e[j][0] for j in live), math.fsum(e[j][1] for j in live))
        res: list[tuple[float, float] | None] = []
        for j, c in enumerate(row):
            if c is None:
                res.append((0.0, 0.0))
                continue
            ends = []
            for mine, others in ((0, 1), (1, 0)):
                den = e[j][mine] + max(0.0, sums[others] - e[j][others])
                ends.append(e[j][mine] / den if den > 0 else float(mine))
            res.append((min(ends), max(ends)))
        out.append(res)
    return out


def _each(a: Grid, op: str) -> Bounds | None:
    """normalize, tril, log, neglog, exp, shift, cell by cell (None when the function is not defined there)."""
    cells = _cells(a)
    out: Bounds = []
    for i, row in enumerate(cells):
        lo_sum = sum(c[0] for c in row if c is not None)
        hi_sum = sum(c[1] for c in row if c is not None)
        top = max((c for c in row if c is not None), key=lambda c: c[0])
        res: list[tuple[float, float] | None] = []
        for j, c in enumerate(row):
            assert c is not None
            lo, hi = c
            if op == "normalize":
                low, high = lo + hi_sum - hi, hi + lo_sum - lo  # the row's sum at this cell's ends
                if lo_sum <= 0 or lo < 0 or low <= 0 or high <= 0:  # (a negative cell: no share of a sum)
                    return None
                ends = (lo / low, hi / high)
            elif op == "tril":
                ends = (lo, hi) if j <= i else (0.0, 0.0)
            elif op in ("log", "neglog"):
                if lo <= 0:
                    return None
                ends = (math.log(lo), math.log(hi)) if op == "log" else (-math.log(hi), -math.log(lo))
            elif op == "exp":
                if hi > 700:
                    return None
                ends = (math.exp(lo), math.exp(hi))
            elif op == "sigmoid":  # (increasing, as tanh and relu: the ends map to the ends)
                ends = (_sigmoid(lo), _sigmoid(hi))
            elif op == "tanh":
                ends = (math.tanh(lo), math.tanh(hi))
            elif op == "relu":
                ends = (max(lo, 0.0), max(hi, 0.0))
            else:  # shift: x − max
                ends = (lo - top[1], hi - top[0])
            res.append((min(ends), max(ends)))
        out.append(res)
    return out


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


def _times(a: Grid, m: Grid) -> Bounds | None:
    """a times a stated mask, cell by cell (the mask's cells exact)."""
    out: Bounds = []
    for row, mrow in zip(_cells(a), m.rows):
        res: list[tuple[float, float] | None] = []
        for c, f in zip(row, mrow):
            if c is None or f is None:
                return None
            k = float(f)
            res.append((min(c[0] * k, c[1] * k), max(c[0] * k, c[1] * k)))
        out.append(res)
    return out


def _gram(a: Grid) -> Bounds:
    """a·aᵀ: each pair of rows' dot product, its products at the ends their inputs allow."""
    cells = _cells(a)

    def dot(r, s) -> tuple[float, float]:
        lo = hi = 0.0
        for x, y in zip(r, s):
            ends = [x[0] * y[0], x[0] * y[1], x[1] * y[0], x[1] * y[1]]
            lo, hi = lo + min(ends), hi + max(ends)
        return lo, hi

    return [[dot(r, s) for s in cells] for r in cells]  # type: ignore[arg-type]


def _rows(a: Grid, op: str) -> Bounds:
    """Each row's sum or mean, one column."""
    out: Bounds = []
    for row in _cells(a):
        lo, hi = sum(c[0] for c in row if c is not None), sum(c[1] for c in row if c is not None)
        k = 1.0 if op == "sum" else 1.0 / len(row)
        out.append([(lo * k, hi * k)])
    return out


def _agrees(b: Grid, f: Bounds | None, a: Grid | None = None) -> bool:
    """Whether ``b`` prints f: SHARE of its numbers within 1.5 units of their last digit of f's values, with
    MIN_DIGITS significant digits among them; and, when f keeps the shape of its source ``a``, SHARE of the cells
    it moves (away from a's value, beyond those units) too, one at least: a restatement of ``a``, or ``a`` with a
    few cells changed by chance, is no step."""
    if f is None:
        return False
    fit = digits = total = moved = moved_fit = 0
    for i, (r, fr) in enumerate(zip(b.rows, f)):
        for j, (c, v) in enumerate(zip(r, fr)):
            if c is None:
                continue
            total += 1
            if v is None:
                continue
            x, u = float(c), V.reach(c)
            ok = max(v[0] - x, x - v[1], 0.0) <= 1.5 * u
            if ok:
                fit += 1
                digits += _significant(c)
            src = a.rows[i][j] if a is not None else None
            if a is None or src is None or abs((v[0] + v[1]) / 2 - float(src)) > 1.5 * u:
                moved += 1
                moved_fit += ok
    return total > 0 and fit >= SHARE * total and digits >= MIN_DIGITS and moved > 0 and moved_fit >= SHARE * moved


def _mask_like(g: Grid) -> bool:
    """A grid of 0 and one other whole number (0 and 1, a dropout's 0 and 2): a mask, never the source of a step
    (1, 2, …, 10 is a list of inputs)."""
    if any(c is None or not float(c).is_integer() for r in g.rows for c in r) or len(g.rows) * len(g.rows[0]) < 2:
        return False
    return len({float(c) for r in g.rows for c in r if c is not None} - {0.0}) <= 1


def _digits_in(g: Grid) -> int:
    return sum(_significant(c) for r in g.rows for c in r if c is not None)


def _significant(text: str) -> int:
    """Significant digits of a printed number: 0.1455 has 4, 7.4541e-05 has 5, 1.0000 and 0.0000 none (a row
    sum, a masked cell)."""
    return 0 if float(text).is_integer() else V.significant(text.lower().split("e")[0])


def _decimals(text: str) -> int:
    mant, _, exp = text.lower().partition("e")
    d = len(mant.split(".")[1]) if "." in mant else 0
    return d - int(exp) if exp else d
