"""Values of fb-*.md documents (mpmath, 50 digits; never exactformer). Run: python fb_oracle.py"""
from mpmath import mp, mpf, exp, log

mp.dps = 50


def sig(z):
    return 1 / (1 + exp(-z))


def show(name, v, d=9):
    print(f"{name:32s} {mp.nstr(v, 20):>28s}  {float(round(v, d)):.{d}f}")


def align_222():
    """fb-align-222.md: a 2-2-2 sigmoid network; w3, w4, w7, w8 only in the figure."""
    i1, i2 = mpf("0.20"), mpf("0.60")
    w1, w2, w3, w4 = mpf("0.30"), mpf("0.10"), mpf("0.25"), mpf("0.45")
    w5, w6, w7, w8 = mpf("0.50"), mpf("0.35"), mpf("0.20"), mpf("0.65")
    b1, b2 = mpf("0.30"), mpf("0.55")
    t1, t2, eta = mpf("0.05"), mpf("0.95"), mpf("0.5")
    nh1 = w1 * i1 + w2 * i2 + b1
    oh1 = sig(nh1)
    nh2 = w3 * i1 + w4 * i2 + b1
    oh2 = sig(nh2)
    show("net_h1", nh1); show("out_h1", oh1); show("out_h2", oh2)
    oh2s = mpf(f"{float(round(oh2, 9)):.9f}")  # the stated out_h2, as the later working uses it
    no1 = w5 * oh1 + w6 * oh2s + b2
    oo1 = sig(no1)
    no2 = w7 * oh1 + w8 * oh2s + b2
    oo2 = sig(no2)
    oo2s = mpf(f"{float(round(oo2, 9)):.9f}")
    show("net_o1 (from stated out_h2)", no1); show("out_o1", oo1); show("out_o2", oo2)
    e1, e2 = (t1 - oo1) ** 2 / 2, (t2 - oo2s) ** 2 / 2
    show("E_o1", e1); show("E_o2 (stated out_o2)", e2); show("E_total", e1 + e2)
    g1 = oo1 - t1
    s1 = oo1 * (1 - oo1)
    show("dE/dout_o1", g1); show("slope o1", s1)
    d1 = g1 * s1
    show("dE/dw5", d1 * oh1); show("w5+", w5 - eta * d1 * oh1); show("w6+", w6 - eta * d1 * oh2s)
    show("delta_o1", d1); show("dE_o1/dout_h1", d1 * w5); show("slope h1", oh1 * (1 - oh1))


def relu_bce():
    """fb-relu-bce.md: x -> ReLU(x·w1 + b1) -> sigmoid(a1·w2 + b2), BCE, lr 0.2."""
    x, w1, b1, w2, b2, y, lr = mpf("2.0"), mpf("0.4"), mpf("-0.3"), mpf("-0.6"), mpf("0.1"), mpf("1"), mpf("0.2")
    z1 = x * w1 + b1
    a1 = max(z1, 0)
    z2 = a1 * w2 + b2
    a2 = sig(z2)
    L = -(y * log(a2) + (1 - y) * log(1 - a2))
    for n, v in [("z1", z1), ("a1", a1), ("z2", z2), ("a2", a2), ("L", L)]:
        show(n, v, 4)
    dz2 = a2 - y
    show("dL/da2 (true)", -(y / a2) + (1 - y) / (1 - a2), 4)
    show("dL/dz2", dz2, 4); show("dL/dw2", dz2 * a1, 4); show("dL/db2", dz2, 4)
    da1 = dz2 * w2
    show("dL/da1", da1, 4); show("dL/dw1", da1 * x, 4); show("dL/db1", da1, 4)
    show("w2 new", w2 - lr * dz2 * a1, 4); show("w1 new", w1 - lr * da1 * x, 4)
    show("b2 new", b2 - lr * dz2, 4); show("b1 new", b1 - lr * da1, 4)



def docsify_222():
    """fb-docsify-222.md: w1, w3 into h1 and w2, w4 into h2 (numbered by input); w7, w8 in the image; alpha 0.25.
    The document works from its own 4-decimal numbers."""
    x1, x2 = mpf("0.1"), mpf("0.5")
    w1, w2, w3, w4 = mpf("0.2"), mpf("0.35"), mpf("0.15"), mpf("0.4")
    w5, w6, w7, w8 = mpf("0.3"), mpf("0.55"), mpf("0.45"), mpf("0.1")
    b1, b2, t1, t2, alpha = mpf("0.25"), mpf("0.6"), mpf("0.1"), mpf("0.9"), mpf("0.25")
    z1, z2 = w1 * x1 + w3 * x2 + b1, w2 * x1 + w4 * x2 + b1
    a1, a2 = sig(z1), sig(z2)
    ny1 = w5 * a1 + w6 * a2 + b2
    oy1, oy2 = sig(ny1), sig(w7 * a1 + w8 * a2 + b2)
    d = (oy1 - t1) * oy1 * (1 - oy1)
    for n, v in [("z1", z1), ("a_h1", a1), ("z2", z2), ("a_h2", a2), ("net y1", ny1), ("yhat1", oy1),
                 ("yhat2 (image weights)", oy2), ("E_y1", (t1 - oy1) ** 2 / 2), ("dE/dout", oy1 - t1),
                 ("slope", oy1 * (1 - oy1)), ("delta", d), ("dE/dw5", d * a1), ("w5 new", w5 - alpha * d * a1),
                 ("delta*w5", d * w5), ("slope h1", a1 * (1 - a1))]:
        show(n, v, 4)
    y2s = mpf("0.7161")  # the document's stated yhat2
    show("E_y2 (stated yhat2)", (t2 - y2s) ** 2 / 2, 4)
    show("E_total (exact E_y1 + stated E_y2)", (t1 - oy1) ** 2 / 2 + (t2 - y2s) ** 2 / 2, 4)
    # the document's own rounded chain
    show("doc: 0.3*0.5854 + 0.55*0.6189 + 0.6", mpf("0.3") * mpf("0.5854") + mpf("0.55") * mpf("0.6189") + mpf("0.6"), 4)
    show("doc: sigmoid(1.1160)", sig(mpf("1.1160")), 4)
    show("doc: 0.6533 * 0.1859 * 0.5854", mpf("0.6533") * mpf("0.1859") * mpf("0.5854"), 4)
    show("doc: 0.3 - 0.25*0.0711", mpf("0.3") - mpf("0.25") * mpf("0.0711"), 4)
    show("doc: 0.6533 * 0.1859", mpf("0.6533") * mpf("0.1859"), 4)
    show("doc: 0.1214 * 0.3", mpf("0.1214") * mpf("0.3"), 4)

if __name__ == "__main__":
    align_222()
    print()
    relu_bce()
    print()
    docsify_222()
