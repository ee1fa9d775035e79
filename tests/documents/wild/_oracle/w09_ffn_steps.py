"""dev.to-style English post: the position-wise FFN step by step, x (1x3), W1 (3x4), b1, ReLU, W2 (4x2), b2; one planted sign slip."""
from pathlib import Path

import numpy as np

from wlib import *

xs = ["0.5", "-1.0", "2.0"]
W1s = [["0.2", "-0.5", "0.3", "0.1"], ["0.4", "0.1", "-0.2", "0.6"], ["-0.1", "0.3", "0.4", "-0.2"]]
b1s = ["0.1", "-0.2", "0.05", "0.3"]
W2s = [["0.3", "-0.4"], ["0.5", "0.2"], ["-0.6", "0.7"], ["0.2", "0.1"]]
b2s = ["0.1", "-0.05"]
x, W1, b1, W2, b2 = V(xs), V(W1s), V(b1s), V(W2s), V(b2s)
prods = [[x[k] * W1[k][j] for k in range(3)] for j in range(4)]
h_true = [mpmath.fsum(prods[j]) + b1[j] for j in range(4)]
# planted slip: in h2 the author drops the minus sign of 0.5 x (-0.5) and writes +0.25
SL = 1
prods_doc = [p[:] for p in prods]
prods_doc[SL][0] = -prods[SL][0]
h = [mpmath.fsum(prods_doc[j]) + b1[j] for j in range(4)]
a = [max(v, mpf(0)) for v in h]
y = [mpmath.fsum(a[j] * W2[j][c] for j in range(4)) + b2[c] for c in range(2)]
a_true = [max(v, mpf(0)) for v in h_true]
y_true = [mpmath.fsum(a_true[j] * W2[j][c] for j in range(4)) + b2[c] for c in range(2)]
assert h[SL] > 0 and h_true[SL] > 0  # the slip survives the ReLU and reaches the output

xn, W1n, b1n, W2n, b2n = (np.array(m, float) for m in (xs, W1s, b1s, W2s, b2s))
hn = xn @ W1n + b1n
an = np.maximum(hn, 0)
yn = an @ W2n + b2n
np_check(h_true, hn); np_check(y_true, yn)

d = Doc("devto-ffn-relu", "md",
        "dev.to-style English post: the position-wise feed-forward network worked step by step for one token, x (1x3) W1 (3x4) + b1, ReLU, W2 (4x2) + b2, with a line of working per hidden unit and a NumPy check at the end; one planted sign slip",
        "FFN(x) = ReLU(x W1 + b1) W2 + b2", "exact",
        note="planted slip: in h2 the product 0.5 x (-0.5) is written +0.25 (sign dropped); h2 = 0.55 is propagated, ReLU(h2) and both outputs are propagated; the NumPy cell at the end prints the slip-free values (correct) and the author does not notice the mismatch")
d.gen = Path(__file__).name
add = d.add
add("---")
add("title: The FFN Layer in Transformers, Computed by Hand")
add("published: true")
add("description: Two matrix multiplications and a ReLU. Let's actually do them.")
add("tags: machinelearning, transformers, python, beginners")
add("cover_image: https://dev-to-uploads.s3.amazonaws.com/uploads/articles/ffn-cover.png")
add("---")
add("")
add("Everyone talks about attention, but roughly two thirds of the parameters in a transformer block live in the humble feed-forward network. In the original paper it's")
add("")
add("```")
add("FFN(x) = max(0, x·W1 + b1)·W2 + b2", nots=["0"])
add("```")
add("")
add("with d_model = 512 and d_ff = 2048. We'll shrink that to d_model = 3 and d_ff = 4 so it fits on a napkin. 🧻", nots=["512", "2048", "3", "4"])
add("")
add("## The inputs")
add("")
add("One token coming out of the attention sub-layer:")
add("")
add("```")
add("x = [0.5, -1.0, 2.0]")
add("```")
add("")
add("First layer (3 → 4):", nots=["3", "4"])
add("")
for ln in md_table(["W1", "col 1", "col 2", "col 3", "col 4"], [[f"row {k+1}"] + W1s[k] for k in range(3)]):
    add(ln)
add("")
add("b1 = [0.1, -0.2, 0.05, 0.3]")
add("")
add("Second layer (4 → 3 would be the real shape, but I'm using 2 outputs to keep it short):", nots=["4", "3", "2"])
add("")
for ln in md_table(["W2", "col 1", "col 2"], [[f"row {k+1}"] + W2s[k] for k in range(4)]):
    add(ln)
add("")
add("b2 = [0.1, -0.05]")
add("")
add("## Step 1 — first linear layer")
add("")
add("Each hidden unit is the dot product of x with a column of W1, plus its bias:")
add("")
add("```")


def sgn(v):
    s = short(v)
    return f"({s})" if s.startswith("-") else s


for j in range(4):
    ops = " + ".join(f"{xs[k] if not xs[k].startswith('-') else '(' + xs[k] + ')'}×{sgn(W1[k][j])}" for k in range(3))
    pd = prods_doc[j]
    vals = " + ".join(sgn(p) for p in pd)
    bias = sgn(b1[j])
    cl = [(short(p), f"x[{k+1}]*W1[{k+1}][{j+1}]", "wrong" if (j == SL and k == 0) else "correct") for k, p in enumerate(pd)]
    cl.append((short(h[j]), f"h[{j+1}]", "propagated" if j == SL else "correct"))
    add(f"h{j+1} = {ops} + {bias}")
    add(f"   = {vals} + {bias} = {short(h[j])}", claims=cl, opts=[short(b1[j])])
add("```")
add("")
add(f"So **h = [{', '.join(short(v) for v in h)}]**.",
    claims=[(short(h[j]), f"h[{j+1}]", "propagated" if j == SL else "correct") for j in range(4)])
add("")
add("## Step 2 — ReLU")
add("")
add("ReLU just zeroes the negatives:")
add("")
add("```")
add(f"ReLU(h) = [{', '.join(short(v) for v in a)}]",
    claims=[(short(a[j]), f"ReLU(h)[{j+1}]", "propagated" if j == SL else "correct") for j in range(4)])
add("```")
add("")
add("Half of the hidden units are dead for this token. That's normal — different tokens switch on different units.")
add("")
add("## Step 3 — second linear layer")
add("")
add("```")
for c in range(2):
    terms = [a[j] * W2[j][c] for j in range(4)]
    ops = " + ".join(f"{short(a[j])}×{sgn(W2[j][c])}" for j in range(4))
    add(f"y{c+1} = {ops} + {sgn(b2[c])}", opts=[short(a[j]) for j in range(4) if a[j] != 0], nots=[])
    add(f"   = {' + '.join(sgn(t) for t in terms)} + {sgn(b2[c])} = {short(y[c])}",
        claims=[(short(t), f"ReLU(h)[{j+1}]*W2[{j+1}][{c+1}]", "propagated" if j == SL else "correct") for j, t in enumerate(terms)]
        + [(short(y[c]), f"y[{c+1}]", "propagated")], opts=[short(b2[c])])
add("```")
add("")
add(f"**FFN(x) = [{short(y[0])}, {short(y[1])}]** 🎉", claims=[(short(y[c]), f"y[{c+1}]", "propagated") for c in range(2)])
add("")
add("## Checking with NumPy")
add("")
add("```python")
add("import numpy as np")
add("x  = np.array([0.5, -1.0, 2.0])")
add("W1 = np.array([[0.2, -0.5, 0.3, 0.1], [0.4, 0.1, -0.2, 0.6], [-0.1, 0.3, 0.4, -0.2]])")
add("b1 = np.array([0.1, -0.2, 0.05, 0.3])")
add("W2 = np.array([[0.3, -0.4], [0.5, 0.2], [-0.6, 0.7], [0.2, 0.1]])")
add("b2 = np.array([0.1, -0.05])")
add("")
add("h = x @ W1 + b1")
add("print(h)")
add("print(np.maximum(h, 0) @ W2 + b2)")
add("```")
add("")
add("```")
hline = str(np.round(hn, 4))
toks_h = tokens(hline)
for t, v in zip(toks_h, h_true):
    check_token(t, v)
add(hline, claims=[(t, f"h[{j+1}] (NumPy)", "correct") for j, t in enumerate(toks_h)])
yline = str(np.round(yn, 4))
toks_y = tokens(yline)
for t, v in zip(toks_y, y_true):
    check_token(t, v)
add(yline, claims=[(t, f"y[{j+1}] (NumPy)", "correct") for j, t in enumerate(toks_y)])
add("```")
add("")
add("Close enough to the hand calculation (the differences are just floating point). In a real model this runs for every position in parallel, which is why it's called *position-wise*.")
add("")
add("*Next up: layer norm and the residual connections around both sub-layers.*")
d.write()
