"""English GitHub README where every matrix is an image from an equation service: codecogs URLs with raw LaTeX and
&space; (as its editor exports them, in <img> tags), and render.githubusercontent.com/render/math URLs with fully
percent-encoded LaTeX (in Markdown image syntax). A worked 2-token attention with Wq/Wk/Wv."""
from pathlib import Path
from urllib.parse import quote

import numpy as np

from w5lib import *

toks = ["good", "morning"]
Xs = [["0.6", "0.2", "0.9"], ["0.1", "0.8", "0.4"]]
Wqs = [["0.5", "0.9"], ["0.3", "-0.4"], ["0.8", "0.2"]]
Wks = [["0.7", "-0.2"], ["0.4", "0.6"], ["0.1", "0.9"]]
Wvs = [["0.2", "0.5"], ["0.9", "0.1"], ["0.4", "0.7"]]
X = M(Xs)
Q, K, V = matmul(X, M(Wqs)), matmul(X, M(Wks)), matmul(X, M(Wvs))
S, Sc, E, sums, W, O = attention(Q, K, V)
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(w, float) for w in (Wqs, Wks, Wvs))
Sn = Qn @ Kn.T / np.sqrt(2); Wn = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
check64(Sc, Sn); check64(W, Wn); check64(O, Wn @ Vn)

d = Doc("readme-eq-images", "md",
        "English GitHub README: a worked 2-token self-attention (Wq, Wk, Wv, d_k = 2) in which every matrix, given or "
        "computed, appears only as an equation image: codecogs svg.image URLs with raw LaTeX and &space; inside <img> "
        "tags, and render.githubusercontent.com/render/math URLs with percent-encoded LaTeX in Markdown image syntax",
        "softmax(Q K^T / sqrt(2)) V with Q = X Wq, K = X Wk, V = X Wv",
        script=Path(__file__).name,
        note="numbers inside the image URLs are read after URL-decoding (%5C = backslash, %26 = &, %20 = space, "
             "&space; = space); claims inside an image are listed with their decoded text")
A = d
F = lambda v: fmt(v, 4)


def bm(rows):
    return "\\begin{bmatrix}" + "\\\\".join("&".join(r) for r in rows) + "\\end{bmatrix}"


def cc(tex):
    """codecogs editor style: raw LaTeX, spaces as &space;, column separators padded with &space;"""
    return "https://latex.codecogs.com/svg.image?" + _cc(tex)


def _cc(tex):
    out = []
    for ch in tex:
        out.append("&space;&&space;" if ch == "&" else ("&space;" if ch == " " else ch))
    return "".join(out)


def gh(tex):
    return "https://render.githubusercontent.com/render/math?math=" + quote(tex, safe="")


def rows_of(A_, f):
    return [[f(v) for v in r] for r in A_]


A("# tiny-attention")
A("")
A("![build](https://img.shields.io/badge/build-passing-brightgreen) ![python](https://img.shields.io/badge/python-3.9%2B-blue)",
  nots=["3.9"])
A("")
A("A dependency-free, ~40 line implementation of scaled dot-product attention, with one example worked out by hand "
  "so you can check every number.", nots=["40"])
A("")
A("## Install")
A("")
A("```bash")
A("pip install git+https://github.com/tiny-ml/tiny-attention")
A("```")
A("")
A("## Worked example")
A("")
A("Two tokens, `good` and `morning`, embedded in 3 dimensions and projected to d_k = 2. Rows are tokens.",
  nots=["3", "2"])
A("")
A("### Inputs")
A("")
A(f'<img src="{cc("X=" + bm(Xs))}" title="X" />')
A("")
A(f'<img src="{cc("W_Q=" + bm(Wqs))}" title="W_Q" /> '
  f'<img src="{cc("W_K=" + bm(Wks))}" title="W_K" /> '
  f'<img src="{cc("W_V=" + bm(Wvs))}" title="W_V" />')
A("")
A("### Step 1: project")
A("")
for nm, A_ in (("Q", Q), ("K", K), ("V", V)):
    shown = rows_of(A_, lit)
    A(f"![{nm}]({gh(nm + ' = XW_' + nm + ' = ' + bm(shown))})",
      claims=[(shown[i][m], f"{nm}[{toks[i]}][{m + 1}]", "correct") for i in range(2) for m in range(2)])
    A("")
A("### Step 2: scores")
A("")
shown = rows_of(S, lit)
A(f'<p align="center"><img src="{cc("QK^{T}=" + bm(shown))}" /></p>',
  claims=[(shown[i][j], f"scores[{toks[i]},{toks[j]}]", "correct") for i in range(2) for j in range(2)])
A("")
A("Divide by the square root of d_k:")
A("")
shown = rows_of(Sc, F)
A(f"![scaled]({gh('S = ' + chr(92) + 'frac{QK^T}{' + chr(92) + 'sqrt{2}} = ' + bm(shown))})",
  claims=[(shown[i][j], f"scaled[{toks[i]},{toks[j]}]", "correct") for i in range(2) for j in range(2)], nots=["2"])
A("")
A("### Step 3: softmax (row-wise)")
A("")
A(f"For the first row: e^{F(Sc[0][0])} = {F(E[0][0])} and e^{F(Sc[0][1])} = {F(E[0][1])}, "
  f"so the weights are {F(E[0][0])} / {F(sums[0])} and {F(E[0][1])} / {F(sums[0])}.",
  claims=[(F(E[0][0]), "exp[good,good]", "correct"), (F(E[0][1]), "exp[good,morning]", "correct"),
          (F(E[0][0]), "exp[good,good]", "correct"), (F(E[0][1]), "exp[good,morning]", "correct"),
          (F(sums[0]), "expsum[good]", "correct"), (F(sums[0]), "expsum[good]", "correct")],
  opts=[F(Sc[0][0]), F(Sc[0][1])])
A("")
shown = rows_of(W, F)
A(f'<img src="{cc("A=" + chr(92) + "mathrm{softmax}(S)=" + bm(shown))}" />',
  claims=[(shown[i][j], f"weights[{toks[i]},{toks[j]}]", "correct") for i in range(2) for j in range(2)])
A("")
A("### Step 4: weighted sum of values")
A("")
shown = rows_of(O, F)
A(f"![output]({gh('Z = AV = ' + bm(shown))})",
  claims=[(shown[i][m], f"context[{toks[i]}][{m + 1}]", "correct") for i in range(2) for m in range(2)])
A("")
A(f"`good` keeps {fmt(W[0][0] * 100, 1)}% of its attention on itself; `morning` looks at `good` with weight "
  f"{fmt(W[1][0], 2)}.",
  claims=[(fmt(W[0][0] * 100, 1), "weights[good,good] in percent", "correct"),
          (fmt(W[1][0], 2), "weights[morning,good]", "correct")])
A("")
A("## Usage")
A("")
A("```python")
A("from tiny_attention import attention")
A("")
A("Z, A = attention(X, Wq, Wk, Wv, return_weights=True)")
A("```")
A("")
A("Run `python -m tiny_attention.example` to print the matrices above.")
A("")
A("## License")
A("")
A("MIT")
d.save()
