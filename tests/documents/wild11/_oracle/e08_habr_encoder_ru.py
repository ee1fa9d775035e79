"""Russian Habr article copied as Markdown: header line with difficulty, reading time and views, hubs with asterisks,
"Туториал" badge, `<spoiler>` block, tags/hubs footer, rating and comment counts. A full post-LN encoder layer on
кот, ест, рыбу: attention (Wq, Wk 3 -> 2, Wv 3 -> 3, /sqrt 2), residual, LayerNorm (eps 1e-5 stated, gamma 1,
beta 0), FFN 3 -> 4 -> 3 with ReLU, residual, LayerNorm. Exact, 4 decimals."""
from pathlib import Path

from w11lib import *

toks = ["кот", "ест", "рыбу"]
Xs = [["0.9", "-0.2", "0.4"], ["0.1", "0.7", "-0.5"], ["-0.3", "0.5", "0.8"]]
Wqs = [["0.4", "0.1"], ["-0.2", "0.6"], ["0.5", "0.3"]]
Wks = [["0.3", "-0.4"], ["0.7", "0.2"], ["0.1", "0.5"]]
Wvs = [["0.6", "0.1", "-0.2"], ["0.2", "0.5", "0.3"], ["-0.1", "0.4", "0.7"]]
W1s = [["0.5", "-0.3", "0.8", "0.1"], ["-0.6", "0.4", "0.2", "0.7"], ["0.3", "0.9", "-0.4", "-0.2"]]
b1s = ["0.1", "0.0", "-0.1", "0.2"]
W2s = [["0.4", "-0.2", "0.3"], ["0.1", "0.5", "-0.3"], ["-0.4", "0.2", "0.6"], ["0.3", "0.1", "0.2"]]
b2s = ["0.0", "0.1", "-0.1"]
EPS = mpf("1e-5")
a = attention(Xs, Wqs, Wks, Wvs)
X, Z = a["X"], a["C"]
r1 = [[x + z for x, z in zip(xr, zr)] for xr, zr in zip(X, Z)]
ln1 = [layernorm(r, eps=EPS) for r in r1]
y1 = [l["out"] for l in ln1]
W1, b1, W2, b2 = mat(W1s), mat(b1s), mat(W2s), mat(b2s)
hnet = [[u + b for u, b in zip(vm(y, W1), b1)] for y in y1]
hrel = [[max(v, mpf(0)) for v in r] for r in hnet]
f = [[u + b for u, b in zip(vm(h, W2), b2)] for h in hrel]
r2 = [[y + v for y, v in zip(yr, fr)] for yr, fr in zip(y1, f)]
ln2 = [layernorm(r, eps=EPS) for r in r2]
y2 = [l["out"] for l in ln2]
# float64
def ln_np(M):
    mu = M.mean(axis=1, keepdims=True); var = M.var(axis=1, keepdims=True)
    return (M - mu) / np.sqrt(var + 1e-5), mu[:, 0], var[:, 0]
R1n = np.array(Xs, float) + a["np"]["C"]
Y1n, mu1n, var1n = ln_np(R1n)
Hn = Y1n @ np.array(W1s, float) + np.array(b1s, float)
Fn = np.maximum(Hn, 0) @ np.array(W2s, float) + np.array(b2s, float)
R2n = Y1n + Fn
Y2n, mu2n, var2n = ln_np(R2n)
agree(r1, R1n); agree(y1, Y1n); agree([l["mean"] for l in ln1], mu1n); agree([l["var"] for l in ln1], var1n)
agree(hnet, Hn); agree(f, Fn); agree(r2, R2n); agree(y2, Y2n); agree([l["var"] for l in ln2], var2n)
assert any(v < 0 for r in hnet for v in r)

R = lambda v: rnd(v, 4)
d = Doc("habr-encoder-ru", "md",
        "Russian Habr article copied as Markdown: a full post-LN encoder layer on кот, ест, рыбу (attention with "
        "Wq/Wk 3 -> 2, Wv 3 -> 3, /sqrt 2; residual; LayerNorm eps 1e-5; FFN 3 -> 4 -> 3 ReLU; residual; LayerNorm), "
        "tables and a numpy listing",
        "post-LN encoder layer: attention (no W_O), X + Z, LayerNorm (eps 1e-5, gamma 1, beta 0), FFN W1 b1 ReLU W2 b2, "
        "residual, LayerNorm",
        script=Path(__file__).name)
A = d
A("# Один слой энкодера Transformer вручную: от внимания до второго LayerNorm")
A("")
A("Уровень сложности: Простой · Время на прочтение: 12 мин · Количество просмотров 4.1K",
  nots=["12", "4.1"])
A("")
A("[Машинное обучение*](https://habr.com/ru/hubs/machine_learning/), [Python*](https://habr.com/ru/hubs/python/) · "
  "**Туториал**")
A("")
A("Привет, Хабр! В прошлой статье мы посчитали одну голову внимания. Сегодня — **целый слой энкодера**, как в "
  "оригинальной статье 2017 года (там d_model = 512, d_ff = 2048, у нас — 3 и 4).",
  nots=["2017", "512", "2048", "3", "4"])
A("")
A("## 0. Что считаем")
A("")
A("```")
A("Z  = Attention(X)            # одна голова, без W_O")
A("Y1 = LayerNorm(X + Z)")
A("F  = ReLU(Y1·W1 + b1)·W2 + b2", nots=["1", "1", "2", "2"])
A("Y2 = LayerNorm(Y1 + F)")
A("```")
A("")
A("В LayerNorm берём ε = 1e-5 (как в PyTorch), γ = 1, β = 0, дисперсию — смещённую (делим на 3).",
  nots=["1e-5", "1", "0", "3"])
A("")
A("## 1. Входы и веса")
A("")
A("```python")
A("import numpy as np")
A("X = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "])  # кот, ест, рыбу")
for nm, M in (("Wq", Wqs), ("Wk", Wks), ("Wv", Wvs), ("W1", W1s), ("W2", W2s)):
    A(f"{nm} = np.array([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])")
A("b1 = np.array([" + ", ".join(b1s) + "])")
A("b2 = np.array([" + ", ".join(b2s) + "])")
A("```")
A("")
A("## 2. Внимание")
A("")
A("<spoiler title=\"Q, K, V и веса внимания\">")
A("")
A("| токен | Q | K | V |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    cl, cells = [], []
    for nm in ("Q", "K", "V"):
        ss = [lit(v) for v in a[nm][i]]
        cells.append("(" + "; ".join(ss) + ")")
        cl += [(s, f"{nm}[{t}][{m + 1}]", "correct") for m, s in enumerate(ss)]
    A(f"| {t} | " + " | ".join(cells) + " |", claims=cl)
A("")
A("| веса | кот | ест | рыбу |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ss = [R(v) for v in a["W"][i]]
    A(f"| {t} | " + " | ".join(ss) + " |", claims=[(s, f"weights[{t},{u}]", "correct") for s, u in zip(ss, toks)])
A("")
A("</spoiler>")
A("")
A("Выход внимания Z и первая остаточная связь X + Z:")
A("")
A("| токен | Z | X + Z |")
A("|---|---|---|")
for i, t in enumerate(toks):
    zs = [R(v) for v in Z[i]]
    rs = [R(v) for v in r1[i]]
    A(f"| {t} | (" + "; ".join(zs) + ") | (" + "; ".join(rs) + ") |",
      claims=[(s, f"context[{t}][{m + 1}]", "correct") for m, s in enumerate(zs)]
      + [(s, f"resid1[{t}][{m + 1}]", "correct") for m, s in enumerate(rs)])
A("")
A("## 3. Первый LayerNorm")
A("")
i = 0
A(f"Для «кот»: μ = ({' + '.join(R(v) for v in r1[i])}) / 3 = {R(ln1[i]['mean'])}, "
  f"σ² = {R(ln1[i]['var'])}, √(σ² + ε) = {R(ln1[i]['std'])}.",
  claims=[(R(ln1[i]["mean"]), "ln1.mean[кот]", "correct"), (R(ln1[i]["var"]), "ln1.var[кот]", "correct"),
          (R(ln1[i]["std"]), "ln1.std[кот]", "correct")], opts=[R(v) for v in r1[i]], nots=["3"])
A("")
A("| токен | μ | σ² | Y1 |")
A("|---|---|---|---|")
for i, t in enumerate(toks):
    ys = [R(v) for v in y1[i]]
    A(f"| {t} | {R(ln1[i]['mean'])} | {R(ln1[i]['var'])} | (" + "; ".join(ys) + ") |",
      claims=[(R(ln1[i]["mean"]), f"ln1.mean[{t}]", "correct"), (R(ln1[i]["var"]), f"ln1.var[{t}]", "correct")]
      + [(s, f"ln1.out[{t}][{m + 1}]", "correct") for m, s in enumerate(ys)])
A("")
A("## 4. Feed-forward")
A("")
A("Скрытый слой до ReLU (отрицательные значения обнулятся) и после:")
A("")
A("| токен | Y1·W1 + b1 | ReLU | F |", nots=["1", "1"])
A("|---|---|---|---|")
for i, t in enumerate(toks):
    hs = [R(v) for v in hnet[i]]
    rs = [R(v) for v in hrel[i]]
    fs = [R(v) for v in f[i]]
    A(f"| {t} | (" + "; ".join(hs) + ") | (" + "; ".join(rs) + ") | (" + "; ".join(fs) + ") |",
      claims=[(s, f"ffn.hidden[{t}][{k + 1}]", "correct") for k, s in enumerate(hs)]
      + [(s, f"ffn.relu[{t}][{k + 1}]", "correct") for k, s in enumerate(rs)]
      + [(s, f"ffn.out[{t}][{m + 1}]", "correct") for m, s in enumerate(fs)])
A("")
A("## 5. Вторая остаточная связь и второй LayerNorm")
A("")
A("| токен | Y1 + F | μ | σ² | Y2 |", nots=["1"])
A("|---|---|---|---|---|")
for i, t in enumerate(toks):
    rs = [R(v) for v in r2[i]]
    ys = [R(v) for v in y2[i]]
    A(f"| {t} | (" + "; ".join(rs) + f") | {R(ln2[i]['mean'])} | {R(ln2[i]['var'])} | (" + "; ".join(ys) + ") |",
      claims=[(s, f"resid2[{t}][{m + 1}]", "correct") for m, s in enumerate(rs)]
      + [(R(ln2[i]["mean"]), f"ln2.mean[{t}]", "correct"), (R(ln2[i]["var"]), f"ln2.var[{t}]", "correct")]
      + [(s, f"ln2.out[{t}][{m + 1}]", "correct") for m, s in enumerate(ys)])
A("")
A(f"Итог для «рыбу»: ({'; '.join(R(v) for v in y2[2])}). Каждая строка Y2 имеет среднее 0 и дисперсию почти 1 "
  "— так и должно быть после LayerNorm.",
  claims=[(R(v), f"ln2.out[рыбу][{m + 1}]", "correct") for m, v in enumerate(y2[2])], nots=["2", "0", "1"])
A("")
A("В реальном BERT-base таких слоёв 12, и каждый содержит 12 голов; но арифметика та же.", nots=["12", "12"])
A("")
A("---")
A("")
A("Теги: transformer, encoder, layernorm, ffn, numpy")
A("")
A("Хабы: Машинное обучение, Python")
A("")
A("+18 · 57 · 3 комментария", nots=["18", "57", "3"])
d.save()
