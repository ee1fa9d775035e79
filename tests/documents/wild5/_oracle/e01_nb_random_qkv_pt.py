"""Portuguese (Brazilian) PyTorch notebook, nbformat 4: Q, K, V are X times random weights that are never printed;
Q, K, V are printed with torch.set_printoptions(precision=3), then the scaled scores, the softmax weights and the
output, which torch computed from the unrounded Q, K, V (so they need not follow exactly from the printed givens)."""
from pathlib import Path

import numpy as np

from w5lib import *

Xs = [["0.21", "-0.63", "0.88", "0.10"], ["0.75", "0.34", "-0.12", "-0.47"], ["-0.40", "0.92", "0.56", "0.31"]]
toks = ["o", "gato", "dorme"]


def hidden(seed):
    g = np.random.default_rng(seed)
    return [[[f"{v:.8f}" for v in row] for row in (g.standard_normal((4, 3)) * 0.6)] for _ in range(3)]


for seed in range(100):
    Ws = hidden(seed)
    X = M(Xs)
    Q, K, V = (matmul(X, M(w)) for w in Ws)
    S, Sc, E, sums, W, O = attention(Q, K, V)
    try:
        for A in (Q, K, V, Sc, W, O):
            torch_block(A, 3)
            assert all(abs(v) > mpf("0.012") for r in A for v in r)
        break
    except (ValueError, AssertionError):
        continue
Xn = np.array(Xs, float)
Qn, Kn, Vn = (Xn @ np.array(w, float) for w in Ws)
Sn = Qn @ Kn.T / np.sqrt(3)
Wn = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
check64(Sc, Sn); check64(W, Wn); check64(O, Wn @ Vn)

d = Doc("nb-pesos-aleatorios-pt", "ipynb",
        "Brazilian Portuguese Jupyter notebook (PyTorch, nbformat 4 with outputs): X is printed, the projection weights "
        "come from torch.randn and are never printed; Q, K, V are printed with torch.set_printoptions(precision=3) "
        "(givens, rounded), then scores / sqrt(d_k), softmax weights and the output, all computed by torch from the "
        "unrounded Q, K, V; a markdown cell restates two weights and one output entry",
        "softmax(Q K^T / sqrt(3)) V with Q, K, V given (printed rounded to 3 decimals)",
        script=Path(__file__).name, givens_rounded=True,
        note="every printed result is the rounding of the value computed from the full-precision Q, K, V (here: X times "
             "hidden 8-decimal weights); recomputing from the printed 3-decimal Q, K, V can move the last digit. Lines "
             "are lines of the .ipynb JSON file, cell is the 0-based cell index")
nb = Notebook(d)


def tensor_lines(A, qty, label=None, claim=True):
    out = []
    for i, line in enumerate(torch_block(A, 3)):
        cells = [fmt(v, 3, guard=2e-6) for v in A[i]]
        cl = [(c, f"{qty}[{toks[i]}][{j + 1}]", "correct") for j, c in enumerate(cells)] if claim else []
        out.append(L(line, claims=cl))
    return out


nb.md(["# Autoatenção com pesos aleatórios",
       "",
       "Nesta aula a gente não escolhe $W_Q$, $W_K$, $W_V$ na mão: eles saem de `torch.randn`, como numa camada recém-criada. "
       "O objetivo é só seguir as contas de $\\mathrm{softmax}(QK^\\top/\\sqrt{d_k})\\,V$ para a frase *o gato dorme*."])
nb.code(["import torch",
         L("torch.manual_seed(42)", nots=["42"]),
         L("torch.set_printoptions(precision=3)", nots=["3"])])
nb.md(["## Entrada", "",
       L("Cada token vira um vetor de dimensão 4 (inventado, só para a aula). Projetamos para $d_k = 3$.", nots=["4", "3"])])
nb.code(["X = torch.tensor(["] +
        [f"    [{', '.join(r)}],   # {t}" for r, t in zip(Xs, toks)] +
        ["])",
         L("d_model, d_k = X.shape[1], 3", nots=["3"]),
         "X.shape"],
        result=[L("torch.Size([3, 4])", nots=["3", "4"])])
nb.md(["## Projeções", "", "Os pesos ficam escondidos de propósito: o que importa é o que sai deles."])
nb.code(["W_q = torch.randn(d_model, d_k) * 0.6", "W_k = torch.randn(d_model, d_k) * 0.6",
         "W_v = torch.randn(d_model, d_k) * 0.6", "", "Q = X @ W_q", "K = X @ W_k", "V = X @ W_v",
         'print("Q =")', "print(Q)", 'print("K =")', "print(K)", 'print("V =")', "print(V)"],
        stdout=["Q ="] + tensor_lines(Q, "Q", claim=False) + ["K ="] + tensor_lines(K, "K", claim=False)
               + ["V ="] + tensor_lines(V, "V", claim=False))
nb.md(["## Scores", "", "Produto escalar de cada query com cada key, dividido por $\\sqrt{d_k}$."])
nb.code(["scores = Q @ K.T / d_k ** 0.5", "scores"], result=tensor_lines(Sc, "scaled"))
nb.md(["## Softmax", "", "Cada linha vira uma distribuição (soma 1)."])
nb.code(["attn = torch.softmax(scores, dim=-1)", "attn"], result=tensor_lines(W, "weights"))
nb.code(["out = attn @ V", "out"], result=tensor_lines(O, "context"))
w11, w12 = fmt(W[1][1], 3, 2e-6), fmt(W[1][2], 3, 2e-6)
nb.md(["## O que observar", "",
       L(f"- A linha de *gato* dá peso {w11} a ele mesmo e {w12} a *dorme*.",
         claims=[(w11, "weights[gato,gato]", "correct"), (w12, "weights[gato,dorme]", "correct")]),
       L(f"- A primeira coordenada da saída de *o* é {fmt(O[0][0], 3, 2e-6)}.",
         claims=[(fmt(O[0][0], 3, 2e-6), "context[o][1]", "correct")]),
       L("- Se você refizer as contas com os valores impressos (3 casas), a última casa pode mudar: o tensor guarda "
         "uns 7 dígitos e a impressão mostra só 3.", nots=["3", "7", "3"])])
nb.code(["out.shape"], result=[L("torch.Size([3, 3])", nots=["3", "3"])])
nb.save()
