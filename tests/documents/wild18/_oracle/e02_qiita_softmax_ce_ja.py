"""Japanese Qiita article (Qiita CLI front matter, :::note blocks): softmax + cross-entropy worked by hand over
four classes (猫, 犬, 鳥, 魚), the gradient p - y with respect to the logits, and dW = (p - y) h^T for the last layer's
weights, then one SGD step of the logits' bias (lr 0.2). Chained: each step from the printed numbers before it."""
from pathlib import Path

from w18lib import *

cls = ["猫", "犬", "鳥", "魚"]
zs = ["1.8", "0.6", "-0.9", "1.1"]
hs = ["0.4", "-1.2", "2.0"]
bs = ["0.10", "-0.05", "0.00", "0.20"]
true = 3  # 魚
lr = "0.2"
z = mat(zs); h = mat(hs)

# exact route (for the float64 cross-check and the chain_close test)
p_ex = softmax(z)
gz_ex = [p - (1 if k == true else 0) for k, p in enumerate(p_ex)]
zn = np.array([float(v) for v in zs]); pn = np.exp(zn) / np.exp(zn).sum()
agree(p_ex, pn); agree([-mpmath.log(p_ex[true])], [-np.log(pn[true])])
yn = np.eye(4)[true]; agree([[g * hv for hv in h] for g in gz_ex], np.outer(pn - yn, [float(v) for v in hs]))

# chained route: what the article prints
es = [R(mpmath.exp(v)) for v in z]
Z = R(mpmath.fsum(P(e) for e in es))
ps = [R(P(e) / P(Z)) for e in es]
loss = R(-mpmath.log(P(ps[true])))
gs = [R(P(p) - (1 if k == true else 0)) for k, p in enumerate(ps)]
dW = [[R(P(gk) * hv) for hv in h] for gk in gs]
bnew = [R(mpf(b) - mpf(lr) * P(gk)) for b, gk in zip(bs, gs)]
for a, b in zip(ps, p_ex): near(a, b)
near(loss, -mpmath.log(p_ex[true]))
for a, b in zip(gs, gz_ex): near(a, b)

d = Doc("qiita-softmax-ce-ja", "md",
        "Japanese Qiita article (Qiita CLI front matter, :::note): softmax over four class logits, cross-entropy of "
        "the true class 魚, the gradient p - y, dW = (p - y) h^T as a table, one SGD step of the bias (lr 0.2); "
        "4 decimals, each step from the printed numbers",
        "softmax + cross-entropy over given logits z (4 classes, true class 魚), gradient p - y, dW = g h^T, "
        "SGD on b with lr 0.2", script=Path(__file__).name, rounding="chained")
A = d
A("---")
A("title: 【手計算】softmax + 交差エントロピーの勾配が p - y になるのを数字で確かめる")
A("tags:")
A("  - Python")
A("  - DeepLearning")
A("  - 機械学習")
A("  - 誤差逆伝播法")
A("private: false")
A("updated_at: '2025-01-14T21:03:11+09:00'", nots=["2025", "21"])
A("id: 3f9c1e7a5b2d8c4e6a10")
A("organization_url_name: null")
A("slide: false")
A("ignorePublish: false")
A("---")
A("")
A("## はじめに")
A("")
A("分類モデルの最後の層では、softmax と交差エントロピー誤差をセットで使います。"
  "このとき「ロジットについての勾配は $\\boldsymbol{p} - \\boldsymbol{y}$ になる」とよく言われますが、"
  "本当にそうなるのか、4クラスの小さな例で電卓を叩いて確かめてみました。", nots=["4"])
A("")
A(":::note info")
A("この記事の数値はすべて小数第4位で四捨五入し、次のステップではその丸めた値を使っています。"
  "そのため最後の桁が Python の結果と 1 ずれることがあります。", nots=["4", "1"])
A(":::")
A("")
A("## 設定")
A("")
A("クラスは 猫・犬・鳥・魚 の4つ、正解は **魚** です。最後の層の出力(ロジット)が次のように出たとします。", nots=["4"])
A("")
A("| クラス | 猫 | 犬 | 鳥 | 魚 |")
A("|---|---|---|---|---|")
A("| ロジット $z$ | " + " | ".join(zs) + " |")
A("| 正解 $y$ | 0 | 0 | 0 | 1 |")
A("")
A("ロジットは $z = Wh + b$ で計算されたもので、直前の層の出力は $h = (" + ", ".join(hs) + ")$、"
  "バイアスは $b = (" + ", ".join(bs) + ")$ でした($W$ の値は勾配の計算には出てこないので省略します)。")
A("")
A("## Step 1: softmax")
A("")
A("まず各ロジットの指数をとります。")
A("")
A("| クラス | $z$ | $e^{z}$ |")
A("|---|---|---|")
for c, zz, e in zip(cls, zs, es):
    A(f"| {c} | {zz} | {e} |", claims=[(e, f"exp[z,{c}]", "correct")], opts=[zz])
A("")
A(f"合計は ${' + '.join(es)} = {Z}$ です。",
  claims=[(Z, "expsum[z]", "correct")], opts=es)
A("")
A("それぞれを合計で割ると確率になります。")
A("")
for c, e, p in zip(cls, es, ps):
    A(f"- $p_{{\\text{{{c}}}}} = {e} \\div {Z} = {p}$", claims=[(p, f"probs[z][{c}]", "correct")], opts=[e, Z])
A("")
A(f"足すと {R(mpmath.fsum(P(p) for p in ps))} で、ちゃんと1になっています。",
  nots=[R(mpmath.fsum(P(p) for p in ps)), "1"])
A("")
A("## Step 2: 交差エントロピー")
A("")
A("正解が魚なので、効いてくるのは $p_{\\text{魚}}$ だけです。")
A("")
A(f"$$L = -\\log p_{{\\text{{魚}}}} = -\\log {ps[true]} = {loss}$$",
  claims=[(loss, "loss", "correct")], opts=[ps[true]])
A("")
A("## Step 3: ロジットについての勾配")
A("")
A("$\\partial L / \\partial z_k = p_k - y_k$ なので、正解のクラスだけ 1 を引きます。", nots=["1"])
A("")
A("| クラス | $p$ | $y$ | $p - y$ |")
A("|---|---|---|---|")
for k, (c, p, gk) in enumerate(zip(cls, ps, gs)):
    A(f"| {c} | {p} | {1 if k == true else 0} | {gk} |", claims=[(gk, f"grad.logits[z][{c}]", "correct")], opts=[p])
A("")
A(f"魚だけが負({gs[true]})で、ほかは正です。つまり勾配降下では魚のロジットが上がり、残りは下がります。",
  claims=[(gs[true], f"grad.logits[z][魚]", "correct")])
A("")
A(":::note warn")
A("$-\\log$ の微分 $-1/p$ と softmax の微分を別々に掛けても同じ結果になります。"
  "面倒なので本記事では省略しますが、一度は手でやってみることをおすすめします。", nots=["1"])
A(":::")
A("")
A("## Step 4: 重みの勾配 $\\partial L / \\partial W = (\\boldsymbol{p} - \\boldsymbol{y})\\, h^{\\top}$")
A("")
A("行がクラス、列が $h$ の成分です。たとえば猫の1列目は "
  f"${gs[0]} \\times {hs[0]} = {dW[0][0]}$ です。", claims=[(dW[0][0], "grad.W[猫][1]", "correct")],
  opts=[gs[0], hs[0]], nots=["1"])
A("")
A("| | $h_1$ | $h_2$ | $h_3$ |")
A("|---|---|---|---|")
for k, c in enumerate(cls):
    A(f"| {c} | " + " | ".join(dW[k]) + " |", claims=[(v, f"grad.W[{c}][{j + 1}]", "correct") for j, v in enumerate(dW[k])])
A("")
A("## Step 5: バイアスを1回更新してみる")
A("")
A(f"バイアスの勾配は $p - y$ そのものです。学習率 $\\eta = {lr}$ で $b \\leftarrow b - \\eta (p - y)$ とすると:",
  nots=[lr])
A("")
A("```")
for c, b, gk, bn in zip(cls, bs, gs, bnew):
    A(f"b[{c}] = {b} - {lr} * ({gk}) = {bn}", claims=[(bn, f"step1.b[{c}]", "correct")], opts=[b, gk], nots=[lr])
A("```")
A("")
A("## おわりに")
A("")
A("p - y という形はとてもきれいで、実装でも `grad = probs.copy(); grad[label] -= 1` の1行で済みます。"
  "次回は2層のネットワーク全体で同じことをやってみる予定です。", nots=["1", "2"])
d.save()
