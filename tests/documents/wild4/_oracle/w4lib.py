"""Shared helpers for the fourth held-out set of 'wild' documents (tests/documents/wild4).

Written from scratch for this set. Every printed number is computed with mpmath at 40 significant digits and the
main results of each script are recomputed with plain NumPy float64 (`check_np`). Rounding is half-up and refuses a
value that sits within a guard of a tie at the printed digit. exactformer is never imported.

    python3 make_all.py
"""
from __future__ import annotations

import json
import re
import tomllib
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import mpmath
import numpy as np
from mpmath import mpf

mpmath.mp.dps = 40
HERE = Path(__file__).resolve().parent
OUT = HERE.parent
MINUS = "\u2212"


# ------------------------------------------------------------------ exact arithmetic (mpmath)
def M(rows):
    """decimal strings or numbers -> mpf matrix (list of rows) or vector"""
    if isinstance(rows[0], (list, tuple)):
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


def cols(A, lo, hi):
    return [row[lo:hi] for row in A]


def softmax(row):
    """entries that are None are masked out (weight exactly 0, no exponential)"""
    live = [v for v in row if v is not None]
    top = max(live)
    ex = [None if v is None else mpmath.exp(v - top) for v in row]
    s = mpmath.fsum(e for e in ex if e is not None)
    return [mpf(0) if e is None else e / s for e in ex]


def sigmoid(z):
    return 1 / (1 + mpmath.exp(-z))


# ------------------------------------------------------------------ printing
def _D(x) -> Decimal:
    if isinstance(x, Decimal):
        return x
    return Decimal(mpmath.nstr(mpf(x), 38, strip_zeros=False, min_fixed=-200, max_fixed=200))


def r(x, nd: int, guard: str = "1e-9") -> str:
    """round half-up to nd decimals; raise if the value is within guard*10^-nd of a tie"""
    d = _D(x)
    scaled = abs(d) * (Decimal(10) ** nd)
    frac = scaled - int(scaled)
    if abs(frac - Decimal("0.5")) < Decimal(guard):
        raise ValueError(f"near tie: {d} at {nd} decimals")
    s = f"{d.quantize(Decimal(1).scaleb(-nd), rounding=ROUND_HALF_UP):f}"
    if s.startswith("-") and Decimal(s) == 0:
        s = s[1:]
    return s


def sci(x, sig: int = 8) -> str:
    """numpy-like scientific notation with sig significant digits: 1.2345679e-01"""
    d = _D(x)
    if d == 0:
        return "0." + "0" * (sig - 1) + "e+00"
    e = d.copy_abs().adjusted()
    m = d.scaleb(-e)
    s = r(m, sig - 1)
    if abs(Decimal(s)) >= 10:           # rounding carried into a new digit
        e += 1
        s = r(d.scaleb(-e), sig - 1)
    return f"{s}e{'+' if e >= 0 else '-'}{abs(e):02d}"


def short(x, nd: int = 12) -> str:
    """a value that is an exactly short decimal -> its shortest text (asserted exact)"""
    s = r(x, nd)
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    if s in ("", "-0"):
        s = "0"
    assert abs(mpf(s) - mpf(x)) < mpf(10) ** (-nd - 2), (s, x)
    return s


def um(s: str) -> str:
    """ASCII minus -> U+2212"""
    return s.replace("-", MINUS)


def P(s: str):
    """printed text -> mpf, for chained rounding and for values computed from a slip"""
    return mpf(s.replace(MINUS, "-").replace("\u2009", ""))


def verdict_after(printed: str, printed_clean: str) -> str:
    return "any" if printed == printed_clean else "propagated"


def check_np(exact, approx, tol=1e-9):
    a = np.array(exact, dtype=float) if not isinstance(exact[0], list) else np.array([[float(v) for v in row] for row in exact])
    if not isinstance(exact[0], list):
        a = np.array([float(v) for v in exact])
    b = np.asarray(approx, dtype=float)
    assert a.shape == b.shape, (a.shape, b.shape)
    assert np.allclose(a, b, atol=tol, rtol=0), (a, b)


# ------------------------------------------------------------------ numbers on a line
NUMBER = re.compile(r"(?<![\w.])[-\u2212+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


def canon(t: str) -> str:
    t = t.strip().replace(MINUS, "-")
    if t.startswith("+"):
        t = t[1:]
    if t.endswith(".") and t[:-1].lstrip("-").isdigit():
        t = t[:-1]
    return "0" if t == "-0" else t


def decoded(line: str) -> str:
    st = line.strip().rstrip(",")
    if st.startswith('"'):
        try:
            v = json.loads(st)
            if isinstance(v, str):
                return v
        except ValueError:
            pass
    return line


def numbers_on(line: str) -> list[str]:
    v = decoded(line)
    v = v.replace("\\\\", " ").replace("&nbsp;", " ").replace("&amp;", " ").replace("&", " ").replace("\t", " ")
    return [canon(m.group(0)) for m in NUMBER.finditer(v)]


# ------------------------------------------------------------------ a document and its transcription
class Doc:
    def __init__(self, name, ext, description, model, rounding="exact", note="", gen=""):
        self.name, self.ext, self.description, self.model = name, ext, description, model
        self.rounding, self.note, self.gen = rounding, note, gen
        self.lines: list[str] = []
        self.claims, self.opts, self.nots = [], [], []

    def register(self, ln, text, claims=(), nots=(), opts=(), cell=None):
        have = numbers_on(text)
        need = {}
        for t, q, v in claims:
            assert v in ("correct", "wrong", "propagated", "any"), v
            self.claims.append((ln, t, q, v, cell))
            need[canon(t)] = need.get(canon(t), 0) + 1
        for t in opts:
            self.opts.append((ln, t, cell))
            need[canon(t)] = need.get(canon(t), 0) + 1
        for t, n in need.items():
            assert have.count(t) >= n, f"{self.name}:{ln}: {t!r} x{n} not among {have}\n  {text}"
        for t in nots:
            assert canon(t) in have or t in decoded(text), f"{self.name}:{ln}: filler {t!r} not on line\n  {text}"
            self.nots.append((ln, t, cell))

    def add(self, text="", claims=(), nots=(), opts=()):
        parts = text.split("\n")
        if len(parts) > 1:
            assert not (claims or nots or opts), ("multi-line add with registrations", text)
        self.lines.extend(parts)
        ln = len(self.lines)
        self.register(ln, text, claims, nots, opts)
        return ln

    def text(self):
        return "\n".join(self.lines) + "\n"

    def write(self, body=None):
        (OUT / f"{self.name}.{self.ext}").write_text(body if body is not None else self.text(), encoding="utf-8")
        q = lambda s: json.dumps(str(s), ensure_ascii=False)
        slips = len({c[2] for c in self.claims if c[3] == "wrong"})
        out = [f"# human transcription of {self.name}.{self.ext}, written by _oracle/{self.gen} "
               f"(mpmath 40-digit oracle, NumPy float64 check, never exactformer)",
               f"description = {q(self.description)}", f"model = {q(self.model)}",
               f"rounding = {q(self.rounding)}", "givens_rounded = false"]
        if self.note:
            out.append(f"note = {q(self.note)}")
        out += [f"document = {q(self.name + '.' + self.ext)}", f"planted_slips = {slips}"]
        for ln, t, qty, v, cell in self.claims:
            out += ["", "[[claims]]", f"line = {ln}"] + ([f"cell = {cell}"] if cell is not None else [])
            out += [f"text = {q(t)}", f"quantity = {q(qty)}", f"verdict = {q(v)}"]
        for ln, t, cell in self.nots:
            out += ["", "[[not_claims]]", f"line = {ln}"] + ([f"cell = {cell}"] if cell is not None else []) + [f"text = {q(t)}"]
        for ln, t, cell in self.opts:
            out += ["", "[[optional_claims]]", f"line = {ln}"] + ([f"cell = {cell}"] if cell is not None else []) + [f"text = {q(t)}"]
        p = OUT / f"{self.name}.expect.toml"
        p.write_text("\n".join(out) + "\n", encoding="utf-8")
        tomllib.loads(p.read_text(encoding="utf-8"))
        nw = sum(1 for c in self.claims if c[3] == "wrong")
        print(f"{self.name}.{self.ext}: {len(self.claims)} claims ({nw} wrong), {len(self.opts)} optional, "
              f"{len(self.nots)} not_claims, {len(body.splitlines()) if body else len(self.lines)} lines")


def item(text, claims=(), nots=(), opts=()):
    return (text, tuple(claims), tuple(nots), tuple(opts))


class Notebook:
    """nbformat 4 notebook. Every source or output line is an item; registered items get the line they occupy in
    the .ipynb JSON (indent=1) and the index of their cell."""

    def __init__(self, doc: Doc, metadata: dict):
        self.doc, self.metadata, self.cells, self.count = doc, metadata, [], 0

    @staticmethod
    def _items(xs):
        return [x if isinstance(x, tuple) else item(x) for x in xs]

    @staticmethod
    def _strings(items, trailing_nl=False):
        n = len(items)
        return [(it[0] + ("\n" if (k < n - 1 or trailing_nl) else ""), it) for k, it in enumerate(items)]

    def md(self, lines):
        self.cells.append({"cell_type": "markdown", "metadata": {}, "source": self._strings(self._items(lines))})

    def code(self, lines, stdout=None, result=None, html=None):
        """result: text/plain lines of an execute_result; html (with result): its text/html lines"""
        self.count += 1
        outs = []
        if stdout:
            outs.append({"name": "stdout", "output_type": "stream", "text": self._strings(self._items(stdout), True)})
        if result:
            data = {}
            if html:
                data["text/html"] = self._strings(self._items(html))
            data["text/plain"] = self._strings(self._items(result))
            outs.append({"data": data, "execution_count": self.count, "metadata": {}, "output_type": "execute_result"})
        self.cells.append({"cell_type": "code", "execution_count": self.count, "metadata": {}, "outputs": outs,
                           "source": self._strings(self._items(lines))})

    def write(self):
        tagged = []          # (cell index, item) for every list string, in serialisation order

        def strip(o, ci):
            if isinstance(o, dict):
                return {k: strip(v, ci) for k, v in o.items()}
            if isinstance(o, list):
                res = []
                for e in o:
                    if isinstance(e, tuple):
                        tagged.append((ci, e[1]))
                        res.append(e[0])
                    else:
                        res.append(strip(e, ci))
                return res
            return o

        cells = [strip(c, ci) for ci, c in enumerate(self.cells)]
        nb = {"cells": cells, "metadata": self.metadata, "nbformat": 4, "nbformat_minor": 4}
        body = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
        lines = body.split("\n")
        string_lines = [i for i, l in enumerate(lines) if decoded(l) is not l and isinstance(decoded(l), str)
                        and l.strip().startswith('"') and not re.match(r'\s*"[^"\\]*(?:\\.[^"\\]*)*"\s*:', l)]
        assert len(string_lines) == len(tagged), (len(string_lines), len(tagged))
        for li, (ci, it) in zip(string_lines, tagged):
            text, claims, nots, opts = it
            assert decoded(lines[li]).rstrip("\n") == text, (lines[li], text)
            if claims or nots or opts:
                self.doc.register(li + 1, text, claims, nots, opts, cell=ci)
        self.doc.write(body)


def md_table(header, rows, align=None):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(align or ["---"] * len(header)) + "|"]
    return out + ["| " + " | ".join(row) + " |" for row in rows]
