"""Japanese notebook in nbformat 4.4 as older tools saved it: every source and every stream text one JSON string
(the whole cell on one line of the file), no cell ids; NumPy with its default print options (8 decimals, trailing
zeros dropped), `print(Q)` without labels, the weights as `repr` and the output through `np.round(x, 4)`. The tokens
吾輩, は, 猫 are named only in a markdown cell. d_model 3 -> d_k 2, /sqrt(2). Exact rounding."""
from pathlib import Path

from w15lib import *

toks = ["吾輩", "は", "猫"]
Xs = [["0.8", "0.3", "0.5"], ["0.1", "0.9", "0.4"], ["0.6", "0.2", "0.7"]]
Wqs = [["0.7", "0.2"], ["0.3", "0.9"], ["0.5", "0.4"]]
Wks = [["0.4", "0.8"], ["0.6", "0.3"], ["0.2", "0.7"]]
Wvs = [["0.9", "0.1"], ["0.2", "0.6"], ["0.4", "0.8"]]
a = attention(Xs, Wqs, Wks, Wvs)
n = a["np"]
d = Doc("nb44-onestring-ja", "ipynb",
        "Japanese nbformat 4.4 notebook with one-string sources and stream texts: 吾輩 は 猫 named only in markdown; "
        "NumPy default printing (8 decimals), repr of the weights, np.round(x, 4) of the output",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens 吾輩, は, 猫",
        script=Path(__file__).name)
meta = ipy_meta("3.7.6", display="Python 3")
meta["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
nb = NB(d, meta, minor=4, ids=False)
qf = lambda nm: (lambda i, j: f"{nm}[{toks[i]}][{j + 1}]")
pf = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")
nb.md(["# Self-Attention を手で確かめる", "",
       "入力文は「吾輩 は 猫」の 3 トークンです。X の 1 行目が「吾輩」、2 行目が「は」、3 行目が「猫」に対応します。", "",
       "$$", "\\mathrm{Attention}(Q, K, V) = \\mathrm{softmax}\\left( \\frac{Q K^{\\top}}{\\sqrt{d_k}} \\right) V", "$$", "",
       "ここでは $d_{model} = 3$, $d_k = 2$ とします。"], one_string=True)
nb.code(["import numpy as np", "", "X = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "])"] +
        [f"W{k} = np.array([{', '.join('[' + ', '.join(r) + ']' for r in M)}])" for k, M in (("q", Wqs), ("k", Wks), ("v", Wvs))],
        one_string=True)
outs = []
for nm in ("Q", "K", "V"):
    rows, _ = np_rows(n[nm], a[nm], qf(nm))
    outs += rows
nb.code(["Q = X @ Wq", "K = X @ Wk", "V = X @ Wv", "print(Q)", "print(K)", "print(V)"], [("stdout", outs)], one_string=True)
nb.md(["## スコア", "", "$QK^{\\top}$ を $\\sqrt{2}$ で割ります。"], one_string=True)
r1, _ = np_rows(n["S"] / np.sqrt(2), a["Sc"], pf("scaled"))
nb.code(["scores = Q @ K.T / np.sqrt(Q.shape[1])", "print(scores)"], [("stdout", r1)], one_string=True)
r2, _ = np_rows(n["W"], a["W"], pf("weights"), mode="repr")
nb.code(["def softmax(x):", "    e = np.exp(x - x.max(axis=1, keepdims=True))", "    return e / e.sum(axis=1, keepdims=True)", "",
         "A = softmax(scores)", "A"], [("result", r2)], one_string=True)
C4 = np.round(n["C"], 4)
r3, _ = np_rows(C4, a["C"], qf("context"), mode="repr")
nb.code(["Z = A @ V", "np.round(Z, 4)"], [("result", r3)], one_string=True)
nb.md(["各行の重みの合計は 1 になります。出力 Z の各行は V の行の重み付き平均です。"], one_string=True)
nb.save()
