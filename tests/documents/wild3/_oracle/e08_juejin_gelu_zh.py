"""Chinese Juejin post (Markdown): an FFN with exact (erf) GELU for one token, Phi(h), GELU(h), the tanh approximation,
GELU'(h), the forward output and the backward gradient through GELU. One planted slip: GELU(h3) is copied with its
last two digits swapped, and the output y uses the slipped value."""
from pathlib import Path

import numpy as np

from w3lib import *

xs = ["0.6", "-1.1"]
W1s = [["1.2", "-0.5", "0.7", "0.3"], ["0.4", "0.9", "-0.8", "1.5"]]
b1s = ["0.1", "0.2", "-0.1", "0.3"]
W2s = [["0.5", "-0.4"], ["0.3", "0.8"], ["-0.6", "0.2"], ["0.9", "0.1"]]
b2s = ["0.05", "-0.05"]
gs = ["1.0", "-0.5"]
x, W1, b1, W2, b2, g = V(xs), V(W1s), V(b1s), V(W2s), V(b2s), V(gs)
h = vadd(vm(x, W1), b1)
Phi = [(1 + mpmath.erf(v / mpmath.sqrt(2))) / 2 for v in h]
G = [gelu(v) for v in h]
c = mpmath.sqrt(2 / mpmath.pi)
Gt = [v / 2 * (1 + mpmath.tanh(c * (v + mpf("0.044715") * v ** 3))) for v in h]
Gd = [gelu_d(v) for v in h]
SL = 2
g_true = r(G[SL], 4)
g_slip = g_true[:-2] + g_true[-1] + g_true[-2]
assert g_slip != g_true
Gs = [P(g_slip) if j == SL else G[j] for j in range(4)]
y = vadd(vm(Gs, W2), b2)
y0 = vadd(vm(G, W2), b2)
gup = [dot(g, row) for row in W2]          # dL/dGELU = g W2^T
gh = [gup[j] * Gd[j] for j in range(4)]
# numpy float64 check (scipy-free erf via math.erf)
import math
hn = np.array(xs, float) @ np.array(W1s, float) + np.array(b1s, float)
Gn = np.array([v * 0.5 * (1 + math.erf(v / math.sqrt(2))) for v in hn])
np_same(G, Gn); np_same(y0, Gn @ np.array(W2s, float) + np.array(b2s, float))
dn = np.array([0.5 * (1 + math.erf(v / math.sqrt(2))) + v * math.exp(-v * v / 2) / math.sqrt(2 * math.pi) for v in hn])
np_same(gh, (np.array(W2s, float) @ np.array(gs, float)) * dn)

d = Doc("juejin-gelu-ffn-zh", "md",
        "Chinese Juejin post (Markdown, code blocks and tables): a position-wise FFN 2 -> 4 -> 2 with the exact erf GELU "
        "for one token: pre-activations, Phi(h), GELU(h), the tanh approximation for comparison, GELU'(h), the output, "
        "and the gradient through GELU for a given upstream gradient; one planted slip",
        "y = GELU(x W1 + b1) W2 + b2 with GELU(h) = h Phi(h) (erf form); dL/dh = (g W2^T) * GELU'(h), GELU' = Phi + h phi",
        "exact",
        note=f"planted slip: GELU(h3) is written {g_slip} instead of {g_true} (last two digits swapped) where it is first "
             f"printed (it is restated as an operand in the output working); the output y (computed from the slipped value) is propagated "
             f"where it prints differently; the derivative column and the backward gradients do not use it",
        gen=Path(__file__).name)
add = d.add
f4 = lambda v: r(v, 4)
add("# 手算 GELU 前馈层：前向 + 反向（附 erf 数值）")
add("")
add("> 作者：小林爱炼丹 · 2024-05-18 · 阅读 1.6k · 点赞 42", nots=["2024", "05", "18", "1.6", "42"])
add("")
add("BERT、GPT-2 的 FFN 用的都是 GELU 而不是 ReLU。网上大多只给公式，这里用一个 token、"
    "$d_{model}=2$、$d_{ff}=4$ 的小例子把每个数都算出来（原版是 768 和 3072）。", nots=["2", "2", "4", "768", "3072"])
add("")
add("## 公式")
add("")
add("$$\\mathrm{GELU}(h) = h\\,\\Phi(h) = \\frac{h}{2}\\left[1 + \\mathrm{erf}\\left(\\frac{h}{\\sqrt 2}\\right)\\right]$$", nots=["2", "1", "2"])
add("")
add("$$\\mathrm{GELU}'(h) = \\Phi(h) + h\\,\\varphi(h),\\quad \\varphi(h) = \\frac{1}{\\sqrt{2\\pi}}e^{-h^2/2}$$", nots=["1", "2", "2", "2"])
add("")
add("## 参数")
add("")
add("```python")
add(f"x  = [{', '.join(xs)}]")
add(f"W1 = {W1s}".replace("'", ""))
add(f"b1 = [{', '.join(b1s)}]")
add(f"W2 = {W2s}".replace("'", ""))
add(f"b2 = [{', '.join(b2s)}]")
add("```")
add("")
add("## 第一步：h = xW1 + b1")
add("")
for j in range(4):
    t = f"{xs[0]}×{par(W1s[0][j])} + {par(xs[1])}×{par(W1s[1][j])} + {par(b1s[j])}"
    add(f"- $h_{j+1} = {t} = {ex(h[j])}$", claims=[(ex(h[j]), f"h[{j+1}]", "correct")],
        opts=[xs[0], W1s[0][j], xs[1], W1s[1][j], b1s[j]])
add("")
add("## 第二步：GELU（erf 精确版）")
add("")
add("| | $h$ | $\\Phi(h)$ | $\\mathrm{GELU}(h)$ | tanh 近似 | $\\mathrm{GELU}'(h)$ |")
add("|---|---|---|---|---|---|")
for j in range(4):
    gtxt = g_slip if j == SL else f4(G[j])
    add(f"| $h_{j+1}$ | {ex(h[j])} | {f4(Phi[j])} | {gtxt} | {f4(Gt[j])} | {f4(Gd[j])} |",
        claims=[(f4(Phi[j]), f"Phi(h{j+1})", "correct"), (gtxt, f"GELU(h{j+1})", "wrong" if j == SL else "correct"),
                (f4(Gt[j]), f"GELU_tanh(h{j+1})", "correct"), (f4(Gd[j]), f"GELU'(h{j+1})", "correct")],
        opts=[ex(h[j])])
add("")
add("可以看到 tanh 近似和 erf 版在第 4 位小数上基本一致；负的 $h$ 没有被截成 0，而是留了一点点负值。", nots=["4", "0"])
add("")
add("## 第三步：y = GELU(h) W2 + b2")
add("")
add("```")
gtx = [g_slip if j == SL else f4(G[j]) for j in range(4)]
for c in range(2):
    terms = " + ".join(f"{par(gtx[j])}*{par(W2s[j][c])}" for j in range(4))
    add(f"y{c+1} = {terms} + {par(b2s[c])}",
        opts=gtx + [W2s[j][c] for j in range(4)] + [b2s[c]])
    add(f"   = {f4(y[c])}", claims=[(f4(y[c]), f"y[{c+1}]", verdict(f4(y[c]), f4(y0[c])))])
add("```")
add("")
add(f"所以 FFN 输出 $y = ({f4(y[0])}, {f4(y[1])})$，后面再接残差和 LayerNorm。",
    claims=[(f4(y[c]), f"y[{c+1}]", verdict(f4(y[c]), f4(y0[c]))) for c in range(2)])
add("")
add("## 第四步：反向传播")
add("")
add(f"假设上游传回来的梯度 $\\partial L/\\partial y = ({', '.join(gs)})$，先过 $W_2$：")
add("")
add(f"$$\\frac{{\\partial L}}{{\\partial \\mathrm{{GELU}}}} = g\\,W_2^T = ({', '.join(ex(v) for v in gup)})$$",
    claims=[(ex(v), f"dL/dGELU[{j+1}]", "correct") for j, v in enumerate(gup)], nots=["2"])
add("")
add("再逐元素乘以 $\\mathrm{GELU}'(h)$：")
add("")
for j in range(4):
    add(f"- $\\partial L/\\partial h_{j+1} = {ex(gup[j])} \\times {f4(Gd[j])} = {f4(gh[j])}$",
        claims=[(f4(gh[j]), f"dL/dh[{j+1}]", "correct")], opts=[ex(gup[j]), f4(Gd[j])])
add("")
add("用 PyTorch 的 `nn.GELU()`（默认 `approximate='none'`）跑一遍 `backward()`，结果一致。")
add("")
add("*如果觉得有帮助，欢迎点赞收藏～下一篇写 SwiGLU。*")
d.planted = 1
d.write()
