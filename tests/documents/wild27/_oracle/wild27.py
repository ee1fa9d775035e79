"""Oracle for the wild27 documents (mpmath, 50 digits; never exactformer): every number they compute."""
from mpmath import exp, log, matrix, mp, mpf, sin, cos, sqrt

mp.dps = 50


def s(x, n=10):
    return mp.nstr(x, n)


def softmax(xs):
    e = [exp(x) for x in xs]
    return [v / sum(e) for v in e]


def m(rows):
    return matrix([[mpf(x) for x in r] for r in rows])


def show(name, a, n=10):
    print(name)
    for i in range(a.rows):
        print("  ", [s(a[i, j], n) for j in range(a.cols)])


print("== labelled-softmax-en.md")
a = [mpf("1.5"), mpf("0.3"), mpf("-0.8")]
print("softmax", [s(v) for v in softmax(a)])
raw = [mpf("3.2"), mpf("1.6"), mpf("-0.4")]
sc = [r / sqrt(16) for r in raw]
print("scaled by 1/sqrt(16)", [s(v) for v in sc])
print("softmax", [s(v) for v in softmax(sc)])
Q = m([["1.0", "0.5"], ["0.2", "1.0"]])
K = m([["0.8", "0.1"], ["0.3", "0.9"]])
V = m([["1.0", "2.0"], ["3.0", "0.5"]])
S = Q * K.T
show("QK^T", S)
A = S / sqrt(2)
show("scaled /sqrt(2)", A)
W = matrix(2, 2)
for i in range(2):
    r = softmax([A[i, 0], A[i, 1]])
    W[i, 0], W[i, 1] = r
show("weights", W)
show("out (full precision)", W * V)
W2 = matrix([[mp.nint(W[i, j] * 100) / 100 for j in range(2)] for i in range(2)])
show("out from the 2-decimal weights", W2 * V)

print("== vector-table-pe-en.md (d = 4, base 10000, PE[2i] = sin, PE[2i+1] = cos)")
E = {"cat": ["0.3", "0.1", "0.0", "0.2"], "sat": ["-0.4", "0.6", "0.5", "-0.1"], "mat": ["0.7", "-0.2", "0.1", "0.4"]}
d = 4
PE = []
for pos in range(3):
    row = []
    for i in range(d // 2):
        ang = pos / mpf(10000) ** (mpf(2 * i) / d)
        row += [sin(ang), cos(ang)]
    PE.append(row)
    print("PE", pos, [s(v, 8) for v in row])
for pos, (tok, e) in enumerate(E.items()):
    pe3 = [mp.nint(v * 1000) / 1000 for v in PE[pos]]
    print("x", tok, "from the 3-decimal PE", [s(mpf(x) + y, 8) for x, y in zip(e, pe3)],
          "exact", [s(mpf(x) + y, 8) for x, y in zip(e, PE[pos])])

print("== bce-logits-zh.ipynb")
z = [mpf("0.6350"), mpf("-1.4120"), mpf("1.8730")]
y = [mpf(0), mpf(1), mpf(1)]
sg = [1 / (1 + exp(-v)) for v in z]
print("sigmoid", [s(v) for v in sg])
print("1 - sigmoid", [s(1 - v) for v in sg])
ls = [-(t * log(p) + (1 - t) * log(1 - p)) for p, t in zip(sg, y)]
print("per-element BCE", [s(v) for v in ls])
print("sum", s(sum(ls)), "mean", s(sum(ls) / 3))
g = [(p - t) / 3 for p, t in zip(sg, y)]
print("sigmoid - target", [s(p - t) for p, t in zip(sg, y)])
print("grad (sigmoid - target)/3", [s(v) for v in g])
print("BCEWithLogits on the logits (same loss)", s(sum(-(t * log(1 / (1 + exp(-v))) + (1 - t) * log(1 - 1 / (1 + exp(-v))))
                                                       for v, t in zip(z, y)) / 3))

print("== residual-norm-de.md (LayerNorm over 3 features, biased variance, no eps)")
x = [mpf("0.8"), mpf("-1.4"), mpf("0.5")]
at = [mpf("0.45"), mpf("0.7"), mpf("-0.25")]
r = [p + q for p, q in zip(x, at)]
print("sum vector", [s(v) for v in r])
mu = sum(r) / 3
print("sum of entries", s(sum(r)), "mu", s(mu))
mu4 = mp.nint(mu * 10000) / 10000
dev = [v - mu for v in r]
print("deviations", [s(v) for v in dev], "from mu rounded to 4 decimals", [s(v - mu4) for v in r])
sq = [v ** 2 for v in dev]
print("squares", [s(v) for v in sq], "sum", s(sum(sq)))
var = sum(sq) / 3
sd = sqrt(var)
print("var", s(var), "sigma", s(sd))
nrm = [v / sd for v in dev]
print("normalized", [s(v) for v in nrm])
gamma = [mpf("2.0"), mpf("0.5"), mpf("1.0")]
beta = [mpf("0.1"), mpf("-0.3"), mpf("0.0")]
print("gamma * xhat + beta", [s(g * v + b) for g, v, b in zip(gamma, nrm, beta)])
print("check: mean of xhat", s(sum(nrm) / 3), "var of xhat", s(sum(v ** 2 for v in nrm) / 3))

print("== mermaid-graph-ja.md (computational graph, forward and backward)")
apple, n_apple, orange, n_orange, tax = mpf(120), mpf(4), mpf(90), mpf(3), mpf("1.1")
m1 = apple * n_apple
total = m1 * tax
print("graph 1: apples", s(m1), "with tax", s(total))
print("  backward: d/dm1", s(1 * tax), "d/dtax", s(1 * m1), "d/dapple", s(tax * n_apple), "d/dcount", s(tax * apple))
a2, n2 = mpf(120), mpf(2)
p1, p2 = a2 * n2, orange * n_orange
sm = p1 + p2
tot2 = sm * tax
print("graph 2: apples", s(p1), "oranges", s(p2), "sum", s(sm), "with tax", s(tot2))
print("  backward: d/dsum", s(tax), "d/dtax", s(sm), "d/dp1 = d/dp2", s(tax),
      "d/dapple", s(tax * n2), "d/dn_apple", s(tax * a2), "d/dorange", s(tax * n_orange), "d/dn_orange", s(tax * orange))
print("  apple price up by 1 yen: total goes from", s(tot2), "to", s(((a2 + 1) * n2 + p2) * tax))

print("== mislabelled-print-pt.ipynb (from the printed 8-decimal Q, K ('W'), V: givens rounded; last digits may move)")
Qn = m([["1.74945474", "-0.286073", "-0.48456513", "-2.65331856"], ["-0.00828463", "-0.31963136", "-0.53662936", "0.31540267"],
        ["0.42105072", "-1.06560298", "-0.88623967", "-0.47573349"], ["0.68968231", "0.56119218", "-1.30554851", "-1.11947526"]])
Kn = m([["0.73683739", "1.57463407", "-0.03107509", "-0.68344663"], ["1.0956297", "-0.30957664", "0.72575222", "1.54907163"],
        ["0.63007982", "0.07349324", "0.73227135", "-0.64257539"], ["-0.17809318", "-0.57395456", "-0.20437532", "-0.4864951"]])
Vn = m([["-0.18577532", "-0.38053642", "0.08897764", "0.06367166"], ["0.29634711", "1.40277112", "-1.54686257", "1.29561858"],
        ["-0.23725045", "-1.23234621", "-0.17241977", "0.09183837"], ["1.06755846", "-1.06163445", "0.21734821", "0.1178195"]])
Sn = Qn * Kn.T
show("q @ k.T", Sn)
An = Sn / sqrt(4)
show("scaled (and scaled + mask on and below the diagonal)", An)
Wn = matrix(4, 4)
for i in range(4):
    r = softmax([An[i, j] for j in range(i + 1)])
    for j in range(i + 1):
        Wn[i, j] = r[j]
show("attention (0 above the diagonal)", Wn)
show("new_v = attention @ v", Wn * Vn)
