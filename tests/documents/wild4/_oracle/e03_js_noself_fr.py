"""French JavaScript tutorial in Markdown: attention on the inputs themselves (Q = K = V = X, no projections) where
each token attends only to the OTHER tokens (diagonal set to -Infinity); const arrays with // "token" comments,
Node console.log output of nested arrays of toFixed strings."""
from pathlib import Path

import numpy as np

from w4lib import *

tok = ["le", "chat", "dort", "ici"]
Xs = [["0.8", "0.1", "-0.3"], ["0.2", "0.9", "0.4"], ["-0.5", "0.6", "0.7"], ["0.3", "-0.4", "0.5"]]
X = M(Xs)
n, dk = 4, 3
s3 = mpmath.sqrt(3)
S = [[None if i == j else dot(X[i], X[j]) / s3 for j in range(n)] for i in range(n)]
A = [softmax(row) for row in S]
O = matmul(A, X)
Xn = np.array(Xs, float)
Sn = Xn @ Xn.T / np.sqrt(3); np.fill_diagonal(Sn, -np.inf)
An = np.exp(Sn - Sn.max(1, keepdims=True)); An /= An.sum(1, keepdims=True)
check_np(A, An); check_np(O, An @ Xn)

d = Doc("js-attention-autres-fr", "md",
        "French JavaScript/TypeScript tutorial in Markdown (front matter, ```js blocks, Node console.log output of nested "
        "arrays of toFixed(4) strings): self-attention with Q = K = V = X and no projections, scaled by sqrt(3), where the "
        "diagonal is set to -Infinity so that each token attends only to the other tokens; tokens named in // \"...\" "
        "comments; a hand check of one row",
        "softmax(X X^T / sqrt(3) with -inf on the diagonal) X  (no self-attention, Q = K = V = X)", "exact",
        gen=Path(__file__).name)
add = d.add
add("---")
add('title: "L\'attention sans tricher : chaque mot regarde les autres"')
add("date: 2023-10-14", nots=["2023", "10", "14"])
add("tags: [javascript, ia, transformers]")
add("---")
add("")
add("Dans le billet précédent on avait codé une attention « normale » en JavaScript pur, sans bibliothèque.")
add("Aujourd'hui, une variante qu'on croise dans certains papiers (et dans des exercices d'entretien) :")
add("**un token n'a pas le droit de se regarder lui-même**. On met donc la diagonale des scores à `-Infinity`")
add("avant le softmax, et le poids de chaque mot sur lui-même devient exactement 0.", nots=["0"])
add("")
add("Pour rester simple, pas de matrices W_Q, W_K, W_V : les requêtes, les clés et les valeurs sont les")
add("embeddings eux-mêmes (Q = K = V = X). On divise quand même par √d avec d = 3.", nots=["3"])
add("")
add("## Les données")
add("")
add("```js")
add("// phrase : « le chat dort ici », un vecteur de dimension 3 par mot", nots=["3"])
add("const X = [")
for i in range(n):
    add(f"  [{', '.join(Xs[i]).ljust(16)}], // \"{tok[i]}\"", opts=list(Xs[i]))
add("];")
add("const d = X[0].length; // 3", nots=["0", "3"])
add("```")
add("")
add("## Le code")
add("")
add("```js")
add("const dot = (a, b) => a.reduce((s, v, i) => s + v * b[i], 0);", nots=["0"])
add("")
add("function softmax(row) {")
add("  const m = Math.max(...row.filter(Number.isFinite));")
add("  const e = row.map(v => (v === -Infinity ? 0 : Math.exp(v - m)));", nots=["0"])
add("  const s = e.reduce((a, b) => a + b, 0);", nots=["0"])
add("  return e.map(v => v / s);")
add("}")
add("")
add("// scores[i][j] = x_i · x_j / √d, sauf sur la diagonale")
add("const scores = X.map((xi, i) =>")
add("  X.map((xj, j) => (i === j ? -Infinity : dot(xi, xj) / Math.sqrt(d)))")
add(");")
add("const weights = scores.map(softmax);")
add("const out = weights.map(w =>")
add("  X[0].map((_, k) => w.reduce((s, wij, j) => s + wij * X[j][k], 0))", nots=["0", "0"])
add(");")
add("")
add("const fmt = M => M.map(r => r.map(v => v.toFixed(4)));", nots=["4"])
add("console.log(fmt(scores));")
add("console.log(fmt(weights));")
add("console.log(fmt(out));")
add("```")
add("")
add("## Ce que Node affiche")
add("")
add("Les scores d'abord (ligne = le mot qui pose la question, colonne = le mot regardé) :")
add("")
add("```text")
add("[")
for i in range(n):
    cells = ", ".join("'-Infinity'" if S[i][j] is None else f"'{r(S[i][j], 4)}'" for j in range(n))
    add(f"  [ {cells} ]" + ("," if i < n - 1 else ""),
        claims=[(r(S[i][j], 4), f"scaled[{tok[i]},{tok[j]}]", "correct") for j in range(n) if j != i])
add("]")
add("```")
add("")
add("puis les poids d'attention :")
add("")
add("```text")
add("[")
for i in range(n):
    cells = ", ".join(f"'{r(A[i][j], 4)}'" for j in range(n))
    add(f"  [ {cells} ]" + ("," if i < n - 1 else ""),
        claims=[(r(A[i][j], 4), f"weights[{tok[i]},{tok[j]}]", "correct") for j in range(n) if j != i],
        opts=["0.0000"])
add("]")
add("```")
add("")
add("et enfin la sortie, une ligne par mot :")
add("")
add("```text")
add("[")
for i in range(n):
    cells = ", ".join(f"'{r(O[i][k], 4)}'" for k in range(dk))
    add(f"  [ {cells} ]" + ("," if i < n - 1 else ""),
        claims=[(r(O[i][k], 4), f"context[{tok[i]}][{k+1}]", "correct") for k in range(dk)])
add("]")
add("```")
add("")
add("## Vérification à la main pour « chat »")
add("")
i = 1
raw = [dot(X[i], X[j]) for j in range(n)]
add(f"Produits scalaires avec les autres mots : « le » {short(raw[0])}, « dort » {short(raw[2])}, « ici » {short(raw[3])}.",
    claims=[(short(raw[0]), "scores[chat,le]", "correct"), (short(raw[2]), "scores[chat,dort]", "correct"),
            (short(raw[3]), "scores[chat,ici]", "correct")])
add(f"Divisés par √3 ≈ {r(s3, 4)} : {r(S[i][0], 4)}, {r(S[i][2], 4)} et {r(S[i][3], 4)}.",
    claims=[(r(s3, 4), "sqrt_dk", "correct"), (r(S[i][0], 4), "scaled[chat,le]", "correct"),
            (r(S[i][2], 4), "scaled[chat,dort]", "correct"), (r(S[i][3], 4), "scaled[chat,ici]", "correct")])
ex = {j: mpmath.exp(S[i][j]) for j in (0, 2, 3)}
es = mpmath.fsum(ex.values())
add(f"Les exponentielles : {r(ex[0], 4)} + {r(ex[2], 4)} + {r(ex[3], 4)} = {r(es, 4)}.",
    claims=[(r(ex[0], 4), "exp[chat,le]", "correct"), (r(ex[2], 4), "exp[chat,dort]", "correct"),
            (r(ex[3], 4), "exp[chat,ici]", "correct"), (r(es, 4), "expsum[chat]", "correct")])
add(f"Donc « chat » donne {r(A[i][0], 4)} à « le », {r(A[i][2], 4)} à « dort », {r(A[i][3], 4)} à « ici », et 0 à lui-même :",
    claims=[(r(A[i][0], 4), "weights[chat,le]", "correct"), (r(A[i][2], 4), "weights[chat,dort]", "correct"),
            (r(A[i][3], 4), "weights[chat,ici]", "correct")], opts=["0"])
add("c'est bien la deuxième ligne affichée plus haut.")
add("")
add("Remarque : avec une phrase d'un seul mot, la ligne serait entièrement à `-Infinity` et le softmax donnerait `NaN`.")
add("Dans un vrai modèle (d = 512, 8 têtes) on ne fait jamais ça sans garde-fou.", nots=["512", "8"])
d.write()
