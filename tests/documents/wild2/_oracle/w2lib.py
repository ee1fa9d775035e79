"""Oracle helpers for the second held-out set of 'wild' documents (tests/documents/wild2).

Every number a document prints is computed here with mpmath at 40 significant digits; each script also
recomputes its main quantities with plain NumPy float64 (`np_same`) as an independent check. Rounding is
half-up on the exact value and refuses values that sit within a guard of a rounding tie. exactformer is
never imported: the documents are written without any knowledge of its reader.

Each dNN_*.py script builds one document and its NAME.expect.toml in the parent directory:

    python3 make_all.py
"""
from __future__ import annotations

import json
import re
import tomllib
import urllib.parse
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import mpmath
from mpmath import mpf

mpmath.mp.dps = 40
OUT = Path(__file__).resolve().parent.parent  # tests/documents/wild2
MINUS = "\u2212"


# ------------------------------------------------------------------ exact arithmetic

def M(xs):
    """Decimal strings / numbers -> mpf vector or matrix (exact decimal input)."""
    if isinstance(xs[0], (list, tuple)):
        return [[mpf(str(v)) for v in r] for r in xs]
    return [mpf(str(v)) for v in xs]


def matmul(A, B):
    return [[mpmath.fsum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))] for i in range(len(A))]


def tr(A):
    return [list(r) for r in zip(*A)]


def dot(a, b):
    return mpmath.fsum(x * y for x, y in zip(a, b))


def smax(row):
    """Softmax of a row; entries equal to None are masked (weight 0)."""
    live = [v for v in row if v is not None]
    m = max(live)
    e = [mpf(0) if v is None else mpmath.exp(v - m) for v in row]
    s = mpmath.fsum(e)
    return [x / s for x in e]


def sigmoid(z):
    return 1 / (1 + mpmath.exp(-z))


def mean(xs):
    return mpmath.fsum(xs) / len(xs)


# ------------------------------------------------------------------ printing

def _dec(x) -> Decimal:
    return Decimal(mpmath.nstr(mpf(x), 38, strip_zeros=False, min_fixed=-100, max_fixed=100))


def rnd(x, nd: int, guard: str = "1e-15") -> str:
    """Half-up rounding of the exact value to nd decimals (fixed); refuses near-ties."""
    d = _dec(x)
    scaled = abs(d) * (Decimal(10) ** nd)
    frac = scaled - int(scaled)
    if abs(frac - Decimal("0.5")) < Decimal(guard) * (Decimal(10) ** nd):
        raise ValueError(f"near tie: {d} at {nd} decimals")
    s = f"{d.quantize(Decimal(1).scaleb(-nd), rounding=ROUND_HALF_UP):f}"
    if s.startswith("-") and Decimal(s) == 0:
        s = s[1:]
    return s


def strip(s: str) -> str:
    """Drop trailing zeros (and a bare trailing dot) as many authors do: 0.2500 -> 0.25, 1.000 -> 1."""
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("", "-0", "-") else s


def rs(x, nd: int) -> str:
    """rnd then strip."""
    return strip(rnd(x, nd))


def exact(x, nd: int = 12) -> str:
    """An exact short decimal -> its shortest text; asserts the value really is that short."""
    s = strip(rnd(x, nd))
    assert abs(mpf(s) - mpf(x)) < mpf(10) ** (-nd - 3), (s, x)
    return s


def sig(x, n: int, guard=mpf("1e-12")) -> str:
    """n significant digits, shortest form (Julia :compact / %g style without exponent); refuses near-ties."""
    x = mpf(x)
    if x == 0:
        return "0.0"
    e = int(mpmath.floor(mpmath.log10(abs(x))))
    nd = n - 1 - e
    s = rnd(x, max(nd, 0))
    # a value that rounds up to the next power of ten keeps the same number of decimals: fine for our ranges
    return s


def um(s: str) -> str:
    """Typographic minus sign."""
    return s.replace("-", MINUS)


def paren(s: str) -> str:
    return f"({s})" if s.startswith("-") or s.startswith(MINUS) else s


def check(printed: str, value, guard=mpf("1e-9")):
    """A printed number must be the rounding of value at its own number of decimals, and not near a tie."""
    t = printed.replace(MINUS, "-")
    nd = len(t.split(".")[1]) if "." in t else 0
    err = abs(mpf(t) - mpf(value))
    half = mpf(10) ** (-nd) / 2
    assert err <= half, (printed, value)
    assert half - err > guard * mpf(10) ** (-nd), ("near tie", printed, value)


def np_same(a, b, tol=1e-9):
    """Cross-check of an mpmath result against an independent NumPy float64 computation."""
    import numpy as np

    def arr(v):
        if isinstance(v, list) and v and isinstance(v[0], list):
            return np.array([[float(x) for x in r] for r in v])
        if isinstance(v, list):
            return np.array([float(x) for x in v])
        return np.asarray(v, dtype=float)
    A, B = arr(a), np.asarray(b, dtype=float)
    assert A.shape == B.shape, (A.shape, B.shape)
    assert np.allclose(A, B, atol=tol, rtol=0), (A, B)


# ------------------------------------------------------------------ number tokens

NUM = re.compile(r"(?<![\w.])[-\u2212+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


def norm(t: str) -> str:
    t = t.strip().replace(MINUS, "-").replace("\u2013", "-")
    if t.startswith("+"):
        t = t[1:]
    if t.endswith(".") and t[:-1].lstrip("-").isdigit():
        t = t[:-1]
    return "0" if t == "-0" else t


def line_tokens(line: str) -> list[str]:
    """Number tokens of a line, read also from its URL-decoded form and from a JSON string element."""
    v = line
    st = line.strip().rstrip(",")
    if st.startswith('"'):
        try:
            j = json.loads(st)
            if isinstance(j, str):
                v = j
        except ValueError:
            pass
    dec = urllib.parse.unquote(v)
    if dec != v:
        v = dec
    v = v.replace("\\\\", " ").replace("&space;", " ").replace("&", " & ")
    return [norm(m.group(0)) for m in NUM.finditer(v)]


# ------------------------------------------------------------------ documents

class Doc:
    def __init__(self, name, ext, description, model, rounding="exact", note="", givens_rounded=False, gen=""):
        self.name, self.ext, self.description, self.model = name, ext, description, model
        self.rounding, self.note, self.givens_rounded, self.gen = rounding, note, givens_rounded, gen
        self.lines: list[str] = []
        self.claims: list[tuple] = []   # (line, text, quantity, verdict, cell)
        self.nots: list[tuple] = []     # (line, text, cell)
        self.opts: list[tuple] = []     # (line, text, cell)

    def add(self, text="", claims=(), nots=(), opts=(), cell=None, lineno=None):
        if lineno is None:
            parts = text.split("\n")
            self.lines.extend(parts)
            ln = len(self.lines)
            assert len(parts) == 1 or not (claims or nots or opts), "claims on a multi-line add"
        else:
            ln = lineno
        have = line_tokens(text)
        need: dict[str, int] = {}
        for c in claims:
            t, q, v = c
            assert v in ("correct", "wrong", "propagated", "any"), v
            self.claims.append((ln, t, q, v, cell))
            need[norm(t)] = need.get(norm(t), 0) + 1
        for t in opts:
            self.opts.append((ln, t, cell))
            need[norm(t)] = need.get(norm(t), 0) + 1
        for t in nots:
            assert norm(t) in have or t in text, (self.name, ln, t, text)
            if sum(1 for x in self.nots if x[0] == ln and x[1] == t) < max(have.count(norm(t)), 1):
                self.nots.append((ln, t, cell))
        for t, n in need.items():
            assert have.count(t) >= n, f"{self.name}:{ln}: {t!r} x{n} not among {have} :: {text}"
        return ln

    def text(self):
        return "\n".join(self.lines) + "\n"

    def write(self, body=None):
        (OUT / f"{self.name}.{self.ext}").write_text(body if body is not None else self.text(), encoding="utf-8")
        self.write_expect()

    def write_expect(self):
        q = lambda s: json.dumps(str(s), ensure_ascii=False)
        slips = len({c[2].split(" (")[0] for c in self.claims if c[3] == "wrong"})
        out = [f"# human transcription of {self.name}.{self.ext}, written by _oracle/{self.gen} (mpmath 40-digit oracle, never exactformer)",
               f"description = {q(self.description)}", f"model = {q(self.model)}", f"rounding = {q(self.rounding)}",
               f"givens_rounded = {'true' if self.givens_rounded else 'false'}"]
        if self.note:
            out.append(f"note = {q(self.note)}")
        out += [f"document = {q(self.name + '.' + self.ext)}",
                f"planted_slips = {self.planted if hasattr(self, 'planted') else slips}  # distinct slips; a slip restated on another line is one slip"]
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
        print(f"{self.name}.{self.ext}: {len(self.claims)} claims ({nw} wrong), {len(self.opts)} optional, {len(self.nots)} not_claims")


def md_table(header, rows, align=None):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(align or ["---"] * len(header)) + "|"]
    return out + ["| " + " | ".join(r) + " |" for r in rows]


class Notebook:
    """nbformat-4 notebook; registered lines get their line number in the written .ipynb JSON file."""

    def __init__(self, doc: Doc, kernelspec=None, language_info=None):
        self.doc, self.cells, self.reg, self.count = doc, [], [], 0
        self.kernelspec = kernelspec or {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
        self.language_info = language_info or {"name": "python", "version": "3.11.9"}

    @staticmethod
    def _items(lines):
        out = []
        for it in lines:
            if isinstance(it, str):
                out.append((it, (), (), ()))
            else:
                out.append(tuple(it) + ((),) * (4 - len(it)))
        return out

    def md(self, lines):
        self._cell("markdown", lines, None)

    def code(self, lines, outputs=()):
        self._cell("code", lines, list(outputs))

    def _cell(self, kind, lines, outputs):
        ci = len(self.cells)
        src = self._items(lines)
        cell = {"cell_type": kind, "id": f"{0x5a17 + 97 * ci:08x}", "metadata": {},
                "source": [t + ("\n" if k < len(src) - 1 else "") for k, (t, *_) in enumerate(src)]}
        for k, (t, c, n, o) in enumerate(src):
            if c or n or o:
                self.reg.append((ci, "source", k, t, c, n, o))
        if kind == "code":
            self.count += 1
            cell["execution_count"] = self.count
            outs, k_out = [], 0
            for okind, olines in outputs:
                ol = self._items(olines)
                texts = [t + ("\n" if k < len(ol) - 1 or okind == "stdout" else "") for k, (t, *_) in enumerate(ol)]
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
        nb = {"cells": self.cells, "metadata": {"kernelspec": self.kernelspec, "language_info": self.language_info},
              "nbformat": 4, "nbformat_minor": 5}
        body = json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        fl = body.split("\n")
        starts = [i for i, l in enumerate(fl) if l.strip().startswith('"cell_type":')] + [len(fl)]
        assert len(starts) == len(self.cells) + 1
        for ci, part, k, t, c, n, o in self.reg:
            lo, hi = starts[ci], starts[ci + 1]
            src_at = next(i for i in range(lo, hi) if fl[i].strip() == '"source": [')
            a, b = (src_at, hi) if part == "source" else (lo, src_at)
            seen, found = -1, None
            for i in range(a, b):
                st = fl[i].strip().rstrip(",")
                if not st.startswith('"'):
                    continue
                try:
                    v = json.loads(st)
                except ValueError:
                    continue
                if isinstance(v, str):
                    seen += 1
                    if seen == k:
                        found = i
                        break
            assert found is not None and json.loads(fl[found].strip().rstrip(",")).rstrip("\n") == t, (ci, part, k, t)
            self.doc.add(t, claims=c, nots=n, opts=o, cell=ci, lineno=found + 1)
        self.doc.write(body)
