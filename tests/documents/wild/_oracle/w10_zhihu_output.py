"""Chinese Zhihu-style column: the output layer, logits = h W_vocab over 5 words, softmax, cross-entropy; one planted addition slip."""
from pathlib import Path

import numpy as np

from wlib import *

vocab = ["猫", "狗", "在", "睡觉", "。"]
TGT = 3
hs = ["0.8", "-0.4", "1.1"]
Ws = [["0.5", "-0.2", "0.1", "0.9", "-0.3"], ["0.3", "0.6", "-0.5", "-0.1", "0.2"], ["0.2", "0.4", "0.7", "0.6", "-0.8"]]
h, W = V(hs), V(Ws)
z = vm(h, W)
ex_s = [rnd(mpmath.exp(v), 4) for v in z]
tot_true = mpmath.fsum(mpf(s) for s in ex_s)
# planted slip: the author adds the five printed exponentials and carries wrongly (+0.1)
tot_doc = tot_true + mpf("0.1")
tot_s = fix(tot_doc, 4)
p_s = [rnd(mpf(e) / mpf(tot_s), 4) for e in ex_s]
loss_s = rnd(-mpmath.log(mpf(p_s[TGT])), 4)
# slip-free chain, for the note
p_true = [rnd(mpf(e) / tot_true, 4) for e in ex_s]
zn = np.array(hs, float) @ np.array(Ws, float)
np_check(z, zn)

d = Doc("zhihu-output-ce", "md",
        "Chinese Zhihu-style column: the language-model output layer for one position, logits = h W_vocab over a 5-word vocabulary (猫 狗 在 睡觉 。), exponentials, their sum, softmax probabilities and the cross-entropy loss for the target 睡觉; one planted addition slip",
        "output layer: logits = h W (3 x 5), softmax, cross-entropy -ln p(target)", "chained",
        note=f"chained: exponentials rounded to 4 decimals from the exact logits; probabilities = printed exponential / printed sum, loss = -ln(printed p); planted slip: the sum of the printed exponentials is written {tot_s} instead of {fix(tot_true, 4)}; every probability and the loss are propagated (slip-free they would be {', '.join(p_true)} and {rnd(-mpmath.log(mpf(p_true[TGT])), 4)})")
d.gen = Path(__file__).name
add = d.add
add("# 图解不如手算：Transformer 最后一层到底在算什么？")
add("")
add("李明远 · 算法工程师 · 编辑于 2024-03-05 21:17 · IP 属地北京", nots=["2024", "03", "05", "21", "17"])
add("")
add("赞同 128 · 23 条评论 · 收藏 340", nots=["128", "23", "340"])
add("")
add("---")
add("")
add("很多同学看完 Transformer 的结构图，对最后的 **Linear + Softmax** 还是一知半解。其实它就是一个分类器：把最后一层的隐藏状态映射成词表上每个词的分数，再变成概率。本文用一个只有 5 个词的词表，从头到尾手算一遍，包括训练时用的交叉熵损失。", nots=["5"])
add("")
add("## 1. 设定")
add("")
add("词表只有 5 个词：", nots=["5"])
add("")
for ln in md_table(["编号", "词"], [[str(i), w] for i, w in enumerate(vocab)]):
    add(ln)
add("")
add("假设句子「猫 在」之后，模型最后一层在这个位置输出的隐藏向量是（$d_{model}=3$）：", nots=["3"])
add("")
add("$$h = [0.8,\\ -0.4,\\ 1.1]$$")
add("")
add("输出层的权重 $W_{vocab}$ 形状是 $3 \\times 5$（每一列对应一个词），这里不加偏置：", nots=["3", "5"])
add("")
add("$$")
add("W_{vocab} = \\begin{bmatrix}")
for k in range(3):
    add("  " + " & ".join(Ws[k]) + (" \\\\" if k < 2 else ""))
add("\\end{bmatrix}")
add("$$")
add("")
add("训练数据里下一个词是「睡觉」，也就是编号 3。", nots=["3"])
add("")
add("## 2. 计算 logits")
add("")
add("$$z = h\\,W_{vocab}$$")
add("")
add("逐个算：")
add("")
for j, w in enumerate(vocab):
    ops = " + ".join(f"{hs[k] if not hs[k].startswith('-') else '(' + hs[k] + ')'}\\times{Ws[k][j] if not Ws[k][j].startswith('-') else '(' + Ws[k][j] + ')'}" for k in range(3))
    prods = [h[k] * W[k][j] for k in range(3)]
    add(f"- $z_{{\\text{{{w}}}}} = {ops} = {short(z[j])}$", claims=[(short(z[j]), f"logit[{w}]", "correct")])
add("")
add(f"所以 $z = [{', '.join(short(v) for v in z)}]$。「睡觉」的分数最高，这是个好兆头。",
    claims=[(short(z[j]), f"logit[{vocab[j]}]", "correct") for j in range(5)])
add("")
add("## 3. Softmax")
add("")
add("$$p_i = \\frac{e^{z_i}}{\\sum_j e^{z_j}}$$")
add("")
add("先求指数（保留四位小数）：", nots=[])
add("")
for ln in md_table(["词", "$z_i$", "$e^{z_i}$"], []):
    add(ln)
for j, w in enumerate(vocab):
    add(f"| {w} | {short(z[j])} | {ex_s[j]} |", claims=[(ex_s[j], f"exp(logit[{w}])", "correct")], opts=[short(z[j])])
add("")
add(f"求和：$\\sum_j e^{{z_j}} = {' + '.join(ex_s)} = {tot_s}$", claims=[(tot_s, "sum of exps", "wrong")], opts=ex_s)
add("")
add("再逐个相除：")
add("")
for ln in md_table(["词", "概率 $p_i$"], []):
    add(ln)
for j, w in enumerate(vocab):
    add(f"| {w} | {p_s[j]} |", claims=[(p_s[j], f"p[{w}]", "propagated")])
add("")
add(f"例如 $p_{{\\text{{睡觉}}}} = {ex_s[TGT]} / {tot_s} \\approx {p_s[TGT]}$。模型认为下一个词是「睡觉」的概率大约是 {rnd(mpf(p_s[TGT]) * 100, 1)}%。",
    claims=[(p_s[TGT], "p[睡觉]", "propagated"), (rnd(mpf(p_s[TGT]) * 100, 1), "p[睡觉] in percent", "propagated")], opts=[ex_s[TGT], tot_s])
add("")
add("## 4. 交叉熵损失")
add("")
add("训练时目标是 one-hot 向量 $y = [0, 0, 0, 1, 0]$，交叉熵只剩目标词那一项：", nots=["0", "0", "0", "1", "0"])
add("")
add("$$\\mathcal{L} = -\\sum_i y_i \\log p_i = -\\log p_{\\text{睡觉}}$$")
add("")
add(f"$$\\mathcal{{L}} = -\\ln({p_s[TGT]}) \\approx {loss_s}$$", claims=[(loss_s, "cross-entropy loss", "propagated")], opts=[p_s[TGT]])
add("")
add("注：这里的 $\\log$ 是自然对数，PyTorch 的 `F.cross_entropy` 也是用自然对数，而且它直接吃 logits，内部会自己做 log-softmax，所以不要先手动 softmax 再传进去。")
add("")
add("## 5. 小结")
add("")
add("- 输出层 = 一个 $d_{model} \\times |V|$ 的线性层，真实模型里 $|V|$ 往往是 3 万到 10 万；", nots=["3", "10"])
add("- 很多模型（比如 GPT-2）让 $W_{vocab}$ 和输入的词嵌入矩阵共享参数（weight tying）；", nots=["2"])
add("- 概率越接近 1，损失越接近 0。", nots=["1", "0"])
add("")
add("觉得有用的话点个赞吧～ 下一篇讲解码策略（greedy、top-k、top-p）。")
d.write()
