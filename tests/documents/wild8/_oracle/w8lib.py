"""Shared helpers of the eighth held-out set of 'wild' documents (tests/documents/wild8).

Adapted from wild7's w7lib.py: a line-registering document writer, a notebook writer (nbformat 4; a registered line is
placed on its line of the .ipynb JSON), a rounding function that refuses ties, and, new here, a small KaTeX renderer
(`katex`) that writes what KaTeX's server-side rendering puts in a saved page: the MathML copy with the TeX in an
`application/x-tex` annotation, then the `katex-html` span tree (fractions denominator first, as KaTeX's vlist does).
Arithmetic: mpmath at 50 significant digits. Each script recomputes its results in NumPy float64 and asserts agreement
to 1e-10 (`agree`). Printed numbers are rounded half-up; a value within a guard of a rounding tie is refused (`rnd`
raises). Program outputs (numpy, torch) are produced or re-implemented and every printed token is asserted equal to the
half-up rounding of the exact value. exactformer is never imported.

    .venv/bin/python make_all.py
"""
from __future__ import annotations

import html
import json
import re
import tomllib
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
    v = re.sub(r"<[^>]*>", " ", v)
    v = re.sub(r"\\[A-Za-z]+", " ", v.replace("\\\\", " "))
    v = v.replace("\\n", " ").replace("&", " & ").replace("\t", " ").replace("{", " ").replace("}", " ")
    v = v.replace("\u00a0", " ")
    return [norm(m.group(0)) for m in NUM.finditer(v)]


# ------------------------------------------------------------------ documents
class Doc:
    def __init__(self, name, ext, description, model, *, script, note="", givens_rounded=False):
        self.name, self.ext, self.description, self.model = name, ext, description, model
        self.script, self.note, self.givens_rounded = script, note, givens_rounded
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
               'rounding = "exact"',
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
        self.cells.append({"cell_type": "markdown", "metadata": {}, "source": self._texts(items, False)})

    def code(self, items, stdout=(), result=(), html=()):
        items = self._items(items)
        ci = len(self.cells)
        self.count += 1
        cell = {"cell_type": "code", "execution_count": self.count, "metadata": {}, "outputs": [],
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


# ------------------------------------------------------------------ KaTeX (server-side rendering, as saved in a page)
_CMD = {"mu": "μ", "sigma": "σ", "varepsilon": "ε", "epsilon": "ϵ", "gamma": "γ", "beta": "β", "cdot": "⋅",
        "times": "×", "approx": "≈", "odot": "⊙", "sum": "∑", "ldots": "…", "in": "∈", "to": "→", "top": "⊤",
        "alpha": "α", "partial": "∂", "leftarrow": "←", "quad": " ", "qquad": " ", "eta": "η", "ne": "≠"}
_BIN = set("+−-×⋅⊙")
_REL = set("=≈←→∈≠")
_TOK = re.compile(r"\d+(?:\.\d+)?|\\[A-Za-z]+|\\.|\S")


def _parse(toks, i=0, stop=None):
    out = []
    while i < len(toks):
        t = toks[i]
        if t == stop:
            return out, i + 1
        i += 1
        if t == "{":
            node, i = _parse(toks, i, "}")
            node = ("group", node)
        elif t in ("\\frac",):
            a, i = _arg(toks, i)
            b, i = _arg(toks, i)
            node = ("frac", a, b)
        elif t == "\\sqrt":
            a, i = _arg(toks, i)
            node = ("sqrt", a)
        elif t in ("\\text", "\\mathrm", "\\operatorname", "\\textbf"):
            j = toks.index("}", i)
            node = ("text", "".join(toks[i + 1:j]))
            i = j + 1
        elif t in ("\\hat", "\\bar", "\\mathbf"):
            a, i = _arg(toks, i)
            node = ("acc", a, {"\\hat": "^", "\\bar": "¯", "\\mathbf": ""}[t])
        elif t in ("\\left", "\\right", "\\,", "\\;", "\\!"):
            continue
        elif t.startswith("\\") and t[1:] in _CMD:
            c = _CMD[t[1:]]
            node = ("op", c) if (c in _BIN or c in _REL or c in "∑") else ("ident", c)
        elif t[0].isdigit():
            node = ("num", t)
        elif t.isalpha():
            node = ("ident", t)
        elif t in "^_":
            a, i = _arg(toks, i)
            base = out.pop() if out else ("group", [])
            node = ("sup" if t == "^" else "sub", base, a)
        else:
            node = ("op", "−" if t == "-" else t)
        out.append(node)
    return out, i


def _arg(toks, i):
    if toks[i] == "{":
        return _parse(toks, i + 1, "}")
    node, _ = _parse([toks[i]])
    return node, i + 1


def _ml(nodes):
    r = []
    for n in nodes:
        k = n[0]
        if k == "num":
            r.append(f"<mn>{n[1]}</mn>")
        elif k == "ident":
            r.append(f"<mi>{n[1]}</mi>" if n[1] != " " else '<mspace width="1em"></mspace>')
        elif k == "op":
            r.append(f"<mo>{html.escape(n[1])}</mo>")
        elif k == "text":
            r.append(f"<mtext>{html.escape(n[1])}</mtext>")
        elif k == "group":
            r.append(f"<mrow>{_ml(n[1])}</mrow>")
        elif k == "frac":
            r.append(f"<mfrac><mrow>{_ml(n[1])}</mrow><mrow>{_ml(n[2])}</mrow></mfrac>")
        elif k == "sqrt":
            r.append(f"<msqrt><mrow>{_ml(n[1])}</mrow></msqrt>")
        elif k == "acc":
            r.append(f'<mover accent="true"><mrow>{_ml(n[1])}</mrow><mo>{n[2]}</mo></mover>' if n[2]
                     else f"<mrow>{_ml(n[1])}</mrow>")
        elif k in ("sup", "sub"):
            tag = "msup" if k == "sup" else "msub"
            r.append(f"<{tag}>{_ml([n[1]])}<mrow>{_ml(n[2])}</mrow></{tag}>")
    return "".join(r)


def _hl(nodes, tight=False):
    r = []
    mt = " mtight" if tight else ""
    for n in nodes:
        k = n[0]
        if k == "num":
            r.append(f'<span class="mord{mt}">{n[1]}</span>')
        elif k == "ident":
            r.append('<span class="mspace" style="margin-right:1em;"></span>' if n[1] == " "
                     else f'<span class="mord mathnormal{mt}">{n[1]}</span>')
        elif k == "op":
            c = n[1]
            if c in _REL and not tight:
                sp = '<span class="mspace" style="margin-right:0.2778em;"></span>'
                r.append(f'{sp}<span class="mrel">{html.escape(c)}</span>{sp}')
            elif c in _BIN and not tight and r:
                sp = '<span class="mspace" style="margin-right:0.2222em;"></span>'
                r.append(f'{sp}<span class="mbin">{html.escape(c)}</span>{sp}')
            elif c in "([":
                r.append(f'<span class="mopen{mt}">{c}</span>')
            elif c in ")]":
                r.append(f'<span class="mclose{mt}">{c}</span>')
            elif c == ",":
                r.append(f'<span class="mpunct{mt}">,</span><span class="mspace" style="margin-right:0.1667em;"></span>')
            else:
                r.append(f'<span class="mord{mt}">{html.escape(c)}</span>')
        elif k == "text":
            r.append(f'<span class="mord text{mt}"><span class="mord{mt}">{html.escape(n[1])}</span></span>')
        elif k == "group":
            r.append(f'<span class="mord{mt}">{_hl(n[1], tight)}</span>')
        elif k == "frac":
            r.append('<span class="mord"><span class="mopen nulldelimiter"></span><span class="mfrac"><span class="vlist-t '
                     'vlist-t2"><span class="vlist-r"><span class="vlist" style="height:1.3214em;"><span style="top:-2.314em;">'
                     f'<span class="pstrut" style="height:3em;"></span><span class="mord">{_hl(n[2])}</span></span>'
                     '<span style="top:-3.23em;"><span class="pstrut" style="height:3em;"></span><span class="frac-line" '
                     'style="border-bottom-width:0.04em;"></span></span><span style="top:-3.677em;"><span class="pstrut" '
                     f'style="height:3em;"></span><span class="mord">{_hl(n[1])}</span></span></span><span class="vlist-s">'
                     '\u200b</span></span><span class="vlist-r"><span class="vlist" style="height:0.686em;"><span></span>'
                     '</span></span></span></span><span class="mclose nulldelimiter"></span></span>')
        elif k == "sqrt":
            r.append('<span class="mord sqrt"><span class="vlist-t vlist-t2"><span class="vlist-r"><span class="vlist" '
                     'style="height:0.9128em;"><span class="svg-align" style="top:-3em;"><span class="pstrut" '
                     f'style="height:3em;"></span><span class="mord" style="padding-left:0.833em;">{_hl(n[1])}</span></span>'
                     '<span style="top:-2.8728em;"><span class="pstrut" style="height:3em;"></span><span class="hide-tail" '
                     'style="min-width:0.853em;height:1.08em;"><svg xmlns="http://www.w3.org/2000/svg" width="400em" '
                     'height="1.08em" viewBox="0 0 400000 1080" preserveAspectRatio="xMinYMin slice"><path d="M95,702 '
                     'c-2.7,0,-7.17,-2.7,-13.5,-8c-5.8,-5.3,-9.5,-10,-9.5,-14 H400000v40H845.2724z M834 80h400000v40h-400000z">'
                     '</path></svg></span></span></span><span class="vlist-s">\u200b</span></span><span class="vlist-r">'
                     '<span class="vlist" style="height:0.1272em;"><span></span></span></span></span></span>')
        elif k == "acc":
            inner = _hl(n[1], tight)
            r.append(f'<span class="mord accent"><span class="mord">{inner}</span>'
                     + (f'<span class="accent-body" style="left:-0.2222em;"><span class="mord">{n[2]}</span></span>' if n[2] else "")
                     + "</span>")
        elif k in ("sup", "sub"):
            top = "-3.063em;margin-right:0.05em;" if k == "sup" else "-2.55em;margin-left:0em;margin-right:0.05em;"
            r.append(f'<span class="mord">{_hl([n[1]], tight)}<span class="msupsub"><span class="vlist-t"><span class="vlist-r">'
                     f'<span class="vlist" style="height:0.8141em;"><span style="top:{top}"><span class="pstrut" '
                     'style="height:2.7em;"></span><span class="sizing reset-size6 size3 mtight">'
                     f'{_hl(n[2], True)}</span></span></span></span></span></span></span>')
    return "".join(r)


def katex(tex: str, display: bool = False) -> str:
    """one line of KaTeX output: MathML copy with the TeX annotation, then the visual span tree"""
    nodes, _ = _parse(_TOK.findall(tex))
    mathml = (f'<span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"'
              + (' display="block"' if display else "")
              + f'><semantics><mrow>{_ml(nodes)}</mrow><annotation encoding="application/x-tex">{html.escape(tex, quote=False)}'
              '</annotation></semantics></math></span>')
    vis = ('<span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" '
           f'style="height:1.04em;vertical-align:-0.25em;"></span>{_hl(nodes)}</span></span>')
    k = f'<span class="katex">{mathml}{vis}</span>'
    return f'<span class="katex-display">{k}</span>' if display else k
