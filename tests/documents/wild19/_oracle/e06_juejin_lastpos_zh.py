"""Chinese Juejin (掘金) post as copied to Markdown: title, author, date · 阅读 count, 前言, the causal mask as a
Markdown table of 0 and -inf, then GPT-style generation where only the LAST position's query is computed
(KV cache idea): q of 猫 against the keys of <bos>, 我, 喜欢, 猫; d_model 4 -> d_k 2; scores exact, ÷ 1.4142,
e^x, sum, weights and the output each from the printed numbers of the step before (chained, 4 decimals). One
planted slip: one e^x value with two digits swapped."""
from pathlib import Path

from w19lib import *

toks = ["<bos>", "我", "喜欢", "猫"]
Xs = [["0.2", "0.6", "-0.3", "0.4"], ["0.7", "-0.1", "0.5", "0.3"], ["-0.4", "0.8", "0.2", "0.6"],
      ["0.5", "0.3", "0.9", "-0.2"]]
Wqs = [["0.3", "0.6"], ["0.5", "-0.2"], ["-0.1", "0.4"], ["0.7", "0.2"]]
Wks = [["0.4", "0.1"], ["-0.3", "0.5"], ["0.6", "0.3"], ["0.2", "-0.4"]]
Wvs = [["0.5", "-0.3"], ["0.2", "0.6"], ["0.4", "0.1"], ["-0.1", "0.7"]]
a = attention(Xs, Wqs, Wks, Wvs, causal=True)
Q, K, V, S = a["Q"], a["K"], a["V"], a["S"]
last = 3
Sp = [rnd(S[last][j], 4) for j in range(4)]
ch = chain_rows([Sp], "1.4142", V)
sc, es, z, ws, cs = ch["sc"][0], ch["e"][0], ch["z"][0], ch["w"][0], ch["c"][0]
chain_close([ws], [a["W"][last]]); chain_close([cs], [a["C"][last]])
# the slip: e^x of the 喜欢 key, two middle digits swapped
SJ = 2
clean = es[SJ]
SLIP = clean[:-3] + clean[-2] + clean[-3] + clean[-1]
assert SLIP != clean
es2 = list(es); es2[SJ] = SLIP
z2 = rnd(mpmath.fsum(mpf(x) for x in es2), 4)
ws2 = [rnd(mpf(x) / mpf(z2), 4) for x in es2]
cs2 = [rnd(mpmath.fsum(mpf(w) * V[j][mm_] for j, w in enumerate(ws2)), 4) for mm_ in range(2)]
agree([mpf(x) for x in ws2], np.array([float(x) for x in es2]) / sum(float(x) for x in es2), tol=1e-4)

d = Doc("juejin-lastpos-zh", "md",
        "Chinese Juejin post: causal mask as a table of 0 and -inf, then only the last position (猫) of <bos> 我 喜欢 猫 "
        "attends: q, K, V (4 -> 2), scores, ÷ 1.4142, e^x, sum, weights and output, each from the printed numbers; "
        "one planted slip",
        "causal attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over <bos>, 我, 喜欢, 猫; only the row of 猫",
        script=Path(__file__).name, rounding="chained",
        note=f"planted slip: e^x for the key 喜欢 is written {SLIP} instead of {clean} (two digits swapped). The sum of "
             "the exps, all four weights of 猫 and both output components are computed from it (propagated, or any "
             "where they print the same).")
A = d
A("# 手推 GPT 的因果注意力：生成下一个词时到底算了什么？")
A("")
A("作者：代码搬运工小周  ")
A("2024-03-18 21:07 · 阅读 2,341 · 3 分钟", nots=["2024", "03", "18", "21", "07", "2,341", "3"])
A("")
A("## 前言")
A("")
A("很多文章讲 Transformer 都停在公式上。这篇我用一个 4 个 token 的小例子，把 GPT 解码时**最后一个位置**的注意力从头"
  "算一遍。看懂这一步，KV Cache 也就顺理成章了。", nots=["4"])
A("")
A("## 一、因果掩码长什么样")
A("")
A("GPT 是自回归模型，第 i 个位置只能看到自己和前面的位置。把掩码写成矩阵（行是 query，列是 key）：")
A("")
A("| | <bos> | 我 | 喜欢 | 猫 |")
A("|---|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| **{t}** | " + " | ".join("0" if j <= i else "-inf" for j in range(4)) + " |", nots=["0"])
A("")
A("分数加上这个矩阵再做 softmax，-inf 的位置权重就是 0。注意最后一行全是 0：**最后一个 token 能看到所有人**。"
  "生成下一个词只需要这一行，所以下面只算「猫」这一行。", nots=["0"])
A("")
A("## 二、准备数据")
A("")
A("词表里的 4 个 token，embedding 维度 d_model = 4，单头，d_k = 2：", nots=["4", "2"])
A("")
A("```python")
A("import numpy as np")
A("")
A("X = np.array([")
for t, r in zip(toks, Xs):
    A("    [" + ", ".join(f"{v:>4}" for v in r) + "],  # " + t)
A("])")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])")
A("```")
A("")
A("## 三、只算最后一个位置的 q，所有位置的 K、V")
A("")
q = [rnd(v, 2) for v in Q[last]]
A(f"q_猫 = x_猫 · W_q = [{q[0]}, {q[1]}]", claims=[(q[0], "Q[猫][1]", "correct"), (q[1], "Q[猫][2]", "correct")])
A("")
A("| token | K | V |")
A("|---|---|---|")
for i, t in enumerate(toks):
    k = [rnd(v, 2) for v in K[i]]; v = [rnd(x, 2) for x in V[i]]
    A(f"| {t} | [{k[0]}, {k[1]}] | [{v[0]}, {v[1]}] |",
      claims=[(k[0], f"K[{t}][1]", "correct"), (k[1], f"K[{t}][2]", "correct"), (v[0], f"V[{t}][1]", "correct"),
              (v[1], f"V[{t}][2]", "correct")])
A("")
A("（KV Cache 缓存的就是这张表：前面 3 个位置的 K、V 上一步已经算过了。）", nots=["3"])
A("")
A("## 四、打分、缩放、softmax")
A("")
A(f"点积 q_猫 · k_j，再除以 √d_k = √2 ≈ 1.4142：", claims=[("1.4142", "sqrt_dk", "correct")], nots=["2"])
A("")
A("| key | q·k | ÷1.4142 | e^x |")
A("|---|---|---|---|")
for j, t in enumerate(toks):
    e_txt = es2[j]
    ev = "wrong" if j == SJ else "correct"
    A(f"| {t} | {Sp[j]} | {sc[j]} | {e_txt} |",
      claims=[(Sp[j], f"scores[猫,{t}]", "correct"), (sc[j], f"scaled[猫,{t}]", "correct"),
              (e_txt, f"exp[猫,{t}]", ev)])
A("")
A(f"e^x 求和：{' + '.join(es2)} = {z2}", claims=[(z2, "expsum[猫]", fate(z2, ch["z"][0]))], opts=es2)
A("")
A("每一项除以和，得到注意力权重：")
A("")
for j, t in enumerate(toks):
    A(f"- {t}：{es2[j]} / {z2} = {ws2[j]}", claims=[(ws2[j], f"weights[猫,{t}]", fate(ws2[j], ws[j]))],
      opts=[es2[j], z2])
A("")
A("## 五、加权求和")
A("")
terms = " + ".join(f"{ws2[j]}×[{rnd(V[j][0], 2)}, {rnd(V[j][1], 2)}]" for j in range(4))
A(f"out_猫 = {terms}", opts=sum(([ws2[j], rnd(V[j][0], 2), rnd(V[j][1], 2)] for j in range(4)), []))
A(f"　　　= [{cs2[0]}, {cs2[1]}]", claims=[(cs2[0], "context[猫][1]", fate(cs2[0], cs[0])),
                                          (cs2[1], "context[猫][2]", fate(cs2[1], cs[1]))])
A("")
A("这个向量再经过 W_O、残差、FFN 和 LM head，就得到下一个词的概率分布。")
A("")
A("## 总结")
A("")
A("1. 掩码只是一个加到分数上的上三角 -inf 矩阵；", nots=["1"])
A("2. 生成时只需要最后一行，前面的 K、V 可以缓存；", nots=["2"])
A("3. 每一步都是普通的矩阵乘法，手算完全可行。", nots=["3"])
A("")
A("---")
A("")
A("标签：人工智能 · LLM · 深度学习")
A("")
A("本文已参与「掘力星计划」，欢迎点赞收藏 👍 12 · 💬 4", nots=["12", "4"])
d.save()
