"""Oracle for the wild26 documents (mpmath, 50 digits; never exactformer): every number they compute."""
from mpmath import exp, matrix, mp, mpf, sqrt

mp.dps = 50


def sig(z):
    return 1 / (1 + exp(-z))


def m(rows):
    return matrix([[mpf(x) for x in r] for r in rows])


def show(name, a):
    rows = [[mp.nstr(a[i, j], 10) for j in range(a.cols)] for i in range(a.rows)]
    print(name, rows)


# sigma-subscript-pt.md: one input, a sigmoid hidden unit (σ_h), a sigmoid output (σ_o), L = ½(y − ŷ)²
x, y, w1, b1, w2, b2, eta = mpf("2.0"), mpf("1.0"), mpf("0.5"), mpf("-0.4"), mpf("0.8"), mpf("0.2"), mpf("0.5")
z1 = w1 * x + b1
h = sig(z1)
z2 = w2 * h + b2
yh = sig(z2)
L = (y - yh) ** 2 / 2
dyh = yh - y
dz2 = yh * (1 - yh)
dw2 = dyh * dz2 * h
db2 = dyh * dz2
dh = dyh * dz2 * w2
dz1 = h * (1 - h)
dw1 = dh * dz1 * x
for k, v in dict(z1=z1, h=h, z2=z2, yhat=yh, L=L, dL_dyhat=dyh, dyhat_dz2=dz2, dL_dw2=dw2, dL_db2=db2,
                 dz1=dz1, dL_dw1=dw1, w2_new=w2 - eta * dw2, b2_new=b2 - eta * db2, w1_new=w1 - eta * dw1).items():
    print(f"{k:10s} {mp.nstr(v, 12)}")

# nbsphinx-prompts-en.html and linear-weights-last-line.ipynb: one head, X @ W, scaled by sqrt(2), softmax, context
for label, X, Wq, Wk, Wv in (
        ("page", m([["0.6", "-0.2"], ["0.1", "0.9"], ["-0.5", "0.3"]]),
         m([["0.4", "-0.7"], ["0.2", "0.5"]]), m([["-0.3", "0.8"], ["0.6", "0.1"]]), m([["0.9", "0.2"], ["-0.4", "0.7"]])),
        ("notebook", m([["1.2", "-0.3"], ["0.4", "0.9"], ["-0.7", "0.8"]]),
         m([["0.3127", "-0.4481"], ["0.1956", "0.6023"]]), m([["-0.2214", "0.5172"], ["0.4468", "-0.0935"]]),
         m([["0.6641", "0.1289"], ["-0.3307", "0.5548"]]))):
    Q, K, V = X * Wq, X * Wk, X * Wv
    S = Q * K.T
    A = S / sqrt(2)
    W = matrix(3, 3)
    for i in range(3):
        ex = [exp(A[i, j]) for j in range(3)]
        for j in range(3):
            W[i, j] = ex[j] / sum(ex)
    C = W * V
    print("==", label)
    for name, a in (("Q", Q), ("K", K), ("V", V), ("scores", S), ("scaled", A), ("weights", W), ("context", C)):
        show(name, a)

# bn-vs-ln-rounded-en.ipynb: BatchNorm (each column over the batch) and LayerNorm (each row), biased variance, eps 1e-5
X = [[mpf(v) for v in r] for r in (("3", "7", "2", "6"), ("5", "1", "4", "2"), ("1", "4", "9", "4"))]
eps = mpf("1e-5")


def norm(rows):
    out = []
    for r in rows:
        mu = sum(r) / len(r)
        var = sum((v - mu) ** 2 for v in r) / len(r)
        out.append(([(v - mu) / sqrt(var + eps) for v in r], mu, var))
    return out


cols = [list(c) for c in zip(*X)]
print("== bn: column means, variances, then the output a row per sample (3 decimals)")
bn = norm(cols)
for vals, mu, var in bn:
    print(" mean", mp.nstr(mu, 8), "var", mp.nstr(var, 8))
for i in range(3):
    print(" ", [mp.nstr(bn[j][0][i], 8) for j in range(4)])
print("== ln: row means, variances, output")
for vals, mu, var in norm(X):
    print(" mean", mp.nstr(mu, 8), "var", mp.nstr(var, 8), [mp.nstr(v, 8) for v in vals])

# softmax-inline-es.md: softmax of vectors written inline
for v in (("2.0", "1.0", "0.1"), ("0.5", "0.5", "1.5", "-1.0")):
    ex = [exp(mpf(x)) for x in v]
    print("softmax", v, [mp.nstr(e / sum(ex), 8) for e in ex])
ex = [exp(mpf(x)) for x in ("1.2", "0.3", "2.1")]  # [1.2, -inf, 0.3, 2.1]: the -inf cell masked
print("softmax masked", [mp.nstr(e / sum(ex), 8) for e in ex])
