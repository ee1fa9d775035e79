"""Spanish Jupyter notebook (nbformat 4), NumPy: the tokens appear only in a sentence ("la gata duerme") and the
rows of X are in alphabetical order (duerme, gata, la), as the author says; X is an integer array printed by numpy
with no commas, the scores X X^T an integer array too, the scaled scores S / 2. print with bare points (`3.`, `1.5`),
the weights and the outputs in numpy's scientific notation (`9.8847e-01`, because the smallest is tiny); `w.sum(axis=1)` prints `[1. 1. 1.]`. Attention on the inputs themselves (Q = K = V = X), scaled by
sqrt(4) = 2. Exact rounding."""
from pathlib import Path

from w9lib import *

rows = ["duerme", "gata", "la"]
Xi = [[1, 4, 0, 2], [4, 0, 2, 1], [0, 1, 3, 4]]
X = mat(Xi)
S, Sc, E, Z, W, C = sdpa(X, X, X, scale=mpf(2))
Xn = np.array(Xi)
Sn = Xn @ Xn.T
Scn = Sn / np.sqrt(4); Wn = np_softmax(Scn); Cn = Wn @ Xn
agree(Sc, Scn); agree(W, Wn); agree(C, Cn)
n = 3

d = Doc("nb-numpy-sci-es", "ipynb",
        "Spanish NumPy notebook: tokens only in a sentence, X's rows in alphabetical order (duerme, gata, la); "
        "integer arrays printed without commas, scaled scores with bare points (3., 1.5), weights in numpy's "
        "scientific notation (the outputs too); attention on the inputs themselves scaled by sqrt(4) = 2",
        "attention on the inputs themselves (Q = K = V = X, no projections), scaled by sqrt(4) = 2, rows in the "
        "order duerme, gata, la",
        script=Path(__file__).name)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.11.7"}})
nb.md(["# Atención sin proyecciones: la gata duerme",
       "",
       "Cuaderno de apoyo para la clase 7. La frase es *la gata duerme*. Para no complicarnos, cada palabra es un "
       "vector de **enteros** de 4 componentes y usamos la atención sobre las propias entradas: "
       "$Q = K = V = X$.",
       "",
       L("Ojo: las filas de `X` están en **orden alfabético** (duerme, gata, la), no en el orden de la frase.",
         )])
nb.code(["import numpy as np", "np.set_printoptions(precision=4)"])
src = ["X = np.array([" + ", ".join("[" + ", ".join(str(v) for v in r) + "]" for r in Xi) + "])", "print(X)"]
nb.code(src, stdout=str(np.array(Xi)).split("\n"))
nb.md(["## Puntuaciones", "", "Producto escalar de cada fila con todas: $S = XX^\\top$. Como todo es entero, "
       "el resultado también lo es."])
Si = [[int(S[i][j]) for j in range(n)] for i in range(n)]
lines = str(np.array(Si)).split("\n")
assert [[str(v) for v in r] for r in Si] == [l.replace("[", " ").replace("]", " ").split() for l in lines]
nb.code(["S = X @ X.T", "print(S)"],
        stdout=[L(l, [(str(Si[i][j]), f"scores[{rows[i]},{rows[j]}]", "correct") for j in range(n)])
                for i, l in enumerate(lines)])
nb.md([L("Con $d_k = 4$ dividimos por $\\sqrt{4} = 2$:", nots=["4", "4", "2"])])
lines, cells = np_print([[float(v) for v in r] for r in Sc], Sc, precision=4)
nb.code(["d_k = X.shape[1]", "S_esc = S / np.sqrt(d_k)", "print(S_esc)"],
        stdout=[L(l, [(cells[i][j], f"scaled[{rows[i]},{rows[j]}]", "correct") for j in range(n)])
                for i, l in enumerate(lines)])
nb.md(["## Softmax", "",
       L("La diagonal domina tanto que NumPy pasa a notación científica (el peso más pequeño es del orden de 1e-04).",
         nots=["1e-04"])])
lines, cw = np_print([[float(v) for v in r] for r in W], W, precision=4)
assert "e-" in lines[0], lines
nb.code(["def softmax(M):", "    e = np.exp(M - M.max(axis=1, keepdims=True))", "    return e / e.sum(axis=1, keepdims=True)",
         "", "w = softmax(S_esc)", "print(w)", "print(w.sum(axis=1))"],
        stdout=[L(l, [(cw[i][j], f"weights[{rows[i]},{rows[j]}]", "correct") for j in range(n)])
                for i, l in enumerate(lines)] + [L("[1. 1. 1.]", nots=["1."])])
i_big = 2
nb.md([L(f"Por ejemplo, *la* se mira a sí misma con un peso de {rnd(W[2][2], 4)} y a *gata* con apenas "
         f"{rnd(W[2][1], 5)}.",
         [(rnd(W[2][2], 4), "weights[la,la]", "correct"), (rnd(W[2][1], 5), "weights[la,gata]", "correct")])])
lines, cc = np_print([[float(v) for v in r] for r in C], C, precision=4)
nb.code(["salida = w @ X", "print(salida)"],
        stdout=[L(l, [(cc[i][m], f"context[{rows[i]}][{m + 1}]", "correct") for m in range(4)])
                for i, l in enumerate(lines)])
nb.md(["## Comentario", "",
       "Cada salida es casi su propia fila de `X`: con vectores enteros tan grandes la softmax se vuelve casi un "
       "*argmax*. En la próxima clase veremos por qué se divide por $\\sqrt{d_k}$ y no por $d_k$."])
nb.save()
