"""Hashnode-style English post: dot-product self-attention with no projections (Q = K = V = X), scaled by sqrt(d)."""
from pathlib import Path

import numpy as np

from w2lib import *

toks = ["the", "sky", "is", "blue"]
Xs = [["1", "0", "1"], ["0", "2", "1"], ["1", "1", "0"], ["0", "1", "2"]]
X = M(Xs)
n, D = 4, 3
S = matmul(X, tr(X))
r3 = mpmath.sqrt(D)
Sc = [[v / r3 for v in row] for row in S]
A = [smax(row) for row in Sc]
O = matmul(A, X)
Xn = np.array(Xs, float)
Sn = Xn @ Xn.T / np.sqrt(3)
An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
np_same(A, An); np_same(O, An @ Xn)

d = Doc("hashnode-qkv-equal-x", "md",
        "Hashnode-style English post (front matter, emoji headings, Markdown tables): self-attention with no learned "
        "projections, Q = K = V = X for 'the sky is blue' (4 tokens x 3 dims), scores X X^T, scaled by sqrt(3), row softmax "
        "with the exponentials of one row worked out, and the outputs as weighted sums of the rows of X",
        "softmax(X X^T / sqrt(3)) X", "exact", note="no planted slip; values at 4 decimals, rows of the weight table sum to 1 (filler)",
        gen=Path(__file__).name)
add = d.add
add("---")
add('title: "Attention Without the Weights: Q = K = V = X"')
add("datePublished: Sat Feb 10 2024 09:14:07 GMT+0000 (Coordinated Universal Time)", nots=["10", "2024", "09", "14", "07", "0000"])
add("cuid: clsg2k7yh000108l4d9x1f3za")
add("slug: attention-without-the-weights")
add("cover: https://cdn.hashnode.com/res/hashnode/image/upload/v1707556447/attn-cover.png", nots=["1707556447"])
add("tags: machine-learning, deep-learning, transformers, nlp")
add("---")
add("")
add("Most attention tutorials start with three weight matrices W_Q, W_K and W_V. That's where people get lost, so today we throw them away. 🗑️")
add("If every projection is the identity, then **Q = K = V = X** and attention is just")
add("")
add("$$")
add("\\text{Attention}(X) = \\text{softmax}\\left(\\frac{X X^\\top}{\\sqrt{d}}\\right) X")
add("$$")
add("")
add("(In a real model d_k = 64 per head; here d = 3.)", nots=["64", "3"])
add("")
add("## 🧱 The input")
add("")
add("Four tokens, three features each. I picked small integers so the dot products are easy:")
add("")
for ln in md_table(["token", "f1", "f2", "f3"], [[t] + Xs[i] for i, t in enumerate(toks)]):
    add(ln)
add("")
add("## 1️⃣ Raw scores: X · Xᵀ")
add("")
add("Each score is the dot product of two rows. For example:")
add("")
add("```")
for j in range(n):
    terms = " + ".join(f"{Xs[1][k]}·{Xs[j][k]}" for k in range(D))
    add(f"score(sky, {toks[j]}) = {terms} = {exact(S[1][j])}", claims=[(exact(S[1][j]), f"S[sky][{toks[j]}]", "correct")],
        opts=Xs[1] + Xs[j])
add("```")
add("")
add("Doing that for every pair gives a symmetric 4×4 matrix:", nots=["4", "4"])
add("")
hdr = ["", *toks]
tl = md_table(hdr, [[t] + [exact(v) for v in S[i]] for i, t in enumerate(toks)])
add(tl[0]); add(tl[1])
for i in range(n):
    add(tl[2 + i], claims=[(exact(S[i][j]), f"S[{toks[i]}][{toks[j]}]", "correct") for j in range(n)])
add("")
add("Notice the diagonal is just the squared length of each vector — every token likes itself the most, which is exactly why scaling matters.")
add("")
add("## 2️⃣ Scale by √d")
add("")
add(f"√3 ≈ {rnd(r3, 4)}, so we divide every score by that:", claims=[(rnd(r3, 4), "sqrt(3)", "correct")], nots=["3"])
add("")
tl = md_table(hdr, [[t] + [rnd(v, 4) for v in Sc[i]] for i, t in enumerate(toks)])
add(tl[0]); add(tl[1])
for i in range(n):
    add(tl[2 + i], claims=[(rnd(Sc[i][j], 4), f"S/sqrt(3)[{toks[i]}][{toks[j]}]", "correct") for j in range(n)])
add("")
add("## 3️⃣ Softmax, row by row")
add("")
add("Take the row for **sky**. Exponentiate each scaled score:")
add("")
add("```")
ex = [mpmath.exp(v) for v in Sc[1]]
for j in range(n):
    add(f"exp({rnd(Sc[1][j], 4)}) = {rnd(ex[j], 4)}", claims=[(rnd(ex[j], 4), f"exp(S/sqrt3[sky][{toks[j]}])", "correct")],
        opts=[rnd(Sc[1][j], 4)])
tot = mpmath.fsum(ex)
add(f"sum = {rnd(tot, 4)}", claims=[(rnd(tot, 4), "sum of exp, row sky", "correct")])
add("```")
add("")
add("and divide by the sum:")
add("")
add("```")
add("weights(sky) = [" + ", ".join(rnd(v, 4) for v in A[1]) + "]", claims=[(rnd(A[1][j], 4), f"A[sky][{toks[j]}]", "correct") for j in range(n)])
add("```")
add("")
add("All four rows:")
add("")
tl = md_table(hdr + ["row sum"], [[t] + [rnd(v, 4) for v in A[i]] + ["1.0000"] for i, t in enumerate(toks)])
add(tl[0]); add(tl[1])
for i in range(n):
    add(tl[2 + i], claims=[(rnd(A[i][j], 4), f"A[{toks[i]}][{toks[j]}]", "correct") for j in range(n)], nots=["1.0000"])
add("")
add(f"So \"sky\" puts {rs(100 * A[1][1], 1)}% of its attention on itself and spreads the rest over the others.",
    claims=[(rs(100 * A[1][1], 1), "A[sky][sky] in percent", "correct")])
add("")
add("## 4️⃣ Weighted sum of the values")
add("")
add("Since V = X, the output for **sky** is a blend of the rows of X:")
add("")
add("```")
for k in range(D):
    terms = " + ".join(f"{rnd(A[1][j], 4)}·{Xs[j][k]}" for j in range(n))
    add(f"out(sky)[f{k+1}] = {terms} = {rnd(O[1][k], 4)}", claims=[(rnd(O[1][k], 4), f"out[sky][{k+1}]", "correct")],
        opts=[rnd(A[1][j], 4) for j in range(n)] + [Xs[j][k] for j in range(n)])
add("```")
add("")
add("The whole output matrix:")
add("")
tl = md_table(["token", "f1", "f2", "f3"], [[t] + [rnd(v, 4) for v in O[i]] for i, t in enumerate(toks)])
add(tl[0]); add(tl[1])
for i in range(n):
    add(tl[2 + i], claims=[(rnd(O[i][k], 4), f"out[{toks[i]}][{k+1}]", "correct") for k in range(D)])
add("")
add("## 🤔 So what?")
add("")
add("Without learned projections a token can only attend by raw similarity, and it will always favour itself. "
    "W_Q and W_K let the model decide *which* kind of similarity matters. That's the next post.")
add("")
add("*Thanks for reading! If this helped, drop a 💙 — and find the code on my GitHub.*")
d.write()
