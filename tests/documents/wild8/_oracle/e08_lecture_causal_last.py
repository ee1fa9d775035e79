"""English lecture notes copied from a PDF as plain text: running header with lecture and page number, section
numbers, hyphenated line breaks, equation numbers (11.3) at the right margin, a footnote marker and footnote, matrices
as bare rows of numbers with the name before one row (the brackets are lost in the copy) and the vocabulary words above
the output matrix, a page footer. One head for the LAST of three positions under a causal mask (its row sees every
position), then the output layer over a 5-word vocabulary and the next-token softmax. No slip."""
from pathlib import Path

from w8lib import *

toks = ["once", "upon", "a"]
vocab = ["time", "king", "hill", "day", "cat"]
Xs = [["0.4", "-0.2", "0.7", "0.1"], ["-0.3", "0.5", "0.2", "0.6"], ["0.8", "0.1", "-0.4", "0.3"]]
Wqs = [["0.5", "-0.1"], ["0.2", "0.6"], ["-0.3", "0.4"], ["0.7", "0.2"]]
Wks = [["0.3", "0.2"], ["-0.4", "0.5"], ["0.6", "0.1"], ["0.2", "-0.3"]]
Wvs = [["0.1", "0.7"], ["0.5", "-0.2"], ["-0.6", "0.3"], ["0.4", "0.4"]]
Wos = [["0.9", "-0.4", "0.3", "0.6", "-0.7"], ["0.2", "0.8", "-0.5", "0.4", "0.1"]]
X, Wq, Wk, Wv, Wo = (mat(m) for m in (Xs, Wqs, Wks, Wvs, Wos))
q3 = vm(X[2], Wq)
K, V = mm(X, Wk), mm(X, Wv)
s = [dot(q3, k) for k in K]
c = mpmath.sqrt(2)
sc = [v / c for v in s]
ex = [mpmath.exp(v) for v in sc]
Zs = mpmath.fsum(ex)
w = [v / Zs for v in ex]
z = [mpmath.fsum(w[j] * V[j][m] for j in range(3)) for m in range(2)]
lg = vm(z, Wo)
p = softmax(lg)
n = lambda m: np.array(m, float)
Qn, Kn, Vn = n(Xs) @ n(Wqs), n(Xs) @ n(Wks), n(Xs) @ n(Wvs)
Sn = Qn @ Kn.T / np.sqrt(2); Sn[np.triu_indices(3, 1)] = -np.inf
An = np_softmax(Sn); On = An @ Vn
agree(w, An[2]); agree(z, On[2]); agree(lg, On[2] @ n(Wos)); agree(p, np_softmax(On[2] @ n(Wos)))
F = lambda v: rnd(v, 4)
for v in q3 + [x for r in K + V for x in r] + s:
    lit(v)

d = Doc("lecture-causal-last", "txt",
        "English lecture notes copied from a PDF as plain text (running header, page numbers, hyphenation, equation "
        "numbers, footnote, matrices as bare rows with the name before one row, vocabulary words above W_out): one "
        "head for the last of three positions under a causal mask, q3, K, V, scores, /sqrt(2), exps, weights, "
        "context, then logits over a 5-word vocabulary and the next-token softmax with percentages",
        "one causal attention head (Wq, Wk, Wv 4 -> 2, scaled by sqrt(2)) evaluated for the last position 'a' of "
        "'once upon a', then logits = z_a W_out over the vocabulary time/king/hill/day/cat and their softmax",
        script=Path(__file__).name)
A = d
HDR = "CS 4780  Neural Language Models                                Lecture 11: one decoding step"
A(HDR, nots=["4780", "11"])
A("")
A("11.2  A worked example: the last position only", nots=["11.2"])
A("")
A("In a decoder every position attends only to itself and to the positions before it. When we")
A("generate, however, we only need the output at the last position, so the whole compu-")
A("tation collapses to one query against all the keys. Let us do it for the prompt")
A("\"once upon a\" (positions 1, 2, 3) with d_model = 4, a single head with d_k = 2, and a", nots=["1", "2", "3", "4", "2"])
A("vocabulary of five words.¹")
A("")
A("Embeddings (one row per position; positional information is already included):")
A("")
for t, r in zip(toks, Xs):
    A(f"        {t:<6}  " + "  ".join(f"{v:>5}" for v in r))
A("")
A("Projection matrices (4 x 2 each):", nots=["4", "2"])
A("")


def matrix(name, rows, at=1):
    for i, r in enumerate(rows):
        lead = f"{name} =" if i == at else ""
        A(f"  {lead:<8}" + "  ".join(f"{v:>5}" for v in r))
    A("")


matrix("W_Q", Wqs); matrix("W_K", Wks); matrix("W_V", Wvs)
A("Step 1. The query of the last position and all keys and values.")
A("")
A(f"    q_3 = x_3 W_Q = ({lit(q3[0])}, {lit(q3[1])})                                            (11.3)",
  claims=[(lit(q3[m]), f"Q[a][{m + 1}]", "correct") for m in range(2)], nots=["3", "3", "11.3"])
A("")
for j in range(3):
    A(f"    k_{j + 1} = ({lit(K[j][0])}, {lit(K[j][1])})        v_{j + 1} = ({lit(V[j][0])}, {lit(V[j][1])})",
      claims=[(lit(K[j][m]), f"K[{toks[j]}][{m + 1}]", "correct") for m in range(2)]
             + [(lit(V[j][m]), f"V[{toks[j]}][{m + 1}]", "correct") for m in range(2)], nots=[str(j + 1)] * 2)
A("")
A("Step 2. Scores, mask and softmax. The causal mask M adds -inf above the diagonal:", nots=["2"])
A("")
A("              0    -inf   -inf", nots=["0"])
A("      M =     0      0    -inf", nots=["0", "0"])
A("              0      0      0", nots=["0", "0", "0"])
A("")
A("Position 3 is the last row of M, which masks nothing: the last token may look at every")
A("position. Its raw scores are")
A("")
for j in range(3):
    A(f"    s_3{j + 1} = q_3 . k_{j + 1} = ({lit(q3[0])})({lit(K[j][0])}) + ({lit(q3[1])})({lit(K[j][1])}) = {lit(s[j])}",
      claims=[(lit(s[j]), f"scores[a,{toks[j]}]", "correct")], opts=[lit(q3[0]), lit(K[j][0]), lit(q3[1]), lit(K[j][1])],
      nots=["3", str(j + 1), "3", str(j + 1)])
A("")
A(f"and after dividing by sqrt(d_k) = sqrt(2) = {F(c)}:                                   (11.4)",
  claims=[(F(c), "sqrt_dk", "correct")], nots=["2", "11.4"])
A("")
A("    " + "    ".join(f"{F(v)}" for v in sc), claims=[(F(v), f"scaled[a,{toks[j]}]", "correct") for j, v in enumerate(sc)])
A("")
A("Exponentiating gives " + ", ".join(F(v) for v in ex) + f", which sum to {F(Zs)}, so the attention",
  claims=[(F(v), f"exp[a,{toks[j]}]", "correct") for j, v in enumerate(ex)] + [(F(Zs), "expsum[a]", "correct")])
A("weights of position 3 are")
A("")
A("    alpha_3 = (" + ", ".join(F(v) for v in w) + ")                                      (11.5)",
  claims=[(F(v), f"weights[a,{toks[j]}]", "correct") for j, v in enumerate(w)], nots=["3", "11.5"])
A("")
A("Step 3. The head's output is the weighted sum of the value vectors,", nots=["3"])
A("")
A(f"    z_3 = " + " + ".join(f"{F(w[j])} v_{j + 1}" for j in range(3)) + f" = ({F(z[0])}, {F(z[1])})",
  claims=[(F(z[m]), f"context[a][{m + 1}]", "correct") for m in range(2)], opts=[F(v) for v in w],
  nots=["3", "1", "2", "3"])
A("")
A("")
A("")
A("                                      - 3 -", nots=["3"])
A("\f" + HDR, nots=["4780", "11"])
A("")
A("Step 4. Output layer. The vocabulary is {time, king, hill, day, cat}; W_out maps the", nots=["4"])
A("2-dimensional head output to one logit per word (columns in vocabulary order):", nots=["2"])
A("")
A("             " + "".join(f"{v:>8}" for v in vocab))
for i, r in enumerate(Wos):
    lead = "W_out =" if i == 0 else ""
    A(f"  {lead:<11}" + "".join(f"{v:>8}" for v in r))
A("")
A("    logits = z_3 W_out                                                        (11.6)", nots=["3", "11.6"])
A("")
A("           " + "".join(f"{v:>9}" for v in vocab))
A("           " + "".join(f"{F(v):>9}" for v in lg), claims=[(F(v), f"logits[a][{vocab[k]}]", "correct") for k, v in enumerate(lg)])
A("")
A("For example, the logit of \"time\" is", nots=[])
A(f"    ({F(z[0])})(0.9) + ({F(z[1])})(0.2) = {F(lg[0])}.",
  claims=[(F(lg[0]), "logits[a][time]", "correct")], opts=[F(z[0]), F(z[1]), "0.9", "0.2"])
A("")
A("Step 5. The softmax over the five logits gives the next-token distribution:", nots=["5"])
A("")
pc = [rnd(100 * v, 1) for v in p]
for k, word in enumerate(vocab):
    A(f"    P({word:<4} | once upon a) = {F(p[k])}   ({pc[k]} %)",
      claims=[(F(p[k]), f"probs[a][{word}]", "correct"), (pc[k] + "%", f"probs[a][{word}]", "correct")])
A("")
best = max(range(5), key=lambda k: p[k])
A(f"Greedy decoding picks \"{vocab[best]}\". With these untrained weights the distribution is")
A("nearly flat; a trained model would put most of the mass on \"time\".")
A("")
A("Remark. Nothing above used the other two rows of the attention matrix. A real imple-")
A("mentation keeps their keys and values in a cache so that the next step again needs only")
A("one new query (Section 11.4).", nots=["11.4"])
A("")
A("_______________")
A("¹ The numbers are made up; embeddings and weights have one decimal so that q, k and v have two.")
A("")
A("                                      - 4 -", nots=["4"])
d.save()
