"""Japanese Qiita article: a tiny 2 -> 2 -> 1 network (ReLU hidden layer, sigmoid output) with binary cross-entropy,
forward, backward (dL/dz = p - y, dW2, db2, dh, ReLU gate, dW1, db1), one SGD step with lr = 0.5, and the new loss.
Qiita flavour: ```math blocks, :::note blocks, numpy print output."""
from pathlib import Path

import numpy as np

from w4lib import *

xs, y = ["0.5", "-1.0"], mpf(1)
W1s = [["0.4", "-0.6"], ["0.3", "0.2"]]
b1s = ["0.2", "0.1"]
W2s = ["0.7", "-0.5"]
b2s = "0.05"
lr = mpf("0.5")
x, W1, b1, W2, b2 = M(xs), M(W1s), M(b1s), M(W2s), mpf(b2s)


def forward(W1, b1, W2, b2):
    a = [a_ + bb for a_, bb in zip(vecmat(x, W1), b1)]
    h = [max(v, mpf(0)) for v in a]
    z = dot(h, W2) + b2
    p = sigmoid(z)
    L = -(y * mpmath.log(p) + (1 - y) * mpmath.log(1 - p))
    return a, h, z, p, L


a, h, z, p, L = forward(W1, b1, W2, b2)
dz = p - y
dW2 = [hv * dz for hv in h]
db2 = dz
dh = [w * dz for w in W2]
gate = [mpf(1) if v > 0 else mpf(0) for v in a]
da = [u * g_ for u, g_ in zip(dh, gate)]
dW1 = [[x[i] * da[j] for j in range(2)] for i in range(2)]
db1 = da
W1n = [[W1[i][j] - lr * dW1[i][j] for j in range(2)] for i in range(2)]
b1n = [b1[j] - lr * db1[j] for j in range(2)]
W2n = [W2[j] - lr * dW2[j] for j in range(2)]
b2n = b2 - lr * db2
a2, h2, z2, p2, L2 = forward(W1n, b1n, W2n, b2n)
# NumPy float64 check
xn = np.array(xs, float); W1_ = np.array(W1s, float); b1_ = np.array(b1s, float); W2_ = np.array(W2s, float); b2_ = 0.05
an = xn @ W1_ + b1_; hn = np.maximum(an, 0); pn = 1 / (1 + np.exp(-(hn @ W2_ + b2_)))
dzn = pn - 1; dan = W2_ * dzn * (an > 0)
W1N = W1_ - 0.5 * np.outer(xn, dan); b1N = b1_ - 0.5 * dan; W2N = W2_ - 0.5 * hn * dzn; b2N = b2_ - 0.5 * dzn
an2 = xn @ W1N + b1N; pn2 = 1 / (1 + np.exp(-(np.maximum(an2, 0) @ W2N + b2N)))
check_np([p, L, p2, L2], [pn, -np.log(pn), pn2, -np.log(pn2)]); check_np(W1n, W1N)

d = Doc("qiita-bce-ffn-backprop-ja", "md",
        "Japanese Qiita article (```math blocks, :::note info, python/numpy blocks with printed output, a summary "
        "table): 2 -> 2 -> 1 network with a ReLU hidden layer and a sigmoid output trained with binary cross-entropy on "
        "one example (x = [0.5, -1.0], y = 1): forward (a, h, z, p, L), backward (dL/dz = p - y, dW2, db2, dh, ReLU "
        "gate, dW1, db1), one SGD step with lr = 0.5, new forward and loss",
        "a = xW1 + b1; h = relu(a); z = h.W2 + b2; p = sigmoid(z); L = -[y ln p + (1-y) ln(1-p)]; dL/dz = p - y; "
        "SGD lr = 0.5", "exact", gen=Path(__file__).name)
add = d.add
R4 = lambda v: r(v, 4)
add("---")
add("title: 【手計算】シグモイド＋二値交差エントロピーの逆伝播を2→2→1のネットワークで追ってみた", nots=["2", "2", "1"])
add("tags: Python, DeepLearning, 機械学習, 誤差逆伝播法, 初心者")
add("---")
add("")
add("## はじめに")
add("")
add("「出力がシグモイドで損失が二値交差エントロピー(BCE)なら、$\\partial L/\\partial z = p - y$ になる」という話はよく聞きますが、")
add("実際に数字を入れて確かめたことがなかったので、いちばん小さいネットワークで1ステップだけ手計算してみました。", nots=["1"])
add("")
add(":::note info")
add("構成：入力2 → 隠れ層2（ReLU）→ 出力1（シグモイド）、損失はBCE、学習率 $\\eta = 0.5$ のSGDです。",
    nots=["2", "2", "1", "0.5"])
add(":::")
add("")
add("## 設定")
add("")
add("```python")
add("import numpy as np")
add("")
add(f"x  = np.array([{', '.join(xs)}])", opts=xs)
add("y  = 1.0   # 正解ラベル", nots=["1.0"])
add(f"W1 = np.array([[{', '.join(W1s[0])}],", opts=W1s[0])
add(f"               [{', '.join(W1s[1])}]])   # (入力, 隠れ)", opts=W1s[1])
add(f"b1 = np.array([{', '.join(b1s)}])", opts=b1s)
add(f"W2 = np.array([{', '.join(W2s)}])", opts=W2s)
add(f"b2 = {b2s}", opts=[b2s])
add("lr = 0.5", nots=["0.5"])
add("```")
add("")
add("## 順伝播")
add("")
add("```math")
add(f"a = xW_1 + b_1 = [0.5 \\cdot 0.4 + (-1.0) \\cdot 0.3 + 0.2,\\ 0.5 \\cdot (-0.6) + (-1.0) \\cdot 0.2 + 0.1] = [{short(a[0])},\\ {short(a[1])}]",
    claims=[(short(a[0]), "ffn.pre[1]", "correct"), (short(a[1]), "ffn.pre[2]", "correct")], nots=["1", "1"],
    opts=["0.5", "0.4", "-1.0", "0.3", "0.2", "0.5", "-0.6", "-1.0", "0.2", "0.1"])
add(f"h = \\mathrm{{ReLU}}(a) = [{short(h[0])},\\ {short(h[1])}]",
    claims=[(short(h[0]), "ffn.hidden[1]", "correct"), (short(h[1]), "ffn.hidden[2]", "correct")])
add(f"z = h \\cdot W_2 + b_2 = {short(h[0])} \\times 0.7 + {short(h[1])} \\times (-0.5) + 0.05 = {short(z)}",
    claims=[(short(z), "z", "correct")], opts=[short(h[0]), short(h[1]), "0.7", "-0.5", "0.05"], nots=["2", "2"])
add(f"p = \\sigma(z) = \\frac{{1}}{{1 + e^{{-{short(z)}}}}} = {R4(p)}", claims=[(R4(p), "p", "correct")],
    opts=["-" + short(z)], nots=["1", "1"])
add(f"L = -\\ln p = -\\ln {R4(p)} = {R4(L)}", claims=[(R4(L), "loss", "correct")], opts=[R4(p)])
add("```")
add("")
add("2番目の隠れユニットは $a_2 < 0$ なので ReLU で 0 になっています（後で勾配も流れません）。", nots=["2", "2", "0", "0"])
add("")
add("## 逆伝播")
add("")
add("### 出力層")
add("")
add("シグモイドとBCEを合わせて微分すると、きれいに消えて")
add("")
add("```math")
add(f"\\frac{{\\partial L}}{{\\partial z}} = p - y = {R4(p)} - 1 = {R4(dz)}",
    claims=[(R4(dz), "grad.z", "correct")], opts=[R4(p)], nots=["1"])
add("```")
add("")
add("になります。ここから")
add("")
add("```math")
add(f"\\frac{{\\partial L}}{{\\partial W_2}} = h \\cdot \\frac{{\\partial L}}{{\\partial z}} = [{R4(dW2[0])},\\ {R4(dW2[1])}],\\quad "
    f"\\frac{{\\partial L}}{{\\partial b_2}} = {R4(db2)}",
    claims=[(R4(dW2[0]), "grad.W2[1]", "correct"), (R4(dW2[1]), "grad.W2[2]", "correct"), (R4(db2), "grad.b2", "correct")],
    nots=["2", "2"])
add("```")
add("")
add("### 隠れ層")
add("")
add("```math")
add(f"\\frac{{\\partial L}}{{\\partial h}} = W_2 \\cdot \\frac{{\\partial L}}{{\\partial z}} = [{R4(dh[0])},\\ {R4(dh[1])}]",
    claims=[(R4(dh[0]), "grad.hidden[1]", "correct"), (R4(dh[1]), "grad.hidden[2]", "correct")], nots=["2"])
add(f"\\frac{{\\partial L}}{{\\partial a}} = \\frac{{\\partial L}}{{\\partial h}} \\odot \\mathbb{{1}}[a > 0] = [{R4(da[0])},\\ {R4(da[1])}]",
    claims=[(R4(da[0]), "grad.pre[1]", "correct")], opts=[R4(da[1])], nots=["1", "0"])
add("```")
add("")
add("```math")
add(f"\\frac{{\\partial L}}{{\\partial W_1}} = x^\\top \\frac{{\\partial L}}{{\\partial a}} = "
    f"\\begin{{bmatrix}} {R4(dW1[0][0])} & {R4(dW1[0][1])} \\\\ {R4(dW1[1][0])} & {R4(dW1[1][1])} \\end{{bmatrix}},\\quad "
    f"\\frac{{\\partial L}}{{\\partial b_1}} = [{R4(db1[0])},\\ {R4(db1[1])}]",
    claims=[(R4(dW1[0][0]), "grad.W1[1][1]", "correct"), (R4(dW1[1][0]), "grad.W1[2][1]", "correct"),
            (R4(db1[0]), "grad.b1[1]", "correct")], opts=[R4(dW1[0][1]), R4(dW1[1][1]), R4(db1[1])], nots=["1", "1"])
add("```")
add("")
add("死んでいるユニット（2列目）の勾配は全部 0 です。", nots=["2", "0"])
add("")
add("## パラメータ更新（SGD, η = 0.5）", nots=["0.5"])
add("")
add("```python")
add(">>> W1 - lr * dW1")
add(f"array([[{R4(W1n[0][0])}, {R4(W1n[0][1])}],",
    claims=[(R4(W1n[0][0]), "step1.W1[1][1]", "correct"), (R4(W1n[0][1]), "step1.W1[1][2]", "correct")])
add(f"       [{R4(W1n[1][0])}, {R4(W1n[1][1])}]])",
    claims=[(R4(W1n[1][0]), "step1.W1[2][1]", "correct"), (R4(W1n[1][1]), "step1.W1[2][2]", "correct")])
add(">>> b1 - lr * db1")
add(f"array([{R4(b1n[0])}, {R4(b1n[1])}])",
    claims=[(R4(b1n[0]), "step1.b1[1]", "correct"), (R4(b1n[1]), "step1.b1[2]", "correct")])
add(">>> W2 - lr * dW2, b2 - lr * db2")
add(f"(array([{R4(W2n[0])}, {R4(W2n[1])}]), {R4(b2n)})",
    claims=[(R4(W2n[0]), "step1.W2[1]", "correct"), (R4(W2n[1]), "step1.W2[2]", "correct"), (R4(b2n), "step1.b2", "correct")],
    nots=["2"])
add("```")
add("")
add("## 更新後にもう一度順伝播")
add("")
add("```math")
add(f"a' = [{R4(a2[0])},\\ {R4(a2[1])}],\\quad h' = [{R4(h2[0])},\\ {short(h2[1])}],\\quad z' = {R4(z2)}",
    claims=[(R4(a2[0]), "step1.ffn.pre[1]", "correct"), (R4(a2[1]), "step1.ffn.pre[2]", "correct"),
            (R4(h2[0]), "step1.ffn.hidden[1]", "correct"), (short(h2[1]), "step1.ffn.hidden[2]", "correct"),
            (R4(z2), "step1.z", "correct")])
add(f"p' = \\sigma({R4(z2)}) = {R4(p2)},\\quad L' = -\\ln {R4(p2)} = {R4(L2)}",
    claims=[(R4(p2), "step1.p", "correct"), (R4(L2), "step1.loss", "correct")], opts=[R4(z2), R4(p2)])
add("```")
add("")
add("| | 更新前 | 更新後 |")
add("|---|---|---|")
add(f"| $p$ | {R4(p)} | {R4(p2)} |", claims=[(R4(p), "p", "correct"), (R4(p2), "step1.p", "correct")])
add(f"| $L$ | {R4(L)} | {R4(L2)} |", claims=[(R4(L), "loss", "correct"), (R4(L2), "step1.loss", "correct")])
add("")
add(f"損失が {R4(L)} → {R4(L2)} に下がりました 🎉 正解ラベル1に向かって $p$ が少し大きくなっています。",
    claims=[(R4(L), "loss", "correct"), (R4(L2), "step1.loss", "correct")], nots=["1"])
add("")
add("## おわりに")
add("")
add("- シグモイド＋BCEの組み合わせでは出力層の勾配が $p - y$ だけになる")
add("- ReLUで0になったユニットには勾配が流れない（dying ReLU の小さい版）", nots=["0"])
add("")
add("次回は出力を softmax（多クラス）にして同じことをやる予定です。")
d.write()
