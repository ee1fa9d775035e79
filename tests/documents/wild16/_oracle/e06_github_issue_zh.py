"""Chinese GitHub issue copied as Markdown: title with #number, Open badge, "opened this issue on …", labels, the
tutorial's table quoted in the issue (a weight with a wrong digit, and the output row computed from it), the
maintainer's reply with the corrected weight and output, a commit reference and a version number. 查询/键/值, the
weights called 注意力权重; 我, 想, 睡觉; d_model 3 -> d_k 2, /sqrt(2), 4 decimals. One planted slip.
Exact rounding."""
from pathlib import Path

from w16lib import *

toks = ["我", "想", "睡觉"]
Xs = [["0.7", "0.2", "0.5"], ["0.1", "0.8", "0.3"], ["0.4", "0.6", "0.9"]]
Wqs = [["0.5", "0.2"], ["0.1", "0.7"], ["0.8", "0.3"]]
Wks = [["0.3", "0.6"], ["0.9", "0.1"], ["0.2", "0.5"]]
Wvs = [["0.6", "0.4"], ["0.2", "0.8"], ["0.7", "0.1"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
clean = rnd(W[1][0], 4)
SLIP = clean[:3] + str((int(clean[3]) + 1) % 10) + clean[4:]
W2 = [r[:] for r in W]
W2[1][0] = mpf(SLIP)
C2 = mm(W2, V)
agree(C2, np.array([[float(x) for x in r] for r in W2]) @ a["np"]["V"])

d = Doc("github-issue-zh", "md",
        "Chinese GitHub issue as Markdown: the tutorial's weight table quoted with a wrong digit and its output row "
        "computed from it, the maintainer's reply with the corrected values; 我, 想, 睡觉, 3 -> 2, /sqrt(2), 4 decimals; "
        "one planted slip",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens 我, 想, 睡觉",
        script=Path(__file__).name,
        note=f"planted slip: in the quoted tutorial table the weight 想 -> 我 (weights[想,我]) is written {SLIP} instead "
             f"of {clean} (second decimal off by one); the issue restates it. The tutorial's output row of 想 is "
             "computed from the slipped weight (propagated, or any where it prints the same). The maintainer's reply "
             "gives the correct weight and output row (correct).")
A = d
A("# 教程第 3 章注意力权重表格中的数值有误 #42", nots=["3", "42"])
A("")
A("**Open** · lin-xiaoyu opened this issue on 2024年3月5日 · 3 comments", nots=["2024", "3", "5", "3"])
A("")
A("Labels: `docs` `good first issue`")
A("")
A("---")
A("")
A("**lin-xiaoyu** commented on 2024年3月5日", nots=["2024", "3", "5"])
A("")
A("在 `docs/ch03-attention.md`（v0.3.1）里，例子的设置是：", nots=["0.3.1"])
A("")
A("```python")
A("# 输入：我 / 想 / 睡觉，d_model = 3，d_k = 2")
A("X   = [" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "]")
A("W_Q = [" + ", ".join("[" + ", ".join(r) + "]" for r in Wqs) + "]")
A("W_K = [" + ", ".join("[" + ", ".join(r) + "]" for r in Wks) + "]")
A("W_V = [" + ", ".join("[" + ", ".join(r) + "]" for r in Wvs) + "]")
A("```")
A("")
A("教程给出的查询、键、值：")
A("")
A("> | 词 | 查询 | 键 | 值 |")
A("> |---|---|---|---|")
for i, t in enumerate(toks):
    qs, ks, vs = ([lit(x) for x in M[i]] for M in (Q, K, V))
    A(f"> | {t} | ({', '.join(qs)}) | ({', '.join(ks)}) | ({', '.join(vs)}) |",
      claims=cl(qs, f"Q[{t}][{{k}}]") + cl(ks, f"K[{t}][{{k}}]") + cl(vs, f"V[{t}][{{k}}]"))
A("")
A("以及注意力权重和输出：")
A("")
A("> | 注意力权重 | 我 | 想 | 睡觉 |")
A("> |---|---|---|---|")
for i, t in enumerate(toks):
    ss = fmt(W2[i], 4)
    cls = [(s, f"weights[{t},{u}]", "wrong" if (i, j) == (1, 0) else "correct") for j, (s, u) in enumerate(zip(ss, toks))]
    A(f"> | {t} | " + " | ".join(ss) + " |", claims=cls)
A(">")
A("> | 输出 | 维 1 | 维 2 |", nots=["1", "2"])
A("> |---|---|---|")
for i, t in enumerate(toks):
    ss = fmt(C2[i], 4)
    cls = [(s, f"context[{t}][{k + 1}]", "correct" if i != 1 else fate(s, rnd(C[i][k], 4))) for k, s in enumerate(ss)]
    A(f"> | {t} | " + " | ".join(ss) + " |", claims=cls)
A("")
A(f"“想”这一行加起来是 {SLIP} + {rnd(W[1][1], 4)} + {rnd(W[1][2], 4)}，不等于 1。我自己算的缩放分数是：",
  claims=[(SLIP, "weights[想,我]", "wrong")], opts=[rnd(W[1][1], 4), rnd(W[1][2], 4)], nots=["1"])
A("")
A("```")
for i, t in enumerate(toks):
    ss = fmt(Sc[i], 4)
    A(f"{t}\t" + "\t".join(ss), claims=cl(ss, [f"scaled[{t},{u}]" for u in toks]))
A("```")
A("")
A("是不是第二行第一个数抄错了？")
A("")
A("👍 2", nots=["2"])
A("")
A("---")
A("")
A("**chen-mw** (Maintainer) commented on 2024年3月6日", nots=["2024", "3", "6"])
A("")
ez = [rnd(x, 4) for x in a["E"][1]]
A(f"感谢指出！确实是笔误。“想”的三个指数是 {ez[0]}、{ez[1]}、{ez[2]}，和为 {rnd(a['Z'][1], 4)}，所以",
  claims=[(ez[j], f"exp[想,{u}]", "correct") for j, u in enumerate(toks)] + [(rnd(a["Z"][1], 4), "expsum[想]", "correct")])
A("")
A(f"- 想 → 我 的注意力权重应为 **{clean}**，", claims=[(clean, "weights[想,我]", "correct")])
A(f"- 相应地“想”的输出应为 ({', '.join(fmt(C[1], 4))})。", claims=cl(fmt(C[1], 4), "context[想][{k}]"))
A("")
A("已在 a3f9c21 中修复，会随 v0.3.2 发布。", nots=["0.3.2"])
A("")
A("---")
A("")
A("**lin-xiaoyu** commented on 2024年3月6日", nots=["2024", "3", "6"])
A("")
A("好的，谢谢！顺便说一下，论文里 d_k = 64，所以除以 8，这里除以 √2 ≈ " + rnd(c, 4) + "，我一开始搞混了。",
  claims=[(rnd(c, 4), "sqrt_dk", "correct")], nots=["64", "8"])
d.save()
