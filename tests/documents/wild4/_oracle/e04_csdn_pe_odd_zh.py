"""Chinese CSDN-style post: sinusoidal positional encoding with an odd d_model = 5 (base 10000, interleaved sin/cos,
positions from 0, the fifth dimension gets a sine only), numpy print of the PE matrix, a hand-made table of the
angles and PE values, then x + PE. One planted slip in the hand table (digits swapped), propagated into x + PE."""
from pathlib import Path

import numpy as np

from w4lib import *

tok = ["我", "喜欢", "猫"]
Xs = [["0.2", "-0.4", "0.1", "0.5", "-0.3"], ["-0.1", "0.3", "0.6", "-0.2", "0.4"], ["0.7", "0.2", "-0.5", "0.1", "0.3"]]
X = M(Xs)
D, base = 5, mpf(10000)
div = [base ** (mpf(2 * (m // 2)) / D) for m in range(D)]
ang = [[mpf(p) / div[m] for m in range(D)] for p in range(3)]
PE = [[mpmath.sin(ang[p][m]) if m % 2 == 0 else mpmath.cos(ang[p][m]) for m in range(D)] for p in range(3)]
XP = [[X[p][m] + PE[p][m] for m in range(D)] for p in range(3)]
pos = np.arange(3)[:, None]; dm = np.arange(5)[None, :]
angn = pos / 10000 ** (2 * (dm // 2) / 5)
PEn = np.where(dm % 2 == 0, np.sin(angn), np.cos(angn))
check_np(PE, PEn); check_np(XP, np.array(Xs, float) + PEn)

SP, SM = 2, 2                       # the slip: PE[pos 2][dim 2] written with two digits swapped
true_pe = r(PE[SP][SM], 4)
slip_pe = true_pe[:-2] + true_pe[-1] + true_pe[-2]
assert slip_pe != true_pe

d = Doc("csdn-pe-odd-dim-zh", "md",
        "Chinese CSDN-style blog post (copyright banner, 【】 headings, reading counts, python code with numpy print "
        "output, Markdown tables): sinusoidal positional encoding with odd d_model = 5, base 10000, sin/cos interleaved "
        "(dims 0,2,4 sin, dims 1,3 cos), positions 0..2, the frequency terms 10000^(2i/5), the angles, the PE values, "
        "then x + PE for '我 喜欢 猫'; one planted slip",
        "PE[pos][2i] = sin(pos / 10000^(2i/5)), PE[pos][2i+1] = cos(pos / 10000^(2i/5)), pos from 0; out = x + PE",
        "exact",
        note=f"planted slip: in the hand-made PE table, PE[pos=2][dim 2] = sin(2/39.8107) = {true_pe} is written "
             f"{slip_pe} (last two digits swapped); the numpy print above it is right; the x + PE entry of 猫 in dim 2 "
             f"is computed from the slipped value (propagated); everything else is correct",
        gen=Path(__file__).name)
add = d.add
add("# Transformer位置编码手算：d_model是奇数怎么办？")
add("")
add("版权声明：本文为博主原创文章，遵循 CC 4.0 BY-SA 版权协议，转载请附上原文出处链接和本声明。", nots=["4.0"])
add("")
add("阅读量 3.2k · 收藏 41 · 点赞数 27", nots=["3.2", "41", "27"])
add("")
add("## 【前言】")
add("")
add("网上讲位置编码的文章基本都是 d_model = 512 的例子，公式一贴就完了。最近面试被问到一个细节：", nots=["512"])
add("**如果 d_model 是奇数，最后一维怎么算？** 所以这篇用 d_model = 5 手算一遍，顺便把 x + PE 也算了。", nots=["5"])
add("")
add("## 【公式】")
add("")
add("$$PE_{(pos,2i)} = \\sin\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right),\\quad "
    "PE_{(pos,2i+1)} = \\cos\\left(\\frac{pos}{10000^{2i/d_{model}}}\\right)$$", nots=["10000", "2", "1"])
add("")
add("注意三点：")
add("")
add("1. pos 从 0 开始（第一个词的位置是 0）；", nots=["1", "0", "0"])
add("2. sin 和 cos 是**交替**放的（第0维sin、第1维cos、第2维sin……），不是前一半sin后一半cos；", nots=["2", "0", "1", "2"])
add("3. d_model = 5 时，i 取 0、1、2，其中 i = 2 只有第4维（sin），没有配对的cos。", nots=["3", "5", "0", "1", "2", "2", "4"])
add("")
add("## 【代码】")
add("")
add("```python")
add("import numpy as np")
add("np.set_printoptions(precision=4, suppress=True)", nots=["4"])
add("")
add("def positional_encoding(seq_len, d_model, base=10000):", nots=["10000"])
add("    pe = np.zeros((seq_len, d_model))")
add("    for pos in range(seq_len):")
add("        for j in range(d_model):")
add("            angle = pos / base ** (2 * (j // 2) / d_model)", nots=["2", "2"])
add("            pe[pos, j] = np.sin(angle) if j % 2 == 0 else np.cos(angle)", nots=["2", "0"])
add("    return pe")
add("")
add("pe = positional_encoding(3, 5)", nots=["3", "5"])
add("print(pe)")
add("```")
add("")
add("输出：")
add("")
add("```")


def npf(v):
    s = r(v, 4)
    s = s.rstrip("0")
    return s


def np_lines(Mx):
    cells = [[npf(v) for v in row] for row in Mx]
    intw = max(len(c.split(".")[0]) for row in cells for c in row)
    fw = max(len(c.split(".")[1]) for row in cells for c in row)
    out = []
    for row in cells:
        parts = []
        for c in row:
            a, b = c.split(".")
            parts.append(a.rjust(intw) + "." + b.ljust(fw))
        out.append(" ".join(parts))
    return out, cells


lines, cells = np_lines(PE)
for p in range(3):
    pre = "[[" if p == 0 else " ["
    post = "]]" if p == 2 else "]"
    add(pre + lines[p] + post, claims=[(cells[p][m], f"PE[{p}][{m+1}]", "correct") for m in range(D)])
add("```")
add("")
add("## 【手算过程】")
add("")
add("先算分母 10000^(2i/5)：", nots=["10000", "2", "5"])
add("")
add(f"- i = 0：10000^0 = 1", nots=["0", "10000", "0", "1"])
add(f"- i = 1：10000^(2/5) = 10000^0.4 ≈ {r(div[2], 4)}", claims=[(r(div[2], 4), "PE.div[2]", "correct")],
    nots=["1", "10000", "2", "5", "10000", "0.4"])
add(f"- i = 2：10000^(4/5) = 10000^0.8 ≈ {r(div[4], 4)}", claims=[(r(div[4], 4), "PE.div[3]", "correct")],
    nots=["2", "10000", "4", "5", "10000", "0.8"])
add("")
add("然后每个位置的角度 pos / 分母（同一个 i 的 sin 和 cos 用同一个角度）：")
add("")
for ln in md_table(["pos", "i=0（第0、1维）", "i=1（第2、3维）", "i=2（第4维）"],
                   [[str(p), short(ang[p][0]), r(ang[p][2], 6), r(ang[p][4], 6)] for p in range(3)]):
    pass
hdr = md_table(["pos", "i=0（第0、1维）", "i=1（第2、3维）", "i=2（第4维）"], [])
add(hdr[0], nots=["0", "0", "1", "1", "2", "3", "2", "4"]); add(hdr[1])
for p in range(3):
    vals = [short(ang[p][0]), r(ang[p][2], 6), r(ang[p][4], 6)]
    cl = [(vals[1], f"PE.angle[{p}][2]", "correct"), (vals[2], f"PE.angle[{p}][3]", "correct")]
    if p > 0:
        cl = [(vals[0], f"PE.angle[{p}][1]", "correct")] + cl
    add(f"| {p} | {vals[0]} | {vals[1]} | {vals[2]} |", claims=cl, nots=[str(p)])
add("")
add("取 sin / cos，保留4位小数：", nots=["4"])
add("")
hdr = md_table(["pos", "dim0 sin", "dim1 cos", "dim2 sin", "dim3 cos", "dim4 sin"], [])
add(hdr[0], nots=["0", "1", "2", "3", "4"]); add(hdr[1])
PEp = [[r(PE[p][m], 4) for m in range(D)] for p in range(3)]
PEp[SP][SM] = slip_pe
for p in range(3):
    cl = []
    for m in range(D):
        v = "wrong" if (p, m) == (SP, SM) else "correct"
        cl.append((PEp[p][m], f"PE[{p}][{m+1}]", v))
    add(f"| {p} | " + " | ".join(PEp[p]) + " |", claims=cl, nots=[str(p)])
add("")
add(f"可以看到第4维变化非常慢：pos = 2 时角度才 {r(ang[2][4], 6)}，sin 值几乎就是角度本身。",
    claims=[(r(ang[2][4], 6), "PE.angle[2][3]", "correct")], nots=["4", "2"])
add("")
add("## 【x + PE】")
add("")
add("词向量（随便设的，d = 5）：", nots=["5"])
add("")
hdr = md_table(["词", "pos", "x"], [])
add(hdr[0]); add(hdr[1])
for p in range(3):
    add(f"| {tok[p]} | {p} | [{', '.join(Xs[p])}] |", nots=[str(p)])
add("")
add("逐元素相加（用上面手算的PE）：")
add("")
hdr = md_table(["词", "x + PE"], [])
add(hdr[0]); add(hdr[1])
for p in range(3):
    vals, cl = [], []
    for m in range(D):
        if (p, m) == (SP, SM):
            v = X[p][m] + P(slip_pe)
            t = r(v, 4)
            cl.append((t, f"x+PE[{tok[p]}][{m+1}]", verdict_after(t, r(XP[p][m], 4))))
        else:
            t = r(XP[p][m], 4)
            cl.append((t, f"x+PE[{tok[p]}][{m+1}]", "correct"))
        vals.append(t)
    add(f"| {tok[p]} | [{', '.join(vals)}] |", claims=cl)
add("")
add(f"例如「喜欢」的第0维：{Xs[1][0]} + {r(PE[1][0], 4)} = {r(XP[1][0], 4)}。",
    claims=[(r(PE[1][0], 4), "PE[1][1]", "correct"), (r(XP[1][0], 4), "x+PE[喜欢][1]", "correct")],
    opts=[Xs[1][0]], nots=["0"])
add("")
add("## 【总结】")
add("")
add("- 奇数维度时最后一维只有 sin，代码里 `j // 2` 自然就处理了；")
add("- 实际模型里 d_model 一般是偶数（512、768），这个问题只在面试里出现 😂", nots=["512", "768"])
add("- 原论文：Vaswani et al., 2017, *Attention Is All You Need*。", nots=["2017"])
add("")
add("文章知识点与官方知识档案匹配，可进一步学习相关知识")
d.write()
