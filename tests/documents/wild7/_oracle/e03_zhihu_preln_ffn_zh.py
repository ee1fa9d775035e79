"""Chinese Zhihu column (发布于 / IP 属地 line, 赞同 count, 一、二、 headings, $$\\begin{bmatrix}$$ one row per line,
inline $...$): a pre-LN feed-forward sublayer for 2 tokens, d_model 3, d_ff 4: LayerNorm (eps = 1e-5, gamma = 1,
beta = 0) worked per token, then h = ReLU(x_hat W1 + b1), f = h W2 + b2, y = x + f. One planted slip in a
pre-activation of the second token, carried through ReLU, f and y."""
from pathlib import Path

from w7lib import *

toks = ["我", "爱"]
Xs = [["1.2", "-0.4", "0.7"], ["0.3", "0.9", "-1.5"]]
W1s = [["0.5", "-0.3", "0.8", "0.2"], ["-0.6", "0.4", "0.1", "0.7"], ["0.3", "0.9", "-0.2", "-0.5"]]
b1s = ["0.1", "-0.2", "0.0", "0.05"]
W2s = [["0.4", "-0.2", "0.3"], ["-0.5", "0.6", "0.1"], ["0.2", "0.3", "-0.4"], ["0.7", "-0.1", "0.5"]]
b2s = ["0.0", "0.1", "-0.1"]
EPS = mpf("1e-5")
X, W1, b1, W2, b2 = map(mat, (Xs, W1s, b1s, W2s, b2s))
LN = [layernorm(x, eps=EPS) for x in X]
F = lambda v: rnd(v, 4)


def ffn(xh, pre_override=None):
    pre = [dot(xh, [W1[i][j] for i in range(3)]) + b1[j] for j in range(4)]
    if pre_override:
        for j, v in pre_override.items():
            pre[j] = mpf(v)
    h = [max(v, mpf(0)) for v in pre]
    f = [dot(h, [W2[j][m] for j in range(4)]) + b2[m] for m in range(3)]
    return pre, h, f


clean = [ffn(L_["norm"]) for L_ in LN]
# slip: token 爱, pre-activation 3 — two digits transposed in the written value
t_pre = F(clean[1][0][2])
SLIP = t_pre[:-3] + t_pre[-2] + t_pre[-3] + t_pre[-1]
assert SLIP != t_pre and mpf(SLIP) > 0
shown = [clean[0], ffn(LN[1]["norm"], {2: SLIP})]
Y = [[X[t][m] + shown[t][2][m] for m in range(3)] for t in range(2)]
Yc = [[X[t][m] + clean[t][2][m] for m in range(3)] for t in range(2)]
Xn = np.array(Xs, float)
mu = Xn.mean(1, keepdims=True); var = Xn.var(1, keepdims=True); xh = (Xn - mu) / np.sqrt(var + 1e-5)
hn = np.maximum(xh @ np.array(W1s, float) + np.array(b1s, float), 0); fn = hn @ np.array(W2s, float) + np.array(b2s, float)
agree([L_["norm"] for L_ in LN], xh); agree([c[2] for c in clean], fn); agree(Yc, Xn + fn)

d = Doc("zhihu-preln-ffn-zh", "md",
        "Chinese Zhihu column (发布于/IP 属地 line, 赞同, 一、二、 headings, bmatrix one row per line, inline $…$): pre-LN "
        "feed-forward sublayer for 2 tokens: LayerNorm (eps 1e-5) per token, ReLU FFN 3 -> 4 -> 3 with biases, "
        "residual y = x + FFN(LN(x)); one planted slip",
        "pre-LN FFN sublayer: x_hat = LayerNorm(x) (eps 1e-5, gamma 1, beta 0), h = ReLU(x_hat W1 + b1), "
        "f = h W2 + b2, y = x + f",
        script=Path(__file__).name,
        note=f"planted slip: the third pre-activation of 爱 (x̂W1 + b1) is written {SLIP} instead of {t_pre} (two digits "
             "transposed); its ReLU value (restated), the three FFN outputs of 爱 and the three residual sums of 爱 "
             "are propagated (values printing the same are any); the token 我 is correct throughout")
A = d
A("# Transformer 里的 FFN 到底算了什么？用两个词手算一遍 Pre-LN 前馈层")
A("")
A("[李同学](https://www.zhihu.com/people/li-tongxue)  算法工程师 / 自然语言处理")
A("")
A("发布于 2024-03-12 21:47・IP 属地浙江", nots=["2024", "03", "12"])
A("")
A("赞同 136　　添加评论", nots=["136"])
A("")
A("---")
A("")
A("上一篇讲了注意力，这一篇讲 Transformer 块的另一半：前馈网络（FFN）。GPT-2 这类模型用的是 **Pre-LN**，"
  "也就是先做 LayerNorm，再进 FFN，最后加上残差：", nots=["2"])
A("")
A("$$y = x + \\mathrm{FFN}(\\mathrm{LN}(x)),\\qquad \\mathrm{FFN}(u) = \\mathrm{ReLU}(uW_1 + b_1)W_2 + b_2$$", nots=["1", "2"])
A("")
A("## 一、设定")
A("")
A("两个词「我」「爱」，$d_{model}=3$，$d_{ff}=4$（真实模型里 $d_{ff}=4d_{model}$，这里缩小了）。"
  "LayerNorm 的 $\\gamma=1,\\ \\beta=0$，$\\epsilon=10^{-5}$，方差用有偏估计（除以 $n$）。",
  nots=["3", "4", "1", "0", "10"])
A("")
A("$$X = \\begin{bmatrix}")
for i, r in enumerate(Xs):
    A(" & ".join(r) + (" \\\\" if i == 0 else "") + f" % {toks[i]}")
A("\\end{bmatrix}$$")
A("")
A("$$W_1 = \\begin{bmatrix}")
for i, r in enumerate(W1s):
    A(" & ".join(r) + (" \\\\" if i < 2 else ""))
A("\\end{bmatrix},\\quad b_1 = [" + ", ".join(b1s) + "]$$")
A("")
A("$$W_2 = \\begin{bmatrix}")
for i, r in enumerate(W2s):
    A(" & ".join(r) + (" \\\\" if i < 3 else ""))
A("\\end{bmatrix},\\quad b_2 = [" + ", ".join(b2s) + "]$$")
A("")
A("## 二、LayerNorm")
A("")
for t in range(2):
    Lt = LN[t]
    A(f"**「{toks[t]}」**：")
    A("")
    A(f"- 均值 $\\mu = ({' + '.join(par(v) for v in Xs[t])}) / 3 = {F(Lt['mean'])}$",
      claims=[(F(Lt['mean']), f"L1.ln.mean[{toks[t]}]", "correct")], opts=Xs[t], nots=["3"])
    dev = [F(v) for v in Lt["centered"]]
    A(f"- 偏差 $x - \\mu = [{', '.join(dev)}]$",
      claims=[(dev[m], f"L1.ln.centered[{toks[t]}][{m + 1}]", "correct") for m in range(3)])
    A(f"- 方差 $\\sigma^2 = ({' + '.join(f'{par(v)}^2' for v in dev)}) / 3 = {F(Lt['var'])}$",
      claims=[(F(Lt['var']), f"L1.ln.var[{toks[t]}]", "correct")], opts=dev, nots=["3"])
    A(f"- $\\sqrt{{\\sigma^2 + \\epsilon}} = {F(Lt['std'])}$", claims=[(F(Lt['std']), f"L1.ln.std[{toks[t]}]", "correct")])
    nm = [F(v) for v in Lt["norm"]]
    A(f"- $\\hat{{x}} = [{', '.join(nm)}]$",
      claims=[(nm[m], f"L1.ln.norm[{toks[t]}][{m + 1}]", "correct") for m in range(3)])
    A("")
A("整理成矩阵：")
A("")
A("$$\\hat{X} = \\begin{bmatrix}")
for t in range(2):
    nm = [F(v) for v in LN[t]["norm"]]
    A(" & ".join(nm) + (" \\\\" if t == 0 else ""),
      claims=[(nm[m], f"L1.ln.norm[{toks[t]}][{m + 1}]", "correct") for m in range(3)])
A("\\end{bmatrix}$$")
A("")
A("可以检查一下：每一行的和是 0，平方和是 3（差一点点是因为 $\\epsilon$）。", nots=["0", "3"])
A("")
A("## 三、第一层线性 + ReLU")
A("")
A("$u = \\hat{x}W_1 + b_1$。以「我」的第一个分量为例：")
A("")
n0 = [F(v) for v in LN[0]["norm"]]
A(f"$${n0[0]}\\times{W1s[0][0]} + ({n0[1]})\\times({W1s[1][0]}) + {n0[2]}\\times{W1s[2][0]} + {b1s[0]} = "
  f"{F(clean[0][0][0])}$$", claims=[(F(clean[0][0][0]), "L1.ffn.pre[我][1]", "correct")],
  opts=n0 + [W1s[0][0], W1s[1][0], W1s[2][0], b1s[0]])
A("")
A("| 词 | $u_1$ | $u_2$ | $u_3$ | $u_4$ |")
A("|---|---|---|---|---|")
for t in range(2):
    pre = [F(v) for v in shown[t][0]]
    cl = []
    for j in range(4):
        v = "correct"
        if t == 1 and j == 2:
            v = "wrong"
        cl.append((pre[j], f"L1.ffn.pre[{toks[t]}][{j + 1}]", v))
    A(f"| {toks[t]} | " + " | ".join(pre) + " |", claims=cl)
A("")
A("ReLU 把负数变成 0：")
A("")
A("| 词 | $h_1$ | $h_2$ | $h_3$ | $h_4$ |")
A("|---|---|---|---|---|")
for t in range(2):
    hv = [F(v) for v in shown[t][1]]
    cl = []
    for j in range(4):
        v = "correct"
        if t == 1 and j == 2:
            v = fate(hv[j], F(clean[1][1][j]))
        cl.append((hv[j], f"L1.ffn.hidden[{toks[t]}][{j + 1}]", v))
    A(f"| {toks[t]} | " + " | ".join(hv) + " |", claims=cl)
A("")
A("## 四、第二层线性")
A("")
A("$f = hW_2 + b_2$：")
A("")
A("$$F = \\begin{bmatrix}")
for t in range(2):
    fv = [F(v) for v in shown[t][2]]
    cl = [(fv[m], f"L1.ffn.out[{toks[t]}][{m + 1}]",
           "correct" if t == 0 else fate(fv[m], F(clean[1][2][m]))) for m in range(3)]
    A(" & ".join(fv) + (" \\\\" if t == 0 else ""), claims=cl)
A("\\end{bmatrix}$$")
A("")
A("## 五、残差")
A("")
A("最后把原始输入加回来（注意加的是 $x$，不是 $\\hat{x}$）：")
A("")
for t in range(2):
    fv = [F(v) for v in shown[t][2]]
    yv = [F(v) for v in Y[t]]
    cl = [(yv[m], f"L1.out[{toks[t]}][{m + 1}]", "correct" if t == 0 else fate(yv[m], F(Yc[1][m]))) for m in range(3)]
    A(f"- 「{toks[t]}」：$[{', '.join(Xs[t])}] + [{', '.join(fv)}] = [{', '.join(yv)}]$", claims=cl,
      opts=Xs[t] + fv)
A("")
A("FFN 对每个位置是独立计算的，两个词之间没有交互，交互全在注意力里。这也是为什么很多人说 FFN 像一个"
  "「按位置查表的记忆」。")
A("")
A("---")
A("")
A("*参考：Xiong et al., 2020, On Layer Normalization in the Transformer Architecture。*", nots=["2020"])
A("")
A("编辑于 2024-03-13 09:05", nots=["2024", "03", "13"])
d.save()
