"""Chinese Zhihu column copied as Markdown: author line with headline, "N 人赞同了该文章", 一、二、 headings, $$…$$ display
formulas one per line, inline $…$, a Markdown table per step, a 【注】 remark, 发布于 … ・IP 属地 line, 赞同/评论 counts.
Next-token softmax with temperature T = 0.7 over 4 words from given logits: z/T, exps, their sum, probabilities,
then the cross-entropy of the target word and the gradients p − y (w.r.t. z/T) and (p − y)/T (w.r.t. z). One planted
slip in the target word's probability, carried into the loss and the target's two gradient components."""
from pathlib import Path

from w8lib import *

words = ["猫", "狗", "鱼", "鸟"]
zs = ["2.1", "1.3", "0.4", "-0.6"]
T_ = mpf("0.7")
z = mat(zs)
u = [v / T_ for v in z]
ex = [mpmath.exp(v) for v in u]
Zc = mpmath.fsum(ex)
p = [v / Zc for v in ex]
TGT = 1
F = lambda v: rnd(v, 4)
tp = F(p[TGT])
SLIP = None
for k in range(len(tp) - 1, 2, -1):           # swap two adjacent digits, from the end, until the value changes
    c = tp[:k - 1] + tp[k] + tp[k - 1] + tp[k + 1:]
    if c != tp and "." not in (tp[k], tp[k - 1]):
        SLIP = c
        break
assert SLIP and SLIP != tp
ps = list(p); ps[TGT] = mpf(SLIP)
y = [mpf(1) if j == TGT else mpf(0) for j in range(4)]
Ls, Lc = -mpmath.log(ps[TGT]), -mpmath.log(p[TGT])
gs, gc = [ps[j] - y[j] for j in range(4)], [p[j] - y[j] for j in range(4)]
gzs, gzc = [v / T_ for v in gs], [v / T_ for v in gc]
zn = np.array(zs, float) / 0.7; pn = np_softmax(zn)
agree(p, pn); agree([Lc], [-np.log(pn[TGT])]); agree(gzc, (pn - np.eye(4)[TGT]) / 0.7)

d = Doc("zhihu-temperature-zh", "md",
        "Chinese Zhihu column copied as Markdown (author headline, 赞同 count, 一、二、 headings, $$ lines, tables, 【注】, "
        "发布于 ・IP 属地 line): softmax with temperature T = 0.7 over 4 words from given logits, z/T, exps, sum, "
        "probabilities, cross-entropy of the target word 狗, gradient p - y w.r.t. z/T and (p - y)/T w.r.t. z; one "
        "planted slip",
        "next-token softmax with temperature: p = softmax(z / 0.7) over 猫 狗 鱼 鸟, L = -ln p[狗], "
        "dL/d(z/T) = p - y, dL/dz = (p - y)/T",
        script=Path(__file__).name,
        note=f"planted slip: p(狗), the target word's probability, is written {SLIP} instead of {tp} (two adjacent digits "
             "swapped), in its formula line, in the table and in the loss line; the loss −ln p(狗) and the 狗 components "
             "of both gradients (p − y and (p − y)/T) are propagated; z/T, the exponentials, their sum, the other three "
             "probabilities and the other gradient components are correct (so the printed probabilities no longer sum "
             "to 1)")
A = d
A("# 温度系数 T 到底改变了什么？手算一次带温度的 softmax、交叉熵和梯度")
A("")
A("**林间小径**")
A("")
A("NLP 算法工程师 / 偶尔写点笔记")
A("")
A("128 人赞同了该文章", nots=["128"])
A("")
A("做文本生成的时候经常听到“把温度调低一点，输出更稳定”。这篇用一个只有 4 个词的小词表，把带温度的 softmax、交叉熵"
  "以及反向传播的梯度完整算一遍，每一步都写出数字。", nots=["4"])
A("")
A("## 一、问题设定")
A("")
A("语言模型读完“我家养了一只”，输出层给出 4 个候选词的 logits：", nots=["4"])
A("")
A("| 词 | 猫 | 狗 | 鱼 | 鸟 |")
A("| :-: | :-: | :-: | :-: | :-: |")
A("| logit $z$ | " + " | ".join(zs) + " |")
A("")
A("温度取 $T = 0.7$，训练时的真实下一个词是「狗」。", nots=["0.7"])
A("")
A("带温度的 softmax 就是先把 logits 除以 $T$ 再做普通的 softmax：")
A("")
A("$$p_i = \\frac{e^{z_i / T}}{\\sum_j e^{z_j / T}}$$")
A("")
A("## 二、除以温度")
A("")
for j, w in enumerate(words):
    A(f"$$\\frac{{z_{{\\text{{{w}}}}}}}{{T}} = \\frac{{{zs[j]}}}{{0.7}} = {F(u[j])}$$",
      claims=[(F(u[j]), f"tempered[{w}]", "correct")], opts=[zs[j]], nots=["0.7"])
A("")
A("$T < 1$ 会把 logits 之间的差距拉大：原来猫和狗差 0.8，现在差了 " + F(u[0] - u[1]) + "。",
  claims=[(F(u[0] - u[1]), "tempered[猫] - tempered[狗]", "correct")], nots=["1", "0.8"])
A("")
A("## 三、softmax")
A("")
A("先取指数：")
A("")
A("$$" + ",\\quad ".join(f"e^{{{F(u[j])}}} = {F(ex[j])}" for j in range(4)) + "$$",
  claims=[(F(ex[j]), f"exp[{words[j]}]", "correct") for j in range(4)], opts=[F(v) for v in u])
A("")
A(f"$$\\sum_j e^{{z_j/T}} = {' + '.join(F(v) for v in ex)} = {F(Zc)}$$",
  claims=[(F(Zc), "expsum", "correct")], opts=[F(v) for v in ex])
A("")
A("再逐个相除：")
A("")
for j, w in enumerate(words):
    A(f"$$p_{{\\text{{{w}}}}} = \\frac{{{F(ex[j])}}}{{{F(Zc)}}} = {F(ps[j])}$$",
      claims=[(F(ps[j]), f"probs[{w}]", "wrong" if j == TGT else "correct")], opts=[F(ex[j]), F(Zc)])
A("")
A("| 词 | $z/T$ | $e^{z/T}$ | $p$ |")
A("| :-: | --: | --: | --: |")
for j, w in enumerate(words):
    A(f"| {w} | {F(u[j])} | {F(ex[j])} | {F(ps[j])} |",
      claims=[(F(u[j]), f"tempered[{w}]", "correct"), (F(ex[j]), f"exp[{w}]", "correct"),
              (F(ps[j]), f"probs[{w}]", "wrong" if j == TGT else "correct")])
A("")
A("【注】如果 $T = 1$，猫的概率只有六成左右；温度降到 0.7 之后，概率明显往猫身上集中。", nots=["1", "0.7"])
A("")
A("## 四、交叉熵损失")
A("")
A("真实词是「狗」，one-hot 标签 $y = [0, 1, 0, 0]$，交叉熵只剩下目标词那一项：", nots=["0", "1", "0", "0"])
A("")
A(f"$$L = -\\ln p_{{\\text{{狗}}}} = -\\ln {SLIP} = {F(Ls)}$$",
  claims=[(SLIP, "probs[狗]", "wrong"), (F(Ls), "loss", fate(F(Ls), F(Lc)))])
A("")
A("## 五、梯度")
A("")
A("softmax 加交叉熵的梯度非常简洁。记 $u = z / T$，则")
A("")
A("$$\\frac{\\partial L}{\\partial u} = p - y = (" + ", ".join(F(v) for v in gs) + ")$$",
  claims=[(F(gs[j]), f"grad.tempered[{words[j]}]", "correct" if j != TGT else fate(F(gs[j]), F(gc[j])))
          for j in range(4)])
A("")
A(f"其中狗那一项是 ${SLIP} - 1 = {F(gs[TGT])}$，其余三项就是各自的概率。",
  claims=[(F(gs[TGT]), "grad.tempered[狗]", fate(F(gs[TGT]), F(gc[TGT])))], opts=[SLIP], nots=["1"])
A("")
A("但参数更新时要的是对原始 logits $z$ 的梯度，链式法则还要再乘一个 $1/T$：", nots=["1"])
A("")
A("$$\\frac{\\partial L}{\\partial z} = \\frac{p - y}{T} = \\frac{1}{0.7}(p - y) = (" + ", ".join(F(v) for v in gzs) + ")$$",
  claims=[(F(gzs[j]), f"grad.logits[{words[j]}]", "correct" if j != TGT else fate(F(gzs[j]), F(gzc[j])))
          for j in range(4)], nots=["1", "0.7"])
A("")
A("也就是说，温度越低，同样的误差传回去的梯度越大。这也是蒸馏（distillation）里要在损失前乘 $T^2$ 的原因之一。",
  nots=["2"])
A("")
A("## 六、小结")
A("")
A("1. 温度只是在 softmax 之前把 logits 除以 $T$；", nots=["1"])
A("2. $T < 1$ 让分布更尖，$T > 1$ 让分布更平；", nots=["2", "1", "1"])
A("3. 反向传播时别忘了那个 $1/T$。", nots=["3", "1"])
A("")
A("发布于 2024-03-08 21:17・IP 属地北京", nots=["2024", "03", "08", "21", "17"])
A("")
A("赞同 128 · 23 条评论 · 分享 · 收藏 · 喜欢", nots=["128", "23"])
d.save()
