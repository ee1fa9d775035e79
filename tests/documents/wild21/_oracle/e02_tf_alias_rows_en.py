"""English Jupyter notebook, TensorFlow: inputs and weights typed by hand as tf.constant literals (rows, x.W),
`W_K = W_Q` as an alias line (the keys reuse the query matrix), W_V its own literal; every step printed with
print(t) as tf.Tensor(..., shape=(3, 3), dtype=float32), computed in float32: Q, K, V, Q.K^T, d_k and sqrt(d_k),
the scaled scores, the softmax weights and the context. Float32 noise in the last printed digits (0.35000002) is the
program's arithmetic; every claim is correct."""
from pathlib import Path

from w21lib import *

toks = ["snow", "covers", "hills"]
Xs = [["0.3", "-0.2", "0.5"], ["0.9", "0.4", "-0.1"], ["-0.6", "0.7", "0.2"]]
Wqs = [["0.4", "0.1", "-0.3"], ["-0.2", "0.6", "0.5"], ["0.7", "-0.4", "0.2"]]
Wvs = [["0.5", "-0.1", "0.3"], ["0.2", "0.8", "-0.6"], ["-0.4", "0.3", "0.9"]]
a = attention(Xs, Wqs, Wqs, Wvs)          # exact (mpmath) and float64, agreement asserted

# the notebook's own float32 run
X32, Wq32, Wv32 = (np.array(M, dtype=np.float32) for M in (Xs, Wqs, Wvs))
Wk32 = Wq32
Q32, K32, V32 = X32 @ Wq32, X32 @ Wk32, X32 @ Wv32
S32 = Q32 @ K32.T
dk32 = np.float32(K32.shape[-1])
r32 = np.sqrt(dk32)
Sc32 = S32 / r32
E32 = np.exp(Sc32 - Sc32.max(axis=-1, keepdims=True))
W32 = E32 / E32.sum(axis=-1, keepdims=True)
C32 = W32 @ V32
for m in (Q32, K32, V32, S32, Sc32, W32, C32, r32):
    assert m.dtype == np.float32

d = Doc("tf-alias-rows-en", "ipynb",
        "English Jupyter notebook, TensorFlow: x, W_Q and W_V typed as tf.constant literals (rows, x.W), the keys "
        "through the alias W_K = W_Q; Q, K, V, Q.K^T, sqrt(d_k), the scaled scores, the softmax weights and the "
        "context printed as tf.Tensor(..., shape=(3, 3), dtype=float32), computed in float32",
        "attention with Wq = Wk (alias) and Wv, 3 -> 3, row convention, scaled by sqrt(3), over the tokens snow, "
        "covers, hills",
        script=Path(__file__).name,
        note="The givens are short decimal literals, taken as exact. Every printed result is the notebook's float32 "
             "arithmetic as NumPy prints float32 (up to 8 significant digits), so 0.35000002 or 0.12999998 stand "
             "for exact values such as 0.35 and 0.13: the difference is float32 rounding, not an error, and every "
             "claim is correct. K equals Q because W_K is W_Q.")
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                  "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                                    "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                                    "pygments_lexer": "ipython3", "version": "3.10.12"}})


def tensor_items(m32, exact, qty):
    ls, cells, worst = np_print32(m32, exact)
    out = tf_tensor_lines(ls, m32.shape)
    # line 0 is "tf.Tensor(", lines 1.. hold the rows; the last carries ", shape=(3, 3), dtype=float32)"
    return rows_to_items(out, cells, qty, offset=1, nots_last=["3"]), cells, worst


pair = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")
vec = lambda nm: (lambda i, j: f"{nm}[{toks[i]}][{j + 1}]")
worsts = []

nb.md(["# Scaled dot-product attention with shared query/key weights",
       "",
       "A tiny experiment: what happens to the attention pattern when the **keys are projected with the same "
       "matrix as the queries**? Three tokens, `snow`, `covers`, `hills`, each a 3-dimensional embedding "
       "written out by hand so the numbers are easy to follow. Rows are tokens, so every projection is `x @ W`."])
nb.code(["import tensorflow as tf", "print(tf.__version__)"], stdout=[L("2.16.1", (), (), ["2.16.1"])])
nb.code(["# one row per token: snow, covers, hills",
         "x = tf.constant([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "], dtype=tf.float32)",
         "",
         "W_Q = tf.constant([" + ", ".join("[" + ", ".join(r) + "]" for r in Wqs) + "], dtype=tf.float32)",
         "W_K = W_Q   # keys share the query projection",
         "W_V = tf.constant([" + ", ".join("[" + ", ".join(r) + "]" for r in Wvs) + "], dtype=tf.float32)"])
nb.md(["## Projections", "", "Because `W_K` *is* `W_Q`, the printed `K` is the same tensor as `Q`."])
so = []
for nm, m32, key in (("Q", Q32, "Q"), ("K", K32, "K"), ("V", V32, "V")):
    it, _, w = tensor_items(m32, a[key], vec(nm))
    worsts.append(w)
    so += [L(f"{nm}:")] + it
nb.code(["Q = tf.matmul(x, W_Q)",
         "K = tf.matmul(x, W_K)",
         "V = tf.matmul(x, W_V)",
         "print(\"Q:\"); print(Q)",
         "print(\"K:\"); print(K)",
         "print(\"V:\"); print(V)"], stdout=so)
nb.md(["## Raw scores", "",
       "`Q Kᵀ` with shared weights is $x W_Q W_Q^\\top x^\\top$, a symmetric matrix, so the score of *snow → hills* "
       "equals the score of *hills → snow*."])
it, scells, w = tensor_items(S32, a["S"], pair("scores"))
worsts.append(w)
nb.code(["scores = tf.matmul(Q, K, transpose_b=True)", "print(scores)"], stdout=it)
assert scells[0][2] == scells[2][0]
nb.md(["## Scaling by $\\sqrt{d_k}$"])
ls, rc, w = np_print32(np.array([r32]), [a["c"]])
assert len(ls) == 1
sq = ls[0].strip("[]").strip()
worsts.append(w)
it, _, w = tensor_items(Sc32, a["Sc"], pair("scaled"))
worsts.append(w)
so = [L("tf.Tensor(3.0, shape=(), dtype=float32)", (), (), ["3.0"]),
      L(f"tf.Tensor({sq}, shape=(), dtype=float32)", [(sq, "sqrt_dk", "correct")])] + it
nb.code(["d_k = tf.cast(tf.shape(K)[-1], tf.float32)",
         "print(d_k)",
         "print(tf.math.sqrt(d_k))",
         "scaled = scores / tf.math.sqrt(d_k)",
         "print(scaled)"], stdout=so)
nb.md(["## Softmax over each row"])
it, wcells, w = tensor_items(W32, a["W"], pair("weights"))
worsts.append(w)
nb.code(["weights = tf.nn.softmax(scaled, axis=-1)", "print(weights)"], stdout=it)
nb.md(["## Context vectors"])
it, ccells, w = tensor_items(C32, a["C"], vec("context"))
worsts.append(w)
nb.code(["context = tf.matmul(weights, V)", "print(context)"], stdout=it)

# prose restatements, rounded from the exact values (and checked to round alike from float32)
def r3(v, v32):
    s = rnd(v, 3)
    assert s == rnd(mpf(float(v32)), 3)
    return s

ws, wc = r3(a["W"][0][2], W32[0, 2]), r3(a["W"][1][1], W32[1, 1])
c1 = r3(a["C"][2][0], C32[2, 0])
nb.md([L(f"With `W_K = W_Q` every token tends to like itself: *covers* keeps {wc} of its attention on its own "
         f"position, while *snow* sends {ws} to *hills*.",
         [(wc, "weights[covers,covers]", "correct"), (ws, "weights[snow,hills]", "correct")]),
       "",
       L(f"The first component of the *hills* context comes out at {c1}. Try replacing the alias with a separate "
         "`W_K` and watch the symmetry of `scores` disappear.",
         [(c1, "context[hills][1]", "correct")])])
nb.save()
print(f"  worst float32 deviation from the exact value: {max(worsts):.1f} x 1e-8")
