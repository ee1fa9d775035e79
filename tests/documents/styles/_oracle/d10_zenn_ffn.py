from lib import *
import mpmath

toks = ["今日", "は", "晴れ"]
X = [["0.8", "0.3"], ["0.1", "0.5"], ["0.6", "0.9"]]
Wq = [["0.4", "0.2"], ["0.1", "0.7"]]
Wk = [["0.5", "0.3"], ["0.2", "0.6"]]
Wv = [["0.9", "0.1"], ["0.3", "0.8"]]
W1 = [["0.5", "-0.4", "0.3", "-0.2"], ["-0.6", "0.2", "0.7", "0.1"]]
b1 = ["0.1", "0.05", "-0.2", "0.0"]
W2 = [["0.3", "-0.1"], ["0.2", "0.4"], ["-0.5", "0.6"], ["0.1", "0.2"]]
b2 = ["0.05", "-0.05"]
A = attention(X=X, Wq=Wq, Wk=Wk, Wv=Wv, scale=True, chained=True, sqrt_text="1.4142", nd={"Q": None, "scores": None})
d = Doc("zenn-attention-ffn", "Japanese Zenn article: self-attention of 今日 は 晴れ (d = 2) then a ReLU feed-forward network (d_ff = 4) on the last token",
        "attention + FFN (ReLU)", "chained",
        "every step from the previous printed values (1.4142, printed exps/weights, printed context); slip: hidden unit 2 pre-activation is negative but kept (ReLU not applied); the FFN output propagates")
d.add('---\ntitle: "Attention のあとの FFN まで手計算してみた"\nemoji: "🧮"\ntype: "tech"\ntopics: ["transformer", "機械学習", "deeplearning"]\npublished: true\n---')
d.add("")
d.add("前回の記事では Attention の重みを出すところまででした。今回はその続きとして、**Feed Forward Network (FFN)** まで手で計算します。")
d.add("")
d.add(":::message")
d.add("この記事の数値はすべて小数第4位で丸め、丸めた値を次の計算に使っています。", nots=["4"])
d.add(":::")
d.add("")
d.add("## 設定")
d.add("")
d.add("文は「今日 は 晴れ」の3トークン、埋め込みは2次元です。", nots=["3", "2"])
d.add("")
d.add("| トークン | 埋め込み |")
d.add("|---|---|")
for t, x in zip(toks, X):
    d.add(f"| {t} | [{', '.join(x)}] |")
d.add("")
d.add("重み行列（行ベクトル × 行列で使います）:")
d.add("")
d.add("```")
for nm, W in (("Wq", Wq), ("Wk", Wk), ("Wv", Wv)):
    d.add(f"{nm} = [[{', '.join(W[0])}], [{', '.join(W[1])}]]")
d.add("```")
d.add("")
d.add("## Q, K, V")
d.add("")
d.add("| トークン | Q | K | V |")
d.add("|---|---|---|---|")
for i, t in enumerate(toks):
    cl = []
    for s in "QKV":
        cl += claims_of(A[s][i], lambda j: f"{s}[{t}][{j+1}]")
    d.add(f"| {t} | " + " | ".join("[" + ", ".join(c.text for c in A[s][i]) + "]" for s in "QKV") + " |", claims=cl)
d.add("")
d.add("## Attention の重み")
d.add("")
d.add("スコアを √2 ≈ 1.4142 で割ってからソフトマックスします。「晴れ」の行だけ途中を書くと:", nots=["2"], opts=["1.4142"])
d.add("")
d.add("| キー | スコア | ÷√2 | exp |")
d.add("|---|---|---|---|")
for j, t in enumerate(toks):
    s, sc, e = A["scores"][2][j], A["scaled"][2][j], A["exp"][2][j]
    d.add(f"| {t} | {s.text} | {sc.text} | {e.text} |", claims=[(s.text, f"scores[晴れ,{t}]", "correct"), (sc.text, f"scaled[晴れ,{t}]", "correct"), (e.text, f"exp[晴れ,{t}]", "correct")])
es = A["expsum"][2]
d.add(f"| 合計 | | | {es.text} |", claims=[(es.text, "sum of exps row 晴れ", "correct")])
d.add("")
d.add("| クエリ＼キー | 今日 | は | 晴れ |")
d.add("|---|---|---|---|")
for i, t in enumerate(toks):
    row = A["weights"][i]
    d.add(f"| {t} | " + " | ".join(c.text for c in row) + " |", claims=claims_of(row, lambda j: f"weights[{t},{toks[j]}]"))
d.add("")
d.add("## 文脈ベクトル")
d.add("")
d.add("| トークン | 文脈ベクトル |")
d.add("|---|---|")
for i, t in enumerate(toks):
    cx = A["context"][i]
    d.add(f"| {t} | [{', '.join(c.text for c in cx)}] |", claims=claims_of(cx, lambda j: f"context[{t}][{j+1}]"))
d.add("")
d.add(":::message alert")
d.add("ここから先は「晴れ」のベクトルだけを FFN に通します。FFN はトークンごとに独立なので、他のトークンも同じ計算です。")
d.add(":::")
d.add("")
d.add("## FFN: ReLU(xW₁ + b₁)W₂ + b₂", nots=[])
d.add("")
d.add("中間層は d_ff = 4 です。", nots=["4"])
d.add("")
d.add("```")
d.add(f"W1 = [[{', '.join(W1[0])}],")
d.add(f"      [{', '.join(W1[1])}]]")
d.add(f"b1 = [{', '.join(b1)}]")
d.add(f"W2 = [[{', '.join(W2[0])}],")
for row in W2[1:-1]:
    d.add(f"      [{', '.join(row)}],")
d.add(f"      [{', '.join(W2[-1])}]]")
d.add(f"b2 = [{', '.join(b2)}]")
d.add("```")
d.add("")
c = [cc for cc in A["context"][2]]
cv = [mpf(cc.text) for cc in c]
pre = [cv[0] * mpf(W1[0][k]) + cv[1] * mpf(W1[1][k]) + mpf(b1[k]) for k in range(4)]
pre_t = [r(v, 4) for v in pre]
prev = [mpf(t) for t in pre_t]
print("pre", pre_t)
d.add("### 1層目")
d.add("")
d.add("| ユニット | xW₁ + b₁ | ReLU |")
d.add("|---|---|---|")
h_t = []
SLIP = 1
for k in range(4):
    relu = prev[k] if prev[k] > 0 else mpf(0)
    v = "correct"
    if k == SLIP:
        assert prev[k] < 0
        relu = prev[k]; v = "wrong"
    ht = r(relu, 4); h_t.append(ht)
    line = f"| h{k+1} | {c[0].text}×{W1[0][k]} + {c[1].text}×{W1[1][k]} + {b1[k]} = {pre_t[k]} | {ht} |"
    d.add(line, claims=[(pre_t[k], f"FFN pre-activation {k+1}", "correct"), (ht, f"FFN hidden {k+1} after ReLU", v)],
          opts=[c[0].text, c[1].text, W1[0][k], W1[1][k], b1[k]])
d.add("")
hv = [mpf(t) for t in h_t]
y = [mpmath.fsum(hv[k] * mpf(W2[k][j]) for k in range(4)) + mpf(b2[j]) for j in range(2)]
yt = [r(v, 4) for v in y]
d.add("### 2層目")
d.add("")
d.add(f"y₁ = {h_t[0]}×0.3 + {h_t[1]}×0.2 + {h_t[2]}×(−0.5) + {h_t[3]}×0.1 + 0.05 = {yt[0]}",
      claims=[(yt[0], "FFN output 1 of 晴れ", "propagated")], opts=h_t + ["0.3", "0.2", "0.1", "0.05"])
d.add(f"y₂ = {h_t[0]}×(−0.1) + {h_t[1]}×0.4 + {h_t[2]}×0.6 + {h_t[3]}×0.2 − 0.05 = {yt[1]}",
      claims=[(yt[1], "FFN output 2 of 晴れ", "propagated")], opts=h_t + ["0.4", "0.6", "0.2", "0.05"])
d.add("")
d.add(f"よって「晴れ」の FFN 出力は **[{yt[0]}, {yt[1]}]** です。", claims=[(yt[0], "FFN output 1 of 晴れ", "propagated"), (yt[1], "FFN output 2 of 晴れ", "propagated")])
d.add("")
d.add(":::details 参考: 実際のモデルの大きさ")
d.add("元論文では d_model = 512、d_ff = 2048 です。このサイズを手で計算するのは無理ですね。", nots=["512", "2048"])
d.add(":::")
d.write("md")
