"""Chinese university lecture note in Markdown (course repository): 第7讲 header with 主讲/日期, 【例7.3】 and **解：**
paragraphs, 【注】 remarks, one-line pmatrix, results as tables with 行/列 words, a 思考题 with illustrative numbers.
Self-attention with Q = K = V = X (no projections) over 我, 爱, 学习, 数学, d = 3, scaled by sqrt 3. Exact, 4 decimals."""
from pathlib import Path

from w11lib import *

toks = ["我", "爱", "学习", "数学"]
Xs = [["1.0", "0.2", "0.5"], ["0.3", "0.9", "-0.4"], ["0.6", "0.7", "0.8"], ["-0.2", "0.4", "1.1"]]
I3 = [["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]]
a = attention(Xs, I3, I3, I3)
S, Sc, W, C = (a[k] for k in ("S", "Sc", "W", "C"))
R = lambda v: rnd(v, 4)

d = Doc("jiangyi-qkvx-zh", "md",
        "Chinese lecture note (course repository Markdown): self-attention with Q = K = V = X over 我, 爱, 学习, 数学, "
        "d = 3, scaled by sqrt 3; 【例】/解 paragraphs, one-line pmatrix, tables with 行/列 headers",
        "attention on the inputs themselves (Q = K = V = X), scaled by sqrt 3",
        script=Path(__file__).name)
A = d
A("# 第7讲　注意力机制（二）：不带参数的自注意力", nots=["7"])
A("")
A("> 主讲：王老师　｜　记录：2023级研究生助教　｜　日期：2025年11月4日", nots=["2023", "2025", "11", "4"])
A("")
A("## 7.1 回顾", nots=["7.1"])
A("")
A("上一讲我们用 $W^Q, W^K, W^V$ 三个矩阵得到查询、键、值。本讲先把这三个矩阵都去掉，直接令 $Q = K = V = X$，"
  "看看“纯”自注意力在做什么。公式为")
A("")
A("$$\\mathrm{Attention}(X) = \\mathrm{softmax}\\left(\\frac{XX^\\top}{\\sqrt{d}}\\right)X$$")
A("")
A("【注】原论文中 $d_k = 64$，缩放因子为 $\\sqrt{64} = 8$；本例 $d = 3$。", nots=["64", "64", "8", "3"])
A("")
A("## 7.2 例题", nots=["7.2"])
A("")
A("【例7.3】句子“我 爱 学习 数学”的四个词向量（$d=3$）按行排成", nots=["7.3", "3"])
A("")
A("$$X = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(r) for r in Xs) + " \\end{pmatrix}$$")
A("")
A("第1行到第4行依次为“我”“爱”“学习”“数学”。求自注意力的输出（结果保留四位小数）。", nots=["1", "4"])
A("")
A("**解：** 第一步，计算 $XX^\\top$。例如第1行与第3行的内积为", nots=["1", "3"])
A("")
A(f"$$x_1 \\cdot x_3 = 1.0 \\times 0.6 + 0.2 \\times 0.7 + 0.5 \\times 0.8 = {lit(S[0][2])}$$",
  claims=[(lit(S[0][2]), "scores[我,学习]", "correct")], opts=["1.0", "0.6", "0.2", "0.7", "0.5", "0.8"],
  nots=["1", "3"])
A("")
A("全部结果如下（行为查询，列为键）：")
A("")
A("| $XX^\\top$ | 我 | 爱 | 学习 | 数学 |")
A("|:-:|:-:|:-:|:-:|:-:|")
for i, t in enumerate(toks):
    ss = [lit(v) for v in S[i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"scores[{t},{u}]", "correct") for s, u in zip(ss, toks)])
A("")
A(f"第二步，除以 $\\sqrt{{3}} \\approx {R(a['c'])}$：", claims=[(R(a["c"]), "sqrt_dk", "correct")], nots=["3"])
A("")
A("| 缩放后 | 我 | 爱 | 学习 | 数学 |")
A("|:-:|:-:|:-:|:-:|:-:|")
for i, t in enumerate(toks):
    ss = [R(v) for v in Sc[i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"scaled[{t},{u}]", "correct") for s, u in zip(ss, toks)])
A("")
A("第三步，对每一行做 softmax，得到注意力权重：")
A("")
A("| 权重 | 我 | 爱 | 学习 | 数学 |")
A("|:-:|:-:|:-:|:-:|:-:|")
for i, t in enumerate(toks):
    ss = [R(v) for v in W[i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"weights[{t},{u}]", "correct") for s, u in zip(ss, toks)])
A("")
A("【注】每一行之和为 1；对角线上的权重往往最大，因为一个向量和自己的内积通常最大。", nots=["1"])
A("")
A("第四步，用权重对 $X$ 的行加权求和（因为 $V = X$）：")
A("")
A("| 输出 | 第1维 | 第2维 | 第3维 |", nots=["1", "2", "3"])
A("|:-:|:-:|:-:|:-:|")
for i, t in enumerate(toks):
    ss = [R(v) for v in C[i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"context[{t}][{m + 1}]", "correct") for m, s in enumerate(ss)])
A("")
j = max(range(4), key=lambda k: W[3][k])
A(f"可以看到，“数学”把 {R(W[3][j])} 的注意力分给了“{toks[j]}”。",
  claims=[(R(W[3][j]), f"weights[数学,{toks[j]}]", "correct")])
A("")
A("## 7.3 思考题", nots=["7.3"])
A("")
A("1. 若某个词向量很长，例如 $x = (3.0, 2.5, 4.0)$，它的注意力分布会发生什么变化？",
  nots=["1", "3.0", "2.5", "4.0"])
A("2. 不加缩放因子时，第三步的结果会更“尖锐”还是更“平缓”？", nots=["2"])
A("")
A("参考文献：[1] Vaswani A, et al. Attention is all you need. NeurIPS, 2017.", nots=["1", "2017"])
d.save()
