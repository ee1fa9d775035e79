"""Indonesian Blogger post: linear regression y_hat = w x + b on three points, MSE, full-batch gradient descent with
lr 0.1; epoch 1 worked by hand in a table (y_hat, error, error*x, error^2, sums), then the program's printed log of
six epochs. Exact rounding, 4 decimals. One planted slip: the sum of the error column leaves out the third row."""
from pathlib import Path

from w18lib import *

xs, ys = ["1.0", "2.0", "3.0"], ["1.8", "3.1", "4.6"]
w0, b0, lr = "0.5", "0.2", "0.1"
X, Y = mat(xs), mat(ys)
n = 3


def epoch(w, b):
    yh = [w * a + b for a in X]
    e = [p - t for p, t in zip(yh, Y)]
    L = mpmath.fsum(v * v for v in e) / n
    gw = 2 * mpmath.fsum(v * a for v, a in zip(e, X)) / n
    gb = 2 * mpmath.fsum(e) / n
    return dict(yh=yh, e=e, ex=[v * a for v, a in zip(e, X)], e2=[v * v for v in e], L=L, gw=gw, gb=gb,
                w=w - mpf(lr) * gw, b=b - mpf(lr) * gb)


hist = []
w, b = mpf(w0), mpf(b0)
wf, bf = 0.5, 0.2
Xf, Yf = np.array(xs, float), np.array(ys, float)
for k in range(6):
    ep = epoch(w, b)
    yhf = wf * Xf + bf; ef = yhf - Yf
    Lf = np.mean(ef ** 2); gwf = 2 * np.mean(ef * Xf); gbf = 2 * np.mean(ef)
    agree([ep["L"], ep["gw"], ep["gb"]], [Lf, gwf, gbf])
    wf, bf = wf - 0.1 * gwf, bf - 0.1 * gbf
    agree([ep["w"], ep["b"]], [wf, bf])
    hist.append((ep, Lf, wf, bf))
    w, b = ep["w"], ep["b"]
e1 = hist[0][0]
sum_e = mpmath.fsum(e1["e"])
slip_sum = e1["e"][0] + e1["e"][1]           # row 3 forgotten
gb_s = 2 * slip_sum / n
b1_s = mpf(b0) - mpf(lr) * gb_s

d = Doc("blog-sgd-epochs-id", "md",
        "Indonesian Blogger post: linear regression w x + b on three points with MSE and full-batch gradient "
        "descent (lr 0.1); epoch 1 by hand as a table with column sums, the gradients and the new w, b; then the "
        "program's log of six epochs (loss, w, b); 4 decimals; one planted slip",
        "y_hat = w x + b, MSE over 3 points, gradient descent lr 0.1, w0 = 0.5, b0 = 0.2",
        script=Path(__file__).name,
        note=f"planted slip: the sum of the error column in epoch 1 leaves out the third row: {rnd(slip_sum, 1)} instead "
             f"of {rnd(sum_e, 1)}. dL/db and the new b computed by hand from it are propagated; the program log "
             "below is the program's own, slip-free.")
A = d
A("# Belajar Gradient Descent dari Nol: Hitung Manual Satu Epoch, Lalu Biarkan Python Melanjutkan")
A("")
A("Diposting oleh **Rizky Pratama** pada Minggu, 12 Mei 2024", nots=["12", "2024"])
A("")
A("Label: [Machine Learning](https://catatanrizky.blogspot.com/search/label/Machine%20Learning), "
  "[Python](https://catatanrizky.blogspot.com/search/label/Python)")
A("")
A("---")
A("")
A("**Daftar Isi**")
A("")
A("1. Data dan model", nots=["1"])
A("2. Epoch 1 dihitung manual", nots=["2", "1"])
A("3. Hasil program untuk 6 epoch", nots=["3", "6"])
A("")
A("## 1. Data dan model", nots=["1"])
A("")
A("Kita pakai tiga titik data saja supaya bisa dihitung dengan kalkulator:")
A("")
A("| x | y |")
A("|---|---|")
for a, t in zip(xs, ys):
    A(f"| {a} | {t} |")
A("")
A(f"Modelnya garis lurus ŷ = w·x + b dengan nilai awal **w = {w0}** dan **b = {b0}**. "
  f"Loss yang dipakai MSE (rata-rata kuadrat error), learning rate **η = {lr}**.", nots=[lr])
A("")
A("Rumus gradiennya:")
A("")
A("- ∂L/∂w = (2/n) · Σ (ŷ − y)·x", nots=["2"])
A("- ∂L/∂b = (2/n) · Σ (ŷ − y)", nots=["2"])
A("")
A("## 2. Epoch 1 dihitung manual", nots=["2", "1"])
A("")
A("| x | y | ŷ | e = ŷ − y | e·x | e² |")
A("|---|---|---|---|---|---|")
for i in range(3):
    vals = [lit(e1["yh"][i]), lit(e1["e"][i]), lit(e1["ex"][i]), lit(e1["e2"][i])]
    A(f"| {xs[i]} | {ys[i]} | " + " | ".join(vals) + " |",
      claims=[(vals[0], f"pred[{i + 1}]", "correct"), (vals[1], f"err[{i + 1}]", "correct"),
              (vals[2], f"err_x[{i + 1}]", "correct"), (vals[3], f"sq_err[{i + 1}]", "correct")],
      opts=[xs[i], ys[i]])
SE, SEX, SE2 = rnd(slip_sum, 1), lit(mpmath.fsum(e1["ex"])), lit(mpmath.fsum(e1["e2"]))
A(f"| **Σ** | | | {SE} | {SEX} | {SE2} |",
  claims=[(SE, "sum_err", "wrong"), (SEX, "sum_err_x", "correct"), (SE2, "sum_sq_err", "correct")])
A("")
A(f"Loss awal: L = {SE2} / 3 = **{R(e1['L'])}**", claims=[(R(e1["L"]), "loss", "correct")], opts=[SE2],
  nots=["3"])
A("")
A("Gradien:")
A("")
A(f"- ∂L/∂w = (2/3) · ({SEX}) = {R(e1['gw'])}", claims=[(R(e1["gw"]), "grad.w", "correct")], opts=[SEX],
  nots=["2", "3"])
gbs = R(gb_s)
A(f"- ∂L/∂b = (2/3) · ({SE}) = {gbs}", claims=[(gbs, "grad.b", fate(gbs, R(e1["gb"])))], opts=[SE],
  nots=["2", "3"])
A("")
A("Update:")
A("")
A(f"- w = {w0} − {lr} · ({R(e1['gw'])}) = **{R(e1['w'])}**", claims=[(R(e1["w"]), "step1.w", "correct")],
  opts=[w0, R(e1["gw"])], nots=[lr])
b1s = R(b1_s)
A(f"- b = {b0} − {lr} · ({gbs}) = **{b1s}**", claims=[(b1s, "step1.b", fate(b1s, R(e1["b"])))],
  opts=[b0, gbs], nots=[lr])
A("")
A("## 3. Hasil program untuk 6 epoch", nots=["3", "6"])
A("")
A("Kodenya pendek sekali:")
A("")
A("```python")
A("import numpy as np")
A("")
A("x = np.array([" + ", ".join(xs) + "])")
A("y = np.array([" + ", ".join(ys) + "])")
A(f"w, b, lr = {w0}, {b0}, {lr}", nots=[lr])
A("")
A("for epoch in range(1, 7):", nots=["1", "7"])
A("    y_hat = w * x + b")
A("    e = y_hat - y")
A("    loss = np.mean(e ** 2)", nots=["2"])
A("    w -= lr * 2 * np.mean(e * x)", nots=["2"])
A("    b -= lr * 2 * np.mean(e)", nots=["2"])
A("    print(f\"epoch {epoch} | loss {loss:.4f} | w {w:.4f} | b {b:.4f}\")", nots=["4", "4", "4"])
A("```")
A("")
A("Keluarannya:")
A("")
A("```")
for k, (ep, Lf, wf_, bf_) in enumerate(hist):
    Ls, ws, bs_ = pyfmt(ep["L"], Lf), pyfmt(ep["w"], wf_), pyfmt(ep["b"], bf_)
    A(f"epoch {k + 1} | loss {Ls} | w {ws} | b {bs_}",
      claims=[(Ls, "loss" if k == 0 else f"step{k}.loss", "correct"), (ws, f"step{k + 1}.w", "correct"),
              (bs_, f"step{k + 1}.b", "correct")], nots=[str(k + 1)])
A("```")
A("")
A("Perhatikan bahwa loss yang dicetak adalah loss *sebelum* update di epoch itu, jadi baris epoch 1 sama dengan "
  "hitungan manual di atas. Loss turun terus dan garisnya pelan-pelan mendekati data.", nots=["1"])
A("")
A("Kalau ada yang bingung, tulis di kolom komentar ya!")
A("")
A("**3 komentar**", nots=["3"])
d.save()
