"""French Jupyter notebook (ipykernel metadata), NumPy under np.set_printoptions(precision=4, suppress=True): a
causal mask over le, chat, dort, ici (tokens as `# le` comments). A cell that fails first (`X @ W_q.T`): an `error`
output whose ANSI-coloured traceback carries numbers (not claims), then the corrected cell; the masked scores printed
with `-inf`, the weights with exact zeros above the diagonal, the outputs; an unexecuted last cell
(execution_count null). d_model 3 -> d_k 2, /sqrt(2). Exact rounding."""
from pathlib import Path

from w15lib import *

toks = ["le", "chat", "dort", "ici"]
Xs = [["0.62", "0.15", "0.83"], ["0.27", "0.91", "0.44"], ["0.75", "0.36", "0.19"], ["0.48", "0.57", "0.72"]]
Wqs = [["0.5", "0.2"], ["0.3", "0.8"], ["0.7", "0.4"]]
Wks = [["0.6", "0.1"], ["0.2", "0.9"], ["0.4", "0.5"]]
Wvs = [["0.8", "0.3"], ["0.1", "0.6"], ["0.5", "0.7"]]
a = attention(Xs, Wqs, Wks, Wvs, causal=True)
n = a["np"]
d = Doc("causal-error-fr", "ipynb",
        "French NumPy notebook with a causal mask: le chat dort ici as row comments; an error output with an ANSI "
        "traceback, then the fixed cell; masked scores with -inf, weights with zeros; an unexecuted last cell",
        "causal attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens le, chat, dort, ici",
        script=Path(__file__).name)
nb = NB(d, ipy_meta("3.12.2"), minor=5)
qf = lambda nm: (lambda i, j: f"{nm}[{toks[i]}][{j + 1}]")
pf = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")
up = lambda i, j: j > i
nb.md(["# Attention causale (masquée) à la main", "",
       "Dans un décodeur, le mot en position $i$ ne voit que les positions $\\le i$. On met $-\\infty$ au-dessus de la "
       "diagonale avant le softmax :", "",
       "$$\\mathrm{softmax}\\left(\\frac{QK^\\top}{\\sqrt{d_k}} + M\\right), \\qquad M_{ij} = -\\infty \\text{ si } j > i$$"])
nb.code(["import numpy as np", "np.set_printoptions(precision=4, suppress=True)"])
nb.code(["X = np.array(["] + [f"    [{', '.join(r)}],   # {t}" for t, r in zip(toks, Xs)] + ["])"] +
        [f"W_{k} = np.array([{', '.join('[' + ', '.join(r) + ']' for r in M)}])" for k, M in (("q", Wqs), ("k", Wks), ("v", Wvs))])
C = ANSI_RED; G = ANSI_GREEN; Z = ANSI_RESET; Y = ANSI_CYAN
tb = [f"{C}---------------------------------------------------------------------------{Z}",
      f"{C}ValueError{Z}                                Traceback (most recent call last)",
      R(f"Cell {G}In[3], line 1{Z}", nots=["3", "1"]),
      R(f"{G}----> 1{Z} Q {Y}={Z} X {Y}@{Z} W_q{Y}.{Z}T", nots=["1"]),
      R(f"{C}ValueError{Z}: matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
        "(n?,k),(k,m?)->(n?,m?) (size 3 is different from 2)", nots=["1", "0", "3", "2"])]
nb.code(["Q = X @ W_q.T"], [("error", "ValueError", "matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                             "gufunc signature (n?,k),(k,m?)->(n?,m?) (size 3 is different from 2)", tb)])
nb.md([R("Oups : pas de transposée, `W_q` est déjà de forme (3, 2).", nots=["3", "2"])])
outs = []
for nm in ("Q", "K", "V"):
    rows, _ = np_rows(n[nm], a[nm], qf(nm), precision=4, suppress=True)
    outs += [f"{nm} ="] + rows
nb.code(["Q = X @ W_q", "K = X @ W_k", "V = X @ W_v", "for nom, M in [('Q', Q), ('K', K), ('V', V)]:",
         "    print(nom, '=')", "    print(M)"], [("stdout", outs)])
Scm = np.where(np.tril(np.ones((4, 4))) > 0, n["S"] / np.sqrt(2), -np.inf)
Sce = [[a["Sc"][i][j] if j <= i else mpf(0) for j in range(4)] for i in range(4)]
r1, _ = np_rows(Scm, Sce, pf("scaled"), skip=up, precision=4, suppress=True)
nb.code(["d_k = Q.shape[1]", "scores = Q @ K.T / np.sqrt(d_k)", "masque = np.triu(np.ones((4, 4), dtype=bool), k=1)",
         "scores[masque] = -np.inf", "print(scores)"], [("stdout", r1)])
r2, _ = np_rows(n["W"], a["W"], pf("weights"), precision=4, suppress=True)
nb.code(["e = np.exp(scores - scores.max(axis=1, keepdims=True))", "poids = e / e.sum(axis=1, keepdims=True)", "print(poids)"],
        [("stdout", r2)])
nb.md([R("La première ligne vaut $[1, 0, 0, 0]$ : *le* ne peut regarder que lui-même.",
         [("1", "weights[le,le]", "correct")] + [("0", f"weights[le,{u}]", "correct") for u in toks[1:]])])
r3, _ = np_rows(n["C"], a["C"], qf("context"), precision=4, suppress=True)
nb.code(["sortie = poids @ V", "print(sortie)"], [("stdout", r3)])
nb.code(["# vérification avec PyTorch (pas installé ici)", "# import torch", "# torch.nn.functional.scaled_dot_product_attention(..., is_causal=True)"], run=False)
nb.save()
