"""Japanese Jupyter notebook, NumPy float64 at the default print options: four tokens typed as an array literal
(d = 3), the projections are the identity (`Q = X`, `K = X`, `V = X`, three alias lines), then prints of Q K^T,
the scores divided by sqrt(3), the row softmax (NumPy's full 8-decimal print) and the output. A closing markdown
cell restates two weights and one output value to 4 decimals. Every claim is correct."""
from pathlib import Path

from w22lib import *

toks = ["今日", "は", "晴れ", "です"]
Xs = [["1.0", "0.2", "-0.5"], ["0.1", "0.9", "0.3"], ["0.8", "-0.4", "0.7"], ["-0.3", "0.6", "0.5"]]
I3 = [["1", "0", "0"], ["0", "1", "0"], ["0", "0", "1"]]
a = attention(Xs, I3, I3, I3)                 # Q = K = V = X, scaled by sqrt(3); exact and float64 agree
agree(a["Sc"], a["np"]["S"] / np.sqrt(3))

d = Doc("numpy-identity-ja", "ipynb",
        "Japanese Jupyter notebook, NumPy float64 at the default print options: X typed as a literal (4 tokens, "
        "d = 3), Q = X, K = X, V = X as alias lines, prints of Q K^T, the scaled scores, the softmax weights and "
        "the output; a markdown summary restating three printed values to 4 decimals",
        "attention on the inputs themselves (Q = K = V = X, no projections), scaled by sqrt(3), over the tokens "
        "今日, は, 晴れ, です",
        script=Path(__file__).name,
        note="The inputs are typed literals (exact); Q, K and V are X itself. Every printed output is NumPy float64 "
             "at the default precision (up to 8 decimals), correct to its digits. Every claim is correct.")
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                    "pygments_lexer": "ipython3", "version": "3.12.4"}})

pair = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")
vec = lambda nm: (lambda i, j: f"{nm}[{toks[i]}][{j + 1}]")


def printed(key, qty):
    ls, cells = np_print(a["np"][key], a[key])
    return rows_to_items(ls, cells, qty), cells


nb.md(["# 重みなしのセルフアテンション（NumPy）",
       "",
       "学習可能な射影 $W^Q, W^K, W^V$ を使わず、入力そのものをクエリ・キー・バリューにした場合の計算を追ってみる。",
       "式は $\\mathrm{softmax}(QK^\\top/\\sqrt{d})\\,V$ で、$Q = K = V = X$。"])
nb.code(["import numpy as np"])
nb.md(["## 入力", "", "文は「今日 は 晴れ です」の4トークン。埋め込みは3次元で、値は適当に決めた。"])
nb.code(["X = np.array([",
         *[L(f"    [{', '.join(r)}],   # {t}", (), (), r) for r, t in zip(Xs, toks)],
         "])",
         "",
         "# 射影なし：入力をそのまま使う",
         "Q = X",
         "K = X",
         "V = X",
         "d = X.shape[1]",
         "print(d)"], stdout=[L("3", (), (), ["3"])])
nb.md(["## スコア $QK^\\top$", "", "$Q$ と $K$ が同じなので、スコア行列は対称になる。"])
so, scells = printed("S", pair("scores"))
nb.code(["scores = Q @ K.T", "print(scores)"], stdout=so)
nb.md(["## スケーリング", "", "$\\sqrt{d} = \\sqrt{3}$ で割る。"])
so, _ = printed("Sc", pair("scaled"))
nb.code(["scaled = scores / np.sqrt(d)", "print(scaled)"], stdout=so)
nb.md(["## ソフトマックス", "", "行ごとに最大値を引いてから指数をとる（オーバーフロー対策）。"])
so, wcells = printed("W", pair("weights"))
nb.code(["def softmax(z):",
         "    z = z - z.max(axis=-1, keepdims=True)",
         "    e = np.exp(z)",
         "    return e / e.sum(axis=-1, keepdims=True)",
         "",
         "weights = softmax(scaled)",
         "print(weights)"], stdout=so)
nb.md(["## 出力", "", "重みで $V$（＝$X$）の行を混ぜる。"])
so, ocells = printed("C", vec("context"))
nb.code(["out = weights @ V", "print(out)"], stdout=so)

w00 = rnd(a["W"][0][0], 4); w22 = rnd(a["W"][2][2], 4); w21 = rnd(a["W"][2][1], 4)
o31 = rnd(a["C"][3][1], 4)
for s, c in ((w00, wcells[0][0]), (w22, wcells[2][2]), (w21, wcells[2][1]), (o31, ocells[3][1])):
    assert s == rnd(mpf(c), 4), (s, c)     # the summary's 4 decimals are the printed values rounded
nb.md(["## まとめ", "",
       L(f"- どのトークンも自分自身に一番大きな重みを置く。たとえば「今日」→「今日」は約 {w00}、"
         f"「晴れ」→「晴れ」は約 {w22}。",
         [(w00, f"weights[{toks[0]},{toks[0]}]", "correct"), (w22, f"weights[{toks[2]},{toks[2]}]", "correct")]),
       L(f"- 逆に「晴れ」から「は」への重みは {w21} と小さい（内積が負なので）。",
         [(w21, f"weights[{toks[2]},{toks[1]}]", "correct")]),
       L(f"- 出力の「です」の行の2番目の成分は {o31} で、元の 0.6 より小さくなっている。",
         [(o31, f"context[{toks[3]}][2]", "correct")], (), ["0.6"]),
       "- 射影がないので「何に注目するか」を学習できない。これが $W^Q, W^K, W^V$ を入れる理由。"])
nb.save()
