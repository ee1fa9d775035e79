"""Japanese Qiita article: numpy code blocks (```python:self_attention.py) each followed by a ```:出力 block with the
repr a Jupyter cell shows, `array([[ 0.37, ...]])`, under np.set_printoptions(precision=4, suppress=True).
Scaled dot-product attention with Wq/Wk/Wv on 3 tokens (d_model = 4, d_k = 3), one row worked in prose."""
from pathlib import Path

from w6lib import *

toks = ["猫", "が", "好き"]
Xs = [["0.2", "0.9", "-0.4", "0.5"], ["-0.6", "0.1", "0.8", "0.3"], ["0.7", "-0.3", "0.2", "0.6"]]
Wq = [["0.3", "-0.1", "0.5"], ["0.6", "0.2", "-0.3"], ["-0.2", "0.7", "0.1"], ["0.4", "0.0", "0.8"]]
Wk = [["0.5", "0.2", "-0.4"], ["-0.1", "0.6", "0.3"], ["0.2", "-0.5", "0.7"], ["0.3", "0.1", "0.2"]]
Wv = [["0.1", "0.8", "-0.2"], ["0.4", "-0.3", "0.6"], ["0.7", "0.2", "0.1"], ["-0.5", "0.3", "0.4"]]
X = mat(Xs)
Q, K, V = mm(X, mat(Wq)), mm(X, mat(Wk)), mm(X, mat(Wv))
S, Sc, E, Z, W, O = sdpa(Q, K, V)
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(w, float) for w in (Wq, Wk, Wv))
Sn = Qn @ Kn.T
Wn = np_softmax(Sn / np.sqrt(3))
agree(Q, Qn); agree(S, Sn); agree(Sc, Sn / np.sqrt(3)); agree(W, Wn); agree(O, Wn @ Vn)

d = Doc("qiita-numpy-repr-ja", "md",
        "Japanese Qiita article (front matter with tags, ```python:file.py code blocks, ```:出力 blocks holding the "
        "numpy repr array([[...]]) of each result under set_printoptions(precision=4, suppress=True), :::note blocks): "
        "scaled dot-product attention with Wq, Wk, Wv on 3 tokens, d_model = 4, d_k = 3",
        "softmax(Q K^T / sqrt(3)) V with Q = X Wq, K = X Wk, V = X Wv",
        script=Path(__file__).name)
A = d


def out_block(M_, qty, col_names=None, prec=4, claim=True, floats=None):
    lines, vals = np_repr_lines(M_, prec)
    np_check_against_numpy(floats, prec, lines)
    A("```:出力")
    for i, ln in enumerate(lines):
        cl = []
        if claim:
            cl = [(vals[i][j], f"{qty}[{toks[i]}{',' + col_names[j] if col_names else ''}]"
                   + ("" if col_names else f"[{j + 1}]"), "correct") for j in range(len(vals[i]))]
        A(ln, claims=cl)
    A("```")


A("---")
A("title: NumPyだけでScaled Dot-Product Attentionを1行ずつ追いかける")
A("tags: Python NumPy Transformer 自然言語処理 機械学習")
A("author: tsukimi_nlp")
A("slide: false")
A("---")
A("")
A("## はじめに")
A("")
A("Transformerの論文を読んで「$\\mathrm{softmax}(QK^\\top/\\sqrt{d_k})V$ は分かった気がする」状態から、実際に数字を"
  "追いかけて腹落ちさせるのが本記事の目的です。ライブラリはNumPyだけ使います。")
A("")
A(":::note info")
A("環境: Python 3.11 / NumPy 1.26 / Jupyter Lab。出力はセルの評価結果をそのまま貼っています。", nots=["3.11", "1.26"])
A(":::")
A("")
A("## 入力とパラメータ")
A("")
A("「猫 が 好き」の3トークンを、それぞれ4次元のベクトルで表します（値は手で決めたものです）。", nots=["3", "4"])
A("")
A("```python:self_attention.py")
A("import numpy as np")
A("np.set_printoptions(precision=4, suppress=True)", nots=["4"])
A("")
A("X = np.array([")
for r, t in zip(Xs, toks):
    A(f"    [{', '.join(r)}],  # {t}")
A("])")
A("")
for nm, Wm in (("W_q", Wq), ("W_k", Wk), ("W_v", Wv)):
    A(f"{nm} = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Wm) + "])")
A("```")
A("")
A("$d_{model}=4$, $d_k=3$ です。", nots=["4", "3"])
A("")
A("## Q, K, V を作る")
A("")
A("```python")
A("Q = X @ W_q")
A("K = X @ W_k")
A("V = X @ W_v")
A("Q")
A("```")
out_block(Q, "Q", floats=Qn)
A("")
A("```python")
A("K")
A("```")
out_block(K, "K", floats=Kn)
A("")
A("```python")
A("V")
A("```")
out_block(V, "V", floats=Vn)
A("")
A("## スコアとスケーリング")
A("")
A("```python")
A("scores = Q @ K.T")
A("scores")
A("```")
out_block(S, "scores", col_names=toks, floats=Sn)
A("")
A(f"$\\sqrt{{3}} \\approx {rnd(mpmath.sqrt(3), 4)}$ で割ります。", claims=[(rnd(mpmath.sqrt(3), 4), "sqrt_dk", "correct")],
  nots=["3"])
A("")
A("```python")
A("scaled = scores / np.sqrt(Q.shape[-1])")
A("scaled")
A("```")
out_block(Sc, "scaled", col_names=toks, floats=Sn / np.sqrt(3))
A("")
A("## softmax")
A("")
A("```python")
A("def softmax(x):")
A("    e = np.exp(x - x.max(axis=-1, keepdims=True))")
A("    return e / e.sum(axis=-1, keepdims=True)")
A("")
A("weights = softmax(scaled)")
A("weights")
A("```")
out_block(W, "weights", col_names=toks, floats=Wn)
A("")
F = lambda v: rnd(v, 4)
A(f"1行目（「猫」がクエリ）を手で確かめると、$e^{{{F(Sc[0][0])}}} = {F(E[0][0])}$、"
  f"$e^{{{F(Sc[0][1])}}} = {F(E[0][1])}$、$e^{{{F(Sc[0][2])}}} = {F(E[0][2])}$、"
  f"合計 ${F(Z[0])}$ なので、「猫」自身への重みは ${F(E[0][0])} / {F(Z[0])} \\approx {F(W[0][0])}$ です。",
  claims=[(F(E[0][0]), "exp[猫,猫]", "correct"), (F(E[0][1]), "exp[猫,が]", "correct"),
          (F(E[0][2]), "exp[猫,好き]", "correct"), (F(Z[0]), "expsum[猫]", "correct"),
          (F(W[0][0]), "weights[猫,猫]", "correct")],
  opts=[F(Sc[0][0]), F(Sc[0][1]), F(Sc[0][2]), F(E[0][0]), F(Z[0])])
A("")
A(":::note warn")
A("`x.max()` を引いているのはオーバーフロー対策で、結果は変わりません。")
A(":::")
A("")
A("## 出力")
A("")
A("```python")
A("out = weights @ V")
A("out")
A("```")
out_block(O, "context", floats=Wn @ Vn)
A("")
A(f"「好き」の行は「猫」に {trim(rnd(W[2][0] * 100, 1))}% の重みを置いていて、出力の1次元目は "
  f"{F(O[2][0])} になりました。",
  claims=[(trim(rnd(W[2][0] * 100, 1)), "weights[好き,猫] in percent", "correct"), (F(O[2][0]), "context[好き][1]", "correct")],
  nots=["1"])
A("")
A("## おわりに")
A("")
A("次回はこれを2ヘッドに分けて、`W_o` で結合するところまでやります。LGTMいただけると励みになります🙏", nots=["2"])
d.save()
