"""Chinese Zhihu-style post: LaTeX bmatrix blocks with one row per line ending in \\\\, tokens only named in a sentence
("我 爱 猫"), Q/K/V from X and W, scores, scaling, softmax, output; one planted slip (a mis-added score)."""
from pathlib import Path

import numpy as np

from w2lib import *

Xs = [["1.0", "0.2", "0.5"], ["0.3", "0.9", "-0.4"], ["-0.6", "0.4", "1.2"]]
WQs = [["0.4", "0.1"], ["-0.3", "0.7"], ["0.6", "0.2"]]
WKs = [["0.5", "-0.2"], ["0.1", "0.8"], ["0.3", "0.4"]]
WVs = [["0.9", "0.1"], ["0.2", "0.6"], ["-0.4", "1.0"]]
X, WQ, WK, WV = M(Xs), M(WQs), M(WKs), M(WVs)
Q, K, V = matmul(X, WQ), matmul(X, WK), matmul(X, WV)
S_true = matmul(Q, tr(K))
SI, SJ = 1, 2
S = [list(r) for r in S_true]
S[SI][SJ] = S_true[SI][SJ] + mpf("0.1")        # the author mis-adds the three products
r2 = mpmath.sqrt(2)
Sc = [[v / r2 for v in r] for r in S]
A = [smax(r) for r in Sc]
O = matmul(A, V)
A_true = [smax([v / r2 for v in r]) for r in S_true]
O_true = matmul(A_true, V)
Xn = np.array(Xs, float)
Qn, Kn, Vn = Xn @ np.array(WQs, float), Xn @ np.array(WKs, float), Xn @ np.array(WVs, float)
Sn = Qn @ Kn.T / np.sqrt(2); An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
np_same(A_true, An); np_same(O_true, An @ Vn)

d = Doc("zhihu-bmatrix-woaimao", "md",
        "Chinese Zhihu-style column (Markdown + LaTeX): the tokens 我, 爱, 猫 appear only in a sentence, every matrix "
        "is a bmatrix block with one row per line ending in \\\\, Q/K/V = X W, the product terms of one score written "
        "out, QK^T, divided by sqrt(2), row softmax, output; one planted slip",
        "softmax(Q K^T / sqrt(2)) V, Q = X W_Q, K = X W_K, V = X W_V", "exact",
        note="planted slip: the score of 爱 (row 2) against 猫 (column 3) is mis-added 0.1 too large (the two products are "
             "written correctly, their sum is not); the scaled score, the whole softmax row 2 and output row 2 are "
             "propagated (entries that print the same as without the slip are 'any')",
        gen=Path(__file__).name)
d.planted = 1
add = d.add


def bm(name, rows_txt, claims_per_row=None, opts_per_row=None, tail=""):
    add("$$")
    add(f"{name} = \\begin{{bmatrix}}")
    for i, r in enumerate(rows_txt):
        end = " \\\\" if i < len(rows_txt) - 1 else ""
        add(" & ".join(r) + end, claims=claims_per_row[i] if claims_per_row else (), opts=opts_per_row[i] if opts_per_row else ())
    add("\\end{bmatrix}" + tail)
    add("$$")


add("# 手把手算一遍 Self-Attention（附完整数值）")
add("")
add("> 本文约 2000 字，阅读需要 8 分钟。码字不易，觉得有用请点个赞 👍", nots=["2000", "8"])
add("")
add("很多文章讲 Self-Attention 都是公式一摆就结束了。这篇我们用一个只有三个字的句子「我 爱 猫」，把每一步都算出来。")
add("原论文中 $d_{model}=512$，$h=8$，这里为了手算方便取 $d_{model}=3$，$d_k=2$。", nots=["512", "8", "3", "2"])
add("")
add("## 一、输入")
add("")
add("三个字的词向量按行排成矩阵 $X$（第一行是「我」，第二行是「爱」，第三行是「猫」）：")
add("")
bm("X", [[um(v) for v in r] for r in Xs])
add("")
add("三个投影矩阵（随便取的，不是训练出来的）：")
add("")
bm("W_Q", WQs)
bm("W_K", WKs)
bm("W_V", WVs)
add("")
add("## 二、计算 Q、K、V")
add("")
add("直接做矩阵乘法 $Q = XW_Q$，$K = XW_K$，$V = XW_V$：")
add("")
for nm, Mx in (("Q", Q), ("K", K), ("V", V)):
    bm(nm, [[exact(v) for v in r] for r in Mx], [[(exact(v), f"{nm}[{i+1}][{j+1}]", "correct") for j, v in enumerate(r)] for i, r in enumerate(Mx)])
add("")
add("## 三、注意力分数 $QK^T$")
add("")
pr = [Q[SI][k] * K[SJ][k] for k in range(2)]
add(f"以「爱」对「猫」为例：$q_2 \\cdot k_3 = {exact(Q[SI][0])} \\times {exact(K[SJ][0])} + {paren(exact(Q[SI][1]))} \\times {paren(exact(K[SJ][1]))} = {exact(pr[0])} + {paren(exact(pr[1]))} = {exact(S[SI][SJ])}$",
    claims=[(exact(pr[0]), "q2[1]*k3[1]", "correct"), (exact(pr[1]), "q2[2]*k3[2]", "correct"), (exact(S[SI][SJ]), "S[2][3] = q2.k3", "wrong")],
    opts=[exact(Q[SI][0]), exact(K[SJ][0]), exact(Q[SI][1]), exact(K[SJ][1])], nots=["2", "3"])
add("")
add("全部算出来：")
add("")
vS = lambda i, j: "wrong" if (i, j) == (SI, SJ) else "correct"
bm("QK^T", [[exact(v) for v in r] for r in S], [[(exact(v), f"S[{i+1}][{j+1}]", vS(i, j)) for j, v in enumerate(r)] for i, r in enumerate(S)])
add("")
add("## 四、缩放 + softmax")
add("")
add(f"除以 $\\sqrt{{d_k}} = \\sqrt{{2}} \\approx {rnd(r2, 4)}$：", claims=[(rnd(r2, 4), "sqrt(2)", "correct")], nots=["2"])
add("")
vSc = lambda i, j: "propagated" if (i, j) == (SI, SJ) else "correct"
bm("\\frac{QK^T}{\\sqrt{2}}", [[rnd(v, 4) for v in r] for r in Sc], [[(rnd(v, 4), f"S/sqrt2[{i+1}][{j+1}]", vSc(i, j)) for j, v in enumerate(r)] for i, r in enumerate(Sc)])
add("")
add("对每一行做 softmax，得到注意力权重（每行之和为 1）：", nots=["1"])
add("")
vA = lambda i, j: ("any" if rnd(A[i][j], 4) == rnd(A_true[i][j], 4) else "propagated") if i == SI else "correct"
bm("A", [[rnd(v, 4) for v in r] for r in A], [[(rnd(v, 4), f"A[{i+1}][{j+1}]", vA(i, j)) for j, v in enumerate(r)] for i, r in enumerate(A)])
add("")
add(f"可以看到「爱」这一行里，给「猫」的权重最大（{rnd(A[SI][2], 4)}），挺合理的 😂", claims=[(rnd(A[SI][2], 4), "A[2][3]", vA(SI, 2))])
add("")
add("## 五、加权求和")
add("")
add("最后 $Z = AV$：")
add("")
vO = lambda i, j: ("any" if rnd(O[i][j], 4) == rnd(O_true[i][j], 4) else "propagated") if i == SI else "correct"
bm("Z", [[rnd(v, 4) for v in r] for r in O], [[(rnd(v, 4), f"Z[{i+1}][{j+1}]", vO(i, j)) for j, v in enumerate(r)] for i, r in enumerate(O)])
add("")
add("这就是三个字经过一层 Self-Attention 之后的新表示。下一篇讲多头注意力，欢迎关注～")
add("")
add("参考：[1] Vaswani et al., Attention Is All You Need, 2017.", nots=["1", "2017"])
d.write()
