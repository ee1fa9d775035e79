"""Brazilian Portuguese Jupyter notebook (nbformat 4), NumPy: X and the weights typed in code cells; one attention head
(Wq/Wk/Wv 4 -> 2, scaled by sqrt(2)) over 3 tokens, then a position-wise FFN 2 -> 3 (ReLU) -> 1 with a sigmoid, i.e.
one score per token. Every array is printed with print(np.round(A, 4)), numpy's own str (trailing zeros trimmed,
columns padded); each printed token is checked against the exact value. The ReLU zeros are claims. No slip."""
from pathlib import Path

from w8lib import *

toks = ["gostei", "do", "filme"]
Xs = [["0.9", "-0.3", "0.5", "0.2"], ["0.1", "0.6", "-0.4", "0.8"], ["-0.6", "0.4", "0.7", "0.3"]]
Wqs = [["0.5", "-0.2"], ["0.1", "0.7"], ["-0.4", "0.3"], ["0.6", "0.2"]]
Wks = [["0.3", "0.4"], ["-0.5", "0.1"], ["0.2", "0.6"], ["0.1", "-0.3"]]
Wvs = [["0.7", "0.1"], ["0.2", "-0.6"], ["-0.3", "0.5"], ["0.4", "0.8"]]
W1s = [["0.8", "-0.5", "0.3"], ["0.2", "0.9", "-0.7"]]
b1s = ["0.1", "-0.2", "0.05"]
W2s = [["1.2"], ["-0.8"], ["0.6"]]
b2s = ["-0.1"]
X, Wq, Wk, Wv, W1, W2 = (mat(m) for m in (Xs, Wqs, Wks, Wvs, W1s, W2s))
b1, b2 = mat(b1s), mat(b2s)
Q, K, V = mm(X, Wq), mm(X, Wk), mm(X, Wv)
S, Sc, E, Z, Wt, O = sdpa(Q, K, V)
Hp = [[v + b1[k] for k, v in enumerate(r)] for r in mm(O, W1)]
H = [[max(v, mpf(0)) for v in r] for r in Hp]
G = [[v + b2[0] for v in r] for r in mm(H, W2)]
P = [[sigmoid(v) for v in r] for r in G]
assert any(v == 0 for r in H for v in r)
n = lambda m: np.array(m, float)
Qn, Kn, Vn = n(Xs) @ n(Wqs), n(Xs) @ n(Wks), n(Xs) @ n(Wvs)
Sn = Qn @ Kn.T / np.sqrt(2); An = np_softmax(Sn); On = An @ Vn
Hpn = On @ n(W1s) + n(b1s); Hn = np.maximum(Hpn, 0); Gn = Hn @ n(W2s) + n(b2s); Pn = 1 / (1 + np.exp(-Gn))
for a, b_ in ((Q, Qn), (Sc, Sn), (Wt, An), (O, On), (Hp, Hpn), (G, Gn), (P, Pn)):
    agree(a, b_)

d = Doc("nb-atencao-ffn-pt", "ipynb",
        "Brazilian Portuguese Jupyter notebook (nbformat 4), NumPy, print(np.round(A, 4)) outputs: one attention head "
        "(Wq/Wk/Wv 4->2, /sqrt(2)) over 3 tokens, then a per-token FFN 2->3 ReLU ->1 and a sigmoid (one score per "
        "token); Q, K, V, scores, weights, outputs, pre-activations, ReLU, logits and scores printed, a prose "
        "restatement",
        "attention with Wq, Wk, Wv (scaled by sqrt(2)), then per position h = ReLU(z W1 + b1), score = sigmoid(h W2 + b2)",
        script=Path(__file__).name)
nb = Notebook(d, {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                  "language_info": {"name": "python", "version": "3.10.12"}})


def show(expr, floats, exact, q, cols=None):
    lines, vals = np_print(np.round(floats, 4), exact, mode="str")
    items = []
    for i, ln in enumerate(lines):
        items.append(L(ln, claims=[(vals[i][j], q(i, j), "correct") for j in range(len(vals[i]))]))
    return items


nb.md(["# Atenção + FFN com uma saída: uma pontuação por token",
       "",
       "Neste notebook eu sigo um exemplo minúsculo do começo ao fim: a frase *gostei do filme*, uma cabeça de atenção "
       "e depois uma rede feed-forward aplicada a cada posição, que termina em **um único neurônio com sigmoide**. "
       "O resultado é um número entre 0 e 1 por token (por exemplo, \"quanto este token puxa o sentimento para "
       "positivo\").",
       "",
       L("Todos os arrays são impressos com `np.round(..., 4)`.", nots=["4"])])
nb.code(["import numpy as np", "",
         "X = np.array([", *[f"    [{', '.join(r)}],   # {t}" for r, t in zip(Xs, toks)], "])", "",
         "W_q = np.array([" + ", ".join(f"[{', '.join(r)}]" for r in Wqs) + "])",
         "W_k = np.array([" + ", ".join(f"[{', '.join(r)}]" for r in Wks) + "])",
         "W_v = np.array([" + ", ".join(f"[{', '.join(r)}]" for r in Wvs) + "])"])
nb.md(["## 1. Projeções Q, K, V"])
nb.code(["Q = X @ W_q", "K = X @ W_k", "V = X @ W_v", 'print("Q =")', "print(np.round(Q, 4))", 'print("K =")',
         "print(np.round(K, 4))", 'print("V =")', "print(np.round(V, 4))"],
        stdout=["Q ="] + show("Q", Qn, Q, lambda i, j: f"Q[{toks[i]}][{j + 1}]")
               + ["K ="] + show("K", Kn, K, lambda i, j: f"K[{toks[i]}][{j + 1}]")
               + ["V ="] + show("V", Vn, V, lambda i, j: f"V[{toks[i]}][{j + 1}]"))
nb.md(["## 2. Pontuações e softmax", "",
       L("Dividimos por $\\sqrt{d_k} = \\sqrt{2}$ antes do softmax (linha a linha).", nots=["2"])])
nb.code(["def softmax(a):", "    e = np.exp(a - a.max(axis=-1, keepdims=True))", "    return e / e.sum(axis=-1, keepdims=True)",
         "", L("S = Q @ K.T / np.sqrt(2)", nots=["2"]), "A = softmax(S)",
         "print(np.round(S, 4))", "print(np.round(A, 4))"],
        stdout=show("S", Sn, Sc, lambda i, j: f"scaled[{toks[i]},{toks[j]}]")
               + show("A", An, Wt, lambda i, j: f"weights[{toks[i]},{toks[j]}]"))
nb.code(["Z = A @ V", "print(np.round(Z, 4))"],
        stdout=show("Z", On, O, lambda i, j: f"context[{toks[i]}][{j + 1}]"))
nb.md(["## 3. FFN por posição, com saída única", "",
       L("Camada oculta de 3 neurônios com ReLU, depois um neurônio de saída com sigmoide:", nots=["3"]),
       "",
       "$$h = \\mathrm{ReLU}(z W_1 + b_1), \\qquad p = \\sigma(h W_2 + b_2)$$"])
nb.code(["W_1 = np.array([" + ", ".join(f"[{', '.join(r)}]" for r in W1s) + "])",
         f"b_1 = np.array([{', '.join(b1s)}])",
         "W_2 = np.array([" + ", ".join(f"[{', '.join(r)}]" for r in W2s) + "])",
         f"b_2 = np.array([{', '.join(b2s)}])", "",
         "H_pre = Z @ W_1 + b_1", "H = np.maximum(H_pre, 0)",
         'print("antes da ReLU:")', "print(np.round(H_pre, 4))", 'print("depois da ReLU:")', "print(np.round(H, 4))"],
        stdout=["antes da ReLU:"] + show("Hp", Hpn, Hp, lambda i, j: f"L1.hid.net[{toks[i]}][{j + 1}]")
               + ["depois da ReLU:"] + show("H", Hn, H, lambda i, j: f"L1.hid[{toks[i]}][{j + 1}]"))
nb.code(["logit = H @ W_2 + b_2", "p = 1 / (1 + np.exp(-logit))", "print(np.round(logit, 4))", "print(np.round(p, 4))"],
        stdout=show("G", Gn, G, lambda i, j: f"cls.net[{toks[i]}][1]")
               + show("P", Pn, P, lambda i, j: f"out[{toks[i]}][1]"))
ptxt = [rnd(P[i][0], 4) for i in range(3)]
zeros = [(toks[i], j + 1) for i in range(3) for j in range(3) if H[i][j] == 0]
best = max(range(3), key=lambda i: P[i][0])
nb.md(["## 4. Leitura", "",
       L(f"As três pontuações são {ptxt[0]} (*gostei*), {ptxt[1]} (*do*) e {ptxt[2]} (*filme*): depois da atenção, "
         f"*{toks[best]}* fica com a maior.",
         claims=[(ptxt[i], f"out[{toks[i]}][1]", "correct") for i in range(3)]),
       "",
       L(f"Repare que a ReLU zerou {len(zeros)} das 9 ativações ocultas; essas posições não contribuem para a saída.",
         nots=[str(len(zeros)), "9"]),
       "",
       "Com pesos aleatórios como estes os números não significam nada, claro; o que interessa é o caminho: "
       "X → Q, K, V → softmax → Z → FFN → sigmoide."])
nb.save()
