"""French Jupyter notebook, NumPy float64 with the default print options: the token vectors typed as (3, 1) column
literals (x_chat = np.array([[0.5], [0.1], [0.9]]) style), 3x3 weight literals applied as W @ x (column convention),
q, k, v of every token printed as (3, 1) columns, the 3x3 score matrix S[i, j] = q_i^T k_j, its row softmax after
dividing by sqrt(3), and each output column o_i = sum_j A[i, j] v_j. One planted slip: a markdown cell restates one
printed score with two digits swapped. Everything else correct."""
from pathlib import Path

from w21lib import *

toks = ["chat", "guette", "souris"]
xs = {"chat": ["1.2", "-0.4", "0.9"], "guette": ["0.3", "1.5", "-0.6"], "souris": ["-0.7", "0.5", "1.2"]}
Wq_s = [["0.5", "0.1", "0.3"], ["0.2", "0.7", "-0.1"], ["0.4", "-0.2", "0.6"]]
Wk_s = [["0.3", "0.6", "0.1"], ["-0.2", "0.4", "0.5"], ["0.7", "0.1", "0.2"]]
Wv_s = [["0.8", "-0.3", "0.2"], ["0.1", "0.5", "0.4"], ["0.3", "0.2", "-0.6"]]
# column convention q = W x is row convention x W^T: hand the transposes to the shared oracle
Xs = [xs[t] for t in toks]
a = attention(Xs, T(Wq_s), T(Wk_s), T(Wv_s))

# and once more in the notebook's own shapes, float64
Xc = {t: np.array([[float(v)] for v in xs[t]]) for t in toks}
Wq, Wk, Wv = (np.array(M, float) for M in (Wq_s, Wk_s, Wv_s))
qn = {t: Wq @ Xc[t] for t in toks}; kn = {t: Wk @ Xc[t] for t in toks}; vn = {t: Wv @ Xc[t] for t in toks}
Sn = np.array([[(qn[a_].T @ kn[b]).item() for b in toks] for a_ in toks])
An = np_softmax(Sn / np.sqrt(3))
On = {t: sum(An[i, j] * vn[toks[j]] for j in range(3)) for i, t in enumerate(toks)}
agree([[v] for v in a["Q"][0]], qn["chat"]); agree(a["S"], Sn); agree(a["W"], An)
for i, t in enumerate(toks):
    agree([[v] for v in a["C"][i]], On[t])

d = Doc("colonnes-numpy-fr", "ipynb",
        "French Jupyter notebook, NumPy float64 with default print options: token vectors as (3, 1) column "
        "literals, 3x3 weights applied as W @ x, q, k, v of every token printed as (3, 1) columns, the 3x3 score "
        "matrix, its row softmax (scores / sqrt(3)) and each output column; a markdown remark restating scores",
        "attention with Wq, Wk, Wv 3 -> 3 in column convention (q = W_q x, i.e. row convention with the transposes), "
        "scaled by sqrt(3), over the tokens chat, guette, souris",
        script=Path(__file__).name)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.12.2"}})


def column_items(label, arr, exact_col, qty):
    ls, cells = np_print(arr, [[v] for v in exact_col])
    assert not any("e" in ln for ln in ls), ls
    return [L(f"{label} =")] + rows_to_items([" " + ls[0]] + ls[1:], cells, lambda i, j: qty(i)), cells


nb.md(["# L'attention avec des vecteurs colonnes",
       "",
       "Dans la plupart des cours d'algèbre linéaire, un vecteur est une **colonne** et une matrice agit à gauche : "
       "$q = W_q\\,x$. Refaisons une tête d'attention dans cette convention, sur la phrase *le chat guette la "
       "souris* réduite à trois mots : `chat`, `guette`, `souris`."])
nb.code(["import numpy as np"])
nb.md(["## Les plongements (vecteurs colonnes de taille 3)"])
nb.code([f"x_{t} = np.array([{', '.join('[' + v + ']' for v in xs[t])}])" for t in toks] +
        ["", "print(x_chat.shape)"], stdout=[L("(3, 1)", (), (), ["3", "1"])])
nb.md(["## Les matrices de projection", "", "On les applique par la gauche : `W @ x`."])
nb.code([f"{nm} = np.array([{', '.join('[' + ', '.join(r) + ']' for r in M)}])"
         for nm, M in (("W_q", Wq_s), ("W_k", Wk_s), ("W_v", Wv_s))])
nb.md(["## Requêtes, clés et valeurs de chaque mot"])
so = []
for nm, key, store in (("q", "Q", qn), ("k", "K", kn), ("v", "V", vn)):
    for i, t in enumerate(toks):
        it, _ = column_items(f"{nm}_{t}", store[t], a[key][i], lambda m, key=key, t=t: f"{key}[{t}][{m + 1}]")
        so += it
nb.code(["mots = [\"chat\", \"guette\", \"souris\"]",
         "X = {\"chat\": x_chat, \"guette\": x_guette, \"souris\": x_souris}",
         "q = {m: W_q @ X[m] for m in mots}",
         "k = {m: W_k @ X[m] for m in mots}",
         "v = {m: W_v @ X[m] for m in mots}",
         "",
         "for nom, d in [(\"q\", q), (\"k\", k), (\"v\", v)]:",
         "    for m in mots:",
         "        print(f\"{nom}_{m} =\\n\", d[m])"], stdout=so)
nb.md(["## La matrice des scores", "",
       "Le score de la ligne $i$, colonne $j$ est $q_i^\\top k_j$ : un nombre par paire de mots."])
ls, scells = np_print(Sn, a["S"])
assert not any("e" in ln for ln in ls), ls
so = [L("S =")] + rows_to_items([" " + ls[0]] + ls[1:], scells, lambda i, j: f"scores[{toks[i]},{toks[j]}]")
nb.code(["S = np.array([[(q[a].T @ k[b]).item() for b in mots] for a in mots])",
         "print(\"S =\\n\", S)"], stdout=so)
nb.md(["## Softmax ligne par ligne", "", "On divise d'abord par $\\sqrt{d_k} = \\sqrt{3}$."])
ls, wcells = np_print(An, a["W"])
so = [L("A =")] + rows_to_items([" " + ls[0]] + ls[1:], wcells, lambda i, j: f"weights[{toks[i]},{toks[j]}]")
nb.code(["def softmax_lignes(M):",
         "    e = np.exp(M - M.max(axis=1, keepdims=True))",
         "    return e / e.sum(axis=1, keepdims=True)",
         "",
         "A = softmax_lignes(S / np.sqrt(3))",
         "print(\"A =\\n\", A)"], stdout=so)
nb.md(["## Les sorties", "", "Chaque sortie est une colonne : $o_i = \\sum_j A_{ij}\\, v_j$."])
so = []
for i, t in enumerate(toks):
    it, _ = column_items(f"o_{t}", On[t], a["C"][i], lambda m, t=t: f"context[{t}][{m + 1}]")
    so += it
nb.code(["o = {a: sum(A[i, j] * v[b] for j, b in enumerate(mots)) for i, a in enumerate(mots)}",
         "for m in mots:",
         "    print(f\"o_{m} =\\n\", o[m])"], stdout=so)

# ---------------------------------------------------------------- remarks; the slip: two digits of a score swapped
ic, js = 0, 2                                # chat -> souris
good = scells[ic][js]
assert len(good.split(".")[1]) >= 3, good
k_ = len(good) - 2                           # swap the last two digits
slip = good[:k_] + good[k_ + 1] + good[k_] + good[k_ + 2:]
assert slip != good and abs(float(slip) - float(good)) >= 9e-4, (good, slip)
best = max(range(3), key=lambda j: a["W"][ic][j])
wb = rnd(a["W"][ic][best], 3)
d.note = (f"One planted slip: the markdown remark writes the score chat -> souris as {slip}, its last two digits "
          f"swapped; the notebook prints {good} (correct). Nothing is computed from the slip. Quantities are named "
          "in row convention: Q[t][m] is component m of the column q_t = W_q x_t, and likewise K, V; context[t][m] "
          "is component m of the output column o_t.")
nb.md(["## Remarques", "",
       L(f"- Le mot *chat* regarde surtout *{toks[best]}* : son poids est {wb} sur cette ligne.",
         [(wb, f"weights[chat,{toks[best]}]", "correct")]),
       L(f"- Le score brut entre *chat* et *souris* vaut {slip}, plus petit que celui de *chat* avec lui-même "
         f"({scells[0][0]}).",
         [(slip, "scores[chat,souris]", "wrong"), (scells[0][0], "scores[chat,chat]", "correct")]),
       "- La matrice `S` n'est pas symétrique : `W_q` et `W_k` sont différentes."])
assert mpf(slip) < a["S"][0][0] and a["S"][0][2] < a["S"][0][0]
nb.save()
