"""Japanese Qiita-style post: Add & Norm (residual + LayerNorm with gamma/beta), 3 tokens x 4 dims, chained rounding."""
from pathlib import Path

import numpy as np

from wlib import *

toks = ["今日", "は", "晴れ"]
Xs = [["0.8", "-0.2", "0.5", "1.1"], ["-0.4", "0.9", "0.3", "0.6"], ["1.2", "0.1", "-0.7", "0.4"]]
Ss = [["0.3", "0.4", "-0.1", "0.2"], ["0.5", "-0.3", "0.2", "0.1"], ["-0.2", "0.6", "0.5", "0.3"]]
gs = ["1.2", "0.8", "1.0", "1.5"]
bs = ["0.1", "0.0", "-0.2", "0.3"]
EPS = mpf("1e-5")
X, Sub, g, b = V(Xs), V(Ss), V(gs), V(bs)
H = [[X[i][j] + Sub[i][j] for j in range(4)] for i in range(3)]
mu = [mpmath.fsum(h) / 4 for h in H]
dev = [[H[i][j] - mu[i] for j in range(4)] for i in range(3)]
var = [mpmath.fsum(x * x for x in dev[i]) / 4 for i in range(3)]
# chained: sigma printed to 4 decimals; normalised from the printed sigma, printed to 3; y = gamma * printed + beta (exact)
sig_s = [rnd(mpmath.sqrt(var[i] + EPS), 4) for i in range(3)]
n_s = [[rnd(dev[i][j] / mpf(sig_s[i]), 3) for j in range(4)] for i in range(3)]
y_s = [[short(g[j] * mpf(n_s[i][j]) + b[j]) for j in range(4)] for i in range(3)]
# the torch check at the end: exact LayerNorm (no chaining), printed at 4 decimals
y_exact = [[g[j] * dev[i][j] / mpmath.sqrt(var[i] + EPS) + b[j] for j in range(4)] for i in range(3)]
Hn = np.array(Xs, float) + np.array(Ss, float)
yn = (Hn - Hn.mean(1, keepdims=True)) / np.sqrt(Hn.var(1, keepdims=True) + 1e-5) * np.array(gs, float) + np.array(bs, float)
np_check(y_exact, yn)

d = Doc("qiita-add-norm", "md",
        "Japanese Qiita-style post: Add & Norm for 今日 は 晴れ (3 tokens x 4 dims): residual sum, mean, variance, std with eps = 1e-5, normalised (from the printed std, 3 decimals), gamma/beta applied (exact), then a PyTorch nn.LayerNorm check printed as a tensor",
        "residual + layernorm (biased variance, eps 1e-5, gamma, beta)", "chained",
        note="chained: normalised values are (h - mean) / printed std rounded to 3 decimals, y = gamma * printed normalised + beta (exact); the torch tensor at the end is the exact LayerNorm at 4 decimals, so it can differ from the chained y in the last digit; no planted slip")
d.gen = Path(__file__).name
add = d.add
add("---")
add("title: 【図解なし・手計算】Transformer の Add & Norm を 3 トークンで追ってみた", nots=["3"])
add("tags: Transformer LayerNorm 深層学習 Python 初心者")
add("---")
add("")
add(":::note info")
add("この記事は「Transformer を手で計算する」シリーズの 3 本目です。前回は Self-Attention の出力まで計算しました。", nots=["3"])
add(":::")
add("")
add("## はじめに")
add("")
add("Transformer の各サブレイヤーの後ろには必ず **Add & Norm** がついています。やっていることは")
add("")
add("$$")
add("\\mathrm{LayerNorm}(x + \\mathrm{Sublayer}(x))")
add("$$")
add("")
add("だけなのですが、γ と β が入ると急にわからなくなる人が多い（自分もそうでした）ので、数字で追ってみます。")
add("")
add("## 設定")
add("")
add("- トークン：「今日」「は」「晴れ」")
add("- 次元 $d_{model} = 4$", nots=["4"])
add("- $\\varepsilon = 10^{-5}$（分散に足す小さな値）", nots=["10", "-5"])
add("- 分散は $d$ で割る（PyTorch の `nn.LayerNorm` と同じ、不偏分散ではない）")
add("")
add("入力 $x$ とサブレイヤー（Self-Attention）の出力は次の通りとします。")
add("")
for ln in md_table(["トークン", "x₁", "x₂", "x₃", "x₄", "", "Sub₁", "Sub₂", "Sub₃", "Sub₄"],
                   [[t] + Xs[i] + [""] + Ss[i] for i, t in enumerate(toks)]):
    add(ln)
add("")
add("γ と β（学習済みパラメータという想定）：")
add("")
add("```")
add("γ = [1.2, 0.8, 1.0, 1.5]")
add("β = [0.1, 0.0, -0.2, 0.3]")
add("```")
add("")
add("## 1. Add（残差接続）")
add("")
add("要素ごとに足すだけです。")
add("")
add("| トークン | h₁ | h₂ | h₃ | h₄ |")
add("|:--|--:|--:|--:|--:|")
Hs = [[fix(v, 1) for v in r] for r in H]
for i, t in enumerate(toks):
    add("| " + " | ".join([t] + Hs[i]) + " |", claims=[(Hs[i][j], f"h[{t}][{j+1}]", "correct") for j in range(4)])
add("")
add("## 2. 平均と分散")
add("")
for i, t in enumerate(toks):
    add(f"### 「{t}」")
    add("")
    sm = mpmath.fsum(H[i])
    terms = Hs[i][0] + "".join((" − " + h[1:]) if h.startswith("-") else (" + " + h) for h in Hs[i][1:])
    add(f"平均：$\\mu = ({terms}) / 4 = {short(sm)} / 4 = {short(mu[i])}$",
        claims=[(short(sm), f"sum h[{t}]", "correct"), (short(mu[i]), f"mean h[{t}]", "correct")], opts=[h.lstrip("-") for h in Hs[i]], nots=["4", "4"])
    add("")
    ds = [short(x) for x in dev[i]]
    sq = [short(x * x) for x in dev[i]]
    add("偏差と二乗：")
    add("")
    add("```")
    for j in range(4):
        add(f"h{j+1} - μ = {ds[j]:>6}   →  二乗 {sq[j]}",
            claims=[(ds[j], f"h[{t}][{j+1}] - mean", "correct"), (sq[j], f"(h[{t}][{j+1}] - mean)^2", "correct")])
    ss = mpmath.fsum(x * x for x in dev[i])
    add(f"合計                     {short(ss)}", claims=[(short(ss), f"sum of squared deviations, {t}", "correct")])
    add("```")
    add("")
    add(f"分散：$\\sigma^2 = {short(ss)} / 4 = {short(var[i])}$、標準偏差：$\\sqrt{{{short(var[i])} + 10^{{-5}}}} \\approx {sig_s[i]}$",
        claims=[(short(var[i]), f"variance {t}", "correct"), (sig_s[i], f"std {t} (with eps)", "correct")],
        opts=[short(ss), short(var[i])], nots=["4", "10", "-5"])
    add("")
add("## 3. Norm（正規化）")
add("")
add("$(h - \\mu)/\\sigma$ を小数第 3 位まで：", nots=["3"])
add("")
add("| トークン | $\\hat{h}_1$ | $\\hat{h}_2$ | $\\hat{h}_3$ | $\\hat{h}_4$ |")
add("|:--|--:|--:|--:|--:|")
for i, t in enumerate(toks):
    add("| " + " | ".join([t] + n_s[i]) + " |", claims=[(n_s[i][j], f"normalised[{t}][{j+1}]", "correct") for j in range(4)])
add("")
add(f"例えば「今日」の 1 列目は $({short(dev[0][0])}) / {sig_s[0]} = {n_s[0][0]}$ です。",
    claims=[(n_s[0][0], "normalised[今日][1]", "correct")], opts=[short(dev[0][0]), sig_s[0]], nots=["1"])
add("")
add("## 4. γ と β でスケール・シフト")
add("")
add("$y = \\gamma \\odot \\hat{h} + \\beta$ です。「今日」の場合：")
add("")
add("```")
for j in range(4):
    nn_ = n_s[0][j] if not n_s[0][j].startswith("-") else f"({n_s[0][j]})"
    bb = f"+ {bs[j]}" if not bs[j].startswith("-") else f"− {bs[j][1:]}"
    add(f"y{j+1} = {gs[j]} × {nn_} {bb} = {y_s[0][j]}", claims=[(y_s[0][j], f"y[今日][{j+1}]", "correct")], opts=[n_s[0][j]])
add("```")
add("")
add("3 トークン分まとめると：", nots=["3"])
add("")
add("| トークン | y₁ | y₂ | y₃ | y₄ |")
add("|:--|--:|--:|--:|--:|")
for i, t in enumerate(toks):
    add("| " + " | ".join([t] + y_s[i]) + " |", claims=[(y_s[i][j], f"y[{t}][{j+1}]", "correct") for j in range(4)])
add("")
add("## 5. PyTorch で答え合わせ")
add("")
add("```python")
add("import torch")
add("import torch.nn as nn")
add("")
add("x = torch.tensor([[0.8, -0.2, 0.5, 1.1], [-0.4, 0.9, 0.3, 0.6], [1.2, 0.1, -0.7, 0.4]])")
add("sub = torch.tensor([[0.3, 0.4, -0.1, 0.2], [0.5, -0.3, 0.2, 0.1], [-0.2, 0.6, 0.5, 0.3]])")
add("ln = nn.LayerNorm(4, eps=1e-5)", nots=["4", "1e-5"])
add("with torch.no_grad():")
add("    ln.weight.copy_(torch.tensor([1.2, 0.8, 1.0, 1.5]))")
add("    ln.bias.copy_(torch.tensor([0.1, 0.0, -0.2, 0.3]))")
add("print(ln(x + sub))")
add("```")
add("")
add("```")
for i, ln in enumerate(torch_fmt(y_exact, grad_fn="NativeLayerNormBackward0")):
    add(ln, claims=[(rnd(y_exact[i][j], 4), f"torch y[{toks[i]}][{j+1}]", "correct") for j in range(4)])
add("```")
add("")
add("手計算は途中で丸めているので、最後の桁が少しずれるところがありますが、ほぼ一致しました 🎉")
add("")
add("## まとめ")
add("")
add("- Add は単なる足し算、Norm はトークンごとに平均 0・分散 1 にそろえる処理", nots=["0", "1"])
add("- γ, β で「そろえた後にどれだけ伸ばす・ずらすか」を学習できる")
add("- ε は 0 除算よけ。今回の例ではほとんど影響なし", nots=["0"])
add("")
add("次回は FFN（Position-wise Feed-Forward）を計算します。")
d.write()
