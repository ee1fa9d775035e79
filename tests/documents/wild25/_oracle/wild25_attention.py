"""Oracle for sum-positions-zh.md and masked-side-by-side-ja.md (mpmath, 50 digits; never exactformer)."""
from mpmath import exp, matrix, mp, mpf, sqrt

mp.dps = 50


def m(rows):
    return matrix([[mpf(x) for x in r] for r in rows])


# sum-positions-zh.md: X = E + P, then one head with W_Q, W_K, W_V, scaled by sqrt(3), softmax, context
E = m([["0.2", "0.1", "0.0"], ["0.4", "0.3", "0.2"], ["0.1", "0.5", "0.3"]])
P = m([["0.0", "0.1", "0.2"], ["0.1", "0.0", "0.1"], ["0.2", "0.2", "0.0"]])
Wq = m([["1", "0", "1"], ["0", "1", "0"], ["1", "1", "0"]])
Wk = m([["0", "1", "1"], ["1", "0", "0"], ["0", "1", "1"]])
Wv = m([["1", "1", "0"], ["0", "1", "1"], ["1", "0", "1"]])
X = E + P
Q, K, V = X * Wq, X * Wk, X * Wv
print("X", X)
print("Q", Q, "K", K, "V", V)
S = Q * K.T / sqrt(3)
print("scaled", S)
for i in range(3):
    ex = [exp(S[i, j]) for j in range(3)]
    tot = sum(ex)
    w = [e / tot for e in ex]
    ctx = [sum(w[j] * V[j, c] for j in range(3)) for c in range(3)]
    print("row", i, [mp.nstr(x, 8) for x in w], [mp.nstr(x, 8) for x in ctx])

# masked-side-by-side-ja.md: scores given, causal mask, softmax per row (no scaling)
Sc = [[mpf("1.2"), mpf("0.4"), mpf("-0.3")], [mpf("0.5"), mpf("2.0"), mpf("0.1")], [mpf("-0.2"), mpf("0.9"), mpf("1.6")]]
for i in range(3):
    ex = [exp(Sc[i][j]) for j in range(i + 1)]
    tot = sum(ex)
    print("causal row", i, [mp.nstr(e / tot, 8) for e in ex])
