"""Japanese Qiita article: self-attention over 猫, が, 走る (d_model 4 -> d_k 3, / sqrt(3)) in NumPy, every step
wrapped in a pandas DataFrame (index = tokens, columns = dims or tokens) and shown as `print(df.round(4))` text in
```:出力 blocks. Exact rounding."""
from pathlib import Path

from w12lib import *

toks = ["猫", "が", "走る"]
Xs = [["0.9", "0.1", "0.4", "0.2"], ["0.2", "0.8", "0.1", "0.5"], ["0.6", "0.3", "0.7", "0.1"]]
Wqs = [["0.4", "0.2", "0.1"], ["0.3", "0.5", "0.2"], ["0.1", "0.6", "0.4"], ["0.5", "0.1", "0.3"]]
Wks = [["0.2", "0.5", "0.3"], ["0.6", "0.1", "0.4"], ["0.3", "0.2", "0.7"], ["0.1", "0.4", "0.2"]]
Wvs = [["0.7", "0.1", "0.3"], ["0.2", "0.6", "0.1"], ["0.4", "0.3", "0.8"], ["0.1", "0.5", "0.2"]]
a = attention(Xs, Wqs, Wks, Wvs)

d = Doc("qiita-pandas-print-ja", "md",
        "Japanese Qiita article: self-attention over 猫, が, 走る with Wq/Wk/Wv 4 -> 3, / sqrt(3), every step a pandas "
        "DataFrame printed as text (print(df.round(4))), index = tokens",
        "attention with Wq, Wk, Wv (4 -> 3), scaled by sqrt(3), over the tokens 猫, が, 走る", script=Path(__file__).name)
A = d
A("---")
A("title: pandasのDataFrameでSelf-Attentionの中身を全部見る")
A("tags: Python pandas NumPy Transformer 自然言語処理")
A("author: tsukimi_ml")
A("slide: false")
A("---")
A("")
A("@tsukimi_ml 2024年10月03日に更新", nots=["2024", "10", "03"])
A("")
A("# はじめに")
A("")
A("Transformerの注意機構を勉強していると、行列の形ばかり気になって中身の数字が見えなくなります。"
  "そこで今回は、トークンを行ラベルにした `pandas.DataFrame` で各ステップを表示してみました。")
A("")
A("環境: Python 3.11 / numpy 1.26.4 / pandas 2.2.2", nots=["3.11", "1.26.4", "2.2.2"])
A("")
A("# 入力と重み")
A("")
A("文は「猫が走る」の3トークン、埋め込みは4次元、ヘッドの次元は d_k = 3 にしました"
  "（本物のBERT-baseなら d_model = 768, d_k = 64 です）。", nots=["3", "4", "768", "64"])
A("")
A("```python:attention_df.py")
A("import numpy as np")
A("import pandas as pd")
A("")
A('tokens = ["猫", "が", "走る"]')
A("X = np.array([")
for t, r in zip(toks, Xs):
    A(f"    [{', '.join(r)}],  # {t}")
A("])")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = np.array([{', '.join('[' + ', '.join(r) + ']' for r in M)}])")
A("")
A("def show(arr, cols):")
A("    print(pd.DataFrame(arr, index=tokens, columns=cols).round(4))")
A("```")
A("")
A("# Q, K, V")
A("")
A("```python")
A("Q, K, V = X @ W_q, X @ W_k, X @ W_v")
A('for name, M in [("Q", Q), ("K", K), ("V", V)]:')
A("    print(name)")
A('    show(M, ["d1", "d2", "d3"])')
A("```")
A("")
A("```:出力")
for nm in ("Q", "K", "V"):
    A(nm)
    t, rl, _, _, c = pd_frame(a[nm], toks, ["d1", "d2", "d3"])
    put(d, t, rl, c, nm, toks)
A("```")
A("")
A("例えば 猫 のクエリの1成分目は 0.9×0.4 + 0.1×0.3 + 0.4×0.1 + 0.2×0.5 = " + lit(a["Q"][0][0]) + " です。",
  claims=[(lit(a["Q"][0][0]), "Q[猫][1]", "correct")], opts=["0.9", "0.4", "0.1", "0.3", "0.4", "0.1", "0.2", "0.5"])
A("")
A("# スコアとスケーリング")
A("")
A("```python")
A("scores = Q @ K.T")
A("show(scores, tokens)")
A("scaled = scores / np.sqrt(3)")
A("show(scaled, tokens)")
A("```")
A("")
A("```:出力")
t, rl, _, _, c = pd_frame(a["S"], toks, toks); put(d, t, rl, c, "scores", toks)
t, rl, _, _, c = pd_frame(a["Sc"], toks, toks); put(d, t, rl, c, "scaled", toks)
A("```")
A("")
A("# softmax と出力")
A("")
A("```python")
A("weights = np.exp(scaled) / np.exp(scaled).sum(axis=1, keepdims=True)")
A("show(weights, tokens)")
A("out = weights @ V")
A('show(out, ["d1", "d2", "d3"])')
A("```")
A("")
A("```:出力")
t, rl, _, _, cw = pd_frame(a["W"], toks, toks); put(d, t, rl, cw, "weights", toks)
t, rl, _, _, c = pd_frame(a["C"], toks, ["d1", "d2", "d3"]); put(d, t, rl, c, "context", toks)
A("```")
A("")
j = max(range(3), key=lambda j: a["W"][2][j])
A(f"走る の行を見ると、いちばん大きい重みは {toks[j]} への {cw[2][j]} でした。ただ、どの行もほぼ一様で、"
  "入力がこれだけ小さいと softmax はあまり尖りません。", claims=[(cw[2][j], f"weights[走る,{toks[j]}]", "correct")])
A("")
A("# まとめ")
A("")
A("- DataFrameにすると行と列にトークン名が付くので、どの数字が誰から誰への注意かが一目で分かる")
A("- `round(4)` で表示を4桁に揃えると、末尾の0は列ごとに省略されることがある")
A("")
A("## 参考")
A("")
A("[1] Vaswani et al., Attention Is All You Need, 2017.", nots=["1", "2017"])
d.save()
