"""Russian lecture handout copied from a PDF as plain text (running header with page number, hyphenated line breaks,
numbered equations (4.1), a boxed remark drawn with +---+): a single sigmoid neuron with two inputs, squared-error
loss 1/2 (y - t)^2, forward pass, backward pass by the chain rule, a central-difference gradient check for w1
(h = 1e-4), and one gradient step (eta = 0.5) with the new loss."""
from pathlib import Path

from w7lib import *

xs, ws, bs, ts = ["0.5", "-1.2"], ["0.8", "0.3"], "0.1", "1"
x, w, b, t = mat(xs), mat(ws), mpf(bs), mpf(ts)
ETA = mpf("0.5")
H = mpf("1e-4")


def loss(w, b):
    z = dot(w, x) + b
    y = sigmoid(z)
    return z, y, (y - t) ** 2 / 2


z, y, Ls = loss(w, b)
dLdy = y - t
dydz = y * (1 - y)
delta = dLdy * dydz
gw = [delta * xi for xi in x]
gb = delta
Lp = loss([w[0] + H, w[1]], b)[2]
Lm = loss([w[0] - H, w[1]], b)[2]
num = (Lp - Lm) / (2 * H)
rel = abs(num - gw[0]) / (abs(num) + abs(gw[0]))
w1 = [w[i] - ETA * gw[i] for i in range(2)]
b1 = b - ETA * gb
z1, y1, L1 = loss(w1, b1)
zn = 0.8 * 0.5 + 0.3 * -1.2 + 0.1; yn = 1 / (1 + np.exp(-zn)); dn = (yn - 1) * yn * (1 - yn)
f = lambda w1_: 0.5 * (1 / (1 + np.exp(-(w1_ * 0.5 + 0.3 * -1.2 + 0.1))) - 1) ** 2
agree([z, y, delta, gw[0]], [zn, yn, dn, dn * 0.5]); agree([num], [(f(0.8 + 1e-4) - f(0.8 - 1e-4)) / 2e-4], tol=1e-9)


def sci(v, nd=1):
    v = mpf(v)
    e = int(mpmath.floor(mpmath.log10(abs(v))))
    m = rnd(v / mpf(10) ** e, nd)
    if m.lstrip("-").startswith("10"):
        e += 1; m = rnd(v / mpf(10) ** e, nd)
    return f"{m}e-{-e:02d}" if e < 0 else f"{m}e+{e:02d}"


F = lambda v: rnd(v, 4)
d = Doc("lecture-gradcheck-ru", "txt",
        "Russian lecture handout copied from a PDF (running header with page, hyphenation, equation numbers, ASCII "
        "box): one sigmoid neuron, 2 inputs, L = 1/2 (y - t)^2: forward, chain-rule backward, central-difference "
        "gradient check of w1 with h = 1e-4, one gradient step with eta = 0.5 and the new loss",
        "one neuron y = sigmoid(w·x + b), loss 1/2 (y - t)^2 with t = 1; one SGD step eta 0.5",
        script=Path(__file__).name)
A = d
A("Машинное обучение, весна 2024                 Лекция 4. Обратное распространение ошибки                    стр. 7",
  nots=["2024", "4", "7"])
A("")
A("4.3  Один нейрон: прямой и обратный проход", nots=["4.3"])
A("")
A("Рассмотрим нейрон с двумя входами и сигмоидной функцией активации. Все вычисления ниже можно по-")
A("вторить на калькуляторе; числа округлены до четырёх знаков после запятой, но каждое следующее значение", nots=[])
A("считается по неокруглённому предыдущему.")
A("")
A("Дано:")
A(f"        x1 = {xs[0]},   x2 = {xs[1]},   w1 = {ws[0]},   w2 = {ws[1]},   b = {bs},   t = {ts}.")
A("")
A("Прямой проход.")
A("")
A("        z = w1·x1 + w2·x2 + b,        y = σ(z) = 1 / (1 + e^(−z)),        L = ½ (y − t)²           (4.5)",
  nots=["1", "4.5"])
A("")
A(f"        z = {ws[0]}·{xs[0]} + {ws[1]}·({xs[1]}) + {bs} = {lit(z)}", claims=[(lit(z), "n.net[x][1]", "correct")],
  opts=xs + ws + [bs])
A(f"        y = 1 / (1 + e^(−{lit(z)})) = {F(y)}", claims=[(F(y), "n.out[x][1]", "correct")], opts=["−" + lit(z)], nots=["1"])
A(f"        L = ½ ({F(y)} − 1)² = {F(Ls)}", claims=[(F(Ls), "loss", "correct")], opts=[F(y)], nots=["1"])
A("")
A("Обратный проход. По правилу цепочки")
A("")
A("        ∂L/∂w_i = ∂L/∂y · ∂y/∂z · ∂z/∂w_i,   где ∂L/∂y = y − t,  ∂y/∂z = y(1 − y),  ∂z/∂w_i = x_i.   (4.6)",
  nots=["1", "4.6"])
A("")
A(f"        ∂L/∂y = {F(y)} − 1 = {F(dLdy)}", claims=[(F(dLdy), "grad.n.out[x][1]", "correct")], opts=[F(y)], nots=["1"])
A(f"        ∂y/∂z = {F(y)} · (1 − {F(y)}) = {F(dydz)}", claims=[(F(dydz), "n.dout_dnet[x][1]", "correct")],
  opts=[F(y), F(y)], nots=["1"])
A(f"        δ = ∂L/∂z = {F(dLdy)} · {F(dydz)} = {F(delta)}", claims=[(F(delta), "grad.n.net[x][1]", "correct")],
  opts=[F(dLdy), F(dydz)])
A("")
A(f"        ∂L/∂w1 = δ · x1 = {F(delta)} · {xs[0]} = {F(gw[0])}", claims=[(F(gw[0]), "grad.n.W[1][1]", "correct")],
  opts=[F(delta), xs[0]])
A(f"        ∂L/∂w2 = δ · x2 = {F(delta)} · ({xs[1]}) = {F(gw[1])}", claims=[(F(gw[1]), "grad.n.W[2][1]", "correct")],
  opts=[F(delta), xs[1]])
A(f"        ∂L/∂b  = δ = {F(gb)}", claims=[(F(gb), "grad.n.b[1]", "correct")])
A("")
A("Знак градиента по w1 отрицательный: увеличение w1 уменьшает ошибку, потому что x1 > 0 и y < t.", nots=["0"])
A("")
A("4.4  Проверка градиента численно", nots=["4.4"])
A("")
A("Аналитические формулы легко перепутать, поэтому их полезно сверить с конечной разностью. Цен-")
A("тральная разность имеет погрешность O(h²) и потому точнее односторонней:", nots=[])
A("")
A("        ∂L/∂w1 ≈ [ L(w1 + h) − L(w1 − h) ] / (2h),      h = 1e-4.                                (4.7)",
  nots=["1", "2", "1e-4", "4.7"])
A("")
A(f"        L(w1 + h) = L({lit(w[0] + H)}) = {rnd(Lp, 10)}", claims=[(rnd(Lp, 10), "check.loss_plus", "correct")],
  opts=[lit(w[0] + H)])
A(f"        L(w1 − h) = L({lit(w[0] - H)}) = {rnd(Lm, 10)}", claims=[(rnd(Lm, 10), "check.loss_minus", "correct")],
  opts=[lit(w[0] - H)])
A(f"        разность / 0.0002 = {rnd(num, 6)}", claims=[(rnd(num, 6), "check.numeric_grad", "correct")], nots=["0.0002"])
A("")
A(f"Аналитически получили {rnd(gw[0], 6)} (с шестью знаками), относительное расхождение", nots=[],
  claims=[(rnd(gw[0], 6), "grad.n.W[1][1]", "correct")])
A("")
A(f"        |g_num − g_an| / (|g_num| + |g_an|) = {sci(rel)},", claims=[(sci(rel), "check.rel_error", "correct")])
A("")
A("что намного меньше обычного порога 1e-7: формулы (4.6) верны.", nots=["1e-7", "4.6"])
A("")
A("+--------------------------------------------------------------------------------------------+")
A("| Замечание. Не берите h слишком маленьким: при h = 1e-10 разность L(w1+h) − L(w1−h) теряет   |",
  nots=["1e-10", "1"])
A("| почти все значащие цифры в арифметике float64.                                             |", nots=["64"])
A("+--------------------------------------------------------------------------------------------+")
A("")
A("4.5  Шаг градиентного спуска", nots=["4.5"])
A("")
A(f"Со скоростью обучения η = {lit(ETA)}:", nots=[lit(ETA)])
A("")
A(f"        w1 ← {ws[0]} − {lit(ETA)} · ({F(gw[0])}) = {F(w1[0])}", claims=[(F(w1[0]), "step1.n.W[1][1]", "correct")],
  opts=[ws[0], lit(ETA), F(gw[0])])
A(f"        w2 ← {ws[1]} − {lit(ETA)} · {F(gw[1])} = {F(w1[1])}", claims=[(F(w1[1]), "step1.n.W[2][1]", "correct")],
  opts=[ws[1], lit(ETA), F(gw[1])])
A(f"        b  ← {bs} − {lit(ETA)} · ({F(gb)}) = {F(b1)}", claims=[(F(b1), "step1.n.b[1]", "correct")],
  opts=[bs, lit(ETA), F(gb)])
A("")
A(f"Новый проход: z = {F(z1)}, y = {F(y1)}, L = {F(L1)} — ошибка уменьшилась по сравнению с {F(Ls)}.",
  claims=[(F(z1), "step1.n.net[x][1]", "correct"), (F(y1), "step1.n.out[x][1]", "correct"),
          (F(L1), "step1.loss", "correct"), (F(Ls), "loss", "correct")])
A("")
A("Упражнение 4.2. Повторите проверку (4.7) для w2 и b.", nots=["4.2", "4.7", "2"])
A("")
A("                                                   — 7 —", nots=["7"])
d.save()
