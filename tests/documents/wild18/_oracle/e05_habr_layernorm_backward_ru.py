"""Russian Habr article: LayerNorm forward and backward on one vector of 4 features with gamma, beta, eps = 1e-5 and
an upstream gradient dy: mu, variance, rstd, x_hat, y; dgamma, dbeta, dx_hat, the two means and dx by the compact
formula; a numpy print of dx. Exact rounding, 4 decimals."""
from pathlib import Path

from w18lib import *

xs = ["1.2", "-0.4", "0.8", "2.0"]
gs = ["1.0", "0.5", "1.5", "1.0"]
bs = ["0.0", "0.1", "-0.1", "0.0"]
dys = ["0.3", "-0.6", "0.2", "0.1"]
eps = mpf("1e-5")
x, ga, be, dy = mat(xs), mat(gs), mat(bs), mat(dys)
n = 4
mu = mpmath.fsum(x) / n
c = [v - mu for v in x]
var = mpmath.fsum(v * v for v in c) / n
rstd = 1 / mpmath.sqrt(var + eps)
xh = [v * rstd for v in c]
y = [gg * h + bb for gg, h, bb in zip(ga, xh, be)]
dga = [a * h for a, h in zip(dy, xh)]
dxh = [a * gg for a, gg in zip(dy, ga)]
m1 = mpmath.fsum(dxh) / n
m2 = mpmath.fsum(a * h for a, h in zip(dxh, xh)) / n
dx = [rstd * (a - m1 - h * m2) for a, h in zip(dxh, xh)]
# float64: forward, and the backward checked against a finite-difference-free autograd-style derivation
xf, gf, bf, dyf = (np.array(v, float) for v in (xs, gs, bs, dys))
muf = xf.mean(); varf = xf.var(); rf = 1 / np.sqrt(varf + 1e-5); xhf = (xf - muf) * rf
agree([mu, var, rstd], [muf, varf, rf]); agree(xh, xhf); agree(y, gf * xhf + bf)
# independent route: dx = J^T dy with the Jacobian of x -> y built explicitly
J = np.zeros((4, 4))
for i in range(4):
    for j in range(4):
        J[i, j] = gf[i] * rf * ((i == j) - 1 / 4 - xhf[i] * xhf[j] / 4)
agree(dx, J.T @ dyf)
agree(dga, dyf * xhf)

d = Doc("habr-layernorm-backward-ru", "md",
        "Russian Habr article: LayerNorm forward and backward on one 4-vector with gamma, beta, eps = 1e-5 and an "
        "upstream gradient dy: mean, variance, rstd, x_hat, y, dgamma, dbeta, dx_hat, the two means, dx by the "
        "compact formula, then a numpy print of dx; 4 decimals",
        "LayerNorm over 4 features, biased variance, eps = 1e-5, gamma and beta given, upstream dy given",
        script=Path(__file__).name)
A = d
A("# Обратный проход LayerNorm руками: откуда берётся эта страшная формула")
A("")
A("**vkorolev** 14 окт 2024 в 11:32", nots=["14", "2024", "11", "32"])
A("")
A("Уровень сложности: Средний")
A("")
A("Время на прочтение: 7 мин", nots=["7"])
A("")
A("Охват и читатели: 3.4K", nots=["3.4"])
A("")
A("[Машинное обучение\\*](https://habr.com/ru/hubs/machine_learning/), [Python\\*](https://habr.com/ru/hubs/python/)")
A("")
A("Туториал")
A("")
A("Производную LayerNorm обычно приводят одной строкой и идут дальше. Я попробую честно посчитать её на векторе "
  "из четырёх чисел, а потом сверить с компактной формулой.")
A("")
A("## Исходные данные")
A("")
A("Один токен, $d = 4$ признака:", nots=["4"])
A("")
A("| | 1 | 2 | 3 | 4 |")
A("|---|---|---|---|---|")
A("| $x$ | " + " | ".join(xs) + " |")
A("| $\\gamma$ | " + " | ".join(gs) + " |")
A("| $\\beta$ | " + " | ".join(bs) + " |")
A("| $\\partial L/\\partial y$ | " + " | ".join(dys) + " |")
A("")
A("Дисперсия смещённая (делим на $d$), как в PyTorch, $\\varepsilon = 10^{-5}$.", nots=["10", "-5"])
A("")
A("## Прямой проход")
A("")
A(f"$$\\mu = \\frac{{{' + '.join(par(v) for v in xs)}}}{{4}} = {R(mu)}$$",
  claims=[(R(mu), "L1.ln.mean[x]", "correct")], opts=xs, nots=["4"])
A("")
A("Отклонения $x - \\mu$: " + ", ".join(R(v) for v in c) + ".",
  claims=[(R(v), f"L1.ln.centered[x][{m + 1}]", "correct") for m, v in enumerate(c)])
A("")
A(f"$$\\sigma^2 = \\frac{{1}}{{4}}\\sum (x_i - \\mu)^2 = {R(var)}, \\qquad "
  f"\\frac{{1}}{{\\sqrt{{\\sigma^2 + \\varepsilon}}}} = {R(rstd)}$$",
  claims=[(R(var), "L1.ln.var[x]", "correct"), (R(rstd), "L1.ln.rstd[x]", "correct")], nots=["1", "4", "2", "1", "2"])
A("")
A("| | 1 | 2 | 3 | 4 |")
A("|---|---|---|---|---|")
A("| $\\hat x$ | " + " | ".join(R(v) for v in xh) + " |",
  claims=[(R(v), f"L1.ln.norm[x][{m + 1}]", "correct") for m, v in enumerate(xh)])
A("| $y = \\gamma \\hat x + \\beta$ | " + " | ".join(R(v) for v in y) + " |",
  claims=[(R(v), f"L1.ln.out[x][{m + 1}]", "correct") for m, v in enumerate(y)])
A("")
A("## Обратный проход")
A("")
A("### Параметры")
A("")
A("С $\\gamma$ и $\\beta$ всё просто: $\\partial L/\\partial \\beta = \\partial L/\\partial y$, "
  "$\\partial L/\\partial \\gamma = \\partial L/\\partial y \\odot \\hat x$.")
A("")
A("| | 1 | 2 | 3 | 4 |")
A("|---|---|---|---|---|")
A("| $\\partial L/\\partial \\gamma$ | " + " | ".join(R(v) for v in dga) + " |",
  claims=[(R(v), f"grad.L1.ln.gamma[{m + 1}]", "correct") for m, v in enumerate(dga)])
A("| $\\partial L/\\partial \\beta$ | " + " | ".join(dys) + " |",
  opts=dys)
A("")
A("### Вход")
A("")
A("Сначала градиент по нормированному вектору: $\\partial L/\\partial \\hat x = \\partial L/\\partial y \\odot \\gamma = ("
  + ", ".join(R(v) for v in dxh) + ")$.",
  claims=[(R(v), f"grad.L1.ln.norm[x][{m + 1}]", "correct") for m, v in enumerate(dxh)])
A("")
A("Дальше нужны два средних:")
A("")
A(f"- $\\overline{{\\partial \\hat x}} = \\frac{{1}}{{4}}\\sum_i \\partial \\hat x_i = {R(m1)}$",
  claims=[(R(m1), "mean(grad.L1.ln.norm[x])", "correct")], nots=["1", "4"])
A(f"- $\\overline{{\\partial \\hat x \\cdot \\hat x}} = \\frac{{1}}{{4}}\\sum_i \\partial \\hat x_i \\hat x_i = {R(m2)}$",
  claims=[(R(m2), "mean(grad.L1.ln.norm[x]*L1.ln.norm[x])", "correct")], nots=["1", "4"])
A("")
A("И та самая формула:")
A("")
A("$$\\frac{\\partial L}{\\partial x_i} = \\frac{1}{\\sqrt{\\sigma^2+\\varepsilon}}\\left(\\partial \\hat x_i - "
  "\\overline{\\partial \\hat x} - \\hat x_i \\, \\overline{\\partial \\hat x \\cdot \\hat x}\\right)$$",
  nots=["1", "2"])
A("")
A(f"Для первого признака: ${R(rstd)} \\cdot ({R(dxh[0])} - ({R(m1)}) - {R(xh[0])} \\cdot ({R(m2)})) = {R(dx[0])}$.",
  claims=[(R(dx[0]), "grad.X[x][1]", "correct")], opts=[R(rstd), R(dxh[0]), R(m1), R(xh[0]), R(m2)])
A("")
A("Проверим всё сразу в numpy:")
A("")
A("```python")
A("dxhat = dy * gamma")
A("dx = rstd * (dxhat - dxhat.mean() - xhat * (dxhat * xhat).mean())")
A("print(dx)")
A("```")
A("")
A("```")
dxf = J.T @ dyf
lines, cells = np_print(dxf, dx, precision=8)
A(lines[0], claims=[(cv, f"grad.X[x][{m + 1}]", "correct") for m, cv in enumerate(cells)])
A("```")
A("")
A("Сумма компонент $\\partial L/\\partial x$ равна нулю: сдвиг всего вектора на константу LayerNorm не замечает.")
A("")
A("Ещё одна проверка, которую я всегда делаю: численная производная через $(f(x+h) - f(x-h))/2h$ с $h = 10^{-4}$ "
  "совпала до шестого знака.", nots=["2", "10", "-4"])
A("")
A("Теги: layernorm, backpropagation, numpy, трансформеры")
A("")
A("Всего голосов 12: ↑11 и ↓1 +10", nots=["12", "11", "1", "+10"])
A("")
A("Комментарии 4", nots=["4"])
d.save()
