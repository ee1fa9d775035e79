"""Japanese Qiita article (title, @user, 更新日, tags, LGTM count, :::note blocks, ```python:file.py``` fences): tokens
only in code comments (`# "魚"`) and the rows are in a different order from the sentence 「猫が魚を食べた」; attention to
the OTHER tokens only (the diagonal masked with -inf, as the author says); numpy prints Q/K/V and the raw scores, then
everything is continued by hand from the printed numbers (chained): /1.4142, e^x of the two live cells, sums,
weights (masked cells written 0), outputs."""
from pathlib import Path

from w9lib import *

rows = ["魚", "食べた", "猫"]                      # the code's row order (sentence: 猫 魚 食べた)
Xs = [["0.7", "0.2", "0.5"], ["0.1", "0.9", "0.4"], ["0.6", "0.3", "0.8"]]
Wqs = [["0.3", "0.8"], ["0.5", "-0.2"], ["0.4", "0.6"]]
Wks = [["0.6", "0.1"], ["0.2", "0.7"], ["-0.3", "0.5"]]
Wvs = [["0.9", "0.2"], ["0.1", "0.6"], ["0.4", "0.3"]]
X, Wq, Wk, Wv = map(mat, (Xs, Wqs, Wks, Wvs))
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
n = 3
S = [[lit(dot(Q[i], K[j])) for j in range(n)] for i in range(n)]
Vl = [[lit(v) for v in r] for r in V]
Sc = [[rnd(mpf(S[i][j]) / mpf("1.4142"), 4) if i != j else None for j in range(n)] for i in range(n)]
Es, Zs, Ws, Cs = [], [], [], []
for i in range(n):
    e = [rnd(mpmath.exp(mpf(Sc[i][j])), 4) if i != j else None for j in range(n)]
    z = rnd(mpmath.fsum(mpf(x) for x in e if x is not None), 4)
    w = [rnd(mpf(x) / mpf(z), 4) if x is not None else "0" for x in e]
    c = [rnd(mpmath.fsum(mpf(w[j]) * mpf(Vl[j][m]) for j in range(n)), 4) for m in range(2)]
    Es.append(e); Zs.append(z); Ws.append(w); Cs.append(c)
# float64: the exact no-self attention, and the chained numbers stay near it
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(M, float) for M in (Wqs, Wks, Wvs))
Sn = Qn @ Kn.T / np.sqrt(2); np.fill_diagonal(Sn, -np.inf); Wn = np_softmax(Sn); Cn = Wn @ Vn
Se = [[dot(Q[i], K[j]) / mpmath.sqrt(2) for j in range(n)] for i in range(n)]
We = []
for i in range(n):
    ee = [mpmath.exp(Se[i][j]) if i != j else mpf(0) for j in range(n)]
    We.append([x / mpmath.fsum(ee) for x in ee])
agree(We, Wn); agree(mm(We, V), Cn)
assert np.abs(np.array(Ws, float) - Wn).max() < 3e-4 and np.abs(np.array(Cs, float) - Cn).max() < 6e-4

d = Doc("qiita-noself-ja", "md",
        "Japanese Qiita article: tokens only in code comments, X's rows in another order (魚, 食べた, 猫) than the "
        "sentence 猫が魚を食べた; attention to the other tokens only (diagonal masked); numpy prints Q/K/V and "
        "scores, then the rest by hand from the printed numbers (√2 as 1.4142)",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2) written 1.4142, diagonal masked (no-self), rows in "
        "the order 魚, 食べた, 猫",
        script=Path(__file__).name, rounding="chained")
A = d
A("# 自分自身を見ない Self-Attention を手で追う（対角マスク）")
A("")
A("@kaname_nlp（要 直人）　　2024年06月02日に更新", nots=["2024", "06", "02"])
A("")
A("**Python** **NumPy** **Transformer** **自然言語処理**")
A("")
A("LGTM 15　　ストック 9", nots=["15", "9"])
A("")
A("## はじめに")
A("")
A("ある論文の実装を読んでいたら、アテンションの対角成分（自分自身へのスコア）を $-\\infty$ で潰して、"
  "**他のトークンだけを見る**ようにしていました。普通の Self-Attention と何が変わるのか、"
  "「猫が魚を食べた」の 3 単語（猫・魚・食べた）で確かめます。", nots=["3"])
A("")
A(":::note info")
A("行列の行の順番は、コードを書いたときの都合で **魚・食べた・猫** になっています（文の順番ではありません）。"
  "以下の表もすべてこの順番です。")
A(":::")
A("")
A("## 入力と重み")
A("")
A("```python:noself_attention.py")
A("import numpy as np")
A("")
A("X = np.array([")
for r, t in zip(Xs, rows):
    A(f"    [{', '.join(r)}],  # \"{t}\"")
A("])")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])")
A("")
A("Q, K, V = X @ W_q, X @ W_k, X @ W_v")
A("print(Q); print(K); print(V)")
A("S = Q @ K.T")
A("print(S)")
A("```")
A("")
A("```:出力")
for nm, M in (("Q", Q), ("K", K), ("V", V)):
    lines, cells = np_print([[float(v) for v in r] for r in M], M, precision=4, suppress=True)
    for i, l in enumerate(lines):
        A(l, claims=[(cells[i][m], f"{nm}[{rows[i]}][{m + 1}]", "correct") for m in range(2)])
lines, cells = np_print([[float(mpf(v)) for v in r] for r in S], [[mpf(v) for v in r] for r in S],
                        precision=4, suppress=True)
for i, l in enumerate(lines):
    A(l, claims=[(cells[i][j], f"scores[{rows[i]},{rows[j]}]", "correct") for j in range(n)])
A("```")
A("")
A("ここから先は電卓です。途中は小数第 4 位で丸めて、その値を次に使っています。", nots=["4"])
A("")
A("## 対角をマスクしてスケーリング")
A("")
A("対角（魚→魚、食べた→食べた、猫→猫）は $-\\infty$ にします。残りを $\\sqrt{2} \\approx 1.4142$ で割ると：",
  claims=[("1.4142", "sqrt_dk", "correct")], nots=["2"])
A("")
A("| query＼key | " + " | ".join(rows) + " |")
A("|---|---|---|---|")
for i, t in enumerate(rows):
    cells, cl = [], []
    for j in range(n):
        if i == j:
            cells.append("$-\\infty$")
        else:
            cells.append(Sc[i][j]); cl.append((Sc[i][j], f"scaled[{t},{rows[j]}]", "correct"))
    A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
A("")
A("## softmax（生きている 2 マスだけ）", nots=["2"])
A("")
for i, t in enumerate(rows):
    live = [j for j in range(n) if j != i]
    a, b = live
    A(f"- **{t}**：$e^{{{Sc[i][a]}}} = {Es[i][a]}$, $e^{{{Sc[i][b]}}} = {Es[i][b]}$, 合計 ${Zs[i]}$ → "
      f"{rows[a]} ${Ws[i][a]}$, {rows[b]} ${Ws[i][b]}$",
      claims=[(Es[i][a], f"exp[{t},{rows[a]}]", "correct"), (Es[i][b], f"exp[{t},{rows[b]}]", "correct"),
              (Zs[i], f"expsum[{t}]", "correct"), (Ws[i][a], f"weights[{t},{rows[a]}]", "correct"),
              (Ws[i][b], f"weights[{t},{rows[b]}]", "correct")],
      opts=[Sc[i][a], Sc[i][b]])
A("")
A("| query＼key | " + " | ".join(rows) + " |")
A("|---|---|---|---|")
for i, t in enumerate(rows):
    A(f"| {t} | " + " | ".join(Ws[i]) + " |", claims=[(Ws[i][j], f"weights[{t},{rows[j]}]", "correct") for j in range(n)])
A("")
A(":::note warn")
A("対角の 0 は「計算したら 0 になった」のではなく、マスクで 0 にしたものです。")
A(":::", )
A("")
A("## 出力")
A("")
i = 2
live = [j for j in range(n) if j != i]
A(f"猫の 1 成分目：${Ws[i][live[0]]} \\times {Vl[live[0]][0]} + {Ws[i][live[1]]} \\times {Vl[live[1]][0]} = {Cs[i][0]}$",
  claims=[(Cs[i][0], "context[猫][1]", "correct")],
  opts=[Ws[i][live[0]], Vl[live[0]][0], Ws[i][live[1]], Vl[live[1]][0]], nots=["1"])
A("")
A("| トークン | 出力 1 | 出力 2 |")
A("|---|---|---|")
for i, t in enumerate(rows):
    A(f"| {t} | {Cs[i][0]} | {Cs[i][1]} |",
      claims=[(Cs[i][0], f"context[{t}][1]", "correct"), (Cs[i][1], f"context[{t}][2]", "correct")])
A("")
A("自分の値 $v_i$ がまったく混ざらないので、各トークンの出力は「他の 2 単語の平均っぽいもの」になります。",
  nots=["2"])
A("")
A("## まとめ")
A("")
A("- 対角マスクは `np.fill_diagonal(S, -np.inf)` の 1 行で書けます。", nots=["1"])
A("- 行の順番（魚・食べた・猫）を文の順番と取り違えないように注意。")
d.save()
