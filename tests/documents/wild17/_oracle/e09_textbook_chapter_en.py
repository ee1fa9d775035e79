"""English textbook chapter in Markdown with numbered equations (3.1)-(3.14): tea, is, hot as bold row labels;
d_model 4, d_k 2; LayerNorm without eps; FFN 4 -> 6; head over 5 words, target '.'; gradient and one SGD step
(lr 0.1). Exact, 4 decimals. One planted slip: the first LayerNorm mean of hot sums three of its four components
(a term forgotten)."""
from pathlib import Path
from w17lib import *

toks = ["tea", "is", "hot"]; vocab = ["tea", "is", "hot", "today", "."]
def slips(c):
    r = c.ex["R1"][2]
    return {("mu1", 2, 0): rnd(mpmath.fsum(r[:3]) / 4, 4)}
kw = dict(target=[4], head_rows=[2], nd=4, lr="0.1", slips=slips)
G, c, s, seed = solve(901, (3, 4, 2, 6, 5), **kw)
slip = s.pr["mu1"][2][0]
K = Kit(s, verdict_fn(c, s), namer(toks, vocab, ["hot"]))
d = Doc("textbook-chapter-en", "md", "English textbook chapter in Markdown with numbered equations: a whole post-LN layer on 'tea is hot' to one SGD step of W_out; one slip (a term left out of a LayerNorm mean)",
        "post-LN layer (d_model 4, d_k 2, sqrt scaling, LayerNorm without eps, ReLU FFN 4 -> 6), head over 5 words, target '.', SGD lr 0.1",
        script=Path(__file__).name,
        note=f"planted slip: the first LayerNorm mean of hot, L1.ln1.mean[hot], is written {slip} instead of "
             f"{c.pr['mu1'][2][0]}: its working sums three of the four components of the residual (the fourth term "
             "forgotten) and still divides by 4. The variance, std and normalised row of hot, its FFN, second residual and "
             "LayerNorm, the logits, probabilities, loss, gradient and the SGD step are computed from the slipped mean "
             "(propagated, or any where they print the same).")
A = d
A("# Chapter 3: A Complete Transformer Layer, Worked by Hand")
A("")
A("> **Learning objectives.** After this chapter you can push a three-token sentence through one encoder layer and one output head, and take a single gradient step.", nots=[])
A("")
A("## 3.1 Setup")
A("")
A("We use the sentence *tea is hot*. Each token has an embedding of dimension $d_{model} = 4$; the attention head has $d_k = 2$. The embeddings are the rows of")
A("")
A("$$X = "); given_rows(A, G["X"], toks, "bmat"); A("\\tag{3.1}$$", nots=["3.1"])
A("")
A("and the projections are")
A("")
for k, nm in enumerate(("Wq", "Wk", "Wv")):
    A(f"$$W_{nm[1].upper()} = "); given_rows(A, G[nm], None, "bmat"); A(f"\\tag{{3.{k + 2}}}$$", nots=[f"3.{k + 2}"]); A("")
A("## 3.2 Attention")
A("")
A("The queries, keys and values are $Q = XW_Q$, $K = XW_K$, $V = XW_V$ (3.5):", nots=["3.5"])
A("")
for stp in ("Q", "K", "V"):
    A(f"| **{stp}** | 1 | 2 | " + " | ".join(str(k) for k in range(3, len(s.pr[stp][0]) + 1)) + " |")
    A("|" + "---|" * (len(s.pr[stp][0]) + 1))
    emit(A, K, stp, toks, "md", lab=lambda t: f"**{t}**"); A("")
A("The scaled scores are")
A("")
A("$$S = \\frac{QK^\\top}{\\sqrt{d_k}} \\tag{3.6}$$", nots=["3.6"])
A("")
emit(A, K, "Sc", toks, "md", head=["S"] + toks, lab=lambda t: f"**{t}**"); A("")
A("and a row-wise softmax gives the attention weights (3.7):", nots=["3.7"])
A("")
emit(A, K, "W", toks, "md", head=["α"] + toks, lab=lambda t: f"**{t}**"); A("")
A("The attention output is $Z = \\alpha V$ (3.8):", nots=["3.8"])
A("")
emit(A, K, "C", toks, "md", head=["Z", "1", "2", "3", "4"], lab=lambda t: f"**{t}**"); A("")
A("## 3.3 Residual and layer normalisation")
A("")
A("$$R = X + Z \\tag{3.9}$$", nots=["3.9"])
A("")
emit(A, K, "R1", toks, "md", head=["R", "1", "2", "3", "4"], lab=lambda t: f"**{t}**"); A("")
A("Each row is normalised with its mean and its (biased) variance; we use no ε here:")
A("")
A("$$\\mathrm{LN}(r) = \\frac{r - \\mu}{\\sigma}, \\quad \\mu = \\frac{1}{4}\\sum_m r_m, \\quad \\sigma^2 = \\frac{1}{4}\\sum_m (r_m - \\mu)^2 \\tag{3.10}$$", nots=["1", "4", "1", "4", "2", "3.10"])
A("")
R = s.pr["R1"][2]
m, cl = K.one("mu1", 2)
A(f"For **hot**: μ = ({R[0]} + {R[1]} + {par(R[2])}) / 4 = {m}.", claims=cl, opts=[R[0], R[1], R[2]], nots=["4"])
A("")
emit(A, K, [("mu1", 0), ("var1", 0), ("std1", 0)], toks, "md", head=["token", "μ", "σ²", "σ"], lab=lambda t: f"**{t}**"); A("")
emit(A, K, "N1", toks, "md", head=["LN₁", "1", "2", "3", "4"], lab=lambda t: f"**{t}**"); A("")
A("## 3.4 The feed-forward sublayer")
A("")
A("$$\\mathrm{FFN}(h) = \\max(0, hW_1 + b_1)W_2 + b_2 \\tag{3.11}$$", nots=["0", "3.11"])
A("")
A("with")
A("")
for nm in ("W1", "W2"):
    A(f"$$W_{nm[1]} = "); given_rows(A, G[nm], None, "bmat"); A("$$"); A("")
A(f"$b_1 = ({', '.join(G['b1'])})$ and $b_2 = ({', '.join(G['b2'])})$.")
A("")
emit(A, K, "H", toks, "md", head=["hW₁ + b₁"] + [str(k) for k in range(1, 7)], lab=lambda t: f"**{t}**"); A("")
emit(A, K, "A", toks, "md", head=["ReLU"] + [str(k) for k in range(1, 7)], lab=lambda t: f"**{t}**"); A("")
emit(A, K, "F", toks, "md", head=["FFN", "1", "2", "3", "4"], lab=lambda t: f"**{t}**"); A("")
A("The second residual and normalisation (3.12) give the layer's output:", nots=["3.12"])
A("")
emit(A, K, "R2", toks, "md", head=["LN₁ + FFN", "1", "2", "3", "4"], lab=lambda t: f"**{t}**"); A("")
emit(A, K, "N2", toks, "md", head=["LN₂", "1", "2", "3", "4"], lab=lambda t: f"**{t}**"); A("")
A("## 3.5 Predicting the next token")
A("")
A("The output matrix maps the last row to the five words *tea, is, hot, today, .*:", nots=[])
A("")
A("$$W_{out} = "); given_rows(A, G["Wout"], None, "bmat"); A("\\tag{3.13}$$", nots=["3.13"])
A("")
A("| | " + " | ".join(vocab) + " |"); A("|" + "---|" * 6)
A("| logit $z$ | " + " | ".join(K.cells("G", 0)[0]) + " |", claims=K.cells("G", 0)[1])
A("| $p$ | " + " | ".join(K.cells("P", 0)[0]) + " |", claims=K.cells("P", 0)[1])
A("")
p, _ = K.one("P", 0, 4); l, cl = K.one("LS")
A(f"The true next token is \".\", so the cross-entropy is $L = -\\ln {p} = {l}$ (3.14).", claims=cl, opts=[p], nots=["3.14"])
A("")
A("## 3.6 One gradient step")
A("")
A("The gradient of $L$ with respect to the logits is $p - y$:")
A("")
A("| | " + " | ".join(vocab) + " |"); A("|" + "---|" * 6)
A("| $\\partial L/\\partial z$ | " + " | ".join(K.cells("dG", 0)[0]) + " |", claims=K.cells("dG", 0)[1])
A("")
A("and $\\partial L/\\partial W_{out} = h^\\top (p - y)$ with $h$ the LN₂ row of **hot**:")
A("")
emit(A, K, "dW", ["row 1", "row 2", "row 3", "row 4"], "md", head=["∂L/∂W"] + vocab); A("")
A("With learning rate η = 0.1 the updated matrix is", nots=["0.1"])
A("")
emit(A, K, "Wn", ["row 1", "row 2", "row 3", "row 4"], "md", head=["W′"] + vocab); A("")
A("**Exercise 3.1.** Repeat the step with η = 0.5 and check that the loss goes down.", nots=["3.1", "0.5"])
d.save()
