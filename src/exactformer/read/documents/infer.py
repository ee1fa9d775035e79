"""From a document's items to a case: its givens, and every table, array and line matched to a quantity.

Givens are found by the names documents use (``Wq``, ``W_Q``, ``W^Q``, ``W_q``, ``Wk`` … ``Wo``, ``W1``,
``b1``; a token's embedding as ``鬼 = [0.9, 0.2, 0.1]``; Q, K, V given directly). Missing givens are an
error that says what is missing and how to supply it (``--givens CASE.toml``); nothing is guessed.

Every other table column, array and line is matched by its values: each step of the model, in every
orientation and with the document's row and column labels, is scored by how many cells agree with the
exact value (to their last digit, give or take one) and how many are close (within 20 %), so a table
that is half wrong is still recognised; a table that fits nothing is reported, not forced. The scores
only choose what a table *is*: the audit then judges every number exactly. When the document does not
say, the scale (√d_k or none) and the mask are the ones under which most numbers agree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import product
from math import prod

from ...errors import AddressError, CaseError, ExactformerError, ParseError
from ...model.address import Address
from .. import grammar as G
from . import items as I
from . import values as V

MAX_COMBOS = 256  # fixed-index choices tried per step and orientation
CLOSE = 0.2  # a cell within 20 % of the value counts as close (a wrong number of the right quantity)

_ROLES = {
    "wq": "Wq", "wquery": "Wq", "wk": "Wk", "wkey": "Wk", "wv": "Wv", "wvalue": "Wv", "wo": "Wo",
    "bq": "bq", "bk": "bk", "bv": "bv", "bo": "bo", "w1": "W1", "w2": "W2", "b1": "b1", "b2": "b2",
    "wout": "head", "wvocab": "head", "wlm": "head", "wu": "head", "wunembed": "head",
    "q": "Q", "k": "K", "v": "V",
}


def role(name: str) -> str | None:
    """The given a document's name stands for: W_Q, W^{Q}, \\mathbf{W}_q, Wq, W_query → Wq; q → Q."""
    t = V.clean(name)
    t = re.sub(r"\\(?:mathbf|mathrm|boldsymbol|bm|text|operatorname)", "", t)
    t = re.sub(r"[\s$`{}\\^_*]", "", t)
    t = re.sub(r"\(\d+\)|\d+$", lambda m: m.group(0) if t.lower() in ("w1", "w2", "b1", "b2") else "", t)
    return _ROLES.get(t.lower())


@dataclass
class Reading:
    """What was read: the case as TOML, and notes for the reader (givens found, matches, what was skipped)."""

    toml: str
    notes: list[str] = field(default_factory=list)
    matched: int = 0
    unmatched: int = 0


@dataclass
class _Match:
    address_cells: list[tuple[Address, str]]
    step: str
    exact: int
    close: int
    cells: int
    error: float
    given: bool = False
    items: str | None = None  # the claims as a TOML inline table, once written


def toml_str(s: str) -> str:
    """A TOML basic string: JSON's escapes, plus DEL (TOML refuses it raw)."""
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def _array_toml(a) -> str:
    if a and isinstance(a[0], list):
        return "[" + ", ".join(_array_toml(r) for r in a) + "]"
    return "[" + ", ".join(toml_str(x) for x in a) + "]"


# ---- the givens ---------------------------------------------------------------------------------------------
def model_toml(found: I.Items, path: str) -> tuple[str, list[str]]:
    """The [model] part of the case, and notes saying where each given came from."""
    notes: list[str] = []
    named = [x for x in found.found if isinstance(x, I.Named) and x.name]
    tok_lists = [x for x in found.found if isinstance(x, I.Tokens)]
    by_role: dict[str, list[I.Named]] = {}
    for x in named:
        r = role(x.name)
        if r is not None:
            by_role.setdefault(r, []).append(x)
    vectors = [x for x in named if role(x.name) is None and V.shape(x.array) and len(V.shape(x.array)) == 1]
    names = [I.strip_role(x.name) for x in vectors]
    tokens: list[str] | None = None
    for t in tok_lists:
        if all(tok in names for tok in t.tokens):
            tokens = t.tokens
            notes.append(f"tokens {', '.join(tokens)} ({I.where(t.line)})")
            break
    emb: dict[str, I.Named] = {}
    for x, nm in zip(vectors, names):
        if (tokens is None or nm in tokens) and nm not in emb:
            emb[nm] = x
    if emb:
        widths = {len(x.array) for x in emb.values()}
        if len(widths) != 1:
            raise CaseError("the embeddings have different lengths", file=path,
                            line=min(x.line for x in emb.values()),
                            expected="one vector per token, all of one length",
                            found=", ".join(f"{k}: {len(x.array)}" for k, x in emb.items()),
                            hint="give the model with --givens CASE.toml")
        if tokens is None:
            tokens = list(emb)
            notes.append(f"tokens {', '.join(tokens)} (the embeddings' names, in order)")
        notes.append(f"embeddings of {', '.join(emb)} ({', '.join(sorted({I.where(x.line) for x in emb.values()}))})")
    direct = all(r in by_role for r in "QKV") and "Wq" not in by_role
    if not emb and not direct:
        raise CaseError("the document gives no embeddings (and no Q, K, V)", file=path,
                        expected='a vector per token, e.g. 鬼 = [0.9, 0.2, 0.1], then Wq, Wk, Wv',
                        hint="write the givens in a case file and pass it: exactformer audit DOC --givens CASE.toml")
    lines = ["[model]", "tokens = [" + ", ".join(toml_str(t) for t in tokens or []) + "]"]
    prose = " ".join(found.prose).lower()
    if re.search(r"causal|masked|マスク|因果", prose):
        lines.append('mask = "causal"')
        notes.append("mask: causal (the document says so)")
    if direct:
        lines.insert(1, "")
        lines += ["", "[[model.layers]]"]
        n = len(tokens or [])
        for r in "QKV":
            arr = by_role[r][0].array
            if V.shape(arr)[0] != n:
                raise CaseError(f"{r} has {V.shape(arr)[0]} rows", file=path, line=by_role[r][0].line,
                                expected=f"one row per token ({n})")
            lines.append(f"{r} = {{ " + ", ".join(f"{toml_str(t)} = {_array_toml(row)}"
                                                   for t, row in zip(tokens or [], arr)) + " }")
            notes.append(f"{r} given directly ({I.where(by_role[r][0].line)})")
        return "\n".join(lines) + "\n", notes
    d = len(next(iter(emb.values())).array)
    lines += ["", "[model.embeddings]"] + [f"{toml_str(k)} = {_array_toml(x.array)}" for k, x in emb.items()]
    missing = [r for r in ("Wq", "Wk", "Wv") if r not in by_role]
    if missing:
        raise CaseError(f"the document gives no {', '.join(missing)}", file=path,
                        expected="the attention weights, named Wq, Wk, Wv (or W_Q, W^Q, …)",
                        hint="give the model with --givens CASE.toml")
    layers = max(len(by_role[r]) for r in ("Wq", "Wk", "Wv"))
    ffn = "W1" in by_role and "W2" in by_role
    column = False
    for li in range(layers):
        got = {r: by_role[r][min(li, len(by_role[r]) - 1)] for r in by_role if r not in "QKV"}
        wq = got["Wq"].array
        if len(V.shape(wq)) != 2:
            raise CaseError("Wq is not a matrix", file=path, line=got["Wq"].line, expected="rows of numbers")
        if li == 0 and V.shape(wq)[0] != d and V.shape(wq)[1] == d:
            column = True
            notes.append("weights written out×in (W·x): layout = column")
        lines += ["", "[[model.layers]]"]
        if ffn:
            lines.append('blocks = "post_ln"')
            notes.append("W1 and W2 given: layers taken as post-LN (attention, residual, LayerNorm, FFN, "
                         "residual, LayerNorm); say otherwise with --givens")
            lines.append("[model.layers.attn]")
        for r in ("Wq", "Wk", "Wv", "Wo", "bq", "bk", "bv", "bo"):
            if r in got:
                lines.append(f"{r} = {_array_toml(got[r].array)}")
                notes.append(f"L{li + 1}.{r} from {got[r].name} ({I.where(got[r].line)})")
        if ffn:
            lines.append("[model.layers.ffn]")
            for r in ("W1", "b1", "W2", "b2"):
                if r in got:
                    lines.append(f"{r} = {_array_toml(got[r].array)}")
    if column:
        lines.insert(2, 'layout = "column"')
    return "\n".join(lines) + "\n", notes


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

    def get(self, a: Address) -> float | None:
        s = self.g.step(a.step)
        if not s.op.exists(s, a.idx):
            return None
        if s.lazy:
            if a not in self.lazy:
                try:
                    b = self.engine.ball(a)
                    self.lazy[a] = float(b.mid()) if b.is_finite() else None
                except ExactformerError:
                    self.lazy[a] = None
            return self.lazy[a]
        b = self.fwd[s.key][s.flat(a.idx)]
        return float(b.mid()) if b is not None and b.is_finite() else None

    def flat(self, s) -> list[float | None] | _Lazy:
        """The step's values in its flat order (None where a value does not exist or is undefined); a lazy
        step's cells are evaluated one by one, on first use."""
        got = self.arrays.get(s.key)
        if got is None:
            got = _Lazy(self, s) if s.lazy else [self.get(Address(s.key, s.unflat(o))) for o in range(prod(s.dims))]
            self.arrays[s.key] = got
        return got


class _Lazy:
    """A lazy step's values, each evaluated when a candidate first looks at it (most are never looked at)."""

    def __init__(self, vals: _Values, step) -> None:
        self.vals, self.step = vals, step

    def __getitem__(self, o: int) -> float | None:
        return self.vals.get(Address(self.step.key, self.step.unflat(o)))


def _units(text: str) -> float:
    d = len(text.split(".")[1]) if "." in text and "e" not in text.lower() else 0
    return 10.0 ** -d


def _score(cells: list[tuple[Address, str]], vals: _Values) -> tuple[int, int, float] | None:
    got = [vals.get(a) for a, _ in cells]
    return _tally([(float(t), _units(t)) for _, t in cells], got, need=0)


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
        if v is None:
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


def _axis_map(step, ax: int | None, labels: list[str] | None, count: int) -> list[int | None] | None:
    if ax is None:
        return [None] if count == 1 else None
    size = step.dims[ax]
    names = step.labels[ax]
    if labels is not None and names is not None:
        index = {lab: k for k, lab in enumerate(names)}
        found = [index.get(lab) for lab in labels]
        return found if all(i is not None for i in found) else None
    if labels is not None and names is None and all(lab.isdigit() for lab in labels):
        nums = [int(lab) - 1 for lab in labels]
        return list(nums) if all(0 <= i < size for i in nums) else None
    return list(range(size)) if count == size else None


def match_matrix(rows: list[list[str]], row_labels, col_labels, vals: _Values) -> _Match | None:
    """The step, orientation and fixed indices under which the most cells agree (then the most are close).

    A candidate is dropped as soon as it cannot agree on as many cells as the best so far, so the cost is
    about one pass over the table per candidate that fits its shape; a table printed again (a notebook run
    twice) is matched once."""
    memo = (tuple(map(tuple, rows)), tuple(row_labels or ()), tuple(col_labels or ()))
    if memo not in vals.matches:
        vals.matches[memo] = _match_matrix(rows, row_labels, col_labels, vals)
    return vals.matches[memo]


def _match_matrix(rows: list[list[str]], row_labels, col_labels, vals: _Values) -> _Match | None:
    g = vals.g
    r, c = len(rows), len(rows[0])
    reported = [(float(t), _units(t)) for row in rows for t in row]
    best: tuple | None = None
    for s in sorted(g.steps.values(), key=lambda s: s.lazy):  # lazy steps last: pruned by then
        if s.spec.name == "cos" or not s.dims:
            continue
        k = len(s.dims)
        strides = [s.flat(tuple(int(x == y) for y in range(k))) for x in range(k)]
        for ar in [None, *range(k)]:
            for ac in [None, *range(k)]:
                if ar == ac and ar is not None:
                    continue
                ri = _axis_map(s, ar, row_labels, r)
                ci = _axis_map(s, ac, col_labels, c)
                if ri is None or ci is None:
                    continue
                flat = vals.flat(s)
                fixed = [x for x in range(k) if x not in (ar, ac)]
                rs = [0 if i is None else i * strides[ar] for i in ri]  # type: ignore[index]
                cs = [0 if j is None else j * strides[ac] for j in ci]  # type: ignore[index]
                for n, combo in enumerate(product(*(range(s.dims[x]) for x in fixed))):
                    if n >= MAX_COMBOS:
                        break
                    base = sum(v * strides[x] for x, v in zip(fixed, combo))
                    values = (flat[base + a + b] for a in rs for b in cs)
                    sc = _tally(reported, values, best[0][0] if best else 0, len(reported) // 2)
                    if sc is None:
                        continue
                    key = (sc[0], sc[1], -sc[2])
                    if best is None or key > best[0]:
                        best = (key, s, base, rs, cs, sc)
    if best is None:
        return None
    _, s, base, rs, cs, (exact, close, err) = best
    texts = [t for row in rows for t in row]
    cells = [(Address(s.key, s.unflat(base + a + b)), t) for (a, b), t in zip(product(rs, cs), texts)]
    n = len(cells)
    if not (exact >= 1 and exact + close >= 0.5 * n) and not (exact == 0 and close >= 0.75 * n):
        return None
    return _Match(cells, s.key, exact, close, n, err, given=s.is_given or s.spec.name in ("X", "in"))


def _columns(t: I.Table) -> list[tuple[list[list[str]], list[str] | None, str | None]]:
    """A table as the matrices it holds: all-number cells as one matrix; a column of vectors as a matrix of its
    own (rows by the table's rows); a column of numbers beside vectors as a vector."""
    if all(not isinstance(c, list) for c in t.rows[0]):
        return [([[str(c) for c in r] for r in t.rows], t.col_labels, None)]
    out: list[tuple[list[list[str]], list[str] | None, str | None]] = []
    for k in range(len(t.rows[0])):
        col = [r[k] for r in t.rows]
        head = t.col_labels[k] if t.col_labels else None
        if isinstance(col[0], list):
            out.append(([list(v) for v in col], None, head))  # type: ignore[arg-type]
        else:
            out.append(([[v] for v in col], None, head))  # type: ignore[list-item]
    return out


# ---- the whole reading -----------------------------------------------------------------------------------
@dataclass
class Claims:
    """The [[claims]] groups read from a document, and how well its tables fit the model."""

    toml: str
    matched: int  # tables, arrays and lines matched to a quantity
    unmatched: int  # ... that fit none
    agree: int  # cells of the matched tables that agree with the model to their last digit
    cells: int  # cells of the matched tables


def claims_toml(found: I.Items, engine, notes: list[str]) -> Claims:
    """Every table, array and line as [[claims]] groups."""
    from ..claims import matcher

    vals = _Values(engine)
    g = engine.graph
    m = matcher(g)
    groups: list[str] = []
    matched = unmatched = agree = cells = 0
    embeddings = _embedding_names(found)
    for item in found.found:
        if isinstance(item, I.Work):
            got_line = _work(item, g, vals, m)
            if got_line is None:
                groups.append(f"[[claims]]\nat = {toml_str(item.at)}\n# {I.where(item.line)}: no quantity fits "
                              f"its result: checked as arithmetic only\nwork = [{{ line = {toml_str(item.text)} }}]\n")
                notes.append(f"line of working at {I.where(item.line)}: no quantity fits its result "
                             "(its arithmetic is still checked)")
                continue
            matched += 1
            groups.append(f"[[claims]]\nat = {toml_str(item.at)}\nwork = [{{ of = {toml_str(got_line)}, "
                          f"line = {toml_str(item.text)} }}]\n")
            continue
        for rows, row_labels, col_labels, what in _matrices(item, embeddings):
            got = match_matrix(rows, row_labels, col_labels, vals)
            if got is None:
                unmatched += 1
                notes.append(f"{what}: fits no quantity of the model (not audited)")
                continue
            matched, agree, cells = matched + 1, agree + got.exact, cells + got.cells
            groups.append(_group(item.at, got, g, what, notes))
    return Claims("\n".join(groups), matched, unmatched, agree, cells)


def _matrices(item, embeddings: set[str]):
    """The matrices an item offers for matching: (rows, row labels, column labels, what it is, for notes). A
    table gives one per block of numbers; an array not named as a given or an embedding gives itself."""
    if isinstance(item, I.Table):
        for rows, col_labels, head in _columns(item):
            yield rows, item.row_labels, col_labels, f"table at {I.where(item.line)}" + (
                f", column {head!r}" if head else "")
    elif isinstance(item, I.Named) and role(item.name) is None and (not item.name or item.name not in embeddings):
        arr = item.array
        yield arr if isinstance(arr[0], list) else [arr], None, None, f"{item.name or 'array'} at {I.where(item.line)}"


def _embedding_names(found: I.Items) -> set[str]:
    toks = {t for x in found.found if isinstance(x, I.Tokens) for t in x.tokens}
    return toks | {I.strip_role(x.name) for x in found.found if isinstance(x, I.Named) and x.name
                   and role(x.name) is None and len(V.shape(x.array)) == 1 and (not toks or
                                                                                 I.strip_role(x.name) in toks)}


def _group(at: str, got: _Match, g, what: str, notes: list[str]) -> str:
    name = g.step(got.step).short
    if got.given:
        notes.append(f"{what}: restates the given {name} ({got.exact} of {got.cells} cells agree)")
        return f"# {what}: restates the given {name}; not a claim\n"
    conf = f"{got.exact} of {got.cells} cells agree to their last digit" + \
        (f", {got.close} more are close" if got.close else "")
    notes.append(f"{what}: {name} ({conf})")
    if got.items is None:  # a table printed again: its claims written once
        got.items = ", ".join(f"{toml_str(g.name(a))} = {toml_str(t)}" for a, t in got.address_cells)
    items = got.items
    return f"[[claims]]\n# {what}: matched to {name} ({conf})\nat = {toml_str(at)}\nvalues = {{ {items} }}\n"


def _work(item: I.Work, g, vals: _Values, m) -> str | None:
    """The quantity a line of working computes: the one its result fits whose formula its operands fit, the
    label ("鬼→金棒:") choosing between equals."""
    try:
        chain, _ = G.parse_chain(item.text)
    except ParseError:
        return None
    last = chain[-1] if G.literal_of(chain[-1]) is not None or isinstance(chain[-1], G.Vec) else chain[0]
    lits = [G.literal_of(x) for x in last.items] if isinstance(last, G.Vec) else [G.literal_of(last)]
    if any(x is None for x in lits):
        return None
    texts = [x.text for x in lits]  # type: ignore[union-attr]
    cands: list[tuple[tuple, Address]] = []
    for s in g.steps.values():
        if s.is_given or s.spec.name == "cos" or not s.dims:
            continue
        if len(texts) == 1:
            addrs = [Address(s.key, idx) for idx in product(*(range(d) for d in s.dims))]
        else:
            if s.dims[-1] != len(texts):
                continue
            addrs = [Address(s.key, idx) for idx in product(*(range(d) for d in s.dims[:-1]))]
        for a in addrs:
            cells = [(a, texts[0])] if len(texts) == 1 else [(a.with_idx(k), t) for k, t in enumerate(texts)]
            sc = _score(cells, vals)
            if sc is None or sc[0] + sc[1] < len(cells):
                continue
            hint = _label_fit(s, a, item.label)
            cands.append(((-hint, -sc[0], sc[2]), a))
    cands.sort(key=lambda x: x[0])
    for _, a in cands[:40]:
        try:
            if m.operands(a, chain[0]) is not None or m.operands(a, chain[-1]) is not None:
                return g.name(a)
        except (AddressError, ExactformerError, ArithmeticError):
            continue
    exact = [a for key, a in cands if key[1] <= -1]
    return g.name(exact[0]) if exact else None


def _label_fit(s, a: Address, label: tuple[str, str] | None) -> int:
    if label is None:
        return 0
    names = [s.labels[k][i] if s.labels[k] is not None and i < len(s.labels[k]) else None
             for k, i in enumerate(a.idx)]
    return 2 if names[:2] == list(label) else (1 if label[0] in names else 0)
