"""Japanese Qiita article: self-attention (Wq, Wk, Wv 3 -> 2, /sqrt 2) over 映画, 最高, だった, then the mean of the
three outputs, a hidden layer W1 (2 -> 3) with ReLU, one sigmoid output W2 (3 -> 1) and the binary cross-entropy of
the label 1. Tables for the attention, a ```:出力``` block of print() lines for the classifier. Exact, 4 decimals."""
from pathlib import Path

from w11lib import *

toks = ["映画", "最高", "だった"]
Xs = [["0.9", "0.1", "0.4"], ["0.2", "1.0", "0.7"], ["0.5", "0.3", "0.8"]]
Wqs = [["0.6", "0.2"], ["0.1", "0.8"], ["0.3", "0.4"]]
Wks = [["0.5", "0.1"], ["0.2", "0.7"], ["0.4", "0.3"]]
Wvs = [["0.7", "0.2"], ["0.1", "0.9"], ["0.3", "0.5"]]
W1s = [["0.8", "-0.6", "0.3"], ["-0.4", "0.5", "0.9"]]
b1s = ["0.1", "-0.2", "0.05"]
W2s = [["1.1"], ["-0.7"], ["0.6"]]
b2s = "-0.3"
a = attention(Xs, Wqs, Wks, Wvs)
Q, K, V, S, Sc, W, C = (a[k] for k in ("Q", "K", "V", "S", "Sc", "W", "C"))
pool = [mpmath.fsum(C[i][m] for i in range(3)) / 3 for m in range(2)]
W1, b1, W2 = mat(W1s), mat(b1s), mat(W2s)
hnet = [h + bb for h, bb in zip(vm(pool, W1), b1)]
hid = [max(v, mpf(0)) for v in hnet]
logit = vm(hid, W2)[0] + mpf(b2s)
p = sigmoid(logit)
loss = -mpmath.log(p)
# float64
pn = a["np"]["C"].mean(axis=0)
hn = pn @ np.array(W1s, float) + np.array(b1s, float)
rn = np.maximum(hn, 0)
ln_ = rn @ np.array(W2s, float)[:, 0] + float(b2s)
prn = 1 / (1 + np.exp(-ln_))
agree(pool, pn); agree(hnet, hn); agree(hid, rn); close(logit, ln_); close(p, prn); close(loss, -np.log(prn))
assert hnet[1] < 0 < hnet[0]

R = lambda v: rnd(v, 4)
d = Doc("qiita-attn-cls-ja", "md",
        "Japanese Qiita article: self-attention Wq/Wk/Wv 3 -> 2 over 映画, 最高, だった, then mean pooling, a ReLU "
        "hidden layer 2 -> 3, one sigmoid output and BCE of label 1; Markdown tables and a print() output block",
        "attention (Wq, Wk, Wv 3 -> 2, /sqrt 2), mean of the outputs, hid = ReLU(pool W1 + b1), "
        "p = sigmoid(hid W2 + b2), BCE with y = 1",
        script=Path(__file__).name)
A = d
A("---")
A("title: 【手計算】Attention の出力を二値分類器につなぐところまで全部計算してみた")
A("tags: 機械学習 Transformer Attention 初心者 Python")
A("author: kuma_ml")
A("slide: false")
A("---")
A("")
A("## はじめに")
A("")
A("前回の記事 [^1] では Self-Attention だけを手で計算しました。今回はその先、**Attention の出力を平均して、小さな全結合層と"
  "シグモイドで「ポジティブかどうか」を判定する**ところまでやります。文は「映画 最高 だった」の3トークンです。",
  nots=["1", "3"])
A("")
A(":::note info")
A("実際の BERT では d_model = 768、ヘッド数 12 ですが、ここでは d_model = 3、d_k = 2 の極小モデルです。",
  nots=["768", "12", "3", "2"])
A(":::")
A("")
A("## 1. 入力と重み")
A("")
A("| トークン | x1 | x2 | x3 |")
A("|:--|--:|--:|--:|")
for t, r in zip(toks, Xs):
    A(f"| {t} | " + " | ".join(r) + " |")
A("")
A("```python:weights.py")
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs)):
    A(f"{nm} = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])")
A("W1 = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in W1s) + "])   # (2, 3)", nots=["2", "3"])
A("b1 = np.array([" + ", ".join(b1s) + "])")
A("W2 = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in W2s) + "])   # (3, 1)", nots=["3", "1"])
A(f"b2 = {b2s}")
A("```")
A("")
A("## 2. Q, K, V")
A("")
A(f"例えば映画の Q の1成分目は 0.9×0.6 + 0.1×0.1 + 0.4×0.3 = {lit(Q[0][0])} です。",
  claims=[(lit(Q[0][0]), "Q[映画][1]", "correct")], opts=["0.9", "0.6", "0.1", "0.1", "0.4", "0.3"], nots=["1"])
A("")
A("| | Q | K | V |")
A("|:--|:--|:--|:--|")
for i, t in enumerate(toks):
    cl, cells = [], []
    for nm, M in (("Q", Q), ("K", K), ("V", V)):
        ss = [lit(v) for v in M[i]]
        cells.append("(" + ", ".join(ss) + ")")
        cl += [(s, f"{nm}[{t}][{m + 1}]", "correct") for m, s in enumerate(ss)]
    A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
A("")
A("## 3. スコア → √2 で割る → softmax")
A("")
A("| スコア QKᵀ/√2 | 映画 | 最高 | だった |")
A("|:--|--:|--:|--:|")
for i, t in enumerate(toks):
    ss = [R(v) for v in Sc[i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"scaled[{t},{u}]", "correct") for s, u in zip(ss, toks)])
A("")
A("| 重み | 映画 | 最高 | だった |")
A("|:--|--:|--:|--:|")
for i, t in enumerate(toks):
    ss = [R(v) for v in W[i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"weights[{t},{u}]", "correct") for s, u in zip(ss, toks)])
A("")
A("| 出力 | z1 | z2 |")
A("|:--|--:|--:|")
for i, t in enumerate(toks):
    ss = [R(v) for v in C[i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"context[{t}][{m + 1}]", "correct") for m, s in enumerate(ss)])
A("")
A("## 4. 平均プーリング → 全結合 → シグモイド")
A("")
A("3トークンの出力を平均して文ベクトルにし、そこから先は普通の二値分類です。", nots=["3"])
A("")
A("```python:classifier.py")
A("fmt = lambda v: \" \".join(f\"{x:.4f}\" for x in np.atleast_1d(v))")
A("")
A("pooled = Z.mean(axis=0)            # (2,)", nots=["0", "2"])
A("pre = pooled @ W1 + b1", nots=["1", "1"])
A("h = np.maximum(0, pre)             # ReLU", nots=["0"])
A("logit = h @ W2[:, 0] + b2", nots=["2", "0", "2"])
A("p = 1 / (1 + np.exp(-logit))")
A("loss = -np.log(p)                  # 正解ラベル y = 1", nots=["1"])
A("")
A("print(f\"pooled = [{fmt(pooled)}]\")")
A("print(f\"pre-ReLU = [{fmt(pre)}]\")")
A("print(f\"h = [{fmt(h)}]\")")
A("print(f\"logit = {logit:.4f}\")")
A("print(f\"p = {p:.4f}\")")
A("print(f\"loss = {loss:.4f}\")")
A("```")
A("")
A("```:出力")
A(f"pooled = [{R(pool[0])} {R(pool[1])}]", claims=[(R(pool[m]), f"pool[mean][{m + 1}]", "correct") for m in range(2)])
A(f"pre-ReLU = [{' '.join(R(v) for v in hnet)}]",
  claims=[(R(v), f"hid.net[mean][{k + 1}]", "correct") for k, v in enumerate(hnet)])
A(f"h = [{' '.join(R(v) for v in hid)}]", claims=[(R(v), f"hid[mean][{k + 1}]", "correct") for k, v in enumerate(hid)])
A(f"logit = {R(logit)}", claims=[(R(logit), "cls.net[mean][1]", "correct")])
A(f"p = {R(p)}", claims=[(R(p), "out[mean][1]", "correct")])
A(f"loss = {R(loss)}", claims=[(R(loss), "loss", "correct")])
A("```")
A("")
A(f"2番目の隠れユニットは {R(hnet[1])} と負なので ReLU で 0 になっています。ポジティブ確率は {R(p)}、"
  f"BCE 損失は −log({R(p)}) = {R(loss)} です。",
  claims=[(R(hnet[1]), "hid.net[mean][2]", "correct"), (R(p), "out[mean][1]", "correct"),
          (R(p), "out[mean][1]", "correct"), (R(loss), "loss", "correct")], nots=["2", "0"])
A("")
A(":::note warn")
A("ここでは学習はしていません。重みはすべて手で決めた値です（2024年6月時点の筆者の気分）。", nots=["2024", "6"])
A(":::")
A("")
A("## 参考")
A("")
A("[^1]: 【手計算】Self-Attention を一行ずつ追う（2024/05/18）", nots=["2024/05/18"])
d.save()
