"""English lecture handout exported from PDF to plain text (pdftotext): running header and footer with page
numbers, ligatures (ﬁ, ﬂ), hyphenated line breaks, the embeddings called E, the weights W^(q), W^(k), W^(v), the
attention matrix called A with each of its rows spread over two lines. time, flies, fast; d_model 3 -> d_k 2,
scaled by sqrt(2). Exact rounding."""
from pathlib import Path

from w16lib import *

toks = ["time", "flies", "fast"]
Xs = [["0.8", "0.1", "0.5"], ["0.2", "0.9", "0.4"], ["0.6", "0.3", "0.7"]]
Wqs = [["0.4", "0.7"], ["0.9", "0.2"], ["0.3", "0.6"]]
Wks = [["0.5", "0.1"], ["0.2", "0.8"], ["0.7", "0.4"]]
Wvs = [["0.6", "0.3"], ["0.1", "0.9"], ["0.8", "0.2"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))

d = Doc("pdf-lecture-en", "txt",
        "English lecture handout exported from PDF to text: page header/footer, ligatures, hyphenation; E, W^(q), "
        "attention matrix A with each row broken over two lines; time, flies, fast, 3 -> 2, /sqrt(2)",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens time, flies, fast",
        script=Path(__file__).name)
A = d
HEAD = "CS 471 Deep Learning for Text — Lecture 9: Attention"
A(HEAD + "                         3", nots=["471", "9", "3"])
A("")
A("9.2   A worked example")
A("")
A("We now ﬁx a toy sentence, “time ﬂies fast”, and run one attention head by hand. Each", nots=[])
A("token is a row of the embedding matrix E (d = 3), and the head projects to d_h = 2.", nots=["3", "2"])
A("The three weight matrices W(q), W(k), W(v) are the ones deﬁned in Exercise 9.1.", nots=["9.1"])
A("")
A("                time     " + "   ".join(Xs[0]))
A("        E =     ﬂies     " + "   ".join(Xs[1]))
A("                fast     " + "   ".join(Xs[2]))
A("")
for nm, M in (("W(q)", Wqs), ("W(k)", Wks), ("W(v)", Wvs)):
    A("                " + "   ".join(M[0]))
    A(f"     {nm} =     " + "   ".join(M[1]))
    A("                " + "   ".join(M[2]))
    A("")
A("Step 1. Queries, keys and values are the rows of Q = E W(q), K = E W(k), V = E W(v). For the")
A(f"ﬁrst row of Q: 0.8 · 0.4 + 0.1 · 0.9 + 0.5 · 0.3 = {lit(Q[0][0])}.", claims=[(lit(Q[0][0]), "Q[time][1]", "correct")],
  opts=["0.8", "0.4", "0.1", "0.9", "0.5", "0.3"])
A("")
A("                 q                 k                 v")
for i, t in enumerate(toks):
    lab = t if t != "flies" else "ﬂies"
    cells = [lit(v) for v in Q[i]] + [lit(v) for v in K[i]] + [lit(v) for v in V[i]]
    A(f"     {lab:<8}" + "   ".join(f"{x:<5}" for x in cells).rstrip(),
      claims=cl(cells, [f"Q[{t}][1]", f"Q[{t}][2]", f"K[{t}][1]", f"K[{t}][2]", f"V[{t}][1]", f"V[{t}][2]"]))
A("")
A("Step 2. Scores. The entry s_ij = q_i · k_j measures how well token i’s query matches token")
A("j’s key; dividing by √d_h keeps the softmax out of its ﬂat regions (in the original paper")
A("d_h = 64, so the divisor there is 8).", nots=["64", "8"])
A("")
A(f"     s_12 = {lit(Q[0][0])} · {lit(K[1][0])} + {lit(Q[0][1])} · {lit(K[1][1])} = {rnd(S[0][1], 4)},"
  f"     s_12 / √2 = {rnd(Sc[0][1], 4)}",
  claims=[(rnd(S[0][1], 4), "scores[time,flies]", "correct"), (rnd(Sc[0][1], 4), "scaled[time,flies]", "correct")],
  opts=[lit(Q[0][0]), lit(K[1][0]), lit(Q[0][1]), lit(K[1][1])], nots=[])
A("")
A("                 time     ﬂies     fast")
for i, t in enumerate(toks):
    lab = t if t != "flies" else "ﬂies"
    ss = fmt(Sc[i], 4)
    pre = "     S/√2 =  " if i == 1 else "             "
    A(f"{pre}{lab:<5}" + "   ".join(ss) if False else f"{pre}" + "   ".join(ss) + f"     ({lab})",
      claims=cl(ss, [f"scaled[{t},{u}]" for u in toks]))
A("")
A("─" * 86)
A("Lecture 9 · page 3 of 6                                        draft of 14 March 2025", nots=["9", "3", "6", "14", "2025"])
A(HEAD + "                         4", nots=["471", "9", "4"])
A("")
A("Step 3. Row-wise softmax gives the attention matrix A. (Our PDF tool breaks each row of")
A("A after the second column; the third entry is on the next line.)")
A("")
for i, t in enumerate(toks):
    ws = fmt(W[i], 4)
    lab = t if t != "flies" else "ﬂies"
    pre = "     A =   " if i == 1 else "           "
    A(f"{pre}{lab:<6}" + "   ".join(ws[:2]), claims=cl(ws[:2], [f"weights[{t},{u}]" for u in toks[:2]]))
    A(f"                 {ws[2]}", claims=[(ws[2], f"weights[{t},{toks[2]}]", "correct")])
A("")
A(f"For instance the ﬁrst row: e^{rnd(Sc[0][0], 4)} = {rnd(a['E'][0][0], 4)}, e^{rnd(Sc[0][1], 4)} = "
  f"{rnd(a['E'][0][1], 4)}, e^{rnd(Sc[0][2], 4)} = {rnd(a['E'][0][2], 4)}; the sum is",
  claims=[(rnd(a['E'][0][j], 4), f"exp[time,{u}]", "correct") for j, u in enumerate(toks)],
  opts=fmt(Sc[0], 4))
A(f"{rnd(a['Z'][0], 4)}, so A_11 = {rnd(a['E'][0][0], 4)} / {rnd(a['Z'][0], 4)} = {rnd(W[0][0], 4)}.",
  claims=[(rnd(a['Z'][0], 4), "expsum[time]", "correct"), (rnd(W[0][0], 4), "weights[time,time]", "correct")],
  opts=[rnd(a['E'][0][0], 4), rnd(a['Z'][0], 4)])
A("")
A("Step 4. The outputs are the rows of Z = A V:")
A("")
for i, t in enumerate(toks):
    zs = fmt(C[i], 4)
    lab = t if t != "flies" else "ﬂies"
    pre = "     Z =   " if i == 1 else "           "
    A(f"{pre}{lab:<6}" + "   ".join(zs), claims=cl(zs, f"context[{t}][{{k}}]"))
A("")
A("Remark. Nothing here depends on the batch: in the lab code the same head runs on tensors of")
A("shape [32, 128, 3] (batch_size = 32, 128 tokens), one sentence at a time in each slice.", nots=["32", "128", "3"])
A("")
A("─" * 86)
A("Lecture 9 · page 4 of 6                                        draft of 14 March 2025", nots=["9", "4", "6", "14", "2025"])
d.save()
