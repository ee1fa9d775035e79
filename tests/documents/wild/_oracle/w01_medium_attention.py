"""Medium-style English post: 'Life is short', X as a Markdown table, W as LaTeX bmatrix, one planted slip."""
from pathlib import Path

import numpy as np

from wlib import *

toks = ["Life", "is", "short"]
Xs = [["1.0", "0.2", "0.5", "0.3"], ["0.4", "0.9", "0.1", "0.6"], ["0.7", "0.3", "0.8", "0.2"]]
Wqs = [["0.2", "0.5", "0.1"], ["0.4", "0.1", "0.3"], ["0.3", "0.2", "0.6"], ["0.1", "0.7", "0.2"]]
Wks = [["0.5", "0.1", "0.3"], ["0.2", "0.6", "0.1"], ["0.4", "0.3", "0.5"], ["0.1", "0.2", "0.7"]]
Wvs = [["0.3", "0.8", "0.2"], ["0.6", "0.1", "0.4"], ["0.2", "0.5", "0.9"], ["0.7", "0.3", "0.1"]]
X, Wq, Wk, Wv = V(Xs), V(Wqs), V(Wks), V(Wvs)
Q, K, Vv = mm(X, Wq), mm(X, Wk), mm(X, Wv)
S = mm(Q, T(K))
# planted slip: the author adds up the three products for score(is, short) and carries wrongly (+0.1)
SLIP = (1, 2)
S_doc = [row[:] for row in S]
S_doc[1][2] = S[1][2] + mpf("0.1")
sq3 = mpmath.sqrt(3)
Sc = [[v / sq3 for v in r] for r in S_doc]
W = [softmax(r) for r in Sc]
C = [wsum(w, Vv) for w in W]

# independent float64 cross-check of the slip-free path
Xn, Wqn, Wkn, Wvn = (np.array(m, dtype=float) for m in (Xs, Wqs, Wks, Wvs))
Qn, Kn, Vn = Xn @ Wqn, Xn @ Wkn, Xn @ Wvn
np_check(Q, Qn); np_check(K, Kn); np_check(Vv, Vn); np_check(S, Qn @ Kn.T)

d = Doc("medium-life-is-short", "md",
        "Medium-style English post: self-attention for 'Life is short' (d_model = 4, d_k = 3), X as a Markdown table, W_Q/W_K/W_V as LaTeX bmatrix, Q/K/V, scores, scaled scores, weights and context as tables; one planted addition slip",
        "self-attention with projections, scaled by sqrt(3), softmax rows, context = weights @ V", "exact",
        note="planted slip: score(is, short) is summed as 0.1 too large in the line of working and the scores table; the scaled score, the whole 'is' row of weights and the 'is' context row are propagated; other rows are unaffected")
d.gen = Path(__file__).name
d.add("# Self-Attention, Explained With Numbers You Can Check on Paper")
d.add("")
d.add("### No hand-waving: we push a three-word sentence through one attention head, one multiplication at a time.")
d.add("")
d.add("[![Dana Whitfield](https://miro.medium.com/v2/resize:fill:88:88/1*avatar.jpeg)](https://medium.com/@dwhitfield)")
d.add("")
d.add("Dana Whitfield · Follow")
d.add("")
d.add("8 min read · Mar 14, 2024", nots=["8", "14", "2024"])
d.add("")
d.add("--")
d.add("")
d.add("Every explanation of transformers shows the famous formula and then jumps straight to a heat map. In this post I want to do the boring part in between. We'll take the sentence **“Life is short”**, give each word a tiny embedding, and compute self-attention exactly as the paper describes it.")
d.add("")
d.add("![Scaled dot-product attention](https://miro.medium.com/v2/resize:fit:1400/1*attention-diagram.png)")
d.add("")
d.add("## Step 0: The setup")
d.add("")
d.add("Each token gets a 4-dimensional embedding (in a real model this would be 512 or more). I picked the numbers by hand so the arithmetic stays friendly:", nots=["4", "512"])
d.add("")
for ln in md_table(["Token", "dim 1", "dim 2", "dim 3", "dim 4"], [[t] + Xs[i] for i, t in enumerate(toks)]):
    d.add(ln)
d.add("")
d.add("The three projection matrices map 4 dimensions down to d_k = 3:", nots=["4", "3"])
d.add("")
for name, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    d.add("$$")
    for ln in bmatrix(name, M):
        d.add(ln)
    d.add("$$")
    d.add("")
d.add("## Step 1: Queries, keys and values")
d.add("")
d.add("Multiply the embedding matrix by each weight matrix: Q = X·W_Q, K = X·W_K, V = X·W_V. For “Life”, the first entry of its query is")
d.add("")
prods = [X[0][k] * Wq[k][0] for k in range(4)]
d.add(f"> 1.0 × 0.2 + 0.2 × 0.4 + 0.5 × 0.3 + 0.3 × 0.1 = {' + '.join(short(p) for p in prods)} = {short(Q[0][0])}",
      claims=[(short(p), f"x[Life][{k+1}]*W_Q[{k+1}][1]", "correct") for k, p in enumerate(prods)] + [(short(Q[0][0]), "Q[Life][1]", "correct")])
d.add("")
d.add("Doing that for every cell gives:")
d.add("")
for lab, M, nm in (("Query", Q, "Q"), ("Key", K, "K"), ("Value", Vv, "V")):
    d.add(f"**{lab} vectors**")
    d.add("")
    hdr = md_table(["Token", f"{nm}1", f"{nm}2", f"{nm}3"], [])
    for ln in hdr:
        d.add(ln)
    for i, t in enumerate(toks):
        cells = [short(v) for v in M[i]]
        d.add("| " + " | ".join([t] + cells) + " |", claims=[(c, f"{nm}[{t}][{j+1}]", "correct") for j, c in enumerate(cells)])
    d.add("")
d.add("## Step 2: Raw attention scores")
d.add("")
d.add("The score of a query against a key is their dot product. Here is the one for “is” looking at “short”, written out:")
d.add("")
q, k = Q[1], K[2]
pr = [q[j] * k[j] for j in range(3)]
ops = " + ".join(f"{short(q[j])} × {short(k[j])}" for j in range(3))
d.add(f"> score(is, short) = {ops} = {' + '.join(fix(p, 4) for p in pr)} = {fix(S_doc[1][2], 4)}",
      claims=[(fix(p, 4), f"Q[is][{j+1}]*K[short][{j+1}]", "correct") for j, p in enumerate(pr)] + [(fix(S_doc[1][2], 4), "score[is,short]", "wrong")],
      opts=[short(v) for v in q] + [short(v) for v in k])
d.add("")
d.add("All nine scores (rows are queries, columns are keys):")
d.add("")
for ln in md_table(["Q \\ K"] + toks, []):
    d.add(ln)
for i, t in enumerate(toks):
    cells = [fix(v, 4) for v in S_doc[i]]
    d.add("| " + " | ".join([f"**{t}**"] + cells) + " |",
          claims=[(c, f"score[{t},{toks[j]}]", "wrong" if (i, j) == SLIP else "correct") for j, c in enumerate(cells)])
d.add("")
d.add("## Step 3: Scale by √d_k")
d.add("")
d.add("With d_k = 3 we divide every score by √3 ≈ 1.7321. This keeps the softmax from saturating when the dimension grows.",
      nots=["3", "3"], opts=["1.7321"])
d.add("")
for ln in md_table(["Q \\ K"] + toks, []):
    d.add(ln)
for i, t in enumerate(toks):
    cells = [rnd(v, 4) for v in Sc[i]]
    d.add("| " + " | ".join([f"**{t}**"] + cells) + " |",
          claims=[(c, f"scaled[{t},{toks[j]}]", "propagated" if (i, j) == SLIP else "correct") for j, c in enumerate(cells)])
d.add("")
d.add("## Step 4: Softmax, row by row")
d.add("")
d.add("Softmax turns each row into weights that are positive and add up to 1:", nots=["1"])
d.add("")
for ln in md_table(["Q \\ K"] + toks, []):
    d.add(ln)
for i, t in enumerate(toks):
    cells = [rnd(v, 4) for v in W[i]]
    d.add("| " + " | ".join([f"**{t}**"] + cells) + " |",
          claims=[(c, f"weights[{t},{toks[j]}]", "propagated" if i == SLIP[0] else "correct") for j, c in enumerate(cells)])
d.add("")
d.add(f"Notice that “short” spreads its attention almost evenly, while “is” leans towards “short” ({rnd(W[1][2], 4)}).",
      claims=[(rnd(W[1][2], 4), "weights[is,short]", "propagated")])
d.add("")
d.add("## Step 5: Weighted sum of the values")
d.add("")
d.add("Finally each output is the weighted average of the value vectors, Z = softmax(QKᵀ/√d_k)·V:")
d.add("")
for ln in md_table(["Token", "z1", "z2", "z3"], []):
    d.add(ln)
for i, t in enumerate(toks):
    cells = [rnd(v, 4) for v in C[i]]
    d.add("| " + " | ".join([t] + cells) + " |",
          claims=[(c, f"context[{t}][{j+1}]", "propagated" if i == SLIP[0] else "correct") for j, c in enumerate(cells)])
d.add("")
d.add("That's it: three new vectors, each a blend of the whole sentence. In a real transformer this happens in 8 or more heads at once and the results are concatenated, which I'll cover in part 2.",
      nots=["8", "2"])
d.add("")
d.add("*If you found this useful, give it a clap 👏 and follow for the next part.*")
d.write()
