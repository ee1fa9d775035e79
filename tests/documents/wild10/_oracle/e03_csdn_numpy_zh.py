"""Chinese CSDN post (最新推荐文章于 … 发布, 原创, 阅读量/收藏/点赞, 文章标签, 版权声明, 一、二、 headings): a NumPy
script whose embedding rows carry the tokens as `# 我` comments, run under np.set_printoptions(precision=4,
suppress=True), and its printed output pasted below (print("Q =\\n", Q): numpy str without commas); 4 tokens,
d_model 4, d_k 2, scaled by sqrt(2). Exact rounding."""
from pathlib import Path

from w10lib import *

toks = ["我", "喜欢", "吃", "苹果"]
Xs = [["0.9", "0.1", "-0.4", "0.6"], ["0.2", "1.1", "0.5", "-0.3"], ["-0.5", "0.4", "1.3", "0.2"],
      ["0.7", "-0.2", "0.8", "1.0"]]
Wqs = [["0.6", "-0.3"], ["0.2", "0.9"], ["0.8", "0.4"], ["-0.1", "0.5"]]
Wks = [["0.4", "0.7"], ["-0.6", "0.3"], ["0.9", "0.2"], ["0.3", "-0.5"]]
Wvs = [["0.5", "0.2"], ["0.1", "-0.7"], ["0.3", "0.6"], ["0.8", "0.4"]]
a = attention(Xs, Wqs, Wks, Wvs)
n = a["np"]

d = Doc("csdn-numpy-zh", "md",
        "Chinese CSDN post: NumPy self-attention over 我, 喜欢, 吃, 苹果 (tokens as # comments on the rows of X), "
        "Wq/Wk/Wv 4 -> 2, scaled by sqrt(2); printed output of numpy str under precision=4, suppress=True",
        "attention with Wq, Wk, Wv (4 -> 2), scaled by sqrt(2), over the tokens 我, 喜欢, 吃, 苹果",
        script=Path(__file__).name)
A = d
A("# 【Transformer】用NumPy手撕Self-Attention，每一步都打印出来")
A("")
A("最新推荐文章于 2024-11-02 09:15:37 发布", nots=["2024", "09"])
A("")
A("原创 于 2024-05-18 21:40:12 发布 · 阅读量 3.1k · 收藏 87 · 点赞数 42", nots=["3.1", "87", "42"])
A("")
A("分类专栏： 深度学习 文章标签： transformer self-attention numpy python")
A("")
A("> 版权声明：本文为博主原创文章，遵循 CC 4.0 BY-SA 版权协议，转载请附上原文出处链接和本声明。", nots=["4.0"])
A("")
A("[TOC]")
A("")
A("## 一、前言")
A("")
A("面试的时候被问到“Self-Attention 的计算过程”，我只会背公式。回来之后决定用 NumPy 从零写一遍，"
  "并且把每一个中间结果都打印出来。句子是“我喜欢吃苹果”，分成四个 token，词向量维度为 4，"
  "Q、K、V 的维度 d_k = 2。", nots=["4", "2"])
A("")
A("$$Attention(Q,K,V)=softmax\\left(\\frac{QK^T}{\\sqrt{d_k}}\\right)V$$")
A("")
A("## 二、代码")
A("")
A("```python")
A("import numpy as np")
A("np.set_printoptions(precision=4, suppress=True)")
A("")
A("# 词向量，每一行是一个 token")
A("X = np.array([")
for i, (t, r) in enumerate(zip(toks, Xs)):
    A(f"    [{', '.join(r)}],{' ' * (3 - 0)}# {t}")
A("])")
A("")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])")
A("")
A("Q = X @ W_q")
A("K = X @ W_k")
A("V = X @ W_v")
A('print("Q =\\n", Q)')
A('print("K =\\n", K)')
A('print("V =\\n", V)')
A("")
A("d_k = Q.shape[-1]")
A("scores = Q @ K.T")
A('print("QK^T =\\n", scores)')
A("scaled = scores / np.sqrt(d_k)")
A('print("缩放后 =\\n", scaled)')
A("")
A("def softmax(x):")
A("    e = np.exp(x - x.max(axis=-1, keepdims=True))")
A("    return e / e.sum(axis=-1, keepdims=True)")
A("")
A("attn = softmax(scaled)")
A('print("注意力权重 =\\n", attn)')
A("out = attn @ V")
A('print("输出 =\\n", out)')
A("```")
A("")
A("## 三、运行结果")
A("")
A("```")
vals = {}
for label, key, qty in (("Q =", "Q", "Q"), ("K =", "K", "K"), ("V =", "V", "V"), ("QK^T =", "S", "scores"),
                        ("缩放后 =", "Sc", "scaled"), ("注意力权重 =", "W", "weights"), ("输出 =", "C", "context")):
    lines, cells = np_print(n[key], a[key], precision=4, suppress=True)
    vals[key] = cells
    A(label)
    for i, ln in enumerate(lines):
        t = toks[i]
        if qty in ("Q", "K", "V", "context"):
            cl = [(s, f"{qty}[{t}][{j + 1}]", "correct") for j, s in enumerate(cells[i])]
        else:
            cl = [(s, f"{qty}[{t},{toks[j]}]", "correct") for j, s in enumerate(cells[i])]
        A((" " if i == 0 else "") + ln, claims=cl)
A("```")
A("")
A("## 四、结果分析")
A("")
jm = max(range(4), key=lambda j: a["W"][2][j])
s = vals["W"][2][jm]
A(f"看第三行（“吃”）：它给“{toks[jm]}”的权重最大，是 {s}，这和我们的直觉一致——“吃”的宾语是“苹果”。",
  claims=[(s, f"weights[吃,{toks[jm]}]", "correct")])
A("")
A(f"再手算验证一个数：scores[0][0] 是 Q 的第一行和 K 的第一行的点积，{vals['S'][0][0]} / √2 ≈ {vals['Sc'][0][0]}，"
  "和程序打印的一样。", claims=[(vals["Sc"][0][0], "scaled[我,我]", "correct")], opts=[vals["S"][0][0]], nots=["0", "2"])
A("")
A("注意：每一行的注意力权重之和都是 1（可以用 attn.sum(axis=-1) 检查）。真正的模型里 d_model = 512，这里只是玩具例子。",
  nots=["1", "512"])
A("")
A("## 五、参考")
A("")
A("[1] Vaswani A, et al. Attention Is All You Need. NeurIPS 2017.", nots=["1", "2017"])
d.save()
