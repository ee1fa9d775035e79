"""English Medium post exported to Markdown (title, subtitle, author, Follow, "8 min read · date", `--`, claps,
Listen/Share, image caption, tag list, "Written by"): single-head self-attention over cats, chase, mice, d_model 4,
d_k 3, scaled by sqrt(3); every step a Markdown table with the tokens as row labels, 3 decimals. One planted slip:
the raw score chase -> mice. Exact rounding."""
from pathlib import Path

from w10lib import *

toks = ["cats", "chase", "mice"]
Xs = [["1.0", "0.2", "0.5", "0.3"], ["0.4", "0.9", "0.1", "0.6"], ["0.7", "0.3", "0.8", "0.2"]]
Wqs = [["0.5", "0.1", "0.3"], ["0.2", "0.6", "0.1"], ["0.4", "0.3", "0.7"], ["0.1", "0.5", "0.2"]]
Wks = [["0.3", "0.4", "0.2"], ["0.6", "0.1", "0.5"], ["0.2", "0.7", "0.1"], ["0.5", "0.2", "0.4"]]
Wvs = [["0.8", "0.2", "0.1"], ["0.1", "0.7", "0.3"], ["0.3", "0.1", "0.9"], ["0.2", "0.4", "0.6"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))

# the slip: raw score chase -> mice, two digits swapped
clean_txt = rnd(S[1][2], 4)
SLIP = clean_txt[:-2] + clean_txt[-1] + clean_txt[-2]
assert SLIP != clean_txt
S2 = [r[:] for r in S]
S2[1][2] = mpf(SLIP)
Sc2 = [[s / c for s in r] for r in S2]
W2 = [softmax(r) for r in Sc2]
C2 = mm(W2, V)

d = Doc("medium-tables-en", "md",
        "English Medium post exported to Markdown: self-attention over cats, chase, mice with Wq/Wk/Wv 4 -> 3, "
        "scaled by sqrt(3); every step a Markdown table with tokens as row labels, 3 decimals; one planted slip",
        "attention with Wq, Wk, Wv (4 -> 3), scaled by sqrt(3), over the tokens cats, chase, mice",
        script=Path(__file__).name,
        note=f"planted slip: the raw score chase -> mice is written {SLIP} instead of {clean_txt} (last two digits "
             "swapped). Its scaled value, the three weights of the chase row and the chase output row are computed "
             "from the slipped number (propagated, or any where they print the same); the prose sentence on chase "
             "restates a propagated weight.")
A = d
A("# Self-Attention, One Table at a Time")
A("")
A("## I multiplied every matrix of a tiny attention head by hand so you don't have to. Here are all the tables.")
A("")
A("[![Maren Albrecht](https://miro.medium.com/v2/resize:fill:88:88/1*mA.jpeg)](https://medium.com/@maren.albrecht)")
A("")
A("[Maren Albrecht](https://medium.com/@maren.albrecht)")
A("")
A("Follow")
A("")
A("8 min read · Feb 11, 2025", nots=["8", "11", "2025"])
A("")
A("\\--")
A("")
A("412", nots=["412"])
A("")
A("Listen")
A("")
A("Share")
A("")
A("![](https://miro.medium.com/v2/resize:fit:1400/1*heads.png)")
A("")
A("Photo by a very patient spreadsheet")
A("")
A("Every explanation of attention I read skipped the part where you actually push numbers through it. So I took a "
  "three-word sentence, *cats chase mice*, gave each word a made-up 4-dimensional embedding, and worked out one "
  "attention head with 3-dimensional queries, keys and values.", nots=["4", "3"])
A("")
A("## Step 0: the inputs")
A("")
A("| token | x1 | x2 | x3 | x4 |")
A("|---|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r) + " |")
A("")
A("The three projection matrices (4 rows, 3 columns each):")
A("")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A(f"**{nm}**")
    A("")
    A("| | c1 | c2 | c3 |")
    A("|---|---|---|---|")
    for i, r in enumerate(M):
        A(f"| r{i + 1} | " + " | ".join(r) + " |")
    A("")
A("## Step 1: queries, keys and values")
A("")
A("Each row is the token's embedding times the matrix, e.g. the first query entry for *cats* is "
  f"1.0×0.5 + 0.2×0.2 + 0.5×0.4 + 0.3×0.1 = {lit(Q[0][0])}.",
  claims=[(lit(Q[0][0]), "Q[cats][1]", "correct")], opts=["1.0", "0.5", "0.2", "0.2", "0.5", "0.4", "0.3", "0.1"])
A("")
for nm, M in (("Q", Q), ("K", K), ("V", V)):
    A(f"| {nm} | d1 | d2 | d3 |")
    A("|---|---|---|---|")
    for i, t in enumerate(toks):
        ss = [rnd(v, 2) for v in M[i]]
        A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"{nm}[{t}][{k + 1}]", "correct") for k, s in enumerate(ss)])
    A("")
A("## Step 2: raw scores Q·Kᵀ")
A("")
A(f"One example: q(cats)·k(chase) = {lit(Q[0][0])}×{lit(K[1][0])} + {lit(Q[0][1])}×{lit(K[1][1])} + "
  f"{lit(Q[0][2])}×{lit(K[1][2])} = {lit(S[0][1])}.",
  claims=[(lit(S[0][1]), "scores[cats,chase]", "correct")],
  opts=[lit(Q[0][0]), lit(K[1][0]), lit(Q[0][1]), lit(K[1][1]), lit(Q[0][2]), lit(K[1][2])])
A("")
A("| query ↓ / key → | cats | chase | mice |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ss, cl = [], []
    for j, u in enumerate(toks):
        if (i, j) == (1, 2):
            ss.append(SLIP); cl.append((SLIP, f"scores[{t},{u}]", "wrong"))
        else:
            s = rnd(S[i][j], 4); ss.append(s); cl.append((s, f"scores[{t},{u}]", "correct"))
    A(f"| **{t}** | " + " | ".join(ss) + " |", claims=cl)
A("")
A("## Step 3: divide by √d_k")
A("")
A(f"With d_k = 3 the divisor is √3 ≈ {rnd(c, 3)}.", claims=[(rnd(c, 3), "sqrt_dk", "correct")], nots=["3"])
A("")
A("| scaled | cats | chase | mice |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ss, cl = [], []
    for j, u in enumerate(toks):
        s = rnd(Sc2[i][j], 3)
        v = "correct" if (i, j) != (1, 2) else fate(s, rnd(Sc[i][j], 3))
        ss.append(s); cl.append((s, f"scaled[{t},{u}]", v))
    A(f"| **{t}** | " + " | ".join(ss) + " |", claims=cl)
A("")
A("## Step 4: softmax along each row")
A("")
A("| weights | cats | chase | mice |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ss, cl = [], []
    for j, u in enumerate(toks):
        s = rnd(W2[i][j], 3)
        v = "correct" if i != 1 else fate(s, rnd(W[i][j], 3))
        ss.append(s); cl.append((s, f"weights[{t},{u}]", v))
    A(f"| **{t}** | " + " | ".join(ss) + " |", claims=cl)
A("")
jm = max(range(3), key=lambda j: W2[1][j])
s = rnd(W2[1][jm], 3)
A(f"Notice that *chase* puts {s} of its attention on *{toks[jm]}*: the verb looks at what it acts on.",
  claims=[(s, f"weights[chase,{toks[jm]}]", fate(s, rnd(W[1][jm], 3)))])
A("")
A("## Step 5: mix the values")
A("")
A("| output | d1 | d2 | d3 |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ss = [rnd(v, 3) for v in C2[i]]
    cl = [(s, f"context[{t}][{k + 1}]", "correct" if i != 1 else fate(s, rnd(C[i][k], 3))) for k, s in enumerate(ss)]
    A(f"| **{t}** | " + " | ".join(ss) + " |", claims=cl)
A("")
A("That's it: three new vectors, each a weighted average of the value rows. In a real model d_model is 512 and "
  "there are 8 heads, but the arithmetic is exactly this.", nots=["512", "8"])
A("")
A("[Machine Learning](https://medium.com/tag/machine-learning)")
A("")
A("[Transformers](https://medium.com/tag/transformers)")
A("")
A("[Deep Learning](https://medium.com/tag/deep-learning)")
A("")
A("## Written by Maren Albrecht")
A("")
A("1.2K Followers", nots=["1.2"])
A("")
A("Data scientist. I like small examples.")
# float64 check of the slipped route too
Sn2 = a["np"]["S"].copy(); Sn2[1, 2] = float(SLIP)
agree(W2, np_softmax(Sn2 / np.sqrt(3))); agree(C2, np_softmax(Sn2 / np.sqrt(3)) @ a["np"]["V"])
d.save()
