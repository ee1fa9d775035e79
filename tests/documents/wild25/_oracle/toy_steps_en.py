"""Oracle for toy-steps-en.md: every number the post computes, with mpmath at 50 digits (never exactformer)."""
from mpmath import mp, mpf, exp, tanh

mp.dps = 50
x, w1, w2, y, eta = mpf(2), mpf("0.3"), mpf("0.8"), mpf(1), mpf("0.1")


def sig(z):
    return 1 / (1 + exp(-z))


z = w1 * x
h = sig(z)
yh = w2 * h
L = (y - yh) ** 2
dy = -2 * (y - yh)
dw2 = dy * h
dsig = h * (1 - h)
dw1 = dy * w2 * dsig * x
w2n, w1n = w2 - eta * dw2, w1 - eta * dw1
h2 = sig(w1n * x)
yh2 = w2n * h2
L2 = (y - yh2) ** 2
for k, v in dict(z=z, h=h, yhat=yh, L=L, dL_dyhat=dy, dL_dw2=dw2, dsig=dsig, dL_dw1=dw1, w2_new=w2n, w1_new=w1n,
                 h_after=h2, yhat_after=yh2, L_after=L2).items():
    print(f"{k:12s} {mp.nstr(v, 12)}")
# the ReLU example
zr = w1 * x
hr = max(zr, 0)
yr = w2 * hr
Lr = (y - yr) ** 2
dyr = -2 * (y - yr)
print("relu", mp.nstr(hr, 6), mp.nstr(yr, 6), mp.nstr(Lr, 6), mp.nstr(dyr, 6), mp.nstr(dyr * w2 * 1 * x, 6))
