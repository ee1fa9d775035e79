"""Spanish Jupyter notebook, NumPy: the backward pass of one attention head with Q, K, V given directly (3 tokens,
d_k 2): S = QK^T/sqrt(2), A = softmax(S), O = AV, an upstream dO given; dV = A^T dO, dA = dO V^T,
dS = A * (dA - rowsum(dA * A)), dQ = dS K / sqrt(2), dK = dS^T Q / sqrt(2); printed with numpy under
precision=4, suppress=True. Exact rounding."""
from pathlib import Path

from w18lib import *

toks = ["el", "gato", "duerme"]
Qs = [["0.8", "-0.2"], ["0.1", "0.9"], ["-0.5", "0.4"]]
Ks = [["0.6", "0.3"], ["-0.4", "0.7"], ["0.2", "-0.6"]]
Vs = [["1.0", "0.2"], ["-0.3", "0.8"], ["0.5", "-0.7"]]
dOs = [["0.1", "-0.2"], ["0.3", "0.05"], ["-0.25", "0.15"]]
Q, K, V, dO = mat(Qs), mat(Ks), mat(Vs), mat(dOs)
c = mpmath.sqrt(2)
S = [[dot(q, k) / c for k in K] for q in Q]
A_ = [softmax(r) for r in S]
O = mm(A_, V)
dV = mm(T(A_), dO)
dA = mm(dO, T(V))
rs = [mpmath.fsum(a * b for a, b in zip(ra, rd)) for ra, rd in zip(A_, dA)]
dS = [[a * (g - r) for a, g in zip(ra, rd)] for ra, rd, r in zip(A_, dA, rs)]
dQ = [[v / c for v in r] for r in mm(dS, K)]
dK = [[v / c for v in r] for r in mm(T(dS), Q)]
Qn, Kn, Vn, dOn = (np.array(M, float) for M in (Qs, Ks, Vs, dOs))
Sn = Qn @ Kn.T / np.sqrt(2); An = np_softmax(Sn); On = An @ Vn
dVn = An.T @ dOn; dAn = dOn @ Vn.T; dSn = An * (dAn - (dAn * An).sum(axis=1, keepdims=True))
dQn = dSn @ Kn / np.sqrt(2); dKn = dSn.T @ Qn / np.sqrt(2)
for a, b in ((S, Sn), (A_, An), (O, On), (dV, dVn), (dA, dAn), (dS, dSn), (dQ, dQn), (dK, dKn)):
    agree(a, b)
# independent check of dS by the full softmax Jacobian of each row
for i in range(3):
    J = np.diag(An[i]) - np.outer(An[i], An[i])
    agree(dS[i], J @ dAn[i])
po = dict(precision=4, suppress=True)

d = Doc("nb-numpy-attn-grad-es", "ipynb",
        "Spanish Jupyter notebook, NumPy: backward of one attention head with Q, K, V given (el, gato, duerme; d_k 2): "
        "scaled scores, weights, output, then with an upstream dO: dV, dA, dS, dQ, dK, each printed by numpy "
        "under precision=4, suppress=True; one dS entry worked in Markdown",
        "single-head attention from Q, K, V given directly, scaled by sqrt(2), upstream gradient dO given",
        script=Path(__file__).name)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.10.12"}})


def out(F, E, qty):
    lines, cells = np_print(F, E, **po)
    return [L(ln, claims=[(v, qty(i, j), "correct") for j, v in enumerate(cells[i])]) for i, ln in enumerate(lines)], cells


def arr(rows, comments=None):
    items = []
    for i, r in enumerate(rows):
        head = "    [" if i else "np.array([["[:-1] + "["
        items.append(r)
    return items


def mtx(name, rows, comment=True):
    ls = [f"{name} = np.array(["]
    for t, r in zip(toks, rows):
        ls.append(f"    [{', '.join(r)}],  # {t}")
    ls.append("])")
    return ls


nb.md(["# Retropropagación a través de una cabeza de atención", "",
       "Cuaderno de la práctica 5. Partimos de Q, K y V ya calculados para la frase *el gato duerme* y de un gradiente "
       "que llega desde arriba, `dO`. Queremos `dV`, `dA`, `dS`, `dQ` y `dK`."])
nb.code(["import numpy as np", L("np.set_printoptions(precision=4, suppress=True)", nots=["4"])])
nb.code(mtx("Q", Qs) + mtx("K", Ks) + mtx("V", Vs) + mtx("dO", dOs) + [L("d_k = 2", nots=["2"])])
lines, cS = out(Sn, S, lambda i, j: f"scaled[{toks[i]},{toks[j]}]")
nb.code(["S = Q @ K.T / np.sqrt(d_k)", "print(S)"], stdout=lines)
lines, cA = out(An, A_, lambda i, j: f"weights[{toks[i]},{toks[j]}]")
nb.code(["A = np.exp(S) / np.exp(S).sum(axis=1, keepdims=True)", "print(A)"], stdout=lines)
lines, cO = out(On, O, lambda i, j: f"context[{toks[i]}][{j + 1}]")
nb.code(["O = A @ V", "O"], result=[L(x[0].replace("[", "array([", 1) if k == 0 else "      " + x[0], x[1]) for k, x in enumerate(lines)][:0] or
        [L(l2, claims=c2) for l2, c2 in zip(*[[ln for ln in np_print(On, O, mode="repr", **po)[0]],
                                               [[(v, f"context[{toks[i]}][{j + 1}]", "correct") for j, v in enumerate(r)]
                                                for i, r in enumerate(np_print(On, O, mode="repr", **po)[1])]])])
nb.md(["## Hacia atrás", "", "Como `O = A V`, el gradiente de `V` es `Aᵀ dO` y el de `A` es `dO Vᵀ`."])
lines, _ = out(dVn, dV, lambda i, j: f"grad.V[{toks[i]}][{j + 1}]")
nb.code(["dV = A.T @ dO", "print(dV)"], stdout=lines)
lines, cdA = out(dAn, dA, lambda i, j: f"grad.weights[{toks[i]},{toks[j]}]")
nb.code(["dA = dO @ V.T", "print(dA)"], stdout=lines)
nb.md(["Para pasar por el softmax de cada fila: `dS = A * (dA - (dA * A).sum(axis=1, keepdims=True))`."])
lines, cdS = out(dSn, dS, lambda i, j: f"grad.scaled[{toks[i]},{toks[j]}]")
nb.code(["dS = A * (dA - (dA * A).sum(axis=1, keepdims=True))", "print(dS)"], stdout=lines)
r0 = R(rs[0])
nb.md(["Comprobación a mano de la primera fila: "
       f"Σ dA·A = {par(cdA[0][0])}·{cA[0][0]} + {par(cdA[0][1])}·{cA[0][1]} + {par(cdA[0][2])}·{cA[0][2]} = {r0}, "
       f"así que dS[el, el] = {cA[0][0]} · ({cdA[0][0]} − {r0}) = {R(dS[0][0])}."])
txt = nb.cells[-1]["source"][0]
nb._remember(len(nb.cells) - 1, "source",
             [L(txt, claims=[(r0, "sum(grad.weights*weights)[el]", "correct"), (R(dS[0][0]), "grad.scaled[el,el]", "correct")],
                opts=[cdA[0][0], cA[0][0], cdA[0][1], cA[0][1], cdA[0][2], cA[0][2], cA[0][0], cdA[0][0], r0])])
lines, _ = out(dQn, dQ, lambda i, j: f"grad.Q[{toks[i]}][{j + 1}]")
lines2, _ = out(dKn, dK, lambda i, j: f"grad.K[{toks[i]}][{j + 1}]")
nb.code(["dQ = dS @ K / np.sqrt(d_k)", "dK = dS.T @ Q / np.sqrt(d_k)", "print('dQ =')", "print(dQ)",
         "print('dK =')", "print(dK)"], stdout=[L("dQ =")] + lines + [L("dK =")] + lines2)
nb.md(["Cada fila de `dS` suma cero (salvo redondeo), como debe ser: sumar una constante a una fila de "
       "puntuaciones no cambia el softmax."])
nb.save()
