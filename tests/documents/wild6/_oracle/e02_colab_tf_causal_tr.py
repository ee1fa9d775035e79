"""Turkish Google Colab notebook (nbformat 4, Colab metadata), TensorFlow with float64 constants: print(tensor)
shows `tf.Tensor(\n[[...]], shape=(4, 2), dtype=float64)` (numpy str, 8 decimals). Causal self-attention over 4
tokens with Wq, Wk, Wv (d_model = 3, d_k = 2): Q, K, V, scaled scores, band_part mask, masked scores in numpy's
scientific notation (the -1e9 fill), softmax weights, output."""
from pathlib import Path

from w6lib import *

toks = ["bugün", "okula", "erken", "gittim"]
Xs = [["0.5", "-0.2", "0.8"], ["0.1", "0.7", "-0.4"], ["-0.6", "0.3", "0.2"], ["0.4", "0.9", "0.1"]]
Wq = [["0.6", "-0.3"], ["0.2", "0.5"], ["-0.4", "0.7"]]
Wk = [["0.3", "0.8"], ["-0.5", "0.1"], ["0.6", "-0.2"]]
Wv = [["0.7", "0.2"], ["0.1", "-0.6"], ["-0.3", "0.5"]]
X = mat(Xs)
Q, K, V = mm(X, mat(Wq)), mm(X, mat(Wk)), mm(X, mat(Wv))
S, Sc, E, Z, W, O = sdpa(Q, K, V, causal=True)
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(w, float) for w in (Wq, Wk, Wv))
Scn = Qn @ Kn.T / np.sqrt(2)
mask = np.tril(np.ones((4, 4)))
Mn = Scn + (1 - mask) * -1e9
Wn = np_softmax(Mn)
On = Wn @ Vn
agree(Sc, Scn); agree(W, Wn); agree(O, On)

d = Doc("colab-tf-causal-tr", "ipynb",
        "Turkish Google Colab notebook (nbformat 4, Colab metadata), TensorFlow with tf.float64 constants printed as "
        "tf.Tensor(...) with shape and dtype (numpy str, 8 decimals): causal self-attention over 4 tokens with Wq, Wk, "
        "Wv (d_model = 3, d_k = 2): Q, K, V, scaled scores, tf.linalg.band_part mask, masked scores (printed in "
        "scientific notation because of the -1e9 fill), softmax weights, output; a markdown cell restates three numbers",
        "causal softmax(Q K^T / sqrt(2)) V with Q = X Wq, K = X Wk, V = X Wv",
        script=Path(__file__).name,
        note="lines are lines of the .ipynb JSON file, cell is the 0-based cell index; the masked cells print as "
             "-1.00000000e+09 (not claims), the live cells of the masked-score print restate the scaled scores in "
             "scientific notation and are claims")
nb = Notebook(d, {"colab": {"provenance": [], "toc_visible": True},
                  "kernelspec": {"display_name": "Python 3", "name": "python3"},
                  "language_info": {"name": "python"}})


def tf_print(floats, exact, qty, shape, col=True, skip=None, claim_fn=None):
    lines, vals = np_print(floats, exact, skip=skip)
    out = []
    for i, ln in enumerate(lines):
        cl = []
        for j, t in enumerate(vals[i]):
            if skip and skip(i, j):
                continue
            cl.append((t, f"{qty}[{toks[i]},{toks[j]}]" if col else f"{qty}[{toks[i]}][{j + 1}]", "correct"))
        text = ("" if i else "") + ln + (f", shape={shape}, dtype=float64)" if i == len(lines) - 1 else "")
        out.append(L(text, claims=cl, nots=[shape.strip("()").split(", ")[0]] if i == len(lines) - 1 else []))
    return [L("tf.Tensor(")] + out


nb.md(["# Nedensel (causal) self-attention: TensorFlow ile adım adım",
       "",
       "Bu defterde GPT tarzı bir decoder'ın kullandığı **maskeli** dikkat mekanizmasını küçük sayılarla hesaplıyoruz. "
       "Her token yalnızca kendisine ve kendinden önceki tokenlara bakabilir.",
       "",
       L("Cümle: *bugün okula erken gittim* (4 token). Sayıları okunur tutmak için `tf.float64` kullanıyoruz.", nots=["4"])])
nb.code(["import numpy as np", "import tensorflow as tf", "print(tf.__version__)"], stdout=[L("2.15.0", nots=["2.15.0"])])
nb.md(["## 1. Girdiler ve ağırlıklar", "", L("$d_{model} = 3$, $d_k = 2$.", nots=["3", "2"])])
nb.code(["X = tf.constant(["] + [f"    [{', '.join(r)}],   # {t}" for r, t in zip(Xs, toks)] +
        ["], dtype=tf.float64)", "",
         "W_q = tf.constant(" + str([[float(v) for v in r] for r in Wq]) + ", dtype=tf.float64)",
         "W_k = tf.constant(" + str([[float(v) for v in r] for r in Wk]) + ", dtype=tf.float64)",
         "W_v = tf.constant(" + str([[float(v) for v in r] for r in Wv]) + ", dtype=tf.float64)"])
nb.md(["## 2. Q, K, V"])
nb.code(["Q = tf.matmul(X, W_q)", "K = tf.matmul(X, W_k)", "V = tf.matmul(X, W_v)", "print(Q)", "print(K)", "print(V)"],
        stdout=tf_print(Qn, Q, "Q", "(4, 2)", col=False) + tf_print(Kn, K, "K", "(4, 2)", col=False)
        + tf_print(Vn, V, "V", "(4, 2)", col=False))
nb.md(["## 3. Ölçeklenmiş skorlar", "",
       "$QK^\\top$ çarpımını $\\sqrt{d_k}$ ile bölüyoruz."])
nb.code(["d_k = tf.cast(tf.shape(K)[-1], tf.float64)",
         "scaled = tf.matmul(Q, K, transpose_b=True) / tf.math.sqrt(d_k)", "print(scaled)"],
        stdout=tf_print(Scn, Sc, "scaled", "(4, 4)"))
nb.md(["## 4. Maske", "",
       "`band_part(ones, -1, 0)` alt üçgeni 1, üst üçgeni 0 yapar. Gelecekteki konumlara çok büyük negatif bir sayı "
       "ekleyince softmax onlara sıfır ağırlık verir."])
nb.code(["mask = tf.linalg.band_part(tf.ones((4, 4), dtype=tf.float64), -1, 0)", "print(mask)"],
        stdout=[L("tf.Tensor("), L("[[1. 0. 0. 0.]"), L(" [1. 1. 0. 0.]"), L(" [1. 1. 1. 0.]"),
                L(" [1. 1. 1. 1.]], shape=(4, 4), dtype=float64)", nots=["4"])])
nb.code(["masked = scaled + (1.0 - mask) * -1e9", "print(masked)"],
        stdout=tf_print(Mn, [[Sc[i][j] if j <= i else mpf(-10) ** 9 for j in range(4)] for i in range(4)],
                        "scaled", "(4, 4)", skip=lambda i, j: j > i))
nb.md(["## 5. Softmax ve çıktı"])
nb.code(["weights = tf.nn.softmax(masked, axis=-1)", "print(weights)"],
        stdout=tf_print(Wn, W, "weights", "(4, 4)"))  # masked weights print 0. and are claims, as in the earlier sets
nb.code(["out = tf.matmul(weights, V)", "print(out)"], stdout=tf_print(On, O, "context", "(4, 2)", col=False))
F = lambda v: rnd(v, 4)
nb.md(["## Gözlemler", "",
       L(f"- İlk satırda tek bir seçenek var: *bugün* kendine {trim(rnd(W[0][0], 4))} ağırlık veriyor.",
         claims=[(trim(rnd(W[0][0], 4)), "weights[bugün,bugün]", "correct")]),
       L(f"- *gittim* satırında *okula*'ya giden ağırlık yaklaşık {F(W[3][1])}; en büyük pay ise *bugün*'ün.",
         claims=[(F(W[3][1]), "weights[gittim,okula]", "correct")]),
       L(f"- *erken* için çıktı yaklaşık ({F(O[2][0])}, {F(O[2][1])}).",
         claims=[(F(O[2][0]), "context[erken][1]", "correct"), (F(O[2][1]), "context[erken][2]", "correct")]),
       L("- `-1e9` yerine `-np.inf` de kullanılabilir; float64'te sonuç aynıdır.", nots=["1e9"])])
nb.save()
