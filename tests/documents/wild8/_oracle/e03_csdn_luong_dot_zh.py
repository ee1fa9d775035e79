"""Chinese CSDN post copied as Markdown: 最新推荐文章于 … 发布, 原创 line with 阅读量/收藏/点赞数, 分类专栏 and 文章标签,
版权声明 block, [TOC], 一、二、 headings, one-line $$…$$ formulas, a summary table, and a numpy check whose printed output
(np.round(..., 4), printed by numpy) the author calls "consistent". Luong "dot" attention: one decoder state s against
three encoder states h1..h3 (我 爱 你), no projections, no scaling: scores, exps, their sum, weights, context vector.
One planted slip in an exponential, carried into the sum, the three weights and the context vector of the hand
working; the numpy output is correct."""
from pathlib import Path

from w8lib import *

src = ["我", "爱", "你"]
Hs = {"我": ["0.6", "-0.2", "0.4", "0.1"], "爱": ["0.3", "0.8", "-0.1", "0.5"], "你": ["-0.4", "0.2", "0.7", "0.3"]}
ss = ["0.5", "0.9", "-0.3", "0.2"]
s = mat(ss)
H = [mat(Hs[w]) for w in src]
e = [dot(s, h) for h in H]
ex = [mpmath.exp(v) for v in e]
F = lambda v: rnd(v, 4)
E2 = lambda v: rnd(v, 2)
SJ = 1
te = F(ex[SJ])
SLIP = te[:-2] + te[-1] + te[-2]
assert SLIP != te
exs = list(ex); exs[SJ] = mpf(SLIP)
Zs, Zc = mpmath.fsum(exs), mpmath.fsum(ex)
ws, wc = [v / Zs for v in exs], [v / Zc for v in ex]
cs = [mpmath.fsum(ws[j] * H[j][m] for j in range(3)) for m in range(4)]
cc = [mpmath.fsum(wc[j] * H[j][m] for j in range(3)) for m in range(4)]
Hn = np.array([[float(v) for v in Hs[w]] for w in src]); sn = np.array([float(v) for v in ss])
en = Hn @ sn; an = np_softmax(en); agree(e, en); agree(wc, an); agree(cc, an @ Hn)

d = Doc("csdn-luong-dot-zh", "md",
        "Chinese CSDN post copied as Markdown (最新推荐文章 line, 原创/阅读量/收藏/点赞数, 分类专栏, 文章标签, 版权声明, "
        "[TOC], 一、二、 headings, one-line $$ formulas, summary table, numpy check with printed output): Luong dot "
        "attention, one decoder state s vs encoder states h1..h3, no projections, no scaling; scores, exps, sum, "
        "weights, context; one planted slip",
        "one query (decoder state s) against keys = values = encoder states h1..h3 (tokens 我 爱 你), scores s·h_i "
        "unscaled, softmax, context = Σ α_i h_i",
        script=Path(__file__).name,
        note=f"planted slip: exp(e_2) = e^1 is written {SLIP} instead of {te} (last two digits swapped); the sum of the "
             "exponentials, the three weights (formula lines and table) and the four components of the context vector "
             "of the hand working are propagated (values printing the same are any); the scores and the other two "
             "exponentials are correct, and the numpy output at the end prints the correct weights and context "
             "(claims correct) although the author calls it consistent")
A = d
A("# 【NLP 基础】Luong 注意力（dot）手算一遍：一个解码器状态对三个编码器状态")
A("")
A("最新推荐文章于 2024-04-09 10:15:32 发布", nots=["2024", "04", "09", "10", "15", "32"])
A("")
A("原创 于 2023-12-05 21:40:18 发布 · 阅读量2.3k · 收藏 31 · 点赞数 12",
  nots=["2023", "12", "05", "21", "40", "18", "31", "12"])
A("")
A("分类专栏： 深度学习笔记 文章标签： 注意力机制 seq2seq NLP 深度学习", nots=["2"])
A("")
A("> 版权声明：本文为博主原创文章，遵循 CC 4.0 BY-SA 版权协议，转载请附上原文出处链接和本声明。", nots=["4.0"])
A("> 本文链接：https://blog.csdn.net/weixin_45893120/article/details/134812776")
A("")
A("[TOC]")
A("")
A("## 一、背景")
A("")
A("在 seq2seq 翻译模型里，解码器每生成一个词，都要回头看一遍编码器的所有隐藏状态。Luong 等人（2015）给了三种打分函数："
  "dot、general 和 concat。本文只算最简单的 **dot**：打分就是解码器状态和编码器状态的点积，不乘任何矩阵，也不除以 "
  "$\\sqrt{d}$。", nots=["2015"])
A("")
A("例子：把「我 爱 你」翻译成 \"I love you\"，解码器已经输出了 \"I\"，现在要生成第 2 个词。", nots=["2"])
A("")
A("## 二、已知量")
A("")
A("隐藏层维度 $d = 4$（为了手算方便取得很小）。编码器三个时刻的隐藏状态：", nots=["4"])
A("")
for j, w in enumerate(src):
    A(f"- $h_{j + 1}$（{w}）$= [{', '.join(Hs[w])}]$", nots=[str(j + 1)])
A("")
A(f"解码器当前的隐藏状态：$s = [{', '.join(ss)}]$")
A("")
A("## 三、计算打分 $e_i = s^\\top h_i$")
A("")
for j, w in enumerate(src):
    terms = " + ".join(f"{par(a)}\\times{par(b)}" for a, b in zip(ss, Hs[w]))
    A(f"$$e_{j + 1} = s^\\top h_{j + 1} = {terms} = {E2(e[j])}$$",
      claims=[(E2(e[j]), f"scores[s,{w}]", "correct")], opts=ss + Hs[w], nots=[str(j + 1)])
A("")
A(f"可以看到 $s$ 和「爱」的隐藏状态最接近，打分最高（{E2(e[1])}）。",
  claims=[(E2(e[1]), "scores[s,爱]", "correct")])
A("")
A("## 四、softmax 归一化")
A("")
A("先对每个打分取指数：")
A("")
for j, w in enumerate(src):
    A(f"$$\\exp(e_{j + 1}) = e^{{{E2(e[j])}}} \\approx {F(exs[j])}$$",
      claims=[(F(exs[j]), f"exp[s,{w}]", "wrong" if j == SJ else "correct")], opts=[E2(e[j])], nots=[str(j + 1)])
A("")
A(f"$$Z = {' + '.join(F(v) for v in exs)} = {F(Zs)}$$",
  claims=[(F(Zs), "expsum[s]", fate(F(Zs), F(Zc)))], opts=[F(v) for v in exs])
A("")
A("再除以总和得到注意力权重：")
A("")
for j, w in enumerate(src):
    A(f"$$\\alpha_{j + 1} = \\frac{{{F(exs[j])}}}{{{F(Zs)}}} \\approx {F(ws[j])}$$",
      claims=[(F(ws[j]), f"weights[s,{w}]", fate(F(ws[j]), F(wc[j])))], opts=[F(exs[j]), F(Zs)], nots=[str(j + 1)])
A("")
A("三个权重加起来等于 1（四舍五入误差除外）。", nots=["1"])
A("")
A("| 编码器时刻 | 源词 | 打分 $e_i$ | $\\exp(e_i)$ | 权重 $\\alpha_i$ |")
A("| :-: | :-: | --: | --: | --: |")
for j, w in enumerate(src):
    A(f"| {j + 1} | {w} | {E2(e[j])} | {F(exs[j])} | {F(ws[j])} |",
      claims=[(E2(e[j]), f"scores[s,{w}]", "correct"),
              (F(exs[j]), f"exp[s,{w}]", "wrong" if j == SJ else "correct"),
              (F(ws[j]), f"weights[s,{w}]", fate(F(ws[j]), F(wc[j])))], nots=[str(j + 1)])
A(f"| 合计 | | | {F(Zs)} | |", claims=[(F(Zs), "expsum[s]", fate(F(Zs), F(Zc)))])
A("")
A("## 五、上下文向量 $c = \\sum_i \\alpha_i h_i$")
A("")
A("按维度逐个加权求和：")
A("")
for m in range(4):
    terms = " + ".join(f"{F(ws[j])}\\times{par(Hs[w][m])}" for j, w in enumerate(src))
    A(f"$$c_{m + 1} = {terms} = {F(cs[m])}$$",
      claims=[(F(cs[m]), f"context[s][{m + 1}]", fate(F(cs[m]), F(cc[m])))],
      opts=[F(v) for v in ws] + [Hs[w][m] for w in src], nots=[str(m + 1)])
A("")
A(f"所以 $c = [{', '.join(F(v) for v in cs)}]$。接下来 Luong 的做法是把 $c$ 和 $s$ 拼起来，过一个 $\\tanh$ 层得到 "
  "$\\tilde{s}$，再接 softmax 预测 \"love\"，这一步本文就不展开了。",
  claims=[(F(cs[m]), f"context[s][{m + 1}]", fate(F(cs[m]), F(cc[m]))) for m in range(4)])
A("")
A("## 六、代码验证")
A("")
A("```python")
A("import numpy as np")
A("")
A("H = np.array([")
for w in src:
    A(f"    [{', '.join(Hs[w])}],   # {w}")
A("])")
A(f"s = np.array([{', '.join(ss)}])")
A("")
A("scores = H @ s                       # dot: 不缩放")
A("alpha = np.exp(scores) / np.exp(scores).sum()")
A("c = alpha @ H")
A("print(\"scores:\", np.round(scores, 4))", nots=["4"])
A("print(\"alpha: \", np.round(alpha, 4))", nots=["4"])
A("print(\"c:     \", np.round(c, 4))", nots=["4"])
A("```")
A("")
A("输出：")
A("")
A("```")
for label, fl, ex_, q in [("scores:", en, e, "scores[s,{}]"), ("alpha: ", an, wc, "weights[s,{}]"),
                          ("c:     ", an @ Hn, cc, "context[s][{}]")]:
    lines, vals = np_print(np.round(fl, 4), ex_, mode="str")
    assert len(lines) == 1
    keys = src if "{}" in q and "context" not in q else [str(m + 1) for m in range(4)]
    A(f"{label} {lines[0]}", claims=[(vals[k], q.format(keys[k]), "correct") for k in range(len(vals))])
A("```")
A("")
A("和手算的结果一致（第四位小数有一点出入，是四舍五入造成的）。", nots=[])
A("")
A("## 参考")
A("")
A("1. Luong M T, Pham H, Manning C D. Effective Approaches to Attention-based Neural Machine Translation. EMNLP 2015.",
  nots=["1", "2015"])
A("")
A("---")
A("")
A("文章知识点与官方知识档案匹配，可进一步学习相关知识 · Python入门技能树 · 人工智能 · 深度学习 · 422123 人正在系统学习中",
  nots=["422123"])
d.save()
