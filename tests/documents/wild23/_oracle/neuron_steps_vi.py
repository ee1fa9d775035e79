"""Oracle for neuron-steps-vi.md: each result re-done at 50 digits with mpmath from the operands its line writes
(cross-checked with NumPy float64); prints the expect file's claims. Never runs exactformer."""
from mpmath import mp, mpf, exp

import numpy as np

mp.dps = 50
o = mpf("0.6456563062")
rows = [
    (19, "0.6", mpf("0.4") * mpf("1.5") + mpf("-0.2") * mpf("0.5") + mpf("0.1"), "net"),
    (27, "0.6456563062", 1 / (1 + exp(-mpf("0.6"))), "out = sigmoid(net)"),
    (35, "0.1255945533", (1 - o) ** 2, "E = (target - out)^2 (planted slip: 0.1255594533)"),
    (46, "-0.2432047585", (-2 * (1 - o)) * (o * (1 - o)) * mpf("1.5"), "dE/dw1 (its working a bracket short)"),
    (52, "-0.08106825285", (-2 * (1 - o)) * (o * (1 - o)) * mpf("0.5"), "dE/dw2"),
    (60, "0.52160237925", mpf("0.4") - mpf("0.5") * mpf("-0.2432047585"), "w1+"),
    (66, "-0.159465873575", mpf("-0.2") - mpf("0.5") * mpf("-0.08106825285"), "w2+"),
]
f64 = [0.4 * 1.5 + -0.2 * 0.5 + 0.1, 1 / (1 + np.exp(-0.6)), (1 - 0.6456563062) ** 2]
for (line, text, exact, what), f in zip(rows, f64 + [None] * 4):
    digits = len(text.split(".")[1])
    ok = abs(exact - mpf(text)) <= mpf(10) ** -digits / 2
    assert f is None or abs(f - float(exact)) < 1e-12
    print(f'[[claims]]\nline = {line}\ntext = "{text}"\nquantity = "{what}"\nverdict = "{"correct" if ok else "wrong"}"\n')
