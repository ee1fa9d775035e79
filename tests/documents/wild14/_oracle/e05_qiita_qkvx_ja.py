"""Japanese Qiita article: Q = K = V = X (no projections), scaled by sqrt(3) written 1.7321, the tokens as the keys
of a Python dict in a ```python:embed.py``` block; scores exact, scaled, e^x, sums, weights and outputs worked by
hand in tables to 4 decimals. Chained: each step from the printed numbers of the step before."""
from pathlib import Path

from w14lib import *

toks = ["猫", "が", "鳴く"]
Xs = [["0.9", "0.1", "0.4"], ["0.2", "0.7", "-0.3"], ["0.6", "0.5", "0.8"]]
I3 = [["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]]
a = attention(Xs, I3, I3, I3)
X, S, W, C = a["X"], a["S"], a["W"], a["C"]
Sp = [[lit(v) for v in r] for r in S]
DIV = rnd(a["c"], 4)
ch = chain_rows(Sp, DIV, X)
chain_close(ch["w"], W); chain_close(ch["c"], C)

d = Doc("qiita-qkvx-ja", "md",
        "Japanese Qiita article: Q = K = V = X, scaled by sqrt(3) = 1.7321, tokens as dict keys; scores, scaled, "
        "exps, sums, weights, outputs in tables to 4 decimals; chained",
        "attention on the inputs themselves (Q = K = V = X), scaled by sqrt(3), over the tokens 猫, が, 鳴く",
        script=Path(__file__).name, rounding="chained")
A = d
A("---")
A("title: 重み行列なしのSelf-Attentionを電卓で追いかける")
A("tags: Python Transformer 自然言語処理 機械学習 初心者")
A("author: kanade_ml")
A("slide: false")
A("---")
A("")
A("## はじめに")
A("")
A("Self-Attentionの説明では $W^Q, W^K, W^V$ が必ず出てきますが、今回はあえて**全部なし**にします。"
  "つまり $Q = K = V = X$ です。仕組みだけを見るにはこれで十分です。")
A("")
A(":::note info")
A("この記事の数値は小数第4位で四捨五入し、次のステップでは**丸めた値**を使っています。")
A(":::")
A("")
A("## 埋め込み")
A("")
A("```python:embed.py")
A("X = {")
for t, r in zip(toks, Xs):
    A(f'    "{t}": [{", ".join(r)}],')
A("}")
A("```")
A("")
A("## 1. スコア $QK^T$")
A("")
A(f"たとえば「猫」と「鳴く」は {Xs[0][0]}×{Xs[2][0]} + {Xs[0][1]}×{Xs[2][1]} + {Xs[0][2]}×{Xs[2][2]} = {Sp[0][2]} です。",
  claims=[(Sp[0][2], "scores[猫,鳴く]", "correct")], opts=[Xs[0][0], Xs[2][0], Xs[0][1], Xs[2][1], Xs[0][2], Xs[2][2]])
A("")


def table(head, M, q):
    A(f"| {head} | " + " | ".join(toks) + " |")
    A("|---|---:|---:|---:|")
    for i, t in enumerate(toks):
        A(f"| {t} | " + " | ".join(M[i]) + " |", claims=[(v, q(t, toks[j]), "correct") for j, v in enumerate(M[i])])
    A("")


table("スコア", Sp, lambda t, u: f"scores[{t},{u}]")
A("## 2. スケーリング")
A("")
A(f"$d_k = 3$ なので $\\sqrt{{3}} = {DIV}$ で割ります。", claims=[(DIV, "sqrt_dk", "correct")], nots=["3"])
A("")
table("スコア / √3", ch["sc"], lambda t, u: f"scaled[{t},{u}]")
A("## 3. softmax")
A("")
A("指数をとって行ごとに合計します。")
A("")
A("| $e^x$ | " + " | ".join(toks) + " | 合計 |")
A("|---|---:|---:|---:|---:|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(ch["e"][i]) + f" | {ch['z'][i]} |",
      claims=[(v, f"exp[{t},{toks[j]}]", "correct") for j, v in enumerate(ch["e"][i])]
      + [(ch["z"][i], f"expsum[{t}]", "correct")])
A("")
e0, z0, w0 = ch["e"][1][1], ch["z"][1], ch["w"][1][1]
A(f"「が」→「が」の重みは {e0} ÷ {z0} = {w0} です。", claims=[(w0, "weights[が,が]", "correct")], opts=[e0, z0])
A("")
table("重み", ch["w"], lambda t, u: f"weights[{t},{u}]")
A("## 4. 出力")
A("")
A("重みで $V (= X)$ の行を足し合わせます。")
A("")
A("| 出力 | 次元1 | 次元2 | 次元3 |")
A("|---|---:|---:|---:|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(ch["c"][i]) + " |",
      claims=[(v, f"context[{t}][{k + 1}]", "correct") for k, v in enumerate(ch["c"][i])])
A("")
A(":::note warn")
A("重みを丸めているので、行の合計が 0.9999 や 1.0001 になることがあります。", nots=["0.9999", "1.0001"])
A(":::", )
A("")
A("## おわりに")
A("")
A("実際のBERTでは $d_{model} = 768$、ヘッド数 12 なので手計算は無理ですが、やっていることは同じです。",
  nots=["768", "12"])
A("")
A("## 参考")
A("")
A("- Vaswani et al. (2017) Attention Is All You Need", nots=["2017"])
d.save()
