"""Writes the fd-* test documents of tests/documents/real-styles and their expect files.

Every expected value is computed here with mpmath (50 digits) from the givens as the document prints them, and
cross-checked with NumPy float64; exactformer is never imported. The documents imitate the styles of real
published notebooks and posts (JAX's labelled prints, a Luong attention over annotation columns, a chained
Q = K = V assignment with NumPy's labelled prints and positional encodings, a fused qkv projection whose heads
are declared but not split, W^Q stated beside "assumed" K and V, a product of two printed arrays), with words
and numbers of our own.

    python tests/documents/real-styles/_oracle/fd_make.py
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path

import mpmath as mp
import numpy as np

mp.mp.dps = 50
HERE = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------- arithmetic (mpmath)

def M(rows):
    return [[mp.mpf(str(x)) for x in r] for r in rows]


def matmul(a, b):
    return [[mp.fsum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


def transpose(a):
    return [list(c) for c in zip(*a)]


def softmax(row, masked=()):
    e = [mp.e ** x if j not in masked else mp.mpf(0) for j, x in enumerate(row)]
    s = mp.fsum(e)
    return [x / s for x in e]


def attention(Q, K, V, scale, causal=False):
    S = matmul(Q, transpose(K))
    A = [[x / scale for x in r] for r in S]
    W = [softmax(r, [j for j in range(len(r)) if causal and j > i]) for i, r in enumerate(A)]
    return S, A, W, matmul(W, V)


def check(a, b, tol=1e-9):
    a, b = np.array(a, dtype=float), np.array(b, dtype=float)
    assert np.allclose(a, b, rtol=tol, atol=tol), (a, b)


# ---------------------------------------------------------------- printing

def sig(x, n=8) -> str:
    """x to n significant digits, as NumPy's float32 repr prints it (trailing zeros dropped)."""
    x = mp.mpf(x)
    if x == 0:
        return "0."
    t = mp.nstr(x, n, strip_zeros=True, min_fixed=-5, max_fixed=9)
    t = t[:-1] if t.endswith(".0") else t  # NumPy's 2. for 2.0
    return t if "." in t or "e" in t else t + "."


def fixed(x, d) -> str:
    """x rounded to d decimals (half to even, as printf does on the exact value)."""
    return str(Decimal(mp.nstr(mp.mpf(x), 45, strip_zeros=False)).quantize(Decimal(1).scaleb(-d), ROUND_HALF_EVEN))


def np_rows(rows, fmt, lead=" ") -> str:
    """A matrix printed NumPy's way: columns right-aligned, a bracket per row, no commas."""
    cells = [[fmt(x) for x in r] for r in rows]
    w = max(len(c) for r in cells for c in r)
    lines = []
    for i, r in enumerate(cells):
        body = " ".join(c.rjust(w) for c in r)
        lines.append(("[[" if i == 0 else lead + "[") + body + ("]]" if i == len(cells) - 1 else "]"))
    return "\n".join(lines)


def np_row(row, fmt) -> str:
    cells = [fmt(x) for x in row]
    w = max(len(c) for c in cells)
    return "[" + " ".join(c.rjust(w) for c in cells) + "]"


def torch_rows(rows, d=4, indent="        ", per_line=8) -> str:
    """A matrix as PyTorch prints it: a row longer than the line wraps after ``per_line`` numbers."""
    cells = [[fixed(x, d) for x in r] for r in rows]
    w = max(len(c) for r in cells for c in r)
    lines = []
    for i, r in enumerate(cells):
        parts = [", ".join(c.rjust(w) for c in r[k:k + per_line]) for k in range(0, len(r), per_line)]
        body = (",\n" + indent + " ").join(parts)
        lines.append(("tensor([[" if i == 0 else indent + "[") + body + ("]])" if i == len(cells) - 1 else "],"))
    return "\n".join(lines)


def notebook(cells) -> str:
    out = []
    for kind, src, printed in cells:
        cell: dict = {"cell_type": kind, "metadata": {}, "source": src.splitlines(keepends=True)}
        if kind == "code":
            cell["execution_count"] = None
            cell["outputs"] = [{"output_type": "stream", "name": "stdout",
                                "text": printed.splitlines(keepends=True)}] if printed else []
        out.append(cell)
    return json.dumps({"cells": out, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
                       "nbformat": 4, "nbformat_minor": 5}, indent=1, ensure_ascii=False) + "\n"


class Expect:
    """Claims with the document line each number is written on (a notebook's: its line in the JSON file)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.claims: list[tuple[int, str, str, str]] = []
        self.not_claims: list[tuple[int, str, str]] = []
        self.optional: list[tuple[int, str, str]] = []
        self.at = 0

    def seek(self, marker: str) -> None:
        """Claims that follow are looked for from the line holding ``marker`` on."""
        self.at = next(k for k in range(self.at, len(self.lines)) if marker in self.lines[k])

    def line_of(self, text: str) -> int:
        k = next(k for k in range(self.at, len(self.lines)) if text in self.lines[k])
        return k + 1

    def claim(self, text: str, quantity: str, verdict: str = "correct", same_line: bool = False) -> None:
        line = self.claims[-1][0] if same_line else self.line_of(text)
        self.claims.append((line, text, quantity, verdict))

    def row(self, texts, quantity: str) -> None:
        """The numbers of one printed row, on one line."""
        line = self.line_of(texts[0])
        for k, t in enumerate(texts):
            self.claims.append((line, t, f"{quantity}[{k}]", "correct"))
        self.at = line - 1

    def given(self, text: str, why: str = "given") -> None:
        self.not_claims.append((self.line_of(text), text, why))

    def write(self, path: Path, description: str, model: str, rounding: str, note: str, document: str) -> None:
        def q(s: str) -> str:
            return json.dumps(s, ensure_ascii=False)

        out = [f"# human transcription of {document}, written by _oracle/fd_make.py (mpmath 50 digits, NumPy "
               "float64 cross-check; never exactformer)",
               f"description = {q(description)}", f"model = {q(model)}", f"rounding = {q(rounding)}",
               f"note = {q(note)}", f"document = {q(document)}", ""]
        for line, text, quantity, verdict in self.claims:
            out += ["[[claims]]", f"line = {line}", f"text = {q(text)}", f"quantity = {q(quantity)}",
                    f"verdict = {q(verdict)}", ""]
        for line, text, why in self.not_claims:
            out += ["[[not_claims]]", f"line = {line}", f"text = {q(text)}", f"why = {q(why)}", ""]
        for line, text, why in self.optional:
            out += ["[[optional_claims]]", f"line = {line}", f"text = {q(text)}", f"why = {q(why)}", ""]
        path.write_text("\n".join(out), encoding="utf-8")


# ---------------------------------------------------------------- 1. JAX's labelled prints of random Q, K, V

def jax_labels() -> None:
    Qp = [["0.41872355", "-1.2209307"], ["-0.9368012", "0.27550834"], ["1.1037196", "0.6629451"]]
    Kp = [["-0.25830692", "0.8817735"], ["0.7453003", "-0.51206553"], ["0.12644213", "1.4420766"]]
    Vp = [["0.9140262", "-0.3345731"], ["-1.0768905", "0.59281456"], ["0.33085328", "1.2771094"]]
    Q, K, V = M(Qp), M(Kp), M(Vp)
    _, _, W, C = attention(Q, K, V, mp.sqrt(2))
    q, k, v = (np.array(x, dtype=float) for x in (Q, K, V))
    s = q @ k.T / np.sqrt(2)
    w = np.exp(s) / np.exp(s).sum(1, keepdims=True)
    check(W, w)
    check(C, w @ v)
    printed = ("Q\n " + np_rows(Qp, str) + "\nK\n " + np_rows(Kp, str) + "\nV\n " + np_rows(Vp, str) +
               "\nValues\n " + np_rows(C, sig) + "\nAttention\n " + np_rows(W, sig) + "\n")
    text = notebook([
        ("markdown", "## Scaled dot product attention\n\nThe attention of every query on every key, "
                     "$\\mathrm{softmax}(QK^T/\\sqrt{d_k})V$, on a few random vectors.\n", ""),
        ("code", "def scaled_dot_product(q, k, v):\n    d_k = q.shape[-1]\n"
                 "    logits = jnp.matmul(q, jnp.swapaxes(k, -2, -1)) / math.sqrt(d_k)\n"
                 "    attention = nn.softmax(logits, axis=-1)\n    return jnp.matmul(attention, v), attention\n", ""),
        ("code", "seq_len, d_k = 3, 2\nrng, key = random.split(rng)\nqkv = random.normal(key, (3, seq_len, d_k))\n"
                 "q, k, v = qkv[0], qkv[1], qkv[2]\nvalues, attention = scaled_dot_product(q, k, v)\n"
                 "print(\"Q\\n\", q)\nprint(\"K\\n\", k)\nprint(\"V\\n\", v)\nprint(\"Values\\n\", values)\n"
                 "print(\"Attention\\n\", attention)\n", printed),
        ("markdown", "Work one of these numbers out by hand before going on.\n", ""),
    ])
    name = "fd-jax-labels.ipynb"
    (HERE / name).write_text(text, encoding="utf-8")
    e = Expect(text)
    e.seek('"Values\\n"')
    for i, r in enumerate(C):
        e.row([sig(x) for x in r], f"values row {i}")
    e.seek('"Attention\\n"')
    for i, r in enumerate(W):
        e.row([sig(x) for x in r], f"attention row {i}")
    e.write(HERE / "fd-jax-labels.expect.toml",
            "JAX notebook: random Q, K, V printed under their names on lines of their own, then Values and Attention",
            "scaled dot-product attention, d_k = 2, no mask", "8 significant digits, trailing zeros dropped",
            "Q, K, V printed to 8 significant digits are the givens; later numbers are computed from them", name)


# ---------------------------------------------------------------- 2. Luong attention over annotation columns

def luong_columns() -> None:
    dec = [1, 2, "0.5"]
    ann_rows = [[1, "0.5", 2], ["0.5", 1, 1], [2, 1, "0.5"], [3, "0.5", 1]]  # one annotation a row, as the code lists them
    s = M([dec])[0]
    H = M(ann_rows)
    scores = [mp.fsum(a * b for a, b in zip(s, h)) for h in H]
    w = softmax(scores)
    applied = [[w[j] * H[j][m] for j in range(len(H))] for m in range(3)]  # dim × step, as NumPy broadcasts it
    ctx = [mp.fsum(r) for r in applied]
    hh = np.array(H, dtype=float)
    sc = hh @ np.array(s, dtype=float)
    ww = np.exp(sc) / np.exp(sc).sum()
    check(w, ww)
    check(ctx, hh.T @ ww)

    def arr(xs):
        return "array([" + ", ".join(" " + sig(x) for x in xs) + "], dtype=float128)"

    def arr2(rows):
        body = ",\n       ".join("[" + ", ".join(" " + sig(x) for x in r) + "]" for r in rows)
        return "array([" + body + "], dtype=float128)"

    text = notebook([
        ("markdown", "# Scoring annotations\nOne decoder step of a toy RNN: its hidden state against every "
                     "encoder state (an *annotation*), with the dot product as the score.\n", ""),
        ("code", "dec_hidden_state = [1, 2, 0.5]\n", ""),
        ("markdown", "The annotations, one encoder time step per column:\n", ""),
        ("code", "annotations = np.transpose([[1, 0.5, 2], [0.5, 1, 1], [2, 1, 0.5], [3, 0.5, 1]])\n", ""),
        ("code", "plt.figure(figsize=(1.5, 4.5))\nsns.heatmap(annotations, annot=True)\n", ""),
        ("code", "def dot_attention_score(dec_hidden_state, annotations):\n"
                 "    return np.matmul(np.transpose(dec_hidden_state), annotations)\n\n"
                 "attention_weights_raw = dot_attention_score(dec_hidden_state, annotations)\n"
                 "attention_weights_raw\n",
         "array([ " + ",  ".join(sig(x) for x in scores) + "])\n"),
        ("code", "def softmax(x):\n    x = np.array(x, dtype=np.float128)\n    e_x = np.exp(x)\n"
                 "    return e_x / e_x.sum(axis=0)\n\nattention_weights = softmax(attention_weights_raw)\n"
                 "attention_weights\n", arr(w) + "\n"),
        ("code", "applied_attention = attention_weights * annotations\napplied_attention\n", arr2(applied) + "\n"),
        ("code", "attention_vector = np.sum(applied_attention, axis=1)\nattention_vector\n", arr(ctx) + "\n"),
    ])
    name = "fd-luong-columns.ipynb"
    (HERE / name).write_text(text, encoding="utf-8")
    e = Expect(text)
    e.seek("attention_weights_raw\\n")
    e.seek('"array([')
    e.row([sig(x) for x in scores], "score")
    e.seek("e_x.sum(axis=0)")
    e.seek('"array([')
    e.row([sig(x) for x in w], "weight")
    e.seek("applied_attention = ")
    e.seek('"array([')
    for m in range(3):
        e.row([sig(x) for x in applied[m]], f"applied attention, dim {m}")
    e.seek("attention_vector = ")
    e.seek('"array([')
    e.row([sig(x) for x in ctx], "context")
    e.write(HERE / "fd-luong-columns.expect.toml",
            "Luong dot-product attention of one decoder state over annotations written as the columns of a "
            "transposed list (NumPy float128 prints)",
            "scores = s·h_j (no scaling), softmax, weights times annotations (dim × step), context = row sums",
            "8 significant digits", "figsize is a plot setting, not a claim", name)


# ---------------------------------------------------------------- 3. Q = K = V, one query, then PE

def chained_pe() -> None:
    rows = [["0.2", "0.1", "0.4", "0.3"], ["0.6", "0.5", "0.8", "0.7"], ["1.0", "0.9", "1.2", "1.1"]]
    toks = ["we", "read", "books"]
    X = M(rows)
    q = X[1]
    scores = [mp.fsum(a * b for a, b in zip(q, k)) for k in X]
    scaled = [x / 2 for x in scores]
    w = softmax(scaled)
    out = [mp.fsum(w[j] * X[j][m] for j in range(3)) for m in range(4)]
    pe = [[mp.sin(p / mp.mpf(10000) ** (mp.mpf(2 * (m // 2)) / 4)) if m % 2 == 0 else
           mp.cos(p / mp.mpf(10000) ** (mp.mpf(2 * (m // 2)) / 4)) for m in range(4)] for p in range(3)]
    xpe = [[X[p][m] + pe[p][m] for m in range(4)] for p in range(3)]
    xx = np.array(X, dtype=float)
    ws = np.exp(xx @ xx[1] / 2)
    check(w, ws / ws.sum())
    check(out, (ws / ws.sum()) @ xx)

    def p8(x):
        t = f"{float(x):.8f}".rstrip("0")
        return t if not t.endswith(".") else t

    def sci(x):
        return f"{float(x):.8e}"

    text = notebook([
        ("markdown", "## 1. 自注意力\n\n$$\\text{Attention}(Q,K,V)=\\text{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}}"
                     "\\right)V$$\n", ""),
        ("code", "import numpy as np\n\nQ = K = V = [\n" +
         "".join(f"    [{', '.join(r)}], # {t}\n" for r, t in zip(rows, toks)) +
         "]\nQ = np.array(Q)\nK = np.array(K)\nV = np.array(V)\n\n# read 这个词的注意力\n"
         "scores = np.dot(Q[1], K.T)\nprint(\"scores\", scores)\nscale_scores = scores / np.sqrt(K.shape[1])\n"
         "print(\"scale_scores\", scale_scores)\nweights = np.exp(scale_scores) / np.sum(np.exp(scale_scores))\n"
         "print(\"weights\", weights)\noutput = np.dot(weights, V)\nprint(\"output\", output)\n",
         f"scores {np_row(scores, p8)}\nscale_scores {np_row(scaled, p8)}\nweights {np_row(w, p8)}\n"
         f"output {np_row(out, p8)}\n"),
        ("markdown", "## 2. 位置编码\n\n$$PE_{(pos,2i)}=\\sin\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right),\\quad "
                     "PE_{(pos,2i+1)}=\\cos\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)$$\n", ""),
        ("code", "Q = K = V = [\n" + "".join(f"    [{', '.join(r)}], # {t}\n" for r, t in zip(rows, toks)) +
         "]\nposition = [0, 1, 2]\nd_model = 4\n\ndef positional_encoding(position, d_model):\n"
         "    pe = np.zeros((len(position), d_model))\n    for pos in range(len(position)):\n"
         "        for i in range(0, d_model, 2):\n            angle = pos / np.power(10000, i / d_model)\n"
         "            pe[pos, i] = np.sin(angle)\n            pe[pos, i + 1] = np.cos(angle)\n    return pe\n\n"
         "pe = positional_encoding(position, d_model)\nprint('PE\\n', pe)\nQ = Q + pe\nprint('Q + PE\\n', Q)\n",
         "PE\n " + np_rows(pe, sci) + "\nQ + PE\n " + np_rows(xpe, p8) + "\n"),
    ])
    name = "fd-chained-pe.ipynb"
    (HERE / name).write_text(text, encoding="utf-8")
    e = Expect(text)
    e.seek('"scores [')
    e.row([p8(x) for x in scores], "scores of read")
    e.row([p8(x) for x in scaled], "scaled scores of read (/2)")
    e.row([p8(x) for x in w], "weights of read")
    e.row([p8(x) for x in out], "output of read")
    e.seek('"PE\\n"')
    for p in range(3):
        e.row([sci(x) for x in pe[p]], f"PE pos {p}")
    e.seek('"Q + PE\\n"')
    for p in range(3):
        e.row([p8(x) for x in xpe[p]], f"x + PE pos {p}")
    e.write(HERE / "fd-chained-pe.expect.toml",
            "Chinese study notebook: Q = K = V = one matrix (rows named in comments), one query's scores, scaled, "
            "weights and output printed under their names; then sinusoidal PE and x + PE",
            "attention on the inputs themselves for the query 'read', /sqrt(4); PE base 10000 (its own loop)",
            "NumPy prints: 8 decimals, trailing zeros dropped; PE in e-notation", "two computations", name)


# ---------------------------------------------------------------- 4. a fused qkv projection, heads not split

def fused_nosplit() -> None:
    x = [["1.0", "0.0", "2.0", "1.0"], ["0.0", "1.0", "1.0", "2.0"]]
    wq = [["0.1", "0.0", "0.2", "0.1"], ["0.0", "0.3", "0.1", "0.0"], ["0.2", "0.1", "0.0", "0.1"],
          ["0.1", "0.1", "0.1", "0.1"]]
    wk = [["0.2", "0.1", "0.0", "0.0"], ["0.1", "0.0", "0.1", "0.2"], ["0.0", "0.2", "0.2", "0.1"],
          ["0.3", "0.0", "0.1", "0.0"]]
    wv = [["1.0", "0.0", "0.0", "0.5"], ["0.0", "1.0", "0.5", "0.0"], ["0.5", "0.0", "1.0", "0.0"],
          ["0.0", "0.5", "0.0", "1.0"]]
    W = wq + wk + wv  # (3C, C): applied as x @ W.T
    X = M(x)
    qkv = matmul(X, transpose(M(W)))
    Q = [r[0:4] for r in qkv]
    K = [r[4:8] for r in qkv]
    V = [r[8:12] for r in qkv]
    S, A, Wt, C = attention(Q, K, V, mp.sqrt(2), causal=True)
    xn, wn = np.array(X, dtype=float), np.array(M(W), dtype=float)
    check(qkv, xn @ wn.T)
    q, k = (xn @ wn.T)[:, :4], (xn @ wn.T)[:, 4:8]
    check(A, q @ k.T / np.sqrt(2))

    def t4(rows):
        return torch_rows(rows, 4)

    def t4_4d(rows):
        inner = torch_rows(rows, 4, indent="          ").replace("tensor([[", "tensor([[[[", 1)
        return inner[:-3] + "]]]])"

    att_masked = [[fixed(A[0][0], 4), "-inf"], [fixed(A[1][0], 4), fixed(A[1][1], 4)]]
    w_ = max(len(c) for r in att_masked for c in r)
    masked = (f"tensor([[[[{att_masked[0][0].rjust(w_)}, {att_masked[0][1].rjust(w_)}],\n"
              f"          [{att_masked[1][0].rjust(w_)}, {att_masked[1][1].rjust(w_)}]]]])")
    wfix = [[fixed(v, 4) for v in r] for r in Wt]
    soft = f"tensor([[[[{wfix[0][0]}, {wfix[0][1]}],\n          [{wfix[1][0]}, {wfix[1][1]}]]]])"
    src_w = "qkv_proj_weight = torch.tensor([\n" + "".join(
        f"    [{', '.join(r)}],   # {tag}{k % 4}\n" for k, (r, tag) in enumerate(zip(W, ["q"] * 4 + ["k"] * 4 + ["v"] * 4))) \
        + "], dtype=torch.float32)  # (3C, C)\n"
    text = notebook([
        ("code", "T = 2\nC = 4\nn_heads = 2\nhead_dim = C // n_heads\n\n# entrada: 2 tokens\nx = torch.tensor([\n"
                 f"    [{', '.join(x[0])}],  # token 0\n    [{', '.join(x[1])}]   # token 1\n])\n", ""),
        ("code", src_w, ""),
        ("code", "qkv = x @ qkv_proj_weight.t()\nprint(\"qkv:\")\nprint(qkv)\nq, k, v = qkv.chunk(3, dim=1)\n"
                 "print(\"q:\")\nprint(q)\nprint(\"k:\")\nprint(k)\nprint(\"v:\")\nprint(v)\n",
         "qkv:\n" + torch_rows(qkv, 4) + "\nq:\n" + t4(Q) + "\nk:\n" + t4(K) + "\nv:\n" + t4(V) + "\n"),
        ("code", "att = (q @ k.transpose(-2, -1)) / math.sqrt(head_dim)\nprint(att)\n", t4(A) + "\n"),
        ("code", "mask = torch.tril(torch.ones(T, T)).view(1, 1, T, T)\n"
                 "att = att.masked_fill(mask[:, :, :T, :T] == 0, float('-inf'))\nprint(\"causal:\")\nprint(att)\n",
         "causal:\n" + masked + "\n"),
        ("code", "att = torch.softmax(att, dim=-1)\nprint(\"softmax:\")\nprint(att)\n", "softmax:\n" + soft + "\n"),
        ("code", "y = att @ v\nprint(\"saida:\")\nprint(y)\n", "saida:\n" + t4_4d(C) + "\n"),
    ])
    name = "fd-fused-nosplit.ipynb"
    (HERE / name).write_text(text, encoding="utf-8")
    e = Expect(text)
    e.seek('"qkv:\\n"')
    for i, r in enumerate(qkv):  # torch wraps a row of 12 numbers over two lines
        for m, v in enumerate(r):
            t = fixed(v, 4)
            e.claim(t, f"qkv[{i}][{m}]")
            e.at = e.claims[-1][0] - 1
        e.at += 1
    for label, mat in (("q", Q), ("k", K), ("v", V)):
        e.seek(f'"{label}:\\n"')
        for i, r in enumerate(mat):
            e.row([fixed(v, 4) for v in r], f"{label} row {i}")
            e.at += 1
    e.seek("math.sqrt(head_dim)")
    e.seek('"tensor(')
    for i, r in enumerate(A):
        e.row([fixed(v, 4) for v in r], f"att row {i} (/sqrt(head_dim))")
        e.at += 1
    e.seek('"causal:\\n"')
    e.row([fixed(A[0][0], 4)], "masked att row 0")
    e.at += 1
    e.row([fixed(A[1][0], 4), fixed(A[1][1], 4)], "masked att row 1")
    e.seek('"softmax:\\n"')
    e.row(wfix[0], "weights row 0")
    e.at += 1
    e.row(wfix[1], "weights row 1")
    e.seek('"saida:\\n"')
    for i, r in enumerate(C):
        e.row([fixed(v, 4) for v in r], f"y row {i}")
        e.at += 1
    e.write(HERE / "fd-fused-nosplit.expect.toml",
            "Portuguese PyTorch notebook: one fused qkv_proj_weight (3C x C) applied as x @ W.t(), q, k, v chunks, "
            "n_heads = 2 declared but q and k never split, scores / sqrt(head_dim), causal mask, softmax, output",
            "one head of width 4, scale sqrt(2) (head_dim), causal", "torch: 4 decimals", "", name)


# ---------------------------------------------------------------- 5. W^Q stated, K and V assumed

def assumed_kv() -> None:
    X = M([[1, 1, 0], [0, 1, 2]])
    Wq = M([[1, 0], [0, 1], [1, 1]])
    Q = matmul(X, Wq)  # [1, 1], [2, 3]
    K = M([[1, 0], [1, 1]])
    V = M([[4, 2], [0, 6]])
    S = matmul(Q, transpose(K))  # [1, 2], [2, 5]
    root = mp.mpf("1.4")  # √2 ≈ 1.41, taken as 1.4
    A = [[x / root for x in r] for r in S]
    W = [softmax(r) for r in A]
    Wr = [[mp.mpf(fixed(x, 2)) for x in r] for r in W]  # the weights as the post rounds them, then works with
    C = matmul(Wr, V)
    check(S, np.array(Q, dtype=float) @ np.array(K, dtype=float).T)

    def t(x, d):
        return fixed(x, d).rstrip("0").rstrip(".") if "." in fixed(x, d) else fixed(x, d)

    a = [[fixed(x, 2) for x in r] for r in A]
    w = [[fixed(x, 2) for x in r] for r in W]
    text = "\n".join([
        "---", "title: 一个自注意力的完整小例子", "tags: [attention]", "---", "",
        "句子只有两个词：**Hello World**。Embedding 维度为 3，Q/K 的维度为 2。", "",
        "$$X = \\begin{bmatrix} 1 & 1 & 0 \\\\ 0 & 1 & 2 \\end{bmatrix} \\begin{matrix} \\leftarrow \\text{Hello} "
        "\\\\ \\leftarrow \\text{World} \\end{matrix}$$", "",
        "查询矩阵的权重：", "",
        "$$W^Q = \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\\\ 1 & 1 \\end{bmatrix}$$", "",
        "公式：$Q = X \\cdot W^Q$", "",
        "$$Q = \\begin{bmatrix} 1 & 1 \\\\ 2 & 3 \\end{bmatrix} \\begin{matrix} \\leftarrow \\text{Hello} \\\\ "
        "\\leftarrow \\text{World} \\end{matrix}$$", "",
        "K 和 V 这里直接给出假设的结果：", "",
        "$$K = \\begin{bmatrix} 1 & 0 \\\\ 1 & 1 \\end{bmatrix} \\begin{matrix} \\leftarrow \\text{Hello} \\\\ "
        "\\leftarrow \\text{World} \\end{matrix}$$", "",
        "$$V = \\begin{bmatrix} 4 & 2 \\\\ 0 & 6 \\end{bmatrix} \\begin{matrix} \\leftarrow \\text{Hello} \\\\ "
        "\\leftarrow \\text{World} \\end{matrix}$$", "",
        "### 得分", "",
        "- Hello vs Hello: $1\\times1 + 1\\times0 = \\mathbf{1}$",
        "- World vs World: $2\\times1 + 3\\times1 = \\mathbf{5}$", "",
        "$$\\text{Scores} = \\begin{bmatrix} 1 & 2 \\\\ 2 & 5 \\end{bmatrix}$$", "",
        "### 缩放", "",
        "$d_k = 2$，所以 $\\sqrt{d_k} \\approx 1.41$，为了好算取 1.4。", "",
        "$$\\text{Scaled} = \\begin{bmatrix} 1/1.4 & 2/1.4 \\\\ 2/1.4 & 5/1.4 \\end{bmatrix} \\approx "
        f"\\begin{{bmatrix}} {a[0][0]} & {a[0][1]} \\\\ {a[1][0]} & {a[1][1]} \\end{{bmatrix}}$$", "",
        "### Softmax", "",
        f"$$\\text{{Weights}} = \\begin{{bmatrix}} {w[0][0]} & {w[0][1]} \\\\ {w[1][0]} & {w[1][1]} \\end{{bmatrix}}$$",
        "",
        "### 加权求和", "",
        f"- Hello 第一维: ${w[0][0]} \\times 4 + {w[0][1]} \\times 0 = {t(C[0][0], 4)}$",
        f"- Hello 第二维: ${w[0][0]} \\times 2 + {w[0][1]} \\times 6 = {t(C[0][1], 4)}$", "",
    ]) + "\n"
    name = "fd-assumed-kv.md"
    (HERE / name).write_text(text, encoding="utf-8")
    e = Expect(text)
    e.seek("$$Q = ")
    e.row(["1", "1", "2", "3"], "Q = X W^Q (Hello, World)")
    e.seek("Hello vs Hello")
    e.claim("1", "score Hello Hello (working)")
    e.seek("World vs World")
    e.claim("5", "score World World (working)")
    e.seek("\\text{Scores}")
    e.row(["1", "2", "2", "5"], "scores")
    e.seek("\\text{Scaled}")
    e.at = e.line_of("\\approx") - 1
    e.row(a[0] + a[1], "scaled (/1.4)")
    e.seek("\\text{Weights}")
    e.row(w[0] + w[1], "weights")
    e.seek("Hello 第一维")
    e.claim(t(C[0][0], 4), "context Hello [0] from the rounded weights")
    e.seek("Hello 第二维")
    e.claim(t(C[0][1], 4), "context Hello [1] from the rounded weights")
    e.write(HERE / "fd-assumed-kv.expect.toml",
            "Chinese Markdown post: X and W^Q stated, Q = X W^Q worked, K and V given as assumed results, "
            "sqrt(d_k) rounded to 1.4 on purpose, weights rounded to 2 decimals then used",
            "Q = X W^Q; K, V given; scale 1.4; softmax by rows; context from the rounded weights",
            "2 decimals", "", name)


# ---------------------------------------------------------------- 6. a product of two printed arrays

def embed_product() -> None:
    seq = [["0.5"], ["1.5"], ["-1.0"], ["3.0"]]
    wp = ["0.73124059", "-1.1846202", "0.04477136"]
    S, Wm = M(seq), M([wp])
    E = matmul(S, Wm)
    check(E, np.array(S, dtype=float) @ np.array(Wm, dtype=float))

    def p8(x):
        return f"{float(x):.8f}".rstrip("0")

    text = notebook([
        ("markdown", "# Линейное вложение чисел\n", ""),
        ("code", "sequence = np.array([[0.5], [1.5], [-1.0], [3.0]])  # (4, 1)\nd_model = 3\n", ""),
        ("code", "W_embed = np.random.randn(1, d_model)\nprint(f\"W_embed:\\n {W_embed}\")\n"
                 "embedded = sequence @ W_embed  # (4, d_model)\nprint(f\"embedded:\\n {embedded}\")\n",
         f"W_embed:\n [[{'  '.join(wp)}]]\nembedded:\n " + np_rows(E, p8) + "\n"),
    ])
    name = "fd-embed-product.ipynb"
    (HERE / name).write_text(text, encoding="utf-8")
    e = Expect(text)
    e.seek('"embedded:\\n"')
    for i, r in enumerate(E):
        e.row([p8(x) for x in r], f"embedded row {i}")
        e.at += 1
    e.write(HERE / "fd-embed-product.expect.toml",
            "Russian notebook: a column of numbers times a printed random W_embed (the code's product)",
            "embedded = sequence @ W_embed, no bias", "8 decimals, trailing zeros dropped", "", name)


if __name__ == "__main__":
    jax_labels()
    luong_columns()
    chained_pe()
    fused_nosplit()
    assumed_kv()
    embed_product()
    print("written")
