"""Chinese Zhihu-style post: a position-wise FFN 3 -> 6 -> 3 with the tanh-approximate GELU, a residual add, then
LayerNorm. The hand steps ignore epsilon; the PyTorch code (nn.LayerNorm default eps = 1e-5) prints the output with it.
One planted slip: the second residual component has two digits swapped, chained into the hand LayerNorm."""
from pathlib import Path

import numpy as np

from w5lib import *

xs = ["0.52", "0.47", "0.61"]
W1s = [["0.4", "-0.7", "0.2", "0.9", "-0.3", "0.5"], ["-0.6", "0.3", "0.8", "-0.2", "0.7", "-0.4"],
       ["0.1", "0.6", "-0.5", "0.3", "0.4", "-0.8"]]
b1s = ["0.05", "-0.1", "0", "0.1", "-0.05", "0.2"]
W2s = [["0.12", "-0.05", "0.08"], ["-0.07", "0.10", "0.03"], ["0.09", "0.04", "-0.11"], ["0.05", "-0.08", "0.06"],
       ["-0.04", "0.11", "0.02"], ["0.06", "0.03", "-0.09"]]
b2s = ["0.01", "-0.02", "0"]
x, W1, b1, W2, b2 = M(xs), M(W1s), M(b1s), M(W2s), M(b2s)
h = add(vecmat(x, W1), b1)
c = mpmath.sqrt(2 / mpmath.pi)
u = [c * (v + mpf("0.044715") * v ** 3) for v in h]
th = [mpmath.tanh(v) for v in u]
g = [gelu_tanh(v) for v in h]
f = add(vecmat(g, W2), b2)
r = add(x, f)
EPS = mpf("1e-5")


def ln(rr, eps):
    mu = mpmath.fsum(rr) / 3
    dev = [v - mu for v in rr]
    sq = [v * v for v in dev]
    var = mpmath.fsum(sq) / 3
    sd = mpmath.sqrt(var + eps)
    return mu, dev, sq, var, sd, [v / sd for v in dev]


true_hand = ln(r, 0)
code = ln(r, EPS)
R2_SLIP = "0.4349"
assert fmt(r[1], 4) == "0.4394"
r_slip = [r[0], mpf(R2_SLIP), r[2]]
hand = ln(r_slip, 0)
xn = np.array(xs, float); hn = xn @ np.array(W1s, float) + np.array(b1s, float)
gn = 0.5 * hn * (1 + np.tanh(np.sqrt(2 / np.pi) * (hn + 0.044715 * hn ** 3)))
rn = xn + gn @ np.array(W2s, float) + np.array(b2s, float)
check64(g, gn); check64(r, rn); check64(code[5], (rn - rn.mean()) / np.sqrt(rn.var() + 1e-5))

d = Doc("zhihu-gelu-ffn-ln-zh", "md",
        "Chinese Zhihu column post (Markdown, $$ display math, tables, PyTorch code with printed output): FFN 3 -> 6 -> 3 "
        "with GELU (tanh approximation) for one token, residual add, LayerNorm; hand working without epsilon, the "
        "code's output with nn.LayerNorm's eps = 1e-5; one planted slip",
        "h = x W1 + b1; g = GELU_tanh(h); f = g W2 + b2; r = x + f; y = (r - mean) / sqrt(var + eps), gamma = 1, "
        "beta = 0; eps = 0 in the hand steps, eps = 1e-5 in the code output",
        script=Path(__file__).name,
        note=f"planted slip: the residual r2 = x2 + f2 is written {R2_SLIP} instead of {fmt(r[1], 4)} (two digits "
             "swapped) in the list of r; the hand LayerNorm (mean, deviations, squares, variance, std, normalised "
             "values) is computed from the slipped value and is propagated where it prints differently; the code "
             "output (eps = 1e-5, computed by torch from the true r) is correct, and the author wrongly blames eps for "
             "the difference. The hand LayerNorm uses eps = 0, the code line eps = 1e-5")
A = d
F = lambda v: fmt(v, 4)
A("# 手算 Transformer 的 FFN + 残差 + LayerNorm（GELU 用 tanh 近似）")
A("")
A("> 发布于 2025-10-12 · 著作权归作者所有", nots=["2025"])
A("")
A("上一篇算完了注意力，这篇接着往下走：一个 token 经过前馈网络（FFN），再做残差连接和 LayerNorm。"
  "维度故意取得很小：$d_{model}=3$，$d_{ff}=6$。", nots=["3", "6"])
A("")
A("## 一、参数")
A("")
A(f"输入（注意力子层的输出）：$x = ({', '.join(xs)})$")
A("")
A("$$")
A("W_1=\\begin{bmatrix}")
for i, row in enumerate(W1s):
    A(" & ".join(row) + (" \\\\" if i < 2 else ""))
A("\\end{bmatrix},\\quad")
A(f"b_1=({', '.join(b1s)})")
A("$$")
A("")
A("$$")
A("W_2=\\begin{bmatrix}")
for i, row in enumerate(W2s):
    A(" & ".join(row) + (" \\\\" if i < 5 else ""))
A("\\end{bmatrix},\\quad")
A(f"b_2=({', '.join(b2s)})")
A("$$")
A("")
A("## 二、第一层线性变换")
A("")
A("$h = xW_1 + b_1$，逐个算（以 $h_1$ 为例）：", nots=["1", "1", "1"])
A("")
A(f"$$h_1 = {xs[0]}\\times {W1s[0][0]} + {xs[1]}\\times ({W1s[1][0]}) + {xs[2]}\\times {W1s[2][0]} + {b1s[0]} = {F(h[0])}$$",
  claims=[(F(h[0]), "ffn.hidden[1]", "correct")], opts=[xs[0], W1s[0][0], xs[1], W1s[1][0], xs[2], W1s[2][0], b1s[0]],
  nots=["1"])
A("")
A("6 个分量：" + "，".join(f"$h_{k + 1}={F(h[k])}$" for k in range(6)),
  claims=[(F(h[k]), f"ffn.hidden[{k + 1}]", "correct") for k in range(6)], nots=["6"])
A("")
A("## 三、GELU（tanh 近似）")
A("")
A("$$\\mathrm{GELU}(h) \\approx 0.5\\,h\\left(1+\\tanh\\left[\\sqrt{2/\\pi}\\,(h+0.044715\\,h^3)\\right]\\right)$$",
  nots=["0.5", "1", "2", "0.044715", "3"])
A("")
A(f"其中 $\\sqrt{{2/\\pi}} \\approx {F(c)}$。记 $u=\\sqrt{{2/\\pi}}\\,(h+0.044715h^3)$：",
  claims=[(F(c), "sqrt(2/pi)", "correct")], nots=["2", "0.044715", "2"])
A("")
A("| k | $h_k$ | $u_k$ | $\\tanh u_k$ | $\\mathrm{GELU}(h_k)$ |")
A("|:-:|--:|--:|--:|--:|")
for k in range(6):
    A(f"| {k + 1} | {F(h[k])} | {F(u[k])} | {F(th[k])} | {F(g[k])} |",
      claims=[(F(u[k]), f"gelu inner u[{k + 1}]", "correct"), (F(th[k]), f"tanh(u[{k + 1}])", "correct"),
              (F(g[k]), f"ffn.act[{k + 1}]", "correct")], opts=[F(h[k])], nots=[str(k + 1)])
A("")
A(f"可以看到负的 $h_6$ 被压成了很小的负数 {F(g[5])}，而不是像 ReLU 那样直接变成 0。",
  claims=[(F(g[5]), "ffn.act[6]", "correct")], nots=["6", "0"])
A("")
A("## 四、第二层线性变换 + 残差")
A("")
A(f"$f = \\mathrm{{GELU}}(h)W_2 + b_2 = ({', '.join(F(v) for v in f)})$",
  claims=[(F(f[m]), f"ffn.out[{m + 1}]", "correct") for m in range(3)], nots=["2", "2"])
A("")
A("残差连接就是把输入加回来，$r = x + f$：")
A("")
A(f"$$r = ({xs[0]}+{F(f[0])},\\ {xs[1]}{F(f[1])},\\ {xs[2]}+{F(f[2])}) = ({F(r[0])},\\ {R2_SLIP},\\ {F(r[2])})$$",
  claims=[(F(r[0]), "resid[1]", "correct"), (R2_SLIP, "resid[2]", "wrong"), (F(r[2]), "resid[3]", "correct")],
  opts=[xs[0], F(f[0]), xs[1], F(f[1]).lstrip("-"), xs[2], F(f[2])])
A("")
A("## 五、LayerNorm（手算先不管 ε）")
A("")
mu, dev, sq, var, sd, y = hand
tmu, tdev, tsq, tvar, tsd, ty = true_hand
A(f"均值：$\\mu = ({F(r[0])} + {R2_SLIP} + {F(r[2])})/3 = {F(mu)}$",
  claims=[(F(mu), "ln.mean", fate(F(mu), F(tmu)))], opts=[F(r[0]), R2_SLIP, F(r[2])], nots=["3"])
A("")
A("| k | $r_k-\\mu$ | $(r_k-\\mu)^2$ |")
A("|:-:|--:|--:|")
for k in range(3):
    A(f"| {k + 1} | {F(dev[k])} | {fmt(sq[k], 6)} |",
      claims=[(F(dev[k]), f"ln.centered[{k + 1}]", fate(F(dev[k]), F(tdev[k]))),
              (fmt(sq[k], 6), f"ln.sq[{k + 1}]", fate(fmt(sq[k], 6), fmt(tsq[k], 6)))], nots=[str(k + 1)])
A("")
A(f"方差（除以 3，不是 2）：$\\sigma^2 = {fmt(var, 6)}$，标准差 $\\sigma = {F(sd)}$。",
  claims=[(fmt(var, 6), "ln.var", fate(fmt(var, 6), fmt(tvar, 6))), (F(sd), "ln.std (eps = 0)", fate(F(sd), F(tsd)))],
  nots=["3", "2", "2"])
A("")
A("归一化（$\\gamma=1,\\ \\beta=0$）：", nots=["1", "0"])
A("")
A("$$\\hat r = \\frac{r-\\mu}{\\sigma} = (" + ",\\ ".join(F(v) for v in y) + ")$$",
  claims=[(F(y[k]), f"ln.norm[{k + 1}] (eps = 0)", fate(F(y[k]), F(ty[k]))) for k in range(3)])
A("")
A("## 六、用 PyTorch 验证")
A("")
A("```python")
A("import torch")
A("import torch.nn as nn")
A("")
A(f"x = torch.tensor([[{', '.join(xs)}]])")
A("fc1, fc2 = nn.Linear(3, 6), nn.Linear(6, 3)", nots=["3", "6", "6", "3"])
A("with torch.no_grad():")
A("    fc1.weight.copy_(W1.T); fc1.bias.copy_(b1)   # nn.Linear 存的是转置", nots=["1", "1", "1"])
A("    fc2.weight.copy_(W2.T); fc2.bias.copy_(b2)", nots=["2", "2", "2"])
A("")
A("ln = nn.LayerNorm(3)          # eps 默认 1e-5", nots=["3", "1e-5"])
A("y = ln(x + fc2(nn.functional.gelu(fc1(x), approximate='tanh')))", nots=["2", "1"])
A("print(y)")
A("```")
A("")
A("```")
yc = code[5]
A("tensor([[" + ", ".join(F(v).rjust(7) for v in yc) + "]], grad_fn=<NativeLayerNormBackward0>)",
  claims=[(F(yc[k]), f"ln.norm[{k + 1}] (eps = 1e-5)", "correct") for k in range(3)], nots=["0"])
A("```")
A("")
A("和手算的结果差了一点点，我猜是 ε 的缘故：分母其实是 $\\sqrt{\\sigma^2+10^{-5}}$。"
  "方差这么小的时候，$10^{-5}$ 就不是完全可以忽略的了。", nots=["2", "10", "5", "10", "5"])
A("")
A("---")
A("")
A("**小结**：FFN 先升维到 6 再降回 3，GELU 在 0 附近是平滑的；残差 + LayerNorm 让数值稳定。下一篇写多头注意力。",
  nots=["6", "3", "0"])
A("")
A("编辑于 2025-10-13 21:40 · IP 属地上海", nots=["2025"])
d.save()
