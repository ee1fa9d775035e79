"""Brazilian Portuguese Colab notebook (nbformat 4, Colab metadata), TensorFlow: `print(t)` of tf.Tensor under
np.set_printoptions(precision=4, suppress=True) -> 'tf.Tensor(\\n[[...]], shape=(4, 2), dtype=float32)'; causal
self-attention with Wq/Wk/Wv 3 -> 2 over 4 tokens. Full of filler the reader must leave alone: the paper's settings
(d_model = 512, d_k = 64, batch_size = 1), shapes (4x5000, (1, 4, 512)), illustrative rows in prose ("camada 10:
[156.7, -234.1, ...]"), references [1] [2], and the row sums printed as tf.Tensor([1. 1. 1. 1.]) and 1.000000.
Exact rounding."""
from pathlib import Path

from w9lib import *

toks = ["eu", "gosto", "de", "café"]
Xs = [["0.3", "0.8", "0.1"], ["0.6", "0.2", "0.9"], ["0.1", "0.5", "0.4"], ["0.7", "0.6", "0.2"]]
Wqs = [["0.5", "0.1"], ["-0.2", "0.7"], ["0.4", "0.3"]]
Wks = [["0.2", "0.6"], ["0.8", "-0.1"], ["0.3", "0.5"]]
Wvs = [["0.6", "0.3"], ["0.1", "0.9"], ["0.7", "-0.2"]]
X, Wq, Wk, Wv = map(mat, (Xs, Wqs, Wks, Wvs))
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
S, Sc, E, Z, W, C = sdpa(Q, K, V, causal=True)
n = 4
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(M, float) for M in (Wqs, Wks, Wvs))
Sn = Qn @ Kn.T / np.sqrt(2); Sn[np.triu_indices(n, 1)] = -np.inf
Wn = np_softmax(Sn); Cn = Wn @ Vn
agree(W, Wn); agree(C, Cn)

d = Doc("colab-tf-filler-pt", "ipynb",
        "Brazilian Portuguese Colab notebook, TensorFlow: tf.Tensor prints at precision 4; causal attention with "
        "Wq/Wk/Wv 3 -> 2 over 4 tokens; filler everywhere (paper settings, shapes 4x5000, illustrative rows in "
        "prose, references [1], row sums printed as tf.Tensor([1. 1. 1. 1.]) and 1.000000)",
        "causal attention with Wq, Wk, Wv (3 -> 2), scaled by sqrt(2), over eu, gosto, de, café",
        script=Path(__file__).name)
nb = Notebook(d, {"colab": {"provenance": [], "toc_visible": True},
                  "kernelspec": {"display_name": "Python 3", "name": "python3"},
                  "language_info": {"name": "python"}, "accelerator": "GPU"})
nb.md(["# Atenção causal em TensorFlow, passo a passo",
       "",
       L("No artigo original [1] o modelo usa `d_model = 512`, `h = 8` e `d_k = 64`; o treino do modelo base levou "
         "12 horas em 8 GPUs P100.", nots=["[1]", "512", "8", "64", "12", "8", "100"]),
       "",
       L("Se você imprimir os estados ocultos de um modelo de verdade vai ver coisas como camada 10: "
         "[156.7, -234.1, 88.0, …] e camada 11: [-12.5, 301.2, …]. Nada disso é calculado aqui, é só para dar escala.",
         nots=["10", "156.7", "-234.1", "88.0", "11", "-12.5", "301.2"]),
       "",
       L("Aqui a frase é *eu gosto de café*: 4 tokens, 3 dimensões, `batch_size = 1`.", nots=["4", "3", "1"])])
nb.code(["import numpy as np", "import tensorflow as tf", "np.set_printoptions(precision=4, suppress=True)",
         "print(tf.__version__)"], stdout=[L("2.15.0", nots=["2.15"])])
src = ["X = tf.constant([",
       *[f"    [{', '.join(r)}],  # {t}" for r, t in zip(Xs, toks)],
       "], dtype=tf.float32)"]
for nm, M in (("Wq", Wqs), ("Wk", Wks), ("Wv", Wvs)):
    src.append(f"{nm} = tf.constant([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])")
src += ["", "Q = X @ Wq", "K = X @ Wk", "V = X @ Wv", "print(Q)", "print(K)", "print(V)"]
out = []
for nm, M in (("Q", Q), ("K", K), ("V", V)):
    lines, cells = tf_print([[float(v) for v in r] for r in M], M)
    out.append(L(lines[0]))
    for i, l in enumerate(lines[1:]):
        out.append(L(l, [(cells[i][m], f"{nm}[{toks[i]}][{m + 1}]", "correct") for m in range(2)],
                     nots=["4", "2", "32"] if i == n - 1 else []))
nb.code(src, stdout=out)
nb.md([L("Num modelo real `X` teria forma (1, 4, 512) e o vocabulário daria logits 4x5000; aqui fica tudo em "
         "miniatura.", nots=["1", "4", "512", "4x5000"])])
lines, cells = tf_print([[float(v) for v in r] for r in S], S)
out = [L(lines[0])] + [L(l, [(cells[i][j], f"scores[{toks[i]},{toks[j]}]", "correct") for j in range(n)],
                         nots=["4", "32"] if i == n - 1 else []) for i, l in enumerate(lines[1:])]
nb.code(["scores = tf.matmul(Q, K, transpose_b=True)", "print(scores)"], stdout=out)
nb.md([L("Máscara causal (triângulo superior com -1e9) e escala por $\\sqrt{d_k} = \\sqrt{2}$ [2]:",
         nots=["-1e9", "2", "[2]"])])
lines, cells = tf_print([[float(v) for v in r] for r in W], W)
out = [L(lines[0])] + [L(l, [(cells[i][j], f"weights[{toks[i]},{toks[j]}]", "correct") for j in range(n)],
                         nots=["4", "32"] if i == n - 1 else []) for i, l in enumerate(lines[1:])]
s_lines = tf_print([1.0] * n, [mpf(1)] * n)[0]
assert s_lines == ["tf.Tensor([1. 1. 1. 1.], shape=(4,), dtype=float32)"], s_lines
out.append(L(s_lines[0], nots=["1.", "4", "32"]))
out.append(L("soma da linha 'café': 1.000000", nots=["1.000000"]))
nb.code(["d_k = 2", "mask = 1.0 - tf.linalg.band_part(tf.ones((4, 4)), -1, 0)",
         "scaled = scores / tf.sqrt(float(d_k)) + mask * -1e9", "weights = tf.nn.softmax(scaled, axis=-1)",
         "print(weights)", "print(tf.reduce_sum(weights, axis=-1))",
         "print(f\"soma da linha 'café': {float(tf.reduce_sum(weights[3])):.6f}\")"], stdout=out)
jm = max(range(n), key=lambda j: W[3][j])
nb.md([L(f"A última linha (*café*) é a única que vê a frase inteira; o maior peso vai para *{toks[jm]}* "
         f"({rnd(W[3][jm], 4)}).", [(rnd(W[3][jm], 4), f"weights[café,{toks[jm]}]", "correct")])])
lines, cells = tf_print([[float(v) for v in r] for r in C], C)
out = [L(lines[0])] + [L(l, [(cells[i][m], f"context[{toks[i]}][{m + 1}]", "correct") for m in range(2)],
                         nots=["4", "2", "32"] if i == n - 1 else []) for i, l in enumerate(lines[1:])]
nb.code(["saida = weights @ V", "print(saida)"], stdout=out)
nb.md(["### Referências", "",
       L("[1] Vaswani et al., *Attention Is All You Need*, NeurIPS 2017.", nots=["[1]", "2017"]),
       L("[2] Documentação do TensorFlow, `tf.nn.softmax` (acesso em 05/03/2024).", nots=["[2]", "05", "03", "2024"])])
nb.save()
