"""Japanese note.com article copied as Markdown: 見出し画像, author, date and time, スキ count, マガジン link,
hashtags. 犬, 走る, 速い; d_model 3 -> d_k 2, /sqrt(2); Q/K/V called クエリ/キー/バリュー, the attention matrix
called 重み; the weighted values α·v printed in two tables (one per component) **indexed [key][query]**: rows are
keys, columns are queries (said so), with a 合計 row that is the output. 3 decimals. Exact rounding."""
from pathlib import Path

from w16lib import *

toks = ["犬", "走る", "速い"]
Xs = [["0.4", "0.9", "0.2"], ["0.8", "0.3", "0.7"], ["0.1", "0.5", "0.6"]]
Wqs = [["0.7", "0.3"], ["0.2", "0.8"], ["0.5", "0.1"]]
Wks = [["0.4", "0.6"], ["0.9", "0.2"], ["0.1", "0.7"]]
Wvs = [["0.3", "0.8"], ["0.6", "0.4"], ["0.9", "0.2"]]
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C, c = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C", "c"))
WV = [[[W[i][j] * V[j][m] for m in range(2)] for j in range(3)] for i in range(3)]

d = Doc("note-weighted-ja", "md",
        "Japanese note.com article: クエリ/キー/バリュー, 重み; weighted values in two tables indexed [key][query] (said "
        "so) with a 合計 row = output; 犬, 走る, 速い, 3 -> 2, /sqrt(2), 3 decimals",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens 犬, 走る, 速い",
        script=Path(__file__).name)
A = d
A("![見出し画像](https://assets.st-note.com/production/uploads/images/1234/rectangle_large.png)", nots=[])
A("")
A("# Attentionの重みを「列」で読む：手計算ノート")
A("")
A("[たなか｜機械学習メモ](https://note.com/tanaka_ml)")
A("")
A("2024年6月2日 21:15", nots=["2024", "6", "2"])
A("")
A("♡ 48", nots=["48"])
A("")
A("前回のマガジン「Transformerを1から」の続きです。今回は文「犬 走る 速い」（3トークン）で、自己注意を最後まで手で計算します。"
  "埋め込みは3次元、クエリ・キー・バリューは2次元です。", nots=["3"])
A("")
A("## 1. 入力と重み行列")
A("")
A("| トークン | e1 | e2 | e3 |")
A("|---|---|---|---|")
for t, r in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r) + " |")
A("")
for nm, M in (("W_Q", Wqs), ("W_K", Wks), ("W_V", Wvs)):
    A(f"$$ {nm} = \\begin{{pmatrix}} " + " \\\\ ".join(" & ".join(r) for r in M) + " \\end{pmatrix} $$")
    A("")
A("## 2. クエリ・キー・バリュー")
A("")
A("| トークン | クエリ | キー | バリュー |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    qs, ks, vs = ([lit(x) for x in M[i]] for M in (Q, K, V))
    A(f"| {t} | ({', '.join(qs)}) | ({', '.join(ks)}) | ({', '.join(vs)}) |",
      claims=cl(qs, f"Q[{t}][{{k}}]") + cl(ks, f"K[{t}][{{k}}]") + cl(vs, f"V[{t}][{{k}}]"))
A("")
A("## 3. スコアと重み")
A("")
A(f"スコアはクエリとキーの内積を √2 ≒ {rnd(c, 3)} で割ったものです。例えば 犬→走る は "
  f"{lit(Q[0][0])}×{lit(K[1][0])} + {lit(Q[0][1])}×{lit(K[1][1])} = {lit(S[0][1])}、{lit(S[0][1])} ÷ {rnd(c, 3)} ≒ "
  f"{rnd(Sc[0][1], 3)}。",
  claims=[(rnd(c, 3), "sqrt_dk", "correct"), (lit(S[0][1]), "scores[犬,走る]", "correct"),
          (lit(S[0][1]), "scores[犬,走る]", "correct"), (rnd(Sc[0][1], 3), "scaled[犬,走る]", "correct")],
  opts=[lit(Q[0][0]), lit(K[1][0]), lit(Q[0][1]), lit(K[1][1]), rnd(c, 3)])
A("")
A("| スコア | 犬 | 走る | 速い |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ss = fmt(Sc[i], 3)
    A(f"| {t} | " + " | ".join(ss) + " |", claims=cl(ss, [f"scaled[{t},{u}]" for u in toks]))
A("")
A("各行に softmax をかけた重み（行＝クエリ、列＝キー）：")
A("")
A("| 重み | 犬 | 走る | 速い |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ss = fmt(W[i], 3)
    A(f"| {t} | " + " | ".join(ss) + " |", claims=cl(ss, [f"weights[{t},{u}]" for u in toks]))
A("")
A("## 4. 重み×バリューを「列」で並べる")
A("")
A("ここがこの記事のポイントです。下の表は **行がキー、列がクエリ** です（上の重みの表とは逆向き）。"
  "セル（走る, 犬）は「犬のクエリが走るのバリューから受け取る量」= 重み(犬→走る) × バリュー(走る) です。"
  "列を縦に足すと、そのクエリの出力になります。")
A("")
for m in range(2):
    A(f"**第{m + 1}成分**", nots=[str(m + 1)])
    A("")
    A("| キー ＼ クエリ | 犬 | 走る | 速い |")
    A("|---|---|---|---|")
    for j, u in enumerate(toks):
        ss = [rnd(WV[i][j][m], 3) for i in range(3)]
        A(f"| {u} | " + " | ".join(ss) + " |",
          claims=[(s, f"weighted_v[{t},{u}][{m + 1}]", "correct") for s, t in zip(ss, toks)])
    ss = [rnd(C[i][m], 3) for i in range(3)]
    A("| **合計** | " + " | ".join(f"**{s}**" for s in ss) + " |",
      claims=[(s, f"context[{t}][{m + 1}]", "correct") for s, t in zip(ss, toks)])
    A("")
A("## 5. 出力")
A("")
for i, t in enumerate(toks):
    ss = fmt(C[i], 3)
    A(f"- {t}：({', '.join(ss)})", claims=cl(ss, f"context[{t}][{{k}}]"))
A("")
A("※ 実際のモデルでは d_model = 512、ヘッド数 8 です（論文 [1]）。", nots=["512", "8", "1"])
A("")
A("[1] Vaswani et al., Attention Is All You Need, 2017.", nots=["1", "2017"])
A("")
A("#機械学習 #Transformer #手計算")
A("")
A("スキ 48 · コメント 2", nots=["48", "2"])
d.save()
