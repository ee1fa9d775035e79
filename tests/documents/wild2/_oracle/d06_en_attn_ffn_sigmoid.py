"""Medium-style English post: tiny sentiment classifier, one attention head over 3 tokens, mean-pool, FFN with a
one-dimensional output and a sigmoid. Chained rounding: every step uses the printed values of the step before."""
from pathlib import Path

import numpy as np

from w2lib import *

toks = ["not", "bad", "movie"]
Xs = [["1.0", "0.5"], ["-0.5", "1.5"], ["0.5", "-1.0"]]
WQs = [["0.6", "-0.2"], ["0.4", "0.8"]]
WKs = [["0.5", "0.3"], ["-0.4", "0.7"]]
WVs = [["1.0", "0.2"], ["-0.3", "0.9"]]
W1s = [["0.7", "-0.5", "0.2"], ["0.4", "0.6", "-0.8"]]
b1s = ["0.1", "0.0", "-0.1"]
w2s = ["1.2", "-0.7", "0.9"]
b2s = "-0.2"
X, WQ, WK, WV, W1, b1, w2 = M(Xs), M(WQs), M(WKs), M(WVs), M(W1s), M(b1s), M(w2s)
b2 = mpf(b2s)
P = lambda v, nd=4: mpf(rnd(v, nd))     # the printed value, as the author carries it on
Q, K, V = matmul(X, WQ), matmul(X, WK), matmul(X, WV)          # exact short decimals
S = matmul(Q, tr(K))                                            # exact
r2 = P(mpmath.sqrt(2))                                          # author uses 1.4142
Sc = [[P(v / r2) for v in r] for r in S]
A = [[P(v) for v in smax(r)] for r in Sc]
O = [[P(v) for v in r] for r in matmul(A, V)]
pool = [P(mpmath.fsum(O[i][k] for i in range(3)) / 3) for k in range(2)]
hpre = [P(mpmath.fsum(pool[k] * W1[k][j] for k in range(2)) + b1[j]) for j in range(3)]
h = [max(v, mpf(0)) for v in hpre]
y = P(mpmath.fsum(h[j] * w2[j] for j in range(3)) + b2)
p = P(sigmoid(y))
# float64 check (unrounded): same classification, close values
Xn = np.array(Xs, float); Qn, Kn, Vn = Xn @ np.array(WQs, float), Xn @ np.array(WKs, float), Xn @ np.array(WVs, float)
Sn = Qn @ Kn.T / np.sqrt(2); An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True); On = An @ Vn
zn = On.mean(0); hn = np.maximum(zn @ np.array(W1s, float) + np.array(b1s, float), 0); yn = hn @ np.array(w2s, float) - 0.2
np_same(A, An, tol=2e-4); np_same([y], [yn], tol=2e-3)

d = Doc("medium-attn-ffn-sigmoid", "md",
        "Medium-style English post: a toy sentiment classifier for 'not bad movie': one attention head (2x2 W_Q, W_K, W_V), "
        "scaled by sqrt(2) = 1.4142, mean-pooling of the three outputs, an FFN 2 -> 3 (ReLU) -> 1 and a sigmoid giving P(positive); "
        "numbers in inline code, bold results and Markdown tables",
        "p = sigmoid(ReLU(mean_i(softmax(Q K^T / sqrt 2) V)_i W1 + b1) . w2 + b2)", "chained",
        note="chained rounding: every step is computed from the printed (4-decimal) values of the step before; sqrt(2) is carried as 1.4142; no planted slip",
        gen=Path(__file__).name)
add = d.add
add("# Can a Transformer Tell That “Not Bad” Is Good? Doing It by Hand")
add("")
add("*A 6-minute read. No GPUs were harmed.*", nots=["6"])
add("")
add("Sentiment models famously trip over negations. Let's build the tiniest possible attention-based classifier and push the sentence **“not bad movie”** through it, number by number.")
add("")
add("Real models use d_model = 768 and a vocabulary of 30,522 tokens. We use d = 2.", nots=["768", "2"])
add("")
add("## The setup")
add("")
add("Embeddings (made up, but chosen so that “not” and “bad” point in different directions):")
add("")
for ln in md_table(["token", "e1", "e2"], [[t] + Xs[i] for i, t in enumerate(toks)]):
    add(ln)
add("")
add(f"Projection weights: `W_Q = [[{', '.join(WQs[0])}], [{', '.join(WQs[1])}]]`, `W_K = [[{', '.join(WKs[0])}], [{', '.join(WKs[1])}]]`, "
    f"`W_V = [[{', '.join(WVs[0])}], [{', '.join(WVs[1])}]]`.")
add("")
add("## Step 1 — queries, keys, values")
add("")
add("Multiply each embedding by the three matrices:")
add("")
hdr = ["token", "Q", "K", "V"]
rows = [[t] + [f"`[{exact(Mx[i][0])}, {exact(Mx[i][1])}]`" for Mx in (Q, K, V)] for i, t in enumerate(toks)]
tl = md_table(hdr, rows)
add(tl[0]); add(tl[1])
for i in range(3):
    add(tl[2 + i], claims=[(exact(Mx[i][c]), f"{nm}[{toks[i]}][{c}]", "correct") for nm, Mx in (("Q", Q), ("K", K), ("V", V)) for c in range(2)])
add("")
add(f"For instance Q(not) = [{Xs[0][0]}·{WQs[0][0]} + {Xs[0][1]}·{WQs[1][0]}, {Xs[0][0]}·{WQs[0][1]} + {Xs[0][1]}·{WQs[1][1]}] = [{exact(Q[0][0])}, {exact(Q[0][1])}].",
    claims=[(exact(Q[0][0]), "Q[not][0]", "correct"), (exact(Q[0][1]), "Q[not][1]", "correct")],
    opts=[Xs[0][0], WQs[0][0], Xs[0][1], WQs[1][0], Xs[0][0], WQs[0][1], Xs[0][1], WQs[1][1]])
add("")
add("## Step 2 — scores and softmax")
add("")
add(f"Scores are `Q·Kᵀ / √2`, and I'll use √2 ≈ `{rnd(mpmath.sqrt(2), 4)}`.", claims=[(rnd(mpmath.sqrt(2), 4), "sqrt(2)", "correct")], nots=["2"])
add("")
tl = md_table(["query ↓ key →"] + toks, [[toks[i]] + [f"{exact(S[i][j])} → {rnd(Sc[i][j], 4)}" for j in range(3)] for i in range(3)])
add(tl[0]); add(tl[1])
for i in range(3):
    add(tl[2 + i], claims=[c for j in range(3) for c in ((exact(S[i][j]), f"QK^T[{i}][{j}]", "correct"), (rnd(Sc[i][j], 4), f"QK^T/sqrt2[{i}][{j}]", "correct"))])
add("")
add("(raw score → scaled score). Softmax across each row gives the attention weights:")
add("")
tl = md_table(["query"] + toks, [[toks[i]] + [rnd(A[i][j], 4) for j in range(3)] for i in range(3)])
add(tl[0]); add(tl[1])
for i in range(3):
    add(tl[2 + i], claims=[(rnd(A[i][j], 4), f"A[{i}][{j}]", "correct") for j in range(3)])
add("")
add(f"Look at the “bad” row: it gives `{rnd(A[1][0], 4)}` of its attention to “not”. That's the negation leaking in.",
    claims=[(rnd(A[1][0], 4), "A[bad][not]", "correct")])
add("")
add("## Step 3 — attention outputs")
add("")
add("Weighted sums of the value vectors:")
add("")
for i in range(3):
    add(f"- {toks[i]}: **[{rnd(O[i][0], 4)}, {rnd(O[i][1], 4)}]**",
        claims=[(rnd(O[i][c], 4), f"attn_out[{toks[i]}][{c}]", "correct") for c in range(2)])
add("")
add("## Step 4 — pool and classify")
add("")
add("Average the three vectors into one sentence vector:")
add("")
add(f"`z = [({' + '.join(paren(rnd(O[i][0], 4)) for i in range(3))}) / 3, ({' + '.join(paren(rnd(O[i][1], 4)) for i in range(3))}) / 3] = [{rnd(pool[0], 4)}, {rnd(pool[1], 4)}]`",
    claims=[(rnd(pool[c], 4), f"pooled z[{c}]", "correct") for c in range(2)], opts=[rnd(O[i][c], 4) for c in range(2) for i in range(3)])
add("")
add(f"Then a small feed-forward net: `W1 = [[{', '.join(W1s[0])}], [{', '.join(W1s[1])}]]`, `b1 = [{', '.join(b1s)}]`, "
    f"`w2 = [{', '.join(w2s)}]`, `b2 = {b2s}`.")
add("")
add("```")
for j in range(3):
    add(f"h{j+1} = {rnd(pool[0], 4)}·{W1s[0][j]} + {rnd(pool[1], 4)}·{W1s[1][j]} + {b1s[j]} = {rnd(hpre[j], 4)}",
        claims=[(rnd(hpre[j], 4), f"h_pre[{j}]", "correct")], opts=[rnd(pool[0], 4), W1s[0][j], rnd(pool[1], 4), W1s[1][j], b1s[j]])
add(f"ReLU → [{', '.join(rnd(v, 4) for v in h)}]", claims=[(rnd(h[j], 4), f"ReLU(h)[{j}]", "correct") for j in range(3)])
add(f"y  = {' + '.join(f'{rnd(h[j], 4)}·{paren(w2s[j])}' for j in range(3))} + ({b2s}) = {rnd(y, 4)}",
    claims=[(rnd(y, 4), "logit y", "correct")], opts=[rnd(h[j], 4) for j in range(3)] + w2s + [b2s])
add(f"p  = σ({rnd(y, 4)}) = 1 / (1 + e^({um(rnd(-y, 4))})) = {rnd(p, 4)}",
    claims=[(rnd(-y, 4), "-y", "correct"), (rnd(p, 4), "P(positive) = sigmoid(y)", "correct")], opts=[rnd(y, 4)], nots=["1", "1"])
add("```")
add("")
verdict = "positive" if p > 0.5 else "negative"
add(f"**P(positive) = {rnd(p, 4)}**, so the model says *{verdict}* — with untrained weights this is luck, of course. "
    "The point is that “not” changed the vector that “bad” ended up with.", claims=[(rnd(p, 4), "P(positive)", "correct")])
add("")
add("---")
add("")
add("*If you enjoyed this, the next part adds a second head. Follow me for more hand-calculated ML.* 👏")
d.write()
