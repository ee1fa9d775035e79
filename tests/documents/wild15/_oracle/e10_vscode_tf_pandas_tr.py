"""Turkish notebook saved by VS Code (vscode metadata), TensorFlow: the weights as tf.Variable (displayed as
`<tf.Variable 'Wq:0' shape=(3, 2) dtype=float32, numpy=array(...)>`, givens), the oneDNN notice on stderr (numbers
that are not claims), Q/K/V, scaled scores, weights and outputs as `tf.Tensor(...)` under np.set_printoptions(
precision=4, suppress=True), and the weights again as a pandas DataFrame shown with display(): a display_data output
with text/html (a <td> per cell) and text/plain. Tokens ben, kitap, okuyorum as a Python list. Exact rounding. One planted slip: the weight restated in the closing
sentence."""
from pathlib import Path

from w15lib import *

toks = ["ben", "kitap", "okuyorum"]
Xs = [["0.64", "0.21", "0.87"], ["0.33", "0.95", "0.12"], ["0.78", "0.46", "0.52"]]
Wqs = [["0.6", "0.3"], ["0.2", "0.9"], ["0.5", "0.4"]]
Wks = [["0.7", "0.2"], ["0.4", "0.8"], ["0.1", "0.6"]]
Wvs = [["0.3", "0.9"], ["0.8", "0.2"], ["0.6", "0.5"]]
a = attention(Xs, Wqs, Wks, Wvs)
f = attn32(Xs, Wqs, Wks, Wvs, np.sqrt(2))
d = Doc("vscode-tf-pandas-tr", "ipynb",
        "Turkish VS Code notebook, TensorFlow: tf.Variable weights, oneDNN stderr notice, tf.Tensor prints with "
        "precision=4, the weights as a pandas DataFrame display (text/html and text/plain); ben kitap okuyorum; "
        "one planted slip",
        "attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over the tokens ben, kitap, okuyorum",
        script=Path(__file__).name)
nb = NB(d, vscode_meta("3.11.5"), minor=2)
qf = lambda nm: (lambda i, j: f"{nm}[{toks[i]}][{j + 1}]")
pf = lambda nm: (lambda i, j: f"{nm}[{toks[i]},{toks[j]}]")


def tfR(arr32, exact, qfn, lead=""):
    lines, cells = tf_print(np.asarray(arr32, np.float32).astype(float).tolist(), exact, prec=4)
    out = [R(lead + lines[0])]
    for i, l in enumerate(lines[1:]):
        out.append(R(l, [(t, qfn(i, j), "correct") for j, t in enumerate(cells[i])], nots=["3"] if "shape" in l else ()))
    return out


nb.md(["# Öz-dikkat (self-attention) TensorFlow ile", "",
       "Cümle: *ben kitap okuyorum*. Her kelimenin 3 boyutlu bir gömmesi var; $W_Q$, $W_K$, $W_V$ ile 2 boyuta iniyoruz.", "",
       "| adım | formül |", "|---|---|", "| sorgu | $Q = XW_Q$ |", "| skor | $QK^T / \\sqrt{d_k}$ |",
       "| ağırlık | $\\mathrm{softmax}$ (satır satır) |", "| çıktı | $AV$ |"])
nb.code(["import numpy as np", "import pandas as pd", "import tensorflow as tf", "np.set_printoptions(precision=4, suppress=True)"],
        [("stderr", [R("2024-11-18 21:47:03.512894: I tensorflow/core/util/port.cc:153] oneDNN custom operations are on. "
                       "You may see slightly different numerical results due to floating-point round-off errors from "
                       "different computation orders. To turn them off, set the environment variable `TF_ENABLE_ONEDNN_OPTS=0`.",
                       nots=["2024", "153", "0"])])])
nb.code(["tokens = [\"ben\", \"kitap\", \"okuyorum\"]",
         "X = tf.constant([" + ", ".join("[" + ", ".join(r) + "]" for r in Xs) + "])"] +
        [f"{k} = tf.Variable([{', '.join('[' + ', '.join(r) + ']' for r in M)}], name='{k}')" for k, M in (("Wq", Wqs), ("Wk", Wks), ("Wv", Wvs))] +
        ["Wq"],
        [("result", [R("<tf.Variable 'Wq:0' shape=(3, 2) dtype=float32, numpy=", nots=["3", "2"])] +
          (lambda r: r[:-1] + [r[-1] + ">"])(repr(np.array(Wqs, np.float32)).split("\n")))])
outs = []
for nm in ("Q", "K", "V"):
    outs += tfR(f[nm], a[nm], qf(nm), lead=f"{nm}: ")
nb.code(["Q = tf.matmul(X, Wq)", "K = tf.matmul(X, Wk)", "V = tf.matmul(X, Wv)", "print('Q:', Q)", "print('K:', K)", "print('V:', V)"],
        [("stdout", outs)])
nb.code(["d_k = tf.cast(tf.shape(K)[-1], tf.float32)", "skor = tf.matmul(Q, K, transpose_b=True) / tf.sqrt(d_k)", "print(skor)"],
        [("stdout", tfR(f["Sc"], a["Sc"], pf("scaled")))])
nb.code(["A = tf.nn.softmax(skor, axis=-1)", "print(A)"], [("stdout", tfR(f["W"], a["W"], pf("weights")))])
W4 = np.round(f["W"].astype(np.float32), 4)
plain, htm, cells, rows_html = df_text(toks, toks, [[float(v) for v in r] for r in W4], 4)
pl = [R(plain[0])]
for i in range(3):
    c, o = [], []
    for j in range(3):
        cc, oo = judge(cells[i][j], a["W"][i][j], pf("weights")(i, j)); c += cc; o += oo
    pl.append(R(plain[i + 1], c, o))
hR = [R(h) for h in htm]
for i in range(3):
    for j in range(3):
        k = rows_html[i][j]
        hR[k] = R(htm[k], *judge(cells[i][j], a["W"][i][j], pf("weights")(i, j)))
nb.code(["df = pd.DataFrame(A.numpy(), index=tokens, columns=tokens).round(4)", "display(df)"], [("display", pl, hR)])
nb.code(["Z = tf.matmul(A, V)", "print(Z)"], [("stdout", tfR(f["C"], a["C"], qf("context")))])
jm = int(np.argmax(f["W"][2]))
s = rnd(a["W"][2][jm], 4)
SLIP = s[:-2] + s[-1] + s[-2]
assert SLIP != s
d.note = (f"planted slip: the closing markdown sentence restates the weight okuyorum -> {toks[jm]} as {SLIP} instead of "
          f"{s} (last two digits swapped), against the tf.Tensor and the DataFrame above. Nothing is computed from it.")
nb.md([R(f"*okuyorum* kelimesi en çok *{toks[jm]}* kelimesine bakıyor (ağırlık {SLIP}).",
         [(SLIP, f"weights[okuyorum,{toks[jm]}]", "wrong")])])
nb.save()
