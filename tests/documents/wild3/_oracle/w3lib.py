"""Oracle helpers for the third held-out set of 'wild' documents (tests/documents/wild3).

Written fresh for this set. Every printed number is computed here with mpmath at 40 significant digits;
each script recomputes its main results with plain NumPy float64 (`np_same`) as an independent check.
Rounding is half-up and refuses values within a guard of a tie. exactformer is never imported.

    python3 make_all.py
"""
from __future__ import annotations

import json
import re
import tomllib
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import mpmath
from mpmath import mpf

mpmath.mp.dps = 40
OUT = Path(__file__).resolve().parent.parent
MINUS = "\u2212"


# ---------------------------------------------------------------- exact arithmetic
def V(xs):
    """decimal strings / numbers -> mpf vector or matrix"""
    if isinstance(xs[0], (list, tuple)):
        return [[mpf(str(v)) for v in r] for r in xs]
    return [mpf(str(v)) for v in xs]


def mm(A, B):
    return [[mpmath.fsum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))] for i in range(len(A))]


def vm(x, B):
    return [mpmath.fsum(x[k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))]


def T(A):
    return [list(r) for r in zip(*A)]


def dot(a, b):
    return mpmath.fsum(x * y for x, y in zip(a, b))


def vadd(a, b):
    return [x + y for x, y in zip(a, b)]


def softmax(row):
    """None entries are masked (weight exactly 0)"""
    live = [v for v in row if v is not None]
    m = max(live)
    e = [mpf(0) if v is None else mpmath.exp(v - m) for v in row]
    s = mpmath.fsum(e)
    return [x / s for x in e]


def layernorm(x, eps=mpf(0), g=None, b=None):
    n = len(x)
    mu = mpmath.fsum(x) / n
    var = mpmath.fsum((v - mu) ** 2 for v in x) / n
    sd = mpmath.sqrt(var + eps)
    y = [(v - mu) / sd for v in x]
    if g is not None:
        y = [gi * yi + bi for gi, yi, bi in zip(g, y, b)]
    return mu, var, sd, y


def gelu(x):
    return x * (1 + mpmath.erf(x / mpmath.sqrt(2))) / 2


def gelu_d(x):
    Phi = (1 + mpmath.erf(x / mpmath.sqrt(2))) / 2
    phi = mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)
    return Phi + x * phi


# ---------------------------------------------------------------- printing
def _dec(x) -> Decimal:
    return Decimal(mpmath.nstr(mpf(x), 38, strip_zeros=False, min_fixed=-100, max_fixed=100))


def r(x, nd: int, guard: str = "1e-12") -> str:
    """half-up rounding of the value to nd decimals; refuses near-ties"""
    d = _dec(x)
    scaled = abs(d) * (Decimal(10) ** nd)
    frac = scaled - int(scaled)
    if abs(frac - Decimal("0.5")) < Decimal(guard) * (Decimal(10) ** nd) and abs(frac) > Decimal("1e-30"):
        raise ValueError(f"near tie: {d} at {nd} decimals")
    s = f"{d.quantize(Decimal(1).scaleb(-nd), rounding=ROUND_HALF_UP):f}"
    if s.startswith("-") and Decimal(s) == 0:
        s = s[1:]
    return s


def strip0(s: str) -> str:
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("", "-0", "-") else s


def ex(x, nd: int = 12) -> str:
    """an exactly short decimal -> its shortest text (asserted exact)"""
    s = strip0(r(x, nd))
    assert abs(mpf(s) - mpf(x)) < mpf(10) ** (-nd - 3), (s, x)
    return s


def um(s: str) -> str:
    return s.replace("-", MINUS)


def par(s: str) -> str:
    return f"({s})" if s[:1] in ("-", MINUS) else s


def P(s: str):
    """printed text -> mpf (for chained rounding)"""
    return mpf(s.replace(MINUS, "-"))


def verdict(printed: str, printed_true: str) -> str:
    """downstream of a slip: 'any' if it prints the same as without the slip, else 'propagated'"""
    return "any" if printed == printed_true else "propagated"


def np_same(a, b, tol=1e-9):
    import numpy as np
    A = np.array([[float(x) for x in row] for row in a]) if isinstance(a[0], list) else np.array([float(x) for x in a])
    B = np.asarray(b, dtype=float)
    assert A.shape == B.shape, (A.shape, B.shape)
    assert np.allclose(A, B, atol=tol, rtol=0), (A, B)


def torch_row(vals, nd=4):
    """torch-style fixed formatting of numbers of one tensor: common width, leading space for sign"""
    return [r(v, nd) for v in vals]


# ---------------------------------------------------------------- number tokens
NUM = re.compile(r"(?<![\w.])[-\u2212+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


def norm(t: str) -> str:
    t = t.strip().replace(MINUS, "-").replace("\u2013", "-")
    if t.startswith("+"):
        t = t[1:]
    if t.endswith(".") and t[:-1].lstrip("-").isdigit():
        t = t[:-1]
    return "0" if t == "-0" else t


def tokens(line: str) -> list[str]:
    v = line
    st = line.strip().rstrip(",")
    if st.startswith('"'):
        try:
            j = json.loads(st)
            if isinstance(j, str):
                v = j
        except ValueError:
            pass
    v = v.replace("\\\\", " ").replace("&nbsp;", " ").replace("&", " & ").replace("\t", " ")
    return [norm(m.group(0)) for m in NUM.finditer(v)]


# ---------------------------------------------------------------- documents
class Doc:
    def __init__(self, name, ext, description, model, rounding="exact", note="", givens_rounded=False, gen=""):
        self.name, self.ext, self.description, self.model = name, ext, description, model
        self.rounding, self.note, self.givens_rounded, self.gen = rounding, note, givens_rounded, gen
        self.lines, self.claims, self.nots, self.opts = [], [], [], []
        self.planted = None

    def add(self, text="", claims=(), nots=(), opts=(), cell=None, lineno=None):
        """claims: (text, quantity, verdict); one physical line per call unless nothing is registered"""
        if lineno is None:
            parts = text.split("\n")
            assert len(parts) == 1 or not (claims or nots or opts), ("multi-line add with claims", text)
            self.lines.extend(parts)
            ln = len(self.lines)
        else:
            ln = lineno
        have = tokens(text)
        need = {}
        for t, q, v in claims:
            assert v in ("correct", "wrong", "propagated", "any"), v
            self.claims.append((ln, t, q, v, cell))
            need[norm(t)] = need.get(norm(t), 0) + 1
        for t in opts:
            self.opts.append((ln, t, cell))
            need[norm(t)] = need.get(norm(t), 0) + 1
        for t in nots:
            assert norm(t) in have or t in text, (self.name, ln, t, text)
            self.nots.append((ln, t, cell))
        for t, n in need.items():
            assert have.count(t) >= n, f"{self.name}:{ln}: {t!r} x{n} not among {have} :: {text}"
        return ln

    def write(self, body=None):
        (OUT / f"{self.name}.{self.ext}").write_text(body if body is not None else "\n".join(self.lines) + "\n",
                                                      encoding="utf-8")
        q = lambda s: json.dumps(str(s), ensure_ascii=False)
        slips = self.planted if self.planted is not None else len({c[2] for c in self.claims if c[3] == "wrong"})
        out = [f"# human transcription of {self.name}.{self.ext}, written by _oracle/{self.gen} "
               f"(mpmath 40-digit oracle, never exactformer)",
               f"description = {q(self.description)}", f"model = {q(self.model)}", f"rounding = {q(self.rounding)}",
               f"givens_rounded = {'true' if self.givens_rounded else 'false'}"]
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
              f"{len(self.nots)} not_claims")


def md_table(header, rows, align=None):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(align or ["---"] * len(header)) + "|"]
    return out + ["| " + " | ".join(x) + " |" for x in rows]


class Notebook:
    """nbformat 4; each registered line gets the line number it has in the written .ipynb JSON"""

    def __init__(self, doc: Doc, kernelspec=None, language_info=None):
        self.doc, self.cells, self.reg, self.n = doc, [], [], 0
        self.kernelspec = kernelspec or {"display_name": "Python 3", "language": "python", "name": "python3"}
        self.language_info = language_info or {"name": "python", "version": "3.10.12"}

    @staticmethod
    def _norm_items(items):
        out = []
        for it in items:
            if isinstance(it, str):
                out.append((it, (), (), ()))
            else:
                it = tuple(it)
                out.append(it + ((),) * (4 - len(it)))
        return out

    def md(self, items):
        self._cell("markdown", items, None)

    def code(self, items, stdout=None, result=None):
        self._cell("code", items, (stdout, result))

    def _cell(self, kind, items, outs):
        ci = len(self.cells)
        src = self._norm_items(items)
        cell = {"cell_type": kind, "metadata": {}, "source": [t + ("\n" if k < len(src) - 1 else "") for k, (t, *_) in enumerate(src)]}
        for k, (t, c, n, o) in enumerate(src):
            if c or n or o:
                self.reg.append((ci, "source", k, t, c, n, o))
        if kind == "code":
            self.n += 1
            cell["execution_count"] = self.n
            cell["outputs"] = []
            stdout, result = outs
            k0 = 0
            for okind, ol in (("stdout", stdout), ("result", result)):
                if not ol:
                    continue
                ol = self._norm_items(ol)
                texts = [t + ("\n" if (k < len(ol) - 1 or okind == "stdout") else "") for k, (t, *_) in enumerate(ol)]
                if okind == "stdout":
                    cell["outputs"].append({"name": "stdout", "output_type": "stream", "text": texts})
                else:
                    cell["outputs"].append({"data": {"text/plain": texts}, "execution_count": self.n, "metadata": {},
                                            "output_type": "execute_result"})
                for k, (t, c, n, o) in enumerate(ol):
                    if c or n or o:
                        self.reg.append((ci, "output", k0 + k, t, c, n, o))
                k0 += len(ol)
        self.cells.append(cell)

    def write(self):
        nb = {"cells": self.cells, "metadata": {"kernelspec": self.kernelspec, "language_info": self.language_info},
              "nbformat": 4, "nbformat_minor": 4}
        body = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
        fl = body.split("\n")
        starts = [i for i, l in enumerate(fl) if l.startswith('  {') and i + 1 < len(fl) and '"cell_type"' in fl[i + 1]]
        assert len(starts) == len(self.cells), (len(starts), len(self.cells))
        starts.append(len(fl))
        for ci, part, k, t, c, n, o in self.reg:
            lo, hi = starts[ci], starts[ci + 1]
            key = '"source": [' if part == "source" else '"outputs": ['
            at = next(i for i in range(lo, hi) if fl[i].strip() == key)
            end = next(i for i in range(at + 1, hi) if fl[i].strip() in ("]", "],")) if part == "source" else hi
            strs = []
            for i in range(at + 1, end):
                st = fl[i].strip().rstrip(",")
                if st.startswith('"') and not st.startswith('"name"') and not st.startswith('"output_type"'):
                    try:
                        v = json.loads(st)
                    except ValueError:
                        continue
                    if isinstance(v, str):
                        strs.append(i)
            found = strs[k]
            assert json.loads(fl[found].strip().rstrip(",")).rstrip("\n") == t, (ci, part, k, t, fl[found])
            self.doc.add(t, claims=c, nots=n, opts=o, cell=ci, lineno=found + 1)
        self.doc.write(body)
