"""Japanese Zenn article (front matter with emoji/type/topics, :::message and :::details blocks, Markdown tables):
single-head attention with Wq/Wk/Wv for 3 tokens (d_model 3 -> d_k 2), Q/K/V table, scores, /sqrt(2), softmax,
outputs; then the last token's output through W_out (2 x 4) gives next-token logits and a softmax over 4 words."""
from pathlib import Path

from w7lib import *

toks = ["吾輩", "は", "猫"]
Xs = [["0.6", "0.1", "-0.3"], ["0.2", "0.5", "0.4"], ["-0.1", "0.7", "0.3"]]
Wqs = [["1.2", "-0.4"], ["0.3", "1.5"], ["-0.8", "0.6"]]
Wks = [["0.9", "0.3"], ["-0.5", "1.1"], ["1.4", "-0.2"]]
Wvs = [["0.2", "0.6"], ["0.7", "-0.1"], ["0.1", "0.3"]]
vocab = ["で", "ある", "だ", "。"]
Wos = [["0.9", "-0.4", "0.3", "0.1"], ["0.2", "0.8", "-0.5", "0.6"]]
X, Wq, Wk, Wv, Wo = map(mat, (Xs, Wqs, Wks, Wvs, Wos))
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
S, Sc, E, Z, W, C = sdpa(Q, K, V)
h = C[2]
z = vm(h, Wo)
p = softmax(z)
Xn = np.array(Xs, float); Qn, Kn, Vn = Xn @ np.array(Wqs, float), Xn @ np.array(Wks, float), Xn @ np.array(Wvs, float)
Wn = np_softmax(Qn @ Kn.T / np.sqrt(2)); Cn = Wn @ Vn; zn = Cn[2] @ np.array(Wos, float)
agree(W, Wn); agree(C, Cn); agree(z, zn); agree(p, np_softmax(zn))
F = lambda v: rnd(v, 4)

d = Doc("zenn-attn-next-ja", "md",
        "Japanese Zenn article (front matter, :::message / :::details, Markdown tables): single-head attention with "
        "Wq/Wk/Wv over 3 tokens (3 -> 2), Q/K/V, scores, scaled scores, weights, outputs, then the last output times "
        "W_out gives next-token logits and probabilities over a 4-word vocabulary",
        "attention with Wq, Wk, Wv (scaled by sqrt(2)), then logits = context[猫] W_out and softmax over 4 words",
        script=Path(__file__).name)
A = d
A("---")
A('title: "手で計算する Self-Attention と次トークン予測（3トークン版）"')
A('emoji: "🐈"')
A('type: "tech"')
A('topics: ["transformer", "attention", "自然言語処理", "python"]')
A("published: true")
A("published_at: 2024-11-03 09:30", nots=["2024", "11", "03"])
A("---")
A("")
A("## はじめに")
A("")
A("Transformer の中身を「数字で」追いかけたくて、3 トークン・2 次元の小さな例を手で計算しました。"
  "論文の設定（$d_{model}=512$, $h=8$）とは桁違いに小さいですが、計算の流れは同じです。", nots=["3", "2", "512", "8"])
A("")
A(":::message")
A("数値は小数第 4 位に四捨五入しています。途中の丸めは次の計算に持ち込まず、常に丸める前の値から計算しています。", nots=["4"])
A(":::")
A("")
A("## 入力と重み")
A("")
A("文は「吾輩 は 猫」です。各トークンの埋め込み $x$ は次の表のとおり。")
A("")
A("| トークン | $x_1$ | $x_2$ | $x_3$ |")
A("|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | {' | '.join(r)} |")
A("")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A(f"$$ {nm} = \\begin{{pmatrix}} " + " \\\\ ".join(" & ".join(r) for r in M) + " \\end{pmatrix} $$")
    A("")
A("## Step 1: Q, K, V")
A("")
A("$Q = XW_Q$ などを計算します。例として「吾輩」の $q_1$ は")
A("")
terms = " + ".join(f"{a} \\times {par(b)}" for a, b in zip(Xs[0], [r[0] for r in Wqs]))
A(f"$$ q_1 = {terms} = {lit(Q[0][0])} $$", claims=[(lit(Q[0][0]), "Q[吾輩][1]", "correct")],
  opts=Xs[0] + [r[0] for r in Wqs])
A("")
A("| トークン | $Q$ | $K$ | $V$ |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    cl = []
    cells = []
    for nm, M in (("Q", Q), ("K", K), ("V", V)):
        a, b = lit(M[i][0]), lit(M[i][1])
        cl += [(a, f"{nm}[{t}][1]", "correct"), (b, f"{nm}[{t}][2]", "correct")]
        cells.append(f"({a}, {b})")
    A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
A("")
A("## Step 2: スコアとスケーリング")
A("")
A("$QK^\\top$ を計算し、$\\sqrt{d_k} = \\sqrt{2} \\approx 1.4142$ で割ります。",
  claims=[("1.4142", "sqrt_dk", "correct")], nots=["2"])
A("")
A("| $q \\backslash k$ | " + " | ".join(toks) + " |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(lit(S[i][j]) for j in range(3)) + " |",
      claims=[(lit(S[i][j]), f"scores[{t},{toks[j]}]", "correct") for j in range(3)])
A("")
A("スケール後：")
A("")
A("| $q \\backslash k$ | " + " | ".join(toks) + " |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(F(Sc[i][j]) for j in range(3)) + " |",
      claims=[(F(Sc[i][j]), f"scaled[{t},{toks[j]}]", "correct") for j in range(3)])
A("")
A("## Step 3: softmax")
A("")
A(":::details 「猫」の行を手で計算する")
A("")
for j in range(3):
    A(f"- $e^{{{F(Sc[2][j])}}} = {F(E[2][j])}$",
      claims=[(F(E[2][j]), f"exp[猫,{toks[j]}]", "correct")], opts=[F(Sc[2][j])])
A(f"- 合計 ${' + '.join(F(E[2][j]) for j in range(3))} = {F(Z[2])}$",
  claims=[(F(Z[2]), "expsum[猫]", "correct")], opts=[F(E[2][j]) for j in range(3)])
A(f"- 「猫」→「吾輩」の重み ${F(E[2][0])} / {F(Z[2])} = {F(W[2][0])}$",
  claims=[(F(W[2][0]), "weights[猫,吾輩]", "correct")], opts=[F(E[2][0]), F(Z[2])])
A("")
A(":::")
A("")
A("| $q \\backslash k$ | " + " | ".join(toks) + " | 合計 |")
A("|---|---|---|---|---|")
for i, t in enumerate(toks):
    A(f"| {t} | " + " | ".join(F(W[i][j]) for j in range(3)) + " | 1 |",
      claims=[(F(W[i][j]), f"weights[{t},{toks[j]}]", "correct") for j in range(3)], opts=["1"])
A("")
jmax = max(range(3), key=lambda j: W[2][j])
A(f"「猫」がいちばん注目しているのは「{toks[jmax]}」（{F(W[2][jmax])}）でした。",
  claims=[(F(W[2][jmax]), f"weights[猫,{toks[jmax]}]", "correct")])
A("")
A("## Step 4: 出力")
A("")
A("重みで $V$ を混ぜます。「猫」の 1 成分目：")
A("")
A(f"$$ {F(W[2][0])} \\times {lit(V[0][0])} + {F(W[2][1])} \\times {lit(V[1][0])} + {F(W[2][2])} \\times {lit(V[2][0])} "
  f"= {F(C[2][0])} $$", claims=[(F(C[2][0]), "context[猫][1]", "correct")],
  opts=[F(W[2][j]) for j in range(3)] + [lit(V[j][0]) for j in range(3)])
A("")
A("| トークン | 出力 1 | 出力 2 |")
A("|---|---|---|")
for i, t in enumerate(toks):
    A(f"| {t} | {F(C[i][0])} | {F(C[i][1])} |",
      claims=[(F(C[i][0]), f"context[{t}][1]", "correct"), (F(C[i][1]), f"context[{t}][2]", "correct")])
A("")
A("## Step 5: 次のトークンを予測する")
A("")
A("最後の位置「猫」の出力 $h$ に語彙の重み $W_{out}$（2 × 4）を掛けて logits を出し、softmax で確率にします。",
  nots=["2", "4"])
A("")
A("$$ W_{out} = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(r) for r in Wos) + " \\end{pmatrix} "
  "\\quad (\\text{列: " + ", ".join(vocab) + "}) $$")
A("")
A(f"たとえば「で」の logit は ${F(h[0])} \\times {Wos[0][0]} + {F(h[1])} \\times {Wos[1][0]} = {F(z[0])}$ です。",
  claims=[(F(z[0]), "logits[猫][で]", "correct")], opts=[F(h[0]), F(h[1]), Wos[0][0], Wos[1][0]])
A("")
A("| 次の語 | logit | 確率 |")
A("|---|---|---|")
for j, w in enumerate(vocab):
    A(f"| {w} | {F(z[j])} | {F(p[j])} |",
      claims=[(F(z[j]), f"logits[猫][{w}]", "correct"), (F(p[j]), f"probs[猫][{w}]", "correct")])
A("")
jm = max(range(4), key=lambda j: p[j])
pc = mpf(100) * p[jm]
A(f"いちばん確率が高いのは「{vocab[jm]}」で、約 {rnd(pc, 1)}% でした。まだ学習していない重みなので、"
  "「吾輩は猫である」にはなりませんね。", claims=[(rnd(pc, 1) + "%", f"probs[猫][{vocab[jm]}]", "correct")])
A("")
A("## おわりに")
A("")
A("次回は 2 ヘッドに増やして、$W_O$ で混ぜるところまでやります。", nots=["2"])
d.save()
