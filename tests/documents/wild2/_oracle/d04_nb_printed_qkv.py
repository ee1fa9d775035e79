"""Jupyter notebook (NumPy): Q, K, V come from random weights that are never printed; Q/K/V are printed to 4 decimals
(givens, rounded), then scores, scaled scores, softmax weights and outputs are printed, computed at full precision."""
from pathlib import Path

import numpy as np

from w2lib import *

rng = np.random.default_rng(20240611)
Xn = np.round(rng.normal(size=(3, 4)), 3)
Wq, Wk, Wv = (rng.normal(size=(4, 3)) * 0.6 for _ in range(3))
Qn, Kn, Vn = Xn @ Wq, Xn @ Wk, Xn @ Wv
dk = 3
Sn = Qn @ Kn.T
Scn = Sn / np.sqrt(dk)
En = np.exp(Scn - Scn.max(axis=1, keepdims=True))
An = En / En.sum(axis=1, keepdims=True)
On = An @ Vn
# exact recomputation from the float64 Q, K, V the notebook actually held
Q = [[mpf(float(v)) for v in r] for r in Qn]
K = [[mpf(float(v)) for v in r] for r in Kn]
Vm = [[mpf(float(v)) for v in r] for r in Vn]
S = matmul(Q, tr(K))
Sc = [[v / mpmath.sqrt(dk) for v in r] for r in S]
A = [smax(r) for r in Sc]
O = matmul(A, Vm)
np_same(A, An); np_same(O, On)
toks = ["cats", "chase", "mice"]

d = Doc("nb-printed-qkv", "ipynb",
        "Jupyter notebook (NumPy, nbformat 4 with outputs): Q, K, V are projections by random weights that are never "
        "printed; the notebook prints Q, K, V with precision=4 (givens, rounded) and then the raw scores, the scores "
        "divided by sqrt(d_k), the softmax weights (with a row-sum check) and the outputs, all computed at full precision",
        "softmax(Q K^T / sqrt(3)) V with Q, K, V given (printed rounded to 4 decimals)", "exact", givens_rounded=True,
        note="every printed value is the rounding of the exact value computed from the full-precision Q, K, V; recomputing "
             "from the printed 4-decimal Q, K, V can move the last digit; lines are lines of the .ipynb JSON file, cell is the 0-based cell index",
        gen=Path(__file__).name)
nb = Notebook(d)


def pr(a):
    with np.printoptions(precision=4, suppress=True):
        return str(a).split("\n")


def rp(a):
    with np.printoptions(precision=4, suppress=True):
        return repr(a).split("\n")


def attach(lines, Mx, qty):
    out = []
    for i, ln in enumerate(lines):
        body = ln.split("array(")[-1]
        tk = line_tokens(body)
        assert len(tk) == len(Mx[i]), (ln, tk)
        for j, t in enumerate(tk):
            check(t, Mx[i][j])
        out.append((ln, [(t, qty(i, j), "correct") for j, t in enumerate(tk)]))
    return out


nb.md(["# Scaled dot-product attention: looking at the actual numbers",
       "",
       "Small experiment for my study group. Three tokens (*cats chase mice*), `d_model = 4`, one head with `d_k = 3`.",
       "The projection weights are random; I only print what comes out of them."])
nb.code(["import numpy as np", "", "rng = np.random.default_rng(20240611)", "np.set_printoptions(precision=4, suppress=True)"])
nb.code(["X = np.round(rng.normal(size=(3, 4)), 3)   # stand-in embeddings",
         "W_q, W_k, W_v = (rng.normal(size=(4, 3)) * 0.6 for _ in range(3))", "",
         "Q, K, V = X @ W_q, X @ W_k, X @ W_v",
         'print("Q =\\n", Q)', 'print("K =\\n", K)', 'print("V =\\n", V)'],
        [("stdout", ["Q ="] + [(" " + l) if i == 0 else l for i, l in enumerate(pr(Qn))]
          + ["K ="] + [(" " + l) if i == 0 else l for i, l in enumerate(pr(Kn))]
          + ["V ="] + [(" " + l) if i == 0 else l for i, l in enumerate(pr(Vn))])])
nb.md(["## Step 1: scores", "",
       "$$\\text{scores} = QK^\\top, \\qquad \\text{scaled} = \\frac{QK^\\top}{\\sqrt{d_k}}, \\quad d_k = 3$$", "",
       "Row *i* is query *i* against every key, so `scores[0, 2]` is how much *cats* matches *mice*."])
sl = attach(pr(Sn), S, lambda i, j: f"scores[{i},{j}]")
scl = attach(pr(Scn), Sc, lambda i, j: f"scaled[{i},{j}]")
nb.code(["d_k = K.shape[-1]", "scores = Q @ K.T", "print(scores)", "scaled = scores / np.sqrt(d_k)", "print(scaled)"],
        [("stdout", sl + scl)])
nb.md(["## Step 2: softmax over each row", "", "Subtracting the row max first (it doesn't change the result, it just avoids overflow)."])
al = attach(pr(An), A, lambda i, j: f"weights[{i},{j}]")
sums = str(An.sum(axis=1))
with np.printoptions(precision=4, suppress=True):
    sums = str(An.sum(axis=1))
assert sums == "[1. 1. 1.]", sums
nb.code(["e = np.exp(scaled - scaled.max(axis=1, keepdims=True))", "weights = e / e.sum(axis=1, keepdims=True)",
         "print(weights)", "print(weights.sum(axis=1))"],
        [("stdout", al + [(sums, (), ["1.", "1.", "1."])])])
ol = attach(rp(On), O, lambda i, j: f"out[{i},{j}]")
nb.code(["out = weights @ V", "out"], [("result", ol)])
big = [max(range(3), key=lambda j: A[i][j]) for i in range(3)]
nb.md(["## What I read from this", "",
       (f"- *cats* (row 0) attends mostly to *{toks[big[0]]}*: weight {rnd(A[0][big[0]], 4)}.",
        [(rnd(A[0][big[0]], 4), f"weights[0,{big[0]}]", "correct")], ["0"]),
       (f"- *mice* (row 2) is the most spread out; its largest weight is only {rnd(A[2][big[2]], 4)}.",
        [(rnd(A[2][big[2]], 4), f"weights[2,{big[2]}]", "correct")], ["2"]),
       (f"- The first output row is {', '.join(rnd(v, 4) for v in O[0])}, a blend of the rows of V.",
        [(rnd(v, 4), f"out[0,{k}]", "correct") for k, v in enumerate(O[0])]),
       "",
       "Next notebook: the same thing with a causal mask."])
nb.write()
