"""Oracle of ../div-backprop-ko.md: a 2-2-1 network (sigmoid hidden units, a linear output, (y − ŷ)² with no ½),
one SGD step at η = 0.5, computed with mpmath at 50 digits (never exactformer). Prints every number the document
states, rounded as it prints them, and the planted slip."""
from mpmath import mp, mpf, exp

mp.dps = 50
x1, x2 = mpf("0.4"), mpf("0.8")
w1, w2, w3, w4, w5, w6 = (mpf(v) for v in ("0.1", "0.6", "0.5", "0.2", "0.7", "0.3"))
y, eta = mpf("1.0"), mpf("0.5")
sig = lambda z: 1 / (1 + exp(-z))
z1 = w1 * x1 + w3 * x2
z2 = w2 * x1 + w4 * x2
a1, a2 = sig(z1), sig(z2)
yh = w5 * a1 + w6 * a2
L = (y - yh) ** 2
g = -2 * (y - yh)  # dL/dŷ
d = {"w5": g * a1, "w6": g * a2,
     "w1": g * w5 * a1 * (1 - a1) * x1, "w3": g * w5 * a1 * (1 - a1) * x2,
     "w2": g * w6 * a2 * (1 - a2) * x1, "w4": g * w6 * a2 * (1 - a2) * x2}
new = {k: v - eta * d[k] for k, v in (("w1", w1), ("w2", w2), ("w3", w3), ("w4", w4), ("w5", w5), ("w6", w6))}
for name, v, k in (("z1", z1, 2), ("z2", z2, 2), ("a1", a1, 4), ("a2", a2, 4), ("yhat", yh, 4), ("L", L, 5)):
    print(name, mp.nstr(v, 12), f"{float(v):.{k}f}")
for k in ("w5", "w6", "w1", "w2", "w3", "w4"):
    print("dL/d" + k, mp.nstr(d[k], 12), f"{float(d[k]):.4f}")
for k in ("w1", "w2", "w3", "w4", "w5", "w6"):
    print(k + "'", mp.nstr(new[k], 12), f"{float(new[k]):.4f}")
# the planted slip: dL/dw3 printed with two digits swapped (-0.0321 for the true value below); w3' is then worked
# from the slipped gradient: 0.5 - 0.5 * (-0.0321) = 0.51605 -> 0.5161 (propagated)
print("slip dL/dw3 printed -0.0321; w3' from it", float(w3 - eta * mpf("-0.0321")))
