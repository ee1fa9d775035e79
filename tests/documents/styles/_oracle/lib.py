"""Independent oracle for the style documents (mpmath at 50 digits, NumPy float64 cross-check); never exactformer.

Each dNN_*.py writes one document and its NAME.expect.toml into the parent directory (tests/documents/styles):
    python3 make_all.py      # regenerate every document and expect file, with the NumPy cross-check
"""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import mpmath
from mpmath import mpf

mpmath.mp.dps = 50
OUT = Path(__file__).resolve().parent.parent  # tests/documents/styles


def M(rows):
    """Strings/numbers -> mpf matrix (list of lists) or vector."""
    if isinstance(rows[0], (list, tuple)):
        return [[mpf(str(v)) for v in r] for r in rows]
    return [mpf(str(v)) for v in rows]


def matmul(A, B):
    return [[mpmath.fsum(A[i][k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))]
            for i in range(len(A))]


def vecmat(x, B):
    return [mpmath.fsum(x[k] * B[k][j] for k in range(len(B))) for j in range(len(B[0]))]


def dot(a, b):
    return mpmath.fsum(x * y for x, y in zip(a, b))


def softmax(row):
    e = [mpmath.exp(v) for v in row]
    s = mpmath.fsum(e)
    return [v / s for v in e]


def r(x, nd: int, strip: bool = False, tie_ok: bool = False) -> str:
    """Round half-up to nd decimals; refuse near-ties (authors' rounding would be ambiguous)."""
    s = mpmath.nstr(x, 45, strip_zeros=False, min_fixed=-100, max_fixed=100)
    d = Decimal(s)
    scaled = abs(d) * (Decimal(10) ** nd)
    frac = scaled - int(scaled)
    if not tie_ok and abs(frac - Decimal("0.5")) < Decimal("1e-20"):
        raise ValueError(f"near tie rounding {s} to {nd}")
    q = d.quantize(Decimal(1).scaleb(-nd), rounding=ROUND_HALF_UP)
    out = f"{q:f}"
    if out.startswith("-") and Decimal(out) == 0:
        out = out[1:]
    if strip and "." in out:
        out = out.rstrip("0").rstrip(".")
        if out in ("", "-"):
            out = "0"
    return out


def exact_str(x, nd=12):
    """A value that is an exact short decimal (e.g. 0.23) -> its shortest text."""
    return r(x, nd, strip=True)


NUM = re.compile(r"(?<![\w.])[-−]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


class Doc:
    def __init__(self, name: str, description: str, model: str, rounding: str, note: str = ""):
        self.name = name
        self.description = description
        self.model = model
        self.rounding = rounding
        self.note = note
        self.lines: list[str] = []
        self.claims: list[tuple[int, str, str, str]] = []
        self.nots: list[tuple[int, str]] = []
        self.opts: list[tuple[int, str]] = []

    def add(self, text: str = "", claims=(), nots=(), opts=()):
        for part in text.split("\n")[:-1]:
            self.lines.append(part)
        text = text.split("\n")[-1]
        self.lines.append(text)
        ln = len(self.lines)
        toks = [m.group(0) for m in NUM.finditer(text)]
        toks = [t[:-1] if (t.endswith('.') and t[:-1] in [c[0] for c in claims] + list(nots) + list(opts) and t not in [c[0] for c in claims] + list(nots) + list(opts)) else t for t in toks]
        need: dict[str, int] = {}
        for c in claims:
            txt, qty, verdict = c
            assert verdict in ("correct", "wrong", "propagated", "any"), verdict
            self.claims.append((ln, txt, qty, verdict))
            need[txt] = need.get(txt, 0) + 1
        for t in nots:
            self.nots.append((ln, t))
            need[t] = need.get(t, 0) + 1
        for t in opts:
            self.opts.append((ln, t))
            need[t] = need.get(t, 0) + 1
        for t, n in need.items():
            have = toks.count(t)
            if have < n and text.count(t) >= n:
                have = n
            if have < n:
                raise AssertionError(f"{self.name}:{ln}: {t!r} x{n} not in {toks} :: {text}")
        return ln

    def write(self, ext: str = "md"):
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / f"{self.name}.{ext}").write_text("\n".join(self.lines) + "\n", encoding="utf-8")

        def q(s: str) -> str:
            return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

        out = [f"description = {q(self.description)}", f"model = {q(self.model)}",
               f"rounding = {q(self.rounding)}"]
        if self.note:
            out.append(f"note = {q(self.note)}")
        out.append(f"document = {q(self.name + '.' + ext)}")
        slips = getattr(self, "planted", None)
        if slips is None:
            slips = sum(1 for c in self.claims if c[3] == "wrong")
        out.append(f"planted_slips = {slips}  # distinct slips; a slip restated on another line is one slip")
        for ln, txt, qty, verdict in self.claims:
            out += ["", "[[claims]]", f"line = {ln}", f"text = {q(txt)}", f"quantity = {q(qty)}",
                    f"verdict = {q(verdict)}"]
        for ln, txt in self.nots:
            out += ["", "[[not_claims]]", f"line = {ln}", f"text = {q(txt)}"]
        for ln, txt in self.opts:
            out += ["", "[[optional_claims]]", f"line = {ln}", f"text = {q(txt)}"]
        (OUT / f"{self.name}.expect.toml").write_text("\n".join(out) + "\n", encoding="utf-8")
        import tomllib
        tomllib.loads((OUT / f"{self.name}.expect.toml").read_text(encoding="utf-8"))
        print(f"{self.name}.{ext}: {len(self.lines)} lines, {len(self.claims)} claims, {slips} slips")


def ex2(x, nd=12):
    """Exact short decimal, at least 2 decimals (0 -> 0.00, 1 -> 1.00)."""
    s = exact_str(x, nd)
    if "." not in s:
        s += ".00"
    elif len(s.split(".")[1]) < 2:
        s += "0"
    return s


class Cell:
    def __init__(self, value, text, verdict):
        self.value, self.text, self.verdict = value, text, verdict

    def __repr__(self):
        return f"{self.text}({self.verdict[0]})"


def fmt(x, nd, style):
    if nd is None:
        return ex2(x) if style == "pad2" else exact_str(x)
    return r(x, nd, strip=(style == "strip"))


def attention(X=None, Wq=None, Wk=None, Wv=None, Q=None, K=None, V=None, scale=True, causal=False,
              nd=None, chained=False, sqrt_text=None, slips=None, style="fixed"):
    """Every printed cell of a single-head attention, with its verdict.

    slips: {(step, i, j): printed_wrong_text}; steps Q K V scores scaled exp expsum weights context.
    exact mode: downstream of a slip uses the slipped printed value, everything else exact.
    chained mode: every step computed from the previous step's printed (rounded) values.
    """
    nd = {"Q": None, "scores": 4, "scaled": 4, "exp": 4, "expsum": 4, "weights": 4, "context": 4, **(nd or {})}
    slips = slips or {}
    nd.setdefault("K", nd["Q"]); nd.setdefault("V", nd["Q"])
    out = {}

    def emit(step, i, j, val, tainted):
        key = (step, i, j)
        if key in slips:
            t = slips[key]
            return Cell(mpf(t), t, "wrong")
        t = fmt(val, nd[step], style)
        c = Cell(val, t, "propagated" if tainted else "correct")
        if chained:
            c.value = mpf(t)
        return c

    if Q is None:
        Xm = M(X)
        mats = {"Q": matmul(Xm, M(Wq)), "K": matmul(Xm, M(Wk)), "V": matmul(Xm, M(Wv))}
        for s in "QKV":
            out[s] = [[emit(s, i, j, v, False) for j, v in enumerate(row)] for i, row in enumerate(mats[s])]
    else:
        for s, m in (("Q", Q), ("K", K), ("V", V)):
            out[s] = [[Cell(v, str(t), "given") for v, t in zip(row, trow)] for row, trow in zip(M(m), m)]
    n = len(out["Q"]); dk = len(out["Q"][0])
    taint = lambda cells: any(c.verdict in ("wrong", "propagated") for c in cells)
    sc = []
    for i in range(n):
        row = []
        for j in range(n):
            qs, ks = out["Q"][i], out["K"][j]
            row.append(emit("scores", i, j, dot([c.value for c in qs], [c.value for c in ks]), taint(qs + ks)))
        sc.append(row)
    out["scores"] = sc
    if scale:
        sq = mpf(sqrt_text) if (chained and sqrt_text) else mpmath.sqrt(dk)
        out["scaled"] = [[emit("scaled", i, j, c.value / sq, taint([c])) for j, c in enumerate(row)]
                         for i, row in enumerate(sc)]
    else:
        out["scaled"] = sc
    S = out["scaled"]
    vis = lambda i, j: (j <= i) if causal else True
    ex, es, w = [], [], []
    for i in range(n):
        erow = [emit("exp", i, j, mpmath.exp(S[i][j].value), taint([S[i][j]])) if vis(i, j) else None for j in range(n)]
        ex.append(erow)
        live = [c for c in erow if c is not None]
        if chained:
            es_c = emit("expsum", i, 0, mpmath.fsum(c.value for c in live), taint(live))
            es.append(es_c)
            wrow = []
            for j in range(n):
                if erow[j] is None:
                    wrow.append(Cell(mpf(0), fmt(mpf(0), nd["weights"], style), "correct"))
                else:
                    wrow.append(emit("weights", i, j, erow[j].value / es_c.value, taint([erow[j], es_c])))
        else:
            sv = [S[i][j] for j in range(n) if vis(i, j)]
            tot = mpmath.fsum(mpmath.exp(c.value) for c in sv)
            es_c = emit("expsum", i, 0, tot, taint(sv) or taint(live))
            es.append(es_c)
            wrow = []
            for j in range(n):
                if not vis(i, j):
                    wrow.append(Cell(mpf(0), fmt(mpf(0), nd["weights"], style), "correct"))
                else:
                    wrow.append(emit("weights", i, j, mpmath.exp(S[i][j].value) / tot, taint(sv)))
        w.append(wrow)
    out["exp"], out["expsum"], out["weights"] = ex, es, w
    Vc = out["V"]
    ctx = []
    for i in range(n):
        row = []
        for c in range(len(Vc[0])):
            deps = [w[i][j] for j in range(n) if vis(i, j)] + [Vc[j][c] for j in range(n) if vis(i, j)]
            val = mpmath.fsum(w[i][j].value * Vc[j][c].value for j in range(n) if vis(i, j))
            row.append(emit("context", i, c, val, taint(deps)))
        ctx.append(row)
    out["context"] = ctx
    return out


def claims_of(cells, qty):
    """cells: list of Cell (a row) -> claim tuples; qty(j) -> quantity string."""
    return [(c.text, qty(j), c.verdict) for j, c in enumerate(cells)]


def pe(pos, d, base=10000):
    row = []
    for k in range(d):
        i = k // 2
        ang = mpf(pos) / mpf(base) ** (mpf(2 * i) / d)
        row.append(mpmath.sin(ang) if k % 2 == 0 else mpmath.cos(ang))
    return row


def torch_str(cells_text, indent=0):
    """cells_text: list of rows of strings already rounded to 4 dp -> torch-like tensor([[...]]) lines."""
    w = max(len(t) for row in cells_text for t in row)
    lines = []
    for i, row in enumerate(cells_text):
        body = ", ".join(t.rjust(w) for t in row)
        pre = "tensor([[" if i == 0 else " " * 8 + "["
        end = "]])" if i == len(cells_text) - 1 else "],"
        lines.append(" " * indent + pre + body + end)
    return lines


def bmatrix_lines(rows_text, name=None, comments=None, indent="  "):
    """rows_text: list of rows of strings -> list of lines of a $$ \\begin{bmatrix} ... $$ block (one row per line)."""
    out = ["$$"]
    out.append((f"{name} = " if name else "") + "\\begin{bmatrix}")
    for i, row in enumerate(rows_text):
        sep = " \\\\" if i < len(rows_text) - 1 else ""
        line = indent + " & ".join(row) + sep
        if comments:
            line += f"  % {comments[i]}"
        out.append(line)
    out.append("\\end{bmatrix}")
    out.append("$$")
    return out


def settle(A, A0):
    """A propagated cell whose printed text equals the slip-free computation's text is undecidable -> 'any'."""
    n = 0
    for step in ("Q", "K", "V", "scores", "scaled", "exp", "weights", "context"):
        for ra, rb in zip(A[step], A0[step]):
            for ca, cb in zip(ra, rb):
                if ca is not None and ca.verdict == "propagated" and ca.text == cb.text:
                    ca.verdict = "any"; n += 1
    for ca, cb in zip(A["expsum"], A0["expsum"]):
        if ca.verdict == "propagated" and ca.text == cb.text:
            ca.verdict = "any"; n += 1
    print("settled", n)


def numpy_check(A, X=None, Wq=None, Wk=None, Wv=None, Q=None, K=None, V=None, scale=True, causal=False):
    """Float64 NumPy recomputation, independent of the mpmath pipeline: every untainted cell must agree to 1e-12."""
    import numpy as np
    f = lambda m: np.array([[float(v) for v in row] for row in m])
    if Q is None:
        Xn = f(X); Qn, Kn, Vn = Xn @ f(Wq), Xn @ f(Wk), Xn @ f(Wv)
    else:
        Qn, Kn, Vn = f(Q), f(K), f(V)
    S = Qn @ Kn.T
    Sc = S / np.sqrt(Qn.shape[1]) if scale else S
    if causal:
        Sc = np.where(np.tri(len(S)) > 0, Sc, -np.inf)
    W = np.exp(Sc); W = W / W.sum(axis=1, keepdims=True)
    C = W @ Vn
    ref = {"Q": Qn, "K": Kn, "V": Vn, "scores": S, "scaled": Sc, "weights": W, "context": C}
    n = 0
    for step, mat in ref.items():
        for i, row in enumerate(A[step]):
            for j, c in enumerate(row):
                if c is None or c.verdict not in ("correct",) or not np.isfinite(mat[i][j]):
                    continue
                if abs(float(c.value) - mat[i][j]) > 1e-9:
                    raise AssertionError(f"numpy disagrees at {step}[{i}][{j}]: {c.value} vs {mat[i][j]}")
                n += 1
    return n
