"""Japanese Zenn article: :::details blocks hold the working; softmax with temperature T = 0.7 on 6 logits, then
top-p (nucleus, p = 0.9) truncation and renormalisation. The summary Markdown table prints 3 decimals with trailing
zeros dropped (0.1 for 0.100, 0.02 for 0.020); the details print 4 decimals."""
from pathlib import Path

import numpy as np

from w5lib import *

cands = ["良い", "悪い", "晴れ", "曇り", "雨", "猫"]
zs = ["2.1", "1.6", "0.9", "0.4", "-0.3", "-1.0"]
T = mpf("0.7")
z = M(zs)
zt = [v / T for v in z]
ez = [mpmath.exp(v) for v in zt]
Z = mpmath.fsum(ez)
p = [v / Z for v in ez]
p1 = softmax(z)
cum, acc, keep = [], mpf(0), 0
for v in p:
    acc += v
    cum.append(acc)
keep = next(i for i, c in enumerate(cum) if c >= mpf("0.9")) + 1
kept = cum[keep - 1]
pn = [p[i] / kept for i in range(keep)]
zn = np.array(zs, float) / 0.7; pnp = np.exp(zn) / np.exp(zn).sum()
check64(p, pnp); check64(cum, np.cumsum(pnp)); check64(pn, pnp[:keep] / pnp[:keep].sum())
assert keep == 3

d = Doc("zenn-temperature-topp-ja", "md",
        "Japanese Zenn article (front matter, :::message and :::details blocks holding the working, Markdown table with "
        "trailing zeros dropped): softmax of 6 next-token logits at T = 1 and at temperature T = 0.7 (z/T, e^(z/T), "
        "sum, p), cumulative probabilities in sorted order, nucleus (top-p, p = 0.9) cut and renormalised probabilities",
        "p = softmax(z / T) with T = 0.7 (and T = 1 for comparison); sort descending; keep the smallest prefix whose "
        "cumulative probability reaches 0.9; renormalise p_i / sum(kept)",
        script=Path(__file__).name,
        note="the table's 3-decimal values have trailing zeros dropped (0.1 stands for 0.100, 0.02 for 0.020); "
             "the candidates are already in descending order of logit")
A = d
F4 = lambda v: fmt(v, 4)
F3t = lambda v: trim(fmt(v, 3))
A("---")
A('title: "temperature と top-p を手計算で確かめる"')
A('emoji: "🎲"')
A('type: "tech"')
A('topics: ["llm", "python", "機械学習"]')
A("published: true")
A("---")
A("")
A("LLM の API を触っていると必ず出てくる `temperature` と `top_p`。なんとなく設定していたので、"
  "小さな例で実際に数字を追ってみました。")
A("")
A(":::message")
A("この記事のロジットは説明用の作り物です。実際の語彙は数万トークンあります。")
A(":::")
A("")
A("## 設定")
A("")
A("「今日は天気が」の次のトークン候補が 6 個あり、モデルが次のロジットを出したとします。", nots=["6"])
A("")
A("```python")
A(f"candidates = {cands}".replace("'", '"'))
A(f"logits = [{', '.join(zs)}]")
A("T, top_p = 0.7, 0.9", nots=["0.7", "0.9"])
A("```")
A("")
A("## 1. temperature で割る")
A("")
A("$p_i = \\dfrac{\\exp(z_i/T)}{\\sum_j \\exp(z_j/T)}$ です。$T<1$ だと分布がとがり、$T>1$ だと平らになります。",
  nots=["1", "1"])
A("")
A(":::details 計算過程（T = 0.7）", nots=["0.7"])
A("")
for i, w in enumerate(cands):
    A(f"- {w}: {zs[i]} / 0.7 = {F4(zt[i])} → exp = {F4(ez[i])}",
      claims=[(F4(zt[i]), f"z/T[{w}]", "correct"), (F4(ez[i]), f"exp(z/T)[{w}]", "correct")], opts=[zs[i]], nots=["0.7"])
A("")
A(f"合計は {F4(Z)}。これで割ると", claims=[(F4(Z), "sum exp(z/T)", "correct")])
A("")
for i, w in enumerate(cands):
    A(f"- p({w}) = {F4(ez[i])} / {F4(Z)} = {F4(p[i])}",
      claims=[(F4(p[i]), f"p_T0.7[{w}]", "correct")], opts=[F4(ez[i]), F4(Z)])
A("")
A(":::")
A("")
A(":::details 比較用: T = 1 のとき", nots=["1"])
A("")
A("同じロジットをそのまま softmax すると")
A("")
A("```")
A("[" + ", ".join(F4(v) for v in p1) + "]", claims=[(F4(p1[i]), f"p_T1[{w}]", "correct") for i, w in enumerate(cands)])
A("```")
A("")
A(f"「良い」は {F4(p1[0])} → {F4(p[0])} に上がり、「猫」は {F4(p1[5])} → {F4(p[5])} に下がります。",
  claims=[(F4(p1[0]), "p_T1[良い]", "correct"), (F4(p[0]), "p_T0.7[良い]", "correct"),
          (F4(p1[5]), "p_T1[猫]", "correct"), (F4(p[5]), "p_T0.7[猫]", "correct")])
A(":::")
A("")
A("## 2. top-p（nucleus）で切る")
A("")
A("確率の大きい順に並べて累積し、累積が初めて 0.9 以上になったところまでを残します。", nots=["0.9"])
A("")
A(":::details 累積の計算")
A("")
A(f"- {F4(p[0])}", opts=[F4(p[0])])
A(f"- {F4(p[0])} + {F4(p[1])} = {F4(cum[1])}（まだ 0.9 未満）",
  claims=[(F4(cum[1]), "cumulative p (2 tokens)", "correct")], opts=[F4(p[0]), F4(p[1])], nots=["0.9"])
A(f"- {F4(cum[1])} + {F4(p[2])} = {F4(cum[2])} ≥ 0.9 → ここで止める",
  claims=[(F4(cum[2]), "cumulative p (3 tokens)", "correct")], opts=[F4(cum[1]), F4(p[2])], nots=["0.9"])
A("")
A(f"残るのは上位 {keep} 個。残った確率を合計 {F4(kept)} で割り直します。",
  claims=[(F4(kept), "sum of kept p", "correct")], nots=[str(keep)])
A("")
for i in range(keep):
    A(f"- {cands[i]}: {F4(p[i])} / {F4(kept)} = {F4(pn[i])}",
      claims=[(F4(pn[i]), f"top-p renormalised p[{cands[i]}]", "correct")], opts=[F4(p[i]), F4(kept)])
A("")
A(":::")
A("")
A("## 3. まとめの表")
A("")
A("| 候補 | ロジット | p (T=1) | p (T=0.7) | 累積 | top-p 後 |", nots=["1", "0.7"])
A("|:--|--:|--:|--:|--:|--:|")
for i, w in enumerate(cands):
    cl = [(F3t(p1[i]), f"p_T1[{w}]", "correct"), (F3t(p[i]), f"p_T0.7[{w}]", "correct"),
          (F3t(cum[i]), f"cumulative p ({i + 1} tokens)", "correct")]
    last = "0"
    if i < keep:
        last = F3t(pn[i])
        cl.append((last, f"top-p renormalised p[{w}]", "correct"))
    A(f"| {w} | {zs[i]} | {F3t(p1[i])} | {F3t(p[i])} | {F3t(cum[i])} | {last if i < keep else '—'} |",
      claims=cl, opts=[zs[i]])
A("")
A(f"T = 0.7 にしただけで「良い」の確率は {F3t(p1[0])} から {F3t(p[0])} になり、top-p のあとでは {F3t(pn[0])} です。"
  f"下位 {len(cands) - keep} 個は完全に候補から消えます。",
  claims=[(F3t(p1[0]), "p_T1[良い]", "correct"), (F3t(p[0]), "p_T0.7[良い]", "correct"),
          (F3t(pn[0]), "top-p renormalised p[良い]", "correct")], nots=["0.7", str(len(cands) - keep)])
A("")
A("## 4. コード")
A("")
A("```python")
A("import numpy as np")
A("")
A("def sample_probs(logits, T=1.0, top_p=1.0):", nots=["1.0", "1.0"])
A("    z = np.asarray(logits) / T")
A("    p = np.exp(z - z.max()); p /= p.sum()")
A("    order = np.argsort(-p)")
A("    cum = np.cumsum(p[order])")
A("    k = np.searchsorted(cum, top_p) + 1", nots=["1"])
A("    out = np.zeros_like(p)")
A("    out[order[:k]] = p[order[:k]] / cum[k - 1]", nots=["1"])
A("    return out")
A("")
A("print(sample_probs(logits, T=0.7, top_p=0.9).round(3))", nots=["0.7", "0.9", "3"])
A("# => [" + " ".join(fmt(v, 3).rstrip("0").rstrip(".") for v in pn) + " 0.    0.    0.   ]",
  claims=[(fmt(pn[i], 3).rstrip("0").rstrip("."), f"top-p renormalised p[{cands[i]}]", "correct") for i in range(keep)])
A("```")
A("")
A("numpy の表示も末尾の 0 を省くので、表と同じ見た目になります。", nots=["0"])
d.save()
