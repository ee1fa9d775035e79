"""Markdown post whose numbers are a float32 NumPy run printed at 3 decimals; the random weights are never printed."""
from decimal import Decimal
from pathlib import Path

import numpy as np

from wlib import *

toks = ["the", "sky", "is", "blue"]
Xs = [[0.1, 0.8, -0.3, 0.5], [0.9, -0.2, 0.4, 0.7], [-0.5, 0.3, 0.6, 0.1], [0.4, 0.6, -0.7, 0.2]]
X = np.array(Xs, dtype=np.float32)
rng = np.random.default_rng(7)
W_q = rng.normal(0, 0.5, (4, 4)).astype(np.float32)
W_k = rng.normal(0, 0.5, (4, 4)).astype(np.float32)
W_v = rng.normal(0, 0.5, (4, 4)).astype(np.float32)
Q, K, Vv = X @ W_q, X @ W_k, X @ W_v
S = (Q @ K.T) / np.float32(np.sqrt(4))
E = np.exp(S - S.max(axis=-1, keepdims=True))
A = E / E.sum(axis=-1, keepdims=True)
O = A @ Vv
assert all(m.dtype == np.float32 for m in (Q, K, Vv, S, A, O))
# float64 re-run from the same float32 weights: the float32 values must round the same at 3 decimals
Q64, K64, V64 = X.astype(float) @ W_q.astype(float), X.astype(float) @ W_k.astype(float), X.astype(float) @ W_v.astype(float)
S64 = Q64 @ K64.T / 2
A64 = np.exp(S64) / np.exp(S64).sum(1, keepdims=True)
O64 = A64 @ V64


def r3(v):
    return rnd(mpf(str(Decimal(float(v)))), 3, guard="1e-6")


for a, b in ((Q, Q64), (K, K64), (Vv, V64), (S, S64), (A, A64), (O, O64)):
    for x32, x64 in zip(a.ravel(), b.ravel()):
        assert r3(x32) == rnd(mpf(str(Decimal(float(x64)))), 3, guard="1e-6"), (x32, x64)

d = Doc("float32-run-3dp", "md", 
        "English Markdown post reporting a float32 NumPy run of one attention head for 'the sky is blue' (d_model = d_k = 4): random W_q/W_k/W_v from a seeded generator are never printed; Q, K, V, scaled scores, weights and outputs are shown as tables rounded to 3 decimals",
        "self-attention: scores = Q K^T / sqrt(4), softmax rows, output = weights V (Q, K, V printed, weights unknown)", "exact",
        note="every number is the float32 run's value rounded to 3 decimals (each checked against a float64 re-run from the same float32 weights); downstream numbers come from the unrounded Q/K/V, so recomputing them from the printed 3-decimal Q/K/V can miss in the last digit; no planted slip",
        givens_rounded=True)
d.gen = Path(__file__).name
add = d.add
add("---")
add('title: "What does an untrained attention head do?"')
add("date: 2024-06-02", nots=["2024", "06", "02"])
add("tags: [transformers, numpy, notes]")
add("---")
add("")
add("Before training, the projection matrices of an attention head are just noise. I wanted to see what the attention pattern looks like at that point, so I ran one head in NumPy, in float32 like a real model would, and wrote down the intermediate results.")
add("")
add("```python")
add("import numpy as np")
add("")
add("X = np.array([[ 0.1,  0.8, -0.3,  0.5],   # the")
add("              [ 0.9, -0.2,  0.4,  0.7],   # sky")
add("              [-0.5,  0.3,  0.6,  0.1],   # is")
add("              [ 0.4,  0.6, -0.7,  0.2]],  # blue")
add("             dtype=np.float32)")
add("")
add("rng = np.random.default_rng(7)", nots=["7"])
add("W_q = rng.normal(0, 0.5, (4, 4)).astype(np.float32)", nots=["0", "0.5", "4", "4"])
add("W_k = rng.normal(0, 0.5, (4, 4)).astype(np.float32)", nots=["0", "0.5", "4", "4"])
add("W_v = rng.normal(0, 0.5, (4, 4)).astype(np.float32)", nots=["0", "0.5", "4", "4"])
add("")
add("Q, K, V = X @ W_q, X @ W_k, X @ W_v")
add("S = Q @ K.T / np.sqrt(4)", nots=["4"])
add("A = np.exp(S - S.max(-1, keepdims=True))")
add("A /= A.sum(-1, keepdims=True)")
add("out = A @ V")
add("```")
add("")
add("I'm not printing the weight matrices (they're 48 random numbers and not very interesting). Everything below is rounded to three decimals.", nots=["48"])
add("")


def tab(title, M, qty, cols, given=False):
    add(f"**{title}**")
    add("")
    for ln in md_table([""] + cols, []):
        add(ln)
    for i, t in enumerate(toks):
        cells = [r3(v) for v in M[i]]
        if given:  # Q, K, V of weights the post never prints: handed over, so givens (the README's rule), optional
            add("| " + " | ".join([f"*{t}*"] + cells) + " |", opts=cells)
        else:
            add("| " + " | ".join([f"*{t}*"] + cells) + " |", claims=[(cells[j], qty(t, j), "correct") for j in range(len(cells))])
    add("")


add("## Queries, keys and values")
add("")
for nm, M in (("Q", Q), ("K", K), ("V", Vv)):
    tab(nm, M, lambda t, j, nm=nm: f"{nm}[{t}][{j+1}]", [f"{nm.lower()}{j+1}" for j in range(4)], given=True)
add("## Scores")
add("")
add("Dot products divided by √4 = 2:", nots=["4", "2"])
add("")
tab("QKᵀ / 2", S, lambda t, j: f"scaled[{t},{toks[j]}]", toks)
add("## Attention weights")
add("")
tab("softmax by row", A, lambda t, j: f"weights[{t},{toks[j]}]", toks)
i, j = np.unravel_index(np.argmax(A), A.shape)
lo_i, lo_j = np.unravel_index(np.argmin(A), A.shape)
add(f"The pattern is close to uniform, as you'd expect from random projections: the largest weight is {r3(A[i, j])} (*{toks[i]}* → *{toks[j]}*) and the smallest is {r3(A[lo_i, lo_j])} (*{toks[lo_i]}* → *{toks[lo_j]}*). A uniform head would put 0.25 everywhere.",
    claims=[(r3(A[i, j]), f"weights[{toks[i]},{toks[j]}]", "correct"), (r3(A[lo_i, lo_j]), f"weights[{toks[lo_i]},{toks[lo_j]}]", "correct")],
    nots=["0.25"])
add("")
add("## Output")
add("")
tab("A @ V", O, lambda t, j: f"out[{t}][{j+1}]", [f"o{j+1}" for j in range(4)])
add("Because the weights are nearly uniform, every output row is close to the column means of V. Training is what breaks this symmetry.")
d.write()
