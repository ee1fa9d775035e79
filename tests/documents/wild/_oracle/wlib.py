"""Oracle helpers for the held-out 'wild' documents.

Every number is computed here with mpmath (40 significant digits) or, for the two documents that imitate a
float32 run, with NumPy float32/float64; exactformer is never imported. Each wNN_*.py writes one document and
its NAME.expect.toml into the parent directory (tests/documents/wild):

    python3 make_all.py
"""
from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import mpmath
from mpmath import mpf

mpmath.mp.dps = 40
OUT = Path(__file__).resolve().parent.parent  # tests/documents/wild


# ---------------------------------------------------------------- arithmetic

def V(xs):
    """Decimal strings/numbers -> mpf vector or matrix (list of lists)."""
    if isinstance(xs[0], (list, tuple)):
        return [[mpf(str(v)) for v in row] for row in xs]
    return [mpf(str(v)) for v in xs]


def mm(A, B):
    return [[mpmath.fsum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))] for i in range(len(A))]


def vm(x, B):
    return [mpmath.fsum(x[k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))]


def dot(a, b):
    return mpmath.fsum(p * q for p, q in zip(a, b))


def T(A):
    return [list(r) for r in zip(*A)]


def softmax(row):
    m = max(v for v in row if v != mpmath.ninf)
    e = [mpf(0) if v == mpmath.ninf else mpmath.exp(v - m) for v in row]
    s = mpmath.fsum(e)
    return [v / s for v in e]


def wsum(w, Vm):
    return [mpmath.fsum(w[j] * Vm[j][c] for j in range(len(Vm))) for c in range(len(Vm[0]))]


# ---------------------------------------------------------------- rounding / printing

def rnd(x, nd: int, guard: str = "1e-18") -> str:
    """Round half-up to nd decimals, fixed format; refuse values within `guard` of a tie."""
    d = Decimal(mpmath.nstr(mpf(x), 38, strip_zeros=False, min_fixed=-100, max_fixed=100))
    scaled = abs(d) * (Decimal(10) ** nd)
    frac = scaled - int(scaled)
    if abs(frac - Decimal("0.5")) < Decimal(guard) * (Decimal(10) ** nd):
        raise ValueError(f"near tie: {d} at {nd} decimals")
    q = d.quantize(Decimal(1).scaleb(-nd), rounding=ROUND_HALF_UP)
    s = f"{q:f}"
    if s.startswith("-") and Decimal(s) == 0:
        s = s[1:]
    return s


def short(x, nd: int = 10) -> str:
    """An exact short decimal -> its shortest text (asserts it is exact at nd decimals)."""
    s = rnd(x, nd)
    assert abs(mpf(s) - mpf(x)) < mpf(10) ** (-nd - 5), (s, x)
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("", "-", "-0") else s


def fix(x, nd: int) -> str:
    """An exact short decimal printed with exactly nd decimals (asserts exactness)."""
    s = rnd(x, nd)
    assert abs(mpf(s) - mpf(x)) < mpf(10) ** (-nd - 5), (s, x)
    return s


def minus(s: str) -> str:
    """Typographic minus for prose/tables."""
    return s.replace("-", "\u2212")


def torch_fmt(vals, grad_fn=None, extra=None, indent=7, guard="1e-6"):
    """Imitate torch's default print (precision 4, fixed) of a 0-, 1- or 2-D tensor of mpf values.

    The guard refuses values whose float32 rounding error could decide the 4th decimal."""
    def f(v):
        s = rnd(v, 4, guard=guard)
        return s
    if not isinstance(vals, list):
        body = f(vals)
        tail = f", grad_fn=<{grad_fn}>" if grad_fn else ""
        return [f"tensor({body}{tail})"]
    rows = vals if isinstance(vals[0], list) else [vals]
    cells = [[f(v) for v in r] for r in rows]
    nz = [abs(v) for r in rows for v in r if v != 0]
    assert not nz or (max(nz) / min(nz) < 1000 and min(nz) >= mpf("1e-4") and max(nz) < 1e8), "torch would use sci mode"
    allint = all(abs(v - mpmath.nint(v)) == 0 for r in rows for v in r)
    assert not allint, "torch would print integers"
    w = max(len(c) for r in cells for c in r)
    lines_ = [", ".join(c.rjust(w) for c in r) for r in cells]
    tail = ""
    if grad_fn:
        tail = f", grad_fn=<{grad_fn}>"
    if extra:
        tail = f", {extra}"
    if isinstance(vals[0], list):
        pad = " " * (indent + 1)
        out = []
        for i, ln in enumerate(lines_):
            pre = "tensor([[" if i == 0 else pad + "["
            post = "]," if i < len(lines_) - 1 else "]]" + tail + ")"
            out.append(pre + ln + post)
        return out
    return ["tensor([" + lines_[0] + "]" + tail + ")"]


NUM = re.compile(r"(?<![\w.])[-\u2212]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


def tokens(line: str) -> list[str]:
    return [m.group(0).replace("\u2212", "-") for m in NUM.finditer(line)]


# ---------------------------------------------------------------- documents

class Doc:
    """Lines of a document, with the claims / non-claims / optional claims each line carries."""

    def __init__(self, name, ext, description, model, rounding, note="", planted=None, givens_rounded=False):
        self.name, self.ext = name, ext
        self.description, self.model, self.rounding, self.note = description, model, rounding, note
        self.planted, self.givens_rounded = planted, givens_rounded
        self.gen = ""
        self.lines: list[str] = []
        self.claims: list[tuple] = []  # (line, text, quantity, verdict, cell)
        self.nots: list[tuple] = []
        self.opts: list[tuple] = []

    def add(self, text="", claims=(), nots=(), opts=(), cell=None, lineno=None):
        if lineno is None:
            for part in text.split("\n"):
                self.lines.append(part)
            ln = len(self.lines)
            text = self.lines[-1]
        else:
            ln = lineno
        have = [h[:-1] if h.endswith(".") else h for h in tokens(text)]
        need: dict[str, int] = {}
        for c in claims:
            t, q, v = c
            assert v in ("correct", "wrong", "propagated", "any"), v
            self.claims.append((ln, t, q, v, cell))
            need[t] = need.get(t, 0) + 1
        have0 = [h[:-1] if h.endswith(".") else h for h in tokens(text)]
        for t in nots:  # filler that is not a number token of the line is simply not recorded
            tt = t[:-1] if t.endswith(".") else t
            if have0.count(tt) > sum(1 for x in nots[: 0]) and sum(1 for l, x in self.nots if l == ln and x == t) < have0.count(tt):
                self.nots.append((ln, t))
        for t in opts:
            self.opts.append((ln, t))
            need[t] = need.get(t, 0) + 1
        for t, n in need.items():
            tt = t.replace("\u2212", "-")
            tt = tt[:-1] if tt.endswith(".") else tt
            if have.count(tt) < n:
                raise AssertionError(f"{self.name}:{ln}: {t!r} x{n} not among {have} :: {text}")
        return ln

    def block(self, lines, per_line_claims=None):
        for i, ln in enumerate(lines):
            c = per_line_claims[i] if per_line_claims else ()
            self.add(ln, claims=c)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def write(self, body: str | None = None):
        path = OUT / f"{self.name}.{self.ext}"
        path.write_text(body if body is not None else self.text(), encoding="utf-8")
        self.write_expect()

    def write_expect(self):
        def q(s):
            return json.dumps(str(s), ensure_ascii=False)
        slips = self.planted if self.planted is not None else len({c[2] for c in self.claims if c[3] == "wrong"})
        out = [f"# human transcription of {self.name}, written by _oracle/{self.gen} (mpmath / NumPy oracle, never exactformer)",
               f"description = {q(self.description)}", f"model = {q(self.model)}", f"rounding = {q(self.rounding)}",
               f"givens_rounded = {'true' if self.givens_rounded else 'false'}"]
        if self.note:
            out.append(f"note = {q(self.note)}")
        out.append(f"document = {q(self.name + '.' + self.ext)}")
        out.append(f"planted_slips = {slips}  # distinct slips; a slip restated on another line is one slip")
        for ln, t, qty, v, cell in self.claims:
            out += ["", "[[claims]]", f"line = {ln}"]
            if cell is not None:
                out.append(f"cell = {cell}")
            out += [f"text = {q(t)}", f"quantity = {q(qty)}", f"verdict = {q(v)}"]
        for ln, t in self.nots:
            out += ["", "[[not_claims]]", f"line = {ln}", f"text = {q(t)}"]
        for ln, t in self.opts:
            out += ["", "[[optional_claims]]", f"line = {ln}", f"text = {q(t)}"]
        p = OUT / f"{self.name}.expect.toml"
        p.write_text("\n".join(out) + "\n", encoding="utf-8")
        import tomllib
        tomllib.loads(p.read_text(encoding="utf-8"))
        nw = sum(1 for c in self.claims if c[3] == "wrong")
        print(f"{self.name}.{self.ext}: {len(self.claims)} claims ({nw} wrong), {len(self.nots)} not_claims, "
              f"{len(self.opts)} optional, {slips} planted slips")


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] * len(header)) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def bmatrix(name, M, fmt=str):
    rows = [" & ".join(fmt(v) for v in r) + r" \\" for r in M]
    rows[-1] = rows[-1][:-3]
    return [f"{name} = \\begin{{bmatrix}}"] + ["  " + r for r in rows] + ["\\end{bmatrix}"]


def np_check(a, b, tol=1e-12):
    """Cross-check an mpmath result against an independent NumPy float64 recomputation."""
    import numpy as np
    a = np.array([[float(v) for v in r] for r in a]) if isinstance(a[0], list) else np.array([float(v) for v in a])
    b = np.asarray(b, dtype=float)
    assert a.shape == b.shape and np.allclose(a, b, atol=tol, rtol=0), (a, b)


def check_token(t: str, v, guard=mpf("1e-12")) -> None:
    """A printed token must be the correct rounding of v at its own number of decimals (no near-tie)."""
    t = t.replace("\u2212", "-")
    nd = len(t.split(".")[1]) if "." in t else 0
    err = abs(mpf(t) - mpf(v))
    half = mpf(10) ** (-nd) / 2
    assert err <= half, (t, v)
    assert half - err > guard, ("near tie", t, v)


def np_rows(text: str, M, qty, verdict=lambda i, j: "correct", skip=lambda i, j: False):
    """Split numpy's printed text of a 2-D array into lines and attach one claim per printed entry.

    M: mpf matrix (oracle values); qty(i, j): quantity name; skip(i, j): entries printed as -inf (no token)."""
    lines_ = text.split("\n")
    assert len(lines_) == len(M), (text, len(M))
    out = []
    for i, ln in enumerate(lines_):
        body = ln.split("array(")[-1]
        toks = [t for t in tokens(body)]
        js = [j for j in range(len(M[i])) if not skip(i, j)]
        assert len(toks) == len(js), (ln, toks, js)
        cl = []
        for t, j in zip(toks, js):
            check_token(t, M[i][j])
            cl.append((t, qty(i, j), verdict(i, j)))
        out.append((ln, cl))
    return out


class Notebook:
    """An nbformat-4 notebook whose lines carry claims; line numbers are lines of the written JSON file."""

    def __init__(self, doc: Doc, kernel="python3", language="python"):
        self.doc = doc
        self.cells = []
        self.reg = []  # (cell index, 'source'|'output', line index, claims, nots, opts)
        self.kernel, self.language = kernel, language
        self.count = 0

    def md(self, lines):
        """lines: list of str or (str, claims, nots, opts)"""
        self._cell("markdown", lines, None)

    def code(self, lines, outputs=None, run=True):
        """outputs: list of ('result'|'stdout', [lines...])"""
        self._cell("code", lines, outputs or [], run)

    def _norm(self, items):
        out = []
        for it in items:
            if isinstance(it, str):
                out.append((it, (), (), ()))
            else:
                t = tuple(it) + ((),) * (4 - len(it))
                out.append(t)
        return out

    def _cell(self, kind, lines, outputs, run=True):
        ci = len(self.cells)
        src = self._norm(lines)
        cell = {"cell_type": kind, "id": f"c{ci:02d}", "metadata": {},
                "source": [t + ("\n" if k < len(src) - 1 else "") for k, (t, *_r) in enumerate(src)]}
        for k, (t, c, n, o) in enumerate(src):
            if c or n or o:
                self.reg.append((ci, "source", k, t, c, n, o))
        if kind == "code":
            if run:
                self.count += 1
            cell["execution_count"] = self.count if run else None
            outs = []
            k_out = 0
            for okind, olines in outputs:
                ol = self._norm(olines)
                texts = [t + ("\n" if k < len(ol) - 1 or okind == "stdout" else "") for k, (t, *_r) in enumerate(ol)]
                if okind == "stdout":
                    outs.append({"name": "stdout", "output_type": "stream", "text": texts})
                else:
                    outs.append({"data": {"text/plain": texts}, "execution_count": self.count, "metadata": {},
                                 "output_type": "execute_result"})
                for k, (t, c, n, o) in enumerate(ol):
                    if c or n or o:
                        self.reg.append((ci, "output", k_out + k, t, c, n, o))
                k_out += len(ol)
            cell["outputs"] = outs
        self.cells.append(cell)

    def write(self):
        nb = {"cells": self.cells,
              "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": self.language, "name": self.kernel},
                           "language_info": {"name": self.language, "version": "3.11.7"}},
              "nbformat": 4, "nbformat_minor": 5}
        body = json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        flines = body.split("\n")
        # region of each cell: from its "id" line to the next cell's
        starts = [next(i for i, l in enumerate(flines) if l.strip() == f'"id": "c{ci:02d}",') for ci in range(len(self.cells))]
        starts.append(len(flines))
        for ci, part, k, t, c, n, o in self.reg:
            lo, hi = starts[ci], starts[ci + 1]
            src_at = next((i for i in range(lo, hi) if flines[i].strip() == '"source": ['), hi)
            lo2, hi2 = (src_at, hi) if part == "source" else (lo, src_at)
            # the k-th string element of that part
            seen = -1
            found = None
            for i in range(lo2, hi2):
                st = flines[i].strip().rstrip(",")
                if not st.startswith('"'):
                    continue
                try:
                    v = json.loads(st)
                except Exception:
                    continue
                if not isinstance(v, str):
                    continue
                seen += 1
                if seen == k:
                    found = i
                    break
            assert found is not None and json.loads(flines[found].strip().rstrip(",")).rstrip("\n") == t, (ci, part, k, t)
            self.doc.add(t, claims=c, nots=n, opts=o, cell=ci, lineno=found + 1)
        self.doc.write(body)
