from lib import *
import mpmath

toks = ["我", "爱", "猫"]
X = [["0.5", "-0.3", "0.8", "0.2"], ["0.1", "0.6", "-0.4", "0.9"], ["0.7", "0.2", "0.3", "-0.5"]]
Z = [["0.12", "0.35", "-0.20", "0.41"], ["0.28", "-0.15", "0.33", "0.06"], ["-0.09", "0.44", "0.18", "0.25"]]
d = Doc("chinese-residual-layernorm", "Chinese study note: residual connection x + Attention(x) followed by LayerNorm (eps 0, no gamma/beta) for 我 爱 猫, d = 4, bmatrix",
        "residual + layernorm", "exact",
        "slip: the variance of 猫 divided by d-1 = 3 (unbiased) instead of d = 4; its std and normalised row propagate")
H = [[mpf(a) + mpf(b) for a, b in zip(x, z)] for x, z in zip(X, Z)]
d.add("# Transformer 学习笔记（三）：残差连接与层归一化")
d.add("")
d.add("上一篇算出了自注意力的输出。这一篇接着做 **Add & Norm**：先把输入和注意力输出相加，再对每个词的向量做 LayerNorm。")
d.add("为了方便手算，这里取 $\\epsilon = 0$，并且不使用 $\\gamma$、$\\beta$（相当于 $\\gamma = 1, \\beta = 0$）。方差按 $d$ 来除（有偏估计）。",
      nots=["0", "1", "0"])
d.add("")
d.add("## 输入与注意力输出")
d.add("")
d.add("三个词：我、爱、猫，维度 $d = 4$。", nots=["4"])
d.add("")
for line in bmatrix_lines(X, "X", comments=toks):
    d.add(line)
d.add("")
for line in bmatrix_lines(Z, "\\mathrm{Attention}(X)", comments=toks):
    d.add(line)
d.add("")
d.add("## 第一步：残差相加")
d.add("")
Ht = [[ex2(v) for v in row] for row in H]
for k, line in enumerate(bmatrix_lines(Ht, "H = X + \\mathrm{Attention}(X)", comments=toks)):
    i = k - 2
    d.add(line, claims=[(t, f"H[{toks[i]}][{j+1}]", "correct") for j, t in enumerate(Ht[i])] if 0 <= i < 3 else ())
d.add("")
d.add("## 第二步：均值与方差")
d.add("")
d.add("$$\\mu = \\frac{1}{d}\\sum_{j} h_j, \\qquad \\sigma^2 = \\frac{1}{d}\\sum_j (h_j - \\mu)^2$$", nots=["1"])
d.add("")
mu = [mpmath.fsum(h) / 4 for h in H]
var = []
for i in range(3):
    ss = mpmath.fsum((v - mu[i]) ** 2 for v in H[i])
    var.append(ss / 3 if i == 2 else ss / 4)
sd = [mpmath.sqrt(v) for v in var]
for i, t in enumerate(toks):
    v = "wrong" if i == 2 else "correct"; pv = "propagated" if i == 2 else "correct"
    ss = mpmath.fsum((x - mu[i]) ** 2 for x in H[i])
    div = "3" if i == 2 else "4"
    R = lambda x: exact_str(x)
    VV = r(var[i], 4) if i == 2 else exact_str(var[i])
    d.add(f"- **{t}**：$\\mu = {R(mu[i])}$，$\\sigma^2 = {R(ss)} / {div} = {VV}$，$\\sigma = {r(sd[i], 4)}$",
          claims=[(R(mu[i]), f"mean of H[{t}]", "correct"), (R(ss), f"sum of squared deviations of H[{t}]", "correct"),
                  (VV, f"variance of H[{t}]", v), (r(sd[i], 4), f"std of H[{t}]", pv)], nots=[div])
d.add("")
d.add("## 第三步：归一化（保留四位小数）")
d.add("")
N = [[r((H[i][j] - mu[i]) / sd[i], 4) for j in range(4)] for i in range(3)]
for k, line in enumerate(bmatrix_lines(N, "\\mathrm{LayerNorm}(H)", comments=toks)):
    i = k - 2
    d.add(line, claims=[(t, f"LN(H)[{toks[i]}][{j+1}]", "propagated" if i == 2 else "correct") for j, t in enumerate(N[i])] if 0 <= i < 3 else ())
d.add("")
d.add(f"以“我”的第一维为例：$({Ht[0][0]} - {exact_str(mu[0])}) / {r(sd[0], 4)} = {N[0][0]}$。",
      claims=[(N[0][0], "LN(H)[我][1]", "correct")], opts=[Ht[0][0], exact_str(mu[0]), r(sd[0], 4)])
d.add("")
d.add("归一化以后每一行的均值为 0、方差为 1，这样下一层的输入尺度就稳定了。", nots=["0", "1"])
d.write("md")
print([r(v,6) for v in mu])
