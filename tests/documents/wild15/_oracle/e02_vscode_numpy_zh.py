"""Chinese notebook saved by VS Code (vscode interpreter metadata, cell ids), NumPy under
np.set_printoptions(precision=3, suppress=True): 我, 爱, 学习, 数学 only as `# 我` comments on the rows of X; d_model 4 ->
d_k 3; f-string prints `print(f"Q:\\n{Q}")`; then a markdown cell that works the softmax of the 我 row by hand from the
printed 3-decimal scaled scores (e^x, sum, weights, one output component), so the document is chained."""
from pathlib import Path

from w15lib import *

toks = ["我", "爱", "学习", "数学"]
Xs = [["1.02", "0.21", "0.63", "0.14"], ["0.37", "0.92", "0.16", "0.71"], ["0.55", "0.43", "0.86", "0.28"], ["0.24", "0.67", "0.39", "0.93"]]
Wqs = [["0.4", "0.1", "0.6"], ["0.2", "0.7", "0.3"], ["0.5", "0.3", "0.1"], ["0.1", "0.2", "0.8"]]
Wks = [["0.3", "0.8", "0.2"], ["0.6", "0.1", "0.4"], ["0.2", "0.5", "0.7"], ["0.7", "0.3", "0.1"]]
Wvs = [["0.9", "0.2", "0.1"], ["0.1", "0.6", "0.4"], ["0.3", "0.2", "0.8"], ["0.4", "0.7", "0.2"]]
a = attention(Xs, Wqs, Wks, Wvs)
n = a["np"]
d = Doc("vscode-numpy-zh", "ipynb",
        "Chinese VS Code notebook, NumPy precision=3 suppress=True: 我 爱 学习 数学 as row comments; d_model 4 -> d_k 3; "
        "then the softmax of the first row worked by hand from the printed scaled scores",
        "attention with Wq, Wk, Wv (4 -> 3), scaled by sqrt(3), over the tokens 我, 爱, 学习, 数学",
        script=Path(__file__).name, rounding="chained")
nb = NB(d, vscode_meta(), minor=2)
nb.md(["# 自注意力：用 NumPy 一步一步算", "",
       R("输入是四个词的嵌入（每个词 4 维），投影到 $d_k = 3$。为了看清楚，打印时只保留 3 位小数。", nots=["4", "3"])])
nb.code(["import numpy as np", "np.set_printoptions(precision=3, suppress=True)"])
nb.code(["X = np.array(["] + [f"    [{', '.join(r)}],  # {t}" for t, r in zip(toks, Xs)] + ["])"] +
        [f"W_{k} = np.array([{', '.join('[' + ', '.join(r) + ']' for r in M)}])" for k, M in (("q", Wqs), ("k", Wks), ("v", Wvs))])
qf = lambda nm: (lambda i, j: f"{nm}[{toks[i]}][{j + 1}]")
pf = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")
outs = []
for nm in ("Q", "K", "V"):
    rows, _ = np_rows(n[nm], a[nm], qf(nm), precision=3, suppress=True)
    outs += [f"{nm}:"] + rows
nb.code(["Q = X @ W_q", "K = X @ W_k", "V = X @ W_v", "print(f\"Q:\\n{Q}\")", "print(f\"K:\\n{K}\")", "print(f\"V:\\n{V}\")"],
        [("stdout", outs)])
nb.md(["## 注意力分数", "", R(f"$$\\text{{scores}} = \\frac{{QK^T}}{{\\sqrt{{d_k}}}},\\quad \\sqrt{{3}} \\approx {rnd(a['c'], 3)}$$",
                                    [(rnd(a['c'], 3), "sqrt_dk", "correct")])])
r1, _ = np_rows(n["S"], a["S"], pf("scores"), precision=3, suppress=True)
r2, scc = np_rows(n["S"] / np.sqrt(3), a["Sc"], pf("scaled"), precision=3, suppress=True)
nb.code(["d_k = K.shape[1]", "scores = Q @ K.T", "scaled = scores / np.sqrt(d_k)", "print(\"QK^T =\")", "print(scores)",
         "print(\"缩放后 =\")", "print(scaled)"], [("stdout", ["QK^T ="] + r1 + ["缩放后 ="] + r2)])
r3r, _ = np_rows(n["W"], a["W"], pf("weights"), mode="repr", precision=3, suppress=True)
nb.code(["def softmax(x):", "    e = np.exp(x - x.max(axis=-1, keepdims=True))", "    return e / e.sum(axis=-1, keepdims=True)", "",
         "weights = softmax(scaled)", "weights"], [("result", r3r)])
r4, _ = np_rows(n["C"], a["C"], qf("context"), mode="repr", precision=3, suppress=True)
nb.code(["out = weights @ V", "out"], [("result", r4)])
# the hand check, chained from the printed scaled scores of row 我
sc = scc[0]
es, z, ws = chained_softmax(sc, 4)
t0 = toks[0]
hand = ["## 手算验证（第一行“我”）", "", "从上面打印的缩放分数出发：", ""]
for j, u in enumerate(toks):
    hand.append(R(f"- $e^{{{sc[j]}}} = {es[j]}$", [(es[j], f"exp[{t0},{u}]", "correct")], [sc[j]]))
hand.append(R(f"- 求和：${' + '.join(es)} = {z}$", [(z, f"expsum[{t0}]", "correct")], es))
hand.append("")
hand.append("| 词 | 权重 |")
hand.append("|---|---|")
for j, u in enumerate(toks):
    hand.append(R(f"| {u} | ${es[j]} / {z} = {ws[j]}$ |", [(ws[j], f"weights[{t0},{u}]", "correct")], [es[j], z]))
hand.append("")
Vp = [[trim(rnd(v, 3)) for v in r] for r in a["V"]]
c1 = rnd(mpmath.fsum(mpf(w) * mpf(v[0]) for w, v in zip(ws, Vp)), 3)
hand.append(R("输出的第一个分量：$" + " + ".join(f"{w} \\times {v[0]}" for w, v in zip(ws, Vp)) + f" \\approx {c1}$",
              [(c1, f"context[{t0}][1]", "correct")], ws + [v[0] for v in Vp]))
hand.append("")
hand.append(R("和代码的结果一致（差别只在第三位小数的舍入）。每一行的权重加起来都是 1。", nots=["1"]))
nb.md(hand)
chain_close([[c1]], [[a["C"][0][0]]], units=3, nd=3)
chain_close([ws], [a["W"][0]], units=3, nd=4)
nb.code([], run=False)
nb.save()
