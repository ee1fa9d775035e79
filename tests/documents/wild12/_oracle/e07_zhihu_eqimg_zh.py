"""Chinese Zhihu column copied as Markdown: self-attention over 今天, 天气, 很好 (d_model 3 -> d_k 2, ÷ 1.414); every
matrix only inside a Zhihu equation image (`https://www.zhihu.com/equation?tex=` + the form-encoded LaTeX), some as
`<img … alt="LaTeX">` tags, some as `![[公式]](url)` with no LaTeX in the alt. Chained: the scaled scores are the
printed scores ÷ 1.414, e^x of the printed values, sums of the printed exps, weights printed exp ÷ printed sum,
outputs printed weights × V, 4 decimals. One planted slip: a raw score."""
from pathlib import Path

from w12lib import *

toks = ["今天", "天气", "很好"]
Xs = [["0.6", "0.2", "0.9"], ["0.3", "0.8", "0.4"], ["0.7", "0.5", "0.1"]]
Wqs = [["0.5", "0.3"], ["0.2", "0.9"], ["0.8", "0.1"]]
Wks = [["0.4", "0.7"], ["0.6", "0.2"], ["0.3", "0.5"]]
Wvs = [["0.9", "0.1"], ["0.2", "0.6"], ["0.5", "0.8"]]
a = attention(Xs, Wqs, Wks, Wvs)
S = [[rnd(v, 4) for v in r] for r in a["S"]]
clean = S[2][1]
SLIP = clean[:-1] + str((int(clean[-1]) + 3) % 10)
S2 = [r[:] for r in S]; S2[2][1] = SLIP
ch0 = chain_rows(S, "1.414", a["V"])
ch = chain_rows(S2, "1.414", a["V"])
chain_close(ch0["w"], a["W"]); chain_close(ch0["c"], a["C"])

d = Doc("zhihu-eqimg-zh", "md",
        "Chinese Zhihu column: self-attention over 今天, 天气, 很好 with Wq/Wk/Wv 3 -> 2, ÷ 1.414; every matrix only in a "
        "Zhihu equation-image URL (img with LaTeX alt, or ![[公式]] without); chained 4 decimals; one planted slip",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by 1.414, over the tokens 今天, 天气, 很好",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: the raw score 很好 -> 天气 is written {SLIP} instead of {clean} (last digit). Its scaled value, "
             "the three exps, the sum and the three weights of the 很好 row and the 很好 output row are computed from the "
             "slipped number (propagated, or any where they print the same as the slip-free chain).")
A = d


def bm(rows):
    return r"\begin{bmatrix}" + r" \\ ".join(" & ".join(r) for r in rows) + r"\end{bmatrix}"


def img(latex, alt=True):
    u = zhihu_eq(latex)
    if alt:
        return f'<img src="{u}" alt="{html.escape(latex, quote=True)}" class="ee_img tr_noresize" eeimg="1">'
    return f"![[公式]]({u})"


def V(i, j, t, name):
    if i != 2 or (name in ("sc", "e") and j != 1):   # only the slipped cell's own scaled value and exp, then the
        return "correct"                              # whole row from its sum on, are computed from the slip
    clean_t = ch0[name][i][j] if name not in ("z",) else ch0["z"][i]
    return fate(t, clean_t)


A("# 手把手算一遍 Self-Attention（附全部中间矩阵）")
A("")
A("[![林一](https://pic1.zhimg.com/v2-3a_xs.jpg)](https://www.zhihu.com/people/lin-yi-42)")
A("")
A("**林一** · 算法工程师，NLP 方向")
A("")
A("356 人赞同了该文章", nots=["356"])
A("")
A("很多文章只讲公式，这篇把一个最小的例子从头算到尾。句子是「今天 天气 很好」，三个词，"
  "词向量 3 维，d_k = 2（真实模型里一般 d_k = 64）。", nots=["3", "2", "64"])
A("")
A("## 一、输入与权重")
A("")
A("三个词的词向量按行排成 X（第 1 行是「今天」，以此类推）：", nots=["1"])
A("")
A(img("X=" + bm(Xs)))
A("")
A(img("W^Q=" + bm(Wqs) + ",\\quad W^K=" + bm(Wks) + ",\\quad W^V=" + bm(Wvs)))
A("")
A("## 二、计算 Q、K、V")
A("")
for nm in ("Q", "K", "V"):
    c = [[rnd(v, 2) for v in r] for r in a[nm]]
    A(img(f"{nm}=XW^{nm}=" + bm(c)), claims=[(t, qty(nm, toks, i, j), "correct") for i, r in enumerate(c) for j, t in enumerate(r)])
    A("")
A("以「今天」的 q 为例：0.6×0.5 + 0.2×0.2 + 0.9×0.8 = " + lit(a["Q"][0][0]) + "。",
  claims=[(lit(a["Q"][0][0]), "Q[今天][1]", "correct")], opts=["0.6", "0.5", "0.2", "0.2", "0.9", "0.8"])
A("")
A("## 三、打分并缩放")
A("")
cl = [(S2[i][j], qty("scores", toks, i, j), "wrong" if (i, j) == (2, 1) else "correct") for i in range(3) for j in range(3)]
A(img("QK^T=" + bm(S2)), claims=cl)
A("")
A("√2 取 1.414，每个分数除以它：", claims=[("1.414", "sqrt_dk", "correct")], nots=["2"])
A("")
cl = [(ch["sc"][i][j], qty("scaled", toks, i, j), V(i, j, ch["sc"][i][j], "sc")) for i in range(3) for j in range(3)]
A(img(r"\frac{QK^T}{\sqrt{d_k}}=" + bm(ch["sc"]), alt=False), claims=cl)
A("")
A("## 四、Softmax")
A("")
A("先逐个取指数：")
A("")
cl = [(ch["e"][i][j], qty("exp", toks, i, j), V(i, j, ch["e"][i][j], "e")) for i in range(3) for j in range(3)]
A(img("e^{x}=" + bm(ch["e"]), alt=False), claims=cl)
A("")
A("每行求和：")
A("")
cl = [(ch["z"][i], f"expsum[{toks[i]}]", V(i, 0, ch["z"][i], "z")) for i in range(3)]
A(img(r"\sum_j e^{x_{ij}}=" + bm([[z] for z in ch["z"]])), claims=cl)
A("")
e0, z0, w0 = ch["e"][0], ch["z"][0], ch["w"][0]
A(f"以第一行为例：{e0[0]} ÷ {z0} = {w0[0]}，{e0[1]} ÷ {z0} = {w0[1]}，{e0[2]} ÷ {z0} = {w0[2]}。",
  claims=[(w0[k], qty("weights", toks, 0, k), "correct") for k in range(3)], opts=[e0[0], z0, e0[1], z0, e0[2], z0])
A("")
A("得到注意力权重矩阵：")
A("")
cl = [(ch["w"][i][j], qty("weights", toks, i, j), V(i, j, ch["w"][i][j], "w")) for i in range(3) for j in range(3)]
A(img("A=" + bm(ch["w"])), claims=cl)
A("")
A("## 五、加权求和")
A("")
cl = [(ch["c"][i][j], qty("context", toks, i, j), V(i, j, ch["c"][i][j], "c")) for i in range(3) for j in range(2)]
A(img("Z=AV=" + bm(ch["c"]), alt=False), claims=cl)
A("")
A("可以看到每一行的输出都很接近，因为例子里的分数差距很小，softmax 几乎是平均分配。")
A("")
A("## 参考")
A("")
A("[1] Vaswani A, et al. Attention is all you need. NeurIPS 2017.", nots=["1", "2017"])
A("")
A("编辑于 2024-01-12 21:37・IP 属地浙江", nots=["2024", "01", "12", "21", "37"])
A("")
A("[深度学习（Deep Learning）](https://www.zhihu.com/topic/19813032)")
d.save()
