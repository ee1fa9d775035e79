"""Russian Habr article (Markdown, one-line LaTeX pmatrix per matrix): a post-LN encoder layer end to end for 2 tokens,
d = 3: attention with Q = K = V = X, Add & Norm, FFN 3 -> 4 -> 3 with ReLU, Add & Norm. One planted slip: the sum of
squared deviations of token 2 in the first LayerNorm is mis-added by 0.1."""
from pathlib import Path

import numpy as np

from w3lib import *

Xs = [["1.0", "0.2", "-0.6"], ["-0.4", "0.9", "0.5"]]
W1s = [["0.5", "-0.3", "0.8", "0.1"], ["-0.6", "0.4", "0.2", "0.7"], ["0.3", "0.9", "-0.5", "-0.2"]]
b1s = ["0.1", "-0.2", "0.0", "0.05"]
W2s = [["0.4", "-0.2", "0.3"], ["0.1", "0.6", "-0.4"], ["-0.5", "0.3", "0.2"], ["0.7", "-0.1", "0.5"]]
b2s = ["0.0", "0.1", "-0.1"]
X, W1, b1, W2, b2 = V(Xs), V(W1s), V(b1s), V(W2s), V(b2s)
r3 = mpmath.sqrt(3)


def ln_parts(y, slip=0):
    mu = mpmath.fsum(y) / 3
    dev = [v - mu for v in y]
    ss = mpmath.fsum(t * t for t in dev) + slip
    var = ss / 3
    sd = mpmath.sqrt(var)
    return mu, dev, ss, var, sd, [t / sd for t in dev]


def run(slip):
    S = mm(X, T(X))
    Sc = [[v / r3 for v in row] for row in S]
    A = [softmax(row) for row in Sc]
    Z = mm(A, X)
    Y = [vadd(X[i], Z[i]) for i in range(2)]
    L1 = [ln_parts(Y[0]), ln_parts(Y[1], mpf("0.1") if slip else 0)]
    N1 = [t[5] for t in L1]
    Hpre = [vadd(vm(N1[i], W1), b1) for i in range(2)]
    Hr = [[max(v, mpf(0)) for v in row] for row in Hpre]
    F = [vadd(vm(Hr[i], W2), b2) for i in range(2)]
    Y2 = [vadd(N1[i], F[i]) for i in range(2)]
    L2 = [ln_parts(Y2[i]) for i in range(2)]
    return dict(S=S, Sc=Sc, A=A, Z=Z, Y=Y, L1=L1, N1=N1, Hpre=Hpre, Hr=Hr, F=F, Y2=Y2, L2=L2)


R, R0 = run(True), run(False)
# numpy check of the slip-free layer
Xn = np.array(Xs, float)
Sn = Xn @ Xn.T / np.sqrt(3); An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
ln = lambda y: (y - y.mean(1, keepdims=True)) / y.std(1, keepdims=True)
N1n = ln(Xn + An @ Xn)
Fn = np.maximum(N1n @ np.array(W1s, float) + np.array(b1s, float), 0) @ np.array(W2s, float) + np.array(b2s, float)
np_same([t[5] for t in R0["L2"]], ln(N1n + Fn))
for rr in (R, R0):  # no ReLU input sits at 0
    assert all(abs(v) > mpf("1e-3") for row in rr["Hpre"] for v in row)

d = Doc("habr-postln-encoder-ru", "md",
        "Russian Habr article (Markdown, every matrix as a one-line LaTeX pmatrix in $$...$$, decimals with a dot as in code): "
        "a post-LN Transformer encoder layer end to end for 2 tokens, d = 3: Q = K = V = X, scores / sqrt(3), softmax, AX, "
        "Add & Norm, FFN 3 -> 4 -> 3 with ReLU, Add & Norm; one planted slip",
        "post-LN encoder layer: N1 = LN(X + softmax(XX^T/sqrt(3))X), out = LN(N1 + ReLU(N1 W1 + b1) W2 + b2); LN without eps, "
        "gamma = 1, beta = 0", "exact",
        note="planted slip: in the first LayerNorm the sum of squared deviations of token 2 is mis-added 0.1 too large "
             "(the three squares are printed correctly, their sum is not); its variance, standard deviation, normalised row, "
             "the FFN pre-activations, ReLU outputs and FFN outputs of token 2, the second residual sum of token 2 and its "
             "final LayerNorm (mean, variance, std, output) are propagated (entries that print the same as without the slip "
             "are 'any')", gen=Path(__file__).name)
add = d.add
f4 = lambda v: r(v, 4)


def pm(name, Mx, qty, verd=lambda i, j: "correct", fmt=f4, opts=()):
    rows = " \\\\ ".join(" & ".join(fmt(v) for v in row) for row in Mx)
    add(f"$${name} = \\begin{{pmatrix}} {rows} \\end{{pmatrix}}$$",
        claims=[(fmt(v), f"{qty}[{i+1}][{j+1}]", verd(i, j)) for i, row in enumerate(Mx) for j, v in enumerate(row)], opts=opts)


def vd_row2(key, fmt=f4):
    def f(i, j):
        if i == 0:
            return "correct"
        return verdict(fmt(R[key][i][j]), fmt(R0[key][i][j]))
    return f


add("# Энкодер трансформера на пальцах: считаем один слой вручную")
add("")
add("Уровень сложности: Простой · Время на прочтение: 9 мин · Охват и читатели: 3.1K", nots=["9", "3.1"])
add("")
add("Машинное обучение\\*, Python\\*, Natural Language Processing\\*")
add("")
add("Привет, Хабр! В прошлой статье мы разобрали self-attention, а сегодня пройдём **целый слой энкодера** из статьи "
    "Vaswani et al. (2017) — в варианте post-LN, как в оригинале: сначала подслой, потом residual, потом LayerNorm.",
    nots=["2017"])
add("")
add("В оригинале $d_{model} = 512$, $d_{ff} = 2048$, 6 слоёв. У нас будет $d_{model} = 3$, $d_{ff} = 4$ и два токена. "
    "Дробную часть пишу через точку, как в коде, а не через запятую.", nots=["512", "2048", "6", "3", "4"])
add("")
add("## 1. Вход")
add("")
add("$$X = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(v for v in row) for row in Xs) + " \\end{pmatrix}$$")
add("")
add("Для простоты проекций нет: $Q = K = V = X$. (В реальной модели, конечно, есть $W^Q, W^K, W^V$.)")
add("")
add("## 2. Self-attention")
add("")
add("Скалярные произведения $XX^T$:")
add("")
pm("XX^T", R["S"], "S", fmt=lambda v: ex(v))
add("")
add(f"Делим на $\\sqrt{{3}} \\approx {r(r3, 4)}$ и применяем softmax по строкам:", claims=[(r(r3, 4), "sqrt(3)", "correct")], nots=["3"])
add("")
pm("\\frac{XX^T}{\\sqrt 3}", R["Sc"], "S/sqrt3")
add("")
pm("A = \\mathrm{softmax}", R["A"], "A")
add("")
add("Выход внимания $Z = AX$:")
add("")
pm("Z", R["Z"], "Z")
add("")
add("## 3. Add & Norm (первый)")
add("")
add("Residual: $Y = X + Z$.")
add("")
pm("Y", R["Y"], "Y")
add("")
add("LayerNorm по каждой строке, $\\gamma = 1$, $\\beta = 0$, $\\varepsilon$ опускаем (на 4 знаках он ничего не меняет).",
    nots=["1", "0", "4"])
add("")
for i in range(2):
    mu, dev, ss, var, sd, y = R["L1"][i]
    mu0, dev0, ss0, var0, sd0, y0 = R0["L1"][i]
    wrong = i == 1
    add(f"**Токен {i+1}:** $\\mu = {f4(mu)}$, отклонения $({', '.join(f4(t) for t in dev)})$.",
        claims=[(f4(mu), f"mu1[{i+1}]", "correct")] + [(f4(t), f"dev1[{i+1}][{j+1}]", "correct") for j, t in enumerate(dev)],
        nots=[str(i + 1)])
    add("")
    sq = [t * t for t in dev]
    add(f"$\\sigma^2 = ({' + '.join(f4(t) for t in sq)}) / 3 = {f4(ss)} / 3 = {f4(var)}$, $\\sigma = {f4(sd)}$",
        claims=[(f4(t), f"dev1sq[{i+1}][{j+1}]", "correct") for j, t in enumerate(sq)]
        + [(f4(ss), f"sumsq1[{i+1}]", "wrong" if wrong else "correct"),
           (f4(var), f"var1[{i+1}]", verdict(f4(var), f4(var0)) if wrong else "correct"),
           (f4(sd), f"std1[{i+1}]", verdict(f4(sd), f4(sd0)) if wrong else "correct")], nots=["3", "3"])
    add("")
pm("N_1 = \\mathrm{LN}(Y)", R["N1"], "N1", verd=vd_row2("N1"))
add("")
add("## 4. Feed-forward")
add("")
add("$$W_1 = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(v for v in row) for row in W1s) + " \\end{pmatrix},\\quad "
    "b_1 = (" + ", ".join(b1s) + ")$$")
add("")
add("$$W_2 = \\begin{pmatrix} " + " \\\\ ".join(" & ".join(v for v in row) for row in W2s) + " \\end{pmatrix},\\quad "
    "b_2 = (" + ", ".join(b2s) + ")$$")
add("")
pm("N_1 W_1 + b_1", R["Hpre"], "Hpre", verd=vd_row2("Hpre"))
add("")
add("ReLU зануляет отрицательные значения:")
add("")
pm("H = \\mathrm{ReLU}(\\cdot)", R["Hr"], "H", verd=vd_row2("Hr"))
add("")
pm("F = H W_2 + b_2", R["F"], "F", verd=vd_row2("F"))
add("")
add("## 5. Add & Norm (второй)")
add("")
pm("N_1 + F", R["Y2"], "Y2", verd=vd_row2("Y2"))
add("")
for i in range(2):
    mu, dev, ss, var, sd, y = R["L2"][i]
    t0 = R0["L2"][i]
    vv = (lambda a, b: verdict(a, b)) if i == 1 else (lambda a, b: "correct")
    add(f"Токен {i+1}: $\\mu = {f4(mu)}$, $\\sigma^2 = {f4(var)}$, $\\sigma = {f4(sd)}$",
        claims=[(f4(mu), f"mu2[{i+1}]", vv(f4(mu), f4(t0[0]))), (f4(var), f"var2[{i+1}]", vv(f4(var), f4(t0[3]))),
                (f4(sd), f"std2[{i+1}]", vv(f4(sd), f4(t0[4])))], nots=[str(i + 1), "2"])
    add("")
L2y = [t[5] for t in R["L2"]]
L2y0 = [t[5] for t in R0["L2"]]
rows = " \\\\ ".join(" & ".join(f4(v) for v in row) for row in L2y)
add(f"$$\\text{{Выход слоя}} = \\begin{{pmatrix}} {rows} \\end{{pmatrix}}$$",
    claims=[(f4(v), f"out[{i+1}][{j+1}]", "correct" if i == 0 else verdict(f4(v), f4(L2y0[i][j])))
            for i, row in enumerate(L2y) for j, v in enumerate(row)])
add("")
add("Каждая строка снова имеет среднее 0 и дисперсию 1 — это и есть вход для следующего из 6 слоёв.", nots=["0", "1", "6"])
add("")
add("Если нашли ошибку в вычислениях — пишите в комментариях, поправлю. Код для проверки лежит на GitHub.")
d.planted = 1
d.write()
