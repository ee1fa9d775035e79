"""Japanese Zenn article (front matter with emoji/type/topics, :::message, :::details): self-attention over the
sentence 私は本を読む (tokens 私, 本, 読む named only in a sentence), d_model 3, d_k 2; every matrix a $$bmatrix$$
with one row per line; the author divides by 1.4142 and carries every printed 4-decimal number into the next
step (chained)."""
from pathlib import Path

from w10lib import *

toks = ["私", "本", "読む"]
Xs = [["1.2", "-0.3", "0.5"], ["0.1", "1.4", "-0.6"], ["0.7", "0.6", "1.1"]]
Wqs = [["0.9", "-0.2"], ["0.1", "0.8"], ["0.4", "0.5"]]
Wks = [["0.7", "0.3"], ["-0.2", "0.9"], ["0.5", "0.6"]]
Wvs = [["0.6", "0.1"], ["0.2", "0.9"], ["-0.4", "0.7"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, W, C = (a[k] for k in ("Q", "K", "V", "S", "W", "C"))
Sp = [[rnd(v, 4) for v in r] for r in S]
for r, e in zip(Sp, S):
    for s, v in zip(r, e):
        assert abs(mpf(s) - v) < mpf(10) ** -40   # the raw scores are exact at 4 decimals
ch = chain_rows(Sp, "1.4142", V, nd=4)
chain_close(ch["w"], W); chain_close(ch["c"], C); chain_close(ch["sc"], a["Sc"])

d = Doc("zenn-bmatrix-ja", "md",
        "Japanese Zenn article: self-attention over 私, 本, 読む (named only in a sentence), Wq/Wk/Wv 3 -> 2, every "
        "matrix a bmatrix with one row per line; scores divided by 1.4142 and every printed 4-decimal number "
        "carried into the next step",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2) written 1.4142, over the tokens 私, 本, 読む",
        script=Path(__file__).name, rounding="chained")
A = d


def bmat(name, rows, qty=None, given=False, note=""):
    A("$$")
    A(f"{name} = \\begin{{bmatrix}}")
    for i, r in enumerate(rows):
        tail = " \\\\" if i < len(rows) - 1 else ""
        txt = " & ".join(um(s) if False else s for s in r) + tail
        if given:
            A(txt)
        else:
            A(txt, claims=[(s, qty(i, j), "correct") for j, s in enumerate(r)])
    A("\\end{bmatrix}" + note)
    A("$$")


A("---")
A('title: "Self-Attentionを電卓で計算してみた（3トークン・2次元）"')
A('emoji: "🧮"')
A('type: "tech"')
A('topics: ["transformer", "attention", "機械学習", "自然言語処理"]')
A("published: true")
A("---")
A("")
A("## はじめに")
A("")
A("Transformerの記事は数式ばかりで、実際に数字を流してみる記事が意外と少ないと感じました。そこで今回は"
  "「私は本を読む」という文を「私」「本」「読む」の3トークンに分けて、Self-Attentionを1ステップずつ手で計算します。"
  "行列の各行は、この順番（私、本、読む）に並んでいます。", nots=["3"])
A("")
A(":::message")
A("電卓で計算したので、各ステップは前のステップで**丸めた値（小数第4位）**をそのまま使っています。"
  "NumPyで一気に計算すると最後の桁が少しずれることがあります。", nots=["4"])
A(":::")
A("")
A("## 1. 入力と重み")
A("")
A("埋め込みの次元は3、Query/Key/Valueの次元は $d_k = 2$ とします。", nots=["3", "2"])
A("")
bmat("X", Xs, given=True)
A("")
bmat("W^Q", Wqs, given=True)
A("")
bmat("W^K", Wks, given=True)
A("")
bmat("W^V", Wvs, given=True)
A("")
A("## 2. Q, K, V")
A("")
A("$Q = XW^Q$、$K = XW^K$、$V = XW^V$ です。たとえば $Q$ の1行1列目は "
  f"$1.2 \\times 0.9 + (-0.3) \\times 0.1 + 0.5 \\times 0.4 = {rnd(Q[0][0], 2)}$ です。",
  claims=[(rnd(Q[0][0], 2), "Q[私][1]", "correct")], opts=["1.2", "0.9", "-0.3", "0.1", "0.5", "0.4"])
A("")
for nm, M in (("Q", Q), ("K", K), ("V", V)):
    bmat(nm, [[rnd(v, 2) for v in r] for r in M], qty=lambda i, j, nm=nm: f"{nm}[{toks[i]}][{j + 1}]")
    A("")
A("## 3. スコア $QK^\\top$")
A("")
bmat("QK^\\top", Sp, qty=lambda i, j: f"scores[{toks[i]},{toks[j]}]")
A("")
A("## 4. $\\sqrt{d_k}$ で割る")
A("")
A("$\\sqrt{2} \\approx 1.4142$ で各要素を割ります。", opts=["1.4142"], nots=["2"])
A("")
bmat("\\frac{QK^\\top}{\\sqrt{d_k}}", ch["sc"], qty=lambda i, j: f"scaled[{toks[i]},{toks[j]}]")
A("")
A("## 5. ソフトマックス")
A("")
A("各行ごとに $e^x$ を計算して、行の合計で割ります。")
A("")
A(":::details 計算の途中（クリックで開く）")
A("")
for i, t in enumerate(toks):
    A(f"**{t}** の行")
    A("")
    for j, u in enumerate(toks):
        A(f"- $e^{{{ch['sc'][i][j]}}} = {ch['e'][i][j]}$",
          claims=[(ch["e"][i][j], f"exp[{t},{u}]", "correct")], opts=[ch["sc"][i][j]])
    A(f"- 合計：${' + '.join(ch['e'][i])} = {ch['z'][i]}$",
      claims=[(ch["z"][i], f"expsum[{t}]", "correct")], opts=ch["e"][i])
    for j, u in enumerate(toks):
        A(f"- ${ch['e'][i][j]} \\div {ch['z'][i]} = {ch['w'][i][j]}$",
          claims=[(ch["w"][i][j], f"weights[{t},{u}]", "correct")], opts=[ch["e"][i][j], ch["z"][i]])
    A("")
A(":::")
A("")
A("まとめると、重み行列は次のとおりです（各行の和は1）。", nots=["1"])
A("")
bmat("A", ch["w"], qty=lambda i, j: f"weights[{toks[i]},{toks[j]}]")
A("")
A("## 6. 重み付き和 $AV$")
A("")
A(f"「読む」の1列目は ${ch['w'][2][0]} \\times {rnd(V[0][0], 2)} + {ch['w'][2][1]} \\times {rnd(V[1][0], 2)} + "
  f"{ch['w'][2][2]} \\times ({rnd(V[2][0], 2)}) = {ch['c'][2][0]}$ となります。",
  claims=[(ch["c"][2][0], "context[読む][1]", "correct")],
  opts=[ch["w"][2][0], rnd(V[0][0], 2), ch["w"][2][1], rnd(V[1][0], 2), ch["w"][2][2], rnd(V[2][0], 2)])
A("")
bmat("AV", ch["c"], qty=lambda i, j: f"context[{toks[i]}][{j + 1}]")
A("")
A("## おわりに")
A("")
jm = max(range(3), key=lambda j: float(ch["w"][1][j]))
A(f"「本」は「{toks[jm]}」に {ch['w'][1][jm]} の重みを置いていて、ちゃんと文脈を見ているように見えます"
  "（もちろん重みは適当に決めたものですが）。次回はMulti-Head Attentionを同じように計算してみます。",
  claims=[(ch["w"][1][jm], f"weights[本,{toks[jm]}]", "correct")])
d.save()
