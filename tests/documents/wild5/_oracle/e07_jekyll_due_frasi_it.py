"""Italian Jekyll post (front matter, kramdown tables with {: .table} attribute lists, Liquid highlight blocks, MathJax
$$): two sentences, "io mangio" and "tu bevi", worked one after the other with the same Wq/Wk/Wv: two separate
computations in one document, each with its own embeddings table and results."""
from pathlib import Path

import numpy as np

from w5lib import *

Wqs = [["1.2", "0.4"], ["0.3", "1.5"], ["0.9", "-0.6"]]
Wks = [["0.8", "1.1"], ["1.4", "-0.3"], ["-0.5", "0.9"]]
Wvs = [["0.7", "0.2"], ["0.1", "0.8"], ["0.4", "0.5"]]
S1 = (["io", "mangio"], [["0.9", "0.1", "0.4"], ["0.2", "0.7", "0.5"]])
S2 = (["tu", "bevi"], [["0.8", "0.3", "0.2"], ["0.1", "0.6", "0.9"]])


def run(Xs):
    X = M(Xs)
    Q, K, V = matmul(X, M(Wqs)), matmul(X, M(Wks)), matmul(X, M(Wvs))
    res = (Q, K, V) + attention(Q, K, V)
    Xn = np.array(Xs, float)
    Qn, Kn, Vn = (Xn @ np.array(w, float) for w in (Wqs, Wks, Wvs))
    Sn = Qn @ Kn.T / np.sqrt(2); Wn = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
    check64(res[4], Sn); check64(res[7], Wn); check64(res[8], Wn @ Vn)
    return res


R1, R2 = run(S1[1]), run(S2[1])
d = Doc("jekyll-due-frasi-it", "md",
        "Italian Jekyll blog post (front matter, kramdown tables with {: .table} attribute lists, Liquid highlight "
        "block, MathJax $$): the same attention head (Wq, Wk, Wv, d_k = 2) applied to two sentences one after the "
        "other, 'io mangio' and 'tu bevi', each with its own embeddings table, Q/K/V, scores, weights and outputs",
        "two separate computations with shared weights: for each sentence, softmax(Q K^T / sqrt(2)) V with Q = X Wq, "
        "K = X Wk, V = X Wv",
        script=Path(__file__).name,
        note="two unrelated computations in one document: quantities of the first sentence are addressed with its "
             "tokens (io, mangio), of the second with its tokens (tu, bevi); no token is shared")
A = d
F = lambda v: fmt(v, 3)
A("---")
A("layout: post")
A('title: "Self-attention a mano: due frasi, stessi pesi"')
A("date: 2025-09-21 10:30:00 +0200", nots=["2025"])
A("categories: [deep-learning, nlp]")
A("mathjax: true")
A("---")
A("")
A("Nel [post precedente]({% post_url 2025-09-07-attention-intro %}) abbiamo visto la formula. Oggi facciamo una "
  "cosa diversa: prendiamo **una sola testa di attenzione**, con pesi fissati, e la facciamo girare su **due frasi "
  "diverse**. Così si vede bene che i pesi sono gli stessi, ma i numeri che escono dipendono dalle parole.", nots=["2025"])
A("")
A("<!--more-->")
A("")
A("## I pesi (uguali per tutte e due le frasi)")
A("")
A("$$")
A("W_Q = \\begin{bmatrix} " + " \\\\ ".join(" & ".join(r) for r in Wqs) + " \\end{bmatrix} \\qquad")
A("W_K = \\begin{bmatrix} " + " \\\\ ".join(" & ".join(r) for r in Wks) + " \\end{bmatrix} \\qquad")
A("W_V = \\begin{bmatrix} " + " \\\\ ".join(" & ".join(r) for r in Wvs) + " \\end{bmatrix}")
A("$$")
A("")
A("Dimensione degli embedding 3, dimensione delle teste $d_k = 2$, quindi dividiamo per $\\sqrt 2$.", nots=["3", "2", "2"])
A("")


def sentence(num, title, toks, Xs, R, intro):
    Q, K, V, S, Sc, E, sums, W, O = R
    A(f"## Frase {num}: *{title}*", nots=[str(num)])
    A("")
    A(intro)
    A("")
    A("| parola | $x_1$ | $x_2$ | $x_3$ |", nots=["1", "2", "3"])
    A("|---|---|---|---|")
    for t, x in zip(toks, Xs):
        A(f"| {t} | " + " | ".join(x) + " |")
    A("{: .table .table-sm}")
    A("")
    A(f"### {num}.1 Query, key, value", nots=[f"{num}.1"])
    A("")
    A("| parola | $q$ | $k$ | $v$ |")
    A("|---|---|---|---|")
    for i, t in enumerate(toks):
        cl = []
        cells = []
        for nm, A_ in (("Q", Q), ("K", K), ("V", V)):
            vals = [lit(v) for v in A_[i]]
            cl += [(vals[m], f"{nm}[{t}][{m + 1}]", "correct") for m in range(2)]
            cells.append("(" + ", ".join(vals) + ")")
        A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
    A("{: .table .table-sm}")
    A("")
    A(f"### {num}.2 Punteggi", nots=[f"{num}.2"])
    A("")
    i, j = 0, 1
    A(f"Per esempio $q_{{\\text{{{toks[0]}}}}} \\cdot k_{{\\text{{{toks[1]}}}}} = {lit(Q[0][0])} \\cdot {lit(K[1][0])} + "
      f"{lit(Q[0][1])} \\cdot {lit(K[1][1])} = {lit(S[0][1])}$, diviso $\\sqrt 2$ fa ${F(Sc[0][1])}$.",
      claims=[(lit(S[0][1]), f"scores[{toks[0]},{toks[1]}]", "correct"),
              (F(Sc[0][1]), f"scaled[{toks[0]},{toks[1]}]", "correct")],
      opts=[lit(Q[0][0]), lit(K[1][0]), lit(Q[0][1]), lit(K[1][1])], nots=["2"])
    A("")
    A("| | " + " | ".join(toks) + " |")
    A("|---|---|---|")
    for i, t in enumerate(toks):
        A(f"| **{t}** | " + " | ".join(f"{lit(S[i][j])} → {F(Sc[i][j])}" for j in range(2)) + " |",
          claims=[c for j in range(2) for c in ((lit(S[i][j]), f"scores[{t},{toks[j]}]", "correct"),
                                               (F(Sc[i][j]), f"scaled[{t},{toks[j]}]", "correct"))])
    A("{: .table .table-sm}")
    A("")
    A("(a sinistra della freccia $q \\cdot k$, a destra diviso $\\sqrt 2$)", nots=["2"])
    A("")
    A(f"### {num}.3 Softmax e uscita", nots=[f"{num}.3"])
    A("")
    for i, t in enumerate(toks):
        A(f"- riga *{t}*: $e^{{{F(Sc[i][0])}}} = {F(E[i][0])}$, $e^{{{F(Sc[i][1])}}} = {F(E[i][1])}$, somma "
          f"${F(sums[i])}$, pesi $({F(W[i][0])}, {F(W[i][1])})$",
          claims=[(F(E[i][0]), f"exp[{t},{toks[0]}]", "correct"), (F(E[i][1]), f"exp[{t},{toks[1]}]", "correct"),
                  (F(sums[i]), f"expsum[{t}]", "correct"), (F(W[i][0]), f"weights[{t},{toks[0]}]", "correct"),
                  (F(W[i][1]), f"weights[{t},{toks[1]}]", "correct")],
          opts=[F(Sc[i][0]), F(Sc[i][1])])
    A("")
    A("$$")
    for i, t in enumerate(toks):
        A(f"z_{{\\text{{{t}}}}} = {F(W[i][0])}\\, v_{{\\text{{{toks[0]}}}}} + {F(W[i][1])}\\, v_{{\\text{{{toks[1]}}}}} "
          f"= ({F(O[i][0])},\\ {F(O[i][1])})" + (" \\\\" if i == 0 else ""),
          claims=[(F(O[i][0]), f"context[{t}][1]", "correct"), (F(O[i][1]), f"context[{t}][2]", "correct")],
          opts=[F(W[i][0]), F(W[i][1])])
    A("$$")
    A("")


sentence(1, "io mangio", *S1, R1,
         "Gli embedding (inventati, tre numeri per parola) sono questi:")
sentence(2, "tu bevi", *S2, R2,
         "Stessa testa, stessi $W_Q, W_K, W_V$; cambiano solo gli embedding:")
A("## Confronto")
A("")
A(f"Nella prima frase *io* guarda *mangio* con peso {F(R1[7][0][1])}; nella seconda *tu* guarda *bevi* con peso "
  f"{F(R2[7][0][1])}. Con gli stessi pesi il risultato cambia perché cambiano $q$ e $k$.",
  claims=[(F(R1[7][0][1]), "sentence 1: weights[io,mangio]", "correct"),
          (F(R2[7][0][1]), "sentence 2: weights[tu,bevi]", "correct")])
A("")
A("Per chi vuole ricontrollare:")
A("")
A("{% highlight python %}")
A("import numpy as np")
A("Wq = np.array(" + str([[float(v) for v in r] for r in Wqs]) + ")")
A("Wk = np.array(" + str([[float(v) for v in r] for r in Wks]) + ")")
A("Wv = np.array(" + str([[float(v) for v in r] for r in Wvs]) + ")")
A("def testa(X):")
A("    Q, K, V = X @ Wq, X @ Wk, X @ Wv")
A("    S = Q @ K.T / np.sqrt(2)", nots=["2"])
A("    P = np.exp(S) / np.exp(S).sum(axis=1, keepdims=True)", nots=["1"])
A("    return P @ V")
A("print(testa(np.array(" + str([[float(v) for v in r] for r in S1[1]]) + ")))")
A("print(testa(np.array(" + str([[float(v) for v in r] for r in S2[1]]) + ")))")
A("{% endhighlight %}")
A("")
A("*Alla prossima: due teste invece di una.*")
d.save()
