"""Japanese Zenn article: two-head attention for 2 tokens x 4 dims, W_Q/W_K/W_V 4x4 split by columns into heads,
per-head scores / softmax / outputs, concat and W_O; Zenn :::message and :::details blocks."""
from pathlib import Path

import numpy as np

from w2lib import *

toks = ["猫", "走る"]
Xs = [["1.0", "0.5", "-0.5", "0.2"], ["0.3", "-0.8", "0.6", "1.0"]]
WQs = [["0.5", "-0.2", "0.1", "0.4"], ["0.3", "0.6", "-0.5", "0.2"], ["-0.4", "0.1", "0.7", "0.3"], ["0.2", "0.5", "0.2", "-0.6"]]
WKs = [["0.4", "0.3", "-0.2", "0.5"], ["-0.1", "0.2", "0.6", "0.3"], ["0.5", "-0.3", "0.4", "0.1"], ["0.3", "0.6", "-0.1", "0.2"]]
WVs = [["0.6", "0.1", "0.3", "-0.2"], ["0.2", "-0.5", "0.4", "0.7"], ["-0.3", "0.4", "0.5", "0.1"], ["0.1", "0.3", "-0.6", "0.5"]]
WOs = [["0.5", "-0.3", "0.2", "0.1"], ["0.2", "0.4", "-0.1", "0.6"], ["-0.4", "0.1", "0.3", "0.2"], ["0.3", "0.2", "0.5", "-0.5"]]
X, WQ, WK, WV, WO = M(Xs), M(WQs), M(WKs), M(WVs), M(WOs)
Q, K, V = matmul(X, WQ), matmul(X, WK), matmul(X, WV)
H = 2
cut = lambda Mx, h: [r[2 * h:2 * h + 2] for r in Mx]
heads = []
for h in range(H):
    q, k, v = cut(Q, h), cut(K, h), cut(V, h)
    s = matmul(q, tr(k))
    sc = [[x / mpmath.sqrt(2) for x in r] for r in s]
    a = [smax(r) for r in sc]
    o = matmul(a, v)
    heads.append(dict(q=q, k=k, v=v, s=s, sc=sc, a=a, o=o))
C = [heads[0]["o"][i] + heads[1]["o"][i] for i in range(2)]
Y = matmul(C, WO)
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(W, float) for W in (WQs, WKs, WVs))
outs = []
for h in range(2):
    sl = slice(2 * h, 2 * h + 2)
    Sn = Qn[:, sl] @ Kn[:, sl].T / np.sqrt(2); An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
    outs.append(An @ Vn[:, sl])
np_same(Y, np.concatenate(outs, 1) @ np.array(WOs, float))

d = Doc("zenn-multihead-ja", "md",
        "Japanese Zenn article (front matter with emoji/topics, :::message and :::details blocks, KaTeX): two-head "
        "self-attention for the tokens 猫 and 走る (2 x 4), W_Q/W_K/W_V (4x4) split by columns into two heads of "
        "width 2, per-head scores, scaling by sqrt(2), softmax, head outputs, concat, and the W_O projection",
        "MultiHead(X) = Concat(head1, head2) W_O, head_h = softmax(Q_h K_h^T / sqrt(2)) V_h, Q = X W_Q split by columns", "exact",
        note="no planted slip; the concat table restates the head outputs (claims); 4 decimals throughout",
        gen=Path(__file__).name)
add = d.add
add("---")
add('title: "マルチヘッドアテンションを2トークンで手計算する"')
add('emoji: "🧮"')
add('type: "tech"')
add('topics: ["transformer", "attention", "機械学習", "深層学習"]')
add("published: true")
add("---")
add("")
add(":::message")
add("この記事は「Transformerを手で計算する」Advent Calendar 2023 の 12 日目の記事です。", nots=["2023", "12"])
add(":::")
add("")
add("## はじめに")
add("")
add("シングルヘッドの計算は前回やったので、今回は **ヘッドを 2 つ** にしてみます。論文では $h = 8$、$d_{model} = 512$、$d_k = 64$ ですが、", nots=["2", "8", "512", "64"])
add("ここでは $d_{model} = 4$、$h = 2$、$d_k = 4 / 2 = 2$ とします。", nots=["4", "2", "4", "2", "2"])
add("")
add("入力は「猫」「走る」の 2 トークンです。", nots=["2"])
add("")
add("$$")
add("X = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(r) for r in Xs) + " \\end{pmatrix}")
add("$$")
add("")
add(":::details 重み行列（クリックで展開）")
for nm, Ws in (("W_Q", WQs), ("W_K", WKs), ("W_V", WVs), ("W_O", WOs)):
    add("$$")
    add(nm + " = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(r) for r in Ws) + " \\end{pmatrix}")
    add("$$")
add(":::")
add("")
add("## Step 1: Q, K, V をまとめて計算して列で分割")
add("")
add("実装では $XW_Q$ を一度に計算して、前半 2 列を head 1、後半 2 列を head 2 に割り当てます。", nots=["2", "1", "2", "2"])
add("")
for nm, Mx in (("Q", Q), ("K", K), ("V", V)):
    tl = md_table([f"{nm}", "head1[0]", "head1[1]", "head2[0]", "head2[1]"], [[toks[i]] + [exact(v) for v in Mx[i]] for i in range(2)])
    add(tl[0], nots=["1", "0", "1", "1", "2", "0", "2", "1"]); add(tl[1])
    for i in range(2):
        add(tl[2 + i], claims=[(exact(Mx[i][j]), f"{nm}[{toks[i]}][{j}]", "correct") for j in range(4)])
    add("")
TIMES = " \\times "
terms_q = " + ".join(paren(Xs[0][k]) + TIMES + paren(WQs[k][0]) for k in range(4))
add(f"例えば $Q$ の「猫」の 1 列目は ${terms_q} = {exact(Q[0][0])}$ です。",
    claims=[(exact(Q[0][0]), "Q[猫][0]", "correct")], opts=[Xs[0][k] for k in range(4)] + [WQs[k][0] for k in range(4)], nots=["1"])
add("")
for h in range(H):
    hd = heads[h]
    add(f"## Step {2 + h}: head {h + 1}", nots=[str(2 + h), str(h + 1)])
    add("")
    add(f"スコア $Q_{h+1} K_{h+1}^T$ と、それを $\\sqrt{{2}}$ で割ったもの：", nots=[str(h + 1), str(h + 1), "2"])
    add("")
    add("```")
    for i in range(2):
        add(f"{toks[i]}:  score = [{', '.join(exact(v) for v in hd['s'][i])}]  →  /√2 = [{', '.join(rnd(v, 4) for v in hd['sc'][i])}]",
            claims=[(exact(v), f"head{h+1} QK^T[{i}][{j}]", "correct") for j, v in enumerate(hd["s"][i])]
            + [(rnd(v, 4), f"head{h+1} QK^T/sqrt2[{i}][{j}]", "correct") for j, v in enumerate(hd["sc"][i])], nots=["2"])
    add("```")
    add("")
    add("softmax（行ごと）：")
    add("")
    add("$$")
    add(f"A_{h+1} = \\begin{{pmatrix}} " + " \\\\ ".join(" & ".join(rnd(v, 4) for v in r) for r in hd["a"]) + " \\end{pmatrix}",
        claims=[(rnd(hd["a"][i][j], 4), f"head{h+1} A[{i}][{j}]", "correct") for i in range(2) for j in range(2)], nots=[str(h + 1)])
    add("$$")
    add("")
    add(f"出力 $\\text{{head}}_{h+1} = A_{h+1} V_{h+1}$：", nots=[str(h + 1)] * 3)
    add("")
    for i in range(2):
        add(f"- {toks[i]}: ({rnd(hd['o'][i][0], 4)}, {rnd(hd['o'][i][1], 4)})",
            claims=[(rnd(hd["o"][i][c], 4), f"head{h+1} out[{toks[i]}][{c}]", "correct") for c in range(2)])
    add("")
add(":::message alert")
a0 = heads[0]["a"][0][0]; b0 = heads[1]["a"][0][0]
add(f"head 1 では「猫」が自分自身に {rnd(a0, 4)}、head 2 では {rnd(b0, 4)} の重みを置いています。ヘッドごとに注目の仕方が違う、というのがマルチヘッドのポイントです。",
    claims=[(rnd(a0, 4), "head1 A[0][0]", "correct"), (rnd(b0, 4), "head2 A[0][0]", "correct")], nots=["1", "2"])
add(":::")
add("")
add("## Step 4: Concat して W_O をかける", nots=["4"])
add("")
tl = md_table(["", "h1[0]", "h1[1]", "h2[0]", "h2[1]"], [[toks[i]] + [rnd(v, 4) for v in C[i]] for i in range(2)])
add(tl[0], nots=["1", "0", "1", "1", "2", "0", "2", "1"]); add(tl[1])
for i in range(2):
    add(tl[2 + i], claims=[(rnd(C[i][j], 4), f"concat[{toks[i]}][{j}]", "correct") for j in range(4)])
add("")
add("これに $W_O$（4×4）をかけると最終出力です：", nots=["4", "4"])
add("")
add("$$")
add("\\text{MultiHead}(X) = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(rnd(v, 4) for v in r) for r in Y) + " \\end{pmatrix}",
    claims=[(rnd(Y[i][j], 4), f"MultiHead[{toks[i]}][{j}]", "correct") for i in range(2) for j in range(4)])
add("$$")
add("")
add("## おわりに")
add("")
add("次回は PyTorch の `nn.MultiheadAttention` で同じ数字が出るか確認します。")
d.write()
