"""Spanish Kaggle notebook (kaggle metadata, the template's first cell): nn.MultiheadAttention(4, 2, bias=False,
batch_first=True) with its in_proj_weight and out_proj.weight copied from W_q, W_k, W_v, W_o (written x @ W, so
transposed into the module), a causal float mask built with triu(-inf) and printed in torch's int layout, the
output [1, 3, 4] and the weights averaged over the two heads [1, 3, 3], then average_attn_weights=False as a
[1, 2, 3, 3] tensor; a markdown check of one averaged weight. Exact rounding, no slip."""
from pathlib import Path

from w19lib import *

toks = ["▁el", "▁gato", "▁come"]
Xs = [["0.8", "-0.2", "0.4", "0.6"], ["0.1", "0.9", "-0.5", "0.3"], ["0.7", "0.4", "0.2", "-0.6"]]
Wqs = [["0.2", "0.5", "-0.3", "0.4"], ["0.6", "-0.1", "0.2", "0.3"], ["0.1", "0.4", "0.7", "-0.2"],
       ["-0.4", "0.3", "0.1", "0.5"]]
Wks = [["0.4", "-0.2", "0.3", "0.1"], ["0.1", "0.5", "-0.4", "0.6"], ["0.3", "0.2", "0.5", "0.4"],
       ["0.6", "0.1", "-0.2", "0.3"]]
Wvs = [["0.5", "0.3", "0.1", "-0.2"], ["-0.3", "0.6", "0.4", "0.2"], ["0.2", "-0.1", "0.6", "0.5"],
       ["0.4", "0.2", "-0.3", "0.7"]]
Wos = [["0.3", "-0.2", "0.5", "0.1"], ["0.1", "0.6", "-0.1", "0.4"], ["-0.4", "0.2", "0.3", "0.6"],
       ["0.5", "0.1", "0.2", "-0.3"]]
m = mha(Xs, Wqs, Wks, Wvs, Wos, heads=2, causal=True)
H, out, avg = m["H"], m["out"], m["avg"]
n = 3

d = Doc("kaggle-nnmha-es", "ipynb",
        "Spanish Kaggle notebook: nn.MultiheadAttention(4, 2, bias=False, batch_first=True) with copied weights and "
        "a causal -inf float mask over ▁el, ▁gato, ▁come; attn_output [1, 3, 4], weights averaged over the heads "
        "[1, 3, 3] and per head [1, 2, 3, 3]; one averaged weight checked in markdown",
        "two-head causal attention, one projection each for Q, K, V (4 -> 4, split into heads of 2), concat, W_O, "
        "scaled by sqrt(2); nn.MultiheadAttention's averaged weights",
        script=Path(__file__).name)
nb = Notebook(d, nb_meta("kaggle"))
nb.code(["# Entorno de Kaggle: Python 3 con numpy, pandas y torch ya instalados.",
         "# Los datos de entrada estarían en /kaggle/input (este cuaderno no usa ninguno).", "import os",
         "for dirname, _, filenames in os.walk('/kaggle/input'):", "    for filename in filenames:",
         "        print(os.path.join(dirname, filename))"])
nb.md(["# Atención multi-cabeza causal con `nn.MultiheadAttention`", "",
       "En el cuaderno anterior hicimos la atención de **una** cabeza a mano. Ahora usamos el módulo de PyTorch con "
       "**dos cabezas** y comprobamos qué devuelve exactamente. Ojo: por defecto el segundo valor que devuelve son "
       "los pesos **promediados sobre las cabezas**.", "",
       L("Frase: *el gato come*, tokenizada con SentencePiece en 3 piezas. d_model = 4, 2 cabezas de tamaño 2.",
         nots=["3", "4", "2"])])
nb.code(["import torch", "import torch.nn as nn", "torch.set_printoptions(precision=4)", "print(torch.__version__)"],
        stdout=[L("2.4.0", nots=["2.4"])])
src = ["tokens = [\"▁el\", \"▁gato\", \"▁come\"]", "x = torch.tensor([["]
for t, r in zip(toks, Xs):
    src.append("    [" + ", ".join(f"{v:>4}" for v in r) + "],   # " + t)
src += ["]])                      # (batch, seq, d_model) = (1, 3, 4)", "", "# pesos escritos como x @ W (filas = entrada)"]
for nm, M in (("W_q", Wqs), ("W_k", Wks), ("W_v", Wvs), ("W_o", Wos)):
    src.append(f"{nm} = torch.tensor([" + ", ".join("[" + ", ".join(r) + "]" for r in M) + "])")
nb.code(src)
nb.md(["`nn.MultiheadAttention` guarda Q, K y V apilados en `in_proj_weight` con forma (3·d_model, d_model) y "
       "calcula `x @ W.T`, así que hay que **transponer** nuestras matrices al copiarlas."])
nb.code(["mha = nn.MultiheadAttention(embed_dim=4, num_heads=2, bias=False, batch_first=True)", "with torch.no_grad():",
         "    mha.in_proj_weight.copy_(torch.cat([W_q.T, W_k.T, W_v.T], dim=0))",
         "    mha.out_proj.weight.copy_(W_o.T)", "print(mha.in_proj_weight.shape, mha.out_proj.weight.shape)"],
        stdout=[L("torch.Size([12, 4]) torch.Size([4, 4])", nots=["12", "4"])])
nb.md(["## Máscara causal", "", "Una máscara *float* se **suma** a las puntuaciones: 0 deja pasar, −inf bloquea."])
nb.code(["mask = torch.triu(torch.full((3, 3), float('-inf')), diagonal=1)", "mask"],
        result=["tensor([[0., -inf, -inf],", "        [0., 0., -inf],", "        [0., 0., 0.]])"])
nb.code(["with torch.no_grad():", "    out, w = mha(x, x, x, attn_mask=mask)", "print(out.shape, w.shape)"],
        stdout=[L("torch.Size([1, 3, 4]) torch.Size([1, 3, 3])", nots=["1", "3", "4"])])
ln, ce = torch_nd([out])
nb.code(["out"], result=t_items(ln, ce, lambda i: (f"L1.attn.out[{toks[i[1]]}][{i[2] + 1}]", "correct")))
ln, ce = torch_nd([avg])
nb.code(["w   # promedio de las 2 cabezas"],
        result=t_items(ln, ce, lambda i: (f"L1.attn.avg_weights[{toks[i[1]]},{toks[i[2]]}]", "correct"),
                       opt=lambda i: i[2] > i[1]))
nb.md(["## Pesos de cada cabeza", "", "Con `average_attn_weights=False` obtenemos un tensor (1, 2, 3, 3): "
       "lote, cabeza, consulta, clave."])
ln, ce = torch_nd([[H[0]["W"], H[1]["W"]]])
nb.code(["with torch.no_grad():", "    _, w_h = mha(x, x, x, attn_mask=mask, average_attn_weights=False)", "w_h"],
        result=t_items(ln, ce, lambda i: (f"L1.attn.h{i[1] + 1}.weights[{toks[i[2]]},{toks[i[3]]}]", "correct"),
                       opt=lambda i: i[3] > i[2]))
w0 = [rnd(H[k]["W"][2][1], 4, 3e-7) for k in range(2)]
s = rnd(avg[2][1], 4, 3e-7)
nb.md(["Comprobación a mano de un peso promediado (consulta *▁come*, clave *▁gato*):", "",
       L(f"$({w0[0]} + {w0[1]}) / 2 = {s}$", claims=[(s, "L1.attn.avg_weights[▁come,▁gato]", "correct")],
         opts=w0 + ["2"]), "",
       "La primera fila vale 1 en las dos cabezas: *▁el* solo puede mirarse a sí mismo."])
nb.save()
