"""Italian exercise sheet kept as LaTeX source (a .txt holding \\documentclass, \\begin{align}, pmatrix, % comments):
weights θ_Q, θ_K, θ_V, inputs x_i, K printed transposed (K^\\top is the matrix shown, one column per token), the
attention matrix called P. io, canto, sempre; d_model 4 -> d_k 3, /sqrt(3). One planted slip: P[canto][sempre].
Exact rounding."""
from pathlib import Path

from w16lib import *

toks = ["io", "canto", "sempre"]
Xs = [["0.6", "0.2", "0.9", "0.1"], ["0.3", "0.7", "0.4", "0.8"], ["0.5", "0.4", "0.2", "0.6"]]
Wqs = [["0.3", "0.8", "0.1"], ["0.5", "0.2", "0.6"], ["0.1", "0.4", "0.7"], ["0.9", "0.3", "0.2"]]
Wks = [["0.7", "0.2", "0.4"], ["0.1", "0.6", "0.3"], ["0.5", "0.1", "0.8"], ["0.2", "0.9", "0.5"]]
Wvs = [["0.4", "0.6", "0.2"], ["0.8", "0.1", "0.5"], ["0.3", "0.7", "0.9"], ["0.6", "0.2", "0.1"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
clean = rnd(W[1][2], 4)
SLIP = clean[:-2] + str((int(clean[-2]) + 3) % 10) + clean[-1]
W2 = [r[:] for r in W]
W2[1][2] = mpf(SLIP)
C2 = mm(W2, V)
agree(C2, np.array([[float(x) for x in r] for r in W2]) @ a["np"]["V"])

d = Doc("latex-source-it", "txt",
        "Italian exercise solution as LaTeX source: align and pmatrix, theta_Q, K^T printed as the matrix, P for the "
        "weights; io, canto, sempre, 4 -> 3, /sqrt(3), 4 decimals; one planted slip",
        "attention with Wq, Wk, Wv (4 -> 3), scaled by sqrt(3), over the tokens io, canto, sempre",
        script=Path(__file__).name,
        note=f"planted slip: P[canto][sempre] (weights[canto,sempre]) is written {SLIP} instead of {clean} (third "
             "decimal off by 3). The output row of canto is then computed from the printed row of P with the slipped "
             "weight (propagated where it prints differently, any where it prints the same).")
A = d
A("% esercitazione-07.tex  (rev. 2024-11-18)", nots=["07", "2024", "11", "18"])
A("\\documentclass[11pt,a4paper]{article}", nots=["11"])
A("\\usepackage[italian]{babel}")
A("\\usepackage{amsmath,amssymb}")
A("\\newcommand{\\R}{\\mathbb{R}}")
A("\\begin{document}")
A("")
A("\\section*{Esercizio 3 (soluzione)}", nots=["3"])
A("")
A("Consideriamo la frase \\emph{io canto sempre}. Gli ingressi $x_i \\in \\R^4$ sono")
A("\\begin{align}")
for i, t in enumerate(toks):
    A(f"x_{{{i + 1}}} &= (" + ",\\ ".join(Xs[i]) + f") && \\text{{({t})}}" + (" \\\\" if i < 2 else ""))
A("\\end{align}")
A("e le proiezioni ($d_k = 3$) sono", nots=["3"])
for nm, M in (("Q", Wqs), ("K", Wks), ("V", Wvs)):
    A("\\[")
    A(f"\\theta_{nm} = \\begin{{pmatrix}}")
    for r in M:
        A(" & ".join(r) + " \\\\")
    A("\\end{pmatrix}")
    A("\\]")
A("")
A("\\paragraph{Passo 1.} $Q = X\\theta_Q$, $K = X\\theta_K$, $V = X\\theta_V$:")
A("\\begin{align}")
A("Q &= \\begin{pmatrix}")
for i, t in enumerate(toks):
    ss = [lit(v) for v in Q[i]]
    A(" & ".join(ss) + " \\\\" + f" % {t}", claims=cl(ss, f"Q[{t}][{{k}}]"))
A("\\end{pmatrix}, \\\\")
A("K^\\top &= \\begin{pmatrix}")
for m in range(3):
    ss = [lit(K[i][m]) for i in range(3)]
    A(" & ".join(ss) + " \\\\", claims=[(s, f"K[{t}][{m + 1}]", "correct") for s, t in zip(ss, toks)])
A("\\end{pmatrix} \\quad \\text{(una colonna per parola)}, \\\\")
A("V &= \\begin{pmatrix}")
for i, t in enumerate(toks):
    ss = [lit(v) for v in V[i]]
    A(" & ".join(ss) + " \\\\" + f" % {t}", claims=cl(ss, f"V[{t}][{{k}}]"))
A("\\end{pmatrix}")
A("\\end{align}")
A("")
A("\\paragraph{Passo 2.} Un esempio di prodotto scalare:")
A("\\begin{align}")
terms = " + ".join(f"{lit(Q[0][m])}\\cdot{lit(K[2][m])}" for m in range(3))
A(f"q_1 \\cdot k_3 &= {terms} = {lit(S[0][2])}, \\\\", claims=[(lit(S[0][2]), "scores[io,sempre]", "correct")],
  opts=[lit(Q[0][m]) for m in range(3)] + [lit(K[2][m]) for m in range(3)])
A(f"\\frac{{q_1 \\cdot k_3}}{{\\sqrt{{3}}}} &= \\frac{{{lit(S[0][2])}}}{{{rnd(c, 4)}}} = {rnd(Sc[0][2], 4)}.",
  claims=[(rnd(c, 4), "sqrt_dk", "correct"), (rnd(Sc[0][2], 4), "scaled[io,sempre]", "correct")],
  opts=[lit(S[0][2])])
A("\\end{align}")
A("Tutti i punteggi scalati:")
A("\\[")
A("\\frac{QK^\\top}{\\sqrt{3}} = \\begin{pmatrix}")
for i, t in enumerate(toks):
    ss = fmt(Sc[i], 4)
    A(" & ".join(ss) + " \\\\" + f" % {t}", claims=cl(ss, [f"scaled[{t},{u}]" for u in toks]))
A("\\end{pmatrix}")
A("\\]")
A("")
A("\\paragraph{Passo 3.} Softmax riga per riga (la chiamiamo $P$):")
A("\\[")
A("P = \\begin{pmatrix}")
for i, t in enumerate(toks):
    ss = fmt(W2[i], 4)
    cls = []
    for j, u in enumerate(toks):
        v = "wrong" if (i, j) == (1, 2) else "correct"
        cls.append((ss[j], f"weights[{t},{u}]", v))
    A(" & ".join(ss) + " \\\\" + f" % {t}", claims=cls)
A("\\end{pmatrix}")
A("\\]")
A("% nota: nel paper originale d_k = 64 e h = 8 teste", nots=["64", "8"])
A("")
A("\\paragraph{Passo 4.} L'uscita è $Z = PV$:")
A("\\begin{align}")
for i, t in enumerate(toks):
    ss = fmt(C2[i], 4)
    vs = "correct" if i != 1 else None
    cls = [(s, f"context[{t}][{k + 1}]", vs or fate(s, rnd(C[i][k], 4))) for k, s in enumerate(ss)]
    A(f"z_{{{i + 1}}} &= (" + ",\\ ".join(ss) + ")" + (" \\\\" if i < 2 else ""), claims=cls)
A("\\end{align}")
A("")
A("\\end{document}")
d.save()
