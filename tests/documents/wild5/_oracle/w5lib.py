"""Shared helpers of the fifth held-out set of 'wild' documents (tests/documents/wild5).

Written from scratch for this set. All arithmetic is exact-ish: mpmath with 45 significant digits. Every script
repeats its main results in NumPy float64 (`check64`) as an independent recomputation. Printed numbers are rounded
half-up and a value sitting within a guard of a rounding tie is refused (`fmt` raises). exactformer is never imported.

    /work/main/.venv/bin/python make_all.py
"""
from __future__ import annotations

import json
import re
import tomllib
import urllib.parse
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import mpmath
import numpy as np
from mpmath import mpf

mpmath.mp.dps = 45
HERE = Path(__file__).resolve().parent
DOCS = HERE.parent
MINUS = "\u2212"


# ------------------------------------------------------------------ arithmetic (mpmath)
def M(rows):
    """decimal text / numbers -> matrix (list of rows) or vector of mpf"""
    if rows and isinstance(rows[0], (list, tuple)):
        return [[mpf(str(v)) for v in row] for row in rows]
    return [mpf(str(v)) for v in rows]


def matmul(A, B):
    return [[mpmath.fsum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))]
            for i in range(len(A))]


def vecmat(x, B):
    return [mpmath.fsum(x[k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))]


def transpose(A):
    return [list(c) for c in zip(*A)]


def dot(a, b):
    return mpmath.fsum(x * y for x, y in zip(a, b))


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def scale(a, s):
    return [x * s for x in a]


def softmax(v):
    m = max(v)
    e = [mpmath.exp(x - m) for x in v]
    s = mpmath.fsum(e)
    return [x / s for x in e]


def sigmoid(z):
    return 1 / (1 + mpmath.exp(-z))


def gelu_tanh(x):
    c = mpmath.sqrt(2 / mpmath.pi)
    return x * (1 + mpmath.tanh(c * (x + mpf("0.044715") * x ** 3))) / 2


def attention(Q, K, V, scale_by=None, causal=False):
    """returns raw scores, scaled scores, exp, sums, weights, outputs (rows)"""
    n = len(Q)
    S = [[dot(Q[i], K[j]) for j in range(len(K))] for i in range(n)]
    c = scale_by if scale_by is not None else mpmath.sqrt(len(Q[0]))
    Sc = [[s / c for s in row] for row in S]
    E, sums, W = [], [], []
    for i, row in enumerate(Sc):
        live = row[: i + 1] if causal else row
        e = [mpmath.exp(x) for x in live]
        E.append(e)
        sums.append(mpmath.fsum(e))
        W.append([x / sums[-1] for x in e] + [mpf(0)] * (len(row) - len(live)))
    O = matmul(W, V)
    return S, Sc, E, sums, W, O


# ------------------------------------------------------------------ NumPy cross-check
def check64(exact, approx, tol=1e-10):
    a = np.array(exact, dtype=object).astype(float)
    b = np.asarray(approx, dtype=float)
    assert a.shape == b.shape, (a.shape, b.shape)
    assert np.allclose(a, b, rtol=0, atol=tol), (a, b)


# ------------------------------------------------------------------ printing
def _as_decimal(x) -> Decimal:
    return Decimal(mpmath.nstr(mpf(x), 42, strip_zeros=False, min_fixed=-200, max_fixed=200))


def fmt(x, nd: int, guard: float = 1e-9) -> str:
    """round half-up to nd decimals; refuse a value within guard (absolute) of a tie"""
    d = _as_decimal(x)
    q = abs(d) * (Decimal(10) ** nd)
    frac = q - int(q)
    g = min(Decimal(str(guard)), Decimal("0.01") * Decimal(10) ** -nd)
    if abs(frac - Decimal("0.5")) * (Decimal(10) ** -nd) < g:
        raise ValueError(f"too close to a rounding tie: {d} at {nd} decimals")
    s = f"{d.quantize(Decimal(1).scaleb(-nd), rounding=ROUND_HALF_UP):f}"
    if s.startswith("-") and Decimal(s) == 0:
        s = s[1:]
    return s


def trim(s: str) -> str:
    """0.320 -> 0.32, 1.000 -> 1"""
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("", "-0") else s


def lit(x) -> str:
    """an exactly representable short decimal, shortest form (asserted exact)"""
    s = trim(fmt(x, 15))
    assert mpf(s) == mpf(x) or abs(mpf(s) - mpf(x)) < mpf(10) ** -30, (s, x)
    return s


def uminus(s: str) -> str:
    return s.replace("-", MINUS)


def paren(s: str) -> str:
    return f"({s})" if s[:1] in "-\u2212" else s


def fate(shown: str, shown_without_slip: str) -> str:
    return "any" if shown == shown_without_slip else "propagated"


def torch_block(rows, nd, indent="        ", prefix="tensor(", suffix=")"):
    """torch's fixed-point repr: one width for the whole tensor, right-justified; returns lines"""
    two_d = isinstance(rows[0], (list, tuple))
    R = rows if two_d else [rows]
    txt = [[fmt(v, nd, guard=2e-6) for v in r] for r in R]
    w = max(len(t) for r in txt for t in r)
    body = [", ".join(t.rjust(w) for t in r) for r in txt]
    if not two_d:
        return [f"{prefix}[{body[0]}]{suffix}"]
    out = []
    for i, b in enumerate(body):
        head = f"{prefix}[[" if i == 0 else indent + "["
        tail = "]" + ("]" + suffix if i == len(body) - 1 else ",")
        out.append(head + b + tail)
    return out


# ------------------------------------------------------------------ number tokens (for the self-check)
NUM = re.compile(r"(?<![\w.])[-\u2212+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def norm(t: str) -> str:
    t = t.strip().replace(MINUS, "-")
    if t.startswith("+"):
        t = t[1:]
    return "0" if t in ("-0", "-0.0") else t


def tokens(line: str) -> list[str]:
    v = line
    st = line.strip().rstrip(",")
    if st.startswith('"') and st.endswith('"'):
        try:
            j = json.loads(st)
            if isinstance(j, str):
                v = j
        except ValueError:
            pass
    if "codecogs" in v or "render/math" in v:
        v = urllib.parse.unquote(v).replace("&space;", " ").replace("&amp;", " & ")
    v = re.sub(r"\\[A-Za-z]+", " ", v.replace("\\\\", " "))
    v = (v.replace("\\n", " ").replace("&nbsp;", " ").replace("&", " & ")
         .replace("\t", " ").replace("{", " ").replace("}", " "))
    return [norm(m.group(0)) for m in NUM.finditer(v)]


# ------------------------------------------------------------------ documents and transcriptions
class Doc:
    def __init__(self, name, ext, description, model, *, script, rounding="exact", note="",
                 givens_rounded=False):
        self.name, self.ext, self.description, self.model = name, ext, description, model
        self.script, self.rounding, self.note, self.givens_rounded = script, rounding, note, givens_rounded
        self.lines: list[str] = []
        self.claims, self.opts, self.nots = [], [], []

    def __call__(self, text="", claims=(), opts=(), nots=(), *, at=None, cell=None):
        """one physical line; claims are (text, quantity, verdict)"""
        if at is None:
            assert "\n" not in text or not (claims or opts or nots), text
            self.lines.extend(text.split("\n"))
            at = len(self.lines)
        have = tokens(text)
        need = {}
        for t, q, v in claims:
            assert v in ("correct", "wrong", "propagated", "any"), v
            self.claims.append((at, t, q, v, cell))
            need[norm(t)] = need.get(norm(t), 0) + 1
        for t in opts:
            self.opts.append((at, t, cell))
            need[norm(t)] = need.get(norm(t), 0) + 1
        for t, k in need.items():
            assert have.count(t) >= k, f"{self.name}:{at}: {t!r} x{k} not in {have} :: {text}"
        for t in nots:
            assert norm(t) in have or t in text, (self.name, at, t, text)
            self.nots.append((at, t, cell))
        return at

    def block(self, text):
        """several lines with nothing to register"""
        for ln in text.split("\n"):
            self(ln)

    def save(self, body=None, planted=None):
        body = body if body is not None else "\n".join(self.lines) + "\n"
        (DOCS / f"{self.name}.{self.ext}").write_text(body, encoding="utf-8")
        q = lambda s: json.dumps(str(s), ensure_ascii=False)
        wrong = {c[2] for c in self.claims if c[3] == "wrong"}
        n = planted if planted is not None else len(wrong)
        out = [f"# human transcription of {self.name}.{self.ext}, written by _oracle/{self.script} "
               f"(mpmath 45-digit oracle, checked with NumPy float64; never exactformer)",
               f"description = {q(self.description)}",
               f"model = {q(self.model)}",
               f"rounding = {q(self.rounding)}",
               f"givens_rounded = {'true' if self.givens_rounded else 'false'}"]
        if self.note:
            out.append(f"note = {q(self.note)}")
        out += [f"document = {q(self.name + '.' + self.ext)}", f"planted_slips = {n}"]
        for ln, t, qty, v, cell in self.claims:
            out += ["", "[[claims]]", f"line = {ln}"] + ([f"cell = {cell}"] if cell is not None else [])
            out += [f"text = {q(t)}", f"quantity = {q(qty)}", f"verdict = {q(v)}"]
        for ln, t, cell in self.opts:
            out += ["", "[[optional_claims]]", f"line = {ln}"] + ([f"cell = {cell}"] if cell is not None else [])
            out += [f"text = {q(t)}"]
        for ln, t, cell in self.nots:
            out += ["", "[[not_claims]]", f"line = {ln}"] + ([f"cell = {cell}"] if cell is not None else [])
            out += [f"text = {q(t)}"]
        p = DOCS / f"{self.name}.expect.toml"
        p.write_text("\n".join(out) + "\n", encoding="utf-8")
        tomllib.loads(p.read_text(encoding="utf-8"))
        nw = sum(1 for c in self.claims if c[3] == "wrong")
        nl = body.count("\n")
        print(f"{self.name}.{self.ext}: {nl} lines, {len(self.claims)} claims ({nw} wrong), "
              f"{len(self.opts)} optional, {len(self.nots)} not-claims")


def L(text, claims=(), opts=(), nots=()):
    """a registered line for a notebook cell"""
    return (text, tuple(claims), tuple(opts), tuple(nots))


class Notebook:
    """nbformat 4 writer; a registered line gets the line it has in the written .ipynb JSON (indent=1)"""

    def __init__(self, doc: Doc, metadata=None):
        self.doc, self.cells, self.pending, self.count = doc, [], [], 0
        self.metadata = metadata or {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                                    "name": "python3"},
                                     "language_info": {"name": "python", "version": "3.11.6"}}

    @staticmethod
    def _items(items):
        return [L(i) if isinstance(i, str) else i for i in items]

    @staticmethod
    def _texts(items, final_newline):
        n = len(items)
        return [t + ("\n" if (k < n - 1 or final_newline) else "") for k, (t, *_) in enumerate(items)]

    def _remember(self, ci, part, items):
        for k, it in enumerate(items):
            if it[1] or it[2] or it[3]:
                self.pending.append((ci, part, k, it))

    def md(self, items):
        items = self._items(items)
        self._remember(len(self.cells), "source", items)
        self.cells.append({"cell_type": "markdown", "metadata": {}, "source": self._texts(items, False)})

    def code(self, items, stdout=(), result=()):
        items = self._items(items)
        ci = len(self.cells)
        self.count += 1
        cell = {"cell_type": "code", "execution_count": self.count, "metadata": {}, "outputs": [],
                "source": self._texts(items, False)}
        self._remember(ci, "source", items)
        if stdout:
            so = self._items(stdout)
            cell["outputs"].append({"name": "stdout", "output_type": "stream", "text": self._texts(so, True)})
            self._remember(ci, "out0", so)
        if result:
            rs = self._items(result)
            cell["outputs"].append({"data": {"text/plain": self._texts(rs, False)}, "execution_count": self.count,
                                    "metadata": {}, "output_type": "execute_result"})
            self._remember(ci, "out1" if stdout else "out0", rs)
        self.cells.append(cell)

    def save(self):
        nb = {"cells": self.cells, "metadata": self.metadata, "nbformat": 4, "nbformat_minor": 5}
        body = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
        lines = body.split("\n")
        # each cell's JSON span, then inside it the string lines of source / of each output in order
        starts = [i for i, l in enumerate(lines) if l == "  {"]
        assert len(starts) == len(self.cells), (len(starts), len(self.cells))
        starts.append(len(lines))
        for ci, part, k, (t, c, o, n) in self.pending:
            lo, hi = starts[ci], starts[ci + 1]
            if part == "source":
                a = next(i for i in range(lo, hi) if lines[i].strip() == '"source": [')
            else:
                which = int(part[3:])
                outs = [i for i in range(lo, hi) if lines[i].strip() in ('"text": [', '"text/plain": [')]
                a = outs[which]
            strs = []
            for i in range(a + 1, hi):
                s = lines[i].strip()
                if s in ("]", "],"):
                    break
                strs.append(i)
            i = strs[k]
            assert json.loads(lines[i].strip().rstrip(",")).rstrip("\n") == t, (lines[i], t)
            self.doc(t, claims=c, opts=o, nots=n, at=i + 1, cell=ci)
        self.doc.save(body)
