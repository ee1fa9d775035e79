"""Chinese CSDN blog post (copyright banner, 文章标签, reading counts, [TOC], 【】 headings, $$…$$, Markdown tables,
a numpy code block with its printed output): next-token cross-entropy from one hidden state through W_out over a
4-word vocabulary, gradient w.r.t. the logits (softmax − one-hot), gradient of W_out (outer product h ⊗ (p − y)),
one SGD step with lr = 0.5, new logits, probabilities and loss. One planted slip in the logits' gradient,
chained into dW, the updated W, the new logits, probabilities and loss."""
from pathlib import Path

from w6lib import *

vocab = ["天安门", "上海", "吃饭", "。"]
tgt = 0
hs = ["0.8", "-0.5", "1.2"]
Ws = [["0.3", "-0.2", "0.5", "0.1"], ["0.4", "0.6", "-0.3", "0.2"], ["0.7", "-0.1", "0.2", "-0.4"]]
LR = mpf("0.5")
h, W = mat(hs), mat(Ws)
z = vm(h, W)
p = softmax(z)
loss = -mpmath.log(p[tgt])
F = lambda v: rnd(v, 4)


def step(g):
    dW = [[h[i] * g[j] for j in range(4)] for i in range(3)]
    Wn = [[W[i][j] - LR * dW[i][j] for j in range(4)] for i in range(3)]
    z2 = vm(h, Wn)
    p2 = softmax(z2)
    return dW, Wn, z2, p2, -mpmath.log(p2[tgt])


g_true = [p[j] - (1 if j == tgt else 0) for j in range(4)]
T_ = step(g_true)
# slip: dz[天安门] = p − 1 is written with its last two digits swapped (from the printed 4-decimal value)
gt_s = F(g_true[tgt])
SLIP = gt_s[:-2] + gt_s[-1] + gt_s[-2]
assert SLIP != gt_s
g_s = [mpf(SLIP)] + g_true[1:]
S_ = step(g_s)
hn, Wn_ = np.array(hs, float), np.array(Ws, float)
zn = hn @ Wn_; pn = np.exp(zn) / np.exp(zn).sum(); yn = np.eye(4)[tgt]
dWn = np.outer(hn, pn - yn); W2n = Wn_ - 0.5 * dWn; z2n = hn @ W2n; p2n = np.exp(z2n) / np.exp(z2n).sum()
agree(z, zn); agree(p, pn); agree(T_[0], dWn); agree(T_[3], p2n); agree([T_[4]], [-np.log(p2n[0])])

d = Doc("csdn-ce-sgd-zh", "md",
        "Chinese CSDN post (copyright banner, tags, reading counts, [TOC], 【】 headings, $$ formulas, Markdown tables, a "
        "numpy block with printed output): next-token cross-entropy through an output matrix W_out (3 × 4 vocabulary), "
        "dL/dz = softmax − one-hot, dL/dW = h ⊗ (p − y), one SGD step (lr = 0.5), new logits, probabilities and loss; "
        "one planted slip chained",
        "logits z = h W_out (no bias), p = softmax(z), L = -ln p[天安门]; one SGD step on W_out with lr 0.5",
        script=Path(__file__).name,
        note=f"planted slip: dL/dz[天安门] = p[天安门] − 1 is written {SLIP} instead of {gt_s} (two digits swapped); the "
             "天安门 column of dL/dW, the 天安门 column of the updated W_out, the new 天安门 logit, all new probabilities and "
             "the new loss are propagated (values printing the same are any); the numpy block at the end prints only "
             "the forward pass, which is correct")
A = d
A("# 【NLP基础】手算交叉熵损失：从 logits 到梯度，再到一次 SGD 更新")
A("")
A("最新推荐文章于 2024-06-18 10:21:07 发布", nots=["2024", "06", "18", "10", "21", "07"])
A("")
A("版权声明：本文为博主原创文章，遵循 CC 4.0 BY-SA 版权协议，转载请附上原文出处链接和本声明。", nots=["4.0"])
A("")
A("文章标签： #深度学习 #NLP #交叉熵 #反向传播")
A("")
A("阅读量1.3k　收藏 27　点赞数 9", nots=["1.3", "27", "9"])
A("")
A("[TOC]")
A("")
A("## 一、问题设定")
A("")
A("语言模型在最后一个位置输出一个隐藏向量 $h$，乘上输出矩阵 $W_{out}$ 得到每个词的 logit。"
  "这里词表只有 4 个词，句子是「我 爱 北京」，下一个词的正确答案是「天安门」。", nots=["4"])
A("")
A(f"$$h = [{', '.join(hs)}]$$")
A("")
A("$$W_{out} = \\begin{bmatrix} " + " \\\\ ".join(" & ".join(r) for r in Ws) + " \\end{bmatrix}$$")
A("")
A("列的顺序：" + "、".join(vocab) + "。学习率 $\\eta = 0.5$。", nots=["0.5"])
A("")
A("## 二、前向：logits → softmax → loss")
A("")
A("$z_j = \\sum_i h_i W_{ij}$，逐个算：")
A("")
for j in range(4):
    terms = " + ".join(f"{a}\\times{par(W_[j])}" for a, W_ in zip(hs, Ws))
    A(f"- $z_{{\\text{{{vocab[j]}}}}} = {terms} = {lit(z[j])}$", claims=[(lit(z[j]), f"logits[{vocab[j]}]", "correct")],
      opts=hs + [r[j] for r in Ws])
A("")
A("| 词 | $z$ | $e^{z}$ | $p$ |")
A("|---|---|---|---|")
ez = [mpmath.exp(v) for v in z]
for j in range(4):
    A(f"| {vocab[j]} | {lit(z[j])} | {F(ez[j])} | {F(p[j])} |",
      claims=[(lit(z[j]), f"logits[{vocab[j]}]", "correct"), (F(ez[j]), f"exp_logits[{vocab[j]}]", "correct"),
              (F(p[j]), f"probs[{vocab[j]}]", "correct")])
A(f"| 合计 | | {F(mpmath.fsum(ez))} | 1 |", claims=[(F(mpmath.fsum(ez)), "exp_logits_sum", "correct")], opts=["1"])
A("")
A(f"$$L = -\\ln p_{{\\text{{天安门}}}} = -\\ln {F(p[tgt])} = {F(loss)}$$",
  claims=[(F(p[tgt]), "probs[天安门]", "correct"), (F(loss), "loss", "correct")])
A("")
A("## 三、反向：对 logits 的梯度")
A("")
A("softmax 和交叉熵合在一起求导，结果非常简洁（推导略）：")
A("")
A("$$\\frac{\\partial L}{\\partial z_j} = p_j - y_j$$")
A("")
A("其中 $y$ 是 one-hot：$y = [1, 0, 0, 0]$。", nots=["1", "0"])
A("")
gs_print = [SLIP] + [F(v) for v in g_true[1:]]
A("| 词 | $p$ | $y$ | $p - y$ |")
A("|---|---|---|---|")
for j in range(4):
    A(f"| {vocab[j]} | {F(p[j])} | {1 if j == tgt else 0} | {gs_print[j]} |",
      claims=[(F(p[j]), f"probs[{vocab[j]}]", "correct"),
              (gs_print[j], f"grad.logits[{vocab[j]}]", "wrong" if j == tgt else "correct")],
      nots=[str(1 if j == tgt else 0)])
A("")
A("## 四、对 $W_{out}$ 的梯度")
A("")
A("$\\frac{\\partial L}{\\partial W_{ij}} = h_i \\,(p_j - y_j)$，也就是 $h$ 和 $p-y$ 的外积：")
A("")
dW_s, Wn_s, z2_s, p2_s, l2_s = S_
dW_t, Wn_t, z2_t, p2_t, l2_t = T_
A("| | " + " | ".join(vocab) + " |")
A("|---|---|---|---|---|")
for i in range(3):
    cl = []
    for j in range(4):
        s_ = F(dW_s[i][j])
        cl.append((s_, f"grad.W_out[{i + 1}][{j + 1}]", fate(s_, F(dW_t[i][j])) if j == tgt else "correct"))
    A(f"| $h_{i + 1} = {hs[i]}$ | " + " | ".join(c[0] for c in cl) + " |", claims=cl, opts=[hs[i]], nots=[str(i + 1)])
A("")
A("## 五、SGD 更新一步")
A("")
A("$W \\leftarrow W - \\eta \\frac{\\partial L}{\\partial W}$，第一行的第一个元素举例：", nots=[])
A(f"${Ws[0][0]} - 0.5 \\times {par(F(dW_s[0][0]))} = {F(Wn_s[0][0])}$",
  claims=[(F(Wn_s[0][0]), "step1.W_out[1][1]", fate(F(Wn_s[0][0]), F(Wn_t[0][0])))],
  opts=[Ws[0][0], "0.5", F(dW_s[0][0])])
A("")
A("更新后的矩阵：")
A("")
A("$$W_{out}' = \\begin{bmatrix}")
for i in range(3):
    cells = [F(Wn_s[i][j]) for j in range(4)]
    A(" & ".join(cells) + (" \\\\" if i < 2 else ""),
      claims=[(cells[j], f"step1.W_out[{i + 1}][{j + 1}]", fate(cells[j], F(Wn_t[i][j])) if j == tgt else "correct")
              for j in range(4)])
A("\\end{bmatrix}$$")
A("")
A("## 六、更新后再算一次")
A("")
A("| 词 | 新 $z$ | 新 $p$ |")
A("|---|---|---|")
for j in range(4):
    zs, ps = F(z2_s[j]), F(p2_s[j])
    A(f"| {vocab[j]} | {zs} | {ps} |",
      claims=[(zs, f"step1.logits[{vocab[j]}]", fate(zs, F(z2_t[j])) if j == tgt else "correct"),
              (ps, f"step1.probs[{vocab[j]}]", fate(ps, F(p2_t[j])))])
A("")
A(f"新的损失 $L' = -\\ln {F(p2_s[tgt])} = {F(l2_s)}$，比原来的 {F(loss)} 小，说明这一步走对了方向。",
  claims=[(F(p2_s[tgt]), "step1.probs[天安门]", fate(F(p2_s[tgt]), F(p2_t[tgt]))),
          (F(l2_s), "step1.loss", fate(F(l2_s), F(l2_t))), (F(loss), "loss", "correct")])
A("")
A("## 七、代码验证（前向部分）")
A("")
A("```python")
A("import numpy as np")
A("np.set_printoptions(precision=4, suppress=True)", nots=["4"])
A(f"h = np.array([{', '.join(hs)}])")
A("W = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Ws) + "])")
A("z = h @ W")
A("p = np.exp(z) / np.exp(z).sum()")
A("print(z)")
A("print(p)")
A('print(f"{-np.log(p[0]):.6f}")')
A("```")
A("")
A("输出：")
A("")
A("```")
zl, zv = np_print(zn, z, precision=4, suppress=True)
A(zl[0], claims=[(zv[j], f"logits[{vocab[j]}]", "correct") for j in range(4)])
pl, pv = np_print(pn, p, precision=4, suppress=True)
A(pl[0], claims=[(pv[j], f"probs[{vocab[j]}]", "correct") for j in range(4)])
ls = f"{-np.log(pn[0]):.6f}"
assert ls == rnd(loss, 6)
A(ls, claims=[(ls, "loss", "correct")])
A("```")
A("")
A("和手算一致。反向部分可以用 PyTorch 的 `loss.backward()` 再核对，下一篇再写。")
A("")
A("---")
A("")
A("**参考**：CS224n Lecture 3 讲义；《动手学深度学习》3.7 节。", nots=["224", "3", "3.7"])
d.save()
