"""German Jupyter notebook (nbformat 4, PyTorch): scores, softmax weights and output by hand with tensors, then
F.scaled_dot_product_attention (plain and is_causal=True) printing the same numbers; a markdown cell recomputes one
causal row with e^x. Printed torch tensors use torch's 4-decimal fixed format; every value keeps 2e-6 from a tie so
float32 prints the same digits."""
from pathlib import Path

import numpy as np

from w3lib import *

Qs = [["0.8", "-0.3"], ["0.1", "0.9"], ["-0.5", "0.4"]]
Ks = [["0.6", "0.3"], ["-0.4", "0.7"], ["0.2", "-0.8"]]
Vs = [["1.0", "0.6"], ["-0.3", "0.8"], ["0.4", "-0.6"]]
Q, K, Vm = V(Qs), V(Ks), V(Vs)
r2 = mpmath.sqrt(2)
S = [[dot(Q[i], K[j]) / r2 for j in range(3)] for i in range(3)]
A = [softmax(row) for row in S]
O = mm(A, Vm)
Ac = [softmax([S[i][j] if j <= i else None for j in range(3)]) for i in range(3)]
Oc = mm(Ac, Vm)
Qn, Kn, Vn = (np.array(x, np.float32) for x in (Qs, Ks, Vs))
Sn = Qn @ Kn.T / np.float32(np.sqrt(2)); An = np.exp(Sn) / np.exp(Sn).sum(1, keepdims=True)
np_same(A, An, 1e-6); np_same(O, An @ Vn, 1e-6)
G = "2e-6"


def tfmt(Mx, name, optional=lambda i, j: False):
    """torch repr lines of a 2-D tensor (precision 4, fixed) with claims per line"""
    vals = [[r(v, 4, G) for v in row] for row in Mx]
    nz = [abs(v) for row in Mx for v in row if v != 0]
    assert max(nz) / min(nz) < 1000
    w = max(len(s) for row in vals for s in row)
    lines = []
    for i, row in enumerate(vals):
        body = ", ".join(s.rjust(w) for s in row)
        pre = "tensor([[" if i == 0 else "        ["
        post = "]])" if i == len(vals) - 1 else "],"
        lines.append((pre + body + post, [(s, f"{name}[{i}][{j}]", "correct") for j, s in enumerate(row) if not optional(i, j)],
                      (), [s for j, s in enumerate(row) if optional(i, j)]))
    return lines


d = Doc("nb-sdpa-de", "ipynb",
        "German Jupyter notebook (nbformat 4) with PyTorch: Q, K, V typed in as tensors, scores = Q @ K.T / sqrt(2), "
        "softmax, weights @ V, then F.scaled_dot_product_attention plain and with is_causal=True, a masked_fill causal "
        "check, and a markdown cell redoing one causal row with e^x; torch 4-decimal tensor prints, version strings "
        "and allclose/True outputs as filler",
        "softmax(QK^T/sqrt(2))V and its causal variant; Q, K, V given", "exact", gen=Path(__file__).name)
nb = Notebook(d, language_info={"name": "python", "version": "3.10.12"})
nb.md(["# Scaled Dot-Product Attention nachgerechnet", "",
       ("Kleines Beispiel mit 3 Tokens und $d_k = 2$. Ich rechne zuerst alles \"zu Fuß\" mit Tensor-Operationen und vergleiche "
        "dann mit `F.scaled_dot_product_attention` (ab PyTorch 2.0).", (), ["3", "2", "2.0"])])
nb.code(["import math", "import torch", "import torch.nn.functional as F", "", "print(torch.__version__)"],
        stdout=[("2.3.1+cu121", (), ["2.3"])])
nb.code(["# Q, K, V direkt vorgegeben (keine Projektionen)",
         f"Q = torch.tensor([[{Qs[0][0]}, {Qs[0][1]}], [{Qs[1][0]}, {Qs[1][1]}], [{Qs[2][0]}, {Qs[2][1]}]])",
         f"K = torch.tensor([[{Ks[0][0]}, {Ks[0][1]}], [{Ks[1][0]}, {Ks[1][1]}], [{Ks[2][0]}, {Ks[2][1]}]])",
         f"V = torch.tensor([[{Vs[0][0]}, {Vs[0][1]}], [{Vs[1][0]}, {Vs[1][1]}], [{Vs[2][0]}, {Vs[2][1]}]])",
         "Q.shape, K.shape, V.shape"],
        result=[("(torch.Size([3, 2]), torch.Size([3, 2]), torch.Size([3, 2]))", (), ["3", "2", "3", "2", "3", "2"])])
nb.md(["## Schritt 1: Scores", "", "$S = QK^T / \\sqrt{d_k}$"])
nb.code(["d_k = Q.size(-1)", "scores = Q @ K.T / math.sqrt(d_k)", "scores"], result=tfmt(S, "S/sqrt2"))
nb.md(["## Schritt 2: Softmax pro Zeile"])
nb.code(["weights = torch.softmax(scores, dim=-1)", "weights"], result=tfmt(A, "A"))
nb.code(["weights.sum(dim=-1)  # Kontrolle"], result=[("tensor([1.0000, 1.0000, 1.0000])", (), ["1.0000", "1.0000", "1.0000"])])
nb.md(["## Schritt 3: gewichtete Summe der Values"])
nb.code(["out = weights @ V", "out"], result=tfmt(O, "O"))
nb.md(["## Vergleich mit der eingebauten Funktion", "",
       "`F.scaled_dot_product_attention` erwartet eigentlich `(batch, heads, seq, d)`, funktioniert aber auch mit 2-D-Tensoren."])
nb.code(["out_sdpa = F.scaled_dot_product_attention(Q, K, V)", "print(out_sdpa)", "print(torch.allclose(out, out_sdpa, atol=1e-6))"],
        stdout=tfmt(O, "O (sdpa)") + ["True"])
nb.md(["## Kausale Maske", "", ("Mit `is_causal=True` darf Token $i$ nur auf Tokens $j \\le i$ schauen.", (), ())])
nb.code(["out_causal = F.scaled_dot_product_attention(Q, K, V, is_causal=True)", "out_causal"], result=tfmt(Oc, "O causal"))
nb.code(["mask = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)",
         "w_causal = scores.masked_fill(mask, float('-inf')).softmax(dim=-1)", "w_causal"], result=tfmt(Ac, "A causal", optional=lambda i, j: j > i or i == 0))
e0, e1 = mpmath.exp(S[1][0]), mpmath.exp(S[1][1])
nb.md(["### Zeile 2 von Hand", "",
       (f"Die Scores von Token 2 sind ${r(S[1][0], 4, G)}$ und ${r(S[1][1], 4, G)}$ (der dritte ist maskiert).",
        [(r(S[1][0], 4, G), "S/sqrt2[1][0] (restated)", "correct"), (r(S[1][1], 4, G), "S/sqrt2[1][1] (restated)", "correct")], ["2"]),
       "",
       (f"$e^{{{r(S[1][0], 4, G)}}} = {r(e0, 4, G)}$, $e^{{{r(S[1][1], 4, G)}}} = {r(e1, 4, G)}$, Summe ${r(e0 + e1, 4, G)}$.",
        [(r(e0, 4, G), "exp(S[1][0])", "correct"), (r(e1, 4, G), "exp(S[1][1])", "correct"), (r(e0 + e1, 4, G), "sum", "correct")],
        (), [r(S[1][0], 4, G), r(S[1][1], 4, G)]),
       "",
       (f"Gewichte: ${r(e0, 4, G)} / {r(e0 + e1, 4, G)} = {r(Ac[1][0], 4, G)}$ und ${r(e1, 4, G)} / {r(e0 + e1, 4, G)} = {r(Ac[1][1], 4, G)}$ ✔ passt zur Ausgabe oben.",
        [(r(Ac[1][0], 4, G), "A causal[1][0]", "correct"), (r(Ac[1][1], 4, G), "A causal[1][1]", "correct")], (),
        [r(e0, 4, G), r(e0 + e1, 4, G), r(e1, 4, G), r(e0 + e1, 4, G)])])
d.write_ = None
nb.write()
