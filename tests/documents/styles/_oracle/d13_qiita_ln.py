from lib import *
import mpmath

toks = ["吾輩", "は", "猫"]
X = [["2.0", "0.5", "-1.0", "1.5"], ["0.4", "1.2", "0.8", "-0.4"], ["-0.3", "0.9", "2.1", "0.5"]]
d = Doc("qiita-layernorm-chained", "Japanese Qiita-style note: LayerNorm of 吾輩 は 猫 (d = 4, eps 0, biased variance), vertical sums, std to 3 decimals, normalised from the printed std",
        "layernorm", "chained",
        "normalised values are (x - mean) / printed std, rounded to 3 decimals; slip: std of は printed 0.529 for 0.592 (digits swapped); its normalised row propagates")
d.add("# 【手計算】LayerNorm を紙とペンで理解する")
d.add("")
d.add(":::note info")
d.add("γ = 1, β = 0, ε = 0 として計算します。分散は d で割る（不偏分散ではない）ことに注意してください。", nots=["1", "0", "0"])
d.add(":::")
d.add("")
d.add("## 入力")
d.add("")
d.add("| トークン | x₁ | x₂ | x₃ | x₄ |")
d.add("|:--|--:|--:|--:|--:|")
for t, x in zip(toks, X):
    d.add(f"| {t} | " + " | ".join(x) + " |")
d.add("")
Xm = [M(x) for x in X]
mu = [mpmath.fsum(x) / 4 for x in Xm]
dev = [[v - mu[i] for v in x] for i, x in enumerate(Xm)]
sq = [[v * v for v in row] for row in dev]
ss = [mpmath.fsum(row) for row in sq]
var = [s / 4 for s in ss]
sd_t = [r(mpmath.sqrt(v), 3) for v in var]
SL = 1
good = sd_t[SL]; bad = "0.529"; assert good == "0.592", good
sd_show = list(sd_t); sd_show[SL] = bad
for i, t in enumerate(toks):
    pv = "propagated" if i == SL else "correct"
    d.add(f"## 「{t}」")
    d.add("")
    s = exact_str(mpmath.fsum(Xm[i]))
    d.add(f"平均: ({' + '.join(X[i])}) / 4 = {s} / 4 = {exact_str(mu[i])}".replace("+ -", "− "),
          claims=[(s, f"sum of x[{t}]", "correct"), (exact_str(mu[i]), f"mean of x[{t}]", "correct")], nots=["4", "4"],
          opts=[v.lstrip("-") for v in X[i]])
    d.add("")
    d.add("偏差の二乗を縦に足します:")
    d.add("")
    d.add("```")
    for j in range(4):
        dt = exact_str(dev[i][j]); st = exact_str(sq[i][j])
        d.add(f"  ({dt})² = {st:>7}", claims=[(dt, f"x - mean of {t}, feature {j+1}", "correct"), (st, f"squared deviation of {t}, feature {j+1}", "correct")])
    d.add("  " + " " * 9 + "-" * 9)
    d.add(f"  {'合計':>9}  {exact_str(ss[i]):>7}", claims=[(exact_str(ss[i]), f"sum of squared deviations of {t}", "correct")])
    d.add("```")
    d.add("")
    d.add(f"分散 = {exact_str(ss[i])} / 4 = {exact_str(var[i])}、標準偏差 = √{exact_str(var[i])} ≈ {sd_show[i]}",
          claims=[(exact_str(var[i]), f"variance of {t}", "correct"), (sd_show[i], f"std of {t}", "wrong" if i == SL else "correct")],
          opts=[exact_str(ss[i]), exact_str(var[i])], nots=["4"])
    d.add("")
    nv = [r(dev[i][j] / mpf(sd_show[i]), 3) for j in range(4)]
    d.add(f"正規化: $({', '.join(nv)})$", claims=[(v, f"normalised {t}, feature {j+1}", pv) for j, v in enumerate(nv)])
    d.add("")
d.add("## まとめ")
d.add("")
d.add("| トークン | 平均 | 標準偏差 | 正規化後 |")
d.add("|:--|--:|--:|:--|")
for i, t in enumerate(toks):
    pv = "propagated" if i == SL else "correct"
    nv = [r(dev[i][j] / mpf(sd_show[i]), 3) for j in range(4)]
    d.add(f"| {t} | {exact_str(mu[i])} | {sd_show[i]} | [{', '.join(nv)}] |",
          claims=[(exact_str(mu[i]), f"mean of x[{t}]", "correct"), (sd_show[i], f"std of {t}", "wrong" if i == SL else "correct")] +
                 [(v, f"normalised {t}, feature {j+1}", pv) for j, v in enumerate(nv)])
d.add("")
d.add("どの行も平均 0、分散 1 に揃いました（丸めの分だけずれます）。", nots=["0", "1"])
d.planted = 1
d.write("md")
