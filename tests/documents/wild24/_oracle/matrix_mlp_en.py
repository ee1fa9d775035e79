"""Oracle of ../matrix-mlp-en.md: a 2-2-2 sigmoid network in matrix form (z1 = x W1 + b1, a1 = σ(z1), z2 = a1 W2 +
b2, a2 = σ(z2)), J = ½Σ(a2 − y)², one SGD step at η = 0.1; mpmath at 50 digits (never exactformer). Prints the
document's body with every number rounded as it is printed, and the planted slip."""
from mpmath import mp, mpf, exp

mp.dps = 50
x = [mpf("0.6"), mpf("0.2")]
y = [mpf("1"), mpf("0")]
W1 = [[mpf("0.4"), mpf("-0.3")], [mpf("0.7"), mpf("0.5")]]
b1 = [mpf("0.1"), mpf("0.2")]
W2 = [[mpf("0.9"), mpf("-0.6")], [mpf("0.2"), mpf("0.8")]]
b2 = [mpf("-0.1"), mpf("0.3")]
eta = mpf("0.1")
sig = lambda z: 1 / (1 + exp(-z))
z1 = [sum(x[i] * W1[i][j] for i in range(2)) + b1[j] for j in range(2)]
a1 = [sig(z) for z in z1]
z2 = [sum(a1[i] * W2[i][j] for i in range(2)) + b2[j] for j in range(2)]
a2 = [sig(z) for z in z2]
dJda2 = [a2[j] - y[j] for j in range(2)]
d2 = [dJda2[j] * a2[j] * (1 - a2[j]) for j in range(2)]
d1 = [sum(W2[i][j] * d2[j] for j in range(2)) * a1[i] * (1 - a1[i]) for i in range(2)]
gW2 = [[a1[i] * d2[j] for j in range(2)] for i in range(2)]
gW1 = [[x[i] * d1[j] for j in range(2)] for i in range(2)]
nW2 = [[W2[i][j] - eta * gW2[i][j] for j in range(2)] for i in range(2)]
nb2 = [b2[j] - eta * d2[j] for j in range(2)]
nW1 = [[W1[i][j] - eta * gW1[i][j] for j in range(2)] for i in range(2)]
nb1 = [b1[j] - eta * d1[j] for j in range(2)]
f = lambda v, k=4: ", ".join(f"{float(t):.{k}f}" for t in v)
for name, v in (("z1", z1), ("a1", a1), ("z2", z2), ("a2", a2), ("dJ/da2", dJda2), ("delta2", d2), ("delta1", d1),
                ("b2'", nb2), ("b1'", nb1)):
    print(name, f(v), [mp.nstr(t, 10) for t in v])
for name, M in (("dJ/dW2", gW2), ("dJ/dW1", gW1), ("W2'", nW2), ("W1'", nW1)):
    print(name, [f(r) for r in M])
