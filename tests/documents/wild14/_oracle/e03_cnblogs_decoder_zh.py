"""Chinese study notes (cnblogs-style): dot-product attention with no projections and no scaling, one decoder state
s against three encoder states h1, h2, h3 (rows by position, no tokens), every vector a `bmatrix`; scores, e^x, the
sum, the weights and the context vector. Chained: each step from the printed numbers of the step before."""
from pathlib import Path

from w14lib import *

ss = ["0.6", "-0.2", "0.9", "0.4"]
Hs = [["0.32", "0.81", "0.5", "-0.13"], ["0.74", "-0.4", "0.21", "0.6"], ["-0.2", "0.56", "1.1", "0.33"]]
s, H = mat(ss), mat(Hs)
S = [dot(s, h) for h in H]
W = softmax(S)
C = vm(W, H)
Sn = np.array(Hs, float) @ np.array(ss, float)
agree(S, Sn); agree(W, np_softmax(Sn)); agree(C, np_softmax(Sn) @ np.array(Hs, float))
Sp = [lit(v) for v in S]
ch = chain_rows([Sp], None, H)
es, z, ws, cs = ch["e"][0], ch["z"][0], ch["w"][0], ch["c"][0]
chain_close([ws], [W]); chain_close([cs], [C])
names = ["h1", "h2", "h3"]

d = Doc("cnblogs-decoder-zh", "md",
        "Chinese cnblogs-style notes: dot-product attention without projections or scaling, decoder state s against "
        "encoder states h1-h3 (no tokens), bmatrix vectors, scores, exps, sum, weights, context; chained, 4 decimals",
        "one query s against encoder states h1, h2, h3 as keys and values, dot product, not scaled",
        script=Path(__file__).name, rounding="chained")
A = d
A("# 【学习笔记】Seq2Seq 中的点积注意力：手算一遍")
A("")
A("发表于 2023-11-02 22:17 · 阅读 (318) · 评论 (2) · 分类：NLP 学习笔记", nots=["2023", "318", "2"])
A("")
A("---")
A("")
A("**目录**")
A("")
A("- 一、问题设定")
A("- 二、打分")
A("- 三、softmax")
A("- 四、上下文向量")
A("- 五、小结")
A("")
A("## 一、问题设定")
A("")
A("在 encoder-decoder 结构里，解码器在第 $t$ 步的隐藏状态 $s_t$ 作为查询，编码器的隐藏状态 $h_1, h_2, h_3$ "
  "既当 key 也当 value。这里用最简单的 **点积打分**，不加任何投影矩阵，也**不除以** $\\sqrt{d}$。")
A("")
A("设隐藏维度为 4，解码器当前状态：", nots=["4"])
A("")
A("$$")
A("s = \\begin{bmatrix} " + " & ".join(ss) + " \\end{bmatrix}")
A("$$")
A("")
A("编码器三个时间步的隐藏状态（每行一个）：")
A("")
A("$$")
A("H = \\begin{bmatrix}")
for i, r in enumerate(Hs):
    A(" & ".join(r) + (" \\\\" if i < 2 else ""))
A("\\end{bmatrix}")
A("$$")
A("")
A("## 二、打分")
A("")
A("$$ e_i = s \\cdot h_i $$")
A("")
for i, (h, v) in enumerate(zip(Hs, Sp)):
    terms = " + ".join(f"{par(a)}\\times{par(b)}" for a, b in zip(ss, h))
    A(f"$$ e_{i + 1} = {terms} = {v} $$", claims=[(v, f"scores[s,{names[i]}]", "correct")], opts=ss + h)
    A("")
A("## 三、softmax")
A("")
A("先算指数（保留四位小数）：")
A("")
for i, (v, e) in enumerate(zip(Sp, es)):
    A(f"$$ \\exp(e_{i + 1}) = \\exp({v}) = {e} $$",
      claims=[(e, f"exp[s,{names[i]}]", "correct")], opts=[v])
    A("")
A(f"$$ \\sum = {' + '.join(es)} = {z} $$", claims=[(z, "expsum[s]", "correct")], opts=es)
A("")
for i, (e, w) in enumerate(zip(es, ws)):
    A(f"$$ \\alpha_{i + 1} = \\frac{{{e}}}{{{z}}} = {w} $$",
      claims=[(w, f"weights[s,{names[i]}]", "correct")], opts=[e, z])
    A("")
A("【注】三个权重加起来是 " + lit(sum(mpf(w) for w in ws)) + "，可以用来检查计算。",
  nots=[lit(sum(mpf(w) for w in ws))])
A("")
A("## 四、上下文向量")
A("")
A("$$ c = \\sum_i \\alpha_i h_i = " + " + ".join(f"{w}\\,h_{i + 1}" for i, w in enumerate(ws)) + " $$",
  opts=ws)
A("")
A(f"第一维：{ws[0]}×{Hs[0][0]} + {ws[1]}×{Hs[1][0]} + {ws[2]}×({Hs[2][0]}) = {cs[0]}",
  claims=[(cs[0], "context[s][1]", "correct")], opts=[ws[0], Hs[0][0], ws[1], Hs[1][0], ws[2], Hs[2][0]])
A("")
A("$$")
A("c = \\begin{bmatrix} " + " & ".join(cs) + " \\end{bmatrix}",
  claims=[(v, f"context[s][{k + 1}]", "correct") for k, v in enumerate(cs)])
A("$$")
A("")
A("## 五、小结")
A("")
jm = max(range(3), key=lambda j: mpf(ws[j]))
A(f"1. 权重最大的是 $h_{jm + 1}$（{ws[jm]}），说明当前解码步主要“看”编码器第 {jm + 1} 个位置。",
  claims=[(ws[jm], f"weights[s,{names[jm]}]", "correct")], nots=[str(jm + 1)] if str(jm + 1) != ws[jm] else [])
A("2. 真实模型里隐藏维度通常是 256 或 512，这时不缩放的点积会很大，所以 Transformer 才除以 $\\sqrt{d_k}$。",
  nots=["256", "512"])
A("3. 参考：Luong et al., *Effective Approaches to Attention-based Neural Machine Translation*, 2015. [1]",
  nots=["2015", "1"])
d.save()
