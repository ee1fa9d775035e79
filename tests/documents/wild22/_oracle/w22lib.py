"""Shared helpers of the twenty-second held-out set of 'wild' documents (tests/documents/wild22).

Copied from wild21's w21lib.py (itself wild10's w10lib.py extended: a line-registering document writer, a notebook
writer that places every registered line on its line of the .ipynb JSON, a rounding function that refuses ties,
NumPy's own printing verified digit by digit, float32 printing) and extended for this set:

* `torch_print`: `print(t)` of a float32 PyTorch tensor, re-implemented from PyTorch's printing rules (4 decimals,
  one width for every element, e-notation when the nonzero magnitudes span more than 1000 or one is below 1e-4,
  rows wrapped at 80 columns, blank lines between the matrices of a rank-3 tensor, `grad_fn=<...>` suffixes on a
  line of their own when they do not fit), every printed number checked against the exact value at its digits;
* `torch_items`: those printed lines turned into registered notebook lines, one claim per printed cell;
* `py_list_repr`: `print(list_of_floats)` as Python prints it (shortest round-trip repr), each float checked to lie
  within a few ulps of the exact value.

Arithmetic: mpmath at 50 significant digits; every script recomputes its results in NumPy float64 and asserts
agreement to 1e-10 (`agree`). exactformer is never imported.

    /work/main/.venv/bin/python make_all.py
"""
from __future__ import annotations

import html
import math
import json
import re
import tomllib
import urllib.parse
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import mpmath
import numpy as np
from mpmath import mpf

mpmath.mp.dps = 50
HERE = Path(__file__).resolve().parent
DOCS = HERE.parent
MINUS = "\u2212"


# ------------------------------------------------------------------ exact arithmetic
def mat(rows):
    if rows and isinstance(rows[0], (list, tuple)):
        return [[mpf(str(v)) for v in r] for r in rows]
    return [mpf(str(v)) for v in rows]


def mm(A, B):
    return [[mpmath.fsum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))] for i in range(len(A))]


def vm(x, B):
    return [mpmath.fsum(x[k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))]


def T(A):
    return [list(c) for c in zip(*A)]


def dot(a, b):
    return mpmath.fsum(x * y for x, y in zip(a, b))


def softmax(v):
    e = [mpmath.exp(x) for x in v]
    s = mpmath.fsum(e)
    return [x / s for x in e]


def gelu_tanh(x):
    """GELU, tanh approximation: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))"""
    x = mpf(x)
    c = mpmath.sqrt(2 / mpmath.pi)
    inner = c * (x + mpf("0.044715") * x ** 3)
    return dict(cube=x ** 3, inner=inner, tanh=mpmath.tanh(inner), out=mpf("0.5") * x * (1 + mpmath.tanh(inner)))


def sigmoid(z):
    return 1 / (1 + mpmath.exp(-z))


def sdpa(Q, K, V, scale=None, causal=False):
    """raw scores, scaled, exps (live cells only), row sums, weights (0 in masked cells), outputs"""
    c = scale if scale is not None else mpmath.sqrt(len(Q[0]))
    S = [[dot(q, k) for k in K] for q in Q]
    Sc = [[s / c for s in r] for r in S]
    E, Z, W = [], [], []
    for i, r in enumerate(Sc):
        live = r[: i + 1] if causal else r
        e = [mpmath.exp(x) for x in live]
        E.append(e)
        Z.append(mpmath.fsum(e))
        W.append([x / Z[-1] for x in e] + [mpf(0)] * (len(r) - len(live)))
    return S, Sc, E, Z, W, mm(W, V)


def layernorm(x, gamma=None, beta=None, eps=0):
    n = len(x)
    mu = mpmath.fsum(x) / n
    c = [v - mu for v in x]
    sq = [v * v for v in c]
    var = mpmath.fsum(sq) / n
    std = mpmath.sqrt(var + mpf(eps))
    xh = [v / std for v in c]
    g = gamma or [1] * n
    b = beta or [0] * n
    y = [mpf(gi) * h + mpf(bi) for gi, h, bi in zip(g, xh, b)]
    return dict(sum=mpmath.fsum(x), mean=mu, centered=c, sq=sq, sqsum=mpmath.fsum(sq), var=var, std=std, norm=xh, out=y)


# ------------------------------------------------------------------ float64 cross-check
def agree(exact, approx, tol=1e-10):
    a = np.array(exact, dtype=object).astype(float)
    b = np.asarray(approx, dtype=float)
    assert a.shape == b.shape, (a.shape, b.shape)
    assert np.allclose(a, b, rtol=0, atol=tol), np.abs(a - b).max()


def np_softmax(S, axis=-1):
    e = np.exp(S - S.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


# ------------------------------------------------------------------ rounding
def dec(x) -> Decimal:
    return Decimal(mpmath.nstr(mpf(x), 45, strip_zeros=False, min_fixed=-300, max_fixed=300))


def rnd(x, nd: int, guard: float = 1e-9) -> str:
    """half-up to nd decimals; refuse a value closer than guard to a tie"""
    d = dec(x)
    step = Decimal(1).scaleb(-nd)
    q = abs(d) / step
    frac = q - int(q)
    g = min(Decimal(str(guard)), step / 100)
    if abs(frac - Decimal("0.5")) * step < g:
        raise ValueError(f"near a rounding tie: {d} at {nd} decimals")
    s = f"{d.quantize(step, rounding=ROUND_HALF_UP):f}"
    if s.startswith("-") and Decimal(s) == 0:
        s = s[1:]
    return s


def sig(x, n: int, guard: float = 1e-12) -> str:
    """half-up to n significant digits (fixed notation)"""
    d = dec(x)
    if d == 0:
        return "0"
    e = d.adjusted()
    return rnd(x, max(0, n - 1 - e), guard=guard * 10 ** (e))


def trim(s: str) -> str:
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("", "-0") else s


def lit(x) -> str:
    """a short exactly representable decimal in its shortest form (asserted exact)"""
    s = trim(rnd(x, 12))
    assert abs(mpf(s) - mpf(x)) < mpf(10) ** -40, (s, x)
    return s


def um(s: str) -> str:
    return s.replace("-", MINUS)


def par(s: str) -> str:
    return f"({s})" if s[:1] in "-\u2212" else s


def fate(shown: str, clean: str) -> str:
    return "any" if shown == clean else "propagated"


# ------------------------------------------------------------------ program output formats
def np_fixed(rows, prec, guard=1e-9):
    """numpy with set_printoptions(precision=prec, suppress=True), default floatmode 'maxprec':
    each element rounded to prec decimals, trailing zeros dropped, then every element padded on the right
    to the longest fraction and right-justified to one width. Returns the element strings (rows)."""
    two = isinstance(rows[0], (list, tuple))
    R = rows if two else [rows]
    txt = [[trim(rnd(v, prec, guard)) for v in r] for r in R]
    # numpy keeps a '.' on every element ("1." for 1.0) and pads fractions with spaces
    def parts(t):
        if "." in t:
            a, b = t.split(".")
        else:
            a, b = t, ""
        return a, b
    fw = max(len(parts(t)[1]) for r in txt for t in r)
    iw = max(len(parts(t)[0]) for r in txt for t in r)
    out = [[(parts(t)[0].rjust(iw) + "." + parts(t)[1].ljust(fw)) for t in r] for r in txt]
    return out if two else out[0], txt if two else txt[0]


def np_repr_lines(rows, prec, prefix="array(", sep=", ", guard=1e-9):
    """repr(np.array) (commas) or str (sep=' ', prefix='') lines; also returns the plain value strings"""
    cells, vals = np_fixed(rows, prec, guard)
    two = isinstance(rows[0], (list, tuple))
    if not two:
        return [f"{prefix}[{sep.join(cells)}]" + (")" if prefix else "")], [vals]
    pad = " " * (len(prefix) + 1)
    lines = []
    for i, r in enumerate(cells):
        head = prefix + "[[" if i == 0 else pad + "["
        tail = "]]" + (")" if prefix else "") if i == len(cells) - 1 else ("]," if prefix else "]")
        lines.append(head + sep.join(r) + tail)
    return lines, vals


def np_check_against_numpy(rows_float64, prec, lines, prefix="array(", sep=", "):
    """assert that numpy itself prints these float64 values the same way"""
    a = np.array(rows_float64, dtype=float)
    with np.printoptions(precision=prec, suppress=True):
        s = repr(a) if prefix == "array(" else str(a)
    mine = "\n".join(lines)
    if prefix not in ("array(", ""):
        return
    assert s == mine, f"numpy prints\n{s}\nmine\n{mine}"


def torch_lines(rows, nd=4, prefix="tensor(", suffix=")", guard=2e-6):
    """torch fixed-point repr: nd decimals for all, one width, right-justified"""
    two = isinstance(rows[0], (list, tuple))
    R = rows if two else [rows]
    txt = [[rnd(v, nd, guard) for v in r] for r in R]
    w = max(len(t) for r in txt for t in r)
    body = [", ".join(t.rjust(w) for t in r) for r in txt]
    if not two:
        return [f"{prefix}[{body[0]}]{suffix}"], txt
    pad = " " * (len(prefix) + 1)
    out = []
    for i, b in enumerate(body):
        out.append((prefix + "[[" if i == 0 else pad + "[") + b + ("]]" + suffix if i == len(body) - 1 else "],"))
    return out, txt


def r_vector(names, values, digits=7, guard=1e-12):
    """R's print of a named numeric vector: a common number of decimals, enough for every element to show
    `digits` significant digits (trailing zeros of each element not counted); names right-aligned above.
    Returns (header line, value line, value strings)."""
    need = 0
    for v in values:
        s = trim(sig(v, digits, guard))
        need = max(need, len(s.split(".")[1]) if "." in s else 0)
    vals = [rnd(v, need, guard) for v in values]
    w = max(max(len(n), len(s)) for n, s in zip(names, vals))   # R uses one field width for all
    per = max(1, (80 + 1) // (w + 1))                               # options(width = 80)
    pairs = []
    for a in range(0, len(vals), per):
        head = " ".join(n.rjust(w) for n in names[a:a + per])
        body = " ".join(s.rjust(w) for s in vals[a:a + per])
        pairs.append(("## " + head, "## " + body, vals[a:a + per]))
    return pairs


# ------------------------------------------------------------------ number tokens (for the self-check)
NUM = re.compile(r"(?<![\w.])[-\u2212+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def norm(t: str) -> str:
    t = t.strip().replace(MINUS, "-")
    if t.endswith("%"):
        t = t[:-1].rstrip()
    if t.startswith("+"):
        t = t[1:]
    if t.endswith(".") and t[:-1].lstrip("-").isdigit():
        t = t[:-1]
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
    v = html.unescape(v)
    if "%5C" in v or "%7B" in v:
        v = urllib.parse.unquote(v).replace("&space;", " ")
    v = re.sub(r"<[^>]*>", " ", v)
    v = re.sub(r"\\[A-Za-z]+", " ", v.replace("\\\\", " "))
    v = v.replace("\\n", " ").replace("&", " & ").replace("\t", " ").replace("{", " ").replace("}", " ")
    v = v.replace("\u00a0", " ")
    return [norm(m.group(0)) for m in NUM.finditer(v)]


# ------------------------------------------------------------------ documents
class Doc:
    def __init__(self, name, ext, description, model, *, script, note="", givens_rounded=False, rounding="exact"):
        assert rounding in ("exact", "chained"), rounding
        self.name, self.ext, self.description, self.model = name, ext, description, model
        self.script, self.note, self.givens_rounded = script, note, givens_rounded
        self.rounding = rounding
        self.lines: list[str] = []
        self.claims, self.opts, self.nots = [], [], []

    def __call__(self, text="", claims=(), opts=(), nots=(), *, at=None, cell=None):
        """one physical line (or several with nothing registered); claims are (text, quantity, verdict)"""
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
            assert norm(t) not in need, f"{self.name}:{at}: {t!r} is both claimed and a not-claim"
            self.nots.append((at, t, cell))
        return at

    def save(self, body=None):
        body = body if body is not None else "\n".join(self.lines) + "\n"
        (DOCS / f"{self.name}.{self.ext}").write_text(body, encoding="utf-8")
        q = lambda s: json.dumps(str(s), ensure_ascii=False)
        wrong = {c[2] for c in self.claims if c[3] == "wrong"}
        out = [f"# human transcription of {self.name}.{self.ext}, written by _oracle/{self.script} "
               f"(mpmath 50-digit oracle, cross-checked with NumPy float64; never exactformer)",
               f"description = {q(self.description)}",
               f"model = {q(self.model)}",
               f'rounding = "{self.rounding}"',
               f"givens_rounded = {'true' if self.givens_rounded else 'false'}"]
        if self.note:
            out.append(f"note = {q(self.note)}")
        out += [f"document = {q(self.name + '.' + self.ext)}", f"planted_slips = {len(wrong)}"]
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
        print(f"{self.name}.{self.ext}: {body.count(chr(10))} lines, {len(self.claims)} claims ({nw} wrong), "
              f"{len(self.opts)} optional, {len(self.nots)} not-claims")


def L(text, claims=(), opts=(), nots=()):
    return (text, tuple(claims), tuple(opts), tuple(nots))


class Notebook:
    """nbformat 4 writer; a registered line is placed on its line of the written .ipynb JSON (indent=1)"""

    def __init__(self, doc: Doc, metadata):
        self.doc, self.cells, self.pending, self.count = doc, [], [], 0
        self.metadata = metadata

    def _id(self):
        """nbformat 4.5 cell id, as Jupyter writes them (8 hex digits), deterministic per document and cell"""
        import hashlib
        salt = 0
        while True:   # a random-looking hex id, never one that reads as a number (all digits, 63753e73)
            h = hashlib.sha1(f"{self.doc.name}:{len(self.cells)}:{salt}".encode()).hexdigest()[:8]
            if not re.fullmatch(r"[0-9]+(e[0-9]+)?", h):
                return h
            salt += 1

    @staticmethod
    def _items(items):
        return [L(i) if isinstance(i, str) else i for i in items]

    @staticmethod
    def _texts(items, final_nl):
        n = len(items)
        return [t + ("\n" if (k < n - 1 or final_nl) else "") for k, (t, *_) in enumerate(items)]

    def _remember(self, ci, part, items):
        for k, it in enumerate(items):
            if it[1] or it[2] or it[3]:
                self.pending.append((ci, part, k, it))

    def md(self, items):
        items = self._items(items)
        self._remember(len(self.cells), "source", items)
        self.cells.append({"cell_type": "markdown", "id": self._id(), "metadata": {}, "source": self._texts(items, False)})

    def code(self, items, stdout=(), result=(), html=()):
        items = self._items(items)
        ci = len(self.cells)
        self.count += 1
        cell = {"cell_type": "code", "execution_count": self.count, "id": self._id(), "metadata": {}, "outputs": [],
                "source": self._texts(items, False)}
        self._remember(ci, "source", items)
        k = 0
        if stdout:
            so = self._items(stdout)
            cell["outputs"].append({"name": "stdout", "output_type": "stream", "text": self._texts(so, True)})
            self._remember(ci, f"out{k}", so)
            k += 1
        if result:
            rs = self._items(result)
            data = {}
            if html:
                hs = self._items(html)
                data["text/html"] = self._texts(hs, False)
                self._remember(ci, f"out{k}", hs)
                k += 1
            data["text/plain"] = self._texts(rs, False)
            cell["outputs"].append({"data": data, "execution_count": self.count,
                                    "metadata": {}, "output_type": "execute_result"})
            self._remember(ci, f"out{k}", rs)
        self.cells.append(cell)

    def save(self):
        nb = {"cells": self.cells, "metadata": self.metadata, "nbformat": 4, "nbformat_minor": 5}
        body = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
        lines = body.split("\n")
        starts = [i for i, l in enumerate(lines) if l == "  {"]
        assert len(starts) == len(self.cells), (len(starts), len(self.cells))
        starts.append(len(lines))
        for ci, part, k, (t, c, o, n) in self.pending:
            lo, hi = starts[ci], starts[ci + 1]
            if part == "source":
                a = next(i for i in range(lo, hi) if lines[i].strip() == '"source": [')
            else:
                outs = [i for i in range(lo, hi) if lines[i].strip() in ('"text": [', '"text/html": [', '"text/plain": [')]
                a = outs[int(part[3:])]
            strs = []
            for i in range(a + 1, hi):
                if lines[i].strip() in ("]", "],"):
                    break
                strs.append(i)
            i = strs[k]
            assert json.loads(lines[i].strip().rstrip(",")).rstrip("\n") == t, (lines[i], t)
            self.doc(t, claims=c, opts=o, nots=n, at=i + 1, cell=ci)
        self.doc.save(body)


# ------------------------------------------------------------------ numpy's own printing, verified digit by digit
NUMTOK = re.compile(r"[-+]?(?:\d+\.\d*|\d+|\.\d+)(?:e[-+]\d+)?|[-+]?inf|nan")


def np_print(floats, exact, *, mode="str", skip=None, **opts):
    """format a float64 array with numpy itself (str or repr, under the given printoptions) and assert that every
    printed number is the half-up rounding of the exact value at the digits it shows. skip(i, j) -> True for
    cells not to verify (masked). Returns (lines, value strings per row as printed, tidied: '0.6 ' -> '0.6')."""
    a = np.array(floats, dtype=float)
    with np.printoptions(**opts):
        s = repr(a) if mode == "repr" else str(a)
    lines = s.split("\n")
    flat = NUMTOK.findall(s.replace("array(", " "))
    ex = np.array(exact, dtype=object)
    two = a.ndim == 2
    cells = [[ex[i][j] for j in range(a.shape[1])] for i in range(a.shape[0])] if two else [list(ex)]
    assert len(flat) == sum(len(r) for r in cells), (flat, a.shape)
    out, k = [], 0
    for i, r in enumerate(cells):
        row = []
        for j, v in enumerate(r):
            t = flat[k]; k += 1
            row.append(t)
            if skip and skip(i, j):
                continue
            _verify_token(t, v)
        out.append([tidy(t) for t in row])
    return lines, (out if two else out[0])


def tidy(t: str) -> str:
    if "e" in t or "inf" in t:
        return t
    return t[:-1] if t.endswith(".") else t


def _verify_token(t, v):
    if "e" in t:
        mant, ex_ = t.split("e")
        nd = len(mant.split(".")[1]) if "." in mant else 0
        want = Decimal(sig(v, nd + 1))
    else:
        nd = len(t.split(".")[1]) if "." in t else 0
        want = Decimal(rnd(v, nd, guard=1e-13))
    assert Decimal(t) == want, (t, want, v)


# ------------------------------------------------------------------ more program output, verified
def py_float(v, nd, guard=1e-9):
    """repr(round(float(v), nd)) as Python prints it (trailing zeros dropped, '0.5', '1.0'), asserted equal to the
    half-up rounding of the exact value"""
    want = rnd(v, nd, guard)
    got = repr(round(float(v), nd))
    assert Decimal(got) == Decimal(want), (got, want)
    return got


def julia_matrix(rows, digits=6, guard=1e-9):
    """Julia's REPL display of a Matrix{Float64} (compact: 6 significant digits, trailing zeros trimmed but one
    decimal kept, columns aligned on the decimal point, two spaces between columns, one leading space).
    Returns (lines, cell strings)."""
    def one(v):
        s = trim(sig(v, digits, guard))
        if "." not in s:
            s += ".0"
        return "-0.0" if s == "-0.0" else s
    cells = [[one(v) for v in r] for r in rows]
    n, m = len(cells), len(cells[0])
    lw = [max(len(cells[i][j].split(".")[0]) for i in range(n)) for j in range(m)]
    rw = [max(len(cells[i][j].split(".")[1]) + 1 for i in range(n)) for j in range(m)]
    head = f"{n}\u00d7{m} Matrix{{Float64}}:"
    lines = [head]
    for i in range(n):
        parts = []
        for j in range(m):
            a, b = cells[i][j].split(".")
            parts.append(a.rjust(lw[j]) + ("." + b).ljust(rw[j]))
        lines.append((" " + "  ".join(parts)).rstrip())
    return lines, cells


def tf_print(rows, exact, prec=4, dtype="float32"):
    """print(t) of a tf.Tensor under np.set_printoptions(precision=prec, suppress=True): numpy's str of the float32
    array inside tf.Tensor(...). Every printed number is checked against the exact value."""
    a = np.array(rows, dtype=np.float32)
    lines, cells = np_print(a.astype(float), exact, mode="str", precision=prec, suppress=True)
    with np.printoptions(precision=prec, suppress=True):
        s32 = str(a)
    assert s32 == "\n".join(lines), (s32, lines)
    shape = "(" + ", ".join(str(k) for k in a.shape) + ("," if a.ndim == 1 else "") + ")"
    out = ["tf.Tensor("] + lines if a.ndim == 2 else [f"tf.Tensor({lines[0]}"]
    if a.ndim == 2:
        out[-1] += f", shape={shape}, dtype={dtype})"
    else:
        out[-1] += f", shape={shape}, dtype={dtype})"
    return out, cells


def codecogs(latex: str) -> str:
    """an equation-image URL as README authors paste them: the LaTeX percent-encoded"""
    return "https://latex.codecogs.com/svg.image?" + urllib.parse.quote(latex, safe="")


def chained_softmax(printed_scores, nd=4, guard=1e-9):
    """softmax worked as people do by hand: e^x of each printed score rounded, their sum of the rounded exps,
    each weight the rounded exp over the printed sum. Returns (exp strs, sum str, weight strs)."""
    es = [rnd(mpmath.exp(mpf(s)), nd, guard) for s in printed_scores]
    z = rnd(mpmath.fsum(mpf(e) for e in es), nd, guard)
    ws = [rnd(mpf(e) / mpf(z), nd, guard) for e in es]
    return es, z, ws


# ------------------------------------------------------------------ wild10: attention in one call, checked in float64
def attention(Xs, Wqs, Wks, Wvs, scale="sqrt", causal=False):
    """Q, K, V, raw and scaled scores, exps, sums, weights and outputs, exact (mpmath); every result re-checked
    against a NumPy float64 recomputation. scale: "sqrt" (sqrt d_k), "none", or a number."""
    X, Wq, Wk, Wv = map(mat, (Xs, Wqs, Wks, Wvs))
    Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
    dk = len(Wqs[0])
    c = mpmath.sqrt(dk) if scale == "sqrt" else (mpf(1) if scale == "none" else mpf(str(scale)))
    S, Sc, E, Z, W, C = sdpa(Q, K, V, scale=c, causal=causal)
    Xn = np.array(Xs, float)
    Qn, Kn, Vn = (Xn @ np.array(M, float) for M in (Wqs, Wks, Wvs))
    cn = float(c)
    Sn = Qn @ Kn.T
    Scn = Sn / cn
    if causal:
        Scn = np.where(np.tril(np.ones_like(Scn)) > 0, Scn, -np.inf)
    Wn = np_softmax(Scn)
    Cn = Wn @ Vn
    agree(Q, Qn); agree(K, Kn); agree(V, Vn); agree(S, Sn); agree(W, Wn); agree(C, Cn)
    if not causal:
        agree(Sc, Scn)
    return dict(X=X, Q=Q, K=K, V=V, S=S, Sc=Sc, E=E, Z=Z, W=W, C=C, c=c,
                np=dict(Q=Qn, K=Kn, V=Vn, S=Sn, Sc=Scn, W=Wn, C=Cn))


def chain_rows(S_printed, divisor, V, nd=4, nd_sc=None, guard=1e-9):
    """the calculator route for every row: scaled = printed score / printed divisor (nd_sc decimals; no division
    when divisor is None), e^x of the printed scaled value, the sum of the printed exps, each weight the printed exp
    over the printed sum, the output the printed weights times V (exact V). All strings."""
    nd_sc = nd if nd_sc is None else nd_sc
    out = dict(sc=[], e=[], z=[], w=[], c=[])
    for row in S_printed:
        sc = [rnd(mpf(s) / mpf(divisor), nd_sc, guard) if divisor is not None else s for s in row]
        es, z, ws = chained_softmax(sc, nd, guard)
        c = [rnd(mpmath.fsum(mpf(w) * V[j][m] for j, w in enumerate(ws)), nd, guard) for m in range(len(V[0]))]
        for k, v in zip(("sc", "e", "z", "w", "c"), (sc, es, z, ws, c)):
            out[k].append(v)
    return out


def chain_close(printed, exact, units=5, nd=4):
    """a carried-forward number stays within a few units of its last printed decimal of the float64 result"""
    a = np.array([[float(x) for x in r] for r in printed])
    b = np.array(exact, dtype=object).astype(float)
    assert np.abs(a - b).max() <= units * 10 ** -nd, np.abs(a - b).max()


# ------------------------------------------------------------------ wild21: float32 program output
def np_print32(a32, exact, rel=3e-6, absol=3e-7, **opts):
    """str() of a float32 array as NumPy prints it (default options unless given), every printed number checked to be
    within a float32 tolerance of the exact value (the program computed in float32, the oracle exactly from the
    printed givens). Returns (lines, cell strings per row as printed, tidied; worst deviation in units of 1e-8)."""
    a = np.asarray(a32)
    assert a.dtype == np.float32, a.dtype
    with np.printoptions(**opts):
        s = str(a)
    lines = s.split("\n")
    flat = NUMTOK.findall(s)
    ex = np.array(exact, dtype=object)
    if a.ndim == 1:
        cells = [list(ex)]
    else:
        cells = [[ex[i][j] for j in range(a.shape[1])] for i in range(a.shape[0])]
    assert len(flat) == sum(len(r) for r in cells), (flat, a.shape)
    out, k, worst = [], 0, 0.0
    for r in cells:
        row = []
        for v in r:
            t = flat[k]; k += 1
            row.append(tidy(t))
            dev = abs(mpf(t) - v)
            assert dev <= absol + rel * abs(v), (t, v, dev)
            worst = max(worst, float(dev) * 1e8)
        out.append(row)
    return lines, (out if a.ndim >= 2 else out[0]), worst


def tf_tensor_lines(lines, shape):
    """print(t) of an eager tf.Tensor: numpy's str inside, a newline first when it has several lines"""
    sh = "(" + ", ".join(str(k) for k in shape) + ("," if len(shape) == 1 else "") + ")"
    if len(lines) > 1:
        out = ["tf.Tensor("] + list(lines)
    else:
        out = ["tf.Tensor(" + lines[0]]
    out[-1] = out[-1] + f", shape={sh}, dtype=float32)"
    return out


def rows_to_items(lines, cells, qty, verdict="correct", first_prefix="", offset=0, nots_last=(), nots_each=()):
    """registered lines for a printed array: printed line offset+i holds row i's cells (qty(i, j) names each)"""
    items = []
    for k, ln in enumerate(lines):
        i = k - offset
        cl = []
        if 0 <= i < len(cells):
            cl = [(t, qty(i, j), verdict) for j, t in enumerate(cells[i])]
        nots = list(nots_each) + (list(nots_last) if k == len(lines) - 1 else [])
        items.append(L((first_prefix if k == 0 else "") + ln, cl, (), nots))
    return items


# ------------------------------------------------------------------ wild22: PyTorch's print of a float32 tensor
class TorchFormatter:
    """PyTorch's element formatter for a float tensor (precision 4, sci_mode left to PyTorch): int mode when every
    nonzero finite value is whole, e-notation when max/min of the nonzero magnitudes exceeds 1000, the max exceeds
    1e8 or (not int mode) the min is below 1e-4; one width, taken over the nonzero finite values."""

    def __init__(self, vals, precision=4):
        self.p = precision
        self.int_mode, self.sci, self.width = True, False, 1
        nz = [v for v in vals if math.isfinite(v) and v != 0]
        if not nz:
            return
        ab = [abs(v) for v in nz]
        mn, mx = min(ab), max(ab)
        self.int_mode = all(v == math.ceil(v) for v in nz)
        if self.int_mode:
            if mx / mn > 1000.0 or mx > 1.0e8:
                self.sci = True
                self.width = max(len(f"{v:.{self.p}e}") for v in nz)
            else:
                self.width = max(len(f"{v:.0f}") + 1 for v in nz)
        else:
            if mx / mn > 1000.0 or mx > 1.0e8 or mn < 1.0e-4:
                self.sci = True
                self.width = max(len(f"{v:.{self.p}e}") for v in nz)
            else:
                self.width = max(len(f"{v:.{self.p}f}") for v in nz)

    def __call__(self, v):
        if self.sci:
            r = f"{v:{self.width}.{self.p}e}"
        elif self.int_mode:
            r = f"{v:.0f}" + ("" if math.isinf(v) or math.isnan(v) else ".")
        else:
            r = f"{v:.{self.p}f}"
        return (self.width - len(r)) * " " + r


def _torch_tensor_str(a, fmt, indent, linewidth=80):
    if a.ndim == 1:
        per = max(1, int(math.floor((linewidth - indent) / (fmt.width + 2))))
        data = [fmt(float(v)) for v in a]
        lines = [", ".join(data[i:i + per]) for i in range(0, len(data), per)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    parts = [_torch_tensor_str(a[i], fmt, indent + 1, linewidth) for i in range(a.shape[0])]
    return "[" + ("," + "\n" * (a.ndim - 1) + " " * (indent + 1)).join(parts) + "]"


def torch_str(a32, grad_fn=None, linewidth=80):
    """str(t) of a float32 tensor as PyTorch prints it (no summarisation: small tensors only)"""
    a = np.asarray(a32)
    assert a.dtype == np.float32, a.dtype
    fmt = TorchFormatter([float(v) for v in a.reshape(-1)])
    prefix = "tensor("
    indent = len(prefix)
    if a.ndim == 0:
        body = TorchFormatter([float(a)])(float(a))
    else:
        body = _torch_tensor_str(a, fmt, indent, linewidth)
    s = prefix + body
    if grad_fn:
        suffix = f"grad_fn=<{grad_fn}>"
        last = len(s) - s.rfind("\n") + 1          # PyTorch's own count (two more than the last line's length)
        if last + len(suffix) + 2 > linewidth:
            s += ",\n" + " " * indent + suffix
        else:
            s += ", " + suffix
    return s + ")", fmt


TORCH_TOK = re.compile(r"[-+]?\d+\.\d*(?:e[-+]\d+)?")


def torch_print(a32, exact, grad_fn=None, skip=None, rel=3e-6, absol=3e-7):
    """print(t) of a float32 tensor: the printed lines and, per innermost vector, its printed cells (tidied: no
    padding). Every printed number is the half-up rounding of the exact value at the digits it shows (the float32
    value behind it lies within float32 tolerance of the exact one), except cells skip(index) says to leave (a fill
    value). Returns (lines, cells per innermost vector, formatter)."""
    a = np.asarray(a32)
    s, fmt = torch_str(a, grad_fn)
    lines = s.split("\n")
    body = s.replace(f"grad_fn=<{grad_fn}>", "") if grad_fn else s
    flat = TORCH_TOK.findall(body)
    assert len(flat) == a.size, (flat, a.shape)
    ex = np.array(exact, dtype=object).reshape(-1) if a.ndim else [exact]
    idx = list(np.ndindex(*a.shape)) if a.ndim else [()]
    for t, v, ix, v32 in zip(flat, ex, idx, a.reshape(-1)):
        if skip and skip(ix):
            continue
        dev = abs(mpf(float(v32)) - mpf(v))
        assert dev <= absol + rel * abs(mpf(v)), (t, v, float(v32))
        if "e" in t:
            mant = t.split("e")[0]
            want = Decimal(sig(v, len(mant.split(".")[1]) + 1, guard=1e-7))
        else:
            want = Decimal(rnd(v, len(t.split(".")[1]) if "." in t else 0, guard=2e-6))
        assert Decimal(t) == want, (t, want, v)
    n = a.shape[-1] if a.ndim else 1
    cells = [flat[k:k + n] for k in range(0, len(flat), n)]
    return lines, cells, fmt


def torch_items(lines, cells, qty, verdict=None, nots=(), opt=None):
    """registered notebook lines for a printed tensor. The printed numbers are found in order, line by line; each
    cell k of innermost vector r is claimed as qty(r, k) with verdict(r, k) (default correct), or listed as
    optional when opt(r, k), or as a not-claim when qty returns None. nots: extra not-claim strings per line
    (a function of the line's text)."""
    flatq = [(r, k) for r in range(len(cells)) for k in range(len(cells[r]))]
    pos = 0
    items = []
    for ln in lines:
        body = re.sub(r"grad_fn=<[^>]*>", "", ln)
        found = TORCH_TOK.findall(body)
        cl, op, no = [], [], []
        for t in found:
            r, k = flatq[pos]
            pos += 1
            q = qty(r, k)
            if q is None:
                if t not in no:
                    no.append(t)
            elif opt and opt(r, k):
                op.append(t)
            else:
                cl.append((t, q, verdict(r, k) if verdict else "correct"))
        items.append(L(ln, cl, op, no))
    assert pos == len(flatq), (pos, len(flatq))
    return items


def py_list_repr(floats, exact, ulps=4):
    """print(list_of_floats) as Python prints it; every float within a few ulps of the exact value"""
    for f, v in zip(floats, exact):
        assert abs(mpf(f) - mpf(v)) <= ulps * math.ulp(abs(f)) + mpf(10) ** -300, (f, v)
    return "[" + ", ".join(repr(float(f)) for f in floats) + "]", [repr(float(f)) for f in floats]
